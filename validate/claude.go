package validate

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/gh-hooks/gh-hooks/claudecompat"
	"github.com/gh-hooks/gh-hooks/config"
	"github.com/gh-hooks/gh-hooks/layers"
	"github.com/gh-hooks/gh-hooks/merge"
)

// CodeClaudeProtocol: a Gemini hook, not behind the adapter, whose
// command or script speaks Claude Code's protocol (issue 26 point 5).
const CodeClaudeProtocol = "claude-protocol"

// maxProtocolItems is how many places one claude-protocol problem names.
const maxProtocolItems = 3

// ClaudeProtocol is what in a hook's command, and in the scripts it
// starts, speaks Claude Code's protocol, which Gemini does not
// (claudecompat.UnderGemini), each as "where: what Gemini does", with the
// Claude event whose hooks run on h's event. Scripts are read as the
// effect checks read them (hookFiles: inside the project, or the folder
// of a user or system hook's settings file, through os.Root, regular
// files up to fingerprint.KeepMax; claudecompat.Scan reads MaxScanLines
// lines). A hook behind the adapter (gh-hooks claude-compat), a hook that
// is not a command and a hook of an event no Claude hook runs on give
// nothing.
func ClaudeProtocol(set *layers.Set, h *merge.Hook) (items []string, claudeEvent string) {
	return claudeProtocolOf(set, h, func(h *merge.Hook) ([]hookFile, bool) { return hookFiles(set, h, analyze(set, h), readUnder) })
}

// claudeProtocolOf is ClaudeProtocol taking the files h starts from files.
func claudeProtocolOf(set *layers.Set, h *merge.Hook, files func(*merge.Hook) ([]hookFile, bool)) (items []string, claudeEvent string) {
	claudeEvent = claudecompat.ClaudeEvent(h.Event)
	if claudeEvent == "" || h.Type != "command" && h.Type != "plugin" || strings.TrimSpace(h.Command) == "" {
		return nil, ""
	}
	if _, wrapped := claudecompat.Unwrap(h.ExpandedCommand); wrapped {
		return nil, ""
	}
	ch := claudecompat.Hook{Event: claudeEvent}
	for _, f := range claudecompat.ScanUnderGemini(h.Event, []byte(h.ExpandedCommand), claudecompat.LangShell, ch) {
		items = append(items, "the command: "+f.Note)
	}
	started, _ := files(h)
	for _, f := range started {
		lang := claudecompat.Language(f.path, f.data)
		if lang == "" {
			continue
		}
		shown := f.path
		if rel, err := filepath.Rel(set.Paths.ProjectDir, f.path); err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
			shown = "./" + filepath.ToSlash(rel)
		}
		for _, u := range claudecompat.ScanUnderGemini(h.Event, f.data, lang, ch) {
			items = append(items, fmt.Sprintf("%s:%d %s", shown, u.Line, u.Note))
		}
	}
	return items, claudeEvent
}

type protocolKey struct{ event, typ, command, env string }

type protocolFound struct {
	items []string
	ev    string
}

// claudeProtocol reports a hook whose command or scripts speak Claude's
// protocol, with the fix: the adapter.
func (c *checker) claudeProtocol(h *merge.Hook) {
	// Hooks share commands (a file of 10,000 copies of one hook read the
	// same script 10,000 times): what was found depends on the event, the
	// command and the env only.
	k := protocolKey{h.Event, h.Type, h.ExpandedCommand, envKey(h.Env)}
	r, ok := c.protocol[k]
	if !ok {
		r.items, r.ev = claudeProtocolOf(c.r.Set, h, c.hookFiles)
		c.protocol[k] = r
	}
	items, ev := r.items, r.ev
	if len(items) == 0 {
		return
	}
	c.add(h.Path, commandPointer(h), config.SevWarning, CodeClaudeProtocol, ClaudeProtocolMessage(items), ClaudeProtocolFix(ev, h.Command))
}

// ClaudeProtocolMessage says what ClaudeProtocol found, naming the first
// few places.
func ClaudeProtocolMessage(items []string) string {
	msg := "this hook speaks Claude Code's protocol, which Gemini does not, so under Gemini it does not do what it was written for: "
	if len(items) > maxProtocolItems {
		return msg + strings.Join(items[:maxProtocolItems], "; ") + fmt.Sprintf("; and %d more", len(items)-maxProtocolItems)
	}
	return msg + strings.Join(items, "; ")
}

// ClaudeProtocolFix is the fix for a hook of Gemini command cmd that
// speaks the protocol of Claude event ev.
func ClaudeProtocolFix(ev, cmd string) string {
	return "run it behind the adapter, which gives it Claude's payload and reads its answer by Claude's rules: make its command " +
		claudecompat.AdapterCommand(ev, cmd) + " (or, if it comes from a Claude settings file, migrate it with gh-hooks migrate, which does the same)"
}
