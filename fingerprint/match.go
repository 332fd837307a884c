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
//  5. the same command, in another event ("changed: event"): a hook moved
//     to another event. The name alone is not enough across events: a
//     hook removed and another added under its name on another event with
//     another command is new (issue 27), and the old approval matches no
//     current hook.
//
// Positions (the ID's definition/hook index) are never compared directly:
// they shift whenever a hook is added above, and Gemini's key name:command
// changes with the command, so neither alone is an identity.
//
// Each pass looks its key up in a map of the unclaimed approved hooks, and
// align keeps its place: linear work. Comparing every pair was quadratic:
// 50,000 project hooks made trust audit, show and doctor take 5 to 13 s.
func match(cur, old []Record) []int {
	m := make([]int, len(cur))
	for i := range m {
		m[i] = -1
	}
	claimed := make([]bool, len(old))
	// pass pairs each unpaired current hook with the first unclaimed
	// approved hook that has the same key (ok false: the hook takes no
	// part).
	pass := func(key func(r Record) ([2]string, bool)) {
		queue := map[[2]string][]int{} // key -> unclaimed approved hooks, in order
		for j, o := range old {
			if k, ok := key(o); ok && !claimed[j] {
				queue[k] = append(queue[k], j)
			}
		}
		for i, c := range cur {
			if m[i] >= 0 {
				continue
			}
			if k, ok := key(c); ok && len(queue[k]) > 0 {
				j := queue[k][0]
				queue[k] = queue[k][1:]
				m[i], claimed[j] = j, true
			}
		}
	}
	pass(func(r Record) ([2]string, bool) { return [2]string{r.Event, r.Fingerprint}, true })
	pass(func(r Record) ([2]string, bool) { return [2]string{r.Event, r.Name}, r.Name != "" })
	pass(func(r Record) ([2]string, bool) { return [2]string{r.Event, r.Command}, r.Command != "" })
	align(cur, old, m, claimed)
	pass(func(r Record) ([2]string, bool) { return [2]string{r.Name, r.Command}, r.Command != "" })
	pass(func(r Record) ([2]string, bool) { return [2]string{"", r.Command}, r.Command != "" })
	return m
}

// align implements rule 4 for every event.
func align(cur, old []Record, m []int, claimed []bool) {
	var events []string
	ci := map[string][]int{}      // event -> indices of its current hooks, in order
	oi := map[string][]int{}      // event -> indices of its approved hooks, in order
	rank := make([]int, len(old)) // old index -> rank within its event
	for i, c := range cur {
		if _, ok := ci[c.Event]; !ok {
			events = append(events, c.Event)
		}
		ci[c.Event] = append(ci[c.Event], i)
	}
	for j, o := range old {
		rank[j] = len(oi[o.Event])
		oi[o.Event] = append(oi[o.Event], j)
	}
	for _, ev := range events {
		ci, oi := ci[ev], oi[ev]
		// anchors are the positions x (in ci) of hooks paired with an
		// approved hook of this event, with that hook's rank.
		type anchor struct{ x, r int }
		var anchors []anchor
		for x, i := range ci {
			if m[i] >= 0 && old[m[i]].Event == ev {
				anchors = append(anchors, anchor{x, rank[m[i]]})
			}
		}
		// lo only grows and x only grows, so an anchor that is behind x
		// or below lo stays so: next skips it for good. Likewise the
		// ranks from lo up to free are known to be claimed.
		lo, next, free := 0, 0, 0
		for x, i := range ci {
			if m[i] >= 0 {
				if old[m[i]].Event == ev && rank[m[i]] >= lo {
					lo = rank[m[i]] + 1
				}
				continue
			}
			for next < len(anchors) && (anchors[next].x <= x || anchors[next].r < lo) {
				next++
			}
			hi := len(oi)
			if next < len(anchors) {
				hi = anchors[next].r
			}
			r := max(lo, free)
			for ; r < hi; r++ {
				if !claimed[oi[r]] {
					m[i], claimed[oi[r]] = oi[r], true
					lo = r + 1
					break
				}
			}
			if r >= hi {
				free = max(free, hi)
			}
		}
	}
}
