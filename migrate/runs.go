package migrate

import (
	"fmt"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/gh-hooks/gh-hooks/config"
	"github.com/gh-hooks/gh-hooks/merge"
)

// CodeNotRun is migrate --check's code for a Gemini hook that holds a
// Claude hook (in sync by its content) but that Gemini does not run where
// the Claude hook ran: disabled by a layer's hooksConfig.disabled, or a
// matcher that misses a tool the Claude hook's matcher names.
const CodeNotRun = "migrate-not-run"

// NotRun checks, for every hook of res that holds a Claude hook (in sync
// or kept), the state that makes Gemini run it, in r (every layer merged):
// the hook is enabled (no layer's hooksConfig.disabled names it), and,
// for a tool event in a trusted folder, Gemini's planner picks it for
// every Gemini tool that the matcher migrate writes picks (Result.Plan:
// the matcher, duplicates, the hook's state). target is the file res was
// computed against, display how problems name it. A hook it does not
// find in r (an extension not installed) is not checked. (What the
// command runs is checked by the sync itself: a hook holds a Claude hook
// only when bash reaches the adapter on every path, identity.)
func NotRun(res *Result, r *merge.Result, target, display string) []config.Problem {
	var out []config.Problem
	byPointer := map[string]*merge.Hook{}
	for _, h := range r.Hooks {
		if sameFile(h.Path, target) {
			byPointer[h.Pointer] = h
		}
	}
	for _, it := range res.Sync {
		if it.Action != ActionUnchanged && it.Action != ActionKept || it.Pointer == "" {
			continue
		}
		h := byPointer[it.Pointer]
		if h == nil {
			continue
		}
		name := it.Name
		if name == "" {
			name = it.Event + " hook"
		}
		p := config.Problem{Severity: config.SevError, Code: CodeNotRun, Path: display, Pointer: it.Pointer, Line: it.Line, Column: it.Column}
		switch {
		case !h.Enabled:
			p.Message = fmt.Sprintf("%s holds a Claude hook, but Gemini does not run it: %s", name, h.Reason)
			p.Hint = "remove the entry that names it from hooksConfig.disabled"
			if it.Name != "" {
				p.Hint += " (gh-hooks enable " + it.Name + ")"
			}
		case r.Set.Trust.Trusted && merge.ContextOf(it.Event) == merge.ToolContext:
			missed := missedTools(r, h, it.planned)
			if len(missed) == 0 {
				continue
			}
			why := fmt.Sprintf("its matcher %q does not pick them", h.Matcher)
			if !h.Active {
				why = h.Reason
			}
			p.Message = fmt.Sprintf("%s holds a Claude hook, but Gemini does not run it for %s, which the Claude hook's matcher names: %s", name, joinQuoted(missed), why)
			p.Hint = fmt.Sprintf("give the definition the matcher migrate writes (%q), or remove the hook and run gh-hooks migrate", it.planned)
		default:
			continue
		}
		out = append(out, p)
	}
	return out
}

// missedTools are the Gemini tools that the matcher migrate writes picks
// and whose plan does not run h.
func missedTools(r *merge.Result, h *merge.Hook, planned string) []string {
	var missed []string
	for _, tool := range geminiTools() {
		if !matches(planned, tool) {
			continue
		}
		plan := r.Plan(h.Event, tool, "")
		if !slices.ContainsFunc(plan.Run, func(x *merge.Hook) bool { return x.ID == h.ID }) {
			missed = append(missed, tool)
		}
	}
	return missed
}

// matches reports whether a matcher migrate writes picks tool, with
// Gemini's rules (merge.MatchTool).
func matches(matcher, tool string) bool {
	return merge.MatchTool(matcher, tool)
}

// geminiTools are the Gemini tools a Claude tool maps to, sorted.
func geminiTools() []string {
	seen := map[string]bool{}
	var out []string
	for _, t := range toolTable {
		if g := t.gemini; g != "" && !seen[g] {
			seen[g] = true
			out = append(out, g)
		}
	}
	sort.Strings(out)
	return out
}

func joinQuoted(ss []string) string { return strings.Join(ss, ", ") }

// sameFile reports whether a and b name the same file.
func sameFile(a, b string) bool {
	if filepath.Clean(a) == filepath.Clean(b) {
		return true
	}
	ra, err1 := filepath.EvalSymlinks(a)
	rb, err2 := filepath.EvalSymlinks(b)
	return err1 == nil && err2 == nil && ra == rb
}
