package config

import (
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestParseRejectsWhatGeminiRejects(t *testing.T) {
	tests := []struct {
		name       string
		in         string
		code       string
		line, col  int
		msgContain string
	}{
		{"trailing comma in object", "{\n  \"a\": 1,\n}", "trailing-comma", 2, 9, "trailing comma"},
		{"trailing comma in array", "{\"a\": [1, 2, ]}", "trailing-comma", 1, 12, "trailing comma"},
		{"trailing comma after comment", "{\"a\": 1, // c\n}", "trailing-comma", 1, 8, "trailing comma"},
		{"bom", "\xef\xbb\xbf{}", "bom", 1, 1, "byte-order mark"},
		{"empty", "", "empty-file", 1, 1, "empty"},
		{"blank", "  \n\t", "empty-file", 2, 2, "empty"},
		{"array root", "[1]", "not-object", 1, 1, "not a valid JSON object"},
		{"null root", "null", "not-object", 1, 1, "root is null"},
		{"syntax", "{\n  \"a\": tru\n}", "parse-error", 2, 8, "invalid"},
		{"unterminated", "{\"a\": \"x", "parse-error", 1, 9, "invalid JSON"},
		{"position counts characters", "{\"é\": 1,}", "trailing-comma", 1, 8, "trailing comma"},
		// A comment open at the end is blanked, and then the JSON is cut short.
		{"cut short before an open line comment", "{\"a\": 1 // x", "parse-error", 1, 13, "unexpected EOF"},
		{"only an open block comment", "/* x", "parse-error", 1, 5, "unexpected EOF"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Parse("s.json", []byte(tt.in), Options{})
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("Parse(%q) = %v, want a *ParseError", tt.in, err)
			}
			got := []any{pe.Code, pe.Line, pe.Column}
			if d := cmp.Diff([]any{tt.code, tt.line, tt.col}, got); d != "" {
				t.Errorf("code/line/col (-want +got):\n%s\nerror: %v", d, err)
			}
			if !strings.Contains(pe.Msg, tt.msgContain) || pe.Hint == "" {
				t.Errorf("message %q lacks %q or has no hint (%q)", pe.Msg, tt.msgContain, pe.Hint)
			}
		})
	}
}

func TestParseAcceptsWhatGeminiAccepts(t *testing.T) {
	in := `{
  // line comment
  "url": "http://x//y", /* block */
  "dup": 1,
  "k": "v",
  "dup": 2
}`
	d, err := Parse("s.json", []byte(in), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if got := d.Root.Get("url").Str; got != "http://x//y" {
		t.Errorf("comment marker inside a string: got %q", got)
	}
	// JSON.parse keeps the first key's place and the last value.
	if d := cmp.Diff([]string{"url", "dup", "k"}, d.Root.Keys); d != "" {
		t.Errorf("keys (-want +got):\n%s", d)
	}
	if got := d.Root.Get("dup").Num; got != 2 {
		t.Errorf("duplicate key value = %v, want 2", got)
	}
	if line, col := d.PositionOf("/k"); line != 5 || col != 3 {
		t.Errorf("PositionOf(/k) = %d:%d, want 5:3", line, col)
	}
	if line, col := d.PositionOf("/missing/deeper"); line != 1 || col != 1 {
		t.Errorf("PositionOf of a missing pointer falls back to the root: got %d:%d", line, col)
	}
}

// TestParseOpenCommentAtEnd checks files that end inside a comment, which
// strip-json-comments blanks to the end of the file: Gemini 0.61.0 loads
// and registers the hook of each of these (checked with the oracle's
// effective.mjs), where hujson alone calls them unterminated (found by
// FuzzParseFast).
func TestParseOpenCommentAtEnd(t *testing.T) {
	for _, in := range []string{
		"{\"a\": 1} // no newline after this comment",
		"{\"a\": 1} // ends with CR\r",
		"{\"a\": 1} /* never closed",
		"{\"a\": 1} /* never closed, ends with a star *",
		"{\"a\": 1} /* closed */ // then open",
		"{\"a\": 1} // invalid UTF-8 \xc9 in an open comment",
		"{\"a\": 1 /* invalid UTF-8 \xff\xfe */} // valid UTF-8 é\n",
	} {
		for _, fast := range []bool{true, false} {
			d, err := parse("s.json", []byte(in), Options{}, fast)
			if err != nil {
				t.Errorf("parse(%q, fast=%v): %v, want it loaded as Gemini loads it", in, fast, err)
				continue
			}
			if got := d.Root.Get("a"); got == nil || got.Num != 1 {
				t.Errorf("parse(%q, fast=%v): a = %v, want 1", in, fast, got)
			}
		}
		// Edits splice the file and keep the open comment byte for byte.
		d, err := parse("s.json", []byte(in), Options{}, false)
		if err != nil {
			continue
		}
		e := d.Edit()
		if err := e.Set("/b", 2); err != nil {
			t.Fatalf("Set on %q: %v", in, err)
		}
		out, err := e.Bytes()
		if err != nil {
			t.Fatalf("Bytes after editing %q: %v", in, err)
		}
		want := strings.Replace(in, "}", ", \"b\": 2}", 1)
		if strings.Contains(in, "1 /*") { // the comma goes right after the value
			want = strings.Replace(strings.Replace(in, "1 /*", "1, /*", 1), "*/}", "*/ \"b\": 2}", 1)
		}
		if string(out) != want {
			t.Errorf("edit of %q:\n got %q\nwant %q", in, out, want)
		}
	}
}

// TestParseKeyOrder checks that objects keep JavaScript's key order, which
// Gemini's Object.keys and for-in see: array indices first, ascending,
// then the others by first appearance (TestGeminiRead compares values,
// whose Stringify orders keys itself).
func TestParseKeyOrder(t *testing.T) {
	in := `{"b": 1, "2": 2, "1": 3, "-1": 4, "01": 5, "4294967295": 6, "4294967294": 7, "b": 8}`
	want := []string{"1", "2", "4294967294", "b", "-1", "01", "4294967295"}
	for _, fast := range []bool{true, false} {
		d, err := parse("s.json", []byte(in), Options{}, fast)
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(want, d.Root.Keys); diff != "" {
			t.Errorf("fast=%v: keys (-want +got):\n%s", fast, diff)
		}
		if got := d.Root.Get("b").Num; got != 8 {
			t.Errorf("fast=%v: b = %v, want the last duplicate's 8", fast, got)
		}
		if got := d.Root.Get("1").Num; got != 3 {
			t.Errorf("fast=%v: \"1\" = %v, want 3", fast, got)
		}
	}
}

func TestParseNoComments(t *testing.T) {
	_, err := Parse("hooks.json", []byte("{\n  // x\n  \"hooks\": {}\n}"), Options{NoComments: true})
	var pe *ParseError
	if !errors.As(err, &pe) || pe.Code != "comment" || pe.Line != 2 || pe.Column != 3 {
		t.Fatalf("got %v, want a comment error at 2:3", err)
	}
}

func TestExpand(t *testing.T) {
	env := map[string]string{"HOME": "/home/u", "EMPTY": ""}
	look := func(k string) (string, bool) { v, ok := env[k]; return v, ok }
	tests := []struct{ in, want string }{
		{"$HOME/x", "/home/u/x"},
		{"${HOME}/x", "/home/u/x"},
		{"${NOPE:-dflt}", "dflt"},
		{"${NOPE:-}", ""},
		{"$NOPE2 stays", "$NOPE2 stays"},
		{"${NOPE}", "${NOPE}"},
		{"$1 and $", "$1 and $"},
		{"$EMPTY|", "|"},
		{"${HOME:-x}", "/home/u"},
		{"echo $HOME ${NOPE:-dflt} $NOPE2", "echo /home/u dflt $NOPE2"},
	}
	for _, tt := range tests {
		if got := Expand(tt.in, look); got != tt.want {
			t.Errorf("Expand(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestJSString(t *testing.T) {
	d, err := Parse("s.json", []byte(`{"n": 1e21, "s": "x", "b": false, "z": null, "a": [1, null, "y", [2, 3]], "o": {}}`), Options{})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"n": "1e+21", "s": "x", "b": "false", "z": "null", "a": "1,,y,2,3", "o": "[object Object]"}
	for k, w := range want {
		if got := d.Root.Get(k).JSString(); got != w {
			t.Errorf("String(%s) = %q, want %q", k, got, w)
		}
	}
}

// TestParseDepthLimit: MaxDepth levels load, one more is refused at the
// bracket that goes too deep, and brackets in strings and comments do
// not count.
func TestParseDepthLimit(t *testing.T) {
	open, closing := strings.Repeat("[", MaxDepth-1), strings.Repeat("]", MaxDepth-1)
	tests := []struct {
		name string
		in   string
		col  int // 0: loads
	}{
		{"MaxDepth levels", `{"a":` + open + closing + `}`, 0},
		{"one level more", `{"a":` + open + `[]` + closing + `}`, 5 + MaxDepth},
		{"deep objects", strings.Repeat(`{"a":`, MaxDepth+1) + `1` + strings.Repeat(`}`, MaxDepth+1), 5*MaxDepth + 1},
		{"unclosed", `{"a":` + strings.Repeat("[", 100000), 5 + MaxDepth},
		{"brackets in a string", `{"a": "` + strings.Repeat(`[\"`, 2000) + `"}`, 0},
		{"brackets in comments", "{ // " + strings.Repeat("[", 2000) + "\n /* " + strings.Repeat("{", 2000) + " */ }", 0},
		{"deep after a comment", "{ /* [[ */ \"a\":" + open + "[]" + closing + "}", 15 + MaxDepth},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Parse("s.json", []byte(tt.in), Options{})
			if tt.col == 0 {
				if err != nil {
					t.Fatalf("Parse: %v", err)
				}
				return
			}
			var pe *ParseError
			if !errors.As(err, &pe) || pe.Code != "too-deep" || pe.Line != 1 || pe.Column != tt.col || pe.Hint == "" {
				t.Fatalf("Parse = %v (%+v), want too-deep at 1:%d with a hint", err, pe, tt.col)
			}
		})
	}
}

// TestPositionLongLine checks Position across rune marks on lines longer
// than runeStride, with multi-byte runes and invalid bytes straddling the
// marks, against the plain count from the start of the line.
func TestPositionLongLine(t *testing.T) {
	var b []byte
	for i := 0; len(b) < 5*runeStride; i++ {
		switch i % 7 {
		case 0:
			b = append(b, "日本"...)
		case 3:
			b = append(b, 0xe2, 0x82) // cut short
		case 5:
			b = append(b, 0x82) // a lone continuation byte
		case 6:
			if i%3003 == 6 { // lines of about 6 KB
				b = append(b, '\n')
			}
		default:
			b = append(b, 'a')
		}
	}
	d := &Document{Data: b}
	for off := 0; off <= len(b); off += 1 + off%13 {
		l, c := d.Position(off)
		wl, wc := lineCol(b, off)
		if l != wl || c != wc {
			t.Fatalf("Position(%d) = %d:%d, want %d:%d", off, l, c, wl, wc)
		}
	}
}
