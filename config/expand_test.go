package config

import (
	"regexp"
	"strings"
	"testing"
)

// geminiEnvVar is Gemini's pattern (cli/utils/envVarResolver.ts), which
// Expand implements by hand. JavaScript's \w without the u flag is ASCII,
// like RE2's, and for this pattern RE2's leftmost-first matching picks
// what JavaScript's backtracking picks.
var geminiEnvVar = regexp.MustCompile(`\$(?:(\w+)|\{([^}]+?)(?::-([^}]*))?\})`)

// expandWithRegexp is Expand as it was written over Gemini's pattern
// before the scanner replaced it: every match is replaced by the set
// variable, else the default when the brace form has one, else itself.
func expandWithRegexp(s string, lookup Lookup) string {
	var b strings.Builder
	last := 0
	for _, g := range geminiEnvVar.FindAllStringSubmatchIndex(s, -1) {
		b.WriteString(s[last:g[0]])
		last = g[1]
		name := ""
		switch {
		case g[2] >= 0:
			name = s[g[2]:g[3]]
		case g[4] >= 0:
			name = s[g[4]:g[5]]
		}
		if v, ok := lookup(name); ok {
			b.WriteString(v)
		} else if g[6] >= 0 {
			b.WriteString(s[g[6]:g[7]])
		} else {
			b.WriteString(s[g[0]:g[1]])
		}
	}
	b.WriteString(s[last:])
	return b.String()
}

// FuzzExpand checks Expand against Gemini's regular expression:
//
//	go test -run '^$' -fuzz '^FuzzExpand$' -fuzztime 5m ./config/
func FuzzExpand(f *testing.F) {
	for _, s := range []string{"$HOME/x", "${HOME}", "${NOPE:-d}", "${:-x}", "${a:-b:-c}", "$", "${}", "${", "$$HOME", "a$1b", "${HOME:-}", "${ :- }", "$é", "${x}}", "$_a9-z"} {
		f.Add(s)
	}
	env := map[string]string{"HOME": "/h", "a": "A", "EMPTY": "", ":": "colon", " ": "space"}
	look := func(k string) (string, bool) { v, ok := env[k]; return v, ok }
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := Expand(s, look), expandWithRegexp(s, look); got != want {
			t.Fatalf("Expand(%q) = %q, Gemini's pattern gives %q", s, got, want)
		}
	})
}
