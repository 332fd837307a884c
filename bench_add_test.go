package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
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
//	go test -run '^$' -bench AddProcess -benchtime 200x -count 3 .
//
// The two run in turn in one loop, each on its own copy of the typical
// file, which is written afresh (untimed) before every add so that the
// file does not grow with b.N; they are summarised by their medians
// (floor-ms, add-ms) and the ratio x-floor. ns/op is one round of both.
func BenchmarkAddProcess(b *testing.B) {
	bin := b.TempDir()
	ghHooks := buildBinary(b, bin, "gh-hooks", ".")
	floor := buildBinary(b, bin, "floor-write", filepath.Join("testdata", "floor-write", "main.go"))

	work := b.TempDir()
	home := filepath.Join(work, "home")
	project := filepath.Join(work, "project")
	settings := filepath.Join(project, ".gemini", "settings.json")
	floorFile := filepath.Join(work, "floor", "settings.json")
	for _, d := range []string{filepath.Dir(settings), filepath.Dir(floorFile), home} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			b.Fatal(err)
		}
	}
	if err := os.WriteFile(floorFile, []byte(typicalSettings), 0o644); err != nil {
		b.Fatal(err)
	}
	// add refuses a hook whose script is missing.
	if err := os.WriteFile(filepath.Join(project, "bench.sh"), []byte("#!/bin/sh\n"), 0o755); err != nil {
		b.Fatal(err)
	}
	env := append(os.Environ(), "HOME="+home, "GEMINI_CLI_HOME="+home, "GEMINI_CLI_TRUST_WORKSPACE=true",
		"GEMINI_CLI_SYSTEM_SETTINGS_PATH="+filepath.Join(work, "etc", "settings.json"),
		"GEMINI_CLI_SYSTEM_DEFAULTS_PATH="+filepath.Join(work, "etc", "system-defaults.json"),
		"GEMINI_CLI_TRUSTED_FOLDERS_PATH="+filepath.Join(home, ".gemini", "trustedFolders.json"))
	timed := func(argv ...string) time.Duration {
		cmd := exec.Command(argv[0], argv[1:]...)
		cmd.Env = env
		t := time.Now()
		if msg, err := cmd.CombinedOutput(); err != nil {
			b.Fatalf("%v\n%s", err, msg)
		}
		return time.Since(t)
	}
	var tf, ta []time.Duration
	for b.Loop() {
		tf = append(tf, timed(floor, floorFile))
		b.StopTimer()
		if err := os.WriteFile(settings, []byte(typicalSettings), 0o644); err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		ta = append(ta, timed(ghHooks, "--project", project, "add", "--event", "AfterTool", "--name", "bench", "--command", "./bench.sh"))
	}
	// The last add did its job.
	if data, err := os.ReadFile(settings); err != nil || !strings.Contains(string(data), `"name": "bench"`) {
		b.Fatalf("the add did not write its hook: %v\n%s", err, data)
	}
	mf, ma := median(tf), median(ta)
	b.ReportMetric(float64(mf)/1e6, "floor-ms")
	b.ReportMetric(float64(ma)/1e6, "add-ms")
	b.ReportMetric(float64(ma)/float64(mf), "x-floor")
}
