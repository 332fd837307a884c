package suggest

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestClosest(t *testing.T) {
	long := strings.Repeat("a", maxSuggestLen+1)
	for _, tt := range []struct {
		q     string
		cands []string
		want  []string
	}{
		{"lint", []string{"lint", "lint", "lnt", "format", "linter"}, []string{"lint", "lnt", "linter"}},
		{"formatter", []string{"format", "formater", "x"}, []string{"formater", "format"}},
		{"ab", []string{"abcdef", "xy"}, []string{"xy"}},
		// A hostile megabyte name is neither looked for nor offered: the
		// distance would take time in the product of the lengths.
		{long, []string{long, long + "b"}, nil},
		{"aaaa", []string{long, "aaab"}, []string{"aaab"}},
	} {
		if diff := cmp.Diff(tt.want, Closest(tt.q, tt.cands)); diff != "" {
			t.Errorf("Closest(%.20q) (-want +got):\n%s", tt.q, diff)
		}
	}
}
