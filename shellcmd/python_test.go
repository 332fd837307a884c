package shellcmd

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestPythonReach: every import form at any nesting, aliases of the
// process and loader APIs, CPython's finder order and the literals that
// are followed (issue 30 §4). Each case lists the files reached (not
// probes) and the reasons the hook is not covered.
func TestPythonReach(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		fs      fakeFS
		cmd     string
		files   []string
		unknown []string
	}{
		{"if True: import m", fakeFS{"/p/x.py": "if True: import m\n", "/p/m.py": ""}, `python3 x.py`,
			[]string{"script /p/x.py", "script /p/m.py"}, nil},
		{"nested blocks", fakeFS{"/p/x.py": "def f():\n    try:\n        with a:\n            import m\n    except E: import n\nclass C:\n  import o ; import p\n",
			"/p/m.py": "", "/p/n.py": "", "/p/o.py": "", "/p/p.py": ""}, `python3 x.py`,
			[]string{"script /p/x.py", "script /p/m.py", "script /p/n.py", "script /p/o.py", "script /p/p.py"}, nil},
		{"import a.b as c", fakeFS{"/p/x.py": "import a.b as c\n", "/p/a/__init__.py": "", "/p/a/b.py": ""}, `python3 x.py`,
			[]string{"script /p/x.py", "script /p/a/__init__.py", "script /p/a/b.py"}, nil},
		{"from .m import (a,\\n b)", fakeFS{"/p/pkg/x.py": "from .m import (a,\n b,)\nfrom . import c\n", "/p/pkg/m.py": "", "/p/pkg/c.py": ""},
			`python3 pkg/x.py`, []string{"script /p/pkg/x.py", "script /p/pkg/m.py", "script /p/pkg/c.py"}, nil},
		{"continuations and odd spacing", fakeFS{"/p/x.py": "import \\\n  m\nfrom\t\tpkg   import\\\n sub\n", "/p/m.py": "", "/p/pkg/__init__.py": "", "/p/pkg/sub.py": ""},
			`python3 x.py`, []string{"script /p/x.py", "script /p/m.py", "script /p/pkg/__init__.py", "script /p/pkg/sub.py"}, nil},
		{"a bracket closed at the start of a line", fakeFS{"/p/x.py": "def f():\n    with g(\n        a,\n    ) as r:\n        import m\n", "/p/m.py": ""}, `python3 x.py`,
			[]string{"script /p/x.py", "script /p/m.py"}, nil},
		{"a folder", fakeFS{"/p/app/__main__.py": "import m\n", "/p/app/m.py": ""}, `python3 app`, []string{"script /p/app", "script /p/app/__main__.py", "script /p/app/m.py"}, nil},
		{"a namespace package in two sys.path folders", fakeFS{"/p/x.py": "import ns.b\n", "/p/ns/a.py": "", "/p/lib/ns/b.py": ""},
			`PYTHONPATH=lib python3 x.py`, []string{"script /p/x.py"},
			[]string{"the namespace package ns in ./ns has another portion or a module on sys.path (./lib/ns): not followed"}},
		{"a zip archive on sys.path and PYTHONPATH", fakeFS{"/p/x.py": "import sys\nsys.path.append('lib.zip')\nimport m\n", "/p/lib.zip": "PK", "/p/z.zip": "PK"},
			`PYTHONPATH=z.zip python3 x.py`, []string{"script /p/x.py"},
			[]string{"sys.path names the file ./z.zip: the modules Python imports from it (a zip archive) are not followed",
				"sys.path names the file ./lib.zip: the modules Python imports from it (a zip archive) are not followed"}},
		{"python -m a tool outside the project", fakeFS{"/p/conftest.py": ""}, `python3 -m pytest -q && python3 -m json.tool x.json`, nil,
			[]string{"python -m pytest: a module outside the project, which can load the project's code: not followed"}},
		// Libraries that run or load what a project file holds, or put a
		// .env into the environment child processes start with.
		{"loaders by other names", fakeFS{"/p/x.py": "import torch, sqlite3, pandas\nfrom dotenv import load_dotenv\ntorch.load('m.pt')\nc = sqlite3.connect(':memory:')\nc.load_extension('./ext')\npandas.read_pickle('d.pkl')\nload_dotenv()\n"},
			`python3 x.py`, []string{"script /p/x.py"},
			[]string{"torch.load called at ./x.py:3", "a call of an object's load_extension at ./x.py:5", "pandas.read_pickle called at ./x.py:6", "load_dotenv (dotenv.load_dotenv) called at ./x.py:7"}},
		{"templates and configs that run code", fakeFS{"/p/x.py": "import jinja2, git\njinja2.Template(open('t.j2').read()).render()\ngit.Repo('.').index.commit('m')\n"},
			`python3 x.py`, []string{"script /p/x.py"}, []string{"jinja2.Template called at ./x.py:2", "git.Repo called at ./x.py:3"}},
		{"a here-document", fakeFS{"/p/m.py": ""}, "python3 - <<'EOF'\nimport m\nEOF", []string{"script /p/m.py"}, nil},
		{"a here-string", fakeFS{"/p/m.py": ""}, "python3 <<< 'import m'", []string{"script /p/m.py"}, nil},
		{"NFKC names", fakeFS{"/p/x.py": "import ｍ\n", "/p/m.py": ""}, `python3 x.py`, []string{"script /p/x.py", "script /p/m.py"}, nil},
		{"an import inside a string is none", fakeFS{"/p/x.py": "s = '''\nimport m\n'''\nt = f\"{'import n'}\"\n", "/p/m.py": "", "/p/n.py": ""},
			`python3 x.py`, []string{"script /p/x.py"}, nil},
		{"modern syntax", fakeFS{"/p/x.py": "match x:\n    case [a, *_]:\n        import m\ntype T[X] = list[X]\nasync def f[T](a: T, /) -> T:\n    if (k := await g()):\n        import n\n    return f\"{f\"{a!r:>{w}}\"}\"\n",
			"/p/m.py": "", "/p/n.py": ""}, `python3 x.py`, []string{"script /p/x.py", "script /p/m.py", "script /p/n.py"}, nil},
		{"a file CPython refuses", fakeFS{"/p/x.py": "import m\nx = 'open\n"}, `python3 x.py`, []string{"script /p/x.py"},
			[]string{"./x.py:2: unterminated string literal (not Python this reader can read): what it imports is not followed"}},
		{"utf-7 source", fakeFS{"/p/x.py": "# coding: utf-7\n+AAo-import m\n"}, `python3 x.py`, []string{"script /p/x.py"},
			[]string{"./x.py:1: source encoding utf-7 is not read"}},

		// Process and loader APIs under any name.
		{"import subprocess as sp", fakeFS{"/p/x.py": "import subprocess as sp\nsp.run(cmd)\n"}, `python3 x.py`,
			[]string{"script /p/x.py"}, []string{"sp.run (subprocess.run) with a non-literal argument at ./x.py:2: what it loads or runs is not followed"}},
		{"from os import system as s", fakeFS{"/p/x.py": "from os import system as s\ns(c)\n"}, `python3 x.py`,
			[]string{"script /p/x.py"}, []string{"s (os.system) with a non-literal argument at ./x.py:2: what it loads or runs is not followed"}},
		{"a module as a value", fakeFS{"/p/x.py": "import os\ngetattr(os, 'sys' + 'tem')('x')\n"}, `python3 x.py`,
			[]string{"script /p/x.py"}, []string{"getattr with a computed name at ./x.py:2: what it loads or runs is not followed", "os used as a value at ./x.py:2: what it loads or runs is not followed"}},
		{"an attribute of an unknown object", fakeFS{"/p/x.py": "o = get()\no.Popen(['x'])\n"}, `python3 x.py`,
			[]string{"script /p/x.py"}, []string{"a call of an object's Popen at ./x.py:2: what it loads or runs is not followed"}},
		{"re-exported through a project module", fakeFS{"/p/x.py": "import helpers\nhelpers.sp.run(c)\nfrom helpers import sp as q\nq.call(c)\n",
			"/p/helpers.py": "import subprocess as sp\n"}, `python3 x.py`,
			[]string{"script /p/x.py", "script /p/helpers.py"}, []string{
				"helpers.sp.run (subprocess.run) with a non-literal argument at ./x.py:2", "q.call (subprocess.call) with a non-literal argument at ./x.py:4"}},
		{"star import brings the bindings", fakeFS{"/p/x.py": "from helpers import *\nsp.run(c)\n", "/p/helpers.py": "import subprocess as sp\n"}, `python3 x.py`,
			[]string{"script /p/x.py", "script /p/helpers.py"}, []string{"sp.run (subprocess.run) with a non-literal argument at ./x.py:2"}},
		{"star from os", fakeFS{"/p/x.py": "from os import *\nfrom json import *\nsystem(c)\n"}, `python3 x.py`,
			[]string{"script /p/x.py"}, []string{"from os import * at ./x.py:1"}},
		{"computed getattr and frames", fakeFS{"/p/x.py": "import helpers, sys\ngetattr(helpers, n)\ngetattr(args, 'verbose')\nsys._getframe().f_globals\nf = helpers\n", "/p/helpers.py": ""}, `python3 x.py`,
			[]string{"script /p/x.py", "script /p/helpers.py"}, []string{"getattr with a computed name at ./x.py:2", "helpers (a project module) used as a value at ./x.py:2", "sys._getframe called at ./x.py:4", "an object's f_globals used as a value at ./x.py:4", "helpers (a project module) used as a value at ./x.py:5"}},
		{"builtins", fakeFS{"/p/x.py": "exec(code)\neval(e)\n__import__(n)\nbreakpoint()\n__builtins__.x\nglobals()['y']\n().__class__.__base__.__subclasses__()\n"}, `python3 x.py`,
			[]string{"script /p/x.py"}, []string{"exec with a non-literal argument at ./x.py:1", "eval with a non-literal argument at ./x.py:2", "__import__ with a non-literal argument at ./x.py:3", "breakpoint called at ./x.py:4",
				"__builtins__.x used as a value at ./x.py:5", "globals called at ./x.py:6", "a call of an object's __base__.__subclasses__ at ./x.py:7"}},
		{"loaders", fakeFS{"/p/x.py": "import importlib.util as u, runpy, pkgutil, zipimport, ctypes, pickle\nu.spec_from_file_location('m', p)\nrunpy.run_path(p)\npkgutil.iter_modules()\nzipimport.zipimporter(z)\nctypes.CDLL(l)\npickle.load(f)\n"},
			`python3 x.py`, []string{"script /p/x.py"}, []string{
				"u.spec_from_file_location (importlib.util.spec_from_file_location) called at ./x.py:2", "runpy.run_path with a non-literal argument at ./x.py:3", "pkgutil.iter_modules called at ./x.py:4",
				"zipimport.zipimporter called at ./x.py:5", "ctypes.CDLL called at ./x.py:6", "pickle.load called at ./x.py:7"}},
		{"os.exec and spawn", fakeFS{"/p/x.py": "import os, pty\nos.execv('./y', ['y'])\nos.spawnlp(0, 'y')\nos.chdir('sub')\nos.environ['PATH'] = './bin'\npty.spawn(a)\n"},
			`python3 x.py`, []string{"script /p/x.py"}, []string{"os.execv called at ./x.py:2", "os.spawnlp called at ./x.py:3", "os.chdir called at ./x.py:4", "os.environ assigned at ./x.py:5", "pty.spawn with a non-literal argument at ./x.py:6"}},
		{"safe uses stay covered", fakeFS{"/p/x.py": "import os, sys, json, subprocess\np = os.path.join(os.getcwd(), 'x')\nprint(sys.argv, os.environ.get('X'), file=sys.stderr)\nsubprocess.run(['git', 'status'], check=True, stdout=subprocess.PIPE)\njson.dumps({})\nsys.exit(0)\n"},
			`python3 x.py`, []string{"script /p/x.py"}, nil},

		// Literals are followed.
		{"subprocess with a literal list", fakeFS{"/p/x.py": "import subprocess as sp\nsp.run(['./y.sh', 'a'], check=True)\n", "/p/y.sh": "./z.sh\n", "/p/z.sh": ""},
			`python3 x.py`, []string{"script /p/x.py", "program /p/y.sh", "program /p/z.sh"}, nil},
		{"os.system with a literal", fakeFS{"/p/x.py": "from os import system as s\ns('cd sub && ./y.sh')\n", "/p/sub/y.sh": ""},
			`python3 x.py`, []string{"script /p/x.py", "program /p/sub/y.sh"}, nil},
		{"shell=True", fakeFS{"/p/x.py": "import subprocess\nsubprocess.check_output('bash run.sh', shell=True)\n", "/p/run.sh": ""},
			`python3 x.py`, []string{"script /p/x.py", "script /p/run.sh"}, nil},
		{"sys.executable", fakeFS{"/p/x.py": "import subprocess, sys\nsubprocess.run([sys.executable, 'y.py'])\n", "/p/y.py": "import m\n", "/p/m.py": ""},
			`python3 x.py`, []string{"script /p/x.py", "script /p/y.py", "script /p/m.py"}, nil},
		{"subprocess runs in the process's directory", fakeFS{"/p/hooks/x.py": "import subprocess\nsubprocess.run(['./y.sh'])\n", "/p/y.sh": ""},
			`python3 hooks/x.py`, []string{"script /p/hooks/x.py", "program /p/y.sh"}, nil},
		{"cwd= a computed folder is not followed", fakeFS{"/p/x.py": "import subprocess\nsubprocess.run(['./y.sh'], cwd=d)\n"},
			`python3 x.py`, []string{"script /p/x.py"}, []string{"subprocess.run with a cwd= gh-hooks cannot compute at ./x.py:2"}},
		{"cwd= a known folder", fakeFS{"/p/hooks/x.py": "import subprocess, os\nsubprocess.run(['./y.sh'], cwd='sub')\nsubprocess.run('./z.sh', cwd=os.path.dirname(__file__))\n", "/p/sub/y.sh": "", "/p/hooks/z.sh": ""},
			`python3 hooks/x.py`, []string{"script /p/hooks/x.py", "program /p/sub/y.sh", "program /p/hooks/z.sh"}, nil},
		{"import_module literal", fakeFS{"/p/x.py": "import importlib as il\nil.import_module('pkg.m')\n__import__('n')\n", "/p/pkg/__init__.py": "", "/p/pkg/m.py": "", "/p/n.py": ""},
			`python3 x.py`, []string{"script /p/x.py", "script /p/pkg/__init__.py", "script /p/pkg/m.py", "script /p/n.py"}, nil},
		{"exec of literal code and of a file", fakeFS{"/p/x.py": "import os\nexec('import m')\nexec(open(os.path.join(os.path.dirname(__file__), 'y.py')).read())\n",
			"/p/m.py": "", "/p/y.py": "import n\n", "/p/n.py": ""},
			`python3 x.py`, []string{"script /p/x.py", "script /p/m.py", "script /p/y.py", "script /p/n.py"}, nil},
		{"runpy literals", fakeFS{"/p/x.py": "import runpy\nrunpy.run_path('y.py')\nrunpy.run_module('tool')\n", "/p/y.py": "", "/p/tool/__init__.py": "", "/p/tool/__main__.py": ""},
			`python3 x.py`, []string{"script /p/x.py", "script /p/y.py", "script /p/tool/__init__.py", "script /p/tool/__main__.py"}, nil},
		{"sys.path from __file__", fakeFS{"/p/hooks/x.py": "import os, sys\nfrom pathlib import Path\nsys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'lib'))\nsys.path.append(str(Path(__file__).resolve().parent / 'vendor'))\nimport util\nimport v\n",
			"/p/lib/util.py": "", "/p/hooks/vendor/v.py": ""},
			`python3 hooks/x.py`, []string{"script /p/hooks/x.py", "script /p/lib/util.py", "script /p/hooks/vendor/v.py"}, nil},
		{"sys.path changed after an import in a function", fakeFS{"/p/x.py": "import sys\ndef f():\n    import late\nsys.path.insert(0, 'lib')\n", "/p/lib/late.py": ""},
			`python3 x.py`, []string{"script /p/x.py", "script /p/lib/late.py"}, nil},

		// CPython's finder order.
		{"an extension module", fakeFS{"/p/x.py": "import fast\n", "/p/fast.cpython-312-x86_64-linux-gnu.so": "\x7fELF", "/p/fast.py": ""},
			`python3 x.py`, []string{"script /p/x.py", "script /p/fast.cpython-312-x86_64-linux-gnu.so"}, []string{"the extension module ./fast.cpython-312-x86_64-linux-gnu.so is native code"}},
		{"a sourceless pyc", fakeFS{"/p/x.py": "import m\n", "/p/m.pyc": "\x6f\x0d\x0d\x0a\x00\x00\x00\x00"},
			`python3 x.py`, []string{"script /p/x.py", "script /p/m.pyc"}, []string{"the compiled module ./m.pyc has no source"}},
		{"a hash-based pyc in __pycache__", fakeFS{"/p/x.py": "import m\n", "/p/m.py": "", "/p/__pycache__/m.cpython-312.pyc": "\xcb\x0d\x0d\x0a\x01\x00\x00\x00" + strings.Repeat("\x00", 8)},
			`python3 x.py`, []string{"script /p/x.py", "script /p/m.py", "script /p/__pycache__/m.cpython-312.pyc"}, []string{"the hash-based bytecode ./__pycache__/m.cpython-312.pyc can run instead of ./m.py"}},
		{"a timestamp pyc in __pycache__ is CPython's own", fakeFS{"/p/x.py": "import m\n", "/p/m.py": "", "/p/__pycache__/m.cpython-312.pyc": "\xcb\x0d\x0d\x0a\x00\x00\x00\x00" + strings.Repeat("\x00", 8)},
			`python3 x.py`, []string{"script /p/x.py", "script /p/m.py"}, nil},
		{"a package's __init__ before the module", fakeFS{"/p/x.py": "import m\n", "/p/m/__init__.py": "", "/p/m.py": ""},
			`python3 x.py`, []string{"script /p/x.py", "script /p/m/__init__.py"}, nil},
		{"from a package import *", fakeFS{"/p/x.py": "from pkg import *\n", "/p/pkg/__init__.py": "__all__ = ['a']\n", "/p/pkg/a.py": "", "/p/pkg/b.py": "", "/p/pkg/README.md": ""},
			`python3 x.py`, []string{"script /p/x.py", "script /p/pkg/__init__.py", "script /p/pkg/a.py", "script /p/pkg/b.py"}, nil},
		{"python -m pkg runs __main__", fakeFS{"/p/pkg/__init__.py": "", "/p/pkg/__main__.py": "from . import cli\n", "/p/pkg/cli.py": ""},
			`python3 -m pkg`, []string{"script /p/pkg/__init__.py", "script /p/pkg/__main__.py", "script /p/pkg/cli.py"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			a := Analyze(tt.cmd, Options{Dir: "/p", Vars: map[string]string{"HOME": "/home/u"}, Files: tt.fs})
			checkAnalysis(t, reached(a), a, tt.files, tt.unknown)
		})
	}
}

// TestPythonStartup: a project interpreter's virtual environment
// (pyvenv.cfg, .pth files, site-packages, sitecustomize), project runners
// and the selection files version managers read.
func TestPythonStartup(t *testing.T) {
	t.Parallel()
	venv := fakeFS{"/p/x.py": "import requests\nimport mypkg\n", "/p/.venv/bin/python": "", "/p/.venv/pyvenv.cfg": "home = /usr/bin\n",
		"/p/.venv/lib/python3.12/site-packages/_mypkg.pth": "/p/src\n", "/p/src/mypkg/__init__.py": "",
		"/p/.venv/lib/python3.12/site-packages/requests/__init__.py": "", "/p/.venv/lib/python3.12/site-packages/sitecustomize.py": "import helper\n",
		"/p/.venv/lib/python3.12/site-packages/helper.py": "", "/p/pyproject.toml": "", "/p/.python-version": "3.12\n"}
	tests := []struct {
		name    string
		fs      fakeFS
		cmd     string
		files   []string
		unknown []string
	}{
		{"venv python", venv, `.venv/bin/python x.py`, []string{"program /p/.venv/bin/python", "script /p/x.py", "manifest /p/.venv/pyvenv.cfg", "source /p/.venv/lib/python3.12/site-packages/_mypkg.pth",
			"script /p/.venv/lib/python3.12/site-packages/sitecustomize.py", "script /p/.venv/lib/python3.12/site-packages/helper.py", "script /p/src/mypkg/__init__.py"},
			[]string{"the package code in ./.venv/lib/python3.12/site-packages/helper.py is not followed", "the package code in ./.venv/lib/python3.12/site-packages/requests is not followed"}},
		{"uv run", venv, `uv run x.py`, []string{"script /p/x.py", "manifest /p/.venv/pyvenv.cfg", "source /p/.venv/lib/python3.12/site-packages/_mypkg.pth",
			"script /p/.venv/lib/python3.12/site-packages/sitecustomize.py", "script /p/.venv/lib/python3.12/site-packages/helper.py", "script /p/src/mypkg/__init__.py"},
			[]string{"helper.py is not followed", "requests is not followed"}},
		{"poetry run", venv, `poetry run python x.py`, []string{"program /p/.venv/bin/python", "script /p/x.py", "manifest /p/.venv/pyvenv.cfg", "source /p/.venv/lib/python3.12/site-packages/_mypkg.pth",
			"script /p/.venv/lib/python3.12/site-packages/sitecustomize.py", "script /p/.venv/lib/python3.12/site-packages/helper.py", "script /p/src/mypkg/__init__.py"},
			[]string{"helper.py is not followed", "requests is not followed"}},
		{"a .pth that runs code", fakeFS{"/p/x.py": "", "/p/venv/bin/python3": "", "/p/venv/pyvenv.cfg": "", "/p/venv/lib/python3.11/site-packages/a.pth": "import os; os.system('x')\n"},
			`./venv/bin/python3 x.py`, []string{"program /p/venv/bin/python3", "script /p/x.py", "manifest /p/venv/pyvenv.cfg", "source /p/venv/lib/python3.11/site-packages/a.pth"},
			[]string{"./venv/lib/python3.11/site-packages/a.pth runs code at every start of the environment's python"}},
		{"sitecustomize on PYTHONPATH, not next to the script", fakeFS{"/p/x.py": "", "/p/sitecustomize.py": "", "/p/lib/sitecustomize.py": "", "/p/lib/usercustomize.py": ""},
			`PYTHONPATH=lib python3 x.py`, []string{"script /p/x.py", "script /p/lib/sitecustomize.py", "script /p/lib/usercustomize.py"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			a := Analyze(tt.cmd, Options{Dir: "/p", Vars: map[string]string{"HOME": "/home/u"}, Files: tt.fs})
			checkAnalysis(t, reached(a), a, tt.files, tt.unknown)
		})
	}
	// node and ruby read theirs.
	for cmd, file := range map[string]string{`node x.js`: "/p/sub/.nvmrc", `ruby x.rb`: "/p/.ruby-version"} {
		a := Analyze("cd sub && "+cmd, Options{Dir: "/p", Files: fakeFS{"/p/sub/x.js": "", "/p/sub/x.rb": "", file: "20\n"}})
		found := false
		for _, f := range a.Files {
			found = found || f.Path == file
		}
		if !found {
			t.Errorf("%s: %s is not recorded: %+v", cmd, file, a.Files)
		}
	}
	// The selection file is a watched place: present, it is hashed.
	a := Analyze(`python3 x.py`, Options{Dir: "/p", Files: venv})
	found := false
	for _, f := range a.Files {
		found = found || f.Path == "/p/.python-version"
	}
	if !found {
		t.Errorf("python3 x.py: .python-version is not recorded: %+v", a.Files)
	}
}

// TestPythonReadRunsNothing: reading Python never runs it: a project
// whose every file would leave a mark, exit or loop forever if run is
// only read (through the real file system).
func TestPythonReadRunsNothing(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	mark := filepath.Join(dir, "ran")
	run := "open(" + strconvQuote(mark) + ", 'w').write('x')\nimport os\nos.system('touch " + mark + "2')\n"
	for name, body := range map[string]string{
		"x.py": run + "import m\nexec('import n')\nwhile True: pass\n", "m.py": run, "n.py": run,
		"sitecustomize.py": run, "lib/sitecustomize.py": run,
	} {
		os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o755)
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	a := Analyze(`PYTHONPATH=lib python3 x.py`, Options{Dir: dir, Files: osFS{}})
	if len(a.Files) < 4 {
		t.Errorf("files = %+v, want x.py, m.py, n.py and lib/sitecustomize.py read", a.Files)
	}
	for _, m := range []string{mark, mark + "2"} {
		if _, err := os.Stat(m); err == nil {
			t.Errorf("%s exists: reading ran the code", m)
		}
	}
}
