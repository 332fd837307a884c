package validate

import (
	"fmt"
	"strings"

	"github.com/gh-hooks/gh-hooks/config"
	"github.com/gh-hooks/gh-hooks/merge"
)

// runtimeVars are the names Gemini's runner replaces textually in the
// command before bash sees it (expandCommand, hookRunner.ts:513-532,
// spec §5.3). Only the bare $NAME form is replaced, as a prefix, by a
// shell-quoted value.
var runtimeVars = []string{"GEMINI_PROJECT_DIR", "GEMINI_CWD", "GEMINI_PLANS_DIR", "GEMINI_SESSION_ID", "CLAUDE_PROJECT_DIR"}

// projectVars are the runtime variables whose value is the project
// directory (the hook's cwd, spec §5.2).
var projectVars = []string{"GEMINI_PROJECT_DIR", "GEMINI_CWD", "CLAUDE_PROJECT_DIR"}

// command runs the command checks of a command (or plugin) hook.
func (c *checker) command(h *merge.Hook) {
	if h.Type != "command" && h.Type != "plugin" {
		return
	}
	raw := h.Raw.Get("command")
	if raw == nil || raw.Kind != config.String || raw.Str == "" {
		return
	}
	c.runtimeVarPitfalls(h, raw)
	c.script(h)
	c.programs(h)
	c.claudeProtocol(h)
}

// commandPointer is the pointer of h's command, built only for a problem.
func commandPointer(h *merge.Hook) string { return h.Pointer + "/command" }

// runtimeVarPitfalls finds $GEMINI_PROJECT_DIR (and friends) inside quotes
// and as the prefix of a longer name.
func (c *checker) runtimeVarPitfalls(h *merge.Hook, raw *config.Node) {
	s := raw.Str
	var quote byte // 0, '\'' or '"'
	for i := 0; i < len(s); i++ {
		ch := s[i]
		switch {
		case quote == '\'':
			if ch == '\'' {
				quote = 0
				continue
			}
		case ch == '\\':
			i++
			continue
		case ch == '"' && quote == '"':
			quote = 0
			continue
		case (ch == '"' || ch == '\'') && quote == 0:
			quote = ch
			continue
		}
		if ch != '$' {
			continue
		}
		name := ""
		for _, v := range runtimeVars {
			if strings.HasPrefix(s[i+1:], v) {
				name = v
			}
		}
		if name == "" || !strings.Contains(h.ExpandedCommand, "$"+name) {
			continue // not a runtime variable, or already expanded at load
		}
		end := i + 1 + len(name)
		off := c.stringOffset(h.Path, raw, i)
		switch {
		case end < len(s) && isWordByte(s[end]):
			longer := name
			for j := end; j < len(s) && isWordByte(s[j]); j++ {
				longer += string(s[j])
			}
			c.addAt(c.docs[h.Path], commandPointer(h), off, config.SevWarning, "runtime-var-prefix",
				fmt.Sprintf("Gemini replaces $%s textually before the shell runs, also as a prefix: $%s becomes the shell-quoted value of %s followed by %q, not the variable %s", name, longer, name, longer[len(name):], longer),
				fmt.Sprintf("write ${%s} for the variable %s, or ${%s}%s", longer, longer, name, longer[len(name):]))
		case quote != 0:
			q := string(quote)
			fixed := s[:i] + "${" + name + "}" + s[end:]
			c.addAt(c.docs[h.Path], commandPointer(h), off, config.SevWarning, "runtime-var-quoted",
				fmt.Sprintf("$%s is inside %s quotes: Gemini replaces it with a shell-quoted path before bash runs, so when the path contains spaces or special characters the quotes Gemini adds become literal and the path breaks", name, map[string]string{`"`: "double", "'": "single"}[q]),
				fmt.Sprintf("use the braced form, which Gemini leaves to the shell: %s", fixed))
		}
		i = end - 1
	}
}

func isWordByte(b byte) bool {
	return b == '_' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9'
}

// stringOffset returns the file offset of byte i of a string node's value
// when the literal has no escape sequences before it, else the offset of
// the value itself.
func (c *checker) stringOffset(path string, n *config.Node, i int) int {
	doc := c.docs[path]
	if doc == nil || n.Offset < 0 || n.Offset+1+i > len(doc.Data) || doc.Data[n.Offset] != '"' {
		return n.Offset
	}
	if string(doc.Data[n.Offset+1:n.Offset+1+i]) != n.Str[:i] {
		return n.Offset
	}
	return n.Offset + 1 + i
}

// failEffect is what a hook that fails with exit 126 or 127 on every run
// does to Gemini, by event (spec §5.4): on the events whose exit codes
// block, an exit code of 2 or more with output is a deny decision, so
// every tool call, turn or model request is blocked (an error); on the
// others (SessionStart, SessionEnd, Notification, PreCompress,
// BeforeToolSelection) Gemini shows a warning and goes on (a warning).
func failEffect(event string) (config.Severity, string) {
	if blockingEvents(event) {
		return config.SevError, ", and Gemini reads an exit code of 2 or more with output as a deny decision: every " + blockedWhat(event) + " is blocked"
	}
	return config.SevWarning, ": on " + event + " Gemini shows a warning and goes on, and the hook does nothing"
}
