package layers

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestReadManifest(t *testing.T) {
	tests := []struct {
		name, manifest string // "" for no file
		wantName       string
		code, msg      string
		line, col      int
	}{
		{name: "valid", manifest: `{"name": "guard-2", "version": "1.0.0"}`, wantName: "guard-2"},
		{name: "numbers are truthy and stringified", manifest: `{"name": 5, "version": 1}`, wantName: "5"},
		{name: "missing", code: "extension-manifest-missing", msg: "Gemini skips this extension: Configuration file not found at DIR/gemini-extension.json", line: 1, col: 1},
		{name: "comments", manifest: "{\n// x\n\"name\": \"a\", \"version\": \"1\"}", code: "extension-manifest-invalid", line: 2, col: 1},
		{name: "no name", manifest: `{"version": "1"}`, code: "extension-manifest-invalid", msg: `Gemini skips this extension: missing "name"`, line: 1, col: 1},
		{name: "empty version", manifest: `{"name": "a", "version": ""}`, code: "extension-manifest-invalid", msg: `Gemini skips this extension: missing "version"`, line: 1, col: 15},
		{name: "bad name", manifest: `{"name": "a_b", "version": "1"}`, code: "extension-manifest-invalid",
			msg: `Gemini skips this extension: invalid extension name "a_b": only letters (a-z, A-Z), numbers (0-9) and dashes (-) are allowed`, line: 1, col: 2},
		{name: "not an object", manifest: `[]`, code: "extension-manifest-invalid", msg: `Gemini skips this extension: missing "name": the manifest is not an object`, line: 1, col: 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			if tt.manifest != "" {
				if err := os.WriteFile(filepath.Join(dir, ManifestFile), []byte(tt.manifest), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			doc, name, p := ReadManifest(dir)
			if tt.code == "" {
				if p != nil || doc == nil || name != tt.wantName {
					t.Fatalf("got %q, %+v; want %q", name, p, tt.wantName)
				}
				return
			}
			if p == nil {
				t.Fatalf("no problem, want %s", tt.code)
			}
			got := [3]any{p.Code, p.Line, p.Column}
			if diff := cmp.Diff([3]any{tt.code, tt.line, tt.col}, got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
			if msg := filepathReplace(Skipped(*p).Message, dir); tt.msg != "" && msg != tt.msg {
				t.Errorf("message %q, want %q", msg, tt.msg)
			}
			if p.Severity != "warning" || p.Hint == "" {
				t.Errorf("severity %s, hint %q", p.Severity, p.Hint)
			}
		})
	}
}

func filepathReplace(s, dir string) string { return strings.ReplaceAll(s, dir, "DIR") }

func TestExtensionName(t *testing.T) {
	for in, want := range map[string]string{"my_plugin": "my-plugin", "My Plugin!": "My-Plugin", "--a--b--": "a-b", "___": "", "ok-1": "ok-1", "é": ""} {
		if got := ExtensionName(in); got != want {
			t.Errorf("ExtensionName(%q) = %q, want %q", in, got, want)
		}
	}
}
