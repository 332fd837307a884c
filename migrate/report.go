package migrate

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
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
	Fate    Fate   `json:"fate"`
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

// WriteTable renders the report as a table with the columns SOURCE, EVENT,
// FATE and WHY, one row per item in input order. aligned pads columns for a
// terminal; otherwise columns are tab-separated for pipes. WHY joins the
// reason, changes and notes with "; ".
func WriteTable(w io.Writer, r *Report, aligned bool) error {
	rows := [][]string{{"SOURCE", "EVENT", "FATE", "WHY"}}
	for _, it := range r.Items {
		ev := it.Event
		if it.GeminiEvent != "" {
			ev += " → " + it.GeminiEvent
		}
		if it.Matcher != "" {
			ev += " [" + it.Matcher + "]"
		}
		var why []string
		if it.Reason != "" {
			why = append(why, it.Reason)
		}
		why = append(why, it.Changes...)
		why = append(why, it.Notes...)
		rows = append(rows, []string{fmt.Sprintf("%s:%d:%d", it.Path, it.Line, it.Column), ev, string(it.Fate),
			oneLine(strings.Join(why, "; "))})
	}
	if !aligned {
		for _, row := range rows {
			if _, err := fmt.Fprintln(w, strings.Join(row, "\t")); err != nil {
				return err
			}
		}
		return nil
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	for _, row := range rows {
		fmt.Fprintln(tw, strings.Join(row, "\t"))
	}
	return tw.Flush()
}

func oneLine(s string) string {
	return strings.NewReplacer("\t", " ", "\n", " ", "\r", " ").Replace(s)
}
