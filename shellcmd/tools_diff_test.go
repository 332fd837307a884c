package shellcmd

import (
	"os/exec"
	"strings"
	"testing"
	"time"
)

// The forms of issue 30 that run through a tool's own configuration,
// run by the real make, npm, git and go and by pyenv's shim (the
// interpreter selection files), with the shared harness
// (witness_test.go). What these tools read as configuration (a
// Makefile, an included file, .npmrc, .git/config, a header cgo
// compiles, .python-version) is no code that logs itself: strace is the
// witness that sees it.

// toolMake are make's forms: deferred and immediate variables,
// automatic variables, include, recipes of every rule, SHELL, exported
// variables, and the forms the follower does not model.
var toolMake = []witnessForm{
	{"deferred defined after use", map[string]string{"Makefile": "RUN = sh $(SCRIPT)\nall:\n\t@$(RUN)\nSCRIPT = c.sh\n", "c.sh": ""}, "make -s"},
	{"immediate", map[string]string{"Makefile": "A = ./c.sh\nB := $(A)\nA = ./d.sh\nall:\n\t@$(B)\n", "c.sh": "", "d.sh": ""}, "make -s"},
	{"append in the deferred flavour", map[string]string{"Makefile": "A = sh\nA += $(S)\nS = d.sh\nall:\n\t@$(A)\n", "d.sh": ""}, "make -s"},
	{"?= and a command-line override", map[string]string{"Makefile": "RUN ?= ./c.sh\nall:\n\t@$(RUN)\n", "c.sh": "", "d.sh": ""}, "make -s RUN=./d.sh"},
	{"$< and $^", map[string]string{"Makefile": "all: c.sh d.sh\n\t@sh $<\n\t@sh $(word 2,$^)\n", "c.sh": "", "d.sh": ""}, "make -s"},
	{"$@ of each target", map[string]string{"Makefile": "c.out d.out:\n\t@sh $(basename $@).sh\n", "c.sh": "", "d.sh": ""}, "make -s d.out"},
	{"$(@D) and $(<F)", map[string]string{"Makefile": "sub/x: sub/s.sh\n\t@cd $(@D) && sh $(<F)\n", "sub/s.sh": ""}, "make -s sub/x"},
	{"include", map[string]string{"Makefile": "include rules.mk\nall:\n\t@$(X)\n", "rules.mk": "X = ./c.sh\n", "c.sh": ""}, "make -s"},
	{"-include present and missing", map[string]string{"Makefile": "-include local.mk gone.mk\nall:\n\t@$(X)\n", "local.mk": "X = sh d.sh\n", "d.sh": ""}, "make -s"},
	{"include with a target of its own", map[string]string{"Makefile": "all: helper\ninclude sub/inc.mk\n", "sub/inc.mk": "helper:\n\t@./sub/s.sh\n", "sub/s.sh": ""}, "make -s"},
	{"a recipe of another rule", map[string]string{"Makefile": "all:\n\t@true\nlint:\n\t@./c.sh\n", "c.sh": ""}, "make -s lint"},
	{"prerequisites run first", map[string]string{"Makefile": "all: gen\n\t@./c.sh\ngen:\n\t@./d.sh\n", "c.sh": "", "d.sh": ""}, "make -s"},
	{"$(shell) at read time", map[string]string{"Makefile": "V := $(shell ./c.sh)\nall:\n\t@true\n", "c.sh": ""}, "make -s"},
	{"!= at read time", map[string]string{"Makefile": "V != sh d.sh\nall:\n\t@true\n", "d.sh": ""}, "make -s"},
	{"SHELL from the project", map[string]string{"Makefile": "SHELL = ./mysh\nall:\n\t@true\n", "mysh": "#!/bin/sh\nexec /bin/sh \"$@\"\n"}, "make -s"},
	{"an exported variable in the recipe's shell", map[string]string{"Makefile": "export RUN = ./c.sh\nall:\n\t@$$RUN\n", "c.sh": ""}, "make -s"},
	{"define", map[string]string{"Makefile": "define STEPS\n./c.sh\n./d.sh\nendef\nall:\n\t@$(STEPS)\n", "c.sh": "", "d.sh": ""}, "make -s"},
	{"both branches of ifeq", map[string]string{"Makefile": "ifeq ($(origin HOME),environment)\nRUN = ./c.sh\nelse\nRUN = ./d.sh\nendif\nall:\n\t@$(RUN)\n", "c.sh": "", "d.sh": ""}, "make -s"},
	{"-f another makefile", map[string]string{"build.mk": "all:\n\t@./c.sh\n", "c.sh": ""}, "make -s -f build.mk"},
	{"-C a folder", map[string]string{"sub/Makefile": "all:\n\t@./s.sh\n", "sub/s.sh": ""}, "make -s -C sub"},
	{"GNUmakefile before Makefile", map[string]string{"GNUmakefile": "all:\n\t@./c.sh\n", "Makefile": "all:\n\t@./d.sh\n", "c.sh": "", "d.sh": ""}, "make -s"},
	{"$(MAKE) -C", map[string]string{"Makefile": "all:\n\t@$(MAKE) -s -C sub\n", "sub/Makefile": "all:\n\t@./s.sh\n", "sub/s.sh": ""}, "make -s"},
	{"a pattern rule", map[string]string{"Makefile": "%.out: %.sh\n\t@sh $<\n", "c.sh": ""}, "make -s c.out"},
	{"export alone after an include of .env", map[string]string{"Makefile": "include .env\nexport\nall:\n\t@bash -c true\n", ".env": "BASH_ENV=./e.sh\n", "e.sh": ""}, "make -s"},
	{"a suffix rule", map[string]string{"Makefile": ".sh.out:\n\t@sh $<\nall: a.out\n", "a.sh": ""}, "make -s"},
	{"a suffix rule of .SUFFIXES", map[string]string{"Makefile": ".SUFFIXES: .x .y\n.x.y:\n\t@sh $<\nall: a.y\n", "a.x": "echo @SELF@ >> @LOG@\n"}, "make -s"},
	{".DEFAULT", map[string]string{"Makefile": ".DEFAULT:\n\t@sh run-$@\n", "run-foo": "echo @SELF@ >> @LOG@\n"}, "make -s foo"},
	{"a built-in rule makes the program", map[string]string{"Makefile": "all: tool\n\t@./tool\n", "tool.sh": ""}, "make -s"},
	{"a target-specific variable", map[string]string{"Makefile": "RUN = ./c.sh\nall: RUN = ./d.sh\nall:\n\t@$(RUN)\n", "c.sh": "", "d.sh": ""}, "make -s"},
	{".RECIPEPREFIX", map[string]string{"Makefile": ".RECIPEPREFIX = >\nall:\n>@./c.sh\n", "c.sh": ""}, "make -s"},
	{"$(eval) at the top", map[string]string{"Makefile": "$(eval RUN = ./c.sh)\nall:\n\t@$(RUN)\n", "c.sh": ""}, "make -s"},
	{"$(call)", map[string]string{"Makefile": "run = sh $(1)\nall:\n\t@$(call run,d.sh)\n", "d.sh": ""}, "make -s"},
	{"MAKEFILES in the environment", map[string]string{"Makefile": "all:\n\t@$(X)\n", "extra.mk": "X = ./c.sh\n", "c.sh": ""}, "MAKEFILES=extra.mk make -s"},
	{"vpath", map[string]string{"Makefile": "vpath %.sh scripts\nall: c.sh\n\t@sh $<\n", "scripts/c.sh": ""}, "make -s"},
	{"an include of a computed name", map[string]string{"Makefile": "include $(wildcard *.mk)\nall:\n\t@$(X)\n", "a.mk": "X = ./c.sh\n", "c.sh": ""}, "make -s"},
	{".ONESHELL", map[string]string{"Makefile": ".ONESHELL:\nall:\n\t@cd sub\n\t./s.sh\n", "sub/s.sh": ""}, "make -s"},
	{"make inside a hook script", map[string]string{"hook.sh": "make -s -C tools\n", "tools/Makefile": "all:\n\t@sh run.sh\n", "tools/run.sh": ""}, "sh hook.sh"},
}

// toolNpm are npm's forms: scripts with their pre and post scripts,
// scripts that run npm again, and npm's configuration: .npmrc, the
// files it names, options and environment variables that set
// script-shell or node-options.
var toolNpm = []witnessForm{
	{"a script that runs another", map[string]string{"package.json": `{"scripts": {"a": "npm run -s b", "b": "./c.sh"}}`, "c.sh": ""}, "npm run -s a"},
	{"pre and post of test", map[string]string{"package.json": `{"scripts": {"pretest": "./c.sh", "test": "node x.js", "posttest": "sh d.sh"}}`, "c.sh": "", "x.js": "", "d.sh": ""}, "npm test -s"},
	{"start falls back to server.js", map[string]string{"package.json": `{"name": "p"}`, "server.js": ""}, "npm start -s"},
	{"a script in a folder's package", map[string]string{"package.json": `{"scripts": {"t": "./c.sh"}}`, "sub/package.json": `{"scripts": {"t": "./s.sh"}}`, "sub/s.sh": "", "c.sh": ""}, "cd sub && npm run -s t"},
	{"--prefix", map[string]string{"sub/package.json": `{"scripts": {"t": "./s.sh"}}`, "sub/s.sh": ""}, "npm --prefix sub run -s t"},
	{"from a subfolder", map[string]string{"package.json": `{"scripts": {"t": "sh a.sh", "test": "sh b.sh"}}`, "a.sh": "", "b.sh": "", "sub/.keep": ""}, "cd sub && npm run -s t && npm test -s"},
	{"npx of the package's own bin", map[string]string{"package.json": `{"name": "r", "bin": {"rb": "cli.js"}}`, "cli.js": "#!/bin/sh\n"}, "npx --offline rb"},
	{"npm init with the init-module of .npmrc", map[string]string{".npmrc": "init-module=./init.js\n", "init.js": "module.exports = {}\n"}, "npm init -y >/dev/null"},
	{"arguments after the script's name", map[string]string{"package.json": `{"scripts": {"t": "sh", "test": "sh"}}`, "a.sh": "", "b.sh": ""}, "npm run -s t -- a.sh && npm test -s b.sh"},
	{".npmrc script-shell", map[string]string{"package.json": `{"scripts": {"t": "true"}}`, ".npmrc": "script-shell=./sh.sh\n", "sh.sh": "#!/bin/sh\nexec /bin/sh \"$@\"\n"}, "npm run -s t"},
	{".npmrc script-shell quoted, in a section", map[string]string{"package.json": `{"scripts": {"t": "true"}}`, ".npmrc": "; a comment\nscript-shell = \"./tools/sh\"\n[section]\nx=1\n", "tools/sh": "#!/bin/sh\nexec /bin/sh \"$@\"\n"}, "npm run -s t"},
	{".npmrc userconfig naming another file", map[string]string{"package.json": `{"scripts": {"t": "true"}}`, ".npmrc": "userconfig=./cfg/u.npmrc\n", "cfg/u.npmrc": "script-shell=./cfg/sh\n", "cfg/sh": "#!/bin/sh\nexec /bin/sh \"$@\"\n"}, "npm run -s t"},
	{".npmrc globalconfig naming another file", map[string]string{"package.json": `{"scripts": {"t": "true"}}`, ".npmrc": "globalconfig=./cfg/g.npmrc\n", "cfg/g.npmrc": "script-shell=./cfg/sh\n", "cfg/sh": "#!/bin/sh\nexec /bin/sh \"$@\"\n"}, "npm run -s t"},
	{".npmrc node-options", map[string]string{"package.json": `{"scripts": {"t": "node x.js"}}`, ".npmrc": "node-options=--require ./pre.js\n", "pre.js": "", "x.js": ""}, "npm run -s t"},
	{".npmrc of a folder's package", map[string]string{"sub/package.json": `{"scripts": {"t": "true"}}`, "sub/.npmrc": "script-shell=./sh\n", "sub/sh": "#!/bin/sh\nexec /bin/sh \"$@\"\n"}, "cd sub && npm run -s t"},
	{"--script-shell on the command line", map[string]string{"package.json": `{"scripts": {"t": "true"}}`, "sh.sh": "#!/bin/sh\nexec /bin/sh \"$@\"\n"}, "npm run -s t --script-shell=./sh.sh"},
	{"npm_config_script_shell in the environment", map[string]string{"package.json": `{"scripts": {"t": "true"}}`, "sh.sh": "#!/bin/sh\nexec /bin/sh \"$@\"\n"}, "npm_config_script_shell=./sh.sh npm run -s t"},
	{"NPM_CONFIG_USERCONFIG in the environment", map[string]string{"package.json": `{"scripts": {"t": "true"}}`, "u.npmrc": "script-shell=./sh.sh\n", "sh.sh": "#!/bin/sh\nexec /bin/sh \"$@\"\n"}, "NPM_CONFIG_USERCONFIG=./u.npmrc npm run -s t"},
	{".npmrc with an environment variable", map[string]string{"package.json": `{"scripts": {"t": "true"}}`, ".npmrc": "script-shell=${PWD}/sh.sh\n", "sh.sh": "#!/bin/sh\nexec /bin/sh \"$@\"\n"}, "npm run -s t"},
	{"a bin in node_modules", map[string]string{"package.json": `{"scripts": {"t": "tool"}}`, "node_modules/.bin/tool": "#!/bin/sh\n"}, "npm run -s t"},
	{"npm exec -c", map[string]string{"package.json": `{"name": "p"}`, "c.sh": ""}, "npm exec -c ./c.sh"},
	{"npm exec of a local bin", map[string]string{"package.json": `{"name": "p"}`, "node_modules/.bin/tool": "#!/bin/sh\n"}, "npm exec -- tool"},
	{"a script running node with a local module", map[string]string{"package.json": `{"scripts": {"t": "node ./bin/x.js"}}`, "bin/x.js": "require('../lib/y')\n", "lib/y.js": ""}, "npm run -s t"},
}

// gitRepo returns a setup that makes the project a repository, then
// runs each of steps (git's arguments) in it.
func gitRepo(steps ...string) func(dir string, env []string) error {
	return func(dir string, env []string) error {
		all := append([]string{"init -q", "config user.name a", "config user.email a@b", "add -A", "commit -q --no-verify --allow-empty -m x"}, steps...)
		for _, s := range all {
			c := exec.Command("git", strings.Fields(s)...)
			c.Dir, c.Env = dir, env
			if out, err := c.CombinedOutput(); err != nil {
				return &exec.Error{Name: "git " + s + ": " + string(out), Err: err}
			}
		}
		return nil
	}
}

// toolGit are hooks that run git in a repository whose configuration
// runs project files: core.fsmonitor, an alias, core.hooksPath and the
// hooks folder, include.path, a filter, and an embedded bare repository
// that cd reaches.
// gitFilterInput are the files git feeds a case's filter on its standard
// input: the filter's data (its command is followed, gitreach.go).
var gitFilterInput = map[string][]string{"a clean filter": {"a.txt"}}

var toolGit = []struct {
	witnessForm
	steps []string
}{
	{witnessForm{"core.fsmonitor", map[string]string{"fsm.sh": ""}, "git status --short"}, []string{"config core.fsmonitor ./fsm.sh"}},
	{witnessForm{"an alias", map[string]string{"c.sh": ""}, "git x"}, []string{"config alias.x !./c.sh"}},
	{witnessForm{"an alias after -C", map[string]string{"sub/s.sh": "", "sub/f": ""}, "git -C sub x"}, []string{"config alias.x !./sub/s.sh"}},
	{witnessForm{"a hook in .git/hooks", map[string]string{".git/hooks/pre-commit": "#!/bin/sh\n"}, "git commit -q --allow-empty -m y"}, nil},
	{witnessForm{"core.hooksPath", map[string]string{"hooks/pre-commit": "#!/bin/sh\n"}, "git commit -q --allow-empty -m y"}, []string{"config core.hooksPath hooks"}},
	{witnessForm{"include.path", map[string]string{"extra.cfg": "[alias]\n\tx = !./c.sh\n", "c.sh": ""}, "git x"}, []string{"config include.path ../extra.cfg"}},
	{witnessForm{"a clean filter", map[string]string{".gitattributes": "*.txt filter=f\n", "clean.sh": "#!/bin/sh\ncat\n", "a.txt": "a\n"}, "touch a.txt && git add a.txt"}, []string{"config filter.f.clean ./clean.sh"}},
	{witnessForm{"an embedded bare repository", map[string]string{"docs/fsm.sh": "", "docs/x": ""}, "cd docs && git status --short"},
		[]string{"init -q --bare docs", "-C docs config core.bare false", "-C docs config core.worktree .", "-C docs config core.fsmonitor ./fsm.sh"}},
	{witnessForm{"an alias of an embedded bare repository", map[string]string{"docs/c.sh": ""}, "cd docs && git x"},
		[]string{"init -q --bare docs", "-C docs config alias.x !./c.sh"}},
	{witnessForm{"core.fsmonitor with --work-tree", map[string]string{"w/fsm.sh": "", "w/f": ""}, "git --work-tree=w --git-dir=.git status --short"}, []string{"config core.fsmonitor ./fsm.sh"}},
	{witnessForm{"a plain git command", map[string]string{"c.sh": ""}, "git status --short && ./c.sh"}, nil},
	{witnessForm{"git log in a hook script", map[string]string{"hook.sh": "git log -1 --format=%s >/dev/null\n./c.sh\n", "c.sh": ""}, "sh hook.sh"}, nil},
}

// toolGo are go run's forms: a main package with a package of its
// module, and cgo with a header reached through ../../inc/x.h.
var toolGo = []struct {
	witnessForm
	cgo bool
}{
	{witnessForm{"go run of a package", map[string]string{"go.mod": "module example.com/p\n\ngo 1.21\n", "cmd/x/main.go": goMain(`import "example.com/p/lib"`, "lib.F()"), "lib/lib.go": "package lib\n\nfunc F() {}\n", "lib/lib_test.go": "package lib\n"}, "go run ./cmd/x"}, false},
	{witnessForm{"go -C before run", map[string]string{"go.mod": "module example.com/p\n\ngo 1.21\n", "cmd/x/main.go": goMain("", "")}, "go -C cmd/x run ."}, false},
	{witnessForm{"go run of files", map[string]string{"go.mod": "module example.com/p\n\ngo 1.21\n", "main.go": goMain("", ""), "more.go": "package main\n"}, "go run main.go more.go"}, false},
	{witnessForm{"go run with an embedded file", map[string]string{"go.mod": "module example.com/p\n\ngo 1.21\n", "main.go": goMain(`import _ "embed"`, "") + "\n//go:embed run.sh\nvar script string\n", "run.sh": "#!/bin/sh\n"}, "go run ."}, false},
	{witnessForm{"cgo with a header above the package", map[string]string{"go.mod": "module example.com/p\n\ngo 1.21\n", "cmd/x/main.go": "package main\n\nimport \"os\"\n\n// #include \"../../inc/x.h\"\nimport \"C\"\n\n" + goMainBody("_ = C.X"), "inc/x.h": "#define X 1\n"}, "go run ./cmd/x"}, true},
	{witnessForm{"cgo with -I", map[string]string{"go.mod": "module example.com/p\n\ngo 1.21\n", "main.go": "package main\n\nimport \"os\"\n\n// #cgo CFLAGS: -I${SRCDIR}/inc\n// #include <y.h>\nimport \"C\"\n\n" + goMainBody("_ = C.Y"), "inc/y.h": "#include \"z.h\"\n#define Y Z\n", "inc/z.h": "#define Z 2\n"}, "go run ."}, true},
	{witnessForm{"cgo with a C file", map[string]string{"go.mod": "module example.com/p\n\ngo 1.21\n", "main.go": "package main\n\nimport \"os\"\n\n// int f(void);\nimport \"C\"\n\n" + goMainBody("_ = C.f()"), "f.c": "int f(void) { return 1; }\n"}, "go run ."}, true},
	{witnessForm{"cgo whose C calls system", map[string]string{"go.mod": "module example.com/p\n\ngo 1.21\n", "main.go": "package main\n\nimport \"os\"\n\n// #include <stdlib.h>\n// static void r(void) { system(\"sh a.sh\"); }\nimport \"C\"\n\n" + goMainBody("C.r()"), "a.sh": ""}, "go run ."}, true},
	{witnessForm{"execve by its number", map[string]string{"go.mod": "module example.com/p\n\ngo 1.21\n", "main.go": goMain(`import ("syscall"; "unsafe")`,
		"if pid, _, _ := syscall.RawSyscall(syscall.SYS_FORK, 0, 0, 0); pid == 0 {\n\t\tp, _ := syscall.BytePtrFromString(\"/bin/sh\")\n\t\ta, _ := syscall.BytePtrFromString(\"a.sh\")\n\t\targv := []*byte{p, a, nil}\n\t\tsyscall.RawSyscall(59, uintptr(unsafe.Pointer(p)), uintptr(unsafe.Pointer(&argv[0])), 0)\n\t}\n\tvar st syscall.WaitStatus\n\tsyscall.Wait4(-1, &st, 0, nil)"), "a.sh": ""}, "go run ."}, false},
}

// goMain is a main package that logs its own file's path when it runs,
// with the import lines imp and the statement call.
func goMain(imp, call string) string {
	return "package main\n\nimport \"os\"\n" + imp + "\n" + goMainBody(call)
}

func goMainBody(call string) string {
	return "func main() {\n\tf, _ := os.OpenFile(\"@LOG@\", os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)\n\tf.WriteString(\"@SELF@\\n\")\n\t" + call + "\n}\n"
}

// toolSelect are the interpreter selection files a version manager's
// shim reads before the interpreter starts: each is configuration, and
// a swap picks another interpreter.
var toolSelect = []struct {
	witnessForm
	tool string
}{
	{witnessForm{"pyenv .python-version", map[string]string{".python-version": "3.11.7\n", "x.py": ""}, "python3 x.py"}, "pyenv"},
	{witnessForm{"pyenv .python-version above the folder", map[string]string{".python-version": "3.11.7\n", "sub/x.py": ""}, "cd sub && python3 x.py"}, "pyenv"},
	{witnessForm{"pyenv .python-version and a script's #!", map[string]string{".python-version": "3.11.7\n", "run": "#!/usr/bin/env python3\nimport m\n", "m.py": ""}, "./run"}, "pyenv"},
	{witnessForm{"mise .tool-versions", map[string]string{".tool-versions": "python 3.11.7\n", "x.py": ""}, "python3 x.py"}, "mise"},
	{witnessForm{"nodenv .node-version", map[string]string{".node-version": "20\n", "x.js": ""}, "node x.js"}, "nodenv"},
}

// toolCases are the forms above as the harness runs them.
func toolCases() []witnessCase {
	var cases []witnessCase
	for _, f := range toolMake {
		cases = append(cases, witnessCase{name: "make: " + f.name, cmd: f.cmd, files: f.files, tool: "make", mustRun: true})
	}
	for _, f := range toolNpm {
		cases = append(cases, witnessCase{name: "npm: " + f.name, cmd: f.cmd, files: f.files, tool: "npm", timeout: time.Minute})
	}
	for _, f := range toolGit {
		cases = append(cases, witnessCase{name: "git: " + f.name, cmd: f.cmd, files: f.files, tool: "git", setup: gitRepo(f.steps...),
			data: gitFilterInput[f.name]})
	}
	for _, f := range toolGo {
		// go reads every .go file of a package for its package clause,
		// build constraints and imports; a _test.go file is not built by
		// go run: data.
		c := witnessCase{name: "go: " + f.name, cmd: f.cmd, files: f.files, tool: "go", mustRun: true, mustSucceed: true, timeout: 2 * time.Minute,
			data: []string{"*_test.go", "*/*_test.go"}}
		if f.cgo {
			c.tool = "go gcc"
			c.env = []string{"CGO_ENABLED=1"}
		} else {
			c.env = []string{"CGO_ENABLED=0"}
		}
		cases = append(cases, c)
	}
	for _, f := range toolSelect {
		c := witnessCase{name: f.tool + ": " + f.name, cmd: f.cmd, files: f.files, tool: f.tool, mustRun: true, mustSucceed: true, timeout: 10 * time.Second}
		if f.tool == "pyenv" {
			c.env = []string{"PYENV_ROOT=" + pyenvRoot(), "PATH=" + pyenvRoot() + "/shims:@PATH@"}
		}
		cases = append(cases, c)
	}
	return cases
}

// pyenvRoot is pyenv's root folder ("" without pyenv).
func pyenvRoot() string {
	out, err := exec.Command("pyenv", "root").Output()
	if err != nil {
		return ""
	}
	return strings.TrimSpace(string(out))
}

// TestToolsAgainstTools runs make's, npm's, git's and go's forms and
// the interpreter selection files with the real tools, and fails on any
// silent miss (issue 30 §7).
func TestToolsAgainstTools(t *testing.T) {
	t.Parallel()
	witnessRun(t, "make, npm, git, go and interpreter selection forms", toolCases())
}
