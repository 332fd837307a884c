// Package visible makes text from a project's files safe to print on a
// terminal: what a user reads before approving a hook must be what runs.
//
// Escape replaces every character that a terminal would act on or that a
// reader cannot see with a Go-style escape:
//
//   - C0 controls, DEL and C1 controls: \t, \n, \r, \b, \f, \v, \a, \x1b, \u0085
//   - bytes that are not UTF-8: \xNN
//   - Unicode format characters (category Cf), which include the bidi
//     controls U+061C, U+200E, U+200F, U+202A–U+202E and U+2066–U+2069, the
//     zero-width U+200B–U+200D, U+2060–U+2064 and U+FEFF, soft hyphen and tag
//     characters: \u202e, \U000e0041
//   - the line and paragraph separators U+2028 and U+2029, and the blank
//     Hangul fillers U+115F, U+1160, U+3164 and U+FFA0, which render as
//     nothing or as space
//
// A backslash is left as it is in text that needs no escape, so that an
// ordinary command such as `grep 'a\.b'` reads as written. In text that
// does need one, every backslash is doubled as well, so the escaped form is
// unambiguous: `\x1b` then always means the escape character, and `\\x1b`
// the four characters a user typed.
package visible

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Escape returns s with every character described in the package comment
// escaped. It returns s itself when nothing needs escaping.
func Escape(s string) string { return escape(s, false) }

// EscapeText is Escape for multi-line text such as a hook's output or a
// diff: newlines and tabs are kept; everything else is escaped as by Escape.
func EscapeText(s string) string { return escape(s, true) }

// Has reports whether Escape would change s: whether s holds a control,
// invisible or bidi character, or a byte that is not UTF-8.
func Has(s string) bool { return needs(s, false) }

func needs(s string, keepNewline bool) bool {
	for i := 0; i < len(s); {
		c := s[i]
		if c >= 0x20 && c < 0x7f {
			i++
			continue
		}
		if (c == '\n' || c == '\t') && keepNewline {
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if hidden(r, size) {
			return true
		}
		i += size
	}
	return false
}

// hidden reports whether the rune r, decoded with size bytes, must be
// escaped.
func hidden(r rune, size int) bool {
	switch {
	case r == utf8.RuneError && size == 1:
		return true // not UTF-8
	case r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0):
		return true
	case r == '\u2028' || r == '\u2029':
		return true
	case r == '\u115f' || r == '\u1160' || r == '\u3164' || r == '\uffa0':
		return true
	}
	return r >= 0xa0 && unicode.Is(unicode.Cf, r)
}

func escape(s string, keepNewline bool) string {
	if !needs(s, keepNewline) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 16)
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == '\\':
			b.WriteString(`\\`)
		case (r == '\n' || r == '\t') && keepNewline:
			b.WriteRune(r)
		case !hidden(r, size):
			b.WriteString(s[i : i+size])
		case r == utf8.RuneError && size == 1:
			b.WriteString(`\x`)
			b.WriteString(hex2(s[i]))
		default:
			b.WriteString(escapeRune(r))
		}
		i += size
	}
	return b.String()
}

// escapeRune spells r the way a Go string literal would.
func escapeRune(r rune) string {
	switch r {
	case '\a':
		return `\a`
	case '\b':
		return `\b`
	case '\f':
		return `\f`
	case '\n':
		return `\n`
	case '\r':
		return `\r`
	case '\t':
		return `\t`
	case '\v':
		return `\v`
	}
	switch {
	case r < 0x80:
		return `\x` + hex2(byte(r))
	case r <= 0xffff:
		return `\u` + pad(strconv.FormatInt(int64(r), 16), 4)
	default:
		return `\U` + pad(strconv.FormatInt(int64(r), 16), 8)
	}
}

func hex2(c byte) string { return pad(strconv.FormatInt(int64(c), 16), 2) }

func pad(h string, n int) string { return strings.Repeat("0", n-len(h)) + h }
