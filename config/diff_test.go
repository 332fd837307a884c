package config

import (
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
