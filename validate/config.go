package validate

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/gh-hooks/gh-hooks/config"
	"github.com/gh-hooks/gh-hooks/layers"
	"github.com/gh-hooks/gh-hooks/merge"
)

// duplicates reports active hooks that the planner drops because an
// earlier hook of the same event has the same getHookKey. Gemini
// deduplicates after matcher filtering, within one firing of the event
// (hookPlanner.ts:47-51, spec §3.7, §4), so two copies whose matchers never
// select the same firing (a SessionStart hook split over "startup" and
// "resume") both run, each at its own firing, and are not reported.
func (c *checker) duplicates() {
	type key struct{ event, key string }
	first := make(map[key][]*merge.Hook, len(c.r.Hooks)) // sized once: no growth
	for _, h := range c.r.Hooks {
		if !h.Active {
			continue
		}
		k := key{h.Event, h.Key}
		earlier := first[k]
		// earlier holds one copy per distinct matcher (firesTogether
		// depends on the matchers alone), at most maxDuplicateMatchers:
		// 50,000 copies of one hook were compared each with all before it
		// (validate took 13 s); a hostile file of more distinct matchers
		// is compared with the first ones only.
		seen := false
		for _, f := range earlier {
			seen = seen || sameMatcher(f, h)
			firing, ok := firesTogether(f, h)
			if !ok {
				continue
			}
			c.add(h.Path, h.Pointer, config.SevWarning, "duplicate-hook",
				fmt.Sprintf("Gemini runs this %s hook only once%s: it has the same name and command (key %q) as the hook at %s, which comes first and wins whenever both match; this copy's matcher, timeout and env are then ignored", h.Event, firing, h.Key, where(f)),
				"remove one copy, or give the copies different names if both should run")
			break
		}
		if !seen && len(earlier) < maxDuplicateMatchers {
			first[k] = append(earlier, h)
		}
	}
}

// maxDuplicateMatchers is how many copies of one hook (same event and
// key) with different matchers duplicates compares a later copy with.
const maxDuplicateMatchers = 20

// sameMatcher reports whether a and b select the same firings: the same
// matcher value (merge.Hook.Matches reads nothing else of a hook).
func sameMatcher(a, b *merge.Hook) bool {
	an, bn := a.MatcherNode, b.MatcherNode
	switch {
	case an == nil || bn == nil || !an.Truthy() || !bn.Truthy():
		return (an == nil || !an.Truthy()) && (bn == nil || !bn.Truthy())
	case an.IsString() && bn.IsString():
		return a.Matcher == b.Matcher
	}
	return false
}

// firesTogether reports whether one firing of the event can select both
// a and b, and names it (" for trigger startup", " for tool write_file";
// "" when every firing does). Trigger events fire with a fixed set of
// triggers (spec §2.1); tool events are tried with Gemini's built-in tools
// and with each matcher read as a tool name (an MCP tool, say), so two
// regular expressions that only share a tool nobody has are not reported.
func firesTogether(a, b *merge.Hook) (string, bool) {
	var tries []merge.Context
	switch merge.ContextOf(a.Event) {
	case merge.TriggerContext:
		for _, t := range merge.Triggers[a.Event] {
			tries = append(tries, merge.Context{Trigger: t})
		}
	case merge.ToolContext:
		for _, t := range append(slices.Clip(geminiTools), strings.TrimSpace(a.Matcher), strings.TrimSpace(b.Matcher)) {
			tries = append(tries, merge.Context{Tool: t})
		}
	default:
		return "", true // fired without a context: every hook matches
	}
	all := true
	var first string
	for _, ctx := range tries {
		if a.Matches(&ctx) && b.Matches(&ctx) {
			if first == "" {
				first = ctx.Tool + ctx.Trigger
			}
		} else {
			all = false
		}
	}
	switch {
	case first == "":
		return "", false
	case all || merge.ContextOf(a.Event) == merge.ToolContext:
		return "", true
	}
	return " for trigger " + first, true
}

// sharedNames reports a name used by several different hooks: one
// hooksConfig.disabled entry disables all of them (spec §3.6).
func (c *checker) sharedNames() {
	first := make(map[string]*merge.Hook, len(c.r.Hooks))
	for _, h := range c.r.Hooks {
		// Only a name Gemini matches counts (a name of 0 or false falls
		// through to the command), with its type (5 is not "5").
		if h.Name == "" || h.DisableName != h.Name || !merge.IsEvent(h.Event) {
			continue
		}
		key := h.DisableKey()
		f := first[key]
		if f == nil {
			first[key] = h
			continue
		}
		if f.Event == h.Event && f.Key == h.Key {
			continue // a plain duplicate, see duplicate-hook
		}
		what := fmt.Sprintf("%q", h.Name)
		if key != h.DisableName {
			what = h.Name + " (not a string)"
		}
		c.add(h.Path, h.Pointer+"/name", config.SevInfo, "name-shared",
			fmt.Sprintf("the name %s is also used by the %s hook at %s: one hooksConfig.disabled entry disables every hook of that name, in every event and layer", what, f.Event, where(f)),
			"give each hook its own name if you want to disable them separately")
	}
}

// disabled checks each hooksConfig.disabled entry of the loaded settings
// files against the hooks' names (getHookName, exact and case-sensitive,
// compared after $VAR expansion; spec §3.6).
func (c *checker) disabled() {
	if c.r.DisabledSubstring {
		return // merge's disabled-string covers it
	}
	type list struct {
		l *layers.Layer
		d *config.Node
	}
	var lists []list
	for _, l := range c.r.Set.Layers {
		if l.Kind == layers.Extension || !l.Loaded || l.Root == nil || l.Doc == nil {
			continue
		}
		if d := l.Root.Lookup("/hooksConfig/disabled"); d != nil && d.Kind == config.Array && len(d.Items) > 0 {
			lists = append(lists, list{l, d})
		}
	}
	if len(lists) == 0 {
		return // most projects disable nothing: the lookups below are not built
	}
	// The names an entry can usefully hold, for the hints: each once, in
	// hook order.
	listed := make(map[string]bool, len(c.r.Hooks))
	var all []string
	for _, h := range c.r.Hooks {
		if n := h.DisableName; !listed[n] && n != "" && n != "unknown-hook" && n != "unknown-command" && merge.IsEvent(h.Event) && h.DisableKey() == n {
			listed[n] = true
			all = append(all, n)
		}
	}
	// Maps, not a scan of every hook and name per entry: 20,000 hooks and
	// 400,000 entries took validate (and effective, doctor) over 30 s.
	folded := make(map[string]string, len(all)) // foldKey -> the last name with it
	for _, n := range all {
		folded[foldKey(n)] = n
	}
	byCommand := map[string]*merge.Hook{} // the first named hook with each command
	for _, h := range c.r.Hooks {
		if h.Name != "" && merge.IsEvent(h.Event) {
			for _, cmd := range []string{h.ExpandedCommand, h.Command} {
				if byCommand[cmd] == nil {
					byCommand[cmd] = h
				}
			}
		}
	}
	for _, x := range lists {
		l, d := x.l, x.d
		unknown := 0
		for i, it := range d.Items {
			if it.Kind != config.String || c.disables(it.Str) {
				continue
			}
			ptr := "/hooksConfig/disabled/" + strconv.Itoa(i)
			if h := byCommand[it.Str]; h != nil {
				c.add(l.Path, ptr, config.SevWarning, "disabled-by-command",
					fmt.Sprintf("%q is the command of the hook %q at %s: Gemini matches disabled entries against a hook's name when it has one, so this entry disables nothing", it.Str, h.Name, where(h)),
					fmt.Sprintf("disable it by its name: %q (gh-hooks disable %s)", h.Name, h.Name))
				continue
			}
			if unknown++; unknown > maxDisabledUnknown {
				continue
			}
			hint := "remove the entry"
			if n, ok := folded[foldKey(it.Str)]; ok {
				hint = fmt.Sprintf("names are case-sensitive: write %q", n)
			}
			if hint == "remove the entry" && len(all) > 0 {
				shown := all
				if len(shown) > 5 {
					shown = shown[:5]
				}
				hint = "remove the entry, or use a hook's name (or, for a nameless command hook, its exact command): " + quoteJoin(shown)
				if len(all) > len(shown) {
					hint += ", ..."
				}
			}
			c.add(l.Path, ptr, config.SevWarning, "disabled-unknown",
				fmt.Sprintf("no hook is named %q: this hooksConfig.disabled entry disables nothing", it.Str), hint)
		}
		if more := unknown - maxDisabledUnknown; more > 0 {
			c.add(l.Path, "/hooksConfig/disabled", config.SevWarning, "disabled-unknown",
				fmt.Sprintf("%d more hooksConfig.disabled entries than the %d above name no hook: they disable nothing", more, maxDisabledUnknown),
				"remove the entries that name no hook")
		}
	}
}

// disables reports whether the entry switches off a hook Gemini
// registers (one under a known event).
func (c *checker) disables(entry string) bool {
	return slices.ContainsFunc(c.r.Disables(entry), func(h *merge.Hook) bool { return merge.IsEvent(h.Event) })
}

// projectDisables reports each entry of the project file's
// hooksConfig.disabled that switches off a hook of the user, the system or
// an extension: Gemini unions the lists of all layers (spec §3.3), so a
// cloned repository can turn off the user's own guard hook (issue 24 §3).
func (c *checker) projectDisables() {
	for _, d := range merge.ProjectDisables(c.r) {
		c.add(d.Path, d.Pointer, config.SevWarning, "disabled-by-project", ProjectDisableMessage(d), ProjectDisableHint(d))
	}
}

// ProjectDisableMessage is the sentence that reports a project's disabled
// entry switching off other layers' hooks, for validate, doctor and
// trust audit alike.
func ProjectDisableMessage(d merge.ProjectDisable) string {
	var hooks []string
	for _, h := range d.Hooks {
		what := h.Layer
		if h.Extension != "" {
			what = "extension " + strconv.Quote(h.Extension)
		}
		hooks = append(hooks, fmt.Sprintf("the %s hook %s (%s)", what, h.ID, where(h)))
	}
	return fmt.Sprintf("the project's hooksConfig.disabled entry %q switches off %s: Gemini merges the disabled lists of every layer, so this repository turns off a hook that is not its own",
		d.Entry, strings.Join(hooks, ", "))
}

// ProjectDisableHint is the fix for ProjectDisableMessage.
func ProjectDisableHint(merge.ProjectDisable) string {
	return "if the repository should not do that, remove the entry (or do not trust the folder); if it should, acknowledge it with `gh-hooks trust approve --accept-disabled`"
}

// maxDisabledUnknown is how many disabled-unknown problems a file gets one
// by one; the rest are counted in one more. A list of 400,000 names wrote
// 108 MB of warnings.
const maxDisabledUnknown = 50

// foldKey is the same for two strings exactly when strings.EqualFold holds:
// each rune replaced by the smallest of its simple case folding orbit.
func foldKey(s string) string {
	var b strings.Builder
	for _, r := range s {
		m := r
		for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
			m = min(m, f)
		}
		b.WriteRune(m)
	}
	return b.String()
}

// enabledOverride tells when a higher layer turns hooks back on that a
// lower one turned off: hooksConfig.enabled is last-wins, so a trusted
// workspace can re-enable hooks the user disabled (spec §3.3).
func (c *checker) enabledOverride() {
	by := c.r.EnabledBy
	if !c.r.HooksEnabled || by == nil || by.Doc == nil || c.r.Crash != "" {
		return
	}
	if hc := by.Root.Get("hooksConfig"); hc == nil || hc.Kind != config.Object {
		// A hooksConfig that is not an object turns hooks on by wiping
		// enabled; hooksconfig-not-object explains that, and this file
		// has no enabled key to remove.
		return
	}
	var off []string
	for _, l := range c.r.Set.Layers {
		if l == by {
			break
		}
		if l.Kind == layers.Extension || !l.Loaded || l.Root == nil {
			continue
		}
		e := l.Root.Lookup("/hooksConfig/enabled")
		if e != nil && (e.Kind == config.Bool && !e.Bool || e.Kind == config.String && strings.EqualFold(e.Str, "false")) {
			off = append(off, l.Path)
		}
	}
	if len(off) == 0 || slices.Contains(off, by.Path) {
		return
	}
	c.add(by.Path, "/hooksConfig/enabled", config.SevInfo, "enabled-overrides",
		fmt.Sprintf("hooks are on because hooksConfig.enabled here overrides false in %s: the highest layer that sets it wins, so this %s file re-enables hooks that were turned off", strings.Join(off, ", "), by.Kind),
		"remove hooksConfig.enabled from this file if the lower layer's choice should hold")
}
