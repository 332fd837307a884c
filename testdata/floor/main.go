//go:build ignore

// Command floor is the lower bound for a gh-hooks process: it reads the
// four settings files Gemini reads (spec §1.1), resolved from the same
// environment variables, and exits. BenchmarkProcess compares
// `gh-hooks effective --json` with it. It is not part of the module build:
// the benchmark builds it with `go build -o <dir>/floor ./testdata/floor/main.go`.
package main

import (
	"os"
	"path/filepath"
)

func main() {
	home := os.Getenv("GEMINI_CLI_HOME")
	if home == "" {
		home, _ = os.UserHomeDir()
	}
	project, _ := os.Getwd()
	if len(os.Args) > 1 {
		project = os.Args[1]
	}
	system := os.Getenv("GEMINI_CLI_SYSTEM_SETTINGS_PATH")
	if system == "" {
		system = "/etc/gemini-cli/settings.json"
	}
	defaults := os.Getenv("GEMINI_CLI_SYSTEM_DEFAULTS_PATH")
	if defaults == "" {
		defaults = filepath.Join(filepath.Dir(system), "system-defaults.json")
	}
	n := 0
	for _, p := range []string{defaults, filepath.Join(home, ".gemini", "settings.json"), filepath.Join(project, ".gemini", "settings.json"), system} {
		b, _ := os.ReadFile(p)
		n += len(b)
	}
	if n == 0 {
		os.Exit(1) // nothing read: the benchmark's tree is missing
	}
}
