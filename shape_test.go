package main

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestShape holds the shape issue 33 gave the code (docs/ARCHITECTURE.md):
// no function over 150 lines outside tests (a test's table of cases is
// data), no file in cli/ over 900 lines, cli/trust.go at most 600.
// `go run scripts/funclen.go 150 .` lists the long functions.
func TestShape(t *testing.T) {
	const maxFunc, maxCLI, maxTrust = 150, 900, 600
	fset := token.NewFileSet()
	err := filepath.WalkDir(".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && p != "." && (d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".")) {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
			return nil
		}
		src, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		if lines := strings.Count(string(src), "\n"); filepath.Dir(p) == "cli" && lines > maxCLI {
			t.Errorf("%s: %d lines, over the %d a file of cli/ may have: move the domain logic down or split the command by verb", p, lines, maxCLI)
		} else if p == filepath.Join("cli", "trust.go") && lines > maxTrust {
			t.Errorf("%s: %d lines, over %d: split it by verb as trust_audit.go and trust_approve.go are", p, lines, maxTrust)
		}
		f, err := parser.ParseFile(fset, p, src, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		for _, decl := range f.Decls {
			fn, ok := decl.(*ast.FuncDecl)
			if !ok || fn.Body == nil {
				continue
			}
			start, end := fset.Position(fn.Pos()), fset.Position(fn.Body.End())
			if n := end.Line - start.Line + 1; n > maxFunc {
				t.Errorf("%s:%d: %s is %d lines, over %d: cut it at its natural steps", p, start.Line, fn.Name.Name, n, maxFunc)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
