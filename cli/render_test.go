package cli

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestReflowAndWrap(t *testing.T) {
	text := "A paragraph broken\nat about a hundred columns.\n\nSources:\n  none   the default, which\n         goes on here\n  FILE   a file"
	want := "A paragraph broken at about a hundred columns.\n\nSources:\n  none   the default, which goes on here\n  FILE   a file"
	if got := reflow(text); got != want {
		t.Errorf("reflow:\n%s\nwant:\n%s", got, want)
	}
	got := wrap("  name   a description that is far too long for the narrow width here", 3, 40)
	wantWrap := "  name   a description that is far\n            too long for the narrow\n            width here"
	if got != wantWrap {
		t.Errorf("wrap:\n%q\nwant:\n%q", got, wantWrap)
	}
}

func TestDequote(t *testing.T) {
	tests := []struct{ in, want string }{
		{"plain", "plain"},
		{`my\ hook`, "my hook"},
		{`"echo hi`, "echo hi"},
		{`'a b'`, "a b"},
		{`"a \"b\""`, `a "b"`},
		{`'a\b'`, `a\b`},
	}
	for _, tt := range tests {
		if got := dequote(tt.in); got != tt.want {
			t.Errorf("dequote(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestMessage: an error or hint is one line, a newline from a file name
// escaped; only a lines value gh-hooks composed keeps its line breaks.
func TestMessage(t *testing.T) {
	tests := []struct {
		name string
		err  error
		want string
	}{
		{"plain", errors.New("x.json: no such file"), "x.json: no such file"},
		{"newline in a path", fmt.Errorf("%s: no such file", "a\nhint: run this"), `a\nhint: run this: no such file`},
		{"tab and escape", errors.New("a\tb\x1b[2J"), `a\tb\x1b[2J`},
		{"lines keep their breaks", lines{"2 hooks:", "  a\nb", "  c"}, "2 hooks:\n  a\\nb\n  c"},
		{"wrapped lines are one line", fmt.Errorf("x: %w", lines{"a", "b"}), `x: a\nb`},
		{"exit error around lines is one line", fail(lines{"a", "b"}, ""), `a\nb`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, message(tt.err)); diff != "" {
				t.Errorf("message (-want +got):\n%s", diff)
			}
		})
	}
}

// TestWarnIsOneLine: a warning's message and hint escape a newline too.
func TestWarnIsOneLine(t *testing.T) {
	var b strings.Builder
	warn(&b, "skipped a\nhint: x", "see b\nc")
	want := "gh-hooks: warning: skipped a\\nhint: x\nhint: see b\\nc\n"
	if diff := cmp.Diff(want, b.String()); diff != "" {
		t.Errorf("warn (-want +got):\n%s", diff)
	}
}
