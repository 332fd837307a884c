package fingerprint

// match pairs each current record with an approved one, or -1 (new). The
// passes run over all hooks before the next pass starts, so an exact match
// found anywhere is never stolen by a weaker rule:
//
//  1. the same fingerprint (nothing changed, maybe moved within the event
//     because hooks were added or removed before it);
//  2. the same event and the same non-empty name (the author's identity for
//     a hook: an edited command stays "changed: command");
//  3. the same event and the same command (a nameless hook whose matcher,
//     timeout, env or scripts changed);
//  4. alignment by position within the event: hooks paired by rules 1-3
//     are anchors, and an unpaired current hook is paired with the first
//     unpaired approved hook between the same anchors (like a line diff).
//     A nameless hook whose command was edited in place is "changed:
//     command"; a hook inserted where no approved hook was left is "new";
//  5. the same non-empty name, then the same command, in another event
//     ("changed: event").
//
// Positions (the ID's definition/hook index) are never compared directly:
// they shift whenever a hook is added above, and Gemini's key name:command
// changes with the command, so neither alone is an identity.
func match(cur, old []Record) []int {
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
	align(cur, old, m, claimed)
	pass(func(c, o Record) bool { return c.Name != "" && c.Name == o.Name })
	pass(func(c, o Record) bool { return c.Command != "" && c.Command == o.Command })
	return m
}

// align implements rule 4 for every event.
func align(cur, old []Record, m []int, claimed []bool) {
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
