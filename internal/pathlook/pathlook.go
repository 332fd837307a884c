// Package pathlook finds a program in a PATH value that need not be the
// process's own: exec.LookPath reads only os.Getenv("PATH"), while
// gh-hooks looks programs up in the environment a hook will run in.
package pathlook

import (
	"os"
	"path/filepath"
)

// MaxDirs bounds the PATH folders looked at for one program: a project's
// settings file can set a hook's PATH to anything.
const MaxDirs = 1024

// Find returns the first executable regular file (or link to one) called
// name in a folder of path, as a POSIX shell looks it up; a relative
// folder, and an empty entry (the current directory), resolve against
// dir. It returns "" when there is none among the first MaxDirs folders.
func Find(name, path, dir string) string {
	for i, d := range filepath.SplitList(path) {
		if i >= MaxDirs {
			break
		}
		if !filepath.IsAbs(d) {
			d = filepath.Join(dir, d)
		}
		p := filepath.Join(d, name)
		st, err := os.Stat(p)
		if err == nil && st.Mode().IsRegular() && st.Mode().Perm()&0o111 != 0 {
			return p
		}
	}
	return ""
}
