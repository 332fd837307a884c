package table

import (
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
			if got := Cut(tt.in, tt.width); got != tt.want {
				t.Errorf("Cut(%q, %d) = %q, want %q", tt.in, tt.width, got, tt.want)
			}
			if got := Width(Cut(tt.in, tt.width)); got > tt.width {
				t.Errorf("Width of the cut = %d, more than %d", got, tt.width)
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

func TestWrapBreaksLongWords(t *testing.T) {
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
			got := Wrap(tt.in, tt.width, "  ")
			if got != tt.want {
				t.Errorf("Wrap(%q, %d) = %q, want %q", tt.in, tt.width, got, tt.want)
			}
			for _, l := range strings.Split(got, "\n") {
				if w := Width(strings.TrimPrefix(l, "  ")); w > tt.width {
					t.Errorf("line %q is %d wide, more than %d", l, w, tt.width)
				}
			}
		})
	}
}

// TestFormat: at its width a table is whole; narrower, a minor column is
// left out and named before the flex column is cut below its useful
// width; the last column wraps under itself.
func TestFormat(t *testing.T) {
	header := []string{"ID", "FILE", "HOOK", "STATUS"}
	lines := func() [][]string {
		return [][]string{header, {"user/BeforeTool/0/0", "/home/u/.gemini/settings.json", "./scripts/guard.sh --strict", "active"}}
	}
	text, left := Format("", header, lines(), 0, Layout{Flex: []int{2}, Minor: []int{1}})
	want := "ID                   FILE                           HOOK                         STATUS\n" +
		"user/BeforeTool/0/0  /home/u/.gemini/settings.json  ./scripts/guard.sh --strict  active\n"
	if d := cmp.Diff(want, text); d != "" || left != nil {
		t.Errorf("unknown width (-want +got):\n%s (left %q)", d, left)
	}
	text, left = Format("", header, lines(), 60, Layout{Flex: []int{2}, Minor: []int{1}})
	want = "ID                   HOOK                         STATUS\n" +
		"user/BeforeTool/0/0  ./scripts/guard.sh --strict  active\n"
	if d := cmp.Diff(want, text); d != "" || !cmp.Equal(left, []string{"FILE"}) {
		t.Errorf("60 columns (-want +got):\n%s (left %q)", d, left)
	}
	text, _ = Format("", header, lines(), 44, Layout{Flex: []int{2}, Minor: []int{1}})
	for _, l := range strings.Split(strings.TrimSuffix(text, "\n"), "\n") {
		if Width(l) > 44 {
			t.Errorf("line %q is wider than 44", l)
		}
	}
}
