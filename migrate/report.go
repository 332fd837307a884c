package migrate

import (
	"strings"
)

// Fate is what became of one Claude hook.
type Fate string

// Fates. A hook is migrated when its Gemini copy behaves the same,
// migrated-with-changes when something is lost or altered (listed in
// Item.Changes), dropped when nothing is written (Item.Reason), and
// already-present when the target already holds the converted definition,
// so a second run writes nothing.
const (
	FateMigrated       Fate = "migrated"
	FateChanged        Fate = "migrated-with-changes"
	FateDropped        Fate = "dropped"
	FateAlreadyPresent Fate = "already-present"
)

// Item is the fate of one Claude hook handler (or of a malformed event,
// group or handler entry, which is reported as dropped at its position).
type Item struct {
	Path    string `json:"path"`
	Pointer string `json:"pointer"`
	Line    int    `json:"line"`
	Column  int    `json:"column"`
	// Event and Matcher are as written in the Claude file.
	Event   string `json:"event"`
	Matcher string `json:"matcher,omitempty"`
	Type    string `json:"type,omitempty"`
	Command string `json:"command,omitempty"`
	// Name is the name of the Gemini hook it became ("" when dropped).
	Name string `json:"name,omitempty"`
	Fate Fate   `json:"fate"`
	// GeminiEvent and GeminiMatchers describe the written definitions; ""
	// in GeminiMatchers is a definition without matcher (all).
	GeminiEvent    string   `json:"geminiEvent,omitempty"`
	GeminiMatchers []string `json:"geminiMatchers,omitempty"`
	// Reason says why a hook was dropped.
	Reason string `json:"reason,omitempty"`
	// Changes lists behaviour that differs under Gemini; Notes are
	// remarks that do not change behaviour (or may, by heuristic).
	Changes []string `json:"changes,omitempty"`
	Notes   []string `json:"notes,omitempty"`
	// Scripts are the files the command starts, with what they expect of
	// Claude (scanCommand).
	Scripts []Script `json:"scripts,omitempty"`
}

// Counts sums the fates of a report.
type Counts struct {
	Migrated       int `json:"migrated"`
	Changed        int `json:"migratedWithChanges"`
	Dropped        int `json:"dropped"`
	AlreadyPresent int `json:"alreadyPresent"`
}

// Report lists every source and every source hook in input order.
type Report struct {
	Target  Target    `json:"target"`
	Sources []*Source `json:"sources"`
	Items   []Item    `json:"items"`
	Counts  Counts    `json:"counts"`
}

func (r *Report) count() {
	r.Counts = Counts{}
	for _, it := range r.Items {
		switch it.Fate {
		case FateMigrated:
			r.Counts.Migrated++
		case FateChanged:
			r.Counts.Changed++
		case FateDropped:
			r.Counts.Dropped++
		case FateAlreadyPresent:
			r.Counts.AlreadyPresent++
		}
	}
}

// EventLabel is the item's event as a person reads it: the Claude event,
// the Gemini event it became and the matcher ("PreToolUse → BeforeTool [Bash]").
func (it Item) EventLabel() string {
	ev := it.Event
	if it.GeminiEvent != "" {
		ev += " → " + it.GeminiEvent
	}
	if it.Matcher != "" {
		ev += " [" + it.Matcher + "]"
	}
	return ev
}

// Why is the item's reason, changes and notes in one line.
func (it Item) Why() string {
	var why []string
	if it.Reason != "" {
		why = append(why, it.Reason)
	}
	why = append(why, it.Changes...)
	why = append(why, it.Notes...)
	return strings.NewReplacer("\t", " ", "\n", " ", "\r", " ").Replace(strings.Join(why, "; "))
}
