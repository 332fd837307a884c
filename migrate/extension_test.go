package migrate

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// writeTree creates files (path → content) under dir.
func writeTree(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for p, c := range files {
		full := filepath.Join(dir, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(c), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func TestPluginManifest(t *testing.T) {
	tests := []struct {
		name, plugin string // plugin.json content; "" for none
		want         Manifest
		notes        []string
		err          string
	}{
		{name: "full", plugin: `{"name": "guard", "version": "2.0.0", "description": "d", "author": {"name": "x"}}`,
			want: Manifest{Name: "guard", Version: "2.0.0", Description: "d"}},
		{name: "name made valid", plugin: `{"name": "my_guard v2", "version": "1"}`,
			want:  Manifest{Name: "my-guard-v2", Version: "1"},
			notes: []string{`extension name "my-guard-v2" made from "my_guard v2": Gemini allows only letters, digits and dashes`}},
		{name: "no version", plugin: `{"name": "g"}`,
			want:  Manifest{Name: "g", Version: "1.0.0"},
			notes: []string{"the plugin has no version: 1.0.0 written (Gemini requires one)"}},
		{name: "no plugin.json: named after the extension directory", want: Manifest{Name: "ext-dir", Version: "1.0.0"},
			notes: []string{`the plugin has no name in PLUGIN/.claude-plugin/plugin.json: the extension is named after "ext.dir"`,
				`extension name "ext-dir" made from "ext.dir": Gemini allows only letters, digits and dashes`,
				"the plugin has no version: 1.0.0 written (Gemini requires one)"}},
		{name: "no name can be made", plugin: `{"name": "___"}`, err: `"___" cannot be made into a Gemini extension name`},
		{name: "broken plugin.json", plugin: `{"name": `, err: "plugin.json:1:"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			if tt.plugin != "" {
				writeTree(t, dir, map[string]string{".claude-plugin/plugin.json": tt.plugin})
			}
			got, notes, err := PluginManifest(dir, "ext.dir")
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Fatalf("err = %v, want %q", err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			for i := range notes {
				notes[i] = strings.ReplaceAll(notes[i], dir, "PLUGIN")
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("manifest (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.notes, notes); diff != "" {
				t.Errorf("notes (-want +got):\n%s", diff)
			}
		})
	}
	if got := string((Manifest{Name: "a", Version: "1"}).Bytes()); got != "{\n  \"name\": \"a\",\n  \"version\": \"1\"\n}\n" {
		t.Errorf("Bytes = %q", got)
	}
}

func TestFindPluginFiles(t *testing.T) {
	tree := map[string]string{
		"run.py":                     "print(1)",
		"scripts/guard.sh":           "exit 0",
		"scripts/lib/common.sh":      "x=1",
		"hooks/helper.sh":            "exit 0",
		"hooks/hooks.json":           "{}",
		"bin/tool":                   "exit 0",
		"README.md":                  "not started by any hook",
		"other/unrelated.sh":         "exit 0",
		".claude-plugin/plugin.json": "{}",
	}
	tests := []struct {
		name    string
		hooks   string
		files   []string
		missing []string
		skipped []string
		unknown bool
	}{
		{name: "a script pulls its top-level directory",
			hooks: `{"hooks": {"PreToolUse": [{"hooks": [{"type": "command", "command": "${CLAUDE_PLUGIN_ROOT}/scripts/guard.sh"}]}]}}`,
			files: []string{"scripts/guard.sh", "scripts/lib/common.sh", "scripts/link.sh"}, skipped: []string{"scripts/out.sh"}},
		{name: "a started link out of the plugin is not followed",
			hooks:   `{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "${CLAUDE_PLUGIN_ROOT}/bin/out"}]}]}}`,
			files:   []string{"bin/tool"},
			missing: []string{"bin/out"}},
		{name: "interpreter, exec form, root file, hooks dir without hooks.json",
			hooks: `{"hooks": {"Stop": [{"hooks": [
				{"type": "command", "command": "python3", "args": ["${CLAUDE_PLUGIN_ROOT}/run.py"]},
				{"type": "command", "command": "bash \"$CLAUDE_PLUGIN_ROOT/hooks/helper.sh\""}]}]}}`,
			files: []string{"hooks/helper.sh", "run.py"}},
		{name: "project and PATH files are not the plugin's",
			hooks: `{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "./x.sh && jq . && \"$CLAUDE_PROJECT_DIR\"/.claude/y.sh"}]}]}}`},
		{name: "a missing script",
			hooks:   `{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "${CLAUDE_PLUGIN_ROOT}/scripts/gone.sh"}]}]}}`,
			missing: []string{"scripts/gone.sh"}},
		{name: "a dropped event needs nothing",
			hooks: `{"hooks": {"PermissionRequest": [{"hooks": [{"type": "command", "command": "${CLAUDE_PLUGIN_ROOT}/scripts/gone.sh"}]}]}}`},
		{name: "a computed path is unknown",
			hooks:   `{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "bash ${CLAUDE_PLUGIN_ROOT}/$X"}]}]}}`,
			unknown: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			plugin := filepath.Join(dir, "plug")
			writeTree(t, plugin, tree)
			writeTree(t, dir, map[string]string{"outside.sh": "exit 0"})
			for link, to := range map[string]string{"scripts/link.sh": "guard.sh", "scripts/out.sh": filepath.Join(dir, "outside.sh"), "bin/out": filepath.Join(dir, "outside.sh")} {
				if err := os.Symlink(to, filepath.Join(plugin, link)); err != nil {
					t.Fatal(err)
				}
			}
			writeTree(t, dir, map[string]string{"hooks.json": tt.hooks})
			s, err := LoadSettings(filepath.Join(dir, "hooks.json"))
			if err != nil {
				t.Fatal(err)
			}
			s.Kind, s.Dir = KindPlugin, plugin
			got, err := FindPluginFiles([]*Source{s}, plugin, filepath.Join(dir, "project"))
			if err != nil {
				t.Fatal(err)
			}
			var files, missing []string
			for _, f := range got.Files {
				files = append(files, filepath.ToSlash(f.Path))
				if real, _ := filepath.EvalSymlinks(filepath.Join(plugin, f.Path)); f.Source != real {
					t.Errorf("source %s, want it under the plugin", f.Source)
				}
			}
			for _, m := range got.Missing {
				rel, _ := filepath.Rel(plugin, m.Path)
				missing = append(missing, filepath.ToSlash(rel))
			}
			if diff := cmp.Diff(tt.files, files); diff != "" {
				t.Errorf("files (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.missing, missing); diff != "" {
				t.Errorf("missing (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.skipped, got.Skipped); diff != "" {
				t.Errorf("skipped (-want +got):\n%s", diff)
			}
			if (len(got.Unknown) > 0) != tt.unknown {
				t.Errorf("unknown = %q, want some: %v", got.Unknown, tt.unknown)
			}
		})
	}
}

// A SubagentStop hook merges only into a Stop hook that is migrated.
func TestSubagentStopMergesOnlyIntoMigratedStop(t *testing.T) {
	tests := []struct {
		name, hooks string
		want        []string // fates in order
		merged      int      // SubagentStop hooks merged into Stop's
		defs        int      // definitions written
	}{
		{name: "same command", want: []string{"migrated", "migrated-with-changes"}, merged: 1, defs: 1,
			hooks: `{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "n.sh"}]}], "SubagentStop": [{"hooks": [{"type": "command", "command": "n.sh"}]}]}}`},
		{name: "same command and args", want: []string{"migrated-with-changes", "migrated-with-changes"}, merged: 1, defs: 1,
			hooks: `{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "n.sh", "args": ["a"]}]}], "SubagentStop": [{"hooks": [{"type": "command", "command": "n.sh", "args": ["a"]}]}]}}`},
		{name: "other args", want: []string{"migrated-with-changes", "migrated-with-changes"}, defs: 2,
			hooks: `{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "n.sh", "args": ["a"]}]}], "SubagentStop": [{"hooks": [{"type": "command", "command": "n.sh", "args": ["b"]}]}]}}`},
		{name: "Stop dropped for its if", want: []string{"dropped", "migrated-with-changes"}, defs: 1,
			hooks: `{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "n.sh", "if": "Bash(x)"}]}], "SubagentStop": [{"hooks": [{"type": "command", "command": "n.sh"}]}]}}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := filepath.Join(t.TempDir(), "settings.json")
			writeTree(t, filepath.Dir(p), map[string]string{"settings.json": tt.hooks})
			s, err := LoadSettings(p)
			if err != nil {
				t.Fatal(err)
			}
			res := Convert(Target{Kind: TargetSettings}, []*Source{s}, nil, Options{})
			var fates []string
			merged := 0
			for _, it := range res.Report.Items {
				fates = append(fates, string(it.Fate))
				if strings.Contains(strings.Join(it.Changes, ";"), "merged into the AfterAgent hook") {
					merged++
				}
			}
			if diff := cmp.Diff(tt.want, fates); diff != "" {
				t.Errorf("fates (-want +got):\n%s", diff)
			}
			defs := 0
			for _, e := range res.Desired {
				defs += len(e.Definitions)
			}
			if merged != tt.merged || defs != tt.defs {
				t.Errorf("merged %d, definitions %d; want %d, %d", merged, defs, tt.merged, tt.defs)
			}
		})
	}
}
