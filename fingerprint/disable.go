package fingerprint

import "github.com/gh-hooks/gh-hooks/merge"

// DisablePlan is the change to the user layer's hooksConfig.disabled that
// makes Gemini skip the unapproved project hooks of a report.
type DisablePlan struct {
	// Add are the names to append, in report order, each once, none
	// already in the list.
	Add []string
	// Shared are the names in Add that other hooks carry too (approved
	// hooks of this project, or the other hooks given): disabling them
	// disables those as well.
	Shared []string
}

// PlanDisable computes which names to add to the user layer's
// hooksConfig.disabled (currently disabled) so that Gemini skips every new
// or changed project hook of r. Gemini unions hooksConfig.disabled across
// layers and matches it by exact name (name, or command for a nameless
// command hook; spec §3.3, §3.6), so the user layer can switch off project
// hooks. The side effect: the list applies to every hook with that name in
// every project, layer and extension, which Shared reports for the hooks
// it is given; hooks of other projects cannot be known here. This only
// computes the names; writing the file is config's job.
func PlanDisable(r *Report, disabled []string, others []merge.Hook) DisablePlan {
	have := map[string]bool{}
	for _, d := range disabled {
		have[d] = true
	}
	carriers := map[string]int{} // name -> hooks carrying it outside the unapproved set
	for _, h := range r.Hooks {
		if h.Status == Approved {
			carriers[h.DisableName]++
		}
	}
	for _, h := range others {
		carriers[h.DisableName]++
	}
	var p DisablePlan
	for _, h := range r.Hooks {
		if h.Status == Approved || have[h.DisableName] {
			continue
		}
		have[h.DisableName] = true
		p.Add = append(p.Add, h.DisableName)
		if carriers[h.DisableName] > 0 {
			p.Shared = append(p.Shared, h.DisableName)
		}
	}
	return p
}
