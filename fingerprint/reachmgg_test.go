package fingerprint

import (
	"strings"
	"testing"
)

// The Make, go run (cgo) and git forms of issue 30's "Why", on disk:
// swapping a file the real make, go or git would run or load changes the
// fingerprint, and a form that cannot be followed is not covered, named.
// The Make forms were run by GNU Make 4.3 (make -s lint): each ran the
// file the test swaps.
func TestReachMakeGoGit(t *testing.T) {
	t.Parallel()
	bare := map[string]string{"docs/HEAD": "ref: refs/heads/main\n", "docs/objects/info/x": "", "docs/refs/heads/main": "0000\n"}
	with := func(m map[string]string, kv ...string) map[string]string {
		out := map[string]string{}
		for k, v := range m {
			out[k] = v
		}
		for i := 0; i < len(kv); i += 2 {
			out[kv[i]] = kv[i+1]
		}
		return out
	}
	runReachCases(t, []reachCase{
		{"make: a deferred = assignment", map[string]string{"Makefile": "RUN = sh $(SCRIPT)\nSCRIPT = tools/check.sh\nlint:\n\t$(RUN)\n", "tools/check.sh": "echo\n"},
			`make lint`, "tools/check.sh", ""},
		{"make: $<", map[string]string{"Makefile": "lint: tools/check.sh\n\tsh $<\n", "tools/check.sh": "echo\n"},
			`make lint`, "tools/check.sh", ""},
		{"make: $< of a pattern rule", map[string]string{"Makefile": "%.ok: %.sh\n\tsh $<\nlint: check.ok\n", "check.sh": "echo\n"},
			`make lint`, "Makefile", "the automatic variable $< in a pattern rule"},
		{"make: a variable from the command line", map[string]string{"Makefile": "SCRIPT := a.sh\nlint:\n\tsh $(SCRIPT)\n", "b.sh": "echo\n"},
			`make SCRIPT=b.sh lint`, "b.sh", ""},
		{"still covered: make lint with a plain Makefile", map[string]string{"Makefile": ".PHONY: lint test\n\nGO ?= go\n\nlint: ## run the linters\n\t@./tools/lint.sh\n\ntest:\n\t$(GO) build ./...\n\t./tools/test.sh\n", "tools/lint.sh": "echo\n", "tools/test.sh": "echo\n"},
			`make lint`, "tools/lint.sh", ""},
		{"go run of a cgo package: #include \"../../inc/x.h\"", map[string]string{"go.mod": "module example.com/m\n\ngo 1.22\n",
			"cmd/hook/main.go": "package main\n\n// #include \"../../inc/x.h\"\nimport \"C\"\n\nfunc main() { C.f() }\n", "inc/x.h": "#include \"y.h\"\n", "inc/y.h": "static void f(void) {}\n"},
			`go run ./cmd/hook`, "inc/y.h", ""},
		{"go run of a cgo package: an -I folder and a computed #include", map[string]string{"go.mod": "module example.com/m\n",
			"cmd/hook/main.go": "package main\n\n/*\n#cgo CFLAGS: -I${SRCDIR}/../../inc\n#include <x.h>\n#include HDR\n*/\nimport \"C\"\n\nfunc main() {}\n", "inc/x.h": "\n"},
			`go run ./cmd/hook`, "inc/x.h", "a computed #include (HDR) in ./cmd/hook/main.go"},
		{"go run of a cgo package whose C calls system", map[string]string{"go.mod": "module example.com/m\n",
			"cmd/hook/main.go": "package main\n\n// #include \"../../inc/x.h\"\nimport \"C\"\n\nfunc main() { C.f() }\n", "inc/x.h": "#include <stdlib.h>\nstatic void f(void) { system(\"sh run.sh\"); }\n"},
			`go run ./cmd/hook`, "inc/x.h", "./inc/x.h names system in native code: what the program starts or loads is not followed"},
		{"go run of a cgo package whose C names a long word: the reason shows its first 40 bytes", map[string]string{"go.mod": "module example.com/m\n",
			"cmd/hook/main.go": "package main\n\n// #include \"../../inc/x.h\"\nimport \"C\"\n\nfunc main() { C.f() }\n", "inc/x.h": "static void f(void) { my_" + strings.Repeat("a", 60) + "system(); }\n"},
			`go run ./cmd/hook`, "inc/x.h", "./inc/x.h names my_" + strings.Repeat("a", 37) + "... in native code"},
		{"go run with a .syso and a raw system call", map[string]string{"go.mod": "module example.com/m\n", "tools/hook/main.go": "package main\n\nimport \"syscall\"\n\nfunc main() { syscall.RawSyscall(59, 0, 0, 0) }\n",
			"tools/hook/x_amd64.syso": "\x7fELF"},
			`go run ./tools/hook`, "tools/hook/x_amd64.syso", "./tools/hook/main.go imports syscall: what the program starts or loads is not followed"},
		{"still covered: go run ./tools/hook of pure Go", map[string]string{"go.mod": "module example.com/m\n", "tools/hook/main.go": "package main\n\nimport \"example.com/m/internal/x\"\n\nfunc main() { x.F() }\n",
			"internal/x/x.go": "package x\n\nfunc F() {}\n"},
			`go run ./tools/hook`, "internal/x/x.go", ""},
		{"cd docs && git status: a bare repository's core.fsmonitor", with(bare, "docs/config", "[core]\n\tbare = true\n\tfsmonitor = ./fsmon.sh\n", "docs/fsmon.sh", "#!/bin/sh\n"),
			`cd docs && git status`, "docs/fsmon.sh", ""},
		{"cd docs && git status: a bare repository's hooks", with(bare, "docs/config", "[core]\n\tbare = true\n", "docs/hooks/post-checkout", "#!/bin/sh\n. ./lib.sh\n", "docs/lib.sh", "echo\n"),
			`cd docs && git status`, "docs/lib.sh", ""},
		{"git -C docs log: a header line with the key on it", with(bare, "docs/config", "[core] fsmonitor = \"./fs\"\\\nmon.sh # c\n", "docs/fsmon.sh", "#!/bin/sh\n"),
			`git -C docs log`, "docs/fsmon.sh", ""},
		{"a .git/config include", map[string]string{".git/HEAD": "ref: refs/heads/main\n", ".git/config": "[include]\n\tpath = ../cfg/extra\n", "cfg/extra": "[user]\n\tname = x\n"},
			`git status`, "cfg/extra", ""},
		{"a .git/config include naming an alias", map[string]string{".git/HEAD": "ref: refs/heads/main\n", ".git/config": "[include]\n\tpath = ../cfg/extra\n", "cfg/extra": "[alias]\n\tst = !./x.sh\n"},
			`git st`, "cfg/extra", "git config alias.st in ./cfg/extra"},
		{"core.hooksPath in the project", map[string]string{".git/HEAD": "ref: refs/heads/main\n", ".git/config": "[core]\n\thooksPath = tools/hooks\n", "tools/hooks/pre-commit": "#!/bin/sh\n./tools/check.sh\n", "tools/check.sh": "echo\n"},
			`git commit -m x`, "tools/check.sh", ""},
		{"a gitfile naming the repository", map[string]string{"sub/.git": "gitdir: ../repo\n", "repo/HEAD": "ref: refs/heads/main\n", "repo/config": "[core]\n\tpager = ./p.sh\n", "sub/p.sh": "#!/bin/sh\n"},
			`cd sub && git log`, "sub/p.sh", ""},
		{"still covered: git status with a cloned repository's config", map[string]string{".git/HEAD": "ref: refs/heads/main\n",
			".git/config":                  "[core]\n\trepositoryformatversion = 0\n\tfilemode = true\n\tbare = false\n\tlogallrefupdates = true\n[remote \"origin\"]\n\turl = https://example.com/x.git\n\tfetch = +refs/heads/*:refs/remotes/origin/*\n[branch \"main\"]\n\tremote = origin\n\tmerge = refs/heads/main\n",
			".git/hooks/pre-commit.sample": "#!/bin/sh\n"},
			`git status --porcelain`, ".git/config", ""},
	})
}
