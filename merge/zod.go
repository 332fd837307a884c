package merge

import (
	"math"
	"strconv"
	"strings"

	"github.com/gh-hooks/gh-hooks/config"
)

// zodValid reports whether the hook-related parts of a settings file pass
// Gemini's Zod validation (cli/config/settings-validation.ts, spec §2.5).
// Coercion of "5000" and "false" only happens when the whole file
// validates; gh-hooks checks the hooks, hooksConfig and
// security.folderTrust parts and assumes the rest of the file is valid.
// It returns the pointer of the first failure ("" when valid), which is
// the failing node's own Pointer (root is a document's root, or a copy
// of one that keeps the positions), so that a valid file, the usual
// case, costs no string building.
func zodValid(root *config.Node) string {
	if h := root.Get("hooks"); h != nil {
		if h.Kind != config.Object {
			return h.Pointer()
		}
		for i, key := range h.Keys {
			v := h.Vals[i]
			if v.Kind != config.Array {
				return v.Pointer() // known events: HookDefinitionArray; others: catchall array
			}
			if !IsEvent(key) {
				continue
			}
			for _, def := range v.Items {
				if def.Kind != config.Object {
					return def.Pointer()
				}
				if m := def.Get("matcher"); m != nil && m.Kind != config.String {
					return m.Pointer()
				}
				hs := def.Get("hooks")
				if hs == nil {
					continue
				}
				if hs.Kind != config.Array {
					return hs.Pointer()
				}
				for _, hk := range hs.Items {
					if hk.Kind != config.Object {
						return hk.Pointer()
					}
					for _, f := range [...]string{"name", "type", "command", "description"} {
						if x := hk.Get(f); x != nil && x.Kind != config.String {
							return x.Pointer()
						}
					}
					if t := hk.Get("timeout"); t != nil && !zodNumber(t) {
						return t.Pointer()
					}
				}
			}
		}
	}
	if hc := root.Get("hooksConfig"); hc != nil {
		if hc.Kind != config.Object {
			return hc.Pointer()
		}
		for _, f := range [...]string{"enabled", "notifications"} {
			if x := hc.Get(f); x != nil && !zodBool(x) {
				return x.Pointer()
			}
		}
		if d := hc.Get("disabled"); d != nil {
			if d.Kind != config.Array {
				return d.Pointer()
			}
			for _, it := range d.Items {
				if it.Kind != config.String {
					return it.Pointer()
				}
			}
		}
	}
	if s := root.Get("security"); s != nil {
		if s.Kind != config.Object {
			return s.Pointer()
		}
		if ft := s.Get("folderTrust"); ft != nil {
			if ft.Kind != config.Object {
				return ft.Pointer()
			}
			if e := ft.Get("enabled"); e != nil && !zodBool(e) {
				return e.Pointer()
			}
		}
	}
	return ""
}

// zodHint is the fix for the value at pointer that zodValid rejected: the
// type Gemini's settings schema wants there.
func zodHint(pointer string) string {
	toks := strings.Split(pointer, "/")
	last := toks[len(toks)-1]
	parent := ""
	if len(toks) > 1 {
		parent = toks[len(toks)-2]
	}
	want := "the type Gemini's settings schema wants"
	switch {
	case pointer == "/hooks", pointer == "/hooksConfig", pointer == "/security", last == "folderTrust":
		want = "an object"
	case parent == "hooks" && len(toks) == 3:
		want = "a list of definitions: [ {...} ]"
	case parent == "disabled":
		want = "a string (a hook name)"
	case last == "disabled":
		want = `a list of hook names, e.g. ["lint"]`
	case last == "hooks":
		want = "a list of hooks: [ {...} ]"
	case last == "timeout":
		want = "a number of milliseconds, e.g. 30000"
	case last == "enabled", last == "notifications":
		want = "true or false, without quotes"
	case last == "name", last == "type", last == "command", last == "description", last == "matcher":
		want = "a string"
	case isIndex(last):
		want = "an object"
	}
	return "make it " + want + "; until then every value of this file is read as written"
}

func isIndex(s string) bool {
	_, err := strconv.Atoi(s)
	return err == nil
}

// Valid reports whether Gemini's settings validation accepts the hook
// settings of a file's root (see zodValid): only then does Gemini coerce
// its values and order its event keys in schema order (spec §2.5).
func Valid(root *config.Node) bool { return zodValid(root) == "" }

func zodNumber(n *config.Node) bool {
	if n.Kind == config.Number {
		return true
	}
	if n.Kind == config.String && strings.TrimSpace(n.Str) != "" {
		_, ok := jsNumber(n.Str)
		return ok
	}
	return false
}

func zodBool(n *config.Node) bool {
	if n.Kind == config.Bool {
		return true
	}
	if n.Kind == config.String {
		l := strings.ToLower(n.Str)
		return l == "true" || l == "false"
	}
	return false
}

// jsNumber is JavaScript's Number(string) for the forms settings use:
// surrounding whitespace, decimal, exponent, 0x/0o/0b and Infinity.
func jsNumber(s string) (float64, bool) {
	t := strings.TrimSpace(s)
	if t == "" {
		return 0, true
	}
	switch t {
	case "Infinity", "+Infinity":
		return math.Inf(1), true
	case "-Infinity":
		return math.Inf(-1), true
	}
	if len(t) > 2 && t[0] == '0' {
		base := 0
		switch t[1] {
		case 'x', 'X':
			base = 16
		case 'o', 'O':
			base = 8
		case 'b', 'B':
			base = 2
		}
		if base != 0 {
			u, err := strconv.ParseUint(t[2:], base, 64)
			return float64(u), err == nil
		}
	}
	for _, c := range t {
		if !strings.ContainsRune("0123456789+-.eE", c) {
			return 0, false
		}
	}
	f, err := strconv.ParseFloat(t, 64)
	if err != nil {
		if ne, ok := err.(*strconv.NumError); ok && ne.Err == strconv.ErrRange {
			return f, true
		}
		return 0, false
	}
	return f, true
}

// coerce returns root with Zod's coercions applied to the hook settings:
// numeric strings in timeout become numbers, "true"/"false" in
// hooksConfig.enabled and notifications become booleans (spec §2.5).
// Only the nodes on the way to a coerced value are copied; a file without
// such strings, nearly every file, is returned as it is.
func coerce(root *config.Node) *config.Node {
	return withVals(root, func(k string, v *config.Node) *config.Node {
		switch k {
		case "hooks":
			return coerceHooks(v)
		case "hooksConfig":
			return withVals(v, func(f string, x *config.Node) *config.Node {
				if f == "enabled" || f == "notifications" {
					return toBool(x)
				}
				return x
			})
		}
		return v
	})
}

// withVals returns n, an object, with f applied to each member value; n
// itself when f changes none, else a copy (the values of other members
// are shared).
func withVals(n *config.Node, f func(key string, v *config.Node) *config.Node) *config.Node {
	if n.Kind != config.Object {
		return n
	}
	vals := mapNodes(n.Vals, func(i int, v *config.Node) *config.Node { return f(n.Keys[i], v) })
	if vals == nil {
		return n
	}
	c := *n
	c.Vals = vals
	return &c
}

// withItems is withVals for the elements of an array.
func withItems(n *config.Node, f func(v *config.Node) *config.Node) *config.Node {
	if n.Kind != config.Array {
		return n
	}
	items := mapNodes(n.Items, func(_ int, v *config.Node) *config.Node { return f(v) })
	if items == nil {
		return n
	}
	c := *n
	c.Items = items
	return &c
}

// mapNodes applies f to each node and returns the results, or nil when f
// returned every node unchanged; the slice is copied only then.
func mapNodes(ns []*config.Node, f func(i int, v *config.Node) *config.Node) []*config.Node {
	var out []*config.Node
	for i, v := range ns {
		w := f(i, v)
		if w != v && out == nil {
			out = append([]*config.Node(nil), ns...)
		}
		if out != nil {
			out[i] = w
		}
	}
	return out
}

func toBool(n *config.Node) *config.Node {
	if n.Kind != config.String {
		return n
	}
	b := *n
	b.Kind, b.Bool = config.Bool, strings.EqualFold(n.Str, "true")
	return &b
}

// coerceHooks turns the string timeouts of the known events' hooks into
// numbers, as Zod's coercion does.
func coerceHooks(h *config.Node) *config.Node {
	return withVals(h, func(event string, defs *config.Node) *config.Node {
		if !IsEvent(event) {
			return defs
		}
		return withItems(defs, func(def *config.Node) *config.Node {
			return withVals(def, func(k string, hs *config.Node) *config.Node {
				if k != "hooks" {
					return hs
				}
				return withItems(hs, func(hk *config.Node) *config.Node {
					return withVals(hk, func(k string, t *config.Node) *config.Node {
						if k != "timeout" || t.Kind != config.String {
							return t
						}
						f, _ := jsNumber(t.Str)
						nt := *t
						nt.Kind, nt.Num = config.Number, f
						return &nt
					})
				})
			})
		})
	})
}
