// Package envlist reads an environment kept as "K=V" entries (os.Environ,
// exec.Cmd.Env) that is not the process's own: the one a command of
// gh-hooks runs in, or the one a hook is given.
package envlist

import "strings"

// Lookup returns the value of k in env and whether it is set; the last
// entry of a name wins, as in os/exec.
func Lookup(env []string, k string) (string, bool) {
	for i := len(env) - 1; i >= 0; i-- {
		if name, v, ok := strings.Cut(env[i], "="); ok && name == k {
			return v, true
		}
	}
	return "", false
}

// Get is Lookup's value, "" when k is not set.
func Get(env []string, k string) string {
	v, _ := Lookup(env, k)
	return v
}
