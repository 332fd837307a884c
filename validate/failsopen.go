package validate

import (
	"fmt"

	"github.com/gh-hooks/gh-hooks/claudecompat"
	"github.com/gh-hooks/gh-hooks/config"
	"github.com/gh-hooks/gh-hooks/merge"
)

// CodeGuardFailsOpen: a hook that can block lets the call through when it
// cannot start, crashes, exits 1 or times out.
const CodeGuardFailsOpen = "guard-fails-open"

// stopEvents are the Gemini events whose deny stops what is about to
// happen (a tool call, the turn, the model request): where a guard
// failing open lets it happen.
func stopEvents(s string) bool {
	switch s {
	case "BeforeTool", "BeforeAgent", "BeforeModel":
		return true
	}
	return false
}

// failsOpen reports, for each guard (a hook that can block, on an event
// where a block stops something), how it fails: Gemini reads exit 1 and
// a timeout as a warning and goes on (spec §5.4, §5.5), so does Claude
// unless the hook says onFailure "block" (Claude Code 2.1.295,
// claude-hooks.md §9), which the adapter enforces. A migrated guard
// without it, and a Gemini guard (whose failures only Gemini sees), are
// reported with the fix; a migrated guard with it is not.
func (c *checker) failsOpen(h *merge.Hook) {
	if !stopEvents(h.Event) || h.ExpandedCommand == "" {
		return
	}
	ptr := commandPointer(h)
	if w, ok := claudecompat.Unwrap(h.ExpandedCommand); ok {
		// FailClosed: migrate found that the hook can block.
		// With --on-failure block the adapter blocks on every failure;
		// with lost (migrate's marking of a guard), a crash, a cut deny
		// and, with a deadline, a timeout block; an exit 1 or a command
		// not found (127) does not, as under Claude.
		if !w.FailClosed || !claudecompat.CanBlockOn(w.Event) || w.OnFailure == "block" {
			return
		}
		how := "cannot start, crashes, exits 1 or times out"
		switch {
		case w.OnFailure == claudecompat.OnFailureLost && w.Deadline > 0:
			how = "exits 1 or its command is not found" // the adapter blocks the rest
		case w.OnFailure == claudecompat.OnFailureLost:
			// Migrated before lost guards got a deadline: Gemini's
			// timeout kills the adapter too.
			how = "exits 1, its command is not found or it times out"
		}
		c.add(h.Path, ptr, config.SevInfo, CodeGuardFailsOpen,
			fmt.Sprintf("this migrated Claude hook on %s%s can block, but it lets the %s through when it %s: Claude's default (fail-open), and under Gemini a warning", w.Event, matcherText(h), blockedWhat(h.Event), how),
			`add "onFailure": "block" to the hook in its Claude settings file and run gh-hooks migrate again: the adapter then blocks on each of those failures`)
		return
	}
	text, _ := c.hookText(h)
	if blockIn(text) == "" && !exit2In(text) {
		return
	}
	c.add(h.Path, ptr, config.SevInfo, CodeGuardFailsOpen,
		fmt.Sprintf("this hook can block, but Gemini lets the %s through when the hook cannot start, crashes, exits 1 or runs past its timeout (%s ms): each is only a warning", blockedWhat(h.Event), h.Timeout.JSON()),
		`make the guard deny on its own failures (in bash: trap 'echo "{\"decision\":\"deny\",\"reason\":\"guard failed\"}"; exit 0' ERR, with set -e) and finish well within its timeout`)
}

// matcherText is " [matcher]" for a hook with a matcher.
func matcherText(h *merge.Hook) string {
	if h.Matcher == "" || h.Matcher == "*" {
		return ""
	}
	return " [" + h.Matcher + "]"
}
