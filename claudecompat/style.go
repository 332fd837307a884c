package claudecompat

import (
	"encoding/json"
	"fmt"
	"strings"
)

// claudeEventOn is the Claude event whose hooks run on a Gemini event,
// for the fix ClaudeStyle names (the inverse of geminiEvent; AfterTool
// and AfterAgent name the more common of their two).
func claudeEventOn(s string) string {
	switch s {
	case "BeforeTool":
		return "PreToolUse"
	case "AfterTool":
		return "PostToolUse"
	case "BeforeAgent":
		return "UserPromptSubmit"
	case "AfterAgent":
		return "Stop"
	case "SessionStart":
		return "SessionStart"
	case "SessionEnd":
		return "SessionEnd"
	case "PreCompress":
		return "PreCompact"
	case "Notification":
		return "Notification"
	}
	return ""
}

// ClaudeStyle reads the output of a hook that runs under Gemini without
// the adapter for Claude's protocol, and returns one warning per thing
// Gemini ignores or reads differently (claude-hooks.md §1.7 against spec
// §5.4 and §5.8), each saying what Gemini does instead; the last one
// names the fix. Only output that loses something under Gemini is
// reported: a Claude hookEventName next to fields Gemini shares is not.
// event is the Gemini event, stdout the hook's stdout,
// exitCode its exit code. Output with no Claude-only field gives none:
// Gemini's own fields (decision, reason, systemMessage, continue, ...)
// are shared, and exit codes alone do not tell whose protocol a hook
// speaks.
func ClaudeStyle(event, stdout string, exitCode int) []string {
	text := strings.TrimSpace(stdout)
	if !strings.HasPrefix(text, "{") {
		return nil
	}
	var out map[string]any
	if json.Unmarshal([]byte(text), &out) != nil {
		return nil
	}
	hso, _ := out["hookSpecificOutput"].(map[string]any)
	decision, _ := out["decision"].(string)
	var w []string
	claude := false
	if pd, ok := hso["permissionDecision"].(string); ok {
		claude = true
		switch {
		case decision != "":
			// Both protocols at once: Gemini reads the top-level decision.
		case pd == "deny":
			w = append(w, `hookSpecificOutput.permissionDecision "deny" is Claude's way to block a tool: Gemini ignores it, so this hook blocks nothing under Gemini (Gemini blocks on a top-level "decision": "deny")`)
		case pd == "ask":
			w = append(w, `hookSpecificOutput.permissionDecision "ask" is Claude's: Gemini ignores it and does not ask (Gemini's is a top-level "decision": "ask")`)
		default:
			w = append(w, fmt.Sprintf("hookSpecificOutput.permissionDecision %q is Claude's: Gemini ignores it", pd))
		}
	}
	if _, ok := hso["updatedInput"]; ok {
		claude = true
		w = append(w, "hookSpecificOutput.updatedInput is Claude's: Gemini ignores it and runs the tool with its own arguments (Gemini's is hookSpecificOutput.tool_input, with Gemini's argument names)")
	}
	if name, _ := hso["hookEventName"].(string); name != "" {
		if geminiEvent(name) != "" && name != event {
			claude = true
		}
	}
	if _, ok := hso["additionalContext"]; ok && claude && event == "BeforeTool" {
		w = append(w, "hookSpecificOutput.additionalContext on a tool call before it runs: Gemini has no such channel on BeforeTool, the model never sees it")
	}
	switch {
	case decision == "approve":
		claude = true
		w = append(w, `decision "approve" is Claude's older spelling: Gemini reads it as "allow"`)
	case decision == "block" && event == "AfterTool" && claude:
		w = append(w, `decision "block" after a tool ran: Claude shows the reason to the model beside the tool's result; Gemini's AfterTool block hides the result from the model (claude-hooks.md §5)`)
	}
	if !claude || len(w) == 0 {
		return nil
	}
	if exitCode == 2 && decision != "deny" && decision != "block" {
		w = append(w, "exit 2: Claude blocks and ignores the JSON; Gemini reads the JSON and does not block")
	}
	ev := claudeEventOn(event)
	if ev == "" {
		ev = "EVENT"
	}
	w = append(w, fmt.Sprintf("this hook answers in Claude's protocol: run it behind the adapter, which translates both ways: migrate it from Claude with `gh-hooks migrate --adapter=always`, or make its command `gh-hooks claude-compat --event %s -- COMMAND`", ev))
	return w
}
