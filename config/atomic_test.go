package config

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestWriteFileAtomic(t *testing.T) {
	tests := []struct {
		name string
		// setup prepares dir and returns the path to write.
		setup func(t *testing.T, dir string) string
		// check is the file that must hold the data afterwards.
		check    string
		wantPerm fs.FileMode
	}{
		{name: "new file in new directories", check: "a/b/c.toml", wantPerm: 0o640,
			setup: func(t *testing.T, dir string) string { return filepath.Join(dir, "a", "b", "c.toml") }},
		{name: "existing file keeps its mode", check: "x.toml", wantPerm: 0o600,
			setup: func(t *testing.T, dir string) string {
				p := filepath.Join(dir, "x.toml")
				if err := os.WriteFile(p, []byte("old = 1\n"), 0o600); err != nil {
					t.Fatal(err)
				}
				return p
			}},
		{name: "symbolic link writes its target", check: "real.toml", wantPerm: 0o644,
			setup: func(t *testing.T, dir string) string {
				if err := os.WriteFile(filepath.Join(dir, "real.toml"), []byte("old"), 0o644); err != nil {
					t.Fatal(err)
				}
				link := filepath.Join(dir, "link.toml")
				if err := os.Symlink("real.toml", link); err != nil {
					t.Skip("symbolic links unavailable:", err)
				}
				return link
			}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			path := tt.setup(t, dir)
			data := []byte("prompt = '''\nhi\n'''\n")
			if err := WriteFileAtomic(path, data, 0o640); err != nil {
				t.Fatal(err)
			}
			got, err := os.ReadFile(filepath.Join(dir, tt.check))
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(string(data), string(got)); diff != "" {
				t.Errorf("content (-want +got):\n%s", diff)
			}
			fi, err := os.Stat(filepath.Join(dir, tt.check))
			if err != nil {
				t.Fatal(err)
			}
			if runtime.GOOS != "windows" && fi.Mode().Perm() != tt.wantPerm {
				t.Errorf("mode = %v, want %v", fi.Mode().Perm(), tt.wantPerm)
			}
			// No temp file is left behind.
			ents, _ := os.ReadDir(filepath.Dir(filepath.Join(dir, tt.check)))
			for _, e := range ents {
				if filepath.Ext(e.Name()) != ".toml" {
					t.Errorf("left behind: %s", e.Name())
				}
			}
		})
	}
}

func TestWriteFileAtomicError(t *testing.T) {
	dir := t.TempDir()
	// A regular file where a directory is needed.
	blocker := filepath.Join(dir, "f")
	if err := os.WriteFile(blocker, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	err := WriteFileAtomic(filepath.Join(blocker, "x.toml"), []byte("x"), 0o644)
	var we *WriteError
	if !errors.As(err, &we) {
		t.Fatalf("err = %v, want a *WriteError", err)
	}
	if diff := cmp.Diff([]string{filepath.Join(blocker, "x.toml"), "create directory"}, []string{we.Path, we.Op}); diff != "" {
		t.Errorf("path, op (-want +got):\n%s", diff)
	}
}
