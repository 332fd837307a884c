package edit

import (
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/gh-hooks/gh-hooks/config"
	"github.com/gh-hooks/gh-hooks/merge"
)

func parse(t testing.TB, s string) *config.Document {
	t.Helper()
	if s == "" {
		return nil // a missing file
	}
	d, err := config.Parse("s.json", []byte(s), config.Options{})
	if err != nil {
		t.Fatalf("Parse: %v", err)
	}
	return d
}

func TestValidate(t *testing.T) {
	tests := []struct {
		name  string
		h     Hook
		err   string
		hint  string
		warns []Warning
	}{
		{name: "ok", h: Hook{Event: "BeforeTool", Matcher: "write_file|replace", Command: "x", Timeout: 5000}},
		{name: "claude event", h: Hook{Event: "PreToolUse", Command: "x"},
			err: `unknown event "PreToolUse": Gemini CLI skips it and runs none of its hooks`, hint: "Gemini calls it BeforeTool: use --event BeforeTool"},
		{name: "lower case event", h: Hook{Event: "beforetool", Command: "x"},
			err: `unknown event "beforetool": Gemini CLI skips it and runs none of its hooks`, hint: "Gemini calls it BeforeTool: use --event BeforeTool"},
		{name: "empty event", h: Hook{Event: "", Command: "x"}, err: "the event is empty",
			hint: "give the event to hook, e.g. --event BeforeTool; events: " + strings.Join(merge.Events, ", ")},
		{name: "blank command", h: Hook{Event: "BeforeTool", Command: "  "}, err: "the command is empty",
			hint: `give the shell command to run, e.g. --command "$GEMINI_PROJECT_DIR/hooks/check.sh"`},
		{name: "seconds", h: Hook{Event: "BeforeTool", Command: "x", Timeout: 30},
			warns: []Warning{{"--timeout 30 is in milliseconds and looks like seconds: Gemini kills the hook after 30 ms", "for 30 seconds pass --timeout 30000"}}},
		{name: "negative timeout", h: Hook{Event: "BeforeTool", Command: "x", Timeout: -1},
			err: "--timeout -1: Node clamps a negative delay to 1 ms, so the hook would time out at once", hint: "write the limit in milliseconds, e.g. --timeout 30000"},
		{name: "huge timeout", h: Hook{Event: "BeforeTool", Command: "x", Timeout: 3000000000},
			err: "--timeout 3000000000 is more than Node's maximum delay: Gemini's timer fires after 1 ms", hint: "write at most 2147483647, or leave --timeout out for the 60000 ms default"},
		// Matchers that never match are validate's warnings, which add
		// prints for the new hook: Validate does not refuse them.
		{name: "bad regex", h: Hook{Event: "AfterTool", Matcher: "(write", Command: "x"}},
		{name: "inline flags are not JavaScript", h: Hook{Event: "BeforeTool", Matcher: "(?i)write", Command: "x"}},
		{name: "star is fine", h: Hook{Event: "SessionStart", Matcher: "*", Command: "x"}},
		{name: "trigger", h: Hook{Event: "SessionEnd", Matcher: "logout", Command: "x"}},
		{name: "trigger regex", h: Hook{Event: "SessionStart", Matcher: "startup|resume", Command: "x"}},
		{name: "unknown trigger", h: Hook{Event: "PreCompress", Matcher: "compact", Command: "x"}},
		{name: "matcher ignored", h: Hook{Event: "Notification", Matcher: "ToolPermission", Command: "x"},
			warns: []Warning{{"Notification ignores matchers: Gemini fires it without a tool or trigger, so the hook runs every time", "leave --matcher out"}}},
		{name: "env without key", h: Hook{Event: "BeforeTool", Command: "x", Env: []EnvVar{{"", "v"}}},
			err: `--env "=v" has no variable name`, hint: "write --env NAME=value"},
		{name: "env twice", h: Hook{Event: "BeforeTool", Command: "x", Env: []EnvVar{{"A", "1"}, {"A", "2"}}},
			err: "--env A is given twice", hint: "pass each variable once"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			warns, err := tt.h.Validate()
			var got, hint string
			if err != nil {
				got = err.Error()
				var e *Error
				if !errors.As(err, &e) || !errors.Is(err, ErrInvalid) {
					t.Fatalf("error %v is not an *Error wrapping ErrInvalid", err)
				}
				hint = e.Hint
			}
			if diff := cmp.Diff(tt.err, got); diff != "" {
				t.Errorf("error (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.hint, hint); diff != "" {
				t.Errorf("hint (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.warns, warns); diff != "" {
				t.Errorf("warnings (-want +got):\n%s", diff)
			}
		})
	}
}

func TestAdd(t *testing.T) {
	fmtHook := Hook{Event: "BeforeTool", Matcher: "write_file", Name: "fmt", Command: "./fmt.sh"}
	tests := []struct {
		name    string
		in      string
		h       Hook
		want    string
		ptr     string
		err     string
		errKind error
	}{
		{
			name: "new file",
			h:    Hook{Event: "AfterAgent", Command: "echo done", Sequential: true, Description: "d", Timeout: 5000, Env: []EnvVar{{"B", "2"}, {"A", "1"}}},
			want: "{\n  \"hooks\": {\n    \"AfterAgent\": [\n      {\n        \"sequential\": true,\n        \"hooks\": [\n          {\n            \"type\": \"command\",\n            \"command\": \"echo done\",\n            \"description\": \"d\",\n            \"timeout\": 5000,\n            \"env\": {\n              \"B\": \"2\",\n              \"A\": \"1\"\n            }\n          }\n        ]\n      }\n    ]\n  }\n}\n",
			ptr:  "/hooks/AfterAgent/0/hooks/0",
		},
		{
			name: "appends a new definition after existing ones",
			in:   "{\"hooks\": {\"BeforeTool\": [{\"hooks\": [{\"type\": \"command\", \"command\": \"a\"}]}]}}",
			h:    Hook{Event: "BeforeTool", Command: "b && c <d>"},
			want: "{\"hooks\": {\"BeforeTool\": [{\"hooks\": [{\"type\": \"command\", \"command\": \"a\"}]}, {\n  \"hooks\": [\n    {\n      \"type\": \"command\",\n      \"command\": \"b && c <d>\"\n    }\n  ]\n}]}}",
			ptr:  "/hooks/BeforeTool/1/hooks/0",
		},
		{
			name: "same command with another name is not a duplicate",
			in:   `{"hooks": {"BeforeTool": [{"hooks": [{"name": "x", "type": "command", "command": "./fmt.sh"}]}]}}`,
			h:    fmtHook,
			want: "{\"hooks\": {\"BeforeTool\": [{\"hooks\": [{\"name\": \"x\", \"type\": \"command\", \"command\": \"./fmt.sh\"}]}, {\n  \"matcher\": \"write_file\",\n  \"hooks\": [\n    {\n      \"name\": \"fmt\",\n      \"type\": \"command\",\n      \"command\": \"./fmt.sh\"\n    }\n  ]\n}]}}",
			ptr:  "/hooks/BeforeTool/1/hooks/0",
		},
		{
			name:    "duplicate name:command",
			in:      "{\n  \"hooks\": {\"BeforeTool\": [{\"matcher\": \"other\", \"hooks\": [{\"name\": \"fmt\", \"type\": \"command\", \"command\": \"./fmt.sh\"}]}]}\n}",
			h:       fmtHook,
			err:     `s.json:2:59: BeforeTool already has a hook with name:command "fmt:./fmt.sh" (/hooks/BeforeTool/0/hooks/0); Gemini would run it once`,
			errKind: ErrDuplicate,
		},
		{
			name:    "nameless duplicate; empty name counts as none",
			in:      `{"hooks": {"BeforeTool": [{"hooks": [{"name": "", "type": "command", "command": "./fmt.sh"}]}]}}`,
			h:       Hook{Event: "BeforeTool", Command: "./fmt.sh"},
			err:     `s.json:1:38: BeforeTool already has a hook with name:command ":./fmt.sh" (/hooks/BeforeTool/0/hooks/0); Gemini would run it once`,
			errKind: ErrDuplicate,
		},
		{
			name:    "hooks is an array",
			in:      `{"hooks": []}`,
			h:       fmtHook,
			err:     `s.json:1:11: "hooks" is an array: gh-hooks will not edit it`,
			errKind: ErrShape,
		},
		{
			name:    "bare object event value",
			in:      `{"hooks": {"BeforeTool": {"hooks": []}}}`,
			h:       fmtHook,
			err:     `s.json:1:26: hooks.BeforeTool is an object: gh-hooks will not edit it`,
			errKind: ErrShape,
		},
		{
			name:    "invalid hook",
			in:      `{}`,
			h:       Hook{Event: "Stop", Command: "x"},
			err:     `unknown event "Stop": Gemini CLI skips it and runs none of its hooks`,
			errKind: ErrInvalid,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a, err := Add(parse(t, tt.in), tt.h)
			if tt.err != "" {
				if err == nil || !errors.Is(err, tt.errKind) {
					t.Fatalf("Add error = %v, want one wrapping %v", err, tt.errKind)
				}
				if diff := cmp.Diff(tt.err, err.Error()); diff != "" {
					t.Errorf("error (-want +got):\n%s", diff)
				}
				return
			}
			if err != nil {
				t.Fatalf("Add: %v", err)
			}
			if diff := cmp.Diff(tt.want, string(a.Data)); diff != "" {
				t.Errorf("bytes (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.ptr, a.Pointer); diff != "" {
				t.Errorf("pointer (-want +got):\n%s", diff)
			}
		})
	}
}

func TestFindRemove(t *testing.T) {
	in := `{
  // settings
  "hooks": {
    "BeforeTool": [
      {"matcher": "a", "hooks": [
        {"name": "fmt", "type": "command", "command": "./fmt.sh"}, // first
        {"name": "lint", "type": "command", "command": "./lint.sh"}
      ]},
      {"hooks": [{"name": "fmt", "type": "command", "command": "./fmt2.sh"}]}
    ],
    "AfterTool": {"hooks": [{"type": "command", "command": "./fmt.sh"}]},
    "PreToolUse": [{"hooks": [{"name": "fmt", "command": "old"}]}]
  },
  "general": {}
}`
	tests := []struct {
		name string
		sel  Selector
		ids  []string
		want string
	}{
		{
			name: "by name everywhere, unknown event keys too",
			sel:  Selector{Name: "fmt"},
			ids:  []string{"BeforeTool/0/0", "BeforeTool/1/0", "PreToolUse/0/0"},
			want: "{\n  // settings\n  \"hooks\": {\n    \"BeforeTool\": [\n      {\"matcher\": \"a\", \"hooks\": [\n        {\"name\": \"lint\", \"type\": \"command\", \"command\": \"./lint.sh\"}\n      ]}\n    ],\n    \"AfterTool\": {\"hooks\": [{\"type\": \"command\", \"command\": \"./fmt.sh\"}]}\n  },\n  \"general\": {}\n}",
		},
		{
			name: "by command in a bare object drops the event key",
			sel:  Selector{Command: "./fmt.sh", Event: "AfterTool"},
			ids:  []string{"AfterTool/*/0"},
			want: "{\n  // settings\n  \"hooks\": {\n    \"BeforeTool\": [\n      {\"matcher\": \"a\", \"hooks\": [\n        {\"name\": \"fmt\", \"type\": \"command\", \"command\": \"./fmt.sh\"}, // first\n        {\"name\": \"lint\", \"type\": \"command\", \"command\": \"./lint.sh\"}\n      ]},\n      {\"hooks\": [{\"name\": \"fmt\", \"type\": \"command\", \"command\": \"./fmt2.sh\"}]}\n    ],\n    \"PreToolUse\": [{\"hooks\": [{\"name\": \"fmt\", \"command\": \"old\"}]}]\n  },\n  \"general\": {}\n}",
		},
		{
			name: "by command matches the named hook too",
			sel:  Selector{Command: "./fmt.sh"},
			ids:  []string{"BeforeTool/0/0", "AfterTool/*/0"},
		},
		{
			name: "nothing",
			sel:  Selector{Name: "nope"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc := parse(t, in)
			ms := Find(doc, tt.sel)
			var ids []string
			for _, m := range ms {
				ids = append(ids, m.ID())
			}
			if diff := cmp.Diff(tt.ids, ids); diff != "" {
				t.Errorf("ids (-want +got):\n%s", diff)
			}
			if tt.want == "" {
				return
			}
			got, err := Remove(doc, ms)
			if err != nil {
				t.Fatalf("Remove: %v", err)
			}
			if diff := cmp.Diff(tt.want, string(got)); diff != "" {
				t.Errorf("bytes (-want +got):\n%s", diff)
			}
		})
	}
}

func TestRemoveLastPrunesHooks(t *testing.T) {
	in := "{\n  \"ui\": {},\n  \"hooks\": {\n    \"BeforeTool\": [{\"hooks\": [{\"name\": \"a\", \"type\": \"command\", \"command\": \"x\"}]}],\n    \"AfterTool\": {\"hooks\": [{\"name\": \"a\", \"type\": \"command\", \"command\": \"y\"}]}\n  }\n}\n"
	doc := parse(t, in)
	got, err := Remove(doc, Find(doc, Selector{Name: "a"}))
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff("{\n  \"ui\": {}\n}\n", string(got)); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

func TestDisableEnable(t *testing.T) {
	tests := []struct {
		name    string
		in      string
		disable []string
		enable  []string // nil with enableAll
		all     bool
		want    string
		changed []string
		err     string
	}{
		{name: "creates keys in a new file", disable: []string{"a", "b", "a"},
			want: "{\n  \"hooksConfig\": {\n    \"disabled\": [\n      \"a\",\n      \"b\"\n    ]\n  }\n}\n", changed: []string{"a", "b"}},
		{name: "appends, skipping what is listed", in: "{\"hooksConfig\": {\"enabled\": true, \"disabled\": [\"a\"]}}", disable: []string{"a", "c"},
			want: "{\"hooksConfig\": {\"enabled\": true, \"disabled\": [\"a\", \"c\"]}}", changed: []string{"c"}},
		{name: "null list is replaced", in: "{\"hooksConfig\": {\"disabled\": null}}", disable: []string{"a"},
			want: "{\"hooksConfig\": {\"disabled\": [\n  \"a\"\n]}}", changed: []string{"a"}},
		{name: "string list refused", in: "{\"hooksConfig\": {\"disabled\": \"a\"}}", disable: []string{"b"},
			err: `s.json:1:30: hooksConfig.disabled is a string: gh-hooks will not edit it`},
		{name: "hooksConfig not an object", in: "{\"hooksConfig\": true}", enable: []string{"b"},
			err: `s.json:1:17: "hooksConfig" is a boolean: gh-hooks will not edit it`},
		{name: "enable removes duplicates and prunes", in: "{\n  \"x\": 1,\n  \"hooksConfig\": {\"disabled\": [\"a\", \"a\"]}\n}", enable: []string{"a"},
			want: "{\n  \"x\": 1\n}", changed: []string{"a", "a"}},
		{name: "enable keeps other entries and keys", in: "{\"hooksConfig\": {\"enabled\": true, \"disabled\": [\"a\", \"b\"]}}", enable: []string{"a"},
			want: "{\"hooksConfig\": {\"enabled\": true, \"disabled\": [\"b\"]}}", changed: []string{"a"}},
		{name: "enable all", in: "{\"hooksConfig\": {\"enabled\": true, \"disabled\": [\"a\", 3, \"b\"]}}", all: true,
			want: "{\"hooksConfig\": {\"enabled\": true}}", changed: []string{"a", "3", "b"}},
		{name: "enable all keeps an empty list that was there", in: "{\"hooksConfig\": {\"disabled\": []}}", all: true,
			want: "{\"hooksConfig\": {\"disabled\": []}}"},
		{name: "enable is case-sensitive", in: "{\"hooksConfig\": {\"disabled\": [\"A\"]}}", enable: []string{"a"},
			want: "{\"hooksConfig\": {\"disabled\": [\"A\"]}}"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc := parse(t, tt.in)
			var got []byte
			var changed []string
			var err error
			if tt.disable != nil {
				got, changed, err = Disable(doc, tt.disable)
			} else {
				got, changed, err = Enable(doc, tt.enable)
			}
			if tt.err != "" {
				if err == nil || !errors.Is(err, ErrShape) {
					t.Fatalf("error = %v, want ErrShape", err)
				}
				if diff := cmp.Diff(tt.err, err.Error()); diff != "" {
					t.Errorf("error (-want +got):\n%s", diff)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, string(got)); diff != "" {
				t.Errorf("bytes (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.changed, changed); diff != "" {
				t.Errorf("changed (-want +got):\n%s", diff)
			}
		})
	}
}
