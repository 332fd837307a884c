package config

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/gh-hooks/gh-hooks/internal/regfile"
	"github.com/gh-hooks/gh-hooks/internal/shellword"
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
	// Within confines the write to a directory tree: the project, for a
	// file of the project layer, which a cloned repository controls. The
	// path must lie under Within, and any symbolic link on the way that
	// leads out of it (.gemini -> ~/.gemini, settings.json -> ~/.profile,
	// a dangling link to a path outside) is refused with an *OutsideError;
	// links that stay inside are followed. Every step is taken through an
	// os.Root opened on Within, so a link swapped in after the check
	// cannot lead the write out either. Empty: links are followed anywhere
	// (user and system files, as Gemini follows them).
	Within string
	// LockTimeout is how long to wait for another process's lock before
	// giving up (0: the process's $GH_HOOKS_LOCK_TIMEOUT, LockTimeout). OnWait, if set, is called once after
	// about a second of waiting with a description of the holder ("pid 123
	// (gh-hooks)").
	LockTimeout time.Duration
	OnWait      func(holder string)
	// NoLock writes without taking the directory lock, which the caller
	// holds (LockDir) around a read-modify-write of its own.
	NoLock bool

	// Test hooks: wrap the temp file's writer (to simulate a full disk) and
	// run between the complete, synced temp file and the rename; waitNote
	// replaces the 1 s before OnWait.
	wrap         func(io.Writer) io.Writer
	beforeRename func(tmp string) error
	waitNote     time.Duration
}

// DefaultLockTimeout is how long Update waits for a lock held by another
// process, unless LockTimeoutEnv says otherwise.
const DefaultLockTimeout = 10 * time.Second

// LockTimeoutEnv is the environment variable that sets the lock timeout,
// a Go duration such as 30s.
const LockTimeoutEnv = "GH_HOOKS_LOCK_TIMEOUT"

// LockTimeout returns the lock timeout that v, the value of
// LockTimeoutEnv, sets: v when it is a valid positive duration, else
// DefaultLockTimeout.
func LockTimeout(v string) time.Duration {
	if d, err := time.ParseDuration(v); err == nil && d > 0 {
		return d
	}
	return DefaultLockTimeout
}

// OutsideError is a write that a symbolic link would lead out of the
// directory tree it is confined to (WriteOptions.Within).
type OutsideError struct {
	// Within is the directory the write is confined to.
	Within string
	// Link is the symbolic link that leads out, Target what it holds, and
	// Resolved the path it leads to.
	Link, Target, Resolved string
}

func (e *OutsideError) Error() string {
	if e.Link == "" {
		return fmt.Sprintf("%s is outside the project %s", e.Resolved, e.Within)
	}
	return fmt.Sprintf("%s is a symbolic link to %s, outside the project %s", e.Link, e.Target, e.Within)
}

func outsideHint(e *OutsideError) string {
	if e.Link == "" {
		return "write files of the project inside it"
	}
	return fmt.Sprintf("a repository can plant such a link to make gh-hooks write your files: remove it (rm %s) or replace it with a regular file; if you made it and mean to write %s, run again with --allow-outside-project", shellword.Quote(e.Link), e.Resolved)
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
// It takes an exclusive lock on the file's directory (flock on the
// directory itself, so no lock file is left in the user's tree and the
// atomic rename, which replaces the file's inode, cannot break it; see
// lockDir), held until the write is done, so concurrent gh-hooks processes
// serialise and no edit is lost. A lock held by another process is waited
// for up to opts.LockTimeout, naming the holder. Under the lock, temp files
// of this file left by a killed writer (".<name>.tmp-<digits>") are
// removed. It then reads and parses the file and calls fn with the
// Document, or with nil when the file does not exist (fn decides whether
// to create it; Document.Edit on nil starts from an empty object). A file
// that does not parse is never written: Update returns its *ParseError
// without calling fn.
//
// fn returns the new content, or nil to leave the file alone. Content that
// does not parse is refused. Unchanged content is not written. Otherwise
// the content goes to a temp file in the same directory, which is synced
// and renamed over the file, and the directory is synced: a crash leaves
// the old or the new file, never a mix. The file keeps its permission bits
// and, where the system allows it (as root), its owner and group; a new
// file gets 0644 and missing parent directories 0755. When path is a
// symbolic link its target is written and the link stays (Change.Target
// names it); with opts.Within, only a link that stays inside Within.
//
// Missing directories are created only for a real write: when the file's
// directory is missing, fn is first called as in a dry run, and only when
// it returns changed content are the directories made, the lock taken and
// fn called again on the file as it then is. fn must therefore have no
// effect beyond its result and what it records for the caller. Directories
// made for a write that then fails are removed again.
func Update(path string, fn func(doc *Document) ([]byte, error), opts WriteOptions) (ch Change, err error) {
	t, err := open(path, opts.Within, !opts.DryRun)
	if err != nil {
		return Change{Path: path, Target: path}, err
	}
	defer t.close()
	if opts.DryRun || !t.dirMissing() {
		return t.update(fn, opts)
	}
	// The file's directory is missing: there is nothing to lock, and a
	// refused or empty edit must leave no directory behind. Run fn as a
	// dry run first; create the directories only for a real write.
	dry := opts
	dry.DryRun = true
	if ch, err = t.update(fn, dry); err != nil || !ch.Changed() {
		return ch, err
	}
	created, err := t.mkdirs()
	if err == nil {
		ch, err = t.update(fn, opts)
	}
	if !ch.Written {
		t.rmdirs(created)
	}
	return ch, err
}

// update is Update on an opened target whose directory exists (or, for a
// dry run, may be missing).
func (t *target) update(fn func(doc *Document) ([]byte, error), opts WriteOptions) (ch Change, err error) {
	path := t.path
	ch = Change{Path: path, Target: t.display}
	if !opts.DryRun && !opts.NoLock {
		unlock, err := t.lock(opts)
		if err != nil {
			return ch, err
		}
		defer unlock()
		t.removeStaleTemps()
	}

	var doc *Document
	perm := fs.FileMode(0o644)
	d, fi, err := t.read(opts.Parse)
	switch {
	case errors.Is(err, fs.ErrNotExist):
	case err != nil:
		var pe *ParseError
		if errors.As(err, &pe) {
			pe.Path = path
		}
		return ch, err
	default:
		perm = fi.Mode().Perm()
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
	if err := t.writable(fi); err != nil {
		return ch, err
	}
	if err := t.write(data, perm, fi, opts); err != nil {
		return ch, &WriteError{Path: path, Op: "write", Err: err, Hint: "free disk space or fix permissions in " + t.dirDisplay() + "; the file is unchanged"}
	}
	ch.Written = true
	return ch, nil
}

// target is a file to write, opened for race-safe access: every step goes
// through root (os.Root), by the link-free path rel inside it.
type target struct {
	path    string // as given, for errors
	display string // the file really written, for output
	root    *os.Root
	rel     string // link-free path of the file inside root
	// confined is whether root is the directory the write is confined to
	// (WriteOptions.Within), rather than the file's own directory.
	confined bool
}

func (t *target) close() {
	if t.root != nil {
		t.root.Close()
	}
}

func (t *target) dirRel() string { return filepath.Dir(t.rel) }

func (t *target) base() string { return filepath.Base(t.rel) }

func (t *target) dirDisplay() string { return filepath.Dir(t.display) }

// open resolves path for writing. Without within, symbolic links are
// followed anywhere (resolveLinks) and root is the resolved file's
// directory, nil while that is missing. With within, path is resolved
// inside within (resolveWithin) and root is within itself. open creates
// nothing: mkdirs creates the missing directories once a write is sure to
// happen (inside root, when confined: a dangling link creates nothing
// outside). write is whether the caller means to write: a file standing
// where the directory should be is then left for mkdirs to report.
func open(path, within string, write bool) (*target, error) {
	t := &target{path: path, confined: within != ""}
	if within == "" {
		real, err := resolveLinks(path)
		if err != nil {
			return nil, &WriteError{Path: path, Op: "resolve symbolic link", Err: err, Hint: "fix or remove the broken link"}
		}
		dir := filepath.Dir(real)
		t.display, t.rel = real, filepath.Base(real)
		if t.root, err = os.OpenRoot(dir); err != nil {
			if fi, serr := os.Stat(dir); errors.Is(err, fs.ErrNotExist) || write && (serr != nil || !fi.IsDir()) {
				// A missing directory: nothing to read, and mkdirs
				// creates it (or says what is in the way).
				t.root = nil
				return t, nil
			}
			op := "open directory"
			if !write {
				op = "read"
			}
			return nil, &WriteError{Path: path, Op: op, Err: err, Hint: "check that " + dir + " is a directory you may read"}
		}
		return t, nil
	}
	root, err := os.OpenRoot(within)
	if err != nil {
		return nil, &WriteError{Path: path, Op: "open project directory", Err: err, Hint: "check the permissions of " + within}
	}
	rel, err := resolveWithin(root, within, path)
	if err != nil {
		root.Close()
		var oe *OutsideError
		if errors.As(err, &oe) {
			return nil, &WriteError{Path: path, Op: "write", Err: err, Hint: outsideHint(oe)}
		}
		return nil, &WriteError{Path: path, Op: "resolve symbolic link", Err: err, Hint: "fix or remove the broken link"}
	}
	t.root, t.rel = root, rel
	t.display = filepath.Join(within, rel)
	if abs, err := AbsPath(path); err == nil && (abs == t.display || abs == filepath.Join(realPath(within), rel)) {
		t.display = path // no link on the way: name it as given
	}
	return t, nil
}

// dirMissing reports whether the file's directory is not (yet) there.
func (t *target) dirMissing() bool {
	if t.root == nil {
		return true
	}
	fi, err := t.root.Stat(t.dirRel())
	return err != nil || !fi.IsDir()
}

// mkdirs creates the file's missing directories with 0755 and returns
// those it created, outermost first, for rmdirs (also on error: MkdirAll
// may have made some).
func (t *target) mkdirs() ([]string, error) {
	hint := "create " + t.dirDisplay() + " by hand or check its parent's permissions"
	if !t.confined {
		dir := t.dirDisplay()
		created := missingDirs(dir, os.Lstat)
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return created, &WriteError{Path: t.path, Op: "create directory", Err: err, Hint: hint}
		}
		if t.root == nil {
			root, err := os.OpenRoot(dir)
			if err != nil {
				return created, &WriteError{Path: t.path, Op: "open directory", Err: err, Hint: "check that " + dir + " is a directory you may read"}
			}
			t.root = root
		}
		return created, nil
	}
	created := missingDirs(t.dirRel(), t.root.Lstat)
	if err := t.root.MkdirAll(t.dirRel(), 0o755); err != nil {
		return created, t.escaped(err, "create directory", hint)
	}
	return created, nil
}

// rmdirs removes the directories mkdirs created, innermost first, when
// nothing was written after all: a failed command leaves no directory
// behind. A directory that is no longer empty (another writer's file) is
// kept.
func (t *target) rmdirs(created []string) {
	for i := len(created) - 1; i >= 0; i-- {
		if t.confined {
			t.root.Remove(created[i])
		} else {
			os.Remove(created[i])
		}
	}
}

// missingDirs returns dir and those of its parents that do not exist,
// outermost first.
func missingDirs(dir string, lstat func(string) (fs.FileInfo, error)) []string {
	var out []string
	for d := dir; ; {
		if _, err := lstat(d); !errors.Is(err, fs.ErrNotExist) {
			break
		}
		out = append([]string{d}, out...)
		p := filepath.Dir(d)
		if p == d {
			break
		}
		d = p
	}
	return out
}

// AbsPath makes path absolute from the physical working directory (the
// kernel's, which the project directory is given as), not from $PWD,
// which may name it through a symbolic link.
func AbsPath(path string) (string, error) {
	if filepath.IsAbs(path) {
		return filepath.Clean(path), nil
	}
	wd, err := syscall.Getwd()
	if err != nil {
		return "", err
	}
	return filepath.Join(wd, path), nil
}

func realPath(dir string) string {
	if r, err := filepath.EvalSymlinks(dir); err == nil {
		return r
	}
	return dir
}

// escaped wraps err, an error of an os.Root operation; one that a link
// swapped in since resolveWithin led out of the root is reported as such.
func (t *target) escaped(err error, op, hint string) error {
	if strings.Contains(err.Error(), "path escapes from parent") {
		oe := &OutsideError{Within: t.root.Name(), Resolved: t.display}
		return &WriteError{Path: t.path, Op: op, Err: fmt.Errorf("a symbolic link on the way leads outside the project %s (it changed while gh-hooks was writing)", t.root.Name()), Hint: outsideHint(oe)}
	}
	return &WriteError{Path: t.path, Op: op, Err: err, Hint: hint}
}

// resolveWithin returns the link-free path inside root (opened on dir) of
// path, following symbolic links as the kernel would, and an
// *OutsideError for the first link whose target leaves dir. Components
// past the first missing one are taken as they are: they will be created.
func resolveWithin(root *os.Root, dir, path string) (string, error) {
	// A relative path is relative to the working directory, as for any
	// file operation, not to dir.
	path, err := AbsPath(path)
	if err != nil {
		return "", err
	}
	if dir, err = AbsPath(dir); err != nil {
		return "", err
	}
	// The project's own real path: a path or an absolute link into the
	// project is inside whichever way it names it.
	realDir, _ := filepath.EvalSymlinks(dir)
	rel, err := filepath.Rel(dir, path)
	if err != nil || !filepath.IsLocal(rel) {
		rel, err = filepath.Rel(realDir, path)
		if realDir == "" || err != nil || !filepath.IsLocal(rel) {
			return "", &OutsideError{Within: dir, Resolved: path}
		}
	}
	todo := strings.Split(rel, string(filepath.Separator))
	var done []string // resolved components, no links, no ".."
	for links := 0; len(todo) > 0; {
		c := todo[0]
		todo = todo[1:]
		switch c {
		case "", ".":
			continue
		case "..":
			if len(done) == 0 {
				return "", &OutsideError{Within: dir, Resolved: filepath.Join(dir, filepath.Join(done...), "..")}
			}
			done = done[:len(done)-1]
			continue
		}
		cur := filepath.Join(append(done, c)...)
		fi, err := root.Lstat(cur)
		if err != nil {
			// Missing (or a file in the way): the rest is to be created,
			// and creating it reports any real problem.
			done = append(done, c)
			done = append(done, todo...)
			break
		}
		if fi.Mode()&fs.ModeSymlink == 0 {
			done = append(done, c)
			continue
		}
		if links++; links > 40 {
			return "", fmt.Errorf("too many levels of symbolic links")
		}
		link, err := root.Readlink(cur)
		if err != nil {
			return "", err
		}
		var next []string
		if filepath.IsAbs(link) {
			r, inside := "", false
			for _, d := range []string{dir, realDir} {
				if d == "" {
					continue
				}
				if x, err := filepath.Rel(d, link); err == nil && (x == "." || filepath.IsLocal(x)) {
					r, inside = x, true
					break
				}
			}
			if !inside {
				return "", &OutsideError{Within: dir, Link: filepath.Join(dir, cur), Target: link,
					Resolved: filepath.Join(append([]string{link}, todo...)...)}
			}
			done = nil
			next = strings.Split(r, string(filepath.Separator))
		} else {
			next = strings.Split(link, string(filepath.Separator))
			// Relative to the link's directory; a ".." past the root is
			// outside (checked as the components are taken).
			if escapes(done, next) {
				return "", &OutsideError{Within: dir, Link: filepath.Join(dir, cur), Target: link,
					Resolved: filepath.Join(append([]string{filepath.Join(dir, filepath.Join(done...)), link}, todo...)...)}
			}
		}
		todo = append(next, todo...)
	}
	out := filepath.Join(done...)
	if !filepath.IsLocal(out) {
		return "", &OutsideError{Within: dir, Resolved: filepath.Join(dir, out)}
	}
	return out, nil
}

// escapes reports whether the relative link target next, taken from the
// directory done (depth len(done) below the root), climbs above the root.
func escapes(done, next []string) bool {
	depth := len(done)
	for _, c := range next {
		switch c {
		case "", ".":
		case "..":
			if depth--; depth < 0 {
				return true
			}
		default:
			depth++
		}
	}
	return false
}

// read reads and parses the file, refusing what is not a regular file
// without blocking on it (see readOpen). A missing file returns an error
// that satisfies errors.Is(err, fs.ErrNotExist).
func (t *target) read(opts Options) (*Document, fs.FileInfo, error) {
	if t.root == nil {
		return nil, nil, fs.ErrNotExist
	}
	f, err := regfile.OpenIn(t.root, t.rel)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, nil, err
		}
		if strings.Contains(err.Error(), "path escapes from parent") {
			return nil, nil, t.escaped(err, "read", "")
		}
		if errors.Is(err, syscall.ENOTDIR) {
			return nil, nil, &WriteError{Path: t.path, Op: "read", Err: err, Hint: "a file stands where a directory should be: move it away"}
		}
		return nil, nil, readError(t.path, err)
	}
	defer f.Close()
	data, fi, err := readOpen(f, t.path)
	if err != nil {
		return nil, nil, err
	}
	d, err := Parse(t.path, data, opts)
	return d, fi, err
}

// lock takes the directory lock of the file (see lockDir).
func (t *target) lock(opts WriteOptions) (func(), error) {
	d, err := t.root.Open(t.dirRel())
	if err != nil {
		return nil, t.escaped(err, "lock", "check the permissions of "+t.dirDisplay())
	}
	unlock, err := lockDir(d, opts)
	if err != nil {
		d.Close()
		return nil, &WriteError{Path: t.path, Op: "lock", Err: err, Hint: lockHint(err, t.dirDisplay())}
	}
	return func() { unlock(); d.Close() }, nil
}

// LockDir takes the lock that Update and WriteFile take on the directory
// dir (which must exist), for a caller that reads and writes several files
// there as one change; its writes into dir pass WriteOptions.NoLock. The
// returned function releases it. Errors are *WriteError values.
func LockDir(dir string, opts WriteOptions) (func(), error) {
	d, err := os.Open(dir)
	if err != nil {
		return nil, &WriteError{Path: dir, Op: "lock", Err: err, Hint: "check the permissions of " + dir}
	}
	unlock, err := lockDir(d, opts)
	if err != nil {
		d.Close()
		return nil, &WriteError{Path: dir, Op: "lock", Err: err, Hint: lockHint(err, dir)}
	}
	return func() { unlock(); d.Close() }, nil
}

// staleTemp matches the temp files writeAtomic makes for a file named
// base: os.CreateTemp's "*" is a string of decimal digits.
func staleTemp(name, base string) bool {
	rest, ok := strings.CutPrefix(name, "."+base+".tmp-")
	return ok && rest != "" && strings.Trim(rest, "0123456789") == ""
}

// removeStaleTemps removes the temp files of this file that a killed
// writer left (up to the size of the file each). Called under the lock,
// which every writer holds from before it makes a temp file until after
// it renames or removes it, so no live writer's temp file is taken.
func (t *target) removeStaleTemps() {
	d, err := t.root.Open(t.dirRel())
	if err != nil {
		return
	}
	defer d.Close()
	names, _ := d.Readdirnames(-1)
	for _, n := range names {
		if !staleTemp(n, t.base()) {
			continue
		}
		p := filepath.Join(t.dirRel(), n)
		if fi, err := t.root.Lstat(p); err == nil && fi.Mode().IsRegular() {
			t.root.Remove(p)
		}
	}
}

// writable refuses a file or directory that the user may not write: a
// file with no write bit at all is read-only even for root (a deliberate
// marker, kept as before); otherwise access(2) decides, with the real
// permissions (owner, group, other, ACLs), since the rename needs the
// directory and the user's intent needs the file.
func (t *target) writable(fi fs.FileInfo) error {
	dir := t.dirDisplay()
	hint := "make it writable for you (chmod u+w " + shellword.Quote(dir) + ", or ask its owner), or run as a user who may write it"
	if di, err := t.root.Stat(t.dirRel()); err == nil && di.Mode().Perm()&0o222 == 0 {
		return &WriteError{Path: t.path, Op: "write", Err: fmt.Errorf("directory %s is %w (mode %04o)", dir, ErrReadOnly, di.Mode().Perm()), Hint: hint}
	}
	if err := accessWrite(filepath.Join(t.root.Name(), t.dirRel())); err != nil {
		return &WriteError{Path: t.path, Op: "write", Err: fmt.Errorf("directory %s is %w for you (%v)", dir, ErrReadOnly, err), Hint: hint}
	}
	if fi == nil {
		return nil
	}
	file := filepath.Join(t.root.Name(), t.rel)
	if fi.Mode().Perm()&0o222 == 0 {
		return &WriteError{Path: t.path, Op: "write", Err: fmt.Errorf("file is %w (mode %04o)", ErrReadOnly, fi.Mode().Perm()),
			Hint: "chmod u+w " + shellword.Quote(t.display) + " if you mean to change it"}
	}
	if err := accessWrite(file); err != nil {
		return &WriteError{Path: t.path, Op: "write", Err: fmt.Errorf("file is %w for you (%v; mode %04o%s)", ErrReadOnly, err, fi.Mode().Perm(), ownerOf(fi)),
			Hint: "ask its owner to let you write it, or run as a user who may"}
	}
	return nil
}

// write writes data to a synced temp file beside the file and renames it
// over the file, then syncs the directory so the rename is durable. The
// temp file gets perm and, when old (the file's FileInfo) is given, the
// old file's owner and group where the system allows it.
func (t *target) write(data []byte, perm fs.FileMode, old fs.FileInfo, opts WriteOptions) (err error) {
	var f *os.File
	var tmp string
	for range 100 {
		tmp = filepath.Join(t.dirRel(), "."+t.base()+".tmp-"+strconv.FormatUint(uint64(rand.Uint32()), 10))
		f, err = t.root.OpenFile(tmp, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o600)
		if !errors.Is(err, fs.ErrExist) {
			break
		}
	}
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			f.Close()
			t.root.Remove(tmp)
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
	keepOwner(f, old)
	if err := f.Sync(); err != nil {
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	if opts.beforeRename != nil {
		if err := opts.beforeRename(filepath.Join(t.root.Name(), tmp)); err != nil {
			return err
		}
	}
	if err := t.root.Rename(tmp, t.rel); err != nil {
		return err
	}
	// The new content is in place; a failed directory sync only weakens
	// durability across a power loss, so it is not reported.
	if d, err := t.root.Open(t.dirRel()); err == nil {
		d.Sync()
		d.Close()
	}
	return nil
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
