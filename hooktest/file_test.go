package hooktest

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestParse(t *testing.T) {
	data := `# a comment
tests:
  - name: guard
    event: BeforeTool
    tool: run_shell_command
    input:
      tool_input: {command: "rm -rf /", n: 1, ok: true, none: null}
    expect:
      decision: deny
      toolRuns: false
      reason: rm
      toolInput: {command: ls}
      hooks:
        guard: {ran: true, exit: 2}
  - name: start
    event: SessionStart
    trigger: startup
    expect: {context: hi, hooks: {"./a.sh": {ran: false}}}
`
	f, errs := Parse("t.yaml", []byte(data))
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	if len(f.Cases) != 2 {
		t.Fatalf("%d cases", len(f.Cases))
	}
	c := f.Cases[0]
	if diff := cmp.Diff(`{"tool_input":{"command":"rm -rf /","n":1,"ok":true,"none":null}}`, string(c.Input)); diff != "" {
		t.Errorf("input (-want +got):\n%s", diff)
	}
	if c.Line != 3 || c.Column != 5 || *c.Expect.Decision != "deny" || *c.Expect.ToolRuns || *c.Expect.Reason != "rm" {
		t.Errorf("case %+v, expect %+v", c, c.Expect)
	}
	if h := c.Expect.Hooks; len(h) != 1 || h[0].Name != "guard" || !*h[0].Ran || *h[0].Exit != 2 || h[0].Line != 14 {
		t.Errorf("hooks %+v", h)
	}
	if c.Expect.Line["decision"] != 9 {
		t.Errorf("decision line %d, want 9", c.Expect.Line["decision"])
	}
	if s := f.Cases[1]; s.Trigger != "startup" || *s.Expect.Context != "hi" || *s.Expect.Hooks[0].Ran {
		t.Errorf("second case %+v", s)
	}
	// JSON, the same keys.
	jf, errs := Parse("t.json", []byte(`{"tests": [{"name": "a", "event": "AfterAgent", "input": {"prompt_response": "x"}, "expect": {"decision": "deny"}}]}`))
	if len(errs) > 0 || len(jf.Cases) != 1 || string(jf.Cases[0].Input) != `{"prompt_response":"x"}` {
		t.Fatalf("json: %v %+v", errs, jf)
	}
}

// TestParseErrors: every bad file is an error with its position, what
// is wrong and a hint, and yields no case.
func TestParseErrors(t *testing.T) {
	deep := "tests:\n  - name: d\n    event: BeforeAgent\n    input:\n      a: " + strings.Repeat("[", 40) + strings.Repeat("]", 40) + "\n"
	tests := []struct {
		name, file, data string
		want             string // path:line:col: message
		hint             string
	}{
		{"malformed yaml", "t.yaml", "tests:\n  - name: a\n   event: x\n", "t.yaml:3:4: not valid YAML: did not find expected '-' indicator", "mapping with a tests: list"},
		{"malformed json", "t.json", "{\"tests\": [\n  {\"name\": \"a\",}\n]}", "t.json:2:16: not valid JSON: invalid character '}'", "{\"tests\": [...]}"},
		{"empty", "t.yaml", "", "t.yaml:1:1: not valid YAML: empty file", ""},
		{"unclosed flow", "t.yaml", "tests:\n  - name: a\n    event: BeforeAgent\n    input: {a: [1, 2}\n", "t.yaml:4:5: not valid YAML: did not find expected ',' or ']'", "indentation"},
		{"tab", "t.yaml", "tests:\n\t- name: a\n", "t.yaml:2:2: not valid YAML: found character that cannot start any token", ""},
		{"not a mapping", "t.yaml", "- a\n", "t.yaml:1:1: the file must be a mapping with a tests key, not a list", ""},
		{"unknown top key", "t.yaml", "test:\n  - name: a\n", "t.yaml:1:1: file: unknown key \"test\"", "did you mean tests?"},
		{"unknown event", "t.yaml", "tests:\n  - name: a\n    event: PreToolUse\n", "t.yaml:3:12: tests[0] (a).event: unknown event \"PreToolUse\"", "did you mean BeforeTool?"},
		{"no event", "t.yaml", "tests:\n  - name: a\n", "t.yaml:2:5: tests[0] (a): no event", "events: BeforeTool"},
		{"no name", "t.yaml", "tests:\n  - event: BeforeAgent\n", "t.yaml:2:5: tests[0]: no name", "give the case a name"},
		{"unknown case key", "t.yaml", "tests:\n  - name: a\n    event: BeforeAgent\n    expected: {}\n", "t.yaml:4:5: tests[0] (a): unknown key \"expected\"", "did you mean expect?"},
		{"unknown expect key", "t.yaml", "tests:\n  - name: a\n    event: BeforeTool\n    expect: {decison: deny}\n", "t.yaml:4:14: tests[0] (a).expect: unknown key \"decison\"", "did you mean decision?"},
		{"wrong type bool", "t.yaml", "tests:\n  - name: a\n    event: BeforeTool\n    expect: {toolRuns: \"no\"}\n", "t.yaml:4:24: tests[0] (a).expect.toolRuns must be true or false, not a string (\"no\")", "write true or false"},
		{"wrong type exit", "t.yaml", "tests:\n  - name: a\n    event: BeforeTool\n    expect: {hooks: {g: {exit: two}}}\n", "t.yaml:4:32: tests[0] (a).expect.hooks.g.exit must be an exit status, not a string (\"two\")", "0 to 255"},
		{"wrong type name", "t.yaml", "tests:\n  - name: [a]\n    event: BeforeTool\n", "t.yaml:2:11: tests[0].name must be a string, not a list", ""},
		{"wrong type tests", "t.yaml", "tests: {a: 1}\n", "t.yaml:1:8: tests must be a list, not a mapping", ""},
		{"bad decision", "t.yaml", "tests:\n  - name: a\n    event: BeforeTool\n    expect: {decision: stop}\n", "t.yaml:4:24: tests[0] (a).expect.decision: \"stop\" is not a decision", "allow, deny, block, ask, none"},
		{"toolRuns on SessionStart", "t.yaml", "tests:\n  - name: a\n    event: SessionStart\n    expect:\n      toolRuns: true\n", "t.yaml:5:7: tests[0] (a).expect.toolRuns: only BeforeTool decides whether the tool runs; on SessionStart there is no such outcome", "drop toolRuns"},
		{"deny on SessionEnd", "t.yaml", "tests:\n  - name: a\n    event: SessionEnd\n    expect:\n      decision: deny\n", "t.yaml:5:7: tests[0] (a).expect.decision: Gemini ignores the decision on SessionEnd", "decision: none"},
		{"context on BeforeTool", "t.yaml", "tests:\n  - name: a\n    event: BeforeTool\n    expect:\n      context: x\n", "t.yaml:5:7: tests[0] (a).expect.context: Gemini passes additionalContext on only for", "drop context"},
		{"tool on AfterAgent", "t.yaml", "tests:\n  - name: a\n    event: AfterAgent\n    tool: x\n", "t.yaml:4:11: tests[0] (a).tool: AfterAgent has no tool", "remove tool:"},
		{"bad trigger", "t.yaml", "tests:\n  - name: a\n    event: SessionStart\n    trigger: boot\n", "t.yaml:4:14: tests[0] (a).trigger: \"boot\" is not a SessionStart trigger", "startup, resume, clear"},
		{"input not a mapping", "t.yaml", "tests:\n  - name: a\n    event: BeforeAgent\n    input: [1]\n", "t.yaml:4:12: tests[0] (a).input must be a mapping, not a list", ""},
		{"alias", "t.yaml", "x: &a {p: 1}\ntests:\n  - name: a\n    event: BeforeAgent\n    input: *a\n", "t.yaml:5:12: YAML aliases (*a) are not supported in test files", "write the value out"},
		{"deep", "t.yaml", deep, "nested more than 32 levels deep", "flatten"},
		{"duplicate key", "t.yaml", "tests:\n  - name: a\n    name: b\n    event: BeforeAgent\n", "", ""},
		{"ran false with exit", "t.yaml", "tests:\n  - name: a\n    event: BeforeAgent\n    expect: {hooks: {g: {ran: false, exit: 0}}}\n", "t.yaml:4:25: tests[0] (a).expect.hooks.g: a hook that did not run has no exit status", "drop exit"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			f, errs := Parse(tt.file, []byte(tt.data))
			if len(errs) == 0 {
				t.Fatalf("no error; file %+v", f)
			}
			if f != nil && len(f.Cases) > 0 {
				t.Errorf("a bad case was kept: %+v", f.Cases[0])
			}
			got := errs[0].Error()
			if !strings.Contains(got, tt.want) {
				t.Errorf("error %q, want %q", got, tt.want)
			}
			if !strings.Contains(errs[0].Hint, tt.hint) {
				t.Errorf("hint %q, want %q", errs[0].Hint, tt.hint)
			}
			if errs[0].Line < 1 {
				t.Errorf("no line in %q", got)
			}
		})
	}
}

// TestLoad: files are read through the project's root: a link out of it,
// a FIFO, a huge file are errors; duplicate names across files too; and
// nothing is returned when any file is bad.
func TestLoad(t *testing.T) {
	t.Parallel()
	project := t.TempDir()
	outside := t.TempDir()
	good := "tests:\n  - name: a\n    event: BeforeAgent\n"
	write := func(dir, name, data string) {
		t.Helper()
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(project, ".gemini/hooks.test.yaml", good)
	write(project, ".gemini/tests/b.yml", "tests:\n  - name: b\n    event: BeforeAgent\n")
	write(project, ".gemini/tests/notes.txt", "not a test")
	srcs, err := Find(project, project, nil)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, s := range srcs {
		names = append(names, filepath.ToSlash(s.Name))
	}
	if diff := cmp.Diff([]string{".gemini/hooks.test.yaml", ".gemini/tests/b.yml"}, names); diff != "" {
		t.Errorf("default files (-want +got):\n%s", diff)
	}
	files, err := Load(srcs)
	if err != nil || len(files) != 2 {
		t.Fatalf("load: %v", err)
	}

	write(outside, "secret.yaml", good)
	if err := os.Symlink(filepath.Join(outside, "secret.yaml"), filepath.Join(project, ".gemini", "tests", "link.yaml")); err != nil {
		t.Skip(err)
	}
	srcs, err = Find(project, project, nil)
	if err != nil {
		t.Fatal(err)
	}
	_, err = Load(srcs)
	if err == nil || !strings.Contains(err.Error(), "link.yaml: leads out of the project through a symbolic link") {
		t.Errorf("a link out of the project: %v", err)
	}
	os.Remove(filepath.Join(project, ".gemini", "tests", "link.yaml"))

	// A .gemini/tests that is itself a link out of the project.
	os.RemoveAll(filepath.Join(project, ".gemini", "tests"))
	write(outside, "tests/c.yaml", good)
	os.Symlink(filepath.Join(outside, "tests"), filepath.Join(project, ".gemini", "tests"))
	if _, err = Find(project, project, nil); err == nil || !strings.Contains(err.Error(), "leads out of the project") {
		t.Errorf("a tests directory out of the project: %v", err)
	}
	os.Remove(filepath.Join(project, ".gemini", "tests"))

	// .gemini itself a link out of the project.
	os.Rename(filepath.Join(project, ".gemini"), filepath.Join(project, "gemini-moved"))
	os.Symlink(filepath.Join(project, "gemini-moved"), filepath.Join(outside, "dotgemini"))
	os.Symlink(filepath.Join(outside, "dotgemini"), filepath.Join(project, ".gemini"))
	if _, err = Find(project, project, nil); err == nil || !strings.Contains(err.Error(), ".gemini/hooks.test.yaml: leads out of the project") {
		t.Errorf("a .gemini out of the project: %v", err)
	}
	os.Remove(filepath.Join(project, ".gemini"))
	os.Rename(filepath.Join(project, "gemini-moved"), filepath.Join(project, ".gemini"))

	// An argument inside the project that links out.
	os.Symlink(filepath.Join(outside, "secret.yaml"), filepath.Join(project, "x.yaml"))
	if srcs, err = Find(project, project, []string{"x.yaml"}); err == nil {
		_, err = Load(srcs)
	}
	if err == nil || !strings.Contains(err.Error(), "x.yaml: leads out of the project") {
		t.Errorf("an argument linking out: %v", err)
	}

	write(project, "big.yaml", "tests:\n"+strings.Repeat("# padding\n", MaxFileSize/10+1))
	srcs, _ = Find(project, project, []string{"big.yaml"})
	if _, err = Load(srcs); err == nil || !strings.Contains(err.Error(), "big.yaml: too large") {
		t.Errorf("a huge file: %v", err)
	}

	write(project, "dup.yaml", good)
	srcs, _ = Find(project, project, []string{".gemini/hooks.test.yaml", "dup.yaml"})
	if _, err = Load(srcs); err == nil || !strings.Contains(err.Error(), `dup.yaml:2:5: a second case named "a" (the first is at .gemini/hooks.test.yaml:2)`) {
		t.Errorf("a duplicate name: %v", err)
	}

	if _, err = Find(project, project, []string{"missing.yaml"}); err == nil || !strings.Contains(err.Error(), "missing.yaml: no such file") {
		t.Errorf("a missing file: %v", err)
	}
}
