package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// BenchmarkRunProcess measures issue 6's budget as a user sees it: one
// `gh-hooks run --event BeforeAgent` whose plan is a single `true` hook,
// as a whole process (start-up, loading every layer, planning, bash -c true,
// output), against exec of `bash -c true` alone. The target is a ratio of
// at most 2, reported as x-bash (run-ns/op over bash-ns/op); ns/op is the
// pair.
//
//	go test -run '^$' -bench BenchmarkRunProcess -benchtime 200x .
//
// The binary is built once, with the go command on PATH.
func BenchmarkRunProcess(b *testing.B) {
	dir := b.TempDir()
	bin := buildBinary(b, dir, "gh-hooks", ".")
	bash, err := exec.LookPath("bash")
	if err != nil {
		b.Skipf("no bash: %v", err)
	}

	home := filepath.Join(dir, "home")
	project := filepath.Join(dir, "project")
	for _, d := range []string{filepath.Join(home, ".gemini"), project} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			b.Fatal(err)
		}
	}
	settings := `{"hooks": {"BeforeAgent": [{"hooks": [{"type": "command", "command": "true"}]}]}}`
	if err := os.WriteFile(filepath.Join(home, ".gemini", "settings.json"), []byte(settings), 0o644); err != nil {
		b.Fatal(err)
	}
	env := []string{
		"PATH=" + os.Getenv("PATH"),
		"HOME=" + home,
		"GEMINI_CLI_HOME=" + home,
		"GEMINI_CLI_TRUST_WORKSPACE=true",
		"GEMINI_CLI_SYSTEM_SETTINGS_PATH=" + filepath.Join(dir, "etc", "settings.json"),
		"GEMINI_CLI_SYSTEM_DEFAULTS_PATH=" + filepath.Join(dir, "etc", "system-defaults.json"),
		"NO_COLOR=1",
	}
	ghHooks := func() *exec.Cmd {
		cmd := exec.Command(bin, "run", "--event", "BeforeAgent")
		cmd.Dir, cmd.Env = project, env
		return cmd
	}
	// The tree must plan and run exactly the one hook, or the figure lies.
	out, err := ghHooks().CombinedOutput()
	if err != nil || !strings.Contains(string(out), "BeforeAgent: 1 hook(s)") || !strings.Contains(string(out), "exit 0 in") {
		b.Fatalf("gh-hooks run: %v\n%s", err, out)
	}

	// The two commands alternate in one loop, so a change in machine load
	// during the run affects both sides of the ratio alike.
	var bashTime, runTime time.Duration
	for b.Loop() {
		t0 := time.Now()
		cmd := exec.Command(bash, "-c", "true")
		cmd.Dir, cmd.Env = project, env
		if err := cmd.Run(); err != nil {
			b.Fatal(err)
		}
		t1 := time.Now()
		if err := ghHooks().Run(); err != nil {
			b.Fatal(err)
		}
		bashTime += t1.Sub(t0)
		runTime += time.Since(t1)
	}
	n := float64(b.N)
	b.ReportMetric(float64(bashTime.Nanoseconds())/n, "bash-ns/op")
	b.ReportMetric(float64(runTime.Nanoseconds())/n, "run-ns/op")
	b.ReportMetric(float64(runTime)/float64(bashTime), "x-bash")
}
