// Package testenv helps tests find the shared ground truth (the corpus and
// the oracle's recorded scenarios) that lives beside the repository.
package testenv

import (
	"os"
	"path/filepath"
	"runtime"
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
