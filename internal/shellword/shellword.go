// Package shellword quotes strings for POSIX shells, for the commands that
// gh-hooks prints in hints and messages (for example "run gh-hooks trust
// approve 'my hook'"). It is not Gemini's quoting of the project
// directory: that is runner.ShellQuote, which copies npm's shell-quote.
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
