package runner

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// aggOf aggregates the given hook outputs (JSON objects) for event.
func aggOf(t *testing.T, event string, outputs ...string) Aggregate {
	t.Helper()
	var rs []Result
	for _, o := range outputs {
		v, err := ParseJSON(o)
		if err != nil {
			t.Fatal(err)
		}
		rs = append(rs, Result{Output: v})
	}
	return aggregate(rs, event)
}

// Each row was watched with the real CLI 0.61.0 headless (the e2e suite's
// cases of the same name).
func TestOutcomeOf(t *testing.T) {
	for _, c := range []struct {
		name, event, tool         string
		outputs                   []string
		runs                      string // "yes", "no", "" (not a tool event)
		modelGets, appended, says string
	}{
		{"bt-deny-json", "BeforeTool", "run_shell_command", []string{`{"decision":"deny","reason":"nope"}`}, "no", "Tool execution blocked: nope", "", "does not run"},
		{"bt-deny-no-reason", "BeforeTool", "run_shell_command", []string{`{"decision":"deny"}`}, "no", "Tool execution blocked: No reason provided", "", ""},
		{"bt-continue-false-deny", "BeforeTool", "run_shell_command", []string{`{"continue":false,"decision":"deny","reason":"both"}`}, "no", "", "", "agent stops"},
		{"bt-ask-json", "BeforeTool", "run_shell_command", []string{`{"decision":"ask"}`}, "no", "", "", "headless"},
		{"bt-allow-json", "BeforeTool", "run_shell_command", []string{`{"decision":"allow"}`}, "yes", "", "", "the tool runs"},
		{"no output", "BeforeTool", "run_shell_command", nil, "yes", "", "", "the tool runs"},
		{"bt-rewrite-whole", "BeforeTool", "run_shell_command", []string{`{"hookSpecificOutput":{"tool_input":{"command":"touch x"}}}`}, "yes", "", "\n\n[System] Tool input parameters were modified by a hook before execution.", "replaces"},
		{"bt-rewrite-partial-write", "BeforeTool", "write_file", []string{`{"hookSpecificOutput":{"tool_input":{"content":"x"}}}`}, "no",
			"Tool parameter modification by hook failed validation: params must have required property 'file_path'", "", "does not run"},
		{"at-context", "AfterTool", "run_shell_command", []string{`{"hookSpecificOutput":{"additionalContext":"look <here>"}}`}, "", "", "\n\n<hook_context>look &lt;here&gt;</hook_context>", "context"},
		{"at-block", "AfterTool", "run_shell_command", []string{`{"decision":"block","reason":"hidden"}`}, "", "hidden", "", "instead of the result"},
		{"at-continue-false", "AfterTool", "run_shell_command", []string{`{"continue":false,"stopReason":"enough"}`}, "", "", "", "agent stops"},
		{"ba-context", "BeforeAgent", "", []string{`{"hookSpecificOutput":{"additionalContext":"x"}}`}, "", "", "<hook_context>x</hook_context>", "reaches the model"},
		{"ba-block", "BeforeAgent", "", []string{`{"decision":"block","reason":"r"}`}, "", "", "", "never reaches"},
		{"aa-block", "AfterAgent", "", []string{`{"decision":"block","reason":"again"}`}, "", "", "", "called again"},
		{"ss-block-ignored", "SessionStart", "", []string{`{"decision":"block"}`}, "", "", "", "ignored"},
		{"se-block", "SessionEnd", "", []string{`{"decision":"block"}`}, "", "", "", "only informs"},
		{"bm-rewrite-messages", "BeforeModel", "", []string{`{"hookSpecificOutput":{"llm_request":{"messages":[{"role":"user","content":"REPLACED"}]}}}`}, "", "", "", "the hook's messages"},
	} {
		t.Run(c.name, func(t *testing.T) {
			in, err := BuildInput(c.event, Context{Cwd: "/p", Tool: c.tool}, nil)
			if err != nil {
				t.Fatal(err)
			}
			rep := &Report{Event: c.event, Aggregate: aggOf(t, c.event, c.outputs...)}
			rep.ToolCall = ToolCallOf(c.event, in, &rep.Aggregate, "")
			o := OutcomeOf(rep)
			runs := ""
			if o.ToolRuns != nil {
				runs = map[bool]string{true: "yes", false: "no"}[*o.ToolRuns]
			}
			if runs != c.runs || o.ModelGets != c.modelGets || o.Appended != c.appended || !strings.Contains(o.Says, c.says) {
				t.Errorf("got runs %q modelGets %q appended %q says %q", runs, o.ModelGets, o.Appended, o.Says)
			}
		})
	}
}

// Watched headless (e2e bt-system-message, at-suppress-system-message):
// the aggregated systemMessage is shown unless suppressOutput is set.
func TestOutcomeSystemMessage(t *testing.T) {
	for _, c := range []struct {
		outputs    []string
		msg        string
		suppressed bool
	}{
		{[]string{`{"systemMessage":"note"}`}, "note", false},
		{[]string{`{"systemMessage":"a"}`, `{"systemMessage":"b","suppressOutput":true}`}, "a\nb", true},
		{[]string{`{"suppressOutput":true}`}, "", false},
	} {
		o := OutcomeOf(&Report{Event: "AfterTool", Aggregate: aggOf(t, "AfterTool", c.outputs...)})
		if o.SystemMessage != c.msg || o.Suppressed != c.suppressed {
			t.Errorf("%v: got %q suppressed %v", c.outputs, o.SystemMessage, o.Suppressed)
		}
	}
}

func TestOutcomeMessages(t *testing.T) {
	o := OutcomeOf(&Report{Event: "BeforeModel", Aggregate: aggOf(t, "BeforeModel", `{"hookSpecificOutput":{"llm_request":{"messages":[{"role":"user","content":"a"},{"role":"model","content":"b"}]}}}`)})
	if strings.Join(o.Messages, "|") != "a|b" {
		t.Errorf("messages %q", o.Messages)
	}
	if o := OutcomeOf(&Report{Event: "BeforeModel", Aggregate: aggOf(t, "BeforeModel", `{"decision":"allow"}`)}); o.Messages != nil {
		t.Errorf("no rewrite: %q", o.Messages)
	}
}

// The behaviours of issue 35, each watched with the real CLI 0.61.0
// headless (the e2e cases of the same name).
func TestOutcomeWatched061(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "data.txt"), []byte("some data\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name, event, tool, input string
		outputs                  []string
		want                     func(o Outcome) string // "" when right
	}{
		{"at-failed-context", "AfterTool", "read_file", `{"tool_input":{"file_path":"missing.txt"}}`,
			[]string{`{"hookSpecificOutput":{"additionalContext":"see the docs"}}`},
			func(o Outcome) string {
				if !o.ToolFailed || o.ModelGets != "File not found: "+filepath.Join(dir, "missing.txt") || o.Appended != "" || o.Context != "" || o.DroppedContext != "see the docs" {
					return "want the error alone, context dropped"
				}
				return ""
			}},
		{"at-failed-block", "AfterTool", "read_file", `{"tool_input":{"file_path":"missing.txt"}}`,
			[]string{`{"decision":"block","reason":"r"}`},
			func(o Outcome) string {
				if !o.Blocks || o.ModelGets != "r" {
					return "a block still replaces the error with the reason"
				}
				return ""
			}},
		{"at-read-ok", "AfterTool", "read_file", `{"tool_input":{"file_path":"data.txt"}}`,
			[]string{`{"hookSpecificOutput":{"additionalContext":"x"}}`},
			func(o Outcome) string {
				if o.ToolFailed || o.Appended != "\n\n<hook_context>x</hook_context>" {
					return "an existing file reads: the context is appended"
				}
				return ""
			}},
		{"at-tail-call", "AfterTool", "run_shell_command", "",
			[]string{`{"hookSpecificOutput":{"tailToolCallRequest":{"name":"read_file","args":{"file_path":"data.txt"}}}}`},
			func(o Outcome) string {
				if o.Tail == nil || o.Tail.Tool != "read_file" || Stringify(o.Tail.Input) != `{"file_path":"data.txt"}` || o.Tail.Outcome != ToolRuns || !o.Tail.Checked || o.ModelGets != "" {
					return "want read_file to run in place of the result"
				}
				return ""
			}},
		{"at-tail-invalid", "AfterTool", "run_shell_command", "",
			[]string{`{"hookSpecificOutput":{"tailToolCallRequest":{"name":"write_file","args":{"file_path":"a"}}}}`},
			func(o Outcome) string {
				if o.Tail == nil || o.Tail.Outcome != ToolInvalid || o.ModelGets != "params must have required property 'content'" {
					return "want the validation error"
				}
				return ""
			}},
		{"at-tail-unknown-tool", "AfterTool", "run_shell_command", "",
			[]string{`{"hookSpecificOutput":{"tailToolCallRequest":{"name":"mcp_s_t","args":{}},"additionalContext":"c"}}`},
			func(o Outcome) string {
				if o.Tail == nil || o.Tail.Checked || o.Tail.Outcome != ToolRuns || o.DroppedContext != "c" || o.Appended != "" {
					return "an unknown tool is not checked; the context goes with the result"
				}
				return ""
			}},
		{"at-tail-array-ignored", "AfterTool", "run_shell_command", "",
			[]string{`{"hookSpecificOutput":{"tailToolCallRequest":[1]}}`},
			func(o Outcome) string {
				if o.Tail != nil {
					return "getTailToolCallRequest takes only an object"
				}
				return ""
			}},
		{"am-deny-text", "AfterModel", "", "",
			[]string{`{"decision":"deny","reason":"not this"}`},
			func(o Outcome) string {
				if !o.Blocks || o.Shown == nil || o.Shown.Warning != "Agent execution blocked: not this" || o.Shown.Text == "" || !strings.Contains(o.Says, "still runs") {
					return "want the chunk shown with the warning, the call still run"
				}
				return ""
			}},
		{"am-deny-call", "AfterModel", "", `{"llm_response":{"candidates":[{"content":{"role":"model","parts":[]},"finishReason":"STOP","index":0}]}}`,
			[]string{`{"decision":"deny","reason":"no tools"}`},
			func(o Outcome) string {
				// A function-call chunk has no text parts: nothing to show
				// but the warning, and the call still runs.
				if !o.Blocks || o.Shown == nil || o.Shown.Text != "" || o.Shown.Warning != "Agent execution blocked: no tools" || !strings.Contains(o.Says, "a function call in the chunk still runs") {
					return "want the warning and the call still run"
				}
				return ""
			}},
		{"am-continue-false", "AfterModel", "", "",
			[]string{`{"continue":false,"stopReason":"s"}`},
			func(o Outcome) string {
				if !o.Stops || o.Shown != nil {
					return "a stop shows nothing"
				}
				return ""
			}},
		{"am-chunks-replace", "AfterModel", "", "",
			[]string{`{"hookSpecificOutput":{"llm_response":{"candidates":[{"content":{"role":"model","parts":["REPLACED"]}}]}}}`},
			func(o Outcome) string {
				if o.Shown == nil || !o.Shown.Replaced || o.Shown.Text != "REPLACED" || len(o.Notes) != 2 || !strings.Contains(o.Notes[0], "every streamed chunk") {
					return "want the replacement shown, per chunk"
				}
				return ""
			}},
		{"am-empty-parts-no-replacement", "AfterModel", "", "",
			[]string{`{"hookSpecificOutput":{"llm_response":{"candidates":[{"content":{"parts":[]}}]}}}`},
			func(o Outcome) string {
				if o.Shown == nil || o.Shown.Replaced {
					return "getModifiedResponse needs parts"
				}
				return ""
			}},
		{"bts-toolconfig-applied", "BeforeToolSelection", "", "",
			[]string{`{"hookSpecificOutput":{"toolConfig":{"mode":"ANY","allowedFunctionNames":["read_file"]}}}`},
			func(o Outcome) string {
				if Stringify(o.ToolConfig) != `{"functionCallingConfig":{"mode":"ANY","allowedFunctionNames":["read_file"]}}` {
					return "want the toolConfig applied"
				}
				return ""
			}},
		{"bts-text-output", "BeforeToolSelection", "", "",
			[]string{`{"systemMessage":"hi"}`},
			func(o Outcome) string {
				if Stringify(o.ToolConfig) != `{"functionCallingConfig":{"mode":"AUTO","allowedFunctionNames":[]}}` {
					return "any output sets AUTO and no names"
				}
				return ""
			}},
		{"bts-no-output", "BeforeToolSelection", "", "", nil,
			func(o Outcome) string {
				if o.ToolConfig != nil {
					return "no output, no change"
				}
				return ""
			}},
	} {
		t.Run(c.name, func(t *testing.T) {
			in, err := BuildInput(c.event, Context{Cwd: dir, Tool: c.tool}, []byte(c.input))
			if err != nil {
				t.Fatal(err)
			}
			rep := &Report{Event: c.event, Input: in, Aggregate: aggOf(t, c.event, c.outputs...)}
			rep.ToolCall = ToolCallOf(c.event, in, &rep.Aggregate, "")
			o := OutcomeOf(rep)
			if why := c.want(o); why != "" {
				b, _ := json.Marshal(o)
				t.Errorf("%s; got %s", why, b)
			}
		})
	}
}
