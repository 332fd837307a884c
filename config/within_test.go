package config

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"testing"
)

// TestReadWithin: a link that leads out of the directory is not followed
// (an *OutsideError names it and its target), a link inside is, a missing
// file is fs.ErrNotExist (issue 24 §4).
func TestReadWithin(t *testing.T) {
	dir := t.TempDir()
	repo, home := filepath.Join(dir, "repo"), filepath.Join(dir, "home")
	for _, d := range []string{filepath.Join(repo, "cmds"), home} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	secret := filepath.Join(home, "id_ed25519")
	must(t, os.WriteFile(secret, []byte("PRIVATE KEY"), 0o600))
	must(t, os.WriteFile(filepath.Join(repo, "cmds", "a.md"), []byte("hello"), 0o644))
	must(t, os.Symlink(secret, filepath.Join(repo, "cmds", "notes.md")))
	must(t, os.Symlink("a.md", filepath.Join(repo, "cmds", "alias.md")))
	must(t, os.Symlink(home, filepath.Join(repo, "out")))
	must(t, os.Symlink("../../home/id_ed25519", filepath.Join(repo, "cmds", "rel.md")))

	for _, name := range []string{"cmds/notes.md", "out/id_ed25519", "cmds/rel.md"} {
		data, err := ReadRegularWithin(filepath.Join(repo, name), repo)
		var oe *OutsideError
		if !errors.As(err, &oe) || data != nil {
			t.Errorf("%s: read %q, %v; want an *OutsideError", name, data, err)
			continue
		}
		if oe.Link == "" || oe.Target == "" {
			t.Errorf("%s: the error names no link: %+v", name, oe)
		}
		if _, err := ReadFileWithin(filepath.Join(repo, name), Options{}, repo); !errors.As(err, &oe) {
			t.Errorf("ReadFileWithin %s: %v; want an *OutsideError", name, err)
		}
		if err := CheckWithin(filepath.Join(repo, name), repo); !errors.As(err, &oe) {
			t.Errorf("CheckWithin %s: %v; want an *OutsideError", name, err)
		}
	}
	if data, err := ReadRegularWithin(filepath.Join(repo, "cmds", "alias.md"), repo); err != nil || string(data) != "hello" {
		t.Errorf("a link inside: %q, %v", data, err)
	}
	if _, err := ReadRegularWithin(filepath.Join(repo, "gone.md"), repo); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("missing: %v", err)
	}
	if data, err := ReadRegularWithin(filepath.Join(repo, "cmds", "notes.md"), ""); err != nil || string(data) != "PRIVATE KEY" {
		t.Errorf("unconfined: %q, %v", data, err)
	}
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}
