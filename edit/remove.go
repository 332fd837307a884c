package edit

import (
	"sort"
	"strconv"

	"github.com/gh-hooks/gh-hooks/config"
)

// Selector chooses the hooks Find returns: those whose name is Name, or
// (when Name is "") whose command is Command, exactly as written in the
// file; only under the event key Event when it is not "".
type Selector struct {
	Name, Command, Event string
}

// Match is one hook found by Find.
type Match struct {
	// Event is the event key; DefIndex the definition's index in its array
	// (-1 for a bare-object event value, which Gemini wraps, spec §3.2);
	// HookIndex the hook's index in the definition's "hooks".
	Event     string
	DefIndex  int
	HookIndex int
	// Pointer is the hook's RFC 6901 pointer; Line and Column its position.
	Pointer      string
	Line, Column int
	Name         string
	Command      string
}

// ID is the hook id without its layer part: Event/def/hook, with "*" for
// a bare-object definition (the same ids as gh-hooks effective).
func (m Match) ID() string {
	def := "*"
	if m.DefIndex >= 0 {
		def = strconv.Itoa(m.DefIndex)
	}
	return m.Event + "/" + def + "/" + strconv.Itoa(m.HookIndex)
}

// Find returns the hooks of doc chosen by sel, in file order (event keys
// in the order they appear). Any key of "hooks" is searched, also ones
// Gemini does not know (such as Claude's PreToolUse), so leftovers can be
// removed. A nil doc has no hooks.
func Find(doc *config.Document, sel Selector) []Match {
	if doc == nil {
		return nil
	}
	hooks := doc.Root.Get("hooks")
	if hooks == nil || hooks.Kind != config.Object {
		return nil
	}
	var out []Match
	for i, ev := range hooks.Keys {
		if sel.Event != "" && ev != sel.Event {
			continue
		}
		val := hooks.Vals[i]
		defs, wrapped := items(val), false
		if val.Kind == config.Object {
			defs, wrapped = []*config.Node{val}, true
		}
		for di, def := range defs {
			for hi, hk := range items(def.Get("hooks")) {
				name, cmd := rawString(hk.Get("name")), rawString(hk.Get("command"))
				if sel.Name != "" && name != sel.Name || sel.Name == "" && (cmd != sel.Command || !hk.Get("command").IsString()) {
					continue
				}
				m := Match{Event: ev, DefIndex: di, HookIndex: hi, Pointer: hk.Pointer(), Name: name, Command: cmd}
				if wrapped {
					m.DefIndex = -1
				}
				m.Line, m.Column = doc.Position(hk.Offset)
				out = append(out, m)
			}
		}
	}
	return out
}

// Remove returns doc's bytes without the hooks ms (from Find on the same
// doc), and without what their removal leaves empty: a definition with no
// hooks left, an event key with no definitions left, and a "hooks" object
// with no events left. Everything else keeps its bytes; in particular,
// removing what Add added gives back the original file (unless the event
// array or the "hooks" object was already empty before the Add).
func Remove(doc *config.Document, ms []Match) ([]byte, error) {
	if len(ms) == 0 {
		return doc.Data, nil
	}
	// Remove from the end so that earlier indexes stay valid.
	ms = append([]Match(nil), ms...)
	sort.SliceStable(ms, func(i, j int) bool {
		a, b := ms[i], ms[j]
		if a.Event != b.Event {
			return a.Event < b.Event
		}
		if a.DefIndex != b.DefIndex {
			return a.DefIndex > b.DefIndex
		}
		return a.HookIndex > b.HookIndex
	})
	e := doc.Edit()
	for i := 0; i < len(ms); {
		j := i
		for j < len(ms) && ms[j].Event == ms[i].Event && ms[j].DefIndex == ms[i].DefIndex {
			j++
		}
		evPtr := "/hooks/" + config.EscapePointer(ms[i].Event)
		defPtr := evPtr
		if ms[i].DefIndex >= 0 {
			defPtr += "/" + strconv.Itoa(ms[i].DefIndex)
		}
		def := doc.Root.Lookup(defPtr)
		if len(items(def.Get("hooks"))) == j-i {
			// Every hook of the definition goes: drop the definition.
			if err := e.Remove(defPtr); err != nil {
				return nil, err
			}
		} else {
			for _, m := range ms[i:j] {
				if err := e.Remove(m.Pointer); err != nil {
					return nil, err
				}
			}
		}
		i = j
		if i == len(ms) || ms[i].Event != ms[i-1].Event {
			if err := e.Prune(evPtr); err != nil {
				return nil, err
			}
		}
	}
	// A bare-object event value was removed as a whole, which Prune does
	// not see: drop a "hooks" object left empty by this removal too.
	if _, err := e.RemoveIfEmpty("/hooks"); err != nil {
		return nil, err
	}
	return e.Bytes()
}
