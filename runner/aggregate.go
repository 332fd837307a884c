package runner

import (
	"fmt"
	"sort"
)

// Aggregation strategies (hookAggregator.ts; spec §5.8).
const (
	StrategyOrDecision       = "or-decision"       // BeforeTool, AfterTool, BeforeAgent, AfterAgent, SessionStart
	StrategyFieldReplacement = "field-replacement" // BeforeModel, AfterModel
	StrategyToolConfigUnion  = "tool-config-union" // BeforeToolSelection
	StrategySimple           = "simple"            // Notification, SessionEnd, PreCompress (and anything else)
)

// StrategyOf returns the aggregation strategy Gemini uses for event.
func StrategyOf(event string) string {
	switch event {
	case "BeforeTool", "AfterTool", "BeforeAgent", "AfterAgent", "SessionStart":
		return StrategyOrDecision
	case "BeforeModel", "AfterModel":
		return StrategyFieldReplacement
	case "BeforeToolSelection":
		return StrategyToolConfigUnion
	}
	return StrategySimple
}

// Aggregate is HookAggregator.aggregateResults for one event.
type Aggregate struct {
	Strategy string `json:"strategy"`
	// Success is true when no hook has an error (timeout, spawn failure,
	// runtime hook). A non-zero exit alone is not an error here.
	Success bool `json:"success"`
	// Output is the final output as Gemini's DefaultHookOutput holds it
	// (continue, stopReason, suppressOutput, systemMessage, decision,
	// reason, hookSpecificOutput; absent ones omitted); nil when no hook
	// produced output.
	Output *Object `json:"output"`
	// Decision is Output's decision when it is a string.
	Decision string `json:"decision"`
	// Continue is false when Output says continue:false.
	Continue bool `json:"continue"`
	// Blocks is true for a block/deny decision or continue:false.
	Blocks bool `json:"blocks"`
	// Reason is getEffectiveReason (stopReason || reason || "No reason
	// provided") when Blocks, else "".
	Reason string `json:"reason"`
	// Ignored says which fields of Output Gemini ignores on this event
	// (a decision or continue:false where nothing is stopped); Blocks is
	// false then.
	Ignored         []string `json:"ignored"`
	Errors          []string `json:"errors"`
	TotalDurationMS float64  `json:"totalDurationMs"`
}

// outputFields are DefaultHookOutput's fields in declaration order; the
// class constructor keeps only these (types.ts).
var outputFields = []string{"continue", "stopReason", "suppressOutput", "systemMessage", "decision", "reason", "hookSpecificOutput"}

// aggregate merges results for event.
func aggregate(results []Result, event string) Aggregate {
	a := Aggregate{Strategy: StrategyOf(event), Continue: true, Errors: []string{}, Ignored: []string{}}
	var outputs []any
	for _, r := range results {
		a.TotalDurationMS += r.duration
		if r.Error != "" {
			a.Errors = append(a.Errors, r.Error)
		}
		if r.Output != nil {
			outputs = append(outputs, r.Output)
		}
	}
	a.Success = len(a.Errors) == 0
	if !Stops(event) {
		// Per hook: BeforeToolSelection's merge drops decision and
		// continue before anyone could look at them.
		var d any
		stop := false
		for _, o := range outputs {
			if v := prop(o, "decision"); isBlocking(v) && d == nil {
				d = v
			}
			stop = stop || prop(o, "continue") == false
		}
		a.Ignored = ignoredFields(event, d, stop)
	}
	merged, err := MergeOutputs(outputs, event)
	if err != nil {
		// A TypeError inside the aggregator is caught by executeHooks,
		// which then reports only that error.
		return Aggregate{Strategy: a.Strategy, Continue: true, Errors: []string{err.Error()}, Ignored: []string{}}
	}
	if merged == nil {
		return a
	}
	out := NewObject()
	for _, k := range outputFields {
		if v, ok := merged.Get(k); ok {
			out.Set(k, v)
		}
	}
	a.Output = out
	d, _ := out.Get("decision")
	a.Decision, _ = d.(string)
	c, _ := out.Get("continue")
	a.Continue = c != false
	a.Blocks = isBlocking(d) || !a.Continue
	if !Stops(event) {
		a.Blocks = false
	}
	if a.Blocks {
		a.Reason = "No reason provided"
		if v := prop(out, "stopReason"); truthy(v) {
			a.Reason = jsString(v)
		} else if v := prop(out, "reason"); truthy(v) {
			a.Reason = jsString(v)
		}
	}
	return a
}

// Stops reports whether a block/deny decision or continue:false stops
// anything on event. Read from Gemini 0.61.0's callers of each event:
// BeforeTool and AfterTool (scheduler/hook-utils.ts, coreToolHookTriggers.ts),
// BeforeAgent and AfterAgent (client.ts), BeforeModel and AfterModel
// (hookSystem.ts) act on both; BeforeToolSelection keeps only toolConfig
// (hookSystem.ts fireBeforeToolSelectionEvent); SessionStart uses only
// systemMessage and additionalContext (gemini.tsx, AppContainer); the
// results of SessionEnd, PreCompress and Notification are not used. Watched
// headless: a SessionStart {"decision":"block","continue":false} changes
// nothing, and the prompt reaches the model.
func Stops(event string) bool {
	switch event {
	case "BeforeTool", "AfterTool", "BeforeAgent", "AfterAgent", "BeforeModel", "AfterModel":
		return true
	}
	return false
}

// EventUses says, for an event whose decision and continue are ignored,
// what Gemini does use of the output.
func EventUses(event string) string {
	switch event {
	case "SessionStart":
		return "Gemini uses only systemMessage (shown to the user) and additionalContext (added before the first prompt) there"
	case "BeforeToolSelection":
		return "Gemini uses only hookSpecificOutput.toolConfig there"
	}
	return "Gemini does not use the output of " + event + " hooks (it only shows a systemMessage)"
}

// ignoredFields explains the blocking fields Gemini ignores on event.
func ignoredFields(event string, decision any, stop bool) []string {
	out := []string{}
	if isBlocking(decision) {
		out = append(out, fmt.Sprintf("decision %q is ignored on %s: nothing is blocked (%s)", jsString(decision), event, EventUses(event)))
	}
	if stop {
		out = append(out, fmt.Sprintf("continue:false is ignored on %s: Gemini goes on (%s)", event, EventUses(event)))
	}
	return out
}

// MergeOutputs merges hook outputs (each *Object or []any) with event's
// strategy (hookAggregator.ts mergeOutputs); nil for no outputs. The error
// reports the TypeErrors JavaScript would throw for odd shapes, such as a
// string hookSpecificOutput under the OR-decision strategy.
func MergeOutputs(outputs []any, event string) (*Object, error) {
	if len(outputs) == 0 {
		return nil, nil
	}
	switch StrategyOf(event) {
	case StrategyOrDecision:
		return mergeOr(outputs)
	case StrategyFieldReplacement:
		merged := NewObject()
		for _, o := range outputs {
			next := merged.Clone()
			assign(next, spread(o))
			h := spread(prop(merged, "hookSpecificOutput"))
			assign(h, spread(prop(o, "hookSpecificOutput")))
			next.Set("hookSpecificOutput", h)
			merged = next
		}
		return merged, nil
	case StrategyToolConfigUnion:
		return mergeToolSelection(outputs)
	}
	merged := NewObject()
	for _, o := range outputs {
		assign(merged, spread(o))
	}
	return merged, nil
}

// mergeOr is mergeWithOrDecision (hookAggregator.ts:116-217).
func mergeOr(outputs []any) (*Object, error) {
	merged := NewObject()
	merged.Set("continue", true)
	merged.Set("suppressOutput", false)
	var stops, reasons, systems, contexts []any
	var hasBlock, hasAsk, hasStop bool
	for _, o := range outputs {
		if prop(o, "continue") == false {
			hasStop = true
			merged.Set("continue", false)
			if v := prop(o, "stopReason"); truthy(v) {
				stops = append(stops, v)
			}
		}
		d := prop(o, "decision")
		if isBlocking(d) {
			hasBlock = true
			merged.Set("decision", d)
		} else if d == "ask" {
			hasAsk = true
			if !hasBlock {
				merged.Set("decision", d)
			}
		}
		if v := prop(o, "reason"); truthy(v) {
			reasons = append(reasons, v)
		}
		if v := prop(o, "systemMessage"); truthy(v) {
			systems = append(systems, v)
		}
		if truthy(prop(o, "suppressOutput")) {
			merged.Set("suppressOutput", true)
		}
		hso := prop(o, "hookSpecificOutput")
		if prop(hso, "clearContext") == true {
			h := spread(prop(merged, "hookSpecificOutput"))
			h.Set("clearContext", true)
			merged.Set("hookSpecificOutput", h)
		}
		if truthy(hso) {
			rest := spread(hso)
			rest.Delete("clearContext")
			h := spread(prop(merged, "hookSpecificOutput"))
			assign(h, rest)
			merged.Set("hookSpecificOutput", h)
			has, err := inOperator("additionalContext", hso)
			if err != nil {
				return nil, err
			}
			if s, ok := prop(hso, "additionalContext").(string); has && ok {
				contexts = append(contexts, s)
			}
		}
	}
	if !hasBlock && !hasAsk && !hasStop {
		merged.Set("decision", "allow")
	}
	if len(stops) > 0 {
		merged.Set("stopReason", joinWith(stops, "\n"))
	}
	if len(reasons) > 0 {
		merged.Set("reason", joinWith(reasons, "\n"))
	}
	if len(systems) > 0 {
		merged.Set("systemMessage", joinWith(systems, "\n"))
	}
	if len(contexts) > 0 {
		h := spread(prop(merged, "hookSpecificOutput"))
		h.Set("additionalContext", joinWith(contexts, "\n"))
		merged.Set("hookSpecificOutput", h)
	}
	return merged, nil
}

// mergeToolSelection is mergeToolSelectionOutputs (hookAggregator.ts:253-312):
// NONE beats ANY beats AUTO; allowedFunctionNames is the sorted union
// (empty under NONE); everything else is dropped.
func mergeToolSelection(outputs []any) (*Object, error) {
	var names []any
	seen := map[string]bool{}
	var hasNone, hasAny bool
	for _, o := range outputs {
		tc := prop(prop(o, "hookSpecificOutput"), "toolConfig")
		if !truthy(tc) {
			continue
		}
		switch prop(tc, "mode") {
		case "NONE":
			hasNone = true
		case "ANY":
			hasAny = true
		}
		fns := prop(tc, "allowedFunctionNames")
		if !truthy(fns) {
			continue
		}
		var items []any
		switch t := fns.(type) {
		case []any:
			items = t
		case string:
			for _, r := range t {
				items = append(items, string(r))
			}
		default:
			return nil, fmt.Errorf("toolConfig.allowedFunctionNames is not iterable")
		}
		for _, n := range items {
			key := fmt.Sprintf("%T:%s", n, Stringify(n))
			if _, isObj := n.(*Object); isObj {
				key = fmt.Sprintf("%p", n) // objects are distinct by identity in a Set
			}
			if !seen[key] {
				seen[key] = true
				names = append(names, n)
			}
		}
	}
	mode := "AUTO"
	switch {
	case hasNone:
		mode, names = "NONE", nil
	case hasAny:
		mode = "ANY"
	}
	if names == nil {
		names = []any{}
	}
	sortJS(names)
	tc := NewObject()
	tc.Set("mode", mode)
	tc.Set("allowedFunctionNames", names)
	h := NewObject()
	h.Set("hookEventName", "BeforeToolSelection")
	h.Set("toolConfig", tc)
	merged := NewObject()
	merged.Set("hookSpecificOutput", h)
	return merged, nil
}

func sortStrings(s []string) { sort.Strings(s) }
