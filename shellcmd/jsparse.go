package shellcmd

import (
	"bytes"
	"errors"
	"strconv"
	"strings"

	"github.com/tdewolff/parse/v2"
	"github.com/tdewolff/parse/v2/js"

	"github.com/gh-hooks/gh-hooks/internal/lazyre"
)

// JavaScript is read with a real parser (github.com/tdewolff/parse/v2/js,
// ES2020 and later: import and export, import(), top-level await, classes,
// optional chaining), never with patterns, and nothing of it runs. The
// parser resolves scopes, so a local `require` or `module` (a function's
// parameter, a const) is told from Node's own.
//
// What a file loads is a literal specifier in one of Node's loading forms
// (import and export ... from, import(), require(), require.resolve(),
// createRequire(import.meta.url or __filename)(), export * from). Every
// other way to reach Node's loader or to run code is an opaque form, named
// in the reason: require or module used as a value (passed, aliased,
// destructured), module.require, module.constructor (Module._load,
// Module._resolveFilename), a specifier that is computed, concatenated, a
// template with ${} or written with escapes, eval, the Function
// constructor and any .constructor (''.constructor.constructor is
// Function), process.binding/dlopen/mainModule/getBuiltinModule, the
// module's top-level arguments (CommonJS passes require there), with,
// globalThis.eval and the like, and the builtins that run code or start
// processes: child_process, vm, worker_threads, cluster, inspector, repl,
// wasi, and module itself (but its createRequire, builtinModules and
// isBuiltin).

// jsLoad is one module a file loads.
type jsLoad struct {
	Spec string
	Kind string // "import", "export", "import()", "require", "require.resolve"
}

// jsFacts is what a JavaScript file loads and what it does that is not
// followed.
type jsFacts struct {
	Loads  []jsLoad
	Opaque []string // constructs, as short phrases ("eval", "module.require")
	Runs   []jsRun
	Writes []jsWrite // the files it writes (jswrite.go)
}

// jsRun is a process a file starts through child_process with literal
// arguments: a shell command (exec, execSync, shell: true) or a program
// and its arguments (spawn, execFile, fork as node MODULE), in Dir
// ("" for the process's own folder).
type jsRun struct {
	Shell string
	Argv  []string
	Dir   string
}

// jsParseError is a file the parser refuses, at a line.
type jsParseError struct {
	Line int
	Msg  string
}

func (e *jsParseError) Error() string { return strconv.Itoa(e.Line) + ": " + e.Msg }

// jsRunBuiltins are Node's builtin modules that run code or start
// processes: importing one is an opaque form (whatever the alias).
func jsRunBuiltins(s string) bool {
	switch s {
	case "vm", "worker_threads", "cluster", "inspector",
		"inspector/promises", "repl", "wasi",
		// node:test's run() starts node on test files; node:sqlite's
		// loadExtension loads native code.
		"test", "sqlite":
		return true
	}
	return false
}

// jsModuleSafe are the members of the builtin module that load nothing by
// themselves (createRequire is followed where its base is the file).
func jsModuleSafe(s string) bool {
	switch s {
	case "createRequire", "builtinModules", "isBuiltin":
		return true
	}
	return false
}

// jsProcessDeny are the members of process that load code or native
// addons, or reach the loader.
func jsProcessDeny(s string) bool {
	switch s {
	case "binding", "_linkedBinding", "dlopen", "mainModule", "getBuiltinModule",
		"execve", "chdir", "constructor", "__proto__", "moduleLoadList",
		// loadEnvFile puts a file's variables (BASH_ENV, NODE_OPTIONS, ...)
		// into the environment every child process starts with.
		"loadEnvFile":
		return true
	case "setSourceMapsEnabled":
		return false
	}
	return false
}

// jsGlobalDeny are the members of globalThis (global, self, window) that
// are opaque when reached through it.
func jsGlobalDeny(s string) bool {
	switch s {
	case "eval", "Function", "process", "require", "module", "constructor",
		"globalThis", "global", "self", "window", "Bun", "Deno", "Worker",
		"__proto__":
		return true
	case "Reflect":
		return false
	}
	return false
}

// jsModuleMembers are the members of CommonJS's module that reach no
// loader.
func jsModuleMembers(s string) bool {
	switch s {
	case "exports", "id", "filename", "loaded", "path", "isPreloading":
		return true
	}
	return false
}

// scanJS parses src (a script, a CommonJS or an ES module) and returns
// what it loads and its opaque forms. A file the parser refuses is a
// *jsParseError.
func scanJS(src []byte) (*jsFacts, error) {
	src, blanked := blankImportAttributes(src)
	// One byte more of capacity: the parser's input ends with a NUL
	// written there, so that its literals are slices of buf (lineOf).
	buf := make([]byte, len(src), len(src)+1)
	copy(buf, src)
	ast, err := js.Parse(parse.NewInputBytes(buf), js.Options{})
	if err != nil {
		var pe *parse.Error
		if errors.As(err, &pe) {
			return nil, &jsParseError{Line: pe.Line, Msg: pe.Message}
		}
		return nil, &jsParseError{Line: 0, Msg: err.Error()}
	}
	s := &jsScanner{facts: &jsFacts{}, seen: map[string]bool{}, requires: map[*js.Var]bool{},
		createRequires: map[*js.Var]bool{}, moduleNS: map[*js.Var]bool{}, cpNS: map[*js.Var]bool{},
		cpFuncs: map[*js.Var]string{}, cpImports: map[string]string{}, fsNS: map[*js.Var]bool{}, fsFuncs: map[*js.Var]string{},
		fsImports: map[string]string{}, pathNS: map[*js.Var]bool{}, pathFuncs: map[*js.Var]string{}, pathImports: map[string]string{},
		consts: map[*js.Var]js.IExpr{}, osNS: map[*js.Var]bool{}, osFuncs: map[*js.Var]bool{}, osImports: map[string]bool{},
		src: buf[: len(buf) : len(buf)+1]}
	// Names bound by an import of the builtin module ("createRequire").
	s.importNames = map[string]string{}
	js.Walk(s, ast)
	if blanked {
		for _, l := range s.facts.Loads {
			if strings.Contains(l.Spec, "\n") {
				// A template literal across lines held what looked like
				// an import statement: its text was changed.
				s.opaque("import attributes inside a multi-line string")
			}
		}
	}
	return s.facts, nil
}

// jsImportAttrs is an import or export statement on one line whose
// module is followed by import attributes (with { type: 'json' }, or the
// older assert), which the parser does not read. The attributes hold
// only names, strings, colons and commas: no code.
var jsImportAttrs = lazyre.New(`(?m)^[ \t]*(?:import|export)\b[^\n;]*?(?:from[ \t]*)?(['"])[^'"\n]*['"][ \t]*((?:with|assert)[ \t]*\{[ \t\w'":,]*\})[ \t]*;?[ \t]*$`)

// blankImportAttributes replaces the import attributes of such lines with
// spaces, so that the parser reads the statement and lines keep their
// numbers; it reports whether it changed src.
func blankImportAttributes(src []byte) ([]byte, bool) {
	if !bytes.Contains(src, []byte("with")) && !bytes.Contains(src, []byte("assert")) {
		return src, false
	}
	ms := jsImportAttrs.Get().FindAllSubmatchIndex(src, -1)
	if len(ms) == 0 {
		return src, false
	}
	out := bytes.Clone(src)
	for _, m := range ms {
		for i := m[4]; i < m[5]; i++ {
			out[i] = ' '
		}
	}
	return out, true
}

type jsScanner struct {
	facts *jsFacts
	seen  map[string]bool
	stack []js.INode
	// fn counts the non-arrow functions the walk is in (arguments at 0 is
	// the CommonJS wrapper's).
	fn int
	// requires are local variables bound to a require function for this
	// file (createRequire(import.meta.url)); createRequires to
	// createRequire; moduleNS to the builtin module.
	requires, createRequires, moduleNS map[*js.Var]bool
	// importNames maps a name imported from the builtin module to its
	// member name.
	importNames map[string]string
	// cpNS are variables bound to child_process whole, cpFuncs to one of
	// its functions; cpImports maps a name imported from it to the member
	// ("*" for the whole module).
	cpNS      map[*js.Var]bool
	cpFuncs   map[*js.Var]string
	cpImports map[string]string
	// envVars are variables bound to process.env (const {env} = process).
	envVars map[*js.Var]bool
	// fsNS, fsFuncs and fsImports are fs's as cpNS, cpFuncs and
	// cpImports are child_process's; pathNS, pathFuncs and pathImports
	// the path module's (jswrite.go).
	fsNS                   map[*js.Var]bool
	fsFuncs, pathFuncs     map[*js.Var]string
	fsImports, pathImports map[string]string
	pathNS                 map[*js.Var]bool
	// consts are the values of const declarations; osNS, osFuncs and
	// osImports name the os module and its homedir.
	consts    map[*js.Var]js.IExpr
	osNS      map[*js.Var]bool
	osFuncs   map[*js.Var]bool
	osImports map[string]bool
	// src is the source parsed, for the line of a node (lineOf).
	src []byte
	// nest counts the consts being evaluated (jsPath).
	nest int
}

func (s *jsScanner) opaque(what string) {
	if !s.seen["o"+what] {
		s.seen["o"+what] = true
		s.facts.Opaque = append(s.facts.Opaque, what)
	}
}

func (s *jsScanner) load(spec, kind string) {
	if !s.seen["l"+kind+"\x00"+spec] {
		s.seen["l"+kind+"\x00"+spec] = true
		s.facts.Loads = append(s.facts.Loads, jsLoad{Spec: spec, Kind: kind})
	}
}

// parent is the node around the one being entered (nil at the top).
func (s *jsScanner) parent() js.INode {
	if len(s.stack) == 0 {
		return nil
	}
	return s.stack[len(s.stack)-1]
}

func (s *jsScanner) Exit(n js.INode) {
	s.stack = s.stack[:len(s.stack)-1]
	switch n.(type) {
	case *js.FuncDecl, *js.MethodDecl:
		s.fn--
	}
}

// walkOnly walks the children of n given, as part of n.
func (s *jsScanner) walkOnly(n js.INode, children ...js.INode) {
	s.stack = append(s.stack, n)
	for _, c := range children {
		if c != nil {
			js.Walk(s, c)
		}
	}
	s.stack = s.stack[:len(s.stack)-1]
}

func (s *jsScanner) Enter(n js.INode) js.IVisitor {
	switch n := n.(type) {
	case *js.FuncDecl, *js.MethodDecl:
		s.fn++
	case *js.ImportStmt:
		s.importStmt(n)
	case *js.ExportStmt:
		if n.Module != nil {
			s.spec(n.Module, "export")
		}
	case *js.WithStmt:
		s.opaque("a with statement")
	case *js.CallExpr:
		if fn, at, ok := s.fsFuncRef(n.X); ok {
			s.fsCall(fn, at, n)
		}
		if s.call(n) {
			return nil
		}
	case *js.VarDecl:
		s.varDecl(n)
	case *js.DotExpr:
		s.dot(n)
	case *js.IndexExpr:
		if lit, ok := n.Y.(*js.LiteralExpr); ok && lit.TokenType == js.StringToken && strings.Trim(string(lit.Data), `'"`) == "constructor" {
			s.opaque("a ['constructor'] (it reaches the Function constructor)")
		}
	case *js.Var:
		s.variable(n)
	}
	s.stack = append(s.stack, n)
	return s
}

// importStmt records an import and checks what it binds of a builtin.
func (s *jsScanner) importStmt(n *js.ImportStmt) {
	spec, ok := s.spec(n.Module, "import")
	if !ok {
		return
	}
	switch b := strings.TrimPrefix(spec, "node:"); {
	case b == "child_process":
		if n.Default != nil {
			s.cpImports[string(n.Default)] = "*"
		}
		for _, a := range n.List {
			name, bind := string(a.Name), string(a.Binding)
			if name == "" {
				name = bind
			}
			if name != "*" && !jsCPRuns(name) {
				s.opaque("child_process." + name)
				continue
			}
			s.cpImports[bind] = name
		}
	case jsFSModule(b):
		s.fsImport(n)
	case jsPathModule(b):
		s.pathImport(n)
	case b == "os":
		if n.Default != nil {
			s.osImports["\x00"+string(n.Default)] = true
		}
		for _, a := range n.List {
			name, bind := string(a.Name), string(a.Binding)
			if name == "" {
				name = bind
			}
			if name == "*" {
				s.osImports["\x00"+bind] = true
			} else if name == "homedir" {
				s.osImports[bind] = true
			}
		}
	case b == "module":
		if n.Default != nil {
			s.opaque("the module builtin imported whole")
			return
		}
		for _, a := range n.List {
			name, bind := string(a.Name), string(a.Binding)
			if name == "" {
				name = bind // import {x}
			}
			if !jsModuleSafe(name) {
				s.opaque("module." + name)
				continue
			}
			s.importNames[bind] = name
		}
	case b == "process":
		if n.Default != nil {
			s.opaque("the process builtin imported whole")
		}
		for _, a := range n.List {
			name := string(a.Name)
			if name == "" {
				name = string(a.Binding)
			}
			if name == "*" || jsProcessDeny(name) || name == "env" {
				s.opaque("process." + name)
			}
		}
	}
}

// spec reads a module specifier literal (with its quotes) and records
// it; ok is false for one that is not followed (escapes), which is then
// opaque.
func (s *jsScanner) spec(lit []byte, kind string) (string, bool) {
	if len(lit) < 2 || bytes.IndexByte(lit, '\\') >= 0 {
		s.opaque(kind + " of an escaped string")
		return "", false
	}
	spec := string(lit[1 : len(lit)-1])
	s.builtin(spec)
	s.load(spec, kind)
	return spec, true
}

// builtin names a loaded builtin that runs code or processes.
func (s *jsScanner) builtin(spec string) {
	if b := strings.TrimPrefix(spec, "node:"); jsRunBuiltins(b) {
		s.opaque(b + " (what it runs is not followed)")
	}
}

// literal is the text of a string or plain template literal argument.
func literal(e js.IExpr) (text string, ok, escaped bool) {
	switch e := e.(type) {
	case *js.LiteralExpr:
		if e.TokenType != js.StringToken || len(e.Data) < 2 {
			return "", false, false
		}
		if bytes.IndexByte(e.Data, '\\') >= 0 {
			return "", false, true
		}
		return string(e.Data[1 : len(e.Data)-1]), true, false
	case *js.TemplateExpr:
		if e.Tag != nil || len(e.List) > 0 || len(e.Tail) < 2 {
			return "", false, false
		}
		if bytes.IndexByte(e.Tail, '\\') >= 0 {
			return "", false, true
		}
		return string(e.Tail[1 : len(e.Tail)-1]), true, false
	}
	return "", false, false
}

// free reports whether v is the global (undeclared) name.
func free(v *js.Var, name string) bool {
	for v.Link != nil {
		v = v.Link
	}
	return v.Decl == js.NoDecl && string(v.Data) == name
}

func root(v *js.Var) *js.Var {
	for v.Link != nil {
		v = v.Link
	}
	return v
}

// isRequire reports whether e is a require function of this file: Node's
// require, a variable bound to createRequire(import.meta.url), or such a
// call itself.
func (s *jsScanner) isRequire(e js.IExpr) bool {
	switch e := e.(type) {
	case *js.Var:
		return free(e, "require") || s.requires[root(e)]
	case *js.CallExpr:
		return s.isCreateRequireCall(e)
	case *js.GroupExpr:
		return s.isRequire(e.X)
	}
	return false
}

// isCreateRequire reports whether e is the builtin module's createRequire.
func (s *jsScanner) isCreateRequire(e js.IExpr) bool {
	switch e := e.(type) {
	case *js.Var:
		r := root(e)
		return s.createRequires[r] || s.importNames[string(r.Data)] == "createRequire" // imports are not declared in the parser's scopes
	case *js.DotExpr:
		if y, ok := e.Y.(js.LiteralExpr); ok && string(y.Data) == "createRequire" {
			if v, ok := e.X.(*js.Var); ok && s.moduleNS[root(v)] {
				return true
			}
			if c, ok := e.X.(*js.CallExpr); ok && s.isRequire(c.X) && len(c.Args.List) == 1 {
				if t, ok, _ := literal(c.Args.List[0].Value); ok && strings.TrimPrefix(t, "node:") == "module" {
					return true
				}
			}
		}
	}
	return false
}

// isCreateRequireCall reports whether c is createRequire(import.meta.url)
// or createRequire(__filename): a require for this file.
func (s *jsScanner) isCreateRequireCall(c *js.CallExpr) bool {
	if !s.isCreateRequire(c.X) || len(c.Args.List) != 1 {
		return false
	}
	switch a := c.Args.List[0].Value.(type) {
	case *js.Var:
		return free(a, "__filename")
	case *js.DotExpr:
		if _, ok := a.X.(*js.ImportMetaExpr); ok {
			y, ok := a.Y.(js.LiteralExpr)
			return ok && (string(y.Data) == "url" || string(y.Data) == "filename")
		}
	}
	return false
}

// call handles the loading calls; it reports whether n's children are
// walked already.
func (s *jsScanner) call(n *js.CallExpr) bool {
	if fn, ok := s.cpFunc(n.X); ok {
		s.cpCall(fn, n)
		s.walkOnly(n, argNodes(n)...)
		return true
	}
	kind := ""
	switch x := n.X.(type) {
	case *js.LiteralExpr:
		if x.TokenType == js.ImportToken {
			kind = "import()"
		}
	case *js.DotExpr:
		if y, ok := x.Y.(js.LiteralExpr); ok && string(y.Data) == "resolve" && s.isRequire(x.X) {
			kind = "require.resolve"
		}
	}
	if kind == "" && s.isRequire(n.X) {
		kind = "require"
	}
	if kind == "" {
		if s.isCreateRequire(n.X) && !s.isCreateRequireCall(n) {
			s.opaque("createRequire of another file than this one")
		}
		return false
	}
	if len(n.Args.List) == 0 {
		return kind != "import()"
	}
	spec, ok, escaped := literal(n.Args.List[0].Value)
	switch {
	case escaped:
		s.opaque(kind + " of an escaped string")
	case !ok || n.Args.List[0].Rest:
		s.opaque(kind + " of a computed name")
	case kind == "require.resolve":
		s.load(spec, kind)
	default:
		s.load(spec, kind)
		s.builtin(spec)
		if strings.TrimPrefix(spec, "node:") == "module" && !s.moduleUseSafe(n) {
			s.opaque("the module builtin used whole")
		}
		if strings.TrimPrefix(spec, "node:") == "process" {
			s.opaque("the process builtin used whole")
		}
		if strings.TrimPrefix(spec, "node:") == "child_process" && !s.cpBind() {
			s.opaque("child_process used as a value")
		}
		if jsFSModule(spec) {
			switch s.parent().(type) {
			case *js.DotExpr, *js.BindingElement: // fsFuncRef, varDecl
				if kind == "import()" {
					s.writeAny("fs", "loaded by import()", jsData(n.Args.List[0].Value))
				}
			default:
				s.writeAny("fs", "used as a value", jsData(n.Args.List[0].Value))
			}
		}
		if jsPathModule(spec) {
			s.pathBind()
		}
	}
	// The callee needs no more checks; the arguments do (a computed one
	// may hold calls).
	s.walkOnly(n, argNodes(n)...)
	if c, ok := n.X.(*js.CallExpr); ok {
		s.walkOnly(n, argNodes(c)...)
	}
	return true
}

func argNodes(n *js.CallExpr) []js.INode {
	out := make([]js.INode, 0, len(n.Args.List))
	for _, a := range n.Args.List {
		out = append(out, a.Value)
	}
	return out
}

// moduleUseSafe reports whether require('module') at n is used only for
// its safe members: require('module').createRequire, or
// const {createRequire} = require('module'), or const M = require('module')
// (M's members are checked where they are used).
func (s *jsScanner) moduleUseSafe(n *js.CallExpr) bool {
	switch p := s.parent().(type) {
	case *js.DotExpr:
		y, ok := p.Y.(js.LiteralExpr)
		return ok && jsModuleSafe(string(y.Data))
	case *js.BindingElement:
		switch b := p.Binding.(type) {
		case *js.Var:
			s.moduleNS[root(b)] = true
			return true
		case *js.BindingObject:
			if b.Rest != nil {
				return false
			}
			for _, it := range b.List {
				if it.Key == nil || it.Key.Computed != nil || !jsModuleSafe(string(it.Key.Literal.Data)) {
					return false
				}
				if v, ok := it.Value.Binding.(*js.Var); ok && string(it.Key.Literal.Data) == "createRequire" {
					s.createRequires[root(v)] = true
				}
			}
			return true
		}
	}
	return false
}

// varDecl binds const r = createRequire(import.meta.url) as a require.
func (s *jsScanner) varDecl(n *js.VarDecl) {
	for _, b := range n.List {
		v, ok := b.Binding.(*js.Var)
		if !ok || b.Default == nil {
			continue
		}
		if c, ok := b.Default.(*js.CallExpr); ok && s.isCreateRequireCall(c) {
			s.requires[root(v)] = true
		}
	}
	for _, b := range n.List {
		// const OUT = path.join(__dirname, 'out.sh'): a path computed
		// where OUT is used (jsPath); a const is never bound again.
		if v, ok := b.Binding.(*js.Var); ok && b.Default != nil && n.TokenType == js.ConstToken && !n.InForInOf {
			s.consts[root(v)] = b.Default
		}
		if b.Default != nil && s.osModuleRef(b.Default) {
			s.osBind(b.Binding)
		}
		if b.Default != nil && s.fsModuleRef(b.Default) && !s.fsBindTo(b.Binding) {
			s.writeAny("fs", "destructured with a rest element or a computed key", jsData(b.Default))
		}
	}
}

// dot checks a member access: .constructor, import.meta.require (Bun).
func (s *jsScanner) dot(n *js.DotExpr) {
	y, ok := n.Y.(js.LiteralExpr)
	if !ok {
		return
	}
	name := string(y.Data)
	if _, ok := n.X.(*js.ImportMetaExpr); ok && name == "require" {
		s.opaque("import.meta.require")
	}
	if name == "constructor" {
		if p, ok := s.parent().(*js.DotExpr); ok {
			if py, ok := p.Y.(js.LiteralExpr); ok && string(py.Data) == "name" && p.X == js.IExpr(n) {
				return
			}
		}
		if p, ok := s.parent().(*js.BinaryExpr); ok && isCompare(p.Op) {
			return
		}
		s.opaque(".constructor (it reaches the Function constructor)")
	}
	if v, ok := n.X.(*js.Var); ok && s.moduleNS[root(v)] && !jsModuleSafe(name) {
		s.opaque("module." + name)
	}
}

// mainCompared reports whether the require.main being entered (a
// DotExpr on the stack's top) is only compared or read for its file
// name: require.main.require and require.main.constructor load code.
func (s *jsScanner) mainCompared() bool {
	if len(s.stack) < 2 {
		return false
	}
	switch g := s.stack[len(s.stack)-2].(type) {
	case *js.BinaryExpr:
		return isCompare(g.Op)
	case *js.DotExpr:
		y, ok := g.Y.(js.LiteralExpr)
		return ok && (string(y.Data) == "filename" || string(y.Data) == "path" || string(y.Data) == "id")
	}
	return false
}

func isCompare(op js.TokenType) bool {
	return op == js.EqEqToken || op == js.EqEqEqToken || op == js.NotEqToken || op == js.NotEqEqToken
}

// member is the literal member name when the parent of the node being
// entered reads one from it (x.name, x['name']), else "".
func (s *jsScanner) member(n js.IExpr) (name string, ok bool) {
	switch p := s.parent().(type) {
	case *js.DotExpr:
		if p.X != n {
			return "", false
		}
		if y, ok := p.Y.(js.LiteralExpr); ok {
			return string(y.Data), true
		}
	case *js.IndexExpr:
		if p.X != n {
			return "", false
		}
		if t, ok, _ := literal(p.Y); ok {
			return t, true
		}
	}
	return "", false
}

// processEnv checks a use of process.env (the member expression on the
// stack's top): reading a variable of it is fine, but a write, a delete,
// an alias or passing it where it can be changed (Object.assign) changes
// the environment every child process starts with (BASH_ENV=x runs x in
// each bash a script starts: watched with Node 20).
func (s *jsScanner) processEnv() {
	s.envUse(s.stack[len(s.stack)-1], s.stack[:len(s.stack)-1])
}

// envUse checks a use env of process.env, whose enclosing nodes are anc
// (the nearest last).
func (s *jsScanner) envUse(env js.INode, anc []js.INode) {
	n := len(anc) + 1
	if n >= 2 {
		switch g := anc[n-2].(type) {
		case *js.DotExpr:
			if g.X != env || n < 3 || !jsWrites(anc[n-3], g) {
				return
			}
		case *js.IndexExpr:
			if g.X != env || n < 3 || !jsWrites(anc[n-3], g) {
				return
			}
		case *js.BindingElement:
			if _, ok := g.Binding.(*js.BindingObject); ok {
				return // const {A} = process.env
			}
		case *js.Property:
			if g.Spread {
				return // {...process.env}
			}
		case *js.BinaryExpr:
			if !jsWrites(g, env) {
				return
			}
		case *js.IfStmt, *js.CondExpr, *js.ExprStmt:
			return
		}
	}
	s.opaque("process.env written, aliased or passed where it can change (the environment of child processes)")
}

// jsWrites reports whether node p assigns to, deletes or updates its
// operand x.
func jsWrites(p js.INode, x js.INode) bool {
	switch p := p.(type) {
	case *js.BinaryExpr:
		switch p.Op {
		case js.EqToken, js.MulEqToken, js.DivEqToken, js.ModEqToken, js.ExpEqToken, js.AddEqToken, js.SubEqToken, js.LtLtEqToken,
			js.GtGtEqToken, js.GtGtGtEqToken, js.BitAndEqToken, js.BitXorEqToken, js.BitOrEqToken, js.AndEqToken, js.OrEqToken, js.NullishEqToken:
			return p.X == x
		}
	case *js.UnaryExpr:
		switch p.Op {
		case js.DeleteToken, js.PreIncrToken, js.PreDecrToken, js.PostIncrToken, js.PostDecrToken:
			return p.X == x
		}
	}
	return false
}

// variable checks a use of a name that reaches the loader or runs code.
func (s *jsScanner) variable(v *js.Var) {
	r := root(v)
	if p, ok := s.parent().(*js.BindingElement); ok && p.Binding == js.IBinding(v) {
		return // its declaration
	}
	if s.envVars[r] {
		s.envUse(v, s.stack)
		return
	}
	if s.fsValue(v) {
		return
	}
	if s.cpNS[r] || s.cpFuncs[r] != "" || (r.Decl == js.NoDecl && s.cpImports[string(r.Data)] != "") {
		s.opaque("child_process used as a value")
		return
	}
	if r.Decl != js.NoDecl {
		if s.requires[r] {
			s.opaque("require used as a value")
		}
		if s.moduleNS[r] {
			if _, ok := s.member(v); !ok {
				s.opaque("the module builtin used as a value")
			}
		}
		return
	}
	name := string(r.Data)
	switch name {
	case "require", "module", "process", "globalThis", "global", "self", "window", "eval", "Function":
		if p, ok := s.parent().(*js.UnaryExpr); ok && p.Op == js.TypeofToken {
			return // typeof require
		}
	}
	switch name {
	case "require":
		if m, ok := s.member(v); ok && m == "main" && s.mainCompared() {
			return // require.main === module
		} else if ok {
			s.opaque("require." + m)
			return
		}
		if p, ok := s.parent().(*js.BinaryExpr); ok && isCompare(p.Op) {
			return
		}
		s.opaque("require used as a value")
	case "module":
		if m, ok := s.member(v); ok {
			if !jsModuleMembers(m) {
				s.opaque("module." + m)
			}
			return
		}
		if p, ok := s.parent().(*js.BinaryExpr); ok && isCompare(p.Op) {
			return
		}
		s.opaque("module used as a value")
	case "eval":
		s.opaque("eval")
	case "Function":
		s.opaque("the Function constructor")
	case "arguments":
		if s.fn == 0 {
			s.opaque("arguments at the top level (CommonJS passes require there)")
		}
	case "process":
		if m, ok := s.member(v); ok {
			if jsProcessDeny(m) {
				s.opaque("process." + m)
			}
			if m == "env" {
				s.processEnv()
			}
			return
		}
		if p, ok := s.parent().(*js.BindingElement); ok {
			if b, ok := p.Binding.(*js.BindingObject); ok && b.Rest == nil {
				bad := ""
				for _, it := range b.List {
					if it.Key == nil || it.Key.Computed != nil {
						bad = "[computed]"
					} else if k := string(it.Key.Literal.Data); jsProcessDeny(k) {
						bad = k
					} else if v, ok := it.Value.Binding.(*js.Var); ok && k == "env" {
						if s.envVars == nil {
							s.envVars = map[*js.Var]bool{}
						}
						s.envVars[root(v)] = true
					} else if k == "env" {
						bad = k
					}
				}
				if bad == "" {
					return
				}
				s.opaque("process." + bad)
				return
			}
		}
		if p, ok := s.parent().(*js.BinaryExpr); ok && isCompare(p.Op) {
			return
		}
		s.opaque("process used as a value")
	case "globalThis", "global", "self", "window":
		if m, ok := s.member(v); ok {
			if jsGlobalDeny(m) {
				s.opaque(name + "." + m)
			}
			return
		}
		if p, ok := s.parent().(*js.BinaryExpr); ok && isCompare(p.Op) {
			return
		}
		s.opaque(name + " used as a value")
	case "Worker":
		s.opaque("Worker (a thread that loads a file)")
	case "Bun", "Deno":
		m, ok := s.member(v)
		switch {
		case !ok:
			s.opaque(name + " used as a value")
		case name == "Bun" && (m == "spawn" || m == "spawnSync" || m == "$" || m == "plugin" || m == "build" || m == "Transpiler"):
			s.opaque("Bun." + m)
		case name == "Deno" && (m == "Command" || m == "run" || m == "dlopen"):
			s.opaque("Deno." + m)
		}
	}
}

// jsCPRuns are child_process's functions that start a process, and how
// they take it.
func jsCPRuns(s string) bool {
	switch s {
	case "exec", "execSync", "execFile", "execFileSync",
		"spawn", "spawnSync", "fork":
		return true
	}
	return false
}

// jsCPSafeOpts are the options of child_process's functions that do not
// change what runs (cwd is read when literal; env, shell, argv0, execPath,
// execArgv are not followed).
func jsCPSafeOpts(s string) bool {
	switch s {
	case "encoding", "stdio", "timeout", "maxBuffer", "killSignal",
		"windowsHide", "windowsVerbatimArguments", "input", "detached", "signal",
		"serialization", "silent":
		return true
	}
	return false
}

// cpBind binds require('child_process') at the node being entered when
// its parent binds it to a name (const cp = ..., const {execSync: run} =
// ...); it reports whether it did.
func (s *jsScanner) cpBind() bool {
	switch p := s.parent().(type) {
	case *js.DotExpr:
		y, ok := p.Y.(js.LiteralExpr)
		return ok && jsCPRuns(string(y.Data)) // require('child_process').execSync(...): cpFunc reads it
	case *js.BindingElement:
		switch b := p.Binding.(type) {
		case *js.Var:
			s.cpNS[root(b)] = true
			return true
		case *js.BindingObject:
			if b.Rest != nil {
				return false
			}
			for _, it := range b.List {
				v, ok := it.Value.Binding.(*js.Var)
				if it.Key == nil || it.Key.Computed != nil || !ok || !jsCPRuns(string(it.Key.Literal.Data)) {
					return false
				}
				s.cpFuncs[root(v)] = string(it.Key.Literal.Data)
			}
			return true
		}
	}
	return false
}

// cpFunc reports whether e is one of child_process's functions that
// start a process, and which.
func (s *jsScanner) cpFunc(e js.IExpr) (string, bool) {
	switch e := e.(type) {
	case *js.Var:
		r := root(e)
		if f := s.cpFuncs[r]; f != "" {
			return f, true
		}
		if f := s.cpImports[string(r.Data)]; r.Decl == js.NoDecl && f != "" && f != "*" {
			return f, true
		}
	case *js.DotExpr:
		y, ok := e.Y.(js.LiteralExpr)
		if !ok || !jsCPRuns(string(y.Data)) {
			return "", false
		}
		switch x := e.X.(type) {
		case *js.Var:
			r := root(x)
			if s.cpNS[r] || (r.Decl == js.NoDecl && s.cpImports[string(r.Data)] == "*") {
				return string(y.Data), true
			}
		case *js.CallExpr:
			if s.isRequire(x.X) && len(x.Args.List) == 1 {
				if t, ok, _ := literal(x.Args.List[0].Value); ok && strings.TrimPrefix(t, "node:") == "child_process" {
					return string(y.Data), true
				}
			}
		}
	}
	return "", false
}

// cpCall reads a call of child_process's fn: with literal arguments it is
// a run, else opaque.
func (s *jsScanner) cpCall(fn string, n *js.CallExpr) {
	args := n.Args.List
	for _, a := range args {
		if a.Rest {
			s.opaque("child_process." + fn + " with spread arguments")
			return
		}
	}
	if len(args) == 0 {
		return
	}
	first, ok, escaped := literal(args[0].Value)
	if !ok {
		if d, isDot := args[0].Value.(*js.DotExpr); isDot && fn != "exec" && fn != "execSync" && fn != "fork" {
			if v, isVar := d.X.(*js.Var); isVar && free(v, "process") {
				if y, ok2 := d.Y.(js.LiteralExpr); ok2 && string(y.Data) == "execPath" {
					first, ok = "node", true // the node that runs this file
				}
			}
		}
	}
	if !ok {
		what := "a computed command"
		if escaped {
			what = "an escaped string"
		}
		s.opaque("child_process." + fn + " of " + what)
		return
	}
	run := jsRun{}
	rest := args[1:]
	var argv []string
	if fn != "exec" && fn != "execSync" && len(rest) > 0 {
		if arr, isArr := rest[0].Value.(*js.ArrayExpr); isArr {
			for _, el := range arr.List {
				t, ok, _ := literal(el.Value)
				if !ok || el.Spread {
					s.opaque("child_process." + fn + " with computed arguments")
					return
				}
				argv = append(argv, t)
			}
			rest = rest[1:]
		}
	}
	shell := fn == "exec" || fn == "execSync"
	for _, a := range rest {
		switch o := a.Value.(type) {
		case *js.ArrowFunc, *js.FuncDecl:
			continue // a callback
		case *js.ObjectExpr:
			for _, p := range o.List {
				if p.Spread || p.Name == nil || p.Name.Computed != nil {
					s.opaque("child_process." + fn + " with computed options")
					return
				}
				key := strings.Trim(string(p.Name.Literal.Data), `'"`)
				switch {
				case jsCPSafeOpts(key):
				case key == "cwd":
					d, ok, _ := literal(p.Value)
					if !ok {
						s.opaque("child_process." + fn + " in a computed cwd")
						return
					}
					run.Dir = d
				case key == "shell":
					if l, ok := p.Value.(*js.LiteralExpr); ok && (l.TokenType == js.FalseToken || l.TokenType == js.TrueToken) {
						shell = shell || l.TokenType == js.TrueToken
						continue
					}
					s.opaque("child_process." + fn + " with a shell option")
					return
				default:
					s.opaque("child_process." + fn + " with the option " + key)
					return
				}
			}
		default:
			if l, ok := a.Value.(*js.LiteralExpr); ok && l.TokenType == js.NullToken {
				continue
			}
			if v, ok := a.Value.(*js.Var); ok && string(v.Data) == "undefined" {
				continue
			}
			s.opaque("child_process." + fn + " with computed options")
			return
		}
	}
	switch {
	case fn == "fork":
		run.Argv = append([]string{"node", first}, argv...)
	case shell:
		run.Shell = strings.Join(append([]string{first}, argv...), " ")
	default:
		run.Argv = append([]string{first}, argv...)
	}
	s.facts.Runs = append(s.facts.Runs, run)
}
