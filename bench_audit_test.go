package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// BenchmarkAuditProcess compares `gh-hooks trust audit` on a project whose
// hooks run 100 MiB of scripts with `sha256sum` over the same files
// (issue 24: within 1.5x, for the first audit of new hooks and for the
// audit of approved ones):
//
//	GH_HOOKS_AUDIT_MIB=100 go test -run '^$' -bench AuditProcess -benchtime 5x -count 1 .
//
// Each round runs, in turn: sha256sum over the scripts, the audit of the
// new hooks (exit 3), and the audit after trust approve --all (exit 0),
// each with the files in the page cache (the round before read them).
// Medians: sha-ms, new-ms, approved-ms, the ratios new-x and approved-x
// of the wall times, and new-cpu-x and approved-cpu-x of the CPU times
// (user and system), which a loaded machine moves less. The scripts are shell files (lines of echo), one per hook;
// GH_HOOKS_AUDIT_MIB sets the total (default 100), and
// GH_HOOKS_AUDIT_SCRIPT_KIB each script's size (default 1024: larger than
// shellcmd follows, so the audit hashes them; 64 makes it parse every
// script too).
func BenchmarkAuditProcess(b *testing.B) {
	total := envInt("GH_HOOKS_AUDIT_MIB", 100) << 20
	size := envInt("GH_HOOKS_AUDIT_SCRIPT_KIB", 1024) << 10
	bin := b.TempDir()
	ghHooks := buildBinary(b, bin, "gh-hooks", ".")
	sha, err := exec.LookPath("sha256sum")
	if err != nil {
		b.Skipf("skipping: no sha256sum on PATH: %v", err)
	}
	work := b.TempDir()
	home, project := filepath.Join(work, "home"), filepath.Join(work, "project")
	scripts := filepath.Join(project, "scripts")
	for _, d := range []string{filepath.Join(home, ".gemini"), filepath.Join(project, ".gemini"), scripts} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			b.Fatal(err)
		}
	}
	var line strings.Builder
	for i := 0; line.Len() < size; i++ {
		fmt.Fprintf(&line, "echo \"step %d: checking the tool call against the project's rules\"\n", i)
	}
	body := line.String()[:size]
	body = body[:strings.LastIndexByte(body, '\n')+1] // whole lines: shell code that parses
	var files, hooks []string
	for i := 0; i*size < total; i++ {
		name := filepath.Join(scripts, fmt.Sprintf("check%03d.sh", i))
		// Each script differs (its first line), as real ones do.
		data := fmt.Sprintf("#!/bin/sh\n# script %d\n", i) + body
		if err := os.WriteFile(name, []byte(data), 0o755); err != nil {
			b.Fatal(err)
		}
		files = append(files, name)
		hooks = append(hooks, fmt.Sprintf(`{"name": "check%03d", "type": "command", "command": "./scripts/check%03d.sh"}`, i, i))
	}
	settings := `{"hooks": {"BeforeTool": [{"matcher": "run_shell_command", "hooks": [` + strings.Join(hooks, ",\n") + `]}]}}`
	if err := os.WriteFile(filepath.Join(project, ".gemini", "settings.json"), []byte(settings), 0o644); err != nil {
		b.Fatal(err)
	}
	env := []string{"PATH=" + os.Getenv("PATH"), "HOME=" + home, "GEMINI_CLI_HOME=" + home, "GEMINI_CLI_TRUST_WORKSPACE=true",
		"GEMINI_CLI_SYSTEM_SETTINGS_PATH=" + filepath.Join(work, "etc", "settings.json"),
		"GEMINI_CLI_SYSTEM_DEFAULTS_PATH=" + filepath.Join(work, "etc", "system-defaults.json"),
		"GEMINI_CLI_TRUSTED_FOLDERS_PATH=" + filepath.Join(home, ".gemini", "trustedFolders.json")}
	// A script larger than shellcmd.MaxFollowFile, or past the code the
	// audit follows in all, is hashed but not followed: its hook needs
	// attention (exit 3) even once approved.
	approvedExit := 0
	if size > 256<<10 || total > 2<<20 {
		approvedExit = 3
	}
	// cpu is the CPU time (user and system) of the last process run:
	// on a shared machine it varies less than the wall time.
	var cpu time.Duration
	run := func(want int, argv ...string) time.Duration {
		cmd := exec.Command(argv[0], argv[1:]...)
		cmd.Env, cmd.Dir = env, project
		t := time.Now()
		out, err := cmd.CombinedOutput()
		d := time.Since(t)
		if code := cmd.ProcessState.ExitCode(); code != want {
			b.Fatalf("%s: exit %d, want %d: %v\n%s", strings.Join(argv, " "), code, want, err, out)
		}
		cpu = cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
		return d
	}
	store := filepath.Join(home, ".gemini", "gh-hooks")
	var ts, tn, ta, cs, cn, ca []time.Duration
	run(0, append([]string{sha}, files...)...) // into the page cache
	for b.Loop() {
		ts = append(ts, run(0, append([]string{sha}, files...)...))
		cs = append(cs, cpu)
		b.StopTimer()
		if err := os.RemoveAll(store); err != nil {
			b.Fatal(err)
		}
		os.Remove(filepath.Join(home, ".gemini", "trusted_hooks.json"))
		if err := exec.Command("sync").Run(); err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		tn = append(tn, run(3, ghHooks, "trust", "audit"))
		cn = append(cn, cpu)
		b.StopTimer()
		run(0, ghHooks, "trust", "approve", "--all")
		// The approval keeps copies of the scripts (up to 64 MiB): their
		// write-back must not fall on the timed audit.
		if err := exec.Command("sync").Run(); err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		ta = append(ta, run(approvedExit, ghHooks, "trust", "audit"))
		ca = append(ca, cpu)
	}
	ms, mn, ma := median(ts), median(tn), median(ta)
	b.ReportMetric(float64(ms)/1e6, "sha-ms")
	b.ReportMetric(float64(mn)/1e6, "new-ms")
	b.ReportMetric(float64(ma)/1e6, "approved-ms")
	b.ReportMetric(float64(mn)/float64(ms), "new-x")
	b.ReportMetric(float64(ma)/float64(ms), "approved-x")
	mcs, mcn, mca := median(cs), median(cn), median(ca)
	b.ReportMetric(float64(mcn)/float64(mcs), "new-cpu-x")
	b.ReportMetric(float64(mca)/float64(mcs), "approved-cpu-x")
}

func envInt(name string, def int) int {
	if n, err := strconv.Atoi(os.Getenv(name)); err == nil && n > 0 {
		return n
	}
	return def
}
