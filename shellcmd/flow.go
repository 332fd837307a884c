package shellcmd

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// The shell's state where code runs (issue 30 §3). Statements are
// walked over a set of states, not one: where `if`, `&&`, `||`, `case`
// and loops meet, the states of every path are kept (ShellCheck's data
// flow merges them the same way, CFGAnalysis.hs), so that in
// `test -d sub && cd sub; ./x.sh` both ./x.sh and sub/x.sh are reached.
// A walk that must end in one state (a sourced file, a function body
// walked inside a pipe) joins the set: what differs becomes unknown, and
// PATH keeps the folders of every state.

// maxStates bounds the states kept at once; more are joined into one.
const maxStates = 8

// maxSteps bounds the statements one analysis walks (nested loops and
// functions that call functions walk a body many times over), and
// maxMemoSteps those of all the analyses sharing a Memo (a project's
// hooks).
const (
	maxSteps     = 50_000
	maxMemoSteps = 1_000_000
)

// maxTrapStates bounds the states a trap's handler is walked in.
const maxTrapStates = 16

// flow walks list over the states sts and returns the states after it.
func (w *walker) flow(list []*syntax.Stmt, sts []*state, depth int) []*state {
	for i, s := range list {
		// X; exit 0: what X returns is discarded.
		sw := i+1 < len(list) && succeeds(list[i+1])
		if sw {
			w.swallow++
		}
		sts = w.flowStmt(s, sts, depth)
		if sw {
			w.swallow--
		}
		w.runTraps(sts, depth)
	}
	return sts
}

// succeeds reports whether s is a statement that returns 0 whatever ran
// before it, ending the failure of what it follows: true, :, exit 0 and
// return 0, as the right side of || or the next statement.
func succeeds(s *syntax.Stmt) bool {
	c, ok := s.Cmd.(*syntax.CallExpr)
	if !ok || s.Negated || len(c.Assigns) > 0 || len(c.Args) == 0 {
		return false
	}
	switch name := c.Args[0].Lit(); {
	case name == "true" || name == ":":
		return true
	case len(c.Args) == 2:
		return (name == "exit" || name == "return") && c.Args[1].Lit() == "0"
	}
	return false
}

// flowStmt walks one statement over sts.
func (w *walker) flowStmt(s *syntax.Stmt, sts []*state, depth int) []*state {
	if s == nil {
		return sts
	}
	w.sh.steps += len(sts)
	w.sh.memo.steps += len(sts)
	if w.sh.steps > maxSteps || w.sh.memo.steps > maxMemoSteps {
		w.unknown("more than " + strconv.Itoa(maxSteps) + " statements to walk in a hook, or " + strconv.Itoa(maxMemoSteps) + " in the project's hooks (nested loops or functions): not followed")
		return sts
	}
	var out []*state
	switch c := s.Cmd.(type) {
	case *syntax.BinaryCmd:
		if c.Op == syntax.AndStmt || c.Op == syntax.OrStmt {
			w.redirs(s, sts, depth)
			// X || true: what X returns is discarded.
			sw := c.Op == syntax.OrStmt && succeeds(c.Y)
			if sw {
				w.swallow++
			}
			x := w.flowStmt(c.X, sts, depth)
			if sw {
				w.swallow--
			}
			// Y runs after X, or not at all.
			if w.keeps(c.Y) {
				w.flowStmt(c.Y, x, depth)
				return x
			}
			y := w.flowStmt(c.Y, copies(x), depth)
			return w.union(x, y)
		}
	case *syntax.IfClause:
		w.redirs(s, sts, depth)
		return w.flowIf(c, sts, depth)
	case *syntax.WhileClause:
		w.redirs(s, sts, depth)
		cond := w.flow(c.Cond, sts, depth)
		out = cond
		for turn := 0; ; turn++ {
			// Each turn: the body, then the condition again.
			body := w.flow(c.Do, copies(cond), depth)
			cond = w.flow(c.Cond, body, depth)
			n := len(out)
			out = w.union(out, cond)
			if len(out) == n {
				return out
			}
			if turn == 2 {
				// Still changing: the join stands for the turns not
				// walked, and the loop is walked once more from it.
				j := w.widen(out)
				body := w.flow(c.Do, copies(j), depth)
				return w.union(j, w.flow(c.Cond, body, depth))
			}
		}
	case *syntax.ForClause:
		w.redirs(s, sts, depth)
		if wi, ok := c.Loop.(*syntax.WordIter); ok {
			for _, st := range sts {
				for _, it := range wi.Items {
					w.parts(it, st, depth)
				}
				// The loop variable's value is one of the items.
				delete(st.vars, wi.Name.Value)
				st.setInt(wi.Name.Value, allInts(wi.Items))
			}
		} else if cl, ok := c.Loop.(*syntax.CStyleLoop); ok {
			for _, st := range sts {
				w.arith(cl.Init, st, depth)
				w.arith(cl.Cond, st, depth)
				w.arith(cl.Post, st, depth)
			}
		}
		out = sts
		prev := sts
		for turn := 0; ; turn++ {
			body := w.flow(c.Do, copies(prev), depth)
			n := len(out)
			out = w.union(out, body)
			if len(out) == n {
				return out
			}
			if turn == 2 {
				j := w.widen(out)
				return w.union(j, w.flow(c.Do, copies(j), depth))
			}
			prev = body
		}
	case *syntax.CaseClause:
		w.redirs(s, sts, depth)
		for _, st := range sts {
			w.parts(c.Word, st, depth)
		}
		out = sts // no pattern matches
		if w.keeps(c) {
			for _, item := range c.Items {
				w.flow(item.Stmts, sts, depth)
			}
			return sts
		}
		var fall []*state
		for _, item := range c.Items {
			in := copies(sts)
			if fall != nil {
				in = w.union(in, fall) // ;& and ;;& go on into the next item
			}
			r := w.flow(item.Stmts, in, depth)
			out = w.union(out, r)
			fall = nil
			if item.Op == syntax.Fallthrough || item.Op == syntax.Resume {
				fall = r
			}
		}
		return out
	case *syntax.Block:
		w.redirs(s, sts, depth)
		return w.flow(c.Stmts, sts, depth)
	}
	for _, st := range sts {
		w.stmt(s, st, depth)
	}
	return sts
}

// flowIf walks an if clause: the condition, then each branch from the
// states after it; without an else, the condition's states go on too.
func (w *walker) flowIf(c *syntax.IfClause, sts []*state, depth int) []*state {
	cond := w.flow(c.Cond, sts, depth)
	if w.keeps(c) {
		// No branch changes the state: one walk of each on it.
		for ic := c; ic != nil; ic = ic.Else {
			if ic != c {
				w.flow(ic.Cond, cond, depth)
			}
			w.flow(ic.Then, cond, depth)
		}
		return cond
	}
	then := w.flow(c.Then, copies(cond), depth)
	if c.Else == nil {
		return w.union(then, cond)
	}
	if len(c.Else.Cond) == 0 {
		// else: no condition
		return w.union(then, w.flow(c.Else.Then, copies(cond), depth))
	}
	return w.union(then, w.flowIf(c.Else, copies(cond), depth))
}

// redirs walks the substitutions in a compound command's redirections.
func (w *walker) redirs(s *syntax.Stmt, sts []*state, depth int) {
	for _, r := range s.Redirs {
		if r.Word != nil {
			for _, st := range sts {
				w.parts(r.Word, st, depth)
				w.redirWrites(r, st)
			}
		}
	}
}

// keeps reports whether walking n cannot change the shell's state: it
// runs only programs (each in a process of its own) and builtins that
// change nothing, with no assignment, arithmetic or loop variable; then
// its branches need no copies of the state.
func (w *walker) keeps(n syntax.Node) bool {
	keep := true
	syntax.Walk(n, func(n syntax.Node) bool {
		if !keep {
			return false
		}
		switch n := n.(type) {
		case *syntax.CmdSubst, *syntax.ProcSubst, *syntax.Subshell:
			return false // their own copy
		case *syntax.CallExpr:
			if len(n.Args) == 0 {
				keep = false
				return false
			}
			name := n.Args[0].Lit()
			if name == "" || w.funcs[name] != nil || w.aliases[name] != "" || builtins(name) && !inertBuiltins(name) {
				keep = false
			}
		case *syntax.DeclClause, *syntax.LetClause, *syntax.ArithmCmd, *syntax.ArithmExp, *syntax.ForClause,
			*syntax.FuncDecl, *syntax.CoprocClause:
			keep = false
		case *syntax.BinaryCmd:
			if n.Op == syntax.Pipe || n.Op == syntax.PipeAll {
				return false // each side in a subshell
			}
		}
		return keep
	})
	return keep
}

// inertBuiltins are builtins that change nothing this analysis keeps in
// a state.
func inertBuiltins(s string) bool {
	switch s {
	case "echo", "test", "[", "true", "false", ":",
		"exit", "return", "break", "continue", "wait", "kill", "pwd",
		"type", "times", "umask", "ulimit", "help", "logout", "suspend",
		"disown", "dirs", "caller", "history", "[[":
		return true
	}
	return false
}

func copies(sts []*state) []*state {
	out := make([]*state, len(sts))
	for i, st := range sts {
		out[i] = st.copy()
	}
	return out
}

// union is the states of a and b without duplicates; past maxStates they
// are joined into one.
func (w *walker) union(a, b []*state) []*state {
	out := make([]*state, 0, len(a)+len(b))
	for _, st := range append(slices.Clip(a), b...) {
		if !slices.ContainsFunc(out, func(o *state) bool { return o == st || same(o, st) }) {
			out = append(out, st)
		}
	}
	if len(out) > maxStates {
		j := out[0].copy()
		join(j, out)
		return []*state{j}
	}
	return out
}

// same reports whether two states are alike in all that decides what
// runs (what key identifies), without building keys.
func same(x, y *state) bool {
	return x.dir == y.dir && x.old == y.old && x.posix == y.posix && x.aliases == y.aliases && x.xtrace == y.xtrace &&
		slices.Equal(x.path, y.path) && maps.Equal(x.vars, y.vars) && len(x.ints) == len(y.ints) && maps.Equal(x.ints, y.ints)
}

// widen is the states of a loop that still changes the state after
// three turns: those seen, and their join, which stands for the turns
// not walked (what differs is unknown).
func (w *walker) widen(sts []*state) []*state {
	j := sts[0].copy()
	join(j, sts)
	return w.union(sts, []*state{j})
}

// key identifies a state for union: stateKey and the shell's own parts.
func (s *state) key() string {
	return stateKey(s) + "\x00" + s.old + "\x00" + strconv.FormatBool(s.posix) + strconv.FormatBool(s.aliases) + strconv.FormatBool(s.xtrace) +
		fmt.Sprintf("\x00%p", s.in)
}

// join makes st the join of sts: a directory or variable that differs
// is unknown; PATH holds the folders of every state; an option on in
// one is on.
func join(st *state, sts []*state) {
	if len(sts) == 0 {
		return
	}
	first := sts[0]
	if st != first {
		st.dir, st.old, st.vars, st.path = first.dir, first.old, maps.Clone(first.vars), slices.Clone(first.path)
		st.posix, st.aliases, st.xtrace, st.ints = first.posix, first.aliases, first.xtrace, maps.Clone(first.ints)
		st.in = first.in
	}
	for _, o := range sts[1:] {
		if o.dir != st.dir {
			st.dir = ""
		}
		if o.old != st.old {
			st.old = ""
		}
		for k, v := range st.vars {
			if x, ok := o.vars[k]; !ok || x != v {
				delete(st.vars, k)
			}
		}
		for k := range st.ints {
			if !o.ints[k] {
				delete(st.ints, k)
			}
		}
		for _, d := range o.path {
			if !slices.Contains(st.path, d) {
				st.path = append(st.path, d)
			}
		}
		st.posix = st.posix || o.posix
		st.aliases = st.aliases || o.aliases
		st.xtrace = st.xtrace || o.xtrace
		if o.in != st.in {
			st.in = unknownIn
		}
	}
}

// callFunc walks a function's body where it is called, in the shell's
// state there (bash(1), FUNCTIONS): the body's cd and assignments stay;
// $1... are the call's words.
func (w *walker) callFunc(n string, rest []arg, shell *state, depth int) {
	body := w.funcs[n]
	if body == nil {
		return // an alias
	}
	// A body being walked is keyed by where it is written: a function
	// that defines a new body for its own name and calls it runs the new
	// body, which is walked. A body that calls itself can run with other
	// words ($1) than the walk had: not covered.
	key := fmt.Sprintf("func %p", body)
	if w.calling[key] > 0 {
		w.unknown(n + " calls itself: not followed")
		return
	}
	put(&w.calling, key, 1)
	defer func() { w.calling[key]-- }()
	saved := map[string]*string{}
	for i := 1; i <= 9; i++ {
		k := strconv.Itoa(i)
		if v, ok := shell.vars[k]; ok {
			saved[k] = &v
		} else {
			saved[k] = nil
		}
		switch {
		case i > len(rest):
			shell.vars[k] = ""
		case rest[i-1].v.known:
			shell.vars[k] = rest[i-1].v.s
		default:
			delete(shell.vars, k)
		}
	}
	w.stmt(body, shell, depth)
	for k, v := range saved {
		if v == nil {
			delete(shell.vars, k)
		} else {
			shell.vars[k] = *v
		}
	}
}

// runTraps notes each state the shell passes through for the trap
// handlers set so far: a trap runs at exit, on a signal or an error, in
// the state the shell is in then. They are walked at the end
// (flushTraps), when the functions they call are defined.
func (w *walker) runTraps(sts []*state, depth int) {
	for _, t := range w.traps {
		for _, st := range sts {
			k := st.key()
			if t.seen[k] {
				continue
			}
			if len(t.seen) >= maxTrapStates {
				w.unknown("a trap that runs in more than " + strconv.Itoa(maxTrapStates) + " states")
				break
			}
			t.seen[k] = true
			t.pending = append(t.pending, st.copy())
			t.depth = depth
		}
	}
}

// flushTraps walks the trap handlers in the states noted for them.
func (w *walker) flushTraps() {
	for more := true; more; {
		more = false
		for _, t := range w.traps {
			for len(t.pending) > 0 {
				st := t.pending[0]
				t.pending = t.pending[1:]
				w.script(t.code, st, t.depth+1)
				more = true
			}
		}
	}
}

// trapHandler is a trap's code, the states it was noted in and those
// still to walk it in.
type trapHandler struct {
	code    string
	seen    map[string]bool
	pending []*state
	depth   int
}

// setInt records whether the variable holds an integer bash made (the
// result of an arithmetic expansion, a loop over numbers): its value is
// not known but is safe to evaluate as arithmetic.
func (s *state) setInt(name string, ok bool) {
	if ok {
		if s.ints == nil {
			s.ints = map[string]bool{}
		}
		s.ints[name] = true
	} else if s.ints != nil {
		delete(s.ints, name)
	}
}

func allInts(words []*syntax.Word) bool {
	for _, w := range words {
		if l := w.Lit(); l == "" || strings.Trim(l, "0123456789") != "" {
			return false
		}
	}
	return len(words) > 0
}
