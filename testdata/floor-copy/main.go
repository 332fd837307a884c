//go:build ignore

// Command floor-copy is the lower bound for a hook adapter: a Go program
// that copies stdin to stdout and exits. BenchmarkAdapterProcess compares
// the time gh-hooks claude-compat adds to a hook with its run.
package main

import (
	"io"
	"os"
)

func main() {
	if _, err := io.Copy(os.Stdout, os.Stdin); err != nil {
		os.Exit(1)
	}
}
