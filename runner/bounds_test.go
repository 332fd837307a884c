package runner

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// TestOutputCut: a hook printing more than Options.MaxOutput keeps the
// first bytes, counts all of them, and decides what Gemini decides from
// the whole output where the kept part tells (spec §5.4), else says it
// cannot tell.
func TestOutputCut(t *testing.T) {
	t.Parallel()
	needBash(t)
	// xs prints n copies of c.
	xs := func(n, c string) string { return "head -c " + n + " /dev/zero | tr '\\0' '" + c + "'" }
	type want struct {
		Format      string
		Output      string
		Stdout      string
		StdoutBytes int64
		StdoutCut   bool
		StderrCut   bool
		Warnings    []string
	}
	const cut = "stdout was cut: 100000 bytes printed, gh-hooks shows the first 16 and parsed all of it as Gemini does (Gemini keeps all of it in memory)"
	tests := []struct {
		name    string
		command string
		want    want
	}{
		{"plain text: allow, message cut", xs("100000", "x"), want{"text", `{"decision":"allow","systemMessage":"xxxxxxxxxxxxxxxx"}`, "xxxxxxxxxxxxxxxx", 100000, true, false, []string{
			"plain text, not JSON: Gemini allows and shows the text to the user as a systemMessage", cut,
			"the output is not JSON, so Gemini takes all of it as plain text; the decision shown is Gemini's, its message is cut"}}},
		{"plain text at exit 2: deny", xs("100000", "x") + "; exit 2", want{"text", `{"decision":"deny","reason":"xxxxxxxxxxxxxxxx"}`, "xxxxxxxxxxxxxxxx", 100000, true, false, []string{
			"plain text, not JSON: exit 2, so Gemini denies with the text as the reason", cut,
			"the output is not JSON, so Gemini takes all of it as plain text; the decision shown is Gemini's, its message is cut"}}},
		// Issue 35: the whole output is parsed, as Gemini parses it.
		{"a long JSON string: parsed whole", `printf '{"reason":"'; ` + xs("99987", "x") + `; printf '"}'`, want{"json", `{"reason":"` + strings.Repeat("x", 99987) + `"}`, `{"reason":"xxxxx`, 100000, true, false, []string{cut}}},
		{"a long deny: blocks", `printf '{"decision":"deny","reason":"big","pad":"'; ` + xs("99957", "x") + `; printf '"}'`, want{"json", `{"decision":"deny","reason":"big","pad":"` + strings.Repeat("x", 99957) + `"}`, `{"decision":"den`, 100000, true, false, []string{cut}}},
		{"a long number: no output", "printf 4; " + xs("99999", "2"), want{"none", "", "4222222222222222", 100000, true, false, []string{
			"output is JSON a number, not an object: Gemini ignores it", cut}}},
		{"a long JSON string holding JSON: parsed twice", `printf '"{\\"decision\\":\\"deny\\",\\"p\\":\\"'; ` + xs("99964", "x") + `; printf '\\"}"'`, want{"json", `{"decision":"deny","p":"` + strings.Repeat("x", 99964) + `"}`, `"{\"decision\":\`, 100000, true, false, []string{cut}}},
		{"a long JSON value cut short: text", `printf '{"reason":"'; ` + xs("99989", "x"), want{"text", `{"decision":"allow","systemMessage":"{\"reason\":\"xxxxx"}`, `{"reason":"xxxxx`, 100000, true, false, []string{
			`output starts with "{" but is not valid JSON (unexpected end of JSON input): Gemini treats all of it as plain text`,
			"plain text, not JSON: Gemini allows and shows the text to the user as a systemMessage", cut,
			"the output is not JSON, so Gemini takes all of it as plain text; the decision shown is Gemini's, its message is cut"}}},
		{"JSON then only whitespace: parsed", `printf '{"deny":1}'; ` + xs("99990", " "), want{"json", `{"deny":1}`, `{"deny":1}      `, 100000, true, false, []string{cut}}},
		{"JSON then text: plain text", `printf '{"deny":1}'; ` + xs("99990", "x"), want{"text", `{"decision":"allow","systemMessage":"{\"deny\":1}xxxxxx"}`, `{"deny":1}xxxxxx`, 100000, true, false, []string{
			`output starts with "{" but is not valid JSON (unexpected text after JSON value): Gemini treats all of it as plain text`,
			"plain text, not JSON: Gemini allows and shows the text to the user as a systemMessage", cut,
			"the output is not JSON, so Gemini takes all of it as plain text; the decision shown is Gemini's, its message is cut"}}},
		{"stderr cut: its text denies", xs("100", "e") + " >&2; exit 2", want{"text", `{"decision":"deny","reason":"eeeeeeeeeeeeeeee"}`, "", 0, false, true, []string{
			"stdout is empty, so stderr is used as the output text",
			"plain text, not JSON: exit 2, so Gemini denies with the text as the reason",
			"stderr was cut: 100 bytes printed, gh-hooks shows the first 16 and parsed all of it as Gemini does (Gemini keeps all of it in memory)",
			"the output is not JSON, so Gemini takes all of it as plain text; the decision shown is Gemini's, its message is cut"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := testInput(t, "BeforeTool", t.TempDir(), "")
			r := run(t, "BeforeTool", false, in, Options{MaxOutput: 16}, cmdHook("h", tt.command)).Hooks[0]
			got := want{Format: r.Format, Stdout: r.Stdout, StdoutBytes: r.StdoutBytes, StdoutCut: r.StdoutCut, StderrCut: r.StderrCut, Warnings: r.Warnings}
			if r.Output != nil {
				got.Output = Stringify(r.Output)
			}
			w := tt.want
			if w.Warnings == nil {
				w.Warnings = []string{}
			}
			if diff := cmp.Diff(w, got); diff != "" {
				t.Errorf("(-want +got)\n%s", diff)
			}
		})
	}
}

// TestEscapedChildTimeout: a process the hook leaves behind holding its
// stdout keeps Gemini waiting (spec §5.4: the result comes on 'close');
// run stops waiting at the hook's timeout and says why. Whether the
// process is in the hook's process group (killed with it) or in a session
// of its own (setsid: out of reach), the result is the timeout. Were run
// to wait for the pipes, this test would take 30 s per case and report
// no warning about the background process.
func TestEscapedChildTimeout(t *testing.T) {
	t.Parallel()
	needBash(t)
	tests := []struct{ name, command string }{
		{"in the hook's group", "sleep 30 & echo started"},
		{"in a new session", "setsid sleep 30 & echo started"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := exec.LookPath("setsid"); err != nil {
				t.Skip("setsid is not installed")
			}
			h := cmdHook("h", tt.command)
			// Long enough for bash to start the background process on a
			// loaded machine before the timeout.
			h.Timeout = 1000
			r := run(t, "BeforeTool", false, testInput(t, "BeforeTool", t.TempDir(), ""), Options{}, h).Hooks[0]
			want := []string{
				"the shell exited, but a process it started kept stdout or stderr open past the timeout: Gemini waits until that process closes them, however long it runs, then reports the timeout (redirect a background command's output, e.g. `cmd >/dev/null 2>&1 &`)",
				"timed out after 1000ms: output discarded, the hook counts as failed",
			}
			if diff := cmp.Diff(want, r.Warnings); diff != "" || !r.TimedOut || r.Error != "Hook timed out after 1000ms" {
				t.Errorf("timedOut %v, error %q, warnings (-want +got)\n%s", r.TimedOut, r.Error, diff)
			}
		})
	}
}

// TestBackgroundChildFinishesInTime: a background process that closes
// the pipes before the timeout is waited for, and its output counts, as
// in Gemini.
func TestBackgroundChildFinishesInTime(t *testing.T) {
	t.Parallel()
	needBash(t)
	h := cmdHook("h", `(sleep 0.2; echo '{"decision":"deny","reason":"late"}') &`)
	rep := run(t, "BeforeTool", false, testInput(t, "BeforeTool", t.TempDir(), ""), Options{}, h)
	if r := rep.Hooks[0]; r.TimedOut || !rep.Blocks() || r.Decision != "deny" {
		t.Errorf("timedOut %v, decision %q, blocks %v; want the late deny to count", r.TimedOut, r.Decision, rep.Blocks())
	}
}

// TestMissingWorkingDirectory: a cwd that is gone is named as such, not
// reported as a missing bash (Node's "spawn bash ENOENT", which Gemini
// shows, is quoted as Gemini's view).
func TestMissingWorkingDirectory(t *testing.T) {
	t.Parallel()
	needBash(t)
	dir := t.TempDir()
	file := filepath.Join(dir, "file")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	gone := filepath.Join(dir, "gone")
	tests := []struct {
		name, cwd, err string
		warnings       []string
	}{
		{"missing", gone, "working directory " + gone + " does not exist", []string{
			`Gemini cannot start the hook there either and reports "spawn bash ENOENT", as if bash were missing; the hook counts as failed`}},
		{"a file", file, "working directory " + file + " is not a directory", []string{
			`Gemini cannot start the hook there either and reports "spawn ENOTDIR", as if bash were missing; the hook counts as failed`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := run(t, "BeforeTool", false, testInput(t, "BeforeTool", tt.cwd, ""), Options{}, cmdHook("h", "echo hi")).Hooks[0]
			if diff := cmp.Diff(tt.warnings, r.Warnings); diff != "" || r.Error != tt.err || r.Success {
				t.Errorf("error %q, want %q; warnings (-want +got)\n%s", r.Error, tt.err, diff)
			}
		})
	}
}

// TestCancelStopsEscapedChildWait: cancelling (Ctrl-C in run) returns
// even while a process outside the hook's group holds its stdout.
func TestCancelStopsEscapedChildWait(t *testing.T) {
	t.Parallel()
	needBash(t)
	if _, err := exec.LookPath("setsid"); err != nil {
		t.Skip("setsid is not installed")
	}
	ctx, cancel := context.WithCancelCause(context.Background())
	in := testInput(t, "BeforeTool", t.TempDir(), "")
	// The hook says "ready" and exits; the cancel comes once run has read it.
	go func() {
		time.Sleep(200 * time.Millisecond)
		cancel(errors.New("gh-hooks got SIGINT"))
	}()
	rep, err := Run(ctx, Plan{Event: "BeforeTool", Hooks: []Hook{cmdHook("h", "setsid sleep 30 & echo ready")}}, in, Options{Env: []string{"PATH=" + os.Getenv("PATH")}})
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff("hook cancelled: gh-hooks got SIGINT", rep.Hooks[0].Error); diff != "" {
		t.Errorf("(-want +got)\n%s", diff)
	}
}

// TestTimedOutFloodIsCut: a hook that prints without end until its
// timeout costs the bound, and the result says the stream was cut.
func TestTimedOutFloodIsCut(t *testing.T) {
	t.Parallel()
	needBash(t)
	h := cmdHook("h", "cat /dev/zero")
	h.Timeout = 1000 // for cat to start and print on a loaded machine
	r := run(t, "BeforeTool", false, testInput(t, "BeforeTool", t.TempDir(), ""), Options{MaxOutput: 64}, h).Hooks[0]
	if !r.TimedOut || !r.StdoutCut || len(r.Stdout) != 64 || r.StdoutBytes <= 64 {
		t.Fatalf("timedOut %v, cut %v, kept %d of %d bytes; want a timeout with 64 bytes kept of more", r.TimedOut, r.StdoutCut, len(r.Stdout), r.StdoutBytes)
	}
	last := r.Warnings[len(r.Warnings)-1]
	if want := "stdout was cut: "; len(last) < len(want) || last[:len(want)] != want {
		t.Errorf("last warning %q, want it to start with %q", last, want)
	}
}
