package config

import "testing"

// RFC 6901 §3 and §4: ~ is ~0 and / is ~1; unescaping turns ~1 into /
// before ~0 into ~, so "~01" is "~1", not "/".
func TestEscapePointer(t *testing.T) {
	tests := []struct{ tok, escaped string }{
		{"BeforeTool", "BeforeTool"},
		{"a/b", "a~1b"},
		{"m~n", "m~0n"},
		{"~1", "~01"},
		{"/~/", "~1~0~1"},
		{"~0~1", "~00~01"},
	}
	for _, tt := range tests {
		if got := EscapePointer(tt.tok); got != tt.escaped {
			t.Errorf("EscapePointer(%q) = %q, want %q", tt.tok, got, tt.escaped)
		}
		if got := UnescapePointer(tt.escaped); got != tt.tok {
			t.Errorf("UnescapePointer(%q) = %q, want %q", tt.escaped, got, tt.tok)
		}
	}
	if got := UnescapePointer("~10"); got != "/0" {
		t.Errorf(`UnescapePointer("~10") = %q, want "/0"`, got)
	}
}
