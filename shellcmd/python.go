package shellcmd

import (
	"path/filepath"
	"strings"

	"github.com/gh-hooks/gh-hooks/internal/lazyre"
)

// Python: a script's imports are found in its text and resolved the way
// Python's path finder does (importlib, sys.path): the script's own
// folder first (or the current directory for -c and -m), then PYTHONPATH,
// then the standard library and site-packages, which are not the
// project's. For each module the places looked in are listed (a module
// planted next to the script shadows the standard library's), the first
// that exists is followed: a package's __init__.py, then the module.

var (
	pyImport = lazyre.New(`^import\s+(.+)$`)
	pyFrom   = lazyre.New(`^from\s+(\.*)\s*([\w.]*)\s+import\s+(.+)$`)
	// pyDynamic are calls that import or run a module or file named at
	// run time; with a literal argument the module is resolved.
	pyDynamic = lazyre.New(`\b(importlib\.import_module|__import__|import_module)\s*\(\s*(?:(['"])([\w.]+)['"])?`)
	// pyOwnFolder is the idiom that puts the script's own folder on
	// sys.path, where it already is first; pyOtherPath any other change.
	pyOwnFolder = lazyre.New(`(?m)^\s*sys\.path\.(?:insert\(\s*0\s*,|append\()\s*(?:os\.path\.dirname\(\s*(?:os\.path\.(?:abspath|realpath)\(\s*)?__file__\s*\)?\s*\)|str\(\s*(?:pathlib\.)?Path\(\s*__file__\s*\)(?:\.resolve\(\))?\.parent\s*\))\s*\)\s*$`)
	pyOtherPath = lazyre.New(`\bsys\.path\.(?:insert|append|extend)`)
	// pyOpaque are ways a script reaches code this reader cannot follow.
	pyOpaque = lazyre.New(`\b(sys\.path\.(?:insert|append|extend)|site\.addsitedir|runpy\.run_\w+|exec\s*\(\s*open|subprocess\.|os\.system\s*\(|os\.popen\s*\(|os\.exec\w*\s*\(|os\.spawn\w*\s*\(|pty\.spawn|importlib\.util\.spec_from_file_location|imp\.load_source)`)
)

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
	return search
}

// followPython follows a Python script file p.
func (w *walker) followPython(p string, st *state, depth int, _ string) {
	w.isolated("python", p, st, func(sub *walker) { sub.followPythonNow(p, st, depth) })
}

func (w *walker) followPythonNow(p string, st *state, depth int) {
	data, real, leave, ok := w.open("python", p)
	if !ok {
		return
	}
	defer leave()
	w.pyImports(string(data), real, filepath.Dir(real), w.pySearch(filepath.Dir(real), st), st, depth)
}

// pythonModule follows python -m MOD: sys.path[0] is the current
// directory; a package runs its __main__.py.
func (w *walker) pythonModule(mod string, st *state, depth int) {
	if w.files == nil {
		return
	}
	if st.dir == "" {
		w.unknown("python -m " + mod + " after cd to a computed directory")
		return
	}
	search := w.pySearch(st.dir, st)
	pkg := w.pyResolve(mod, "", search, st, depth)
	if pkg != "" {
		w.pyFollowFile(filepath.Join(pkg, "__main__.py"), search, st, depth, true)
	}
}

// pythonCode follows python -c CODE (sys.path[0] is the current
// directory).
func (w *walker) pythonCode(code, _ string, st *state, depth int) {
	if st.dir == "" {
		if strings.Contains(code, "import") {
			w.unknown("python -c after cd to a computed directory")
		}
		return
	}
	w.pyImports(code, "python -c", st.dir, w.pySearch(st.dir, st), st, depth)
}

// pyFollowFile follows one module file found on the search path.
func (w *walker) pyFollowFile(p string, search []string, st *state, depth int, probe bool) bool {
	if probe {
		w.probe(w.rel(p), p, RoleScript)
	}
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
	w.pyImports(string(data), real, filepath.Dir(real), search, st, depth)
	return true
}

// pyImports follows the imports of code in file (its name, for reasons);
// pkg is the folder relative imports start from.
func (w *walker) pyImports(code, file, pkg string, search []string, st *state, depth int) {
	if w.files == nil {
		return
	}
	name := w.rel(file)
	for _, stmt := range pyStatements(code) {
		if m := pyImport.Get().FindStringSubmatch(stmt); m != nil {
			for _, part := range strings.Split(m[1], ",") {
				mod := strings.Fields(strings.TrimSpace(part))
				if len(mod) > 0 && pyName(mod[0]) {
					w.pyResolve(mod[0], "", search, st, depth)
				}
			}
			continue
		}
		if m := pyFrom.Get().FindStringSubmatch(stmt); m != nil {
			dots, mod, names := m[1], m[2], strings.Trim(strings.TrimSpace(m[3]), "()")
			base := ""
			if dots != "" {
				base = pkg
				for range len(dots) - 1 {
					base = filepath.Dir(base)
				}
			}
			dir := w.pyResolve(mod, base, search, st, depth)
			if dir == "" {
				continue
			}
			if _, isPkg := w.files.ReadDir(dir); !isPkg {
				continue
			}
			// from P import a: a may be a submodule of the package P.
			for _, part := range strings.Split(names, ",") {
				f := strings.Fields(strings.TrimSpace(part))
				if len(f) > 0 && f[0] != "*" && pyName(f[0]) {
					w.pySub(dir, f[0], search, st, depth)
				}
			}
		}
	}
	for _, m := range pyDynamic.Get().FindAllStringSubmatch(code, -1) {
		if m[3] != "" {
			w.pyResolve(m[3], "", search, st, depth)
			continue
		}
		w.unknown("a dynamic import (" + m[1] + ") in " + name)
	}
	for _, m := range pyOpaque.Get().FindAllStringSubmatch(code, -1) {
		what := strings.TrimRight(m[1], "( ")
		if strings.HasPrefix(what, "sys.path") && pyOwnFolder.Get().MatchString(code) && !pyOtherPath.Get().MatchString(pyOwnFolder.Get().ReplaceAllString(code, "")) {
			continue // sys.path.insert(0, os.path.dirname(__file__)): already first
		}
		w.unknown(what + " in " + name + ": what it loads or runs is not followed")
	}
}

// pyResolve resolves the module mod (dotted; "" with base for `from .
// import`), relative to the package folder base when base is set, else
// on the search path; each package's __init__.py and the module are
// followed. It returns the package folder when mod is a package (for
// submodules), else "".
func (w *walker) pyResolve(mod, base string, search []string, st *state, depth int) string {
	parts := []string{}
	if mod != "" {
		parts = strings.Split(mod, ".")
	}
	dir := base
	if base == "" {
		if len(parts) == 0 {
			return ""
		}
		found := false
		for _, d := range search {
			if d == "" {
				continue
			}
			if w.pySub(d, parts[0], search, st, depth) {
				dir, found = filepath.Join(d, parts[0]), true
				break
			}
		}
		if !found {
			return "" // the standard library or site-packages: not the project's
		}
		parts = parts[1:]
	}
	for _, p := range parts {
		if !w.pySub(dir, p, search, st, depth) {
			return ""
		}
		dir = filepath.Join(dir, p)
	}
	return dir
}

// pySub looks for the module name in folder dir: a package
// (name/__init__.py, or a namespace folder), then name.py. It follows
// what it finds and reports whether there was something.
func (w *walker) pySub(dir, name string, search []string, st *state, depth int) bool {
	if w.full() {
		return false
	}
	if w.pyFollowFile(filepath.Join(dir, name, "__init__.py"), search, st, depth, true) {
		return true
	}
	if w.pyFollowFile(filepath.Join(dir, name+".py"), search, st, depth, true) {
		return true
	}
	if w.files != nil {
		if _, ok := w.files.ReadDir(filepath.Join(dir, name)); ok {
			return true // a namespace package
		}
	}
	return false
}

func pyName(s string) bool {
	for i, c := range s {
		if !(c == '_' || c == '.' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || i > 0 && c >= '0' && c <= '9') {
			return false
		}
	}
	return s != ""
}

// pyStatements returns the logical lines of code that start with import
// or from, with backslash and parenthesis continuations joined and
// comments removed.
func pyStatements(code string) []string {
	var out []string
	lines := strings.Split(code, "\n")
	for i := 0; i < len(lines); i++ {
		line := strings.TrimSpace(stripComment(lines[i]))
		if !strings.HasPrefix(line, "import ") && !strings.HasPrefix(line, "from ") {
			continue
		}
		for (strings.HasSuffix(line, "\\") || strings.Count(line, "(") > strings.Count(line, ")")) && i+1 < len(lines) {
			i++
			line = strings.TrimSuffix(line, "\\") + " " + strings.TrimSpace(stripComment(lines[i]))
		}
		for _, s := range strings.Split(line, ";") {
			if s = strings.TrimSpace(s); s != "" {
				out = append(out, s)
			}
		}
	}
	return out
}

func stripComment(line string) string {
	if i := strings.IndexByte(line, '#'); i >= 0 && !strings.ContainsAny(line[:i], `'"`) {
		return line[:i]
	}
	return line
}
