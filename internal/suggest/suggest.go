// Package suggest finds the names nearest to a mistyped one, for the
// "did you mean" hints of flags, commands, events, tools and codes.
package suggest

import (
	"sort"
	"unicode/utf8"

	"github.com/agnivade/levenshtein"
)

// maxSuggestLen bounds the length of the names Closest compares: the edit
// distance takes time in the product of two lengths, and a hook name from
// a cloned repository can be megabytes long.
const maxSuggestLen = 256

// Closest returns the candidates nearest to q by edit distance (ties by
// name), at most 3, each within a third of q's length (at least 2 edits).
// Names longer than maxSuggestLen are neither looked for nor offered.
func Closest(q string, cands []string) []string {
	type scored struct {
		s string
		d int
	}
	if len(q) > maxSuggestLen {
		return nil
	}
	n := utf8.RuneCountInString(q)
	limit := max(2, n/3)
	seen := map[string]bool{}
	var best []scored
	for _, c := range cands {
		if seen[c] || len(c) > maxSuggestLen {
			continue
		}
		seen[c] = true
		if m := utf8.RuneCountInString(c); m > n+limit || n > m+limit {
			continue // at least |n-m| edits apart
		}
		if d := levenshtein.ComputeDistance(q, c); d <= limit {
			best = append(best, scored{c, d})
		}
	}
	sort.Slice(best, func(i, j int) bool {
		if best[i].d != best[j].d {
			return best[i].d < best[j].d
		}
		return best[i].s < best[j].s
	})
	var out []string
	for i := 0; i < len(best) && i < 3; i++ {
		out = append(out, best[i].s)
	}
	return out
}
