package config

import (
	"encoding/base64"
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"testing"
)

// knownGeminiReadDifferences are the recorded inputs whose value gh-hooks
// does not reproduce, and why: a string that no real settings file holds,
// and that does not change which hooks load or run.
var knownGeminiReadDifferences = map[string]string{
	// A JavaScript string can hold a lone surrogate; a Go string decoded
	// from JSON holds U+FFFD instead.
	"lone_surrogate": "a lone \\ud800 escape becomes U+FFFD",
}

// TestGeminiRead replays testdata/gemini-read: edge-case settings files,
// and what Gemini CLI 0.61.0's reader (UTF-8 decoding, strip-json-comments,
// JSON.parse, an object root) made of each, recorded by record.cjs with the
// real packages. Parse must accept exactly the files Gemini accepts and
// build the same value, keys in JavaScript's order: Node.Stringify of the
// tree must be JSON.stringify(value, null, 2) of Gemini's value.
func TestGeminiRead(t *testing.T) {
	var inputs map[string]string
	var expected map[string]struct {
		OK    bool   `json:"ok"`
		Value string `json:"value"`
		Error string `json:"error"`
	}
	for file, v := range map[string]any{"inputs.json": &inputs, "expected.json": &expected} {
		data, err := os.ReadFile(filepath.Join("testdata", "gemini-read", file))
		if err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(data, v); err != nil {
			t.Fatalf("%s: %v", file, err)
		}
	}
	if len(inputs) != len(expected) || len(inputs) < 70 {
		t.Fatalf("%d inputs, %d expectations: re-record with record.cjs", len(inputs), len(expected))
	}
	names := make([]string, 0, len(inputs))
	for name := range inputs {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		in, err := base64.StdEncoding.DecodeString(inputs[name])
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		want, ok := expected[name]
		if !ok {
			t.Fatalf("%s: no expectation: re-record with record.cjs", name)
		}
		d, err := Parse(name+".json", in, Options{})
		if (err == nil) != want.OK {
			t.Errorf("%s %q: Gemini accepts = %v (%s), gh-hooks: %v", name, in, want.OK, want.Error, err)
			continue
		}
		if err != nil {
			continue
		}
		got := d.Root.Stringify()
		if why, known := knownGeminiReadDifferences[name]; known {
			if got == want.Value {
				t.Errorf("%s: now matches Gemini; drop it from knownGeminiReadDifferences (%s)", name, why)
			}
			continue
		}
		if got != want.Value {
			t.Errorf("%s %q:\n  Gemini   %s\n  gh-hooks %s", name, in, want.Value, got)
		}
	}
}
