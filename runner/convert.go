package runner

import (
	"github.com/gh-hooks/gh-hooks/merge"
)

// FromMerge converts a planned merge.Hook into a Hook: the load-time
// expanded command, the timeout in ms as merge computed it, and the label
// Gemini prints in "Hook timed out after <label>ms", which is the raw value
// as JavaScript's template literal renders it ("abc" for a string that
// escaped Zod's coercion, "[object Object]" for an object).
func FromMerge(h merge.Hook) Hook {
	out := Hook{
		ID:      h.ID,
		Name:    h.Name,
		Type:    h.Type,
		Command: h.ExpandedCommand,
		Timeout: h.Timeout,
		Env:     h.Env,
		EnvKeys: h.EnvKeys,
	}
	if t := h.TimeoutNode; t != nil {
		out.TimeoutLabel = t.JSString() // `${timeout}`
	}
	return out
}
