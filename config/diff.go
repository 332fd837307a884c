package config

import (
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
// final newline shows up. Equal contents give "".
func Diff(path string, old, new []byte) string {
	name := strings.TrimPrefix(filepath.ToSlash(path), "/")
	from := "a/" + name
	if old == nil {
		from = "/dev/null"
	}
	s, _ := difflib.GetUnifiedDiffString(difflib.UnifiedDiff{
		A:        diffLines(old),
		B:        diffLines(new),
		FromFile: from,
		ToFile:   "b/" + name,
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
