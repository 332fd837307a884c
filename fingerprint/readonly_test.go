package fingerprint

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/gh-hooks/gh-hooks/config"
	"github.com/gh-hooks/gh-hooks/internal/testenv"
	"github.com/gh-hooks/gh-hooks/merge"
)

// TestRevokePruneReadOnlyStore: revoke and prune refuse a read-only
// gh-hooks store (trust.json, or its directory) before the lock, as
// approve does, with the file and the fix, and leave the home exactly as
// it was; Gemini's trusted_hooks.json, which neither writes, may be
// read-only. A revoke or prune that changes nothing creates nothing, not
// even the store's directory.
func TestRevokePruneReadOnlyStore(t *testing.T) {
	hooks := []merge.Hook{hk("BeforeTool", 0, 0, "fmt", "echo fmt")}
	revoke := func(o Options) error { _, err := Revoke(o, Selection{All: true}, false); return err }
	prune := func(o Options) error { _, _, err := Prune(o.Home, false); return err }
	store := func(home string) string { return StorePath(home) }
	storeDir := func(home string) string { return filepath.Dir(StorePath(home)) }
	gemini := func(home string) string { return GeminiStorePath(home) }
	tests := []struct {
		name string
		run  func(Options) error
		// readOnly is the file or directory made read-only (nil: none).
		readOnly func(home string) string
		// approve: the project's hooks are approved first; gone: so are
		// those of a project that is then removed.
		approve, gone bool
		// want is the error ("" for none), with HOME for the home.
		want string
	}{
		{name: "revoke, read-only trust.json", run: revoke, readOnly: store, approve: true,
			want: "HOME/.gemini/gh-hooks/trust.json: cannot write: file is read-only; nothing was written"},
		{name: "revoke, read-only store directory", run: revoke, readOnly: storeDir, approve: true,
			want: "HOME/.gemini/gh-hooks/trust.json: cannot write: directory HOME/.gemini/gh-hooks is read-only; nothing was written"},
		{name: "prune, read-only trust.json", run: prune, readOnly: store, gone: true,
			want: "HOME/.gemini/gh-hooks/trust.json: cannot write: file is read-only; nothing was written"},
		{name: "prune, read-only store directory", run: prune, readOnly: storeDir, gone: true,
			want: "HOME/.gemini/gh-hooks/trust.json: cannot write: directory HOME/.gemini/gh-hooks is read-only; nothing was written"},
		{name: "prune with nothing to drop, read-only store directory", run: prune, readOnly: storeDir, approve: true},
		{name: "revoke with nothing approved creates no store", run: revoke},
		{name: "prune with no store creates none", run: prune},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			home, p := newProject(t)
			o := Options{Home: home, Project: p, Hooks: hooks}
			if tt.approve {
				mustApprove(t, o)
			}
			if tt.gone {
				_, p2 := newProject(t)
				mustApprove(t, Options{Home: home, Project: p2, Hooks: hooks})
				if err := os.RemoveAll(p2.Dir); err != nil {
					t.Fatal(err)
				}
			}
			if tt.readOnly != nil {
				ro := tt.readOnly(home)
				fi, err := os.Stat(ro)
				if err != nil {
					t.Fatal(err)
				}
				if err := os.Chmod(ro, fi.Mode().Perm()&^0o222); err != nil {
					t.Fatal(err)
				}
				t.Cleanup(func() { os.Chmod(ro, fi.Mode().Perm()) })
			}
			before := testenv.Tree(t, home)
			err := tt.run(o)
			got := ""
			if err != nil {
				got = strings.ReplaceAll(err.Error(), home, "HOME")
			}
			if got != tt.want {
				t.Errorf("error %q, want %q", got, tt.want)
			}
			var we *config.WriteError
			if tt.want != "" && (!errors.Is(err, config.ErrReadOnly) || !errors.As(err, &we) || !strings.HasPrefix(we.Hint, "make it writable (chmod u+w ")) {
				t.Errorf("%v: not a read-only *config.WriteError with the chmod hint", err)
			}
			if diff := cmp.Diff(before, testenv.Tree(t, home)); diff != "" {
				t.Errorf("home changed (-before +after):\n%s", diff)
			}
		})
	}

	// Gemini's store is neither read nor written by revoke: read-only,
	// it does not stop the revoke, and stays as it was.
	t.Run("revoke, read-only trusted_hooks.json", func(t *testing.T) {
		home, p := newProject(t)
		o := Options{Home: home, Project: p, Hooks: hooks}
		mustApprove(t, o)
		before, err := os.ReadFile(gemini(home))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.Chmod(gemini(home), 0o444); err != nil {
			t.Fatal(err)
		}
		if err := revoke(o); err != nil {
			t.Fatal(err)
		}
		if after, _ := os.ReadFile(gemini(home)); string(after) != string(before) {
			t.Errorf("trusted_hooks.json changed to %q", after)
		}
		if r := mustAudit(t, o); r.Unapproved != 1 {
			t.Errorf("after revoke: %d unapproved, want 1", r.Unapproved)
		}
	})
}
