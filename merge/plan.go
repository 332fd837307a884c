package merge

import (
	"fmt"
	"slices"
	"strings"
)

// Plan is Gemini's execution plan for one event (createExecutionPlan).
type Plan struct {
	Event   string `json:"event"`
	Tool    string `json:"tool"`
	Trigger string `json:"trigger"`
	// Runs is false when no hook would run.
	Runs bool `json:"runs"`
	// Execution is "sequential" or "parallel" ("" when nothing runs).
	Execution string `json:"execution"`
	// Hooks are the ids to run, in order.
	Hooks []string `json:"hooks"`
	// Deduplicated are matched ids dropped as duplicates of an earlier key.
	Deduplicated []string `json:"deduplicated"`
	// Candidates are the enabled registered hooks of the event; Matched
	// those whose matcher selects the context.
	Candidates []string `json:"candidates"`
	Matched    []string `json:"matched"`
	// Error is set when Gemini's planner throws (a non-string matcher).
	Error string `json:"error,omitempty"`
	// Why explains an empty plan.
	Why string `json:"why,omitempty"`
	// Untrusted is true when Why names a hook of the event held back by
	// the untrusted folder (Hook.Untrusted).
	Untrusted bool `json:"-"`

	// Run holds the planned hooks themselves, in order.
	Run []*Hook `json:"-"`
}

// Plan computes the plan for event. tool and trigger give the context for
// tool events and trigger events; for other events any context is ignored
// (Gemini fires them without one).
func (r *Result) Plan(event, tool, trigger string) *Plan {
	p := &Plan{Event: event, Tool: tool, Trigger: trigger, Hooks: []string{}, Deduplicated: []string{}, Candidates: []string{}, Matched: []string{}}
	var ctx *Context
	switch ContextOf(event) {
	case ToolContext:
		ctx = &Context{Tool: tool}
	case TriggerContext:
		ctx = &Context{Trigger: trigger}
	}
	if r.Crash != "" {
		p.Why = r.Crash
		return p
	}
	if !r.HooksEnabled {
		p.Why = r.disabledWhy()
		return p
	}
	var matched []*Hook
	for _, h := range r.Hooks {
		if h.Event != event || !h.Registered || !h.Enabled {
			continue
		}
		p.Candidates = append(p.Candidates, h.ID)
		m, ok := h.matches(event, ctx)
		if !ok {
			p.Error = fmt.Sprintf("TypeError: entry.matcher.trim is not a function (the matcher at %s:%d is %s): Gemini runs no %s hook", h.Path, h.Line, h.MatcherNode.Kind, event)
			p.Matched = []string{}
			p.Why = p.Error
			return p
		}
		if m {
			matched = append(matched, h)
			p.Matched = append(p.Matched, h.ID)
		}
	}
	if len(p.Candidates) == 0 {
		p.Why = "no hook is configured for " + event
		var why []string
		n := 0
		for _, h := range r.Hooks {
			if h.Event == event {
				n++
				if h.Reason != "" && !slices.Contains(why, h.Reason) {
					why = append(why, h.Reason)
				}
				p.Untrusted = p.Untrusted || h.Untrusted
			}
		}
		if n > 0 {
			p.Why = fmt.Sprintf("none of the %d %s hook(s) is active: %s", n, event, strings.Join(why, "; "))
		}
		return p
	}
	if len(matched) == 0 {
		p.Why = "no matcher selects this " + contextWord(event)
		return p
	}
	// Dedup by getHookKey, first wins; sequential after dedup (spec §3.7, §4).
	seen := map[string]bool{}
	seq := false
	for _, h := range matched {
		if seen[h.Key] {
			p.Deduplicated = append(p.Deduplicated, h.ID)
			continue
		}
		seen[h.Key] = true
		p.Hooks = append(p.Hooks, h.ID)
		p.Run = append(p.Run, h)
		seq = seq || h.Sequential
	}
	p.Runs = true
	p.Execution = "parallel"
	if seq {
		p.Execution = "sequential"
	}
	return p
}

func contextWord(event string) string {
	switch ContextOf(event) {
	case ToolContext:
		return "tool"
	case TriggerContext:
		return "trigger"
	}
	return "event"
}
