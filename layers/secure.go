//go:build unix

package layers

import (
	"fmt"
	"os"
	"path/filepath"
	"syscall"
)

// InsecureSystemEnv names the environment variable that switches off the
// 0.61 ownership rule for system files. Tests set it because their files
// live under temporary directories that are not root-owned; the long name
// keeps users from tripping over it. With it set, gh-hooks loads system
// files as if Gemini's check had passed.
const InsecureSystemEnv = "GH_HOOKS_TRUST_SYSTEM_FILES_FOR_TESTING"

// checkSecure models isFileAndDirectorySecureSync (0.61 only, spec §1.1):
// the file and every ancestor directory must be owned by root and not be
// group- or other-writable; a symlinked ancestor must itself be root-owned.
// It returns "" when the file passes.
func checkSecure(path string) string { return CheckSecure(path) }

// CheckSecure returns why Gemini 0.61 would skip the system file at path
// ("" when it would load it).
func CheckSecure(path string) string {
	check := func(p string, st os.FileInfo) string {
		sys, ok := st.Sys().(*syscall.Stat_t)
		if !ok {
			return ""
		}
		if sys.Uid != 0 {
			return fmt.Sprintf("'%s' is owned by uid %d, not by root", p, sys.Uid)
		}
		if st.Mode().Perm()&0o022 != 0 {
			return fmt.Sprintf("'%s' is writable by group or others (mode %04o)", p, st.Mode().Perm())
		}
		return ""
	}
	paths := []string{path}
	for d := filepath.Dir(path); ; d = filepath.Dir(d) {
		paths = append(paths, d)
		if filepath.Dir(d) == d {
			break
		}
	}
	if real, err := filepath.EvalSymlinks(path); err == nil && real != path {
		paths = append(paths, real)
		for d := filepath.Dir(real); ; d = filepath.Dir(d) {
			paths = append(paths, d)
			if filepath.Dir(d) == d {
				break
			}
		}
	}
	for _, p := range paths {
		if lst, err := os.Lstat(p); err == nil && lst.Mode()&os.ModeSymlink != 0 {
			if r := check(p, lst); r != "" && lst.Sys().(*syscall.Stat_t).Uid != 0 {
				return "symlink " + r
			}
		}
		st, err := os.Stat(p)
		if err != nil {
			return fmt.Sprintf("failed to access path: %v", err)
		}
		if r := check(p, st); r != "" {
			return r
		}
	}
	return ""
}
