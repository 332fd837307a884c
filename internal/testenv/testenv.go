// Package testenv helps tests find the shared ground truth (the corpus and
// the oracle's recorded scenarios) that lives beside the repository.
package testenv

import (
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// SharedDir returns ../shared relative to the repository root, skipping
// the test with a reason when it is absent (as on a machine that has only
// the repository).
func SharedDir(t testing.TB, sub string) string {
	t.Helper()
	_, file, _, _ := runtime.Caller(0)
	root := filepath.Dir(filepath.Dir(filepath.Dir(file)))
	dir := filepath.Join(root, "..", "shared", sub)
	if _, err := os.Stat(dir); err != nil {
		t.Skipf("skipping: %s is absent (the shared ground truth is not checked out beside the repository)", dir)
	}
	return dir
}

// Tree records every entry under root by its path below root ("" for
// root itself, then "/a", "/a/b"): its mode, and a link's target or a
// readable regular file's content. Two Trees of a folder differ when
// anything in it was created, removed or changed. An unreadable folder is
// recorded by its mode alone; a missing root gives an empty map.
func Tree(t testing.TB, root string) map[string]string {
	t.Helper()
	m := map[string]string{}
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		fi, err := os.Lstat(p)
		if err != nil {
			return err
		}
		v := fi.Mode().String()
		switch {
		case fi.Mode()&fs.ModeSymlink != 0:
			l, err := os.Readlink(p)
			if err != nil {
				return err
			}
			v += " -> " + l
		case fi.Mode().IsRegular() && fi.Mode().Perm()&0o400 != 0:
			b, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			v += " " + string(b)
		}
		m[strings.TrimPrefix(p, root)] = v
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return m
}
