package validate

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
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

// interpreters run a script given as their first argument; the script
// needs to exist but not to be executable.
var interpreters = map[string]bool{
	"bash": true, "sh": true, "zsh": true, "dash": true, "python": true, "python3": true,
	"node": true, "ruby": true, "perl": true, "bun": true,
}

// script checks that a script the command runs exists (and is executable
// when run directly). It only looks at the first word of the command, or
// the second after an interpreter, and only at paths it can resolve with
// certainty: absolute, ./relative or interpreter-relative (against the
// project directory, the hook's cwd, spec §5.2), or starting with a
// project-directory variable.
func (c *checker) script(h *merge.Hook) {
	if runtime.GOOS == "windows" {
		return // PowerShell quoting and paths are out of scope here
	}
	words, ok := firstWords(h.ExpandedCommand, 2)
	if !ok || len(words) == 0 || strings.Contains(words[0], "=") {
		return
	}
	path, direct := words[0], true
	if interpreters[filepath.Base(words[0])] {
		if len(words) < 2 || strings.HasPrefix(words[1], "-") {
			return
		}
		path, direct = words[1], false
	}
	path, ok = c.resolve(path, direct)
	if !ok {
		return
	}
	st, err := os.Stat(path)
	switch {
	case err != nil && os.IsNotExist(err):
		// Concatenation, not Sprintf: a clone whose scripts are not there
		// yet reports this for every hook (issue 2's benchmark measured it).
		sev, effect := failEffect(h.Event)
		code := "script-missing"
		c.add(h.Path, commandPointer(h), sev, code,
			"the script "+path+" does not exist: bash fails with exit 127 on every run"+effect,
			"create the script or fix the path; relative paths resolve against the project directory, which is the hook's working directory")
	case err != nil || st.IsDir():
	case direct && st.Mode().Perm()&0o111 == 0:
		sev, effect := failEffect(h.Event)
		code := "script-not-executable"
		c.add(h.Path, commandPointer(h), sev, code,
			fmt.Sprintf("the script %s is not executable: bash fails with exit 126 (Permission denied) on every run%s", path, effect),
			fmt.Sprintf("chmod +x %s, or run it through its interpreter (bash %s)", path, words[0]))
	}
}

// failEffect is what a hook that fails with exit 126 or 127 on every run
// does to Gemini, by event (spec §5.4): on the events whose exit codes
// block, an exit code of 2 or more with output is a deny decision, so
// every tool call, turn or model request is blocked (an error); on the
// others (SessionStart, SessionEnd, Notification, PreCompress,
// BeforeToolSelection) Gemini shows a warning and goes on (a warning).
func failEffect(event string) (config.Severity, string) {
	if blockingEvents[event] {
		return config.SevError, ", and Gemini reads an exit code of 2 or more with output as a deny decision: every " + blockedWhat(event) + " is blocked"
	}
	return config.SevWarning, ": on " + event + " Gemini shows a warning and goes on, and the hook does nothing"
}

// resolve turns a command word into an absolute path, if it certainly
// names a file.
func (c *checker) resolve(p string, direct bool) (string, bool) {
	dir := c.r.Set.Paths.ProjectDir
	for _, v := range projectVars {
		if rest, ok := cutVar(p, v); ok && strings.HasPrefix(rest, "/") {
			p = filepath.Join(dir, rest)
		}
	}
	if strings.ContainsAny(p, "$`~*?[{") {
		return "", false
	}
	switch {
	case filepath.IsAbs(p):
		return filepath.Clean(p), true
	case strings.HasPrefix(p, "./") || strings.HasPrefix(p, "../"):
		return filepath.Join(dir, p), true
	case !direct && p != "":
		return filepath.Join(dir, p), true // bash x.sh reads x.sh from the cwd
	}
	return "", false // a bare name is looked up in PATH
}

// cutVar returns what follows $name or ${name} at the start of p.
func cutVar(p, name string) (rest string, ok bool) {
	if rest, ok = strings.CutPrefix(p, "${"); ok {
		if rest, ok = strings.CutPrefix(rest, name); ok {
			return strings.CutPrefix(rest, "}")
		}
		return "", false
	}
	if rest, ok = strings.CutPrefix(p, "$"); ok {
		return strings.CutPrefix(rest, name)
	}
	return "", false
}

// wordEnd marks the bytes that end an unquoted shell word: blanks and the
// operators ;&|<>() and newline. A table, because firstWords looks at
// every byte of every command.
var wordEnd = func() (t [256]bool) {
	for _, c := range []byte(" \t;&|<>()\n") {
		t[c] = true
	}
	return t
}()

// firstWords splits the start of a shell command into at most n words,
// removing simple quotes. ok is false when a word uses syntax this
// function does not model (escapes, command substitution, unbalanced
// quotes); words stop at the first operator.
func firstWords(s string, n int) (words []string, ok bool) {
	i := 0
	for len(words) < n {
		for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
			i++
		}
		if i >= len(s) || wordEnd[s[i]] || s[i] == '#' {
			return words, true
		}
		// A word without quotes is a substring of s; only a quoted one is
		// put together in b.
		start, quoted := i, false
		var b strings.Builder
		for i < len(s) && !wordEnd[s[i]] {
			switch s[i] {
			case '\\', '`':
				return nil, false
			case '"', '\'':
				j := strings.IndexByte(s[i+1:], s[i])
				if j < 0 {
					return nil, false
				}
				part := s[i+1 : i+1+j]
				if s[i] == '"' && strings.ContainsAny(part, "\\`") {
					return nil, false
				}
				if !quoted {
					b.WriteString(s[start:i])
					quoted = true
				}
				b.WriteString(part)
				i += j + 2
				continue
			}
			if quoted {
				b.WriteByte(s[i])
			}
			i++
		}
		if words == nil {
			words = make([]string, 0, n) // once, at its size
		}
		if !quoted {
			words = append(words, s[start:i])
			continue
		}
		words = append(words, b.String())
	}
	return words, true
}
