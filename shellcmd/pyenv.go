package shellcmd

import (
	"path/filepath"
	"sort"
	"strings"
)

// What starts before a Python script runs, and which interpreter runs it.
//
// A version manager's shim (pyenv, asdf, mise, nvm, rbenv, uv) picks the
// interpreter from a selection file found from the current directory
// upward (.python-version, .tool-versions, mise.toml, .nvmrc, ...): each
// such place, up to the project's top, is recorded (hashed when present,
// watched when not), so switching or planting one changes the
// fingerprint.
//
// An interpreter inside the project (.venv/bin/python, found by path or
// on the project's PATH folders) or a project runner (uv run, poetry run,
// pipenv run, pdm run, hatch run) starts in the project's virtual
// environment: CPython finds pyvenv.cfg next to the interpreter or one
// folder up (site.py, venv), puts the environment's site-packages on
// sys.path, reads every .pth file there (a line starting with import runs
// code; other lines add folders) and imports sitecustomize and
// usercustomize from sys.path (not from the script's folder, which is put
// first only later; PYTHONPATH's folders do count). The .pth files and
// pyvenv.cfg are hashed, a .pth that runs code is not covered, a module
// found in site-packages is package code (not followed, not covered, its
// tree left out for the acknowledgement) and sitecustomize is followed.
// A runner also reads the project's manifests and lock files (hashed) and
// may build the project first (setup.py, followed).

// pyVenvVar is the state entry (not a shell variable: its name holds a
// NUL) that names the project virtual environment a Python process
// starts in.
const pyVenvVar = "\x00python-venv"

// selectionFiles are the interpreter-selection files each language's
// version managers read.
func selectionFiles(lang string) []string {
	switch lang {
	case "python":
		return []string{".python-version", ".tool-versions", ".mise.toml", "mise.toml", ".mise.local.toml", "mise.local.toml", ".config/mise.toml"}
	case "node":
		return []string{".nvmrc", ".node-version", ".tool-versions", ".mise.toml", "mise.toml", ".mise.local.toml", "mise.local.toml", ".config/mise.toml"}
	case "ruby":
		return []string{".ruby-version", ".tool-versions", ".mise.toml", "mise.toml", ".mise.local.toml", "mise.local.toml", ".config/mise.toml"}
	}
	return nil
}

// pyRunnerFiles are what uv, poetry, pipenv, pdm and hatch read to set
// up the environment they run a command in.
var pyRunnerFiles = []string{"pyproject.toml", "uv.lock", "uv.toml", "poetry.lock", "poetry.toml", "pdm.lock", "pdm.toml",
	"Pipfile", "Pipfile.lock", "hatch.toml", "setup.cfg", "requirements.txt"}

// interpreterSelection records the selection files of lang's version
// managers from the current directory up to the project's top.
func (w *walker) interpreterSelection(lang string, st *state) {
	names := selectionFiles(lang)
	if w.files == nil || len(names) == 0 || w.top == "" {
		return
	}
	if st.dir == "" {
		w.unknown("the " + lang + " version a version manager picks after cd to a computed directory")
		return
	}
	for _, d := range w.upward(st.dir) {
		for _, n := range names {
			p := filepath.Join(d, n)
			w.probe(w.rel(p), p, RoleManifest)
		}
	}
}

// upward lists dir and its parents up to the project's top (none when
// dir is outside it).
func (w *walker) upward(dir string) []string {
	var out []string
	for d := filepath.Clean(dir); ; d = filepath.Dir(d) {
		if w.rel(d) == d && d != w.top {
			return out // outside the project
		}
		out = append(out, d)
		if d == w.top || d == filepath.Dir(d) {
			return out
		}
	}
}

// pyInterpreter is called when a program runs Python (n as written: the
// interpreter, or uv): it records the selection files and returns the
// state the Python process starts in, naming the project's virtual
// environment when the interpreter is one's.
func (w *walker) pyInterpreter(n string, st *state) *state {
	w.interpreterSelection("python", st)
	if w.files == nil {
		return st
	}
	var exe string
	switch {
	case strings.Contains(n, "/"):
		exe = w.progPath(n, st)
	default:
		for _, d := range st.path {
			if d != "" && w.exists(filepath.Join(d, n)) {
				exe = filepath.Join(d, n)
				break
			}
		}
	}
	if exe == "" || w.rel(exe) == exe {
		return st // not the project's
	}
	for _, d := range []string{filepath.Dir(exe), filepath.Dir(filepath.Dir(exe))} {
		if cfg := filepath.Join(d, "pyvenv.cfg"); w.exists(cfg) {
			st = st.copy()
			st.vars[pyVenvVar] = d
			return st
		}
	}
	return st
}

// pyRunner is called for uv run, poetry run and the like: it records the
// files the runner reads and returns the state its command starts in (in
// the project's .venv when there is one).
func (w *walker) pyRunner(base string, st *state, depth int) *state {
	w.interpreterSelection("python", st)
	if w.files == nil || w.top == "" {
		return st
	}
	if st.dir == "" {
		w.unknown(base + " run after cd to a computed directory: the project it runs in is not known")
		return st
	}
	venv := ""
	for _, d := range w.upward(st.dir) {
		for _, n := range pyRunnerFiles {
			p := filepath.Join(d, n)
			w.probe(w.rel(p), p, RoleManifest)
		}
		if venv == "" && w.exists(filepath.Join(d, ".venv", "pyvenv.cfg")) {
			venv = filepath.Join(d, ".venv")
		}
		if setup := filepath.Join(d, "setup.py"); w.exists(setup) && w.exists(filepath.Join(d, "pyproject.toml")) {
			// Syncing the environment builds the project: setup.py runs.
			w.followPython(w.file(w.rel(setup), val{s: setup, known: true}, RoleScript, st), st, depth, "")
		}
	}
	if venv == "" {
		return st
	}
	st = st.copy()
	st.vars[pyVenvVar] = venv
	// The environment's bin folder is first on the command's PATH.
	st.path = append([]string{filepath.Join(venv, "bin")}, st.path...)
	return st
}

// pyStartup follows what CPython runs at start-up before the script, in
// the process proc: the virtual environment's .pth files, and
// sitecustomize and usercustomize on sys.path.
func (w *walker) pyStartup(proc *pyProc, st *state, depth int) {
	if w.files == nil {
		return
	}
	if venv := st.vars[pyVenvVar]; venv != "" {
		cfg := filepath.Join(venv, "pyvenv.cfg")
		w.file(w.rel(cfg), val{s: cfg, known: true}, RoleManifest, st)
		for _, site := range w.siteDirs(venv) {
			proc.site = append(proc.site, site)
			entries, _ := w.files.ReadDir(site)
			sort.Strings(entries)
			for _, e := range entries {
				if strings.HasSuffix(e, ".pth") {
					w.pyPth(proc, filepath.Join(site, e), site, st)
				}
			}
		}
	}
	// site.py imports them from sys.path as it is then: PYTHONPATH and
	// the site folders, not yet the script's own folder.
	dirs := append(append([]string{}, proc.search[1:]...), proc.site...)
	for _, mod := range []string{"sitecustomize", "usercustomize"} {
		for _, d := range dirs {
			if w.pyFindIn(proc, d, mod, st, depth) {
				break
			}
		}
	}
}

// siteDirs are a virtual environment's site-packages folders.
func (w *walker) siteDirs(venv string) []string {
	var out []string
	for _, lib := range []string{"lib", "lib64"} {
		entries, _ := w.files.ReadDir(filepath.Join(venv, lib))
		for _, e := range entries {
			if strings.HasPrefix(e, "python") || strings.HasPrefix(e, "pypy") {
				d := filepath.Join(venv, lib, e, "site-packages")
				if _, ok := w.files.ReadDir(d); ok && !containsStr(out, d) {
					out = append(out, d)
				}
			}
		}
	}
	if d := filepath.Join(venv, "Lib", "site-packages"); !containsStr(out, d) {
		if _, ok := w.files.ReadDir(d); ok {
			out = append(out, d)
		}
	}
	return out
}

func containsStr(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// pyPth reads a .pth file as site.addpackage does: a line starting with
// "import" (then a space or a tab) is run; others add a folder (relative
// to the site folder) to sys.path when it exists.
func (w *walker) pyPth(proc *pyProc, p, site string, st *state) {
	w.file(w.rel(p), val{s: p, known: true}, RoleSource, st)
	data, _, ok := w.files.ReadFile(p)
	if !ok {
		return
	}
	for _, line := range strings.Split(string(data), "\n") {
		line = strings.TrimRight(line, "\r")
		switch {
		case strings.HasPrefix(line, "#") || strings.TrimSpace(line) == "":
		case strings.HasPrefix(line, "import ") || strings.HasPrefix(line, "import\t"):
			w.unknown(w.rel(p) + " runs code at every start of the environment's python: not followed")
			w.leave(p, false)
		default:
			d := strings.TrimSpace(line)
			if !filepath.IsAbs(d) {
				d = filepath.Join(site, d)
			}
			w.pyAddPath(proc, filepath.Clean(d), false)
		}
	}
}

// interpreterStart is called when a program of the table runs code of
// lang: the selection files its version managers read are recorded, and
// Python's start-up state is set (pyInterpreter, pyRunner).
func (w *walker) interpreterStart(row, sub *Row, n, lang string, st *state, depth int) *state {
	switch {
	case lang == "python" && row.Names[0] == "uv":
		if sub != row {
			return w.pyRunner("uv", st, depth)
		}
	case lang == "python":
		return w.pyInterpreter(n, st)
	case selectionFiles(lang) != nil:
		w.interpreterSelection(lang, st)
	}
	return st
}

// pyFindIn looks for the module name in folder d of sys.path: in a
// virtual environment's site-packages, what is found is package code.
func (w *walker) pyFindIn(proc *pyProc, d, name string, st *state, depth int) bool {
	if !containsStr(proc.site, d) || name == "sitecustomize" || name == "usercustomize" {
		return w.pyFind(proc, d, name, st, depth)
	}
	for _, p := range []string{filepath.Join(d, name, "__init__.py"), filepath.Join(d, name+".py")} {
		w.probe(w.rel(p), p, RoleScript)
	}
	pkg := filepath.Join(d, name)
	if _, ok := w.files.ReadDir(pkg); ok {
		w.unknown("the package code in " + w.rel(pkg) + " is not followed")
		w.leave(pkg, true)
		return true
	}
	entries, _ := w.files.ReadDir(d)
	for _, e := range entries {
		if e == name+".py" || strings.HasPrefix(e, name+".") && (strings.HasSuffix(e, ".so") || strings.HasSuffix(e, ".pyd") || strings.HasSuffix(e, ".pyc")) {
			p := filepath.Join(d, e)
			w.file(w.rel(p), val{s: p, known: true}, RoleScript, st)
			w.unknown("the package code in " + w.rel(p) + " is not followed")
			w.leave(p, false)
			return true
		}
	}
	return false
}
