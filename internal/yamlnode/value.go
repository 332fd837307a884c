package yamlnode

import (
	"errors"
	"fmt"
	"time"
)

// ErrAliasing is Value's error for a document whose aliases multiply it
// (an alias bomb).
var ErrAliasing = errors.New("document contains excessive aliasing")

// Value is n as Go values, as yaml.v3's Unmarshal into an any gave
// them: a mapping is a map[string]any (a key as its text; a key given
// twice is an error; << merges the keys of a mapping, or of a list of
// them, that the mapping does not have), a sequence an []any, a scalar
// as Decode gives it (an int64 as an int, a timestamp as a time.Time).
// Aliases are expanded, within yaml.v3's bound: past 1000 values of
// which more than 100 come from aliases, those may be at most 99% of
// them (10% past 4,000,000), else the error is ErrAliasing.
func Value(n *Node) (any, error) {
	var d decoder
	return d.value(n)
}

type decoder struct {
	// decodes counts the values made, aliases those made inside an
	// alias's expansion (depth deep).
	decodes, aliases, depth int
}

func (d *decoder) value(n *Node) (any, error) {
	d.decodes++
	if d.depth > 0 {
		d.aliases++
	}
	if d.aliases > 100 && d.decodes > 1000 && float64(d.aliases)/float64(d.decodes) > allowedAliasRatio(d.decodes) {
		return nil, ErrAliasing
	}
	switch n.Kind {
	case Alias:
		d.depth++
		defer func() { d.depth-- }()
		return d.value(n.Target)
	case Sequence:
		out := make([]any, 0, len(n.Content))
		for _, c := range n.Content {
			v, err := d.value(c)
			if err != nil {
				return nil, err
			}
			out = append(out, v)
		}
		return out, nil
	case Mapping:
		out := map[string]any{}
		var merges []*Node
		for i := 0; i+1 < len(n.Content); i += 2 {
			k, v := n.Content[i], n.Content[i+1]
			if k.Kind == Scalar && k.Tag == "!!merge" {
				merges = append(merges, v)
				continue
			}
			if _, ok := out[k.Value]; ok {
				return nil, fmt.Errorf("line %d: mapping key %q already defined", k.Line, k.Value)
			}
			x, err := d.value(v)
			if err != nil {
				return nil, err
			}
			out[k.Value] = x
		}
		for _, m := range merges {
			if err := d.merge(out, m); err != nil {
				return nil, err
			}
		}
		return out, nil
	}
	v, err := n.Decode()
	if err != nil {
		return nil, err
	}
	switch x := v.(type) {
	case int64:
		return int(x), nil
	case string:
		if n.Tag == "!!timestamp" {
			for _, f := range []string{"2006-1-2T15:4:5.999999999Z07:00", "2006-1-2t15:4:5.999999999Z07:00", "2006-1-2 15:4:5.999999999", "2006-1-2"} {
				if t, err := time.Parse(f, x); err == nil {
					return t, nil
				}
			}
		}
	}
	return v, nil
}

// merge adds the keys of mapping m (or of each mapping of list m) that
// out does not have.
func (d *decoder) merge(out map[string]any, m *Node) error {
	for m.Kind == Alias {
		m = m.Target
	}
	list := []*Node{m}
	if m.Kind == Sequence {
		list = m.Content
	}
	for _, it := range list {
		v, err := d.value(it)
		if err != nil {
			return err
		}
		mm, ok := v.(map[string]any)
		if !ok {
			return fmt.Errorf("line %d: map merge requires map or sequence of maps as the value", it.Line)
		}
		for k, x := range mm {
			if _, ok := out[k]; !ok {
				out[k] = x
			}
		}
	}
	return nil
}

// allowedAliasRatio is yaml.v3's: 99% up to 400,000 values, 10% from
// 4,000,000, in a line between.
func allowedAliasRatio(decodes int) float64 {
	const low, high = 400000, 4000000
	switch {
	case decodes <= low:
		return 0.99
	case decodes >= high:
		return 0.10
	}
	return 0.99 - 0.89*(float64(decodes-low)/(high-low))
}
