package layers

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestUpperProject: started in a subdirectory, Gemini loads no project
// hooks; the settings file with hooks above it is found up to the
// repository root, and not past it.
func TestUpperProject(t *testing.T) {
	root := t.TempDir()
	repo, home := filepath.Join(root, "repo"), filepath.Join(root, "home")
	sub := filepath.Join(repo, "a", "b")
	for _, d := range []string{filepath.Join(repo, ".git"), filepath.Join(repo, ".gemini"), sub, home} {
		os.MkdirAll(d, 0o755)
	}
	os.WriteFile(filepath.Join(repo, ".gemini", "settings.json"), []byte(`{"hooks": {"BeforeTool": [{"hooks": [
		{"type": "command", "command": "a"}, {"type": "command", "command": "b"}]}]}}`), 0o644)
	load := func(dir string) *Set {
		s, err := Load(Options{ProjectDir: dir, Env: MapEnv(map[string]string{"HOME": home,
			"GEMINI_CLI_SYSTEM_SETTINGS_PATH": filepath.Join(root, "none", "settings.json")})})
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	want := &Upper{Dir: repo, Path: filepath.Join(repo, ".gemini", "settings.json"), Hooks: 2}
	if d := cmp.Diff(want, UpperProject(load(sub))); d != "" {
		t.Errorf("from %s (-want +got):\n%s", sub, d)
	}
	// The repository's own root has its hooks: nothing above to name.
	if u := UpperProject(load(repo)); u != nil {
		t.Errorf("from the repository root: %+v, want nil", u)
	}
	// A nested repository stops the walk.
	os.MkdirAll(filepath.Join(sub, ".git"), 0o755)
	if u := UpperProject(load(sub)); u != nil {
		t.Errorf("from a nested repository: %+v, want nil", u)
	}
}
