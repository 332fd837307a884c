package config

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/gh-hooks/gh-hooks/internal/testenv"
)

// TestNoDirectoryWithoutWrite: Update and WriteFile create a missing
// directory only for a write that happens. A refused edit, an edit that
// changes nothing and a write that fails (a full disk) leave the tree as
// it was, confined to a project or not; a write that happens creates the
// directories as before.
func TestNoDirectoryWithoutWrite(t *testing.T) {
	refuse := func(*Document) ([]byte, error) { return nil, errors.New("refused") }
	nothing := func(*Document) ([]byte, error) { return nil, nil }
	full := func(o *WriteOptions) { o.wrap = func(w io.Writer) io.Writer { return fullDisk{w, 3} } }
	tests := []struct {
		name    string
		fn      func(*Document) ([]byte, error)
		opts    func(*WriteOptions)
		file    bool // WriteFile instead of Update
		wantErr bool
	}{
		{name: "refused edit", fn: refuse, wantErr: true},
		{name: "edit that changes nothing", fn: nothing},
		{name: "dry run", fn: appendHook("a"), opts: func(o *WriteOptions) { o.DryRun = true }},
		{name: "full disk", fn: appendHook("a"), opts: full, wantErr: true},
		{name: "WriteFile on a full disk", file: true, opts: full, wantErr: true},
	}
	for _, tt := range tests {
		for _, confined := range []bool{false, true} {
			name := tt.name
			if confined {
				name += " within the project"
			}
			t.Run(name, func(t *testing.T) {
				project := t.TempDir()
				path := filepath.Join(project, ".gemini", "commands", "settings.json")
				var opts WriteOptions
				if confined {
					opts.Within = project
				}
				if tt.opts != nil {
					tt.opts(&opts)
				}
				before := testenv.Tree(t, project)
				var err error
				if tt.file {
					err = WriteFile(path, []byte("x = 1\n"), 0o644, opts)
				} else {
					_, err = Update(path, tt.fn, opts)
				}
				if (err != nil) != tt.wantErr {
					t.Fatalf("err = %v, want error: %v", err, tt.wantErr)
				}
				if diff := cmp.Diff(before, testenv.Tree(t, project)); diff != "" {
					t.Errorf("tree changed (-before +after):\n%s", diff)
				}
			})
		}
	}
}

// TestNewDirectoryForWrite: with the directory missing, Update calls fn a
// first time as a dry run and again under the lock, and the file and its
// directories are made.
func TestNewDirectoryForWrite(t *testing.T) {
	for _, confined := range []bool{false, true} {
		project := t.TempDir()
		path := filepath.Join(project, ".gemini", "settings.json")
		var opts WriteOptions
		if confined {
			opts.Within = project
		}
		calls := 0
		ch, err := Update(path, func(d *Document) ([]byte, error) {
			calls++
			return appendHook("a")(d)
		}, opts)
		if err != nil {
			t.Fatal(err)
		}
		if !ch.Written || calls != 2 {
			t.Errorf("confined=%v: written=%v after %d calls of fn, want true after 2", confined, ch.Written, calls)
		}
		if diff := cmp.Diff([]string{"a"}, hookNames(t, path)); diff != "" {
			t.Errorf("hooks (-want +got):\n%s", diff)
		}
		if err := WriteFile(filepath.Join(project, ".gemini", "commands", "x.toml"), []byte("x = 1\n"), 0o644, opts); err != nil {
			t.Fatal(err)
		}
		if _, err := os.Stat(filepath.Join(project, ".gemini", "commands", "x.toml")); err != nil {
			t.Error(err)
		}
	}
}
