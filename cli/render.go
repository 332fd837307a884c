package cli

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"golang.org/x/term"

	"github.com/gh-hooks/gh-hooks/claudecompat"
	"github.com/gh-hooks/gh-hooks/config"
	"github.com/gh-hooks/gh-hooks/internal/table"
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
	o.tableBy(indent, header, rows, table.Layout{Flex: flex})
}

// tableBy is table with a layout (table.Format says how a table too wide
// for the terminal is made to fit it, unless --wide). A line under the
// table names the columns left out. Piped output and --json always carry
// the full text.
func (o *out) tableBy(indent string, header []string, rows [][]any, l table.Layout) {
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
	width := o.width
	if o.wide {
		width = 0
	}
	text, left := table.Format(indent, header, lines, width, l)
	fmt.Fprint(o.w, text)
	if len(left) > 0 {
		o.printf("%s\n", o.fit(sprintf("%s%s", indent, o.dim("not shown at this width: "+strings.Join(left, ", ")+map[bool]string{true: " (--wide shows it)", false: " (--wide shows them)"}[len(left) == 1])), len(indent)+2))
	}
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
		w = max(w, table.Width(fmt.Sprint(o.safe(r[0]))))
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
		hang := table.Width(indent) + w + 2
		v := o.shortText(value.String())
		if !o.wide && o.width > hang+20 {
			// The value wraps under itself, a long word too.
			v = string(styled(table.Wrap(v, o.width-hang, strings.Repeat(" ", hang))))
		}
		o.printf("%s\n", styled(indent+label+strings.Repeat(" ", w-table.Width(label)+2)+v))
	}
}

// editExitHelp is the exit status paragraph of the commands that write
// files (the contract's codes as they apply to them).
const editExitHelp = "Exit status: 0 done (with --dry-run: nothing was written), 1 error (no file was changed),\n" +
	"2 usage error."

// pipedHelp is the sentence of a table command's --help that names the
// fields it prints piped; how tables fit a terminal is said once, in
// gh-hooks --help.
func pipedHelp(columns string) string { return pipedRows(columns) }

// pipedRows is the sentence that names the piped fields.
func pipedRows(columns string) string {
	return "Piped, each table row is one line of tab-separated fields, without a header and never cut,\n" +
		"as gh prints them: " + columns + "."
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
	if !o.tty || o.wide || o.width <= hang+20 || table.Width(string(line)) <= o.width {
		return line
	}
	return styled(table.WrapWords(string(line), o.width, hang))
}

// para prints one line of prose, wrapped by fit with further lines
// indented by hang columns.
func (o *out) para(hang int, format string, a ...any) {
	for i := range a {
		a[i] = o.safe(a[i])
	}
	o.printf("%s\n", o.fit(styled(fmt.Sprintf(format, a...)), hang))
}

// paraData is para for a line that quotes data (a hook's output, what
// Gemini parsed of it): wrapped by wrapData, without the ~.
func (o *out) paraData(hang int, format string, a ...any) {
	for i := range a {
		a[i] = o.safe(a[i])
	}
	o.printf("%s\n", o.wrapData(styled(fmt.Sprintf(format, a...)), hang))
}

// notef is note for a summary line on stderr (trust audit's "7 project
// hook(s) need approval: ..."), wrapped to the terminal's width with
// further lines indented by two columns, as fit wraps stdout's lines.
func (o *out) notef(w io.Writer, format string, a ...any) {
	line := sprintf(strings.TrimSuffix(format, "\n"), a...)
	fmt.Fprintf(w, "%s\n", o.wrapData(line, 2))
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
