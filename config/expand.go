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
	return envVarPattern().ReplaceAllStringFunc(s, func(m string) string {
		g := envVarPattern().FindStringSubmatchIndex(m)
		name := ""
		switch {
		case g[2] >= 0:
			name = m[g[2]:g[3]]
		case g[4] >= 0:
			name = m[g[4]:g[5]]
		}
		if v, ok := lookup(name); ok {
			return v
		}
		if g[6] >= 0 {
			return m[g[6]:g[7]]
		}
		return m
	})
}

// ExpandTree returns a copy of n in which every string value (not object
// keys) is expanded with Expand, as Gemini's resolveEnvVarsInObject does.
// Positions are kept, so problems found on the expanded tree still point
// into the file.
func ExpandTree(n *Node, lookup Lookup) *Node {
	return n.Map(func(s string) string { return Expand(s, lookup) })
}

// Map returns a copy of n with f applied to every string value.
func (n *Node) Map(f func(string) string) *Node {
	if n == nil {
		return nil
	}
	c := *n
	switch n.Kind {
	case String:
		c.Str = f(n.Str)
	case Array:
		c.Items = make([]*Node, len(n.Items))
		for i, it := range n.Items {
			c.Items[i] = it.Map(f)
		}
	case Object:
		c.Vals = make([]*Node, len(n.Vals))
		for i, v := range n.Vals {
			c.Vals[i] = v.Map(f)
		}
	}
	return &c
}
