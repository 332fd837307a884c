package config

import (
	"strings"

	"github.com/gh-hooks/gh-hooks/internal/lazyre"
)

// envVarPattern is Gemini's load-time pattern, copied from
// cli/utils/envVarResolver.ts (spec §1.5). JavaScript's \w without the u
// flag is ASCII, like RE2's.
var envVarPattern = lazyre.New(`\$(?:(\w+)|\{([^}]+?)(?::-([^}]*))?\})`)

// Lookup finds an environment variable; ok is false when it is unset.
type Lookup func(name string) (value string, ok bool)

// Expand applies Gemini's load-time expansion of $NAME, ${NAME} and
// ${NAME:-default} to one settings string (spec §1.5). A set variable
// (even to "") is substituted; an unset one takes the default of the brace
// form; otherwise the text stays as written, so $1 and $UNSET survive.
func Expand(s string, lookup Lookup) string {
	if lookup == nil || !strings.Contains(s, "$") {
		return s
	}
	matches := envVarPattern().FindAllStringSubmatchIndex(s, -1)
	if matches == nil {
		return s
	}
	var b strings.Builder
	last := 0
	for _, g := range matches {
		b.WriteString(s[last:g[0]])
		last = g[1]
		name := ""
		switch {
		case g[2] >= 0:
			name = s[g[2]:g[3]]
		case g[4] >= 0:
			name = s[g[4]:g[5]]
		}
		if v, ok := lookup(name); ok {
			b.WriteString(v)
		} else if g[6] >= 0 {
			b.WriteString(s[g[6]:g[7]])
		} else {
			b.WriteString(s[g[0]:g[1]])
		}
	}
	b.WriteString(s[last:])
	return b.String()
}

// ExpandTree returns n with every string value (not object keys)
// expanded with Expand, as Gemini's resolveEnvVarsInObject does; nodes
// without a variable are shared with n (see Map). Positions are kept, so
// problems found on the expanded tree still point into the file.
func ExpandTree(n *Node, lookup Lookup) *Node {
	return n.Map(func(s string) string { return Expand(s, lookup) })
}

// Map returns n with f applied to every string value. Nodes whose subtree
// f leaves unchanged are shared with n, not copied (most settings strings
// have no variable in them), so n must not be modified afterwards.
func (n *Node) Map(f func(string) string) *Node {
	if n == nil {
		return nil
	}
	switch n.Kind {
	case String:
		if s := f(n.Str); s != n.Str {
			c := *n
			c.Str = s
			return &c
		}
	case Array:
		if items, changed := mapAll(n.Items, f); changed {
			c := *n
			c.Items = items
			return &c
		}
	case Object:
		if vals, changed := mapAll(n.Vals, f); changed {
			c := *n
			c.Vals = vals
			return &c
		}
	}
	return n
}

// mapAll maps each node; the slice is copied only when one changed.
func mapAll(ns []*Node, f func(string) string) ([]*Node, bool) {
	var out []*Node
	for i, x := range ns {
		y := x.Map(f)
		if y != x && out == nil {
			out = make([]*Node, len(ns))
			copy(out, ns[:i])
		}
		if out != nil {
			out[i] = y
		}
	}
	if out == nil {
		return ns, false
	}
	return out, true
}
