package cli

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"golang.org/x/term"

	"github.com/gh-hooks/gh-hooks/claudecompat"
	"github.com/gh-hooks/gh-hooks/config"
	"github.com/gh-hooks/gh-hooks/internal/visible"
	"github.com/gh-hooks/gh-hooks/layers"
	"github.com/gh-hooks/gh-hooks/merge"
)

// This file is the one place where gh-hooks renders output.
//
// Human output escapes every string that came from a file, a hook or the
// command line with visible.Escape, so that a repository cannot hide what
// a hook runs behind terminal escapes, carriage returns or bidi and
// invisible characters. The type system keeps that straight: out.printf
// and out.table escape every string argument and cell; text that gh-hooks
// has already rendered (a coloured word, a block of lines) is a styled
// value and is printed as it is. JSON output (writeJSON) is exact and
// never escaped.

// styled is text that is safe to print as it is: colour codes gh-hooks
// added around escaped text, or lines gh-hooks assembled from escaped
// parts.
type styled string

// out is how a command prints: aligned tables and colour on a terminal,
// tab-separated rows and no colour when piped (gh's convention); useColor
// says when --color, NO_COLOR, CLICOLOR_FORCE or FORCE_COLOR change that.
type out struct {
	w     io.Writer
	tty   bool
	color bool
	// width is the terminal's width in columns (0: unknown or piped);
	// tables are cut to fit it unless wide (--wide).
	width int
	wide  bool
	// home, the user's real $HOME, is abbreviated as ~ in paths. Not
	// $GEMINI_CLI_HOME: a reader takes ~ for their own home, and a
	// Gemini home elsewhere is printed in full like any other directory.
	home string
}

// newOut returns the printer of stdout.
func newOut(e *env) *out {
	home := filepath.Clean(e.getenv("HOME"))
	if home == "/" || home == "." || !filepath.IsAbs(home) {
		home = "" // no home, or one that would abbreviate every path
	}
	return &out{
		w:     e.Stdout,
		tty:   e.Terminal,
		color: useColor(e),
		width: e.Width,
		wide:  e.wide,
		home:  home,
	}
}

// colorModes are the values of --color.
var colorModes = []string{"auto", "always", "never"}

// useColor decides whether stdout gets colour, first rule that applies:
// --no-color or --color never: no; --color always: yes; NO_COLOR set and
// not empty (no-color.org): no; CLICOLOR_FORCE or FORCE_COLOR set, not
// empty and not "0" (bixense.com/clicolors; FORCE_COLOR as Node tools
// read it, "false" too): yes, even piped; otherwise on a terminal whose
// TERM is not dumb.
func useColor(e *env) bool {
	switch {
	case e.noColor || e.color == "never":
		return false
	case e.color == "always":
		return true
	case e.getenv("NO_COLOR") != "":
		return false
	case forced(e.getenv("CLICOLOR_FORCE")) || forced(e.getenv("FORCE_COLOR")) && e.getenv("FORCE_COLOR") != "false":
		return true
	}
	return e.Terminal && e.getenv("TERM") != "dumb"
}

// forced reports whether a CLICOLOR_FORCE-style variable asks for colour.
func forced(v string) bool { return v != "" && v != "0" }

// safe renders one argument: strings are escaped, styled text and other
// values are printed as they are.
func safe(a any) any {
	switch v := a.(type) {
	case string:
		return visible.Escape(v)
	case styled:
		return string(v)
	}
	return a
}

// safe is safe for o: on a terminal a string also has its long runs of
// spaces shown as a count (blanks), so that a run cannot push the rest of
// a command past the edge of the screen or of a table cell. Piped output
// keeps every space.
func (o *out) safe(a any) any {
	if s, ok := a.(string); ok && o.tty {
		return blanks(visible.Escape(s))
	}
	return safe(a)
}

// blankRun is the shortest run of spaces that blanks shows as a count.
const blankRun = 8

// blanks shows each run of blankRun or more spaces in s as "␠×N" (N the
// number of spaces): `npm test` + 400 spaces + `; curl ...` reads
// `npm test␠×400; curl ...`, whole, instead of `npm test…` in a cut cell
// or screens of blank lines.
func blanks(s string) string {
	if !strings.Contains(s, strings.Repeat(" ", blankRun)) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		if s[i] != ' ' {
			b.WriteByte(s[i])
			i++
			continue
		}
		j := i
		for j < len(s) && s[j] == ' ' {
			j++
		}
		if j-i >= blankRun {
			fmt.Fprintf(&b, "␠×%d", j-i)
		} else {
			b.WriteString(s[i:j])
		}
		i = j
	}
	return b.String()
}

// printf prints format (gh-hooks' own text) with every string argument
// escaped.
func (o *out) printf(format string, a ...any) {
	for i := range a {
		a[i] = o.safe(a[i])
	}
	fmt.Fprintf(o.w, format, a...)
}

// sprintf is printf into a styled string, for building a line in parts.
func sprintf(format string, a ...any) styled {
	for i := range a {
		a[i] = safe(a[i])
	}
	return styled(fmt.Sprintf(format, a...))
}

// paint wraps s, escaped, in an SGR colour code when colour is on.
func (o *out) paint(code, s string) styled {
	s = visible.Escape(s)
	if o.tty {
		s = blanks(s)
	}
	if !o.color || s == "" {
		return styled(s)
	}
	return styled("\x1b[" + code + "m" + s + "\x1b[0m")
}

func (o *out) bold(s string) styled   { return o.paint("1", s) }
func (o *out) red(s string) styled    { return o.paint("31", s) }
func (o *out) green(s string) styled  { return o.paint("32", s) }
func (o *out) yellow(s string) styled { return o.paint("33", s) }
func (o *out) dim(s string) styled    { return o.paint("2", s) }

// short abbreviates the home directory as ~ in human output.
func (o *out) short(p string) string {
	if o.home != "" && p != "" && (p == o.home || strings.HasPrefix(p, o.home+string(os.PathSeparator))) {
		return "~" + p[len(o.home):]
	}
	return p
}

// shortText abbreviates the home directory as ~ where a path starts in
// prose (after a space, a parenthesis or at the start), so that a message
// names the directories as the rest of the screen does. A path in quotes
// is left whole: it is JSON or a string to paste (a trustedFolders.json
// key), where ~ would mean nothing.
func (o *out) shortText(s string) string {
	if o.home == "" || !strings.Contains(s, o.home) {
		return s
	}
	var b strings.Builder
	for {
		i := strings.Index(s, o.home)
		if i < 0 {
			break
		}
		end := i + len(o.home)
		atStart := i == 0 || strings.ContainsRune(" (\t\n", rune(s[i-1]))
		atEnd := end == len(s) || s[end] == os.PathSeparator || strings.ContainsRune(" ):,;\n", rune(s[end]))
		b.WriteString(s[:i])
		if atStart && atEnd {
			b.WriteString("~")
		} else {
			b.WriteString(o.home)
		}
		s = s[end:]
	}
	b.WriteString(s)
	return b.String()
}

// table prints rows of cells (string or styled): aligned columns with a
// two-space gutter on a terminal, tab-separated without a header when
// piped (gh's convention; pipedHelp documents it). indent prefixes every
// row. flex are the informative columns that may be cut, the first to
// give way first (all columns when none are given). tableBy says how a
// table too wide for the terminal is made to fit.
func (o *out) table(indent string, header []string, rows [][]any, flex ...int) {
	o.tableBy(indent, header, rows, layout{flex: flex})
}

// usefulWidth is the width below which a cut informative column (a hook's
// command, a matcher) no longer says what it is: `secret-s…` names
// nothing. Minor columns are left out before one is cut below it.
const usefulWidth = 18

// usefulLast is the width below which the last column's sentence (why a
// file is not loaded) wraps over so many lines that minor columns are
// left out first.
const usefulLast = 32

// layout says what a table keeps on a narrow terminal.
type layout struct {
	// flex are the informative columns that may be cut, the first to
	// give way first; all columns when empty.
	flex []int
	// minor are the columns of little value at a glance (a line
	// number, a timeout), the first listed left out first.
	minor []int
	// names name the columns of a table without a header in the line
	// that says which columns were left out.
	names []string
}

// tableBy is table with a layout. On a terminal of known width, without
// --wide, a table wider than the terminal is made to fit it:
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
// A line under the table names the columns left out. The first column
// (the ID) and the last always stay. Piped output and --json always
// carry the full text.
func (o *out) tableBy(indent string, header []string, rows [][]any, l layout) {
	cells := func(r []any) []string {
		s := make([]string, len(r))
		for i, c := range r {
			s[i] = fmt.Sprint(o.safe(c))
		}
		return s
	}
	if !o.tty {
		// Piped: fields only, so that cut -f and awk -F'\t' see them;
		// the indent is terminal layout.
		for _, r := range rows {
			fmt.Fprintln(o.w, strings.Join(cells(r), "\t"))
		}
		return
	}
	var lines [][]string
	if header != nil {
		lines = append(lines, header) // gh-hooks' own words, not escaped
	}
	for _, r := range rows {
		lines = append(lines, cells(r))
	}
	widths := columnWidths(lines)
	keep := make([]int, len(widths)) // the columns shown, by index
	for i := range keep {
		keep[i] = i
	}
	names := l.names
	if header != nil {
		names = header
	}
	var dropped []int
	drop := func(col int) {
		keep = slices.DeleteFunc(keep, func(i int) bool { return i == col })
		dropped = append(dropped, col)
	}
	if o.width > 0 && !o.wide && len(widths) > 0 {
		room := o.width - textWidth(indent)
		last := len(widths) - 1
		floors := make([]int, len(widths))
		for i := range floors {
			floors[i] = 8
			if i < len(header) {
				floors[i] = max(floors[i], textWidth(header[i]))
			}
		}
		floors[last] = min(widths[last], max(floors[last], 20))
		useful := slices.Clone(floors)
		useful[last] = max(floors[last], min(widths[last], usefulLast))
		for i := range useful {
			if i < last && (len(l.flex) == 0 || slices.Contains(l.flex, i)) {
				useful[i] = max(floors[i], min(widths[i], usefulWidth))
			}
		}
		// fits narrows the kept columns to room above floors into
		// shown, and reports whether they fit.
		var shown []int
		fits := func(floors []int) bool {
			w, fl := pick(widths, keep), remap(l.flex, keep)
			if len(l.flex) > 0 {
				fl = append(fl, len(keep)-1) // the last column wraps
			}
			fitColumns(w, pick(floors, keep), room, fl)
			shown = w
			return tableWidth(w) <= room || len(keep) <= 2
		}
		var minor []int
		for _, i := range l.minor {
			if i >= 1 && i < last {
				minor = append(minor, i)
			}
		}
		order := slices.DeleteFunc(dropOrder(len(widths), l.flex), func(i int) bool { return slices.Contains(minor, i) })
		done := fits(useful)
		for ; !done && len(minor) > 0; minor = minor[1:] {
			drop(minor[0])
			done = fits(useful)
		}
		for !done && !fits(floors) && len(order) > 0 {
			drop(order[0])
			order = order[1:]
		}
		widths = shown
		for i, l := range lines {
			lines[i] = pick(l, keep)
		}
	}
	var b strings.Builder
	for _, l := range lines {
		b.WriteString(indent)
		for i, c := range l {
			if i == len(l)-1 && i > 0 {
				// The last column wraps under itself.
				pad := strings.Repeat(" ", textWidth(indent)+tableWidth(widths[:i])+2)
				b.WriteString(string(wrapText(c, widths[i], pad)))
				break
			}
			if isPath(c) {
				c = cutLeft(c, widths[i])
			} else {
				c = cut(c, widths[i])
			}
			b.WriteString(c)
			if i < len(l)-1 {
				b.WriteString(strings.Repeat(" ", widths[i]-textWidth(c)+2))
			}
		}
		b.WriteByte('\n')
	}
	fmt.Fprint(o.w, b.String())
	var left []string
	slices.Sort(dropped)
	for _, col := range dropped {
		if col < len(names) && names[col] != "" {
			left = append(left, names[col])
		}
	}
	if len(left) > 0 {
		o.printf("%s\n", o.fit(sprintf("%s%s", indent, o.dim("not shown at this width: "+strings.Join(left, ", ")+map[bool]string{true: " (--wide shows it)", false: " (--wide shows them)"}[len(left) == 1])), len(indent)+2))
	}
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

// wrapText wraps s at spaces to width columns, each further line
// prefixed by pad; a word longer than width (a path, a fingerprint)
// breaks every width columns, so that it stays under its column instead
// of running past the terminal's edge.
func wrapText(s string, width int, pad string) styled {
	if textWidth(s) <= width {
		return styled(s)
	}
	words := strings.Split(s, " ")
	for i, w := range words {
		if textWidth(w) > width {
			// Pieces a line wide each: wrapWords puts each on its own
			// line, so the spaces between them are never printed.
			words[i] = strings.Join(breakWord(w, width), " ")
		}
	}
	return styled(strings.ReplaceAll(wrapWords(strings.Join(words, " "), width, 0), "\n", "\n"+pad))
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

// fields prints label/value rows like table, except that on a terminal a
// value too long for it wraps under itself instead of being cut: these
// are sentences (why a folder is not trusted) or what a user approves (a
// hook's command), never cut (issue 24 §3: a cut command hides its tail).
// indent prefixes every row on a terminal; piped, a row is its fields.
func (o *out) fields(indent string, rows [][]any) {
	if !o.tty {
		o.table(indent, nil, rows)
		return
	}
	w := 0
	for _, r := range rows {
		w = max(w, textWidth(fmt.Sprint(o.safe(r[0]))))
	}
	for _, r := range rows {
		label := fmt.Sprint(o.safe(r[0]))
		var value strings.Builder
		for i, c := range r[1:] {
			if i > 0 {
				value.WriteString("  ")
			}
			value.WriteString(fmt.Sprint(o.safe(c)))
		}
		hang := textWidth(indent) + w + 2
		v := o.shortText(value.String())
		if !o.wide && o.width > hang+20 {
			// The value wraps under itself, a long word too.
			v = string(wrapText(v, o.width-hang, strings.Repeat(" ", hang)))
		}
		o.printf("%s\n", styled(indent+label+strings.Repeat(" ", w-textWidth(label)+2)+v))
	}
}

// columnWidths is the widest cell of each column.
func columnWidths(lines [][]string) []int {
	var w []int
	for _, l := range lines {
		for i, c := range l {
			if i >= len(w) {
				w = append(w, 0)
			}
			w[i] = max(w[i], textWidth(c))
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

// textWidth is the number of columns text takes on a terminal: its runes,
// without the SGR colour codes that paint adds.
func textWidth(s string) int {
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

// cut shortens s to width columns, ending it with an ellipsis; colour
// codes are kept, and closed when the cut drops the closing one.
func cut(s string, width int) string {
	if textWidth(s) <= width {
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

// editExitHelp is the exit status paragraph of the commands that write
// files (the contract's codes as they apply to them).
const editExitHelp = "Exit status: 0 done (with --dry-run: nothing was written), 1 error (no file was changed),\n" +
	"2 usage error."

// pipedHelp is the paragraph of a table command's --help that says what
// it prints where.
func pipedHelp(columns string) string {
	return "On a terminal the output is aligned tables fitted to the terminal's width: cells are cut, the\n" +
		"last column wraps, and columns are left out, named, when that is not enough (--wide keeps\n" +
		"every column and cell whole). " + pipedRows(columns)
}

// pipedRows is the sentence of pipedHelp that names the piped fields.
func pipedRows(columns string) string {
	return "Piped, each table row is one line of tab-separated fields, without a header\n" +
		"and never cut, as gh prints them: " + columns + "."
}

// writeJSON prints v as indented JSON with a final newline, without
// escaping <, > and & (commands and matchers are full of them).
func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

// severity paints a problem's severity: errors red, warnings yellow.
func (o *out) severity(s config.Severity) styled {
	switch s {
	case config.SevError:
		return o.red(string(s))
	case config.SevWarning:
		return o.yellow(string(s))
	}
	return styled(s)
}

// printProblems prints diagnostics as path:line:col: severity: message
// [code], each with its hint.
func printProblems(o *out, problems []config.Problem, indent string) {
	for _, p := range problems {
		sev := o.severity(p.Severity)
		line := sprintf("%s%s:%d:%d: %s: %s [%s]", indent, o.short(p.Path), p.Line, p.Column, sev, p.Message, p.Code)
		o.printf("%s\n", o.fit(line, len(indent)+4))
		if p.Hint != "" {
			o.printf("%s\n", o.fit(sprintf("%s  hint: %s", indent, p.Hint), len(indent)+8))
		}
	}
}

// fit wraps a line of text at spaces to the terminal's width, each
// further line indented by hang columns; piped, with --wide or at an
// unknown width the line is left whole. It is the one wrapping rule of
// every prose line gh-hooks prints (problems, notes, reasons), and it
// names the home directory ~ in them as the tables do (shortText).
func (o *out) fit(line styled, hang int) styled {
	return o.wrapData(styled(o.shortText(string(line))), hang)
}

// wrapData is fit without the ~: for a line that quotes data (a hook's
// reason), which must read as the hook wrote it.
func (o *out) wrapData(line styled, hang int) styled {
	if !o.tty || o.wide || o.width <= hang+20 || textWidth(string(line)) <= o.width {
		return line
	}
	return styled(wrapWords(string(line), o.width, hang))
}

// wrapWords wraps s at spaces to width columns, each further line
// indented by hang spaces; a word longer than a line is left whole, and
// a run of spaces where a line breaks is dropped.
func wrapWords(s string, width, hang int) string {
	var b strings.Builder
	col, wrapped := 0, false
	for i, w := range strings.Split(s, " ") {
		ww := textWidth(w)
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

// para prints one line of prose, wrapped by fit with further lines
// indented by hang columns.
func (o *out) para(hang int, format string, a ...any) {
	for i := range a {
		a[i] = o.safe(a[i])
	}
	o.printf("%s\n", o.fit(styled(fmt.Sprintf(format, a...)), hang))
}

// warn prints a warning and its hint on stderr.
func warn(w io.Writer, msg, hint string) {
	// One line each, like an error's (message).
	fmt.Fprintf(w, "gh-hooks: warning: %s\n", visible.Escape(msg))
	if hint != "" {
		fmt.Fprintf(w, "hint: %s\n", visible.Escape(hint))
	}
}

// note prints an informational line on stderr.
func note(w io.Writer, format string, a ...any) {
	fmt.Fprint(w, string(sprintf(format, a...)))
}

// hookLabel is a hook as a person names it: its name and command, or the
// command alone.
func hookLabel(h *merge.Hook) string {
	cmd := h.Command
	if h.Layer == layers.Extension && h.ExpandedCommand != "" {
		// Gemini runs an extension hook's command after ${var} hydration
		// (spec §3.5): show what runs, not ${extensionPath}.
		cmd = h.ExpandedCommand
	}
	if h.Type != "command" && h.Type != "" {
		cmd = h.Type + ": " + cmd
	}
	return label(h.Name, cmd)
}

// label is name (command), or the command alone; a Claude hook behind the
// adapter shows its original command ("claude-compat PreToolUse: ./x.sh").
func label(name, cmd string) string {
	cmd = commandLabel(cmd)
	if name != "" {
		return name + " (" + cmd + ")"
	}
	return cmd
}

// commandLabel shows the Claude command inside an adapter command.
func commandLabel(cmd string) string {
	if w, ok := claudecompat.Unwrap(cmd); ok {
		return "claude-compat " + w.Event + ": " + w.Command
	}
	return cmd
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

func orNone(s string) string {
	if s == "" {
		return "none"
	}
	return s
}

// quoteList renders names as "a", "b".
func quoteList(names []string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = strconv.Quote(n)
	}
	return strings.Join(q, ", ")
}

func ms(v float64) string { return config.FormatNumber(v) + " ms" }

// count is "1 error", "2 errors".
func count(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}

// terminalWidth is the width of the terminal f, or $COLUMNS when set, or 0.
func terminalWidth(f *os.File) int {
	if c, err := strconv.Atoi(os.Getenv("COLUMNS")); err == nil && c > 0 {
		return c
	}
	if w, _, err := term.GetSize(int(f.Fd())); err == nil {
		return w
	}
	return 0
}

// printDiff prints a unified diff of a file, escaped: the file may be a
// project's, and a dry run must not let it drive the terminal.
func printDiff(w io.Writer, diff string) {
	fmt.Fprint(w, visible.EscapeText(diff))
}
