package migrate

import (
	"fmt"
	"strings"

	"github.com/gh-hooks/gh-hooks/claudecompat"
	"github.com/gh-hooks/gh-hooks/internal/shellword"
)

// adapting reports whether any hook may be wrapped.
func (c *converter) adapting() bool {
	return c.opts.Adapter == AdapterAlways || c.opts.Adapter == AdapterAuto
}

// adapterVars are the Claude variables the adapter sets for the hook
// (claudecompat.Run; claude-hooks.md §1.5).
var adapterVars = map[string]bool{"CLAUDE_PROJECT_DIR": true, "CLAUDE_PLUGIN_ROOT": true, "CLAUDE_CODE_SESSION_ID": true}

// wrap decides whether the hook of Claude event ev with command cmd runs
// behind the adapter (Options.Adapter).
func (c *converter) wrap(ev, cmd string) bool {
	if _, ok := claudecompat.GeminiEvent(ev); !ok || !c.adapting() {
		return false
	}
	if c.opts.Adapter == AdapterAlways {
		return true
	}
	switch ev {
	case "Notification", "SessionEnd":
		// Neither Claude nor Gemini acts on these hooks' output or exit
		// status; only the payload and variables differ.
		return readsPayload(cmd)
	}
	return true
}

// readsPayload reports whether a command, as written, shows that it reads
// the hook's stdin or a Claude variable.
func readsPayload(cmd string) bool {
	if strings.Contains(cmd, "CLAUDE_") {
		return true
	}
	for _, w := range strings.FieldsFunc(cmd, func(r rune) bool { return strings.ContainsRune(" \\t|;&()<>", r) }) {
		switch w {
		case "jq", "cat", "read", "python", "python3", "node", "bun", "deno", "uv", "npx", "ruby", "perl", "sh", "bash", "zsh":
			return true
		}
		if strings.Contains(w, "/") || strings.HasSuffix(w, ".sh") || strings.HasSuffix(w, ".py") || strings.HasSuffix(w, ".js") || strings.HasSuffix(w, ".ts") {
			return true // a script: it may read anything
		}
	}
	return false
}

// wrapCommand puts the adapter around a Claude command.
func (c *converter) wrapCommand(s *Source, ev, matcher, cmd string) (string, []string, []string) {
	w := claudecompat.Wrapped{Hook: claudecompat.Hook{Event: ev}, Binary: c.opts.AdapterBinary, Command: cmd}
	if w.Binary == "" {
		w.Binary = "gh-hooks"
	}
	if claudeToolEvents[ev] && claudecompat.NeedsMatcher(matcher) {
		w.Matcher = matcher
	}
	switch {
	case s.Kind == KindPlugin && c.target.Kind == TargetExtension:
		// Gemini fills in ${extensionPath} when it loads hooks.json (spec §3.5).
		w.PluginRoot = `"${extensionPath}"`
	case s.Kind == KindPlugin && s.Dir != "":
		w.PluginRoot = shellword.Quote(s.Dir)
	}
	var changes, notes []string
	notes = append(notes, "runs behind gh-hooks claude-compat, which gives the hook Claude's payload and reads its exit code and output by Claude's rules")
	for _, v := range claudeVars(cmd) {
		if !adapterVars[v] && !(v == "CLAUDE_PLUGIN_ROOT" && w.PluginRoot != "") {
			changes = append(changes, "$"+v+" is not set by Claude or Gemini")
		}
	}
	if ev == "PreToolUse" && strings.Contains(cmd, "additionalContext") {
		changes = append(changes, "PreToolUse additionalContext is lost: Gemini gives BeforeTool hooks no way to add context for the model")
	}
	if ev == "PostToolUseFailure" {
		notes = append(notes, "PostToolUseFailure → AfterTool: the adapter runs the hook only after a tool that failed")
	}
	return claudecompat.Wrap(w), changes, notes
}

// stopCommands maps the command of every Claude Stop handler of sources to
// where it is (path:line), for merging SubagentStop handlers with the
// same command into the one AfterAgent hook.
func stopCommands(sources []*Source) map[string]string {
	out := map[string]string{}
	for _, s := range sources {
		h := s.hooks()
		if h == nil {
			continue
		}
		groups := h.Get("Stop")
		if groups == nil {
			continue
		}
		for _, g := range groups.Items {
			hs := g.Get("hooks")
			if hs == nil {
				continue
			}
			for _, hn := range hs.Items {
				if cmd := hn.Get("command"); cmd.IsString() && out[cmd.Str] == "" {
					line, _ := s.Doc.PositionOf(hn.Pointer())
					out[cmd.Str] = fmt.Sprintf("%s:%d", s.Path, line)
				}
			}
		}
	}
	return out
}
