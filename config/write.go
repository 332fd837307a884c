package config

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"

	"github.com/gofrs/flock"
)

// ErrReadOnly is wrapped by the WriteError of a file or directory whose
// permission bits forbid writing. Update checks the bits itself, so a
// read-only file is refused even when running as root.
var ErrReadOnly = errors.New("read-only")

// WriteError is a settings file that could not be written. The file is
// unchanged when Update returns it.
type WriteError struct {
	Path string
	// Op is what failed: "lock", "create directory", "write", "rename"...
	Op   string
	Err  error
	Hint string
}

func (e *WriteError) Error() string {
	return fmt.Sprintf("%s: cannot %s: %v", e.Path, e.Op, e.Err)
}

// Unwrap returns the underlying error.
func (e *WriteError) Unwrap() error { return e.Err }

// WriteOptions changes how Update reads and writes.
type WriteOptions struct {
	// DryRun computes the change without taking the lock, creating
	// directories or writing anything.
	DryRun bool
	// Parse is how the current and the new content are parsed (for example
	// NoComments for an extension's hooks.json).
	Parse Options

	// Test hooks: wrap the temp file's writer (to simulate a full disk) and
	// run between the complete, synced temp file and the rename.
	wrap         func(io.Writer) io.Writer
	beforeRename func(tmp string) error
}

// Change is the outcome of Update.
type Change struct {
	// Path is the path Update was given; Target the file actually written,
	// which differs when Path is a symbolic link.
	Path, Target string
	// Existed reports whether the file existed; Old is its content.
	Existed bool
	Old     []byte
	// New is the content fn returned (equal to Old when nothing changed).
	New []byte
	// Written reports whether the file was written (false for a dry run or
	// when the content did not change).
	Written bool
}

// Changed reports whether the new content differs from the old (a missing
// file counts as changed when fn produced content).
func (c Change) Changed() bool {
	return c.New != nil && (!c.Existed || !bytes.Equal(c.Old, c.New))
}

// Diff returns the unified diff of the change (see Diff).
func (c Change) Diff() string {
	if !c.Changed() {
		return ""
	}
	old := c.Old
	if !c.Existed {
		old = nil
	}
	return Diff(c.Path, old, c.New)
}

// Update is the read-modify-write of one settings file.
//
// It takes an exclusive lock (gofrs/flock) on a sidecar file named
// ".<name>.lock" in the file's directory, held until the write is done, so
// concurrent gh-hooks processes serialise and no edit is lost; the lock file
// stays behind (removing it would race with a waiting process). It then
// reads and parses the file and calls fn with the Document, or with nil when
// the file does not exist (fn decides whether to create it; Document.Edit
// on nil starts from an empty object). A file that does not parse is never
// written: Update returns its *ParseError without calling fn.
//
// fn returns the new content, or nil to leave the file alone. Content that
// does not parse is refused. Unchanged content is not written. Otherwise
// the content goes to a temp file in the same directory, which is synced
// and renamed over the file, and the directory is synced: a crash leaves
// the old or the new file, never a mix. The file keeps its permission bits;
// a new file gets 0644 and missing parent directories 0755. When path is a
// symbolic link its target is written and the link stays. Ownership is not
// carried over.
func Update(path string, fn func(doc *Document) ([]byte, error), opts WriteOptions) (Change, error) {
	target, err := resolveLinks(path)
	if err != nil {
		return Change{}, &WriteError{Path: path, Op: "resolve symbolic link", Err: err, Hint: "fix or remove the broken link"}
	}
	ch := Change{Path: path, Target: target}
	dir, base := filepath.Split(target)
	if dir == "" {
		dir = "."
	}
	if !opts.DryRun {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return ch, &WriteError{Path: path, Op: "create directory", Err: err, Hint: "create " + dir + " by hand or check its parent's permissions"}
		}
		if fi, err := os.Stat(dir); err == nil && fi.Mode().Perm()&0o200 == 0 {
			return ch, &WriteError{Path: path, Op: "write", Err: fmt.Errorf("directory %s is %w", dir, ErrReadOnly), Hint: "chmod u+w " + dir}
		}
		lock := flock.New(filepath.Join(dir, "."+base+".lock"), flock.SetPermissions(0o644))
		if err := lock.Lock(); err != nil {
			return ch, &WriteError{Path: path, Op: "lock", Err: err, Hint: "check the permissions of " + dir}
		}
		defer lock.Unlock()
	}

	var doc *Document
	perm := fs.FileMode(0o644)
	switch fi, err := os.Stat(target); {
	case errors.Is(err, fs.ErrNotExist):
	case err != nil:
		return ch, &WriteError{Path: path, Op: "read", Err: err}
	default:
		perm = fi.Mode().Perm()
		d, err := ReadFile(target, opts.Parse)
		if err != nil {
			var pe *ParseError
			if errors.As(err, &pe) {
				pe.Path = path
			}
			return ch, err
		}
		d.Path = path
		doc, ch.Existed, ch.Old = d, true, d.Data
	}

	data, err := fn(doc)
	if err != nil {
		return ch, err
	}
	ch.New = data
	if data == nil {
		ch.New = ch.Old
		return ch, nil
	}
	if _, err := Parse(path, data, opts.Parse); err != nil {
		return ch, fmt.Errorf("%s: refusing to write content that does not parse (bug in gh-hooks): %w", path, err)
	}
	if !ch.Changed() || opts.DryRun {
		return ch, nil
	}
	if ch.Existed && perm&0o200 == 0 {
		return ch, &WriteError{Path: path, Op: "write", Err: fmt.Errorf("file is %w", ErrReadOnly), Hint: "chmod u+w " + target}
	}
	if err := writeAtomic(target, data, perm, opts); err != nil {
		return ch, &WriteError{Path: path, Op: "write", Err: err, Hint: "free disk space or fix permissions in " + dir + "; the file is unchanged"}
	}
	ch.Written = true
	return ch, nil
}

// resolveLinks follows symbolic links from path to the file they name,
// which may not exist yet (a dangling link is created through).
func resolveLinks(path string) (string, error) {
	for range 40 {
		fi, err := os.Lstat(path)
		if errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR) {
			// Missing, or a parent is a file (".gemini" is a file): not a
			// link problem; creating or reading it reports the real error.
			return path, nil
		}
		if err != nil {
			return "", err
		}
		if fi.Mode()&fs.ModeSymlink == 0 {
			return path, nil
		}
		link, err := os.Readlink(path)
		if err != nil {
			return "", err
		}
		if !filepath.IsAbs(link) {
			link = filepath.Join(filepath.Dir(path), link)
		}
		path = link
	}
	return "", fmt.Errorf("too many levels of symbolic links")
}

// writeAtomic writes data to a synced temp file beside target and renames
// it over target, then syncs the directory so the rename is durable.
func writeAtomic(target string, data []byte, perm fs.FileMode, opts WriteOptions) (err error) {
	dir, base := filepath.Split(target)
	if dir == "" {
		dir = "."
	}
	f, err := os.CreateTemp(dir, "."+base+".tmp-*")
	if err != nil {
		return err
	}
	tmp := f.Name()
	defer func() {
		if err != nil {
			f.Close()
			os.Remove(tmp)
		}
	}()
	var w io.Writer = f
	if opts.wrap != nil {
		w = opts.wrap(f)
	}
	if _, err := w.Write(data); err != nil {
		return err
	}
	if err := f.Chmod(perm); err != nil {
		return err
	}
	if err := f.Sync(); err != nil {
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	if opts.beforeRename != nil {
		if err := opts.beforeRename(tmp); err != nil {
			return err
		}
	}
	if err := os.Rename(tmp, target); err != nil {
		return err
	}
	// The new content is in place; a failed directory sync only weakens
	// durability across a power loss, so it is not reported.
	if d, err := os.Open(dir); err == nil {
		d.Sync()
		d.Close()
	}
	return nil
}
