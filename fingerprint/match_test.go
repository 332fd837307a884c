package fingerprint

import (
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestMatchAgreesWithPairwise checks the linear match against the pairwise
// scan it replaced (kept below as the reference) on random projects drawn
// from a few events, names, commands and fingerprints, so that passes and
// anchors collide often.
func TestMatchAgreesWithPairwise(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	pick := func(p string, n int) string {
		k := rng.IntN(n + 1)
		if k == n && p != "e" {
			return "" // no name, no command
		}
		return p + strconv.Itoa(k%n)
	}
	gen := func(n int) []Record {
		out := make([]Record, n)
		for i := range out {
			out[i] = Record{Event: pick("e", 2), Name: pick("n", 3), Command: pick("c", 3), Fingerprint: pick("f", 4)}
		}
		return out
	}
	for k := range 20000 {
		cur, old := gen(rng.IntN(16)), gen(rng.IntN(16))
		if got, want := match(cur, old), matchReference(cur, old); !cmp.Equal(got, want) {
			t.Fatalf("case %d: cur %+v old %+v: match %v, pairwise %v", k, cur, old, got, want)
		}
	}
}

// TestMatchManyHooks pins the result for 10,000 nameless hooks whose
// commands were all edited (no pass pairs them, alignment pairs each with
// the approved hook at its place) and 10,000 renamed ones of another event
// found by command: linear work (the pairwise scan took 3 s and more).
func TestMatchManyHooks(t *testing.T) {
	const n = 10000
	var cur, old []Record
	for i := range n {
		s := strconv.Itoa(i)
		old = append(old, Record{Event: "BeforeTool", Command: "echo " + s, Fingerprint: "a" + s})
		cur = append(cur, Record{Event: "BeforeTool", Command: "echo edited " + s, Fingerprint: "b" + s})
	}
	for i := range n {
		s := strconv.Itoa(i)
		old = append(old, Record{Event: "AfterTool", Name: "x" + s, Command: "cmd " + s, Fingerprint: "c" + s})
		cur = append(cur, Record{Event: "SessionStart", Name: "y" + s, Command: "cmd " + s, Fingerprint: "d" + s})
	}
	m := match(cur, old)
	for i, j := range m {
		if j != i {
			t.Fatalf("hook %d paired with %d, want %d", i, j, i)
		}
	}
}

func matchReference(cur, old []Record) []int {
	m := make([]int, len(cur))
	for i := range m {
		m[i] = -1
	}
	claimed := make([]bool, len(old))
	pass := func(same func(c, o Record) bool) {
		for i, c := range cur {
			if m[i] >= 0 {
				continue
			}
			for j, o := range old {
				if !claimed[j] && same(c, o) {
					m[i], claimed[j] = j, true
					break
				}
			}
		}
	}
	pass(func(c, o Record) bool { return c.Fingerprint == o.Fingerprint && c.Event == o.Event })
	pass(func(c, o Record) bool { return c.Event == o.Event && c.Name != "" && c.Name == o.Name })
	pass(func(c, o Record) bool { return c.Event == o.Event && c.Command != "" && c.Command == o.Command })
	alignReference(cur, old, m, claimed)
	pass(func(c, o Record) bool { return c.Command != "" && c.Name == o.Name && c.Command == o.Command })
	pass(func(c, o Record) bool { return c.Command != "" && c.Command == o.Command })
	return m
}

// align implements rule 4 for every event.
func alignReference(cur, old []Record, m []int, claimed []bool) {
	events := map[string]bool{}
	for _, c := range cur {
		if events[c.Event] {
			continue
		}
		events[c.Event] = true
		var ci, oi []int // indices of this event's hooks, in order
		for i, c2 := range cur {
			if c2.Event == c.Event {
				ci = append(ci, i)
			}
		}
		rank := map[int]int{} // old index -> rank within the event
		for j, o := range old {
			if o.Event == c.Event {
				rank[j] = len(oi)
				oi = append(oi, j)
			}
		}
		lo := 0
		for x, i := range ci {
			if m[i] >= 0 {
				if r, ok := rank[m[i]]; ok && r >= lo {
					lo = r + 1
				}
				continue
			}
			hi := len(oi)
			for _, k := range ci[x+1:] {
				if r, ok := rank[m[k]]; ok && m[k] >= 0 && r >= lo {
					hi = r
					break
				}
			}
			for r := lo; r < hi; r++ {
				if !claimed[oi[r]] {
					m[i], claimed[oi[r]] = oi[r], true
					lo = r + 1
					break
				}
			}
		}
	}
}
