// Package lazyre compiles a regular expression the first time it is used
// instead of at program start, so that a command that never needs it does
// not pay for it (gh-hooks is started often, by shells and CI).
package lazyre

import (
	"regexp"
	"sync"
)

// New returns a function that compiles expr once, on its first call, and
// then returns the compiled expression. expr must be valid: an invalid
// expression panics on first use, as regexp.MustCompile would at start.
func New(expr string) func() *regexp.Regexp {
	return sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(expr) })
}
