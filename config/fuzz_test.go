package config

import (
	"bytes"
	"errors"
	"fmt"
	"testing"
	"unicode/utf8"
)

// fuzzSeeds are the hand-written seeds shared by the config fuzz targets;
// testdata/fuzz/<Target>/ holds more, including regressions.
var fuzzSeeds = []string{
	"{}",
	"{}\n",
	"",
	" \n\t",
	"[]",
	"null",
	"42",
	"\xef\xbb\xbf{}",
	"{\"hooks\":{}}",
	"{\"hooks\": {\"BeforeTool\": []}}",
	"{\"hooks\": {\"BeforeTool\": [ ]}}",
	"{\n  // comment\n  \"hooks\": {\n    \"BeforeTool\": [\n      {\"matcher\": \"write_file\", \"hooks\": [{\"type\": \"command\", \"command\": \"x\"}]}, // same line\n    ]\n  }\n}\n",
	"{\r\n\t\"hooks\": {\r\n\t\t\"BeforeTool\": [\r\n\t\t\t{\"hooks\": [{\"type\": \"command\", \"command\": \"a\"}]}\r\n\t\t]\r\n\t},\r\n\t\"hooksConfig\": {\"disabled\": [\"a\"]}\r\n}",
	"{\"a\": 1, \"a\": 2, \"hooks\": null, \"hooks\": {}}",
	"{\"h\\u006foks\": {\"Before\\u0054ool\": [{}]}}",
	"{\"x/y~z\": {\"\": [1, 2, {\"k\": \"\\u00e9\"}]}}",
	"{\"hooks\": {\"BeforeTool\": {\"hooks\": []}}, /* block */ \"hooksConfig\": true}",
	"{\"a\": \"\xff\xfe\"}",
	"{\"a\": 1e999, \"b\": -0, \"c\": 0.5e-400}",
	"{\"a\": [1,]}",
	"{\"é\": \"日本\",\n\"hooks\": {\"BeforeTool\": [1]}}",
	"{\"hooks\": {\"BeforeTool\": [{}]}\n/* trailing */",
	"{\"a\":\"\x00\"}",
}

// walk calls fn for n and every node below it.
func walk(n *Node, fn func(*Node)) {
	if n == nil {
		return
	}
	fn(n)
	for _, c := range n.Items {
		walk(c, fn)
	}
	for _, c := range n.Vals {
		walk(c, fn)
	}
}

// lineCol computes the expected 1-based line and rune column of off by
// scanning data, independently of Document.Position.
func lineCol(data []byte, off int) (int, int) {
	line := 1 + bytes.Count(data[:off], []byte("\n"))
	start := bytes.LastIndexByte(data[:off], '\n') + 1
	// An offset inside a multi-byte rune belongs to that rune.
	k := start
	for k < off {
		_, n := utf8.DecodeRune(data[k:])
		if k+n > off {
			break
		}
		k += n
	}
	return line, utf8.RuneCount(data[start:k]) + 1
}

// checkWithin fails when line:col is not a position inside data (the
// position just after the last byte counts).
func checkWithin(t *testing.T, data []byte, line, col int, what string) {
	t.Helper()
	lines := bytes.Split(data, []byte("\n"))
	if line < 1 || line > len(lines) {
		t.Fatalf("%s: line %d outside 1..%d", what, line, len(lines))
	}
	if n := utf8.RuneCount(lines[line-1]) + 1; col < 1 || col > n {
		t.Fatalf("%s: column %d outside 1..%d on line %d", what, col, n, line)
	}
}

// FuzzParse checks that Parse never panics, that every node of a parsed
// document lies within the file and is found again by its pointer, and
// that a ParseError points into the file.
func FuzzParse(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, opts := range []Options{{}, {AllowNonObject: true}, {NoComments: true}} {
			d, err := Parse("f.json", data, opts)
			if err != nil {
				var pe *ParseError
				if !errors.As(err, &pe) {
					t.Fatalf("Parse(%+v) error %T is not a *ParseError: %v", opts, err, err)
				}
				if pe.Msg == "" || pe.Code == "" {
					t.Fatalf("ParseError without code or message: %#v", pe)
				}
				if pe.Offset < 0 || pe.Offset > len(data) {
					t.Fatalf("ParseError offset %d outside 0..%d", pe.Offset, len(data))
				}
				checkWithin(t, data, pe.Line, pe.Column, "ParseError "+pe.Error())
				continue
			}
			if !opts.AllowNonObject && d.Root.Kind != Object {
				t.Fatalf("root is %s without AllowNonObject", d.Root.Kind)
			}
			walk(d.Root, func(n *Node) {
				if n.Offset < 0 || n.Offset > n.End || n.End > len(data) {
					t.Fatalf("%q: span %d..%d outside 0..%d", n.Pointer(), n.Offset, n.End, len(data))
				}
				if n.KeyOffset >= n.Offset {
					t.Fatalf("%q: key offset %d not before value offset %d", n.Pointer(), n.KeyOffset, n.Offset)
				}
				off := n.Offset
				if n.KeyOffset >= 0 {
					off = n.KeyOffset
				}
				wl, wc := lineCol(data, off)
				gl, gc := d.PositionOf(n.Pointer())
				if gl != wl || gc != wc {
					t.Fatalf("PositionOf(%q) = %d:%d, want %d:%d", n.Pointer(), gl, gc, wl, wc)
				}
				if got := d.Root.Lookup(n.Pointer()); got != n {
					t.Fatalf("Lookup(%q) does not find its node", n.Pointer())
				}
			})
		}
	})
}

// FuzzPosition checks that Position is monotonic in the offset and agrees
// with a direct count of newlines and runes.
func FuzzPosition(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add([]byte(s), 3)
	}
	f.Add([]byte("a\r\nb\n\nc"), -5)
	f.Add([]byte("日本\n語"), 100)
	f.Fuzz(func(t *testing.T, data []byte, probe int) {
		if len(data) > 1<<12 {
			data = data[:1<<12] // the full scan below is quadratic on one long line
		}
		d := &Document{Data: data}
		pl, pc := 0, 0
		for off := 0; off <= len(data); off++ {
			l, c := d.Position(off)
			wl, wc := lineCol(data, off)
			if l != wl || c != wc {
				t.Fatalf("Position(%d) = %d:%d, want %d:%d", off, l, c, wl, wc)
			}
			if l < pl || (l == pl && c < pc) {
				t.Fatalf("Position(%d) = %d:%d goes back from %d:%d", off, l, c, pl, pc)
			}
			pl, pc = l, c
		}
		// Out-of-range offsets clamp to the ends.
		want := probe
		if want < 0 {
			want = 0
		}
		if want > len(data) {
			want = len(data)
		}
		l, c := d.Position(probe)
		wl, wc := lineCol(data, want)
		if l != wl || c != wc {
			t.Fatalf("Position(%d) = %d:%d, want %d:%d (clamped to %d)", probe, l, c, wl, wc, want)
		}
	})
}

// FuzzEdit checks that appending a hook definition to /hooks/BeforeTool
// and removing it again (with the containers the append created) gives
// back the original bytes, and that setting /hooksConfig/disabled yields a
// file that parses and holds the value.
func FuzzEdit(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add([]byte(s))
	}
	def := Ordered{
		{"matcher", "write_file|replace"},
		{"hooks", []any{Ordered{{"type", "command"}, {"command", "echo fuzz"}, {"timeout", 5000}}}},
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		d, err := Parse("f.json", data, Options{})
		if err != nil {
			return
		}
		hooks := d.Root.Get("hooks")
		arr := hooks.Get("BeforeTool")
		e := d.Edit()
		if err := e.Append("/hooks/BeforeTool", def); err != nil {
			if !errors.Is(err, ErrKind) && !errors.Is(err, ErrNotFound) {
				t.Fatalf("Append: %v", err)
			}
			if !bytes.Equal(fuzzBytes(t, e), data) {
				t.Fatalf("failed Append changed the bytes")
			}
		} else {
			appended := fuzzReparse(t, e)
			got := appended.Root.Lookup("/hooks/BeforeTool")
			if got == nil || got.Kind != Array || len(got.Items) == 0 {
				t.Fatalf("after Append /hooks/BeforeTool is %v", got)
			}
			last := got.Items[len(got.Items)-1]
			if c := last.Lookup("/hooks/0/command"); c == nil || c.Str != "echo fuzz" {
				t.Fatalf("appended definition not found at the end:\n%s", fuzzBytes(t, e))
			}
			if err := e.Remove(fmt.Sprintf("/hooks/BeforeTool/%d", len(got.Items)-1)); err != nil {
				t.Fatalf("Remove: %v\n%s", err, fuzzBytes(t, e))
			}
			// Undo what the append created; a container that was empty
			// gets its whitespace normalised (documented on Editor).
			exact := true
			switch {
			case hooks == nil || hooks.Kind != Object:
				if _, err := e.RemoveIfEmpty("/hooks/BeforeTool"); err != nil {
					t.Fatal(err)
				}
				if _, err := e.RemoveIfEmpty("/hooks"); err != nil {
					t.Fatal(err)
				}
				exact = len(d.Root.Keys) > 0 || string(data[d.Root.Offset:d.Root.End]) == "{}"
			case arr == nil:
				if _, err := e.RemoveIfEmpty("/hooks/BeforeTool"); err != nil {
					t.Fatal(err)
				}
				exact = len(hooks.Keys) > 0 || string(data[hooks.Offset:hooks.End]) == "{}"
			default:
				exact = len(arr.Items) > 0 || string(data[arr.Offset:arr.End]) == "[]"
			}
			out := fuzzBytes(t, e)
			fuzzReparse(t, e)
			if exact && !bytes.Equal(out, data) {
				t.Fatalf("append+remove changed the file\n--- before\n%s\n--- after\n%s", data, out)
			}
		}

		e = d.Edit()
		if err := e.Set("/hooksConfig/disabled", []string{"fuzz", "a b"}); err != nil {
			if !errors.Is(err, ErrKind) && !errors.Is(err, ErrNotFound) {
				t.Fatalf("Set: %v", err)
			}
			return
		}
		nd := fuzzReparse(t, e)
		v := nd.Root.Lookup("/hooksConfig/disabled")
		if v == nil || v.Kind != Array || len(v.Items) != 2 || v.Items[0].Str != "fuzz" || v.Items[1].Str != "a b" {
			t.Fatalf("after Set /hooksConfig/disabled is %v:\n%s", v, fuzzBytes(t, e))
		}
	})
}

func fuzzBytes(t *testing.T, e *Editor) []byte {
	t.Helper()
	b, err := e.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func fuzzReparse(t *testing.T, e *Editor) *Document {
	t.Helper()
	b := fuzzBytes(t, e)
	d, err := Parse("f.json", b, Options{})
	if err != nil {
		t.Fatalf("edited file does not parse: %v\n%s", err, b)
	}
	return d
}
