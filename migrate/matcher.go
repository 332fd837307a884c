package migrate

import (
	"fmt"
	"regexp"
	"sort"
	"strings"

	"github.com/gh-hooks/gh-hooks/internal/lazyre"

	"github.com/dlclark/regexp2"

	"github.com/gh-hooks/gh-hooks/merge"
)

// matcherKind is how Claude evaluates a matcher string (claude-hooks.md §1.2).
type matcherKind int

const (
	matchAll   matcherKind = iota // "*", "" or omitted
	matchExact                    // exact name, or a list split on | or ,
	matchRegex                    // anything else: an unanchored JavaScript RegExp
)

var exactChars = lazyre.New(`^[A-Za-z0-9_\- ,|]*$`)

// classify decides how Claude reads m. Surrounding whitespace of a list
// element is allowed (claude-hooks.md §1.2, v2.1.191+).
func classify(m string) matcherKind {
	if m == "" || m == "*" {
		return matchAll
	}
	if exactChars.Get().MatchString(m) {
		if strings.TrimSpace(m) == "" {
			return matchAll
		}
		return matchExact
	}
	return matchRegex
}

// exactNames splits an exact matcher into its names, dropping empty
// elements.
func exactNames(m string) []string {
	var out []string
	for _, p := range strings.FieldsFunc(m, func(r rune) bool { return r == '|' || r == ',' }) {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// compileJS compiles a pattern as a JavaScript RegExp without flags, which
// is how both Claude and Gemini (spec §4) build matchers.
//
// It is merge.JSRegexp, not plain regexp2 ECMAScript mode: regexp2 accepts
// inline flags such as (?X) that JavaScript rejects, and FuzzMigrate found
// a converted matcher that Gemini could not compile that way.
func compileJS(p string) (*regexp2.Regexp, error) {
	return merge.JSRegexp(p)
}

func jsMatch(re *regexp2.Regexp, s string) bool {
	ok, err := merge.MatchRegexp(re, s) // within the process's time budget
	return err == nil && ok
}

// matchesEverything reports whether re, tested unanchored, matches every
// probe: the empty string, a nonsense name, an MCP name and all of vocab.
// Such a matcher means "all", whatever names it spells.
func matchesEverything(re *regexp2.Regexp, vocab []string) bool {
	probes := append([]string{"", "zz_probe", "mcp__probe__tool"}, vocab...)
	for _, p := range probes {
		if !jsMatch(re, p) {
			return false
		}
	}
	return true
}

// splitAlternatives splits a JavaScript regex at its top-level |, keeping
// escapes, character classes and groups intact.
func splitAlternatives(p string) []string {
	var out []string
	depth, inClass, start := 0, false, 0
	for i := 0; i < len(p); i++ {
		switch c := p[i]; {
		case c == '\\':
			i++
		case inClass:
			if c == ']' {
				inClass = false
			}
		case c == '[':
			inClass = true
		case c == '(':
			depth++
		case c == ')':
			if depth > 0 {
				depth--
			}
		case c == '|' && depth == 0:
			out = append(out, p[start:i])
			start = i + 1
		}
	}
	return append(out, p[start:])
}

// toolMatch is the Gemini side of one Claude tool matcher.
type toolMatch struct {
	// all: the matcher matches every tool; Matcher is then "".
	all     bool
	matcher string
	// lost lists Claude names or alternatives without a Gemini counterpart;
	// approx the names mapped to a tool that only approximates them.
	lost   []string
	approx []string
	notes  []string
}

// empty reports that nothing of the matcher survived: the group must be
// dropped rather than turned into match-all.
func (t toolMatch) empty() bool { return !t.all && t.matcher == "" }

var mcpUnsafe = lazyre.New(`[^a-zA-Z0-9_\-.:]`)

// mcpName converts an exact Claude MCP tool name to Gemini's
// mcp_<server>_<tool> as generateValidName builds it (mcp-tool.ts:412):
// characters outside [A-Za-z0-9_.:-] become _, and names over 63
// characters are shortened with "...". ok is false when the name has no
// stable Gemini counterpart.
func mcpName(claude string) (gemini, why string, ok bool) {
	rest := strings.TrimPrefix(claude, "mcp__")
	server, tool, found := strings.Cut(rest, "__")
	switch {
	case strings.HasPrefix(rest, "plugin_"):
		return "", "plugin-scoped MCP tool: Gemini does not namespace extension MCP servers by plugin", false
	case !found || server == "" || tool == "":
		return "", "an MCP matcher without __<tool> matches no tool in Claude either", false
	}
	n := "mcp_" + server + "_" + tool
	n = mcpUnsafe.Get().ReplaceAllString(n, "_")
	if len(n) > 63 {
		n = n[:30] + "..." + n[len(n)-30:]
	}
	return n, "", true
}

// mcpAlternative rewrites one regex alternative that spells an MCP name:
// the first mcp__ becomes mcp_ and the next __ becomes _ (claude-hooks.md
// §3.1: mcp__memory__.* → mcp_memory_.*). It anchors the start, since every
// Gemini MCP tool name starts with mcp_.
func mcpAlternative(alt string) (string, string, bool) {
	i := strings.Index(alt, "mcp__")
	if strings.Contains(alt[i:], "mcp__plugin_") {
		return "", "plugin-scoped MCP tool: Gemini does not namespace extension MCP servers by plugin", false
	}
	head, tail := alt[:i], alt[i+len("mcp__"):]
	tail = strings.Replace(tail, "__", "_", 1)
	out := head + "mcp_" + tail
	if !strings.HasPrefix(out, "^") {
		out = "^(?:" + out + ")"
	}
	return out, "", true
}

// convertToolMatcher maps a Claude tool matcher to a Gemini one that
// matches exactly the Gemini counterparts of the Claude tools it matched.
func convertToolMatcher(m string) toolMatch {
	var t toolMatch
	var names []string // Gemini names, in order of appearance
	var mcp []string   // rewritten MCP alternatives
	addName := func(claude, gemini string) {
		if why := approxTools(claude); why != "" {
			t.approx = append(t.approx, claude+" → "+gemini+" ("+why+")")
		}
		for _, n := range names {
			if n == gemini {
				return
			}
		}
		names = append(names, gemini)
	}
	switch classify(m) {
	case matchAll:
		t.all = true
		if tm := strings.TrimSpace(m); tm != "" && tm != "*" {
			// Often a mistake, such as `tool == "Edit" || tool == "Write"`,
			// whose empty alternative matches everything in Claude too.
			t.notes = append(t.notes, fmt.Sprintf("the matcher %q matches every tool (as a regex it has an empty alternative or matches anything), so the hook runs for every tool, in Claude and in Gemini", m))
		}
		return t
	case matchExact:
		for _, n := range exactNames(m) {
			if strings.HasPrefix(n, "mcp__") {
				g, why, ok := mcpName(n)
				if !ok {
					t.lost = append(t.lost, n+" ("+why+")")
					continue
				}
				names = append(names, g)
				continue
			}
			g, known := GeminiTool(n)
			switch {
			case !known:
				t.lost = append(t.lost, n+" (not a Claude tool name)")
			case g == "":
				t.lost = append(t.lost, n+" (no Gemini counterpart)")
			default:
				addName(n, g)
			}
		}
	case matchRegex:
		re, err := compileJS(m)
		if err != nil {
			t.lost = append(t.lost, m+" (not a valid JavaScript regex, so Claude never matches it)")
			return t
		}
		if matchesEverything(re, toolVocabulary()) {
			t.all = true
			return t
		}
		for _, alt := range splitAlternatives(m) {
			if strings.Contains(alt, "mcp__") {
				g, why, ok := mcpAlternative(alt)
				if !ok {
					t.lost = append(t.lost, alt+" ("+why+")")
					continue
				}
				mcp = append(mcp, g)
				continue
			}
			are, err := compileJS(alt)
			if err != nil {
				// An alternative that only compiles in context (a
				// backreference): evaluate the whole regex instead.
				are = re
			}
			hit := false
			for _, tt := range toolTable {
				if !jsMatch(are, tt.claude) {
					continue
				}
				hit = true
				if tt.gemini != "" {
					addName(tt.claude, tt.gemini)
				} else {
					t.lost = appendOnce(t.lost, tt.claude+" (no Gemini counterpart)")
				}
			}
			if jsMatch(are, "mcp__probe__tool") {
				t.notes = append(t.notes, "alternative "+quoteQ(alt)+" also matches MCP tools in Claude; only its built-in tool names were carried over")
			}
			if !hit {
				t.lost = append(t.lost, alt+" (matches no Claude tool)")
			}
		}
	}
	var parts []string
	if len(names) == 1 {
		parts = append(parts, "^"+regexp.QuoteMeta(names[0])+"$")
	} else if len(names) > 1 {
		q := make([]string, len(names))
		for i, n := range names {
			q[i] = regexp.QuoteMeta(n)
		}
		parts = append(parts, "^("+strings.Join(q, "|")+")$")
	}
	parts = append(parts, mcp...)
	if len(parts) == 0 {
		return t
	}
	g := strings.Join(parts, "|")
	if _, err := compileJS(g); err != nil {
		t.lost = append(t.lost, m+" (the converted matcher "+quoteQ(g)+" does not compile: "+err.Error()+")")
		return t
	}
	if len(mcp) > 0 {
		t.notes = append(t.notes, "MCP names were rewritten from mcp__<server>__<tool> to Gemini's mcp_<server>_<tool>; a server name containing _ is ambiguous in Gemini")
	}
	t.matcher = g
	return t
}

// triggerMatch is the Gemini side of one Claude lifecycle matcher.
type triggerMatch struct {
	all      bool     // no matcher: every Gemini trigger
	triggers []string // exact Gemini triggers, one definition each
	lost     []string
}

// convertTriggerMatcher maps a lifecycle matcher to exact Gemini triggers:
// Gemini compares triggers with === (spec §4), so a|b must become two
// definitions. A set that covers every Gemini trigger of the event becomes
// a definition without matcher.
func convertTriggerMatcher(rule eventRule, event, m string) triggerMatch {
	var tm triggerMatch
	var claude []string
	switch classify(m) {
	case matchAll:
		tm.all = true
		return tm
	case matchExact:
		claude = exactNames(m)
	case matchRegex:
		re, err := compileJS(m)
		if err != nil {
			tm.lost = append(tm.lost, m+" (not a valid JavaScript regex, so Claude never matches it)")
			return tm
		}
		if matchesEverything(re, rule.values) {
			tm.all = true
			return tm
		}
		for _, v := range rule.values {
			if jsMatch(re, v) {
				claude = append(claude, v)
			}
		}
		if len(claude) == 0 {
			tm.lost = append(tm.lost, m+" (matches no "+event+" value)")
		}
	}
	for _, v := range claude {
		g, ok := rule.trigger[v]
		if !ok || g == "" {
			tm.lost = appendOnce(tm.lost, v+" (no Gemini "+rule.gemini+" trigger)")
			continue
		}
		tm.triggers = appendOnce(tm.triggers, g)
	}
	if all := geminiTriggers(rule.gemini); len(all) > 0 && coversAll(tm.triggers, all) {
		tm.all, tm.triggers = true, nil
	}
	return tm
}

func coversAll(have, all []string) bool {
	for _, a := range all {
		found := false
		for _, h := range have {
			found = found || h == a
		}
		if !found {
			return false
		}
	}
	return true
}

func appendOnce(ss []string, s string) []string {
	for _, x := range ss {
		if x == s {
			return ss
		}
	}
	return append(ss, s)
}

func quoteQ(s string) string { return "\"" + s + "\"" }

func sortedCopy(ss []string) []string {
	c := append([]string(nil), ss...)
	sort.Strings(c)
	return c
}
