package shellcmd

import (
	"path/filepath"
	"slices"
	"strconv"
	"strings"
)

// Python: a script is read by a tokenizer after CPython's (pytoken.go)
// and a statement-level reader (pyparse.go); what it imports is resolved
// the way CPython's path finder does (importlib._bootstrap_external,
// FileFinder): on sys.path as far as it is the project's (the script's
// own folder, or the current directory for -c and -m; then PYTHONPATH's
// folders; the standard library and site-packages are not the project's),
// in each folder a package (NAME/ with its __init__), then an extension
// module (NAME.*.so, NAME.pyd: native code, hashed and not covered), then
// NAME.py, then a sourceless NAME.pyc (hashed and not covered); a folder
// without __init__ is a namespace package. Next to a source,
// __pycache__/NAME.*.pyc runs instead of it when it is hash-based (an
// unchecked one even when stale; a checked one carries only the source's
// hash, not its code): hashed and not covered. A timestamp pyc (what
// CPython itself writes) runs only when the source's mtime matches, which
// a repository cannot set (git keeps no mtimes), so it is left alone.
// The places looked in are recorded (a module planted next to the script
// shadows the standard library's).
//
// Code that reaches the import system, the interpreter or other processes
// (exec, eval, compile, __import__, importlib, runpy, subprocess,
// os.system, os.exec*, pty.spawn, ...) under whatever name an import
// binds it to is not covered, unless its argument is a literal that is
// followed: a module name, a Python file, Python code, or a command
// (handed to the shell reader as bash would run it). A source this reader
// cannot read (CPython would refuse it, or it is in an encoding other
// than UTF-8 and Latin-1) is not covered, naming its line.

// pyProc is one Python process being followed.
type pyProc struct {
	search []string // sys.path's project folders, in order
	// cwd is the process's current directory ("" unknown).
	cwd string
	// mods are the modules read, by file: their bindings (re-exports).
	mods map[string]*pyMod
	// reqs are the imports resolved so far; when sys.path grows, they
	// are resolved again on the longer path (an import in a function can
	// run after the change).
	reqs  []pyReq
	grown bool
	// site are the virtual environment's site-packages folders, on
	// sys.path after the others.
	site []string
	// vars are the variables known in its environment (os.environ).
	vars map[string]string
}

type pyMod struct {
	f    *pyFile
	file string // the module's file
	pkg  string // the folder its relative imports start from
}

type pyReq struct{ mod, base string }

// pySearch is sys.path as far as it is the project's: first (the script's
// folder, or the current directory), then PYTHONPATH's folders.
func (w *walker) pySearch(first string, st *state) []string {
	search := []string{first}
	if pp, ok := st.vars["PYTHONPATH"]; ok {
		for _, d := range filepath.SplitList(pp) {
			switch {
			case d == "" || strings.HasPrefix(d, "$"):
			case filepath.IsAbs(d):
				search = append(search, filepath.Clean(d))
			case st.dir != "":
				search = append(search, filepath.Join(st.dir, d))
			}
		}
	}
	for _, d := range search[1:] {
		w.pyZipPath(d)
	}
	return search
}

func (w *walker) newProc(first string, st *state) *pyProc {
	return &pyProc{search: w.pySearch(first, st), cwd: st.dir, mods: map[string]*pyMod{}, vars: st.vars}
}

// finish resolves the imports again when sys.path grew.
func (w *walker) pyFinish(p *pyProc, st *state, depth int) {
	w.pyShadows(p, st, depth)
	if !p.grown {
		return
	}
	// Replaying can grow it again (a module found only now changes it):
	// a few rounds, then what is left is not covered.
	for round := 0; p.grown; round++ {
		if round == 3 {
			w.unknown("sys.path changed by modules found only on the changed sys.path: what they import is not followed")
			return
		}
		p.grown = false
		n := len(p.reqs)
		for i := 0; i < n; i++ {
			r := p.reqs[i]
			w.pyResolveIn(p, r.mod, r.base, st, depth)
		}
	}
}

// followPython follows a Python script file p.
func (w *walker) followPython(p string, st *state, depth int, _ string) {
	w.isolated("python", p, st, func(sub *walker) { sub.followPythonNow(p, st, depth) })
}

func (w *walker) followPythonNow(p string, st *state, depth int) {
	if _, isDir := w.files.ReadDir(p); isDir {
		// python3 DIR runs DIR/__main__ with DIR first on sys.path.
		proc := w.newProc(p, st)
		w.pyStartup(proc, st, depth)
		if !w.pyFind(proc, p, "__main__", st, depth) {
			w.unknown("python " + w.rel(p) + ": a folder without __main__.py")
		}
		w.pyFinish(proc, st, depth)
		return
	}
	data, real, leave, ok := w.open("python", p)
	if !ok {
		return
	}
	defer leave()
	proc := w.newProc(filepath.Dir(real), st)
	w.pyStartup(proc, st, depth)
	w.pyCode(proc, string(data), real, filepath.Dir(real), st, depth)
	w.pyFinish(proc, st, depth)
}

// pythonModule follows python -m MOD: sys.path[0] is the current
// directory; a package runs its __main__.
func (w *walker) pythonModule(mod string, st *state, depth int) {
	if w.files == nil {
		return
	}
	if st.dir == "" {
		w.unknown("python -m " + mod + " after cd to a computed directory")
		return
	}
	proc := w.newProc(st.dir, st)
	w.pyStartup(proc, st, depth)
	w.pyRunModule(proc, mod, st, depth)
	w.pyFinish(proc, st, depth)
}

// pyRunModule runs the module mod as __main__ (python -m, runpy.run_module):
// its packages are imported, then the module (a package's __main__) runs.
func (w *walker) pyRunModule(proc *pyProc, mod string, st *state, depth int) {
	if !pyDotted(mod) {
		w.unknown("python -m " + mod + ": not a module name")
		return
	}
	pkg := w.pyResolveIn(proc, mod, "", st, depth)
	if pkg != "" {
		w.pyFind(proc, pkg, "__main__", st, depth)
		return
	}
	if !pySafeMains(mod) {
		// pytest, unittest, mypy, pip, pydoc, timeit: a tool outside the
		// project that loads the project's code by its own rules.
		w.unknown("python -m " + mod + ": a module outside the project, which can load the project's code: not followed")
	}
}

// pySafeMains are modules outside the project known to run none of its
// code when run with -m (they read files as data). Not here: http.server
// (--cgi runs the project's cgi-bin scripts), zipfile, tarfile, gzip and
// base64 (they write files that a later command can run).
func pySafeMains(s string) bool {
	switch s {
	case "json.tool", "black", "isort", "ruff",
		"pycodestyle", "py_compile", "compileall", "tokenize", "ast", "dis",
		"calendar", "uuid", "sysconfig",
		"platform", "site", "this", "yamllint", "codespell":
		return true
	}
	return false
}

// pythonCode follows python -c CODE (sys.path[0] is the current
// directory).
func (w *walker) pythonCode(code, _ string, st *state, depth int) {
	if w.files == nil {
		return
	}
	if st.dir == "" {
		w.unknown("python -c after cd to a computed directory")
		return
	}
	proc := w.newProc(st.dir, st)
	w.pyStartup(proc, st, depth)
	w.pyCode(proc, code, "python -c", st.dir, st, depth)
	w.pyFinish(proc, st, depth)
}

// pyCode reads the Python code of file (its path, or a name for code
// given on the command line) and follows what it imports and runs; pkg
// is the folder its relative imports start from.
func (w *walker) pyCode(proc *pyProc, code, file, pkg string, st *state, depth int) {
	f, err := pyRead(code)
	name := w.rel(file)
	if err != nil {
		w.unknown(name + ":" + strings.TrimPrefix(err.Error(), "line ") + " (not Python this reader can read): what it imports is not followed")
		return
	}
	m := &pyMod{f: f, file: file, pkg: pkg}
	proc.mods[file] = m
	for _, imp := range f.imports {
		base := ""
		if imp.level > 0 {
			base = pkg
			for range imp.level - 1 {
				base = filepath.Dir(base)
			}
		}
		if imp.names == nil {
			w.pyResolveIn(proc, imp.mod, "", st, depth)
			continue
		}
		dir := w.pyResolveIn(proc, imp.mod, base, st, depth)
		if dir == "" {
			if imp.level == 0 && imp.names[0] == "*" && pyStarRisky(imp.mod) {
				w.unknown("from " + imp.mod + " import * at " + name + ":" + strconv.Itoa(imp.line) + ": what it loads or runs is not followed")
			}
			continue
		}
		// from P import a: a may be a submodule of the package P; with *,
		// P's bindings come along.
		_, isPkg := w.files.ReadDir(dir)
		for _, n := range imp.names {
			if n == "*" {
				w.pyStar(proc, m, dir, st, depth)
			} else if isPkg {
				w.pyFind(proc, dir, n, st, depth)
			}
		}
	}
	for _, ref := range f.refs {
		w.pyUse(proc, m, ref, st, depth)
		w.pyWrite(proc, m, ref)
	}
}

// pyStar handles `from P import *` of a project package or module: a
// package's __all__ can name any of its submodules, so all are followed;
// the names P's imports bind are bound here too.
func (w *walker) pyStar(proc *pyProc, m *pyMod, dir string, st *state, depth int) {
	if entries, ok := w.files.ReadDir(dir); ok {
		for _, e := range entries {
			n, ext, _ := strings.Cut(e, ".")
			if n == "__init__" || n == "__main__" || n == "__pycache__" || !pyDotted(n) {
				continue
			}
			if ext == "" {
				if _, ok := w.files.ReadDir(filepath.Join(dir, e)); !ok {
					continue
				}
			} else if !strings.HasSuffix(e, ".py") && !strings.HasSuffix(e, ".pyc") && !strings.HasSuffix(e, ".so") && !strings.HasSuffix(e, ".pyd") {
				continue
			}
			w.pyFind(proc, dir, n, st, depth)
		}
	}
	for _, file := range []string{filepath.Join(dir, "__init__.py"), dir + ".py"} {
		if src, ok := proc.mods[file]; ok {
			for k, v := range src.f.binds {
				if _, had := m.f.binds[k]; !had {
					if !strings.HasPrefix(v, "\x00") {
						v = "\x00" + file + "\x00" + v
					}
					m.f.binds[k] = v
				}
			}
		}
	}
}

// pyResolveIn resolves the module mod (dotted; "" with base for `from .
// import`), relative to the package folder base when base is set, else
// on the search path; each package's __init__ and the module are
// followed. It returns the folder of a package, the path without .py of
// a module ("" when it is not the project's).
func (w *walker) pyResolveIn(proc *pyProc, mod, base string, st *state, depth int) string {
	if base == "" && mod == "" {
		return ""
	}
	if !slices.Contains(proc.reqs, pyReq{mod, base}) {
		proc.reqs = append(proc.reqs, pyReq{mod, base})
	}
	parts := []string{}
	if mod != "" {
		parts = strings.Split(mod, ".")
	}
	dir := base
	if base == "" {
		found := false
		path := append(slices.Clone(proc.search), proc.site...)
		for i, d := range path {
			if d == "" {
				continue
			}
			if w.pyFindIn(proc, d, parts[0], st, depth) {
				dir, found = filepath.Join(d, parts[0]), true
				w.pyPortions(dir, parts[0], path[i+1:])
				break
			}
		}
		if !found {
			return "" // the standard library or site-packages: not the project's
		}
		parts = parts[1:]
	}
	for _, p := range parts {
		if !w.pyFind(proc, dir, p, st, depth) {
			return ""
		}
		dir = filepath.Join(dir, p)
	}
	return dir
}

// pyPortions marks not covered a namespace package dir (a folder name
// without __init__) when a later folder of sys.path (rest) holds name
// too: CPython's PathFinder goes on past a namespace folder, so a later
// module or regular package name wins, and a namespace package is every
// such folder (PEP 420: import ns.b ran lib/ns/b.py with ./ns first).
func (w *walker) pyPortions(dir, name string, rest []string) {
	entries, ok := w.files.ReadDir(dir)
	if !ok {
		return
	}
	for _, e := range entries {
		if e == "__init__.py" || strings.HasPrefix(e, "__init__.") && (strings.HasSuffix(e, ".so") || strings.HasSuffix(e, ".pyc") || strings.HasSuffix(e, ".pyd")) {
			return // a regular package: the first one wins
		}
	}
	for _, d := range rest {
		if d == "" {
			continue
		}
		names, _ := w.files.ReadDir(d)
		for _, e := range names {
			if e == name || strings.HasPrefix(e, name+".") {
				w.unknown("the namespace package " + name + " in " + w.rel(dir) + " has another portion or a module on sys.path (" + w.rel(filepath.Join(d, e)) + "): not followed")
				return
			}
		}
	}
}

// pyFind looks for the module name in folder dir as CPython's FileFinder
// does (a package, an extension module, source, sourceless bytecode),
// follows what it finds and reports whether there was something.
func (w *walker) pyFind(proc *pyProc, dir, name string, st *state, depth int) bool {
	if w.full() || w.files == nil {
		return false
	}
	pkg := filepath.Join(dir, name)
	if entries, ok := w.files.ReadDir(pkg); ok {
		// A package: its __init__ (extension, source, bytecode), or a
		// namespace package.
		w.probe(w.rel(filepath.Join(pkg, "__init__.py")), filepath.Join(pkg, "__init__.py"), RoleScript)
		w.pyModuleFile(proc, pkg, "__init__", entries, pkg, st, depth)
		return true
	}
	for _, suffix := range []string{".py", ".pyc", ".so", ".abi3.so"} {
		w.probe(w.rel(filepath.Join(dir, name+suffix)), filepath.Join(dir, name+suffix), RoleScript)
	}
	entries, _ := w.files.ReadDir(dir)
	return w.pyModuleFile(proc, dir, name, entries, dir, st, depth)
}

// pyModuleFile follows the module file of name in dir (its folder's
// entries), read with relative imports from pkg.
func (w *walker) pyModuleFile(proc *pyProc, dir, name string, entries []string, pkg string, st *state, depth int) bool {
	for _, e := range entries {
		if strings.HasPrefix(e, name+".") && (strings.HasSuffix(e, ".so") || strings.HasSuffix(e, ".pyd")) {
			p := filepath.Join(dir, e)
			if w.exists(p) {
				w.file(w.rel(p), val{s: p, known: true}, RoleScript, st)
				w.unknown("the extension module " + w.rel(p) + " is native code: what it runs is not followed")
				return true
			}
		}
	}
	src := filepath.Join(dir, name+".py")
	if w.pyFollowFile(proc, src, pkg, st, depth) {
		w.pyCache(dir, name, st)
		return true
	}
	if w.exists(src) {
		return true // found but not read (a bound, or a link out)
	}
	if pyc := filepath.Join(dir, name+".pyc"); w.exists(pyc) {
		w.file(w.rel(pyc), val{s: pyc, known: true}, RoleScript, st)
		w.unknown("the compiled module " + w.rel(pyc) + " has no source: what it runs is not followed")
		return true
	}
	return false
}

// pyCache looks in __pycache__ for bytecode of the source dir/name.py
// that CPython would run instead of it: a hash-based pyc (flags bit 0 in
// its header, PEP 552).
func (w *walker) pyCache(dir, name string, st *state) {
	cache := filepath.Join(dir, "__pycache__")
	entries, ok := w.files.ReadDir(cache)
	if !ok {
		return
	}
	for _, e := range entries {
		if !strings.HasPrefix(e, name+".") || !strings.HasSuffix(e, ".pyc") {
			continue
		}
		p := filepath.Join(cache, e)
		data, _, ok := w.files.ReadFile(p)
		if !ok || len(data) < 16 || data[4]&1 == 0 {
			continue // a timestamp pyc, checked against the source's mtime
		}
		w.file(w.rel(p), val{s: p, known: true}, RoleScript, st)
		w.unknown("the hash-based bytecode " + w.rel(p) + " can run instead of " + w.rel(filepath.Join(dir, name+".py")) + ": what it runs is not followed")
	}
}

// pyFollowFile follows one module file.
func (w *walker) pyFollowFile(proc *pyProc, p, pkg string, st *state, depth int) bool {
	data, real, ok := w.load(p)
	if !ok {
		return false
	}
	w.add(w.rel(p), val{s: p, known: true}, RoleScript, st, false)
	leave, ok := w.enter("python "+real, real)
	if !ok {
		return true
	}
	defer leave()
	w.pyCode(proc, string(data), real, pkg, st, depth)
	return true
}

func pyDotted(s string) bool {
	for _, p := range strings.Split(s, ".") {
		if p == "" || pyKeywords(p) {
			return false
		}
		for i, c := range p {
			if !pyIdentRune(c, i == 0) {
				return false
			}
		}
	}
	return s != ""
}

// pyStarRisky reports whether `from mod import *` of a module outside
// the project binds names that load or start code.
func pyStarRisky(mod string) bool {
	head, _, _ := strings.Cut(mod, ".")
	switch head {
	case "os", "posix", "nt", "sys", "subprocess", "asyncio", "pty", "importlib", "runpy", "unittest":
		return true
	}
	return pyDangerMods(head)
}
