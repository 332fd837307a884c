package shellcmd

import (
	"archive/zip"
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// pyDiffCases are Python forms run by the real CPython: every project
// file it runs writes its name to a log (a canary line put first), and
// the analysis must hash each such file or say that the hook is not
// covered.
var pyDiffCases = []witnessForm{
	{"plain imports", map[string]string{"x.py": "import m, pkg.sub\nfrom pkg import other\n", "m.py": "", "pkg/__init__.py": "", "pkg/sub.py": "", "pkg/other.py": ""}, "python3 x.py"},
	{"if True: import m", map[string]string{"x.py": "if True: import m\n", "m.py": ""}, "python3 x.py"},
	{"nested and called", map[string]string{"x.py": "def f():\n    try:\n        import m\n    except ImportError:\n        pass\nf()\nclass C:\n    import n ; import o\n", "m.py": "", "n.py": "", "o.py": ""}, "python3 x.py"},
	{"continued and parenthesised", map[string]string{"hooks/x.py": "from pkg import (a,\n   b)\nimport \\\n  c\n", "hooks/pkg/__init__.py": "", "hooks/pkg/a.py": "", "hooks/pkg/b.py": "", "hooks/c.py": ""}, "python3 hooks/x.py"},
	{"relative in a package", map[string]string{"pkg/__init__.py": "", "pkg/__main__.py": "from . import a\nfrom .b import x\n", "pkg/a.py": "from .sub import deep\n", "pkg/b.py": "x = 1\n", "pkg/sub/__init__.py": "", "pkg/sub/deep.py": "from .. import b\n"}, "python3 -m pkg"},
	{"-c", map[string]string{"m.py": "import n\n", "n.py": ""}, "python3 -c 'import m'"},
	{"a folder", map[string]string{"app/__main__.py": "import m\n", "app/m.py": ""}, "python3 app"},
	{"a here-document", map[string]string{"m.py": "import n\n", "n.py": ""}, "python3 - <<'EOF'\nimport m\nEOF"},
	{"NFKC name", map[string]string{"x.py": "import ｍ\n", "m.py": ""}, "python3 x.py"},
	{"alias of subprocess with a literal", map[string]string{"x.py": "import subprocess as sp\nsp.run(['python3', 'y.py'], check=True)\n", "y.py": "import z\n", "z.py": ""}, "python3 x.py"},
	{"sys.executable", map[string]string{"x.py": "import subprocess, sys\nsubprocess.run([sys.executable, 'y.py'])\n", "y.py": ""}, "python3 x.py"},
	{"cwd= a literal and __file__'s folder", map[string]string{"hooks/x.py": "import subprocess, os\nsubprocess.run(['python3', 'y.py'], cwd='sub')\nsubprocess.run(['python3', 'z.py'], cwd=os.path.dirname(__file__))\n", "sub/y.py": "", "hooks/z.py": ""}, "python3 hooks/x.py"},
	{"os.system literal", map[string]string{"x.py": "from os import system as s\ns('python3 y.py')\n", "y.py": ""}, "python3 x.py"},
	{"alias with a computed command", map[string]string{"x.py": "import subprocess as sp\ncmd = ['python3', 'y' + '.py']\nsp.run(cmd)\n", "y.py": ""}, "python3 x.py"},
	{"importlib literal", map[string]string{"x.py": "import importlib as il\nil.import_module('pkg.m')\n__import__('n')\n", "pkg/__init__.py": "", "pkg/m.py": "", "n.py": ""}, "python3 x.py"},
	{"importlib computed", map[string]string{"x.py": "import importlib\nimportlib.import_module('m' + '')\n", "m.py": ""}, "python3 x.py"},
	{"exec literal and file", map[string]string{"x.py": "import os\nexec('import m')\nexec(open(os.path.join(os.path.dirname(__file__), 'y.py')).read())\n", "m.py": "", "y.py": "import n\n", "n.py": ""}, "python3 x.py"},
	{"runpy", map[string]string{"x.py": "import runpy\nrunpy.run_path('y.py')\nrunpy.run_module('tool')\n", "y.py": "", "tool/__init__.py": "", "tool/__main__.py": ""}, "python3 x.py"},
	{"sys.path from __file__", map[string]string{"hooks/x.py": "import os, sys\nsys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'lib'))\nimport util\n", "lib/util.py": ""}, "python3 hooks/x.py"},
	{"sys.path after a function", map[string]string{"x.py": "import sys\ndef f():\n    import late\nsys.path.insert(0, 'lib')\nf()\n", "lib/late.py": ""}, "python3 x.py"},
	{"sitecustomize on PYTHONPATH", map[string]string{"x.py": "", "lib/sitecustomize.py": "", "sitecustomize.py": ""}, "PYTHONPATH=lib python3 x.py"},
	{"star import of a package", map[string]string{"x.py": "from pkg import *\n", "pkg/__init__.py": "__all__ = ['a']\n", "pkg/a.py": "", "pkg/b.py": ""}, "python3 x.py"},
	{"re-export through a module", map[string]string{"x.py": "import helpers\nhelpers.sp.run(['python3', 'y.py'])\n", "helpers.py": "import subprocess as sp\n", "y.py": ""}, "python3 x.py"},
	{"getattr on builtins", map[string]string{"x.py": "import builtins\ngetattr(builtins, 'ex' + 'ec')('import m')\n", "m.py": ""}, "python3 x.py"},
	{"dunder escape", map[string]string{"x.py": "b = (lambda: 0).__globals__['__builtins__']\ngetattr(b, '__import__')('m')\n", "m.py": ""}, "python3 x.py"},
	{"getattr on a project module", map[string]string{"x.py": "import helpers\ngetattr(helpers, 's' + 'p').run(['python3', 'y.py'])\n", "helpers.py": "import subprocess as sp\n", "y.py": ""}, "python3 x.py"},
	{"frame globals", map[string]string{"x.py": "import sys, subprocess\nsys._getframe().f_globals['sub' + 'process'].run(['python3', 'y.py'])\n", "y.py": ""}, "python3 x.py"},
	{"a zip archive on sys.path", map[string]string{"x.py": "import sys\nsys.path.insert(0, 'lib.zip')\nimport m\n", "lib.zip": pyZip("m.py", "")}, "python3 x.py"},
	{"a zip archive on PYTHONPATH", map[string]string{"x.py": "import m\n", "lib.zip": pyZip("m.py", "")}, "PYTHONPATH=lib.zip python3 x.py"},
	{"a namespace package in two sys.path folders", map[string]string{"x.py": "import ns.b\n", "ns/a.py": "", "lib/ns/b.py": ""}, "PYTHONPATH=lib python3 x.py"},
	{"a namespace folder before a module", map[string]string{"x.py": "import m\n", "m/data.txt": "", "lib/m.py": ""}, "PYTHONPATH=lib python3 x.py"},
	{"namespace package", map[string]string{"x.py": "import ns.mod\n", "ns/mod.py": ""}, "python3 x.py"},
	{"module shadowing the standard library", map[string]string{"x.py": "import json\n", "json.py": ""}, "python3 x.py"},
	{"walrus match f-string", map[string]string{"x.py": "match 1:\n    case 1:\n        import m\nif (n := 1):\n    import o\nprint(f\"{f'{n}'}\")\n", "m.py": "", "o.py": ""}, "python3 x.py"},
	{"shebang", map[string]string{"run": "#!/usr/bin/env python3\nimport m\n", "m.py": ""}, "python3 run"},
	// A file written from one gh-hooks never hashed, then run (the
	// template logs its own name when its copy runs).
	{"written then run (issue 30)", map[string]string{".gemini/hooks/gen.py": "import subprocess\nwith open(\"out.sh\", \"w\") as f: f.write(open(\"tmpl.txt\").read())\nsubprocess.run([\"sh\", \"out.sh\"])\n",
		"tmpl.txt": "echo @SELF@ >> @LOG@\n"}, "python3 .gemini/hooks/gen.py"},
	{"a rename used as a value, then run", map[string]string{"w.py": "import subprocess\nfrom pathlib import Path\nmv = Path('tmpl.txt').rename\nmv('out.sh')\nsubprocess.run(['sh', 'out.sh'])\n",
		"tmpl.txt": "echo @SELF@ >> @LOG@\n", "out.sh": "true\n"}, "python3 w.py"},
	{"written, then run by the next command", map[string]string{"w.py": "import shutil\nshutil.copy('tmpl.txt', 'out.sh')\n", "tmpl.txt": "echo @SELF@ >> @LOG@\n"}, "python3 w.py && sh out.sh"},
	{"pathlib write then run", map[string]string{"w.py": "import subprocess as sp\nfrom pathlib import Path as P\n(P(__file__).parent / 'out.sh').write_text(P('tmpl.txt').read_text())\nsp.run('sh out.sh', shell=True)\n", "tmpl.txt": "echo @SELF@ >> @LOG@\n"}, "python3 w.py"},
	{"written to a path given at run time", map[string]string{"w.py": "import os, sys\nos.replace(sys.argv[1], sys.argv[2])\nos.system('sh out.sh')\n", "tmpl.txt": "echo @SELF@ >> @LOG@\n", "out.sh": "true\n"}, "python3 w.py tmpl.txt out.sh"},
	{"a path in a module constant written then run", map[string]string{"w.py": "import subprocess\nfrom pathlib import Path\nOUT = Path(__file__).parent / 'out.sh'\ndef main():\n    OUT.write_text(Path('tmpl.txt').read_text())\n    subprocess.run(['sh', 'out.sh'])\nmain()\n",
		"tmpl.txt": "echo @SELF@ >> @LOG@\n"}, "python3 w.py"},
	{"a log in a module constant, a committed script run", map[string]string{"w.py": "import os, subprocess\nLOG = os.path.join(os.path.dirname(__file__), 'hook.log')\nwith open(LOG, 'a') as f:\n    f.write('x')\nsubprocess.run(['sh', 'y.sh'])\n", "y.sh": "true\n"}, "python3 w.py"},
	{"a log written, a committed script run", map[string]string{"w.py": "import os, subprocess\nopen(os.path.join(os.path.dirname(__file__), 'hook.log'), 'a').write('x')\nsubprocess.run(['sh', 'y.sh'])\n", "y.sh": "true\n"}, "python3 w.py"},
}

// TestPythonAgainstCPython runs each form with the real python3 and
// fails when it ran a project file that the analysis neither reaches nor
// marks as not covered (issue 30 §7, Python's part). GH_HOOKS_PYTHON
// names another interpreter.
func TestPythonAgainstCPython(t *testing.T) {
	tool := os.Getenv("GH_HOOKS_PYTHON")
	if tool == "" {
		tool = "python3"
	}
	cases := make([]witnessCase, len(pyDiffCases))
	for i, f := range pyDiffCases {
		cases[i] = witnessCase{name: f.name, cmd: f.cmd, files: f.files, tool: tool, mustRun: true, mustSucceed: true, timeout: 10 * time.Second}
	}
	cases = append(cases, pyVenvCases(tool)...)
	t.Parallel()
	witnessRun(t, "Python forms", cases)
}

// pyVenvCases are a project virtual environment's start-up: CPython
// reads pyvenv.cfg next to the interpreter (or one folder up), every .pth
// file of its site-packages (a line that names a folder extends sys.path,
// one starting with import runs) and sitecustomize. The environment is
// made by hand around a link to the real interpreter (python -m venv
// takes seconds); pyvenv.cfg and the .pth files are data that decide
// what runs, which only strace sees.
func pyVenvCases(tool string) []witnessCase {
	out, err := exec.Command(tool, "-c", "import sys, os; print(os.path.realpath(sys.executable)); print('%d.%d' % sys.version_info[:2])").Output()
	exe, version, _ := strings.Cut(strings.TrimSpace(string(out)), "\n")
	if err != nil || exe == "" {
		return nil // the Python forms above skip, saying why
	}
	sp := ".venv/lib/python" + version + "/site-packages/"
	cfg := "home = " + filepath.Dir(exe) + "\ninclude-system-site-packages = false\nversion = " + version + "\n"
	link := func(dir string, env []string) error {
		return os.Symlink(exe, filepath.Join(dir, ".venv/bin/python"))
	}
	forms := []witnessForm{
		{"a venv's .pth naming a folder", map[string]string{".venv/pyvenv.cfg": cfg, sp + "extra.pth": "../../../../lib\n", "lib/helper.py": "", "x.py": "import helper\n"}, ".venv/bin/python x.py"},
		{"a venv's .pth that imports", map[string]string{".venv/pyvenv.cfg": cfg, sp + "run.pth": "import sitehook\n", sp + "sitehook.py": "", "x.py": ""}, ".venv/bin/python x.py"},
		{"a venv's sitecustomize", map[string]string{".venv/pyvenv.cfg": cfg, sp + "sitecustomize.py": "", "x.py": ""}, ".venv/bin/python x.py"},
		{"a venv's python on PATH", map[string]string{".venv/pyvenv.cfg": cfg, sp + "extra.pth": "../../../../lib\n", "lib/helper.py": "", "x.py": "import helper\n"}, "PATH=$PWD/.venv/bin:$PATH python x.py"},
		{"a venv's module", map[string]string{".venv/pyvenv.cfg": cfg, sp + "dep.py": "", "x.py": "import dep\n"}, ".venv/bin/python x.py"},
	}
	var cases []witnessCase
	for _, f := range forms {
		f.files[".venv/bin/.keep"] = ""
		cases = append(cases, witnessCase{name: f.name, cmd: f.cmd, files: f.files, tool: tool, setup: link, mustRun: true, mustSucceed: true, timeout: 10 * time.Second})
	}
	return cases
}

// pyZip is a zip archive holding one file (strace sees Python open it).
func pyZip(name, body string) string {
	var b bytes.Buffer
	z := zip.NewWriter(&b)
	f, _ := z.Create(name)
	f.Write([]byte(body))
	z.Close()
	return b.String()
}
