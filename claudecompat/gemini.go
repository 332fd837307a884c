package claudecompat

import (
	"bytes"
	"fmt"
	"strings"
	"sync"

	"github.com/gh-hooks/gh-hooks/internal/shellword"
)

// ClaudeEvent is the Claude event whose hooks run on Gemini event ev
// (for AfterTool and AfterAgent the more common of two), "" for a Gemini
// event no Claude hook runs on.
func ClaudeEvent(ev string) string { return claudeEventOn(ev) }

// AdapterCommand is the command that runs cmd behind the adapter as a
// hook of Claude event ev, quoted as Wrap quotes it (so that Gemini's
// $VAR expansion leaves it alone), without Wrap's guard: the fix to
// name for a hook written by hand.
func AdapterCommand(ev, cmd string) string {
	return "gh-hooks claude-compat --event " + shellword.Quote(ev) + " -- " + quote(cmd)
}

// geminiSetVars are the Claude variables Gemini itself sets for every
// hook (spec §5.2: CLAUDE_PROJECT_DIR is the session's directory).
func geminiSetVars(s string) bool {
	switch s {
	case "CLAUDE_PROJECT_DIR":
		return true
	}
	return false
}

// geminiEventNames are the event names Claude and Gemini share: a script
// that names them may speak either protocol.
func geminiEventNames(s string) bool {
	switch s {
	case "SessionStart", "SessionEnd", "Notification":
		return true
	}
	return false
}

// ScanUnderGemini is UnderGemini(event, Scan(data, lang, h)), for a hook
// that runs under Gemini without the adapter. Most hooks' commands and
// scripts hold none of the words a finding UnderGemini keeps is made of (a
// Claude tool or event name, permissionDecision, updated*, CLAUDE); for
// them the scan is skipped. It compiled and ran the scan's expressions for
// every hook of every `effective`, `validate` and `doctor`: 17% of an
// `effective --json` process (perf record over 100 runs of the example).
func ScanUnderGemini(event string, data []byte, lang string, h Hook) []Finding {
	if !mayHoldClaude(data) {
		return nil
	}
	return UnderGemini(event, Scan(data, lang, h))
}

// claudeWords are the words at least one of which every finding that
// UnderGemini keeps as strong contains: the tool and event names it looks
// up in geminiTool and geminiEvent, the output fields it names, and the
// CLAUDE of the variables; indexed by their first byte, so that
// mayHoldClaude reads a text once, not once per word (33 passes over each
// hook's command were 2.6% of the instructions of an `effective --json`
// of 40 hooks). Built on first use: a command that never scans (the
// adapter, --version) does not pay for it at start.
var claudeWords = sync.OnceValue(func() *[256][][]byte {
	var byFirst [256][][]byte
	add := func(w string) { byFirst[w[0]] = append(byFirst[w[0]], []byte(w)) }
	add("permissionDecision")
	add("updated")
	add("CLAUDE")
	for _, n := range claudeToolNames() {
		add(n)
	}
	for _, n := range ClaudeEvents() {
		add(n)
	}
	return &byFirst
})

func mayHoldClaude(data []byte) bool {
	byFirst := claudeWords()
	for i, c := range data {
		for _, w := range byFirst[c] {
			if bytes.HasPrefix(data[i:], w) {
				return true
			}
		}
	}
	return false
}

// UnderGemini reads the findings of Scan (of one script, in line order) for a hook that runs under
// Gemini without the adapter, on Gemini event event, and returns
// the ones that show it speaks Claude Code's protocol, each Note saying
// what Gemini does with it instead (claude-hooks.md §1.6–§1.7 against
// spec §5.2–§5.4). Only what Gemini does not share counts: Claude's tool
// names, Claude-only event names, permissionDecision, updatedInput,
// updatedToolOutput, CLAUDE_* variables Gemini does not set. Exit codes,
// renamed tool_input fields and the transcript are listed beside those,
// never alone: a Gemini hook reads stdin, exits 2 and answers "decision"
// too.
func UnderGemini(event string, findings []Finding) []Finding {
	var out []Finding
	strong := false
	for _, f := range findings {
		note := ""
		isStrong := true
		switch f.Kind {
		case KindToolName:
			g := geminiTool(f.Key)
			if g == "" || strings.HasPrefix(f.Key, "mcp__") {
				continue
			}
			note = fmt.Sprintf("compares the tool name with Claude's %q: Gemini calls that tool %s, so this never matches", f.Key, g)
		case KindEventName:
			if geminiEventNames(f.Key) {
				continue
			}
			if g := geminiEvent(f.Key); g != "" {
				note = fmt.Sprintf("names Claude's event %s: Gemini's hook_event_name is %s", f.Key, g)
			} else {
				note = fmt.Sprintf("names Claude's event %s, which Gemini does not have", f.Key)
			}
		case KindOutput:
			switch f.Key {
			case "permissionDecision":
				note = `answers with hookSpecificOutput.permissionDecision, which Gemini ignores: it blocks and asks nothing (Gemini reads a top-level "decision": "deny" or "ask")`
			case "updatedInput":
				note = "answers with hookSpecificOutput.updatedInput, which Gemini ignores (Gemini's is hookSpecificOutput.tool_input, with Gemini's argument names)"
			case "defer":
				note = `answers permissionDecision "defer", which Gemini does not have`
			case "updatedToolOutput", "updatedMCPToolOutput":
				note = "answers with " + f.Key + ", which Gemini ignores: an AfterTool hook cannot rewrite a tool's result there"
			default:
				continue
			}
		case KindVariable:
			if geminiSetVars(f.Key) {
				continue
			}
			note = "reads $" + f.Key + ", which Gemini does not set"
		case KindExit:
			isStrong = false
			switch {
			case f.Key == "2" && event == "AfterTool":
				note = "exits 2: Claude shows stderr to the model beside the tool's result; Gemini reads it as a deny and withholds the result"
			case f.Key != "2":
				note = "exits " + f.Key + ": Claude reads it as a non-blocking error; Gemini reads any exit of 2 or more as a deny"
			default:
				continue
			}
		case KindToolInput:
			isStrong = false
			note = "reads tool_input." + f.Key + ", Claude's name for an argument Gemini's tools name otherwise"
		case KindTranscript:
			isStrong = false
			note = "reads the transcript as Claude's JSONL; Gemini's transcript_path names its own session file, in another format"
		default:
			continue
		}
		f.Note, f.Covered = note, false
		strong = strong || isStrong
		out = append(out, f)
	}
	if !strong {
		return nil
	}
	return out
}
