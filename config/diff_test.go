package config

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestDiff(t *testing.T) {
	tests := []struct {
		name     string
		old, new []byte
		want     string
	}{
		{"missing old file", nil, []byte("{}\n"),
			"--- /dev/null\n+++ b/.gemini/settings.json\n@@ -0,0 +1 @@\n+{}\n"},
		{"changed line", []byte("{\n  \"a\": 1\n}\n"), []byte("{\n  \"a\": 2\n}\n"),
			"--- a/.gemini/settings.json\n+++ b/.gemini/settings.json\n@@ -1,3 +1,3 @@\n {\n-  \"a\": 1\n+  \"a\": 2\n }\n"},
		{"no final newline", []byte("{\n  \"a\": 1\n}"), []byte("{\n  \"a\": 1,\n  \"b\": 2\n}"),
			"--- a/.gemini/settings.json\n+++ b/.gemini/settings.json\n@@ -1,3 +1,4 @@\n {\n-  \"a\": 1\n+  \"a\": 1,\n+  \"b\": 2\n }\n\\ No newline at end of file\n"},
		{"final newline added", []byte("{}"), []byte("{}\n"),
			"--- a/.gemini/settings.json\n+++ b/.gemini/settings.json\n@@ -1 +1 @@\n-{}\n\\ No newline at end of file\n+{}\n"},
		{"equal", []byte("{}\n"), []byte("{}\n"), ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, Diff(".gemini/settings.json", tt.old, tt.new)); diff != "" {
				t.Errorf("Diff (-want +got):\n%s", diff)
			}
		})
	}
}

// TestDiffQuotesPath: a directory name with a newline or an escape must not
// break the header line; git C-quotes such paths.
func TestDiffQuotesPath(t *testing.T) {
	tests := []struct {
		name, path, want string
	}{
		{"plain", "/p/.gemini/settings.json", "--- a/p/.gemini/settings.json\n+++ b/p/.gemini/settings.json\n"},
		{"newline and escape", "/we\x1b[31mird\nproj/s.json", "--- \"a/we\\033[31mird\\nproj/s.json\"\n+++ \"b/we\\033[31mird\\nproj/s.json\"\n"},
		{"quote and backslash", "/a\"b\\c/s.json", "--- \"a/a\\\"b\\\\c/s.json\"\n+++ \"b/a\\\"b\\\\c/s.json\"\n"},
		{"tab", "/a\tb/s.json", "--- \"a/a\\tb/s.json\"\n+++ \"b/a\\tb/s.json\"\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Diff(tt.path, []byte("1\n"), []byte("2\n"))
			got = got[:strings.Index(got, "@@")]
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("Diff headers (-want +got):\n%s", diff)
			}
		})
	}
}
