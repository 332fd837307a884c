package merge

import (
	"strconv"

	"github.com/gh-hooks/gh-hooks/config"
	"github.com/gh-hooks/gh-hooks/layers"
)

// ProjectDisable is an entry of the project file's hooksConfig.disabled
// that switches off a hook of another layer: the user's, the system's or
// an extension's. Gemini merges hooksConfig.disabled as a union across
// layers (spec §3.3) and matches it by name in every layer (§3.6), so a
// cloned repository can turn off the user's own guard hook; such an entry
// needs the user's attention (issue 24 §3).
type ProjectDisable struct {
	// Entry is the disabled name; Path, Pointer, Line and Column place it
	// in the project file.
	Entry   string
	Path    string
	Pointer string
	Line    int
	Column  int
	// Hooks are the hooks of other layers it disables (their IDs are
	// "user/...", "system/...", "extension:NAME/...").
	Hooks []*Hook
}

// ProjectDisables lists the entries of the project file's
// hooksConfig.disabled list that name a hook of another layer, in file
// order. The project file is read whether or not the folder is trusted:
// in an untrusted folder the list is not merged yet, and takes effect the
// moment the folder is trusted. A disabled value that is a string, not a
// list, is validate's disabled-string.
func ProjectDisables(r *Result) []ProjectDisable {
	pl := r.Set.Settings(layers.Project)
	if pl == nil || pl.Doc == nil || pl.Root == nil {
		return nil
	}
	d := pl.Root.Lookup("/hooksConfig/disabled")
	if d == nil || d.Kind != config.Array {
		return nil
	}
	others := map[string][]*Hook{}
	for _, h := range r.Hooks {
		if h.Layer != layers.Project && h.DisableName != "" && h.DisableKey() == h.DisableName {
			others[h.DisableName] = append(others[h.DisableName], h)
		}
	}
	var out []ProjectDisable
	for i, it := range d.Items {
		if it.Kind != config.String || len(others[it.Str]) == 0 {
			continue
		}
		line, col := pl.Doc.Position(it.Offset)
		out = append(out, ProjectDisable{Entry: it.Str, Path: pl.Path, Pointer: "/hooksConfig/disabled/" + strconv.Itoa(i),
			Line: line, Column: col, Hooks: others[it.Str]})
	}
	return out
}
