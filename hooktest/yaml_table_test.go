package hooktest

import (
	"flag"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

var update = flag.Bool("update", false, "rewrite the goldens in testdata")

// show is what Parse decided about a file, in one string: each error
// (line:col code: message | hint), or each case with its values.
func show(f *File, errs Errors) string {
	var b strings.Builder
	for _, e := range errs {
		fmt.Fprintf(&b, "%d:%d %s: %s | %s\n", e.Line, e.Column, e.Code, e.Msg, e.Hint)
	}
	if f == nil || len(errs) > 0 {
		return b.String()
	}
	for _, c := range f.Cases {
		fmt.Fprintf(&b, "%d:%d %q %s tool=%q trigger=%q input=%s", c.Line, c.Column, c.Name, c.Event, c.Tool, c.Trigger, c.Input)
		e := c.Expect
		if e.Decision != nil {
			fmt.Fprintf(&b, " decision=%q", *e.Decision)
		}
		if e.ToolRuns != nil {
			fmt.Fprintf(&b, " toolRuns=%v", *e.ToolRuns)
		}
		if e.Reason != nil {
			fmt.Fprintf(&b, " reason=%q", *e.Reason)
		}
		if e.Context != nil {
			fmt.Fprintf(&b, " context=%q", *e.Context)
		}
		if e.ToolInput != nil {
			fmt.Fprintf(&b, " toolInput=%s", e.ToolInput)
		}
		for _, h := range e.Hooks {
			fmt.Fprintf(&b, " hook %q@%d", h.Name, h.Line)
			if h.Ran != nil {
				fmt.Fprintf(&b, " ran=%v", *h.Ran)
			}
			if h.Exit != nil {
				fmt.Fprintf(&b, " exit=%d", *h.Exit)
			}
		}
		b.WriteString("\n")
	}
	return b.String()
}

// yamlTable are the inputs whose reading TestYAMLDecisions pins: how a
// plain scalar resolves (YAML 1.2's core schema as yaml.v3 resolved
// it), tags, quoting and block scalars, anchors and aliases, several
// documents, duplicate keys, tabs, a BOM, CRLF, positions after
// non-ASCII text, and syntax errors.
var yamlTable = func() []struct{ name, data string } {
	var out []struct{ name, data string }
	add := func(name, data string) { out = append(out, struct{ name, data string }{name, data}) }
	// A value as the input (its JSON), as a name (must be a string), as
	// toolRuns (a boolean) and as an exit status (an int).
	for _, v := range []string{
		"yes", "no", "on", "off", "y", "n", "Yes", "true", "True", "TRUE", "tRue", "false",
		"~", "null", "Null", "NULL", "nULL", "''", `""`,
		"1", "-1", "+1", "0", "-0", "00", "08", "0777", "0o17", "0x1F", "-0x1F", "0b101", "-0b101", "1_000", "_1",
		"9223372036854775807", "9223372036854775808", "18446744073709551616", "255", "256",
		"1.5", "1e5", "1E5", "1.5e-3", "-1.5e+3", ".5", "5.", "1.2.3", "1e400", "0.",
		".inf", "-.inf", "+.inf", ".Inf", ".NaN", ".nan", "1:20", "190:20:30",
		"2024-01-01", "2001-12-14t21:59:43.10-05:00", "2001-12-14 21:59:43.10 -5", "12:30",
		"!!str 1", "!!str true", "!!int 1", "!!int x", "!!bool yes", "!!bool true", "!!float 1", "!!null ''", "!custom x", "!!binary aGk=",
		`"quoted"`, `'it''s'`, `"a\tb"`, `"\u00e9"`, `"\x41"`, "é", "a b", "a  #c", "<<", "=", "-", "a:b",
		"&a x", "&a 1",
	} {
		add("value "+v, "tests:\n  - name: a\n    event: BeforeTool\n    input:\n      v: "+v+"\n")
		add("name "+v, "tests:\n  - name: "+v+"\n    event: BeforeTool\n")
		add("toolRuns "+v, "tests:\n  - name: a\n    event: BeforeTool\n    expect:\n      toolRuns: "+v+"\n")
		add("exit "+v, "tests:\n  - name: a\n    event: BeforeTool\n    expect:\n      hooks:\n        g: {exit: "+v+"}\n")
	}
	for _, d := range []struct{ name, data string }{
		{"good", "tests:\n  - name: guard\n    event: BeforeTool\n    tool: run_shell_command\n    input:\n      tool_input: {command: \"rm -rf /\", n: 1, ok: true, none: null}\n    expect:\n      decision: deny\n      toolRuns: false\n      reason: rm\n      toolInput: {command: ls}\n      hooks:\n        guard: {ran: true, exit: 2}\n  - name: start\n    event: SessionStart\n    trigger: startup\n    expect: {context: hi, hooks: {\"./a.sh\": {ran: false}}}\n"},
		{"empty value", "tests:\n  - name:\n    event: BeforeTool\n"},
		{"empty value last", "tests:\n  - event: BeforeTool\n    name:\n"},
		{"empty flow value", "tests:\n  - {name: , event: BeforeTool}\n"},
		{"null tests", "tests:\n"},
		{"empty tests", "tests: []\n"},
		{"scalar file", "hello\n"},
		{"null file", "null\n"},
		{"comment only", "# nothing\n"},
		{"document marker only", "---\n"},
		{"empty", ""},
		{"spaces", "  \n\n"},
		{"two documents", "tests:\n  - name: a\n    event: BeforeTool\n---\ntests:\n  - name: b\n    event: BeforeTool\n"},
		{"second document bad", "tests:\n  - name: a\n    event: BeforeTool\n---\n[\n"},
		{"second document unknown key", "tests:\n  - name: a\n    event: BeforeTool\n---\nfoo: 1\n"},
		{"document end", "tests:\n  - name: a\n    event: BeforeTool\n...\n"},
		{"directive", "%YAML 1.2\n---\ntests:\n  - name: a\n    event: BeforeTool\n"},
		{"directive 1.1", "%YAML 1.1\n---\ntests:\n  - name: a\n    event: BeforeTool\n    expect: {toolRuns: yes}\n"},
		{"tag directive", "%TAG !e! tag:example.com,2000:\n---\ntests:\n  - name: !e!x a\n    event: BeforeTool\n"},
		{"alias", "x: &a {p: 1}\ntests:\n  - name: a\n    event: BeforeAgent\n    input: *a\n"},
		{"alias scalar", "tests:\n  - name: &n a\n    event: BeforeAgent\n    input: {x: *n}\n"},
		{"alias unknown", "tests:\n  - name: a\n    event: BeforeAgent\n    input: {x: *n}\n"},
		{"anchor unused", "tests: &t\n  - name: a\n    event: BeforeAgent\n    input: &i {x: 1}\n"},
		{"merge key", "x: &a {p: 1}\ntests:\n  - name: a\n    event: BeforeAgent\n    input:\n      <<: *a\n"},
		{"alias bomb", "a: &a [x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]\nc: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]\nd: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c]\ntests: []\n"},
		{"duplicate key", "tests:\n  - name: a\n    name: b\n    event: BeforeAgent\n"},
		{"duplicate top key", "tests: []\ntests:\n  - name: a\n    event: BeforeAgent\n"},
		{"duplicate input key", "tests:\n  - name: a\n    event: BeforeAgent\n    input: {x: 1, x: 2}\n"},
		{"duplicate hook", "tests:\n  - name: a\n    event: BeforeAgent\n    expect:\n      hooks:\n        g: {ran: true}\n        g: {ran: true}\n"},
		{"tab indent", "tests:\n\t- name: a\n"},
		{"tab after key", "tests:\n  - name:\ta\n    event:\tBeforeTool\n"},
		{"tab in flow", "tests: [\t{name: a, event: BeforeTool}]\n"},
		{"tab in value", "tests:\n  - name: a\tb\n    event: BeforeTool\n"},
		{"bom", "\ufefftests:\n  - name: a\n    event: BeforeTool\n"},
		{"bom then error", "\ufefftests:\n  - name: a\n    event: Nope\n"},
		{"crlf", "tests:\r\n  - name: a\r\n    event: BeforeTool\r\n    expect:\r\n      decison: deny\r\n"},
		{"utf16", "\xff\xfet\x00e\x00s\x00t\x00s\x00:\x00 \x00[\x00]\x00\n\x00"},
		{"non-ascii column", "tests:\n  - name: é\n    event: BeforeTool\n    expect: {reason: éé, decison: deny}\n"},
		{"invalid utf8", "tests:\n  - name: a\xff\n    event: BeforeTool\n"},
		{"nul byte", "tests:\n  - name: a\x00\n    event: BeforeTool\n"},
		{"control char", "tests:\n  - name: a\x01b\n    event: BeforeTool\n"},
		{"literal block", "tests:\n  - name: |\n      line one\n      line two\n    event: BeforeTool\n    expect:\n      reason: >-\n        folded\n        text\n"},
		{"literal block keep", "tests:\n  - name: |+\n      x\n\n    event: BeforeTool\n"},
		{"multi-line plain", "tests:\n  - name: a\n      b\n    event: BeforeTool\n"},
		{"multi-line quoted", "tests:\n  - name: \"a\n      b\"\n    event: BeforeTool\n"},
		{"complex key", "tests:\n  - ? [a]\n    : b\n    name: a\n    event: BeforeTool\n"},
		{"complex key in input", "tests:\n  - name: a\n    event: BeforeTool\n    input: {[a]: 1}\n"},
		{"int key in input", "tests:\n  - name: a\n    event: BeforeTool\n    input: {1: a, true: b, ~: c, 1.5: d}\n"},
		{"int key in case", "tests:\n  - name: a\n    event: BeforeTool\n    1: x\n"},
		{"null key", "tests:\n  - name: a\n    event: BeforeTool\n    : x\n"},
		{"flow seq of pairs", "tests: [{name: a, event: BeforeTool}, {name: b, event: AfterAgent}]\n"},
		{"json style", "{\"tests\": [{\"name\": \"a\", \"event\": \"BeforeTool\", \"expect\": {\"toolRuns\": true}}]}\n"},
		{"indented sequence", "tests:\n- name: a\n  event: BeforeTool\n- name: b\n  event: BeforeTool\n"},
		{"deep", "tests:\n  - name: d\n    event: BeforeAgent\n    input:\n      a: " + strings.Repeat("[", 40) + strings.Repeat("]", 40) + "\n"},
		{"deep 31", "tests:\n  - name: d\n    event: BeforeAgent\n    input:\n      a: " + strings.Repeat("[", 28) + strings.Repeat("]", 28) + "\n"},
		{"deep 32", "tests:\n  - name: d\n    event: BeforeAgent\n    input:\n      a: " + strings.Repeat("[", 29) + strings.Repeat("]", 29) + "\n"},
		{"comments", "# head\ntests: # list\n  # between\n  - name: a # trailing\n    event: BeforeTool\n"},
		{"malformed", "tests:\n  - name: a\n   event: x\n"},
		{"unclosed flow", "tests:\n  - name: a\n    event: BeforeAgent\n    input: {a: [1, 2}\n"},
		{"unclosed quote", "tests:\n  - name: \"a\n    event: BeforeAgent\n"},
		{"unclosed single quote", "tests:\n  - name: 'a\n    event: BeforeAgent\n"},
		{"bad indent mapping", "tests:\n  - name: a\n      event: BeforeAgent\n"},
		{"colon in plain", "tests:\n  - name: a: b\n    event: BeforeAgent\n"},
		{"stray bracket", "tests:\n  - name: a]\n    event: BeforeAgent\n"},
		{"leading bracket", "tests:\n  - name: ]a\n    event: BeforeAgent\n"},
		{"at sign", "tests:\n  - name: @a\n    event: BeforeAgent\n"},
		{"backtick", "tests:\n  - name: `a\n    event: BeforeAgent\n"},
		{"bad escape", "tests:\n  - name: \"\\q\"\n    event: BeforeAgent\n"},
		{"key without value at end", "tests:\n  - name: a\n    event: BeforeAgent\n    expect\n"},
		{"block in flow", "tests: [\n  - name: a\n]\n"},
		{"anchor twice", "tests:\n  - name: &a &b a\n    event: BeforeAgent\n"},
		{"tag twice", "tests:\n  - name: !!str !!str a\n    event: BeforeAgent\n"},
		{"unknown tag handle", "tests:\n  - name: !x!y a\n    event: BeforeAgent\n"},
		{"document marker in value", "tests:\n  - name: a\n    event: BeforeAgent\n--- x\n"},
		{"literal bad indent", "tests:\n  - name: |\n    x\n   y\n    event: BeforeAgent\n"},
	} {
		add(d.name, d.data)
	}
	return out
}()

// TestYAMLDecisions pins what Parse makes of each of yamlTable's files:
// its errors or its cases. The wants were recorded with yaml.v3 as the
// reader (-update rewrites the file).
func TestYAMLDecisions(t *testing.T) {
	t.Parallel()
	var b strings.Builder
	for _, tt := range yamlTable {
		f, errs := Parse("t.yaml", []byte(tt.data))
		fmt.Fprintf(&b, "== %s\n%s", tt.name, show(f, errs))
	}
	golden(t, "testdata/yaml_decisions.golden", b.String())
}

// golden compares got with the file at path, which -update rewrites.
func golden(t *testing.T, path, got string) {
	t.Helper()
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(string(want), got); diff != "" {
		t.Errorf("%s (-want +got):\n%s", path, diff)
	}
}
