package migrate

import (
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/gh-hooks/gh-hooks/claudecompat"
	"github.com/gh-hooks/gh-hooks/internal/docsync"
)

// TestDocs keeps the tables of docs/migrate.md equal to migrate's tables.
func TestDocs(t *testing.T) {
	parts := map[string]string{
		"events":  docEvents(),
		"dropped": docDropped(),
		"tools":   docTools(),
		"fields":  docFields(),
	}
	docsync.Check(t, filepath.Join("..", "docs", "migrate.md"), parts, *update, "go test ./migrate -run TestDocs -update")
}

// claudeEvents lists the Claude events of eventRules, sorted.
func claudeEvents() []string {
	var keys []string
	for k := range eventRules() {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

func docEvents() string {
	var rows [][]string
	for _, ev := range claudeEvents() {
		r := eventRules()[ev]
		if r.gemini == "" && ev != "PostToolUseFailure" {
			continue
		}
		g := docsync.Code(r.gemini)
		how := r.loss
		if ev == "PostToolUseFailure" {
			g = "`AfterTool` (adapter only)"
			how = "with the adapter, the hook runs only after a tool that failed; with --adapter=never it is dropped: " + r.loss
		}
		var matcher []string
		for _, v := range r.values {
			if t := r.trigger[v]; t != "" {
				matcher = append(matcher, v+" → "+t)
			} else {
				matcher = append(matcher, v+" → (none)")
			}
		}
		m := strings.Join(matcher, ", ")
		if claudeToolEvents(ev) {
			m = "tool names (tool table), anchored: `^(a|b)$`"
		}
		rows = append(rows, []string{docsync.Code(ev), g, m, how})
	}
	return docsync.Table([]string{"Claude event", "Gemini event", "matcher values", "what changes"}, rows)
}

func docDropped() string {
	var rows [][]string
	for _, ev := range claudeEvents() {
		r := eventRules()[ev]
		if r.gemini != "" || ev == "PostToolUseFailure" {
			continue
		}
		rows = append(rows, []string{docsync.Code(ev), r.loss})
	}
	return docsync.Table([]string{"Claude event", "why its hooks are dropped"}, rows)
}

func docTools() string {
	var rows [][]string
	for _, t := range toolTable {
		c, g := t.claude, t.gemini
		cell := docsync.Code(g)
		if g == "" {
			cell = "none: a matcher of only such tools drops the group"
		}
		rows = append(rows, []string{docsync.Code(c), cell, approxTools(c)})
	}
	return docsync.Table([]string{"Claude tool (matcher)", "Gemini tool", "approximate because"}, rows)
}

func docFields() string {
	var rows [][]string
	fields := slices.Clone(ignoredFields)
	sort.Slice(fields, func(i, j int) bool { return fields[i].key < fields[j].key })
	for _, f := range fields {
		rows = append(rows, []string{docsync.Code(f.key), f.why})
	}
	return docsync.Table([]string{"Claude hook field", "under Gemini"}, rows)
}

// TestToolTablesAgree checks migrate's tool table (matchers) against the
// adapter's (payloads): a Claude tool maps to the same Gemini tool in both.
func TestToolTablesAgree(t *testing.T) {
	seen := map[string]bool{}
	for _, tt := range toolTable {
		c, g := tt.claude, tt.gemini
		if seen[c] {
			t.Errorf("%s is twice in toolTable", c)
		}
		seen[c] = true
		back := claudecompat.GeminiToolName(c)
		switch {
		case g == "" && back != c:
			t.Errorf("%s: migrate has no Gemini tool, the adapter maps it to %s", c, back)
		case g != "" && back != g:
			t.Errorf("%s: migrate maps it to %s, the adapter to %s", c, g, back)
		}
	}
	for _, ev := range []string{"PreToolUse", "PostToolUse", "UserPromptSubmit", "Stop", "SubagentStop", "SessionStart", "SessionEnd", "PreCompact", "Notification"} {
		g, _ := claudecompat.GeminiEvent(ev)
		if r := eventRules()[ev]; r.gemini != g {
			t.Errorf("%s: migrate writes it on %s, the adapter expects %s", ev, r.gemini, g)
		}
	}
}

// TestIgnoredFieldsOnce: ignoredField answers with a key's first entry, so
// a key listed twice would hide the second.
func TestIgnoredFieldsOnce(t *testing.T) {
	seen := map[string]bool{}
	for _, f := range ignoredFields {
		if seen[f.key] {
			t.Errorf("%s is twice in ignoredFields", f.key)
		}
		seen[f.key] = true
	}
}
