package fingerprint

import (
	"sort"
	"strconv"
	"strings"

	"github.com/gh-hooks/gh-hooks/internal/js"

	"github.com/gh-hooks/gh-hooks/config"
)

// stringify renders n exactly as JavaScript's JSON.stringify(value, null, 2)
// renders the value JSON.parse made of it: two-space indent, ", " never,
// ": " after keys, array-index keys first in numeric order, other keys in
// insertion order, JavaScript number formatting and JSON.stringify's string
// escaping (only ", \ and control characters are escaped; <, >, & and
// U+2028/U+2029 are written as they are, unlike Go's encoding/json). No
// final newline. This is how Gemini writes trusted_hooks.json
// (trustedHooks.ts:47-60, spec §6).
func stringify(n *config.Node) string {
	var b strings.Builder
	writeJS(&b, n, "")
	return b.String()
}

func writeJS(b *strings.Builder, n *config.Node, indent string) {
	inner := indent + "  "
	switch n.Kind {
	case config.Null, config.Invalid:
		b.WriteString("null")
	case config.Bool:
		b.WriteString(strconv.FormatBool(n.Bool))
	case config.Number:
		b.WriteString(js.StringifyNumber(n.Num))
	case config.String:
		js.Quote(b, n.Str)
	case config.Array:
		if len(n.Items) == 0 {
			b.WriteString("[]")
			return
		}
		b.WriteString("[\n")
		for i, it := range n.Items {
			if i > 0 {
				b.WriteString(",\n")
			}
			b.WriteString(inner)
			writeJS(b, it, inner)
		}
		b.WriteString("\n" + indent + "]")
	case config.Object:
		if len(n.Keys) == 0 {
			b.WriteString("{}")
			return
		}
		b.WriteString("{\n")
		for i, k := range jsKeyOrder(n.Keys) {
			if i > 0 {
				b.WriteString(",\n")
			}
			b.WriteString(inner)
			js.Quote(b, n.Keys[k])
			b.WriteString(": ")
			writeJS(b, n.Vals[k], inner)
		}
		b.WriteString("\n" + indent + "}")
	}
}

// jsKeyOrder returns the indices of keys in JavaScript's property order:
// array-index keys ("0", "17", below 2^32-1, no leading zero) ascending,
// then the other keys in insertion order.
func jsKeyOrder(keys []string) []int {
	var idx, rest []int
	for i, k := range keys {
		if _, ok := js.ArrayIndex(k); ok {
			idx = append(idx, i)
		} else {
			rest = append(rest, i)
		}
	}
	sort.SliceStable(idx, func(a, b int) bool {
		x, _ := strconv.ParseUint(keys[idx[a]], 10, 64)
		y, _ := strconv.ParseUint(keys[idx[b]], 10, 64)
		return x < y
	})
	return append(idx, rest...)
}
