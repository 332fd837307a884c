package validate

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"

	"mvdan.cc/sh/v3/syntax"

	"github.com/gh-hooks/gh-hooks/merge"
	"github.com/gh-hooks/gh-hooks/shellcmd"
)

// script checks that the scripts h's command surely runs exist, and that
// those it runs directly are executable. The files are the command's own
// ones as its analysis finds them (c.analysis: the reading the
// fingerprint and the effect checks use, so `timeout 5 ./x.sh`, `cd hooks
// && ./x.sh`, `python3 x.py` and "$GEMINI_PROJECT_DIR"/x.sh resolve as
// bash would), at an absolute path. Only a file named in a statement that
// runs on every path is reported (surely): `[ -x ./x.sh ] && ./x.sh` and
// an if or case branch handle the file's absence themselves.
func (c *checker) script(h *merge.Hook) {
	if runtime.GOOS == "windows" {
		return // PowerShell quoting and paths are out of scope here
	}
	a := c.analysis(h)
	if a.SyntaxError != "" {
		return
	}
	var sure map[string]bool // parsed once a file fails, which is rare
	for _, f := range a.Files {
		if f.Probe || f.Via != "" || !filepath.IsAbs(f.Path) || f.Role != shellcmd.RoleProgram && f.Role != shellcmd.RoleScript {
			continue
		}
		path := f.Path
		st, err := os.Stat(cmpOr(f.Raw, path))
		missing := err != nil && os.IsNotExist(err)
		notExec := err == nil && !st.IsDir() && f.Role == shellcmd.RoleProgram && st.Mode().Perm()&0o111 == 0
		if !missing && !notExec {
			continue
		}
		if sure == nil {
			sure = surely(h.ExpandedCommand)
		}
		if !sure[f.Word] {
			continue
		}
		sev, effect := failEffect(h.Event)
		if missing {
			// Concatenation, not Sprintf: a clone whose scripts are not there
			// yet reports this for every hook (issue 2's benchmark measured it).
			code := "script-missing"
			c.add(h.Path, commandPointer(h), sev, code,
				"the script "+path+" does not exist: bash fails with exit 127 on every run"+effect,
				"create the script or fix the path; relative paths resolve against the project directory, which is the hook's working directory")
			continue
		}
		code := "script-not-executable"
		c.add(h.Path, commandPointer(h), sev, code,
			fmt.Sprintf("the script %s is not executable: bash fails with exit 126 (Permission denied) on every run%s", path, effect),
			fmt.Sprintf("chmod +x %s, or run it through its interpreter (bash %s)", path, f.Word))
	}
}

func cmpOr(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// surely returns the words, as written, of the simple commands bash runs
// on every path of command that does not end the shell first: each
// statement of a list until an exit or exec, both sides of a pipe, the right of
// && only after a step that sets up rather than tests (cd, export,
// mkdir, ...), the left of ||, and the inside of { } and ( ). A test
// command ([ and test) contributes no word: what it names is probed, not
// run. nil when the command does not parse.
func surely(command string) map[string]bool {
	f, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(command), "")
	if err != nil {
		return nil
	}
	words := map[string]bool{}
	var list func([]*syntax.Stmt)
	var stmt func(*syntax.Stmt) (exits bool)
	list = func(ss []*syntax.Stmt) {
		for _, s := range ss {
			if stmt(s) {
				return
			}
		}
	}
	stmt = func(s *syntax.Stmt) bool {
		switch x := s.Cmd.(type) {
		case *syntax.CallExpr:
			if len(x.Args) == 0 {
				return false
			}
			switch x.Args[0].Lit() {
			case "[", "test":
				return false
			case "exit", "return":
				return true
			}
			for _, w := range x.Args {
				words[wordSource(w)] = true
			}
			return x.Args[0].Lit() == "exec" // nothing after it runs
		case *syntax.BinaryCmd:
			switch x.Op {
			case syntax.AndStmt:
				stmt(x.X)
				if setsUp(x.X) {
					stmt(x.Y)
				}
			case syntax.OrStmt:
				stmt(x.X)
			case syntax.Pipe, syntax.PipeAll:
				stmt(x.X)
				stmt(x.Y)
			}
		case *syntax.Block:
			list(x.Stmts)
		case *syntax.Subshell:
			list(x.Stmts)
		}
		return false
	}
	list(f.Stmts)
	return words
}

// setsUp reports whether s is a step that prepares what follows rather
// than tests for it (the right of `cd hooks && ./x.sh` runs whenever the
// folder is there), or a chain of such steps.
func setsUp(s *syntax.Stmt) bool {
	switch x := s.Cmd.(type) {
	case *syntax.CallExpr:
		if len(x.Args) == 0 {
			return true // assignments
		}
		switch x.Args[0].Lit() {
		case "cd", "pushd", "export", "set", "mkdir", "umask", "true", ":":
			return true
		}
	case *syntax.BinaryCmd:
		return x.Op == syntax.AndStmt && setsUp(x.X) && setsUp(x.Y)
	}
	return false
}

// wordSource is a word as written, the text shellcmd gives File.Word.
func wordSource(w *syntax.Word) string {
	if len(w.Parts) == 1 {
		if l, ok := w.Parts[0].(*syntax.Lit); ok {
			return l.Value
		}
	}
	var b strings.Builder
	syntax.NewPrinter().Print(&b, w)
	return b.String()
}
