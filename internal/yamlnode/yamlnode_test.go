package yamlnode

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestResolve: plain scalars take yaml.v3's tags (hooktest's
// TestYAMLDecisions pins them through a test file as well).
func TestResolve(t *testing.T) {
	t.Parallel()
	for tag, words := range map[string][]string{
		"!!str":       {"yes", "no", "on", "off", "y", "tRue", "nULL", "_1", "1:20", "12:30", "1.2.3", "a", "0x", "2001-12-14 21:59:43.10 -5"},
		"!!bool":      {"true", "True", "TRUE", "false", "False", "FALSE"},
		"!!null":      {"", "~", "null", "Null", "NULL"},
		"!!int":       {"1", "-1", "+1", "0", "-0", "00", "0777", "0o17", "0x1F", "-0x1F", "0b101", "-0b101", "1_000", "9223372036854775808"},
		"!!float":     {"1.5", "1e5", "1E5", "08", ".5", "5.", "0.", ".inf", "-.Inf", "+.INF", ".NaN", "18446744073709551616"},
		"!!timestamp": {"2024-01-01", "2001-12-14t21:59:43.10-05:00", "2001-12-14 21:59:43.10"},
		"!!merge":     {"<<"},
	} {
		for _, w := range words {
			if got := Resolve(w); got != tag {
				t.Errorf("Resolve(%q) = %s, want %s", w, got, tag)
			}
		}
	}
}

// TestValue: aliases expanded and merged as yaml.v3 did, an alias bomb
// refused, a key given twice an error.
func TestValue(t *testing.T) {
	t.Parallel()
	value := func(s string) (any, error) {
		n, err := Parse([]byte(s))
		if err != nil {
			return nil, err
		}
		return Value(n)
	}
	v, err := value("base: &b {scriptShell: ./sh, x: 1}\nws:\n  <<: *b\n  x: 2\nlist: [*b]\nn: 0x10\n")
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]any{
		"base": map[string]any{"scriptShell": "./sh", "x": 1},
		"ws":   map[string]any{"scriptShell": "./sh", "x": 2},
		"list": []any{map[string]any{"scriptShell": "./sh", "x": 1}},
		"n":    16,
	}
	if diff := cmp.Diff(want, v); diff != "" {
		t.Errorf("value (-want +got):\n%s", diff)
	}
	// Nine levels of nine aliases: 387,420,489 strings from 400 bytes.
	bomb := "a: &a [x, x, x, x, x, x, x, x, x]\n"
	for i, l := range "bcdefghi" {
		prev := string("abcdefgh"[i])
		bomb += string(l) + ": &" + string(l) + " [" + strings.TrimSuffix(strings.Repeat("*"+prev+", ", 9), ", ") + "]\n"
	}
	if _, err := value(bomb); !errors.Is(err, ErrAliasing) {
		t.Errorf("alias bomb: %v", err)
	}
	if _, err := value("a: 1\na: 2\n"); err == nil || !strings.Contains(err.Error(), `line 2: mapping key "a" already defined`) {
		t.Errorf("duplicate key: %v", err)
	}
}

// TestParseText: a BOM is skipped, UTF-16 is read, text that is not
// UTF-8 or holds control characters is an error at its position.
func TestParseText(t *testing.T) {
	t.Parallel()
	utf16le := "\xff\xfe"
	for _, r := range "a: \u00e9\n" {
		utf16le += string([]byte{byte(r), byte(r >> 8)})
	}
	for _, tt := range []struct{ name, data, want string }{
		{"bom", "\ufeffa: b\n", "a=b"},
		{"utf-16", utf16le, "a=\u00e9"},
		{"not utf-8", "a: b\nc: \xff\n", "2:4: invalid UTF-8"},
		{"control", "a: b\nc: x\x07\n", "2:5: control characters are not allowed"},
		{"tab in plain", "a: x\ty\n", "a=x\ty"},
		{"syntax", "a: b\n  c: d\n", "2:3: mapping value is not allowed in this context"},
	} {
		n, err := Parse([]byte(tt.data))
		var got string
		if se, ok := err.(*SyntaxError); ok {
			got = fmt.Sprintf("%d:%d: %s", se.Line, se.Column, se.Msg)
		} else if err != nil {
			got = err.Error()
		} else {
			got = n.Content[0].Value + "=" + n.Content[1].Value
		}
		if got != tt.want {
			t.Errorf("%s: got %q, want %q", tt.name, got, tt.want)
		}
	}
}

// TestTooDeep: a document nested past MaxDepth is refused before it is
// parsed, in flow and block style (130,000 unclosed [ would take the
// parser a minute).
func TestTooDeep(t *testing.T) {
	t.Parallel()
	for _, s := range []string{
		strings.Repeat("[", 1<<17),
		strings.Repeat("{a: ", 1<<15),
		strings.Repeat("- ", 1<<16) + "x\n",
		"a:\n" + func() string {
			var b strings.Builder
			for i := 1; i <= MaxDepth+1; i++ {
				b.WriteString(strings.Repeat(" ", i) + "a:\n")
			}
			return b.String()
		}(),
	} {
		if _, err := Parse([]byte(s)); !errors.Is(err, ErrTooDeep) {
			t.Errorf("%.20q: %v", s, err)
		}
	}
	ok := strings.Repeat("[", MaxDepth) + strings.Repeat("]", MaxDepth) + "\n"
	if _, err := Parse([]byte(ok)); err != nil {
		t.Errorf("%d levels: %v", MaxDepth, err)
	}
}
