//go:build ignore

// Command floor-exec is the lower bound for any Go program that runs a
// hook: it runs `bash -c true` with its output captured, and exits.
// BenchmarkRunProcess compares `gh-hooks run` and this program with
// running `bash -c true` directly (issue 6 asks for at most 2x): what this
// program costs over bash is what starting any Go process costs, before
// gh-hooks reads a file. It is not part of the module build: the benchmark
// builds it with `go build -o <dir>/floor-exec ./testdata/floor-exec/main.go`.
package main

import (
	"bytes"
	"os"
	"os/exec"
)

func main() {
	var out, errOut bytes.Buffer
	c := exec.Command("bash", "-c", "true")
	c.Stdout, c.Stderr = &out, &errOut
	if err := c.Run(); err != nil {
		os.Exit(1)
	}
}
