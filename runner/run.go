package runner

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"
	"os/exec"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/gh-hooks/gh-hooks/internal/envlist"
	"github.com/gh-hooks/gh-hooks/internal/js"
	"github.com/gh-hooks/gh-hooks/internal/pathlook"
	"github.com/gh-hooks/gh-hooks/merge"
)

// DefaultKillDelay is how long Gemini waits after SIGTERM before SIGKILL
// on a timed-out hook (hookRunner.ts:370-399; spec §5.5).
//
// Two deliberate differences from Node, both making timeouts stricter:
// Gemini signals only the bash process (child.kill), so commands bash
// started may outlive it and keep the result waiting; and its SIGKILL is
// guarded by `!child.killed`, which Node sets as soon as SIGTERM is sent,
// so a hook that ignores SIGTERM is never killed there (checked with Node
// 20: a TERM-trapping hook ran to completion). Here the whole process
// group gets SIGTERM, then SIGKILL after the delay.
const DefaultKillDelay = 5 * time.Second

// stopGrace is how long a stopped hook's pipes are still read: enough
// for what the hook wrote before its timeout to be shown.
const stopGrace = 250 * time.Millisecond

// DefaultMaxOutput is how many bytes of each of a hook's stdout and
// stderr are kept. Gemini keeps all of it (hookRunner.ts collects every
// 'data' chunk; spec §5.4); the rest is read to the end and dropped, so
// the hook runs as under Gemini (a full pipe would block it), and the
// result says that it was cut.
const DefaultMaxOutput = 1 << 20

// maxTimer is Node's TIMEOUT_MAX (2^31-1 ms).
const maxTimer = 1<<31 - 1

// Hook is one planned hook, in plan order. Callers convert merge.Hook.
type Hook struct {
	// ID identifies the hook in reports (merge.Hook.ID).
	ID string `json:"id"`
	// Name is the hook's name ("" when absent).
	Name string `json:"name"`
	// Type is command, plugin or runtime; anything but runtime runs as a
	// command, as in Gemini.
	Type string `json:"type"`
	// Command is the command after Gemini's load-time $VAR expansion;
	// ExpandCommand is applied here, at run time.
	Command string `json:"command"`
	// Timeout is in milliseconds with Gemini's default (60000) already
	// filled in for an absent or null value. 0 and negatives are kept (`??`
	// semantics); use NaN for a value JavaScript's Number() cannot read.
	Timeout merge.Millis `json:"timeout"`
	// TimeoutLabel is how Gemini prints the timeout in "Hook timed out
	// after <label>ms" when it was not a number in the file (e.g. "abc");
	// "" means the JavaScript rendering of Timeout.
	TimeoutLabel string `json:"-"`
	// Env is merged last into the child environment, in EnvKeys order
	// (keys missing from EnvKeys follow, sorted).
	Env     map[string]string `json:"env,omitempty"`
	EnvKeys []string          `json:"-"`
}

// DisplayName is Gemini's getHookName: name, else command for command
// hooks ("unknown-command"), else "unknown-hook".
func (h Hook) DisplayName() string {
	if h.Name != "" {
		return h.Name
	}
	if h.Type == "command" {
		if h.Command != "" {
			return h.Command
		}
		return "unknown-command"
	}
	return "unknown-hook"
}

// Plan is an execution plan for one event: hooks in plan order and
// whether they run one after another (spec §4).
type Plan struct {
	Event      string
	Hooks      []Hook
	Sequential bool
}

// Options tune execution. The zero value behaves like Gemini.
type Options struct {
	// Env is the base environment ("K=V"); nil means os.Environ().
	Env []string
	// KillDelay is the wait between SIGTERM and SIGKILL after a timeout;
	// 0 means DefaultKillDelay.
	KillDelay time.Duration
	// Shell is the POSIX shell run as <Shell> -c <command>; "" means bash.
	Shell string
	// MaxOutput bounds the bytes kept of each output stream; 0 means
	// DefaultMaxOutput.
	MaxOutput int
	// TrustedMCP names the MCP servers whose tools Gemini runs without
	// confirmation ("trust": true, in a trusted folder).
	TrustedMCP map[string]bool
	// ProjectTempDir is Gemini's project temp directory
	// (<home>/.gemini/tmp/<project id>), where file tools may also reach;
	// "" when unknown.
	ProjectTempDir string
	// PlansDir is GEMINI_PLANS_DIR and the $GEMINI_PLANS_DIR expansion
	// (Gemini: <home>/.gemini/tmp/<project id>/<session id>/plans).
	PlansDir string
	// MaxParse bounds the bytes kept, over the whole run, of the values
	// parsed from outputs longer than MaxOutput; 0 means DefaultMaxParse.
	MaxParse int
	// MaxString is the length (UTF-16 units) of a stream past which Gemini
	// crashes; 0 means GeminiMaxString.
	MaxString int64
}

// Result is what one hook did.
type Result struct {
	ID      string `json:"id"`
	Name    string `json:"name"`
	Type    string `json:"type"`
	Command string `json:"command"`
	// Expanded is the command after ExpandCommand, as passed to bash -c.
	Expanded string `json:"expandedCommand"`
	// Input is the payload written to this hook's stdin.
	Input *Object `json:"input"`
	// Success is Gemini's success: exit code 0 and no error.
	Success bool `json:"success"`
	// ExitCode is Gemini's reported code (a signal reports 0); nil when the
	// hook produced no exit status (timeout, spawn error, runtime hook).
	ExitCode *int `json:"exitCode"`
	// Signal names the signal that ended the shell, if any.
	Signal     string       `json:"signal,omitempty"`
	DurationMS int64        `json:"durationMs"`
	TimeoutMS  merge.Millis `json:"timeoutMs"`
	TimedOut   bool         `json:"timedOut"`
	// Stdout and Stderr are what the hook printed, at most
	// Options.MaxOutput bytes each (decoded as Gemini decodes them).
	Stdout string `json:"stdout"`
	Stderr string `json:"stderr"`
	// StdoutBytes and StderrBytes count every byte printed, kept or not.
	StdoutBytes int64 `json:"stdoutBytes"`
	StderrBytes int64 `json:"stderrBytes"`
	// StdoutCut and StderrCut say that Stdout or Stderr hold only the
	// first Options.MaxOutput bytes.
	StdoutCut bool `json:"stdoutCut"`
	StderrCut bool `json:"stderrCut"`
	// Format is json, text, none, or unknown when the output was cut and
	// what was kept could begin a JSON value.
	Format string `json:"format"`
	// Output is the parsed output (*Object or []any), nil when none.
	Output any `json:"output"`
	// Decision is the output's decision when it is a string.
	Decision string `json:"decision"`
	// Error is Gemini's error message (e.g. "Hook timed out after 50ms").
	Error string `json:"error,omitempty"`
	// Crash is set when the hook printed more than Gemini can hold in one
	// string (GeminiMaxString): Gemini CLI then exits with this error.
	Crash    string   `json:"crash,omitempty"`
	Warnings []string `json:"warnings"`

	duration float64 // ms, for totalDuration
}

// Report is the outcome of running a plan.
type Report struct {
	Event string `json:"event"`
	// Execution is "sequential" or "parallel".
	Execution string   `json:"execution"`
	Input     *Object  `json:"input"`
	Hooks     []Result `json:"hooks"`
	// Aggregate is HookAggregator's verdict over all results.
	Aggregate Aggregate `json:"aggregate"`
	// Warnings are the messages Gemini itself shows the user.
	Warnings []string `json:"warnings"`
	// ToolCall is what Gemini does with the tool call (BeforeTool and
	// AfterTool only, else nil).
	ToolCall *ToolCall `json:"toolCall,omitempty"`
	// Crash is a hook's Result.Crash: Gemini CLI exits with it.
	Crash string `json:"crash,omitempty"`
}

// Blocks reports whether the event's aggregated output blocks: a deny or
// block decision, or continue:false, on an event where they stop
// something, or a BeforeTool tool_input rewrite that fails the tool's
// validation, so the tool does not run (gh-hooks run exits 3).
func (r *Report) Blocks() bool {
	return r.Aggregate.Blocks || r.ToolCall != nil && r.ToolCall.Outcome == ToolInvalid || r.Crash != ""
}

// ToolCallOf is AnalyzeToolCall for a report of event: the BeforeTool
// aggregate decides, AfterTool hooks see a call that already ran; nil for
// the other events.
func ToolCallOf(event string, in *Object, agg *Aggregate, tempDir string) *ToolCall {
	switch event {
	case "BeforeTool":
		return AnalyzeToolCall(in, agg, tempDir)
	case "AfterTool":
		return AnalyzeToolCall(in, nil, tempDir)
	}
	return nil
}

// Run executes plan with payload in as Gemini's HookRunner does, then
// aggregates. Parallel plans start every hook at once; sequential plans run
// in order and feed each successful hook's output into the next input
// (spec §5.6). Every hook runs even after a block. Each hook runs in a
// process group of its own; at its timeout the group gets SIGTERM, then
// SIGKILL after Options.KillDelay, and Run stops reading its output, so a
// process the hook left behind holding stdout (setsid) cannot hold Run.
// Of each stream Options.MaxOutput bytes are kept (Result.StdoutCut).
// Cancelling ctx stops running hooks the same way and reports "hook
// cancelled: <cause>". The returned error is only for a cwd that is not a
// string; hook failures are reported in the Report.
func Run(ctx context.Context, plan Plan, in *Object, opt Options) (*Report, error) {
	rep := &Report{Event: plan.Event, Execution: "parallel", Input: in, Hooks: make([]Result, len(plan.Hooks)), Warnings: []string{}}
	if plan.Sequential {
		rep.Execution = "sequential"
	}
	if _, ok := prop(in, "cwd").(string); !ok {
		return nil, fmt.Errorf("input cwd: want a string, got %s", kindOf(prop(in, "cwd")))
	}
	budget := new(atomic.Int64)
	budget.Store(int64(DefaultMaxParse))
	if opt.MaxParse > 0 {
		budget.Store(int64(opt.MaxParse))
	}
	var chainErr error
	if plan.Sequential {
		cur := in
		for i, h := range plan.Hooks {
			rep.Hooks[i] = runHook(ctx, h, cur, opt, budget)
			r := rep.Hooks[i]
			if r.Success && r.Output != nil {
				next, err := chain(cur, r.Output, plan.Event)
				if err != nil {
					// The TypeError escapes executeHooksSequential and
					// executeHooks reports it alone (hookEventHandler.ts:214-221).
					chainErr = err
					rep.Hooks = rep.Hooks[:i+1]
					break
				}
				cur = next
			}
		}
	} else {
		var wg sync.WaitGroup
		for i, h := range plan.Hooks {
			wg.Add(1)
			go func() {
				defer wg.Done()
				rep.Hooks[i] = runHook(ctx, h, in, opt, budget)
			}()
		}
		wg.Wait()
	}
	if chainErr != nil {
		rep.Aggregate = Aggregate{Strategy: StrategyOf(plan.Event), Errors: []string{chainErr.Error()}, Ignored: []string{}}
	} else {
		rep.Aggregate = aggregate(rep.Hooks, plan.Event)
	}
	rep.ToolCall = ToolCallOf(plan.Event, in, &rep.Aggregate, opt.ProjectTempDir)
	if tc := rep.ToolCall; tc != nil && tc.Outcome == ToolAsk {
		// An MCP server with "trust": true in a trusted folder needs no
		// confirmation (mcp-tool.ts getConfirmationDetails returns false),
		// so the ask is dropped and the tool runs; watched headless.
		if s, _ := prop(prop(in, "mcp_context"), "server_name").(string); s != "" && opt.TrustedMCP[s] {
			tc.Outcome = ToolRuns
			tc.Notes = []string{fmt.Sprintf("the MCP server %q has \"trust\": true (in a trusted folder): Gemini asks nothing for its tools, so it ignores the ask and runs the tool", s)}
		}
	}
	for _, r := range rep.Hooks {
		if r.Crash != "" && rep.Crash == "" {
			// Gemini CLI exits: nothing happens to the tool call.
			rep.Crash, rep.ToolCall = r.Crash, nil
		}
	}
	var failed []string
	for i, r := range rep.Hooks {
		if !r.Success {
			failed = append(failed, plan.Hooks[i].DisplayName())
		}
	}
	if len(failed) > 0 {
		rep.Warnings = append(rep.Warnings, fmt.Sprintf("Hook(s) [%s] failed for event %s. Press F12 to see the debug drawer for more details.", strings.Join(failed, ", "), plan.Event))
	}
	return rep, nil
}

// chain is applyHookOutputToInput (hookRunner.ts:139-247).
func chain(in *Object, output any, event string) (*Object, error) {
	next := in.Clone()
	hso := prop(output, "hookSpecificOutput")
	if !truthy(hso) {
		return next, nil
	}
	switch event {
	case "BeforeAgent":
		ok, err := inOperator("additionalContext", hso)
		if err != nil || !ok {
			return next, err
		}
		ac, isStr := prop(hso, "additionalContext").(string)
		if p, has := next.Get("prompt"); isStr && has {
			next.Set("prompt", jsString(p)+"\n\n"+ac)
		}
	case "BeforeModel":
		ok, err := inOperator("llm_request", hso)
		if err != nil || !ok {
			return next, err
		}
		part := prop(hso, "llm_request")
		if cur, has := next.Get("llm_request"); truthy(part) && has {
			m := spread(cur)
			assign(m, spread(part))
			next.Set("llm_request", m)
		}
	case "BeforeTool":
		ok, err := inOperator("tool_input", hso)
		if err != nil || !ok {
			return next, err
		}
		part := prop(hso, "tool_input")
		if cur, has := next.Get("tool_input"); truthy(part) && has {
			m := spread(cur)
			assign(m, spread(part))
			next.Set("tool_input", m)
		}
	}
	return next, nil
}

// runHook is HookRunner.executeHook for one hook. budget is the run's
// bound on parsed long outputs (Options.MaxParse).
func runHook(ctx context.Context, h Hook, in *Object, opt Options, budget *atomic.Int64) Result {
	r := Result{ID: h.ID, Name: h.Name, Type: h.Type, Command: h.Command, Input: in, TimeoutMS: h.Timeout, Format: FormatNone, Warnings: []string{}}
	start := time.Now()
	finish := func() Result {
		d := time.Since(start)
		r.DurationMS = d.Milliseconds()
		r.duration = float64(d.Milliseconds())
		return r
	}
	if h.Type == "runtime" {
		// JSON cannot carry a function: action(...) throws (hookRunner.ts:252-302).
		r.Error = "hookConfig.action is not a function"
		r.Warnings = append(r.Warnings, "runtime hooks need a JavaScript function: from settings they always fail")
		return finish()
	}
	if h.Command == "" {
		r.Error = "Command hook missing command"
		return finish()
	}
	cwd, _ := prop(in, "cwd").(string)
	cmd, expanded, msg, warn := hookCommand(h, in, cwd, opt)
	r.Expanded = expanded
	if msg != "" {
		r.Error = msg
		r.Warnings = append(r.Warnings, warn...)
		return finish()
	}
	p, err := startPiped(cmd)
	if err != nil {
		r.Error = err.Error()
		return finish()
	}
	// Gemini writes the payload and closes stdin; EPIPE is ignored
	// (spec §5.1).
	go func() {
		p.inW.Write([]byte(Stringify(in)))
		p.inW.Close()
	}()
	maxOut := opt.MaxOutput
	if maxOut <= 0 {
		maxOut = DefaultMaxOutput
	}
	maxUnits := opt.MaxString
	if maxUnits <= 0 {
		maxUnits = GeminiMaxString
	}
	ss := newStreams(maxOut, budget, maxUnits)
	stdout, stderr := ss.out, ss.err
	overCh := ss.overCh
	piped := make(chan struct{})
	go func() {
		var wg sync.WaitGroup
		wg.Go(func() { io.Copy(stdout, p.outR) })
		wg.Go(func() { io.Copy(stderr, p.errR) })
		wg.Wait()
		close(piped)
	}()
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()

	end := awaitHook(ctx, cmd, p, h, opt, exited, piped, overCh)
	werr, timedOut, cancelled, exitedFirst, crashed := end.werr, end.timedOut, end.cancelled, end.exitedFirst, end.crashed
	p.close()
	outRes, errRes := stdout.finish(), stderr.finish()
	r.Stdout, r.Stderr = decodeUTF8(stdout.buf.Bytes()), decodeUTF8(stderr.buf.Bytes())
	r.StdoutBytes, r.StderrBytes = stdout.buf.Len(), stderr.buf.Len()
	r.StdoutCut, r.StderrCut = stdout.buf.Cut(), stderr.buf.Cut()
	if crashed {
		// hookRunner.js `stdout += data.toString()` throws past V8's
		// string limit; Gemini CLI's uncaughtException handler exits 1
		// (watched, see GeminiMaxString).
		r.Crash = "RangeError: Invalid string length"
		r.Error = r.Crash
		r.Warnings = append(r.Warnings, fmt.Sprintf("the hook printed more than %d characters on one stream, more than Gemini can hold in a string: Gemini CLI throws %q and exits with status 1, and nothing after this hook runs; gh-hooks stopped the hook there", maxUnits, r.Crash))
		return finish()
	}
	if cancelled {
		r.Error = "hook cancelled: " + context.Cause(ctx).Error()
		return finish()
	}
	if timedOut {
		r.TimedOut = true
		r.Error = "Hook timed out after " + timeoutLabel(h) + "ms"
		if exitedFirst {
			r.Warnings = append(r.Warnings, fmt.Sprintf("the shell exited, but a process it started kept stdout or stderr open past the timeout: Gemini waits until that process closes them, however long it runs, then reports the timeout (redirect a background command's output, e.g. `cmd >/dev/null 2>&1 &`)"))
		}
		r.Warnings = append(r.Warnings, fmt.Sprintf("timed out after %sms: output discarded, the hook counts as failed", timeoutLabel(h)))
		r.Warnings = append(r.Warnings, cutWarnings(stdout.buf, stderr.buf, maxOut, FormatNone, nil)...)
		return finish()
	}
	if cmd.ProcessState == nil {
		r.Error = werr.Error()
		return finish()
	}
	code, sig := exitStatus(cmd.ProcessState)
	r.Signal = sig
	r.Success = code == 0 && sig == ""
	r.ExitCode = &code
	var used *streamParse
	r.Output, r.Format, used = parseLong(r.Stdout, r.Stderr, outRes, errRes, code)
	if d, ok := prop(r.Output, "decision").(string); ok {
		r.Decision = d
	}
	r.Warnings = append(r.Warnings, explain(r.Stdout, r.Stderr, code, sig != "", r.Output, r.Format)...)
	r.Warnings = append(r.Warnings, cutWarnings(stdout.buf, stderr.buf, maxOut, r.Format, used)...)
	return finish()
}

// hookCommand is the command Gemini spawns for h in cwd
// (hookRunner.ts): the expanded command under the shell found as Node's
// spawn finds it, with Gemini's variables and then the hook's env. msg
// (with warn) says why it cannot start, as Gemini reports it.
func hookCommand(h Hook, in *Object, cwd string, opt Options) (cmd *exec.Cmd, expanded, msg string, warn []string) {
	sid := ""
	if v := prop(in, "session_id"); v != nil {
		sid = jsString(v)
	}
	env := opt.Env
	if env == nil {
		env = os.Environ()
	}
	// Later entries win in os/exec, as later keys do in Gemini's env object.
	env = append([]string(nil), env...)
	expanded = ExpandCommand(h.Command, cwd, opt.PlansDir, sid)
	for _, kv := range HookVars(cwd, opt.PlansDir, sid) {
		env = append(env, kv[0]+"="+kv[1])
	}
	for _, k := range envOrder(h) {
		env = append(env, k+"="+h.Env[k])
	}
	shell := opt.Shell
	if shell == "" {
		shell = "bash"
	}
	if msg, gemini := missingDir(cwd); msg != "" {
		// Node's spawn fails before bash runs; Gemini reports its error,
		// which names bash (hookRunner.ts 'error' handler; spec §5.2).
		if gemini != "" {
			warn = append(warn, fmt.Sprintf("Gemini cannot start the hook there either and reports %q, as if bash were missing; the hook counts as failed", gemini))
		}
		return nil, expanded, msg, warn
	}
	argv0 := shell
	if runtime.GOOS != "windows" && !strings.Contains(shell, "/") {
		// Node's spawn looks the shell up in the child's env.PATH, the
		// hook's own env included (spec §5.2; Node's child_process docs:
		// "options.env.PATH ... is used for the command lookup"): a hook
		// whose env sets PATH runs the bash found there, or none.
		found := pathlook.Find(shell, envlist.Get(env, "PATH"), cwd)
		if found == "" {
			return nil, expanded, "spawn " + shell + " ENOENT", // Node's words, as Gemini reports them
				[]string{fmt.Sprintf("no %s in the folders of the hook's PATH, where Gemini looks the shell up (the hook's env included): the hook counts as failed", shell)}
		}
		shell = found
	}
	cmd = exec.Command(shell, "-c", expanded)
	// Node spawns the shell by name, so bash's argv[0] is "bash" and its
	// messages read "bash: line 1: ./x.sh: No such file or directory", not
	// "/usr/bin/bash: line 1: ..." (watched on Gemini CLI 0.61.0: a
	// missing script's deny reason starts "bash: line 1:").
	cmd.Args[0] = argv0
	cmd.Dir = cwd
	cmd.Env = env
	setGroup(cmd)
	return cmd, expanded, "", nil
}

// hookEnd is how the wait for a hook ended: the shell's exit (werr), or
// the timeout, a cancellation or Gemini's crash on too long an output
// stopped it; exitedFirst is a shell that exited while what it started
// still held its output open.
type hookEnd struct {
	werr                                      error
	timedOut, cancelled, exitedFirst, crashed bool
}

// awaitHook waits for a started hook as Gemini does.
func awaitHook(ctx context.Context, cmd *exec.Cmd, p *pipes, h Hook, opt Options, exited chan error, piped chan struct{}, overCh chan struct{}) hookEnd {
	// Gemini settles a hook on 'close': the shell has exited and every
	// holder of its stdout and stderr has closed them, or the timeout has
	// fired (spec §5.4, §5.5). A process the hook left behind that keeps
	// the pipes open (`setsid sleep 45 &`) holds Gemini until it closes
	// them; gh-hooks stops waiting at the timeout and says so.
	delay := opt.KillDelay
	if delay <= 0 {
		delay = DefaultKillDelay
	}
	timer := time.NewTimer(nodeDelay(float64(h.Timeout)))
	defer timer.Stop()
	var escalate <-chan time.Time
	var e hookEnd
	stopping := false
	stop := func() {
		if stopping {
			return
		}
		stopping = true
		signalGroup(cmd, false)
		escalate = time.After(delay)
		// The output of a stopped hook is discarded (spec §5.5), so
		// reading stops shortly, once what is already in the pipes has
		// been read for the report: a process outside the group holding
		// them cannot keep run waiting.
		p.outR.SetReadDeadline(time.Now().Add(stopGrace))
		p.errR.SetReadDeadline(time.Now().Add(stopGrace))
	}
	ctxDone := ctx.Done()
	for exited != nil || piped != nil {
		select {
		case e.werr = <-exited:
			exited = nil
			e.exitedFirst = piped != nil && !stopping
		case <-piped:
			piped = nil
		case <-timer.C:
			e.timedOut = !e.cancelled
			stop()
		case <-ctxDone:
			ctxDone = nil
			e.cancelled = !e.timedOut
			stop()
		case <-overCh:
			// Gemini would have crashed here: stop the hook.
			overCh = nil
			e.crashed = !e.timedOut && !e.cancelled
			stop()
		case <-escalate:
			escalate = nil
			signalGroup(cmd, true)
		}
	}
	return e
}

// pipes are a hook's stdin, stdout and stderr. They are os.Pipe files,
// not exec.Cmd's own copying, so that Wait returns when the shell exits
// and the reads can be given a deadline: exec.Cmd.WaitDelay would count
// from the shell's exit and cut off a background process whose output
// Gemini still waits for (see runHook).
type pipes struct {
	inW, outR, errR *os.File
}

// startPiped starts cmd with fresh pipes and closes the child's ends in
// this process, so that the reads end when the hook's last holder closes
// them.
func startPiped(cmd *exec.Cmd) (*pipes, error) {
	var files []*os.File
	closeAll := func() {
		for _, f := range files {
			f.Close()
		}
	}
	pipe := func() (r, w *os.File, err error) {
		r, w, err = os.Pipe()
		if err == nil {
			files = append(files, r, w)
		}
		return r, w, err
	}
	inR, inW, err := pipe()
	if err != nil {
		return nil, err
	}
	outR, outW, err := pipe()
	if err != nil {
		closeAll()
		return nil, err
	}
	errR, errW, err := pipe()
	if err != nil {
		closeAll()
		return nil, err
	}
	cmd.Stdin, cmd.Stdout, cmd.Stderr = inR, outW, errW
	if err := cmd.Start(); err != nil {
		closeAll()
		return nil, err
	}
	inR.Close()
	outW.Close()
	errW.Close()
	return &pipes{inW: inW, outR: outR, errR: errR}, nil
}

// close releases this process's ends; a writer still holding stdin's
// read end or a reader of the payload gets EPIPE or EOF.
func (p *pipes) close() {
	p.inW.Close()
	p.outR.Close()
	p.errR.Close()
}

// missingDir says why dir cannot be a hook's working directory, with the
// error Node's spawn gives for it, or "" when it can.
func missingDir(dir string) (msg, gemini string) {
	fi, err := os.Stat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return fmt.Sprintf("working directory %s does not exist", dir), "spawn bash ENOENT"
	case err != nil:
		return fmt.Sprintf("working directory %s: %v", dir, errors.Unwrap(err)), ""
	case !fi.IsDir():
		return fmt.Sprintf("working directory %s is not a directory", dir), "spawn ENOTDIR"
	}
	return "", ""
}

// envOrder lists h.Env's keys: EnvKeys order first, then the rest sorted.
func envOrder(h Hook) []string {
	seen := map[string]bool{}
	var keys []string
	for _, k := range h.EnvKeys {
		if _, ok := h.Env[k]; ok && !seen[k] {
			seen[k] = true
			keys = append(keys, k)
		}
	}
	var rest []string
	for k := range h.Env {
		if !seen[k] {
			rest = append(rest, k)
		}
	}
	sortStrings(rest)
	return append(keys, rest...)
}

// nodeDelay is setTimeout's clamping: a delay that is not >= 1 and
// <= 2^31-1 ms (0, negative, NaN, huge) becomes 1 ms; fractions truncate.
func nodeDelay(ms float64) time.Duration {
	if !(ms >= 1 && ms <= maxTimer) {
		ms = 1
	}
	return time.Duration(math.Trunc(ms)) * time.Millisecond
}

// timeoutLabel renders the timeout as `${timeout}` does.
func timeoutLabel(h Hook) string {
	if h.TimeoutLabel != "" {
		return h.TimeoutLabel
	}
	return jsString(float64(h.Timeout))
}

// decodeUTF8 mirrors Buffer#toString: invalid bytes become U+FFFD, one for
// each maximal invalid subpart (js.DecodeUTF8). Gemini decodes each chunk
// the pipe delivers on its own, so a character split across two 64 KiB
// reads would become U+FFFDs there too; gh-hooks decodes the whole stream.
func decodeUTF8(b []byte) string { return js.DecodeUTF8(string(b)) }

// HookVars are the variables Gemini gives every command hook on top of
// its own environment, before the hook's env (hookRunner.ts; spec §5.2),
// in that order: the one list that run and show use.
func HookVars(cwd, plansDir, sessionID string) [][2]string {
	return [][2]string{
		{"GEMINI_PROJECT_DIR", cwd},
		{"GEMINI_PLANS_DIR", plansDir},
		{"GEMINI_CWD", cwd},
		{"GEMINI_SESSION_ID", sessionID},
		{"CLAUDE_PROJECT_DIR", cwd},
	}
}

// ShellVars are the variables a hook's shell is known to see, for reading
// its command before it runs (shellcmd.Options.Vars): HookVars of cwd,
// plansDir and sessionID (each left out when "": unknown, the shell keeps
// the name), HOME as Gemini's environment passes it on (spec §5.2; left
// out when ""), then the hook's own env over them. The one list that
// show, validate and the fingerprint read commands with.
func ShellVars(cwd, home, plansDir, sessionID string, env map[string]string) map[string]string {
	vars := make(map[string]string, 6+len(env))
	for _, kv := range HookVars(cwd, plansDir, sessionID) {
		if kv[1] != "" {
			vars[kv[0]] = kv[1]
		}
	}
	if home != "" {
		vars["HOME"] = home
	}
	for k, v := range env {
		vars[k] = v
	}
	return vars
}
