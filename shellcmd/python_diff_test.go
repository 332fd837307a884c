package shellcmd

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"
)

// osFS is a Reader over the real file system (for tests against a real
// interpreter).
type osFS struct{}

func (osFS) ReadFile(p string) ([]byte, string, bool) {
	fi, err := os.Stat(p)
	if err != nil || !fi.Mode().IsRegular() {
		return nil, "", false
	}
	b, err := os.ReadFile(p)
	real, _ := filepath.EvalSymlinks(p)
	return b, real, err == nil
}

func (osFS) ReadDir(p string) ([]string, bool) {
	es, err := os.ReadDir(p)
	if err != nil {
		return nil, false
	}
	out := make([]string, len(es))
	for i, e := range es {
		out[i] = e.Name()
	}
	return out, true
}

// pyDiffCases are Python forms run by the real CPython: every project
// file it runs writes its name to a log (a canary line put first), and
// the analysis must hash each such file or say that the hook is not
// covered.
var pyDiffCases = []struct {
	name  string
	files map[string]string
	cmd   string
}{
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
	{"namespace package", map[string]string{"x.py": "import ns.mod\n", "ns/mod.py": ""}, "python3 x.py"},
	{"module shadowing the standard library", map[string]string{"x.py": "import json\n", "json.py": ""}, "python3 x.py"},
	{"walrus match f-string", map[string]string{"x.py": "match 1:\n    case 1:\n        import m\nif (n := 1):\n    import o\nprint(f\"{f'{n}'}\")\n", "m.py": "", "o.py": ""}, "python3 x.py"},
	{"shebang", map[string]string{"run": "#!/usr/bin/env python3\nimport m\n", "m.py": ""}, "python3 run"},
}

// TestPythonAgainstCPython runs each form with the real python3 and
// fails when it ran a project file that the analysis neither reaches nor
// marks as not covered (issue 30 §7, Python's part).
func TestPythonAgainstCPython(t *testing.T) {
	py := os.Getenv("GH_HOOKS_PYTHON")
	if py == "" {
		var err error
		if py, err = exec.LookPath("python3"); err != nil {
			t.Skip("python3 is not installed: the Python forms are not run")
		}
	}
	// A version manager's shim (pyenv) starts a shell each time: run
	// the interpreter it picks.
	if out, err := exec.Command(py, "-c", "import sys; print(sys.executable)").Output(); err == nil && strings.TrimSpace(string(out)) != "" {
		py = strings.TrimSpace(string(out))
	}
	t.Parallel()
	var mu sync.Mutex
	covered, notCovered := 0, 0
	t.Cleanup(func() {
		t.Logf("%d forms run by %s: %d covered, %d not covered", len(pyDiffCases), py, covered, notCovered)
	})
	for _, tc := range pyDiffCases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			dir, _ = filepath.EvalSymlinks(dir)
			log := filepath.Join(dir, ".canary.log")
			for name, body := range tc.files {
				p := filepath.Join(dir, name)
				os.MkdirAll(filepath.Dir(p), 0o755)
				canary := "open(" + strconvQuote(log) + ", 'a').write(__file__ + '\\n')\n"
				if strings.HasPrefix(body, "#!") {
					first, rest, _ := strings.Cut(body, "\n")
					body = first + "\n" + canary + rest
				} else if strings.HasSuffix(name, ".py") {
					body = canary + body
				}
				if err := os.WriteFile(p, []byte(body), 0o755); err != nil {
					t.Fatal(err)
				}
			}
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			cmd := exec.CommandContext(ctx, "bash", "-c", tc.cmd)
			cmd.Dir = dir
			cmd.Env = []string{"PATH=" + filepath.Dir(py) + ":/usr/bin:/bin", "HOME=" + dir, "PYTHONDONTWRITEBYTECODE=1", "PYTHONNOUSERSITE=1"}
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("%s: %v\n%s", tc.cmd, err, out)
			}
			data, _ := os.ReadFile(log)
			ran := map[string]bool{}
			for _, l := range strings.Split(strings.TrimSpace(string(data)), "\n") {
				if l != "" {
					if !filepath.IsAbs(l) {
						l = filepath.Join(dir, l)
					}
					real, err := filepath.EvalSymlinks(l)
					if err != nil {
						real = l
					}
					ran[filepath.Clean(real)] = true
				}
			}
			a := Analyze(tc.cmd, Options{Dir: dir, Files: osFS{}})
			hashed := map[string]bool{}
			for _, f := range a.Files {
				hashed[filepath.Clean(f.Path)] = true
			}
			var missed []string
			for p := range ran {
				if !hashed[p] {
					missed = append(missed, p)
				}
			}
			sort.Strings(missed)
			if len(missed) > 0 && len(a.Unknown) == 0 {
				t.Errorf("%s: CPython ran %q, which the analysis neither reaches nor marks as not covered", tc.cmd, missed)
			}
			mu.Lock()
			if len(a.Unknown) == 0 {
				covered++
			} else {
				notCovered++
			}
			mu.Unlock()
			if len(ran) == 0 {
				t.Errorf("%s: CPython ran no project file (the case tests nothing)", tc.cmd)
			}
		})
	}
}

func strconvQuote(s string) string {
	return "'" + strings.ReplaceAll(strings.ReplaceAll(s, `\`, `\\`), "'", `\'`) + "'"
}
