package shellcmd

import (
	"path/filepath"
	"strings"
	"sync"

	"mvdan.cc/sh/v3/syntax"

	"github.com/gh-hooks/gh-hooks/internal/shellword"
)

// val is the value of a word: known, or unknown with the reason.
type val struct {
	s     string
	known bool
	why   string
	// from is set for an unknown word that is exactly the content of a
	// file, "$(<f)", "$(cat f)" or <(cat f): code fed from it is that
	// file's code.
	from *syntax.Word
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
	if f := contentOf(word); f != nil {
		return val{why: "the content of " + source(f), from: f}
	}
	for i, p := range word.Parts {
		switch p := p.(type) {
		case *syntax.Lit:
			s := shellword.Unescape(p.Value)
			if i == 0 && strings.HasPrefix(p.Value, "~") {
				t, ok := tilde(s, st)
				if !ok {
					add(val{why: "a tilde expansion (" + s + ")"})
					continue
				}
				s = t
			}
			if hasGlob(p.Value) {
				add(val{s: s, why: "a glob (" + p.Value + ")"})
				continue
			}
			b.WriteString(s)
		case *syntax.SglQuoted:
			if p.Dollar {
				b.WriteString(ansiC(p.Value)) // $'...' (bash(1), QUOTING)
			} else {
				b.WriteString(p.Value)
			}
		case *syntax.DblQuoted:
			for _, q := range p.Parts {
				switch q := q.(type) {
				case *syntax.Lit:
					b.WriteString(unescapeDouble(q.Value))
				case *syntax.ParamExp:
					add(param(q, st))
				case *syntax.CmdSubst:
					add(substValue(q, st))
				default:
					add(val{why: "a command substitution"})
				}
			}
		case *syntax.ParamExp:
			add(param(p, st))
		case *syntax.CmdSubst:
			add(substValue(p, st))
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
	index0 := false
	if iw, ok := p.Index.(*syntax.Word); ok && p.Param != nil && p.Param.Value == "BASH_SOURCE" {
		index0 = iw.Lit() == "0"
	}
	if p.Param == nil || p.Excl || p.Length || p.Index != nil && !index0 || p.Slice != nil || p.Repl != nil || p.Names != 0 {
		return val{why: "a computed parameter"}
	}
	name := p.Param.Value
	v, ok := st.vars[name]
	if p.Exp != nil {
		switch p.Exp.Op {
		case syntax.RemSmallSuffix, syntax.RemLargeSuffix:
			// ${0%/*}, ${BASH_SOURCE%/*}: a script's folder.
			if ok && p.Exp.Word.Lit() == "/*" {
				if i := strings.LastIndexByte(v, '/'); i >= 0 {
					if p.Exp.Op == syntax.RemLargeSuffix {
						i = strings.IndexByte(v, '/')
					}
					return val{s: v[:i], known: true}
				}
				return val{s: v, known: true}
			}
			return val{why: "${" + name + p.Exp.Op.String() + "...}"}
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
	switch name {
	case "PWD":
		if st.dir != "" {
			return val{s: st.dir, known: true}
		}
	case "OLDPWD":
		if st.old != "" {
			return val{s: st.old, known: true}
		}
	}
	if name == "PATH" {
		return val{s: "$PATH", known: true} // the inherited PATH, which pathDirs keeps
	}
	return val{why: "$" + name}
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
	if len(w.Parts) == 1 {
		if l, ok := w.Parts[0].(*syntax.Lit); ok {
			return l.Value // most words: no printer needed
		}
	}
	// A new printer per word that is not a plain literal allocated a
	// 4 KiB buffer each time (60% of a trust audit of 20 MiB of shell
	// scripts, issue 24's audit figure): printers are reused.
	p := printers.Get().(*syntax.Printer)
	defer printers.Put(p)
	var b strings.Builder
	p.Print(&b, w)
	return b.String()
}

var printers = sync.Pool{New: func() any { return syntax.NewPrinter() }}

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

// tilde expands a leading ~ of an unquoted word (bash(1), Tilde
// Expansion): ~ and ~/ are $HOME, ~+ is $PWD, ~- is $OLDPWD; ~user and an
// unknown directory are not known (ok false). s is the word's literal
// prefix, already unescaped.
func tilde(s string, st *state) (string, bool) {
	prefix, rest, _ := strings.Cut(s, "/")
	if strings.Contains(s, "/") {
		rest = "/" + rest
	}
	var dir string
	switch prefix {
	case "~":
		home, ok := st.vars["HOME"]
		if !ok {
			return s, true // the user's home: kept as ~, outside the project
		}
		dir = home
	case "~+":
		dir = st.dir
	case "~-":
		dir = st.old
	default:
		return "", false // ~user, ~N: another user's home, the dir stack
	}
	if dir == "" {
		return "", false
	}
	return dir + rest, true
}

// ansiC decodes the body of a $'...' word the way bash does (bash(1),
// QUOTING: \a \b \e \E \f \n \r \t \v \\ \' \" \? \nnn \xHH \uHHHH
// \UHHHHHHHH \cx); an unknown escape is kept with its backslash.
func ansiC(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '\\' || i+1 >= len(s) {
			b.WriteByte(c)
			continue
		}
		i++
		switch e := s[i]; e {
		case 'a':
			b.WriteByte(7)
		case 'b':
			b.WriteByte(8)
		case 'e', 'E':
			b.WriteByte(27)
		case 'f':
			b.WriteByte(12)
		case 'n':
			b.WriteByte('\n')
		case 'r':
			b.WriteByte('\r')
		case 't':
			b.WriteByte('\t')
		case 'v':
			b.WriteByte(11)
		case '\\', '\'', '"', '?':
			b.WriteByte(e)
		case 'c':
			if i+1 < len(s) {
				i++
				b.WriteByte(s[i] & 0x1f)
			}
		case 'x', 'u', 'U':
			max := map[byte]int{'x': 2, 'u': 4, 'U': 8}[e]
			n, j := 0, i+1
			for j < len(s) && j-i-1 < max && isHex(s[j]) {
				n = n*16 + hexVal(s[j])
				j++
			}
			if j == i+1 {
				b.WriteByte('\\')
				b.WriteByte(e)
				continue
			}
			if e == 'x' {
				b.WriteByte(byte(n))
			} else {
				b.WriteRune(rune(n))
			}
			i = j - 1
		default:
			if e >= '0' && e <= '7' {
				n, j := 0, i
				for j < len(s) && j-i < 3 && s[j] >= '0' && s[j] <= '7' {
					n = n*8 + int(s[j]-'0')
					j++
				}
				b.WriteByte(byte(n))
				i = j - 1
				continue
			}
			b.WriteByte('\\')
			b.WriteByte(e)
		}
	}
	return b.String()
}

func isHex(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

func hexVal(c byte) int {
	switch {
	case c >= 'a':
		return int(c-'a') + 10
	case c >= 'A':
		return int(c-'A') + 10
	}
	return int(c - '0')
}

// contentOf returns the file word f when word is exactly the content of
// one file: "$(<f)", $(cat f), "$(cat -- f)", <(cat f) or <(<f)... ; nil
// otherwise.
func contentOf(word *syntax.Word) *syntax.Word {
	parts := word.Parts
	if n := len(parts); n > 1 {
		// A here-document's body ends with its newline: <<EOF $(cat f) EOF.
		if l, ok := parts[n-1].(*syntax.Lit); ok && strings.TrimSpace(l.Value) == "" {
			parts = parts[:n-1]
		}
	}
	if len(parts) == 1 {
		if dq, ok := parts[0].(*syntax.DblQuoted); ok {
			parts = dq.Parts
		}
	}
	if len(parts) != 1 {
		return nil
	}
	var stmts []*syntax.Stmt
	switch p := parts[0].(type) {
	case *syntax.CmdSubst:
		stmts = p.Stmts
	case *syntax.ProcSubst:
		if p.Op != syntax.CmdIn {
			return nil
		}
		stmts = p.Stmts
	default:
		return nil
	}
	if len(stmts) != 1 {
		return nil
	}
	return catOf(stmts[0])
}

// catOf returns the one file a statement prints unchanged: `<f`, `cat f`,
// `cat < f`, `cat -- f`; nil otherwise.
func catOf(s *syntax.Stmt) *syntax.Word {
	var in *syntax.Word
	for _, r := range s.Redirs {
		if r.Op == syntax.RdrIn && r.N == nil {
			in = r.Word
		}
	}
	if s.Cmd == nil {
		return in
	}
	c, ok := s.Cmd.(*syntax.CallExpr)
	if !ok || len(c.Args) == 0 || len(c.Assigns) > 0 {
		return nil
	}
	if lit := c.Args[0].Lit(); lit != "cat" {
		return nil
	}
	var files []*syntax.Word
	for _, a := range c.Args[1:] {
		if l := a.Lit(); l == "--" || strings.HasPrefix(l, "-") && l != "-" {
			continue
		}
		files = append(files, a)
	}
	switch {
	case len(files) == 1:
		return files[0]
	case len(files) == 0:
		return in
	}
	return nil
}

// substValue is the output of a command substitution where it is known
// without running anything: the idioms that find a script's own folder,
// $(dirname X), $(pwd), $(cd DIR && pwd) and $(cd "$(dirname "$0")"; pwd)
// (the directory as bash's cd -L and pwd see it). Others are unknown.
func substValue(c *syntax.CmdSubst, st *state) val {
	unknown := val{why: "a command substitution"}
	if len(c.Stmts) == 0 || len(c.Stmts) > 2 {
		return unknown
	}
	dir := st.dir
	var last *syntax.Stmt
	switch {
	case len(c.Stmts) == 2:
		// cd DIR; pwd
		if d, ok := cdTarget(c.Stmts[0], st); ok {
			dir, last = d, c.Stmts[1]
		} else {
			return unknown
		}
	default:
		last = c.Stmts[0]
		if b, ok := last.Cmd.(*syntax.BinaryCmd); ok && b.Op == syntax.AndStmt {
			d, ok := cdTarget(b.X, st)
			if !ok {
				return unknown
			}
			dir, last = d, b.Y
		}
	}
	call, ok := last.Cmd.(*syntax.CallExpr)
	if !ok || len(call.Assigns) > 0 || len(last.Redirs) > 0 || len(call.Args) == 0 {
		return unknown
	}
	switch call.Args[0].Lit() {
	case "pwd":
		if dir != "" && (len(call.Args) == 1 || len(call.Args) == 2 && call.Args[1].Lit() == "-L") {
			return val{s: dir, known: true}
		}
	case "dirname":
		if len(call.Args) == 2 {
			if v := eval(call.Args[1], st); v.known {
				return val{s: filepath.Dir(v.s), known: true}
			}
		}
	}
	return unknown
}

// cdTarget is the directory of a statement `cd DIR` (ok false otherwise).
func cdTarget(s *syntax.Stmt, st *state) (string, bool) {
	call, ok := s.Cmd.(*syntax.CallExpr)
	if !ok || len(call.Args) != 2 || call.Args[0].Lit() != "cd" || len(call.Assigns) > 0 {
		return "", false
	}
	v := eval(call.Args[1], st)
	switch {
	case !v.known:
		return "", false
	case filepath.IsAbs(v.s):
		return filepath.Clean(v.s), true
	case st.dir == "":
		return "", false
	}
	return filepath.Join(st.dir, v.s), true
}
