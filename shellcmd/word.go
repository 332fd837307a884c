package shellcmd

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// val is the value of a word: known, or unknown with the reason.
type val struct {
	s     string
	known bool
	why   string
}

// eval computes the value a word has when bash runs it, as far as it can be
// known: literal and quoted text, and parameters with known values
// (including ${X:-default}). Command substitutions, arithmetic, unknown
// parameters and globs make the value unknown.
func eval(word *syntax.Word, st *state) val {
	if word == nil {
		return val{known: true}
	}
	var b strings.Builder
	why := ""
	add := func(v val) {
		b.WriteString(v.s)
		if !v.known && why == "" {
			why = v.why
		}
	}
	for i, p := range word.Parts {
		switch p := p.(type) {
		case *syntax.Lit:
			s := unescape(p.Value)
			if i == 0 && strings.HasPrefix(s, "~") {
				if home, ok := st.vars["HOME"]; ok && (s == "~" || strings.HasPrefix(s, "~/")) {
					s = home + s[1:]
				}
			}
			if hasGlob(p.Value) {
				add(val{s: s, why: "a glob (" + p.Value + ")"})
				continue
			}
			b.WriteString(s)
		case *syntax.SglQuoted:
			b.WriteString(p.Value)
		case *syntax.DblQuoted:
			for _, q := range p.Parts {
				switch q := q.(type) {
				case *syntax.Lit:
					b.WriteString(unescapeDouble(q.Value))
				case *syntax.ParamExp:
					add(param(q, st))
				default:
					add(val{why: "a command substitution"})
				}
			}
		case *syntax.ParamExp:
			add(param(p, st))
		case *syntax.CmdSubst:
			add(val{why: "a command substitution"})
		case *syntax.ArithmExp:
			add(val{why: "an arithmetic expansion"})
		case *syntax.ProcSubst:
			add(val{why: "a process substitution"})
		case *syntax.ExtGlob, *syntax.BraceExp:
			add(val{why: "a glob or brace expansion"})
		default:
			add(val{why: "an expansion"})
		}
	}
	return val{s: b.String(), known: why == "", why: why}
}

// param is the value of $NAME, ${NAME} or ${NAME:-default}.
func param(p *syntax.ParamExp, st *state) val {
	if p.Param == nil || p.Excl || p.Length || p.Index != nil || p.Slice != nil || p.Repl != nil || p.Names != 0 {
		return val{why: "a computed parameter"}
	}
	name := p.Param.Value
	v, ok := st.vars[name]
	if p.Exp != nil {
		switch p.Exp.Op {
		case syntax.DefaultUnset, syntax.DefaultUnsetOrNull:
			if ok && (v != "" || p.Exp.Op == syntax.DefaultUnset) {
				return val{s: v, known: true}
			}
			if !ok {
				// Unknown variable: the default is what a reader sees, but
				// the value may differ.
				return val{why: "$" + name}
			}
			return eval(p.Exp.Word, st)
		default:
			return val{why: "${" + name + p.Exp.Op.String() + "...}"}
		}
	}
	if ok {
		return val{s: v, known: true}
	}
	if name == "PATH" {
		return val{s: "$PATH", known: true} // the inherited PATH, which pathDirs keeps
	}
	return val{why: "$" + name}
}

// unescape removes the backslashes of an unquoted literal.
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

// unescapeDouble removes the backslashes that escape $ ` " \ and newline
// inside double quotes.
func unescapeDouble(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) && strings.IndexByte("$`\"\\\n", s[i+1]) >= 0 {
			i++
			if s[i] == '\n' {
				continue
			}
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// source is a word's text as written.
func source(w *syntax.Word) string {
	if w == nil {
		return ""
	}
	var b strings.Builder
	syntax.NewPrinter().Print(&b, w)
	return b.String()
}

// hasGlob reports whether an unquoted literal is a pattern bash expands:
// it holds * or ?, or a [ with a ] after it ("[" alone is the test
// command).
func hasGlob(s string) bool {
	if strings.ContainsAny(s, "*?") {
		return true
	}
	i := strings.IndexByte(s, '[')
	return i >= 0 && strings.IndexByte(s[i+1:], ']') > 0
}
