// Package visible makes text from a project's files safe to print on a
// terminal: what a user reads before approving a hook must be what runs.
//
// Escape replaces every character that a terminal would act on or that a
// reader cannot see with a Go-style escape:
//
//   - C0 controls, DEL and C1 controls: \t, \n, \r, \b, \f, \v, \a, \x1b, \u0085
//   - bytes that are not UTF-8: \xNN
//   - every code point that renders as nothing: Unicode's
//     Default_Ignorable_Code_Point property, which is the format characters
//     (category Cf: the bidi controls U+061C, U+200E, U+200F, U+202A–U+202E
//     and U+2066–U+2069, the zero-width U+200B–U+200D, U+2060–U+2064 and
//     U+FEFF, soft hyphen, the tag characters U+E0000–U+E007F), the
//     variation selectors (U+FE00–U+FE0F, U+E0100–U+E01EF, the Mongolian
//     U+180B–U+180D and U+180F) and Other_Default_Ignorable_Code_Point
//     (U+034F, U+17B4, U+17B5, the Hangul fillers U+115F, U+1160, U+3164,
//     U+FFA0, ...): \u202e, \ufe0f, \U000e0041
//   - every code point that renders as a space other than U+0020: the
//     space separators (category Zs: U+00A0, U+2000–U+200A, U+3000, ...),
//     the line and paragraph separators U+2028 and U+2029, and the braille
//     blank U+2800
//
// The sets come from Go's unicode tables (the Unicode version of the Go
// release), not from a list written here, so a character added to one of
// these properties is escaped with the next Go release.
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

	"golang.org/x/text/unicode/norm"
)

// Escape returns s with every character described in the package comment
// escaped. It returns s itself when nothing needs escaping.
func Escape(s string) string { return escape(s, false) }

// EscapeText is Escape for multi-line text such as a hook's output or a
// diff: newlines and tabs are kept; everything else is escaped as by Escape.
func EscapeText(s string) string { return escape(s, true) }

// Has reports whether Escape would change s: whether s holds a control,
// invisible, blank or bidi character, or a byte that is not UTF-8.
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
	case r < 0xa0:
		return false
	case r == '\u2800': // braille pattern blank: renders as a space, but is a symbol (So)
		return true
	}
	return unicode.In(r, invisible...)
}

// invisible are the tables of the code points that render as nothing or
// as a space (the package comment). Default_Ignorable_Code_Point is
// derived in Unicode's DerivedCoreProperties.txt as
// Other_Default_Ignorable_Code_Point + Cf + Variation_Selector, minus a
// few format characters that do render (the prepended concatenation marks
// such as U+0600 and the interlinear annotation characters U+FFF9–U+FFFB);
// those are escaped too, since a reader cannot tell what they do.
var invisible = []*unicode.RangeTable{
	unicode.Cf,
	unicode.Other_Default_Ignorable_Code_Point,
	unicode.Variation_Selector,
	unicode.Zs,
	unicode.Zl,
	unicode.Zp,
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

// LongestBlank is the length, in characters, of the longest run of spaces
// and tabs in s. A command with a long run can push what follows it past
// the edge of a terminal or of a table cell: `npm test` + 400 spaces +
// `; curl ...` reads as `npm test`.
func LongestBlank(s string) int {
	best, n := 0, 0
	for i := 0; i < len(s); i++ {
		if s[i] == ' ' || s[i] == '\t' {
			n++
			best = max(best, n)
			continue
		}
		n = 0
	}
	return best
}

// lookalike are the scripts whose letters include ones drawn like Latin
// letters (Cyrillic а е о р с у х, Greek ο ν, Armenian օ, Cherokee Ꭺ, ...),
// per Unicode's confusables (UTS #39): a word that mixes one of them with
// Latin letters is how a look-alike path or program is spelt.
var lookalike = []*unicode.RangeTable{
	unicode.Cyrillic, unicode.Greek, unicode.Armenian, unicode.Cherokee,
	unicode.Coptic, unicode.Lisu, unicode.Vai, unicode.Canadian_Aboriginal,
}

// MixedScript lists the words of s that look like Latin words but are not
// made of Latin letters only: a word (a run of letters, marks and digits)
// that holds Latin letters together with letters of a script with Latin
// look-alikes (`./sсripts/fmt.sh` with a Cyrillic с), or a letter whose
// compatibility form is an ASCII letter (fullwidth `ｃurl`, mathematical
// `𝐜url`, which are Latin or Common to the script tables). A word all in
// one such script (Russian text in an echo) is not listed. The words are
// returned as they are; escape them to print them.
func MixedScript(s string) []string {
	var out []string
	start := -1
	latin, other := false, false
	flush := func(end int) {
		if start >= 0 && (latin && other) {
			out = append(out, s[start:end])
		}
		start, latin, other = -1, false, false
	}
	for i, r := range s {
		if r < 0x80 {
			switch {
			case 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z':
				if start < 0 {
					start = i
				}
				latin = true
			case '0' <= r && r <= '9' || r == '_':
				if start < 0 {
					start = i
				}
			default:
				flush(i)
			}
			continue
		}
		switch {
		case compatLetter(r):
			if start < 0 {
				start = i
			}
			latin, other = true, true // a disguised Latin letter on its own
		case unicode.In(r, lookalike...):
			if start < 0 {
				start = i
			}
			other = true
		case unicode.Is(unicode.Latin, r):
			if start < 0 {
				start = i
			}
			latin = true
		case unicode.IsLetter(r) || unicode.IsMark(r) || unicode.IsDigit(r):
			if start < 0 {
				start = i
			}
		default:
			flush(i)
		}
	}
	flush(len(s))
	return out
}

// compatLetter reports whether r, not ASCII, is a compatibility form of an
// ASCII letter: the fullwidth Latin letters U+FF21–U+FF3A and
// U+FF41–U+FF5A, the mathematical alphanumeric letters U+1D400–U+1D6A3,
// the circled and parenthesised letters, and the like (NFKC maps them to
// ASCII).
func compatLetter(r rune) bool {
	if !unicode.IsLetter(r) && !unicode.Is(unicode.So, r) {
		return false
	}
	var buf [utf8.UTFMax]byte
	n := utf8.EncodeRune(buf[:], r)
	f := norm.NFKC.String(string(buf[:n]))
	if len(f) != 1 {
		return false
	}
	c := f[0]
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
}
