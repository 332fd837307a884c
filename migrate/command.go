package migrate

import (
	"strings"

	"github.com/gh-hooks/gh-hooks/internal/shellword"

	"github.com/gh-hooks/gh-hooks/internal/lazyre"
)

// placeholder is a Claude variable the command rewrite replaces.
type placeholder struct {
	name string
	// braced is the text used inside quotes; bare the text used outside
	// quotes (quoted, so that a path with spaces stays one word).
	braced, bare string
	// rename keeps ${NAME<op>…} parameter expansions working by renaming.
	rename string
}

// projectDir rewrites $CLAUDE_PROJECT_DIR to the braced Gemini form. Gemini
// textually replaces a bare $GEMINI_PROJECT_DIR (and $CLAUDE_PROJECT_DIR)
// with a single-quoted path before the shell runs, which breaks inside
// double quotes ("$GEMINI_PROJECT_DIR/x" → "'/my dir'/x"); the braced form
// is left to the shell, which reads the exported variable (spec §5.3). Gemini
// also expands ${NAME} in settings at load time when NAME is set in its own
// environment (spec §1.5); GEMINI_PROJECT_DIR is normally unset there.
var projectDir = placeholder{name: "CLAUDE_PROJECT_DIR",
	braced: "${GEMINI_PROJECT_DIR}", bare: `"${GEMINI_PROJECT_DIR}"`, rename: "${GEMINI_PROJECT_DIR"}

// extensionRoot rewrites ${CLAUDE_PLUGIN_ROOT} for a Gemini extension, which
// hydrates ${extensionPath} textually when it loads hooks/hooks.json.
var extensionRoot = placeholder{name: "CLAUDE_PLUGIN_ROOT",
	braced: "${extensionPath}", bare: `"${extensionPath}"`}

// literalRoot rewrites ${CLAUDE_PLUGIN_ROOT} to a fixed directory, for
// plugin hooks migrated into a settings file.
func literalRoot(dir string) placeholder {
	return placeholder{name: "CLAUDE_PLUGIN_ROOT", braced: dir, bare: shellword.Quote(dir)}
}

func isIdent(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// rewriteVars replaces every form of the placeholders in a shell command:
// $NAME, ${NAME}, "$NAME"/x, "$NAME/x" and ${NAME:-…}. It follows shell
// quoting: outside quotes the replacement is itself quoted; inside double
// or single quotes the braced form is inserted (Claude substitutes
// ${NAME} textually everywhere, and a nested shell expands it inside single
// quotes). A backslash-escaped $ is left alone. It returns the new command
// and whether anything changed.
func rewriteVars(cmd string, ps ...placeholder) (string, bool) {
	var b strings.Builder
	const (
		none = iota
		single
		double
	)
	state, changed := none, false
	for i := 0; i < len(cmd); i++ {
		c := cmd[i]
		switch {
		case c == '\\' && state != single && i+1 < len(cmd):
			b.WriteByte(c)
			b.WriteByte(cmd[i+1])
			i++
			continue
		case c == '\'' && state == none:
			state = single
		case c == '\'' && state == single:
			state = none
		case c == '"' && state == none:
			state = double
		case c == '"' && state == double:
			state = none
		case c == '$':
			if n, rep, ok := matchPlaceholder(cmd[i:], state == none, ps); ok {
				b.WriteString(rep)
				i += n - 1
				changed = true
				continue
			}
		}
		b.WriteByte(c)
	}
	return b.String(), changed
}

// matchPlaceholder checks s (starting at $) for one of ps and returns the
// length consumed and the replacement.
func matchPlaceholder(s string, unquoted bool, ps []placeholder) (int, string, bool) {
	for _, p := range ps {
		pick := p.braced
		if unquoted {
			pick = p.bare
		}
		switch {
		case strings.HasPrefix(s, "${"+p.name+"}"):
			return len(p.name) + 3, pick, true
		case strings.HasPrefix(s, "${"+p.name) && len(s) > len(p.name)+2 && strings.ContainsRune(":-=+?#%", rune(s[len(p.name)+2])):
			if p.rename == "" {
				return 0, "", false
			}
			return len(p.name) + 2, p.rename, true
		case strings.HasPrefix(s, "$"+p.name) && (len(s) == len(p.name)+1 || !isIdent(s[len(p.name)+1])):
			return len(p.name) + 1, pick, true
		}
	}
	return 0, "", false
}

var claudeVar = lazyre.New(`\$\{?(CLAUDE_[A-Z0-9_]*[A-Z0-9])`)

// claudeVars lists the CLAUDE_* variables still named in cmd, sorted and
// without duplicates.
func claudeVars(cmd string) []string {
	var out []string
	for _, m := range claudeVar.Get().FindAllStringSubmatch(cmd, -1) {
		out = appendOnce(out, m[1])
	}
	return sortedCopy(out)
}

// foldArgs turns Claude's exec form (command plus args, no shell) into one
// shell command: each element becomes one single-quoted word, except the
// path placeholders, which are left for rewriteVars to quote.
func foldArgs(command string, args []string) string {
	words := []string{foldWord(command)}
	for _, a := range args {
		words = append(words, foldWord(a))
	}
	return strings.Join(words, " ")
}

var execPlaceholder = lazyre.New(`\$\{CLAUDE_(?:PROJECT_DIR|PLUGIN_ROOT|PLUGIN_DATA)\}`)

func foldWord(s string) string {
	if s == "" {
		return "''"
	}
	var b strings.Builder
	last := 0
	for _, loc := range execPlaceholder.Get().FindAllStringIndex(s, -1) {
		if loc[0] > last {
			b.WriteString(shellword.Quote(s[last:loc[0]]))
		}
		b.WriteString(s[loc[0]:loc[1]])
		last = loc[1]
	}
	if last < len(s) {
		b.WriteString(shellword.Quote(s[last:]))
	}
	return b.String()
}
