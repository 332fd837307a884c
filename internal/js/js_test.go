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
