package shellcmd

import (
	"os"
	"os/exec"
	"sort"
	"strings"
	"testing"
	"time"
)

// The differential test of the program table (issue 30 §7): hook
// commands generated from every row of Table() and its option forms
// (the operand, --, combined short flags, -xVALUE, --opt=value and
// --opt value, option values that are code), inside the shell forms a
// hook is written in (functions, joins, substitutions, loops), and the
// shell-state forms (branches that join, traps, arithmetic, IFS, source
// in two states), each run by the real bash in a temporary project by
// the shared harness (witness_test.go).

// tableDiffSkip are rows not run: they change identity, reach the
// network, need a terminal or run until killed; rows with a follower of
// their own (Via) are run by the forms of their language.
var tableDiffSkip = map[string]string{
	"sudo": "changes identity", "su": "changes identity", "runuser": "changes identity", "doas": "changes identity",
	"ssh": "reaches the network", "scp": "reaches the network", "sftp": "reaches the network",
	"watch": "runs until killed", "caffeinate": "macOS", "osascript": "macOS", "parallel": "reaches other hosts (-S)",
	"strace": "needs ptrace", "ltrace": "needs ptrace", "bind": "interactive", "fc": "interactive",
}

// tableLead is what comes before the command of a row whose first
// operands are data (timeout's duration).
var tableLead = map[string]string{"timeout": "5", "chrt": "-o 0", "taskset": "1", "flock": ".lk"}

// tablePayload is a value of kind k in language lang that runs a
// project file when the program runs it.
func tablePayload(k Kind, lang string) []string {
	switch k {
	case KindScript, KindRC:
		switch lang {
		case "python":
			return []string{"x.py"}
		case "node":
			return []string{"x.js"}
		case "awk":
			return []string{"x.awk"}
		case "sed":
			return []string{"x.sed data.txt"}
		case "perl":
			return []string{"x.pl"}
		}
		return []string{"c.sh", "./d.sh"}
	case KindCode:
		switch lang {
		case "python":
			return []string{"'import m'", `"__import__('m')"`}
		case "node":
			return []string{`"require('./m.js')"`}
		case "awk":
			return []string{`'BEGIN{system("./c.sh")}'`}
		case "sed":
			return []string{"'1e ./c.sh' data.txt"}
		case "perl":
			return []string{`'system("./c.sh")'`}
		}
		return []string{"'./c.sh'", "'. ./d.sh'"}
	case KindModule:
		return []string{"m"}
	case KindPreload:
		return []string{"./m.js"}
	case KindCommand, KindFlockCommand, KindCommandElsewhere:
		return []string{"./c.sh", "sh d.sh"}
	case KindShellCode, KindProgram:
		return []string{"./c.sh"}
	}
	return nil
}

// tableFlags are up to two one-letter options of a row that take no
// value and mean nothing here (for combined short flags).
func tableFlags(r *Row) []byte {
	var out []byte
	short := strings.TrimLeft(r.Short, "+")
	for i := 0; i < len(short) && len(out) < 2; i++ {
		c := short[i]
		if c == ':' || (i+1 < len(short) && short[i+1] == ':') {
			continue
		}
		if _, ok := r.Opts["-"+string(c)]; ok || strings.ContainsRune("ihvVlmrsTDEpPxnk", rune(c)) {
			continue // interactive, help, version, restricted, no-exec, ...
		}
		out = append(out, c)
	}
	return out
}

// tableForms are the command lines of one program name by its row.
func tableForms(name string, r *Row) []string {
	var out []string
	lead := tableLead[name]
	sp := func(parts ...string) string {
		var w []string
		for _, p := range parts {
			if p != "" {
				w = append(w, p)
			}
		}
		return strings.Join(w, " ")
	}
	// The operand that is code.
	for _, k := range r.Operands {
		if k == KindData || k == KindAssign {
			continue
		}
		for _, p := range tablePayload(k, r.Lang) {
			out = append(out, sp(name, lead, p))
			if r.Short != "" || len(r.Long) > 0 {
				out = append(out, sp(name, "--", lead, p))
			}
			for _, f := range tableFlags(r) {
				out = append(out, sp(name, "-"+string(f), lead, p))
			}
			if k == KindCommand && len(r.Operands) > 0 && r.Operands[0] == KindAssign {
				out = append(out, sp(name, "A=1", p))
			}
		}
		break
	}
	// Options whose values are code.
	opts := make([]string, 0, len(r.Opts))
	for o := range r.Opts {
		opts = append(opts, o)
	}
	sort.Strings(opts)
	for _, o := range opts {
		uses := r.Opts[o]
		k := uses[0].Kind
		if uses[0].When != "" {
			continue
		}
		if k == KindOperand {
			switch uses[0].As {
			case KindCode:
				for _, p := range tablePayload(KindCode, r.Lang) {
					out = append(out, sp(name, o, p), sp(name, o, p, "arg0 a1"))
					for _, f := range tableFlags(r) {
						out = append(out, sp(name, "-"+string(f)+o[1:], p))
					}
				}
			case KindStdin:
				out = append(out, sp(name, o, "< c.sh"), sp(name, o, "a b < ./d.sh"))
			}
			continue
		}
		ps := tablePayload(k, r.Lang)
		if len(ps) == 0 {
			continue
		}
		for _, p := range ps {
			until := ""
			if len(r.Until) > 0 {
				until = `\` + r.Until[0]
			}
			tail := ""
			if r.Lang == "sed" || r.Lang == "awk" {
				tail = "data.txt"
				p = strings.TrimSuffix(p, " data.txt")
			}
			switch {
			case strings.HasPrefix(o, "--") || r.OneDash:
				out = append(out, sp(name, o, p, until, lead, tail))
				if strings.HasPrefix(o, "--") && !strings.Contains(p, " ") {
					out = append(out, sp(name, o+"="+p, until, lead, tail))
				}
			default:
				out = append(out, sp(name, o, p, until, lead, tail))
				if !strings.Contains(p, " ") && !strings.HasPrefix(p, "'") && !strings.HasPrefix(p, `"`) {
					out = append(out, sp(name, o+p, until, lead, tail))
				}
				for _, f := range tableFlags(r) {
					out = append(out, sp(name, "-"+string(f)+o[1:], p, until, lead, tail))
				}
			}
		}
	}
	return out
}

// tableContexts are the shell forms a generated command is put in.
var tableContexts = []string{
	"%s",
	"f() { %s; }; f",
	"true && { %s; }",
	`if [ -n "$HOME" ]; then %s; fi`,
	`echo "$(%s)"`,
	"for i in 1; do %s; done",
}

// tableStateForms are the shell-state forms (issue 30 §7): what runs
// depends on the state that reaches it.
var tableStateForms = []string{
	`if [ -n "$HOME" ]; then A=./c.sh; else A=./d.sh; fi; $A`,
	`case "$HOME" in /*) A=c.sh ;; *) A=d.sh ;; esac; sh "$A"`,
	`A=./c.sh; [ -z "$HOME" ] && A=./d.sh; "$A"`,
	`f() { ./c.sh; }; g() { f; }; g`,
	`f() { "$@"; }; f ./c.sh`,
	`f() { local p=$1; sh "$p"; }; f d.sh`,
	`f() { A=./c.sh; }; f; $A`,
	`trap ./c.sh EXIT; true`,
	`trap 'sh d.sh' EXIT; exit 0`,
	`trap ./c.sh ERR; false; true`,
	`f() { ./c.sh; }; trap f EXIT`,
	`x='a[$(./c.sh)]'; echo $((x))`,
	`x='y[$(./c.sh)]'; (( x )) ; true`,
	`declare -i n; n='a[$(sh d.sh)]'; true`,
	`a=($(./c.sh)); true`,
	`declare -A m; printf -v 'm[$(./c.sh)]' x; true`,
	`x='a[$(./c.sh)]=1'; declare "$x"; true`,
	`declare -a 'a=($(./d.sh))'; true`,
	`declare -i n; read n <<< 'a[$(./c.sh)]'; true`,
	`A=./d.sh; mapfile -t A < list.txt; $A`,
	`pushd -n sub >/dev/null; ./c.sh`,
	`pushd sub >/dev/null; pushd +1 >/dev/null; ./c.sh`,
	`cd sub sub 2>/dev/null; ./c.sh`,
	`x='z[$(./c.sh)]'; [[ x -eq 0 ]]; true`,
	`IFS=/; A=.-c.sh; IFS=-; $A`,
	`IFS=_; A="sh_c.sh"; $A`,
	`IFS=:; set -- ./c.sh; "$@"`,
	`IFS=; A="./c.sh"; $A`,
	`. ./env.sh; $RUN`,
	`source env.sh && sh "$SCRIPT"`,
	`if [ -n "$HOME" ]; then . ./env.sh; fi; $RUN`,
	`[ -f env.sh ] && . ./env.sh; "${RUN:-./d.sh}"`,
	`cd sub && . ./env2.sh && $RUN2`,
	`cd sub; cd ..; ./c.sh`,
	`A=c; B=.sh; ./$A$B`,
	`A=./c.sh; B=A; "${!B}"`,
	`a=(./c.sh ./d.sh); "${a[1]}"`,
	`for s in c.sh d.sh; do sh "$s"; done`,
	`while read -r s; do sh "$s"; done <<< d.sh`,
	`./c.sh | ./d.sh`,
	`(./c.sh) && { ./d.sh; }`,
	`eval ./c.sh`,
	`cat c.sh | sh`,
	`sh < d.sh`,
	`bash -c "$(cat list.txt)"`,
	`alias r=./c.sh; r`,
	`shopt -s expand_aliases; alias r=./c.sh; r`,
	`PATH=./bin:$PATH tool`,
	`PATH=$PWD/bin:$PATH; tool`,
	`BASH_ENV=./c.sh bash -c true`,
	`ENV=./d.sh sh -i -c true </dev/null; true`,
	`PS4='$(./c.sh)' bash -xc true`,
	`set -x; PS4='$(./c.sh)'; true`,
	`PROMPT_COMMAND=./c.sh bash -ic true </dev/null; true`,
	`./c.sh & wait`,
	`coproc ./c.sh; wait`,
	`exec ./c.sh`,
	`command ./c.sh`,
	`builtin . ./env.sh; $RUN`,
	`printf -v A '%s' ./c.sh; $A`,
	`read -r A <<< ./c.sh; $A`,
	`mapfile -t L < list2.txt; "${L[0]}"`,
	`A=$(cat list2.txt); $A`,
	`export A=./c.sh; bash -c '$A'`,
	`A=./c.sh bash -c '"$A"'`,
	`set -- ./c.sh; shift 0; "$1"`,
	`$(echo ./c.sh)`,
	"`echo ./c.sh`",
	`< c.sh bash`,
	`bash -- c.sh`,
	`sh -e ./d.sh`,
	`bash --norc -c ./c.sh`,
	`xargs -a list2.txt sh`,
	`echo ./c.sh | xargs sh -c`,
	`find . -maxdepth 1 -name c.sh -exec sh {} \;`,
	`find . -maxdepth 1 -name 'c.sh' -exec {} +`,
	`env -S './c.sh a'`,
	`env -C sub ./s.sh`,
	`env -- A=1 ./c.sh`,
}

// tableTools are the forms of the rows with followers of their own
// (make, git, go, npm), each run when its tool is installed.
var tableTools = []struct{ tool, cmd string }{
	{"make", "make -s"},
	{"make", "make -s out"},
	{"make", "make -s -f Makefile other"},
	{"make", "make -s --file=Makefile other"},
	{"make", "make -s -C sub"},
	{"make", "make -s RUN=./d.sh out"},
	{"make", "make -s deferred"},
	{"make", "make -s -j2 all2"},
	{"git", "git -c alias.x='!./c.sh' x"},
	{"git", "git -c core.pager=./c.sh log --oneline"},
	{"git", "git x2"},
	{"git", "git -C . x2"},
	{"git", "git --git-dir=.git x2"},
	{"go", "go run ./gomain"},
	{"go", "go run gomain/main.go"},
	{"go", "go vet ./gomain"},
	{"go", "go -C gomain run ."},
	{"go", "go generate ./gomain"},
	{"npm", "npm run -s t"},
	{"npm", "npm run --silent t2"},
	{"npm", "npm test -s"},
	{"npm", "npm start -s"},
	// npm reads its options anywhere before -- (nopt): --prefix after the
	// script's name, a key's value before the command; make's short
	// options combine with their value.
	{"npm", "npm run t --prefix sub"},
	{"npm", "npm --loglevel silent run t"},
	{"make", "make -sfother.mk"},
	// node resolves its main script as require does; -pe is --print --eval.
	{"node", "node x"},
	{"node", "node -pe \"require('./m.js')\""},
	// Options after an operand: util-linux script and su permute their
	// words (getopt_long without '+'); ssh reads its options again after
	// the destination (its ProxyCommand runs here, no network).
	{"script", "script -q /dev/null -c ./c.sh"},
	// script and flock run their command with $SHELL -c.
	{"script", "SHELL=./d.sh script -q /dev/null -c true"},
	{"flock", "SHELL=./d.sh flock .lk -c true"},
	// Files a program's option writes, then run (written.go).
	{"sort", "sort -o out.sh list.txt; sh out.sh"},
	{"find", "find . -name c.sh -fprint out2.sh; sh out2.sh"},
	{"su", "su root -c ./c.sh"},
	{"ssh", "ssh -o BatchMode=yes h -o ProxyCommand=./d.sh true"},
}

// tableCases are the generated commands; skipped names the programs
// not run, with why.
func tableCases() (cases []witnessCase, skipped map[string]string) {
	skipped = map[string]string{}
	full := os.Getenv("GH_HOOKS_DIFF_FULL") != ""
	have := func(name string) bool {
		if IsBuiltin(name) {
			return true
		}
		_, err := exec.LookPath(name)
		return err == nil
	}
	add := func(cmd, tool string) {
		// By default strace witnesses one generated command in three (the
		// canaries all of them); GH_HOOKS_DIFF_FULL=1, every one.
		c := witnessCase{cmd: cmd, files: tableFiles, data: tableData, canariesOnly: !full && len(cases)%3 != 0}
		if tool == "git" {
			c.setup = tableGit
		}
		if tool == "go" || tool == "npm" {
			c.timeout = time.Minute
		}
		cases = append(cases, c)
	}
	for _, r := range Table() {
		if r.Via != "" || r.Pure || r.Why != "" || len(r.Subs) > 0 {
			continue
		}
		for _, name := range r.Names {
			if why, ok := tableDiffSkip[name]; ok {
				skipped[name] = why
				continue
			}
			if !have(name) {
				skipped[name] = "not installed"
				continue
			}
			for i, f := range tableForms(name, r) {
				// By default a row's first two forms of every three run,
				// each in one context, in turn (so that the whole suite
				// stays under 60 s on two cores);
				// GH_HOOKS_DIFF_FULL=1 runs every form in every context.
				if !full && i%3 == 2 {
					continue
				}
				for j, c := range tableContexts {
					if full || j == len(cases)%len(tableContexts) {
						add(strings.ReplaceAll(c, "%s", f), name)
						if !full {
							break
						}
					}
				}
			}
		}
	}
	for _, f := range tableStateForms {
		add(f, "bash")
		add("f() { "+f+"\n}; f", "bash")
	}
	for _, tc := range tableTools {
		if witnessEnv(); tc.tool == "go" && !full && witnessGoCache == "" {
			skipped["go"] = "go run builds with an empty cache (a minute): run with GH_HOOKS_DIFF_FULL=1"
			continue
		}
		if !have(tc.tool) {
			skipped[tc.tool] = "not installed"
			continue
		}
		if tc.tool == "su" && os.Geteuid() != 0 {
			skipped["su"] = "asks for a password when not run as root"
			continue
		}
		add(tc.cmd, tc.tool)
	}
	return cases, skipped
}

// tableFiles is the canary project of every generated command (see
// witnessCanary for @LOG@ and @SELF@).
var tableFiles = map[string]string{
	"c.sh": "#!/bin/sh\n", "d.sh": "#!/bin/sh\n", "bin/tool": "#!/bin/sh\n", "sub/s.sh": "#!/bin/sh\n", "mk.sh": "#!/bin/sh\n",
	"env.sh":           "#!/bin/sh\nRUN=./c.sh\nSCRIPT=d.sh\n",
	"sub/env2.sh":      "#!/bin/sh\nRUN2=./s.sh\n",
	"x.py":             "import m\n",
	"m.py":             "",
	"x.js":             "require('./m.js')\n",
	"m.js":             "",
	"x.awk":            "BEGIN { print \"@SELF@\" >> \"@LOG@\" }\n",
	"x.sed":            "1e echo @SELF@ >> @LOG@\n",
	"x.pl":             "open(my $f, '>>', '@LOG@'); print $f '@SELF@', \"\\n\";\n",
	"data.txt":         "line\n",
	"list.txt":         "./c.sh\n",
	"list2.txt":        "./c.sh\n",
	"Makefile":         "RUN = ./c.sh\nD := $(shell ./d.sh)\nall:\n\t@$(RUN)\nout: c.sh\n\t@sh $<\nother:\n\t@./mk.sh\ndeferred:\n\t@$(LATE)\nLATE = ./c.sh\nall2: a b\na:\n\t@./c.sh\nb:\n\t@./d.sh\n",
	"sub/Makefile":     "all:\n\t@./s.sh\n",
	"sub/package.json": `{"scripts": {"t": "./s.sh"}}`,
	"other.mk":         "all:\n\t@./mk2.sh\n",
	"mk2.sh":           "#!/bin/sh\n",
	"gomain/main.go":   "package main\n\nimport \"os\"\n\n//go:generate sh ../c.sh\nfunc main() {\n\tf, _ := os.OpenFile(\"@LOG@\", os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)\n\tf.WriteString(\"@SELF@\\n\")\n}\n",
	"go.mod":           "module example.com/p\n\ngo 1.21\n",
	"package.json":     `{"scripts": {"t": "./c.sh", "t2": "node x.js", "test": "sh d.sh", "start": "./c.sh"}}`,
}

// tableData are the files the generated commands read as plain data:
// the input of sed and awk, flock's lock file.
var tableData = []string{"data.txt", ".lk"}

// tableGit makes dir a repository whose config runs a project file.
func tableGit(dir string, env []string) error {
	for _, args := range [][]string{{"init", "-q"}, {"config", "alias.x2", "!./d.sh"}, {"-c", "user.name=a", "-c", "user.email=a@b", "commit", "-q", "--allow-empty", "-m", "x"}} {
		c := exec.Command("git", args...)
		c.Dir, c.Env = dir, env
		if out, err := c.CombinedOutput(); err != nil {
			return &exec.Error{Name: "git " + strings.Join(args, " ") + ": " + string(out), Err: err}
		}
	}
	return nil
}

// TestTableAgainstBash runs the generated commands with the real bash
// and the programs they name and fails on any silent miss.
func TestTableAgainstBash(t *testing.T) {
	cases, skipped := tableCases()
	names := make([]string, 0, len(skipped))
	for name := range skipped {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		t.Logf("%s is not run: %s", name, skipped[name])
	}
	if n := len(cases); n < 400 {
		t.Errorf("only %d commands generated (want at least 400)", n)
	}
	t.Parallel()
	witnessRun(t, "generated commands", cases)
}
