// Package stackstart grows the main goroutine's stack to the size gh-hooks
// needs, once, before any other package of the program starts up. main
// imports it for that side effect alone.
//
// A goroutine starts with a 2 KiB stack, and gh-hooks' main goroutine
// ends up needing 16 KiB: left alone, the stack doubles three times,
// during urfave/cli's start-up and in the middle of loading, and each
// doubling copies the stack, walking every frame on it (which reads
// function tables no other part of a short run reads) and sets up a new
// pool of stacks of that size. Growing once, here, where the stack holds
// four frames, takes one copy and one pool: `gh-hooks effective --json`
// touches about 50 fewer pages and takes about 0.1 ms less, some 3% of a
// whole run (issue 2; BENCHMARKS.md).
//
// The package imports nothing, so Go runs its init before those of the
// packages that grow the stack: packages are initialised in the order of
// their import paths as soon as everything they import is initialised,
// and a package without imports is ready at once.
package stackstart

func init() { grow() }

// frame is the size of grow's frame: 10 KiB, plus what is already in use
// and the guard, needs the 16 KiB stack.
const frame = 10 << 10

// grow has a frame big enough that calling it grows the stack to 16 KiB.
//
//go:noinline
func grow() {
	var b [frame]byte
	touch(&b)
}

// touch keeps b, and so grow's frame, from being optimised away.
//
//go:noinline
func touch(b *[frame]byte) { b[0] = 1 }
