package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// typicalSettings is a settings file of the size real ones have (a few
// KiB): comments, unrelated keys and a handful of hooks.
const typicalSettings = `{
  // my settings
  "general": {"vimMode": true, "checkpointing": {"enabled": true}},
  "ui": {"theme": "GitHub"},
  "model": {"name": "gemini-2.5-pro"},
  "hooks": {
    "BeforeTool": [
      {"matcher": "write_file|replace", "hooks": [{"name": "fmt", "type": "command", "command": "./fmt.sh", "timeout": 30000}]},
      {"matcher": "run_shell_command", "hooks": [{"name": "guard", "type": "command", "command": "$HOME/bin/guard.sh"}]}
    ],
    "SessionStart": [{"matcher": "startup", "hooks": [{"type": "command", "command": "echo hello"}]}]
  },
  "hooksConfig": {"disabled": []}
}
`

// BenchmarkAddProcess compares a whole `gh-hooks add` process on a typical
// settings file with the floor: a process that only reads the file and
// rewrites it atomically (testdata/floor-write). Issue 3 asks for add to
// stay within 3x of the floor:
//
//	go test -run '^$' -bench AddProcess -benchtime 50x -count 3 .
func BenchmarkAddProcess(b *testing.B) {
	bin := b.TempDir()
	ghHooks := buildBinary(b, bin, "gh-hooks", ".")
	floor := buildBinary(b, bin, "floor-write", filepath.Join("testdata", "floor-write", "main.go"))

	setup := func(b *testing.B) (project string, env []string) {
		work := b.TempDir()
		home := filepath.Join(work, "home")
		project = filepath.Join(work, "project")
		if err := os.MkdirAll(filepath.Join(project, ".gemini"), 0o755); err != nil {
			b.Fatal(err)
		}
		if err := os.MkdirAll(home, 0o755); err != nil {
			b.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(project, ".gemini", "settings.json"), []byte(typicalSettings), 0o644); err != nil {
			b.Fatal(err)
		}
		env = append(os.Environ(), "HOME="+home, "GEMINI_CLI_HOME="+home, "GEMINI_CLI_TRUST_WORKSPACE=true",
			"GEMINI_CLI_SYSTEM_SETTINGS_PATH="+filepath.Join(work, "etc", "settings.json"),
			"GEMINI_CLI_SYSTEM_DEFAULTS_PATH="+filepath.Join(work, "etc", "system-defaults.json"),
			"GEMINI_CLI_TRUSTED_FOLDERS_PATH="+filepath.Join(home, ".gemini", "trustedFolders.json"))
		return project, env
	}
	b.Run("floor", func(b *testing.B) {
		project, env := setup(b)
		path := filepath.Join(project, ".gemini", "settings.json")
		for i := 0; i < b.N; i++ {
			cmd := exec.Command(floor, path)
			cmd.Env = env
			if msg, err := cmd.CombinedOutput(); err != nil {
				b.Fatalf("%v\n%s", err, msg)
			}
		}
	})
	b.Run("add", func(b *testing.B) {
		project, env := setup(b)
		for i := 0; i < b.N; i++ {
			cmd := exec.Command(ghHooks, "--project", project, "add", "--event", "AfterTool", "--name", fmt.Sprintf("bench-%d", i), "--command", "./bench.sh")
			cmd.Env = env
			if msg, err := cmd.CombinedOutput(); err != nil {
				b.Fatalf("%v\n%s", err, msg)
			}
		}
	})
}
