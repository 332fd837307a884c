#!/bin/sh
# count.sh: instructions and page faults of one process of the floor,
# `gh-hooks --version` and `gh-hooks effective --json` on BenchmarkProcess's
# 40-hook tree (issue 2). Wall-clock times on these shared machines swing
# by 5% between two runs of the same binary; the instruction count of a
# run (valgrind's callgrind, all threads) varies by about 1%, and the
# median of the page faults (perf) by a few, so they show what a change
# does to the work.
# A development tool: needs valgrind and perf; CI does not run it.
#
# usage: testdata/perf/count.sh [GH_HOOKS_BINARY]   (from the module root)
set -eu
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
if [ $# -ge 1 ]; then cp "$1" "$dir/gh-hooks"; else go build -o "$dir/gh-hooks" .; fi
go build -o "$dir/floor" ./testdata/floor/main.go
GH_HOOKS_WRITE_BENCH_TREE="$dir/tree" go test -count=1 -run '^TestWriteBenchTree$' . >/dev/null
. "$dir/tree/env.sh"
cd "$GH_HOOKS_BENCH_PROJECT"
instructions() { # the least of three runs: the runtime's background threads add a little noise
	# valgrind dies now and then on the signal Go preempts a goroutine with;
	# without that signal the run is the same work.
	for _ in 1 2 3; do
		GODEBUG=asyncpreemptoff=1 valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 >/dev/null | awk '/refs:/ {gsub(",", "", $NF); print $NF}'
	done | sort -n | head -1
}
faults() { # the median of 51 runs (a run takes some 30 faults more or fewer, with the machine)
	for _ in $(seq 51); do
		perf stat -x, -e page-faults "$@" 2>&1 >/dev/null | awk -F, '/page-faults/ {print $1}'
	done | sort -n | sed -n 26p
}
run() { # label, then the command
	label=$1
	shift
	printf '%-18s %10s instructions %6s page faults\n' "$label" "$(instructions "$@")" "$(faults "$@")"
}
run floor "$dir/floor" "$GH_HOOKS_BENCH_PROJECT"
run "--version" "$dir/gh-hooks" --version
run "effective --json" "$dir/gh-hooks" --project "$GH_HOOKS_BENCH_PROJECT" effective --json
