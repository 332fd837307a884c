package merge

import (
	"fmt"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/dlclark/regexp2"
)

// JSRegexp compiles a matcher as JavaScript's `new RegExp(m)` does: no
// flags, no anchors. regexp2's ECMAScript mode agrees with V8 on real
// matchers but accepts some syntax that JavaScript (without the u flag)
// rejects or reads differently (spec §13): inline flags such as (?i) are a
// syntax error in JavaScript, \p{L} means the letters "p{L}", and more
// (see jsToRegexp2). Those cases are handled here the JavaScript way;
// TestMatchToolAgainstNode holds the recorded answers of Node.
//
// Compiled expressions are cached and shared: the result must not be
// modified.
func JSRegexp(m string) (*regexp2.Regexp, error) { return cachedRegexp(m) }

// compileJS compiles a matcher for JSRegexp.
func compileJS(m string) (*regexp2.Regexp, error) {
	src, err := jsToRegexp2(m)
	if err != nil {
		return nil, err
	}
	re, err := regexp2.Compile(src, regexp2.ECMAScript)
	if err != nil {
		return nil, err
	}
	re.MatchTimeout = 2 * time.Second
	return re, nil
}

type regexError string

func (e regexError) Error() string { return string(e) }

const errInlineFlags = regexError("invalid group: inline flags such as (?i) are not JavaScript syntax")

// errNothingToRepeat is JavaScript's SyntaxError for a quantified
// assertion such as ^*, $+ or \b{2}.
const errNothingToRepeat = regexError("nothing to repeat: an assertion (^, $, \\b, \\B, a lookbehind) cannot take a quantifier in JavaScript")

// jsToRegexp2 rewrites the JavaScript syntax (without the u flag, with the
// web-compatibility rules of Annex B that Node applies) that regexp2's
// ECMAScript mode reads otherwise, as found by comparing both on 136,000
// matcher/tool pairs:
//
//   - an escaped letter that JavaScript does not define (\A, \z, \Z, \G,
//     \e, \a, \p, \P, \Q, \h, ... and \k without named groups) is the
//     letter itself, as are \x and \u without their hex digits;
//   - \c not followed by a letter is a backslash and a c;
//   - inside a class, [ is an ordinary character ([[:alpha:]] is the class
//     "[:alph" then a "]", not a POSIX class);
//   - \1 to \9... beyond the number of groups are octal escapes (\1 is
//     U+0001, \07 U+0007) or, for 8 and 9, the digit itself;
//   - \b and \B look at ASCII word characters only (regexp2 counts é as
//     one);
//   - inside a class, \c followed by a digit or _ is a control character;
//   - an inline flag group such as (?i) is a SyntaxError, but only outside
//     a class ([(?i)] is a class of four characters);
//   - a quantifier right after ^, $, \b, \B or a lookbehind group is a
//     SyntaxError (so Gemini compares the matcher literally).
func jsToRegexp2(m string) (string, error) {
	if !strings.ContainsAny(m, `\[^$(`) {
		return m, nil
	}
	groups, named := captureGroups(m)
	var b strings.Builder
	inClass, assertion := false, false
	var lookbehind []bool // per open group: is it (?<= or (?<!
	for i := 0; i < len(m); i++ {
		c := m[i]
		if assertion && quantifierAt(m[i:]) {
			return "", errNothingToRepeat
		}
		assertion = false
		switch {
		case c == '\\' && i+1 < len(m):
			i++
			e := m[i]
			switch {
			case e >= '1' && e <= '9' || e == '0' && i+1 < len(m) && isDigit(m[i+1]):
				j := i
				for j < len(m) && isDigit(m[j]) {
					j++
				}
				if n, err := strconv.Atoi(m[i:j]); err == nil && n <= groups && !inClass && e != '0' {
					b.WriteString(m[i-1 : j]) // a backreference
				} else {
					j = legacyOctal(&b, m, i)
				}
				i = j - 1
			case e == 'c' && inClass && i+1 < len(m) && (isDigit(m[i+1]) || m[i+1] == '_'):
				i++
				fmt.Fprintf(&b, `\x%02x`, m[i]%32) // Annex B's ClassControlLetter
			case e == 'c' && (i+1 >= len(m) || !isLetter(m[i+1])):
				b.WriteString(`\\c`)
			case e == 'k' && !named:
				b.WriteByte('k')
			case e == 'x' && !hexAt(m[i+1:], 2), e == 'u' && !hexAt(m[i+1:], 4):
				b.WriteByte(e)
			case isLetter(e) && !strings.ContainsRune("bBdDwWsSfnrtvcxuk", rune(e)):
				b.WriteByte(e)
			case !inClass && e == 'b':
				b.WriteString(asciiWordBoundary)
				assertion = true
			case !inClass && e == 'B':
				b.WriteString(asciiNotWordBoundary)
				assertion = true
			default:
				b.WriteByte('\\')
				b.WriteByte(e)
			}
		case inClass && c == '[':
			b.WriteString(`\[`)
		case inClass && c == ']':
			inClass = false
			b.WriteByte(c)
		case !inClass && c == '[':
			inClass = true
			b.WriteByte(c)
			if strings.HasPrefix(m[i+1:], "^]") || strings.HasPrefix(m[i+1:], "]") {
				// [] and [^]: the ] closes the class at once in JavaScript.
				j := strings.IndexByte(m[i+1:], ']') + i + 1
				b.WriteString(m[i+1 : j+1])
				i = j
				inClass = false
			}
		case !inClass && (c == '^' || c == '$'):
			b.WriteByte(c)
			assertion = true
		case !inClass && c == '(':
			if inlineFlags(m[i+1:]) {
				return "", errInlineFlags
			}
			lookbehind = append(lookbehind, strings.HasPrefix(m[i+1:], "?<=") || strings.HasPrefix(m[i+1:], "?<!"))
			b.WriteByte(c)
		case !inClass && c == ')':
			if n := len(lookbehind); n > 0 {
				assertion = lookbehind[n-1]
				lookbehind = lookbehind[:n-1]
			}
			b.WriteByte(c)
		default:
			b.WriteByte(c)
		}
	}
	return b.String(), nil
}

// inlineFlags reports whether a group opening before rest is "(?" followed
// by something other than the groups JavaScript knows: (?:, (?=, (?!,
// (?<=, (?<!, (?<name>. Inside a class, "(?i)" is four characters, so
// jsToRegexp2 asks only outside classes.
func inlineFlags(rest string) bool {
	return len(rest) >= 2 && rest[0] == '?' && !strings.ContainsRune(":=!<", rune(rest[1]))
}

// JavaScript's \b and \B, whose word characters are [A-Za-z0-9_].
const (
	asciiWordBoundary    = `(?:(?<=[A-Za-z0-9_])(?![A-Za-z0-9_])|(?<![A-Za-z0-9_])(?=[A-Za-z0-9_]))`
	asciiNotWordBoundary = `(?:(?<=[A-Za-z0-9_])(?=[A-Za-z0-9_])|(?<![A-Za-z0-9_])(?![A-Za-z0-9_]))`
)

// legacyOctal writes the Annex B reading of the escape whose digits start
// at m[i] (a \N that is not a backreference): up to three octal digits
// with a value below 0400 are one character, 8 and 9 are themselves. It
// returns the index after what it consumed.
func legacyOctal(b *strings.Builder, m string, i int) int {
	if m[i] == '8' || m[i] == '9' {
		b.WriteByte(m[i])
		return i + 1
	}
	v, j := 0, i
	for j < len(m) && j < i+3 && m[j] >= '0' && m[j] <= '7' && v*8+int(m[j]-'0') <= 0o377 {
		v = v*8 + int(m[j]-'0')
		j++
	}
	fmt.Fprintf(b, `\x%02x`, v)
	return j
}

// captureGroups counts the capturing groups of a JavaScript pattern and
// reports whether any is named.
func captureGroups(m string) (n int, named bool) {
	inClass := false
	for i := 0; i < len(m); i++ {
		switch c := m[i]; {
		case c == '\\':
			i++
		case inClass:
			inClass = c != ']'
		case c == '[':
			inClass = true
		case c == '(':
			rest := m[i+1:]
			switch {
			case !strings.HasPrefix(rest, "?"):
				n++
			case strings.HasPrefix(rest, "?<") && !strings.HasPrefix(rest, "?<=") && !strings.HasPrefix(rest, "?<!"):
				n++
				named = true
			}
		}
	}
	return n, named
}

// quantifierAt reports whether s starts with a quantifier: *, +, ?, or
// {n}, {n,}, {n,m}.
func quantifierAt(s string) bool {
	if s == "" {
		return false
	}
	if s[0] == '*' || s[0] == '+' || s[0] == '?' {
		return true
	}
	if s[0] != '{' {
		return false
	}
	i := 1
	for i < len(s) && isDigit(s[i]) {
		i++
	}
	if i == 1 {
		return false
	}
	if i < len(s) && s[i] == ',' {
		i++
		for i < len(s) && isDigit(s[i]) {
			i++
		}
	}
	return i < len(s) && s[i] == '}'
}

func hexAt(s string, n int) bool {
	if len(s) < n {
		return false
	}
	for i := 0; i < n; i++ {
		if !strings.ContainsRune("0123456789abcdefABCDEF", rune(s[i])) {
			return false
		}
	}
	return true
}

func isDigit(c byte) bool  { return c >= '0' && c <= '9' }
func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

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
	ok, err := MatchRegexp(re, tool)
	return err == nil && ok
}

// A hostile matcher such as ((\w+\w?)+)+[^\w] backtracks until MatchTimeout
// (2 s) against a plain tool name, as V8 would (Gemini hangs on it): 200
// such hooks made run --event BeforeTool take 400 s, and 50 that take
// 0.4 s each, 20 s. So the matches of a process may spend regexpBudget (a
// real matcher takes microseconds against a tool name); after that each
// match gets lateTimeout, and the clock that enforces timeouts ticks every
// timeoutCheck (regexp2's default of 100 ms would add that much to each).
// A match that times out is no match, as before.
const (
	regexpBudget = 2 * time.Second
	lateTimeout  = 2 * time.Millisecond
	timeoutCheck = 2 * time.Millisecond
)

var (
	spent   atomic.Int64 // nanoseconds spent matching
	lateRes = struct {
		sync.Mutex
		m map[*regexp2.Regexp]*regexp2.Regexp
	}{m: map[*regexp2.Regexp]*regexp2.Regexp{}}
)

func init() { regexp2.SetTimeoutCheckPeriod(timeoutCheck) } // before any match runs

// MatchRegexp is re.MatchString within the process's budget for timeouts
// (regexpBudget); re is a matcher from JSRegexp. The error is a timeout.
func MatchRegexp(re *regexp2.Regexp, s string) (bool, error) {
	if time.Duration(spent.Load()) >= regexpBudget {
		lateRes.Lock()
		late, ok := lateRes.m[re]
		if !ok {
			if l, err := regexp2.Compile(re.String(), regexp2.ECMAScript); err == nil { // as compileJS
				l.MatchTimeout = lateTimeout
				late = l
			}
			if len(lateRes.m) < maxCachedRegexps {
				lateRes.m[re] = late
			}
		}
		lateRes.Unlock()
		if late != nil {
			re = late
		}
	}
	start := time.Now()
	ok, err := re.MatchString(s)
	spent.Add(int64(time.Since(start)))
	return ok, err
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

// Matches reports whether h's matcher selects an event fired with ctx (nil
// for an event without context), as HookPlanner.matchesContext decides
// (spec §4); false when the planner would throw on h's matcher.
func (h *Hook) Matches(ctx *Context) bool {
	m, ok := h.matches(h.Event, ctx)
	return m && ok
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
