// Package shellword quotes strings for POSIX shells, for the commands that
// gh-hooks prints in hints and messages (for example "run gh-hooks trust
// approve 'my hook'"), and reads the backslashes of an unquoted word. It
// is not Gemini's quoting of the project directory: that is
// runner.ShellQuote, which copies npm's shell-quote.
package shellword

import "strings"

// Quote returns s as one shell word: unchanged when it is non-empty and
// has only characters no shell treats specially, else in single quotes
// with embedded single quotes written as '\”.
func Quote(s string) string {
	if s != "" && strings.IndexFunc(s, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("-_./=:@%+,", r))
	}) < 0 {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// Unescape removes the backslashes of an unquoted literal as bash does:
// "\\x" is "x", and a backslash before a newline joins the lines. A
// trailing lone backslash stays.
func Unescape(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) {
			i++
			if s[i] == '\n' {
				continue
			}
		}
		b.WriteByte(s[i])
	}
	return b.String()
}
