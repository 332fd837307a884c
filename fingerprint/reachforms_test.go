package fingerprint

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/gh-hooks/gh-hooks/merge"
)

// reachCase is one form of issue 30 on disk: swapping swap (a file the
// real tool runs or loads) changes the fingerprint, and a form that is
// not followed is not covered, named.
type reachCase struct {
	name       string
	files      map[string]string
	cmd        string // %P, here and in files, stands for the project's folder
	swap       string // "" when only the reason is checked
	notCovered string // "" for a covered hook
}

func runReachCases(t *testing.T, tests []reachCase) {
	t.Helper()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			_, p := newProject(t)
			for f, c := range tt.files {
				writeFile(t, filepath.Join(p.Dir, f), strings.ReplaceAll(c, "%P", p.Dir))
			}
			h := hk("BeforeTool", 0, 0, "forms", strings.ReplaceAll(tt.cmd, "%P", p.Dir))
			before := Compute(p, []merge.Hook{h})[0]
			if got := strings.Join(before.NotCovered, "; "); tt.notCovered == "" && got != "" || !strings.Contains(got, tt.notCovered) {
				t.Fatalf("not covered = %q, want %q", got, tt.notCovered)
			}
			if tt.swap == "" {
				return
			}
			writeFile(t, filepath.Join(p.Dir, tt.swap), "// swapped\n")
			after := Compute(p, []merge.Hook{h})[0]
			if after.Record.Fingerprint == before.Record.Fingerprint {
				t.Errorf("swapping %s left the fingerprint unchanged (scripts %v)", tt.swap, brief(before.Scripts))
			}
		})
	}
}

// TestReachGoForms: the go command's forms. Each swapped file is one the
// real go 1.26 compiled into the binary it ran (watched by hand: the
// swapped file printed a line or failed the build).
func TestReachGoForms(t *testing.T) {
	t.Parallel()
	mod := "module example.com/m\n\ngo 1.22\n"
	main := func(imp string) string {
		return "package main\n\nimport (\n\t// see (the note)\n\t\"" + imp + "\"\n)\n\nfunc main() { x.F() }\n"
	}
	runReachCases(t, []reachCase{
		{"an import block with a comment holding a parenthesis", map[string]string{"go.mod": mod, "main.go": main("example.com/m/x"), "x/x.go": "package x\n\nfunc F() {}\n"},
			`go run .`, "x/x.go", ""},
		{"go.mod replace by a project folder", map[string]string{"go.mod": mod + "\nrequire example.com/lib v0.0.0\n\nreplace example.com/lib => ./third/lib\n",
			"main.go": main("example.com/lib/x"), "third/lib/go.mod": "module example.com/lib\n", "third/lib/x/x.go": "package x\n\nfunc F() {}\n"},
			`go run .`, "third/lib/x/x.go", ""},
		{"go.mod replace in a block, with a version", map[string]string{"go.mod": mod + "\nrequire example.com/lib v1.0.0\n\nreplace (\n\texample.com/lib v1.0.0 => ./lib // local\n)\n",
			"main.go": main("example.com/lib/x"), "lib/go.mod": "module example.com/lib\n", "lib/x/x.go": "package x\n\nfunc F() {}\n"},
			`go build -o bin/hook . && ./bin/hook`, "lib/x/x.go", ""},
		{"go.work: a package of another module of the workspace", map[string]string{"go.work": "go 1.22\n\nuse (\n\t./a\n\t./b\n)\n",
			"a/go.mod": "module example.com/a\n\ngo 1.22\n", "a/main.go": main("example.com/b/x"), "b/go.mod": "module example.com/b\n\ngo 1.22\n", "b/x/x.go": "package x\n\nfunc F() {}\n"},
			`go run ./a`, "b/x/x.go", ""},
		{"GOWORK names the workspace", map[string]string{"ws/w.work": "go 1.22\n\nuse ../a\nuse ../b\n",
			"a/go.mod": "module example.com/a\n\ngo 1.22\n", "a/main.go": main("example.com/b/x"), "b/go.mod": "module example.com/b\n\ngo 1.22\n", "b/x/x.go": "package x\n\nfunc F() {}\n"},
			`GOWORK=%P/ws/w.work go run ./a`, "b/x/x.go", ""},
		{"vendor/", map[string]string{"go.mod": mod + "\nrequire example.org/dep v1.0.0\n", "main.go": main("example.org/dep/x"),
			"vendor/modules.txt": "# example.org/dep v1.0.0\n## explicit\nexample.org/dep/x\n", "vendor/example.org/dep/x/x.go": "package x\n\nfunc F() {}\n"},
			`go run -mod=vendor .`, "vendor/example.org/dep/x/x.go", ""},
		{"//go:embed of a pattern and a folder", map[string]string{"go.mod": mod, "main.go": "package main\n\nimport \"embed\"\n\n//go:embed scripts/*.sh \"conf\"\nvar fs embed.FS\n\nfunc main() { _ = fs }\n",
			"scripts/a.sh": "echo a\n", "conf/deep/x.toml": "x = 1\n"},
			`go run .`, "conf/deep/x.toml", ""},
		{"//go:embed of a file", map[string]string{"go.mod": mod, "main.go": "package main\n\nimport _ \"embed\"\n\n//go:embed scripts/a.sh\nvar s string\n\nfunc main() { println(s) }\n",
			"scripts/a.sh": "echo a\n"},
			`go run .`, "scripts/a.sh", ""},
		{"go build -toolexec", map[string]string{"go.mod": mod, "main.go": "package main\n\nfunc main() {}\n", "tools/wrap.sh": "#!/bin/sh\necho wrap\n"},
			`go build -toolexec=./tools/wrap.sh .`, "tools/wrap.sh", ""},
		{"go run -exec", map[string]string{"go.mod": mod, "main.go": "package main\n\nfunc main() {}\n", "tools/run.sh": "#!/bin/sh\necho wrap\n"},
			`go run -exec "./tools/run.sh -v" .`, "tools/run.sh", ""},
		{"GOFLAGS with -toolexec", map[string]string{"go.mod": mod, "main.go": "package main\n\nfunc main() {}\n", "tools/wrap.sh": "#!/bin/sh\necho wrap\n"},
			`GOFLAGS=-toolexec=./tools/wrap.sh go run .`, "tools/wrap.sh", ""},
		{"CC names a project program", map[string]string{"go.mod": mod, "main.go": "package main\n\nfunc main() {}\n", "tools/cc.sh": "#!/bin/sh\necho cc\n"},
			`CC=%P/tools/cc.sh go build .`, "tools/cc.sh", ""},
		{"go named by its absolute path", map[string]string{"go.mod": mod, "main.go": main("example.com/m/x"), "x/x.go": "package x\n\nfunc F() {}\n"},
			`/usr/local/go/bin/go run .`, "x/x.go", ""},
		{"go run -C", map[string]string{"sub/go.mod": mod, "sub/main.go": "package main\n\nfunc main() {}\n"},
			`go run -C sub .`, "sub/main.go", ""},
		{"go build ./cmd/... with -o", map[string]string{"go.mod": mod, "cmd/a/main.go": "package main\n\nfunc main() {}\n", "cmd/b/main.go": "package main\n\nfunc main() {}\n"},
			`go build -o bin/ ./cmd/... && ./bin/b`, "cmd/b/main.go", ""},
		{"go run -overlay", map[string]string{"go.mod": mod, "main.go": "package main\n\nfunc main() {}\n", "o.json": "{\"Replace\": {}}\n"},
			`go run -overlay o.json .`, "o.json", "go run -overlay o.json: the files it names are not followed"},
		{"go run -modfile", map[string]string{"go.mod": mod, "alt.mod": mod, "main.go": "package main\n\nfunc main() {}\n"},
			`go run -modfile=alt.mod .`, "alt.mod", "go run -modfile alt.mod: the files it names are not followed"},
		{"go env -w", map[string]string{"go.mod": mod, "main.go": "package main\n\nfunc main() {}\n"},
			`go env -w GOFLAGS=-toolexec=./x.sh && go run .`, "main.go", "go env -w changes the settings of later go commands"},
		{"CGO_CFLAGS", map[string]string{"go.mod": mod, "main.go": "package main\n\nfunc main() {}\n"},
			`CGO_CFLAGS=-fplugin=./p.so go run .`, "main.go", "CGO_CFLAGS passes flags to the C compiler or linker"},
		{"a Go program that starts programs", map[string]string{"go.mod": mod, "main.go": "package main\n\nimport \"os/exec\"\n\nfunc main() { exec.Command(\"./x.sh\").Run() }\n"},
			`go run .`, "main.go", "./main.go imports os/exec: what the program starts or loads is not followed"},
		{"still covered: a Go program using syscall for a signal", map[string]string{"go.mod": mod, "main.go": "package main\n\nimport (\n\t\"os\"\n\t\"os/signal\"\n\t\"syscall\"\n)\n\nfunc main() { signal.Notify(make(chan os.Signal, 1), syscall.SIGTERM) }\n"},
			`go run .`, "main.go", ""},
		{"go test", map[string]string{"go.mod": mod, "x_test.go": "package main\n"},
			`go test ./...`, "", "go test runs project code: not followed"},
	})
}

// TestReachGitForms: the config keys whose value git runs, followed as
// git runs them (watched with git 2.x: filter.x.clean ran from the work
// tree's top with %f the file's path, also from a subfolder; a push to
// remote.r.url = ./remote.git ran its pre-receive hook), and the keys
// still not covered.
func TestReachGitForms(t *testing.T) {
	t.Parallel()
	repo := func(config string, kv ...string) map[string]string {
		m := map[string]string{".git/HEAD": "ref: refs/heads/main\n", ".git/config": "[core]\n\tbare = false\n" + config}
		for i := 0; i < len(kv); i += 2 {
			m[kv[i]] = kv[i+1]
		}
		return m
	}
	tool := "#!/bin/sh\ncat\n"
	runReachCases(t, []reachCase{
		{"filter.x.clean with %f", repo("[filter \"x\"]\n\tclean = ./tools/clean.sh %f\n\tsmudge = cat\n", ".gitattributes", "*.txt filter=x\n", "tools/clean.sh", tool),
			`cd sub && git add -A`, "tools/clean.sh", ""},
		{"filter.x.process", repo("[filter \"lfs\"]\n\tprocess = tools/lfs.sh filter-process\n\trequired = true\n", "tools/lfs.sh", tool),
			`git checkout .`, "tools/lfs.sh", ""},
		{"a filter that runs the file it is given", repo("[filter \"x\"]\n\tsmudge = sh %f\n"),
			`git checkout .`, "", "a script named by $GIT_PATH"},
		{"a filter that runs its input", repo("[filter \"x\"]\n\tclean = ./tools/f.sh\n", "tools/f.sh", "#!/bin/sh\nexec sh\n"),
			`git add -A`, "tools/f.sh", "code read from the file git feeds a filter"},
		{".gitattributes decides which files a filter gets", repo("[filter \"x\"]\n\tclean = ./tools/clean.sh\n", "tools/clean.sh", tool, ".gitattributes", "*.txt filter=x\n"),
			`git add -A`, ".gitattributes", ""},
		{"diff.x.textconv", repo("[diff \"x\"]\n\ttextconv = ./tools/conv.sh\n", "tools/conv.sh", tool),
			`git diff`, "tools/conv.sh", ""},
		{"merge.x.driver", repo("[merge \"x\"]\n\tname = x\n\tdriver = ./tools/merge.sh %O %A %B\n", "tools/merge.sh", tool),
			`git cherry-pick other`, "tools/merge.sh", ""},
		{"credential.helper !cmd", repo("[credential]\n\thelper = \"!./tools/cred.sh\"\n", "tools/cred.sh", tool),
			`git fetch`, "tools/cred.sh", ""},
		{"core.askPass", repo("[core]\n\taskPass = ./tools/ask.sh\n", "tools/ask.sh", tool),
			`git fetch`, "tools/ask.sh", ""},
		{"gpg.program", repo("[gpg]\n\tprogram = ./tools/gpg.sh\n[commit]\n\tgpgsign = true\n", "tools/gpg.sh", tool),
			`git commit -m x`, "tools/gpg.sh", ""},
		{"sequence.editor", repo("[sequence]\n\teditor = ./tools/ed.sh\n", "tools/ed.sh", tool),
			`git rebase -i HEAD~2`, "tools/ed.sh", ""},
		{"pager.log", repo("[pager]\n\tlog = ./tools/p.sh\n\tdiff = false\n", "tools/p.sh", tool),
			`git log`, "tools/p.sh", ""},
		{"a push to a repository in the project runs its hooks", repo("[remote \"r\"]\n\turl = ./remote.git\n", "remote.git/HEAD", "ref: refs/heads/main\n",
			"remote.git/config", "[core]\n\tbare = true\n", "remote.git/hooks/pre-receive", tool),
			`git push r HEAD`, "remote.git/hooks/pre-receive", ""},
		{"a remote's own config", repo("[remote \"r\"]\n\tpushurl = file://%P/remote.git\n", "remote.git/HEAD", "ref: refs/heads/main\n",
			"remote.git/config", "[core]\n\tbare = true\n\tfsmonitor = ./x.sh\n[receive]\n\tprocReceiveRefs = refs\n"),
			`git push r HEAD`, "remote.git/config", "git config receive.procreceiverefs in ./remote.git/config"},
		{"uploadpack.packObjectsHook: not read from a repository", repo("[uploadpack]\n\tpackObjectsHook = ./x.sh\n"),
			`git status`, ".git/config", ""},
		{"protocol.ext.allow", repo("[protocol \"ext\"]\n\tallow = always\n"),
			`git fetch`, ".git/config", "git config protocol.*.allow in ./.git/config"},
		{"alias.x", repo("[alias]\n\tx = !./tools/x.sh\n"),
			`git x`, ".git/config", "git config alias.x in ./.git/config"},
	})
}

// TestReachShellForms: the shell's own forms, each checked with bash
// 5.2 (and GNU sed 4.9): exec <FILE makes every later shell read FILE;
// a script's $1 is not its caller's; shift and set -- move $1; a folder
// added after $PATH is looked in when no system folder has the program
// (hashed, and the program's row applied too); sed -i with an empty
// word after it reads that word as GNU sed does (the script, or a file
// after -e).
func TestReachShellForms(t *testing.T) {
	t.Parallel()
	y := "#!/bin/sh\necho y\n"
	runReachCases(t, []reachCase{
		{"exec < FILE; bash", map[string]string{"y.sh": y}, `exec < y.sh; bash`, "y.sh", ""},
		{"exec < FILE in a group, then sh -s in a subshell", map[string]string{"y.sh": y}, `{ exec < y.sh; }; ( sh -s )`, "y.sh", ""},
		{"exec 3< FILE; bash <&3", map[string]string{"y.sh": y}, `exec 3< y.sh; bash <&3`, "", "code read from a duplicated file descriptor (<&3)"},
		{"a script's $1 is not its caller's", map[string]string{"x.sh": "#!/bin/bash\nbash \"${1:-./z.sh}\"\n", "y.sh": y, "z.sh": y},
			`f() { ./x.sh; }; f ./y.sh`, "", "a script named by $1"},
		{"shift in a function", map[string]string{"y.sh": y}, `f() { shift; bash "$1"; }; f a ./y.sh`, "y.sh", ""},
		{"set -- in a script", map[string]string{"z.sh": "#!/bin/bash\nset -- ./y.sh\nbash \"$1\"\n", "y.sh": y}, `./z.sh`, "y.sh", ""},
		{"set -- with a word bash splits", map[string]string{"y.sh": y}, `f() { set -- $X ./y.sh; bash "$2"; }; f a`, "", "a script named by $2"},
		{"PATH=$PATH:./bin: a program only the project has", map[string]string{"bin/lint": y}, `PATH=$PATH:./bin; lint`, "bin/lint", ""},
		{"PATH=$PATH:./bin: python3 in the project and on the system", map[string]string{"bin/python3": y, "x.py": "print(1)\n"},
			`PATH=$PATH:./bin; python3 x.py`, "x.py", ""},
		{"PATH=$PATH:./bin: the project's python3 itself", map[string]string{"bin/python3": y, "x.py": "print(1)\n"},
			`PATH=$PATH:./bin; python3 x.py`, "bin/python3", ""},
		{"command -p python3", map[string]string{"x.py": "print(1)\n"}, `command -p python3 x.py`, "x.py", ""},
		{"sed -i '' -e with the e command", map[string]string{"f": "a\n"}, `sed -i '' -e '1e ./y.sh' f`, "", "sed's e command (it runs a command): not followed"},
		{"sed -i '' SCRIPT: GNU sed reads '' as the script", map[string]string{"f": "a\n"}, `sed -i '' 's/a/b/' f`, "", ""},
	})
}

// TestReachTypeScriptForms: a .ts file in the JavaScript subset is
// read as JavaScript, so what it imports is hashed; a file with
// TypeScript-only syntax (type annotations, import type, enums,
// decorators) or TSX is not covered, named with its line. A TypeScript
// parser was tried (esbuild's transform, e98b5f2) and taken out again: it
// links into every gh-hooks process, and its start-up cost `gh-hooks
// --version` 3.9 -> 6.1 ms and `effective` 3.5x -> 4.2x to 4.7x the floor
// (BenchmarkProcess, interleaved), for 9 of 239 command hooks in the corpus.
func TestReachTypeScriptForms(t *testing.T) {
	t.Parallel()
	typed := "import type { Cfg } from '../types';\nimport { run } from '../lib/run';\n\nenum Mode { A, B }\n\nrun(Mode.A as number);\n"
	plain := map[string]string{"hooks/check.ts": "import { run } from '../lib/run';\nrun(1);\n", "lib/run.ts": "export function run(m) {}\n"}
	files := map[string]string{"hooks/check.ts": typed, "lib/run.ts": "export function run(m: number): void {}\n", "types.ts": "export type Cfg = { x: number };\n"}
	const why = "./hooks/check.ts:1: TypeScript gh-hooks does not parse"
	runReachCases(t, []reachCase{
		{"npx tsx, JavaScript subset", plain, `npx tsx hooks/check.ts`, "lib/run.ts", ""},
		{"bun, JavaScript subset", plain, `bun hooks/check.ts`, "lib/run.ts", ""},
		{"npx tsx", files, `npx tsx hooks/check.ts`, "hooks/check.ts", why},
		{"node --import tsx", files, `node --import tsx hooks/check.ts`, "hooks/check.ts", why},
		{"node --experimental-strip-types", files, `node --experimental-strip-types hooks/check.ts`, "hooks/check.ts", why},
		{"ts-node", files, `ts-node hooks/check.ts`, "hooks/check.ts", why},
		{"bun", files, `bun hooks/check.ts`, "hooks/check.ts", why},
		{"TSX", map[string]string{"x.tsx": "export const x = <div />;\n"}, `npx tsx x.tsx`, "x.tsx", "./x.tsx:1: TypeScript gh-hooks does not parse"},
	})
}

// TestReachMakeForms: make's forms that are not modelled stay not
// covered, named; every recipe of the makefile is walked, not only the
// goal's (more, never less: a swap in another target's script is a
// change too).
func TestReachMakeForms(t *testing.T) {
	t.Parallel()
	y := "#!/bin/sh\necho y\n"
	runReachCases(t, []reachCase{
		{"$(call) in a recipe", map[string]string{"Makefile": "run = sh $(1)\nlint:\n\t$(call run,./y.sh)\n", "y.sh": y},
			`make lint`, "Makefile", "a program named by $make_function"},
		{"$(eval) in a recipe", map[string]string{"Makefile": "lint:\n\t$(eval X := ./y.sh)sh $(X)\n", "y.sh": y},
			`make lint`, "Makefile", "a program named by $make_function"},
		{"$(eval) at the top", map[string]string{"Makefile": "$(eval X := ./y.sh)\nlint:\n\tsh $(X)\n", "y.sh": y},
			`make lint`, "Makefile", "a make function at the top of ./Makefile ($(eval X := ./y.sh)): not followed"},
		{"a target-specific variable", map[string]string{"Makefile": "X = ./z.sh\nlint: X = ./y.sh\nlint:\n\tsh $(X)\n", "y.sh": y, "z.sh": y},
			`make lint`, "z.sh", "a target-specific variable (lint: X = ./y.sh) in ./Makefile"},
		{"make named by its absolute path", map[string]string{"Makefile": "lint:\n\t./a.sh\n", "a.sh": y},
			`/usr/bin/make lint`, "a.sh", ""},
		{"npm named by its absolute path", map[string]string{"package.json": "{\"scripts\": {\"test\": \"./a.sh\"}}\n", "a.sh": y},
			`/usr/local/bin/npm test`, "a.sh", ""},
		{"another target's recipe is walked too", map[string]string{"Makefile": "lint:\n\t./a.sh\ntest:\n\t./b.sh\n", "a.sh": y, "b.sh": y},
			`make lint`, "b.sh", ""},
	})
}
