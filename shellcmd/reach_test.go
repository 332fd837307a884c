package shellcmd

import (
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// fakeFS is a Reader over a map of absolute paths to contents.
type fakeFS map[string]string

func (f fakeFS) ReadFile(p string) ([]byte, string, bool) {
	c := filepath.Clean(p)
	s, ok := f[c]
	return []byte(s), c, ok
}

func (f fakeFS) ReadDir(p string) ([]string, bool) {
	p = filepath.Clean(p) + "/"
	seen := map[string]bool{}
	var out []string
	for k := range f {
		if rest, ok := strings.CutPrefix(k, p); ok {
			n, _, _ := strings.Cut(rest, "/")
			if !seen[n] {
				seen[n] = true
				out = append(out, n)
			}
		}
	}
	sort.Strings(out)
	return out, len(out) > 0
}

// reached lists the files that are not probes, as "role path".
func reached(a *Analysis) []string {
	var out []string
	for _, f := range a.Files {
		if !f.Probe {
			out = append(out, string(f.Role)+" "+f.Path)
		}
	}
	return out
}

// TestAnalyzeShellForms: forms that bash reads differently from a naive
// reading (issue 24 §2): each reaches the file it names.
func TestAnalyzeShellForms(t *testing.T) {
	tests := []struct {
		cmd     string
		files   []string
		unknown []string
	}{
		{`bash /dev/stdin < hooks/guard.sh`, []string{"source /p/hooks/guard.sh"}, nil},
		{`sh /proc/self/fd/0 < g.sh`, []string{"source /p/g.sh"}, nil},
		{`sh -s < f`, []string{"source /p/f"}, nil},
		{`bash < f`, []string{"source /p/f"}, nil},
		{`cat f | bash`, []string{"source /p/f"}, nil},
		{`cat < f | sh`, []string{"source /p/f"}, nil},
		{`< f cat | sh`, []string{"source /p/f"}, nil},
		{`cat - < f | sh`, []string{"source /p/f"}, nil},
		{`bash <<< "$(<f)"`, []string{"source /p/f"}, nil},
		{`bash -c "$(cat f)"`, []string{"source /p/f"}, nil},
		{`eval "$(<f)"`, []string{"source /p/f"}, nil},
		{`source <(cat f)`, []string{"source /p/f"}, nil},
		{`echo "$(<f)" | sh`, []string{"source /p/f"}, nil},
		{`python3 < x.py`, []string{"script /p/x.py"}, nil},
		{`~+/x.sh`, []string{"program /p/x.sh"}, nil},
		{`cd sub && ~-/x.sh`, []string{"program /p/x.sh"}, nil},
		{`cd ~+/sub && ./x`, []string{"program /p/sub/x"}, nil},
		{`cd sub; cd -; ./x`, []string{"program /p/x"}, nil},
		{`"$PWD"/x.sh`, []string{"program /p/x.sh"}, nil},
		{`~other/x.sh`, nil, []string{"a program named by a tilde expansion (~other/x.sh)"}},
		{`$'./\x65vil.sh'`, []string{"program /p/evil.sh"}, nil},
		{`$'./\145vil.sh'`, []string{"program /p/evil.sh"}, nil},
		{`$'./\u0065vil.sh'`, []string{"program /p/evil.sh"}, nil},
		{`./e"vi"l.sh`, []string{"program /p/evil.sh"}, nil},
		{`./e\vil.sh`, []string{"program /p/evil.sh"}, nil},
		{`hash -p ./evil.sh ls; ls`, []string{"program /p/evil.sh"}, nil},
		{`read -r PATH <<< ./bin:$PATH; lint`, []string{"program /p/bin/lint"}, nil},
		{`read -r PATH < pathfile; lint`, []string{"manifest /p/pathfile"}, []string{"PATH set to read", "PATH set to a computed value", "lint: a program gh-hooks has no row for"}},
		{`read -ra PATH <<< x; lint`, nil, []string{"PATH set to read", "PATH set to a computed value", "lint: a program gh-hooks has no row for"}},
		{`printf -v PATH %s ./bin; lint`, []string{"program /p/bin/lint"}, nil},
		{`printf -v PATH '%s:%s' ./bin "$PATH"; lint`, []string{"program /p/bin/lint"}, nil},
		{`printf -v PATH '%b' ./bin; lint`, nil, []string{"PATH set to printf -v", "PATH set to a computed value", "lint: a program gh-hooks has no row for"}},
		{`mapfile BASH_ENV < f`, nil, []string{"BASH_ENV set to mapfile"}},
		{`declare -x PATH=./bin:$PATH; lint`, []string{"program /p/bin/lint"}, nil},
		{`export "PATH=./bin:$PATH"; lint`, []string{"program /p/bin/lint"}, nil},
		{`builtin export PATH=./bin; lint`, []string{"program /p/bin/lint"}, nil},
		{`local -n r=PATH; r=./bin`, nil, []string{"local -n"}},
		{`export $SPEC`, nil, []string{"export of $SPEC"}},
		{`shopt -s expand_aliases; alias ls=./evil.sh; ls`, []string{"program /p/evil.sh"}, nil},
		{`enable -f ./x.so x`, []string{"program /p/x.so"}, nil},
		{`command ./x`, []string{"program /p/x"}, nil},
		{`builtin source ./x`, []string{"source /p/x"}, nil},
		{`exec -a name ./x`, []string{"program /p/x"}, nil},
		{`xargs -a cmds.txt bash -c`, []string{"source /p/cmds.txt"}, nil},
		{`cat cmds.txt | xargs -0 sh -c`, []string{"source /p/cmds.txt"}, nil},
		{`xargs -a list.txt ./lint.sh`, []string{"manifest /p/list.txt", "program /p/lint.sh"}, nil},
		{`xargs bash`, nil, []string{"a script named by xargs' input"}},
		{`PATH=./lib:$PATH; source env.sh`, []string{"source /p/lib/env.sh", "source /p/env.sh"}, nil},
		{`source env.sh`, []string{"source /p/env.sh"}, nil},
		{`CDPATH=/tmp; cd x && ./y`, nil, []string{"cd x with CDPATH set", "a relative path after cd"}},
		{`BASH_ENV=$(./mk) bash -c true`, []string{"program /p/mk"}, []string{"BASH_ENV set to a command substitution"}},
		{`env LD_PRELOAD=./x.so ls`, []string{"program /p/x.so"}, nil},
		{`env 'BASH_FUNC_ls%%=() { ./evil.sh; }' bash -c ls`, []string{"program /p/evil.sh"}, nil},
		{`cross-env NODE_ENV=x ./build.sh`, []string{"program /p/build.sh"}, nil},
		{`poetry run python hooks/x.py`, []string{"script /p/hooks/x.py"}, nil},
		{`npx tsx hooks/x.ts`, []string{"script /p/hooks/x.ts"}, nil},
		{`PS4='$(./x)' bash -xc true`, []string{"program /p/x"}, nil},
		{`./{evil,good}.sh`, []string{"program /p/evil.sh"}, nil},
		{`bash ./{a,b}.sh`, []string{"script /p/a.sh"}, nil},
		{`exec 3< f; bash /dev/fd/3`, nil, []string{"a script read from a file descriptor (/dev/fd/3)"}},
		{`PATH+=:./bin; lint`, []string{"program /p/bin/lint"}, nil},
		{`PATH=./x:~+/bin; lint`, []string{"program /p/x/lint", "program /p/bin/lint"}, nil},
		{`find . -name '*.sh' -exec bash {} \;`, nil, []string{"a script named by find's results ({})"}},
		{`xargs -I{} sh -c '{}' < cmds.txt`, []string{"source /p/cmds.txt"}, nil},
		{"bash <<EOF\n$(cat f)\nEOF", []string{"source /p/f"}, nil},
		{`npm run lint -w packages/a`, []string{"manifest /p/package.json"}, []string{"npm -w: scripts of the workspace packages are not followed"}},
		{`PATH=$PATH: lint`, []string{"program /p/lint"}, nil},
		{`unset PATH; lint`, nil, []string{"PATH set to unset", "PATH set to a computed value", "lint: a program gh-hooks has no row for"}},
		{`HOME=./fake git status`, nil, []string{"HOME points into the project (./fake)"}},
	}
	for _, tt := range tests {
		t.Run(tt.cmd, func(t *testing.T) {
			a := Analyze(tt.cmd, Options{Dir: "/p", Vars: map[string]string{"HOME": "/home/u"}})
			checkAnalysis(t, files(a), a, tt.files, tt.unknown)
		})
	}
}

func TestAnalyzeRawPath(t *testing.T) {
	a := Analyze(`./h/../run.sh`, Options{Dir: "/p"})
	if len(a.Files) != 1 || a.Files[0].Raw != "/p/./h/../run.sh" {
		t.Errorf("files = %+v, want one with Raw /p/./h/../run.sh (the kernel resolves .. after the link h)", a.Files)
	}
}

// TestAnalyzeHookEnvReach: a hook's own env, as written.
func TestAnalyzeHookEnvReach(t *testing.T) {
	tests := []struct {
		name    string
		env     map[string]string
		cmd     string
		files   []string
		unknown []string
	}{
		{"exported function", map[string]string{"BASH_FUNC_echo%%": "() { ./evil.sh; }"}, `echo hi`, []string{"program /p/evil.sh"}, nil},
		{"NODE_OPTIONS", map[string]string{"NODE_OPTIONS": "--require ./pre.js --max-old-space-size=4096"}, `node -v`, []string{"script /p/pre.js"}, nil},
		{"PS4", map[string]string{"PS4": "$(./x)", "SHELLOPTS": "xtrace"}, `true`, []string{"program /p/x"}, nil},
		{"LD_PRELOAD", map[string]string{"LD_PRELOAD": "./lib/x.so"}, `ls`, []string{"program /p/lib/x.so"}, nil},
		{"ENV", map[string]string{"ENV": "./rc.sh"}, `true`, []string{"source /p/rc.sh"}, nil},
		{"PATH keeps the inherited part out", map[string]string{"PATH": "./bin:$PATH"}, `lint`, []string{"program /p/bin/bash", "program /p/bin/lint"}, nil},
		{"a value from Gemini's environment", map[string]string{"PATH": "$TOOLS:$PATH"}, `lint`, nil, []string{"PATH set to $TOOLS (Gemini's environment)", "PATH set to a computed value", "lint: a program gh-hooks has no row for"}},
		{"CDPATH", map[string]string{"CDPATH": "./x"}, `cd lib && ./y`, nil, []string{"cd lib with CDPATH set", "a relative path after cd"}},
		{"PERL5OPT", map[string]string{"PERL5OPT": "-Mevil"}, `perl -v`, nil, []string{"PERL5OPT passes options"}},
		{"LD_LIBRARY_PATH", map[string]string{"LD_LIBRARY_PATH": "./lib"}, `ls`, nil, []string{"LD_LIBRARY_PATH adds the project folder ./lib"}},
		{"GIT_SSH_COMMAND", map[string]string{"GIT_SSH_COMMAND": "./ssh.sh"}, `git fetch`, []string{"program /p/ssh.sh"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := Analyze(tt.cmd, Options{Dir: "/p", Vars: map[string]string{"HOME": "/home/u"}, Env: tt.env})
			checkAnalysis(t, files(a), a, tt.files, tt.unknown)
		})
	}
}

// TestAnalyzeFollows: with a Reader, what files load is followed.
func TestAnalyzeFollows(t *testing.T) {
	tests := []struct {
		name    string
		fs      fakeFS
		cmd     string
		files   []string // reached, not probes
		unknown []string
	}{
		{"a script sources a file that runs one", fakeFS{"/p/hooks/a.sh": "source ./lib.sh\n", "/p/lib.sh": "./evil.sh\n", "/p/evil.sh": "echo"},
			`bash hooks/a.sh`, []string{"script /p/hooks/a.sh", "source /p/lib.sh", "program /p/evil.sh"}, nil},
		{"source searches PATH", fakeFS{"/p/lib/env.sh": "x=1"}, `PATH=./lib:$PATH; source env.sh`, []string{"source /p/lib/env.sh"}, nil},
		{"a script's own folder", fakeFS{"/p/hooks/a.sh": "source \"$(dirname \"$0\")/lib.sh\"\nD=$(cd \"$(dirname \"${BASH_SOURCE[0]}\")\" && pwd)\n\"$D/b.sh\"\n. \"${BASH_SOURCE%/*}/c.sh\"\n",
			"/p/hooks/lib.sh": "", "/p/hooks/b.sh": "", "/p/hooks/c.sh": ""},
			`bash hooks/a.sh`, []string{"script /p/hooks/a.sh", "source /p/hooks/lib.sh", "program /p/hooks/b.sh", "source /p/hooks/c.sh"}, nil},
		{"sourced PATH change", fakeFS{"/p/env.sh": "PATH=./bin:$PATH\n", "/p/bin/lint": ""}, `. ./env.sh; lint`, []string{"source /p/env.sh", "program /p/bin/lint"}, nil},
		{"#! python", fakeFS{"/p/run": "#!/usr/bin/env python3\nimport helper\n", "/p/helper.py": ""}, `./run`,
			[]string{"program /p/run", "script /p/helper.py"}, nil},
		{"no #!: bash runs it", fakeFS{"/p/run": "./next\n", "/p/next": "#!/bin/sh\n"}, `./run`, []string{"program /p/run", "program /p/next", "program /bin/sh"}, nil},
		{"python imports", fakeFS{"/p/hooks/x.py": "import mod, os\nfrom pkg import sub\nfrom . import sib\n", "/p/hooks/mod.py": "",
			"/p/hooks/pkg/__init__.py": "", "/p/hooks/pkg/sub.py": "from .. import deep\n", "/p/hooks/deep.py": "", "/p/hooks/sib.py": ""},
			`python3 hooks/x.py`, []string{"script /p/hooks/x.py", "script /p/hooks/mod.py", "script /p/hooks/pkg/__init__.py", "script /p/hooks/pkg/sub.py", "script /p/hooks/deep.py", "script /p/hooks/sib.py"}, nil},
		{"read PATH from a file", fakeFS{"/p/pathfile": "./tools\n", "/p/tools/lint": ""}, `read -r PATH < pathfile; lint`, []string{"manifest /p/pathfile", "program /p/tools/lint"}, nil},
		{"python -m", fakeFS{"/p/tool/__init__.py": "", "/p/tool/__main__.py": "import tool.cli\n", "/p/tool/cli.py": ""},
			`python3 -m tool`, []string{"script /p/tool/__init__.py", "script /p/tool/__main__.py", "script /p/tool/cli.py"}, nil},
		{"python -c", fakeFS{"/p/mod.py": ""}, `python3 -c 'import mod'`, []string{"script /p/mod.py"}, nil},
		{"PYTHONPATH", fakeFS{"/p/hooks/x.py": "import util", "/p/lib/util.py": ""}, `PYTHONPATH=lib python3 hooks/x.py`, []string{"script /p/hooks/x.py", "script /p/lib/util.py"}, nil},
		{"python's own folder on sys.path", fakeFS{"/p/x.py": "import os, sys\nsys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))\nimport h\n", "/p/h.py": ""},
			`python3 x.py`, []string{"script /p/x.py", "script /p/h.py"}, nil},
		{"python sys.path elsewhere", fakeFS{"/p/x.py": "import sys\nsys.path.append('/opt/lib')\nsys.path.append(os.environ['X'])\n"},
			`python3 x.py`, []string{"script /p/x.py"}, []string{"sys.path.append with a non-literal argument at ./x.py:3: what it loads or runs is not followed"}},
		{"python dynamic import", fakeFS{"/p/x.py": "import importlib\nimportlib.import_module(name)\n"}, `python3 x.py`, []string{"script /p/x.py"},
			[]string{"importlib.import_module with a non-literal argument at ./x.py:2: what it loads or runs is not followed"}},
		{"node require and import", fakeFS{"/p/x.js": "const a = require('./lib')\nimport b from \"./b.mjs\"\nawait import('./c')\n",
			"/p/lib/index.js": "", "/p/b.mjs": "export * from './d.js'", "/p/d.ts": "", "/p/c.js": ""},
			`node x.js`, []string{"script /p/x.js", "script /p/lib/index.js", "script /p/b.mjs", "script /p/d.ts", "script /p/c.js"}, nil},
		{"node dynamic require", fakeFS{"/p/x.js": "require(name)"}, `node x.js`, []string{"script /p/x.js"}, []string{"require of a computed name in ./x.js"}},
		{"node -r", fakeFS{"/p/pre.js": "require('./more')", "/p/more.js": "", "/p/x.js": ""}, `node -r ./pre.js x.js`,
			[]string{"script /p/pre.js", "script /p/more.js", "script /p/x.js"}, nil},
		{"node package", fakeFS{"/p/x.js": "require('chalk')", "/p/node_modules/chalk/package.json": "{}"}, `node x.js`,
			[]string{"script /p/x.js", "manifest /p/node_modules/chalk/package.json"}, []string{"the package chalk in ./node_modules/chalk is not followed"}},
		{"tsconfig paths", fakeFS{"/p/x.ts": "import {a} from '@/lib/a'", "/p/tsconfig.json": `{"compilerOptions": {"paths": {"@/*": ["./src/*"]}}}`},
			`npx tsx x.ts`, []string{"script /p/x.ts", "manifest /p/tsconfig.json"}, []string{"the import @/lib/a may be a path alias of ./tsconfig.json: not followed"}},
		{"npx tsx", fakeFS{"/p/x.ts": "import './y'", "/p/y.ts": ""}, `npx tsx x.ts`, []string{"script /p/x.ts", "script /p/y.ts"}, nil},
		{"npm run", fakeFS{"/p/package.json": `{"scripts": {"prelint": "./pre.sh", "lint": "eslint . && node tools/l.js"}}`,
			"/p/pre.sh": "", "/p/tools/l.js": "", "/p/node_modules/.bin/eslint": "#!/usr/bin/env node\n", "/p/.npmrc": "script-shell=./mysh\n", "/p/mysh": ""},
			`npm run lint`, []string{"manifest /p/package.json", "manifest /p/.npmrc", "program /p/mysh", "program /p/pre.sh", "program /p/node_modules/.bin/eslint", "program /p/node_modules/.bin/node", "script /p/tools/l.js"},
			[]string{"the package code in ./node_modules/.bin/eslint is not followed"}},
		{"make", fakeFS{"/p/Makefile": "include common.mk\nCC := ./cc.sh\nall:\n\t@$(CC) x\n\t./build.sh $@\n", "/p/common.mk": "X = $(shell ./probe.sh)\n",
			"/p/cc.sh": "", "/p/build.sh": "", "/p/probe.sh": ""},
			`make all`, []string{"manifest /p/Makefile", "manifest /p/common.mk", "program /p/probe.sh", "program /p/cc.sh", "program /p/build.sh"}, nil},
		{"go run", fakeFS{"/p/go.mod": "module example.com/m\n", "/p/cmd/hook/main.go": "package main\nimport (\n\t\"fmt\"\n\t\"example.com/m/internal/x\"\n)\n",
			"/p/cmd/hook/main_test.go": "", "/p/internal/x/x.go": "package x"},
			`go run ./cmd/hook`, []string{"manifest /p/go.mod", "script /p/cmd/hook/main.go", "script /p/internal/x/x.go"}, nil},
		{"ruby is not modelled", fakeFS{"/p/x.rb": "require 'y'"}, `ruby x.rb`, []string{"script /p/x.rb"}, []string{"ruby ./x.rb can load more files"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := Analyze(tt.cmd, Options{Dir: "/p", Vars: map[string]string{"HOME": "/home/u"}, Files: tt.fs})
			checkAnalysis(t, reached(a), a, tt.files, tt.unknown)
		})
	}
}

// TestAnalyzeFollowBounds: a file that sources itself, and a chain
// deeper than MaxFollow, end.
func TestAnalyzeFollowBounds(t *testing.T) {
	a := Analyze(`. ./a.sh`, Options{Dir: "/p", Files: fakeFS{"/p/a.sh": ". ./a.sh\n"}})
	if len(a.Unknown) != 0 {
		t.Errorf("a file that sources itself: %q", a.Unknown)
	}
	fs := fakeFS{}
	for i := range MaxFollow + 3 {
		fs["/p/s"+string(rune('a'+i))+".sh"] = "bash ./s" + string(rune('a'+i+1)) + ".sh\n"
	}
	a = Analyze(`bash ./sa.sh`, Options{Dir: "/p", Files: fs})
	if len(a.Unknown) != 1 || !strings.Contains(a.Unknown[0], "more than 8 deep") {
		t.Errorf("a chain of %d scripts: %q", MaxFollow+3, a.Unknown)
	}
}

// FuzzFollow: any command reaching files of any content ends, without a
// panic, within the bounds.
func FuzzFollow(f *testing.F) {
	f.Add(`bash a.sh`, ". ./a.sh\n./a.sh")
	f.Add(`python3 a.py`, "from . import (a,\n b)\nimport a.b.c")
	f.Add(`node a.js`, "require('./a.js'); import('./a')")
	f.Add(`make`, "include Makefile\nall:\n\t$(MAKE) $$x")
	f.Add(`npm run x`, `{"scripts": {"x": "npm run x"}}`)
	f.Add(`go run .`, "module m\nreplace x => ./y")
	f.Fuzz(func(t *testing.T, cmd, content string) {
		fs := fakeFS{"/p/a.sh": content, "/p/a.py": content, "/p/a.js": content, "/p/Makefile": content,
			"/p/package.json": content, "/p/go.mod": content, "/p/main.go": content}
		a := Analyze(cmd, Options{Dir: "/p", Vars: map[string]string{"HOME": "/h"}, Files: fs, Env: map[string]string{"X": content}})
		if a.Files == nil || a.Programs == nil || a.Unknown == nil || len(a.Files) > MaxFiles {
			t.Fatalf("lists: %d files", len(a.Files))
		}
	})
}

// checkAnalysis compares the files got (as "role path") and the Unknown
// reasons of a with the wanted ones (reasons as substrings, in order).
func checkAnalysis(t *testing.T, got []string, a *Analysis, files, unknown []string) {
	t.Helper()
	if diff := cmp.Diff(files, got, cmpopts.EquateEmpty()); diff != "" {
		t.Errorf("files (-want +got):\n%s", diff)
	}
	if len(unknown) != len(a.Unknown) {
		t.Fatalf("unknown = %q, want %d like %q", a.Unknown, len(unknown), unknown)
	}
	for i, u := range unknown {
		if !strings.Contains(a.Unknown[i], u) {
			t.Errorf("unknown[%d] = %q, want it to contain %q", i, a.Unknown[i], u)
		}
	}
}
