package config

import (
	"errors"
	"io/fs"
	"os"
)

// WriteFileAtomic writes data to path the way Update writes a settings
// file, for files that are not JSON (a migrated command's TOML), following
// symbolic links anywhere; see WriteFile.
func WriteFileAtomic(path string, data []byte, perm fs.FileMode) error {
	return WriteFile(path, data, perm, WriteOptions{})
}

// WriteFile writes data to path the way Update writes a settings file,
// for files that are not JSON: under the directory lock, the bytes go to
// a synced temp file in the same directory, which is renamed over path,
// and the directory is synced, so a crash leaves the old or the new file,
// never a mix. Missing parent directories are created with 0755 (and
// removed again when the write fails). An
// existing file keeps its permission bits (perm applies to a new file
// only) and, where allowed, its owner; when path is a symbolic link its
// target is written and the link stays, unless opts.Within refuses it.
// Unlike Update it does not parse data; opts.DryRun and opts.Parse are
// ignored. With opts.NoLock the caller holds the lock (LockDir).
//
// Errors are *WriteError values that name path; the file is unchanged
// when one is returned.
func WriteFile(path string, data []byte, perm fs.FileMode, opts WriteOptions) (err error) {
	t, err := open(path, opts.Within, true)
	if err != nil {
		return err
	}
	defer t.close()
	if t.dirMissing() {
		var created []string
		created, err = t.mkdirs()
		// Directories made for a write that fails are removed again.
		defer func() {
			if err != nil {
				t.rmdirs(created)
			}
		}()
		if err != nil {
			return err
		}
	}
	err = t.writeFile(data, perm, opts)
	return err
}

func (t *target) writeFile(data []byte, perm fs.FileMode, opts WriteOptions) error {
	if !opts.NoLock {
		unlock, err := t.lock(opts)
		if err != nil {
			return err
		}
		defer unlock()
	}
	t.removeStaleTemps()
	fi, err := t.root.Stat(t.rel)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		fi = nil
	case err != nil:
		return t.escaped(err, "read", "")
	default:
		perm = fi.Mode().Perm()
	}
	if err := t.writable(fi); err != nil {
		return err
	}
	if err := t.write(data, perm, fi, opts); err != nil {
		return &WriteError{Path: t.path, Op: "write", Err: err, Hint: "free disk space or fix permissions in " + t.dirDisplay() + "; the file is unchanged"}
	}
	return nil
}

// Writable reports whether path is a regular file the user may write, by
// access(2) (owner, group, other and ACLs), without opening it: opening a
// FIFO for writing would block.
func Writable(path string) bool {
	fi, err := os.Stat(path)
	return err == nil && fi.Mode().IsRegular() && accessWrite(path) == nil
}
