package runner

import (
	"context"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/gh-hooks/gh-hooks/merge"
	"github.com/google/go-cmp/cmp"
)

// TestOutputTable reproduces every verified row of spec §5.4 with a real
// hook script, one hook per BeforeTool event.
func TestOutputTable(t *testing.T) {
	t.Parallel()
	needBash(t)
	type want struct {
		Success  bool
		ExitCode int
		Format   string
		Output   string // JSON, "" for none
		Blocks   bool
		Warnings []string
	}
	tests := []struct {
		name   string
		script string
		want   want
	}{
		{"exit 0 JSON deny blocks", "json_deny.sh", want{true, 0, "json", `{"decision":"deny","reason":"nope"}`, true, nil}},
		{"exit 0 text allows with systemMessage", "hello.sh", want{true, 0, "text", `{"decision":"allow","systemMessage":"hello"}`, false, []string{
			"plain text, not JSON: Gemini allows and shows the text to the user as a systemMessage"}}},
		{"exit 1 warns and fails", "exit1.sh", want{false, 1, "text", `{"decision":"allow","systemMessage":"Warning: oops"}`, false, []string{
			"exit 1 is a non-blocking warning: the hook counts as failed but does not block",
			"stdout is empty, so stderr is used as the output text",
			`plain text, not JSON: Gemini allows and shows "Warning: " and the text to the user as a systemMessage`}}},
		{"exit 2 stderr only denies with stderr", "exit2_stderr.sh", want{false, 2, "text", `{"decision":"deny","reason":"blocked by policy"}`, true, []string{
			"stdout is empty, so stderr is used as the output text",
			"plain text, not JSON: exit 2, so Gemini denies with the text as the reason"}}},
		{"exit 2 stdout beats stderr as reason", "exit2_both.sh", want{false, 2, "text", `{"decision":"deny","reason":"stdout reason"}`, true, []string{
			"stdout is the block reason; stderr is ignored because stdout is not empty",
			"plain text, not JSON: exit 2, so Gemini denies with the text as the reason"}}},
		{"exit 2 JSON without decision does not block", "exit2_json.sh", want{false, 2, "json", `{"systemMessage":"hi"}`, false, []string{
			`exit 2 with JSON output: JSON wins, so this does not block (add "decision": "deny" to block)`}}},
		{"exit 2 no output does not block", "exit2_silent.sh", want{false, 2, "none", "", false, []string{
			"exit 2 with no output: does not block; Gemini only warns that the hook failed (print a reason to block)"}}},
		{"exit 3 blocks", "exit3_stderr.sh", want{false, 3, "text", `{"decision":"deny","reason":"three"}`, true, []string{
			"exit 3 blocks like exit 2 (the docs call codes other than 0 and 2 warnings)",
			"stdout is empty, so stderr is used as the output text",
			"plain text, not JSON: exit 3, so Gemini denies with the text as the reason"}}},
		{"JSON on stderr is parsed", "stderr_json.sh", want{true, 0, "json", `{"decision":"deny","reason":"from stderr"}`, true, []string{
			"JSON on stderr is parsed because stdout is empty"}}},
		{"number is no output", "number.sh", want{true, 0, "none", "", false, []string{
			"output is JSON a number, not an object: Gemini ignores it"}}},
		{"null is no output", "null.sh", want{true, 0, "none", "", false, []string{
			"output is JSON null, not an object: Gemini ignores it"}}},
		{"array is output without effect", "array.sh", want{true, 0, "json", `[1,2]`, false, []string{
			"output is a JSON array: accepted as output but has no effect"}}},
		{"double-encoded JSON blocks", "double.sh", want{true, 0, "json", `{"decision":"deny"}`, true, []string{
			"output is a JSON string holding JSON: Gemini decodes it twice"}}},
		{"JSON string of text keeps quotes", "quoted_hello.sh", want{true, 0, "text", `{"decision":"allow","systemMessage":"\"hello\""}`, false, []string{
			"output is a JSON string whose content is not JSON: treated as plain text, quotes included",
			"plain text, not JSON: Gemini allows and shows the text to the user as a systemMessage"}}},
		{"text before JSON is all text", "text_before.sh", want{true, 0, "text", `{"decision":"allow","systemMessage":"debug\n{\"decision\":\"deny\"}"}`, false, []string{
			"text before the JSON: Gemini treats all of it as plain text (print only the JSON object)",
			"plain text, not JSON: Gemini allows and shows the text to the user as a systemMessage"}}},
		{"object that does not parse is plain text", "bad_json.sh", want{true, 0, "text", `{"decision":"allow","systemMessage":"{\"decision\": \"deny\", \"reason\": \"nope\""}`, false, []string{
			`output starts with "{" but is not valid JSON (unexpected end of JSON input): Gemini treats all of it as plain text`,
			"plain text, not JSON: Gemini allows and shows the text to the user as a systemMessage"}}},
		{"invalid UTF-8 decodes as Node does", "exit2_bad_utf8.sh", want{false, 2, "text", "{\"decision\":\"deny\",\"reason\":\"\uFFFD\uFFFD bad \uFFFD!\"}", true, []string{
			"stdout is empty, so stderr is used as the output text",
			"plain text, not JSON: exit 2, so Gemini denies with the text as the reason"}}},
		{"signal reports exit 0 and fails", "signal.sh", want{false, 0, "text", `{"decision":"allow","systemMessage":"dying"}`, false, []string{
			"killed by a signal: Gemini reports exit code 0 and counts the hook as failed; any output is still parsed",
			"plain text, not JSON: Gemini allows and shows the text to the user as a systemMessage"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			rep := run(t, "BeforeTool", false, testInput(t, "BeforeTool", dir, ""), Options{}, cmdHook("h", script(t, tt.script)))
			r := rep.Hooks[0]
			got := want{Success: r.Success, Format: r.Format, Blocks: rep.Blocks(), Warnings: r.Warnings}
			if r.ExitCode != nil {
				got.ExitCode = *r.ExitCode
			}
			if r.Output != nil {
				got.Output = Stringify(r.Output)
			}
			w := tt.want
			if w.Warnings == nil {
				w.Warnings = []string{}
			}
			if diff := cmp.Diff(w, got); diff != "" {
				t.Errorf("result mismatch (-want +got):\n%s\nstdout=%q stderr=%q", diff, r.Stdout, r.Stderr)
			}
		})
	}
}

// TestAggregation runs real hooks through each strategy of spec §5.8.
func TestAggregation(t *testing.T) {
	t.Parallel()
	needBash(t)
	emit := func(id, out string) Hook { return cmdHook(id, script(t, "emit.sh", out)) }
	tests := []struct {
		name   string
		event  string
		hooks  []Hook
		want   string // aggregated output JSON
		blocks bool
		reason string
	}{
		{"deny and allow: deny wins", "BeforeTool", []Hook{
			emit("a", `{"decision":"deny","reason":"r1"}`), emit("b", `{"decision":"allow","systemMessage":"m"}`)},
			`{"continue":true,"suppressOutput":false,"systemMessage":"m","decision":"deny","reason":"r1"}`, true, "r1"},
		{"ask then deny: deny wins", "BeforeTool", []Hook{
			emit("a", `{"decision":"ask"}`), emit("b", `{"decision":"deny"}`)},
			`{"continue":true,"suppressOutput":false,"decision":"deny"}`, true, "No reason provided"},
		{"deny then ask: later ask never overrides", "AfterTool", []Hook{
			emit("a", `{"decision":"deny","reason":"x"}`), emit("b", `{"decision":"ask","reason":"y"}`)},
			`{"continue":true,"suppressOutput":false,"decision":"deny","reason":"x\ny"}`, true, "x\ny"},
		{"approve becomes allow", "BeforeAgent", []Hook{emit("a", `{"decision":"approve"}`)},
			`{"continue":true,"suppressOutput":false,"decision":"allow"}`, false, ""},
		{"continue false only: no decision, blocks", "AfterAgent", []Hook{
			emit("a", `{"continue":false,"stopReason":"s1"}`), emit("b", `{"continue":false,"stopReason":"s2"}`)},
			`{"continue":false,"stopReason":"s1\ns2","suppressOutput":false}`, true, "s1\ns2"},
		{"tool_input: last wins entirely, contexts joined, clearContext sticky", "AfterAgent", []Hook{
			emit("a", `{"hookSpecificOutput":{"tool_input":{"a":1},"additionalContext":"<c1>","clearContext":true}}`),
			emit("b", `{"hookSpecificOutput":{"tool_input":{"b":2},"additionalContext":"c2","clearContext":false}}`)},
			`{"continue":true,"suppressOutput":false,"decision":"allow","hookSpecificOutput":{"clearContext":true,"tool_input":{"b":2},"additionalContext":"<c1>\nc2"}}`, false, ""},
		{"BeforeModel deny then allow: allow", "BeforeModel", []Hook{
			emit("a", `{"decision":"deny","hookSpecificOutput":{"x":1}}`), emit("b", `{"decision":"allow","hookSpecificOutput":{"y":2}}`)},
			`{"decision":"allow","hookSpecificOutput":{"x":1,"y":2}}`, false, ""},
		{"AfterModel allow then deny: deny", "AfterModel", []Hook{
			emit("a", `{"decision":"allow","reason":"a"}`), emit("b", `{"decision":"deny"}`)},
			`{"decision":"deny","reason":"a","hookSpecificOutput":{}}`, true, "a"},
		{"tool selection ANY[z,a] + AUTO[m] gives ANY [a,m,z]", "BeforeToolSelection", []Hook{
			emit("a", `{"hookSpecificOutput":{"toolConfig":{"mode":"ANY","allowedFunctionNames":["z","a"]}}}`),
			emit("b", `{"decision":"deny","hookSpecificOutput":{"toolConfig":{"mode":"AUTO","allowedFunctionNames":["m","a"]}}}`)},
			`{"hookSpecificOutput":{"hookEventName":"BeforeToolSelection","toolConfig":{"mode":"ANY","allowedFunctionNames":["a","m","z"]}}}`, false, ""},
		{"tool selection NONE wins with no names", "BeforeToolSelection", []Hook{
			emit("a", `{"hookSpecificOutput":{"toolConfig":{"mode":"ANY","allowedFunctionNames":["z"]}}}`),
			emit("b", `{"hookSpecificOutput":{"toolConfig":{"mode":"NONE","allowedFunctionNames":["m"]}}}`)},
			`{"hookSpecificOutput":{"hookEventName":"BeforeToolSelection","toolConfig":{"mode":"NONE","allowedFunctionNames":[]}}}`, false, ""},
		{"tool selection without toolConfig is AUTO []", "BeforeToolSelection", []Hook{emit("a", `{"systemMessage":"x"}`)},
			`{"hookSpecificOutput":{"hookEventName":"BeforeToolSelection","toolConfig":{"mode":"AUTO","allowedFunctionNames":[]}}}`, false, ""},
		{"simple: last wins per field", "Notification", []Hook{
			emit("a", `{"systemMessage":"a","reason":"r"}`), emit("b", `{"systemMessage":"b"}`)},
			`{"systemMessage":"b","reason":"r"}`, false, ""},
		{"simple: deny then allow is allow", "PreCompress", []Hook{
			emit("a", `{"decision":"deny"}`), emit("b", `{"decision":"allow"}`)},
			`{"decision":"allow"}`, false, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			rep := run(t, tt.event, false, testInput(t, tt.event, dir, ""), Options{}, tt.hooks...)
			got := ""
			if rep.Aggregate.Output != nil {
				got = Stringify(rep.Aggregate.Output)
			}
			type res struct {
				Output string
				Blocks bool
				Reason string
			}
			if diff := cmp.Diff(res{tt.want, tt.blocks, tt.reason}, res{got, rep.Blocks(), rep.Aggregate.Reason}); diff != "" {
				t.Errorf("aggregate mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

// TestIgnoredOnEvents: Gemini ignores decision and continue on the events
// whose callers do not act on them (runner.Stops). Watched on the real
// Gemini CLI 0.61.0 headless: a SessionStart hook printing
// {"decision":"block","continue":false,...,"hookSpecificOutput":{"additionalContext":"CTX"}}
// changed nothing: the model got "<hook_context>CTX</hook_context>\n\ngo",
// answered, and the systemMessage was printed on stderr.
func TestIgnoredOnEvents(t *testing.T) {
	t.Parallel()
	needBash(t)
	out := `{"decision":"block","reason":"R","continue":false,"stopReason":"S"}`
	for _, event := range []string{"SessionStart", "BeforeToolSelection", "SessionEnd", "PreCompress", "Notification"} {
		t.Run(event, func(t *testing.T) {
			rep := run(t, event, false, testInput(t, event, t.TempDir(), ""), Options{}, cmdHook("a", script(t, "emit.sh", out)))
			if rep.Blocks() || rep.Aggregate.Blocks {
				t.Errorf("Blocks() = true on %s", event)
			}
			got := strings.Join(rep.Aggregate.Ignored, "\n")
			for _, want := range []string{"is ignored on " + event, "Gemini"} {
				if !strings.Contains(got, want) {
					t.Errorf("Ignored %q lacks %q", got, want)
				}
			}
		})
	}
	rep := run(t, "SessionStart", false, testInput(t, "SessionStart", t.TempDir(), ""), Options{}, cmdHook("a", script(t, "emit.sh", out)))
	want := []string{
		`decision "block" is ignored on SessionStart: nothing is blocked (Gemini uses only systemMessage (shown to the user) and additionalContext (added before the first prompt) there)`,
		`continue:false is ignored on SessionStart: Gemini goes on (Gemini uses only systemMessage (shown to the user) and additionalContext (added before the first prompt) there)`,
	}
	if diff := cmp.Diff(want, rep.Aggregate.Ignored); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

// TestSequentialChaining proves each event's input rewrite (spec §5.6) by
// having the last hook echo the stdin it received.
func TestSequentialChaining(t *testing.T) {
	t.Parallel()
	needBash(t)
	tests := []struct {
		name    string
		event   string
		input   string
		first   string
		code    string
		wantKey string
		want    string
	}{
		{"BeforeTool merges tool_input", "BeforeTool", `{"tool_input":{"a":1,"b":1}}`,
			`{"hookSpecificOutput":{"tool_input":{"b":2,"c":3}}}`, "0", "tool_input", `{"a":1,"b":2,"c":3}`},
		{"BeforeAgent appends additionalContext", "BeforeAgent", `{"prompt":"hi"}`,
			`{"hookSpecificOutput":{"additionalContext":"ctx"}}`, "0", "prompt", `"hi\n\nctx"`},
		{"BeforeModel merges llm_request", "BeforeModel", `{"llm_request":{"model":"m1","config":{"t":1}}}`,
			`{"hookSpecificOutput":{"llm_request":{"model":"m2"}}}`, "0", "llm_request", `{"model":"m2","config":{"t":1}}`},
		{"failed hook does not chain", "BeforeTool", `{"tool_input":{"a":1}}`,
			`{"hookSpecificOutput":{"tool_input":{"a":2}}}`, "1", "tool_input", `{"a":1}`},
		{"AfterTool does not chain", "AfterTool", `{"tool_input":{"a":1}}`,
			`{"hookSpecificOutput":{"tool_input":{"a":2}}}`, "0", "tool_input", `{"a":1}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			in := testInput(t, tt.event, dir, tt.input)
			rep := run(t, tt.event, true, in, Options{},
				cmdHook("first", script(t, "emit.sh", tt.first, tt.code)), cmdHook("echo", "cat"))
			last := rep.Hooks[1]
			// cat proves the bytes on stdin: JSON.stringify, no newline.
			if diff := cmp.Diff(Stringify(last.Input), last.Stdout); diff != "" {
				t.Errorf("stdin bytes differ from the recorded input (-want +got):\n%s", diff)
			}
			got, _ := ParseJSON(last.Stdout)
			v, _ := got.(*Object).Get(tt.wantKey)
			if diff := cmp.Diff(tt.want, Stringify(v)); diff != "" {
				t.Errorf("%s (-want +got):\n%s", tt.wantKey, diff)
			}
		})
	}
}

// TestChainTypeError: a string hookSpecificOutput makes applyHookOutputToInput
// throw, so the event reports that TypeError alone and later hooks never run.
func TestChainTypeError(t *testing.T) {
	t.Parallel()
	needBash(t)
	dir := t.TempDir()
	rep := run(t, "BeforeTool", true, testInput(t, "BeforeTool", dir, ""), Options{},
		cmdHook("a", script(t, "emit.sh", `{"hookSpecificOutput":"oops","decision":"deny"}`)), cmdHook("b", "echo b"))
	got := struct {
		Hooks  int
		Errors []string
		Blocks bool
	}{len(rep.Hooks), rep.Aggregate.Errors, rep.Blocks()}
	want := struct {
		Hooks  int
		Errors []string
		Blocks bool
	}{1, []string{"Cannot use 'in' operator to search for 'tool_input' in oops"}, false}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

// TestParallel proves hooks start together (a waits for a file that b
// creates; run in sequence it would time out) and results keep plan order.
func TestParallel(t *testing.T) {
	t.Parallel()
	needBash(t)
	dir := t.TempDir()
	a := cmdHook("a", `while [ ! -e flag ]; do sleep 0.01; done; echo a`)
	a.Timeout = 20000
	b := cmdHook("b", `touch flag; echo b`)
	rep := run(t, "AfterAgent", false, testInput(t, "AfterAgent", dir, ""), Options{}, a, b)
	var got []string
	for _, r := range rep.Hooks {
		got = append(got, r.ID+"="+Stringify(r.Output))
	}
	want := []string{`a={"decision":"allow","systemMessage":"a"}`, `b={"decision":"allow","systemMessage":"b"}`}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

// TestEnvAndCwd checks the child environment and working directory (spec §5.2).
func TestEnvAndCwd(t *testing.T) {
	t.Parallel()
	needBash(t)
	dir := t.TempDir()
	h := cmdHook("env", script(t, "env.sh"))
	h.Env = map[string]string{"FOO": "foo", "GEMINI_CWD": "from-hook"}
	h.EnvKeys = []string{"GEMINI_CWD", "FOO"}
	opt := Options{
		Env:      []string{"PATH=" + os.Getenv("PATH"), "BASE=base", "GEMINI_PROJECT_DIR=stale"},
		PlansDir: "/plans dir",
	}
	rep := run(t, "SessionStart", false, testInput(t, "SessionStart", dir, ""), opt, h)
	real, err := filepath.EvalSymlinks(dir)
	if err != nil {
		t.Fatal(err)
	}
	want := strings.Join([]string{dir, "from-hook", "/plans dir", "s-1", dir, "foo", "base", real}, "\n") + "\n"
	if diff := cmp.Diff(want, rep.Hooks[0].Stdout); diff != "" {
		t.Errorf("env (-want +got):\n%s", diff)
	}
}

// TestExpandCommandSpace proves spec §5.3 with a project path containing a
// space: the docs' "$GEMINI_PROJECT_DIR/x" breaks, the unquoted and
// ${...} forms work.
// TestShellFromHookPath: Node's spawn looks bash up in the child's
// env.PATH, the hook's env included (spec §5.2), so a hook whose env sets
// PATH runs the bash found there, and fails to start without one.
func TestShellFromHookPath(t *testing.T) {
	t.Parallel()
	needBash(t)
	dir := t.TempDir()
	if err := os.Mkdir(filepath.Join(dir, "bin"), 0o755); err != nil {
		t.Fatal(err)
	}
	fake := "#!/bin/sh\necho \"the project's bash ran: $*\"\n"
	if err := os.WriteFile(filepath.Join(dir, "bin", "bash"), []byte(fake), 0o755); err != nil {
		t.Fatal(err)
	}
	opt := Options{Env: []string{"PATH=" + os.Getenv("PATH")}}
	for _, tt := range []struct {
		name, path, wantOut, wantErr string
	}{
		{"relative folder of the project first", "./bin:/usr/bin:/bin", "the project's bash ran: -c echo hi\n", ""},
		{"no bash on it", filepath.Join(dir, "nothing"), "", "spawn bash ENOENT"},
		{"the inherited PATH", "", "hi\n", ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			h := cmdHook("shell", "echo hi")
			if tt.path != "" {
				h.Env = map[string]string{"PATH": tt.path}
				h.EnvKeys = []string{"PATH"}
			}
			rep := run(t, "SessionStart", false, testInput(t, "SessionStart", dir, ""), opt, h)
			got := rep.Hooks[0]
			if got.Stdout != tt.wantOut || got.Error != tt.wantErr {
				t.Errorf("stdout %q, error %q; want %q, %q", got.Stdout, got.Error, tt.wantOut, tt.wantErr)
			}
			if warned := strings.Contains(strings.Join(got.Warnings, "\n"), "no bash in the folders of the hook's PATH"); warned != (tt.wantErr != "") {
				t.Errorf("warnings %q: want the no-bash warning only when the hook cannot start", got.Warnings)
			}
		})
	}
}

func TestExpandCommandSpace(t *testing.T) {
	t.Parallel()
	needBash(t)
	dir := filepath.Join(t.TempDir(), "my project")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "x"), []byte("ok"), 0o644); err != nil {
		t.Fatal(err)
	}
	q := ShellQuote(dir)
	tests := []struct {
		name         string
		command      string
		wantExpanded string
		wantSuccess  bool
		wantMessage  string
	}{
		{"double-quoted form breaks", `cat "$GEMINI_PROJECT_DIR/x"`, `cat "` + q + `/x"`, false,
			"Warning: cat: " + q + "/x: No such file or directory"},
		{"unquoted form works", `cat $GEMINI_PROJECT_DIR/x`, `cat ` + q + `/x`, true, "ok"},
		{"braced form is left to the shell", `cat "${GEMINI_PROJECT_DIR}/x"`, `cat "${GEMINI_PROJECT_DIR}/x"`, true, "ok"},
		{"CLAUDE_PROJECT_DIR too", `cat $CLAUDE_PROJECT_DIR/x`, `cat ` + q + `/x`, true, "ok"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rep := run(t, "BeforeTool", false, testInput(t, "BeforeTool", dir, ""), Options{}, cmdHook("h", tt.command))
			r := rep.Hooks[0]
			msg, _ := prop(r.Output, "systemMessage").(string)
			// cat may quote the odd file name it was given; drop its quotes.
			if rest, ok := strings.CutPrefix(msg, "Warning: cat: "); ok {
				name, tail, _ := strings.Cut(rest, ": No such")
				if unq := strings.Trim(name, `"`); unq != name {
					msg = "Warning: cat: " + unq + ": No such" + tail
				}
			}
			type res struct {
				Expanded string
				Success  bool
				Message  string
			}
			if diff := cmp.Diff(res{tt.wantExpanded, tt.wantSuccess, tt.wantMessage}, res{r.Expanded, r.Success, msg}); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

// TestTimeout covers spec §5.5: the error text, discarded output, clamping
// of 0 and NaN, a process group kill and SIGKILL escalation for a hook that
// ignores SIGTERM.
func TestTimeout(t *testing.T) {
	t.Parallel()
	needBash(t)
	tests := []struct {
		name      string
		command   string
		timeout   float64
		label     string
		wantError string
	}{
		{"sleep is terminated", "sleep 5", 50, "", "Hook timed out after 50ms"},
		{"the whole group is terminated", "sleep 5; echo never", 50, "", "Hook timed out after 50ms"},
		{"zero times out at once", "sleep 5", 0, "", "Hook timed out after 0ms"},
		{"negative times out at once", "sleep 5", -10, "", "Hook timed out after -10ms"},
		{"non-numeric string times out at once", "sleep 5", nan(), "abc", "Hook timed out after abcms"},
		{"SIGTERM ignored: SIGKILL after the delay", script(t, "trap_term.sh"), 50, "", "Hook timed out after 50ms"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			h := cmdHook("slow", tt.command)
			h.Timeout, h.TimeoutLabel = merge.Millis(tt.timeout), tt.label
			start := time.Now()
			rep := run(t, "BeforeTool", false, testInput(t, "BeforeTool", dir, ""), Options{KillDelay: 100 * time.Millisecond}, h)
			elapsed := time.Since(start)
			r := rep.Hooks[0]
			type res struct {
				TimedOut bool
				Success  bool
				Error    string
				Output   any
				ExitCode *int
				Errors   []string
			}
			want := res{true, false, tt.wantError, nil, nil, []string{tt.wantError}}
			got := res{r.TimedOut, r.Success, r.Error, r.Output, r.ExitCode, rep.Aggregate.Errors}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
			// A sanity bound, not a timing test: without the kill every case takes 5 s.
			if elapsed > 4*time.Second {
				t.Errorf("hook was not killed: took %v", elapsed)
			}
		})
	}
}

// TestTimeoutKeepsStreams: on timeout the output is not parsed, but the
// captured streams are still reported.
func TestTimeoutKeepsStreams(t *testing.T) {
	t.Parallel()
	needBash(t)
	h := cmdHook("slow", script(t, "trap_term.sh"))
	// Long enough for bash to start and print before the timeout on a
	// loaded machine (at 100 ms a slow start lost "partial" now and then).
	h.Timeout = 1000
	rep := run(t, "BeforeTool", false, testInput(t, "BeforeTool", t.TempDir(), ""), Options{KillDelay: 50 * time.Millisecond}, h)
	r := rep.Hooks[0]
	if diff := cmp.Diff([]string{"partial\n", "none", "timed out after 1000ms: output discarded, the hook counts as failed"},
		[]string{r.Stdout, r.Format, strings.Join(r.Warnings, "|")}); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

// TestHookTypes: plugin runs like command, runtime and a plugin without a
// command fail with Gemini's messages, and the failure warning names them.
func TestHookTypes(t *testing.T) {
	t.Parallel()
	needBash(t)
	dir := t.TempDir()
	rep := run(t, "BeforeTool", false, testInput(t, "BeforeTool", dir, ""), Options{},
		Hook{ID: "p", Type: "plugin", Command: "echo plugged", Timeout: 60000},
		Hook{ID: "r", Name: "rt", Type: "runtime", Timeout: 60000},
		Hook{ID: "e", Type: "plugin", Timeout: 60000},
		Hook{ID: "c", Type: "command", Command: "exit 1", Timeout: 60000},
	)
	var got []string
	for _, r := range rep.Hooks {
		got = append(got, r.ID+":"+r.Error+":"+Stringify(r.Output))
	}
	want := []string{
		`p::{"decision":"allow","systemMessage":"plugged"}`,
		`r:hookConfig.action is not a function:null`,
		`e:Command hook missing command:null`,
		`c::null`,
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("results (-want +got):\n%s", diff)
	}
	wantWarn := []string{"Hook(s) [rt, unknown-hook, exit 1] failed for event BeforeTool. Press F12 to see the debug drawer for more details."}
	if diff := cmp.Diff(wantWarn, rep.Warnings); diff != "" {
		t.Errorf("warnings (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"hookConfig.action is not a function", "Command hook missing command"}, rep.Aggregate.Errors); diff != "" {
		t.Errorf("errors (-want +got):\n%s", diff)
	}
}

// TestCancel: cancelling the context kills running hooks.
func TestCancel(t *testing.T) {
	t.Parallel()
	needBash(t)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	in := testInput(t, "BeforeTool", t.TempDir(), "")
	rep, err := Run(ctx, Plan{Event: "BeforeTool", Hooks: []Hook{cmdHook("h", "sleep 5")}}, in, Options{KillDelay: 50 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff("hook cancelled: context canceled", rep.Hooks[0].Error); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

// TestRunBadCwd: a non-string cwd in the input is an error, not a panic.
func TestRunBadCwd(t *testing.T) {
	t.Parallel()
	in := testInput(t, "BeforeTool", t.TempDir(), `{"cwd":5}`)
	_, err := Run(context.Background(), Plan{Event: "BeforeTool"}, in, Options{})
	if diff := cmp.Diff("input cwd: want a string, got a number", errString(err)); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

func errString(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

func nan() float64 { return math.NaN() }

// TestStdinEPIPE: a hook that exits without reading a large payload is
// not an error (Gemini ignores EPIPE).
func TestStdinEPIPE(t *testing.T) {
	t.Parallel()
	needBash(t)
	big := `{"prompt":"` + strings.Repeat("x", 4<<20) + `"}`
	rep := run(t, "BeforeAgent", false, testInput(t, "BeforeAgent", t.TempDir(), big), Options{}, cmdHook("h", "exit 0"))
	r := rep.Hooks[0]
	if diff := cmp.Diff([]any{true, ""}, []any{r.Success, r.Error}); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

// TestReportJSON pins the --json shape of a report.
func TestReportJSON(t *testing.T) {
	t.Parallel()
	needBash(t)
	rep := run(t, "BeforeTool", false, testInput(t, "BeforeTool", t.TempDir(), ""), Options{}, cmdHook("h", script(t, "json_deny.sh")))
	b, err := json.Marshal(rep)
	if err != nil {
		t.Fatal(err)
	}
	var got struct {
		Event     string `json:"event"`
		Execution string `json:"execution"`
		Hooks     []struct {
			ID       string          `json:"id"`
			ExitCode *int            `json:"exitCode"`
			Format   string          `json:"format"`
			Decision string          `json:"decision"`
			Output   json.RawMessage `json:"output"`
			TimedOut bool            `json:"timedOut"`
		} `json:"hooks"`
		Aggregate struct {
			Decision string          `json:"decision"`
			Blocks   bool            `json:"blocks"`
			Output   json.RawMessage `json:"output"`
		} `json:"aggregate"`
		Warnings []string `json:"warnings"`
	}
	if err := json.Unmarshal(b, &got); err != nil {
		t.Fatal(err)
	}
	zero := 0
	want := got
	want.Event, want.Execution, want.Warnings = "BeforeTool", "parallel", []string{}
	want.Hooks = append(want.Hooks[:0:0], got.Hooks...)
	want.Hooks[0].ID, want.Hooks[0].ExitCode, want.Hooks[0].Format, want.Hooks[0].Decision = "h", &zero, "json", "deny"
	want.Hooks[0].Output = json.RawMessage(`{"decision":"deny","reason":"nope"}`)
	want.Hooks[0].TimedOut = false
	want.Aggregate.Decision, want.Aggregate.Blocks = "deny", true
	want.Aggregate.Output = json.RawMessage(`{"continue":true,"suppressOutput":false,"decision":"deny","reason":"nope"}`)
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}
