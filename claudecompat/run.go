package claudecompat

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"time"

	"github.com/gh-hooks/gh-hooks/internal/capped"
	"github.com/gh-hooks/gh-hooks/internal/envlist"
)

// Limits of what the adapter reads and keeps. The payload of a write_file
// call carries the whole file, so the input bound is generous; a hook's
// output beyond maxOutput is read and dropped, and the answer says so.
const (
	maxInput  = 64 << 20
	maxOutput = 1 << 20
)

// Process is what the adapter runs in: its streams, environment ("K=V"
// entries) and working directory ("" is the process's own).
type Process struct {
	Stdin          io.Reader
	Stdout, Stderr io.Writer
	Env            []string
	Dir            string
}

// Run is `gh-hooks claude-compat`: it reads the payload Gemini sends on
// stdin, runs command with the payload Claude Code would have sent, the
// way Claude Code runs it (sh -c, CLAUDE_PROJECT_DIR and the other Claude
// variables set, ${CLAUDE_PROJECT_DIR} and ${CLAUDE_PLUGIN_ROOT}
// substituted in the command: claude-hooks.md §1.3, §1.5), and answers
// Gemini with what Claude would have made of the result (GeminiOutput). It
// returns the exit code for the adapter's process: 0, or 1 for a failure
// that must not block (Gemini blocks on any exit of 2 or more).
//
// p is the adapter's process; ctx ends the hook (its whole process
// group) when it is cancelled, as when Gemini stops the adapter.
func Run(ctx context.Context, h Hook, command string, p Process) int {
	stdin, stdout := p.Stdin, p.Stdout
	answer := func(o Output) int {
		if o.JSON != nil {
			stdout.Write(append(o.JSON, '\n'))
		}
		return o.Exit
	}
	fail := func(format string, a ...any) int {
		return answer(GeminiOutput(h, "", Result{Exit: -1, Err: fmt.Errorf(format, a...)}))
	}
	if geminiEvent(h.Event) == "" {
		return fail("gh-hooks claude-compat does not know the Claude event %q", h.Event)
	}
	data, err := io.ReadAll(io.LimitReader(stdin, maxInput+1))
	if err != nil {
		return fail("reading Gemini's payload: %v", err)
	}
	if len(data) > maxInput {
		return fail("Gemini's payload is larger than %d MiB", maxInput>>20)
	}
	var payload map[string]any
	d := json.NewDecoder(bytes.NewReader(data))
	d.UseNumber()
	if err := d.Decode(&payload); err != nil || payload == nil {
		return fail("Gemini's payload is not a JSON object")
	}
	claude, skip := ClaudeInput(h, payload)
	if skip != "" {
		return 0
	}
	in, err := marshalClaude(claude)
	if err != nil {
		return fail("building Claude's payload: %v", err)
	}
	tool, _ := claude["tool_name"].(string)
	r := runHook(ctx, h, command, claude, in, p)
	o := GeminiOutput(h, tool, r)
	if r.Exit == 0 && r.Err == nil && len(bytes.TrimSpace(r.Stderr)) > 0 && p.Stderr != nil {
		// A log line on stderr of a hook that succeeded: Claude keeps it
		// for its transcript (claude-hooks.md §1.7, exit 0); passed on,
		// so that gh-hooks run and Gemini's debug log show it. Gemini
		// reads stderr as the hook's output when stdout is empty (spec
		// §5.4), so the answer then says "{}": no decision, no message.
		if o.JSON == nil {
			o.JSON = []byte("{}")
		}
		p.Stderr.Write(r.Stderr)
	}
	return answer(o)
}

// runHook runs command with sh -c in the adapter's working directory
// (Gemini starts the adapter in the session's working directory, spec
// §5.2).
func runHook(ctx context.Context, h Hook, command string, claude map[string]any, in []byte, p Process) Result {
	environ := p.Env
	project, _ := claude["cwd"].(string)
	if project == "" {
		project = envlist.Get(environ, "GEMINI_PROJECT_DIR")
	}
	if project == "" {
		project = p.Dir
	}
	if project == "" {
		project, _ = os.Getwd()
	}
	// Claude substitutes its path placeholders in the command text before
	// the shell runs (claude-hooks.md §1.3), and exports them too (§1.5).
	command = strings.ReplaceAll(command, "${CLAUDE_PROJECT_DIR}", project)
	env := append(environ[:len(environ):len(environ)], "CLAUDE_PROJECT_DIR="+project, "CLAUDECODE=1")
	if h.PluginRoot != "" {
		command = strings.ReplaceAll(command, "${CLAUDE_PLUGIN_ROOT}", h.PluginRoot)
		env = append(env, "CLAUDE_PLUGIN_ROOT="+h.PluginRoot)
	}
	if id, ok := claude["session_id"].(string); ok && id != "" {
		env = append(env, "CLAUDE_CODE_SESSION_ID="+id)
	}
	if h.Deadline > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, h.Deadline)
		defer cancel()
	}
	cmd := exec.CommandContext(ctx, "sh", "-c", command)
	cmd.Env = env
	cmd.Dir = p.Dir
	cmd.Stdin = bytes.NewReader(in)
	out, errb := &capped.Buffer{Max: maxOutput}, &capped.Buffer{Max: maxOutput}
	cmd.Stdout, cmd.Stderr = out, errb
	ownGroup(cmd)
	// A grandchild that keeps the pipes open after the hook ended does not
	// hold the adapter.
	cmd.WaitDelay = 2 * time.Second
	err := cmd.Run()
	r := Result{Exit: cmd.ProcessState.ExitCode(), Stdout: out.Bytes(), Stderr: errb.Bytes(), Cut: out.Cut() || errb.Cut(), StdoutCut: out.Cut()}
	r.TimedOut = h.Deadline > 0 && errors.Is(ctx.Err(), context.DeadlineExceeded)
	var exitErr *exec.ExitError
	if err != nil && !errors.As(err, &exitErr) && !errors.Is(err, exec.ErrWaitDelay) {
		r.Err = err
	}
	if cmd.ProcessState == nil {
		r.Exit = -1
	}
	return r
}

// claudeOrder is the order of the fields of Claude Code's payload
// (claude-hooks.md §1.6): a script that looks at the raw text sees them
// where Claude puts them.
var claudeOrder = []string{"session_id", "transcript_path", "cwd", "permission_mode", "hook_event_name",
	"tool_name", "tool_input", "tool_response", "tool_use_id", "error", "is_interrupt",
	"prompt", "stop_hook_active", "last_assistant_message", "background_tasks", "session_crons",
	"source", "reason", "trigger", "custom_instructions", "message", "notification_type"}

// marshalClaude writes the payload as compact JSON with the top-level
// fields in claudeOrder (Go's maps would sort them).
func marshalClaude(p map[string]any) ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	n := 0
	for _, k := range claudeOrder {
		v, ok := p[k]
		if !ok {
			continue
		}
		if n > 0 {
			b.WriteByte(',')
		}
		n++
		kb, _ := json.Marshal(k)
		b.Write(kb)
		b.WriteByte(':')
		// As JSON.stringify writes it: no HTML escaping of <, > and &.
		enc := json.NewEncoder(&b)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(v); err != nil {
			return nil, err
		}
		b.Truncate(b.Len() - 1) // Encode's newline
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// Variable reports whether the adapter sets the Claude variable name for
// a hook (plugin: one migrated from a plugin, run with --plugin-root).
// runHook sets these for every hook, CLAUDE_PLUGIN_ROOT for a plugin's
// only (PluginRoot).
func Variable(name string, plugin bool) bool {
	switch name {
	case "CLAUDE_PROJECT_DIR", "CLAUDECODE", "CLAUDE_CODE_SESSION_ID":
		return true
	case "CLAUDE_PLUGIN_ROOT":
		return plugin
	}
	return false
}
