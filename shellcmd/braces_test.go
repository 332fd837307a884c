package shellcmd

import (
	"slices"
	"strings"
	"testing"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/syntax"
)

// TestBraceWordsAsTheLibrary checks braceWords against
// mvdan.cc/sh/v3/expand.BracesSeq, which it stands in for (braces.go says
// why), and against bash's output for the same words (written down from
// bash 5.2.15: echo WORD).
func TestBraceWordsAsTheLibrary(t *testing.T) {
	for _, c := range []struct{ word, bash string }{
		{"./{evil,good}.sh", "./evil.sh ./good.sh"},
		{"x{1..3}", "x1 x2 x3"},
		{"{3..1}", "3 2 1"},
		{"{01..3}", "01 02 03"},
		{"{-2..2..2}", "-2 0 2"},
		{"{a..e..2}", "a c e"},
		{"{e..a}", "e d c b a"},
		{"a{b,c{d,e}}f", "abf acdf acef"},
		{"{a,b}{1,2}", "a1 a2 b1 b2"},
		{"{a..zz}", "{a..zz}"},
		{"pre{,x}post", "prepost prexpost"},
		{"{x,$HOME/y}", "x $HOME/y"},
	} {
		p := syntax.NewParser()
		f, err := p.Parse(strings.NewReader("echo "+c.word), "")
		if err != nil {
			t.Fatalf("%s: %v", c.word, err)
		}
		w := f.Stmts[0].Cmd.(*syntax.CallExpr).Args[1]
		syntax.SplitBraces(w)
		var lib []string
		for x, err := range expand.BracesSeq(nil, w) {
			if err != nil {
				t.Fatal(err)
			}
			lib = append(lib, printWord(x))
		}
		words, ok := braceWords(w, maxBraceWords)
		if !ok {
			t.Fatalf("%s: over the limit", c.word)
		}
		var got []string
		for _, x := range words {
			got = append(got, printWord(x))
		}
		if want := strings.Fields(c.bash); !slices.Equal(got, want) {
			t.Errorf("%s: %q, want bash's %q (the library: %q)", c.word, got, want, lib)
		}
		if !slices.Equal(got, lib) {
			t.Errorf("%s: %q, the library %q", c.word, got, lib)
		}
	}
	// More than the limit is refused, not cut.
	f, _ := syntax.NewParser().Parse(strings.NewReader("echo {1..100}{1..100}"), "")
	w := f.Stmts[0].Cmd.(*syntax.CallExpr).Args[1]
	syntax.SplitBraces(w)
	if _, ok := braceWords(w, maxBraceWords); ok {
		t.Error("{1..100}{1..100}: expanded, want refused past the limit")
	}
}

func printWord(w *syntax.Word) string {
	var b strings.Builder
	syntax.NewPrinter().Print(&b, w)
	return b.String()
}
