package config

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/gh-hooks/gh-hooks/internal/testenv"
)

// optionSets are the ways gh-hooks parses files: settings files, extension
// files (plain JSON) and trustedFolders.json values (any root).
var optionSets = []Options{{}, {NoComments: true}, {AllowNonObject: true}}

// checkSamePaths fails unless the fast path, when it accepts data, builds
// exactly the Node tree of the full hujson path. It reports whether the
// fast path accepted data.
func checkSamePaths(t *testing.T, data []byte, opts Options) bool {
	t.Helper()
	fast := &Document{Data: data}
	if !fast.parseFast(opts) {
		return false
	}
	slow, err := parse("f.json", data, opts, false)
	if err != nil {
		t.Fatalf("%+v: the fast path accepted %q, which the full parser rejects: %v", opts, data, err)
	}
	if d := treeDiff(slow.Root, fast.Root); d != "" {
		t.Fatalf("%+v: the fast path built another tree for %q: %s", opts, data, d)
	}
	return true
}

// treeDiff describes the first difference between two Node trees, or
// returns "". (cmp.Diff takes exponential time on deeply nested trees.)
func treeDiff(a, b *Node) string {
	if (a == nil) != (b == nil) {
		return fmt.Sprintf("nil %v vs %v", a == nil, b == nil)
	}
	if a == nil {
		return ""
	}
	x, y := *a, *b
	x.Items, x.Vals, y.Items, y.Vals = nil, nil, nil, nil
	x.parent, y.parent = nil, nil // the trees differ; compared by Pointer
	if pa, pb := a.Pointer(), b.Pointer(); pa != pb {
		return fmt.Sprintf("pointer %q (full) vs %q (fast)", pa, pb)
	}
	if d := cmp.Diff(x, y, cmpopts.EquateNaNs(), cmp.AllowUnexported(Node{})); d != "" {
		return fmt.Sprintf("at %q (-full +fast):\n%s", a.Pointer(), d)
	}
	if len(a.Items) != len(b.Items) || len(a.Vals) != len(b.Vals) {
		return fmt.Sprintf("at %q: %d/%d items, %d/%d values", a.Pointer(), len(a.Items), len(b.Items), len(a.Vals), len(b.Vals))
	}
	for i := range a.Items {
		if d := treeDiff(a.Items[i], b.Items[i]); d != "" {
			return d
		}
	}
	for i := range a.Vals {
		if d := treeDiff(a.Vals[i], b.Vals[i]); d != "" {
			return d
		}
	}
	return ""
}

// TestParseFast checks which inputs take the fast path, and that each one
// that does gets the full parser's tree, offsets and pointers included.
func TestParseFast(t *testing.T) {
	tests := []struct {
		in   string
		opts Options
		fast bool
	}{
		{in: `{}`, fast: true},
		{in: "{\n  // comment, with a comma\n  \"hooks\": {\"BeforeTool\": [{\"matcher\": \"a/*b*/\", \"hooks\": []}]} /* c */\n}\n", fast: true},
		{in: `{"a": 1, "a": [true, false, null, -0, 1e999, "\u00e9\ud800"], "x/y~z": {}}`, fast: true},
		{in: "\r\n\t{\"a\": \"\xff\"}\r\n", fast: true},
		{in: `{"a": [1,]}`, fast: false},             // trailing comma: the full parser words it
		{in: `{"a": 1,}`, fast: false},               // the same in an object
		{in: "{\"a\": 1 // x, y\n}", fast: true},     // a comma in a comment is not a trailing comma
		{in: "{\"a\": [1 /* x, */ ,]}", fast: false}, // a trailing comma after a comment with one
		{in: "{\"a\": [1, /* ] */ 2,]}", fast: false},
		{in: `{"a": 1 /* x`, fast: false}, // unterminated comment
		// Without "//" or "/*", jsonc is skipped: a slash alone, in a
		// string or not, and a trailing comma that gjson then rejects.
		{in: `{"a": "$HOME/hooks/x.sh", "b": "http:/x", "c": "*/"}`, fast: true},
		{in: `{"a": "/x/", "b": [1,]}`, fast: false},
		{in: `{"a": 1} / {}`, fast: false},
		{in: `{"a": 01}`, fast: false},              // not JSON
		{in: `{"a": "tab	in string"}`, fast: false}, // raw control character
		{in: `[1]`, fast: false},                    // not an object
		{in: `[1]`, opts: Options{AllowNonObject: true}, fast: true},
		{in: `{"a": 1} // c`, opts: Options{NoComments: true}, fast: false},
		{in: `{"a": 1}`, opts: Options{NoComments: true}, fast: true},
		{in: "\xef\xbb\xbf{}", fast: false},
		{in: strings.Repeat(`{"a":`, maxFastDepth) + "1" + strings.Repeat("}", maxFastDepth), fast: true},
		{in: strings.Repeat(`{"a":`, maxFastDepth+1) + "1" + strings.Repeat("}", maxFastDepth+1), fast: false}, // too deep: linear in the full parser
	}
	for _, tt := range tests {
		if got := checkSamePaths(t, []byte(tt.in), tt.opts); got != tt.fast {
			t.Errorf("%+v %q: fast path taken = %v, want %v", tt.opts, tt.in, got, tt.fast)
		}
	}
	// Whatever path it takes, Parse words every rejection the same way.
	for _, tt := range tests {
		d1, err1 := Parse("f.json", []byte(tt.in), tt.opts)
		d2, err2 := parse("f.json", []byte(tt.in), tt.opts, false)
		if d := cmp.Diff(errString(err2), errString(err1)); d != "" {
			t.Errorf("%+v %q: errors differ (-full +Parse):\n%s", tt.opts, tt.in, d)
		}
		if err1 == nil {
			if d := treeDiff(d2.Root, d1.Root); d != "" {
				t.Errorf("%+v %q: trees differ: %s", tt.opts, tt.in, d)
			}
		}
	}
}

func errString(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

// TestParseFastCorpus runs every JSON file of the shared corpus through
// both paths, and checks that the real files nearly all take the fast one.
func TestParseFastCorpus(t *testing.T) {
	dir := testenv.SharedDir(t, "corpus")
	files, accepted := 0, 0
	err := filepath.WalkDir(dir, func(p string, e os.DirEntry, err error) error {
		if err != nil || e.IsDir() || !strings.HasSuffix(p, ".json") {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		files++
		for _, opts := range optionSets {
			if checkSamePaths(t, data, opts) && opts == (Options{}) {
				accepted++
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if files == 0 {
		t.Fatalf("no JSON file under %s", dir)
	}
	// Files Gemini rejects (the corpus keeps a few) take the full path.
	if accepted*10 < files*9 {
		t.Errorf("the fast path took %d of %d corpus files, want at least 90%%", accepted, files)
	}
	t.Logf("the fast path took %d of %d corpus files", accepted, files)
}

// FuzzParseFast checks the fast path against the full parser on any input:
//
//	go test -run '^$' -fuzz '^FuzzParseFast$' -fuzztime 10m ./config/
func FuzzParseFast(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, opts := range optionSets {
			checkSamePaths(t, data, opts)
		}
	})
}
