package docsync

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestReplace(t *testing.T) {
	doc := "intro\n<!-- generated: a (x) -->\nold\nlines\n<!-- end generated: a -->\nmid\n<!-- generated: b (x) -->\n<!-- end generated: b -->\n"
	got, missing := Replace(doc, map[string]string{"a": "new\n", "b": "B", "c": "C"})
	want := "intro\n<!-- generated: a (x) -->\nnew\n<!-- end generated: a -->\nmid\n<!-- generated: b (x) -->\nB\n<!-- end generated: b -->\n"
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"c"}, missing); diff != "" {
		t.Errorf("missing (-want +got):\n%s", diff)
	}
}

func TestTable(t *testing.T) {
	got := Table([]string{"a", "b"}, [][]string{{"x|y", "1\n2"}})
	want := "| a | b |\n| --- | --- |\n| x\\|y | 1 2 |\n"
	if got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}
