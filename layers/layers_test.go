package layers

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// tree writes files (relative path -> content) under a temp dir.
func tree(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for p, c := range files {
		full := filepath.Join(dir, p)
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(c), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func baseEnv(dir string, extra ...string) map[string]string {
	env := map[string]string{
		"HOME":                            filepath.Join(dir, "home"),
		"GEMINI_CLI_HOME":                 filepath.Join(dir, "home"),
		"GEMINI_CLI_SYSTEM_SETTINGS_PATH": filepath.Join(dir, "etc", "settings.json"),
	}
	for i := 0; i+1 < len(extra); i += 2 {
		env[extra[i]] = extra[i+1]
	}
	return env
}

func TestResolvePaths(t *testing.T) {
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, "p"), 0o755)
	p := ResolvePaths(filepath.Join(dir, "p"), MapEnv(map[string]string{
		"HOME": "/ignored", "GEMINI_CLI_HOME": filepath.Join(dir, "h"),
		"GEMINI_CLI_SYSTEM_SETTINGS_PATH": "/a/b/s.json",
	}))
	want := Paths{
		Home: filepath.Join(dir, "h"), User: filepath.Join(dir, "h", ".gemini", "settings.json"),
		Project: filepath.Join(dir, "p", ".gemini", "settings.json"), ProjectDir: filepath.Join(dir, "p"),
		System: "/a/b/s.json", SystemDefaults: "/a/b/system-defaults.json", // follows the override (spec §9.1 case 32)
		TrustedFolders: filepath.Join(dir, "h", ".gemini", "trustedFolders.json"),
		TrustedHooks:   filepath.Join(dir, "h", ".gemini", "trusted_hooks.json"),
		ExtensionsDir:  filepath.Join(dir, "h", ".gemini", "extensions"),
	}
	if d := cmp.Diff(want, p); d != "" {
		t.Errorf("paths (-want +got):\n%s", d)
	}
	// project == home: no project layer (spec §9.1 case 33).
	p = ResolvePaths(filepath.Join(dir, "h"), MapEnv(map[string]string{"GEMINI_CLI_HOME": filepath.Join(dir, "h")}))
	if !p.ProjectIsHome || p.Project != "" {
		t.Errorf("project == home: got ProjectIsHome=%v Project=%q", p.ProjectIsHome, p.Project)
	}
}

func TestTrust(t *testing.T) {
	tests := []struct {
		name    string
		files   map[string]string
		env     []string
		trusted bool
		source  string
		fatal   bool
		// recheck: the project file is merged although the folder ends
		// up untrusted (recheckTrust).
		recheck bool
		why     string // a substring of Trust.Why, when given
	}{
		{name: "default is untrusted", source: "default"},
		{name: "env true", env: []string{"GEMINI_CLI_TRUST_WORKSPACE", "true"}, trusted: true, source: "env"},
		{name: "env false beats folder trust off",
			files: map[string]string{"home/.gemini/settings.json": `{"security":{"folderTrust":{"enabled":false}}}`},
			env:   []string{"GEMINI_CLI_TRUST_WORKSPACE", "false"}, source: "env"},
		{name: "restricted mode", env: []string{"GEMINI_RESTRICTED_MODE", "true", "GEMINI_CLI_TRUST_WORKSPACE", "true"}, source: "env"},
		{name: "folder trust off in user settings",
			files:   map[string]string{"home/.gemini/settings.json": `{"security":{"folderTrust":{"enabled":false}}}`},
			trusted: true, source: "setting"},
		{name: "the workspace cannot switch folder trust off",
			files:  map[string]string{"proj/.gemini/settings.json": `{"security":{"folderTrust":{"enabled":false}}}`},
			source: "default"},
		{name: "TRUST_FOLDER rule",
			files:   map[string]string{"home/.gemini/trustedFolders.json": `{"@/proj": "TRUST_FOLDER"}`},
			trusted: true, source: "file"},
		{name: "TRUST_PARENT covers siblings",
			files:   map[string]string{"home/.gemini/trustedFolders.json": `{"@/other": "TRUST_PARENT"}`},
			trusted: true, source: "file"},
		{name: "longest rule wins",
			files:  map[string]string{"home/.gemini/trustedFolders.json": `{"@": "TRUST_FOLDER", "@/proj": "DO_NOT_TRUST"}`},
			source: "file"},
		// Gemini normalises rules as it loads them (spec §1.6): found by
		// comparing random trustedFolders.json files with the oracle.
		{name: "rules that normalise alike collapse, the later winning",
			files:   map[string]string{"home/.gemini/trustedFolders.json": `{"@/other/../proj": "DO_NOT_TRUST", "@/./proj": "TRUST_FOLDER"}`},
			trusted: true, source: "file"},
		{name: "the longest match is measured on the normalised rule",
			files:  map[string]string{"home/.gemini/trustedFolders.json": `{"@/./././././.": "TRUST_FOLDER", "@/proj": "DO_NOT_TRUST"}`},
			source: "file"},
		{name: "a relative rule resolves against the project directory",
			files:   map[string]string{"home/.gemini/trustedFolders.json": `{".": "TRUST_FOLDER"}`},
			trusted: true, source: "file"},
		{name: "an empty rule is the project directory",
			files:  map[string]string{"home/.gemini/trustedFolders.json": `{"": "DO_NOT_TRUST", "@": "TRUST_FOLDER"}`},
			source: "file"},
		// The hook registry decides trust again with the merged settings,
		// project file included (found with the oracle).
		{name: "a project file turns folder trust back on",
			files: map[string]string{"home/.gemini/settings.json": `{"security":{"folderTrust":{"enabled":false}}}`,
				"proj/.gemini/settings.json": `{"security":{"folderTrust":{"enabled":true}}}`},
			source: "default", recheck: true},
		{name: "the second decision follows trustedFolders.json",
			files: map[string]string{"home/.gemini/settings.json": `{"security":{"folderTrust":{"enabled":false}}}`,
				"proj/.gemini/settings.json":       `{"security":{"folderTrust":{"enabled":true}}}`,
				"home/.gemini/trustedFolders.json": `{"@/proj": "TRUST_FOLDER"}`},
			trusted: true, source: "file"},
		{name: "the second decision is fatal on a broken trustedFolders.json",
			files: map[string]string{"home/.gemini/settings.json": `{"security":{"folderTrust":{"enabled":false}}}`,
				"proj/.gemini/settings.json":       `{"security":{"folderTrust":{"enabled":true}}}`,
				"home/.gemini/trustedFolders.json": `{"@/proj": "YES"}`},
			source: "file", fatal: true, recheck: true},
		{name: "the system file outranks the project in the second decision",
			files: map[string]string{"home/.gemini/settings.json": `{"security":{"folderTrust":{"enabled":false}}}`,
				"proj/.gemini/settings.json": `{"security":{"folderTrust":{"enabled":true}}}`,
				"etc/settings.json":          `{"security":{"folderTrust":{"enabled":false}}}`},
			env:     []string{InsecureSystemEnv, "1"},
			trusted: true, source: "setting"},
		{name: "a project security that is null switches folder trust back on",
			files: map[string]string{"home/.gemini/settings.json": `{"security":{"folderTrust":{"enabled":false}}}`,
				"proj/.gemini/settings.json": `{"security": null}`},
			source: "default", recheck: true, why: "the project file sets security, and Gemini's hook registry decides trust again"},
		{name: "a project folderTrust that is not an object replaces the user's",
			files: map[string]string{"home/.gemini/settings.json": `{"security":{"folderTrust":{"enabled":false}}}`,
				"proj/.gemini/settings.json": `{"security": {"folderTrust": "x"}}`},
			source: "default", recheck: true, why: "the project file sets security.folderTrust, and"},
		{name: "a project enabled null is undefined, and folder trust is on",
			files: map[string]string{"home/.gemini/settings.json": `{"security":{"folderTrust":{"enabled":false}}}`,
				"proj/.gemini/settings.json": `{"security": {"folderTrust": {"enabled": null}}}`},
			source: "default", recheck: true},
		{name: "an empty project folderTrust keeps the user's setting",
			files: map[string]string{"home/.gemini/settings.json": `{"security":{"folderTrust":{"enabled":false}}}`,
				"proj/.gemini/settings.json": `{"security": {"folderTrust": {}}}`},
			trusted: true, source: "setting"},
		{name: "a system security that is null replaces the user's setting in the first decision",
			files: map[string]string{"home/.gemini/settings.json": `{"security":{"folderTrust":{"enabled":false}}}`,
				"etc/settings.json": `{"security": null}`},
			env:    []string{InsecureSystemEnv, "1"},
			source: "default"},
		{name: "env beats the second decision",
			files: map[string]string{"home/.gemini/settings.json": `{"security":{"folderTrust":{"enabled":false}}}`,
				"proj/.gemini/settings.json": `{"security":{"folderTrust":{"enabled":true}}}`},
			env:     []string{"GEMINI_CLI_TRUST_WORKSPACE", "true"},
			trusted: true, source: "env"},
		{name: "invalid level is fatal",
			files: map[string]string{"home/.gemini/trustedFolders.json": `{"@/proj": "YES"}`},
			fatal: true, source: "file"},
		{name: "broken file is fatal",
			files: map[string]string{"home/.gemini/trustedFolders.json": `{"@/proj": `},
			fatal: true, source: "file"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			files := map[string]string{"proj/.keep": ""}
			for k, v := range tt.files {
				files[k] = v
			}
			for p, c := range files {
				full := filepath.Join(dir, p)
				os.MkdirAll(filepath.Dir(full), 0o755)
				os.WriteFile(full, []byte(strings.ReplaceAll(c, "@", dir)), 0o644)
			}
			set, err := Load(Options{ProjectDir: filepath.Join(dir, "proj"), Env: MapEnv(baseEnv(dir, tt.env...))})
			if err != nil {
				t.Fatal(err)
			}
			got := []any{set.Trust.Trusted, set.Trust.Source, set.Fatal()}
			if d := cmp.Diff([]any{tt.trusted, tt.source, tt.fatal}, got); d != "" {
				t.Errorf("trusted/source/fatal (-want +got):\n%s\nwhy: %s", d, set.Trust.Why)
			}
			if tt.fatal && (len(set.Problems) == 0 || set.Problems[0].Code != "trusted-folders-invalid" && set.Problems[0].Code != "parse-error") {
				t.Errorf("want a trustedFolders problem, got %+v", set.Problems)
			}
			proj := set.Settings(Project)
			if proj.Exists && proj.Loaded != (set.Trust.Trusted || tt.recheck) {
				t.Errorf("project loaded = %v with trusted = %v", proj.Loaded, set.Trust.Trusted)
			}
			if !strings.Contains(set.Trust.Why, tt.why) {
				t.Errorf("why: %s\nwant it to contain %q", set.Trust.Why, tt.why)
			}
			if tt.recheck && !tt.fatal {
				var codes []string
				for _, p := range set.Problems {
					codes = append(codes, p.Code)
				}
				if !slices.Contains(codes, "project-enables-folder-trust") {
					t.Errorf("problems %v, want project-enables-folder-trust", codes)
				}
			}
		})
	}
}

func TestParseErrorIsFatalEvenUntrusted(t *testing.T) {
	dir := tree(t, map[string]string{"proj/.gemini/settings.json": "{\"a\": 1,}"})
	set, err := Load(Options{ProjectDir: filepath.Join(dir, "proj"), Env: MapEnv(baseEnv(dir))})
	if err != nil {
		t.Fatal(err)
	}
	if !set.Fatal() || len(set.Problems) != 1 {
		t.Fatalf("want one fatal problem, got fatal=%v %+v", set.Fatal(), set.Problems)
	}
	p := set.Problems[0]
	if p.Code != "trailing-comma" || p.Line != 1 || p.Column != 8 || !strings.Contains(p.Message, "refuses to start") {
		t.Errorf("problem = %+v", p)
	}
}

func TestSystemFileUnderTmpIsSkipped(t *testing.T) {
	// t.TempDir lives under a world-writable /tmp, so Gemini 0.61 skips it.
	dir := tree(t, map[string]string{"etc/settings.json": `{"hooks": {}}`, "proj/.keep": ""})
	if CheckSecure(filepath.Join(dir, "etc", "settings.json")) == "" {
		t.Skip("skipping: the temp dir is root-owned and not group/other-writable here")
	}
	set, _ := Load(Options{ProjectDir: filepath.Join(dir, "proj"), Env: MapEnv(baseEnv(dir))})
	sys := set.Settings(System)
	if sys.Loaded || !strings.Contains(sys.Reason, "skips this system file") {
		t.Errorf("system layer: loaded=%v reason=%q", sys.Loaded, sys.Reason)
	}
	if len(set.Problems) == 0 || set.Problems[0].Code != "system-file-skipped" {
		t.Errorf("problems = %+v", set.Problems)
	}
	// The test escape hatch loads it.
	set, _ = Load(Options{ProjectDir: filepath.Join(dir, "proj"), Env: MapEnv(baseEnv(dir, InsecureSystemEnv, "1"))})
	if !set.Settings(System).Loaded {
		t.Errorf("with %s=1 the system file should load", InsecureSystemEnv)
	}
}

func TestEnablementRules(t *testing.T) {
	tests := []struct {
		rules []string
		dir   string
		want  bool
	}{
		{nil, "/home/u/p", true},
		{[]string{"!/home/u/*"}, "/home/u/p", false},
		{[]string{"!/home/u/*"}, "/home/uv/p", true},
		{[]string{"!/home/u/*", "/home/u/p/*"}, "/home/u/p", true},
		{[]string{"!/home/u/p/"}, "/home/u/p", false},
		{[]string{"!/home/u/p"}, "/home/u/p", true}, // no trailing slash or star: never matches
		{[]string{"!*"}, "/anything", false},
	}
	for _, tt := range tests {
		e := enablement{"x": tt.rules}
		if got, _ := e.enabled("x", tt.dir); got != tt.want {
			t.Errorf("rules %q on %s: enabled = %v, want %v", tt.rules, tt.dir, got, tt.want)
		}
	}
}

func TestExtensionHooksHydrated(t *testing.T) {
	dir := tree(t, map[string]string{
		"home/.gemini/extensions/e1/gemini-extension.json":  `{"name": "e1", "version": "1.0.0", "settings": [{"name": "k", "envVar": "API_KEY"}]}`,
		"home/.gemini/extensions/e1/hooks/hooks.json":       `{"hooks": {"SessionStart": [{"hooks": [{"type": "command", "command": "node ${extensionPath}${/}s.js ${workspacePath} ${HOME}"}]}]}}`,
		"home/.gemini/extensions/e1/.env":                   "API_KEY=secret\n",
		"home/.gemini/extensions/bad/gemini-extension.json": `{"name": "bad name", "version": "1"}`,
		"proj/.keep": "",
	})
	set, _ := Load(Options{ProjectDir: filepath.Join(dir, "proj"), Env: MapEnv(baseEnv(dir))})
	var ext *Layer
	for _, l := range set.Layers {
		if l.Kind == Extension {
			if ext != nil {
				t.Fatalf("two extension layers; the invalid manifest must be skipped")
			}
			ext = l
		}
	}
	if ext == nil || !ext.Loaded || ext.Extension != "e1" {
		t.Fatalf("extension layer = %+v", ext)
	}
	extDir := filepath.Join(dir, "home", ".gemini", "extensions", "e1")
	cmd := ext.Root.Lookup("/hooks/SessionStart/0/hooks/0/command").Str
	want := "node " + extDir + "/s.js " + filepath.Join(dir, "proj") + " ${HOME}"
	if cmd != want {
		t.Errorf("hydrated command = %q, want %q", cmd, want)
	}
	if d := cmp.Diff([][2]string{{"API_KEY", "secret"}}, ext.ExtEnv); d != "" {
		t.Errorf("extension env (-want +got):\n%s", d)
	}
}

// TestUserHome: a hook's $HOME is the environment's HOME, which
// GEMINI_CLI_HOME (Gemini's own home, Paths.Home) does not move.
func TestUserHome(t *testing.T) {
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, "p"), 0o755)
	s, err := Load(Options{ProjectDir: filepath.Join(dir, "p"), Env: MapEnv(map[string]string{
		"HOME": filepath.Join(dir, "u"), "GEMINI_CLI_HOME": filepath.Join(dir, "h"),
		"GEMINI_CLI_SYSTEM_SETTINGS_PATH": filepath.Join(dir, "none", "settings.json"),
	})})
	if err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff([]string{filepath.Join(dir, "u"), filepath.Join(dir, "h")}, []string{s.UserHome(), s.Paths.Home}); d != "" {
		t.Errorf("UserHome, Paths.Home (-want +got):\n%s", d)
	}
}
