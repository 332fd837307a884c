package fingerprint

import (
	"math"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/gh-hooks/gh-hooks/config"
)

// stringify renders n exactly as JavaScript's JSON.stringify(value, null, 2)
// renders the value JSON.parse made of it: two-space indent, ", " never,
// ": " after keys, array-index keys first in numeric order, other keys in
// insertion order, JavaScript number formatting and JSON.stringify's string
// escaping (only ", \ and control characters are escaped; <, >, & and
// U+2028/U+2029 are written as they are, unlike Go's encoding/json). No
// final newline. This is how Gemini writes trusted_hooks.json
// (trustedHooks.ts:47-60, spec §6).
func stringify(n *config.Node) string {
	var b strings.Builder
	writeJS(&b, n, "")
	return b.String()
}

func writeJS(b *strings.Builder, n *config.Node, indent string) {
	inner := indent + "  "
	switch n.Kind {
	case config.Null, config.Invalid:
		b.WriteString("null")
	case config.Bool:
		b.WriteString(strconv.FormatBool(n.Bool))
	case config.Number:
		b.WriteString(jsNumber(n.Num))
	case config.String:
		jsQuote(b, n.Str)
	case config.Array:
		if len(n.Items) == 0 {
			b.WriteString("[]")
			return
		}
		b.WriteString("[\n")
		for i, it := range n.Items {
			if i > 0 {
				b.WriteString(",\n")
			}
			b.WriteString(inner)
			writeJS(b, it, inner)
		}
		b.WriteString("\n" + indent + "]")
	case config.Object:
		if len(n.Keys) == 0 {
			b.WriteString("{}")
			return
		}
		b.WriteString("{\n")
		for i, k := range jsKeyOrder(n.Keys) {
			if i > 0 {
				b.WriteString(",\n")
			}
			b.WriteString(inner)
			jsQuote(b, n.Keys[k])
			b.WriteString(": ")
			writeJS(b, n.Vals[k], inner)
		}
		b.WriteString("\n" + indent + "}")
	}
}

// jsKeyOrder returns the indices of keys in JavaScript's property order:
// array-index keys ("0", "17", below 2^32-1, no leading zero) ascending,
// then the other keys in insertion order.
func jsKeyOrder(keys []string) []int {
	var idx, rest []int
	for i, k := range keys {
		if isArrayIndex(k) {
			idx = append(idx, i)
		} else {
			rest = append(rest, i)
		}
	}
	sort.SliceStable(idx, func(a, b int) bool {
		x, _ := strconv.ParseUint(keys[idx[a]], 10, 64)
		y, _ := strconv.ParseUint(keys[idx[b]], 10, 64)
		return x < y
	})
	return append(idx, rest...)
}

func isArrayIndex(k string) bool {
	if k == "" || (len(k) > 1 && k[0] == '0') {
		return false
	}
	v, err := strconv.ParseUint(k, 10, 64)
	return err == nil && v < math.MaxUint32
}

// jsQuote is JSON.stringify's QuoteJSONString. Invalid UTF-8 is written
// as U+FFFD, as Node's UTF-8 decoder reads such a file.
func jsQuote(b *strings.Builder, s string) {
	const hex = "0123456789abcdef"
	b.WriteByte('"')
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		i += size
		switch r {
		case '"':
			b.WriteString(`\"`)
		case '\\':
			b.WriteString(`\\`)
		case '\b':
			b.WriteString(`\b`)
		case '\f':
			b.WriteString(`\f`)
		case '\n':
			b.WriteString(`\n`)
		case '\r':
			b.WriteString(`\r`)
		case '\t':
			b.WriteString(`\t`)
		default:
			if r < 0x20 {
				b.WriteString(`\u00`)
				b.WriteByte(hex[r>>4])
				b.WriteByte(hex[r&0xf])
				continue
			}
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
}

// jsNumber is JavaScript's Number.prototype.toString() for finite values
// (ECMA-262 Number::toString); non-finite values stringify as null.
func jsNumber(f float64) string {
	if math.IsInf(f, 0) || math.IsNaN(f) {
		return "null"
	}
	if f == 0 {
		return "0"
	}
	sign := ""
	if f < 0 {
		sign, f = "-", -f
	}
	e := strconv.FormatFloat(f, 'e', -1, 64) // d.ddde±XX, shortest round-trip digits
	mant, exp, _ := strings.Cut(e, "e")
	digits := strings.Replace(mant, ".", "", 1)
	x, _ := strconv.Atoi(exp)
	k, n := len(digits), x+1
	switch {
	case k <= n && n <= 21:
		return sign + digits + strings.Repeat("0", n-k)
	case 0 < n && n <= 21:
		return sign + digits[:n] + "." + digits[n:]
	case -6 < n && n <= 0:
		return sign + "0." + strings.Repeat("0", -n) + digits
	}
	es := "+"
	if n-1 < 0 {
		es = "-"
	}
	ex := strconv.Itoa(int(math.Abs(float64(n - 1))))
	if k == 1 {
		return sign + digits + "e" + es + ex
	}
	return sign + digits[:1] + "." + digits[1:] + "e" + es + ex
}
