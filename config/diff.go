package config

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/pmezard/go-difflib/difflib"
)

// noNewline is git's marker for a last line without a line end.
const noNewline = "\n\\ No newline at end of file\n"

// Diff returns a unified diff (3 lines of context) from old to new with
// git-style headers "--- a/<path>" and "+++ b/<path>" (a leading "/" of an
// absolute path is dropped, as git does). A nil old stands for a missing
// file and is shown as "--- /dev/null". A last line without a newline is
// followed by "\ No newline at end of file", so adding or removing the
// final newline shows up. A path with a control character, '"' or '\'
// is C-quoted as git quotes it ("a/x\ny"), so that a newline in a
// directory name cannot end the header line. Equal contents give "".
func Diff(path string, old, new []byte) string {
	name := strings.TrimPrefix(filepath.ToSlash(path), "/")
	from := gitQuote("a/" + name)
	if old == nil {
		from = "/dev/null"
	}
	s, _ := difflib.GetUnifiedDiffString(difflib.UnifiedDiff{
		A:        diffLines(old),
		B:        diffLines(new),
		FromFile: from,
		ToFile:   gitQuote("b/" + name),
		Context:  3,
	})
	return s
}

// diffLines splits b after each "\n", keeping the line ends (so CRLF and
// LF lines differ), and marks a last line that has no newline.
func diffLines(b []byte) []string {
	if len(b) == 0 {
		return nil
	}
	lines := strings.SplitAfter(string(b), "\n")
	if lines[len(lines)-1] == "" {
		return lines[:len(lines)-1]
	}
	lines[len(lines)-1] += noNewline
	return lines
}

// gitQuote quotes a diff header path the way git does (quote_c_style):
// unchanged unless it holds a byte below 0x20, 0x7f, '"' or a backslash; then
// in double quotes with \a \b \t \n \v \f \r \" \\ and octal escapes.
func gitQuote(s string) string {
	if !strings.ContainsFunc(s, func(r rune) bool { return r < 0x20 || r == 0x7f || r == '"' || r == '\\' }) {
		return s
	}
	var b strings.Builder
	b.WriteByte('"')
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '\a':
			b.WriteString(`\a`)
		case '\b':
			b.WriteString(`\b`)
		case '\t':
			b.WriteString(`\t`)
		case '\n':
			b.WriteString(`\n`)
		case '\v':
			b.WriteString(`\v`)
		case '\f':
			b.WriteString(`\f`)
		case '\r':
			b.WriteString(`\r`)
		case '"', '\\':
			b.WriteByte('\\')
			b.WriteByte(c)
		default:
			if c < 0x20 || c == 0x7f {
				fmt.Fprintf(&b, "\\%03o", c)
			} else {
				b.WriteByte(c)
			}
		}
	}
	b.WriteByte('"')
	return b.String()
}
