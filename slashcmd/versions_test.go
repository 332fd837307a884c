package slashcmd

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/gh-hooks/gh-hooks/gemini"
)

// TestUntrustedFolderByRelease: in an untrusted folder 0.61 loads user
// commands only; 0.60 loads no command file (gemini-versions.md §2 row 4,
// FileCommandLoader.loadCommands). The zero Features are 0.61's.
func TestUntrustedFolderByRelease(t *testing.T) {
	root := t.TempDir()
	for _, f := range []string{"home/.gemini/commands/mine.toml", "project/.gemini/commands/theirs.toml", "ext/commands/x.toml"} {
		p := filepath.Join(root, f)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(`prompt = "p"`), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	tests := []struct {
		name      string
		features  gemini.Features
		untrusted bool
		want      map[string]Status
	}{
		{"0.60 untrusted", gemini.For(gemini.Version{Major: 0, Minor: 60}), true,
			map[string]Status{"mine": StatusUntrusted, "theirs": StatusUntrusted, "x": StatusUntrusted}},
		{"0.61 untrusted", gemini.For(gemini.Version{Major: 0, Minor: 61}), true,
			map[string]Status{"mine": StatusLoaded, "theirs": StatusUntrusted, "x": StatusUntrusted}},
		{"zero features untrusted", gemini.Features{}, true,
			map[string]Status{"mine": StatusLoaded, "theirs": StatusUntrusted, "x": StatusUntrusted}},
		{"0.60 trusted", gemini.For(gemini.Version{Major: 0, Minor: 60}), false,
			map[string]Status{"mine": StatusLoaded, "theirs": StatusLoaded, "x": StatusLoaded}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l := Discover(Options{Home: filepath.Join(root, "home"), Project: filepath.Join(root, "project"),
				Extensions: []Extension{{Name: "e", Dir: filepath.Join(root, "ext")}}, Untrusted: tt.untrusted, Gemini: tt.features})
			got := map[string]Status{}
			for _, c := range l.Commands {
				got[c.BaseName] = c.Status
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("(-want +got)\n%s", diff)
			}
		})
	}
}
