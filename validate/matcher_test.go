package validate

import (
	"slices"
	"testing"

	"github.com/gh-hooks/gh-hooks/merge"
)

// TestSimpleRegex: every matcher that skips the regex engine compiles,
// checked on every string of up to five characters over the alphabet the
// shortcut accepts, plus characters it must refuse.
func TestSimpleRegex(t *testing.T) {
	const alphabet = "a_-|.*^$+("
	var walk func(prefix string, n int)
	accepted, refused := 0, 0
	walk = func(m string, n int) {
		if simpleRegex(m) {
			accepted++
			if _, err := merge.JSRegexp(m); err != nil {
				t.Errorf("simpleRegex(%q) = true, but it is not a valid regex: %v", m, err)
			}
		} else {
			refused++
		}
		if n == 0 {
			return
		}
		for i := 0; i < len(alphabet); i++ {
			walk(m+alphabet[i:i+1], n-1)
		}
	}
	walk("", 5)
	for _, m := range []string{"run_shell_command", "write_file|replace", "mcp_.*", "^read_file$|^glob$", "^$", "a-b"} {
		if !simpleRegex(m) {
			t.Errorf("simpleRegex(%q) = false; want true (a common matcher)", m)
		}
	}
	for _, m := range []string{"*", "^*", "a**", "a|*", "$^", "a+", "(a", "a\\d", "[a]"} {
		if simpleRegex(m) {
			t.Errorf("simpleRegex(%q) = true; want false", m)
		}
	}
	if accepted == 0 || refused == 0 {
		t.Fatalf("accepted %d, refused %d: the walk tests nothing", accepted, refused)
	}
}

// TestMatchedToolsPlainAgreesWithRegex: the tools matchedTools selects
// without the regex engine (alternatives of name characters, anchored or
// not) are the ones the regex engine selects, for every matcher of up to
// three pieces over tool-name fragments, anchors, | and characters that
// must send it to the engine.
func TestMatchedToolsPlainAgreesWithRegex(t *testing.T) {
	t.Parallel()
	pieces := []string{"read", "_file", "write_file", "^", "$", "|", " ", "-", "."}
	var matchers []string
	var walk func(m string, n int)
	walk = func(m string, n int) {
		if m != "" {
			matchers = append(matchers, m)
		}
		if n == 0 {
			return
		}
		for _, p := range pieces {
			walk(m+p, n-1)
		}
	}
	walk("", 3)
	checked := 0
	for _, m := range matchers {
		if _, err := merge.JSRegexp(m); err != nil {
			continue // matchedTools is for valid regexes
		}
		checked++
		var want []string
		for _, tool := range geminiTools {
			if merge.MatchTool(m, tool) {
				want = append(want, tool)
			}
		}
		if got := matchedTools(m); !slices.Equal(got, want) {
			t.Errorf("matchedTools(%q) = %q; the regex engine selects %q", m, got, want)
		}
	}
	if checked < 500 {
		t.Fatalf("checked %d matchers, want the walk's", checked)
	}
}
