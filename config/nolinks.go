package config

import (
	"errors"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/gh-hooks/gh-hooks/internal/regfile"
)

// LinkError is a write that WriteNoLinks refused because a component of
// the path is a symbolic link (dangling or not, leading anywhere), or the
// path leaves the directory.
type LinkError struct {
	// Dir is the directory the write is confined to, Path the path as
	// given.
	Dir, Path string
	// Link is the component that is a link (Dir-relative), Target what it
	// holds; both "" when Path leaves Dir without a link ("../x", "/x").
	Link, Target string
}

func (e *LinkError) Error() string {
	if e.Link == "" {
		return fmt.Sprintf("%s is outside %s", e.Path, e.Dir)
	}
	return fmt.Sprintf("%s: %s is a symbolic link (to %s): not written through", e.Path, e.Link, e.Target)
}

// WriteNoLinks writes data to path, which must lie inside dir, creating
// the folders on the way (0o755) and replacing the file atomically (a
// temporary file renamed over it), without following any symbolic link:
// a component that is a link, to anywhere, dangling or not, is refused
// with a *LinkError, and so is a path that leaves dir. For files that a
// repository's layout decides and a CI runner writes (the GitHub Action's
// SARIF log): a planted link must not make the runner write
// ~/.bash_profile or another checkout's files. Every step goes through an
// os.Root on dir, so a link swapped in after the check still cannot lead
// out of it, and the temporary file is created with O_EXCL (which a link in its
// place fails too).
func WriteNoLinks(dir, path string, data []byte, perm fs.FileMode) error {
	rel := path
	if filepath.IsAbs(path) {
		r, err := filepath.Rel(dir, path)
		if err != nil {
			return &LinkError{Dir: dir, Path: path}
		}
		rel = r
	}
	rel = filepath.Clean(rel)
	if !filepath.IsLocal(rel) {
		return &LinkError{Dir: dir, Path: path}
	}
	root, err := os.OpenRoot(dir)
	if err != nil {
		return err
	}
	defer root.Close()
	parts := strings.Split(rel, string(filepath.Separator))
	for i := range parts {
		so := filepath.Join(parts[:i+1]...)
		last := i == len(parts)-1
		// The components before so were seen to be directories, not
		// links, so the root's Lstat looks at so itself.
		fi, err := root.Lstat(so)
		switch {
		case errors.Is(err, fs.ErrNotExist) && last:
		case errors.Is(err, fs.ErrNotExist):
			if err := root.Mkdir(so, 0o755); err != nil && !errors.Is(err, fs.ErrExist) {
				return err
			}
		case err != nil:
			return err
		case fi.Mode()&fs.ModeSymlink != 0:
			target, _ := root.Readlink(so)
			return &LinkError{Dir: dir, Path: path, Link: so, Target: target}
		case !last && !fi.IsDir():
			return fmt.Errorf("%s: %s is not a directory", path, so)
		case last && !fi.Mode().IsRegular():
			return fmt.Errorf("%s is not a regular file (%s)", path, regfile.Kind(fi.Mode()))
		}
	}
	cur := root
	if len(parts) > 1 {
		// Opened through the root: a link swapped in since the check
		// cannot lead out of it.
		if cur, err = root.OpenRoot(filepath.Join(parts[:len(parts)-1]...)); err != nil {
			return err
		}
		defer cur.Close()
	}
	name := parts[len(parts)-1]
	tmp := "." + name + ".tmp-" + strconv.FormatUint(rand.Uint64(), 10)
	f, err := cur.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL, perm)
	if err != nil {
		return err
	}
	_, werr := f.Write(data)
	if cerr := f.Close(); werr == nil {
		werr = cerr
	}
	if werr != nil {
		cur.Remove(tmp)
		return werr
	}
	// rename(2) replaces a link swapped in at name, never what it points at.
	if err := cur.Rename(tmp, name); err != nil {
		cur.Remove(tmp)
		return err
	}
	return nil
}
