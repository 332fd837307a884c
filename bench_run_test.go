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
// at most 2, reported as x-bash. Beside them runs go-floor
// (testdata/floor-exec), a Go program that does nothing but run
// `bash -c true`: its go-floor-x-bash is what any Go program pays over bash
// for its own start, and run-x-go-floor what gh-hooks adds to that.
//
//	go test -run '^$' -bench BenchmarkRunProcess -benchtime 200x .
//
// The three alternate in one loop and are summarised by their medians
// (bash-ms, go-floor-ms, run-ms); ns/op is one round of the three. The
// binaries are built once, with the go command on PATH.
func BenchmarkRunProcess(b *testing.B) {
	dir := b.TempDir()
	bin := buildBinary(b, dir, "gh-hooks", ".")
	goFloor := buildBinary(b, dir, "floor-exec", "./testdata/floor-exec/main.go")
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

	// The commands alternate in one loop, so a change in machine load
	// during the run affects every side of the ratios alike.
	timed := func(cmd *exec.Cmd) time.Duration {
		t := time.Now()
		if err := cmd.Run(); err != nil {
			b.Fatal(err)
		}
		return time.Since(t)
	}
	var tb, tf, tr []time.Duration
	for b.Loop() {
		cmd := exec.Command(bash, "-c", "true")
		cmd.Dir, cmd.Env = project, env
		tb = append(tb, timed(cmd))
		cmd = exec.Command(goFloor)
		cmd.Dir, cmd.Env = project, env
		tf = append(tf, timed(cmd))
		tr = append(tr, timed(ghHooks()))
	}
	mb, mf, mr := median(tb), median(tf), median(tr)
	b.ReportMetric(float64(mb)/1e6, "bash-ms")
	b.ReportMetric(float64(mf)/1e6, "go-floor-ms")
	b.ReportMetric(float64(mr)/1e6, "run-ms")
	b.ReportMetric(float64(mf)/float64(mb), "go-floor-x-bash")
	b.ReportMetric(float64(mr)/float64(mb), "x-bash")
	b.ReportMetric(float64(mr)/float64(mf), "run-x-go-floor")
}
