package runner

import (
	"context"
	"os"
	"os/exec"
	"testing"
)

// Benchmarks for the runner's overhead. Compare pairs with
//
//	go test ./runner -run '^$' -bench . -benchtime 20x
//
// Goals: Parallel10 <= 1.5 x Single, Sequential10 <= 1.1 x (10 x Single),
// RunnerTrue <= 2 x BashTrue.

func benchRun(b *testing.B, hooks []Hook, seq bool) {
	needBash(b)
	dir := b.TempDir()
	in := testInput(b, "BeforeTool", dir, "")
	opt := Options{Env: []string{"PATH=" + os.Getenv("PATH")}}
	plan := Plan{Event: "BeforeTool", Hooks: hooks, Sequential: seq}
	b.ResetTimer()
	for b.Loop() {
		rep, err := Run(context.Background(), plan, in, opt)
		if err != nil {
			b.Fatal(err)
		}
		for _, r := range rep.Hooks {
			if !r.Success {
				b.Fatalf("hook %s failed: %s %s", r.ID, r.Error, r.Stderr)
			}
		}
	}
}

func sleepers(n int) []Hook {
	hooks := make([]Hook, n)
	for i := range hooks {
		hooks[i] = cmdHook("sleep", "sleep 0.2")
	}
	return hooks
}

// BenchmarkSleepSingle runs one `sleep 0.2` hook.
func BenchmarkSleepSingle(b *testing.B) { benchRun(b, sleepers(1), false) }

// BenchmarkSleepParallel10 runs ten `sleep 0.2` hooks in parallel.
func BenchmarkSleepParallel10(b *testing.B) { benchRun(b, sleepers(10), false) }

// BenchmarkSleepSequential10 runs ten `sleep 0.2` hooks in sequence.
func BenchmarkSleepSequential10(b *testing.B) { benchRun(b, sleepers(10), true) }

// BenchmarkRunnerTrue runs one `true` hook through Run.
func BenchmarkRunnerTrue(b *testing.B) { benchRun(b, []Hook{cmdHook("true", "true")}, false) }

// BenchmarkBashTrue runs `bash -c true` directly, the floor for RunnerTrue.
func BenchmarkBashTrue(b *testing.B) {
	needBash(b)
	for b.Loop() {
		if err := exec.Command("bash", "-c", "true").Run(); err != nil {
			b.Fatal(err)
		}
	}
}
