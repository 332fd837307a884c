package validate

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestFirstWords(t *testing.T) {
	for _, tc := range []struct {
		in    string
		n     int
		words []string
		ok    bool
	}{
		{"bash ./x.sh --flag", 2, []string{"bash", "./x.sh"}, true},
		{"  ./x.sh", 2, []string{"./x.sh"}, true},
		{"a\tb c", 3, []string{"a", "b", "c"}, true},
		{"./x.sh; rm -rf /", 3, []string{"./x.sh"}, true},
		{"./x.sh|tee", 2, []string{"./x.sh"}, true},
		{"# comment", 2, nil, true},
		{"", 2, nil, true},
		// Quotes are removed, also in the middle of a word.
		{`"/my dir/x.sh" arg`, 2, []string{"/my dir/x.sh", "arg"}, true},
		{`a"b c"d e`, 2, []string{"ab cd", "e"}, true},
		{`'x'y z`, 2, []string{"xy", "z"}, true},
		{`x'y'`, 1, []string{"xy"}, true},
		{`""`, 1, []string{""}, true},
		// Syntax it does not model.
		{`a\ b`, 2, nil, false},
		{"`cmd`", 2, nil, false},
		{`"unbalanced`, 2, nil, false},
		{`"a\"b"`, 2, nil, false},
	} {
		words, ok := firstWords(tc.in, tc.n)
		if ok != tc.ok || !cmp.Equal(words, tc.words) {
			t.Errorf("firstWords(%q, %d) = %q, %v; want %q, %v", tc.in, tc.n, words, ok, tc.words, tc.ok)
		}
	}
}
