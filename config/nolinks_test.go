package config

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gh-hooks/gh-hooks/internal/testenv"
)

// TestWriteNoLinks: every way a repository's layout can lead a write
// through a link (the file, a folder on the way; dangling or not; to
// outside or inside) is refused and writes nothing anywhere; a plain
// path is written, folders created, an old file replaced.
func TestWriteNoLinks(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, path string
		plant      func(ws, out string) error
		link       string // the refused link, "" for a plain refusal
		wantErr    bool
		msg        string // in the error, when not ""
	}{
		{name: "plain new file in new folders", path: "a/b/x.sarif"},
		{name: "replaces a file", path: "x.sarif", plant: func(ws, _ string) error { return os.WriteFile(filepath.Join(ws, "x.sarif"), []byte("old"), 0o644) }},
		{name: "file is a link out", path: "x.sarif", link: "x.sarif", wantErr: true,
			plant: func(ws, out string) error {
				return os.Symlink(filepath.Join(out, "victim"), filepath.Join(ws, "x.sarif"))
			}},
		{name: "file is a dangling link out", path: "x.sarif", link: "x.sarif", wantErr: true,
			plant: func(ws, out string) error {
				return os.Symlink(filepath.Join(out, ".bash_profile"), filepath.Join(ws, "x.sarif"))
			}},
		{name: "file is a link inside", path: "x.sarif", link: "x.sarif", wantErr: true,
			plant: func(ws, _ string) error { return os.Symlink("other", filepath.Join(ws, "x.sarif")) }},
		{name: "folder is a link out", path: "r/x.sarif", link: "r", wantErr: true,
			plant: func(ws, out string) error { return os.Symlink(out, filepath.Join(ws, "r")) }},
		{name: "deeper folder is a relative link out", path: "r/s/x.sarif", link: filepath.Join("r", "s"), wantErr: true,
			plant: func(ws, _ string) error {
				if err := os.Mkdir(filepath.Join(ws, "r"), 0o755); err != nil {
					return err
				}
				return os.Symlink("../../out", filepath.Join(ws, "r", "s"))
			}},
		{name: "folder is a dangling link", path: "r/x.sarif", link: "r", wantErr: true,
			plant: func(ws, out string) error { return os.Symlink(filepath.Join(out, "nope"), filepath.Join(ws, "r")) }},
		{name: "dot-dot", path: "../out/x.sarif", wantErr: true},
		{name: "absolute outside", path: "OUT/x.sarif", wantErr: true},
		{name: "a FIFO", path: "p", wantErr: true, msg: "p is not a regular file (a named pipe (FIFO))", plant: func(ws, _ string) error { return testenv.Mkfifo(filepath.Join(ws, "p"), 0o644) }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			base := t.TempDir()
			ws, out := filepath.Join(base, "ws"), filepath.Join(base, "out")
			for _, d := range []string{ws, out} {
				if err := os.Mkdir(d, 0o755); err != nil {
					t.Fatal(err)
				}
			}
			victim := filepath.Join(out, "victim")
			if err := os.WriteFile(victim, []byte("secret"), 0o600); err != nil {
				t.Fatal(err)
			}
			if tc.plant != nil {
				if err := tc.plant(ws, out); errors.Is(err, errors.ErrUnsupported) {
					t.Skip(err)
				} else if err != nil {
					t.Fatal(err)
				}
			}
			path := tc.path
			if path == "OUT/x.sarif" {
				path = filepath.Join(out, "x.sarif")
			}
			err := WriteNoLinks(ws, path, []byte("new"), 0o644)
			if tc.wantErr {
				if err == nil {
					t.Fatalf("WriteNoLinks(%s) wrote through", tc.path)
				}
				var le *LinkError
				if tc.link != "" && (!errors.As(err, &le) || le.Link != tc.link) {
					t.Errorf("err = %v; want a *LinkError naming %s", err, tc.link)
				}
				if !strings.Contains(err.Error(), tc.msg) {
					t.Errorf("err = %v; want %q", err, tc.msg)
				}
			} else if err != nil {
				t.Fatal(err)
			} else if b, err := os.ReadFile(filepath.Join(ws, path)); err != nil || string(b) != "new" {
				t.Errorf("read back %q, %v", b, err)
			}
			// Nothing outside: the victim intact, nothing created.
			if b, _ := os.ReadFile(victim); string(b) != "secret" {
				t.Errorf("victim = %q", b)
			}
			ents, _ := os.ReadDir(out)
			if len(ents) != 1 {
				t.Errorf("outside holds %d entries; want the victim only", len(ents))
			}
			// No temporary file left behind in the workspace.
			filepath.WalkDir(ws, func(p string, d os.DirEntry, err error) error {
				if d != nil && len(d.Name()) > 5 && d.Name()[0] == '.' {
					t.Errorf("left %s", p)
				}
				return nil
			})
		})
	}
}
