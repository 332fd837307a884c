package claudecompat

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// Reaches is Unwrap for a command that bash, running it, reaches the
// adapter with on every path: the adapter's simple command runs
// unconditionally (at the top level, in a block, a subshell, a pipeline,
// an if whose branches both run it, or a function the command calls on
// every path), and nothing before it can end the shell first (exit,
// return, exec of something else, a condition that exits), except the
// guard Wrap writes (command -v BINARY || { ...; exit N; }), whose exit
// is the adapter missing. A command that only defines the adapter's call
// in a function it never calls, puts it after `exit 0`, behind `false &&`
// or in one branch of an if does not reach it: ok is false, and the hook
// does not run the Claude hook under Gemini.
func Reaches(command string) (Wrapped, bool) {
	if !strings.Contains(command, "claude-compat") {
		return Wrapped{}, false
	}
	f, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(command), "")
	if err != nil {
		return Wrapped{}, false
	}
	r := &reach{funcs: map[string]*syntax.Stmt{}}
	found, _ := r.stmts(f.Stmts, 0)
	if found == nil {
		return Wrapped{}, false
	}
	w := *found
	if uw, ok := Unwrap(command); ok && uw.Command == w.Command && uw.Event == w.Event {
		w.FailClosed = uw.FailClosed // the guard's exit 2
	}
	return w, true
}

// reach walks statements as bash runs them.
type reach struct {
	funcs map[string]*syntax.Stmt
}

// maxDepth bounds function calls followed (recursion).
const maxDepth = 16

// stmts runs a list: it returns the adapter's command when one of the
// statements surely runs it before any can end the shell, and ends when
// a statement surely or maybe ends it first.
func (r *reach) stmts(ss []*syntax.Stmt, depth int) (found *Wrapped, ends bool) {
	for _, s := range ss {
		w, end := r.stmt(s, depth)
		if w != nil {
			return w, false
		}
		if end {
			return nil, true
		}
	}
	return nil, false
}

// stmt says whether s surely runs the adapter (found), or may end the
// shell before (ends).
func (r *reach) stmt(s *syntax.Stmt, depth int) (found *Wrapped, ends bool) {
	if s.Background || s.Coprocess {
		return nil, false // runs beside; neither found nor an end
	}
	switch c := s.Cmd.(type) {
	case *syntax.CallExpr:
		return r.call(c, depth)
	case *syntax.Block:
		return r.stmts(c.Stmts, depth)
	case *syntax.Subshell:
		w, _ := r.stmts(c.Stmts, depth) // an exit there ends the subshell only
		return w, false
	case *syntax.FuncDecl:
		if c.Name != nil {
			r.funcs[c.Name.Value] = c.Body
		}
		return nil, false
	case *syntax.BinaryCmd:
		switch c.Op {
		case syntax.Pipe, syntax.PipeAll:
			// Both sides run, each in a subshell.
			if w, _ := r.stmt(c.X, depth); w != nil {
				return w, false
			}
			w, _ := r.stmt(c.Y, depth)
			return w, false
		case syntax.AndStmt, syntax.OrStmt:
			if w, end := r.stmt(c.X, depth); w != nil || end {
				return w, end
			}
			if c.Op == syntax.OrStmt && r.isGuard(c.X) {
				return nil, false // ends only when the adapter is missing
			}
			// Y runs on some paths only: it cannot be the adapter's sure
			// run, and an exit in it ends some paths.
			return nil, mayEnd(c.Y)
		}
	case *syntax.IfClause:
		if len(c.Cond) == 0 {
			return r.stmts(c.Then, depth) // a plain else
		}
		if w, end := r.stmts(c.Cond, depth); w != nil || end {
			return w, end
		}
		then, thenEnds := r.stmts(c.Then, depth)
		if c.Else == nil {
			return nil, thenEnds || mayEndList(c.Then)
		}
		els, elseEnds := r.stmt(&syntax.Stmt{Cmd: c.Else}, depth)
		if then != nil && els != nil && then.Command == els.Command && then.Event == els.Event {
			return then, false
		}
		return nil, thenEnds || elseEnds || mayEndList(c.Then) || mayEnd(&syntax.Stmt{Cmd: c.Else})
	}
	// Loops, case, [[ ]], arithmetic...: whatever they run is not sure to
	// run; an exit inside may end the shell.
	return nil, mayEnd(s)
}

// call handles a simple command: the adapter, an exit, or a function.
func (r *reach) call(c *syntax.CallExpr, depth int) (*Wrapped, bool) {
	if len(c.Args) == 0 {
		return nil, false // assignments only
	}
	if w, ok := fromArgs(c.Args); ok {
		return &w, false
	}
	name := wordText(c.Args[0])
	switch name {
	case "exit", "return", "exec", "logout":
		return nil, true
	case "eval", "source", ".":
		return nil, true // what runs is not followed here: not sure
	}
	if body, ok := r.funcs[name]; ok && depth < maxDepth {
		w, end := r.stmt(body, depth+1)
		if end && w == nil {
			// return ends the function only; exit the shell. Either way
			// the adapter's call is not sure past here.
			return nil, true
		}
		return w, false
	}
	return nil, false
}

// isGuard reports whether s is Wrap's probe: command -v BINARY
// (redirected), whose failure is the adapter missing.
func (r *reach) isGuard(s *syntax.Stmt) bool {
	c, ok := s.Cmd.(*syntax.CallExpr)
	if !ok || len(c.Args) != 3 {
		return false
	}
	return wordText(c.Args[0]) == "command" && wordText(c.Args[1]) == "-v"
}

// mayEnd reports whether running s may end the shell: it holds exit,
// return, exec or logout anywhere (a function defined there included).
func mayEnd(s *syntax.Stmt) bool {
	ends := false
	syntax.Walk(s, func(n syntax.Node) bool {
		if ends {
			return false
		}
		if c, ok := n.(*syntax.CallExpr); ok && len(c.Args) > 0 {
			switch wordText(c.Args[0]) {
			case "exit", "return", "exec", "logout":
				ends = true
			}
		}
		return true
	})
	return ends
}

func mayEndList(ss []*syntax.Stmt) bool {
	for _, s := range ss {
		if mayEnd(s) {
			return true
		}
	}
	return false
}
