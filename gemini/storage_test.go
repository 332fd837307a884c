package gemini

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestSlugify(t *testing.T) {
	tests := []struct{ in, want string }{
		{"my-project", "my-project"},
		{"My Project!", "my-project"},
		{"--a__b--", "a-b"},
		{"日本", "project"},
		{"", "project"},
	}
	for _, tt := range tests {
		if got := slugify(tt.in); got != tt.want {
			t.Errorf("slugify(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestPlansDir: the registry's id for the project when it has one, else
// the slug of the folder's name.
func TestPlansDir(t *testing.T) {
	home := t.TempDir()
	os.MkdirAll(filepath.Join(home, ".gemini"), 0o755)
	os.WriteFile(filepath.Join(home, ".gemini", "projects.json"), []byte(`{"projects": {"/w/known": "known-7"}}`), 0o644)
	got := []string{PlansDir(home, "/w/known", "s"), PlansDir(home, "/w/New Thing", "s"), ProjectTempDir(PlansDir(home, "/w/known", "s"))}
	want := []string{filepath.Join(home, ".gemini", "tmp", "known-7", "s", "plans"), filepath.Join(home, ".gemini", "tmp", "new-thing", "s", "plans"),
		filepath.Join(home, ".gemini", "tmp", "known-7")}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
}
