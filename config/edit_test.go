package config

import (
	"encoding/json"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

var update = flag.Bool("update", false, "rewrite testdata goldens")

// hookDef is the hook definition the tests append: an ordered object as
// gh-hooks add would build it.
var hookDef = Ordered{
	{"matcher", "run_shell_command"},
	{"hooks", []any{Ordered{
		{"name", "audit"},
		{"type", "command"},
		{"command", "$GEMINI_PROJECT_DIR/audit.sh && echo <ok>"},
		{"timeout", 5000},
	}}},
}

func mustParse(t testing.TB, name string, data []byte) *Document {
	t.Helper()
	d, err := Parse(name, data, Options{})
	if err != nil {
		t.Fatalf("Parse: %v", err)
	}
	return d
}

// editOp is one edit of a TestEdit case.
type editOp struct {
	verb    string // append, set, remove, prune, insert
	pointer string
	value   any
}

// editCase is a case of TestEdit.
type editCase struct {
	name string
	in   string
	ops  []editOp
	want string
}

// editCases are TestEdit's cases: one literal table (a file, the
// edits made to it and the bytes they leave).
func editCases() []editCase {
	return []editCase{
		{
			name: "append to existing array keeps comments",
			in:   "{\n  // c\n  \"a\": [\n    1 // one\n  ]\n}\n",
			ops:  []editOp{{"append", "/a", 2}},
			want: "{\n  // c\n  \"a\": [\n    1, // one\n    2\n  ]\n}\n",
		},
		{
			name: "append creates missing objects at the end",
			in:   "{\n  \"ui\": {}\n}",
			ops:  []editOp{{"append", "/hooks/BeforeTool", "x"}},
			want: "{\n  \"ui\": {},\n  \"hooks\": {\n    \"BeforeTool\": [\n      \"x\"\n    ]\n  }\n}",
		},
		{
			name: "append to inline array stays inline",
			in:   `{"a": [1, 2]}`,
			ops:  []editOp{{"append", "/a", 3}},
			want: `{"a": [1, 2, 3]}`,
		},
		{
			name: "append to compact inline array",
			in:   `{"a":[1,2]}`,
			ops:  []editOp{{"append", "/a", 3}, {"set", "/b", true}},
			want: `{"a":[1,2,3], "b":true}`,
		},
		{
			name: "set replaces value in place",
			in:   "{\n  \"hooksConfig\": {\n    \"enabled\": false /* off */\n  }\n}\n",
			ops:  []editOp{{"set", "/hooksConfig/enabled", true}},
			want: "{\n  \"hooksConfig\": {\n    \"enabled\": true /* off */\n  }\n}\n",
		},
		{
			name: "set replaces the last duplicate",
			in:   `{"a": 1, "a": 2}`,
			ops:  []editOp{{"set", "/a", 3}},
			want: `{"a": 1, "a": 3}`,
		},
		{
			name: "remove middle element with its comments",
			in:   "[\n  1, // one\n  // about two\n  2, // two\n  3\n]",
			ops:  []editOp{{"remove", "/1", nil}},
			want: "[\n  1, // one\n  3\n]",
		},
		{
			name: "remove first inline element",
			in:   `{"a": [1, 2, 3]}`,
			ops:  []editOp{{"remove", "/a/0", nil}},
			want: `{"a": [2, 3]}`,
		},
		{
			name: "remove last element keeps comment of previous",
			in:   "{\n  \"a\": 1, // one\n  \"b\": 2 // two\n}\n",
			ops:  []editOp{{"remove", "/b", nil}},
			want: "{\n  \"a\": 1 // one\n}\n",
		},
		{
			name: "remove every duplicate key",
			in:   `{"a": 1, "b": 2, "a": 3}`,
			ops:  []editOp{{"remove", "/a", nil}},
			want: `{"b": 2}`,
		},
		{
			name: "remove only element leaves empty container",
			in:   "{\n  \"a\": [\n    1\n  ]\n}\n",
			ops:  []editOp{{"remove", "/a/0", nil}},
			want: "{\n  \"a\": []\n}\n",
		},
		{
			name: "remove only element keeps comment inside",
			in:   "{\n  \"a\": [ // list\n    1\n  ]\n}\n",
			ops:  []editOp{{"remove", "/a/0", nil}},
			want: "{\n  \"a\": [ // list\n  ]\n}\n",
		},
		{
			name: "prune removes empty parents but not the root",
			in:   "{\n  \"hooks\": {\n    \"BeforeTool\": []\n  }\n}\n",
			ops:  []editOp{{"prune", "/hooks/BeforeTool", nil}},
			want: "{}\n",
		},
		{
			name: "prune keeps non-empty parent",
			in:   "{\n  \"hooks\": {\n    \"A\": [],\n    \"B\": [1]\n  }\n}\n",
			ops:  []editOp{{"prune", "/hooks/A", nil}},
			want: "{\n  \"hooks\": {\n    \"B\": [1]\n  }\n}\n",
		},
		{
			name: "append into empty object with comment",
			in:   "{\n  // add hooks here\n}\n",
			ops:  []editOp{{"set", "/a", 1}},
			want: "{\n  \"a\": 1\n  // add hooks here\n}\n",
		},
		{
			name: "raw JSONC value and pointer escapes",
			in:   "{}",
			ops:  []editOp{{"set", "/a~1b", json.RawMessage(`{"x": [1, /* c */ 2,],}`)}},
			want: "{\n  \"a/b\": {\n    \"x\": [\n      1,\n      2\n    ]\n  }\n}",
		},
		{
			name: "several edits compose",
			in:   "{\n  \"a\": [1],\n  \"b\": 2\n}\n",
			ops: []editOp{
				{"append", "/a", 2}, {"remove", "/b", nil}, {"append", "/a", 3}, {"remove", "/a/0", nil},
				{"set", "/c", Ordered{{"z", 1}, {"y", []any{}}}},
			},
			want: "{\n  \"a\": [2, 3],\n  \"c\": {\n    \"z\": 1,\n    \"y\": []\n  }\n}\n",
		},
		{
			name: "insert before the first element keeps its comment above it",
			in:   "{\r\n  \"a\": [ // list\r\n    // one\r\n    1,\r\n    2\r\n  ]\r\n}\r\n",
			ops:  []editOp{{"insert", "/a/0", Ordered{{"k", 0}}}},
			want: "{\r\n  \"a\": [ // list\r\n    {\r\n      \"k\": 0\r\n    },\r\n    // one\r\n    1,\r\n    2\r\n  ]\r\n}\r\n",
		},
		{
			name: "insert in the middle after a same-line comment, then remove it",
			in:   "{\n\t\"a\": [\n\t\t1, // one\n\t\t2\n\t]\n}\n",
			ops:  []editOp{{"insert", "/a/1", "x"}, {"insert", "/a/3", "y"}},
			want: "{\n\t\"a\": [\n\t\t1, // one\n\t\t\"x\",\n\t\t2,\n\t\t\"y\"\n\t]\n}\n",
		},
		{
			name: "insert then remove is the identity",
			in:   "{\n  \"a\": [\n    1, // one\n    // two\n    2\n  ]\n}\n",
			ops:  []editOp{{"insert", "/a/1", "x"}, {"remove", "/a/1", nil}},
			want: "{\n  \"a\": [\n    1, // one\n    // two\n    2\n  ]\n}\n",
		},
		{
			name: "insert a member before another",
			in:   "{\n  \"hooks\": {\n    // first\n    \"A\": [],\n    \"C\": []\n  }\n}\n",
			ops:  []editOp{{"insert-member", "/hooks/C/B", []any{1}}, {"insert-member", "/hooks/none/D", 2}},
			want: "{\n  \"hooks\": {\n    // first\n    \"A\": [],\n    \"B\": [\n      1\n    ],\n    \"C\": [],\n    \"D\": 2\n  }\n}\n",
		},
		{
			name: "insert inline",
			in:   "{\"a\": [1, 2]}",
			ops:  []editOp{{"insert", "/a/1", 0}},
			want: "{\"a\": [1, 0, 2]}",
		},
		{
			name: "insert into a missing array creates it",
			in:   "{}",
			ops:  []editOp{{"insert", "/hooks/AfterTool/0", 1}},
			want: "{\n  \"hooks\": {\n    \"AfterTool\": [\n      1\n    ]\n  }\n}",
		},
	}
}

func TestEdit(t *testing.T) {
	tests := editCases()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d, err := Parse("s.json", []byte(tt.in), Options{AllowNonObject: true})
			if err != nil {
				t.Fatal(err)
			}
			e := d.Edit()
			for _, o := range tt.ops {
				var err error
				switch o.verb {
				case "append":
					err = e.Append(o.pointer, o.value)
				case "set":
					err = e.Set(o.pointer, o.value)
				case "remove":
					err = e.Remove(o.pointer)
				case "prune":
					err = e.Prune(o.pointer)
				case "insert":
					err = e.Insert(o.pointer, o.value)
				case "insert-member":
					// pointer is OBJECT/BEFORE/KEY
					parts := strings.Split(o.pointer, "/")
					n := len(parts)
					err = e.InsertMember(strings.Join(parts[:n-2], "/"), parts[n-2], parts[n-1], o.value)
				}
				if err != nil {
					t.Fatalf("%s %s: %v", o.verb, o.pointer, err)
				}
			}
			got, err := e.Bytes()
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, string(got)); diff != "" {
				t.Errorf("edit result (-want +got):\n%s", diff)
			}
			if string(d.Data) != tt.in {
				t.Errorf("Document.Data was modified")
			}
		})
	}
}

func TestEditErrors(t *testing.T) {
	in := "{\n  \"hooks\": {\n    \"BeforeTool\": {}\n  },\n  \"list\": [1]\n}\n"
	tests := []struct {
		name    string
		do      func(e *Editor) error
		want    string
		wantErr error
	}{
		{"append to object", func(e *Editor) error { return e.Append("/hooks/BeforeTool", 1) },
			"s.json:3:19: /hooks/BeforeTool: wrong kind of value: want an array, got an object", ErrKind},
		{"descend into number", func(e *Editor) error { return e.Set("/list/0/x", 1) },
			"s.json:5:12: /list/0: wrong kind of value: want an object, got a number", ErrKind},
		{"missing array index", func(e *Editor) error { return e.Set("/list/3", 1) },
			`s.json:5:11: /list/3: no value at this pointer (array index "3" missing; only object members are created)`, ErrNotFound},
		{"remove missing", func(e *Editor) error { return e.Remove("/hooks/AfterTool") },
			"s.json:2:12: /hooks/AfterTool: no value at this pointer", ErrNotFound},
		{"bad pointer", func(e *Editor) error { return e.Remove("hooks") },
			`"hooks": invalid JSON pointer: must start with /`, nil},
		{"bad value", func(e *Editor) error { return e.Set("/x", func() {}) },
			"s.json: /x: cannot render value as JSON: json: unsupported type: func()", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := mustParse(t, "s.json", []byte(in)).Edit()
			err := tt.do(e)
			if err == nil {
				t.Fatal("no error")
			}
			if diff := cmp.Diff(tt.want, err.Error()); diff != "" {
				t.Errorf("error (-want +got):\n%s", diff)
			}
			if tt.wantErr != nil && !errors.Is(err, tt.wantErr) {
				t.Errorf("error %v does not wrap %v", err, tt.wantErr)
			}
			got, _ := e.Bytes()
			if string(got) != in {
				t.Errorf("failed edit changed the bytes:\n%s", got)
			}
		})
	}
}

func TestEditNew(t *testing.T) {
	e := (*Document)(nil).Edit()
	if err := e.Append("/hooks/BeforeTool", Ordered{{"hooks", []any{}}}); err != nil {
		t.Fatal(err)
	}
	got, err := e.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	want := "{\n  \"hooks\": {\n    \"BeforeTool\": [\n      {\n        \"hooks\": []\n      }\n    ]\n  }\n}\n"
	if diff := cmp.Diff(want, string(got)); diff != "" {
		t.Errorf("new file (-want +got):\n%s", diff)
	}
}

func TestDetectStyle(t *testing.T) {
	tests := []struct {
		name, in, nl, unit string
	}{
		{"lf two", "{\n  \"a\": {\n    \"b\": 1\n  }\n}\n", "\n", "  "},
		{"crlf four", "{\r\n    \"a\": 1\r\n}\r\n", "\r\n", "    "},
		{"tabs", "{\n\t\"a\": {\n\t\t\"b\": 1\n\t}\n}", "\n", "\t"},
		{"one line", `{"a": 1}`, "\n", "  "},
		{"block comment stars do not win", "{\n  /*\n   * x\n   */\n  \"a\": {\n    \"b\": {\n      \"c\": 1\n    }\n  }\n}\n", "\n", "  "},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			nl, unit := detectStyle([]byte(tt.in))
			if diff := cmp.Diff([2]string{tt.nl, tt.unit}, [2]string{nl, unit}); diff != "" {
				t.Errorf("style (-want +got):\n%s", diff)
			}
		})
	}
}

// roundTrip appends value to /hooks/<event>, checks the result parses, then
// removes it again and prunes the containers the append created. It returns
// the bytes after the append and after the removal.
func roundTrip(t *testing.T, d *Document, event string, value any) (added, back []byte) {
	t.Helper()
	ptr := "/hooks/" + EscapePointer(event)
	// The levels that exist before the append must survive the cleanup.
	existing := d.Root.Lookup(ptr)
	e := d.Edit()
	if err := e.Append(ptr, value); err != nil {
		t.Fatalf("Append: %v", err)
	}
	added, err := e.Bytes()
	if err != nil {
		t.Fatalf("Bytes after Append: %v", err)
	}
	nd := mustParse(t, d.Path, added)
	arr := nd.Root.Lookup(ptr)
	if arr == nil || arr.Kind != Array {
		t.Fatalf("%s missing after Append", ptr)
	}
	last := arr.Items[len(arr.Items)-1]
	if got := last.Get("matcher").Text(); got != "run_shell_command" {
		t.Fatalf("appended element has matcher %q", got)
	}
	e2 := nd.Edit()
	if err := e2.Remove(last.Pointer()); err != nil {
		t.Fatalf("Remove: %v", err)
	}
	for _, p := range []string{ptr, "/hooks"} {
		if existing != nil || (p == "/hooks" && d.Root.Has("hooks")) {
			break
		}
		if _, err := e2.RemoveIfEmpty(p); err != nil {
			t.Fatalf("RemoveIfEmpty(%s): %v", p, err)
		}
	}
	back, err = e2.Bytes()
	if err != nil {
		t.Fatalf("Bytes after Remove: %v", err)
	}
	return added, back
}

func TestCorpusRoundTrip(t *testing.T) {
	root := filepath.Join("..", "..", "shared", "corpus")
	if _, err := os.Stat(root); err != nil {
		t.Skipf("corpus %s absent (%v): round-trip property not checked", root, err)
	}
	files, _ := filepath.Glob(filepath.Join(root, "*", "*.json"))
	checked := 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		d, err := Parse(f, data, Options{})
		if err != nil {
			t.Logf("skip %s: does not parse: %v", f, err)
			continue
		}
		events := []string{"BeforeTool", "NewEvent/with~odd"}
		if h := d.Root.Get("hooks"); h != nil && h.Kind == Object {
			events = append(events, h.Keys...)
		}
		for _, ev := range events {
			if n := d.Root.Lookup("/hooks/" + EscapePointer(ev)); n != nil && n.Kind != Array {
				continue // not an event list (e.g. legacy "enabled": true)
			}
			if h := d.Root.Get("hooks"); h != nil && h.Kind != Object {
				continue
			}
			t.Run(filepath.Base(f)+"/"+ev, func(t *testing.T) {
				_, back := roundTrip(t, d, ev, hookDef)
				if diff := cmp.Diff(string(data), string(back)); diff != "" {
					t.Errorf("append+remove changed the file (-want +got):\n%s", diff)
				}
				// hooksConfig/disabled: set (creating or replacing) then remove.
				if d.Root.Has("hooksConfig") {
					return
				}
				e := d.Edit()
				if err := e.Set("/hooksConfig/disabled", []string{"audit"}); err != nil {
					t.Fatal(err)
				}
				if err := e.Remove("/hooksConfig/disabled"); err != nil {
					t.Fatal(err)
				}
				if err := e.Prune("/hooksConfig"); err != nil {
					t.Fatal(err)
				}
				got, err := e.Bytes()
				if err != nil {
					t.Fatal(err)
				}
				if diff := cmp.Diff(string(data), string(got)); diff != "" {
					t.Errorf("set+remove hooksConfig changed the file (-want +got):\n%s", diff)
				}
			})
			checked++
		}
	}
	if checked == 0 {
		t.Fatal("no corpus file checked")
	}
	t.Logf("%d corpus round trips", checked)
}

// TestEditGolden pins the exact bytes of a fixed edit script on files with
// comments, tabs, CRLF, no final newline, inline arrays, empty objects and
// nested trailing comments, and checks that undoing the append restores
// the input.
func TestEditGolden(t *testing.T) {
	ins, _ := filepath.Glob(filepath.Join("testdata", "edit", "*.in.jsonc"))
	if len(ins) == 0 {
		t.Fatal("no golden inputs")
	}
	for _, in := range ins {
		name := strings.TrimSuffix(filepath.Base(in), ".in.jsonc")
		t.Run(name, func(t *testing.T) {
			data, err := os.ReadFile(in)
			if err != nil {
				t.Fatal(err)
			}
			d := mustParse(t, in, data)
			_, back := roundTrip(t, d, "BeforeTool", hookDef)
			if diff := cmp.Diff(string(data), string(back)); diff != "" {
				t.Errorf("append+remove changed the file (-want +got):\n%s", diff)
			}
			e := d.Edit()
			steps := []error{
				e.Append("/hooks/BeforeTool", hookDef),
				e.Set("/hooksConfig/disabled", []string{"audit"}),
			}
			if d.Root.Lookup("/a/b") != nil {
				steps = append(steps, e.Append("/a/b", 3), e.Remove("/a/b/0"))
			}
			for _, err := range steps {
				if err != nil {
					t.Fatal(err)
				}
			}
			got, err := e.Bytes()
			if err != nil {
				t.Fatal(err)
			}
			golden := filepath.Join("testdata", "edit", name+".golden")
			if *update {
				if err := os.WriteFile(golden, got, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run go test ./config -run TestEditGolden -update)", err)
			}
			if diff := cmp.Diff(string(want), string(got)); diff != "" {
				t.Errorf("golden %s (-want +got):\n%s", golden, diff)
			}
		})
	}
}

// TestSetAll: SetAll gives the bytes of Set called in turn, whether it
// makes the splices at once or falls back.
func TestSetAll(t *testing.T) {
	obj := Ordered{{"k", 1}, {"l", []any{2, 3}}}
	for _, tc := range []struct {
		name string
		in   string
		as   []Assignment
	}{
		{"values apart", "{\r\n  \"a\": 1, // one\r\n  \"b\": {\"c\": \"x\"},\r\n  \"d\": [1, 2]\r\n}\r\n",
			[]Assignment{{"/d/1", "two"}, {"/a", 10}, {"/b/c", obj}}},
		{"multi-line values on one line", `{"a": [1, 2], "b": 3}`, []Assignment{{"/a/0", obj}, {"/a/1", obj}, {"/b", obj}}},
		{"nested", "{\n  \"a\": {\"b\": 1}\n}", []Assignment{{"/a", obj}, {"/a/b", 2}}},
		{"missing member", "{\n  \"a\": 1\n}", []Assignment{{"/a", 2}, {"/z/y", 3}}},
		{"same value twice", "{\n  \"a\": 1\n}", []Assignment{{"/a", 2}, {"/a", 3}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d := mustParse(t, "s.json", []byte(tc.in))
			one := d.Edit()
			for _, a := range tc.as {
				if err := one.Set(a.Pointer, a.Value); err != nil {
					t.Fatal(err)
				}
			}
			want, err := one.Bytes()
			if err != nil {
				t.Fatal(err)
			}
			all := d.Edit()
			if err := all.SetAll(tc.as); err != nil {
				t.Fatal(err)
			}
			got, err := all.Bytes()
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(string(want), string(got)); diff != "" {
				t.Errorf("SetAll differs from Set in turn (-Set +SetAll):\n%s", diff)
			}
		})
	}
}

// TestInsertAll: InsertAll gives the bytes of Insert called in turn, on
// every layout (lines of their own, comments, CRLF, tabs, inline, empty,
// missing), in the middle, at the start and at the end.
func TestInsertAll(t *testing.T) {
	obj := Ordered{{"matcher", "x"}, {"hooks", []any{Ordered{{"type", "command"}}}}}
	inputs := []string{
		"{\n  \"a\": [\n    1,\n    2\n  ]\n}\n",
		"{\r\n\t\"a\": [ // list\r\n\t\t// one\r\n\t\t1, // after one\r\n\t\t/* two */ 2 // last\r\n\t]\r\n}\r\n",
		"{\"a\": [1, 2]}",
		"{\"a\": [{\n  \"k\": 1\n}, 2]}",
		"{\n  \"a\": []\n}",
		"{\n  \"a\": [\n  ]\n}",
		"{}",
		"{\n  \"a\": [\n    1\n  ] // end\n}",
		"{\n  \"a\": [\n    1 // c\n  ]\n}",
	}
	for _, in := range inputs {
		d := mustParse(t, "s.json", []byte(in))
		n := 0
		if a := d.Root.Get("a"); a != nil {
			n = len(a.Items)
		}
		for at := 0; at <= n; at++ {
			vals := []any{obj, 7, "s", obj}
			one := d.Edit()
			for j, v := range vals {
				if err := one.Insert("/a/"+strconv.Itoa(at+j), v); err != nil {
					t.Fatal(err)
				}
			}
			want, err := one.Bytes()
			if err != nil {
				t.Fatal(err)
			}
			all := d.Edit()
			if err := all.InsertAll("/a/"+strconv.Itoa(at), vals); err != nil {
				t.Fatal(err)
			}
			got, err := all.Bytes()
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(string(want), string(got)); diff != "" {
				t.Errorf("%q at %d: InsertAll differs from Insert in turn (-Insert +InsertAll):\n%s", in, at, diff)
			}
		}
	}
}

// TestRemoveAll: RemoveAll gives the bytes of Remove of each index from
// the highest down, for every subset of the elements, on every layout.
func TestRemoveAll(t *testing.T) {
	inputs := []string{
		"{\n  \"a\": [\n    1,\n    2,\n    3,\n    4,\n    5\n  ]\n}\n",
		"{\r\n\t\"a\": [ // list\r\n\t\t// one\r\n\t\t1, // after one\r\n\t\t/* two */ 2, // c2\r\n\t\t// three\r\n\t\t{\r\n\t\t\t\"k\": 3\r\n\t\t}, /* c3 */\r\n\t\t4,\r\n\r\n\t\t5 // last\r\n\t]\r\n}\r\n",
		"{\"a\": [1, 2, 3, 4, 5]}",
		"{\"a\": [\n  1, 2,\n  3, 4,\n  5]}",
		"{\n  \"a\": [\n    1\n  ,  2\n  ,  3\n  ,  4\n  ,  5\n  ]\n}",
	}
	for _, in := range inputs {
		d := mustParse(t, "s.json", []byte(in))
		n := len(d.Root.Get("a").Items)
		for set := 1; set < 1<<n; set++ {
			var idx []int
			for i := range n {
				if set&(1<<i) != 0 {
					idx = append(idx, i)
				}
			}
			one := d.Edit()
			for k := len(idx) - 1; k >= 0; k-- {
				if err := one.Remove("/a/" + strconv.Itoa(idx[k])); err != nil {
					t.Fatal(err)
				}
			}
			want, err := one.Bytes()
			if err != nil {
				t.Fatal(err)
			}
			all := d.Edit()
			if err := all.RemoveAll("/a", idx); err != nil {
				t.Fatal(err)
			}
			got, err := all.Bytes()
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(string(want), string(got)); diff != "" {
				t.Errorf("%q removing %v: RemoveAll differs from Remove in turn (-Remove +RemoveAll):\n%s", in, idx, diff)
			}
		}
	}
}
