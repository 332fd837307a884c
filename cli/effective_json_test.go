package cli

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/gh-hooks/gh-hooks/layers"
	"github.com/gh-hooks/gh-hooks/merge"
	"github.com/gh-hooks/gh-hooks/validate"
)

// TestEffectiveJSONWriter checks that the hand-written encoder of
// `effective --json` prints exactly what encoding/json prints for the
// same value, on trees that exercise every field and string escape.
func TestEffectiveJSONWriter(t *testing.T) {
	odd := `{"hooks": {
  "BeforeTool": [{"matcher": "a<b>&c", "sequential": true, "hooks": [
    {"type": "command", "name": "q\"uote\\back", "command": "echo \u2028\u2029 \u0001 tab\there\nnew", "description": "d", "env": {"Z": "1", "A": "é", "k\"e\\y\u2028": "v"}, "timeout": 1e400},
    {"type": "command", "command": "bad utf8 \udc00 \xff raw"}
  ]}],
  "SessionStart": {"hooks": [{"type": "command", "command": "x"}]},
  "PreToolUse": [{"hooks": [{"type": "shell", "command": "y"}]}],
  "AfterTool": [{"matcher": 5, "hooks": [{"type": "command", "command": "z"}]}]
}, "hooksConfig": {"disabled": ["q\"uote\\back"]}}`
	tests := []struct {
		name, project string
		env           map[string]string
		event, tool   string
		files         map[string]string
	}{
		{name: "example trusted", project: "../testdata/example/project", env: map[string]string{"GEMINI_CLI_HOME": "../testdata/example/home", "GEMINI_CLI_TRUST_WORKSPACE": "true"}, event: "BeforeTool", tool: "write_file"},
		{name: "example untrusted", project: "../testdata/example/project", env: map[string]string{"GEMINI_CLI_HOME": "../testdata/example/home"}},
		{name: "odd strings", files: map[string]string{"project/.gemini/settings.json": strings.Replace(odd, `\xff`, "\xff", 1)}, env: map[string]string{"GEMINI_CLI_TRUST_WORKSPACE": "true"}, event: "AfterTool", tool: "x"},
		{name: "fatal", files: map[string]string{"project/.gemini/settings.json": "{\"a\": 1,}"}},
		{name: "crash", files: map[string]string{"project/.gemini/settings.json": `{"hooksConfig": null}`}, env: map[string]string{"GEMINI_CLI_TRUST_WORKSPACE": "true"}},
		{name: "empty", files: map[string]string{}},
		{name: "dotenv", files: map[string]string{"project/.gemini/.env": "BASH_ENV=./b.sh\nDEBUG=1\nQ=\"a\\nb\u2028\"\nHOME=x\n"}, env: map[string]string{"GEMINI_CLI_TRUST_WORKSPACE": "true"}},
		{name: "dotenv unread", files: map[string]string{"project/.gemini/.env/x": ""}, env: map[string]string{"GEMINI_CLI_TRUST_WORKSPACE": "true"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			env := map[string]string{"HOME": filepath.Join(dir, "home"), "GEMINI_CLI_HOME": filepath.Join(dir, "home"),
				"GEMINI_CLI_SYSTEM_SETTINGS_PATH": filepath.Join(dir, "etc", "settings.json")}
			for k, v := range tt.env {
				env[k] = v
			}
			project := tt.project
			if project == "" {
				project = filepath.Join(dir, "project")
				os.MkdirAll(project, 0o755)
			}
			for p, c := range tt.files {
				os.MkdirAll(filepath.Dir(filepath.Join(dir, p)), 0o755)
				os.WriteFile(filepath.Join(dir, p), []byte(c), 0o644)
			}
			set, err := layers.Load(layers.Options{ProjectDir: project, Env: layers.MapEnv(env)})
			if err != nil {
				t.Fatal(err)
			}
			r := merge.Merge(set)
			var plan *merge.Plan
			if tt.event != "" {
				plan = r.Plan(tt.event, tt.tool, "")
			}
			v := newEffectiveJSON(r, validate.Check(r), plan)
			var want bytes.Buffer
			if err := writeJSON(&want, v); err != nil {
				t.Fatal(err)
			}
			// Once with the real buffer, once flushing before every
			// element, through a writer that records each write.
			for _, flushAt := range []int{jsonFlushAt, 0} {
				defer func(old int) { jsonFlushAt = old }(jsonFlushAt)
				jsonFlushAt = flushAt
				var got writes
				if err := v.writeTo(&got); err != nil {
					t.Fatal(err)
				}
				if d := cmp.Diff(want.String(), got.String()); d != "" {
					t.Errorf("flushing at %d bytes, the writer differs from encoding/json (-want +got):\n%s", flushAt, d)
				}
				if flushAt == 0 && got.n < 10 {
					t.Errorf("flushing at every element made %d writes, want one per element", got.n)
				}
			}
		})
	}
}

// writes is a bytes.Buffer that counts the writes it is given.
type writes struct {
	bytes.Buffer
	n int
}

func (w *writes) Write(p []byte) (int, error) {
	w.n++
	return w.Buffer.Write(p)
}

// failingWriter accepts limit bytes, then fails every write.
type failingWriter struct{ limit int }

func (w *failingWriter) Write(p []byte) (int, error) {
	if len(p) > w.limit {
		return 0, errors.New("disk full")
	}
	w.limit -= len(p)
	return len(p), nil
}

// TestEffectiveJSONWriteError checks that a failed write of a flushed
// buffer comes back as writeTo's error.
func TestEffectiveJSONWriteError(t *testing.T) {
	set, err := layers.Load(layers.Options{ProjectDir: "../testdata/example/project", Env: layers.MapEnv(map[string]string{"GEMINI_CLI_HOME": "../testdata/example/home", "GEMINI_CLI_TRUST_WORKSPACE": "true"})})
	if err != nil {
		t.Fatal(err)
	}
	r := merge.Merge(set)
	defer func(old int) { jsonFlushAt = old }(jsonFlushAt)
	jsonFlushAt = 0
	w := &failingWriter{limit: 100}
	err = newEffectiveJSON(r, validate.Check(r), nil).writeTo(w)
	if err == nil || err.Error() != "disk full" {
		t.Fatalf("writeTo = %v, want the writer's error \"disk full\"", err)
	}
}

// TestJSONStr checks the string writer against encoding/json: each special
// byte (and a multi-byte rune, an invalid byte, U+2028) at every position
// of strings of a few lengths.
func TestJSONStr(t *testing.T) {
	var specials []string
	for c := 0; c < 0x20; c++ {
		specials = append(specials, string(rune(c)))
	}
	specials = append(specials, `"`, `\`, "\x7f", "\x80", "\xff", "é", "\u2028", "\u2029", "€", "\xe2\x82", "\U0001F600", " ", "~", "!", "#", "[", "]")
	check := func(s string) {
		t.Helper()
		var want bytes.Buffer
		enc := json.NewEncoder(&want)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(s); err != nil {
			t.Fatal(err)
		}
		w := &jsonWriter{}
		w.str(s)
		if got := string(w.b); got != strings.TrimSuffix(want.String(), "\n") {
			t.Errorf("str(%q) = %s, want %s", s, got, want.String())
		}
	}
	for _, sp := range specials {
		for n := 0; n <= 24; n++ {
			for at := 0; at <= n; at++ {
				check(strings.Repeat("a", at) + sp + strings.Repeat("b", n-at))
			}
		}
	}
	// Every byte value in every lane of one 8-byte block, next to each
	// value of the lane below (a borrow from it must not hide a match).
	for c := 0; c < 256; c++ {
		for lane := 0; lane < 8; lane++ {
			for _, low := range []byte{0x00, 0x1f, 0x20, 0x21, 0x22, 0x5c, 0x7f} {
				b := []byte("ABCDEFGHIJ")
				b[lane] = byte(c)
				if lane > 0 {
					b[lane-1] = low
				}
				check(string(b))
			}
		}
	}
}
