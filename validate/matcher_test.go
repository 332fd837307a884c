package validate

import (
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
