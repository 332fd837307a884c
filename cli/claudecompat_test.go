package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/gh-hooks/gh-hooks/claudecompat"
)

// TestClaudeCompatArgs checks the adapter's own argument parser: the
// lines migrate writes are taken by it, anything else is left to
// urfave/cli, and both paths give the same answer for the same line.
func TestClaudeCompatArgs(t *testing.T) {
	hook := `grep -o '"tool_name":"[A-Za-z]*"' >&2; echo "root=$CLAUDE_PLUGIN_ROOT" >&2; exit 2`
	tests := []struct {
		args []string
		ok   bool
		want claudecompat.Hook
	}{
		{[]string{"claude-compat", "--event", "PreToolUse", "--", hook}, true, claudecompat.Hook{Event: "PreToolUse"}},
		{[]string{"claude-compat", "--event=PreToolUse", "--plugin-root", "/p", "--", hook}, true, claudecompat.Hook{Event: "PreToolUse", PluginRoot: "/p"}},
		{[]string{"claude-compat", "--event", "PreToolUse", "--matcher", "MultiEdit", "--", hook}, true, claudecompat.Hook{Event: "PreToolUse", Matcher: "MultiEdit"}},
		{[]string{"claude-compat", "--plugin-root=/q", "--event", "PreToolUse", "--", hook}, true, claudecompat.Hook{Event: "PreToolUse", PluginRoot: "/q"}},
		{[]string{"claude-compat", "--help"}, false, claudecompat.Hook{}},
		{[]string{"claude-compat", "--evnt", "Stop", "--", "x"}, false, claudecompat.Hook{}},
		{[]string{"claude-compat", "--event", "Stop", "x"}, false, claudecompat.Hook{}},
		{[]string{"claude-compat", "--event", "Stop", "--", "x", "y"}, false, claudecompat.Hook{}},
		{[]string{"claude-compat", "--", "x"}, false, claudecompat.Hook{}},
		{[]string{"effective", "--event", "Stop", "--", "x"}, false, claudecompat.Hook{}},
	}
	payload := `{"cwd":"/","hook_event_name":"BeforeTool","tool_name":"replace","tool_input":{"file_path":"/f"}}`
	for _, tt := range tests {
		args := append([]string{"gh-hooks"}, tt.args...)
		h, _, ok := claudeCompatArgs(args)
		if ok != tt.ok || (ok && h != tt.want) {
			t.Errorf("claudeCompatArgs(%q) = %+v %v, want %+v %v", tt.args, h, ok, tt.want, tt.ok)
		}
		if !ok {
			continue
		}
		var fast, slow bytes.Buffer
		fastCode := Run(args, Process{Stdin: strings.NewReader(payload), Stdout: &fast, Stderr: &fast})
		e := &env{Process: Process{Stdin: strings.NewReader(payload), Stdout: &slow, Stderr: &slow}, args: args}
		slowErr := newRoot(e, nil).Run(context.Background(), args)
		if fastCode != 0 || slowErr != nil || fast.String() != slow.String() {
			t.Errorf("%q: own parser gives %d %q, urfave/cli %v %q", tt.args, fastCode, fast.String(), slowErr, slow.String())
		}
		want := `"tool_name":"Edit"`
		if tt.want.Matcher == "MultiEdit" {
			want = `"tool_name":"MultiEdit"`
		}
		var answer struct{ Decision, Reason string }
		if err := json.Unmarshal(fast.Bytes(), &answer); err != nil || answer.Decision != "deny" ||
			!strings.Contains(answer.Reason, want) || !strings.Contains(answer.Reason, "root="+tt.want.PluginRoot+"\n") && !strings.HasSuffix(answer.Reason, "root="+tt.want.PluginRoot) {
			t.Errorf("%q: answer %q lacks %s and root=%s", tt.args, fast.String(), want, tt.want.PluginRoot)
		}
	}
}
