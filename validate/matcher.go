package validate

import (
	"fmt"
	"slices"
	"strings"
	"unicode"

	"github.com/gh-hooks/gh-hooks/config"
	"github.com/gh-hooks/gh-hooks/merge"
	"github.com/gh-hooks/gh-hooks/migrate"
)

// jsTrim is String.prototype.trim, which the planner applies to matchers
// (hookPlanner.ts, spec §4).
func jsTrim(s string) string {
	return strings.TrimFunc(s, func(r rune) bool { return unicode.IsSpace(r) || r == 0xfeff })
}

// matcher checks one definition's matcher against the event's context
// (spec §4). Non-string matchers are merge's matcher-not-string.
func (c *checker) matcher(h *merge.Hook) {
	if h.MatcherNode == nil || h.MatcherNode.Kind != config.String {
		return
	}
	m := jsTrim(h.Matcher)
	if m == "" || m == "*" {
		return // match everything
	}
	switch merge.ContextOf(h.Event) {
	case merge.NoContext:
		c.add(h.Path, matcherPointer(h), config.SevWarning, "matcher-ignored",
			fmt.Sprintf("Gemini fires %s without a tool name or trigger and ignores matchers there: this hook runs every time, not only for %q", h.Event, m),
			"remove the matcher, and filter inside the hook's script if you need to")
	case merge.TriggerContext:
		c.triggerMatcher(h, m)
	case merge.ToolContext:
		c.toolMatcher(h, m)
	}
}

// matcherPointer is the pointer of the matcher of h's definition. The
// checks build it only when they report a problem there.
func matcherPointer(h *merge.Hook) string { return defPointer(h) + "/matcher" }

// triggerMatcher: lifecycle matchers are compared with === after trim,
// never as regexes (hookPlanner.ts, spec §4, §12 item 9).
func (c *checker) triggerMatcher(h *merge.Hook, m string) {
	triggers := merge.Triggers[h.Event]
	if slices.Contains(triggers, m) {
		return
	}
	list := strings.Join(triggers, ", ")
	if strings.ContainsAny(m, `|*+?^$()[]{}\.`) {
		hint := fmt.Sprintf("write one exact trigger (%s), or remove the matcher to run on every trigger", list)
		var parts []string
		for _, p := range strings.Split(m, "|") {
			if slices.Contains(triggers, strings.TrimSpace(p)) {
				parts = append(parts, fmt.Sprintf("%q", strings.TrimSpace(p)))
			}
		}
		if len(parts) > 1 {
			hint = "use one definition per trigger, with the matchers " + strings.Join(parts, " and ") + ", or remove the matcher to run on every trigger"
		}
		c.add(h.Path, matcherPointer(h), config.SevWarning, "trigger-matcher-regex",
			fmt.Sprintf("%s matchers are exact strings, not regexes: Gemini compares %q with the trigger (%s) and it never matches, so this hook never runs", h.Event, m, list),
			hint)
		return
	}
	hint := fmt.Sprintf("use one of: %s", list)
	for _, t := range triggers {
		if strings.EqualFold(t, m) {
			hint = fmt.Sprintf("triggers are case-sensitive: write %q", t)
		}
	}
	c.add(h.Path, matcherPointer(h), config.SevWarning, "unknown-trigger",
		fmt.Sprintf("Gemini never fires %s with the trigger %q (its triggers are %s): this hook never runs", h.Event, m, list),
		hint)
}

// toolMatcher: tool matchers are unanchored JavaScript regexes, with a
// literal comparison when the regex is invalid (hookPlanner.ts
// matchesToolName, spec §4).
func (c *checker) toolMatcher(h *merge.Hook, m string) {
	if len(m) >= 2 && strings.HasPrefix(m, "/") && strings.HasSuffix(m, "/") {
		// The schema documents /pattern/, the planner never implemented it
		// (spec §2.6).
		c.add(h.Path, matcherPointer(h), config.SevWarning, "matcher-slashes",
			fmt.Sprintf("Gemini does not implement the /pattern/ form: the slashes are part of the regex, so %q only matches tool names containing slashes, and no tool name has one: this hook never runs", m),
			fmt.Sprintf("drop the slashes: %q", m[1:len(m)-1]))
		return
	}
	if err := jsRegexpErr(m); err != nil {
		c.add(h.Path, matcherPointer(h), config.SevWarning, "matcher-invalid-regex",
			fmt.Sprintf("%q is not a valid JavaScript regex (%v): Gemini falls back to comparing it literally, so it only matches a tool named exactly %q", m, err, m),
			`fix the regex, or escape its special characters with \`)
		return
	}
	alts := alternatives(m)
	if c.claudeMatcher(h, m, alts) {
		return
	}
	c.unanchored(h, m, alts)
}

// jsRegexpErr is merge.JSRegexp for checking a matcher's syntax, without
// compiling what is certainly valid: tool names, "|", "-", ".", ".*" and
// anchors at the ends of alternatives ("^read_file$|mcp_.*"), which is
// nearly every matcher in real files. Compiling costs the regex engine's
// first use in the process, about a tenth of `gh-hooks effective` (issue
// 2); the result is never used here.
func jsRegexpErr(m string) error {
	if simpleRegex(m) {
		return nil
	}
	_, err := merge.JSRegexp(m)
	return err
}

// simpleRegex reports whether m uses only syntax that is valid in every
// position: word characters, "-", "|" and ".", "*" right after ".", "^"
// starting and "$" ending an alternative.
func simpleRegex(m string) bool {
	for i := 0; i < len(m); i++ {
		switch c := m[i]; {
		case c == '_' || c == '-' || c == '|' || c == '.',
			'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9':
		case c == '*':
			if i == 0 || m[i-1] != '.' {
				return false
			}
		case c == '^':
			if i > 0 && m[i-1] != '|' {
				return false
			}
		case c == '$':
			if i+1 < len(m) && m[i+1] != '|' {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// alternatives splits a matcher at top-level "|"; it returns nil when the
// matcher has groups, classes or escapes, which this package does not
// analyse.
func alternatives(m string) []string {
	if strings.ContainsAny(m, `()[]{}\`) {
		return nil
	}
	return strings.Split(m, "|")
}

// stripAnchors removes ^ and $ from one alternative.
func stripAnchors(a string) (name string, start, end bool) {
	a = strings.TrimSpace(a)
	start, end = strings.HasPrefix(a, "^"), strings.HasSuffix(a, "$")
	return strings.TrimSuffix(strings.TrimPrefix(a, "^"), "$"), start, end
}

// matchedTools is matchedTools, remembered per regex for the run of the
// checks. The slice is shared: callers do not modify it.
func (c *checker) matchedTools(re string) []string {
	if got, ok := c.tools[re]; ok {
		return got
	}
	if c.tools == nil {
		c.tools = map[string][]string{}
	}
	got := matchedTools(re)
	c.tools[re] = got
	return got
}

// matchedTools is the Gemini tools a (valid) regex selects. A regex whose
// alternatives are each plain name characters, optionally anchored
// (run_shell_command, write_file|replace), selects by substring, prefix or
// suffix: that is decided without a regex engine (regexp2 on the 40-hook
// benchmark's two alternations was 2.6% of an `effective --json`).
func matchedTools(re string) []string {
	alts := alternatives(re)
	for _, a := range alts {
		name, _, _ := stripAnchors(a)
		if !isIdent(name) || strings.ContainsAny(name, "-") || strings.TrimSpace(a) != a {
			alts = nil // not plain: the regex engine decides
			break
		}
	}
	var out []string
	for _, t := range geminiTools {
		ok := false
		if alts == nil {
			ok = merge.MatchTool(re, t)
		}
		for _, a := range alts {
			ok = ok || plainMatch(a, t)
		}
		if ok {
			out = append(out, t)
		}
	}
	return out
}

// plainMatch reports whether the plain alternative a (name characters,
// optionally anchored) matches tool t.
func plainMatch(a, t string) bool {
	name, start, end := stripAnchors(a)
	switch {
	case start && end:
		return t == name
	case start:
		return strings.HasPrefix(t, name)
	case end:
		return strings.HasSuffix(t, name)
	}
	return strings.Contains(t, name)
}

// claudeMatcher reports Claude Code tool names, which never match a Gemini
// tool (matching is case-sensitive and the names differ; claude-hooks.md
// §3.1). It returns true when it reported.
func (c *checker) claudeMatcher(h *merge.Hook, m string, alts []string) bool {
	var dead, fixed []string
	// inFixed is fixed as a set: a matcher of 15,000 alternatives was a scan
	// of fixed per alternative (validate 20 s for 100 such hooks).
	inFixed := map[string]bool{}
	addFixed := func(n string) {
		if !inFixed[n] {
			inFixed[n] = true
			fixed = append(fixed, n)
		}
	}
	found := false
	for _, a := range alts {
		name, _, _ := stripAnchors(a)
		g, isClaude := migrate.GeminiTool(name)
		switch {
		case isClaude && len(c.matchedTools(a)) == 0:
			found = true
			dead = append(dead, name)
			if g != "" {
				addFixed(g)
			}
		case strings.HasPrefix(name, "mcp__"):
			// Claude's mcp__server__tool; Gemini ≥ 0.34 names MCP tools
			// mcp_<server>_<tool> (claude-hooks.md §3).
			found = true
			dead = append(dead, name)
			fixed = append(fixed, strings.ReplaceAll(name, "__", "_")) // may repeat, as before
			inFixed[fixed[len(fixed)-1]] = true
		default:
			if n := strings.TrimSpace(a); n != "" {
				addFixed(n)
			}
		}
	}
	if !found {
		return false
	}
	what := fmt.Sprintf("%q is a Claude Code tool name", dead[0])
	if len(dead) > 1 {
		what = fmt.Sprintf("%s are Claude Code tool names", quoteJoin(dead))
	}
	effect := "this hook never runs"
	if len(c.matchedTools(m)) > 0 {
		effect = "that part of the matcher is dead"
	}
	hint := "Gemini has no counterpart of this tool: remove the hook"
	if len(fixed) > 0 {
		hint = fmt.Sprintf("use Gemini's tool names: %q", strings.Join(fixed, "|"))
	}
	c.add(h.Path, matcherPointer(h), config.SevWarning, "matcher-claude-tool",
		fmt.Sprintf("%s and Gemini has no tool of that name (matching is case-sensitive): %s", what, effect), hint)
	return true
}

// unanchored reports plain tool-name alternatives that, being unanchored
// regexes, also select other built-in tools: "read_file" matches
// read_many_files too (spec §4: `write_file` matches `xwrite_filex`).
func (c *checker) unanchored(h *merge.Hook, m string, alts []string) {
	if alts == nil {
		return
	}
	var notes, wanted []string
	allNames := true
	for _, a := range alts {
		name, start, end := stripAnchors(a)
		if name == "" || !isIdent(name) {
			return // something this check does not understand
		}
		re := a
		got := c.matchedTools(re)
		named := slices.Contains(geminiTools, name)
		var others []string
		for _, t := range got {
			if t != name {
				others = append(others, t)
			}
		}
		if named {
			wanted = append(wanted, name)
		} else {
			allNames = false
			wanted = append(wanted, got...)
		}
		if start && end || len(others) == 0 || !named && len(got) < 2 {
			continue
		}
		if named {
			notes = append(notes, fmt.Sprintf("%q also matches %s", name, strings.Join(others, ", ")))
		} else {
			notes = append(notes, fmt.Sprintf("%q matches %s", name, strings.Join(got, ", ")))
		}
	}
	if len(notes) == 0 {
		return
	}
	slices.Sort(wanted)
	wanted = slices.Compact(wanted)
	anchored := "^" + wanted[0] + "$"
	if len(wanted) > 1 {
		anchored = "^(" + strings.Join(wanted, "|") + ")$"
	}
	hint := fmt.Sprintf("anchor it: %q", anchored)
	if !allNames {
		hint = fmt.Sprintf("name the tools you mean and anchor them, e.g. %q", anchored)
	}
	c.add(h.Path, matcherPointer(h), config.SevWarning, "matcher-unanchored",
		fmt.Sprintf("Gemini tests tool matchers as unanchored regexes: %s", strings.Join(notes, "; ")), hint)
}

func isIdent(s string) bool {
	for _, r := range s {
		if !(r == '_' || r == '-' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9') {
			return false
		}
	}
	return s != ""
}

func quoteJoin(ss []string) string {
	q := make([]string, len(ss))
	for i, s := range ss {
		q[i] = fmt.Sprintf("%q", s)
	}
	return strings.Join(q, ", ")
}
