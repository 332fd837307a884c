package js

import (
	"math"
	"strings"
	"testing"
)

func TestNumber(t *testing.T) {
	tests := []struct {
		in   float64
		want string
	}{
		{0, "0"}, {math.Copysign(0, -1), "0"}, {1, "1"}, {-5, "-5"}, {1.5, "1.5"}, {30000, "30000"},
		{1e21, "1e+21"}, {1e20, "100000000000000000000"}, {123456789012345680000, "123456789012345680000"},
		{1e-7, "1e-7"}, {2e-7, "2e-7"}, {1.5e-7, "1.5e-7"}, {0.000001, "0.000001"}, {1.2e22, "1.2e+22"},
		{math.Inf(1), "Infinity"}, {math.Inf(-1), "-Infinity"}, {math.NaN(), "NaN"},
		// Both sides of the exact-integer shortcut (|f| < 2^53).
		{1<<53 - 1, "9007199254740991"}, {-(1<<53 - 1), "-9007199254740991"}, {1 << 53, "9007199254740992"},
		{1<<53 + 2, "9007199254740994"}, {-1 << 53, "-9007199254740992"}, {-0.5, "-0.5"}, {1e15 + 0.5, "1000000000000000.5"},
	}
	for _, tt := range tests {
		if got := Number(tt.in); got != tt.want {
			t.Errorf("Number(%v) = %q, want %q", tt.in, got, tt.want)
		}
	}
	if got := StringifyNumber(math.Inf(1)); got != "null" {
		t.Errorf("StringifyNumber(+Inf) = %q, want null", got)
	}
}

func TestQuote(t *testing.T) {
	tests := []struct{ in, want string }{
		{`a"b\c`, `"a\"b\\c"`},
		{"\b\f\n\r\t\x01\x1f", `"\b\f\n\r\t\u0001\u001f"`},
		{"<a&b> \u2028 é", "\"<a&b> \u2028 é\""},
		{"bad\xffbyte", "\"bad\ufffdbyte\""},
	}
	for _, tt := range tests {
		var b strings.Builder
		Quote(&b, tt.in)
		if b.String() != tt.want {
			t.Errorf("Quote(%q) = %s, want %s", tt.in, b.String(), tt.want)
		}
	}
}

func TestArrayIndex(t *testing.T) {
	for k, want := range map[string]bool{"0": true, "17": true, "4294967294": true, "4294967295": false, "01": false, "": false, "-1": false, "a": false, "12345678901": false} {
		if _, got := ArrayIndex(k); got != want {
			t.Errorf("ArrayIndex(%q) = %v, want %v", k, got, want)
		}
	}
}

// TestDecodeUTF8 checks the replacement of invalid UTF-8 against what
// Node 22's Buffer#toString("utf8") printed for the same bytes.
func TestDecodeUTF8(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"plain é 😀", "plain é 😀"},
		{"\xff\xfe bad \xc3", "\uFFFD\uFFFD bad \uFFFD"},
		{"\xe2\x82A", "\uFFFDA"},               // a truncated sequence is one U+FFFD
		{"\xf0\x9f\x98", "\uFFFD"},             // so is a truncated emoji
		{"\xed\xa0\x80", "\uFFFD\uFFFD\uFFFD"}, // a surrogate's bytes are not a subpart
		{"\xc0\xaf", "\uFFFD\uFFFD"},           // an overlong form
		{"\xf4\x90\x80\x80", "\uFFFD\uFFFD\uFFFD\uFFFD"},
		{"\xe0\x80\xaf", "\uFFFD\uFFFD\uFFFD"},
		{"abc\xf0\x9f", "abc\uFFFD"},
		{"\xf0\x9f\x98\x80\xf0", "😀\uFFFD"},
		{"\xe2\x82\"", "\uFFFD\""}, // the quote after a truncated sequence survives
	} {
		if got := DecodeUTF8(tc.in); got != tc.want {
			t.Errorf("DecodeUTF8(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
