package pathlook

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestFind(t *testing.T) {
	root := t.TempDir()
	mk := func(rel string, mode os.FileMode) string {
		p := filepath.Join(root, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("#!/bin/sh\n"), mode); err != nil {
			t.Fatal(err)
		}
		return p
	}
	plain := mk("plain/tool", 0o644) // not executable: skipped
	exe := mk("bin/tool", 0o755)
	rel := mk("proj/local/tool", 0o755)
	if err := os.MkdirAll(filepath.Join(root, "dir/tool"), 0o755); err != nil { // a folder: skipped
		t.Fatal(err)
	}
	if err := os.Symlink(exe, filepath.Join(root, "link-tool")); err != nil {
		t.Fatal(err)
	}
	list := func(ds ...string) string { return strings.Join(ds, string(filepath.ListSeparator)) }
	for _, tt := range []struct {
		name, path, dir, want string
	}{
		{"tool", list(filepath.Dir(plain), filepath.Join(root, "dir"), filepath.Join(root, "bin")), "", exe},
		{"tool", list("local", filepath.Join(root, "bin")), filepath.Join(root, "proj"), rel},
		{"tool", list("", filepath.Join(root, "bin")), filepath.Join(root, "proj", "local"), rel},
		{"link-tool", root, "", filepath.Join(root, "link-tool")},
		{"tool", filepath.Dir(plain), "", ""},
		{"missing", list(filepath.Join(root, "bin")), "", ""},
		{"tool", strings.Repeat(filepath.Dir(plain)+string(filepath.ListSeparator), MaxDirs) + filepath.Join(root, "bin"), root, ""}, // past MaxDirs
	} {
		if got := Find(tt.name, tt.path, tt.dir); got != tt.want {
			t.Errorf("Find(%q, %.60q, %q) = %q, want %q", tt.name, tt.path, tt.dir, got, tt.want)
		}
	}
}
