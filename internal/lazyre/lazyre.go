// Package lazyre compiles a regular expression the first time it is used
// instead of at program start, so that a command that never needs it does
// not pay for it (gh-hooks is started often, by shells and CI). Compiling
// every expression at start cost 8% to 10% of an `effective --json` process
// (issue 20's measure, interleaved runs).
package lazyre

import (
	"regexp"
	"sync"
)

// Regexp is a regular expression compiled on its first use.
type Regexp struct {
	expr  string
	build func() string
	once  sync.Once
	re    *regexp.Regexp
}

// New returns expr, to be compiled on first use. expr must be valid: an
// invalid expression panics on first use, as regexp.MustCompile would at
// start. A package variable set to New("...") costs nothing at start: the
// compiler lays the Regexp out as static data (a closure made by
// sync.OnceValue, used before, was three allocations in every process).
func New(expr string) *Regexp { return &Regexp{expr: expr} }

// NewFunc is New for an expression assembled from tables (an
// alternation of names): build makes it on first use, so that the
// assembling is not done at start either.
func NewFunc(build func() string) *Regexp { return &Regexp{build: build} }

// Get returns the compiled expression, compiling it on the first call.
func (r *Regexp) Get() *regexp.Regexp {
	r.once.Do(func() {
		if r.build != nil {
			r.expr = r.build()
		}
		r.re = regexp.MustCompile(r.expr)
	})
	return r.re
}
