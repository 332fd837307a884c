package config

import (
	"strconv"
	"strings"

	"github.com/gh-hooks/gh-hooks/internal/js"
)

// Stringify renders n exactly as JavaScript's JSON.stringify(value, null, 2)
// renders the value JSON.parse made of it: two-space indent, ": " after
// keys, array-index keys first in numeric order, other keys in insertion
// order, JavaScript number formatting and JSON.stringify's string escaping
// (only ", \ and control characters are escaped; <, >, & and U+2028/U+2029
// are written as they are, unlike Go's encoding/json). No final newline.
// This is how Gemini writes trusted_hooks.json (trustedHooks.ts:47-60,
// spec §6). A parsed tree is already in JavaScript's key order; a tree built
// by hand is put in it here.
func (n *Node) Stringify() string {
	var b strings.Builder
	n.stringify(&b, "")
	return b.String()
}

func (n *Node) stringify(b *strings.Builder, indent string) {
	inner := indent + "  "
	switch n.Kind {
	case Null, Invalid:
		b.WriteString("null")
	case Bool:
		b.WriteString(strconv.FormatBool(n.Bool))
	case Number:
		b.WriteString(js.StringifyNumber(n.Num))
	case String:
		js.Quote(b, n.Str)
	case Array:
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
			it.stringify(b, inner)
		}
		b.WriteString("\n" + indent + "]")
	case Object:
		if len(n.Keys) == 0 {
			b.WriteString("{}")
			return
		}
		b.WriteString("{\n")
		for i, k := range js.KeyOrder(n.Keys) {
			if i > 0 {
				b.WriteString(",\n")
			}
			b.WriteString(inner)
			js.Quote(b, n.Keys[k])
			b.WriteString(": ")
			n.Vals[k].stringify(b, inner)
		}
		b.WriteString("\n" + indent + "}")
	}
}
