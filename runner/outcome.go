package runner

import (
	"fmt"
	"strings"
)

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
	// ToolFailed (AfterTool) says that the payload's tool_response has an
	// error: the tool failed, and the model gets the error's message
	// alone, so an additionalContext is dropped (ModelGets holds that
	// message).
	ToolFailed bool `json:"toolFailed,omitempty"`
	// DroppedContext is an additionalContext that never reaches the model
	// (after a failed tool, or with a tail call), escaped as Context is.
	DroppedContext string `json:"droppedContext,omitempty"`
	// Tail (AfterTool) is the call a hook's tailToolCallRequest asks
	// Gemini to run in place of the result; nil when none.
	Tail *TailCall `json:"tail,omitempty"`
	// ToolConfig (BeforeToolSelection) is the model request's
	// config.toolConfig once the hooks' toolConfig is applied; nil when no
	// hook printed output (the request keeps its own).
	ToolConfig *Object `json:"toolConfig,omitempty"`
	// Shown (AfterModel) is what the user sees of the chunk the hooks
	// were given; nil when the agent stops.
	Shown *Shown `json:"shown,omitempty"`
	// Notes say more of what Gemini does (AfterModel: it fires per
	// streamed chunk).
	Notes []string `json:"notes,omitempty"`
	// Says is the outcome in one sentence.
	Says string `json:"says"`
}

// Shown is what Gemini shows of one model chunk after its AfterModel
// hooks (headless: the stream's assistant message and warning).
type Shown struct {
	// Text is the chunk's text as shown: the model's own, or the hooks'
	// replacement.
	Text string `json:"text"`
	// Replaced says that Text is the hooks' llm_response.
	Replaced bool `json:"replaced,omitempty"`
	// Warning is "Agent execution blocked: <reason>" after a block.
	Warning string `json:"warning,omitempty"`
}

// TailCall is an AfterTool hook's hookSpecificOutput.tailToolCallRequest:
// Gemini replaces the finished call by this one (scheduler.js _execute,
// replaceActiveCallWithTailCall): it is built and validated like a
// model's call, goes through BeforeTool (hooks fire again), policy and
// AfterTool (hooks fire again), and its result is sent to the model as the
// response to the original call (its name is kept). Watched on 0.61.0
// (e2e at-tail-call).
type TailCall struct {
	// Tool is the request's name; Input its args ({} when absent).
	Tool  string  `json:"tool"`
	Input *Object `json:"input"`
	// Outcome is ToolRuns, or ToolInvalid when Gemini's validation of a
	// built-in tool's args fails (the model gets Error, and no hook fires
	// for it).
	Outcome string `json:"outcome"`
	// Checked is false when gh-hooks does not know the tool's schema.
	Checked bool   `json:"checked"`
	Error   string `json:"error,omitempty"`
	// Notes explain the call.
	Notes []string `json:"notes"`
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
	if rep.Crash != "" {
		// Gemini CLI itself exits (see GeminiMaxString).
		o.Stops = true
		o.Says = "Gemini CLI exits with status 1 (" + rep.Crash + "): a hook printed more than it can hold in one string, so nothing after the hook runs"
		return o
	}
	switch event {
	case "BeforeTool":
		beforeTool(&o, rep, reason)
	case "AfterTool":
		afterTool(&o, rep, hso, stop, block, reason, ctx)
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
	case "AfterModel":
		afterModel(&o, rep, out, stop, block, reason)
	case "BeforeToolSelection":
		beforeToolSelection(&o, out)
	case "BeforeModel":
		beforeModel(&o, hso, stop, block, reason)
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

// beforeTool is what Gemini does with BeforeTool's output: it follows
// rep.ToolCall (AnalyzeToolCall).
func beforeTool(o *Outcome, rep *Report, reason string) {
	yes, no := true, false
	tc := rep.ToolCall
	if tc == nil {
		return
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
}

// afterTool is what Gemini does with AfterTool's output.
func afterTool(o *Outcome, rep *Report, hso any, stop, block bool, reason, ctx string) {
	// coreToolHookTriggers.js executeToolWithHooks, then
	// tool-executor.js: a result with an error is sent to the model as
	// the error's message alone (createErrorResult), whatever was
	// appended to its llmContent.
	failed, failure := toolFailure(rep.Input)
	var tail *TailCall
	if tr, ok := prop(hso, "tailToolCallRequest").(*Object); ok {
		tail = tailCall(tr, rep.Input)
	}
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
	case tail != nil:
		// The tail call's response replaces this one, context and all
		// (a failed call's tail runs too: createErrorResult keeps it).
		o.Tail = tail
		o.ToolFailed = failed
		if tail.Outcome == ToolInvalid {
			o.ModelGets = tail.Error
			o.Says = "Gemini replaces the call by " + tail.Tool + ", whose arguments fail validation: the model gets \"" + tail.Error + "\""
		} else {
			o.Says = "Gemini runs " + tail.Tool + " " + Stringify(tail.Input) + " in place of this result: its BeforeTool and AfterTool hooks fire again, and the model gets its result (as the answer to the original call)"
		}
		if ctx != "" {
			o.DroppedContext = ctx
			tail.Notes = append(tail.Notes, "the hook's additionalContext is dropped with the result it was appended to")
		}
	case failed:
		// Watched (e2e at-failed-context): read_file of a missing file.
		o.ToolFailed = true
		o.ModelGets = failure
		o.Says = "the tool failed: the model gets only its error: \"" + failure + "\""
		if ctx != "" {
			o.DroppedContext = ctx
			o.Says += "; the hook's additionalContext is dropped (Gemini appends it to the result's llmContent, which a failed call does not send)"
		}
	case ctx != "":
		o.Context = ctx
		o.Appended = "\n\n<hook_context>" + ctx + "</hook_context>"
		o.Says = "the model gets the result followed by the hook's context"
	default:
		o.Says = "the model gets the tool's result"
	}
}

// beforeToolSelection is what Gemini does with BeforeToolSelection's
// output.
func beforeToolSelection(o *Outcome, out any) {
	// hookSystem.js fireBeforeToolSelectionEvent and geminiChat.js: the
	// aggregated toolConfig (always a mode and a list, hookAggregator.js
	// mergeToolSelectionOutputs) becomes the request's
	// config.toolConfig (fromHookToolConfig). Watched: the request the
	// fake model got carried it (e2e bts-toolconfig-applied).
	if out == nil {
		o.Says = "the model request keeps its own tool config (no hook printed output)"
		return
	}
	tc := prop(prop(out, "hookSpecificOutput"), "toolConfig")
	fcc := NewObject()
	mode, names := prop(tc, "mode"), prop(tc, "allowedFunctionNames")
	if truthy(mode) || truthy(names) {
		fcc.Set("mode", mode)
		fcc.Set("allowedFunctionNames", names)
	}
	o.ToolConfig = NewObject()
	o.ToolConfig.Set("functionCallingConfig", fcc)
	o.Says = "the model request's tool config becomes " + Stringify(o.ToolConfig) + " (Gemini applies the hooks' toolConfig; decision and continue are ignored)"
}

// beforeModel is what Gemini does with BeforeModel's output.
func beforeModel(o *Outcome, hso any, stop, block bool, reason string) {
	// hookSystem.js fireBeforeModelEvent.
	switch {
	case stop:
		o.Stops = true
		o.Says = "the agent stops: " + reason
	case block:
		o.Blocks = true
		o.Says = "the model is not called: " + reason
	default:
		o.Says = "the model call goes on"
		msgs, ok := prop(prop(hso, "llm_request"), "messages").([]any)
		if ok {
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
}

// afterModel is what Gemini does with one chunk's AfterModel output
// (hookSystem.js fireAfterModelEvent, geminiChat.js
// processStreamResponse, turn.js, nonInteractiveCli.js), as watched on
// 0.61.0 (e2e am-deny-text, am-deny-call, am-chunks-replace).
func afterModel(o *Outcome, rep *Report, out any, stop, block bool, reason string) {
	var resp any
	if rep.Input != nil {
		resp = prop(rep.Input, "llm_response")
	}
	text, _ := prop(resp, "text").(string)
	o.Notes = append(o.Notes, "AfterModel fires once for every streamed chunk of every model answer (geminiChat.js, the for-await over the stream; watched: an answer in 3 chunks ran each hook 3 times): this is one chunk's result")
	switch {
	case stop:
		// The stream ends with AgentExecutionStoppedError: the chunk is not
		// shown and the turn ends.
		o.Stops = true
		o.Says = "the agent stops: the chunk is not shown and the model is not called again: " + reason
	case block:
		// fireAfterModelEvent returns the original chunk with blocked:
		// true; geminiChat.js throws AgentExecutionBlockedError, whose chunk
		// is yielded after the block event, and turn.js goes on with it.
		// The throw skips the rest of the stream and the recording of the
		// answer in the history (watched: the next request had the tool's
		// response and no model turn).
		o.Blocks = true
		o.Shown = &Shown{Text: text, Warning: "Agent execution blocked: " + reason}
		o.Says = "the chunk is still shown as the model gave it, with the warning \"Agent execution blocked: " + reason + "\"; the rest of the stream is dropped and the answer is left out of the conversation history; a function call in the chunk still runs and the model is called again"
		o.Notes = append(o.Notes, "an AfterModel block cannot veto a tool call in Gemini 0.61: use a BeforeTool hook to stop a tool, or BeforeModel to stop the model call")
	default:
		o.Shown = &Shown{Text: text}
		o.Says = "the chunk is shown as the model gave it"
		hr := prop(prop(out, "hookSpecificOutput"), "llm_response")
		parts, _ := prop(prop(firstOf(prop(hr, "candidates")), "content"), "parts").([]any)
		if len(parts) > 0 {
			// getModifiedResponse: a replacement needs candidates[0].content.parts.
			var b strings.Builder
			for _, p := range parts {
				if s, ok := p.(string); ok {
					b.WriteString(s)
				}
			}
			o.Shown = &Shown{Text: b.String(), Replaced: true}
			o.Says = "the chunk is shown as the hook's llm_response (the conversation history keeps the model's own chunk)"
			o.Notes = append(o.Notes, "the replacement is applied to every chunk: an answer streamed in N chunks shows the hook's text N times (watched); replace the answer in one chunk only, or use AfterAgent")
		}
	}
}

// firstOf is v[0] for an array, else nil.
func firstOf(v any) any {
	if a, ok := v.([]any); ok && len(a) > 0 {
		return a[0]
	}
	return nil
}

// toolFailure says whether an AfterTool payload's tool_response has an
// error (the tool failed; tool-executor.js tests toolResult.error ===
// undefined) and the message the model then gets.
func toolFailure(in *Object) (bool, string) {
	if in == nil {
		return false, ""
	}
	tr, ok := prop(in, "tool_response").(*Object)
	if !ok {
		return false, ""
	}
	e, has := tr.Get("error")
	if !has {
		return false, ""
	}
	if e == nil {
		// new Error(toolResult.error.message) throws; the executor reports
		// the TypeError instead.
		return true, "Cannot read properties of null (reading 'message')"
	}
	msg := ""
	if m := prop(e, "message"); m != nil {
		msg = jsString(m)
	}
	return true, msg
}

// tailCall is what Gemini does with a tailToolCallRequest {name, args}
// (scheduler.js _execute, _validateAndCreateToolCall).
func tailCall(req *Object, in *Object) *TailCall {
	name := jsString(prop(req, "name"))
	args, ok := prop(req, "args").(*Object)
	t := &TailCall{Tool: name, Input: args, Outcome: ToolRuns, Notes: []string{}}
	if !ok {
		t.Input = NewObject()
	}
	var orig, cwd string
	if in != nil {
		orig, _ = prop(in, "tool_name").(string)
		cwd, _ = prop(in, "cwd").(string)
	}
	s, known := toolSchemaOf(name)
	t.Checked = known && ok
	switch {
	case known && ok:
		e := validateParams(s, args)
		if e == "" {
			_, e = checkPaths(s, args, cwd, "")
		}
		if e != "" {
			// tool.build throws; createErrorResponse sends its message.
			t.Outcome, t.Error = ToolInvalid, e
			t.Notes = append(t.Notes, "Gemini validates the tail call as it does a model's call: it fails, so no hook fires for it and the model gets the error")
			return t
		}
	case !ok:
		t.Notes = append(t.Notes, "the request has no args object: what Gemini's validation makes of that is not modelled")
	default:
		t.Notes = append(t.Notes, fmt.Sprintf("gh-hooks does not know %s's parameters: if Gemini has no such tool, the model gets: Tool \"%s\" not found. (and a suggestion)", name, name))
	}
	t.Notes = append(t.Notes, fmt.Sprintf("the call goes through BeforeTool and AfterTool like any other (their hooks fire again, with original_request_name %q), and its result replaces this one; an AfterTool hook that asks for a tail call on every call loops", orig))
	return t
}
