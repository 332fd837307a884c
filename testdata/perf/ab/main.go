// ab times `effective --json` (or -args) by several gh-hooks binaries and
// the floor in one interleaved loop, the order rotating each round, and
// prints each one's median and its ratio to the floor's: the before and
// after of a change under the same machine load. A development tool, as
// BenchmarkProcess with GH_HOOKS_BENCH_BASE is; CI does not run it.
//
//	go build -o /tmp/ab ./testdata/perf/ab
//	go build -o /tmp/floor ./testdata/floor/main.go
//	GH_HOOKS_WRITE_BENCH_TREE=/tmp/bt go test -run TestWriteBenchTree .
//	(. /tmp/bt/env.sh && /tmp/ab -n 300 -project $GH_HOOKS_BENCH_PROJECT -floor /tmp/floor OLD NEW)
//
// Compare copies made the same way (cp both): one binary measured up to
// 14% apart as `go build` wrote it and as a copy (BENCHMARKS.md).
package main

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"slices"
	"strings"
	"time"
)

func main() {
	n := flag.Int("n", 300, "rounds")
	project := flag.String("project", "", "the project directory (the benchmark tree's)")
	floor := flag.String("floor", "", "the floor binary (testdata/floor/main.go)")
	args := flag.String("args", "effective --json", "the gh-hooks arguments after --project P")
	flag.Parse()
	bins := flag.Args()
	if *project == "" || *floor == "" || len(bins) == 0 {
		fmt.Fprintln(os.Stderr, "usage: ab [-n ROUNDS] [-args ARGS] -project DIR -floor FLOOR BINARY...")
		os.Exit(2)
	}
	devNull, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	argvs := [][]string{{*floor, *project}}
	for _, b := range bins {
		argvs = append(argvs, append([]string{b, "--project", *project}, strings.Fields(*args)...))
	}
	times := make([][]time.Duration, len(argvs))
	for round := range *n {
		for k := range argvs {
			i := (round + k) % len(argvs)
			c := exec.Command(argvs[i][0], argvs[i][1:]...)
			c.Dir, c.Stdout, c.Stderr = *project, devNull, devNull
			start := time.Now()
			if err := c.Run(); err != nil {
				fmt.Fprintln(os.Stderr, strings.Join(argvs[i], " ")+":", err)
				os.Exit(1)
			}
			times[i] = append(times[i], time.Since(start))
		}
	}
	median := func(ds []time.Duration) time.Duration {
		slices.Sort(ds)
		return ds[len(ds)/2]
	}
	f := median(times[0])
	fmt.Printf("%-40s %.3f ms\n", "floor", f.Seconds()*1000)
	for i, b := range bins {
		m := median(times[i+1])
		fmt.Printf("%-40s %.3f ms  %.3fx the floor\n", b, m.Seconds()*1000, float64(m)/float64(f))
	}
}
