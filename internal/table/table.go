// Package table lays out rows of text as aligned columns for a terminal
// of a given width: what to cut (a path by its start, other text by its
// end, with an ellipsis), what wraps (the last column, under itself),
// which columns to leave out first, and the width of text that holds SGR
// colour codes. It knows nothing of what the cells mean; the command layer
// escapes them and chooses the columns (gh keeps its table printer beside
// its commands the same way, in internal/tableprinter).
package table

import (
	"slices"
	"strings"
	"unicode/utf8"
)

// usefulWidth is the width below which a cut informative column (a hook's
// command, a matcher) no longer says what it is: `secret-s…` names
// nothing. Minor columns are left out before one is cut below it.
const usefulWidth = 18

// usefulLast is the width below which the last column's sentence (why a
// file is not loaded) wraps over so many lines that minor columns are
// left out first.
const usefulLast = 32

// Layout says what a table keeps on a narrow terminal.
type Layout struct {
	// flex are the informative columns that may be cut, the first to
	// give way first; all columns when empty.
	Flex []int
	// minor are the columns of little value at a glance (a line
	// number, a timeout), the first listed left out first.
	Minor []int
	// names name the columns of a table without a header in the line
	// that says which columns were left out.
	Names []string
}

// Format lays out lines (rows of cells, the header first when header is
// not nil) as aligned columns with a two-space gutter, each row prefixed
// by indent, for a terminal width columns wide (0: unknown, or the user
// asked for the whole table: nothing is cut). left names the columns
// left out to fit (by header, else by Layout.Names), for a line under the
// table. A table wider than width is made to fit it:
//
//   - the flex columns lose their ends to an ellipsis (a path its start),
//     each down to usefulWidth;
//   - the last column (a status, a reason: what must be read whole) is
//     never cut: it wraps under itself, down to 20 columns, and a word
//     wider than that (a path) breaks under it;
//   - when that is not enough, the minor columns are left out, one at a
//     time, before a flex column is cut below usefulWidth or the last
//     column wraps narrower than usefulLast; then the flex columns are
//     cut further, down to their header's width (8 at least), and the
//     last column wraps down to 20;
//   - when that is not enough either, the other middle columns are left
//     out (first the fixed ones, right to left, then the flex ones, the
//     last to give way first).
//
// The first column (the ID) and the last always stay.
func Format(indent string, header []string, lines [][]string, width int, l Layout) (text string, left []string) {
	widths := columnWidths(lines)
	keep := make([]int, len(widths)) // the columns shown, by index
	for i := range keep {
		keep[i] = i
	}
	names := l.Names
	if header != nil {
		names = header
	}
	var dropped []int
	drop := func(col int) {
		keep = slices.DeleteFunc(keep, func(i int) bool { return i == col })
		dropped = append(dropped, col)
	}
	if width > 0 && len(widths) > 0 {
		widths = fit(widths, header, Width(indent), width, l, &keep, drop)
		for i, line := range lines {
			lines[i] = pick(line, keep)
		}
	}
	var b strings.Builder
	for _, line := range lines {
		b.WriteString(indent)
		for i, c := range line {
			if i == len(line)-1 && i > 0 {
				// The last column wraps under itself.
				pad := strings.Repeat(" ", Width(indent)+tableWidth(widths[:i])+2)
				b.WriteString(Wrap(c, widths[i], pad))
				break
			}
			if isPath(c) {
				c = cutLeft(c, widths[i])
			} else {
				c = Cut(c, widths[i])
			}
			b.WriteString(c)
			if i < len(line)-1 {
				b.WriteString(strings.Repeat(" ", widths[i]-Width(c)+2))
			}
		}
		b.WriteByte('\n')
	}
	slices.Sort(dropped)
	for _, col := range dropped {
		if col < len(names) && names[col] != "" {
			left = append(left, names[col])
		}
	}
	return b.String(), left
}

// fit chooses the widths of the kept columns of a table whose widest
// cells are widths, to fit width columns after an indent of indentWidth,
// leaving out columns (drop) as Format says.
func fit(widths []int, header []string, indentWidth, width int, l Layout, keep *[]int, drop func(int)) []int {
	room := width - indentWidth
	last := len(widths) - 1
	floors := make([]int, len(widths))
	for i := range floors {
		floors[i] = 8
		if i < len(header) {
			floors[i] = max(floors[i], Width(header[i]))
		}
	}
	floors[last] = min(widths[last], max(floors[last], 20))
	useful := slices.Clone(floors)
	useful[last] = max(floors[last], min(widths[last], usefulLast))
	for i := range useful {
		if i < last && (len(l.Flex) == 0 || slices.Contains(l.Flex, i)) {
			useful[i] = max(floors[i], min(widths[i], usefulWidth))
		}
	}
	// fits narrows the kept columns to room above floors into shown, and
	// reports whether they fit.
	var shown []int
	fits := func(floors []int) bool {
		w, fl := pick(widths, *keep), remap(l.Flex, *keep)
		if len(l.Flex) > 0 {
			fl = append(fl, len(*keep)-1) // the last column wraps
		}
		fitColumns(w, pick(floors, *keep), room, fl)
		shown = w
		return tableWidth(w) <= room || len(*keep) <= 2
	}
	var minor []int
	for _, i := range l.Minor {
		if i >= 1 && i < last {
			minor = append(minor, i)
		}
	}
	order := slices.DeleteFunc(dropOrder(len(widths), l.Flex), func(i int) bool { return slices.Contains(minor, i) })
	done := fits(useful)
	for ; !done && len(minor) > 0; minor = minor[1:] {
		drop(minor[0])
		done = fits(useful)
	}
	for !done && !fits(floors) && len(order) > 0 {
		drop(order[0])
		order = order[1:]
	}
	return shown
}

// tableWidth is the width of columns of widths with two-space gutters.
func tableWidth(widths []int) int {
	n := 2 * max(len(widths)-1, 0)
	for _, w := range widths {
		n += w
	}
	return n
}

// dropOrder is the order in which a table of n columns leaves columns out
// to fit: the middle columns that are not flex, right to left, then the
// flex ones, the last to give way first. The first and the last column
// are never left out.
func dropOrder(n int, flex []int) []int {
	isFlex := map[int]bool{}
	for _, i := range flex {
		isFlex[i] = true
	}
	var order []int
	for i := n - 2; i >= 1; i-- {
		if !isFlex[i] {
			order = append(order, i)
		}
	}
	for j := len(flex) - 1; j >= 0; j-- {
		if i := flex[j]; i >= 1 && i <= n-2 {
			order = append(order, i)
		}
	}
	return order
}

// pick is the elements of s at the indexes keep.
func pick[T any](s []T, keep []int) []T {
	out := make([]T, 0, len(keep))
	for _, i := range keep {
		if i < len(s) {
			out = append(out, s[i])
		}
	}
	return out
}

// remap turns column indexes into indexes among the kept columns,
// leaving out the columns not kept.
func remap(cols, keep []int) []int {
	var out []int
	for _, c := range cols {
		if j := slices.Index(keep, c); j >= 0 {
			out = append(out, j)
		}
	}
	return out
}

// Wrap wraps s at spaces to width columns, each further line
// prefixed by pad; a word longer than width (a path, a fingerprint)
// breaks every width columns, so that it stays under its column instead
// of running past the terminal's edge.
func Wrap(s string, width int, pad string) string {
	if Width(s) <= width {
		return s
	}
	words := strings.Split(s, " ")
	for i, w := range words {
		if Width(w) > width {
			// Pieces a line wide each: wrapWords puts each on its own
			// line, so the spaces between them are never printed.
			words[i] = strings.Join(breakWord(w, width), " ")
		}
	}
	return strings.ReplaceAll(WrapWords(strings.Join(words, " "), width, 0), "\n", "\n"+pad)
}

// breakWord splits w into pieces of width columns (the last shorter),
// never inside a colour code.
func breakWord(w string, width int) []string {
	var pieces []string
	var b strings.Builder
	n := 0
	for i := 0; i < len(w); {
		if w[i] == 0x1b {
			j := strings.IndexByte(w[i:], 'm')
			if j < 0 {
				j = len(w) - i - 1
			}
			b.WriteString(w[i : i+j+1])
			i += j + 1
			continue
		}
		if n == width {
			pieces = append(pieces, b.String())
			b.Reset()
			n = 0
		}
		_, size := utf8.DecodeRuneInString(w[i:])
		b.WriteString(w[i : i+size])
		n++
		i += size
	}
	return append(pieces, b.String())
}

// WrapWords wraps s at spaces to width columns, each further line
// indented by hang spaces; a word longer than a line is left whole, and
// a run of spaces where a line breaks is dropped.
func WrapWords(s string, width, hang int) string {
	var b strings.Builder
	col, wrapped := 0, false
	for i, w := range strings.Split(s, " ") {
		ww := Width(w)
		switch {
		case i == 0:
		case wrapped && w == "":
			continue // the rest of a run of spaces at a wrap
		case col+1+ww > width && col > hang:
			b.WriteString("\n" + strings.Repeat(" ", hang))
			col, wrapped = hang, true
			if w == "" {
				continue
			}
		case wrapped:
			// the first word of a line after a wrap at a run of spaces
		default:
			b.WriteByte(' ')
			col++
		}
		b.WriteString(w)
		col += ww
		wrapped = false
	}
	out := b.String()
	for strings.Contains(out, " \n") {
		out = strings.ReplaceAll(out, " \n", "\n") // no blanks at a line's end
	}
	return out
}

// columnWidths is the widest cell of each column.
func columnWidths(lines [][]string) []int {
	var w []int
	for _, l := range lines {
		for i, c := range l {
			if i >= len(w) {
				w = append(w, 0)
			}
			w[i] = max(w[i], Width(c))
		}
	}
	return w
}

// fitColumns narrows widths (two-space gutters between them) to total at
// most room columns: one column at a time, always the widest flex column
// still above its floor. A table that cannot fit stays as wide as its
// floors.
func fitColumns(widths, floors []int, room int, flex []int) {
	if len(flex) == 0 {
		for i := range widths {
			flex = append(flex, i)
		}
	}
	total := 2 * (len(widths) - 1)
	for _, w := range widths {
		total += w
	}
	for total > room {
		best := -1
		for _, i := range flex {
			if i < len(widths) && widths[i] > floors[i] && (best < 0 || widths[i] > widths[best]) {
				best = i
			}
		}
		if best < 0 {
			return
		}
		// Down to the next widest flex column, or by what is missing.
		next := floors[best]
		for _, i := range flex {
			if i != best && i < len(widths) && widths[i] <= widths[best] && widths[i] > next {
				next = widths[i]
			}
		}
		step := min(widths[best]-next, total-room)
		if step <= 0 {
			step = 1
		}
		widths[best] -= step
		total -= step
	}
}

// Width is the number of columns text takes on a terminal: its runes,
// without the SGR colour codes that paint adds.
func Width(s string) int {
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i] == 0x1b {
			for i < len(s) && s[i] != 'm' {
				i++
			}
			continue
		}
		if s[i] < 0x80 || s[i] >= 0xc0 {
			n++
		}
	}
	return n
}

// isPath reports whether a cell is a file path (absolute, or under ~),
// whose end (the file's name) says more than its start.
func isPath(s string) bool {
	return (strings.HasPrefix(s, "/") || strings.HasPrefix(s, "~/")) && !strings.ContainsAny(s, " \x1b")
}

// cutLeft shortens a path to width columns by its start, ending it as it
// ends: "…/project/.gemini/settings.json".
func cutLeft(s string, width int) string {
	r := []rune(s)
	if len(r) <= width || width < 2 {
		return s
	}
	return "…" + string(r[len(r)-width+1:])
}

// Cut shortens s to width columns, ending it with an ellipsis; colour
// codes are kept, and closed when the cut drops the closing one.
func Cut(s string, width int) string {
	if Width(s) <= width {
		return s
	}
	var b strings.Builder
	n, painted := 0, false
	for i := 0; i < len(s); {
		if s[i] == 0x1b {
			j := strings.IndexByte(s[i:], 'm')
			if j < 0 {
				break
			}
			b.WriteString(s[i : i+j+1])
			painted = true
			i += j + 1
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if n == width-1 {
			break
		}
		b.WriteRune(r)
		n++
		i += size
	}
	cutText := strings.TrimRight(b.String(), " ")
	b.Reset()
	b.WriteString(cutText)
	b.WriteString("…")
	if painted {
		b.WriteString("\x1b[0m")
	}
	return b.String()
}
