package claudecompat

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"
)

// TestLostAnswerClass: every way the adapter can lose a hook's answer
// (it did not start, crashed, was killed, timed out, exited 1 or 127,
// its JSON was cut or invalid), on every event where a hook can block,
// with and without onFailure "block" (Claude Code 2.1.295,
// claude-hooks.md §9). With onFailure "block" each blocks; without it,
// only a cut answer whose readable part is a block does (Claude would
// have read the whole deny), and the rest are read as Claude reads them.
// On an event where nothing blocks, nothing does.
func TestLostAnswerClass(t *testing.T) {
	t.Parallel()
	big := `{"hookSpecificOutput":{"permissionDecision":"deny","permissionDecisionReason":"` + strings.Repeat("x", 100) // cut
	ways := []struct {
		name   string
		r      Result
		denies bool // blocks without onFailure too
	}{
		{"did not start", Result{Exit: -1, Err: errors.New("fork/exec /bin/sh: no such file")}, false},
		{"killed", Result{Exit: -1}, false},
		{"timed out", Result{Exit: -1, TimedOut: true}, false},
		{"exit 1", Result{Exit: 1, Stderr: []byte("Traceback ...")}, false},
		{"exit 127", Result{Exit: 127}, false},
		{"cut deny", Result{Exit: 0, Stdout: []byte(big), Cut: true, StdoutCut: true}, true},
		{"cut, no decision seen", Result{Exit: 0, Stdout: []byte(`{"systemMessage":"` + strings.Repeat("x", 100)), Cut: true, StdoutCut: true}, false},
		// Whole but invalid: plain text to Claude, a block only when asked.
		{"invalid JSON after a deny", Result{Exit: 0, Stdout: []byte(`{"decision":"block","reason":"no`)}, false},
		{"invalid JSON after a permissionDecision deny", Result{Exit: 0, Stdout: []byte(`{"hookSpecificOutput":{"permissionDecision": "deny",}}`)}, false},
		{"invalid JSON", Result{Exit: 0, Stdout: []byte(`{"oops`)}, false},
	}
	for _, ev := range ClaudeEvents() {
		want := blockingExit2(ev)
		if want == "" {
			continue
		}
		for _, w := range ways {
			for _, onFailure := range []string{"", "block"} {
				h := Hook{Event: ev, OnFailure: onFailure, Deadline: 5 * time.Second}
				o := GeminiOutput(h, "Bash", w.r)
				var got map[string]any
				_ = json.Unmarshal(o.JSON, &got)
				blocks := got["decision"] == want
				if wantBlock := onFailure == "block" || w.denies; blocks != wantBlock {
					t.Errorf("%s, %s, onFailure %q: %s (exit %d); blocks %v, want %v", ev, w.name, onFailure, o.JSON, o.Exit, blocks, wantBlock)
				}
				if blocks && (o.Exit != 0 || !strings.Contains(got["reason"].(string), "fails closed")) {
					t.Errorf("%s, %s: %s exit %d; want a block in JSON, exit 0, that says why", ev, w.name, o.JSON, o.Exit)
				}
			}
		}
	}
	// A guard migrate marked (--on-failure lost): every lost answer blocks;
	// a deliberate exit 1, sh's 127 (a command not found, which Claude lets
	// through: the claude-compat case missing-command-127) and a whole
	// invalid answer without a deny do not.
	lost := map[string]bool{"did not start": true, "killed": true, "timed out": true, "cut deny": true,
		"cut, no decision seen": true, "invalid JSON after a deny": true, "invalid JSON after a permissionDecision deny": true}
	for _, ev := range ClaudeEvents() {
		want := blockingExit2(ev)
		if want == "" {
			continue
		}
		for _, w := range ways {
			o := GeminiOutput(Hook{Event: ev, OnFailure: OnFailureLost}, "Bash", w.r)
			var got map[string]any
			_ = json.Unmarshal(o.JSON, &got)
			if blocks := got["decision"] == want; blocks != lost[w.name] {
				t.Errorf("%s, %s, onFailure lost: %s; blocks %v, want %v", ev, w.name, o.JSON, blocks, lost[w.name])
			}
		}
	}
	// Where no hook blocks, a lost answer stays a warning.
	for _, ev := range []string{"SessionStart", "SessionEnd", "Notification", "PostToolUse", "PostToolUseFailure"} {
		for _, w := range ways {
			o := GeminiOutput(Hook{Event: ev, OnFailure: "block"}, "Bash", w.r)
			var got map[string]any
			_ = json.Unmarshal(o.JSON, &got)
			if d, ok := got["decision"]; ok {
				t.Errorf("%s, %s: decision %v; want none", ev, w.name, d)
			}
		}
	}
}

// TestRunFailsClosed runs real hooks whose answer the adapter loses: a
// deny of more than 1 MiB, and an onFailure "block" hook that outlives its
// deadline or cannot find its program. Watched with the real Gemini CLI
// 0.61.0 (gh-hooks run --real, a PreToolUse guard printing a 1.2 MB
// deny): the tool did not run, and the model got "Tool execution blocked:
// Claude hook answered with a block whose JSON passes 1048576 bytes and
// was cut, so it blocks (gh-hooks claude-compat fails closed)".
func TestRunFailsClosed(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no sh")
	}
	dir := t.TempDir()
	pre := `{"session_id":"s","cwd":"` + dir + `","hook_event_name":"BeforeTool","tool_name":"run_shell_command","tool_input":{"command":"rm -rf ~"}}`
	for _, tc := range []struct {
		name, command string
		h             Hook
		want          string
	}{
		{"a deny past 1 MiB", `printf '{"hookSpecificOutput":{"permissionDecision":"deny","permissionDecisionReason":"'; head -c 2000000 /dev/zero | tr '\0' x; printf '"}}'`,
			Hook{Event: "PreToolUse"}, `cut, so it blocks`},
		{"timed out", `sleep 5`, Hook{Event: "PreToolUse", OnFailure: "block", Deadline: 100 * time.Millisecond}, `timed out after 100ms and has onFailure \"block\"`},
		{"program missing", dir + `/missing.sh`, Hook{Event: "PreToolUse", OnFailure: "block"}, `exited 127 and has onFailure \"block\"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			var out bytes.Buffer
			start := time.Now()
			code := Run(context.Background(), tc.h, tc.command, Process{Stdin: strings.NewReader(pre), Stdout: &out, Env: os.Environ(), Dir: dir})
			if code != 0 || !strings.Contains(out.String(), `{"decision":"deny"`) || !strings.Contains(out.String(), tc.want) {
				t.Errorf("exit %d, stdout %.300s; want a deny saying %s", code, out.String(), tc.want)
			}
			if time.Since(start) > 4*time.Second {
				t.Errorf("the deadline did not stop the hook")
			}
		})
	}
}
