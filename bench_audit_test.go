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
// (issues 24 and 30: within 1.5x, for the first audit of new hooks and for
// the audit of approved ones), in two shapes at once, interleaved: 1,600
// scripts of 64 KiB (each followed as shell code, up to the 2 MiB the audit
// follows in all) and 100 scripts of 1 MiB plus a two-line header (just
// over fingerprint.KeepMax and shellcmd.MaxFollowFile: hashed, not kept,
// not followed):
//
//	go test -run '^$' -bench AuditProcess -benchtime 5x -count 1 .
//
// Each round runs, for each shape in turn: sha256sum over the scripts, the
// audit of the new hooks (exit 3), and the audit after trust approve --all,
// each with the files in the page cache (the round before read them).
// Medians, by shape (64k, 1m): sha-ms, new-ms, approved-ms, the ratios
// new-x and approved-x of the wall times, and new-cpu-x and approved-cpu-x
// of the CPU times (user and system), which a loaded machine moves less.
// GH_HOOKS_AUDIT_MIB sets the total (default 100) and
// GH_HOOKS_AUDIT_SCRIPT_KIB one shape instead of the two.
func BenchmarkAuditProcess(b *testing.B) {
	total := envInt("GH_HOOKS_AUDIT_MIB", 100) << 20
	sizes := map[string]int{"64k": 64 << 10, "1m": 1 << 20}
	names := []string{"64k", "1m"}
	if k := envInt("GH_HOOKS_AUDIT_SCRIPT_KIB", 0); k > 0 {
		sizes, names = map[string]int{"custom": k << 10}, []string{"custom"}
	}
	bin := b.TempDir()
	ghHooks := buildBinary(b, bin, "gh-hooks", ".")
	sha, err := exec.LookPath("sha256sum")
	if err != nil {
		b.Skipf("skipping: no sha256sum on PATH: %v", err)
	}
	type shape struct {
		name                   string
		files, env             []string
		home, project          string
		approvedExit           int
		ts, tn, ta, cs, cn, ca []time.Duration
	}
	var shapes []*shape
	for _, n := range names {
		sh := &shape{name: n}
		sh.files, sh.home, sh.project, sh.env = auditProject(b, b.TempDir(), total, sizes[n])
		// A script larger than shellcmd.MaxFollowFile, or past the code
		// the audit follows in all, is hashed but not followed: its hook
		// needs attention (exit 3) even once approved.
		if sizes[n] > 256<<10 || total > 2<<20 {
			sh.approvedExit = 3
		}
		shapes = append(shapes, sh)
	}
	// cpu is the CPU time (user and system) of the last process run:
	// on a shared machine it varies less than the wall time.
	var cpu time.Duration
	run := func(sh *shape, want int, argv ...string) time.Duration {
		cmd := exec.Command(argv[0], argv[1:]...)
		cmd.Env, cmd.Dir = sh.env, sh.project
		t := time.Now()
		out, err := cmd.CombinedOutput()
		d := time.Since(t)
		if code := cmd.ProcessState.ExitCode(); code != want {
			b.Fatalf("%s: exit %d, want %d: %v\n%s", strings.Join(argv, " "), code, want, err, out)
		}
		cpu = cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
		return d
	}
	for _, sh := range shapes {
		run(sh, 0, append([]string{sha}, sh.files...)...) // into the page cache
	}
	for b.Loop() {
		for _, sh := range shapes {
			sh.ts = append(sh.ts, run(sh, 0, append([]string{sha}, sh.files...)...))
			sh.cs = append(sh.cs, cpu)
			b.StopTimer()
			if err := os.RemoveAll(filepath.Join(sh.home, ".gemini", "gh-hooks")); err != nil {
				b.Fatal(err)
			}
			os.Remove(filepath.Join(sh.home, ".gemini", "trusted_hooks.json"))
			if err := exec.Command("sync").Run(); err != nil {
				b.Fatal(err)
			}
			b.StartTimer()
			sh.tn = append(sh.tn, run(sh, 3, ghHooks, "trust", "audit"))
			sh.cn = append(sh.cn, cpu)
			b.StopTimer()
			run(sh, 0, ghHooks, "trust", "approve", "--all")
			// The approval keeps copies of the scripts (up to 64 MiB):
			// their write-back must not fall on the timed audit.
			if err := exec.Command("sync").Run(); err != nil {
				b.Fatal(err)
			}
			b.StartTimer()
			sh.ta = append(sh.ta, run(sh, sh.approvedExit, ghHooks, "trust", "audit"))
			sh.ca = append(sh.ca, cpu)
		}
	}
	for _, sh := range shapes {
		ms, mn, ma := median(sh.ts), median(sh.tn), median(sh.ta)
		b.ReportMetric(float64(ms)/1e6, sh.name+"-sha-ms")
		b.ReportMetric(float64(mn)/1e6, sh.name+"-new-ms")
		b.ReportMetric(float64(ma)/1e6, sh.name+"-approved-ms")
		b.ReportMetric(float64(mn)/float64(ms), sh.name+"-new-x")
		b.ReportMetric(float64(ma)/float64(ms), sh.name+"-approved-x")
		mcs, mcn, mca := median(sh.cs), median(sh.cn), median(sh.ca)
		b.ReportMetric(float64(mcn)/float64(mcs), sh.name+"-new-cpu-x")
		b.ReportMetric(float64(mca)/float64(mcs), sh.name+"-approved-cpu-x")
	}
}

// auditProject writes, under work, a project whose hooks each run one
// shell script of size bytes of lines of echo after a two-line header
// (each script differs, as real ones do), total bytes in all, and a home
// for it; it returns the scripts, the home, the project and the
// environment to run gh-hooks in.
func auditProject(b *testing.B, work string, total, size int) (files []string, home, project string, env []string) {
	home, project = filepath.Join(work, "home"), filepath.Join(work, "project")
	scripts := filepath.Join(project, "scripts")
	for _, d := range []string{filepath.Join(home, ".gemini"), filepath.Join(project, ".gemini"), scripts} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			b.Fatal(err)
		}
	}
	var line strings.Builder
	for i := 0; line.Len() < size+200; i++ {
		fmt.Fprintf(&line, "echo \"step %d: checking the tool call against the project's rules\"\n", i)
	}
	body := line.String()[:size]
	body = body[:strings.LastIndexByte(body, '\n')+1]          // whole lines: shell code that parses
	body += "#" + strings.Repeat("-", size-len(body)-2) + "\n" // exactly size bytes
	var hooks []string
	for i := 0; i*size < total; i++ {
		name := filepath.Join(scripts, fmt.Sprintf("check%04d.sh", i))
		data := fmt.Sprintf("#!/bin/sh\n# script %d\n", i) + body
		if err := os.WriteFile(name, []byte(data), 0o755); err != nil {
			b.Fatal(err)
		}
		files = append(files, name)
		hooks = append(hooks, fmt.Sprintf(`{"name": "check%04d", "type": "command", "command": "./scripts/check%04d.sh"}`, i, i))
	}
	settings := `{"hooks": {"BeforeTool": [{"matcher": "run_shell_command", "hooks": [` + strings.Join(hooks, ",\n") + `]}]}}`
	if err := os.WriteFile(filepath.Join(project, ".gemini", "settings.json"), []byte(settings), 0o644); err != nil {
		b.Fatal(err)
	}
	env = []string{"PATH=" + os.Getenv("PATH"), "HOME=" + home, "GEMINI_CLI_HOME=" + home, "GEMINI_CLI_TRUST_WORKSPACE=true",
		"GEMINI_CLI_SYSTEM_SETTINGS_PATH=" + filepath.Join(work, "etc", "settings.json"),
		"GEMINI_CLI_SYSTEM_DEFAULTS_PATH=" + filepath.Join(work, "etc", "system-defaults.json"),
		"GEMINI_CLI_TRUSTED_FOLDERS_PATH=" + filepath.Join(home, ".gemini", "trustedFolders.json")}
	return files, home, project, env
}

func envInt(name string, def int) int {
	if n, err := strconv.Atoi(os.Getenv(name)); err == nil && n > 0 {
		return n
	}
	return def
}
