package cli

import (
	"io"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/urfave/cli/v3"
)

// Help is urfave/cli's, wrapped to the terminal's width (80 columns when
// it is not a terminal). The descriptions in the command definitions are
// written as paragraphs broken at about 100 columns; helpPrinter joins
// each paragraph's lines again before urfave/cli wraps it, so that the
// text reflows to any width. Indented lines (lists, examples) are kept as
// they are, and a line that starts with a tab in the source is
// preformatted (an example, YAML): it is printed indented by two spaces
// and never wrapped, so it must fit 60 columns (TestHelpWidth).

var helpOnce sync.Once

// installHelpPrinter makes urfave/cli print help through helpPrinter.
// urfave/cli only offers a package variable for this; it is set once, and
// the width comes from the command being printed.
func installHelpPrinter() {
	helpOnce.Do(func() {
		cli.HelpPrinter = helpPrinter
		cli.UsageCommandHelp = "show the commands, or the help of one (help trust audit)"
	})
}

// widthKey is the root command's Metadata key for the help width.
const widthKey = "gh-hooks.width"

func helpPrinter(w io.Writer, templ string, data any) {
	width, flagCol := 80, 0
	if c, ok := data.(*cli.Command); ok {
		if v, ok := c.Root().Metadata[widthKey].(int); ok && v > 0 {
			width = v
		}
		c.Description = reflow(c.Description)
		usage := c.UsageText
		if !allSynopses(usage) {
			usage = reflow(usage)
		}
		c.UsageText = wrapUsage(usage, width-3)
		// The flag lines are "   NAME\tUSAGE", aligned by a tabwriter
		// with a padding of 2: the usage starts after the longest name
		// (of this command's flags or of the global ones).
		for _, fs := range [][]cli.Flag{c.VisibleFlags(), c.Root().VisibleFlags()} {
			for _, f := range fs {
				name, _, _ := strings.Cut(f.String(), "\t")
				flagCol = max(flagCol, 3+utf8.RuneCountInString(name)+2)
			}
		}
	}
	cli.HelpPrinterCustom(w, templ, data, map[string]any{
		"wrap": func(text string, offset int) string {
			if name, usage, ok := strings.Cut(text, "\t"); ok && !strings.Contains(text, "\n") && name != "" {
				return name + "\t" + wrapFlag(usage, width-flagCol)
			}
			return wrap(text, offset, width)
		},
	})
	if c, ok := data.(*cli.Command); ok {
		io.WriteString(w, examplesHelp(commandPath(c)))
	}
}

// commandPath is c's full name without "gh-hooks": "trust audit", or ""
// for gh-hooks itself.
func commandPath(c *cli.Command) string {
	return strings.TrimPrefix(strings.TrimPrefix(c.FullName(), "gh-hooks"), " ")
}

// wrapUsage breaks each synopsis line of usage ("gh-hooks CMD [...] ...")
// that is longer than room between its bracketed groups, never inside
// one, and continues it under its first argument, as man pages lay out a
// synopsis. Other lines (examples after the synopsis) are left to wrap.
func wrapUsage(usage string, room int) string {
	lines := strings.Split(usage, "\n")
	for i, l := range lines {
		if !strings.HasPrefix(l, "gh-hooks ") || utf8.RuneCountInString(l) <= room {
			continue
		}
		groups := usageGroups(l)
		// The command words are the groups before the first argument.
		hang := 0
		for _, g := range groups {
			if strings.ContainsAny(g[:1], "[(-<") || strings.ToUpper(g) == g {
				break
			}
			hang += utf8.RuneCountInString(g) + 1
		}
		if hang > room/2 {
			hang = 4
		}
		var b strings.Builder
		col := 0
		for j, g := range groups {
			n := utf8.RuneCountInString(g)
			switch {
			case j == 0:
			case col+1+n > room && col > hang:
				b.WriteString("\n" + strings.Repeat(" ", hang))
				col = hang
			default:
				b.WriteByte(' ')
				col++
			}
			b.WriteString(g)
			col += n
		}
		lines[i] = b.String()
	}
	return strings.Join(lines, "\n")
}

// allSynopses reports whether every line of usage is a synopsis of its own
// ("gh-hooks CMD ..."), kept apart as man pages keep them.
func allSynopses(usage string) bool {
	for _, l := range strings.Split(usage, "\n") {
		if !strings.HasPrefix(l, "gh-hooks ") {
			return false
		}
	}
	return true
}

// usageGroups splits a synopsis at the spaces outside brackets and
// parentheses: "[--scope project|user]" stays one group.
func usageGroups(l string) []string {
	var groups []string
	depth, start := 0, 0
	for i, r := range l {
		switch {
		case r == '[' || r == '(':
			depth++
		case r == ']' || r == ')':
			depth--
		case r == ' ' && depth <= 0:
			if i > start {
				groups = append(groups, l[start:i])
			}
			start = i + 1
		}
	}
	if start < len(l) {
		groups = append(groups, l[start:])
	}
	return groups
}

// wrapFlag breaks a flag's usage into lines of at most room columns; each
// further line starts with a tab, so that the tabwriter puts it in the
// usage column too.
func wrapFlag(usage string, room int) string {
	if room < 20 || utf8.RuneCountInString(usage) <= room {
		return usage
	}
	var lines []string
	for utf8.RuneCountInString(usage) > room {
		i := lastSpaceBefore(usage, room)
		if i <= 0 {
			// A word longer than the line stands alone on it.
			if i = strings.IndexByte(usage, ' '); i < 0 {
				break
			}
		}
		lines = append(lines, usage[:i])
		usage = strings.TrimLeft(usage[i:], " ")
	}
	lines = append(lines, usage)
	return strings.Join(lines, "\n   \t")
}

// reflow joins the lines of each paragraph of text into one line. In an
// indented list ("  name   what it does"), a line indented to the text
// column of the line above continues it and is joined to it too; other
// indented lines are kept as they are.
func reflow(text string) string {
	if !strings.Contains(text, "\n") {
		return text
	}
	lines := strings.Split(text, "\n")
	out := lines[:1]
	for _, l := range lines[1:] {
		prev := out[len(out)-1]
		switch {
		case l == "" || prev == "":
		case !indented(l) && !indented(prev):
			out[len(out)-1] = prev + " " + l
			continue
		case indented(l) && indented(prev) && lead(l) > lead(prev) && lead(l) == textColumn(prev):
			out[len(out)-1] = prev + " " + strings.TrimLeft(l, " ")
			continue
		}
		out = append(out, l)
	}
	return strings.Join(out, "\n")
}

func indented(l string) bool { return strings.HasPrefix(l, " ") || strings.HasPrefix(l, "\t") }

// lead is the number of spaces l starts with.
func lead(l string) int { return len(l) - len(strings.TrimLeft(l, " ")) }

// textColumn is where the text of an indented line starts: after the gap
// of two or more spaces that follows a list item's name, else after its
// indentation.
func textColumn(l string) int {
	n := lead(l)
	if i := strings.Index(l[n:], "  "); i > 0 {
		j := n + i
		for j < len(l) && l[j] == ' ' {
			j++
		}
		return j
	}
	return n
}

// wrap breaks each line of text at spaces so that, printed at column
// offset, it ends before column width; every line but the first is
// prefixed with offset spaces (urfave/cli's contract for its "wrap"
// template function). Unlike urfave/cli's own wrap it keeps a line's
// inner spacing, and continues an indented line under its text: under
// the second column of a "  name  what it does" line, else under its
// first character.
func wrap(text string, offset, width int) string {
	pad := strings.Repeat(" ", offset)
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		if pre, ok := strings.CutPrefix(l, "\t"); ok {
			// Preformatted: indented, never wrapped.
			if i > 0 {
				pre = pad + "  " + pre
			} else {
				pre = "  " + pre
			}
			lines[i] = pre
			continue
		}
		if i > 0 && l != "" {
			l = pad + l
		}
		lines[i] = wrapLine(l, offset, width, pad)
	}
	return strings.Join(lines, "\n")
}

func wrapLine(l string, offset, width int, pad string) string {
	start := 0
	if offset > 0 && strings.HasPrefix(l, pad) {
		start = offset // the padding wrap added
	}
	room := width - offset
	if room < 20 || utf8.RuneCountInString(l[start:]) <= room {
		return l
	}
	body := l[start:]
	hang := lead(body)
	if c := textColumn(body); hang > 0 && c < room/2 {
		hang = c
	}
	var b strings.Builder
	b.WriteString(l[:start])
	col := 0
	for col < len(body) {
		rest := body[col:]
		limit := room
		if col > 0 {
			limit = room - hang
			b.WriteString("\n" + pad + strings.Repeat(" ", hang))
			rest = strings.TrimLeft(rest, " ")
			col = len(body) - len(rest)
		}
		if utf8.RuneCountInString(rest) <= limit {
			b.WriteString(rest)
			break
		}
		cutAt := lastSpaceBefore(rest, limit)
		if cutAt <= 0 {
			cutAt = strings.IndexByte(rest, ' ') // a word longer than the line
			if cutAt < 0 {
				b.WriteString(rest)
				break
			}
		}
		b.WriteString(strings.TrimRight(rest[:cutAt], " "))
		col += cutAt
	}
	return b.String()
}

// lastSpaceBefore is the byte index of the last space among the first n
// runes of s that has text before it, or -1.
func lastSpaceBefore(s string, n int) int {
	last, runes := -1, 0
	for i, r := range s {
		if runes > n {
			break
		}
		if r == ' ' && i > 0 && s[i-1] != ' ' {
			last = i
		}
		runes++
	}
	return last
}
