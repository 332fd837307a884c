package headless

import (
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
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
		return copyFile(p, target, info.Mode().Perm())
	})
	return skipped, err
}

func copyFile(src, dst string, perm fs.FileMode) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	fi, err := in.Stat()
	if err != nil {
		return err
	}
	if !fi.Mode().IsRegular() { // replaced by something else since the walk
		return nil
	}
	out, err := os.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_EXCL, perm)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, io.LimitReader(in, maxCopyBytes)); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}
