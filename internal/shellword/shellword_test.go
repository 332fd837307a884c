package shellword

import "testing"

func TestQuote(t *testing.T) {
	tests := []struct{ in, want string }{
		{"fmt", "fmt"},
		{"./hooks/x.sh", "./hooks/x.sh"},
		{"a=b,c:d@e%f+g", "a=b,c:d@e%f+g"},
		{"", "''"},
		{"my hook", "'my hook'"},
		{"it's", `'it'\''s'`},
		{"$HOME/x", "'$HOME/x'"},
		{"a;b", "'a;b'"},
	}
	for _, tt := range tests {
		if got := Quote(tt.in); got != tt.want {
			t.Errorf("Quote(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestUnescape(t *testing.T) {
	tests := []struct{ in, want string }{
		{"plain", "plain"},
		{`a\ b`, "a b"},
		{`\\x`, `\x`},
		{`\$HOME`, "$HOME"},
		{"one\\\ntwo", "onetwo"},
		{`end\`, `end\`},
	}
	for _, tt := range tests {
		if got := Unescape(tt.in); got != tt.want {
			t.Errorf("Unescape(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
