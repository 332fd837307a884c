package shellcmd

import (
	"strconv"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// Variable text that bash evaluates as code (issue 30 §3). In an
// arithmetic context ($(( )), (( )), let, for ((;;)), an indexed array's
// subscript, ${x:off:len}, [[ x -eq y ]], a declare -i variable) bash
// reads a variable's value as an arithmetic expression in turn, and an
// array subscript there expands command substitutions:
// x='a[$(./evil)]'; echo $((x)) runs ./evil. So a variable read in
// arithmetic is followed when its value is known (it is parsed as
// arithmetic), accepted when it is an integer bash made, and not covered
// otherwise. ${x@P} (prompt expansion) and ${!x} (indirection) read a
// variable's text the same way.

// arithValue is why a variable with the integer attribute (declare -i)
// is not known: it holds what bash computed.
const arithValue = "an arithmetic value"

// maxArith bounds how deep variables whose values name variables are
// followed.
const maxArith = 4

// numericVars are bash's variables that always hold an integer.
func numericVars(s string) bool {
	switch s {
	case "#", "?", "$", "!", "RANDOM", "SRANDOM", "SECONDS", "LINENO",
		"BASHPID", "PPID", "UID", "EUID", "EPOCHSECONDS", "OPTIND", "HISTCMD":
		return true
	}
	return false
}

// arith walks an arithmetic expression read in st.
func (w *walker) arith(e syntax.ArithmExpr, st *state, depth int) {
	w.arithAt(e, st, depth, 0)
}

func (w *walker) arithAt(e syntax.ArithmExpr, st *state, depth, level int) {
	if e == nil {
		return
	}
	var assigned []string
	syntax.Walk(e, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.CmdSubst:
			w.stmts(n.Stmts, st.copy(), depth)
			if !numericSubst(n) {
				w.unknown("arithmetic on a command's output, which bash evaluates as code: not followed")
			}
			return false
		case *syntax.ProcSubst:
			w.stmts(n.Stmts, st.copy(), depth)
			return false
		case *syntax.ParamExp:
			w.arithParam(n, st, depth, level)
			return n.Index != nil || n.Slice != nil
		case *syntax.Word:
			if lit := n.Lit(); isName(lit) {
				w.arithVar(lit, st, depth, level)
			}
		case *syntax.BinaryArithm:
			if assignOp(n.Op) {
				if x, ok := n.X.(*syntax.Word); ok && isName(x.Lit()) {
					assigned = append(assigned, x.Lit())
					if n.Op == syntax.Assgn {
						// x = ...: x is written, not read.
						w.arithAt(n.Y, st, depth, level)
						return false
					}
				}
			}
		case *syntax.UnaryArithm:
			if n.Op == syntax.Inc || n.Op == syntax.Dec {
				if x, ok := n.X.(*syntax.Word); ok && isName(x.Lit()) {
					assigned = append(assigned, x.Lit())
				}
			}
		}
		return true
	})
	// x=..., x++: x now holds an integer.
	for _, a := range assigned {
		delete(st.vars, a)
		st.setInt(a, true)
	}
}

func assignOp(op syntax.BinAritOperator) bool {
	switch op {
	case syntax.Assgn, syntax.AddAssgn, syntax.SubAssgn, syntax.MulAssgn, syntax.QuoAssgn, syntax.RemAssgn,
		syntax.AndAssgn, syntax.OrAssgn, syntax.XorAssgn, syntax.ShlAssgn, syntax.ShrAssgn, syntax.AndBoolAssgn,
		syntax.OrBoolAssgn, syntax.XorBoolAssgn, syntax.PowAssgn:
		return true
	}
	return false
}

// arithParam checks $x, ${x:-d} or x[i] read in arithmetic: the text it
// expands to is evaluated as arithmetic.
func (w *walker) arithParam(p *syntax.ParamExp, st *state, depth, level int) {
	if p.Param == nil {
		return
	}
	name := p.Param.Value
	if p.Index != nil || p.Length || p.Exp == nil && p.Slice == nil && p.Repl == nil && !p.Excl {
		w.arithVar(name, st, depth, level)
		return
	}
	v := param(p, st)
	if v.known {
		w.arithText(v.s, "$"+name, st, depth, level+1)
		return
	}
	w.unknown("arithmetic on ${" + name + "...}, whose text bash evaluates as code: not followed")
}

// arithVar checks a variable read in arithmetic.
func (w *walker) arithVar(name string, st *state, depth, level int) {
	if numericVars(name) || st.ints[name] {
		return
	}
	if v, ok := st.vars[name]; ok {
		w.arithText(v, "$"+name, st, depth, level+1)
		return
	}
	if _, err := strconv.Atoi(name); err == nil {
		// $1 in arithmetic: a word of the command line.
		w.unknown("arithmetic on $" + name + ", whose text bash evaluates as code: not followed")
		return
	}
	w.unknown("arithmetic on $" + name + ", whose text bash evaluates as code (a subscript in it can run a command): not followed")
}

// arithText checks text that bash evaluates as arithmetic (a variable's
// value): an integer is inert; an expression is walked in turn.
func (w *walker) arithText(text, from string, st *state, depth, level int) {
	t := strings.TrimSpace(text)
	if t == "" || isInt(t) {
		return
	}
	if level > maxArith {
		w.unknown("arithmetic through variables more than " + strconv.Itoa(maxArith) + " deep (" + from + "): not followed")
		return
	}
	e, err := syntax.NewParser().Arithmetic(strings.NewReader(t))
	if err != nil {
		w.unknown("arithmetic on " + from + ", whose text gh-hooks cannot read: not followed")
		return
	}
	w.arithAt(e, st, depth, level)
}

// isInt reports whether s is an integer constant of bash arithmetic
// (decimal, 0x hex, 0 octal, base#digits).
func isInt(s string) bool {
	s = strings.TrimLeft(s, "+-")
	if s == "" {
		return false
	}
	for _, c := range s {
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '#' || c == '@' || c == '_') {
			return false
		}
	}
	return s[0] >= '0' && s[0] <= '9'
}

// index walks the subscript of name written in the command (a[i]=x,
// a=([i]=x)): arithmetic for an indexed array, a word expanded for an
// associative one.
func (w *walker) index(name string, e syntax.ArithmExpr, st *state, depth int) {
	if w.assoc[name] {
		syntax.Walk(e, func(n syntax.Node) bool { return w.nested(n, st, depth) })
		return
	}
	w.arith(e, st, depth)
}

// subscript checks the subscript of a name a builtin is given as text
// (read 'a[...]', printf -v, unset, test -v, declare 'a[...]=x'): bash
// evaluates it as arithmetic for an indexed array and expands it as a
// word for an associative one (assoc_expand_once is off by default);
// either way a command substitution in it runs (witnessed with bash 5.2).
func (w *walker) subscript(name, sub, from string, st *state, depth int) {
	if !w.assoc[name] {
		w.arithText(sub, from, st, depth, 1)
		return
	}
	if !strings.ContainsAny(sub, "$`") {
		return
	}
	word, err := syntax.NewParser().Document(strings.NewReader(sub))
	if err != nil {
		w.unknown("the subscript of " + from + ", which bash expands and gh-hooks cannot read: not followed")
		return
	}
	w.parts(word, st, depth)
}

// varName checks a word that a builtin takes as a variable's name
// (printf -v, read, unset, test -v): a subscript in it is arithmetic,
// which can run a command (read 'a[$(./x)]'). It reports whether the
// name is a plain known one.
func (w *walker) varName(what string, a arg, st *state, depth int) bool {
	if !a.v.known {
		w.unknown(what + " of a name from " + a.v.why + " (a subscript in it can run a command): not followed")
		return false
	}
	name, sub, ok := strings.Cut(a.v.s, "[")
	if ok {
		w.subscript(name, strings.TrimSuffix(sub, "]"), a.v.s, st, depth)
	}
	return !ok
}

// numericSubst reports whether a command substitution prints only an
// integer: $(date +%s), $(wc -l < f), $(nproc), $(id -u).
func numericSubst(c *syntax.CmdSubst) bool {
	if len(c.Stmts) != 1 {
		return false
	}
	call, ok := c.Stmts[0].Cmd.(*syntax.CallExpr)
	if !ok || len(call.Args) == 0 {
		return false
	}
	switch call.Args[0].Lit() {
	case "date":
		return len(call.Args) == 2 && call.Args[1].Lit() == "+%s"
	case "wc":
		return len(call.Args) >= 2 && strings.HasPrefix(call.Args[1].Lit(), "-")
	case "nproc":
		return true
	case "id":
		return len(call.Args) == 2 && (call.Args[1].Lit() == "-u" || call.Args[1].Lit() == "-g")
	}
	return false
}

// paramCode checks the parameter expansions that read a variable's text
// as code or as a name: ${x@P} (a prompt: its command substitutions
// run), ${!x} (x names the variable, a subscript included), and the
// arithmetic of an indexed array's subscript or of ${x:off:len}.
func (w *walker) paramCode(p *syntax.ParamExp, st *state, depth int) {
	if p.Param == nil {
		return
	}
	name := p.Param.Value
	if p.Exp != nil && p.Exp.Op == syntax.OtherParamOps && p.Exp.Word != nil && p.Exp.Word.Lit() == "P" {
		v, ok := st.vars[name]
		if !ok {
			w.unknown("${" + name + "@P} expands the text of $" + name + " as a prompt (its command substitutions run): not followed")
		} else if word, err := syntax.NewParser().Document(strings.NewReader(v)); err == nil {
			w.parts(word, st, depth)
		}
	}
	if p.Excl && p.Names == 0 && p.Index == nil {
		if v, ok := st.vars[name]; !ok || !isName(v) && !isInt(v) {
			w.unknown("${!" + name + "} reads the variable that $" + name + " names (a subscript in it can run a command): not followed")
		}
	}
	if p.Index != nil {
		if iw, ok := p.Index.(*syntax.Word); !ok || (iw.Lit() != "@" && iw.Lit() != "*") {
			w.index(name, p.Index, st, depth)
		}
	}
	if p.Slice != nil {
		w.arith(p.Slice.Offset, st, depth)
		w.arith(p.Slice.Length, st, depth)
	}
}

// testArith checks [[ ]]: the operands of -eq, -ne, -lt, -le, -gt, -ge
// are arithmetic, and -v NAME[SUB] evaluates the subscript.
func (w *walker) testArith(c *syntax.TestClause, st *state, depth int) {
	syntax.Walk(c.X, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.BinaryTest:
			switch n.Op {
			case syntax.TsEql, syntax.TsNeq, syntax.TsLeq, syntax.TsGeq, syntax.TsLss, syntax.TsGtr:
				for _, x := range []syntax.TestExpr{n.X, n.Y} {
					if word, ok := x.(*syntax.Word); ok {
						w.arithWord(word, st, depth)
					}
				}
			}
		case *syntax.UnaryTest:
			if n.Op == syntax.TsVarSet {
				if word, ok := n.X.(*syntax.Word); ok {
					v := eval(word, st)
					if !v.known {
						w.unknown("[[ -v ]] of a name from " + v.why + " (a subscript in it can run a command): not followed")
					} else if _, sub, ok := strings.Cut(v.s, "["); ok {
						w.arithText(strings.TrimSuffix(sub, "]"), v.s, st, depth, 1)
					}
				}
			}
		}
		return true
	})
}

// arithWord checks a word whose expansion bash evaluates as arithmetic.
func (w *walker) arithWord(word *syntax.Word, st *state, depth int) {
	if lit := word.Lit(); lit != "" {
		if isName(lit) {
			w.arithVar(lit, st, depth, 0)
		} else {
			w.arithText(lit, lit, st, depth, 0)
		}
		return
	}
	if len(word.Parts) == 1 {
		if p, ok := word.Parts[0].(*syntax.ParamExp); ok {
			w.arithParam(p, st, depth, 0)
			return
		}
		if dq, ok := word.Parts[0].(*syntax.DblQuoted); ok && len(dq.Parts) == 1 {
			if p, ok := dq.Parts[0].(*syntax.ParamExp); ok {
				w.arithParam(p, st, depth, 0)
				return
			}
		}
		if a, ok := word.Parts[0].(*syntax.ArithmExp); ok {
			w.arith(a.X, st, depth)
			return
		}
	}
	v := eval(word, st)
	if !v.known {
		w.unknown("arithmetic on " + v.why + ", whose text bash evaluates as code: not followed")
		return
	}
	w.arithText(v.s, source(word), st, depth, 0)
}
