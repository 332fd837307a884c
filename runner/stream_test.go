package runner

import (
	"fmt"
	"io"
	"strings"
	"sync/atomic"
	"testing"
	"testing/iotest"
	"time"

	"github.com/gh-hooks/gh-hooks/internal/js"
)

// wholeParse is what ParseOutput reads from one stream kept whole: the
// reference the streaming parse must agree with.
func wholeParse(raw string) (blank bool, value string, isErr bool) {
	text := jsTrim(js.DecodeUTF8(raw))
	if text == "" {
		return true, "", false
	}
	v, err := ParseJSON(text)
	if err == nil {
		if s, ok := v.(string); ok {
			v, err = ParseJSON(s)
		}
	}
	if err != nil {
		return false, "", true
	}
	return false, Stringify(v), false
}

func bigBudget() *atomic.Int64 {
	b := new(atomic.Int64)
	b.Store(DefaultMaxParse)
	return b
}

// TestParseStreamAgrees: the streaming parse of a long output decides as
// JSON.parse of the whole text does (trim, strict JSON, a string parsed
// again), read one byte at a time so that every token and UTF-8 sequence
// is split.
func TestParseStreamAgrees(t *testing.T) {
	t.Parallel()
	inputs := []string{
		``, "  \n\t", "\u00a0\ufeff \u2028",
		`{"decision":"deny","reason":"r"}`, "\ufeff  {\"a\":1}\u00a0\n", `{"a":1} x`, `{"a":1}{"b":2}`, `{"a":1}` + "\u00a0x",
		`[1,2,[3,{"x":null}]]`, `[]`, `{}`, `[ ]`, `{ }`, `[1,]`, `{"a":1,}`, `{,}`, `[,1]`, `{"a" 1}`, `{"a":}`, `{a:1}`, `{'a':1}`,
		`"plain"`, `"{\"decision\":\"deny\"}"`, `"\"x\""`, `"[1,2]"`, `"  {\"a\":1}  "`, `"{bad}"`,
		`true`, `false`, `null`, `tru`, `nul`, `truex`,
		`0`, `-0`, `1.5e3`, `-1.25E-2`, `1e400`, `-1e400`, `01`, `1.`, `.5`, `-`, `1e`, `1e+`, `+1`, `0x10`, `12345678901234567890`, `[0.1,1e-7,5e-324]`,
		`"\u00e9\ud83d\ude00"`, `"\ud83d"`, `"\ude00x"`, `"\ud83dx"`, `"\u12"`, `"\x"`, "\"a\tb\"", "\"a\nb\"", `"\/\b\f\n\r\t\\"`,
		"{\"k\":\"\xe2\x82A\xff\"}", "\xff{\"a\":1}", "{\"a\":1}\xff", "\"\xf0\x9f\x98\x80\"",
		`{"a":{"b":{"c":[{"d":"e"}]}}}`, `{"a":1,"a":2}`, `{"2":1,"1":2,"x":3}`, `{"hookSpecificOutput":{"tool_input":{"command":"ls"}}}`,
		`[` + strings.Repeat(`"x",`, 100) + `"y"]`, `{"a":"` + strings.Repeat("é", 300) + `"}`,
		`{"a":1`, `[1,2`, `"abc`, `{"a":"b"`,
	}
	for i := range inputs {
		// Each input whole, and one byte at a time.
		inputs = append(inputs, "\x00"+inputs[i])
	}
	for n, in := range append(inputs, inputs...) {
		var r io.Reader = strings.NewReader(in)
		if n >= len(inputs) {
			r = iotest.OneByteReader(r)
		}
		res := parseStream(r, bigBudget(), 0, nil)
		blank, want, wantErr := wholeParse(in)
		got := ""
		if res.value != nil || res.err == nil && !res.blank {
			got = Stringify(res.value)
		}
		if res.blank != blank || (res.err != nil) != wantErr || !wantErr && !blank && got != want || res.unknown != "" {
			t.Errorf("%q: stream blank %v value %s err %v unknown %q; whole blank %v value %s err %v", in, res.blank, got, res.err, res.unknown, blank, want, wantErr)
		}
		if n := int64(len(utf16Units(js.DecodeUTF8(in)))); res.units != n {
			t.Errorf("%q: %d UTF-16 units, want %d", in, res.units, n)
		}
	}
}

func utf16Units(s string) []uint16 {
	var u []uint16
	for _, r := range s {
		if r >= 0x10000 {
			u = append(u, 0, 0)
		} else {
			u = append(u, 0)
		}
	}
	return u
}

// TestParseStreamBound: past the budget, nested members are read and
// dropped, the top-level members (decision, reason) stay, and the parse
// says what it dropped.
func TestParseStreamBound(t *testing.T) {
	t.Parallel()
	budget := new(atomic.Int64)
	budget.Store(64)
	in := `{"pad":{"a":"` + strings.Repeat("x", 100) + `","b":[1,2,3]},"list":[1,2,3,4,5,6,7,8],"decision":"deny","reason":"kept"}`
	res := parseStream(strings.NewReader(in), budget, 0, nil)
	if res.err != nil || res.unknown != "" {
		t.Fatalf("err %v unknown %q", res.err, res.unknown)
	}
	got := Stringify(res.value)
	if !strings.Contains(got, `"decision":"deny","reason":"kept"`) || strings.Contains(got, `"b":`) || len(res.clipped) == 0 {
		t.Errorf("value %s clipped %q: want the top-level members and a note of what was dropped", got, res.clipped)
	}
	// A string past maxParseString is kept up to it.
	long := `{"reason":"` + strings.Repeat("y", maxParseString+10) + `"}`
	res = parseStream(strings.NewReader(long), bigBudget(), 0, nil)
	r, _ := prop(res.value, "reason").(string)
	if len(r) != maxParseString || len(res.clipped) != 1 || !strings.Contains(res.clipped[0], "a string cut") {
		t.Errorf("kept %d bytes of the reason, clipped %q", len(r), res.clipped)
	}
	// Nesting past maxParseDepth is not read.
	res = parseStream(strings.NewReader(strings.Repeat("[", maxParseDepth+2)), bigBudget(), 0, nil)
	if res.unknown == "" {
		t.Errorf("deep nesting: want unknown, got value %v err %v", res.value, res.err)
	}
}

// TestParseStreamOver: over is called once the stream passes the limit.
func TestParseStreamOver(t *testing.T) {
	t.Parallel()
	n := 0
	res := parseStream(strings.NewReader(strings.Repeat("a", 1000)), bigBudget(), 999, func() { n++ })
	if n != 1 || res.units != 1000 {
		t.Errorf("over called %d times, %d units", n, res.units)
	}
}

// TestGeminiStringLimit: a hook printing more than Gemini can hold in a
// string crashes Gemini CLI (watched: exit 1, RangeError: Invalid string
// length); run stops the hook there and says so, and the report blocks.
func TestGeminiStringLimit(t *testing.T) {
	t.Parallel()
	needBash(t)
	h := cmdHook("h", "cat /dev/zero")
	rep := run(t, "BeforeTool", false, testInput(t, "BeforeTool", t.TempDir(), ""), Options{MaxOutput: 16, MaxString: 100000}, h)
	r := rep.Hooks[0]
	if r.Crash != "RangeError: Invalid string length" || r.TimedOut || !rep.Blocks() || rep.Crash == "" || rep.ToolCall != nil {
		t.Fatalf("crash %q timedOut %v blocks %v; want the crash", r.Crash, r.TimedOut, rep.Blocks())
	}
	o := OutcomeOf(rep)
	if !o.Stops || !strings.Contains(o.Says, "Gemini CLI exits with status 1") {
		t.Errorf("outcome %+v", o)
	}
}

// FuzzParseStream: for any bytes, the streaming parse agrees with
// JSON.parse of the whole trimmed text (wholeParse).
func FuzzParseStream(f *testing.F) {
	for _, s := range []string{`{"decision":"deny"}`, " [1,\"a\\u00e9\"] ", `"{\"a\":1}"`, "\ufeff{}", "-0.5e+3", "{\"a\":\"\xe2\x82\"}", `"\ud83d\ude00"`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		done := make(chan string, 1)
		go func() { done <- agree(in) }()
		select {
		case msg := <-done:
			if msg != "" {
				t.Error(msg)
			}
		case <-time.After(3 * time.Second):
			t.Fatalf("%q: the parse did not end", in)
		}
	})
}

// agree compares the streaming parse of in with wholeParse; "" when they
// agree.
func agree(in string) string {
	res := parseStream(strings.NewReader(in), bigBudget(), 0, nil)
	if res.unknown != "" {
		return "" // nested past maxParseDepth
	}
	blank, want, wantErr := wholeParse(in)
	got := ""
	if res.err == nil && !res.blank {
		got = Stringify(res.value)
	}
	if res.blank != blank || (res.err != nil) != wantErr || !wantErr && !blank && got != want {
		return fmt.Sprintf("%q: stream blank %v value %s err %v; whole blank %v value %s err %v", in, res.blank, got, res.err, blank, want, wantErr)
	}
	return ""
}
