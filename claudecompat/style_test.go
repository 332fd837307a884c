package claudecompat

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestClaudeStyle(t *testing.T) {
	fix := func(ev string) string {
		return "this hook answers in Claude's protocol: run it behind the adapter, which translates both ways: migrate it from Claude with `gh-hooks migrate --adapter=always`, or make its command `gh-hooks claude-compat --event " + ev + " -- COMMAND`"
	}
	const deny = `hookSpecificOutput.permissionDecision "deny" is Claude's way to block a tool: Gemini ignores it, so this hook blocks nothing under Gemini (Gemini blocks on a top-level "decision": "deny")`
	tests := []struct {
		name   string
		event  string
		stdout string
		exit   int
		want   []string
	}{
		{"permissionDecision deny", "BeforeTool",
			`{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny", "permissionDecisionReason": "no rm"}}`, 0,
			[]string{deny, fix("PreToolUse")}},
		{"deny with exit 2", "BeforeTool", `{"hookSpecificOutput": {"permissionDecision": "deny"}}`, 2,
			[]string{deny, "exit 2: Claude blocks and ignores the JSON; Gemini reads the JSON and does not block", fix("PreToolUse")}},
		{"ask", "BeforeTool", `{"hookSpecificOutput": {"permissionDecision": "ask"}}`, 0, []string{
			`hookSpecificOutput.permissionDecision "ask" is Claude's: Gemini ignores it and does not ask (Gemini's is a top-level "decision": "ask")`, fix("PreToolUse")}},
		{"both protocols: Gemini's decision counts", "BeforeTool",
			`{"decision": "deny", "hookSpecificOutput": {"permissionDecision": "deny"}}`, 0, nil},
		{"updatedInput and context before a tool", "BeforeTool",
			`{"hookSpecificOutput": {"hookEventName": "PreToolUse", "updatedInput": {"command": "ls"}, "additionalContext": "careful"}}`, 0, []string{
				"hookSpecificOutput.updatedInput is Claude's: Gemini ignores it and runs the tool with its own arguments (Gemini's is hookSpecificOutput.tool_input, with Gemini's argument names)",
				"hookSpecificOutput.additionalContext on a tool call before it runs: Gemini has no such channel on BeforeTool, the model never sees it",
				fix("PreToolUse")}},
		{"approve", "AfterAgent", `{"decision": "approve"}`, 0, []string{
			`decision "approve" is Claude's older spelling: Gemini reads it as "allow"`, fix("Stop")}},
		{"block after a tool, Claude-marked", "AfterTool",
			`{"decision": "block", "reason": "lint failed", "hookSpecificOutput": {"hookEventName": "PostToolUse", "updatedInput": {}}}`, 0, []string{
				"hookSpecificOutput.updatedInput is Claude's: Gemini ignores it and runs the tool with its own arguments (Gemini's is hookSpecificOutput.tool_input, with Gemini's argument names)",
				`decision "block" after a tool ran: Claude shows the reason to the model beside the tool's result; Gemini's AfterTool block hides the result from the model (claude-hooks.md §5)`,
				fix("PostToolUse")}},
		{"Claude event name with shared fields only", "AfterTool",
			`{"hookSpecificOutput": {"hookEventName": "PostToolUse", "additionalContext": "x"}}`, 0, nil},
		{"Gemini's own protocol", "BeforeTool", `{"decision": "deny", "reason": "no"}`, 2, nil},
		{"plain text", "BeforeTool", `permissionDecision deny`, 0, nil},
		{"invalid JSON", "BeforeTool", `{"hookSpecificOutput": {"permissionDecision": "deny"`, 0, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, ClaudeStyle(tt.event, tt.stdout, tt.exit)); diff != "" {
				t.Errorf("(-want +got)\n%s", diff)
			}
		})
	}
}
