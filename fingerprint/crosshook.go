package fingerprint

import (
	"path/filepath"
	"slices"
	"strings"

	"github.com/gh-hooks/gh-hooks/shellcmd"
)

// One hook writing what another runs. Each hook is fingerprinted alone,
// but the project's hooks run again and again, in any order: a file one
// hook writes (`cat tmpl > gen.sh`, open("gen.sh", "w") in its script)
// holds at the next run of another hook what was written, not what that
// hook's fingerprint hashed. So a project file a hook runs or loads that
// another project hook writes makes it not covered, naming the writer;
// and after a hook writes to a path gh-hooks cannot compute, every other
// hook that runs a project file is not covered. A disabled hook counts
// too: enabling it changes no fingerprint.

// hookWrites is what one hook's command writes and runs
// (shellcmd.Analysis.Writes).
type hookWrites struct {
	written   map[string]string
	somewhere string
	runs      []string
}

// crossWrites returns, for each hook of hooks (writes is theirs, in the
// same order), the reasons another hook's writes add.
func crossWrites(p Project, hooks []Hook, writes []hookWrites) [][]string {
	out := make([][]string, len(hooks))
	some := false
	for _, w := range writes {
		some = some || len(w.written) > 0 || w.somewhere != ""
	}
	if !some {
		return out
	}
	rel := func(f string) (string, bool) {
		r, err := filepath.Rel(p.Dir, f)
		if err != nil || r == ".." || strings.HasPrefix(r, ".."+string(filepath.Separator)) {
			return "", false
		}
		return "./" + filepath.ToSlash(r), true
	}
	for j, b := range writes {
		var runs []string
		for _, f := range b.runs {
			if r, ok := rel(f); ok {
				runs = append(runs, r)
			}
		}
		if len(runs) == 0 {
			continue
		}
		// The files the hook reaches first (its script) are named first.
		first := map[string]int{}
		for n, s := range hooks[j].Scripts {
			if _, seen := first[s.Path]; !seen && !s.Probe {
				first[s.Path] = n + 1
			}
		}
		slices.SortStableFunc(runs, func(x, y string) int {
			fx, fy := first[x], first[y]
			switch {
			case fx == fy:
				return 0
			case fx == 0:
				return 1
			case fy == 0:
				return -1
			}
			return fx - fy
		})
		for i, a := range writes {
			if i == j {
				continue // the hook's own writes: shellcmd's checkWritten
			}
			by := "the hook " + hooks[i].ID
			trees := map[string]bool{}
			for _, f := range b.runs {
				how, tree, ok := shellcmd.WrittenBy(a.written, f)
				r, in := rel(f)
				switch {
				case !ok || !in:
				case tree == "":
					out[j] = append(out[j], r+" is written by "+by+" ("+how+") and run by this one: what it runs is not followed")
				case !trees[tree]:
					// A tree written: once, with the first file run there.
					trees[tree] = true
					t, _ := rel(tree)
					out[j] = append(out[j], "files in "+strings.TrimSuffix(strings.TrimSuffix(t, "."), "/")+"/ are written by "+by+" ("+how+"), and this one runs "+r+" there: what it runs is not followed")
				}
			}
			if a.somewhere != "" {
				what := runs[0] + ", which this hook runs"
				if len(runs) > 1 {
					what = runs[0] + " or another of the project files this hook runs"
				}
				out[j] = append(out[j], a.somewhere+" in "+by+": it may write "+what+": what it runs is not followed")
			}
		}
	}
	return out
}
