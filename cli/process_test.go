package cli

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strings"
	"testing"
)

// TestCommandsTakeTheirProcess keeps the command layer off the process's
// own directory and environment: every command reads them from Process
// (through env's lookupEnv, environ, home, lookPath and abs), so that the
// scripts can run many commands at once in one test process, each in its
// own directory and environment, and what they check is what a user's
// process does. Only Main, which fills Process from the operating system,
// and env's own methods (for a Process left empty) may ask os.
func TestCommandsTakeTheirProcess(t *testing.T) {
	banned := map[string]bool{
		"os.Getenv": true, "os.LookupEnv": true, "os.Environ": true, "os.Getwd": true,
		"os.UserHomeDir": true, "os.Chdir": true, "os.Setenv": true, "exec.LookPath": true,
		"syscall.Getwd": true, "syscall.Getenv": true,
	}
	allowed := map[string]bool{
		"app.go:lookupEnv": true, "app.go:environ": true, "app.go:home": true, "app.go:lookPath": true,
		// Main's terminal width ($COLUMNS).
		"render.go:terminalWidth": true,
		// getcwd(2) when Process.Dir is empty (the process's directory).
		"trust.go:physicalDir": true,
	}
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	checked := 0
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		checked++
		for _, d := range f.Decls {
			fn, ok := d.(*ast.FuncDecl)
			if !ok || fn.Body == nil {
				continue
			}
			ast.Inspect(fn.Body, func(n ast.Node) bool {
				sel, ok := n.(*ast.SelectorExpr)
				if !ok {
					return true
				}
				pkg, ok := sel.X.(*ast.Ident)
				if !ok || !banned[pkg.Name+"."+sel.Sel.Name] {
					return true
				}
				if !allowed[name+":"+fn.Name.Name] {
					t.Errorf("%s: %s.%s in %s: read it from the command's Process (e.getenv, e.environ, e.home, e.lookPath, e.abs)",
						fset.Position(sel.Pos()), pkg.Name, sel.Sel.Name, fn.Name.Name)
				}
				return true
			})
		}
	}
	if checked < 20 {
		t.Fatalf("checked %d files of package cli, want the whole package", checked)
	}
}
