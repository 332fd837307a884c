package config

import (
	"math/rand/v2"
	"sort"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestSortProblems checks the order against a plain stable sort of the
// problems themselves, on random lists full of ties (the stable part:
// problems equal on every key keep their order, told apart by Message).
func TestSortProblems(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	sevs := []Severity{SevError, SevWarning, SevInfo}
	for round := range 200 {
		ps := make([]Problem, r.IntN(40))
		for i := range ps {
			ps[i] = Problem{Severity: sevs[r.IntN(3)], Path: []string{"a", "b"}[r.IntN(2)], Line: r.IntN(3), Column: r.IntN(2),
				Code: []string{"x", "y"}[r.IntN(2)], Message: string(rune('A' + i))}
		}
		want := make([]Problem, len(ps))
		copy(want, ps)
		sort.SliceStable(want, func(i, j int) bool {
			a, b := want[i], want[j]
			if a.Severity.rank() != b.Severity.rank() {
				return a.Severity.rank() < b.Severity.rank()
			}
			if a.Path != b.Path {
				return a.Path < b.Path
			}
			if a.Line != b.Line {
				return a.Line < b.Line
			}
			if a.Column != b.Column {
				return a.Column < b.Column
			}
			return a.Code < b.Code
		})
		SortProblems(ps)
		if d := cmp.Diff(want, ps); d != "" {
			t.Fatalf("round %d: (-want +got):\n%s", round, d)
		}
	}
}
