package claudecompat

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"sort"
	"strings"
	"time"
)

// Hook is what the adapter knows about the Claude hook it runs: the flags
// that migrate wrote around it.
type Hook struct {
	// Event is the Claude event the hook was written for (PreToolUse,
	// Stop, ...): the hook_event_name it expects, and the rules its output
	// is read by.
	Event string
	// Matcher is the hook's Claude tool matcher, when it selects one of
	// several Claude names of a Gemini tool (MultiEdit for replace); ""
	// otherwise.
	Matcher string
	// PluginRoot is the Claude plugin's directory, for CLAUDE_PLUGIN_ROOT;
	// "" for a hook from a settings file.
	PluginRoot string
	// OnFailure is the Claude hook's onFailure ("block", Claude Code
	// 2.1.295, claude-hooks.md §9; "" for Claude's default, fail-open): on
	// an event where a hook can block, a hook that cannot start, crashes,
	// exits with a code other than 0 or 2, outlives Deadline, or whose
	// answer the adapter cannot read whole blocks instead of warning.
	OnFailure string
	// Deadline is how long the adapter lets the hook run before it counts
	// as timed out (0: no deadline of its own). Gemini stops a hook at
	// its timeout and then only warns (spec §5.5), so an OnFailure "block"
	// hook must be stopped, and the block said, before that.
	Deadline time.Duration
}

// geminiEvent is the Gemini event each Claude event the adapter serves
// arrives as (claude-hooks.md §5; migrate's event table), "" for an event
// it does not serve.
func geminiEvent(s string) string {
	switch s {
	case "PreToolUse":
		return "BeforeTool"
	case "PostToolUse", "PostToolUseFailure":
		return "AfterTool"
	case "UserPromptSubmit":
		return "BeforeAgent"
	case "Stop", "SubagentStop":
		return "AfterAgent"
	case "SessionStart":
		return "SessionStart"
	case "SessionEnd":
		return "SessionEnd"
	case "PreCompact":
		return "PreCompress"
	case "Notification":
		return "Notification"
	}
	return ""
}

// GeminiEvent returns the Gemini event that a Claude event's hook runs on
// under the adapter, and whether the adapter serves that event.
func GeminiEvent(claude string) (string, bool) {
	g := geminiEvent(claude)
	return g, g != ""
}

// ClaudeEvents returns the Claude events (claudeEventNames) the adapter
// serves, sorted.
func ClaudeEvents() []string {
	var events []string
	for _, ev := range claudeEventNames {
		if geminiEvent(ev) != "" {
			events = append(events, ev)
		}
	}
	sort.Strings(events)
	return events
}

// ClaudeInput turns the stdin payload Gemini CLI 0.61.0 sends (spec §5.1)
// into the payload Claude Code sends for the same moment
// (claude-hooks.md §1.6). skip is non-empty when Claude would not run the
// hook at all for this Gemini event (a PostToolUse hook after a tool that
// failed: Claude runs PostToolUseFailure hooks instead), and says why.
func ClaudeInput(h Hook, g map[string]any) (claude map[string]any, skip string) {
	str := func(k string) string { s, _ := g[k].(string); return s }
	c := map[string]any{
		"session_id":      str("session_id"),
		"transcript_path": str("transcript_path"),
		"cwd":             str("cwd"),
		// Gemini does not say in which approval mode it runs.
		"permission_mode": "default",
		"hook_event_name": h.Event,
	}
	switch h.Event {
	case "PreToolUse", "PostToolUse", "PostToolUseFailure":
		failed := toolError(g["tool_response"])
		switch {
		case h.Event == "PostToolUse" && failed != "":
			return nil, "the tool failed: Claude runs PostToolUseFailure hooks, not PostToolUse hooks, after a failed tool"
		case h.Event == "PostToolUseFailure" && g["tool_response"] != nil && failed == "":
			return nil, "the tool succeeded: Claude runs PostToolUseFailure hooks only after a failed tool"
		}
		var server, tool string
		if mc, ok := g["mcp_context"].(map[string]any); ok {
			server, _ = mc["server_name"].(string)
			tool, _ = mc["tool_name"].(string)
		}
		name := ToolName(str("tool_name"), h.Matcher, server, tool)
		input, _ := g["tool_input"].(map[string]any)
		c["tool_name"] = name
		c["tool_input"] = toClaudeInput(name, input)
		c["tool_use_id"] = toolUseID(str("session_id"), str("tool_name"), input)
		switch h.Event {
		case "PostToolUse":
			c["tool_response"] = toolResponse(name, c["tool_input"].(map[string]any), g["tool_response"])
		case "PostToolUseFailure":
			c["error"] = failed
			c["is_interrupt"] = false
		}
	case "UserPromptSubmit":
		c["prompt"] = str("prompt")
	case "Stop", "SubagentStop":
		active, _ := g["stop_hook_active"].(bool)
		c["stop_hook_active"] = active
		c["last_assistant_message"] = str("prompt_response")
		c["background_tasks"] = []any{}
		c["session_crons"] = []any{}
	case "SessionStart":
		c["source"] = str("source")
	case "SessionEnd":
		// Gemini's "exit" (the /quit command) has no Claude reason of its
		// own; the others are spelt the same (types.ts SessionEndReason).
		r := str("reason")
		if r == "exit" {
			r = "other"
		}
		c["reason"] = r
	case "PreCompact":
		c["trigger"] = str("trigger")
		c["custom_instructions"] = ""
	case "Notification":
		c["message"] = str("message")
		// Gemini notifies only ToolPermission (types.ts NotificationType),
		// Claude's permission_prompt.
		t := str("notification_type")
		if t == "ToolPermission" {
			t = "permission_prompt"
		}
		c["notification_type"] = t
	}
	return c, ""
}

// toolError returns the error of a Gemini tool_response ({llmContent,
// returnDisplay, error}), "" when the tool succeeded.
func toolError(resp any) string {
	m, ok := resp.(map[string]any)
	if !ok || m["error"] == nil {
		return ""
	}
	switch e := m["error"].(type) {
	case string:
		return e
	case map[string]any:
		if msg, ok := e["message"].(string); ok {
			return msg
		}
	}
	b, _ := json.Marshal(m["error"])
	return string(b)
}

// toolUseID makes a stable stand-in for Claude's tool_use_id, which Gemini
// does not send: the same for the BeforeTool and AfterTool payloads of one
// call, so that a script can pair them.
func toolUseID(session, tool string, input map[string]any) string {
	b, _ := json.Marshal(input) // map keys are sorted: the same input gives the same bytes
	sum := sha256.Sum256([]byte(session + "\x00" + tool + "\x00" + string(b)))
	return "toolu_gh" + hex.EncodeToString(sum[:12])
}

// toolResponse rebuilds Claude's tool_response for a PostToolUse hook from
// Gemini's {llmContent, returnDisplay, error} (claude-hooks.md §1.6; the
// texts Gemini's tools write are in core/src/tools/shell.ts, write-file.ts,
// edit.ts).
func toolResponse(claudeName string, input map[string]any, resp any) any {
	m, ok := resp.(map[string]any)
	if !ok {
		return resp
	}
	text := llmText(m["llmContent"])
	path, _ := input["file_path"].(string)
	switch claudeName {
	case "Bash", "PowerShell":
		return map[string]any{"stdout": shellOutput(text), "stderr": "", "interrupted": false, "isImage": false}
	case "Write":
		kind := "update"
		if strings.Contains(text, "created") {
			kind = "create"
		}
		return map[string]any{"type": kind, "filePath": path, "content": input["content"], "structuredPatch": []any{}}
	case "Edit", "MultiEdit":
		return map[string]any{"filePath": path, "oldString": input["old_string"], "newString": input["new_string"],
			"replaceAll": input["replace_all"] == true, "userModified": false, "structuredPatch": []any{}}
	case "Read":
		return map[string]any{"type": "text", "file": map[string]any{"filePath": path, "content": text,
			"numLines": strings.Count(text, "\n") + 1}}
	}
	var v any
	if json.Unmarshal([]byte(text), &v) == nil {
		return v
	}
	return text
}

// llmText flattens a Gemini llmContent (a string, a part, or a list of
// parts) to its text.
func llmText(v any) string {
	switch t := v.(type) {
	case string:
		return t
	case map[string]any:
		s, _ := t["text"].(string)
		return s
	case []any:
		var parts []string
		for _, p := range t {
			if s := llmText(p); s != "" {
				parts = append(parts, s)
			}
		}
		return strings.Join(parts, "\n")
	}
	return ""
}

// shellOutput takes the command's output out of run_shell_command's
// llmContent, "Output: <output>\nError: ...\nExit Code: N\n..." (shell.ts),
// and returns other text as it is.
func shellOutput(text string) string {
	rest, ok := strings.CutPrefix(text, "Output: ")
	if !ok {
		return text
	}
	end := len(rest)
	for _, tail := range []string{"\nError: ", "\nExit Code: ", "\nSignal: ", "\nBackground PIDs: ", "\nProcess Group PGID: "} {
		if i := strings.Index(rest, tail); i >= 0 && i < end {
			end = i
		}
	}
	out := rest[:end]
	if out == "(empty)" {
		return ""
	}
	return out
}
