package merge

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/gh-hooks/gh-hooks/layers"
)

// FuzzMerge writes the input as a project (and user) settings file, loads,
// merges and plans every event: nothing may panic, and every problem about
// that file must point into it.
func FuzzMerge(f *testing.F) {
	for _, s := range []string{
		"{}",
		"",
		"[]",
		"{\"hooks\": null}",
		"{\"hooksConfig\": null}",
		"{\"hooksConfig\": {\"enabled\": \"false\", \"disabled\": \"lint\"}}",
		"{\"hooks\": {\"BeforeTool\": [{\"matcher\": \"write_.*\", \"sequential\": true, \"hooks\": [{\"type\": \"command\", \"command\": \"$HOME/x\", \"name\": \"a\", \"timeout\": 5000}]}]}}",
		"{\"hooks\": {\"BeforeTool\": {\"matcher\": 1, \"hooks\": [{\"type\": \"command\", \"command\": \"x\"}]}}}",
		"{\"hooks\": {\"PreToolUse\": [], \"BeforeTool\": [null, 1, \"s\", {\"hooks\": null}, {\"hooks\": [null, {\"type\": \"plugin\"}]}]}}",
		"{\"hooks\": {\"PreCompress\": [{\"matcher\": \"(?i)auto\", \"hooks\": [{\"type\": \"command\", \"command\": \"x\", \"timeout\": \"30\"}]}]}}",
		"{\"hooks\": {\"SessionStart\": [{\"matcher\": \"[\", \"hooks\": [{\"type\": \"command\", \"command\": \"x\", \"timeout\": -1, \"env\": {\"A\": 1}}]}]}}",
		"{\"security\": {\"folderTrust\": {\"enabled\": true}}, \"hooks\": {\"BeforeTool\": [{\"hooks\": [{\"type\": \"command\", \"command\": \"${X:-y}\"}]}]}}",
		"{\n  // c\n  \"hooks\": {\"AfterModel\": [{\"hooks\": [{\"type\": \"command\", \"command\": \"é\", \"timeout\": 1e999}]}]},\n}",
		"{\"hooks\": {\"BeforeTool\": [{\"hooks\": [{\"type\": \"command\", \"command\": \"a\"}, {\"type\": \"command\", \"command\": \"a\"}]}]}, \"hooks\": {}}",
	} {
		f.Add([]byte(s))
	}
	dir := f.TempDir()
	home := filepath.Join(dir, "home")
	project := filepath.Join(dir, "project")
	for _, d := range []string{filepath.Join(home, ".gemini"), filepath.Join(project, ".gemini")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			f.Fatal(err)
		}
	}
	userFile := filepath.Join(home, ".gemini", "settings.json")
	projectFile := filepath.Join(project, ".gemini", "settings.json")
	env := layers.MapEnv(map[string]string{
		"HOME":                            home,
		"GEMINI_CLI_HOME":                 home,
		"GEMINI_CLI_SYSTEM_SETTINGS_PATH": filepath.Join(dir, "etc", "settings.json"),
		"GEMINI_CLI_SYSTEM_DEFAULTS_PATH": filepath.Join(dir, "etc", "system-defaults.json"),
		"GEMINI_CLI_TRUSTED_FOLDERS_PATH": filepath.Join(home, ".gemini", "trustedFolders.json"),
		"GEMINI_CLI_TRUST_WORKSPACE":      "true",
		"X":                               "x",
	})
	// GH_HOOKS_FUZZ_SLOW=5s makes an input that takes longer a failure, so
	// that the fuzzer saves it; off by default (no timed tests).
	slow, _ := time.ParseDuration(os.Getenv("GH_HOOKS_FUZZ_SLOW"))
	f.Fuzz(func(t *testing.T, data []byte) {
		if slow > 0 {
			start := time.Now()
			defer func() {
				if d := time.Since(start); d > slow {
					t.Fatalf("input took %v", d)
				}
			}()
		}
		for _, p := range []string{userFile, projectFile} {
			if err := os.WriteFile(p, data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		set, err := layers.Load(layers.Options{ProjectDir: project, Env: env})
		if err != nil {
			t.Fatal(err)
		}
		r := Merge(set)
		for _, p := range r.Problems {
			if p.Path != userFile && p.Path != projectFile {
				continue
			}
			lines := bytes.Split(data, []byte("\n"))
			if p.Line < 1 || p.Line > len(lines) {
				t.Fatalf("problem %s at line %d outside 1..%d: %s", p.Code, p.Line, len(lines), p.Message)
			}
			if n := utf8.RuneCount(lines[p.Line-1]) + 1; p.Column < 1 || p.Column > n {
				t.Fatalf("problem %s at %d:%d, column outside 1..%d: %s", p.Code, p.Line, p.Column, n, p.Message)
			}
		}
		// effective --json encodes the hooks: every value must be JSON
		// (a timeout of 1e400 was +Inf and failed to encode).
		if _, err := json.Marshal(r.Hooks); err != nil {
			t.Fatalf("hooks do not encode as JSON: %v", err)
		}
		for _, ev := range append(append([]string{}, Events...), "PreToolUse") {
			for _, ctx := range [][2]string{{"", ""}, {"write_file", ""}, {"", "auto"}, {"run_shell_command", "manual"}} {
				p := r.Plan(ev, ctx[0], ctx[1])
				if p == nil {
					t.Fatalf("Plan(%s) = nil", ev)
				}
				if len(p.Hooks) != len(p.Run) {
					t.Fatalf("Plan(%s): %d ids but %d hooks", ev, len(p.Hooks), len(p.Run))
				}
			}
		}
	})
}
