package validate

import (
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/gh-hooks/gh-hooks/merge"
)

// TestClaudeProtocol: a hook whose command or script (inside the
// project) speaks Claude's protocol is a claude-protocol warning; Gemini's
// own protocol, a hook behind the adapter and a script outside the
// project are not (issue 26 point 5).
func TestClaudeProtocol(t *testing.T) {
	tests := []struct {
		name, event, command string
		want                 string // "" for no problem; else a part of the message
	}{
		{"Claude tool name in the script", "BeforeTool", "./guard.sh", `./guard.sh:2 compares the tool name with Claude's "Bash"`},
		{"permissionDecision inline", "BeforeTool", `echo '{"hookSpecificOutput":{"permissionDecision":"deny"}}'`, "the command: answers with hookSpecificOutput.permissionDecision"},
		{"Claude event name in a python script", "AfterTool", "python3 post.py", `./post.py:3 names Claude's event PostToolUse: Gemini's hook_event_name is AfterTool`},
		{"exit 2 after a tool is listed beside a Claude signal", "AfterTool", "python3 post.py", "./post.py:4 exits 2: Claude shows stderr to the model"},
		{"Gemini's protocol", "BeforeTool", "./gemini.sh", ""},
		{"exit 2 alone is Gemini's too", "AfterTool", "./deny.sh", ""},
		{"CLAUDE_PROJECT_DIR is set by Gemini too", "BeforeTool", `"$CLAUDE_PROJECT_DIR"/gemini.sh`, ""},
		{"behind the adapter", "BeforeTool", "gh-hooks claude-compat --event PreToolUse -- ./guard.sh", ""},
		{"a script outside the project is not read", "BeforeTool", "../outside.sh", ""},
		{"an event no Claude hook runs on", "BeforeModel", "./guard.sh", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			settings := `{"hooks": {"` + tt.event + `": [{"hooks": [{"type": "command", "command": ` + strconv.Quote(tt.command) + `}]}]}}`
			root := tree(t, map[string]string{
				"proj/.gemini/settings.json": settings,
				"proj/guard.sh":              "#!/bin/sh\n[ \"$(jq -r .tool_name)\" = \"Bash\" ] && exit 2\nexit 0\n",
				"proj/post.py":               "import json, sys\nd = json.load(sys.stdin)\nif d[\"hook_event_name\"] == \"PostToolUse\":\n    sys.exit(2)\n",
				"proj/gemini.sh":             "#!/bin/sh\n[ \"$(jq -r .tool_name)\" = \"run_shell_command\" ] && echo '{\"decision\":\"deny\"}'\n",
				"proj/deny.sh":               "#!/bin/sh\necho no >&2\nexit 2\n",
				"outside.sh":                 "#!/bin/sh\n[ \"$(jq -r .tool_name)\" = \"Bash\" ] && exit 2\n",
			})
			var got []string
			for _, p := range Check(merge.Merge(load(t, root))) {
				if p.Code == CodeClaudeProtocol {
					got = append(got, p.Message)
					if !strings.Contains(p.Hint, "gh-hooks claude-compat --event ") {
						t.Errorf("hint %q names no adapter command", p.Hint)
					}
				}
			}
			switch {
			case tt.want == "" && len(got) > 0:
				t.Errorf("unexpected claude-protocol: %q", got)
			case tt.want != "" && (len(got) != 1 || !strings.Contains(got[0], tt.want)):
				t.Errorf("claude-protocol %s", cmp.Diff([]string{tt.want}, got))
			}
		})
	}
}
