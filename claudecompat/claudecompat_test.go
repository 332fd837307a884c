package claudecompat

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/gh-hooks/gh-hooks/config"
	"github.com/gh-hooks/gh-hooks/runner"
)

func TestToolName(t *testing.T) {
	tests := []struct {
		gemini, matcher, server, tool string
		want                          string
	}{
		{gemini: "run_shell_command", want: "Bash"},
		{gemini: "read_file", want: "Read"},
		{gemini: "write_file", want: "Write"},
		{gemini: "replace", want: "Edit"},
		{gemini: "replace", matcher: "Edit|MultiEdit", want: "Edit"},
		{gemini: "replace", matcher: "MultiEdit", want: "MultiEdit"},
		{gemini: "run_shell_command", matcher: "PowerShell", want: "PowerShell"},
		{gemini: "invoke_agent", matcher: "Task", want: "Task"},
		{gemini: "glob", want: "Glob"},
		{gemini: "grep_search", want: "Grep"},
		{gemini: "search_file_content", want: "Grep"},
		{gemini: "list_directory", want: "LS"},
		{gemini: "web_fetch", want: "WebFetch"},
		{gemini: "google_web_search", want: "WebSearch"},
		{gemini: "write_todos", want: "TodoWrite"},
		{gemini: "mcp_github_create_issue", want: "mcp__github__create_issue"},
		{gemini: "mcp_my_server_list", server: "my_server", tool: "list", want: "mcp__my_server__list"},
		{gemini: "some_new_tool", want: "some_new_tool"},
	}
	for _, tt := range tests {
		if got := ToolName(tt.gemini, tt.matcher, tt.server, tt.tool); got != tt.want {
			t.Errorf("ToolName(%q, %q) = %q, want %q", tt.gemini, tt.matcher, got, tt.want)
		}
	}
	for c, g := range map[string]string{"Bash": "run_shell_command", "MultiEdit": "replace", "mcp__a__b": "mcp_a_b", "Other": "Other"} {
		if got := GeminiToolName(c); got != g {
			t.Errorf("GeminiToolName(%q) = %q, want %q", c, got, g)
		}
	}
	if !NeedsMatcher("MultiEdit") || NeedsMatcher("Edit|Write") || NeedsMatcher("") {
		t.Error("NeedsMatcher: MultiEdit needs the matcher, Edit|Write and \"\" do not")
	}
}

// payload is a Gemini BeforeTool/AfterTool payload for tool with input.
func payload(event, tool string, input map[string]any) map[string]any {
	return map[string]any{"session_id": "s1", "transcript_path": "/h/.gemini/tmp/p/chats/s.json", "cwd": "/proj",
		"hook_event_name": event, "timestamp": "2026-11-25T00:00:00Z", "tool_name": tool, "tool_input": input}
}

func TestClaudeInputTools(t *testing.T) {
	n := json.Number("")
	_ = n
	tests := []struct {
		name   string
		tool   string
		in     map[string]any
		claude string
		want   map[string]any
	}{
		{"bash", "run_shell_command", map[string]any{"command": "rm -rf build", "description": "d", "dir_path": "sub", "is_background": true},
			"Bash", map[string]any{"command": "rm -rf build", "description": "d", "run_in_background": true}},
		{"read paged", "read_file", map[string]any{"file_path": "/p/a.go", "start_line": json.Number("10"), "end_line": json.Number("29")},
			"Read", map[string]any{"file_path": "/p/a.go", "offset": int64(10), "limit": int64(20)}},
		{"read end only", "read_file", map[string]any{"file_path": "/p/a.go", "end_line": json.Number("5")},
			"Read", map[string]any{"file_path": "/p/a.go", "offset": int64(1), "limit": int64(5)}},
		{"edit", "replace", map[string]any{"file_path": "/p/a", "old_string": "x", "new_string": "y", "allow_multiple": true, "instruction": "i"},
			"Edit", map[string]any{"file_path": "/p/a", "old_string": "x", "new_string": "y", "replace_all": true}},
		{"write", "write_file", map[string]any{"file_path": "/p/a", "content": "c"},
			"Write", map[string]any{"file_path": "/p/a", "content": "c"}},
		{"glob", "glob", map[string]any{"pattern": "*.go", "dir_path": "/p/vendor"},
			"Glob", map[string]any{"pattern": "*.go", "path": "/p/vendor"}},
		{"grep", "grep_search", map[string]any{"pattern": "TODO", "dir_path": "/p/vendor", "include_pattern": "*.js", "case_sensitive": false},
			"Grep", map[string]any{"pattern": "TODO", "path": "/p/vendor", "glob": "*.js", "-i": true, "output_mode": "content"}},
		{"ls", "list_directory", map[string]any{"dir_path": "/p"},
			"LS", map[string]any{"path": "/p"}},
		{"web fetch", "web_fetch", map[string]any{"prompt": "summarise https://example.com/x?y=1 please"},
			"WebFetch", map[string]any{"prompt": "summarise https://example.com/x?y=1 please", "url": "https://example.com/x?y=1"}},
		{"web search", "google_web_search", map[string]any{"query": "q"},
			"WebSearch", map[string]any{"query": "q"}},
		{"todos", "write_todos", map[string]any{"todos": []any{map[string]any{"description": "a", "status": "cancelled"}}},
			"TodoWrite", map[string]any{"todos": []any{map[string]any{"content": "a", "activeForm": "a", "status": "completed"}}}},
		{"mcp keeps input", "mcp_gh_issue", map[string]any{"title": "t"},
			"mcp__gh__issue", map[string]any{"title": "t"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, skip := ClaudeInput(Hook{Event: "PreToolUse"}, payload("BeforeTool", tt.tool, tt.in))
			if skip != "" {
				t.Fatalf("skipped: %s", skip)
			}
			if c["tool_name"] != tt.claude {
				t.Errorf("tool_name = %v, want %s", c["tool_name"], tt.claude)
			}
			if diff := cmp.Diff(tt.want, c["tool_input"]); diff != "" {
				t.Errorf("tool_input (-want +got):\n%s", diff)
			}
			if c["hook_event_name"] != "PreToolUse" || c["cwd"] != "/proj" || c["session_id"] != "s1" || c["permission_mode"] != "default" {
				t.Errorf("common fields: %v", c)
			}
			if id, _ := c["tool_use_id"].(string); !strings.HasPrefix(id, "toolu_") {
				t.Errorf("tool_use_id = %q", id)
			}
		})
	}
}

func TestClaudeInputEvents(t *testing.T) {
	bash := map[string]any{"command": "go test ./..."}
	tests := []struct {
		name string
		hook Hook
		g    map[string]any
		want map[string]any // fields to check
		skip bool
	}{
		{"post tool bash output", Hook{Event: "PostToolUse"},
			withField(payload("AfterTool", "run_shell_command", bash), "tool_response",
				map[string]any{"llmContent": "Output: FAIL pkg\nExit Code: 1\nProcess Group PGID: 12", "returnDisplay": "", "error": nil}),
			map[string]any{"tool_response": map[string]any{"stdout": "FAIL pkg", "stderr": "", "interrupted": false, "isImage": false}}, false},
		{"post tool after failure is Claude's PostToolUseFailure", Hook{Event: "PostToolUse"},
			withField(payload("AfterTool", "run_shell_command", bash), "tool_response",
				map[string]any{"llmContent": "", "error": map[string]any{"message": "boom"}}),
			nil, true},
		{"failure hook after failure", Hook{Event: "PostToolUseFailure"},
			withField(payload("AfterTool", "run_shell_command", bash), "tool_response",
				map[string]any{"llmContent": "", "error": "boom"}),
			map[string]any{"error": "boom", "is_interrupt": false, "hook_event_name": "PostToolUseFailure"}, false},
		{"failure hook after success", Hook{Event: "PostToolUseFailure"},
			withField(payload("AfterTool", "run_shell_command", bash), "tool_response",
				map[string]any{"llmContent": "Output: ok", "error": nil}),
			nil, true},
		{"write response", Hook{Event: "PostToolUse"},
			withField(payload("AfterTool", "write_file", map[string]any{"file_path": "/p/n.go", "content": "x"}), "tool_response",
				map[string]any{"llmContent": "Successfully created and wrote to new file: /p/n.go.", "error": nil}),
			map[string]any{"tool_response": map[string]any{"type": "create", "filePath": "/p/n.go", "content": "x", "structuredPatch": []any{}}}, false},
		{"stop", Hook{Event: "Stop"},
			map[string]any{"hook_event_name": "AfterAgent", "prompt": "p", "prompt_response": "done", "stop_hook_active": true},
			map[string]any{"last_assistant_message": "done", "stop_hook_active": true, "hook_event_name": "Stop"}, false},
		{"prompt", Hook{Event: "UserPromptSubmit"},
			map[string]any{"hook_event_name": "BeforeAgent", "prompt": "hello"},
			map[string]any{"prompt": "hello", "hook_event_name": "UserPromptSubmit"}, false},
		{"session end exit", Hook{Event: "SessionEnd"},
			map[string]any{"hook_event_name": "SessionEnd", "reason": "exit"},
			map[string]any{"reason": "other"}, false},
		{"notification", Hook{Event: "Notification"},
			map[string]any{"hook_event_name": "Notification", "notification_type": "ToolPermission", "message": "m", "details": map[string]any{}},
			map[string]any{"notification_type": "permission_prompt", "message": "m"}, false},
		{"precompact", Hook{Event: "PreCompact"},
			map[string]any{"hook_event_name": "PreCompress", "trigger": "auto"},
			map[string]any{"trigger": "auto", "custom_instructions": ""}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, skip := ClaudeInput(tt.hook, tt.g)
			if (skip != "") != tt.skip {
				t.Fatalf("skip = %q, want skip %v", skip, tt.skip)
			}
			for k, v := range tt.want {
				if diff := cmp.Diff(v, c[k]); diff != "" {
					t.Errorf("%s (-want +got):\n%s", k, diff)
				}
			}
			if _, ok := c["timestamp"]; ok {
				t.Error("Gemini's timestamp was passed on; Claude sends none")
			}
		})
	}
}

func withField(m map[string]any, k string, v any) map[string]any {
	m[k] = v
	return m
}

func TestGeminiOutput(t *testing.T) {
	tests := []struct {
		name     string
		event    string
		tool     string
		r        Result
		wantJSON string // "" for no output
		wantExit int
	}{
		{"exit 2 denies a tool", "PreToolUse", "Bash", Result{Exit: 2, Stderr: []byte("no rm -rf\n")},
			`{"decision":"deny","reason":"no rm -rf"}`, 0},
		{"exit 2 blocks a prompt", "UserPromptSubmit", "", Result{Exit: 2, Stderr: []byte("no secrets")},
			`{"decision":"block","reason":"no secrets"}`, 0},
		{"exit 2 keeps the agent going", "Stop", "", Result{Exit: 2, Stderr: []byte("tests fail")},
			`{"decision":"block","reason":"tests fail"}`, 0},
		{"exit 2 after a tool is context, not a replaced result", "PostToolUse", "Bash", Result{Exit: 2, Stderr: []byte("lint: 3 errors")},
			`{"hookSpecificOutput":{"additionalContext":"lint: 3 errors","hookEventName":"AfterTool"}}`, 0},
		{"exit 2 on SessionStart is shown to the user", "SessionStart", "", Result{Exit: 2, Stderr: []byte("warming")},
			`{"systemMessage":"warming"}`, 0},
		{"exit 2 ignores stdout JSON", "PreToolUse", "Bash", Result{Exit: 2, Stdout: []byte(`{"decision":"approve"}`), Stderr: []byte("no")},
			`{"decision":"deny","reason":"no"}`, 0},
		{"exit 127 is a warning, never a denial", "PreToolUse", "Bash", Result{Exit: 127, Stderr: []byte("sh: 1: bun: not found\n")},
			`{"systemMessage":"Warning: Claude hook exited 127: sh: 1: bun: not found"}`, 1},
		{"exit 1 with JSON still decides", "PreToolUse", "Bash", Result{Exit: 1, Stdout: []byte(`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"r"}}`)},
			`{"decision":"deny","reason":"r","systemMessage":"Warning: Claude hook exited 1"}`, 1},
		{"permissionDecision deny", "PreToolUse", "Read", Result{Stdout: []byte(`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"secrets"}}`)},
			`{"decision":"deny","reason":"secrets"}`, 0},
		{"permissionDecision ask", "PreToolUse", "Bash", Result{Stdout: []byte(`{"hookSpecificOutput":{"permissionDecision":"ask","permissionDecisionReason":"sure?"}}`)},
			`{"decision":"ask","reason":"sure?","systemMessage":"sure?"}`, 0},
		// Gemini's confirmation shows only systemMessage (issue 25: the
		// user was asked without being told why), so an ask's reason is
		// put there too, after the hook's own systemMessage.
		{"permissionDecision ask with a systemMessage", "PreToolUse", "Bash", Result{Stdout: []byte(`{"systemMessage":"note","hookSpecificOutput":{"permissionDecision":"ask","permissionDecisionReason":"sure?"}}`)},
			`{"decision":"ask","reason":"sure?","systemMessage":"note\nsure?"}`, 0},
		{"permissionDecision ask without a reason", "PreToolUse", "Bash", Result{Stdout: []byte(`{"hookSpecificOutput":{"permissionDecision":"ask"}}`)},
			`{"decision":"ask"}`, 0},
		{"permissionDecision allow", "PreToolUse", "Bash", Result{Stdout: []byte(`{"hookSpecificOutput":{"permissionDecision":"allow"}}`)},
			`{"decision":"allow"}`, 0},
		{"legacy approve", "PreToolUse", "Bash", Result{Stdout: []byte(`{"decision":"approve","reason":"ok"}`)},
			`{"decision":"allow","reason":"ok"}`, 0},
		{"legacy block", "PreToolUse", "Bash", Result{Stdout: []byte(`{"decision":"block","reason":"no"}`)},
			`{"decision":"deny","reason":"no"}`, 0},
		{"updatedInput mapped back", "PreToolUse", "Read", Result{Stdout: []byte(`{"hookSpecificOutput":{"permissionDecision":"allow","updatedInput":{"file_path":"/p/a","offset":5,"limit":10}}}`)},
			`{"decision":"allow","hookSpecificOutput":{"hookEventName":"BeforeTool","tool_input":{"end_line":14,"file_path":"/p/a","start_line":5}}}`, 0},
		{"PreToolUse context is lost", "PreToolUse", "Bash", Result{Stdout: []byte(`{"hookSpecificOutput":{"additionalContext":"x"}}`)},
			``, 0},
		{"PostToolUse block is context", "PostToolUse", "Bash", Result{Stdout: []byte(`{"decision":"block","reason":"tests failed"}`)},
			`{"hookSpecificOutput":{"additionalContext":"tests failed","hookEventName":"AfterTool"}}`, 0},
		{"PostToolUse context", "PostToolUse", "Write", Result{Stdout: []byte(`{"hookSpecificOutput":{"hookEventName":"PostToolUse","additionalContext":"run gofmt"}}`)},
			`{"hookSpecificOutput":{"additionalContext":"run gofmt","hookEventName":"AfterTool"}}`, 0},
		{"prompt plain stdout is context", "UserPromptSubmit", "", Result{Stdout: []byte("use pnpm\n")},
			`{"hookSpecificOutput":{"additionalContext":"use pnpm","hookEventName":"BeforeAgent"}}`, 0},
		{"session start plain stdout is context", "SessionStart", "", Result{Stdout: []byte("branch main")},
			`{"hookSpecificOutput":{"additionalContext":"branch main","hookEventName":"SessionStart"}}`, 0},
		{"plain stdout elsewhere is nothing", "PreToolUse", "Bash", Result{Stdout: []byte("checked")}, ``, 0},
		{"Stop block", "Stop", "", Result{Stdout: []byte(`{"decision":"block","reason":"keep going"}`)},
			`{"decision":"block","reason":"keep going"}`, 0},
		{"continue false", "PostToolUse", "Bash", Result{Stdout: []byte(`{"continue":false,"stopReason":"halt","systemMessage":"bye"}`)},
			`{"continue":false,"stopReason":"halt","systemMessage":"bye"}`, 0},
		{"invalid JSON is plain text, with a warning", "UserPromptSubmit", "", Result{Stdout: []byte(`{"decision": "block"`)},
			`{"hookSpecificOutput":{"additionalContext":"{\"decision\": \"block\"","hookEventName":"BeforeAgent"},"systemMessage":"Warning: Claude hook printed invalid JSON, which Claude reads as plain text"}`, 0},
		// Every Claude output form, against claude-hooks.md §1.7 (issue 26 point 6).
		{"exit 2 with the block only in stdout JSON still blocks after a tool (claudekit's injection-defender.sh)", "PostToolUse", "WebFetch",
			Result{Exit: 2, Stdout: []byte(`{"decision":"block"}`)},
			`{"hookSpecificOutput":{"additionalContext":"Claude hook exited 2 (a blocking error): No stderr output","hookEventName":"AfterTool"}}`, 0},
		{"exit 2 with empty stderr denies a tool, whatever stdout says", "PreToolUse", "Bash",
			Result{Exit: 2, Stdout: []byte(`{"hookSpecificOutput":{"permissionDecision":"allow"}}`)},
			`{"decision":"deny","reason":"Claude hook exited 2 (a blocking error): No stderr output"}`, 0},
		{"exit 2 with the reason only in stdout JSON: Claude does not read it", "UserPromptSubmit", "",
			Result{Exit: 2, Stdout: []byte(`{"decision":"block","reason":"in stdout"}`)},
			`{"decision":"block","reason":"Claude hook exited 2 (a blocking error): No stderr output"}`, 0},
		{"exit 2 with empty stderr on Stop keeps the agent going", "Stop", "", Result{Exit: 2},
			`{"decision":"block","reason":"Claude hook exited 2 (a blocking error): No stderr output"}`, 0},
		{"exit 2 with empty stderr on PreCompact blocks", "PreCompact", "", Result{Exit: 2},
			`{"decision":"block","reason":"Claude hook exited 2 (a blocking error): No stderr output"}`, 0},
		{"exit 2 with empty stderr on SessionStart is nothing", "SessionStart", "", Result{Exit: 2}, ``, 0},
		{"exit 2 on Notification shows stderr to the user", "Notification", "", Result{Exit: 2, Stderr: []byte("ding")},
			`{"systemMessage":"ding"}`, 0},
		{"exit 2 with JSON on stderr: the text is the reason", "PreToolUse", "Bash",
			Result{Exit: 2, Stderr: []byte(`{"decision":"approve"}`)},
			`{"decision":"deny","reason":"{\"decision\":\"approve\"}"}`, 0},
		{"exit 0 with JSON on stderr only: Claude reads stdout, so nothing", "PreToolUse", "Bash",
			Result{Stderr: []byte(`{"hookSpecificOutput":{"permissionDecision":"deny"}}`)}, ``, 0},
		{"exit 1 with JSON on stderr only: a warning, no decision", "PostToolUse", "Bash",
			Result{Exit: 1, Stderr: []byte(`{"decision":"block","reason":"r"}`)},
			`{"systemMessage":"Warning: Claude hook exited 1: {\"decision\":\"block\",\"reason\":\"r\"}"}`, 1},
		{"PostToolUse block without a reason still reaches the model", "PostToolUse", "Bash", Result{Stdout: []byte(`{"decision":"block"}`)},
			`{"hookSpecificOutput":{"additionalContext":"Blocked by hook","hookEventName":"AfterTool"}}`, 0},
		{"PostToolUseFailure block", "PostToolUseFailure", "Bash", Result{Stdout: []byte(`{"decision":"block","reason":"retry with -v"}`)},
			`{"hookSpecificOutput":{"additionalContext":"retry with -v","hookEventName":"AfterTool"}}`, 0},
		{"prompt block without a reason", "UserPromptSubmit", "", Result{Stdout: []byte(`{"decision":"block"}`)},
			`{"decision":"block","reason":"Blocked by hook"}`, 0},
		{"Stop block without a reason", "Stop", "", Result{Stdout: []byte(`{"decision":"block"}`)},
			`{"decision":"block","reason":"Blocked by hook"}`, 0},
		{"SubagentStop block", "SubagentStop", "", Result{Stdout: []byte(`{"decision":"block","reason":"finish the list"}`)},
			`{"decision":"block","reason":"finish the list"}`, 0},
		{"PreCompact block", "PreCompact", "", Result{Stdout: []byte(`{"decision":"block","reason":"not now"}`)},
			`{"decision":"block","reason":"not now"}`, 0},
		{"PreToolUse legacy block without a reason", "PreToolUse", "Bash", Result{Stdout: []byte(`{"decision":"block"}`)},
			`{"decision":"deny","reason":""}`, 0},
		{"block on an event that cannot block is nothing", "SessionStart", "", Result{Stdout: []byte(`{"decision":"block","reason":"x"}`)}, ``, 0},
		{"permissionDecision wins over the legacy decision", "PreToolUse", "Bash",
			Result{Stdout: []byte(`{"decision":"approve","hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"no"}}`)},
			`{"decision":"deny","reason":"no"}`, 0},
		{"permissionDecision defer has no counterpart", "PreToolUse", "Bash", Result{Stdout: []byte(`{"hookSpecificOutput":{"permissionDecision":"defer"}}`)}, ``, 0},
		{"continue false without stopReason", "UserPromptSubmit", "", Result{Stdout: []byte(`{"continue":false}`)},
			`{"continue":false}`, 0},
		{"continue false with a block: both said", "Stop", "", Result{Stdout: []byte(`{"continue":false,"stopReason":"done","decision":"block","reason":"r"}`)},
			`{"continue":false,"decision":"block","reason":"r","stopReason":"done"}`, 0},
		{"continue false on exit 1 is still honoured", "PreToolUse", "Bash", Result{Exit: 1, Stdout: []byte(`{"continue":false,"stopReason":"halt"}`)},
			`{"continue":false,"stopReason":"halt","systemMessage":"Warning: Claude hook exited 1"}`, 1},
		{"continue false on exit 2 is ignored with the rest of stdout", "PreToolUse", "Bash", Result{Exit: 2, Stdout: []byte(`{"continue":false}`), Stderr: []byte("no")},
			`{"decision":"deny","reason":"no"}`, 0},
		// Watched with the real Gemini CLI 0.61.0 headless: this answer on
		// AfterAgent makes Gemini call the model again with the context.
		{"Stop context keeps the turn going", "Stop", "", Result{Stdout: []byte(`{"hookSpecificOutput":{"hookEventName":"Stop","additionalContext":"also update the changelog"}}`)},
			`{"decision":"block","reason":"also update the changelog"}`, 0},
		{"Stop block and context: both in the next prompt", "Stop", "", Result{Stdout: []byte(`{"decision":"block","reason":"tests fail","hookSpecificOutput":{"hookEventName":"Stop","additionalContext":"run make test"}}`)},
			`{"decision":"block","reason":"tests fail\nrun make test"}`, 0},
		{"Stop context with continue false: the agent stops", "Stop", "", Result{Stdout: []byte(`{"continue":false,"hookSpecificOutput":{"additionalContext":"x"}}`)},
			`{"continue":false}`, 0},
		{"prompt context from JSON", "UserPromptSubmit", "", Result{Stdout: []byte(`{"hookSpecificOutput":{"hookEventName":"UserPromptSubmit","additionalContext":"ticket ABC-1"}}`)},
			`{"hookSpecificOutput":{"additionalContext":"ticket ABC-1","hookEventName":"BeforeAgent"}}`, 0},
		{"prompt JSON on exit 0 is not also plain text", "UserPromptSubmit", "", Result{Stdout: []byte(`{"systemMessage":"hi"}`)},
			`{"systemMessage":"hi"}`, 0},
		{"SessionStart context from JSON", "SessionStart", "", Result{Stdout: []byte(`{"hookSpecificOutput":{"hookEventName":"SessionStart","additionalContext":"frozen"}}`)},
			`{"hookSpecificOutput":{"additionalContext":"frozen","hookEventName":"SessionStart"}}`, 0},
		{"cut output", "PreToolUse", "Bash", Result{Stdout: []byte("x"), Cut: true},
			`{"systemMessage":"Warning: Claude hook's output was cut at 1048576 bytes"}`, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := GeminiOutput(Hook{Event: tt.event}, tt.tool, tt.r)
			if diff := cmp.Diff(tt.wantJSON, string(got.JSON)); diff != "" {
				t.Errorf("JSON (-want +got):\n%s", diff)
			}
			if got.Exit != tt.wantExit {
				t.Errorf("exit = %d, want %d", got.Exit, tt.wantExit)
			}
		})
	}
}

// TestWrapUnwrap checks that the command migrate writes survives Gemini's
// load-time $VAR expansion (spec §1.5) and run-time $GEMINI_PROJECT_DIR
// rewriting (spec §5.3), and that Unwrap finds the original again.
func TestWrapUnwrap(t *testing.T) {
	originals := []string{
		`$CLAUDE_PROJECT_DIR/.claude/hooks/guard.py`,
		`"${CLAUDE_PROJECT_DIR}/.claude/hooks/x.sh" --mode 'strict'`,
		`jq -r '.tool_input.command' | grep -q "rm -rf" && { echo "no" >&2; exit 2; } || exit 0`,
		`echo $HOME $GEMINI_PROJECT_DIR ${extensionPath} $'a\tb'`,
		`it's "quoted" \$ $$ $1`,
	}
	for _, orig := range originals {
		for _, w := range []Wrapped{
			{Hook: Hook{Event: "PreToolUse"}, Binary: "gh-hooks", Command: orig},
			{Hook: Hook{Event: "PostToolUse", Matcher: "MultiEdit", PluginRoot: `"${extensionPath}"`}, Binary: "/opt/my tools/gh-hooks", Command: orig},
			{Hook: Hook{Event: "PreToolUse"}, Binary: "gh-hooks", Command: orig, FailClosed: true},
			{Hook: Hook{Event: "PreToolUse", OnFailure: "block", Deadline: 59 * time.Second}, Binary: "gh-hooks", Command: orig, FailClosed: true},
		} {
			cmd := Wrap(w)
			loaded := config.Expand(cmd, func(name string) (string, bool) {
				switch name {
				case "HOME":
					return "/home/u", true
				case "CLAUDE_PROJECT_DIR", "GEMINI_PROJECT_DIR":
					return "/baked in", true
				}
				return "", false
			})
			ran := runner.ExpandCommand(loaded, "/my project", "/plans", "s1")
			if ran != cmd {
				t.Errorf("Gemini changed the wrapped command:\n%s\nbecame\n%s", cmd, ran)
			}
			got, ok := Unwrap(ran)
			if !ok {
				t.Fatalf("Unwrap(%q) found no adapter", ran)
			}
			// The plugin root holds an expansion: Unwrap shows its source.
			if diff := cmp.Diff(w, got); diff != "" {
				t.Errorf("Unwrap (-want +got):\n%s", diff)
			}
		}
	}
	for _, cmd := range []string{"./x.sh", "gh-hooks claude-compat", "echo claude-compat", "gh-hooks claude-compat --event X",
		// The adapter itself (urfave/cli) would refuse these: no --event flag, a bad deadline.
		"gh-hooks claude-compat event=Stop -- ./x.sh", "gh-hooks claude-compat --event Stop --deadline 5 -- ./x.sh"} {
		if _, ok := Unwrap(cmd); ok {
			t.Errorf("Unwrap(%q) found an adapter", cmd)
		}
	}
}

// TestRun runs real hooks through the adapter.
func TestRun(t *testing.T) {
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no sh")
	}
	dir := t.TempDir()
	script := func(name, body string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte("#!/bin/sh\n"+body), 0o755); err != nil {
			t.Fatal(err)
		}
		return p
	}
	guard := script("guard.sh", `in=$(cat); case "$in" in *'"tool_name":"Bash"'*'rm -rf'*) echo "blocked by $CLAUDE_PROJECT_DIR" >&2; exit 2;; esac; exit 0`)
	pre := `{"session_id":"s","cwd":"` + dir + `","hook_event_name":"BeforeTool","tool_name":"run_shell_command","tool_input":{"command":"rm -rf /"},"extra_gemini_field":1}`
	tests := []struct {
		name, event, command, stdin string
		wantOut                     string
		wantCode                    int
	}{
		{"guard denies", "PreToolUse", guard, pre, `{"decision":"deny","reason":"blocked by ` + dir + `"}`, 0},
		{"placeholder substituted", "PreToolUse", "${CLAUDE_PROJECT_DIR}/guard.sh", pre, `{"decision":"deny","reason":"blocked by ` + dir + `"}`, 0},
		{"missing script is a warning", "PreToolUse", dir + "/missing.sh", pre, `"systemMessage":"Warning: Claude hook exited 127`, 1},
		{"huge output is cut", "UserPromptSubmit", "head -c 3000000 /dev/zero | tr '\\0' x", `{"prompt":"p","cwd":"` + dir + `"}`, `Claude hook's output was cut`, 0},
		{"invalid payload", "PreToolUse", guard, `not json`, `Gemini's payload is not a JSON object`, 1},
		{"post tool hook after a failed tool does not run", "PostToolUse", "echo ran; exit 2", `{"cwd":"` + dir + `","tool_name":"run_shell_command","tool_input":{},"tool_response":{"error":"x"}}`, ``, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out, errb bytes.Buffer
			code := Run(context.Background(), Hook{Event: tt.event}, tt.command, Process{Stdin: strings.NewReader(tt.stdin), Stdout: &out, Stderr: &errb, Env: os.Environ()})
			if code != tt.wantCode {
				t.Errorf("exit %d, want %d (stdout %.200q)", code, tt.wantCode, out.String())
			}
			if tt.wantOut == "" && out.Len() != 0 || !strings.Contains(out.String(), tt.wantOut) {
				t.Errorf("stdout %.300q, want it to contain %q", out.String(), tt.wantOut)
			}
		})
	}
}

// TestRunStopsTheHookGroup checks that cancelling the adapter (Gemini's
// SIGTERM at a timeout) ends the hook and what it started, at once.
func TestRunStopsTheHookGroup(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	start := time.Now()
	var out bytes.Buffer
	Run(ctx, Hook{Event: "Stop"}, "sleep 30 & sleep 30", Process{Stdin: strings.NewReader(`{"cwd":"/"}`), Stdout: &out, Stderr: &out, Env: os.Environ()})
	if d := time.Since(start); d > 10*time.Second {
		t.Errorf("the adapter waited %v for a cancelled hook", d)
	}
}
