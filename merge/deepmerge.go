package merge

import (
	"fmt"

	"github.com/gh-hooks/gh-hooks/config"
	"github.com/gh-hooks/gh-hooks/layers"
)

// val is a value of Gemini's merged settings object. Scalars and arrays
// keep the nodes they came from, so every definition in a merged event
// array can be traced back to its file (the oracle does the same by object
// identity).
type val struct {
	kind config.Kind
	keys []string
	vals []*val
	// index finds a key once there are many: a linear scan per key made
	// 50,000 event names take the merge seconds (quadratic).
	index map[string]int
	items []item
	node  *config.Node
	layer *layers.Layer
}

// item is one element of a merged array.
type item struct {
	node  *config.Node
	layer *layers.Layer
	// wrapped is true when a non-array value was wrapped into the array by
	// the merge (spec §3.2: "non-arrays are wrapped").
	wrapped bool
}

func (v *val) get(key string) *val {
	if v == nil || v.kind != config.Object {
		return nil
	}
	if i, ok := v.find(key); ok {
		return v.vals[i]
	}
	return nil
}

func (v *val) set(key string, x *val) {
	if i, ok := v.find(key); ok {
		v.vals[i] = x
		return
	}
	v.keys = append(v.keys, key)
	v.vals = append(v.vals, x)
	if v.index != nil {
		v.index[key] = len(v.keys) - 1
	}
}

// indexFrom is how many keys an object has before find uses a map.
const indexFrom = 32

// find is the index of key in v.keys (set keeps them unique).
func (v *val) find(key string) (int, bool) {
	if v.index == nil && len(v.keys) >= indexFrom {
		v.index = make(map[string]int, len(v.keys))
		for i, k := range v.keys {
			if _, dup := v.index[k]; !dup {
				v.index[k] = i
			}
		}
	}
	if v.index != nil {
		i, ok := v.index[key]
		return i, ok
	}
	for i, k := range v.keys {
		if k == key {
			return i, true
		}
	}
	return 0, false
}

type strategy int

const (
	replace strategy = iota
	concat
	union
)

// strategyFor models getMergeStrategyForPath for the hook settings. Only
// the eleven known events concatenate: the schema's additionalProperties
// CONCAT is never reached because of an off-by-one (spec §3.2), so unknown
// event keys are replaced. hooksConfig.disabled is a union (spec §3.3).
func strategyFor(path []string) strategy {
	if len(path) == 2 && path[0] == "hooks" && IsEvent(path[1]) {
		return concat
	}
	if len(path) == 2 && path[0] == "hooksConfig" && path[1] == "disabled" {
		return union
	}
	return replace
}

// fromNode makes a merge value of a source node, as assigned by
// `target[key] = src`.
func fromNode(n *config.Node, l *layers.Layer) *val {
	v := &val{kind: n.Kind, node: n, layer: l}
	if n.Kind == config.Array {
		v.items = make([]item, 0, len(n.Items))
		for _, it := range n.Items {
			v.items = append(v.items, item{node: it, layer: l})
		}
	}
	return v
}

// mergeInto is customDeepMerge's mergeRecursively (cli/utils/deepMerge.ts,
// spec §3.1) over the keys of src.
func mergeInto(target *val, src *config.Node, l *layers.Layer, path []string) {
	for i, key := range src.Keys {
		if key == "__proto__" || key == "constructor" || key == "prototype" {
			continue
		}
		s := src.Vals[i]
		// path's spare room is reused from key to key: p lives only as
		// long as this iteration and the calls it makes.
		p := append(path, key)
		strat := strategyFor(p)
		obj := target.get(key)
		if obj != nil && obj.kind == config.Array && strat != replace {
			n := 1
			if s.Kind == config.Array {
				n = len(s.Items)
			}
			items := append(make([]item, 0, len(obj.items)+n), obj.items...)
			if s.Kind == config.Array {
				for _, it := range s.Items {
					items = append(items, item{node: it, layer: l})
				}
			} else {
				items = append(items, item{node: s, layer: l, wrapped: true})
			}
			merged := &val{kind: config.Array, items: items}
			if strat == union {
				merged.items = dedupItems(merged.items)
			}
			target.set(key, merged)
			continue
		}
		switch {
		case obj != nil && obj.kind == config.Object && s.Kind == config.Object:
			mergeInto(obj, s, l, p)
		case s.Kind == config.Object:
			fresh := &val{kind: config.Object}
			target.set(key, fresh)
			mergeInto(fresh, s, l, p)
		default:
			target.set(key, fromNode(s, l))
		}
	}
}

// dedupItems is [...new Set(arr)]: scalars compare by value, objects and
// arrays by identity.
func dedupItems(items []item) []item {
	var out []item
	seen := map[string]bool{}
	for _, it := range items {
		k := identity(it.node)
		if seen[k] {
			continue
		}
		seen[k] = true
		out = append(out, it)
	}
	return out
}

func identity(n *config.Node) string {
	switch n.Kind {
	case config.String:
		return "s:" + n.Str
	case config.Number:
		return "n:" + config.FormatNumber(n.Num)
	case config.Bool, config.Null:
		return "b:" + n.Text()
	}
	return "p:" + ptrString(n)
}

func ptrString(n *config.Node) string { return fmt.Sprintf("%p", n) }
