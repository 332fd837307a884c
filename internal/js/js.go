// Package js reproduces the few JavaScript value conversions that Gemini
// CLI's behaviour depends on and that Go's libraries do differently:
// Number#toString, the string quoting of JSON.stringify, the array index
// keys that JavaScript objects order first, and Node's decoding of bytes
// that are not valid UTF-8.
package js

import (
	"math"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/encoding/unicode"
)

// Number formats f as JavaScript's Number.prototype.toString does
// (ECMA-262 Number::toString): shortest round-trip digits, plain notation
// from 1e-7 up to 1e21, exponent notation outside ("1e+21", "1e-7"), and
// "NaN", "Infinity", "-Infinity".
func Number(f float64) string {
	switch {
	case math.IsNaN(f):
		return "NaN"
	case math.IsInf(f, 1):
		return "Infinity"
	case math.IsInf(f, -1):
		return "-Infinity"
	case f == 0:
		return "0" // -0 too
	case f == math.Trunc(f) && math.Abs(f) < 1<<53:
		return strconv.FormatInt(int64(f), 10) // an exact integer: its digits
	}
	sign := ""
	if f < 0 {
		sign, f = "-", -f
	}
	e := strconv.FormatFloat(f, 'e', -1, 64) // d.ddde±XX
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

// StringifyNumber is a number as JSON.stringify writes it: like Number,
// but null for NaN and the infinities.
func StringifyNumber(f float64) string {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return "null"
	}
	return Number(f)
}

// Writer is what Quote writes to: *strings.Builder and *bytes.Buffer.
type Writer interface {
	WriteByte(c byte) error
	WriteString(s string) (int, error)
	WriteRune(r rune) (int, error)
}

// Quote writes s as JSON.stringify's QuoteJSONString does: ", \ and the
// control characters escaped (\b \f \n \r \t by name, the others as
// \u00XX), everything else as is. Invalid UTF-8 is written as U+FFFD, as
// Node's UTF-8 decoder reads such bytes.
func Quote(w Writer, s string) {
	const hex = "0123456789abcdef"
	w.WriteByte('"')
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		i += size
		switch r {
		case '"':
			w.WriteString(`\"`)
		case '\\':
			w.WriteString(`\\`)
		case '\b':
			w.WriteString(`\b`)
		case '\f':
			w.WriteString(`\f`)
		case '\n':
			w.WriteString(`\n`)
		case '\r':
			w.WriteString(`\r`)
		case '\t':
			w.WriteString(`\t`)
		default:
			if r < 0x20 {
				w.WriteString(`\u00`)
				w.WriteByte(hex[r>>4])
				w.WriteByte(hex[r&0xf])
				continue
			}
			w.WriteRune(r)
		}
	}
	w.WriteByte('"')
}

// ArrayIndex reports whether key is a canonical array index ("0", "17",
// no leading zero, below 2^32-1): JavaScript lists such keys of an object
// first, in numeric order, before the other keys in insertion order.
func ArrayIndex(key string) (uint64, bool) {
	if key == "" || len(key) > 10 || key[0] < '0' || key[0] > '9' || (len(key) > 1 && key[0] == '0') {
		return 0, false // most keys: rejected on the first byte
	}
	n, err := strconv.ParseUint(key, 10, 64)
	if err != nil || n >= 1<<32-1 {
		return 0, false
	}
	return n, true
}

// KeyOrder returns the indices of keys in JavaScript's property order:
// array-index keys (see ArrayIndex) ascending, then the other keys in
// insertion order.
func KeyOrder(keys []string) []int {
	var idx, rest []int
	for i, k := range keys {
		if _, ok := ArrayIndex(k); ok {
			idx = append(idx, i)
		} else {
			rest = append(rest, i)
		}
	}
	sort.SliceStable(idx, func(a, b int) bool {
		x, _ := ArrayIndex(keys[idx[a]])
		y, _ := ArrayIndex(keys[idx[b]])
		return x < y
	})
	return append(idx, rest...)
}

// DecodeUTF8 decodes bytes as Node's Buffer#toString("utf8") and
// fs.readFileSync(path, "utf-8") do, with the WHATWG UTF-8 decoder: each
// maximal invalid subpart becomes one U+FFFD ("\xe2\x82A" is "\uFFFDA",
// "\xff\xfe" is two). Go's own replacement (encoding/json, []rune,
// strings.ToValidUTF8) counts differently, which changes the names and
// commands Gemini sees, and so the name:command keys it trusts hooks by.
func DecodeUTF8(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	out, err := unicode.UTF8.NewDecoder().String(s)
	if err != nil {
		return strings.ToValidUTF8(s, "\uFFFD") // not reached: the decoder replaces, it does not fail
	}
	return out
}
