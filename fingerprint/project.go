package fingerprint

import (
	"slices"
	"sort"

	"github.com/gh-hooks/gh-hooks/config"
	"github.com/gh-hooks/gh-hooks/layers"
	"github.com/gh-hooks/gh-hooks/merge"
)

// ProjectOf is the Project of set's trust check run in dir, the physical
// project directory: named as both stores key it (NewProject), with the
// home the hooks see (Set.UserHome) and the stamp of the .env Gemini
// loads into every hook's environment, which is part of every project
// hook's fingerprint.
func ProjectOf(dir string, set *layers.Set) (Project, error) {
	p, err := NewProject(dir)
	if err != nil {
		return Project{}, err
	}
	p.UserHome = set.UserHome()
	p.DotEnv = set.DotEnv.Stamp()
	p.DotEnvPairs = set.DotEnv.StampPairs()
	return p, nil
}

// ProjectHooks are the project file's hooks of r in the order in which
// Gemini's trust check walks Object.keys(settings.workspace.settings.hooks)
// (trustedHooks.ts getUntrustedHooks/trustHooks, spec §6): when the file
// passes validation, Zod has rebuilt the object in schema order (the
// eleven events, then other keys in file order, spec §2.5); when it fails,
// the raw object keeps file order. Within an event merge already keeps
// definition and hook order. merge.Result.Hooks orders unknown keys by
// first appearance across all layers, which can differ, so the order is
// rebuilt from the project file alone.
func ProjectHooks(r *merge.Result) []merge.Hook {
	var hooks []merge.Hook
	for _, h := range r.Hooks {
		if h.Layer == layers.Project {
			hooks = append(hooks, *h)
		}
	}
	pl := r.Set.Settings(layers.Project)
	valid := pl == nil || pl.Doc == nil || merge.Valid(pl.Doc.Root)
	rank := map[string]int{}
	if valid {
		for i, e := range merge.Events {
			rank[e] = i
		}
	}
	if pl != nil && pl.Doc != nil {
		if h := pl.Doc.Root.Get("hooks"); h != nil && h.Kind == config.Object {
			for _, k := range h.Keys {
				if _, ok := rank[k]; !ok {
					rank[k] = len(rank)
				}
			}
		}
	}
	rankOf := func(e string) int {
		if r, ok := rank[e]; ok {
			return r
		}
		return len(rank)
	}
	sort.SliceStable(hooks, func(i, j int) bool { return rankOf(hooks[i].Event) < rankOf(hooks[j].Event) })
	return hooks
}

// Unacknowledged drops from ps, the .env findings of set, those
// acknowledged with trust approve --accept-dotenv in home's store for
// project p or in team (a baseline's acknowledgements), and says how many
// it dropped. A store that cannot be read acknowledges nothing (the audit
// reports it).
func Unacknowledged(home string, p Project, set *layers.Set, ps []config.Problem, team ...string) ([]config.Problem, int) {
	acked, err := AcceptedDotEnv(home, p)
	if err != nil {
		acked = nil
	}
	acked = append(acked, team...)
	if len(acked) == 0 {
		return ps, 0
	}
	var out []config.Problem
	for _, f := range ps {
		if !slices.Contains(acked, DotEnvAckKey(p, set, f)) {
			out = append(out, f)
		}
	}
	return out, len(ps) - len(out)
}
