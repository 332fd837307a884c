package shellcmd

import (
	"path/filepath"
	"strconv"
	"strings"
)

// The uses of names through which Python code reaches the import
// system, the interpreter or other processes (pyparse.go finds them):
// each is resolved through the imports of its module (import subprocess
// as sp; from os import system as s; a project module that re-exports
// one), then followed when its argument is a literal, else named as not
// covered.

// pyDangerMods are modules whose use loads or runs code this reader does
// not follow (the import machinery, loaders, native code, unpicklers,
// process runners, test runners and frameworks that import project files
// by convention).
func pyDangerMods(s string) bool {
	switch s {
	case "importlib", "runpy", "imp", "pkgutil", "zipimport",
		"ctypes", "_ctypes", "cffi", "code", "codeop", "pickle", "_pickle",
		"cPickle", "marshal", "shelve", "dill", "cloudpickle", "joblib",
		"builtins", "__builtin__", "site", "_posixsubprocess", "_winapi", "commands",
		"popen2", "pexpect", "ptyprocess", "plumbum", "sh", "sarge", "delegator",
		"envoy", "invoke", "fabric", "pytest", "_pytest", "doctest", "nose",
		"django", "IPython", "pkg_resources", "importlib_metadata", "setuptools",
		"distutils", "xonsh", "nox", "tox", "zipapp", "_imp",
		"pdb", "bdb", "timeit", "trace", "profile", "cProfile", "ensurepip",
		"venv", "pydoc", "jsonpickle",
		// torch.load unpickles, torch.hub runs a repository's hubconf.py;
		// python-dotenv and environs put a .env found from the script's
		// folder up into os.environ, which child processes start with.
		"torch", "dotenv", "environs",
		// Templates that run code (mako; a jinja2 template reaches any
		// attribute, __subclasses__ included, outside its sandbox), configs
		// that name callables (hydra's _target_, matplotlibrc's backend read
		// from the current folder), notebooks run (nbclient, papermill,
		// nbconvert), and GitPython, which runs git (its hooks, fsmonitor).
		"jinja2", "mako", "hydra", "matplotlib", "nbclient", "papermill",
		"nbconvert", "git", "inspect", "gc":
		return true
	case "operator", "types":
		return false
	}
	return false
}

// pyUse follows or names one use.
func (w *walker) pyUse(proc *pyProc, m *pyMod, ref pyRef, st *state, depth int) {
	// A reason names the construct and why it is not followed, then
	// its place: "subprocess.run with a non-literal argument at
	// ./x.py:3: what it loads or runs is not followed".
	at := " at " + w.rel(m.file) + ":" + strconv.Itoa(ref.line)
	shown := strings.Join(ref.chain, ".")
	if ref.attr {
		if !pyRiskyAttr(ref.chain[0]) {
			return // a method that writes a file (pyWrite)
		}
		what := "a call of an object's " + shown
		if !ref.called {
			what = "an object's " + shown + " used as a value"
		}
		w.unknown(what + at + ": what it loads or runs is not followed")
		return
	}
	q, project := w.pyQual(proc, m, ref.chain)
	if project {
		if q == pyProjectModule && !ref.called {
			// getattr(helpers, name), vars(helpers): what the module
			// binds, reached by a name this reader does not see.
			w.unknown(shown + " (a project module) used as a value" + at + ": what it reaches is not followed")
		}
		return
	}
	if q != shown {
		shown += " (" + q + ")"
	}
	kind := pyKindOf(q, ref)
	if kind == "getattr" {
		// getattr(obj, "name") is obj.name; a computed name is any.
		if pos := pyPositional(ref.args); ref.called && len(pos) >= 2 {
			if name, ok := pyLiteral(pos[1]); ok && !pyRiskyAttr(name) {
				return
			}
		}
		kind = "risky"
	}
	if kind == "" {
		return
	}
	opaque := func(why string) { w.unknown(shown + why + at + ": what it loads or runs is not followed") }
	switch {
	case ref.store:
		opaque(" assigned")
		return
	case !ref.called:
		opaque(" used as a value")
		return
	case kind == "risky" && q == "getattr":
		opaque(" with a computed name")
		return
	case kind == "risky":
		opaque(" called")
		return
	case !pyKeywordsOK(ref.args):
		opaque(" with *args, **kwargs or a keyword gh-hooks does not read")
		return
	}
	// A process started with cwd= runs there (a path this reader
	// computes: a literal, or one made from __file__).
	cwd := proc.cwd
	for _, a := range ref.args {
		if a.key == "cwd" {
			d, ok := w.pyPath(proc, m, a.toks)
			if !ok || kind != "shell" && kind != "proc" && kind != "argv" && kind != "argv1" {
				opaque(" with a cwd= gh-hooks cannot compute")
				return
			}
			cwd = d
		}
	}
	c := &pyCall{proc: proc, m: m, ref: ref, q: q, pos: pyPositional(ref.args), cwd: cwd, st: st, depth: depth}
	if !w.pyFollowCall(c, kind) {
		opaque(" with a non-literal argument")
	}
}

// pyCall is a call pyUse follows: where it is, the name it calls as
// resolved (q), its positional arguments and the folder a process it
// starts runs in.
type pyCall struct {
	proc  *pyProc
	m     *pyMod
	ref   pyRef
	q     string
	pos   [][]pyTok
	cwd   string
	st    *state
	depth int
}

// pyFollowCall follows a call of the kind pyKindOf gave; it reports
// false when what the call loads or runs cannot be read.
func (w *walker) pyFollowCall(c *pyCall, kind string) bool {
	proc, m, pos, st, depth := c.proc, c.m, c.pos, c.st, c.depth
	switch kind {
	case "shell":
		if len(pos) == 0 {
			return false
		}
		cmd, ok := pyLiteral(pos[0])
		if !ok {
			return false
		}
		w.pyShell(cmd, c.cwd, st, depth)
	case "proc", "argv1":
		return w.pyFollowProc(c)
	case "argv":
		var argv []string
		for _, p := range pos {
			a, ok := w.pyArgv(proc, m, append(append([]pyTok{{kind: pyOp, text: "["}}, p...), pyTok{kind: pyOp, text: "]"}))
			if !ok {
				return false
			}
			argv = append(argv, a...)
		}
		if len(argv) == 0 {
			return false
		}
		w.pyShell(shellQuote(argv), c.cwd, st, depth)
	case "import":
		if len(pos) != 1 {
			return false
		}
		mod, ok := pyLiteral(pos[0])
		if !ok || !pyDotted(mod) {
			return false
		}
		w.pyResolveIn(proc, mod, "", st, depth)
	case "runmod":
		mod, ok := "", len(pos) > 0
		if ok {
			mod, ok = pyLiteral(pos[0])
		}
		if !ok || !pyDotted(mod) {
			return false
		}
		w.pyRunModule(proc, mod, st, depth)
	case "runpath":
		if len(pos) == 0 {
			return false
		}
		p, ok := w.pyPath(proc, m, pos[0])
		if !ok {
			return false
		}
		if _, isDir := w.files.ReadDir(p); isDir {
			// A folder runs its __main__ with the folder first on sys.path.
			proc.search = append([]string{p}, proc.search...)
			proc.grown = true
			w.pyFind(proc, p, "__main__", st, depth)
			return true
		}
		w.pyRunFile(proc, p, st, depth)
	case "exec":
		return w.pyFollowExec(c)
	case "syspath":
		return w.pyFollowSysPath(c)
	default:
		return false
	}
	return true
}

// pyFollowProc follows a process started with one argument: a command
// line (shell=True) or a program's path, or an argument list.
func (w *walker) pyFollowProc(c *pyCall) bool {
	proc, m, ref, pos, cwd, st, depth := c.proc, c.m, c.ref, c.pos, c.cwd, c.st, c.depth
	if len(pos) != 1 {
		return false
	}
	shell := false
	for _, a := range ref.args {
		if a.key == "shell" {
			if len(a.toks) != 1 || a.toks[0].text != "True" && a.toks[0].text != "False" {
				return false
			}
			shell = a.toks[0].text == "True"
		}
	}
	if s, ok := pyLiteral(pos[0]); ok {
		if shell {
			w.pyShell(s, cwd, st, depth)
		} else {
			w.pyShell(shellQuote([]string{s}), cwd, st, depth)
		}
		return true
	}
	argv, ok := w.pyArgv(proc, m, pos[0])
	if !ok || len(argv) == 0 || shell && len(argv) > 1 {
		return false
	}
	if shell {
		w.pyShell(argv[0], cwd, st, depth)
	} else {
		w.pyShell(shellQuote(argv), cwd, st, depth)
	}
	return true
}

// pyFollowExec follows exec and compile of a literal, or of a file's
// text read by open(PATH).read().
func (w *walker) pyFollowExec(c *pyCall) bool {
	proc, m, ref, pos, st, depth := c.proc, c.m, c.ref, c.pos, c.st, c.depth
	if len(pos) == 0 {
		return false
	}
	if code, ok := pyLiteral(pos[0]); ok {
		w.pyCode(proc, code, m.file+":"+strconv.Itoa(ref.line), m.pkg, st, depth)
		return true
	}
	// exec(open(PATH).read()), compile(open(PATH).read(), ...).
	t := pos[0]
	n := len(t)
	if n >= 8 && t[0].kind == pyNAME && t[0].id == "open" && t[1].text == "(" && t[n-5].text == ")" && t[n-4].text == "." && t[n-3].id == "read" && t[n-2].text == "(" && t[n-1].text == ")" {
		if _, bound := m.f.binds["open"]; !bound {
			if p, ok := w.pyPath(proc, m, t[2:n-5]); ok {
				w.pyRunFile(proc, p, st, depth)
				return true
			}
		}
	}
	return false
}

// pyFollowSysPath follows sys.path.insert(0, DIR) and
// sys.path.append(DIR).
func (w *walker) pyFollowSysPath(c *pyCall) bool {
	pos := c.pos
	var dirToks []pyTok
	front := false
	switch {
	case strings.HasSuffix(c.q, ".insert") && len(pos) == 2:
		front = len(pos[0]) == 1 && pos[0][0].text == "0"
		dirToks = pos[1]
	case strings.HasSuffix(c.q, ".append") && len(pos) == 1:
		dirToks = pos[0]
	default:
		return false
	}
	d, ok := w.pyPath(c.proc, c.m, dirToks)
	if !ok {
		return false
	}
	w.pyAddPath(c.proc, d, front)
	return true
}

// pyAddPath puts the folder d on sys.path (first, or last): the imports
// resolved so far are resolved again on the new path at the end.
func (w *walker) pyAddPath(proc *pyProc, d string, front bool) {
	if w.top != "" && !strings.HasPrefix(w.rel(d), "./") && d != w.top {
		return // not the project's, as the standard library is not
	}
	w.pyZipPath(d)
	for _, s := range proc.search {
		if s == d {
			return // sys.path.insert(0, os.path.dirname(__file__)): already there
		}
	}
	if front {
		proc.search = append([]string{d}, proc.search...)
	} else {
		proc.search = append(proc.search, d)
	}
	proc.grown = true
}

// pyZipPath marks not covered a sys.path entry d that is a file: Python
// imports from a zip archive on sys.path (zipimport), which is not read
// here (a folder is searched, a missing entry is skipped).
func (w *walker) pyZipPath(d string) {
	if w.exists(d) {
		w.unknown("sys.path names the file " + w.rel(d) + ": the modules Python imports from it (a zip archive) are not followed")
	}
}

// pyRunFile follows the Python file p run in this process (runpy.run_path,
// exec(open(p).read())).
func (w *walker) pyRunFile(proc *pyProc, p string, st *state, depth int) {
	w.file(w.rel(p), val{s: p, known: true}, RoleScript, st)
	w.pyFollowFile(proc, p, filepath.Dir(p), st, depth)
}

// pyShell follows a command a Python process starts through the shell
// (os.system, subprocess with shell=True) or directly (an argument list,
// written here as the shell command that runs the same argv), in the
// process's current directory and environment.
func (w *walker) pyShell(cmd, cwd string, st *state, depth int) {
	sub := st.copy()
	sub.dir = cwd
	w.script(cmd, sub, depth+1)
}

func shellQuote(argv []string) string {
	q := make([]string, len(argv))
	for i, a := range argv {
		q[i] = "'" + strings.ReplaceAll(a, "'", `'\''`) + "'"
	}
	return strings.Join(q, " ")
}

// pyKeywordsOK reports whether a call's keyword arguments leave what it
// runs as its positional arguments say (env=, executable=, preexec_fn=,
// package= change it; cwd= is read by pyUse).
func pyKeywordsOK(args []pyArg) bool {
	for _, a := range args {
		if a.key == "" {
			if len(a.toks) > 0 && a.toks[0].kind == pyOp && (a.toks[0].text == "*" || a.toks[0].text == "**") {
				return false // *args, **kwargs
			}
			continue
		}
		switch a.key {
		case "check", "capture_output", "text", "universal_newlines", "timeout", "stdout", "stderr", "stdin", "input", "cwd",
			"encoding", "errors", "bufsize", "close_fds", "start_new_session", "shell", "mode", "buffering",
			"run_name", "init_globals", "alter_sys", "globals", "locals", "filename", "flags", "dont_inherit", "optimize":
		default:
			return false
		}
	}
	return true
}

func pyPositional(args []pyArg) [][]pyTok {
	var out [][]pyTok
	for _, a := range args {
		if a.key == "" {
			out = append(out, a.toks)
		}
	}
	return out
}

// pyArgv reads a list or tuple of literal strings, where sys.executable
// stands for python3.
func (w *walker) pyArgv(proc *pyProc, m *pyMod, toks []pyTok) ([]string, bool) {
	if len(toks) < 2 || toks[0].kind != pyOp || !(toks[0].text == "[" && toks[len(toks)-1].text == "]" || toks[0].text == "(" && toks[len(toks)-1].text == ")") {
		return nil, false
	}
	var out []string
	for _, el := range pySplit(toks[1 : len(toks)-1]) {
		if s, ok := pyLiteral(el); ok {
			out = append(out, s)
			continue
		}
		if chain, ok := pyChain(el); ok {
			if q, project := w.pyQual(proc, m, chain); !project && q == "sys.executable" {
				out = append(out, "python3")
				continue
			}
		}
		return nil, false
	}
	return out, true
}

// pySplit splits tokens at the commas outside brackets.
func pySplit(toks []pyTok) [][]pyTok {
	var out [][]pyTok
	depth, start := 0, 0
	for i, t := range toks {
		switch {
		case t.kind == pyFStart:
			depth++
		case t.kind == pyFEnd:
			depth--
		case t.kind == pyOp && (t.text == "(" || t.text == "[" || t.text == "{"):
			depth++
		case t.kind == pyOp && (t.text == ")" || t.text == "]" || t.text == "}"):
			depth--
		case t.kind == pyOp && t.text == "," && depth == 0:
			out = append(out, toks[start:i])
			start = i + 1
		}
	}
	if start < len(toks) {
		out = append(out, toks[start:])
	}
	return out
}

// pyChain reads NAME(.NAME)* filling all of toks.
func pyChain(toks []pyTok) ([]string, bool) {
	var chain []string
	for i, t := range toks {
		if i%2 == 0 {
			if t.kind != pyNAME || pyKeywords(t.text) {
				return nil, false
			}
			chain = append(chain, t.id)
		} else if t.kind != pyOp || t.text != "." {
			return nil, false
		}
	}
	return chain, len(toks)%2 == 1
}

// pyProjectModule is what pyQual says of a chain that names a project
// module itself.
const pyProjectModule = "\x00module"

// pyQual resolves a chain of names used in module m through its imports:
// the dotted name outside the project it names ("subprocess.run"; a
// builtin or a name no import binds is itself), or project true when it
// names the project's own code (a module, or something defined in one).
func (w *walker) pyQual(proc *pyProc, m *pyMod, chain []string) (string, bool) {
	ctx, names := m, chain
	for range 8 {
		t, ok := ctx.f.binds[names[0]]
		if !ok {
			if ctx == m {
				return strings.Join(names, "."), false
			}
			return "", true // defined in the project module
		}
		if file, v, ok := strings.Cut(strings.TrimPrefix(t, "\x00"), "\x00"); ok && strings.HasPrefix(t, "\x00") {
			if c := proc.mods[file]; c != nil {
				ctx = c
			}
			t = v
		}
		loc, rest := w.pyLocate(proc, ctx, t)
		if loc == "" {
			return strings.Join(append([]string{t}, names[1:]...), "."), false
		}
		loc, rest = w.pyDescend(loc, append(rest, names[1:]...))
		if len(rest) == 0 {
			return pyProjectModule, true
		}
		next := proc.mods[loc+".py"]
		if next == nil {
			next = proc.mods[filepath.Join(loc, "__init__.py")]
		}
		if next == nil {
			return "", true
		}
		ctx, names = next, rest
	}
	return strings.Join(chain, "."), false
}

// pyLocate finds the project module a binding's target names: its
// folder or path without .py, and the names after it; "" when the
// target is not the project's.
func (w *walker) pyLocate(proc *pyProc, ctx *pyMod, t string) (string, []string) {
	level := len(t) - len(strings.TrimLeft(t, "."))
	parts := strings.Split(t[level:], ".")
	if t[level:] == "" {
		parts = nil
	}
	var loc string
	if level > 0 {
		loc = ctx.pkg
		for range level - 1 {
			loc = filepath.Dir(loc)
		}
	} else {
		for _, d := range proc.search {
			if sub := filepath.Join(d, parts[0]); w.pyModuleAt(sub) {
				loc = sub
				break
			}
		}
		if loc == "" {
			return "", nil
		}
		parts = parts[1:]
	}
	return w.pyDescend(loc, parts)
}

// pyDescend follows names down from loc through the project's packages
// and modules (loc/a/, then loc/a/b.py) and returns the deepest found
// and the names after it.
func (w *walker) pyDescend(loc string, names []string) (string, []string) {
	for len(names) > 0 && w.pyModuleAt(filepath.Join(loc, names[0])) {
		loc, names = filepath.Join(loc, names[0]), names[1:]
	}
	return loc, names
}

// pyModuleAt reports whether p is a package folder or p.py a module of
// the project.
func (w *walker) pyModuleAt(p string) bool {
	_, ok := w.files.ReadDir(p)
	return ok || w.exists(p+".py")
}

// pyKindOf says what a use of the outside name q does: "" nothing this
// reader must follow, "risky" something it cannot, or the kind of call
// whose literal argument it follows.
func pyKindOf(q string, ref pyRef) string {
	head, rest, _ := strings.Cut(q, ".")
	if rest == "" {
		switch q {
		case "exec", "eval", "compile", "execfile":
			return "exec"
		case "__import__":
			return "import"
		case "vars":
			if ref.called && len(ref.args) > 0 {
				return "" // vars(obj) is obj.__dict__
			}
			return "risky"
		case "getattr", "delattr", "setattr":
			return "getattr"
		}
		if pyRisky(q) {
			return "risky"
		}
	}
	switch head {
	case "os", "posix", "nt":
		switch {
		case rest == "":
			return "risky" // the module as a value: getattr(os, name)
		case rest == "system" || rest == "popen":
			return "shell"
		case rest == "environ":
			if ref.store {
				return "risky"
			}
		case strings.HasPrefix(rest, "environ."):
			switch strings.TrimPrefix(rest, "environ.") {
			case "get", "copy", "items", "keys", "values":
			default:
				return "risky"
			}
		case rest == "chdir" || rest == "fchdir" || rest == "putenv" || rest == "unsetenv" || rest == "startfile" ||
			strings.HasPrefix(rest, "exec") || strings.HasPrefix(rest, "spawn") || strings.HasPrefix(rest, "posix_spawn"):
			return "risky"
		}
	case "sys":
		switch {
		case rest == "":
			return "risky"
		case rest == "path.insert" || rest == "path.append":
			return "syspath"
		case rest == "path" || strings.HasPrefix(rest, "path.") || rest == "modules" || strings.HasPrefix(rest, "modules.") ||
			rest == "_getframe" || rest == "exc_info" || strings.HasPrefix(rest, "_current_frames") || rest == "settrace" || rest == "setprofile" ||
			strings.HasPrefix(rest, "meta_path") || strings.HasPrefix(rest, "path_hooks") || strings.HasPrefix(rest, "path_importer_cache"):
			return "risky"
		}
	case "asyncio":
		switch rest {
		case "create_subprocess_shell":
			return "shell"
		case "create_subprocess_exec":
			return "argv"
		case "subprocess.PIPE", "subprocess.DEVNULL", "subprocess.STDOUT":
			return ""
		}
		if strings.HasPrefix(rest, "subprocess") {
			return "risky"
		}
	case "subprocess":
		switch rest {
		case "run", "call", "check_call", "check_output", "Popen":
			return "proc"
		case "getoutput", "getstatusoutput":
			return "shell"
		case "PIPE", "DEVNULL", "STDOUT", "CalledProcessError", "TimeoutExpired", "CompletedProcess", "SubprocessError", "list2cmdline":
			return ""
		}
		return "risky"
	case "runpy":
		switch rest {
		case "run_path":
			return "runpath"
		case "run_module":
			return "runmod"
		}
		return "risky"
	case "importlib":
		switch rest {
		case "import_module", "__import__":
			return "import"
		case "metadata.version", "metadata.PackageNotFoundError", "metadata.metadata":
			return ""
		}
		return "risky"
	case "pty":
		switch rest {
		case "spawn":
			return "argv1"
		case "":
			return "risky"
		}
	case "logging":
		if strings.HasPrefix(rest, "config") {
			return "risky" // fileConfig and dictConfig evaluate names and arguments
		}
	case "operator":
		if rest == "attrgetter" || rest == "methodcaller" {
			return "risky"
		}
	case "yaml":
		if strings.HasPrefix(rest, "unsafe_") || rest == "Loader" || rest == "UnsafeLoader" || rest == "full_load" || rest == "FullLoader" {
			return "risky" // python/object tags construct and call anything
		}
	case "unittest":
		switch rest {
		case "main", "TestLoader", "defaultTestLoader", "TestProgram":
			return "risky"
		}
	default:
		if pyDangerMods(head) {
			return "risky"
		}
	}
	for _, c := range strings.Split(q, ".") {
		if pyDunder(c) && !pySafeDunders(c) {
			return "risky"
		}
	}
	for _, c := range strings.Split(rest, ".") {
		if c != "" && pyRiskyAttr(c) {
			return "risky"
		}
	}
	return ""
}

// pyPath evaluates a path expression made of string literals, __file__,
// os.path.dirname/join/abspath/realpath/normpath, os.getcwd(), str(),
// os.fspath() and pathlib.Path with .parent, .parents[N], .resolve(),
// .absolute(), .joinpath() and /. A relative result is from the
// process's current directory.
func (w *walker) pyPath(proc *pyProc, m *pyMod, toks []pyTok) (string, bool) {
	e := &pyPathEval{w: w, proc: proc, m: m, t: toks}
	v, ok := e.expr()
	if !ok || e.i != len(toks) || v == "" {
		return "", false
	}
	if !filepath.IsAbs(v) {
		if proc.cwd == "" {
			return "", false
		}
		v = filepath.Join(proc.cwd, v)
	}
	return filepath.Clean(v), true
}

type pyPathEval struct {
	w    *walker
	proc *pyProc
	m    *pyMod
	t    []pyTok
	i    int
	// nest counts the module constants being evaluated (pyconst.go).
	nest int
}

func (e *pyPathEval) is(s string) bool {
	return e.i < len(e.t) && e.t[e.i].kind == pyOp && e.t[e.i].text == s
}

func (e *pyPathEval) op(s string) bool {
	if e.i < len(e.t) && e.t[e.i].kind == pyOp && e.t[e.i].text == s {
		e.i++
		return true
	}
	return false
}

func (e *pyPathEval) expr() (string, bool) {
	v, ok := e.term()
	for ok && e.op("/") {
		var r string
		if r, ok = e.term(); ok {
			v = pyJoin(v, r)
		}
	}
	return v, ok
}

// pyExpandUser expands a leading ~ to $HOME when it is known (the user's
// home); ~user is not known.
func pyExpandUser(p string, vars map[string]string) (string, bool) {
	if p != "~" && !strings.HasPrefix(p, "~/") {
		return p, !strings.HasPrefix(p, "~")
	}
	home := vars["HOME"]
	if !filepath.IsAbs(home) {
		return "", false
	}
	return home + p[1:], true
}

func pyJoin(a, b string) string {
	if filepath.IsAbs(b) {
		return b
	}
	return filepath.Join(a, b)
}

// args reads a call's arguments after its '(' as path expressions.
func (e *pyPathEval) args() ([]string, bool) {
	var out []string
	for !e.op(")") {
		v, ok := e.expr()
		if !ok {
			return nil, false
		}
		out = append(out, v)
		if !e.op(",") {
			if !e.op(")") {
				return nil, false
			}
			break
		}
	}
	return out, true
}

func (e *pyPathEval) term() (string, bool) {
	var v string
	var ok bool
	switch {
	case e.i < len(e.t) && e.t[e.i].kind == pySTRING:
		j := e.i
		for j < len(e.t) && e.t[j].kind == pySTRING {
			j++
		}
		v, ok = pyLiteral(e.t[e.i:j])
		e.i = j
	case e.op("("):
		v, ok = e.expr()
		ok = ok && e.op(")")
	case e.i < len(e.t) && e.t[e.i].kind == pyNAME:
		var chain []string
		chain = append(chain, e.t[e.i].id)
		e.i++
		for e.i+1 < len(e.t) && e.t[e.i].kind == pyOp && e.t[e.i].text == "." && e.t[e.i+1].kind == pyNAME {
			// Stop before a Path method: it is a trailer.
			if n := e.t[e.i+1].id; n == "parent" || n == "parents" || n == "resolve" || n == "absolute" || n == "joinpath" ||
				n == "with_name" || n == "with_suffix" || n == "with_stem" {
				break
			} else if q, _ := e.w.pyQual(e.proc, e.m, chain); n == "expanduser" && q != "os.path" && q != "posixpath" {
				break
			}
			chain = append(chain, e.t[e.i+1].id)
			e.i += 2
		}
		if toks, isConst := e.m.f.consts[chain[0]]; isConst && len(chain) == 1 && !e.is("(") {
			// A module constant: its value, computed here.
			if e.nest >= 8 {
				return "", false
			}
			sub := &pyPathEval{w: e.w, proc: e.proc, m: e.m, t: toks, nest: e.nest + 1}
			if v, ok = sub.expr(); !ok || sub.i != len(toks) {
				return "", false
			}
			break
		}
		q, project := e.w.pyQual(e.proc, e.m, chain)
		if project {
			return "", false
		}
		if q == "__file__" {
			if !filepath.IsAbs(e.m.file) || strings.Contains(filepath.Base(e.m.file), ":") {
				return "", false
			}
			v, ok = e.m.file, true
			break
		}
		if q == "os.environ" && e.op("[") {
			// os.environ["GEMINI_PROJECT_DIR"]: a variable known here.
			if e.i >= len(e.t) || e.t[e.i].kind != pySTRING {
				return "", false
			}
			name, lok := pyLiteral(e.t[e.i : e.i+1])
			e.i++
			v, ok = e.proc.vars[name]
			ok = ok && lok && e.op("]") && v != ""
			break
		}
		if !e.op("(") {
			return "", false
		}
		if q == "os.environ.get" || q == "os.getenv" {
			// A variable known here (its default is not: the
			// environment may set it).
			if e.i+1 >= len(e.t) || e.t[e.i].kind != pySTRING {
				return "", false
			}
			name, lok := pyLiteral(e.t[e.i : e.i+1])
			e.i++
			if !lok || !e.op(")") {
				return "", false
			}
			v, ok = e.proc.vars[name]
			ok = ok && v != ""
			break
		}
		args, aok := e.args()
		if !aok {
			return "", false
		}
		switch q {
		case "os.path.dirname":
			if len(args) == 1 {
				v, ok = filepath.Dir(args[0]), true
			}
		case "os.path.abspath", "os.path.realpath", "os.path.normpath", "os.fspath", "str", "pathlib.PurePath", "pathlib.PurePosixPath", "pathlib.PosixPath":
			if len(args) == 1 {
				v, ok = args[0], true
			}
		case "pathlib.Path", "os.path.join":
			if len(args) > 0 {
				v, ok = args[0], true
				for _, a := range args[1:] {
					v = pyJoin(v, a)
				}
			}
		case "os.getcwd", "pathlib.Path.cwd":
			if len(args) == 0 && e.proc.cwd != "" {
				v, ok = e.proc.cwd, true
			}
		case "os.path.expanduser":
			if len(args) == 1 {
				v, ok = pyExpandUser(args[0], e.proc.vars)
			}
		case "pathlib.Path.home":
			if len(args) == 0 {
				v, ok = pyExpandUser("~", e.proc.vars)
			}
		}
	}
	if !ok {
		return "", false
	}
	return e.trailers(v)
}

// trailers applies what follows a path's value: .parent, .parents[N],
// .resolve(), .expanduser(), .with_name(...), .joinpath(...).
func (e *pyPathEval) trailers(v string) (string, bool) {
	ok := true
	for ok && e.op(".") {
		if e.i >= len(e.t) || e.t[e.i].kind != pyNAME {
			return "", false
		}
		name := e.t[e.i].id
		e.i++
		switch name {
		case "parent":
			v = filepath.Dir(v)
		case "parents":
			if !e.op("[") || e.i >= len(e.t) || e.t[e.i].kind != pyNUMBER {
				return "", false
			}
			n, err := strconv.Atoi(e.t[e.i].text)
			e.i++
			if err != nil || !e.op("]") {
				return "", false
			}
			for range n + 1 {
				v = filepath.Dir(v)
			}
		case "resolve", "absolute":
			ok = e.op("(") && e.op(")")
		case "expanduser":
			if ok = e.op("(") && e.op(")"); ok {
				v, ok = pyExpandUser(v, e.proc.vars)
			}
		case "with_name", "with_suffix", "with_stem":
			// Path("x/a.txt").with_name("b.sh"): a literal argument.
			if !e.op("(") || e.i >= len(e.t) || e.t[e.i].kind != pySTRING {
				return "", false
			}
			arg, lok := pyLiteral(e.t[e.i : e.i+1])
			e.i++
			if !lok || !e.op(")") || strings.ContainsRune(arg, '/') {
				return "", false
			}
			base := filepath.Base(v)
			ext := filepath.Ext(base)
			switch name {
			case "with_name":
				base = arg
			case "with_suffix":
				base = strings.TrimSuffix(base, ext) + arg
			case "with_stem":
				base = arg + ext
			}
			v = filepath.Join(filepath.Dir(v), base)
		case "joinpath":
			if !e.op("(") {
				return "", false
			}
			args, aok := e.args()
			ok = aok
			for _, a := range args {
				v = pyJoin(v, a)
			}
		default:
			return "", false
		}
	}
	if !ok {
		return "", false
	}
	return v, true
}
