package runner

import "strings"

// Outcome is what Gemini CLI 0.61.0 does with one event's aggregated
// output when it runs headless (gemini -p, --approval-mode yolo): the
// consumers of spec §5.8, read from core/scheduler/hook-utils.js,
// core/coreToolHookTriggers.js, core/client.js, core/geminiChat.js and
// hooks/hookSystem.js, and watched with the real CLI (the e2e suite).
type Outcome struct {
	Event string `json:"event"`
	// Stops is true when the agent stops (continue:false): no further
	// model call for this prompt.
	Stops bool `json:"stops"`
	// Blocks is true when the event's action is refused (a deny or block
	// decision the event honours).
	Blocks bool `json:"blocks"`
	// ToolRuns (BeforeTool) says whether the tool runs; nil for other
	// events.
	ToolRuns *bool `json:"toolRuns,omitempty"`
	// ModelGets is the function response's text when the hook replaces
	// the tool's result (BeforeTool block or stop, AfterTool block or
	// stop, a failed tool_input rewrite); "" when the tool's own result
	// goes to the model.
	ModelGets string `json:"modelGets,omitempty"`
	// Appended is what Gemini appends to the tool's result (AfterTool's
	// <hook_context>, BeforeTool's note that the input was modified).
	Appended string `json:"appended,omitempty"`
	// Context is the additionalContext Gemini passes on, HTML-escaped as
	// getAdditionalContext does (types.ts), "" when none or ignored.
	Context string `json:"context,omitempty"`
	// ToolInput is the object the tool is built with when a BeforeTool
	// hook rewrote it: the hook's tool_input alone (hook-utils.js:42-56).
	ToolInput *Object `json:"toolInput,omitempty"`
	// Missing lists the required parameters a rewritten tool_input lacks,
	// for the built-in tools whose schema is known; the tool then fails
	// validation and does not run.
	Missing []string `json:"missing,omitempty"`
	// Says is the outcome in one sentence.
	Says string `json:"says"`
}

// requiredParams are the required parameters of the built-in tools'
// declarations for the default model family
// (tools/definitions/model-family-sets/default-legacy.js, 0.61.0).
var requiredParams = map[string][]string{
	"run_shell_command": {"command"},
	"read_file":         {"file_path"},
	"write_file":        {"file_path", "content"},
	"replace":           {"file_path", "instruction", "old_string", "new_string"},
	"glob":              {"pattern"},
	"grep_search":       {"pattern"},
	"list_directory":    {"dir_path"},
}

// escapeContext is getAdditionalContext's escaping (hooks/types.js):
// < and > become &lt; and &gt; so that a hook cannot close the tag.
func escapeContext(s string) string {
	return strings.NewReplacer("<", "&lt;", ">", "&gt;").Replace(s)
}

// OutcomeOf returns what Gemini does with a's output for event, for a
// call of tool (BeforeTool, AfterTool).
func OutcomeOf(event, tool string, a Aggregate) Outcome {
	o := Outcome{Event: event}
	var out any // a nil *Object must not reach prop
	if a.Output != nil {
		out = a.Output
	}
	stop := out != nil && !a.Continue
	block := out != nil && isBlocking(prop(out, "decision"))
	reason := effectiveReason(out)
	hso := prop(out, "hookSpecificOutput")
	ctx := ""
	if s, ok := prop(hso, "additionalContext").(string); ok && s != "" {
		ctx = escapeContext(s)
	}
	yes, no := true, false
	switch event {
	case "BeforeTool":
		// hook-utils.js evaluateBeforeToolHook: stop, then block, then ask,
		// then tool_input.
		o.ToolRuns = &no
		switch {
		case stop:
			o.Stops = true
			o.ModelGets = "Agent execution stopped by hook: " + reason
			o.Says = "the tool does not run and the agent stops: " + reason
		case block:
			o.Blocks = true
			o.ModelGets = "Tool execution blocked: " + reason
			o.Says = "the tool does not run; the model gets \"" + o.ModelGets + "\""
		case a.Decision == "ask":
			// Observed headless: the CLI exits right after announcing the
			// call; the tool never runs and the model gets nothing.
			o.Says = "ask: headless (gemini -p) the CLI exits without running the tool; interactive, the user is asked to confirm"
		default:
			o.ToolRuns = &yes
			o.Says = "the tool runs"
			if ti, ok := prop(hso, "tool_input").(*Object); ok && truthy(ti) {
				o.ToolInput = ti
				for _, k := range requiredParams[tool] {
					if _, has := ti.Get(k); !has {
						o.Missing = append(o.Missing, k)
					}
				}
				if len(o.Missing) > 0 {
					o.ToolRuns = &no
					o.ModelGets = "Tool parameter modification by hook failed validation: params must have required property '" + o.Missing[0] + "'"
					o.Says = "the hook's tool_input replaces the parameters and lacks " + strings.Join(o.Missing, ", ") + ": the tool does not run"
				} else {
					o.Appended = "\n\n[System] Tool input parameters were modified by a hook before execution."
					o.Says = "the tool runs with the hook's tool_input (it replaces the parameters)"
				}
			}
		}
	case "AfterTool":
		// coreToolHookTriggers.js executeToolWithHooks.
		switch {
		case stop:
			o.Stops = true
			o.ModelGets = "Agent execution stopped by hook: " + reason
			o.Says = "the result is replaced and the agent stops: " + reason
		case block:
			o.Blocks = true
			o.ModelGets = "Tool result blocked: " + reason
			o.Says = "the model gets \"" + o.ModelGets + "\" instead of the result"
		case ctx != "":
			o.Context = ctx
			o.Appended = "\n\n<hook_context>" + ctx + "</hook_context>"
			o.Says = "the model gets the result followed by the hook's context"
		default:
			o.Says = "the model gets the tool's result"
		}
	case "BeforeAgent":
		// client.js fireBeforeAgentHookSafe.
		switch {
		case stop:
			o.Stops = true
			o.Says = "the prompt never reaches the model; the agent stops: " + reason
		case block:
			o.Blocks = true
			o.Says = "the prompt never reaches the model: " + reason
		case ctx != "":
			o.Context = ctx
			o.Appended = "<hook_context>" + ctx + "</hook_context>"
			o.Says = "the prompt reaches the model with the hook's context as one more part"
		default:
			o.Says = "the prompt reaches the model"
		}
	case "AfterAgent":
		// client.js: a block sends the reason back to the model as a new
		// prompt (BeforeAgent fires again); stop ends the turn.
		switch {
		case stop:
			o.Stops = true
			o.Says = "the agent stops: " + reason
		case block:
			o.Blocks = true
			o.Says = "the model is called again with the reason as the prompt: " + reason
		default:
			o.Says = "the answer stands"
		}
	case "BeforeModel", "AfterModel":
		// hookSystem.js fireBeforeModelEvent / fireAfterModelEvent.
		switch {
		case stop:
			o.Stops = true
			o.Says = "the agent stops: " + reason
		case block:
			o.Blocks = true
			if event == "BeforeModel" {
				o.Says = "the model is not called: " + reason
			} else {
				o.Says = "the response is discarded: " + reason
			}
		default:
			o.Says = "the model call goes on"
		}
	case "SessionStart":
		// Only additionalContext and systemMessage are consumed: decision
		// and continue are ignored (observed headless, spec §5.8).
		o.Context = ctx
		o.Says = "the session starts (SessionStart's decision and continue are ignored)"
	default:
		o.Says = "nothing changes (" + event + "'s output only informs)"
	}
	return o
}

// effectiveReason is getEffectiveReason: stopReason || reason || "No
// reason provided".
func effectiveReason(out any) string {
	if v := prop(out, "stopReason"); truthy(v) {
		return jsString(v)
	}
	if v := prop(out, "reason"); truthy(v) {
		return jsString(v)
	}
	return "No reason provided"
}
