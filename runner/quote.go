package runner

import (
	"strings"

	"github.com/gh-hooks/gh-hooks/internal/lazyre"
)

// jsSpace is JavaScript's \s: WhiteSpace and LineTerminator code points.
const jsSpace = "\t\n\v\f\r \u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff"

var (
	quoteSpecial = lazyre.New(`([A-Za-z]:)?([#!"$&'()*,:;<=>?@\[\\\]^` + "`" + `{|}])`)
	quoteDouble  = lazyre.New("([\"\\\\$`!])")
)

// ShellQuote quotes one argument exactly as npm shell-quote 1.8.3's
// quote([s]) does, which Gemini uses for bash (escapeShellArg,
// core/utils/shell-utils.ts; spec §5.3):
//   - the empty string becomes a pair of single quotes
//   - a value with a double quote, backslash or whitespace and no single
//     quote is wrapped in single quotes
//   - a value with a single quote, double quote or whitespace is wrapped in
//     double quotes with " \ $ ` ! backslash-escaped
//   - otherwise each of #!"$&'()*,:;<=>?@[\]^`{|} is backslash-escaped,
//     except that a drive prefix like "C:" keeps its colon unescaped.
//
// Whitespace means JavaScript's \s, including U+00A0 and U+FEFF.
func ShellQuote(s string) string {
	if s == "" {
		return "''"
	}
	hasSpace := strings.ContainsAny(s, jsSpace)
	hasSingle := strings.Contains(s, "'")
	if (hasSpace || strings.ContainsAny(s, `"\`)) && !hasSingle {
		return "'" + s + "'"
	}
	if hasSpace || hasSingle || strings.Contains(s, `"`) {
		return `"` + quoteDouble.Get().ReplaceAllString(s, `\$1`) + `"`
	}
	return quoteSpecial.Get().ReplaceAllString(s, `$1\$2`)
}

// EscapeShellArg is Gemini's bash escapeShellArg: an empty value becomes
// the empty string (not ”), anything else ShellQuote.
func EscapeShellArg(s string) string {
	if s == "" {
		return ""
	}
	return ShellQuote(s)
}

// ExpandCommand applies Gemini's textual pass over a hook command before
// the shell sees it (hookRunner.ts expandCommand; spec §5.3): $GEMINI_PROJECT_DIR
// and $GEMINI_CWD become the shell-quoted cwd, $GEMINI_PLANS_DIR the quoted
// plans directory, $GEMINI_SESSION_ID the quoted session id and
// $CLAUDE_PROJECT_DIR the quoted cwd, in that order, every occurrence.
//
// Quirks kept on purpose: the match is a prefix ($GEMINI_PROJECT_DIRX
// becomes '<cwd>'X); ${GEMINI_PROJECT_DIR} is left for the shell; and
// inside double quotes the inserted single quotes are literal, so
// "$GEMINI_PROJECT_DIR/x" breaks for a path with a space.
func ExpandCommand(command, cwd, plansDir, sessionID string) string {
	qc := EscapeShellArg(cwd)
	command = strings.ReplaceAll(command, "$GEMINI_PROJECT_DIR", qc)
	command = strings.ReplaceAll(command, "$GEMINI_CWD", qc)
	command = strings.ReplaceAll(command, "$GEMINI_PLANS_DIR", EscapeShellArg(plansDir))
	command = strings.ReplaceAll(command, "$GEMINI_SESSION_ID", EscapeShellArg(sessionID))
	return strings.ReplaceAll(command, "$CLAUDE_PROJECT_DIR", qc)
}
