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
// It returns the pointer of the first failure ("" when valid).
func zodValid(root *config.Node) string {
	if h := root.Get("hooks"); h != nil {
		if h.Kind != config.Object {
			return "/hooks"
		}
		for i, key := range h.Keys {
			v := h.Vals[i]
			p := "/hooks/" + config.EscapePointer(key)
			if v.Kind != config.Array {
				return p // known events: HookDefinitionArray; others: catchall array
			}
			if !IsEvent(key) {
				continue
			}
			for di, def := range v.Items {
				dp := p + "/" + strconv.Itoa(di)
				if def.Kind != config.Object {
					return dp
				}
				if m := def.Get("matcher"); m != nil && m.Kind != config.String {
					return dp + "/matcher"
				}
				hs := def.Get("hooks")
				if hs == nil {
					continue
				}
				if hs.Kind != config.Array {
					return dp + "/hooks"
				}
				for hi, hk := range hs.Items {
					hp := dp + "/hooks/" + strconv.Itoa(hi)
					if hk.Kind != config.Object {
						return hp
					}
					for _, f := range []string{"name", "type", "command", "description"} {
						if x := hk.Get(f); x != nil && x.Kind != config.String {
							return hp + "/" + f
						}
					}
					if t := hk.Get("timeout"); t != nil && !zodNumber(t) {
						return hp + "/timeout"
					}
				}
			}
		}
	}
	if hc := root.Get("hooksConfig"); hc != nil {
		if hc.Kind != config.Object {
			return "/hooksConfig"
		}
		for _, f := range []string{"enabled", "notifications"} {
			if x := hc.Get(f); x != nil && !zodBool(x) {
				return "/hooksConfig/" + f
			}
		}
		if d := hc.Get("disabled"); d != nil {
			if d.Kind != config.Array {
				return "/hooksConfig/disabled"
			}
			for i, it := range d.Items {
				if it.Kind != config.String {
					return "/hooksConfig/disabled/" + strconv.Itoa(i)
				}
			}
		}
	}
	if s := root.Get("security"); s != nil {
		if s.Kind != config.Object {
			return "/security"
		}
		if ft := s.Get("folderTrust"); ft != nil {
			if ft.Kind != config.Object {
				return "/security/folderTrust"
			}
			if e := ft.Get("enabled"); e != nil && !zodBool(e) {
				return "/security/folderTrust/enabled"
			}
		}
	}
	return ""
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
func coerce(root *config.Node) *config.Node {
	c := *root
	c.Vals = append([]*config.Node(nil), root.Vals...)
	for i, k := range c.Keys {
		switch k {
		case "hooks":
			c.Vals[i] = coerceHooks(c.Vals[i])
		case "hooksConfig":
			hc := *c.Vals[i]
			hc.Vals = append([]*config.Node(nil), hc.Vals...)
			for j, f := range hc.Keys {
				if f == "enabled" || f == "notifications" {
					hc.Vals[j] = toBool(hc.Vals[j])
				}
			}
			c.Vals[i] = &hc
		}
	}
	return &c
}

func toBool(n *config.Node) *config.Node {
	if n.Kind != config.String {
		return n
	}
	b := *n
	b.Kind, b.Bool = config.Bool, strings.EqualFold(n.Str, "true")
	return &b
}

func coerceHooks(h *config.Node) *config.Node {
	c := *h
	c.Vals = make([]*config.Node, len(h.Vals))
	for i, ev := range h.Vals {
		c.Vals[i] = ev
		if !IsEvent(h.Keys[i]) {
			continue
		}
		e := *ev
		e.Items = make([]*config.Node, len(ev.Items))
		for di, def := range ev.Items {
			e.Items[di] = def
			hs := def.Get("hooks")
			if hs == nil {
				continue
			}
			d := *def
			d.Vals = append([]*config.Node(nil), def.Vals...)
			nh := *hs
			nh.Items = make([]*config.Node, len(hs.Items))
			for hi, hk := range hs.Items {
				nh.Items[hi] = hk
				t := hk.Get("timeout")
				if t == nil || t.Kind != config.String {
					continue
				}
				f, _ := jsNumber(t.Str)
				nt := *t
				nt.Kind, nt.Num = config.Number, f
				k := *hk
				k.Vals = append([]*config.Node(nil), hk.Vals...)
				for j, key := range k.Keys {
					if key == "timeout" {
						k.Vals[j] = &nt
					}
				}
				nh.Items[hi] = &k
			}
			for j, key := range d.Keys {
				if key == "hooks" {
					d.Vals[j] = &nh
				}
			}
			e.Items[di] = &d
		}
		c.Vals[i] = &e
	}
	return &c
}
