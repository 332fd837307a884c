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
	// Messages are the texts the model gets when a BeforeModel hook
	// returns llm_request.messages: they replace the conversation's text
	// (nil when no hook did).
	Messages []string `json:"messages,omitempty"`
	// SystemMessage is the aggregated systemMessage; Suppressed says that
	// suppressOutput hides it: Gemini shows it to the user (headless, on
	// stderr as "Hook system message: ...") only when suppressOutput is
	// not set (hookEventHandler.ts processCommonHookOutputFields; watched).
	SystemMessage string `json:"systemMessage,omitempty"`
	Suppressed    bool   `json:"suppressed,omitempty"`
	// Says is the outcome in one sentence.
	Says string `json:"says"`
}

// escapeContext is getAdditionalContext's escaping (hooks/types.js):
// < and > become &lt; and &gt; so that a hook cannot close the tag.
func escapeContext(s string) string {
	return strings.NewReplacer("<", "&lt;", ">", "&gt;").Replace(s)
}

// OutcomeOf returns what Gemini does with rep's aggregated output. For
// BeforeTool it follows rep.ToolCall (AnalyzeToolCall); the other events
// are read from their consumers.
func OutcomeOf(rep *Report) Outcome {
	event, a := rep.Event, rep.Aggregate
	o := Outcome{Event: event}
	var out any // a nil *Object must not reach prop
	if a.Output != nil {
		out = a.Output
	}
	stop := out != nil && !a.Continue && Stops(event)
	block := out != nil && isBlocking(prop(out, "decision")) && Stops(event)
	reason := a.Reason
	hso := prop(out, "hookSpecificOutput")
	ctx := ""
	if s, ok := prop(hso, "additionalContext").(string); ok && s != "" {
		ctx = escapeContext(s)
	}
	if sm := prop(out, "systemMessage"); truthy(sm) {
		o.SystemMessage = jsString(sm)
		o.Suppressed = truthy(prop(out, "suppressOutput"))
	}
	yes, no := true, false
	switch event {
	case "BeforeTool":
		tc := rep.ToolCall
		if tc == nil {
			break
		}
		o.ToolRuns = &no
		o.ModelGets = tc.Error
		switch tc.Outcome {
		case ToolStopped:
			// Watched: the call ends with "Agent execution stopped by hook:
			// R" but the agent stops first: the model is not called again.
			o.Stops, o.ModelGets = true, ""
			o.Says = "the tool does not run and the agent stops (the model is not called again): " + reason
		case ToolBlocked:
			o.Blocks = true
			o.Says = "the tool does not run; the model gets \"" + tc.Error + "\""
		case ToolInvalid, ToolRefused:
			o.Says = "the tool does not run; the model gets \"" + tc.Error + "\""
		case ToolAsk:
			o.Says = "ask: headless (gemini -p) the CLI exits without running the tool; interactive, the user is asked to confirm"
		default:
			o.ToolRuns = &yes
			o.Says = "the tool runs"
			if tc.Rewritten {
				o.ToolInput = tc.Input
				o.Appended = "\n\n[System] Tool input parameters were modified by a hook before execution."
				o.Says = "the tool runs with the hook's tool_input (it replaces the parameters)"
			}
		}
	case "AfterTool":
		// coreToolHookTriggers.js executeToolWithHooks.
		switch {
		case stop:
			// Watched: the agent stops; the model is not called again.
			o.Stops = true
			o.Says = "the result is dropped and the agent stops (the model is not called again): " + reason
		case block:
			// The tool's result becomes an error whose message is the
			// reason; tool-executor.js createErrorResult sends that message,
			// not the "Tool result blocked: R" llmContent (watched).
			o.Blocks = true
			o.ModelGets = reason
			o.Says = "the model gets the hook's reason instead of the result: \"" + reason + "\""
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
			msgs, ok := prop(prop(hso, "llm_request"), "messages").([]any)
			if event == "BeforeModel" && ok {
				// applyLLMRequestModifications: the hook's messages become the
				// request's contents (their text replaces the conversation's;
				// watched: the session context is gone too).
				o.Messages = []string{}
				for _, m := range msgs {
					if c, ok := prop(m, "content").(string); ok {
						o.Messages = append(o.Messages, c)
					}
				}
				o.Says = "the model is called with the hook's messages in place of the conversation's text"
			}
		}
	case "SessionStart":
		// Only additionalContext and systemMessage are consumed: decision
		// and continue are ignored (observed headless, spec §5.8; Stops).
		o.Context = ctx
		o.Says = "the session starts (SessionStart's decision and continue are ignored)"
	default:
		o.Says = "nothing changes (" + event + "'s output only informs)"
	}
	return o
}
