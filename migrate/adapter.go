package migrate

import (
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/gh-hooks/gh-hooks/claudecompat"
	"github.com/gh-hooks/gh-hooks/config"
	"github.com/gh-hooks/gh-hooks/internal/shellword"
)

// adapting reports whether any hook may be wrapped.
func (c *converter) adapting() bool {
	return c.opts.Adapter == AdapterAlways || c.opts.Adapter == AdapterAuto
}

// wrap decides whether the hook of Claude event ev runs behind the
// adapter (Options.Adapter). reads says whether its command or a script
// it starts reads the payload or a Claude variable (scanCommand).
func (c *converter) wrap(ev string, reads bool) bool {
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
		return reads
	}
	return true
}

// wrapCommand puts the adapter around a Claude command; failClosed (the
// hook can block: scan.blocks) makes its guard block when gh-hooks is
// missing.
//
// onFailure "block" (Claude Code 2.1.295, claude-hooks.md §9) is kept:
// the adapter blocks when the hook cannot start, crashes, exits with
// another code than 0 or 2, runs past deadline or answers what it cannot
// read whole, where a hook can block.
func (c *converter) wrapCommand(s *Source, ev, matcher, cmd string, failClosed bool, onFailure string, deadline time.Duration) (string, []string, []string) {
	w := claudecompat.Wrapped{Hook: claudecompat.Hook{Event: ev}, Binary: c.opts.AdapterBinary, Command: cmd, FailClosed: failClosed}
	switch {
	case onFailure != "":
		w.OnFailure, w.Deadline = onFailure, deadline
	case failClosed && claudecompat.CanBlockOn(ev):
		// A guard migrate marks fail-closed: its answer lost (it is
		// killed, runs past the deadline, its deny is cut) blocks (issue
		// 31). The deadline comes before Gemini's timeout, after which
		// Gemini would only warn and run the call.
		w.OnFailure, w.Deadline = claudecompat.OnFailureLost, deadline
	}
	if w.Binary == "" {
		w.Binary = "gh-hooks"
	}
	if claudeToolEvents(ev) && claudecompat.NeedsMatcher(matcher) {
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
	if failClosed {
		notes = append(notes, "fails closed: it can block, so where gh-hooks is not installed it blocks, naming gh-hooks and how to install it")
	}
	switch {
	case w.OnFailure == claudecompat.OnFailureLost:
		notes = append(notes, fmt.Sprintf("its answer lost blocks: the adapter blocks when the hook is killed, runs past %s (before Gemini's timeout, after which Gemini only warns) or answers a deny it cannot read whole; an exit 1 or a program sh cannot find (127) stays Claude's non-blocking error (onFailure \"block\" makes them block)", deadline))
	case onFailure == "" || !claudecompat.CanBlockOn(ev):
	default:
		notes = append(notes, fmt.Sprintf(`onFailure "block" kept: the adapter blocks when the hook cannot start, crashes, exits with another code than 0 or 2, runs past %s (before Gemini's timeout, after which Gemini only warns) or answers what it cannot read whole`, deadline))
	}
	if onFailure == "block" && !claudecompat.CanBlockOn(ev) {
		notes = append(notes, fmt.Sprintf(`onFailure "block" has nothing to block on %s`, ev))
	}
	for _, v := range claudeVars(cmd) {
		if !claudecompat.Variable(v, w.PluginRoot != "") {
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

// stopCommands maps the command of every Claude Stop handler of sources
// that Convert can migrate to where it is (path:line), for merging
// SubagentStop handlers with the same command into the one AfterAgent
// hook.
func stopCommands(sources []*Source) map[string]string {
	out := map[string]string{}
	eachHandler(sources, func(s *Source, ev string, hn *config.Node) {
		// A Stop hook with "if" is dropped (Claude never runs it).
		if cmd, ok := handlerCommand(hn); ok && ev == "Stop" && !hn.Has("if") && out[cmd] == "" {
			line, _ := s.Doc.PositionOf(hn.Pointer())
			out[cmd] = fmt.Sprintf("%s:%d", s.Path, line)
		}
	})
	return out
}

// claudecompatServes reports whether the adapter serves Claude event ev.
func claudecompatServes(ev string) bool {
	_, ok := claudecompat.GeminiEvent(ev)
	return ok
}

// deadline is how long the adapter lets a guard it fails closed for run
// (onFailure "block", or a guard migrate marks: OnFailureLost):
// a little less than the Gemini timeout migrate writes for it (Claude's,
// or Gemini's 60 s default when none is written), so that the adapter,
// not Gemini, stops it and can still answer with a block.
func (c *converter) deadline(ev string, hn *config.Node) time.Duration {
	secs, explicit := claudeDefaultTimeout(ev), false
	if tn := hn.Get("timeout"); tn != nil && tn.Kind == config.Number && tn.Num > 0 && !math.IsInf(tn.Num, 0) {
		secs, explicit = tn.Num, true
	}
	if !explicit && c.opts.OmitDefaultTimeout {
		secs = 60
	}
	t := time.Duration(math.Round(secs*1000)) * time.Millisecond
	return t - min(time.Second, t/10)
}
