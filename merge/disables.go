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

// MissKind says why a name meant for hooksConfig.disabled switches off no
// loaded hook.
type MissKind string

// The kinds of Miss.
const (
	// MissTyped: a hook's name is that text, but not a string (5, true),
	// and includes() compares by type.
	MissTyped MissKind = "typed"
	// MissCommand: the name is the command of a hook that has a name,
	// which Gemini matches instead.
	MissCommand MissKind = "command"
	// MissID: the name is a hook's id as gh-hooks prints it; the list
	// holds names.
	MissID MissKind = "id"
	// MissUnknown: no hook has that name, command or id.
	MissUnknown MissKind = "unknown"
)

// Miss is why a name switches off no loaded hook, with the hook it was
// probably meant for (nil for MissUnknown).
type Miss struct {
	Kind MissKind
	Hook *Hook
}

// Miss says why name, as a user would write it into hooksConfig.disabled,
// switches off no loaded hook: Gemini matches the entry exactly against
// name || command, after $VAR expansion of both (spec §3.6). false when it
// switches off one.
func (r *Result) Miss(name string) (Miss, bool) {
	exp := config.Expand(name, r.Set.Lookup)
	if len(r.Disables(name)) > 0 || len(r.Disables(exp)) > 0 {
		return Miss{}, false
	}
	for _, h := range r.Hooks {
		if h.DisableName == name || h.DisableName == exp {
			return Miss{Kind: MissTyped, Hook: h}, true
		}
	}
	for _, h := range r.Hooks {
		if h.Name != "" && (h.Command == name || h.ExpandedCommand == exp) {
			return Miss{Kind: MissCommand, Hook: h}, true
		}
	}
	for _, h := range r.Hooks {
		if h.ID == name {
			return Miss{Kind: MissID, Hook: h}, true
		}
	}
	return Miss{Kind: MissUnknown}, true
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
