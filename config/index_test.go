package config

import (
	"strconv"
	"strings"
	"testing"
)

// TestGetManyKeys: Get on a parsed object of 5,000 keys (found through an
// index, not a scan per lookup) returns what a scan of Keys returns, also
// for a duplicate key, a missing one, and after the node was changed.
func TestGetManyKeys(t *testing.T) {
	var b strings.Builder
	b.WriteString(`{"hooks": {`)
	for i := range 5000 {
		b.WriteString(`"Ev` + strconv.Itoa(i) + `": ` + strconv.Itoa(i) + `,`)
	}
	b.WriteString(`"Ev7": "again"}}`)
	for _, fast := range []bool{true, false} {
		d, err := parse("s.json", []byte(b.String()), Options{}, fast)
		if err != nil {
			t.Fatal(err)
		}
		h := d.Root.Get("hooks")
		scan := func(key string) *Node {
			for i, k := range h.Keys {
				if k == key {
					return h.Vals[i]
				}
			}
			return nil
		}
		for _, k := range []string{"Ev0", "Ev7", "Ev31", "Ev32", "Ev25000", "Ev49999", "Ev50000", "", "ev1"} {
			if got, want := h.Get(k), scan(k); got != want {
				t.Fatalf("fast %v: Get(%q) = %v, a scan finds %v", fast, k, got, want)
			}
		}
		h.Keys = append(h.Keys, "new")
		h.Vals = append(h.Vals, &Node{Kind: String, Str: "x"})
		if n := h.Get("new"); n == nil || n.Str != "x" {
			t.Errorf("fast %v: a key added after parsing is not found: %v", fast, n)
		}
	}
}
