package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/gh-hooks/gh-hooks/layers"
	"github.com/gh-hooks/gh-hooks/merge"
	"github.com/gh-hooks/gh-hooks/runner"
)

// TestMigratedProjectDirRunsInPathWithSpace migrates Claude hooks that find
// their script through $CLAUDE_PROJECT_DIR, in a project named "my project",
// and then runs the migrated Gemini hook the way Gemini 0.61 does: load
// the settings (with Gemini's load-time ${VAR} expansion, spec §1.5), plan
// BeforeTool for run_shell_command, apply the textual $GEMINI_PROJECT_DIR
// expansion to the shell-quoted cwd (spec §5.3) and run bash -c in the
// project with GEMINI_PROJECT_DIR set (runner.Run). The script writes a
// marker file; the marker proves the command found it.
//
// The last case is the command Gemini's own migrator would write
// ("$GEMINI_PROJECT_DIR"/..., spec §7 item 15): it must fail, which shows
// the test can tell a broken command from a working one.
//
// Each case runs twice: migrated without the adapter (the command is
// rewritten for Gemini), and behind gh-hooks claude-compat (the command is
// kept and the adapter runs it as Claude does, here through the gh-hooks
// that TestMain puts on PATH).
func TestMigratedProjectDirRunsInPathWithSpace(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("Gemini runs hooks through PowerShell on Windows; this test models bash")
	}
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("bash is not installed: Gemini runs hooks with bash -c")
	}
	tests := []struct {
		name, command string
		// wantCommand is the migrated Gemini command ("" skips the check).
		wantCommand string
		wantRan     bool
		// wantRanAdapter is whether the hook runs behind the adapter.
		wantRanAdapter bool
	}{
		{name: "quoted variable then path", command: `"$CLAUDE_PROJECT_DIR"/.claude/hooks/x.sh`,
			wantCommand: `"${GEMINI_PROJECT_DIR}"/.claude/hooks/x.sh`, wantRan: true, wantRanAdapter: true},
		{name: "variable inside quoted path", command: `"$CLAUDE_PROJECT_DIR/.claude/hooks/x.sh"`,
			wantCommand: `"${GEMINI_PROJECT_DIR}/.claude/hooks/x.sh"`, wantRan: true, wantRanAdapter: true},
		// Claude itself splits the unquoted path at the space.
		{name: "bare variable", command: `$CLAUDE_PROJECT_DIR/.claude/hooks/x.sh`,
			wantCommand: `"${GEMINI_PROJECT_DIR}"/.claude/hooks/x.sh`, wantRan: true, wantRanAdapter: false},
		{name: "braced in quotes as an argument", command: `bash "${CLAUDE_PROJECT_DIR}/.claude/hooks/x.sh"`,
			wantCommand: `bash "${GEMINI_PROJECT_DIR}/.claude/hooks/x.sh"`, wantRan: true, wantRanAdapter: true},
		// Behind the adapter, the shell expands $GEMINI_PROJECT_DIR, which
		// Gemini sets, inside the quotes.
		{name: "control: Gemini migrator output breaks", command: `"$GEMINI_PROJECT_DIR"/.claude/hooks/x.sh`,
			wantCommand: `"$GEMINI_PROJECT_DIR"/.claude/hooks/x.sh`, wantRan: false, wantRanAdapter: true},
	}
	for _, tt := range tests {
		for _, adapter := range []string{"never", "always"} {
			t.Run(tt.name+"/adapter="+adapter, func(t *testing.T) {
				testMigratedRun(t, tt.command, tt.wantCommand, map[string]bool{"never": tt.wantRan, "always": tt.wantRanAdapter}[adapter], adapter)
			})
		}
	}
}

// testMigratedRun is one case of TestMigratedProjectDirRunsInPathWithSpace.
func testMigratedRun(t *testing.T, command, wantCommand string, wantRan bool, adapter string) {
	work := t.TempDir()
	home := filepath.Join(work, "home")
	project := filepath.Join(work, "my project")
	hooksDir := filepath.Join(project, ".claude", "hooks")
	for _, d := range []string{home, hooksDir} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	isolate(t, work, home)
	marker := filepath.Join(project, "marker")
	script := "#!/bin/sh\nprintf ran > \"$(dirname \"$0\")/../../marker\"\n"
	if err := os.WriteFile(filepath.Join(hooksDir, "x.sh"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	claude := `{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": ` +
		jsonString(command) + `, "timeout": 10}]}]}}`
	if err := os.WriteFile(filepath.Join(project, ".claude", "settings.json"), []byte(claude), 0o644); err != nil {
		t.Fatal(err)
	}

	var stdout, stderr bytes.Buffer
	if code := run([]string{"gh-hooks", "--project", project, "migrate", "--no-commands", "--adapter", adapter}, nil, &stdout, &stderr); code != 0 {
		t.Fatalf("migrate exit %d\nstdout:\n%s\nstderr:\n%s", code, stdout.String(), stderr.String())
	}

	// Load and plan as Gemini does.
	set, err := layers.Load(layers.Options{ProjectDir: project})
	if err != nil {
		t.Fatal(err)
	}
	plan := merge.Merge(set).Plan("BeforeTool", "run_shell_command", "")
	if len(plan.Run) != 1 {
		t.Fatalf("plan runs %d hooks, want 1 (%s)", len(plan.Run), plan.Why)
	}
	if wantCommand != "" && adapter == "never" {
		if diff := cmp.Diff(wantCommand, plan.Run[0].Command); diff != "" {
			t.Errorf("migrated command (-want +got):\n%s", diff)
		}
	}
	in, err := runner.BuildInput("BeforeTool", runner.Context{Cwd: project, Tool: "run_shell_command", SessionID: "s1"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	rep, err := runner.Run(context.Background(),
		runner.Plan{Event: "BeforeTool", Hooks: []runner.Hook{runner.FromMerge(*plan.Run[0])}},
		in, runner.Options{Env: []string{"PATH=" + os.Getenv("PATH"), "GORACE=" + os.Getenv("GORACE")}}) // GORACE: see runTests
	if err != nil {
		t.Fatal(err)
	}
	res := rep.Hooks[0]
	_, statErr := os.Stat(marker)
	if ran := statErr == nil; ran != wantRan {
		t.Errorf("marker written = %v, want %v\nexpanded: %s\nexit: %v\nstderr: %s",
			ran, wantRan, res.Expanded, res.ExitCode, res.Stderr)
	}
	if wantRan != res.Success && adapter == "never" {
		t.Errorf("hook success = %v, want %v (stderr %q)", res.Success, wantRan, res.Stderr)
	}
}

// isolate points every Gemini location at work/home and trusts the
// workspace, so nothing outside the test directory is read.
func isolate(t *testing.T, work, home string) {
	t.Helper()
	t.Setenv("HOME", home)
	t.Setenv("GEMINI_CLI_HOME", home)
	t.Setenv("GEMINI_CLI_SYSTEM_SETTINGS_PATH", filepath.Join(work, "etc", "settings.json"))
	t.Setenv("GEMINI_CLI_SYSTEM_DEFAULTS_PATH", filepath.Join(work, "etc", "system-defaults.json"))
	t.Setenv("GEMINI_CLI_TRUSTED_FOLDERS_PATH", filepath.Join(home, ".gemini", "trustedFolders.json"))
	t.Setenv("GEMINI_CLI_TRUST_WORKSPACE", "true")
	t.Setenv("NO_COLOR", "1")
	// Gemini's own process normally has neither set; if it had, its
	// load-time ${VAR} expansion would bake the value in (spec §1.5).
	for _, k := range []string{"GEMINI_PROJECT_DIR", "CLAUDE_PROJECT_DIR", "GEMINI_RESTRICTED_MODE"} {
		t.Setenv(k, "")
		os.Unsetenv(k)
	}
}

// jsonString quotes s as a JSON string (s holds no control characters).
func jsonString(s string) string {
	var b bytes.Buffer
	b.WriteByte('"')
	for _, r := range s {
		if r == '"' || r == '\\' {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	b.WriteByte('"')
	return b.String()
}

// TestMigrateConcurrentRunsAppendOnce runs the hooks migration several
// times at once on the same project. The idempotence check runs under the
// settings file's lock (inside config.Update), so exactly one run appends
// and the others find the definition already present. The goroutines call
// runMigrate, each with its own options and streams.
func TestMigrateConcurrentRunsAppendOnce(t *testing.T) {
	work := t.TempDir()
	home, project := filepath.Join(work, "home"), filepath.Join(work, "p")
	if err := os.MkdirAll(filepath.Join(project, ".claude"), 0o755); err != nil {
		t.Fatal(err)
	}
	isolate(t, work, home)
	claude := `{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "done.sh", "timeout": 1}]}]}}`
	if err := os.WriteFile(filepath.Join(project, ".claude", "settings.json"), []byte(claude), 0o644); err != nil {
		t.Fatal(err)
	}
	const n = 8
	errs := make(chan error, n)
	written := make(chan bool, n)
	for range n {
		go func() {
			var out, errb bytes.Buffer
			o := &migrateOptions{env: &env{Process: Process{Stdout: &out, Stderr: &errb}, project: project},
				Scope: "project", Commands: true, JSON: true, Adapter: "never"}
			err := runMigrate(o)
			var v struct{ Written bool }
			if err == nil {
				err = json.Unmarshal(out.Bytes(), &v)
			}
			written <- v.Written
			errs <- err
		}()
	}
	writes := 0
	for range n {
		if err := <-errs; err != nil {
			t.Errorf("migrate: %v", err)
		}
	}
	close(written)
	for w := range written {
		if w {
			writes++
		}
	}
	if writes != 1 {
		t.Errorf("%d runs wrote the file, want 1", writes)
	}
	got, err := os.ReadFile(filepath.Join(project, ".gemini", "settings.json"))
	if err != nil {
		t.Fatal(err)
	}
	want := `{
  "hooks": {
    "AfterAgent": [
      {
        "hooks": [
          {
            "name": "claude:done.sh",
            "type": "command",
            "command": "done.sh",
            "description": "from Claude .claude/settings.json (gh-hooks migrate #9dd0a517)",
            "timeout": 1000
          }
        ]
      }
    ]
  }
}
`
	if diff := cmp.Diff(want, string(got)); diff != "" {
		t.Errorf("settings after %d concurrent runs (-want +got):\n%s", n, diff)
	}
}
