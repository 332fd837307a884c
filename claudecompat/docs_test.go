package claudecompat

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/gh-hooks/gh-hooks/internal/docsync"
)

var update = flag.Bool("update", false, "rewrite the generated parts of docs/claude-compat.md")

// TestDocs keeps the tables of docs/claude-compat.md equal to what the
// adapter does: they are rendered from its tables and by running it.
func TestDocs(t *testing.T) {
	parts := map[string]string{
		"events":  docEvents(),
		"tools":   docTools(),
		"fields":  docFields(),
		"payload": docPayload(t),
		"output":  docOutput(),
		"env":     docEnv(t),
	}
	docsync.Check(t, filepath.Join("..", "docs", "claude-compat.md"), parts, *update,
		"go test ./claudecompat -run TestDocs -update")
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// answer renders the adapter's answer to Gemini: its JSON and exit code.
func answer(o Output) string {
	s := "nothing"
	if o.JSON != nil {
		s = "`" + string(o.JSON) + "`"
	}
	if o.Exit != 0 {
		s += fmt.Sprintf(", exit %d", o.Exit)
	}
	return s
}

func docEvents() string {
	var rows [][]string
	for _, ev := range ClaudeEvents() {
		h := Hook{Event: ev}
		rows = append(rows, []string{
			docsync.Code(ev), docsync.Code(geminiEvent(ev)),
			answer(GeminiOutput(h, "", Result{Exit: 2, Stderr: []byte("why")})),
			answer(GeminiOutput(h, "", Result{Exit: 0, Stdout: []byte("text")})),
			answer(GeminiOutput(h, "", Result{Exit: 1, Stderr: []byte("oops")})),
		})
	}
	return docsync.Table([]string{"Claude event", "runs on Gemini event", "exit 2, stderr `why`", "exit 0, stdout `text`", "exit 1, stderr `oops`"}, rows)
}

func docTools() string {
	var rows [][]string
	tools := slices.Clone(claudeTools)
	sort.Slice(tools, func(i, j int) bool { return tools[i].gemini < tools[j].gemini })
	for _, t := range tools {
		g, c := t.gemini, t.claude[0]
		var alts []string
		for _, a := range t.claude[1:] {
			alts = append(alts, docsync.Code(a))
		}
		back := "yes"
		if GeminiToolName(c) != g {
			back = "no: " + docsync.Code(c) + " maps back to " + docsync.Code(GeminiToolName(c))
		}
		rows = append(rows, []string{docsync.Code(g), docsync.Code(c), strings.Join(alts, ", "), back})
	}
	rows = append(rows, []string{"`mcp_<server>_<tool>`", "`mcp__<server>__<tool>`", "", "yes"})
	return docsync.Table([]string{"Gemini tool", "Claude name", "other Claude names (chosen when the hook's matcher names them)", "mapped back"}, rows)
}

func docFields() string {
	var rows [][]string
	for _, tool := range claudeToolNames() {
		for _, r := range fieldRenames(tool) {
			how := "same name"
			if r[0] != r[1] {
				how = "renamed"
			}
			rows = append(rows, []string{docsync.Code(tool), docsync.Code(r[0]), docsync.Code(r[1]), how})
		}
		for _, c := range fieldComputed(tool) {
			rows = append(rows, []string{docsync.Code(tool), c.Gemini, c.Claude, c.How})
		}
	}
	return docsync.Table([]string{"Claude tool", "Gemini field", "Claude field", "how"}, rows)
}

// payloadSource says where each field of the Claude payload comes from;
// a field the adapter writes that is not described here fails TestDocs.
var payloadSource = map[string]string{
	"session_id":             "Gemini's `session_id`",
	"transcript_path":        "Gemini's `transcript_path` (a Gemini session file, not Claude's JSONL)",
	"cwd":                    "Gemini's `cwd`",
	"permission_mode":        "always `\"default\"`: Gemini does not say its approval mode",
	"hook_event_name":        "the Claude event the hook was written for",
	"tool_name":              "Gemini's `tool_name`, mapped (tool table)",
	"tool_input":             "Gemini's `tool_input`, fields mapped (field table)",
	"tool_response":          "rebuilt in Claude's shape from Gemini's `{llmContent, returnDisplay, error}`: Bash `{stdout, stderr, interrupted, isImage}`, Write `{type, filePath, content, structuredPatch}`, Edit `{filePath, oldString, newString, replaceAll, userModified, structuredPatch}`, Read `{type, file: {filePath, content, numLines}}`, other tools the text (parsed when it is JSON)",
	"tool_use_id":            "made up: `toolu_gh` + a hash of session, tool and input, the same for the BeforeTool and AfterTool of one call (Gemini sends none)",
	"error":                  "Gemini's `tool_response.error` (its message)",
	"is_interrupt":           "always `false`",
	"prompt":                 "Gemini's `prompt`",
	"stop_hook_active":       "Gemini's `stop_hook_active`",
	"last_assistant_message": "Gemini's `prompt_response`",
	"background_tasks":       "always `[]`",
	"session_crons":          "always `[]`",
	"source":                 "Gemini's `source` (startup, resume, clear)",
	"reason":                 "Gemini's `reason`; `exit` becomes `other`",
	"trigger":                "Gemini's `trigger` (manual, auto)",
	"custom_instructions":    "always `\"\"`",
	"message":                "Gemini's `message`",
	"notification_type":      "Gemini's `notification_type`; `ToolPermission` becomes `permission_prompt`",
}

func docPayload(t *testing.T) string {
	probe := map[string]any{
		"session_id": "s", "transcript_path": "/t", "cwd": "/p", "tool_name": "read_file",
		"tool_input":    map[string]any{"file_path": "/p/a"},
		"tool_response": map[string]any{"llmContent": "x", "returnDisplay": "x"},
		"prompt":        "p", "prompt_response": "r", "stop_hook_active": false, "source": "startup",
		"reason": "exit", "trigger": "manual", "message": "m", "notification_type": "ToolPermission",
	}
	failed := map[string]any{}
	for k, v := range probe {
		failed[k] = v
	}
	failed["tool_response"] = map[string]any{"llmContent": "x", "error": map[string]any{"message": "boom"}}
	events := map[string][]string{}
	for _, ev := range ClaudeEvents() {
		in := probe
		if ev == "PostToolUseFailure" {
			in = failed
		}
		c, skip := ClaudeInput(Hook{Event: ev}, in)
		if skip != "" {
			t.Fatalf("%s: skipped: %s", ev, skip)
		}
		for k := range c {
			events[k] = append(events[k], ev)
		}
	}
	var rows [][]string
	for _, k := range claudeOrder {
		evs, ok := events[k]
		if !ok {
			t.Errorf("claudeOrder has %q, which no event's payload has", k)
			continue
		}
		src, ok := payloadSource[k]
		if !ok {
			t.Errorf("the Claude payload field %q is not described in payloadSource", k)
		}
		who := "all"
		if len(evs) < len(ClaudeEvents()) {
			who = strings.Join(evs, ", ")
		}
		rows = append(rows, []string{docsync.Code(k), who, src})
		delete(events, k)
	}
	for k := range events {
		t.Errorf("the Claude payload field %q is missing from claudeOrder", k)
	}
	return docsync.Table([]string{"Claude field", "events", "value"}, rows)
}

// outputExamples are Claude answers and what the adapter tells Gemini.
var outputExamples = []struct {
	event, tool, what string
	r                 Result
}{
	{"PreToolUse", "Bash", "exit 2, stderr `no rm -rf`", Result{Exit: 2, Stderr: []byte("no rm -rf\n")}},
	{"PreToolUse", "Bash", "`permissionDecision` deny", Result{Stdout: []byte(`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"protected"}}`)}},
	{"PreToolUse", "Bash", "`permissionDecision` ask", Result{Stdout: []byte(`{"hookSpecificOutput":{"permissionDecision":"ask","permissionDecisionReason":"check"}}`)}},
	{"PreToolUse", "Bash", "`permissionDecision` allow", Result{Stdout: []byte(`{"hookSpecificOutput":{"permissionDecision":"allow"}}`)}},
	{"PreToolUse", "Bash", "deprecated `decision: \"approve\"`", Result{Stdout: []byte(`{"decision":"approve","reason":"ok"}`)}},
	{"PreToolUse", "Bash", "deprecated `decision: \"block\"`", Result{Stdout: []byte(`{"decision":"block","reason":"no"}`)}},
	{"PreToolUse", "Read", "`updatedInput` (Read offset/limit)", Result{Stdout: []byte(`{"hookSpecificOutput":{"permissionDecision":"allow","updatedInput":{"file_path":"/p/a","offset":10,"limit":5}}}`)}},
	{"PreToolUse", "Bash", "`additionalContext` (lost: BeforeTool has no context channel)", Result{Stdout: []byte(`{"hookSpecificOutput":{"additionalContext":"note"}}`)}},
	{"PreToolUse", "Bash", "exit 127 (program not found)", Result{Exit: 127, Stderr: []byte("sh: 1: bun: not found\n")}},
	{"PostToolUse", "Bash", "exit 2, stderr `tests fail`", Result{Exit: 2, Stderr: []byte("tests fail")}},
	{"PreToolUse", "Bash", "exit 2, JSON `{\"decision\":\"approve\"}` on stderr (its text is the reason)", Result{Exit: 2, Stderr: []byte(`{"decision":"approve"}`)}},
	{"PostToolUse", "WebFetch", "exit 2, stderr empty, the block only in stdout (Claude ignores stdout on exit 2 and still blocks)", Result{Exit: 2, Stdout: []byte(`{"decision":"block"}`)}},
	{"PostToolUse", "Edit", "`decision: \"block\"` without a reason", Result{Stdout: []byte(`{"decision":"block"}`)}},
	{"PostToolUse", "Edit", "`decision: \"block\"` with a reason", Result{Stdout: []byte(`{"decision":"block","reason":"lint errors"}`)}},
	{"PostToolUse", "Edit", "`additionalContext`", Result{Stdout: []byte(`{"hookSpecificOutput":{"hookEventName":"PostToolUse","additionalContext":"formatted"}}`)}},
	{"UserPromptSubmit", "", "plain stdout", Result{Stdout: []byte("branch: main\n")}},
	{"UserPromptSubmit", "", "`decision: \"block\"`", Result{Stdout: []byte(`{"decision":"block","reason":"no secrets"}`)}},
	{"SessionStart", "", "plain stdout", Result{Stdout: []byte("project notes")}},
	{"Stop", "", "`decision: \"block\"` (keep working)", Result{Stdout: []byte(`{"decision":"block","reason":"tests not run"}`)}},
	{"Stop", "", "`additionalContext` (keeps the turn going, without the error label)", Result{Stdout: []byte(`{"hookSpecificOutput":{"hookEventName":"Stop","additionalContext":"update the changelog"}}`)}},
	{"Stop", "", "`continue: false` with `stopReason`", Result{Stdout: []byte(`{"continue":false,"stopReason":"done for today"}`)}},
	{"Notification", "", "`systemMessage`, `suppressOutput`", Result{Stdout: []byte(`{"systemMessage":"hi","suppressOutput":true}`)}},
	{"SessionStart", "", "invalid JSON", Result{Stdout: []byte(`{"oops"`)}},
}

func docOutput() string {
	var rows [][]string
	for _, e := range outputExamples {
		out := string(e.r.Stdout)
		if out == "" {
			out = e.what
		} else {
			out = e.what + ": `" + strings.TrimSpace(out) + "`"
		}
		rows = append(rows, []string{docsync.Code(e.event), out, answer(GeminiOutput(Hook{Event: e.event}, e.tool, e.r))})
	}
	return docsync.Table([]string{"Claude event", "the Claude hook", "gh-hooks claude-compat answers Gemini"}, rows)
}

// docEnv runs a hook that prints its environment, as the adapter runs it.
func docEnv(t *testing.T) string {
	h := Hook{Event: "SessionStart", PluginRoot: "/plugins/guard"}
	claude := map[string]any{"session_id": "S1", "cwd": "/work/project"}
	r := runHook(context.Background(), h, `env; echo "CMD=${CLAUDE_PROJECT_DIR}|${CLAUDE_PLUGIN_ROOT}"`, claude, []byte("{}"), Process{Env: []string{"PATH=" + os.Getenv("PATH")}})
	if r.Exit != 0 {
		t.Fatalf("env: exit %d: %s", r.Exit, r.Stderr)
	}
	var rows [][]string
	vars := map[string]string{}
	for _, l := range strings.Split(string(r.Stdout), "\n") {
		if k, v, ok := strings.Cut(l, "="); ok && (strings.HasPrefix(k, "CLAUDE") || k == "CMD") {
			vars[k] = v
		}
	}
	for _, k := range sortedKeys(vars) {
		if k == "CMD" {
			continue
		}
		rows = append(rows, []string{docsync.Code(k), docsync.Code(vars[k])})
	}
	b, _ := json.Marshal(vars["CMD"])
	return docsync.Table([]string{"variable", "value (hook of a plugin at /plugins/guard, Gemini cwd /work/project, session S1)"}, rows) +
		"\n`${CLAUDE_PROJECT_DIR}` and `${CLAUDE_PLUGIN_ROOT}` in the command text are replaced before the shell runs, as Claude does: " +
		"`echo \"${CLAUDE_PROJECT_DIR}|${CLAUDE_PLUGIN_ROOT}\"` prints " + string(b) + ".\n"
}
