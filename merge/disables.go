package merge

import (
	"strconv"

	"github.com/gh-hooks/gh-hooks/config"
	"github.com/gh-hooks/gh-hooks/layers"
)

// Disables returns the hooks that a string entry of hooksConfig.disabled
// switches off, in r.Hooks order: those whose getHookName is that string,
// exactly and case-sensitively (hookRegistry.ts; spec §3.6). A hook whose
// name is not a string (5, true) is never matched by a string entry, since
// includes() compares by type (Hook.DisableKey); "" matches nothing. The
// entry is compared as given: an entry in a file is $VAR-expanded when
// loaded, so a caller holding what a user typed expands it first
// (config.Expand). This is the one place that matches an entry to hooks;
// which of those hooks Gemini registers (a known event) is the caller's
// question.
func (r *Result) Disables(entry string) []*Hook {
	r.byDisableNameOnce.Do(func() {
		r.byDisableName = make(map[string][]*Hook, len(r.Hooks))
		for _, h := range r.Hooks {
			if h.DisableName != "" && h.DisableKey() == h.DisableName {
				r.byDisableName[h.DisableName] = append(r.byDisableName[h.DisableName], h)
			}
		}
	})
	return r.byDisableName[entry]
}

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
	var out []ProjectDisable
	for i, it := range d.Items {
		if it.Kind != config.String {
			continue
		}
		var others []*Hook
		for _, h := range r.Disables(it.Str) {
			if h.Layer != layers.Project {
				others = append(others, h)
			}
		}
		if len(others) == 0 {
			continue
		}
		line, col := pl.Doc.Position(it.Offset)
		out = append(out, ProjectDisable{Entry: it.Str, Path: pl.Path, Pointer: "/hooksConfig/disabled/" + strconv.Itoa(i),
			Line: line, Column: col, Hooks: others})
	}
	return out
}
