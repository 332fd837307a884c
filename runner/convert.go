package runner

import (
	"strings"

	"github.com/gh-hooks/gh-hooks/config"
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
		out.TimeoutLabel = templateString(t)
	}
	return out
}

// templateString is `${v}` for a settings value.
func templateString(n *config.Node) string {
	switch n.Kind {
	case config.Number:
		return jsString(n.Num)
	case config.String:
		return n.Str
	case config.Bool:
		if n.Bool {
			return "true"
		}
		return "false"
	case config.Null:
		return "null"
	case config.Array:
		parts := make([]string, len(n.Items))
		for i, it := range n.Items {
			if it.Kind != config.Null {
				parts[i] = templateString(it)
			}
		}
		return strings.Join(parts, ",")
	}
	return "[object Object]"
}
