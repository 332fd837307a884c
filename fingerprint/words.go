package fingerprint

import (
	"strings"

	"github.com/gh-hooks/gh-hooks/runner"

	"github.com/gh-hooks/gh-hooks/internal/lazyre"
)

// word is one shell word after quote removal. Unresolved is true when the
// word's value depends on something this package does not model (an
// unknown variable, a command substitution, a glob, a leading ~), so its
// value must not be trusted as a path.
type word struct {
	Text       string // the word as written in the command
	Start, End int    // byte offsets of Text in the tokenized string
	Value      string // after quote removal and known-variable expansion
	Unresolved bool
	Op         bool // a control operator (; & && || | |& ( ) newline)
	Redirect   bool // a redirection operator; the next word is its target
}

// lexer splits a bash command line into words and operators. It models
// quoting (single, double, backslash), ${NAME} and $NAME expansion from
// vars, comments, control and redirection operators; everything else
// ($(…), backticks, globs, ~) only marks the word unresolved. It is not a
// shell: it exists to find the script a hook command runs.
type lexer struct {
	s    string
	i    int
	vars func(string) (string, bool)
}

var nameRe = lazyre.New(`^[A-Za-z_][A-Za-z0-9_]*`)

// splitWords tokenizes s; vars resolves variables for the shell's own
// expansion (nil: every variable is unresolved).
func splitWords(s string, vars func(string) (string, bool)) []word {
	lx := &lexer{s: s, vars: vars}
	var out []word
	for {
		w, ok := lx.next()
		if !ok {
			return out
		}
		out = append(out, w)
	}
}

func (lx *lexer) next() (word, bool) {
	w, ok := lx.scan()
	if ok {
		w.End = lx.i
		w.Start = lx.i - len(w.Text)
	}
	return w, ok
}

func (lx *lexer) scan() (word, bool) {
	// Skip blanks (not newlines: a newline separates commands).
	for lx.i < len(lx.s) && (lx.s[lx.i] == ' ' || lx.s[lx.i] == '\t' || lx.s[lx.i] == '\r') {
		lx.i++
	}
	if lx.i >= len(lx.s) {
		return word{}, false
	}
	start := lx.i
	c := lx.s[lx.i]
	switch {
	case c == '#':
		lx.i = len(lx.s)
		return word{}, false
	case c == '\n' || c == ';' || c == '(' || c == ')':
		lx.i++
		return word{Text: lx.s[start:lx.i], Op: true}, true
	case c == '&' || c == '|':
		lx.i++
		if lx.i < len(lx.s) && (lx.s[lx.i] == c || (c == '|' && lx.s[lx.i] == '&')) {
			lx.i++
		}
		if c == '&' && lx.i < len(lx.s) && lx.s[lx.i] == '>' {
			// &> and &>> redirect both streams.
			for lx.i < len(lx.s) && lx.s[lx.i] == '>' {
				lx.i++
			}
			return word{Text: lx.s[start:lx.i], Redirect: true}, true
		}
		return word{Text: lx.s[start:lx.i], Op: true}, true
	}
	if r, ok := lx.redirect(); ok {
		return r, true
	}
	var b strings.Builder
	w := word{}
	for lx.i < len(lx.s) {
		c := lx.s[lx.i]
		switch c {
		case ' ', '\t', '\r', '\n', ';', '&', '|', '(', ')', '<', '>':
			w.Text = lx.s[start:lx.i]
			w.Value = b.String()
			return w, true
		case '\\':
			lx.i++
			if lx.i < len(lx.s) {
				if lx.s[lx.i] != '\n' { // backslash-newline is a line continuation
					b.WriteByte(lx.s[lx.i])
				}
				lx.i++
			}
		case '\'':
			end := strings.IndexByte(lx.s[lx.i+1:], '\'')
			if end < 0 { // unterminated: bash fails; do not guess a value
				b.WriteString(lx.s[lx.i+1:])
				lx.i = len(lx.s)
				w.Unresolved = true
				continue
			}
			b.WriteString(lx.s[lx.i+1 : lx.i+1+end])
			lx.i += end + 2
		case '"':
			lx.i++
			closed := false
			for lx.i < len(lx.s) && !closed {
				d := lx.s[lx.i]
				switch {
				case d == '"':
					closed = true
					lx.i++
				case d == '\\' && lx.i+1 < len(lx.s) && strings.IndexByte("$`\"\\\n", lx.s[lx.i+1]) >= 0:
					if lx.s[lx.i+1] != '\n' {
						b.WriteByte(lx.s[lx.i+1])
					}
					lx.i += 2
				case d == '$':
					lx.dollar(&b, &w)
				case d == '`':
					lx.skipBackquote()
					w.Unresolved = true
				default:
					b.WriteByte(d)
					lx.i++
				}
			}
			if !closed {
				w.Unresolved = true
			}
		case '$':
			lx.dollar(&b, &w)
		case '`':
			lx.skipBackquote()
			w.Unresolved = true
		case '*', '?', '[':
			// A glob may match any number of files: do not guess which.
			w.Unresolved = true
			b.WriteByte(c)
			lx.i++
		case '~':
			if lx.i == start {
				w.Unresolved = true // tilde expansion needs HOME, which is not modelled
			}
			b.WriteByte(c)
			lx.i++
		default:
			b.WriteByte(c)
			lx.i++
		}
	}
	w.Text = lx.s[start:]
	w.Value = b.String()
	return w, true
}

// redirect consumes a redirection operator such as >, 2>>, <, >&, 2>&1's
// operator part, when one starts at the current position.
func (lx *lexer) redirect() (word, bool) {
	j := lx.i
	for j < len(lx.s) && lx.s[j] >= '0' && lx.s[j] <= '9' {
		j++
	}
	if j >= len(lx.s) || (lx.s[j] != '<' && lx.s[j] != '>') {
		return word{}, false
	}
	start := lx.i
	for j < len(lx.s) && (lx.s[j] == '<' || lx.s[j] == '>' || lx.s[j] == '&' || lx.s[j] == '|') {
		j++
	}
	lx.i = j
	return word{Text: lx.s[start:j], Redirect: true}, true
}

// dollar handles a $ at lx.i: $NAME and ${NAME} are looked up in vars,
// $(…) and anything else make the word unresolved.
func (lx *lexer) dollar(b *strings.Builder, w *word) {
	rest := lx.s[lx.i+1:]
	switch {
	case strings.HasPrefix(rest, "{"):
		end := strings.IndexByte(rest, '}')
		if end < 0 {
			w.Unresolved = true
			b.WriteString(lx.s[lx.i:])
			lx.i = len(lx.s)
			return
		}
		name := rest[1:end]
		lx.i += end + 2
		if nameRe.Get().FindString(name) == name && lx.vars != nil {
			if v, ok := lx.vars(name); ok {
				b.WriteString(v)
				return
			}
		}
		w.Unresolved = true
		b.WriteString("${" + name + "}")
	case strings.HasPrefix(rest, "("):
		depth := 0
		j := lx.i + 1
		for ; j < len(lx.s); j++ {
			if lx.s[j] == '(' {
				depth++
			} else if lx.s[j] == ')' {
				depth--
				if depth == 0 {
					j++
					break
				}
			}
		}
		b.WriteString(lx.s[lx.i:j])
		lx.i = j
		w.Unresolved = true
	default:
		name := nameRe.Get().FindString(rest)
		if name == "" {
			// $1, $?, $$ … or a lone $: special parameters are unknown here,
			// a lone $ is literal.
			if rest == "" || strings.IndexByte(" \t\n\"", rest[0]) >= 0 {
				b.WriteByte('$')
				lx.i++
				return
			}
			w.Unresolved = true
			b.WriteString(lx.s[lx.i : lx.i+2])
			lx.i += 2
			return
		}
		lx.i += 1 + len(name)
		if lx.vars != nil {
			if v, ok := lx.vars(name); ok {
				b.WriteString(v)
				return
			}
		}
		w.Unresolved = true
		b.WriteString("$" + name)
	}
}

func (lx *lexer) skipBackquote() {
	end := strings.IndexByte(lx.s[lx.i+1:], '`')
	if end < 0 {
		lx.i = len(lx.s)
		return
	}
	lx.i += end + 2
}

// runnerExpand is Gemini's expandCommand for bash (hookRunner.ts:513-532,
// spec §5.3): a textual, prefix-matching replacement of the bare $NAME
// forms before the shell sees the command. ${NAME} is left to the shell.
// Plans directory and session id are not known here; they stay as
// written and so make the word unresolved.
//
// It also returns, for each byte of the result, the offsets in cmd of the
// text it came from (start, end), so words can be shown as written.
func runnerExpand(cmd, dir string) (string, []int, []int) {
	q := runner.EscapeShellArg(dir)
	var b strings.Builder
	var starts, ends []int
	for i := 0; i < len(cmd); {
		if cmd[i] == '$' {
			found := false
			for _, name := range []string{"GEMINI_PROJECT_DIR", "GEMINI_CWD", "CLAUDE_PROJECT_DIR"} {
				if strings.HasPrefix(cmd[i+1:], name) {
					b.WriteString(q)
					for range len(q) {
						starts, ends = append(starts, i), append(ends, i+1+len(name))
					}
					i += 1 + len(name)
					found = true
					break
				}
			}
			if found {
				continue
			}
		}
		b.WriteByte(cmd[i])
		starts, ends = append(starts, i), append(ends, i+1)
		i++
	}
	return b.String(), starts, ends
}
