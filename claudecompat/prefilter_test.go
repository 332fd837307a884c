package claudecompat

import (
	"io/fs"
	"os"
	"path/filepath"
	"testing"
)

// TestScanUnderGeminiSkipsOnlyWhatFindsNothing checks the literal
// prefilter of ScanUnderGemini against the full scan, on every file of the
// repository's test data (hook scripts, Claude settings, testscripts full
// of both protocols), and the shared claude-compat scripts when present,: skipping the scan never loses a
// finding.
func TestScanUnderGeminiSkipsOnlyWhatFindsNothing(t *testing.T) {
	var files []string
	for _, root := range []string{"..", "../../shared/claude-compat/scripts"} {
		filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() && (d.Name() == ".git" || d.Name() == "node_modules") {
				if d != nil && d.IsDir() {
					return filepath.SkipDir
				}
				return nil
			}
			if !d.IsDir() && filepath.Ext(path) != ".go" {
				files = append(files, path)
			}
			return nil
		})
	}
	if len(files) < 100 {
		t.Fatalf("found %d test files, want the repository's", len(files))
	}
	// Under the race detector (the README's test command) every eighth
	// file is scanned, so that the suite stays under 60 s; without it,
	// every file (0.2 s against 4.4 s with it, for 581 files).
	step := 1
	if raceOn {
		step = 8
	}
	skipped := 0
	for i, path := range files {
		if i%step != 0 {
			continue
		}
		data, err := os.ReadFile(path)
		if err != nil || len(data) > 64<<10 || mayHoldClaude(data) {
			continue // where the prefilter passes, the scan runs as before
		}
		skipped++
		// What UnderGemini keeps as strong does not depend on the event.
		h := Hook{Event: "PreToolUse"}
		lang := Language(path, data)
		if got := UnderGemini("BeforeTool", Scan(data, lang, h)); len(got) != 0 {
			t.Errorf("%s (%s): the prefilter skips it, but the scan finds %+v", path, lang, got)
		}
	}
	t.Logf("%d files, %d of every %d scanned, %d skipped by the prefilter", len(files), 1, step, skipped)
}

// TestScanUnderGeminiFindsEachKind: one line per kind of strong finding,
// each holding only its own word, is still found through the prefilter.
func TestScanUnderGeminiFindsEachKind(t *testing.T) {
	for _, line := range []string{
		`echo "$CLAUDE_PLUGIN_ROOT"`,
		`echo '{"hookSpecificOutput": {"permissionDecision": "deny"}}'`,
		`echo '{"hookSpecificOutput": {"updatedInput": {"command": "ls"}}}'`,
		`[ "$(jq -r .tool_name)" = "Bash" ] && exit 2`,
		`jq -e '.hook_event_name == "UserPromptSubmit"'`,
	} {
		data := []byte("#!/bin/bash\n" + line + "\n")
		h := Hook{Event: "PreToolUse"}
		want := UnderGemini("BeforeTool", Scan(data, LangShell, h))
		if len(want) == 0 {
			t.Fatalf("%s: the scan finds nothing; the case no longer tests the prefilter", line)
		}
		if got := ScanUnderGemini("BeforeTool", data, LangShell, h); len(got) != len(want) {
			t.Errorf("%s: %d findings through the prefilter, want the scan's %d", line, len(got), len(want))
		}
	}
}
