package claudecompat

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/gh-hooks/gh-hooks/internal/lazyre"
)

// Result is how a Claude hook ended.
type Result struct {
	// Exit is the exit code; -1 when the hook did not exit normally
	// (killed by a signal, or it could not be started: see Err).
	Exit           int
	Stdout, Stderr []byte
	// Err is why the hook could not be started or waited for.
	Err error
	// Cut says that Stdout or Stderr were longer than the adapter keeps;
	// StdoutCut that Stdout was.
	Cut, StdoutCut bool
	// TimedOut says that the hook outlived Hook.Deadline and was stopped.
	TimedOut bool
}

// blockingExit2 is what exit 2 means on the Claude events where it blocks
// (claude-hooks.md §1.7, "Exit code 2, per event"), as Gemini's decision.
func blockingExit2(s string) string {
	switch s {
	case "PreToolUse":
		return "deny"
	case "UserPromptSubmit", "Stop", "SubagentStop", "PreCompact":
		return "block"
	}
	return ""
}

// noStderr is what Claude shows for a hook that exits 2 with nothing on
// stderr (claude-hooks.md §1.7: exit 2 blocks whatever stdout says);
// blockedByHook what it shows for decision "block" without a reason.
const (
	noStderr      = "Claude hook exited 2 (a blocking error): No stderr output"
	blockedByHook = "Blocked by hook"
)

// plainTextContext are the events on which Claude adds a hook's plain
// stdout to the model's context (claude-hooks.md §1.7).
func plainTextContext(s string) bool {
	switch s {
	case "UserPromptSubmit", "SessionStart":
		return true
	}
	return false
}

// contextEvents are the events whose hookSpecificOutput.additionalContext
// Gemini gives to the model on the event the hook runs on: AfterTool
// (coreToolHookTriggers.ts), BeforeAgent (client.ts), SessionStart. On
// BeforeTool Gemini has no context channel (PreToolUse context is lost);
// AfterAgent has none either: Stop's context keeps the turn going, as a
// block (readClaudeJSON).
func contextEvents(s string) bool {
	switch s {
	case "PostToolUse", "PostToolUseFailure", "UserPromptSubmit", "SessionStart",
		"Stop", "SubagentStop":
		return true
	}
	return false
}

// Output is the answer the adapter gives Gemini for one Claude hook: the
// JSON it prints on stdout (nil for none) and its exit code. The adapter
// never exits 2 or more: Gemini denies on any such exit (spec §5.4), and
// every block is said in JSON instead.
type Output struct {
	JSON []byte
	Exit int
}

// GeminiOutput reads a Claude hook's result by Claude Code's rules
// (claude-hooks.md §1.7) and says the same in Gemini's protocol (spec
// §5.4, §5.8). claudeTool is the Claude tool name the hook saw ("" for
// non-tool events), for mapping updatedInput back.
func GeminiOutput(h Hook, claudeTool string, r Result) Output {
	if why := lostAnswer(h, r); why != "" {
		// The adapter cannot tell what the hook decided, and it asked to
		// block then, or what it could read was a block: block, in JSON
		// (the adapter never exits 2).
		o := Output{}
		o.JSON, _ = json.Marshal(map[string]any{"decision": blockingExit2(h.Event),
			"reason": "Claude hook " + why + ", so it blocks (gh-hooks claude-compat fails closed)"})
		return o
	}
	out := map[string]any{}
	var warnings []string
	failed := false
	switch {
	case r.Err != nil:
		failed = true
		warnings = append(warnings, fmt.Sprintf("Claude hook did not run: %v", r.Err))
	case r.Exit == 2:
		// claude-hooks.md §1.7 "Exit 2": a blocking error; stderr is the
		// reason and JSON cannot override it: Claude does not read stdout
		// at all, so a {"decision":"block"} or an "approve" there changes
		// nothing, and JSON on stderr is the reason's text as it is. With
		// nothing on stderr the hook still blocks ("Exit code 2, per
		// event"), with Claude's "No stderr output" as what is shown.
		reason := strings.TrimSpace(string(r.Stderr))
		if reason == "" {
			reason = noStderr
		}
		switch {
		case blockingExit2(h.Event) != "":
			out["decision"] = blockingExit2(h.Event)
			out["reason"] = reason
		case h.Event == "PostToolUse" || h.Event == "PostToolUseFailure":
			// Claude shows the model stderr beside the tool's result
			// ("stderr shown to Claude"); a Gemini AfterTool block would
			// replace the result instead.
			addContext(out, h.Event, reason)
		case reason != noStderr:
			// Claude shows stderr to the user and goes on.
			out["systemMessage"] = reason
		}
	default:
		if r.Exit != 0 {
			failed = true
			msg := fmt.Sprintf("Claude hook exited %d", r.Exit)
			if r.Exit < 0 {
				msg = "Claude hook was killed"
			}
			if s := firstLines(string(r.Stderr), 3); s != "" {
				msg += ": " + s
			}
			warnings = append(warnings, msg)
		}
		text := strings.TrimSpace(string(r.Stdout))
		j, isJSON, bad := claudeJSON(text)
		if isJSON {
			readClaudeJSON(h, claudeTool, j, out)
			break
		}
		if bad {
			warnings = append(warnings, "Claude hook printed invalid JSON, which Claude reads as plain text")
		}
		if r.Exit == 0 && plainTextContext(h.Event) {
			addContext(out, h.Event, text)
		}
	}
	if r.Cut {
		warnings = append(warnings, "Claude hook's output was cut at "+fmt.Sprint(maxOutput)+" bytes")
	}
	if len(warnings) > 0 {
		msg := "Warning: " + strings.Join(warnings, "; ")
		if s, ok := out["systemMessage"].(string); ok && s != "" {
			msg = s + "\n" + msg
		}
		out["systemMessage"] = msg
	}
	o := Output{}
	if failed {
		// Gemini reports a failed hook ("Hook(s) ... failed") and still
		// honours its JSON, as Claude honours the JSON of a non-blocking
		// error.
		o.Exit = 1
	}
	if len(out) > 0 {
		o.JSON, _ = json.Marshal(out)
	}
	return o
}

// OnFailureLost is the adapter's --on-failure for a guard migrate found
// can block (Wrapped.FailClosed) whose Claude hook says no onFailure: it
// blocks when the hook's answer is lost (it is killed, outlives the
// deadline, or its JSON is cut, or invalid after a deny), not on a
// deliberate exit 1 or a command sh cannot find or execute (126, 127),
// which Claude reads as a non-blocking error.
const OnFailureLost = "lost"

// CanBlockOn reports whether a hook of Claude event ev can block (its exit
// 2 or decision stops something), where onFailure "block" acts.
func CanBlockOn(ev string) bool { return blockingExit2(ev) != "" }

// lostAnswer says why the adapter cannot read the whole answer of a hook
// on an event where it can block (blockingExit2), when that must block:
// the hook asked to (OnFailure "block": it could not start, crashed or
// was killed, timed out, exited with another code than 0 or 2, or its
// JSON answer was cut or invalid), or the part of a cut answer that could
// be read was a block ("deny" or "block"), which Claude, reading the
// whole answer, would have honoured. Invalid JSON that is not cut is
// plain text to Claude (claude-hooks.md §1.7), so it blocks only with
// OnFailure "block". "" when the answer is read by Claude's rules.
func lostAnswer(h Hook, r Result) string {
	if blockingExit2(h.Event) == "" || r.Exit == 2 && r.Err == nil {
		return ""
	}
	text := strings.TrimSpace(string(r.Stdout))
	_, _, bad := claudeJSON(text)
	unread := strings.HasPrefix(text, "{") && (r.StdoutCut || bad)
	if h.OnFailure == "block" {
		switch {
		case r.Err != nil:
			return "did not run (" + r.Err.Error() + ") and has onFailure \"block\""
		case r.TimedOut:
			return fmt.Sprintf("timed out after %s and has onFailure \"block\"", h.Deadline)
		case r.Exit < 0:
			return "was killed and has onFailure \"block\""
		case r.Exit != 0:
			return fmt.Sprintf("exited %d and has onFailure \"block\"", r.Exit)
		case unread && r.StdoutCut:
			return fmt.Sprintf("answered with more than %d bytes, which were cut, and has onFailure \"block\"", maxOutput)
		case unread:
			return "answered with invalid JSON and has onFailure \"block\""
		}
		return ""
	}
	if h.OnFailure == OnFailureLost {
		// A guard migrate found can block: its answer lost is a block; a
		// deliberate exit 1 is Claude's non-blocking error, read as such.
		const marked = ", and it is a guard (migrate found that it can block)"
		switch {
		case r.Err != nil:
			return "did not run (" + r.Err.Error() + ")" + marked
		case r.TimedOut:
			return fmt.Sprintf("timed out after %s", h.Deadline) + marked
		case r.Exit < 0:
			return "was killed" + marked
		// sh's 126 and 127 (cannot execute, not found) are not here: the
		// hook never answered, and Claude reads them as a non-blocking
		// error and lets the call through (claude-hooks.md §1.7; the
		// claude-compat case missing-command-127). onFailure "block"
		// blocks on them.
		case unread && r.StdoutCut:
			return fmt.Sprintf("answered with more than %d bytes, which were cut", maxOutput) + marked
		case unread && denyWords.Get().MatchString(text):
			return "answered with a block in invalid JSON" + marked
		}
		return ""
	}
	if unread && r.StdoutCut && denyWords.Get().MatchString(text) {
		// Claude reads the whole answer; the cut is the adapter's.
		return fmt.Sprintf("answered with a block whose JSON passes %d bytes and was cut", maxOutput)
	}
	return ""
}

// denyWords find a block in the part of a JSON answer that could be read.
var denyWords = lazyre.New(`"(?:permissionDecision|decision)"\s*:\s*"(?:deny|block)"`)

// claudeJSON parses stdout the way Claude does: JSON when its first
// non-blank character is "{". bad is true for text that starts with "{"
// but is not a JSON object.
func claudeJSON(text string) (j map[string]any, isJSON, bad bool) {
	if !strings.HasPrefix(text, "{") {
		return nil, false, false
	}
	d := json.NewDecoder(strings.NewReader(text))
	d.UseNumber()
	if err := d.Decode(&j); err != nil || j == nil {
		return nil, false, true
	}
	return j, true, false
}

// readClaudeJSON maps the fields of a Claude hook's JSON output into out.
func readClaudeJSON(h Hook, claudeTool string, j, out map[string]any) {
	if c, ok := j["continue"].(bool); ok && !c {
		out["continue"] = false
		if s, ok := j["stopReason"].(string); ok {
			out["stopReason"] = s
		}
	}
	if s, ok := j["systemMessage"].(string); ok && s != "" {
		out["systemMessage"] = s
	}
	if b, ok := j["suppressOutput"].(bool); ok && b {
		out["suppressOutput"] = true
	}
	hso, _ := j["hookSpecificOutput"].(map[string]any)
	decision, _ := j["decision"].(string)
	reason, _ := j["reason"].(string)
	switch h.Event {
	case "PreToolUse":
		pd, _ := hso["permissionDecision"].(string)
		switch pd {
		case "allow", "deny", "ask":
			out["decision"] = pd
			if r, ok := hso["permissionDecisionReason"].(string); ok {
				out["reason"] = r
				if pd == "ask" && r != "" {
					// Claude shows an ask's reason to the user in its
					// prompt; Gemini's confirmation shows only the
					// hooks' systemMessage, never reason
					// (scheduler.ts: hookSystemMessage; watched on Gemini
					// CLI 0.61.0), so the reason goes there too.
					if sm, ok := out["systemMessage"].(string); ok && sm != "" {
						r = sm + "\n" + r
					}
					out["systemMessage"] = r
				}
			}
		default:
			// The deprecated top-level form (claude-hooks.md §1.7).
			switch decision {
			case "approve":
				out["decision"] = "allow"
				out["reason"] = reason
			case "block":
				out["decision"] = "deny"
				out["reason"] = reason
			}
		}
		if ui, ok := hso["updatedInput"].(map[string]any); ok {
			spec := map[string]any{"hookEventName": "BeforeTool", "tool_input": toGeminiInput(claudeTool, ui)}
			out["hookSpecificOutput"] = spec
		}
	case "PostToolUse", "PostToolUseFailure":
		// claude-hooks.md §1.7, top-level decision "block" + reason: the
		// reason goes to the model beside the tool's result; without one
		// Claude still tells the model the hook blocked.
		if decision == "block" {
			addContext(out, h.Event, orDefault(reason, blockedByHook))
		}
	case "UserPromptSubmit", "Stop", "SubagentStop", "PreCompact":
		if decision == "block" {
			out["decision"] = "block"
			out["reason"] = orDefault(reason, blockedByHook)
		}
	}
	ctx, _ := hso["additionalContext"].(string)
	switch {
	case ctx == "":
	case h.Event == "Stop" || h.Event == "SubagentStop":
		// claude-hooks.md §1.7, hookSpecificOutput for Stop/SubagentStop:
		// additionalContext keeps the turn going, as a block does but
		// without the error label. Gemini's AfterAgent has no context
		// channel; its block is the same continuation, with the reason
		// as the next prompt (client.ts, spec §5.8 Consumers).
		if out["continue"] != nil {
			break // the agent stops: nothing goes on
		}
		if r, ok := out["reason"].(string); ok && out["decision"] == "block" {
			ctx = r + "\n" + ctx
		}
		out["decision"] = "block"
		out["reason"] = ctx
	case contextEvents(h.Event):
		addContext(out, h.Event, ctx)
	}
}

func orDefault(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

// addContext appends text to the additionalContext of out.
func addContext(out map[string]any, claudeEvent, text string) {
	if text == "" {
		return
	}
	spec, _ := out["hookSpecificOutput"].(map[string]any)
	if spec == nil {
		spec = map[string]any{"hookEventName": geminiEvent(claudeEvent)}
		out["hookSpecificOutput"] = spec
	}
	if old, ok := spec["additionalContext"].(string); ok && old != "" {
		text = old + "\n" + text
	}
	spec["additionalContext"] = text
}

// firstLines returns the first n non-empty lines of s, joined by " / ".
func firstLines(s string, n int) string {
	var lines []string
	for _, l := range strings.Split(s, "\n") {
		if l = strings.TrimSpace(l); l != "" {
			lines = append(lines, l)
			if len(lines) == n {
				break
			}
		}
	}
	return strings.Join(lines, " / ")
}
