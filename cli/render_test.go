package cli

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestCut(t *testing.T) {
	tests := []struct {
		name, in string
		width    int
		want     string
	}{
		{"fits", "write_file", 10, "write_file"},
		{"cut with an ellipsis", "write_file|replace", 8, "write_f…"},
		{"no space before the ellipsis", "guard (./x.sh", 7, "guard…"},
		{"runes, not bytes", "héhéhéhé", 4, "héh…"},
		{"colour kept and closed", "\x1b[33minactive [1]\x1b[0m", 6, "\x1b[33minact…\x1b[0m"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := cut(tt.in, tt.width); got != tt.want {
				t.Errorf("cut(%q, %d) = %q, want %q", tt.in, tt.width, got, tt.want)
			}
			if got := textWidth(cut(tt.in, tt.width)); got > tt.width {
				t.Errorf("textWidth of the cut = %d, more than %d", got, tt.width)
			}
		})
	}
}

func TestFitColumns(t *testing.T) {
	tests := []struct {
		name   string
		widths []int
		room   int
		flex   []int
		want   []int
	}{
		{"fits already", []int{10, 20}, 40, nil, []int{10, 20}},
		{"the flex column gives way", []int{22, 18, 40, 8}, 80, []int{2, 1}, []int{22, 18, 26, 8}},
		{"the widest flex column first, then both", []int{22, 18, 40, 8}, 60, []int{2, 1}, []int{22, 12, 12, 8}},
		{"not below the floor", []int{22, 18, 40, 8}, 20, []int{2, 1}, []int{22, 8, 8, 8}},
		{"no flex: every column", []int{30, 30}, 42, nil, []int{20, 20}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := append([]int(nil), tt.widths...)
			floors := make([]int, len(got))
			for i := range floors {
				floors[i] = 8
			}
			fitColumns(got, floors, tt.room, tt.flex)
			if d := cmp.Diff(tt.want, got); d != "" {
				t.Errorf("widths (-want +got):\n%s", d)
			}
		})
	}
}

func TestWrapTextBreaksLongWords(t *testing.T) {
	tests := []struct {
		name, in string
		width    int
		want     string
	}{
		{"fits", "loaded", 10, "loaded"},
		{"at spaces", "not loaded: folder is not trusted", 12, "not loaded:\n  folder is\n  not trusted"},
		{"a path breaks under its column", "/work/p/scripts/fmt.sh", 8, "/work/p/\n  scripts/\n  fmt.sh"},
		{"a path after a word", "script /work/p/x.sh ok", 8, "script\n  /work/p/\n  x.sh ok"},
		{"colour codes stay whole", "\x1b[33mabcdefghij\x1b[0m", 4, "\x1b[33mabcd\n  efgh\n  ij\x1b[0m"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := string(wrapText(tt.in, tt.width, "  "))
			if got != tt.want {
				t.Errorf("wrapText(%q, %d) = %q, want %q", tt.in, tt.width, got, tt.want)
			}
			for _, l := range strings.Split(got, "\n") {
				if w := textWidth(strings.TrimPrefix(l, "  ")); w > tt.width {
					t.Errorf("line %q is %d wide, more than %d", l, w, tt.width)
				}
			}
		})
	}
}

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
