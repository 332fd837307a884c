package layers

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/gh-hooks/gh-hooks/gemini"
)

func install(t *testing.T, v string) *gemini.Install {
	t.Helper()
	in, err := gemini.Detect(func(k string) string {
		if k == gemini.OverrideEnv {
			return v
		}
		return ""
	})
	if err != nil {
		t.Fatal(err)
	}
	return in
}

// TestVersionedRules checks each row of gemini.Table that layers applies,
// at the release before the change and at its first release
// (gemini-versions.md §2 rows 1, 2, 3 and 5).
func TestVersionedRules(t *testing.T) {
	type got struct {
		Trusted       bool
		Source        string
		SystemLoaded  bool
		FoldersInHome bool
	}
	tests := []struct {
		name    string
		version string
		env     []string
		want    got
	}{
		// Row 1: GEMINI_CLI_TRUST_WORKSPACE=false counts from 0.57; the
		// folder is trusted by trustedFolders.json.
		{"trust-workspace-false/0.56", "0.56.0", []string{"GEMINI_CLI_TRUST_WORKSPACE", "false"}, got{true, "file", true, true}},
		{"trust-workspace-false/0.57", "0.57.0", []string{"GEMINI_CLI_TRUST_WORKSPACE", "false"}, got{false, "env", true, true}},
		// Row 2: GEMINI_RESTRICTED_MODE=true counts (first) from 0.59.
		{"restricted/0.58", "0.58.0", []string{"GEMINI_RESTRICTED_MODE", "true", "GEMINI_CLI_TRUST_WORKSPACE", "true"}, got{true, "env", true, true}},
		{"restricted/0.59", "0.59.0", []string{"GEMINI_RESTRICTED_MODE", "true", "GEMINI_CLI_TRUST_WORKSPACE", "true"}, got{false, "env", true, true}},
		{"restricted-alone/0.58", "0.58.0", []string{"GEMINI_RESTRICTED_MODE", "true"}, got{true, "file", true, true}},
		// Row 3: a system file under a temp dir loads before 0.60 only.
		{"system-file/0.59", "0.59.0", nil, got{true, "file", true, true}},
		{"system-file/0.60", "0.60.0", nil, got{true, "file", false, true}},
		// Row 5: trustedFolders.json moves under .cache in a sandbox from
		// 0.61 (the rule in ~/.gemini no longer counts).
		{"sandbox/0.60", "0.60.0", []string{"SANDBOX", "sandbox-exec"}, got{true, "file", false, true}},
		{"sandbox/0.61", "0.61.0", []string{"SANDBOX", "sandbox-exec"}, got{false, "default", false, false}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := tree(t, map[string]string{
				"etc/settings.json":       `{"hooks": {}}`,
				"p/.gemini/settings.json": `{}`,
			})
			real, _ := filepath.EvalSymlinks(dir)
			if err := os.MkdirAll(filepath.Join(dir, "home/.gemini"), 0o755); err != nil {
				t.Fatal(err)
			}
			rule := `{"` + filepath.Join(real, "p") + `": "TRUST_FOLDER"}`
			if err := os.WriteFile(filepath.Join(dir, "home/.gemini/trustedFolders.json"), []byte(rule), 0o644); err != nil {
				t.Fatal(err)
			}
			env := baseEnv(dir, tt.env...)
			s, err := Load(Options{ProjectDir: filepath.Join(dir, "p"), Env: MapEnv(env), Gemini: install(t, tt.version)})
			if err != nil {
				t.Fatal(err)
			}
			g := got{Trusted: s.Trust.Trusted, Source: s.Trust.Source, SystemLoaded: s.Settings(System).Loaded,
				FoldersInHome: s.Paths.TrustedFolders == filepath.Join(dir, "home", ".gemini", "trustedFolders.json")}
			if diff := cmp.Diff(tt.want, g); diff != "" {
				t.Errorf("(-want +got)\n%s\nwhy: %s", diff, s.Trust.Why)
			}
		})
	}
}
