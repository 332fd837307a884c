package fingerprint

import (
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"testing"

	"github.com/gh-hooks/gh-hooks/runner"

	"github.com/google/go-cmp/cmp"
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

func TestFindScripts(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "x.sh"), "echo x\n")
	writeFile(t, filepath.Join(dir, "scripts", "y.sh"), "echo y\n")
	writeFile(t, filepath.Join(dir, "hooks", "z.js"), "console.log(1)\n")
	writeFile(t, filepath.Join(dir, "p.py"), "print(1)\n")
	os.Mkdir(filepath.Join(dir, "adir"), 0o755)
	ok := func(word, path, body string) Script {
		return Script{Word: word, Path: path, State: ScriptOK, SHA256: sum(body)}
	}
	x, y := "echo x\n", "echo y\n"
	tests := []struct {
		name string
		cmd  string
		env  map[string]string
		want []Script
	}{
		{"relative command", "./x.sh", nil, []Script{ok("./x.sh", "./x.sh", x)}},
		{"bash script", "bash scripts/y.sh --flag", nil, []Script{ok("scripts/y.sh", "./scripts/y.sh", y)}},
		{"node script", "node --require ./r hooks/z.js", nil, []Script{ok("hooks/z.js", "./hooks/z.js", "console.log(1)\n")}},
		{"python without slash", "python3 -u p.py", nil, []Script{ok("p.py", "./p.py", "print(1)\n")}},
		{"python -m is a module", "python3 -m black .", nil, nil},
		{"bare GEMINI_PROJECT_DIR", "$GEMINI_PROJECT_DIR/x.sh", nil, []Script{ok("$GEMINI_PROJECT_DIR/x.sh", "./x.sh", x)}},
		{"braced GEMINI_PROJECT_DIR", "${GEMINI_PROJECT_DIR}/scripts/y.sh", nil, []Script{ok("${GEMINI_PROJECT_DIR}/scripts/y.sh", "./scripts/y.sh", y)}},
		{"quoted CLAUDE_PROJECT_DIR", `"$CLAUDE_PROJECT_DIR"/x.sh`, nil, []Script{ok(`"$CLAUDE_PROJECT_DIR"/x.sh`, "./x.sh", x)}},
		{"braced CLAUDE_PROJECT_DIR in quotes", `bash "${CLAUDE_PROJECT_DIR}/x.sh"`, nil, []Script{ok(`"${CLAUDE_PROJECT_DIR}/x.sh"`, "./x.sh", x)}},
		{"hook env overrides the braced form", "${GEMINI_PROJECT_DIR}/x.sh", map[string]string{"GEMINI_PROJECT_DIR": "/elsewhere"},
			[]Script{{Word: "${GEMINI_PROJECT_DIR}/x.sh", Path: "/elsewhere/x.sh", State: ScriptOutside}}},
		// The runner splices textually, even inside single quotes (spec §5.3).
		{"runner expands inside single quotes", `'$GEMINI_PROJECT_DIR/x.sh'`, nil, []Script{ok(`'$GEMINI_PROJECT_DIR/x.sh'`, "./x.sh", x)}},
		{"the shell does not", `bash '${GEMINI_PROJECT_DIR}/x.sh'`, nil, []Script{{Word: `'${GEMINI_PROJECT_DIR}/x.sh'`, Path: "./${GEMINI_PROJECT_DIR}/x.sh", State: ScriptMissing}}},
		{"chain, redirect, env prefix", "FOO=1 ./x.sh 2>/dev/null && env -u X bash scripts/y.sh | tee log", nil,
			[]Script{ok("./x.sh", "./x.sh", x), ok("scripts/y.sh", "./scripts/y.sh", y)}},
		{"bash -c is scanned", `bash -c './x.sh; echo done'`, nil, []Script{ok("./x.sh", "./x.sh", x)}},
		{"duplicates once", "./x.sh && ./x.sh", nil, []Script{ok("./x.sh", "./x.sh", x)}},
		{"missing", "./nope.sh arg", nil, []Script{{Word: "./nope.sh", Path: "./nope.sh", State: ScriptMissing}}},
		{"missing below a file", "./x.sh/sub", nil, []Script{{Word: "./x.sh/sub", Path: "./x.sh/sub", State: ScriptMissing}}},
		{"directory is unreadable", "bash adir", nil, []Script{{Word: "adir", Path: "./adir", State: ScriptUnreadable, Detail: "is a directory"}}},
		{"unknown variable", "$FOO/x.sh", nil, []Script{{Word: "$FOO/x.sh", State: ScriptUnresolvable}}},
		{"command substitution", "bash $(git rev-parse --show-toplevel)/x.sh", nil, []Script{{Word: "$(git rev-parse --show-toplevel)/x.sh", State: ScriptUnresolvable}}},
		{"glob", "bash scripts/*.sh", nil, []Script{{Word: "scripts/*.sh", State: ScriptUnresolvable}}},
		{"system tool", "/usr/bin/jq .", nil, []Script{{Word: "/usr/bin/jq", Path: "/usr/bin/jq", State: ScriptOutside}}},
		{"PATH command", "npx prettier --write .", nil, nil},
		{"escaping the project", "bash ../x.sh", nil, []Script{{Word: "../x.sh", Path: filepath.Join(filepath.Dir(dir), "x.sh"), State: ScriptOutside}}},
		{"comment", "echo hi # ./x.sh", nil, nil},
		{"bun package script", "bun run lint", nil, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := findScripts(tt.cmd, dir, dir, tt.env)
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("findScripts(%q) (-want +got):\n%s", tt.cmd, diff)
			}
		})
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
		got := findScripts(tt.cmd, dir, dir, nil)
		if len(got) != 1 || got[0].State != tt.wantState {
			t.Errorf("findScripts(%q) = %+v, want one script in state %s", tt.cmd, got, tt.wantState)
		}
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
