package shellcmd

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// The differential test of the program table (issue 30 §7): hook
// commands generated from every row of Table() and its option forms
// (the operand, --, combined short flags, -xVALUE, --opt=value and
// --opt value, option values that are code), inside the shell forms a
// hook is written in (functions, joins, substitutions, loops), and the
// shell-state forms (branches that join, traps, arithmetic, IFS, source
// in two states), each run by the real bash in a temporary project where
// every file appends its path to a log outside the project when it runs.
// A run that touched a project file the analysis neither hashes nor
// marks not covered fails.

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
}

// tableCase is one generated command.
type tableCase struct{ cmd, tool string }

func tableCases() (cases []tableCase, skipped map[string]string) {
	skipped = map[string]string{}
	full := os.Getenv("GH_HOOKS_DIFF_FULL") != ""
	have := func(name string) bool {
		if IsBuiltin(name) {
			return true
		}
		_, err := exec.LookPath(name)
		return err == nil
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
			for _, f := range tableForms(name, r) {
				// By default each form runs in one context, in turn;
				// GH_HOOKS_DIFF_FULL=1 runs every form in every context.
				for j, c := range tableContexts {
					if full || j == len(cases)%len(tableContexts) {
						cases = append(cases, tableCase{cmd: strings.ReplaceAll(c, "%s", f), tool: name})
						if !full {
							break
						}
					}
				}
			}
		}
	}
	for _, f := range tableStateForms {
		cases = append(cases, tableCase{cmd: f, tool: "bash"}, tableCase{cmd: "f() { " + f + "\n}; f", tool: "bash"})
	}
	for _, tc := range tableTools {
		if tc.tool == "go" && !full {
			skipped["go"] = "go run builds with an empty cache (a minute): run with GH_HOOKS_DIFF_FULL=1"
			continue
		}
		if !have(tc.tool) {
			skipped[tc.tool] = "not installed"
			continue
		}
		cases = append(cases, tableCase{cmd: tc.cmd, tool: tc.tool})
	}
	return cases, skipped
}

// tableProject writes the canary project: each file appends its path to
// log when it runs or is loaded.
func tableProject(t *testing.T, dir, log string) {
	sh := func(p string) string { return "#!/bin/sh\necho " + p + " >> " + log + "\n" }
	py := func(p string) string {
		return "open(" + strconvQuote(log) + ", 'a').write(" + strconvQuote(p) + " + '\\n')\n"
	}
	js := func(p string) string {
		return "require('fs').appendFileSync(" + strconvQuote(log) + ", " + strconvQuote(p+"\n") + ")\n"
	}
	files := map[string]func(string) string{
		"c.sh": sh, "d.sh": sh, "bin/tool": sh, "sub/s.sh": sh,
		"env.sh":      func(p string) string { return sh(p) + "RUN=./c.sh\nSCRIPT=d.sh\n" },
		"sub/env2.sh": func(p string) string { return sh(p) + "RUN2=./s.sh\n" },
		"x.py":        func(p string) string { return py(p) + "import m\n" },
		"m.py":        py,
		"x.js":        func(p string) string { return js(p) + "require('./m.js')\n" },
		"m.js":        js,
		"x.awk":       func(p string) string { return "BEGIN { print \"" + p + "\" >> \"" + log + "\" }\n" },
		"x.sed":       func(p string) string { return "1e echo " + p + " >> " + log + "\n" },
		"x.pl":        func(p string) string { return "open(my $f, '>>', '" + log + "'); print $f '" + p + "', \"\\n\";\n" },
		"data.txt":    func(string) string { return "line\n" },
		"list.txt":    func(string) string { return "./c.sh\n" },
		"list2.txt":   func(string) string { return "./c.sh\n" },
		"Makefile": func(string) string {
			return "RUN = ./c.sh\nD := $(shell ./d.sh)\nall:\n\t@$(RUN)\nout: c.sh\n\t@sh $<\nother:\n\t@./mk.sh\ndeferred:\n\t@$(LATE)\nLATE = ./c.sh\nall2: a b\na:\n\t@./c.sh\nb:\n\t@./d.sh\n"
		},
		"mk.sh":        sh,
		"sub/Makefile": func(string) string { return "all:\n\t@./s.sh\n" },
		"gomain/main.go": func(string) string {
			return "package main\n\nimport \"os\"\n\n//go:generate sh ../c.sh\nfunc main() {\n\tf, _ := os.OpenFile(" + `"` + log + `"` + ", os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)\n\tf.WriteString(" + `"` + filepath.Join(dir, "gomain/main.go") + `\n"` + ")\n}\n"
		},
		"go.mod": func(string) string { return "module example.com/p\n\ngo 1.21\n" },
		"package.json": func(string) string {
			return `{"scripts": {"t": "./c.sh", "t2": "node x.js", "test": "sh d.sh", "start": "./c.sh"}}`
		},
	}
	for name, body := range files {
		p := filepath.Join(dir, name)
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(body(p)), 0o755); err != nil {
			t.Fatal(err)
		}
	}
}

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
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("bash is not installed: the generated commands are not run")
	}
	cases, skipped := tableCases()
	for name, why := range skipped {
		t.Logf("%s is not run: %s", name, why)
	}
	t.Parallel()
	path := "/usr/bin:/bin"
	if py, err := exec.LookPath("python3"); err == nil {
		if out, err := exec.Command(py, "-c", "import sys; print(sys.executable)").Output(); err == nil {
			path = filepath.Dir(strings.TrimSpace(string(out))) + ":" + path
		}
	}
	for _, tool := range []string{"go", "node", "npm"} {
		if p, err := exec.LookPath(tool); err == nil {
			path = filepath.Dir(p) + ":" + path
		}
	}
	var ran, covered, notCovered, missed atomic.Int64
	start := time.Now()
	t.Cleanup(func() {
		t.Logf("%d commands run by %s: %d ran a project file; %d covered, %d not covered, %d missed (%s)",
			len(cases), bash, ran.Load(), covered.Load(), notCovered.Load(), missed.Load(), time.Since(start).Round(time.Millisecond))
	})
	if n := len(cases); n < 400 {
		t.Errorf("only %d commands generated (want at least 400)", n)
	}
	sem := make(chan struct{}, runtime.GOMAXPROCS(0)*2)
	var wg sync.WaitGroup
	var mu sync.Mutex
	var fails []string
	gocache := t.TempDir()
	for _, tc := range cases {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; wg.Done() }()
			msg := tableRun(t, tc, bash, path, gocache, &ran, &covered, &notCovered)
			if msg != "" {
				missed.Add(1)
				mu.Lock()
				fails = append(fails, msg)
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	sort.Strings(fails)
	for _, f := range fails {
		t.Error(f)
	}
}

func tableRun(t *testing.T, tc tableCase, bash, path, gocache string, ran, covered, notCovered *atomic.Int64) string {
	root := t.TempDir()
	root, _ = filepath.EvalSymlinks(root)
	dir, home := filepath.Join(root, "p"), filepath.Join(root, "h")
	os.MkdirAll(dir, 0o755)
	os.MkdirAll(home, 0o755)
	log := filepath.Join(home, "canary.log")
	tableProject(t, dir, log)
	env := []string{"PATH=" + path, "HOME=" + home, "TMPDIR=" + home, "GOCACHE=" + gocache, "GOFLAGS=-mod=mod", "GOTOOLCHAIN=local",
		"GIT_CONFIG_NOSYSTEM=1", "GIT_PAGER=", "PAGER=cat", "PYTHONDONTWRITEBYTECODE=1", "PYTHONNOUSERSITE=1",
		"npm_config_update_notifier=false", "npm_config_cache=" + filepath.Join(home, ".npm")}
	if tc.tool == "git" {
		if err := tableGit(dir, env); err != nil {
			return tc.cmd + ": " + err.Error()
		}
	}
	timeout := 5 * time.Second
	if tc.tool == "go" || tc.tool == "npm" {
		timeout = 60 * time.Second
	}
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, bash, "-c", tc.cmd)
	cmd.Dir, cmd.Env = dir, env
	cmd.WaitDelay = time.Second
	t0 := time.Now()
	out, _ := cmd.CombinedOutput()
	if d := time.Since(t0); d > 2*time.Second {
		t.Logf("slow (%s): %s", d.Round(time.Millisecond), tc.cmd)
	}
	data, _ := os.ReadFile(log)
	touched := map[string]bool{}
	for _, l := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		if l != "" {
			touched[filepath.Clean(l)] = true
		}
	}
	a := Analyze(tc.cmd, Options{Dir: dir, Vars: map[string]string{"HOME": home}, Files: osFS{}})
	if len(a.Unknown) == 0 {
		covered.Add(1)
	} else {
		notCovered.Add(1)
	}
	if len(touched) > 0 {
		ran.Add(1)
	}
	hashed := map[string]bool{}
	for _, f := range a.Files {
		hashed[filepath.Clean(f.Path)] = true
	}
	var miss []string
	for p := range touched {
		if !hashed[p] {
			miss = append(miss, strings.TrimPrefix(p, dir+"/"))
		}
	}
	sort.Strings(miss)
	if len(miss) > 0 && len(a.Unknown) == 0 {
		o := string(out)
		if len(o) > 300 {
			o = o[:300]
		}
		return tc.cmd + ": ran " + strings.Join(miss, ", ") + ", which the analysis neither hashes nor marks not covered\n" + o
	}
	return ""
}
