package headless

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/gh-hooks/gh-hooks/internal/regfile"
)

// Bounds of CopyProject: a project bigger than this is refused rather
// than copied.
const (
	maxCopyFiles = 5000
	maxCopyBytes = 200 << 20
)

// CopyProject copies the regular files and directories of src into dst
// (which must exist), so that a write tool can run for real without
// touching the project. Symbolic links and special files are not copied
// (a link could lead out of the project), nor .git and node_modules. It
// returns what it left out; it fails when the project is too big.
func CopyProject(src, dst string) (skipped []string, err error) {
	// Files are opened through a root on src and without blocking
	// (internal/regfile), so that a file swapped for a link out of the
	// project or a FIFO after the walk saw it is neither followed nor
	// waited on.
	root, err := os.OpenRoot(src)
	if err != nil {
		return nil, err
	}
	defer root.Close()
	files, size := 0, int64(0)
	err = filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(src, p)
		if err != nil || rel == "." {
			return err
		}
		target := filepath.Join(dst, rel)
		switch {
		case d.IsDir() && (d.Name() == ".git" || d.Name() == "node_modules"):
			skipped = append(skipped, rel)
			return filepath.SkipDir
		case d.IsDir():
			return os.Mkdir(target, 0o755)
		case !d.Type().IsRegular():
			skipped = append(skipped, rel)
			return nil
		}
		files++
		if files > maxCopyFiles {
			return fmt.Errorf("more than %d files: too big to copy for a real run", maxCopyFiles)
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		size += info.Size()
		if size > maxCopyBytes {
			return fmt.Errorf("more than %d MiB: too big to copy for a real run", maxCopyBytes>>20)
		}
		copied, err := copyFile(root, rel, target, info.Mode().Perm())
		if err == nil && !copied {
			skipped = append(skipped, rel)
		}
		return err
	})
	return skipped, err
}

// copyFile copies the file rel of root to dst; copied is false when it is
// no longer a regular file inside root (swapped since the walk).
func copyFile(root *os.Root, rel, dst string, perm fs.FileMode) (copied bool, err error) {
	in, err := regfile.OpenIn(root, rel)
	if err != nil {
		return false, nil // gone, or a link that leads out of the project now
	}
	defer in.Close()
	if _, err := regfile.Stat(in, maxCopyBytes); err != nil {
		var nr *regfile.NotRegularError
		if errors.As(err, &nr) {
			return false, nil
		}
		return false, err
	}
	out, err := os.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_EXCL, perm)
	if err != nil {
		return false, err
	}
	if _, err := regfile.Copy(out, in, maxCopyBytes); err != nil {
		out.Close()
		return false, err
	}
	return true, out.Close()
}
