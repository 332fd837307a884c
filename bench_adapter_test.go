package main

import (
	"os/exec"
	"strings"
	"testing"
	"time"
)

// BenchmarkAdapterProcess measures what `gh-hooks claude-compat` adds to
// a hook on every tool call (issue 16): the adapter around a hook that
// does nothing (`true`), against that hook alone (sh -c true), and against
// floor-copy (testdata/floor-copy), a Go program that only copies stdin to
// stdout. The goal is an added time of at most twice floor-copy's run:
// added-x-copy = (adapter-ms - hook-ms) / copy-ms.
//
//	go test -run '^$' -bench BenchmarkAdapterProcess -benchtime 300x .
//
// Each round feeds all three the same BeforeTool payload, in one loop, so
// a change of machine load falls on all of them alike; medians are
// reported.
func BenchmarkAdapterProcess(b *testing.B) {
	dir := b.TempDir()
	bin := buildBinary(b, dir, "gh-hooks", ".")
	copyBin := buildBinary(b, dir, "floor-copy", "./testdata/floor-copy/main.go")
	payload := `{"session_id":"s","transcript_path":"","cwd":"` + dir + `","hook_event_name":"BeforeTool","timestamp":"2026-11-25T00:00:00Z","tool_name":"run_shell_command","tool_input":{"command":"npm test","description":"run the tests"}}`
	run := func(argv ...string) func() time.Duration {
		return func() time.Duration {
			cmd := exec.Command(argv[0], argv[1:]...)
			cmd.Dir, cmd.Stdin = dir, strings.NewReader(payload)
			t := time.Now()
			if err := cmd.Run(); err != nil {
				b.Fatalf("%s: %v", strings.Join(argv, " "), err)
			}
			return time.Since(t)
		}
	}
	// The adapter must run the hook and answer nothing, or the figure lies.
	check := exec.Command(bin, "claude-compat", "--event", "PreToolUse", "--", "cat >/dev/null; exit 0")
	check.Stdin = strings.NewReader(payload)
	if out, err := check.CombinedOutput(); err != nil || len(out) != 0 {
		b.Fatalf("gh-hooks claude-compat: %v %q", err, out)
	}
	adapter := run(bin, "claude-compat", "--event", "PreToolUse", "--", "true")
	hook := run("sh", "-c", "true")
	floor := run(copyBin)
	var ta, th, tc []time.Duration
	for b.Loop() {
		ta = append(ta, adapter())
		th = append(th, hook())
		tc = append(tc, floor())
	}
	ma, mh, mc := median(ta), median(th), median(tc)
	b.ReportMetric(float64(ma)/1e6, "adapter-ms")
	b.ReportMetric(float64(mh)/1e6, "hook-ms")
	b.ReportMetric(float64(mc)/1e6, "copy-ms")
	b.ReportMetric(float64(ma-mh)/float64(mc), "added-x-copy")
}
