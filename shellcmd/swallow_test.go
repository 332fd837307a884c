package shellcmd

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestSwallowed pins which programs a command runs with their failure
// discarded (issue 32 item 13): only those are Swallowed, and a program
// called once where its failure counts is not.
func TestSwallowed(t *testing.T) {
	t.Parallel()
	tests := []struct {
		command string
		want    []string // the swallowed programs
	}{
		{`prettier --write x || true`, []string{"prettier"}},
		{`prettier --write x || :`, []string{"prettier"}},
		{`prettier --write x || exit 0`, []string{"prettier"}},
		{`f() { black x || return 0; }; f`, []string{"black"}},
		{`prettier --write x; exit 0`, []string{"prettier"}},
		{`jq . a && prettier x || true`, []string{"jq", "prettier"}},
		{`bash -c 'prettier x' || true`, []string{"bash", "prettier"}},
		{`npx --no-install prettier --write "$f" || true`, []string{"npx", "prettier"}},
		// The failure counts: exit returns it, || runs something that
		// can fail, or the program runs once more unguarded.
		{`prettier x || exit`, nil},
		{`prettier x || echo failed >&2; exit 1`, nil},
		{`prettier x || false`, nil},
		{`prettier x || true; prettier y`, nil},
		{`prettier x`, nil},
		{`true || prettier x`, nil},
	}
	for _, tt := range tests {
		a := Analyze(tt.command, Options{Dir: "/p"})
		var got []string
		for _, p := range a.Programs {
			if p.Swallowed {
				got = append(got, p.Name)
			}
		}
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("%s: swallowed programs (-want +got):\n%s", tt.command, diff)
		}
	}
}
