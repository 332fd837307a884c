package cli

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"text/tabwriter"

	"golang.org/x/term"

	"github.com/gh-hooks/gh-hooks/claudecompat"
	"github.com/gh-hooks/gh-hooks/config"
	"github.com/gh-hooks/gh-hooks/internal/visible"
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
// tab-separated rows and no colour when piped (gh's convention), no colour
// with NO_COLOR or --no-color.
type out struct {
	w     io.Writer
	tty   bool
	color bool
	// home is abbreviated as ~ in paths.
	home string
}

// newOut returns the printer of stdout; home ("" for none) is shown as ~.
func newOut(e *env, home string) *out {
	noColor := os.Getenv("NO_COLOR") != "" // no-color.org: set and not empty
	return &out{
		w:     e.Stdout,
		tty:   e.Terminal,
		color: e.Terminal && !noColor && !e.noColor && os.Getenv("TERM") != "dumb",
		home:  home,
	}
}

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

// printf prints format (gh-hooks' own text) with every string argument
// escaped.
func (o *out) printf(format string, a ...any) {
	for i := range a {
		a[i] = safe(a[i])
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

// table prints rows of cells (string or styled): aligned columns with a
// two-space gutter on a terminal, tab-separated without a header when
// piped. indent prefixes every row.
func (o *out) table(indent string, header []string, rows [][]any) {
	line := func(cells []any) string {
		s := make([]string, len(cells))
		for i, c := range cells {
			s[i] = fmt.Sprint(safe(c))
		}
		return indent + strings.Join(s, "\t")
	}
	if !o.tty {
		for _, r := range rows {
			fmt.Fprintln(o.w, line(r))
		}
		return
	}
	tw := tabwriter.NewWriter(o.w, 0, 0, 2, ' ', 0)
	if header != nil {
		h := make([]any, len(header))
		for i, c := range header {
			h[i] = styled(c)
		}
		fmt.Fprintln(tw, line(h))
	}
	for _, r := range rows {
		fmt.Fprintln(tw, line(r))
	}
	tw.Flush()
}

// writeJSON prints v as indented JSON with a final newline, without
// escaping <, > and & (commands and matchers are full of them).
func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

// printProblems prints diagnostics as path:line:col: severity: message
// [code], each with its hint.
func printProblems(o *out, problems []config.Problem, indent string) {
	for _, p := range problems {
		sev := styled(p.Severity)
		switch p.Severity {
		case config.SevError:
			sev = o.red(string(p.Severity))
		case config.SevWarning:
			sev = o.yellow(string(p.Severity))
		}
		o.printf("%s%s:%d:%d: %s: %s [%s]\n", indent, o.short(p.Path), p.Line, p.Column, sev, p.Message, p.Code)
		if p.Hint != "" {
			o.printf("%s  hint: %s\n", indent, p.Hint)
		}
	}
}

// warn prints a warning and its hint on stderr.
func warn(w io.Writer, msg, hint string) {
	fmt.Fprintf(w, "gh-hooks: warning: %s\n", visible.EscapeText(msg))
	if hint != "" {
		fmt.Fprintf(w, "hint: %s\n", visible.EscapeText(hint))
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
