package fingerprint

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"hash"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/gh-hooks/gh-hooks/internal/regfile"
)

// Acknowledgements bind to content (issue 30 §5). Accepting that a hook's
// fingerprint does not cover something (Selection.AcceptNotCovered)
// records, with the approval, a digest of each project file or folder
// that the not-covered reasons leave out (Record.AcceptedContent):
//
//   - a package folder the follower does not enter (node_modules/foo):
//     its whole tree;
//   - a file whose code is not followed (past shellcmd.MaxFollow files
//     deep, larger than shellcmd.MaxFollowFile, past the code followed in
//     all, a language not modelled): its folder, one level, since what
//     such a file loads is most often beside it;
//   - a file too large to hash (ScriptTooLarge): its content.
//
// A tree digest is over the sorted entries' names, types and permission
// bits, link targets (links are never followed) and regular files'
// contents (a .git folder left out), read through the project's os.Root, at most maxAckEntries
// entries and maxAckBytes bytes; past a bound the digest says so, and the
// acknowledgement binds nothing more of that path. The audit computes the
// digests again for each approved hook whose acknowledgement it would
// honour: when one differs, the hook needs attention again (exit 3).

// Kinds of LeftOut.
const (
	leftTree = "tree"
	leftDir  = "dir"
	leftFile = "file"
)

// LeftOut is one project path a hook's not-covered reasons leave out, to
// whose content an acknowledgement binds.
type LeftOut struct {
	// Kind is "tree" (a folder, whole), "dir" (a folder, one level: the
	// neighbours of a file whose code is not followed) or "file" (a file
	// too large to hash).
	Kind string
	// Path is "./" + the project-relative slash path.
	Path string
}

type leftOut = LeftOut

// Left lists what h's not-covered reasons leave out, in order of first
// appearance.
func (h Hook) Left() []LeftOut { return h.left }

func (l leftOut) key() string { return l.Kind + " " + l.Path }

func addLeft(ls []leftOut, l leftOut) []leftOut {
	for _, x := range ls {
		if x == l {
			return ls
		}
	}
	return append(ls, l)
}

// Bounds of one digest of content an acknowledgement binds.
const (
	maxAckEntries = 10000
	maxAckBytes   = 256 << 20
	maxAckDepth   = 64
)

// ackUnbound is the digest of a path past the bounds: what it holds is
// not bound.
const ackUnbound = "unbound: more than 10000 entries or 256 MiB"

// ackContent is the digest of each path of left, by leftOut.key, read
// through root (nil: every path unreadable).
func ackContent(root *os.Root, left []leftOut) map[string]string {
	if len(left) == 0 {
		return nil
	}
	out := make(map[string]string, len(left))
	for _, l := range left {
		out[l.key()] = digestLeft(root, l)
	}
	return out
}

// digestLeft is the digest of one path left out: "sha256:<hex>", or a
// state ("missing", "unreadable", ackUnbound).
func digestLeft(root *os.Root, l leftOut) string {
	if root == nil {
		return string(ScriptUnreadable)
	}
	rel := filepath.FromSlash(strings.TrimPrefix(l.Path, "./"))
	if rel == "" {
		rel = "."
	}
	d := &treeDigest{root: root, h: sha256.New()}
	var err error
	switch l.Kind {
	case leftFile:
		err = d.file(rel)
	case leftDir:
		err = d.dir(rel, 1)
	default:
		err = d.dir(rel, maxAckDepth)
	}
	switch {
	case errors.Is(err, errAckBound):
		return ackUnbound
	case errors.Is(err, fs.ErrNotExist):
		return string(ScriptMissing)
	case err != nil:
		return string(ScriptUnreadable)
	}
	return "sha256:" + hex.EncodeToString(d.h.Sum(nil))
}

var errAckBound = errors.New("past the bounds of an acknowledgement's digest")

// treeDigest hashes a file or a tree in a canonical form: one record per
// entry, "path\x00type perm\x00target or content hash\n".
type treeDigest struct {
	root    *os.Root
	h       hash.Hash
	entries int
	bytes   int64
}

func (d *treeDigest) entry(rel string, fi fs.FileInfo, what string) error {
	d.entries++
	if d.entries > maxAckEntries {
		return errAckBound
	}
	fmt.Fprintf(d.h, "%s\x00%s %o\x00%s\n", filepath.ToSlash(rel), fi.Mode().Type(), fi.Mode().Perm(), what)
	return nil
}

// file hashes the regular file rel (its content) or records what it is.
func (d *treeDigest) file(rel string) error {
	fi, err := d.root.Lstat(rel)
	if err != nil {
		return err
	}
	what := ""
	switch {
	case fi.Mode()&fs.ModeSymlink != 0:
		if what, err = d.root.Readlink(rel); err != nil {
			return err
		}
	case fi.Mode().IsRegular():
		if what, err = d.content(rel); err != nil {
			return err
		}
	}
	return d.entry(rel, fi, what)
}

// content is the SHA-256 of the regular file rel, counted against
// maxAckBytes.
func (d *treeDigest) content(rel string) (string, error) {
	f, err := regfile.OpenIn(d.root, rel)
	if err != nil {
		return "", err
	}
	defer f.Close()
	if _, err := regfile.Stat(f, -1); err != nil {
		return "", err
	}
	h := sha256.New()
	n, err := io.Copy(h, io.LimitReader(f, maxAckBytes-d.bytes+1))
	d.bytes += n
	if err != nil {
		return "", err
	}
	if d.bytes > maxAckBytes {
		return "", errAckBound
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// dir hashes the folder rel and, depth levels down, what it holds: a
// level of 1 is its entries and their content, not what its subfolders
// hold.
func (d *treeDigest) dir(rel string, depth int) error {
	fi, err := d.root.Lstat(rel)
	if err != nil {
		return err
	}
	if !fi.IsDir() {
		return d.file(rel)
	}
	if err := d.entry(rel, fi, ""); err != nil {
		return err
	}
	if depth == 0 {
		return nil
	}
	f, err := regfile.OpenIn(d.root, rel)
	if err != nil {
		return err
	}
	names, err := f.Readdirnames(maxAckEntries + 1)
	f.Close()
	if err != nil && !errors.Is(err, io.EOF) {
		return err
	}
	if len(names) > maxAckEntries {
		return errAckBound
	}
	sort.Strings(names)
	for _, n := range names {
		if n == ".git" {
			continue // git's own state changes with every commit; Python and Node do not load code from it
		}
		sub := filepath.Join(rel, n)
		fi, err := d.root.Lstat(sub)
		if err != nil {
			return err
		}
		if fi.IsDir() {
			err = d.dir(sub, depth-1)
		} else {
			err = d.file(sub)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// ackHolds decides whether an approval's acknowledgement of what h's
// fingerprint does not cover still holds: it was made, and the content it
// bound is the same. changed names what differs.
func ackHolds(root func() *os.Root, was Record, h Hook) (ok bool, changed []string) {
	if !was.AcceptedNotCovered || len(h.NotCovered) == 0 {
		return false, nil
	}
	if len(h.left) == 0 && len(was.AcceptedContent) == 0 {
		return true, nil
	}
	changed = ackChanged(was.AcceptedContent, ackContent(root(), h.left))
	return len(changed) == 0, changed
}

// lazyRoot opens the project's root on first use.
func lazyRoot(dir string) (get func() *os.Root, done func()) {
	var r *os.Root
	opened := false
	return func() *os.Root {
			if !opened {
				opened = true
				r, _ = os.OpenRoot(dir)
			}
			return r
		}, func() {
			if r != nil {
				r.Close()
			}
		}
}

// ackChanged lists the paths whose digest differs from the acknowledged
// one (or that the acknowledgement did not record), sorted: what the
// accepted reasons leave out changed since they were accepted.
func ackChanged(was map[string]string, now map[string]string) []string {
	var out []string
	for k, v := range now {
		if w, ok := was[k]; !ok || w != v {
			_, p, _ := strings.Cut(k, " ")
			out = append(out, p)
		}
	}
	sort.Strings(out)
	return out
}
