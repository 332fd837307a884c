package validate

import (
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestSurely: the words of the statements bash runs on every path, not
// those of a test, a branch or what follows a test.
func TestSurely(t *testing.T) {
	tests := []struct {
		cmd  string
		want []string
	}{
		{"timeout 5 ./x.sh", []string{"timeout", "5", "./x.sh"}},
		{"cd hooks && ./x.sh | tee log", []string{"cd", "hooks", "./x.sh", "tee", "log"}},
		{"[ -x ./x.sh ] && ./x.sh", nil},
		{"test -f x && bash x", nil},
		{"grep -q a f && ./x.sh", []string{"grep", "-q", "a", "f"}},
		{"./a.sh || ./b.sh", []string{"./a.sh"}},
		{"if true; then ./x.sh; fi", nil},
		{"{ ./a.sh; exit 0; ./b.sh; }", []string{"./a.sh"}},
		{"exec ./a.sh; ./b.sh", []string{"exec", "./a.sh"}},
		{`"$GEMINI_PROJECT_DIR"/x.sh`, []string{`"$GEMINI_PROJECT_DIR"/x.sh`}},
		{"echo 'unbalanced", nil},
	}
	for _, tt := range tests {
		var got []string
		for w := range surely(tt.cmd) {
			got = append(got, w)
		}
		slices.Sort(got)
		want := slices.Clone(tt.want)
		slices.Sort(want)
		if d := cmp.Diff(want, got); d != "" {
			t.Errorf("surely(%q) (-want +got):\n%s", tt.cmd, d)
		}
	}
}
