package config

import "strings"

// Lookup finds an environment variable; ok is false when it is unset.
type Lookup func(name string) (value string, ok bool)

// Expand applies Gemini's load-time expansion of $NAME, ${NAME} and
// ${NAME:-default} to one settings string (spec §1.5). A set variable
// (even to "") is substituted; an unset one takes the default of the brace
// form; otherwise the text stays as written, so $1 and $UNSET survive.
//
// Gemini replaces every match of /\$(?:(\w+)|\{([^}]+?)(?::-([^}]*))?\})/g
// (cli/utils/envVarResolver.ts). Expand scans for the same matches by hand,
// which costs a fraction of a regular expression on every settings string
// of every file; FuzzExpand checks it against that regular expression.
func Expand(s string, lookup Lookup) string {
	if lookup == nil || !strings.Contains(s, "$") {
		return s
	}
	var b strings.Builder
	last := 0
	for i := 0; i < len(s); i++ {
		if s[i] != '$' {
			continue
		}
		name, def, hasDef, end := envVarAt(s, i)
		if end < 0 {
			continue
		}
		if last == 0 {
			b.Grow(len(s) + 64) // room for a typical value: one allocation, not two
		}
		b.WriteString(s[last:i])
		if v, ok := lookup(name); ok {
			b.WriteString(v)
		} else if hasDef {
			b.WriteString(def)
		} else {
			b.WriteString(s[i:end])
		}
		last = end
		i = end - 1
	}
	if last == 0 {
		return s
	}
	b.WriteString(s[last:])
	return b.String()
}

// envVarAt matches the pattern at s[i] == '$': $ followed by word
// characters ([A-Za-z0-9_], JavaScript's \w without the u flag), or ${...}
// up to the first }, holding at least one character; in the braces the
// name is the shortest non-empty prefix that is followed by ":-" (then the
// rest is the default) or by nothing. end is -1 when nothing matches.
func envVarAt(s string, i int) (name, def string, hasDef bool, end int) {
	j := i + 1
	for j < len(s) && isWordChar(s[j]) {
		j++
	}
	if j > i+1 {
		return s[i+1 : j], "", false, j
	}
	if j >= len(s) || s[j] != '{' {
		return "", "", false, -1
	}
	closing := strings.IndexByte(s[j+1:], '}')
	if closing < 1 { // no } at all, or ${}
		return "", "", false, -1
	}
	body := s[j+1 : j+1+closing]
	end = j + 2 + closing
	if k := strings.Index(body[1:], ":-"); k >= 0 {
		return body[:k+1], body[k+3:], true, end
	}
	return body, "", false, end
}

func isWordChar(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_'
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
	m := mapper{f: f}
	return m.node(n)
}

// mapper cuts the copies Map makes from slabs, as the parser does.
type mapper struct {
	f     func(string) string
	nodes []Node
	ptrs  []*Node
}

// mapSlab is the number of copies a mapper's slab holds: a file's
// expanded strings and the containers above them.
const mapSlab = 32

func (m *mapper) copy(n *Node) *Node {
	c := &cut(&m.nodes, 1, mapSlab)[0]
	*c = *n
	return c
}

func (m *mapper) node(n *Node) *Node {
	if n == nil {
		return nil
	}
	switch n.Kind {
	case String:
		if s := m.f(n.Str); s != n.Str {
			c := m.copy(n)
			c.Str = s
			return c
		}
	case Array:
		if items, changed := m.all(n.Items); changed {
			c := m.copy(n)
			c.Items = items
			return c
		}
	case Object:
		if vals, changed := m.all(n.Vals); changed {
			c := m.copy(n)
			c.Vals = vals
			return c
		}
	}
	return n
}

// all maps each node; the slice is copied only when one changed.
func (m *mapper) all(ns []*Node) ([]*Node, bool) {
	var out []*Node
	for i, x := range ns {
		y := m.node(x)
		if y != x && out == nil {
			out = cut(&m.ptrs, len(ns), 2*mapSlab)
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
