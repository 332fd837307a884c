package fingerprint

import (
	"slices"
	"sort"
)

// Upgrades are not alarms (issue 30 §9): a new Scheme changes every
// fingerprint, and more files may be followed than an approval recorded.
// An approval of an older scheme is compared by content instead: when
// every field that decides what runs is the same and every file it
// recorded is unchanged, the hook is SchemeChanged, not Changed, and
// Approve with Selection.Renew records it anew, listing what the new
// scheme reaches that the approval did not record. A file's stamp is the
// SHA-256 of its content, which is also the name of the copy kept at
// approval (CacheDir), so comparing stamps compares the kept copies with
// today's files.

// SchemeChange describes a hook approved under an older Scheme whose
// approved content is unchanged.
type SchemeChange struct {
	// From is the approval's scheme, To the current one.
	From int `json:"from"`
	To   int `json:"to"`
	// Same are the files the approval recorded that are unchanged, sorted.
	Same []string `json:"same"`
	// Added are the files the current scheme records that the approval
	// did not (files now followed), without the empty places watched;
	// they were not part of what was approved.
	Added []string `json:"added"`
	// Dropped are the files the approval recorded that the current scheme
	// no longer lists.
	Dropped []string `json:"dropped"`
	// NotCovered is true when the reasons the fingerprint does not cover
	// differ from the approval's (the follower knows more, or less).
	NotCovered bool `json:"notCovered"`
}

// SchemeChanged is the status of a hook approved under an older Scheme
// whose approved content is the same: not a change, and not yet an
// approval of the current fingerprint (trust approve --renew).
const SchemeChanged Status = "scheme-changed"

// schemeChange compares an approval o of an older scheme with the current
// record c: nil when o is of the current scheme or something it approved
// differs.
func schemeChange(o, c Record) *SchemeChange {
	if o.scheme() >= c.scheme() {
		return nil
	}
	if o.Event != c.Event || o.Matcher != c.Matcher || o.Sequential != c.Sequential || o.Type != c.Type ||
		o.Name != c.Name || o.Command != c.Command || o.Timeout != c.Timeout || !sameMap(o.Env, c.Env) || o.DotEnv != c.DotEnv {
		return nil
	}
	sc := &SchemeChange{From: o.scheme(), To: c.scheme(), Same: []string{}, Added: []string{}, Dropped: []string{},
		NotCovered: !slices.Equal(o.NotCovered, c.NotCovered)}
	for p, was := range o.Scripts {
		now, ok := c.Scripts[p]
		switch {
		case !ok:
			sc.Dropped = append(sc.Dropped, p)
		case now != was:
			return nil // content (or a file's state) changed: a change as usual
		default:
			sc.Same = append(sc.Same, p)
		}
	}
	for p, now := range c.Scripts {
		if _, ok := o.Scripts[p]; !ok && now != string(ScriptMissing) {
			sc.Added = append(sc.Added, p)
		}
	}
	sort.Strings(sc.Same)
	sort.Strings(sc.Added)
	sort.Strings(sc.Dropped)
	return sc
}

// Renewal is one approval that Approve with Selection.Renew records
// again under the current Scheme.
type Renewal struct {
	ID string `json:"id"`
	SchemeChange
}
