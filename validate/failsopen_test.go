package validate

import (
	"strconv"
	"strings"
	"testing"

	"github.com/gh-hooks/gh-hooks/claudecompat"
	"github.com/gh-hooks/gh-hooks/merge"
)

// TestGuardFailsOpen: each guard (a hook that can block, where a block
// stops something) is reported with how it fails (Gemini reads exit 1 and
// a timeout as warnings), unless it is a migrated Claude guard with
// onFailure "block", which the adapter enforces; a hook that cannot block,
// or that runs where nothing is stopped, is not.
func TestGuardFailsOpen(t *testing.T) {
	wrap := func(ev string, failClosed bool, onFailure string) string {
		return claudecompat.Wrap(claudecompat.Wrapped{Hook: claudecompat.Hook{Event: ev, OnFailure: onFailure}, Binary: "gh-hooks", Command: "./guard.sh", FailClosed: failClosed})
	}
	tests := []struct {
		name, event, command string
		want                 string // part of the message; "" for none
	}{
		{"Gemini guard with a deny", "BeforeTool", `grep -q rm && echo '{"decision":"deny"}'`, "this hook can block, but Gemini lets the tool call through"},
		{"Gemini guard with exit 2", "BeforeAgent", `grep -q secret && exit 2`, "lets the agent turn through"},
		{"Gemini guard on BeforeModel", "BeforeModel", `echo '{"decision":"block"}'`, "lets the model request through"},
		{"no block", "BeforeTool", `echo ok`, ""},
		{"nothing stopped after the tool", "AfterTool", `echo '{"decision":"deny"}'`, ""},
		{"migrated guard, fail-open", "BeforeTool", wrap("PreToolUse", true, ""), `this migrated Claude hook on PreToolUse can block, but it lets the tool call through`},
		{"migrated guard with onFailure block", "BeforeTool", wrap("PreToolUse", true, "block"), ""},
		{"migrated hook that cannot block", "BeforeTool", wrap("PreToolUse", false, ""), ""},
		{"migrated prompt guard", "BeforeAgent", wrap("UserPromptSubmit", true, ""), "on UserPromptSubmit can block"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root := tree(t, map[string]string{"home/.gemini/settings.json": `{"hooks": {"` + tt.event + `": [{"hooks": [{"type": "command", "command": ` + strconv.Quote(tt.command) + `}]}]}}`})
			var got []string
			for _, p := range Check(merge.Merge(load(t, root))) {
				if p.Code == CodeGuardFailsOpen {
					got = append(got, p.Message+" | "+p.Hint)
				}
			}
			switch {
			case tt.want == "" && len(got) > 0:
				t.Errorf("got %q; want none", got)
			case tt.want != "" && (len(got) != 1 || !strings.Contains(got[0], tt.want)):
				t.Errorf("got %q; want one like %q", got, tt.want)
			}
		})
	}
}
