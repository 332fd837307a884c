package fingerprint

import (
	"fmt"
	"sort"
	"strings"

	"github.com/gh-hooks/gh-hooks/config"
)

// FieldChange is one field of a hook that differs from its approval. Old
// or New is "" when the field was or is not set.
type FieldChange struct {
	Field string `json:"field"`
	Old   string `json:"old"`
	New   string `json:"new"`
}

// ScriptChange is one project file whose content or state differs from
// its approval.
type ScriptChange struct {
	Path string `json:"path"`
	// Old and New are the recorded stamps ("sha256:…", "missing", …); Old
	// is "" for a file the approval did not have, New "" for one the
	// command no longer starts.
	Old string `json:"old"`
	New string `json:"new"`
	// Diff is the unified diff from the approved content to the current
	// one, when both are known.
	Diff string `json:"diff,omitempty"`
	// Note says why there is no diff.
	Note string `json:"note,omitempty"`
}

// Explanation is what changed in a hook since its approval.
type Explanation struct {
	Fields  []FieldChange  `json:"fields"`
	Scripts []ScriptChange `json:"scripts"`
	// DotEnv names the variables of the project's .env that changed, when
	// its stamp did; DotEnvNote says why they cannot be named (the
	// approved pairs were not kept).
	DotEnv     []DotEnvChange `json:"dotenv,omitempty"`
	DotEnvNote string         `json:"dotenvNote,omitempty"`
}

// Explain compares a hook with the approval it is judged against: for a
// changed hook its approval, for a new hook with a stale approval of the
// same name that one; nil for other hooks. The approved content of a
// script comes from the cache of approved scripts (CacheDir under home);
// its current content from the audit.
func Explain(home string, h HookReport) *Explanation {
	old := h.Approved
	if old == nil {
		old = h.StaleApproval
	}
	if old == nil {
		return nil
	}
	cur := h.Current
	e := &Explanation{Fields: []FieldChange{}, Scripts: []ScriptChange{}}
	field := func(name, o, n string) {
		if o != n {
			e.Fields = append(e.Fields, FieldChange{Field: name, Old: o, New: n})
		}
	}
	field("event", old.Event, cur.Event)
	field("name", old.Name, cur.Name)
	field("type", old.Type, cur.Type)
	field("command", old.Command, cur.Command)
	field("matcher", old.Matcher, cur.Matcher)
	field("sequential", fmt.Sprint(old.Sequential), fmt.Sprint(cur.Sequential))
	field("timeout", config.FormatNumber(float64(old.Timeout))+" ms", config.FormatNumber(float64(cur.Timeout))+" ms")
	field("not covered", strings.Join(old.NotCovered, "; "), strings.Join(cur.NotCovered, "; "))
	for _, k := range unionKeys(old.Env, cur.Env) {
		o, n := old.Env[k], cur.Env[k]
		if _, ok := old.Env[k]; ok {
			o = k + "=" + o
		}
		if _, ok := cur.Env[k]; ok {
			n = k + "=" + n
		}
		field("env", o, n)
	}
	if old.DotEnv != cur.DotEnv {
		switch ch, ok := dotEnvChanges(home, old.DotEnv, h.dotEnv); {
		case old.DotEnv == "unread" || cur.DotEnv == "unread":
			e.DotEnvNote = "it was or is unreadable"
		case !ok:
			e.DotEnvNote = "the approved variables were not kept (approved by another gh-hooks, or evicted): their names cannot be compared"
		default:
			e.DotEnv = ch
		}
	}
	data := map[string][]byte{}
	for _, s := range h.Scripts {
		data[s.Path] = s.data
	}
	for _, p := range unionKeys(old.Scripts, cur.Scripts) {
		was, now := old.Scripts[p], cur.Scripts[p]
		if was == now || was == "" && now == string(ScriptMissing) {
			continue // unchanged, or a new place looked in, empty (see Diff)
		}
		sc := ScriptChange{Path: p, Old: was, New: now}
		before := approvedContent(home, was)
		after := data[p]
		switch {
		case now == "":
			sc.Note = "the command no longer starts it"
		case !strings.HasPrefix(now, "sha256:"):
			sc.Note = "it is " + now + " now"
		case after == nil:
			sc.Note = fmt.Sprintf("larger than %d KiB: no diff", KeepMax>>10)
		case was == "":
			sc.Diff = config.Diff(strings.TrimPrefix(p, "./"), nil, after)
		case !strings.HasPrefix(was, "sha256:"):
			sc.Note = "it was " + was + " when approved"
			sc.Diff = config.Diff(strings.TrimPrefix(p, "./"), nil, after)
		case before == nil:
			sc.Note = "the approved content was not kept (larger than 1 MiB, approved by another gh-hooks, or evicted): no diff"
		default:
			sc.Diff = config.Diff(strings.TrimPrefix(p, "./"), before, after)
		}
		e.Scripts = append(e.Scripts, sc)
	}
	return e
}

// unionKeys returns the keys of a and b, sorted.
func unionKeys(a, b map[string]string) []string {
	seen := map[string]bool{}
	var out []string
	for _, m := range []map[string]string{a, b} {
		for k := range m {
			if !seen[k] {
				seen[k] = true
				out = append(out, k)
			}
		}
	}
	sort.Strings(out)
	return out
}
