package migrate

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/gh-hooks/gh-hooks/merge"
)

// FuzzMigrate converts arbitrary Claude settings bytes: nothing may panic,
// and every matcher written for Gemini must compile as a JavaScript RegExp
// (or be Gemini's match-all "*"), since Gemini falls back to an exact
// comparison for a matcher that does not compile (spec §4).
func FuzzMigrate(f *testing.F) {
	for _, s := range []string{
		"{}",
		"",
		"{\"hooks\": null}",
		"{\"hooks\": []}",
		"{\"hooks\": {\"PreToolUse\": [{\"matcher\": \"Bash\", \"hooks\": [{\"type\": \"command\", \"command\": \"x\", \"timeout\": 30}]}]}}",
		"{\"hooks\": {\"PreToolUse\": [{\"matcher\": \"Edit|Write|MultiEdit\", \"hooks\": [{\"type\": \"command\", \"command\": \"${CLAUDE_PLUGIN_ROOT}/x\"}]}]}}",
		"{\"hooks\": {\"PostToolUse\": [{\"matcher\": \"mcp__.*__write.*\", \"hooks\": [{\"type\": \"command\", \"command\": \"$CLAUDE_PROJECT_DIR/x\"}]}]}}",
		"{\"hooks\": {\"PreToolUse\": [{\"matcher\": \"Bash, Read ,Grep\", \"hooks\": [{\"type\": \"prompt\", \"prompt\": \"p\"}]}]}}",
		"{\"hooks\": {\"PreToolUse\": [{\"matcher\": \"(Bash\", \"hooks\": [{\"type\": \"command\", \"command\": \"x\"}]}]}}",
		"{\"hooks\": {\"PreToolUse\": [{\"matcher\": \"^(Edit|Write)$\", \"hooks\": [{\"type\": \"command\", \"command\": \"x\"}]}]}}",
		"{\"hooks\": {\"PreToolUse\": [{\"matcher\": \"[\\\\]]\", \"hooks\": [{\"type\": \"command\", \"command\": \"x\"}]}]}}",
		"{\"hooks\": {\"PreToolUse\": [{\"matcher\": \"Notebook.*|Task\", \"hooks\": [{\"type\": \"command\", \"command\": \"x\"}]}]}}",
		"{\"hooks\": {\"PreCompact\": [{\"matcher\": \"auto\", \"hooks\": [{\"type\": \"command\", \"command\": \"x\"}]}], \"SessionStart\": [{\"matcher\": \"startup|resume\", \"hooks\": [{\"type\": \"command\", \"command\": \"x\"}]}]}}",
		"{\"hooks\": {\"Stop\": [{\"hooks\": [{\"type\": \"command\", \"command\": \"x\", \"timeout\": -5}]}], \"UserPromptSubmit\": {\"hooks\": []}}}",
		"{\"hooks\": {\"PreToolUse\": [{\"matcher\": 7, \"hooks\": [{\"type\": \"command\", \"command\": 1}]}]}}",
	} {
		f.Add([]byte(s))
	}
	dir := f.TempDir()
	path := filepath.Join(dir, "settings.json")
	f.Fuzz(func(t *testing.T, data []byte) {
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		src, err := LoadSettings(path)
		if err != nil {
			return // reported as path:line:col by LoadSettings
		}
		for _, kind := range []TargetKind{TargetSettings, TargetExtension} {
			for _, opts := range []Options{{}, {OmitDefaultTimeout: true}} {
				res := Convert(Target{Kind: kind, Path: "gemini.json"}, []*Source{src}, nil, opts)
				for _, ed := range res.Desired {
					if !merge.IsEvent(ed.Event) {
						t.Fatalf("emitted unknown Gemini event %q", ed.Event)
					}
					for _, d := range ed.Definitions {
						if d.Matcher == "" || d.Matcher == "*" {
							continue
						}
						if _, err := merge.JSRegexp(d.Matcher); err != nil {
							t.Fatalf("%s matcher %q does not compile: %v", ed.Event, d.Matcher, err)
						}
					}
				}
				// Converting again into the result must not panic either.
				_ = Convert(Target{Kind: kind}, []*Source{src, src}, src.Doc, opts)
			}
		}
	})
}
