package config

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestParseErrorThroughLinkNamesKindOnly: every JSON syntax error of a
// file reached through a symbolic link (the file, or a folder on the way)
// gives its position and kind, never the bytes it met; the same file
// read directly keeps the parser's words.
func TestParseErrorThroughLinkNamesKindOnly(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ data, kind string }{
		{"ghpSECRETtokenvalue\n", "invalid literal"},
		{`{"a": ghpSECRET}`, "invalid literal"},
		{`{"a": 1 ghpSECRET}`, "invalid character"},
		{`{"ghpSECRET": `, "unexpected end of input"},
		{"{\"a\": 1} ghpSECRET", "invalid character"},
	} {
		dir, err := filepath.EvalSymlinks(t.TempDir()) // macOS: /var -> /private/var
		if err != nil {
			t.Fatal(err)
		}
		real := filepath.Join(dir, "real")
		if err := os.Mkdir(real, 0o755); err != nil {
			t.Fatal(err)
		}
		file := filepath.Join(real, "secret.json")
		if err := os.WriteFile(file, []byte(tc.data), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(file, filepath.Join(dir, "link.json")); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(real, filepath.Join(dir, "folder")); err != nil {
			t.Fatal(err)
		}
		for _, p := range []string{filepath.Join(dir, "link.json"), filepath.Join(dir, "folder", "secret.json")} {
			_, err := ReadFile(p, Options{})
			pe, ok := err.(*ParseError)
			if !ok {
				t.Fatalf("%q via %s: err = %v", tc.data, p, err)
			}
			if strings.Contains(pe.Msg, "ghpSECRET") || !strings.Contains(pe.Msg, tc.kind+" (the text is not shown") || pe.Line != 1 {
				t.Errorf("%q via %s: %d:%d %s; want the kind %q at a position, no bytes", tc.data, p, pe.Line, pe.Column, pe.Msg, tc.kind)
			}
		}
		if _, err := ReadFile(file, Options{}); err == nil || strings.Contains(err.Error(), "not shown") {
			t.Errorf("%q read directly: %v; want the parser's own words", tc.data, err)
		}
	}
}
