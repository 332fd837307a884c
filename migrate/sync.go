package migrate

import (
	"fmt"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/gh-hooks/gh-hooks/config"
	"github.com/gh-hooks/gh-hooks/internal/visible"
	"github.com/gh-hooks/gh-hooks/merge"
)

// Actions of a SyncItem.
const (
	// ActionAdded: a Claude hook without a Gemini copy; one is inserted.
	ActionAdded = "added"
	// ActionUpdated: the Gemini copy differs from what the Claude hook
	// migrates to now (Changes say how); it is rewritten.
	ActionUpdated = "updated"
	// ActionRemoved: a migrated hook whose Claude hook is gone.
	ActionRemoved = "removed"
	// ActionUnchanged: the Gemini copy is what a migration writes.
	ActionUnchanged = "unchanged"
	// ActionKept: a hook written by hand (named, but not claude:...) runs
	// the Claude hook's command: the user took it over (renamed a
	// migrated hook, or ported it by hand); migrate adds no copy.
	ActionKept = "kept"
	// ActionConflict: a migrated hook edited on the Gemini side since
	// migrate wrote it, so that it differs from what its Claude hook
	// migrates to (or its Claude hook is gone): it is kept as it is unless
	// Options.Force.
	ActionConflict = "conflict"
)

// SyncItem is what a migration does to one Gemini hook of the target.
type SyncItem struct {
	Action string `json:"action"`
	// Event and Matcher are the Gemini definition's (the new ones for an
	// update).
	Event   string `json:"event"`
	Matcher string `json:"matcher,omitempty"`
	Name    string `json:"name"`
	// Pointer, Line and Column place the hook in the target as it was
	// (absent for an added hook).
	Pointer string `json:"pointer,omitempty"`
	Line    int    `json:"line,omitempty"`
	Column  int    `json:"column,omitempty"`
	// Changes say what an update changes ("timeout 600000 → 30000"), or
	// what a conflict would change.
	Changes []string `json:"changes,omitempty"`
	// Reason says why a hook is removed or in conflict.
	Reason string `json:"reason,omitempty"`
	// Source is the Claude hook (path:line:column) of a kept hook.
	Source *Position `json:"source,omitempty"`
	// planned is the matcher migrate writes for the Claude hook (Runs).
	planned string
	// HandWritten marks a conflict with a hook migrate did not write (no
	// stamp of its own): named claude:... by hand, or nameless, running a
	// Claude hook's command. migrate never takes it over, --force or not.
	HandWritten bool `json:"handWritten,omitempty"`
}

// Position is a place in a file.
type Position struct {
	Path   string `json:"path"`
	Line   int    `json:"line"`
	Column int    `json:"column"`
}

// ForeignHook is a Gemini hook of the target that migrate did not write
// (no Claude source): information for migrate --check, never drift.
type ForeignHook struct {
	Event   string `json:"event"`
	Name    string `json:"name,omitempty"`
	Command string `json:"command"`
	Pointer string `json:"pointer"`
	Line    int    `json:"line"`
	Column  int    `json:"column"`
}

// Edit is one byte-stable edit of the target: "set" replaces the value at
// Pointer, "remove" removes it, "insert" inserts Value at Pointer (an
// array index), "prune" removes the container at Pointer and its parents
// when they are empty. Edits apply in order (Result.Apply).
//
// "insert-member" adds the member Key with Value to the object at
// Pointer, before its member Before (at the end when there is none): a
// new event array goes where a fresh migration puts it, before the arrays
// that migrate made for later events.
type Edit struct {
	Op      string `json:"op"`
	Pointer string `json:"pointer"`
	Before  string `json:"before,omitempty"`
	Key     string `json:"key,omitempty"`
	Value   any    `json:"value,omitempty"`
}

// Apply makes the edits with ed. Consecutive sets, removals from one
// array (from the highest index down) and insertions at consecutive
// indexes of an array are made at once (config.Editor.SetAll, RemoveAll,
// InsertAll: a parse or two for all of them).
func (r *Result) Apply(ed *config.Editor) error {
	for i := 0; i < len(r.Edits); i++ {
		e := r.Edits[i]
		var err error
		switch e.Op {
		case "set":
			j := i
			var as []config.Assignment
			for ; j < len(r.Edits) && r.Edits[j].Op == "set"; j++ {
				as = append(as, config.Assignment{Pointer: r.Edits[j].Pointer, Value: r.Edits[j].Value})
			}
			err = ed.SetAll(as)
			i = j - 1
		case "remove":
			// A run of removals from one array.
			arr, at := splitIndex(e.Pointer)
			idx := []int{at}
			for j := i + 1; j < len(r.Edits); j++ {
				a, k := splitIndex(r.Edits[j].Pointer)
				if r.Edits[j].Op != "remove" || a != arr || k < 0 {
					break
				}
				idx = append(idx, k)
			}
			if at < 0 {
				err = ed.Remove(e.Pointer)
				break
			}
			err = ed.RemoveAll(arr, idx)
			i += len(idx) - 1
		case "insert":
			// A run of insertions at consecutive indexes of one array.
			arr, at := splitIndex(e.Pointer)
			vals := []any{e.Value}
			for j := i + 1; j < len(r.Edits); j++ {
				a, k := splitIndex(r.Edits[j].Pointer)
				if r.Edits[j].Op != "insert" || a != arr || k != at+len(vals) {
					break
				}
				vals = append(vals, r.Edits[j].Value)
			}
			err = ed.InsertAll(e.Pointer, vals)
			i += len(vals) - 1
		case "prune":
			err = ed.Prune(e.Pointer)
		case "insert-member":
			err = ed.InsertMember(e.Pointer, e.Before, e.Key, e.Value)
		default:
			err = fmt.Errorf("unknown edit %q", e.Op)
		}
		if err != nil {
			return &ApplyError{Edit: e, Err: err}
		}
	}
	return nil
}

// splitIndex splits "/a/b/3" into "/a/b" and 3 (-1 when the last token is
// not an index).
func splitIndex(ptr string) (string, int) {
	i := strings.LastIndexByte(ptr, '/')
	n, err := strconv.Atoi(ptr[i+1:])
	if err != nil {
		return ptr, -1
	}
	return ptr[:i], n
}

// ApplyError is an edit the target's bytes do not allow (an event value
// that is not an array).
type ApplyError struct {
	Edit Edit
	Err  error
}

func (e *ApplyError) Error() string { return e.Edit.Pointer + ": " + e.Err.Error() }
func (e *ApplyError) Unwrap() error { return e.Err }

// InSync reports whether the target holds exactly what a migration
// writes: nothing to add, update or remove, and no conflict.
func (r *Result) InSync() bool {
	for _, it := range r.Sync {
		if it.Action != ActionUnchanged && it.Action != ActionKept {
			return false
		}
	}
	return true
}

// planned is one Gemini definition (of one hook) a Claude handler
// migrates to.
type planned struct {
	event  string
	def    Definition
	item   int    // the Claude handler's index in Report.Items
	base   string // the name before deduplication
	desc   string // the Claude hook's own description
	src    string // the Claude file, as the description names it
	claude string
}

// present is one hook of the target.
type present struct {
	event   string
	di, hi  int // definition and hook index
	pointer string
	line    int
	col     int
	def     Definition // one hook: the values as written
	hasDesc bool
	owned   bool // named claude:...
	legacy  bool // nameless, runs what migrate writes: an earlier migration
	single  bool // the definition holds this hook only, and nothing migrate does not write
	extra   []string
	edited  bool
	// handWritten: named claude:... or nameless (legacy), but without
	// the stamp migrate writes in the description of what it wrote
	// (describe): someone wrote it by hand; migrate never takes it over.
	handWritten bool
	src         string // the Claude file its description names
	claude      string // the Claude command it runs (identity)
	defKeys     []string
	hookKeys    []string
	match       int // index of the planned definition, -1
}

// sync compares the planned definitions with the target and computes the
// report and the edits.
func (c *converter) sync(doc *config.Document) {
	var root *config.Node
	if doc != nil {
		root = doc.Root
	}
	hooks := root.Get("hooks")
	ps := c.planned
	byEvent := map[string][]*present{}
	takenOver := map[string][]*present{}
	defsOf := map[string][]*config.Node{}
	reserved := map[string]bool{}
	var foreign []ForeignHook
	identities := map[string]map[string]bool{} // event → identities planned
	for _, p := range ps {
		if identities[p.event] == nil {
			identities[p.event] = map[string]bool{}
		}
		identities[p.event][p.claude] = true
	}
	if hooks != nil && hooks.Kind == config.Object {
		for i, ev := range hooks.Keys {
			arr := hooks.Vals[i]
			if arr.Kind != config.Array || !merge.IsEvent(ev) {
				continue
			}
			defsOf[ev] = arr.Items
			for di, dn := range arr.Items {
				hs := dn.Get("hooks")
				if dn.Kind != config.Object || hs == nil || hs.Kind != config.Array {
					continue
				}
				for hi, hn := range hs.Items {
					pr := readPresent(doc, ev, di, hi, dn, hn)
					if pr == nil {
						continue
					}
					switch {
					case pr.owned:
					case pr.def.Hooks[0].Name == "" && identities[ev][pr.claude]:
						pr.legacy = true
					case identities[ev][pr.claude]:
						// A hook of the user's that runs a Claude hook's
						// command: taken over by hand (a migrated hook
						// renamed, or ported before): no copy is added.
						reserved[pr.def.Hooks[0].Name] = true
						takenOver[ev] = append(takenOver[ev], pr)
						continue
					default:
						if n := pr.def.Hooks[0].Name; n != "" {
							reserved[n] = true
						}
						foreign = append(foreign, ForeignHook{Event: ev, Name: pr.def.Hooks[0].Name, Command: pr.def.Hooks[0].Command,
							Pointer: pr.pointer, Line: pr.line, Column: pr.col})
						continue
					}
					byEvent[ev] = append(byEvent[ev], pr)
				}
			}
		}
	}
	c.res.Foreign = append(c.res.Foreign, foreign...)
	// The event arrays that hold nothing but migrate's definitions: a new
	// event array goes before the first of them that comes later in
	// Gemini's order, as in a fresh migration, which appends them in
	// that order after the file's own.
	if hooks != nil && hooks.Kind == config.Object {
		c.hookKeys = hooks.Keys
		c.ownedOnly = map[string]bool{}
		for ev, items := range defsOf {
			n := 0
			for _, pr := range byEvent[ev] {
				if pr.single {
					n++
				}
			}
			c.ownedOnly[ev] = len(items) > 0 && n == len(items)
		}
	}
	assignNames(ps, reserved)
	for _, p := range ps {
		p.def.Hooks[0].Description = describe(p.desc, p.src, p.event, p.def)
		c.res.Report.Items[p.item].Name = p.def.Hooks[0].Name
	}
	c.syncOf = map[int]int{}
	for _, ev := range merge.Events {
		var want []int
		for i, p := range ps {
			if p.event == ev {
				want = append(want, i)
			}
		}
		if len(want) > 0 || len(byEvent[ev]) > 0 {
			c.syncEvent(ev, want, byEvent[ev], takenOver[ev], defsOf[ev])
		}
	}
	// The definitions as a fresh migration writes them, per event.
	for _, ev := range merge.Events {
		var defs []Definition
		for _, p := range ps {
			if p.event == ev {
				defs = append(defs, p.def)
			}
		}
		if len(defs) > 0 {
			c.res.Desired = append(c.res.Desired, EventDefinitions{Event: ev, Definitions: defs})
		}
	}
}

// readPresent reads the hook hn of definition dn.
func readPresent(doc *config.Document, ev string, di, hi int, dn, hn *config.Node) *present {
	if hn.Kind != config.Object {
		return nil
	}
	cmd := hn.Get("command")
	if !cmd.IsString() {
		return nil
	}
	pr := &present{event: ev, di: di, hi: hi, pointer: hn.Pointer(), match: -1}
	pr.line, pr.col = doc.PositionOf(pr.pointer)
	h := Hook{Command: cmd.Str}
	for j, k := range hn.Keys {
		v := hn.Vals[j]
		pr.hookKeys = append(pr.hookKeys, k)
		switch {
		case k == "name" && v.IsString():
			h.Name = v.Str
		case k == "type" && v.IsString():
			h.Type = v.Str
		case k == "command":
		case k == "description" && v.IsString():
			h.Description, pr.hasDesc = v.Str, true
		case k == "timeout" && v.Kind == config.Number && v.Num == math.Trunc(v.Num) && v.Num > 0 && v.Num < 1<<53:
			h.Timeout = int64(v.Num)
		default:
			pr.extra = append(pr.extra, k)
		}
	}
	d := Definition{Hooks: []Hook{h}}
	for j, k := range dn.Keys {
		v := dn.Vals[j]
		pr.defKeys = append(pr.defKeys, k)
		switch {
		case k == "hooks":
		case k == "matcher" && v.IsString():
			d.Matcher = v.Str
		default:
			pr.extra = append(pr.extra, k)
		}
	}
	pr.def = d
	pr.claude = identity(h.Command)
	pr.owned = strings.HasPrefix(h.Name, NamePrefix)
	pr.single = len(dn.Get("hooks").Items) == 1
	src, rec := recorded(h.Description)
	if pr.owned {
		pr.src = src
		pr.edited = rec == "" || rec != stamp(ev, d) || len(pr.extra) > 0 || !pr.single
	}
	// Only what carries migrate's stamp is migrate's: a hook named
	// claude:... without one, or a nameless one, was written by hand.
	pr.handWritten = rec == "" && (pr.owned || h.Name == "")
	return pr
}

// handWrittenReason is why a hook migrate did not write is kept.
func handWrittenReason(h *present) string {
	if h.owned {
		return "named " + NamePrefix + "... but not written by migrate (its description has no gh-hooks migrate stamp); kept"
	}
	return "a hook without a name that runs this Claude hook's command, not written by migrate (no gh-hooks migrate stamp); kept"
}

// conflictGone is the reason of a conflict whose Claude hook is gone.
const conflictGone = "its Claude hook is gone, but the hook was edited here since migrate wrote it; kept"

// syncEvent syncs one event array: want are the indexes of the planned
// definitions of the event in order, have the migrated hooks present,
// mine the user's hooks that run a Claude hook's command, defs the
// array's definitions.
func (c *converter) syncEvent(ev string, want []int, have, mine []*present, defs []*config.Node) {
	c.matchPresent(want, have, mine)
	s := &eventSync{ev: ev, want: want, defs: defs, removeDef: map[int]bool{}, removeHook: map[int][]int{},
		byPlanned: map[int]*SyncItem{}, inPlace: map[int]int{}, fixed: map[int]int{}}
	s.classify(c, have, mine)
	c.emitEdits(s, s.arrange(c))
	// The report: the Claude side's hooks in its order, then those it no
	// longer has.
	for _, w := range s.want {
		it := s.byPlanned[w]
		it.Source = c.sourceOf(w)
		c.syncOf[w] = len(c.res.Sync)
		c.res.Sync = append(c.res.Sync, *it)
	}
	c.res.Sync = append(c.res.Sync, s.gone...)
}

// eventSync is what the sync of one event decides, step by step.
type eventSync struct {
	ev   string
	want []int          // planned indexes, in Claude order
	defs []*config.Node // the event's array as it is
	sets []Edit         // values changed in place
	// removeDef and removeHook are the definitions and hooks (definition
	// → hook indexes) that go.
	removeDef  map[int]bool
	removeHook map[int][]int
	byPlanned  map[int]*SyncItem
	gone       []SyncItem  // hooks whose Claude hook is gone
	inPlace    map[int]int // definition index → planned index it stays for
	fixed      map[int]int // definition index → planned index kept as it is (conflict)
}

// detach removes a hook present: its definition when it is alone there.
func (s *eventSync) detach(h *present) {
	if h.single {
		s.removeDef[h.di] = true
	} else {
		s.removeHook[h.di] = append(s.removeHook[h.di], h.hi)
	}
}

// matchPresent pairs the hooks present in the event's array with the
// planned definitions of want: a hook of the user's that runs the Claude
// command; then migrate's by the same Claude command and name, by the
// same Claude command (in order), by the same name. Each pass is a lookup
// in the planned definitions not taken yet, in Claude order.
func (c *converter) matchPresent(want []int, have, mine []*present) {
	ps := c.planned
	taken := map[int]bool{}
	match := func(hs []*present, key func(claude, name string) string, ok func(h *present) bool) {
		queue := map[string][]int{}
		for _, w := range want {
			if !taken[w] {
				k := key(ps[w].claude, ps[w].def.Hooks[0].Name)
				queue[k] = append(queue[k], w)
			}
		}
		for _, h := range hs {
			if h.match >= 0 || !ok(h) {
				continue
			}
			k := key(h.claude, h.def.Hooks[0].Name)
			q := queue[k]
			for len(q) > 0 && taken[q[0]] {
				q = q[1:]
			}
			if len(q) > 0 {
				h.match, taken[q[0]] = q[0], true
				q = q[1:]
			}
			queue[k] = q
		}
	}
	all := func(*present) bool { return true }
	byClaude := func(claude, _ string) string { return claude }
	match(mine, byClaude, all)
	match(have, func(claude, name string) string { return claude + "\x00" + name }, all)
	match(have, byClaude, all)
	match(have, func(_, name string) string { return name }, func(h *present) bool { return h.owned })
}

// classify decides what happens to each hook present: kept, unchanged,
// updated in place or moved, a conflict, or removed.
func (s *eventSync) classify(c *converter, have, mine []*present) {
	ps := c.planned
	for _, h := range mine {
		if h.match < 0 {
			continue
		}
		s.byPlanned[h.match] = &SyncItem{Action: ActionKept, Event: s.ev, Matcher: h.def.Matcher, Name: h.def.Hooks[0].Name, planned: ps[h.match].def.Matcher,
			Pointer: h.pointer, Line: h.line, Column: h.col,
			Reason: "written by hand (not named " + NamePrefix + "...) and runs this Claude hook's command: migrate leaves it and adds no copy"}
		if _, ok := s.fixed[h.di]; !ok {
			s.fixed[h.di] = h.match
		}
	}
	for _, h := range have {
		name := h.def.Hooks[0].Name
		if h.match < 0 {
			it := SyncItem{Event: s.ev, Matcher: h.def.Matcher, Name: name, Pointer: h.pointer, Line: h.line, Column: h.col}
			switch {
			case h.handWritten:
				it.Action, it.HandWritten = ActionConflict, true
				it.Reason = handWrittenReason(h)
			case h.legacy:
				it.Action, it.Reason = ActionRemoved, "a second copy of a Claude hook, from an earlier migration"
				s.detach(h)
			case h.src != "" && !c.read[h.src] && !c.gone[h.src]:
				// Only a Claude file that was read, or a shared one that
				// no longer exists, can have lost a hook: a missing
				// settings.local.json is one person's (Options.Gone).
				it.Action, it.Reason = ActionKept, "its Claude file "+h.src+" was not read here: left as it is"
			case h.edited && !c.opts.Force:
				it.Action, it.Reason = ActionConflict, conflictGone
			case c.gone[h.src]:
				it.Action, it.Reason = ActionRemoved, "its Claude file "+h.src+" is gone"
				s.detach(h)
			default:
				it.Action, it.Reason = ActionRemoved, "its Claude hook is gone"
				s.detach(h)
			}
			s.gone = append(s.gone, it)
			continue
		}
		p := ps[h.match]
		it := &SyncItem{Event: s.ev, Matcher: p.def.Matcher, Name: p.def.Hooks[0].Name, planned: p.def.Matcher, Pointer: h.pointer, Line: h.line, Column: h.col}
		changes := diffDef(h, p)
		switch {
		case h.handWritten:
			// Never taken over, whatever it holds: reported, kept in its
			// place, and no copy is added beside it.
			it.Action, it.Changes, it.HandWritten = ActionConflict, changes, true
			it.Name, it.Matcher = h.def.Hooks[0].Name, h.def.Matcher // the hook as it is
			it.Reason = handWrittenReason(h)
			s.fixed[h.di] = h.match
		case len(changes) == 0:
			it.Action = ActionUnchanged
			s.inPlace[h.di] = h.match
		case h.edited && !h.legacy && !c.opts.Force:
			it.Action, it.Changes = ActionConflict, changes
			it.Reason = "edited here since migrate wrote it; kept"
			s.fixed[h.di] = h.match
		default:
			it.Action, it.Changes = ActionUpdated, changes
			if h.single {
				s.inPlace[h.di] = h.match
				s.sets = append(s.sets, setEdits(h, p)...)
			} else {
				s.detach(h)
			}
		}
		s.byPlanned[h.match] = it
	}
}

// slot is a definition of an event's array as syncEvent arranges it, in
// a doubly linked list.
type slot struct {
	di         int // definition index in the array, -1 for a new one
	planned    int // -1 for a definition migrate leaves alone
	prev, next int // -1 at the ends
}

// arrange is the event's array after the sync: the longest run of
// migrated definitions already in Claude order stays in place, the others
// move, and new definitions go after the one of the Claude hook before
// them.
func (s *eventSync) arrange(c *converter) []slot {
	ps := c.planned
	// Keep in place the longest run of migrated definitions already in
	// Claude order; the others move.
	var order []int // definition indexes in place, in array order
	for di := range s.defs {
		if _, ok := s.inPlace[di]; ok {
			order = append(order, di)
		}
	}
	keep := lis(order, func(di int) int { return s.inPlace[di] })
	for _, di := range order {
		if !keep[di] {
			s.removeDef[di] = true
			delete(s.inPlace, di)
		}
	}
	// The array after removals (a doubly linked list), then the new
	// definitions in place.
	var seq []slot
	head, tail := -1, -1
	nodeOf := map[int]int{} // planned index → its slot
	// link puts the last slot of seq before the slot before (-1: at the
	// end) and returns it.
	link := func(before int) int {
		n := len(seq) - 1
		if before < 0 {
			seq[n].prev, seq[n].next = tail, -1
			if tail >= 0 {
				seq[tail].next = n
			} else {
				head = n
			}
			tail = n
			return n
		}
		p := seq[before].prev
		seq[n].prev, seq[n].next = p, before
		seq[before].prev = n
		if p >= 0 {
			seq[p].next = n
		} else {
			head = n
		}
		return n
	}
	for di := range s.defs {
		if s.removeDef[di] {
			continue
		}
		pl := -1
		if w, ok := s.inPlace[di]; ok {
			pl = w
		} else if w, ok := s.fixed[di]; ok {
			pl = w
		}
		seq = append(seq, slot{di: di, planned: pl})
		n := link(-1)
		if pl >= 0 {
			nodeOf[pl] = n
		}
	}
	// The first planned definition already in the array: new ones before
	// any placed one go before it.
	firstPlaced := -1
	for _, w := range s.want {
		if n, ok := nodeOf[w]; ok {
			firstPlaced = n
			break
		}
	}
	for wi, w := range s.want {
		if _, ok := nodeOf[w]; ok {
			continue
		}
		// After the definition of the Claude hook before it (always placed
		// by now), else before the first placed one, else at the end.
		seq = append(seq, slot{di: -1, planned: w})
		switch {
		case wi > 0:
			after := nodeOf[s.want[wi-1]]
			nodeOf[w] = link(seq[after].next)
		default:
			nodeOf[w] = link(firstPlaced)
		}
		if it := s.byPlanned[w]; it != nil {
			if it.Action == ActionUnchanged {
				it.Action, it.Changes = ActionUpdated, []string{"moved into the Claude side's order"}
			}
			continue
		}
		p := ps[w]
		s.byPlanned[w] = &SyncItem{Action: ActionAdded, Event: s.ev, Matcher: p.def.Matcher, Name: p.def.Hooks[0].Name}
	}
	var final []slot
	for n := head; n >= 0; n = seq[n].next {
		final = append(final, seq[n])
	}
	return final
}

// emitEdits writes the sync of an event as edits: values in place first,
// then removals from the end, then insertions from the start, so that
// each pointer holds when its edit is applied.
func (c *converter) emitEdits(s *eventSync, final []slot) {
	ps := c.planned
	ev := s.ev
	arr := "/hooks/" + config.EscapePointer(ev)
	c.res.Edits = append(c.res.Edits, s.sets...)
	removed := false
	for di := len(s.defs) - 1; di >= 0; di-- {
		hs := s.removeHook[di]
		if s.removeDef[di] || len(hs) > 0 && len(hs) == len(s.defs[di].Get("hooks").Items) {
			c.res.Edits = append(c.res.Edits, Edit{Op: "remove", Pointer: arr + "/" + strconv.Itoa(di)})
			removed = true
			continue
		}
		slices.Sort(hs)
		for k := len(hs) - 1; k >= 0; k-- {
			c.res.Edits = append(c.res.Edits, Edit{Op: "remove", Pointer: fmt.Sprintf("%s/%d/hooks/%d", arr, di, hs[k])})
		}
	}
	if c.hookKeys != nil && !slices.Contains(c.hookKeys, ev) && len(final) > 0 {
		// A new event array in an existing hooks object.
		var defs []Definition
		for _, s := range final {
			defs = append(defs, ps[s.planned].def)
		}
		c.res.Edits = append(c.res.Edits, Edit{Op: "insert-member", Pointer: "/hooks", Before: c.nextOwnedEvent(ev), Key: ev, Value: defs})
		final = nil
	}
	for i, s := range final {
		if s.di < 0 {
			c.res.Edits = append(c.res.Edits, Edit{Op: "insert", Pointer: arr + "/" + strconv.Itoa(i), Value: ps[s.planned].def})
		}
	}
	if removed && len(final) == 0 {
		c.res.Edits = append(c.res.Edits, Edit{Op: "prune", Pointer: arr})
	}
}

// nextOwnedEvent is the first key of the hooks object, after ev in
// Gemini's order, whose array holds only migrate's definitions ("" for
// none: the end).
func (c *converter) nextOwnedEvent(ev string) string {
	at := slices.Index(merge.Events, ev)
	for _, k := range c.hookKeys {
		if i := slices.Index(merge.Events, k); i > at && c.ownedOnly[k] {
			return k
		}
	}
	return ""
}

// sourceOf is where the Claude hook of planned definition w is.
func (c *converter) sourceOf(w int) *Position {
	it := c.res.Report.Items[c.planned[w].item]
	return &Position{Path: it.Path, Line: it.Line, Column: it.Column}
}

// lis returns the longest subsequence of xs whose keys increase, as a set
// (patience sorting: n log n).
func lis(xs []int, key func(int) int) map[int]bool {
	var tails []int // tails[k]: index in xs of the smallest last element of a run of length k+1
	prev := make([]int, len(xs))
	for i, x := range xs {
		k := sort.Search(len(tails), func(j int) bool { return key(xs[tails[j]]) >= key(x) })
		prev[i] = -1
		if k > 0 {
			prev[i] = tails[k-1]
		}
		if k == len(tails) {
			tails = append(tails, i)
		} else {
			tails[k] = i
		}
	}
	out := map[int]bool{}
	if len(tails) > 0 {
		for i := tails[len(tails)-1]; i >= 0; i = prev[i] {
			out[xs[i]] = true
		}
	}
	return out
}

// diffDef says how the present hook h differs from the planned p, one
// change a line ("timeout 600000 → 30000").
func diffDef(h *present, p *planned) []string {
	var out []string
	a, b := h.def.Hooks[0], p.def.Hooks[0]
	if a.Name != b.Name {
		out = append(out, "name "+show(a.Name)+" → "+show(b.Name))
	}
	if h.def.Matcher != p.def.Matcher {
		out = append(out, "matcher "+show(h.def.Matcher)+" → "+show(p.def.Matcher))
	}
	if a.Type != b.Type {
		out = append(out, "type "+show(a.Type)+" → "+show(b.Type))
	}
	if a.Command != b.Command {
		ia, ib := identity(a.Command), identity(b.Command)
		wa, wb := ia != a.Command, ib != b.Command
		switch {
		case ia != ib:
			out = append(out, "command "+show(ia)+" → "+show(ib))
		case wa && !wb:
			out = append(out, "no longer behind the adapter")
		case !wa && wb:
			out = append(out, "now behind the adapter (gh-hooks claude-compat)")
		default:
			out = append(out, "the adapter's command line")
		}
	}
	if a.Timeout != b.Timeout {
		out = append(out, "timeout "+showTimeout(a.Timeout)+" → "+showTimeout(b.Timeout))
	}
	if len(h.extra) > 0 {
		out = append(out, "fields migrate does not write: "+strings.Join(h.extra, ", "))
	}
	if !h.single {
		out = append(out, "into a definition of its own")
	}
	if len(out) == 0 && a.Description != b.Description {
		if h.legacy || !h.hasDesc {
			out = append(out, "description added")
		} else {
			out = append(out, "description "+show(a.Description)+" → "+show(b.Description))
		}
	}
	if len(out) == 0 && (!slices.Equal(h.hookKeys, hookKeys(b)) || !slices.Equal(h.defKeys, defKeys(p.def))) {
		out = append(out, "fields in Gemini's order")
	}
	return out
}

// show quotes a value for a change line, escaped and bounded.
func show(s string) string {
	if s == "" {
		return "(none)"
	}
	const max = 60
	if r := []rune(s); len(r) > max {
		s = string(r[:max-1]) + "…"
	}
	return strconv.Quote(visible.Escape(s))
}

func showTimeout(ms int64) string {
	if ms == 0 {
		return "(none)"
	}
	return strconv.FormatInt(ms, 10)
}

// hookKeys are the keys migrate writes for h, in its order.
func hookKeys(h Hook) []string {
	var ks []string
	if h.Name != "" {
		ks = append(ks, "name")
	}
	ks = append(ks, "type", "command")
	if h.Description != "" {
		ks = append(ks, "description")
	}
	if h.Timeout != 0 {
		ks = append(ks, "timeout")
	}
	return ks
}

func defKeys(d Definition) []string {
	if d.Matcher != "" {
		return []string{"matcher", "hooks"}
	}
	return []string{"hooks"}
}

// setEdits rewrites the present hook h as p: value by value when the
// two have the same keys in the same order, else the whole definition.
func setEdits(h *present, p *planned) []Edit {
	ptr := "/hooks/" + config.EscapePointer(h.event) + "/" + strconv.Itoa(h.di)
	a, b := h.def.Hooks[0], p.def.Hooks[0]
	if len(h.extra) > 0 || !slices.Equal(h.hookKeys, hookKeys(b)) || !slices.Equal(h.defKeys, defKeys(p.def)) {
		return []Edit{{Op: "set", Pointer: ptr, Value: p.def}}
	}
	var out []Edit
	hp := ptr + "/hooks/0/"
	if h.def.Matcher != p.def.Matcher {
		out = append(out, Edit{Op: "set", Pointer: ptr + "/matcher", Value: p.def.Matcher})
	}
	for _, f := range []struct {
		key  string
		a, b any
	}{{"name", a.Name, b.Name}, {"type", a.Type, b.Type}, {"command", a.Command, b.Command},
		{"description", a.Description, b.Description}, {"timeout", a.Timeout, b.Timeout}} {
		if f.a != f.b {
			out = append(out, Edit{Op: "set", Pointer: hp + f.key, Value: f.b})
		}
	}
	return out
}
