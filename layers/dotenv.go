package layers

import (
	"strings"
	"unicode/utf8"

	"github.com/gh-hooks/gh-hooks/internal/lazyre"
)

// EnvVar is one KEY=VALUE of a .env file as dotenv.parse reads it.
type EnvVar struct {
	Key   string `json:"key"`
	Value string `json:"value"`
	// Line and Column are where the key is (1-based; columns count
	// characters), the last time the file sets it: dotenv keeps the last.
	Line   int `json:"line"`
	Column int `json:"column"`
}

// jsSpace is JavaScript's \s (and what String.prototype.trim removes):
// Go's \s knows only ASCII spaces, so a U+00A0 or U+FEFF (a byte-order
// mark) would read differently.
const jsSpace = `[\t\n\v\f\r \x{a0}\x{1680}\x{2000}-\x{200a}\x{2028}\x{2029}\x{202f}\x{205f}\x{3000}\x{feff}]`

// dotenvLine is dotenv 17.1.0's LINE (lib/main.js, bundled in Gemini CLI
// 0.61.0's chunk with loadEnvironment):
//
//	/(?:^|^)\s*(?:export\s+)?([\w.-]+)(?:\s*=\s*?|:\s+?)(\s*'(?:\\'|[^'])*'|\s*"(?:\\"|[^"])*"|\s*`(?:\\`|[^`])*`|[^#\r\n]+)?\s*(?:#.*)?(?:$|$)/mg
//
// with JavaScript's \s and "." spelled out. Go's regexp picks the match a
// backtracking engine picks (leftmost-first), as JavaScript's does.
var dotenvLine = lazyre.New(`(?m)^` + jsSpace + `*(?:export` + jsSpace + `+)?([\w.-]+)(?:` + jsSpace + `*=` + jsSpace + `*?|:` + jsSpace + `+?)(` +
	jsSpace + `*'(?:\\'|[^'])*'|` + jsSpace + `*"(?:\\"|[^"])*"|` + jsSpace + "*`(?:\\\\`|[^`])*`|[^#\\r\\n]+)?" +
	jsSpace + `*(?:#[^\n\r\x{2028}\x{2029}]*)?$`)

// dotenvQuotes is `value.replace(/^(['"`])([\s\S]*)\1$/mg, "$2")` without
// the back-reference: the first character decides the quote, so one
// alternative per quote is the same pattern.
var dotenvQuotes = lazyre.New("(?m)^(?:'([\\s\\S]*)'$|\"([\\s\\S]*)\"$|`([\\s\\S]*)`$)")

// ParseDotenv reads a .env file as dotenv.parse (dotenv 17.1.0, which
// Gemini CLI 0.61.0 bundles) does: `KEY=value`, `KEY: value`, an `export `
// prefix, '…', "…" (where \n and \r become a newline and a return) and
// `…` values that may span lines, a # comment after an unquoted value, a
// key set twice keeps its last value. Lines it cannot read are skipped,
// as dotenv skips them. exact is false when the file holds a U+2028 or
// U+2029: JavaScript's ^ and $ end a line there and Go's do not, so the
// result may differ from Gemini's (callers say so).
//
// Invalid UTF-8 becomes U+FFFD per byte (Node's decoder replaces each
// maximal bad sequence with one U+FFFD: only such values can differ).
func ParseDotenv(data []byte) (vars []EnvVar, exact bool) {
	src := string(data)
	if !utf8.ValidString(src) {
		src = strings.ToValidUTF8(src, "\uFFFD")
	}
	exact = !strings.ContainsAny(src, "\u2028\u2029")
	// lines = lines.replace(/\r\n?/mg, '\n'): positions stay right for
	// \r\n files; a lone \r starts a line, as it does for dotenv.
	src = strings.ReplaceAll(src, "\r\n", "\n")
	src = strings.ReplaceAll(src, "\r", "\n")
	at := map[string]int{}
	line, lineStart, scanned := 1, 0, 0
	for _, m := range dotenvLine.Get().FindAllStringSubmatchIndex(src, -1) {
		key := src[m[2]:m[3]]
		value := ""
		if m[4] >= 0 {
			value = src[m[4]:m[5]]
		}
		value = strings.TrimFunc(value, isJSSpace)
		quote := byte(0)
		if value != "" {
			quote = value[0]
		}
		value = dotenvQuotes.Get().ReplaceAllStringFunc(value, func(s string) string {
			return s[1 : len(s)-1]
		})
		if quote == '"' {
			value = strings.ReplaceAll(value, `\n`, "\n")
			value = strings.ReplaceAll(value, `\r`, "\r")
		}
		for ; scanned < m[2]; scanned++ {
			if src[scanned] == '\n' {
				line++
				lineStart = scanned + 1
			}
		}
		v := EnvVar{Key: key, Value: value, Line: line, Column: utf8.RuneCountInString(src[lineStart:m[2]]) + 1}
		if i, ok := at[key]; ok {
			vars[i] = v
			continue
		}
		at[key] = len(vars)
		vars = append(vars, v)
	}
	return vars, exact
}

// isJSSpace is JavaScript's white space and line terminators, what trim
// removes.
func isJSSpace(r rune) bool {
	switch r {
	case '\t', '\n', '\v', '\f', '\r', ' ', 0xa0, 0x1680, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000, 0xfeff:
		return true
	}
	return r >= 0x2000 && r <= 0x200a
}

// dotenvMap is the parsed file as the object dotenv.parse returns.
func dotenvMap(vars []EnvVar) map[string]string {
	out := make(map[string]string, len(vars))
	for _, v := range vars {
		out[v.Key] = v.Value
	}
	return out
}
