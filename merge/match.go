package merge

import (
	"strings"
	"sync"
	"time"

	"github.com/dlclark/regexp2"
)

// JSRegexp compiles a matcher as JavaScript's `new RegExp(m)` does: no
// flags, no anchors. regexp2's ECMAScript mode agrees with V8 on real
// matchers but accepts some syntax that JavaScript (without the u flag)
// rejects or reads differently (spec §13): inline flags such as (?i) are a
// syntax error in JavaScript, and \p{L} means the letters "p{L}". Those
// cases are handled here the JavaScript way.
//
// Compiled expressions are cached and shared: the result must not be
// modified.
func JSRegexp(m string) (*regexp2.Regexp, error) { return cachedRegexp(m) }

// compileJS compiles a matcher for JSRegexp.
func compileJS(m string) (*regexp2.Regexp, error) {
	if hasInlineFlags(m) {
		return nil, errInlineFlags
	}
	re, err := regexp2.Compile(jsIdentityEscapes(m), regexp2.ECMAScript)
	if err != nil {
		return nil, err
	}
	re.MatchTimeout = 2 * time.Second
	return re, nil
}

type regexError string

func (e regexError) Error() string { return string(e) }

const errInlineFlags = regexError("invalid group: inline flags such as (?i) are not JavaScript syntax")

// hasInlineFlags finds "(?" followed by something other than the groups
// JavaScript knows: (?:, (?=, (?!, (?<=, (?<!, (?<name>.
func hasInlineFlags(m string) bool {
	for i := 0; i < len(m); i++ {
		switch m[i] {
		case '\\':
			i++
		case '(':
			if i+2 < len(m) && m[i+1] == '?' {
				c := m[i+2]
				if c != ':' && c != '=' && c != '!' && c != '<' {
					return true
				}
			}
		}
	}
	return false
}

// jsIdentityEscapes rewrites \p and \P (identity escapes in JavaScript
// without the u flag) to the plain letters.
func jsIdentityEscapes(m string) string {
	if !strings.Contains(m, `\p`) && !strings.Contains(m, `\P`) {
		return m
	}
	var b strings.Builder
	for i := 0; i < len(m); i++ {
		if m[i] == '\\' && i+1 < len(m) {
			if m[i+1] == 'p' || m[i+1] == 'P' {
				b.WriteByte(m[i+1])
			} else {
				b.WriteString(m[i : i+2])
			}
			i++
			continue
		}
		b.WriteByte(m[i])
	}
	return b.String()
}

// jsTrim is String.prototype.trim: Unicode white space, line terminators
// and U+FEFF.
func jsTrim(s string) string {
	return strings.TrimFunc(s, func(r rune) bool {
		switch r {
		case '\t', '\n', '\v', '\f', '\r', ' ', 0xa0, 0x1680, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000, 0xfeff:
			return true
		}
		return r >= 0x2000 && r <= 0x200a
	})
}

// MatchTool reports whether a matcher string selects a tool name, as
// HookPlanner.matchesToolName does: an unanchored JavaScript regex, or an
// exact comparison when the regex is invalid (spec §4). The matcher must
// already be trimmed and not be "" or "*".
func MatchTool(matcher, tool string) bool {
	re, err := cachedRegexp(matcher)
	if err != nil {
		return matcher == tool
	}
	ok, err := re.MatchString(tool)
	return err == nil && ok
}

// regexpCache holds compiled matchers for JSRegexp. Compiling is what
// planning and validation spend their time on (validation matches every
// matcher against every known tool name, and regexp2.Compile costs tens
// of microseconds), while a config holds few distinct matchers. A
// *regexp2.Regexp is safe for concurrent use. The cache stops growing at
// maxCachedRegexps entries so a long-lived caller cannot grow it without
// bound.
var regexpCache = struct {
	sync.Mutex
	m map[string]cachedRE
}{m: map[string]cachedRE{}}

type cachedRE struct {
	re  *regexp2.Regexp
	err error
}

const maxCachedRegexps = 4096

// cachedRegexp is compileJS with a cache; the result must not be modified.
func cachedRegexp(m string) (*regexp2.Regexp, error) {
	regexpCache.Lock()
	c, ok := regexpCache.m[m]
	regexpCache.Unlock()
	if ok {
		return c.re, c.err
	}
	re, err := compileJS(m)
	regexpCache.Lock()
	if len(regexpCache.m) < maxCachedRegexps {
		regexpCache.m[m] = cachedRE{re, err}
	}
	regexpCache.Unlock()
	return re, err
}

// Context is what an event is fired with.
type Context struct {
	Tool    string
	Trigger string
}

// matches is HookPlanner.matchesContext (spec §4). ok is false when the
// planner would throw (a truthy non-string matcher with a context).
func (h *Hook) matches(event string, ctx *Context) (match, ok bool) {
	if h.MatcherNode == nil || !h.MatcherNode.Truthy() || ctx == nil {
		return true, true
	}
	if !h.MatcherNode.IsString() {
		return false, false
	}
	m := jsTrim(h.Matcher)
	if m == "" || m == "*" {
		return true, true
	}
	if ctx.Tool != "" {
		return MatchTool(m, ctx.Tool), true
	}
	if ctx.Trigger != "" {
		return m == ctx.Trigger, true // exact, no regex
	}
	return true, true
}
