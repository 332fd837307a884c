package hooktest

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// saveStrings are strings caseYAML must write so that they read back
// as they are: plain, quoted, multi-line, with tabs, control
// characters, indicators, and words YAML would read as another type.
var saveStrings = []string{
	"guard", "rm -rf /", "BeforeTool: deny", "ends with:", "a #b", "a#b", "#x", "- x", "-x", "-", "--- x", "...", "?x", "? x", ":x",
	"", " ", " lead", "trail ", "a  b", "it's", `say "hi"`, `back\slash`, "a\tb", "\ttab", "tab\t", "é", "日本語", "emoji 🎉",
	"yes", "no", "on", "off", "y", "true", "False", "null", "~", "1", "-1", "0777", "08", "1e5", "1_000", ".5", ".inf", "0x1F", "0b1", "2024-01-01", "12:30", "1:20", "<<",
	"line\nnext", "line\nnext\n", "line\n\n", "\n", "\nlead break", " lead space\nx", "trailing space \nx", "x\n ", "a\n\nb", "tab\tin\nlines",
	"bell\a", "nul\x00", "esc\x1b", "del\x7f", "nel\u0085", "nbsp\u00a0", "ls\u2028", "bom\ufeff", "c1\u0080",
	"[a]", "{a}", "a]", "a,b", "a: b", "a:b", "&a", "*a", "!a", "|a", ">a", "%a", "@a", "`a", `"a`, "'a",
	strings.Repeat("long ", 40), strings.Repeat("k", 130),
}

// TestCaseYAML pins caseYAML's output (the text run --save-test
// appends), recorded with yaml.v3's encoder, and checks that every case
// reads back with the values written.
func TestCaseYAML(t *testing.T) {
	t.Parallel()
	var b strings.Builder
	tr, fa := true, false
	x0, x2 := 0, 2
	for i, s := range saveStrings {
		input := fmt.Sprintf(`{"tool_input": {%q: %q, "n": 1.5, "big": 1e400, "list": [%q, 1, true, null, {}, []], "o": {}}}`, s, s, s)
		if i%3 == 1 {
			input = ""
		}
		reason, ctx := s, s+s
		e := Expect{Decision: &Decisions[i%len(Decisions)], ToolRuns: &fa, Reason: &reason, Context: &ctx,
			Hooks: []HookExpect{{Name: s, Ran: &tr, Exit: &x2}, {Name: "./a.sh", Ran: &fa}, {Name: "g", Ran: &tr, Exit: &x0}}}
		if i%2 == 0 {
			e.Hooks = e.Hooks[:1]
			e.ToolRuns = nil
		}
		out, err := caseYAML(Saved{Name: s, Event: "BeforeTool", Tool: "run_shell_command", Input: []byte(input)}, e, i%3*2)
		fmt.Fprintf(&b, "== %q\n", s)
		if err != nil {
			fmt.Fprintf(&b, "error: %v\n", err)
			continue
		}
		b.Write(out)

		// The case reads back as written (the input without the number
		// JSON cannot hold; a key on several lines, with a value on
		// several lines that starts with a space or a line break, is
		// more than goccy/go-yaml reads).
		s1 := Saved{Name: s, Event: "BeforeAgent"}
		if input != "" {
			s1.Input = []byte(fmt.Sprintf(`{"tool_input": {"k": %q, %q: 1, "list": [%q, 1, true, null, {}, []]}}`, s, s, s))
		}
		out, err = caseYAML(s1, Expect{Reason: e.Reason, Context: e.Context, Hooks: e.Hooks}, i%3*2)
		if err != nil {
			t.Fatal(err)
		}
		f, errs := Parse("t.yaml", append([]byte("tests:\n"), out...))
		if strings.TrimSpace(s) == "" || s == "<<" {
			continue // not a case name (nor << as yaml.v3 wrote it)
		}
		if len(errs) > 0 {
			t.Errorf("%q does not read back: %v\n%s", s, errs, out)
			continue
		}
		c := f.Cases[0]
		var hooks []string
		for _, h := range c.Expect.Hooks {
			hooks = append(hooks, h.Name)
		}
		var in, back any
		json.Unmarshal(s1.Input, &in)
		json.Unmarshal(c.Input, &back)
		if c.Name != s || *c.Expect.Reason != s || *c.Expect.Context != s+s || hooks[0] != s || !cmp.Equal(in, back) {
			t.Errorf("%q reads back as name %q, reason %q, context %q, hooks %q, input %s", s, c.Name, *c.Expect.Reason, *c.Expect.Context, hooks, c.Input)
		}
	}
	golden(t, "testdata/save.golden", b.String())
}
