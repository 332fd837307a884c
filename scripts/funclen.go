//go:build ignore

// funclen prints the functions of the Go files under the given roots
// (testdata and dot folders left out), longest first: lines from func to
// the closing brace, file:line, name. A first argument that is a number
// prints only the functions at least that long:
//
//	go run scripts/funclen.go 150 .
package main

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

func main() {
	min := 0
	roots := os.Args[1:]
	if len(roots) > 0 {
		if n, err := strconv.Atoi(roots[0]); err == nil {
			min, roots = n, roots[1:]
		}
	}
	type fn struct {
		n    int
		pos  string
		name string
	}
	var out []fn
	fset := token.NewFileSet()
	for _, root := range roots {
		filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return nil
			}
			if d.IsDir() && (d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".")) && p != root {
				return filepath.SkipDir
			}
			if d.IsDir() || !strings.HasSuffix(p, ".go") {
				return nil
			}
			f, err := parser.ParseFile(fset, p, nil, 0)
			if err != nil {
				return nil
			}
			ast.Inspect(f, func(n ast.Node) bool {
				var body *ast.BlockStmt
				name := ""
				switch x := n.(type) {
				case *ast.FuncDecl:
					body, name = x.Body, x.Name.Name
					if x.Recv != nil && len(x.Recv.List) > 0 {
						name = fmt.Sprintf("(%s).%s", types(x.Recv.List[0].Type), name)
					}
					if body == nil {
						return false
					}
					s, e := fset.Position(x.Pos()), fset.Position(body.End())
					out = append(out, fn{e.Line - s.Line + 1, fmt.Sprintf("%s:%d", p, s.Line), name})
				}
				return true
			})
			return nil
		})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].n > out[j].n })
	for _, f := range out {
		if f.n < min {
			break
		}
		fmt.Printf("%5d  %s  %s\n", f.n, f.pos, f.name)
	}
}

func types(e ast.Expr) string {
	switch x := e.(type) {
	case *ast.StarExpr:
		return "*" + types(x.X)
	case *ast.Ident:
		return x.Name
	case *ast.IndexExpr:
		return types(x.X)
	}
	return "?"
}
