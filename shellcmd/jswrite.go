package shellcmd

import (
	"bytes"
	"strings"
	"unsafe"

	"github.com/tdewolff/parse/v2/js"
)

// The files a JavaScript file writes through Node's fs (written.go):
// writeFile, appendFile, copyFile, cp, rename, symlink, link,
// createWriteStream and open with a writing flag, each with its Sync
// form, from fs, fs/promises or fs.promises, under any name an import,
// a require or a destructuring binds (as for child_process). The path is
// computed from literals, templates, +, __dirname, __filename,
// import.meta.dirname, process.cwd() and path.join/resolve; any other
// path, and fs reached in a way this reader does not follow (passed as a
// value, a write function used as a value), writes somewhere not known.

// jsWrite is one write a file makes: Path is the path computed (a
// relative one is from the process's folder; "/\x00D", "/\x00F" and
// "/\x00C" start one from the file's folder, the file itself and the
// process's folder), "" when it is not known; Tree when a folder's tree
// may be written (cp, rename of a folder).
type jsWrite struct {
	What string
	Line int
	Path string
	Tree bool
	// Why says how a write not followed is reached ("used as a value").
	Why string
}

// jsFSWrites are fs's functions that write a file, and the position of
// the argument that names it.
func jsFSWrites(base string) (int, bool) {
	switch base {
	case "writeFile", "appendFile", "createWriteStream", "open":
		return 0, true
	case "copyFile", "cp", "rename", "symlink", "link":
		return 1, true
	}
	return 0, false
}

// jsFSFunc reports whether name is one of fs's functions that write (its
// Sync form too), and its base name.
func jsFSFunc(name string) (string, bool) {
	base := strings.TrimSuffix(name, "Sync")
	_, ok := jsFSWrites(base)
	return base, ok
}

func jsFSModule(spec string) bool {
	switch strings.TrimPrefix(spec, "node:") {
	case "fs", "fs/promises":
		return true
	}
	return false
}

func jsPathModule(spec string) bool {
	switch strings.TrimPrefix(spec, "node:") {
	case "path", "path/posix":
		return true
	}
	return false
}

// write records one write.
func (s *jsScanner) write(what string, at []byte, p string, ok, tree bool) {
	wr := jsWrite{What: what, Line: s.lineOf(at), Tree: tree}
	if ok {
		wr.Path = p
	}
	s.facts.Writes = append(s.facts.Writes, wr)
}

// writeAny records a way to reach fs's writes that is not followed.
func (s *jsScanner) writeAny(what, why string, at []byte) {
	s.facts.Writes = append(s.facts.Writes, jsWrite{What: what, Why: why, Line: s.lineOf(at)})
}

// jsData is source text of e that is e's own, for its line: a literal, a
// member's name, a call's literal argument. A name is not: the parser
// keeps one Var, with its declaration's text, for all its uses.
func jsData(e js.IExpr) []byte {
	switch e := e.(type) {
	case *js.LiteralExpr:
		return e.Data
	case *js.TemplateExpr:
		return e.Tail
	case *js.DotExpr:
		if y, ok := e.Y.(js.LiteralExpr); ok {
			return y.Data
		}
	case *js.CallExpr:
		if d := jsData(e.X); d != nil {
			return d
		}
		for _, a := range e.Args.List {
			if d := jsData(a.Value); d != nil {
				return d
			}
		}
	}
	return nil
}

// siteData is source text of the nearest call or member expression
// around the node being entered, for its line.
func (s *jsScanner) siteData() []byte {
	for i := len(s.stack) - 1; i >= 0 && i >= len(s.stack)-3; i-- {
		if e, ok := s.stack[i].(js.IExpr); ok {
			if d := jsData(e); d != nil {
				return d
			}
		}
	}
	return nil
}

// lineOf is the line of a slice of the source (1-based), or 0 when d is
// not one: the parser's literals and names are slices of its input (the
// lexer's Shift), capped at their end, so their place is found by
// address; it is checked against the source's bytes.
func (s *jsScanner) lineOf(d []byte) int {
	if len(d) == 0 || len(s.src) == 0 {
		return 0
	}
	off := int(uintptr(unsafe.Pointer(unsafe.SliceData(d))) - uintptr(unsafe.Pointer(unsafe.SliceData(s.src))))
	if off < 0 || off+len(d) > len(s.src) || !bytes.Equal(s.src[off:off+len(d)], d) {
		return 0
	}
	return 1 + bytes.Count(s.src[:off], []byte("\n"))
}

// fsModuleRef reports whether e names fs (or fs/promises) whole: a
// variable bound to it, require('fs'), X.promises of one.
func (s *jsScanner) fsModuleRef(e js.IExpr) bool {
	switch e := e.(type) {
	case *js.Var:
		r := root(e)
		return s.fsNS[r] || r.Decl == js.NoDecl && s.fsImports[string(r.Data)] == "*"
	case *js.CallExpr:
		if s.isRequire(e.X) && len(e.Args.List) == 1 {
			t, ok, _ := literal(e.Args.List[0].Value)
			return ok && jsFSModule(t)
		}
	case *js.DotExpr:
		if y, ok := e.Y.(js.LiteralExpr); ok && string(y.Data) == "promises" {
			return s.fsModuleRef(e.X)
		}
	case *js.GroupExpr:
		return s.fsModuleRef(e.X)
	}
	return false
}

// fsFuncRef is the write function of fs that e names, if any, and the
// name data for its line.
func (s *jsScanner) fsFuncRef(e js.IExpr) (string, []byte, bool) {
	switch e := e.(type) {
	case *js.Var:
		r := root(e)
		if f := s.fsFuncs[r]; f != "" {
			return f, nil, true
		}
		if f := s.fsImports[string(r.Data)]; r.Decl == js.NoDecl && f != "" && f != "*" {
			return f, nil, true
		}
	case *js.DotExpr:
		y, ok := e.Y.(js.LiteralExpr)
		if !ok {
			return "", nil, false
		}
		if _, w := jsFSFunc(string(y.Data)); w && s.fsModuleRef(e.X) {
			return string(y.Data), y.Data, true
		}
	}
	return "", nil, false
}

// fsBindTo binds the names a declaration binds to fs whole (const fs =
// ..., const {writeFileSync: w, promises} = ...); it reports whether it
// could (a rest element or a computed key takes fs as a value).
func (s *jsScanner) fsBindTo(b js.IBinding) bool {
	switch b := b.(type) {
	case *js.Var:
		s.fsNS[root(b)] = true
		return true
	case *js.BindingObject:
		if b.Rest != nil {
			return false
		}
		for _, it := range b.List {
			if it.Key == nil || it.Key.Computed != nil {
				return false
			}
			k := string(it.Key.Literal.Data)
			v, ok := it.Value.Binding.(*js.Var)
			_, w := jsFSFunc(k)
			switch {
			case !ok && (w || k == "promises"):
				return false
			case k == "promises":
				s.fsNS[root(v)] = true
			case w:
				s.fsFuncs[root(v)] = k
			}
		}
		return true
	}
	return false
}

// fsImport binds the names an import of fs binds.
func (s *jsScanner) fsImport(n *js.ImportStmt) {
	if n.Default != nil {
		s.fsImports[string(n.Default)] = "*"
	}
	for _, a := range n.List {
		name, bind := string(a.Name), string(a.Binding)
		if name == "" {
			name = bind
		}
		if _, w := jsFSFunc(name); w {
			s.fsImports[bind] = name
		} else if name == "*" || name == "promises" {
			s.fsImports[bind] = "*"
		}
	}
}

// fsCall reads a call of fs's write function fn (at: its name, for the
// line).
func (s *jsScanner) fsCall(fn string, at []byte, n *js.CallExpr) {
	base, _ := jsFSFunc(fn)
	what := "fs." + fn
	args := n.Args.List
	if at == nil {
		at = jsData(n)
	}
	for _, a := range args {
		if a.Rest {
			s.writeAny(what, "with spread arguments", at)
			return
		}
	}
	i, _ := jsFSWrites(base)
	if base == "open" {
		// open(path, flags): 'r' unless given; a flag with w, a or +
		// writes, and so does one that is not a literal (a number).
		if len(args) < 2 {
			return
		}
		if f, ok, _ := literal(args[1].Value); ok && !strings.ContainsAny(f, "wa+") {
			return
		}
	}
	if i >= len(args) {
		return
	}
	p, ok := s.jsPath(args[i].Value)
	s.write(what, at, p, ok, base == "cp" || base == "rename" || base == "symlink")
}

// fsValue checks a use of fs or of one of its write functions that is
// not a call or a member read: passed, aliased, spread.
func (s *jsScanner) fsValue(v *js.Var) bool {
	r := root(v)
	ns := s.fsNS[r] || r.Decl == js.NoDecl && s.fsImports[string(r.Data)] == "*"
	fn := s.fsFuncs[r] != "" || r.Decl == js.NoDecl && s.fsImports[string(r.Data)] != "" && s.fsImports[string(r.Data)] != "*"
	if !ns && !fn {
		return false
	}
	if p, ok := s.parent().(*js.BindingElement); ok && (p.Binding == js.IBinding(v) || ns && p.Default == js.IExpr(v)) {
		return true // its declaration, or one that binds it again (varDecl)
	}
	if fn {
		if c, ok := s.parent().(*js.CallExpr); ok && c.X == js.IExpr(v) {
			return true
		}
		s.writeAny("fs."+s.fsFuncs[r]+s.fsImports[string(r.Data)], "used as a value", s.siteData())
		return true
	}
	m, ok := s.member(v)
	if !ok {
		s.writeAny("fs", "used as a value", s.siteData())
		return true
	}
	if _, w := jsFSFunc(m); w {
		if len(s.stack) >= 2 {
			if c, isCall := s.stack[len(s.stack)-2].(*js.CallExpr); isCall && c.X == s.parent() {
				return true
			}
		}
		s.writeAny("fs."+m, "used as a value", s.siteData())
	}
	return true
}

// jsPath evaluates a path expression (see jsWrite.Path).
func (s *jsScanner) jsPath(e js.IExpr) (string, bool) {
	switch e := e.(type) {
	case *js.LiteralExpr:
		t, ok, _ := literal(e)
		return t, ok
	case *js.GroupExpr:
		return s.jsPath(e.X)
	case *js.TemplateExpr:
		if e.Tag != nil || bytes.IndexByte(e.Tail, '\\') >= 0 {
			return "", false
		}
		// The parts are the source's text: `a${, }b${ and }c`.
		var b strings.Builder
		for _, part := range e.List {
			v := part.Value
			if bytes.IndexByte(v, '\\') >= 0 || len(v) < 3 {
				return "", false
			}
			b.Write(v[1 : len(v)-2])
			x, ok := s.jsPath(part.Expr)
			if !ok {
				return "", false
			}
			b.WriteString(x)
		}
		if len(e.Tail) < 2 {
			return "", false
		}
		b.Write(e.Tail[1 : len(e.Tail)-1])
		return b.String(), true
	case *js.BinaryExpr:
		if e.Op != js.AddToken {
			return "", false
		}
		a, ok := s.jsPath(e.X)
		if !ok {
			return "", false
		}
		b, ok := s.jsPath(e.Y)
		return a + b, ok
	case *js.Var:
		switch {
		case free(e, "__dirname"):
			return "/\x00D", true
		case free(e, "__filename"):
			return "/\x00F", true
		}
		if x, ok := s.consts[root(e)]; ok && s.nest < 8 {
			s.nest++
			defer func() { s.nest-- }()
			return s.jsPath(x)
		}
	case *js.DotExpr:
		if _, ok := e.X.(*js.ImportMetaExpr); ok {
			if y, ok := e.Y.(js.LiteralExpr); ok {
				switch string(y.Data) {
				case "dirname":
					return "/\x00D", true
				case "filename":
					return "/\x00F", true
				}
			}
		}
	case *js.CallExpr:
		fn := ""
		switch x := e.X.(type) {
		case *js.DotExpr:
			y, ok := x.Y.(js.LiteralExpr)
			if !ok {
				return "", false
			}
			if v, ok := x.X.(*js.Var); ok && free(v, "process") && string(y.Data) == "cwd" && len(e.Args.List) == 0 {
				return "/\x00C", true
			}
			if s.pathModuleRef(x.X) {
				fn = string(y.Data)
			}
			if string(y.Data) == "homedir" && s.osModuleRef(x.X) && len(e.Args.List) == 0 {
				return "/\x00H", true
			}
		case *js.Var:
			r := root(x)
			if (s.osFuncs[r] || r.Decl == js.NoDecl && s.osImports[string(r.Data)]) && len(e.Args.List) == 0 {
				return "/\x00H", true
			}
			if fn = s.pathFuncs[r]; fn == "" && r.Decl == js.NoDecl {
				fn = s.pathImports[string(r.Data)]
			}
		}
		if fn != "join" && fn != "resolve" {
			return "", false
		}
		var parts []string
		for _, a := range e.Args.List {
			if a.Rest {
				return "", false
			}
			p, ok := s.jsPath(a.Value)
			if !ok {
				return "", false
			}
			if fn == "resolve" && strings.HasPrefix(p, "/") {
				parts = parts[:0]
			}
			parts = append(parts, p)
		}
		if len(parts) == 0 {
			return "", false
		}
		// Cleaned where the folders are known (nodeWrite): ".." here
		// would take __dirname's place away.
		p := strings.Join(parts, "/")
		if fn == "resolve" && !strings.HasPrefix(p, "/") {
			p = "/\x00C/" + p
		}
		return p, true
	}
	return "", false
}

// pathModuleRef reports whether e names the path module: a variable
// bound to require('path') or an import of it.
func (s *jsScanner) pathModuleRef(e js.IExpr) bool {
	switch e := e.(type) {
	case *js.Var:
		r := root(e)
		return s.pathNS[r] || r.Decl == js.NoDecl && s.pathImports[string(r.Data)] == "*"
	case *js.CallExpr:
		if s.isRequire(e.X) && len(e.Args.List) == 1 {
			t, ok, _ := literal(e.Args.List[0].Value)
			return ok && jsPathModule(t)
		}
	}
	return false
}

// pathBind binds const path = require('path') and const {join} =
// require('path').
func (s *jsScanner) pathBind() {
	p, ok := s.parent().(*js.BindingElement)
	if !ok {
		return
	}
	switch b := p.Binding.(type) {
	case *js.Var:
		s.pathNS[root(b)] = true
	case *js.BindingObject:
		for _, it := range b.List {
			if v, ok := it.Value.Binding.(*js.Var); ok && it.Key != nil && it.Key.Computed == nil {
				if k := string(it.Key.Literal.Data); k == "join" || k == "resolve" {
					s.pathFuncs[root(v)] = k
				}
			}
		}
	}
}

// pathImport binds the names an import of path binds.
func (s *jsScanner) pathImport(n *js.ImportStmt) {
	if n.Default != nil {
		s.pathImports[string(n.Default)] = "*"
	}
	for _, a := range n.List {
		name, bind := string(a.Name), string(a.Binding)
		if name == "" {
			name = bind
		}
		switch name {
		case "*":
			s.pathImports[bind] = "*"
		case "join", "resolve":
			s.pathImports[bind] = name
		}
	}
}

// osModuleRef reports whether e names the os module: require('os') or a
// name bound to it.
func (s *jsScanner) osModuleRef(e js.IExpr) bool {
	switch e := e.(type) {
	case *js.Var:
		r := root(e)
		return s.osNS[r] || r.Decl == js.NoDecl && s.osImports["\x00"+string(r.Data)]
	case *js.CallExpr:
		if s.isRequire(e.X) && len(e.Args.List) == 1 {
			t, ok, _ := literal(e.Args.List[0].Value)
			return ok && strings.TrimPrefix(t, "node:") == "os"
		}
	}
	return false
}

// osBind binds const os = require('os') and const {homedir} = ....
func (s *jsScanner) osBind(b js.IBinding) {
	switch b := b.(type) {
	case *js.Var:
		s.osNS[root(b)] = true
	case *js.BindingObject:
		for _, it := range b.List {
			if v, ok := it.Value.Binding.(*js.Var); ok && it.Key != nil && it.Key.Computed == nil && string(it.Key.Literal.Data) == "homedir" {
				s.osFuncs[root(v)] = true
			}
		}
	}
}
