package runner

import (
	"context"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
)

// script returns a command running testdata/<name> with args (each
// shell-quoted).
func script(t testing.TB, name string, args ...string) string {
	t.Helper()
	p, err := filepath.Abs(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	parts := []string{ShellQuote(p)}
	for _, a := range args {
		parts = append(parts, ShellQuote(a))
	}
	return strings.Join(parts, " ")
}

// needBash skips on systems without POSIX process semantics.
func needBash(t testing.TB) {
	t.Helper()
	if runtime.GOOS == "windows" {
		t.Skip("hooks run under bash -c on POSIX only; the PowerShell path is not implemented")
	}
}

// cmdHook is a command hook with Gemini's default timeout.
func cmdHook(id, command string) Hook {
	return Hook{ID: id, Name: id, Type: "command", Command: command, Timeout: 60000}
}

// testInput builds a payload for event with cwd dir and a fixed clock.
func testInput(t testing.TB, event, dir string, override string) *Object {
	t.Helper()
	in, err := BuildInput(event, Context{SessionID: "s-1", Cwd: dir, Now: time.Date(2026, 1, 2, 3, 4, 5, 6e6, time.UTC)}, []byte(override))
	if err != nil {
		t.Fatal(err)
	}
	return in
}

// run executes hooks for event in dir with a hermetic environment.
func run(t testing.TB, event string, seq bool, in *Object, opt Options, hooks ...Hook) *Report {
	t.Helper()
	if opt.Env == nil {
		opt.Env = []string{"PATH=" + os.Getenv("PATH"), "HOME=" + t.TempDir()}
	}
	rep, err := Run(context.Background(), Plan{Event: event, Hooks: hooks, Sequential: seq}, in, opt)
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

// obj parses a JSON object literal for expectations.
func obj(t testing.TB, s string) any {
	t.Helper()
	if s == "" {
		return nil
	}
	v, err := ParseJSON(s)
	if err != nil {
		t.Fatalf("bad test JSON %s: %v", s, err)
	}
	return v
}
