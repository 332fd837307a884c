package merge

import "testing"

// TestInvalidUTF8Names checks the name, command and key Gemini sees for a
// hook whose name and command hold bytes that are not UTF-8: Gemini reads
// the file as UTF-8 with Node's decoder, one U+FFFD per maximal invalid
// subpart. The expected strings are what the oracle's effective.mjs
// printed for this file (entries[0].name, .config.command, .key); the key
// is what Gemini's trusted_hooks.json and hooksConfig.disabled match.
func TestInvalidUTF8Names(t *testing.T) {
	files := map[string]string{"W": "{\"hooks\": {\"BeforeTool\": [{\"hooks\": [{\"type\": \"command\", \"name\": \"n\xe2\x82A\", \"command\": \"echo \xff\xfe x \xf0\x9f\x98\"}]}]}}"}
	_, r := loadSpecCase(t, specCase{name: "invalid UTF-8", files: files})
	if len(r.Hooks) != 1 {
		t.Fatalf("%d hooks, want 1", len(r.Hooks))
	}
	h := r.Hooks[0]
	for _, c := range []struct{ what, got, want string }{
		{"name", h.Name, "n\uFFFDA"},
		{"command", h.ExpandedCommand, "echo \uFFFD\uFFFD x \uFFFD"},
		{"key", h.Key, "n\uFFFDA:echo \uFFFD\uFFFD x \uFFFD"},
	} {
		if c.got != c.want {
			t.Errorf("%s = %q, want %q", c.what, c.got, c.want)
		}
	}
}
