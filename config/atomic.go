package config

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
)

// WriteFileAtomic writes data to path the way Update writes a settings
// file, for files that are not JSON (a migrated command's TOML): the bytes
// go to a synced temp file in the same directory, which is renamed over
// path, and the directory is synced, so a crash leaves the old or the new
// file, never a mix. Missing parent directories are created with 0755.
// An existing file keeps its permission bits (perm applies to a new file
// only); when path is a symbolic link its target is written and the link
// stays. Unlike Update it takes no lock and does not parse data.
//
// Errors are *WriteError values that name path; the file is unchanged
// when one is returned.
func WriteFileAtomic(path string, data []byte, perm fs.FileMode) error {
	target, err := resolveLinks(path)
	if err != nil {
		return &WriteError{Path: path, Op: "resolve symbolic link", Err: err, Hint: "fix or remove the broken link"}
	}
	dir := filepath.Dir(target)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return &WriteError{Path: path, Op: "create directory", Err: err, Hint: "create " + dir + " by hand or check its parent's permissions"}
	}
	switch fi, err := os.Stat(target); {
	case errors.Is(err, fs.ErrNotExist):
	case err != nil:
		return &WriteError{Path: path, Op: "read", Err: err}
	default:
		perm = fi.Mode().Perm()
	}
	if err := writeAtomic(target, data, perm, WriteOptions{}); err != nil {
		return &WriteError{Path: path, Op: "write", Err: err, Hint: "free disk space or fix permissions in " + dir + "; the file is unchanged"}
	}
	return nil
}
