package claudecompat

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"

	"github.com/gh-hooks/gh-hooks/internal/shellword"
)

// Wrapped is a Claude hook as migrate writes it for Gemini: the adapter's
// command, with the original Claude command inside.
type Wrapped struct {
	Hook
	// Binary is how the command names gh-hooks: "gh-hooks" (found on PATH
	// when the hook runs) or an absolute path.
	Binary string
	// Command is the original Claude command, exactly as Claude ran it.
	Command string
}

// Wrap writes the command Gemini runs for a Claude hook:
//
//	command -v gh-hooks >/dev/null || { echo '...' >&2; exit 1; }; exec gh-hooks claude-compat --event E [--matcher M] [--plugin-root DIR] -- 'CMD'
//
// The guard makes a missing gh-hooks a warning (exit 1, Claude's own
// treatment of a missing program) instead of bash's exit 127, on which
// Gemini denies every tool call (spec §5.4). pluginRoot is shell text,
// written as it is (for an extension, "${extensionPath}", which Gemini
// fills in when it loads hooks.json, spec §3.5).
//
// The original command is single-quoted, and every "$" that starts a
// variable is followed by an empty quoted string ('$”NAME'), so that
// neither Gemini's load-time $VAR expansion (spec §1.5) nor its run-time
// rewriting of $GEMINI_PROJECT_DIR and $CLAUDE_PROJECT_DIR (spec §5.3)
// changes it: the adapter receives the command byte for byte and gives it
// to sh as Claude does.
func Wrap(w Wrapped) string {
	bin := shellword.Quote(w.Binary)
	var b strings.Builder
	b.WriteString("command -v " + bin + " >/dev/null || { echo 'gh-hooks (the Claude hook adapter) is not installed: this Claude hook did not run' >&2; exit 1; }; ")
	b.WriteString("exec " + bin + " claude-compat --event " + shellword.Quote(w.Event))
	if w.Matcher != "" {
		b.WriteString(" --matcher " + quote(w.Matcher))
	}
	if w.PluginRoot != "" {
		b.WriteString(" --plugin-root " + w.PluginRoot)
	}
	b.WriteString(" -- " + quote(w.Command))
	return b.String()
}

// quote single-quotes s for bash, splitting the quotes after every "$"
// that a settings loader would read as the start of a variable.
func quote(s string) string {
	var b strings.Builder
	b.WriteByte('\'')
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '\'':
			b.WriteString(`'\''`)
		case c == '$' && i+1 < len(s) && (s[i+1] == '{' || s[i+1] == '_' || isAlnum(s[i+1])):
			b.WriteString(`$''`)
		default:
			b.WriteByte(c)
		}
	}
	b.WriteByte('\'')
	return b.String()
}

func isAlnum(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// Unwrap finds the adapter in a hook command that Wrap wrote (or a person
// wrote by hand): a simple command "[exec] BINARY claude-compat [flags] --
// CMD", whatever the binary is called. It parses the command as bash would
// (mvdan.cc/sh), so quoting and the guard around it do not matter.
func Unwrap(command string) (Wrapped, bool) {
	if !strings.Contains(command, "claude-compat") {
		return Wrapped{}, false
	}
	f, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(command), "")
	if err != nil {
		return Wrapped{}, false
	}
	var found Wrapped
	ok := false
	syntax.Walk(f, func(n syntax.Node) bool {
		if ok {
			return false
		}
		call, isCall := n.(*syntax.CallExpr)
		if !isCall {
			return true
		}
		found, ok = fromArgs(call.Args)
		return !ok
	})
	return found, ok
}

// fromArgs reads the words of one simple command.
func fromArgs(args []*syntax.Word) (Wrapped, bool) {
	words := make([]string, len(args))
	for i, a := range args {
		words[i] = wordText(a)
	}
	for len(words) > 0 && (words[0] == "exec" || words[0] == "command") {
		words = words[1:]
	}
	if len(words) < 4 || words[1] != "claude-compat" {
		return Wrapped{}, false
	}
	w := Wrapped{Binary: words[0]}
	rest := words[2:]
	for len(rest) > 0 {
		a := rest[0]
		if a == "--" {
			if len(rest) != 2 {
				return Wrapped{}, false
			}
			w.Command = rest[1]
			return w, w.Event != ""
		}
		name, val, hasVal := strings.Cut(strings.TrimPrefix(a, "--"), "=")
		if !hasVal {
			if len(rest) < 2 {
				return Wrapped{}, false
			}
			val, rest = rest[1], rest[1:]
		}
		switch name {
		case "event":
			w.Event = val
		case "matcher":
			w.Matcher = val
		case "plugin-root":
			w.PluginRoot = val
		default:
			return Wrapped{}, false
		}
		rest = rest[1:]
	}
	return Wrapped{}, false
}

// wordText is the value of a word made of literal and quoted text, and
// the word's source text when it holds an expansion.
func wordText(w *syntax.Word) string {
	var b strings.Builder
	for _, p := range w.Parts {
		switch p := p.(type) {
		case *syntax.Lit:
			b.WriteString(unescape(p.Value))
		case *syntax.SglQuoted:
			b.WriteString(p.Value)
		case *syntax.DblQuoted:
			for _, q := range p.Parts {
				lit, ok := q.(*syntax.Lit)
				if !ok {
					return source(w)
				}
				b.WriteString(lit.Value)
			}
		default:
			return source(w)
		}
	}
	return b.String()
}

func source(w *syntax.Word) string {
	var b strings.Builder
	syntax.NewPrinter().Print(&b, w)
	return b.String()
}

// unescape removes the backslashes of an unquoted literal: "\\x" is "x",
// and a backslash before a newline joins the lines.
func unescape(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) {
			i++
			if s[i] == '\n' {
				continue
			}
		}
		b.WriteByte(s[i])
	}
	return b.String()
}
