package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/signal"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"unicode/utf8"

	"github.com/urfave/cli/v3"

	"github.com/gh-hooks/gh-hooks/claudecompat"
	"github.com/gh-hooks/gh-hooks/fingerprint"
	"github.com/gh-hooks/gh-hooks/gemini"
	"github.com/gh-hooks/gh-hooks/headless"
	"github.com/gh-hooks/gh-hooks/hooktest"
	"github.com/gh-hooks/gh-hooks/internal/regfile"
	"github.com/gh-hooks/gh-hooks/internal/shellword"
	"github.com/gh-hooks/gh-hooks/internal/visible"
	"github.com/gh-hooks/gh-hooks/layers"
	"github.com/gh-hooks/gh-hooks/merge"
	"github.com/gh-hooks/gh-hooks/runner"
	"github.com/gh-hooks/gh-hooks/validate"
)

// runSessionID is the session_id of every synthetic event, so a hook can
// tell a gh-hooks run from a real Gemini session.
const runSessionID = "gh-hooks-run"

type runOptions struct {
	*env
	planFlags
	Input          string
	JSON           bool
	AllowUntrusted bool
	Real           bool
	SaveTest       string
	SaveTestName   string
}

func runCommand(e *env) *cli.Command {
	o := &runOptions{env: e, planFlags: planFlags{payloadTool: true}}
	return &cli.Command{
		Name:  "run",
		Usage: "run the hooks of one synthetic event the way Gemini would and show the decision",
		UsageText: "gh-hooks run --event E [--tool NAME | --trigger T] [--input JSON|FILE|-] [--json] [--allow-untrusted] [--real] " +
			"[--save-test FILE [--save-test-name NAME]]",
		Description: "Builds the stdin payload Gemini CLI 0.61.0 sends for the event (cwd is the project, session_id\n" +
			"\"" + runSessionID + "\"; --input replaces or adds top-level fields), plans the event exactly as Gemini\n" +
			"does, runs the hooks with bash -c in the project directory, in parallel or sequentially with\n" +
			"chaining, and prints each hook's exit code, duration, output and the pitfalls that apply, then\n" +
			"the aggregated decision. Exits 3 when the decision blocks (deny, block or continue:false, on\n" +
			"the events where Gemini acts on them: it ignores them on SessionStart, BeforeToolSelection,\n" +
			"SessionEnd, PreCompress and Notification, and run says so), or when a BeforeTool rewrite\n" +
			"fails the tool's validation. For BeforeTool and AfterTool, run says what Gemini does with the\n" +
			"call: a hook's tool_input replaces the parameters whole (checked against the built-in tools'\n" +
			"schemas), an ask waits for the user (headless, Gemini exits without running the tool), and a\n" +
			"path Gemini's file tools refuse (a .env, .git or node_modules segment) never reaches a hook.\n" +
			"Without --tool a BeforeTool or AfterTool event is for run_shell_command; without --trigger\n" +
			"SessionStart is for startup, SessionEnd for exit and PreCompress for manual.\n" +
			"After a failed tool (tool_response.error; read_file of a missing file sends it) the model gets\n" +
			"the error alone, so an AfterTool context is dropped; an AfterTool tailToolCallRequest makes\n" +
			"Gemini run that call in place of the result (its BeforeTool and AfterTool hooks fire again).\n" +
			"AfterModel fires once per streamed chunk, and its deny does not discard the answer: the chunk is\n" +
			"shown with a warning and a tool call in it still runs. A BeforeToolSelection toolConfig is\n" +
			"applied to the model request. docs/gemini-behaviour.md says how each was watched.\n" +
			"Notification is the ToolPermission notification Gemini fires while it asks the user to confirm\n" +
			"a call (a BeforeTool ask); --tool chooses the call, and so the payload's details, as watched:\n" +
			"run_shell_command (exec, the default), write_file or replace (edit), read_file (info), an MCP\n" +
			"tool mcp_SERVER_TOOL (mcp). It does not choose which hooks run: Gemini fires Notification\n" +
			"without a context and ignores its matchers, so every Notification hook runs for every tool\n" +
			"(effective and show take no --tool for Notification for that reason).\n\n" +
			"Project hooks that are not approved (gh-hooks trust audit; while gh-hooks has no approvals for\n" +
			"the project, a key in Gemini's trusted_hooks.json counts) are held back and listed with the\n" +
			"command that approves them; the others run and decide the exit code, which is 1 when every\n" +
			"planned hook is held back. --allow-untrusted runs them all, as Gemini does. An empty plan says\n" +
			"why and exits 0.\n" +
			"Hooks run with Gemini's environment: yours plus what Gemini loads from the project's .env\n" +
			"(gh-hooks effective names it). While that .env sets a variable that changes what hooks run or\n" +
			"where Gemini looks (BASH_ENV, PATH, NODE_OPTIONS, GEMINI_CLI_HOME, ...), every hook it reaches\n" +
			"is held back, the user's and the extensions' too, with the variable named (status dotenv).\n" +
			"Like Gemini, run does not look above the project directory; from a subdirectory of a repository\n" +
			"whose .gemini/settings.json has hooks, it warns, naming that file and the gh-hooks --project DIR\n" +
			"run that fires them. Each hook runs in a process group of its own, which gets SIGTERM at its\n" +
			"timeout (SIGKILL 5 s later); run then stops waiting for its output, even when a process the hook\n" +
			"left behind (setsid) holds it open. Ctrl-C, SIGTERM and SIGHUP stop the running hooks the same\n" +
			"way, and run exits 130, 143 or 129, as a shell reports a command a signal ended.\n\n" +
			"Limits: --input reads at most 16 MiB, from a regular file or a pipe; of each hook's stdout and\n" +
			"stderr the first 1 MiB is kept for the report (stdoutCut, stderrCut and the byte counts in\n" +
			"--json say when a stream was longer), and all of it is parsed as Gemini parses it, keeping at\n" +
			"most 16 MiB of the parsed values over a run (4 MiB per string; the hook's warnings say what was\n" +
			"dropped, the decision stays Gemini's). A stream longer than Gemini can hold in one string\n" +
			"(536,870,888 characters) makes Gemini CLI exit with RangeError: Invalid string length: run stops\n" +
			"the hook there, says so and exits 3. Output Gemini reads as plain text, and\n" +
			"output in Claude Code's protocol that Gemini ignores, get a warning that says what Gemini does;\n" +
			"so does a hook whose command or script (in the project) speaks Claude's protocol, as validate's\n" +
			"claude-protocol finds it, when its output alone does not show it.\n\n" +
			runPipedHelp() + "\n\n" + runRealHelp() + "\n\n" +
			"--save-test FILE appends the run to a YAML test file as a case (gh-hooks test), with what came of\n" +
			"it as the expectation: the decision, whether the tool runs, the reason, the context, the\n" +
			"rewritten parameters and each hook's exit code. The bytes already in the file stay as they\n" +
			"are; a run with held-back hooks is not saved.",
		Flags: append(o.planFlags.flags("the event to fire (required)"),
			&cli.StringFlag{Name: "input", Usage: "a JSON object whose fields replace the payload's top-level fields: inline ('{\"prompt\": \"hi\"}'), a FILE or @FILE, or - for stdin (at most 16 MiB)", TakesFile: true, Destination: &o.Input},
			&cli.BoolFlag{Name: "json", Usage: "print the run report as one JSON object", Destination: &o.JSON},
			&cli.BoolFlag{Name: "allow-untrusted", Usage: "also run project hooks that are not approved", Destination: &o.AllowUntrusted},
			&cli.BoolFlag{Name: "real", Usage: "also fire the event through the installed Gemini CLI, headless, and show both results (harmless calls only)", Destination: &o.Real},
			&cli.StringFlag{Name: "save-test", Usage: "append this run as a case to the YAML test `FILE` (created when missing), its outcome as the expectation (gh-hooks test)", TakesFile: true, Destination: &o.SaveTest},
			&cli.StringFlag{Name: "save-test-name", Usage: "the saved case's `NAME` (default: the event, tool or trigger and decision)", Destination: &o.SaveTestName},
		),
		Action: func(_ context.Context, c *cli.Command) error {
			if err := noArgs(c); err != nil {
				return err
			}
			return runRun(o)
		},
	}
}

// runPipedHelp is run's paragraph on what it prints where: on a terminal
// a block of lines per hook, piped a row of fields (resultRow).
func runPipedHelp() string {
	return "On a terminal each hook's result is a block of lines (exit code, output, what Gemini parsed,\n" +
		"warnings). " + pipedRows("each hook's result as ID, HOOK, RESULT (exit N, or failed),\n"+
		"DURATION, TIMEOUT, STDOUT, STDERR (up to 1000 characters, newlines as \\n; - when empty),\n"+
		"PARSED (what Gemini made of the output, or error: why the hook failed), WARNINGS (joined by\n"+
		"\"; \", - when none); and a held-back hook as ID, HOOK, STATUS") + " The event line and the\n" +
		"decision stay lines of text. --json prints one JSON object with the whole report."
}

// heldJSON is one project hook that was not run because it is not
// approved.
type heldJSON struct {
	ID      string   `json:"id"`
	Name    string   `json:"name"`
	Command string   `json:"command"`
	Status  string   `json:"status"`
	Changes []string `json:"changes"`
	// Fix is the command that approves it.
	Fix string `json:"fix"`
}

// runJSON is `run --json`: the runner.Report (event, execution, input,
// hooks, aggregate, warnings) plus the project, the plan and the hooks
// held back. hooks is empty when nothing ran.
type runJSON struct {
	Project string      `json:"project"`
	Plan    *merge.Plan `json:"plan"`
	*runner.Report
	Blocks   bool       `json:"blocks"`
	HeldBack []heldJSON `json:"heldBack"`
	// Outcome is what Gemini then does with the aggregated output,
	// headless (runner.OutcomeOf).
	Outcome runner.Outcome `json:"outcome"`
	// Gemini is the Gemini CLI modelled (gemini-versions.md §1.3).
	Gemini *gemini.Install `json:"gemini"`
	// Real is the real CLI's result (--real only).
	Real *realJSON `json:"real,omitempty"`
	// TailHooks are the ids of the hooks Gemini fires for an AfterTool
	// tail call (outcome.tail), by event: BeforeTool and AfterTool.
	TailHooks map[string][]string `json:"tailHooks,omitempty"`
}

func runRun(o *runOptions) error {
	if err := o.check(o.Stderr); err != nil {
		return err
	}
	event, tool, trigger := o.Event, o.Tool, o.Trigger
	if event == "" {
		return usageHint("events: "+strings.Join(merge.Events, ", "), "run needs --event")
	}
	override, inputName, err := readRunInput(o)
	if err != nil {
		return err
	}
	t, err := loadTrust(o.env)
	if err != nil {
		return err
	}
	r := t.r
	if err := fatalError(r); err != nil {
		return err
	}
	f, err := prepareFire(o.env, t, fireRequest{event: event, tool: tool, trigger: trigger, override: override,
		inputName: inputName, allowUntrusted: o.AllowUntrusted, real: o.Real})
	if err != nil {
		return err
	}
	cwd, plan, held, setup, runHooks := t.project.Dir, f.plan, f.held, f.setup, f.runHooks
	event, trigger, in := f.event, f.trigger, f.in
	ctx, stopped := context.Background(), func() os.Signal { return nil }
	if len(runHooks) > 0 {
		var stop func()
		ctx, stopped, stop = stopOnSignal()
		defer stop()
	}
	rep, err := f.exec(ctx, o.env)
	if err != nil {
		return fail(fmt.Errorf("%s: %w", inputName, err), "")
	}
	if sig := stopped(); sig != nil {
		err = &exitError{code: 128 + int(sig.(syscall.Signal)), err: fmt.Errorf("stopped by %s: the running hooks were stopped", runner.SignalName(sig.(syscall.Signal)))}
	}
	outcome := runner.OutcomeOf(rep)
	var tailHooks map[string][]string
	if t := outcome.Tail; t != nil && t.Outcome == runner.ToolRuns {
		// The tail call goes through BeforeTool and AfterTool like a model's
		// call (scheduler.js): their plans for its tool.
		tailHooks = map[string][]string{}
		for _, ev := range []string{"BeforeTool", "AfterTool"} {
			tailHooks[ev] = r.Plan(ev, t.Tool, "").Hooks
		}
	}
	var real *realJSON
	if setup != nil && err == nil {
		// A guarded call the model lets run is refused after the model's
		// side is shown (ErrNotBlocked).
		if real, err = runReal(o.env, setup, r.Set, event, trigger, cwd, in, rep, outcome); err != nil && !errors.Is(err, headless.ErrNotBlocked) {
			return err
		}
	}
	if o.SaveTest != "" && err == nil {
		if err := saveTest(o, t.project.Dir, f, override, rep, outcome); err != nil {
			return err
		}
	}
	if o.JSON {
		if werr := writeJSON(o.Stdout, runJSON{Project: cwd, Plan: plan, Report: rep, Blocks: rep.Blocks(), HeldBack: nonNil(held), Gemini: r.Set.Gemini,
			Outcome: outcome, Real: real, TailHooks: tailHooks}); werr != nil {
			return fail(werr, "")
		}
	} else {
		out := newOut(o.env)
		warnGemini(o.Stderr, r.Set.Gemini)
		printRun(out, plan, rep, held, len(runHooks) > 0, approveHint(t, held))
		if tailHooks != nil {
			out.para(2, "%s %s: BeforeTool %s; AfterTool %s", out.bold("Tail call hooks:"), outcome.Tail.Tool, idList(tailHooks["BeforeTool"]), idList(tailHooks["AfterTool"]))
		}
		if real != nil {
			printReal(out, rep, outcome, real)
		}
		if !plan.Runs && !r.Set.Trust.Trusted {
			// merge's reason names the event; the cause is the folder (spec §1.7).
			if plan.Untrusted {
				// The reason already says what an untrusted folder means: add only why it is untrusted.
				out.para(4, "  note: the folder is not trusted because %s", r.Set.Trust.Why)
			} else {
				out.para(4, "  note: the folder is not trusted (%s): Gemini runs no settings hooks here, not even user hooks", r.Set.Trust.Why)
			}
		}
	}
	// From a subdirectory of a project Gemini loads no project file (spec
	// §1.1): name the one above and the run that fires its hooks.
	warnUpper(o.Stderr, r.Set, shellCommand(o.args()...))
	switch {
	case err != nil:
		return err
	case len(held) > 0 && len(runHooks) == 0:
		what := "project hooks that are not approved"
		if held[0].Status == "dotenv" {
			what = "held back because of the project's .env"
		}
		return fail(fmt.Errorf("no hook ran: the %d planned hook(s) are %s", len(held), what), approveHint(t, held))
	case rep.Blocks():
		return checkFailed
	}
	return nil
}

// fireRequest is one synthetic event to fire, as run's flags give it
// (gh-hooks test builds one per case).
type fireRequest struct {
	event, tool, trigger string
	// override is --input's JSON object (nil for none), inputName how
	// errors name it.
	override       []byte
	inputName      string
	allowUntrusted bool
	real           bool
	// fitOnly (with real) fires through the real CLI only what it can
	// fire harmlessly; anything else runs by the model alone, and
	// fired.realSkipped says why (gh-hooks test --real).
	fitOnly bool
	// quiet drops the warnings of payloadContext (test reports per case).
	quiet bool
}

// fired is an event planned and gated, ready to run: the payload, the
// plan, the hooks that run and those held back, and --real's setup.
type fired struct {
	event, trigger string
	in             *runner.Object
	plan           *merge.Plan
	held           []heldJSON
	runHooks       []runner.Hook
	setup          *realSetup
	realSkipped    string
	set            *layers.Set
	cwd            string
	mcp            map[string]runner.MCPServer
}

// prepareFire builds the payload, plans the event exactly as Gemini does
// and applies run's approval rule (fingerprint.RunGate); with real it
// checks what --real needs first (checkReal).
func prepareFire(e *env, t *trustEnv, q fireRequest) (*fired, error) {
	r := t.r
	event, tool, trigger := q.event, q.tool, q.trigger
	cwd := t.project.Dir
	mcp := runner.MCPServers(r.Set)
	in, err := runner.BuildInput(event, runner.Context{SessionID: runSessionID, Cwd: cwd, Tool: tool, Trigger: trigger, MCPServers: mcp}, q.override)
	if err != nil {
		where := q.inputName
		var se *json.SyntaxError
		// A decoder's Token reports imprecise offsets; Unmarshal's is the
		// byte after the bad character. path:line:col, like every position.
		if errors.As(err, &se) && errors.As(json.Unmarshal(q.override, new(any)), &se) && se.Offset > 0 && int(se.Offset) <= len(q.override) {
			before := q.override[:se.Offset-1]
			line := 1 + bytes.Count(before, []byte("\n"))
			col := 1 + utf8.RuneCount(before[bytes.LastIndexByte(before, '\n')+1:])
			where = fmt.Sprintf("%s:%d:%d", q.inputName, line, col)
		}
		return nil, fail(fmt.Errorf("%s: %w", where, err), `give a JSON object such as {"tool_input": {"command": "ls"}}`)
	}
	// Gemini plans with the same tool name or trigger it puts in the
	// payload (hookEventHandler.ts:92,118,183,198,213), so the plan follows
	// the payload after --input, not only the flags.
	stderr := e.Stderr
	if q.quiet {
		stderr = io.Discard
	}
	tool, trigger = payloadContext(stderr, event, in, tool, trigger)
	plan := r.Plan(event, tool, trigger)
	f := &fired{event: event, trigger: trigger, in: in, plan: plan, set: r.Set, cwd: cwd, mcp: mcp}
	real := q.real
	if real && q.fitOnly {
		if err := headless.Reachable(event, trigger); err != nil {
			f.realSkipped, real = err.Error(), false
		} else if _, _, err := headless.CallOf(event, in); errors.Is(err, headless.ErrNotHarmless) {
			if _, gerr := headless.GuardedCallOf(event, in); gerr != nil {
				f.realSkipped, real = err.Error(), false
			}
		} else if err := headless.CheckPrompt(in); err != nil {
			f.realSkipped, real = err.Error(), false
		}
	}
	var planned []*merge.Hook
	if plan.Runs {
		planned = plan.Run
	}
	gate, err := fingerprint.RunGate(fingerprint.GateOptions{Options: t.opts(), Set: r.Set, Planned: planned, Turn: real, AllowUntrusted: q.allowUntrusted})
	if err != nil {
		return nil, storeError(err)
	}
	f.held = heldHooks(t, r.Set, gate.Held)
	for _, h := range gate.Run {
		f.runHooks = append(f.runHooks, runner.FromMerge(*h))
	}
	if real {
		if f.setup, err = checkReal(e, t, r.Set, event, trigger, in, gate); err != nil {
			return nil, err
		}
	}
	return f, nil
}

// exec runs the hooks that were not held back (an empty report when
// none), with Gemini's environment: the process's plus what Gemini loads
// from the .env (layers.DotEnv). Its error is the runner's.
func (f *fired) exec(ctx context.Context, e *env) (*runner.Report, error) {
	plans := gemini.PlansDir(f.set.Paths.Home, f.cwd, runSessionID)
	if len(f.runHooks) == 0 {
		rep := &runner.Report{Event: f.event, Execution: f.plan.Execution, Input: f.in, Hooks: []runner.Result{}, Warnings: []string{},
			Aggregate: runner.Aggregate{Strategy: runner.StrategyOf(f.event), Success: true, Continue: true, Errors: []string{}, Ignored: []string{}}}
		rep.ToolCall = runner.ToolCallOf(f.event, f.in, &rep.Aggregate, gemini.ProjectTempDir(plans))
		return rep, nil
	}
	in := f.in
	if s := f.setup; s != nil && s.where == headless.InCopy {
		// The real CLI runs in a copy: so do these hooks, in one made the
		// same way, so that both sides run the same situation.
		dir, remove, err := headless.ModelCopy(f.cwd, f.event, s.call)
		if err != nil {
			return nil, err
		}
		defer remove()
		in = in.Clone()
		in.Set("cwd", dir)
		s.modelCopy = true
	}
	rp := runner.Plan{Event: f.event, Hooks: f.runHooks, Sequential: f.plan.Execution == "sequential"}
	rep, err := runner.Run(ctx, rp, in, runner.Options{Env: f.set.DotEnv.Environ(e.environ()), PlansDir: plans, ProjectTempDir: gemini.ProjectTempDir(plans), TrustedMCP: trustedMCP(f.set, f.mcp)})
	if err != nil {
		return nil, err
	}
	claudeStyle(rep, f.set, f.plan.Run)
	return rep, nil
}

// saveTest appends the run to --save-test's file (hooktest.Append) and
// says so on stderr.
func saveTest(o *runOptions, project string, f *fired, override []byte, rep *runner.Report, outcome runner.Outcome) error {
	if len(f.held) > 0 {
		return fail(fmt.Errorf("--save-test: %d planned hook(s) were held back, so the outcome is not the hooks'; nothing saved", len(f.held)),
			"approve them (gh-hooks trust approve) or rerun with --allow-untrusted")
	}
	run := &hooktest.Run{Report: rep, Outcome: outcome}
	name, err := hooktest.Append(project, o.abs(o.SaveTest), hooktest.Saved{Name: o.SaveTestName, Event: f.event, Tool: o.Tool, Trigger: o.Trigger, Input: override},
		hooktest.ExpectOf(f.event, run))
	if err != nil {
		var he *hooktest.Error
		if errors.As(err, &he) {
			return fail(fmt.Errorf("--save-test: %w", he), he.Hint)
		}
		var hes hooktest.Errors
		if errors.As(err, &hes) {
			return fail(fmt.Errorf("--save-test: %w", hes[0]), hes[0].Hint)
		}
		return storeError(err)
	}
	fmt.Fprintf(o.Stderr, "gh-hooks: saved case %q in %s (gh-hooks test runs it)\n", visible.Escape(name), visible.Escape(o.SaveTest))
	return nil
}

// args returns the run's command and flags as given, for warnUpper's hint.
func (o *runOptions) args() []string {
	out := []string{"run", "--event", o.Event}
	if o.Tool != "" {
		out = append(out, "--tool", o.Tool)
	}
	if o.Trigger != "" {
		out = append(out, "--trigger", o.Trigger)
	}
	if o.Input != "" {
		out = append(out, "--input", o.Input)
	}
	if o.JSON {
		out = append(out, "--json")
	}
	if o.AllowUntrusted {
		out = append(out, "--allow-untrusted")
	}
	if o.Real {
		out = append(out, "--real")
	}
	if o.SaveTest != "" {
		out = append(out, "--save-test", o.SaveTest)
	}
	return out
}

// maxRunInput bounds --input: a payload is a few KiB, a write_file
// payload carries a whole file; /dev/zero must not be read for ever.
const maxRunInput = 16 << 20

// readRunInput reads --input: a file, or stdin for "-", at most
// maxRunInput bytes. A named file must be a regular file or a pipe
// (/dev/stdin, <(cmd)); a device such as /dev/zero, a socket or a
// directory is refused before anything is read. name is how errors
// refer to it.
func readRunInput(o *runOptions) (data []byte, name string, err error) {
	name = o.Input
	tooBig := func(what string) error {
		return fail(fmt.Errorf("%s: more than %d MiB: --input takes one JSON object", what, maxRunInput>>20), "pass a JSON file with --input FILE, or - for stdin")
	}
	switch {
	case name == "":
		return nil, "input", nil
	case strings.HasPrefix(strings.TrimLeft(name, " \t\r\n"), "{"):
		// Inline JSON, the first thing people try (curl -d, jq's
		// arguments); a file whose name starts with { is ./{name.
		if len(name) > maxRunInput {
			return nil, "", tooBig("--input")
		}
		return []byte(name), "--input", nil
	case name == "-":
		data, err = io.ReadAll(io.LimitReader(o.Stdin, maxRunInput+1))
		if err != nil {
			return nil, "", fail(fmt.Errorf("stdin: %w", err), "")
		}
		if len(data) > maxRunInput {
			return nil, "", tooBig("stdin")
		}
		if len(strings.TrimSpace(string(data))) == 0 {
			return nil, "", fail(errors.New("stdin: --input - read no JSON"), `pipe a JSON object, e.g. echo '{"prompt": "hi"}' | gh-hooks run --event BeforeAgent --input -`)
		}
		return data, "stdin", nil
	}
	hint := "pass a JSON object inline (--input '{\"prompt\": \"hi\"}'), a JSON file with --input FILE, or - for stdin"
	// @FILE as curl and gh api take it.
	name = strings.TrimPrefix(name, "@")
	f, err := os.Open(o.abs(name))
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return nil, "", fail(fmt.Errorf("%s: %w", name, pe.Err), hint)
	}
	if err != nil {
		return nil, "", fail(err, hint)
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, "", fail(err, hint)
	}
	switch m := fi.Mode(); {
	case m.IsDir():
		return nil, "", fail(fmt.Errorf("%s: is a directory", name), hint)
	case m.IsRegular() && fi.Size() > maxRunInput:
		return nil, "", tooBig(name)
	case !m.IsRegular() && m&fs.ModeNamedPipe == 0:
		return nil, "", fail(fmt.Errorf("%s: not a regular file or a pipe (%s)", name, regfile.Kind(m)), hint)
	}
	data, err = io.ReadAll(io.LimitReader(f, maxRunInput+1))
	if err != nil {
		return nil, "", fail(fmt.Errorf("%s: %w", name, err), hint)
	}
	if len(data) > maxRunInput {
		return nil, "", tooBig(name)
	}
	return data, name, nil
}

// claudeStyle adds to each hook that finished, and is not behind the
// Claude-protocol adapter, a warning for every part of its output that
// speaks Claude's protocol, which Gemini ignores or reads differently
// (issue 16), with the fix. When its output says nothing of the kind but
// its command or script speaks Claude's protocol (validate's
// claude-protocol: a guard that compares the tool name with "Bash" says
// nothing at all under Gemini), that is the warning (issue 26 point 5).
func claudeStyle(rep *runner.Report, set *layers.Set, planned []*merge.Hook) {
	byID := map[string]*merge.Hook{}
	for _, h := range planned {
		byID[h.ID] = h
	}
	for i, h := range rep.Hooks {
		if h.ExitCode == nil {
			continue
		}
		if _, wrapped := claudecompat.Unwrap(h.Command); wrapped {
			continue
		}
		w := claudecompat.ClaudeStyle(rep.Event, h.Stdout, *h.ExitCode)
		if mh := byID[h.ID]; len(w) == 0 && mh != nil {
			if items, ev := validate.ClaudeProtocol(set, mh); len(items) > 0 {
				w = append(w, validate.ClaudeProtocolMessage(items)+"; what it answers by Claude's rules is ignored here: "+validate.ClaudeProtocolFix(ev, mh.Command))
			}
		}
		rep.Hooks[i].Warnings = append(rep.Hooks[i].Warnings, w...)
	}
}

// stopOnSignal returns a context that ends at the first SIGINT, SIGTERM
// or SIGHUP, and a function that reports that signal (nil while none
// came). The signals stay caught only until the first: a second Ctrl-C
// gets the default action and ends gh-hooks at once. run then exits
// 128+n as a shell reports a command that a signal ended (130 for
// Ctrl-C, 143 for SIGTERM, 129 for SIGHUP), after stopping the hooks.
func stopOnSignal() (ctx context.Context, stopped func() os.Signal, stop func()) {
	ctx, cancel := context.WithCancelCause(context.Background())
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, os.Interrupt, syscall.SIGTERM, syscall.SIGHUP)
	var got atomic.Value
	done := make(chan struct{})
	go func() {
		select {
		case s := <-ch:
			signal.Stop(ch)
			got.Store(s)
			cancel(fmt.Errorf("gh-hooks got %s", runner.SignalName(s.(syscall.Signal))))
		case <-done:
		}
	}()
	stopped = func() os.Signal {
		s, _ := got.Load().(os.Signal)
		return s
	}
	var once sync.Once
	stop = func() {
		once.Do(func() {
			signal.Stop(ch)
			close(done)
			cancel(nil)
		})
	}
	return ctx, stopped, stop
}

// triggerField is the payload field that carries a trigger event's
// trigger (types.ts; spec §5.1).
func triggerField(s string) string {
	switch s {
	case "SessionStart":
		return "source"
	case "SessionEnd":
		return "reason"
	case "PreCompress":
		return "trigger"
	}
	return ""
}

// payloadContext returns the tool name or trigger the payload carries,
// which is what Gemini matches; it warns when --input overrode the flag.
func payloadContext(stderr io.Writer, event string, in *runner.Object, tool, trigger string) (string, string) {
	pick := func(field, flag, flagName string) string {
		v, _ := in.Get(field)
		s, ok := v.(string)
		if !ok {
			// Not a string: Gemini would match against a non-string; keep the flag.
			return flag
		}
		if flag != "" && s != flag {
			warn(stderr, fmt.Sprintf("--input sets %s %q, which replaces --%s %s in the payload and the plan", field, s, flagName, flag), "")
		}
		return s
	}
	switch merge.ContextOf(event) {
	case merge.ToolContext:
		return pick("tool_name", tool, "tool"), ""
	case merge.TriggerContext:
		return "", pick(triggerField(event), trigger, "trigger")
	}
	return "", ""
}

// heldHooks describes the held-back hooks: their audit status and what
// changed, or how the project's .env reaches them, and the fix.
func heldHooks(t *trustEnv, set *layers.Set, held []fingerprint.Held) []heldJSON {
	var out []heldJSON
	for _, h := range held {
		out = append(out, heldHook(t, set, h))
	}
	return out
}

func heldHook(t *trustEnv, set *layers.Set, h fingerprint.Held) heldJSON {
	if h.Kind == fingerprint.HoldDotEnv {
		cmd := h.Hook.Command
		if h.Hook.Layer == layers.Extension {
			cmd = h.Hook.ExpandedCommand // what runs (hookLabel)
		}
		return heldJSON{ID: h.Hook.ID, Name: h.Hook.Name, Command: cmd, Status: "dotenv", Changes: envUses(h.DotEnv),
			Fix: "remove the variables from " + set.DotEnv.Path + ", or rerun with --allow-untrusted"}
	}
	changes := h.Report.Changes
	if changes == nil {
		changes = []string{}
	}
	return heldJSON{ID: h.Hook.ID, Name: h.Hook.Name, Command: h.Hook.Command, Status: string(h.Report.Status), Changes: changes,
		Fix: "gh-hooks " + t.flag + "trust approve " + shellword.Quote(approveName(h.Hook))}
}

// envUses are the ways the .env reaches a hook, in words.
func envUses(uses []fingerprint.EnvUse) []string {
	why := []string{}
	for _, u := range uses {
		switch u.Kind {
		case fingerprint.EnvSets:
			why = append(why, fmt.Sprintf("%s=%s (%s:%d)", u.Key, u.Value, u.Path, u.Line))
		case fingerprint.EnvReads:
			why = append(why, fmt.Sprintf("reads $%s=%s (%s:%d)", u.Key, u.Value, u.Path, u.Line))
		case fingerprint.EnvReplaces:
			why = append(why, fmt.Sprintf("%s=%s replaces ${%s} (%s:%d)", u.Key, u.Value, u.Key, u.Path, u.Line))
		default:
			why = append(why, u.Problem.Message)
		}
	}
	return why
}

// approveName is how `trust approve` selects h: its name, else its ID.
func approveName(h *merge.Hook) string {
	if h.Name != "" {
		return h.Name
	}
	return h.ID
}

// approveHint is the one command that approves every held-back hook, or
// the flag that runs them anyway.
func approveHint(t *trustEnv, held []heldJSON) string {
	if len(held) == 0 {
		return ""
	}
	var names []string
	seen := map[string]bool{}
	env := ""
	for _, h := range held {
		if h.Status == "dotenv" {
			env = h.Fix
			continue
		}
		n := h.Name
		if n == "" {
			n = h.ID
		}
		if !seen[n] {
			seen[n] = true
			names = append(names, shellword.Quote(n))
		}
	}
	if len(names) == 0 {
		return env
	}
	return fmt.Sprintf("review them, then run `gh-hooks %strust approve %s`, or rerun with --allow-untrusted", t.flag, strings.Join(names, " "))
}

// trustedMCP names the MCP servers whose tools Gemini runs without
// confirmation: "trust": true counts only in a trusted folder
// (mcp-tool.ts getConfirmationDetails).
func trustedMCP(set *layers.Set, servers map[string]runner.MCPServer) map[string]bool {
	if !set.Trust.Trusted {
		return nil
	}
	return runner.TrustedMCP(servers)
}
