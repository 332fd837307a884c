package cli

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"

	"github.com/urfave/cli/v3"

	"github.com/gh-hooks/gh-hooks/headless"
	"github.com/gh-hooks/gh-hooks/hooktest"
	"github.com/gh-hooks/gh-hooks/runner"
)

// Formats of test --format.
var testFormats = []string{formatText, formatJSON, "junit", formatGitHub}

type testOptions struct {
	*env
	Format         string
	Run            string
	Real           bool
	AllowUntrusted bool
	Parallel       int
	// Output is --output: the report goes to this file (config.WriteNoLinks).
	Output string
}

func testCommand(e *env) *cli.Command {
	o := &testOptions{env: e}
	return &cli.Command{
		Name:  "test",
		Usage: "run the project's hook test files: each case fires an event as run does and checks the outcome",
		UsageText: "gh-hooks test [--run REGEXP] [--format text|json|junit|github] [--output FILE] [--real] " +
			"[--allow-untrusted] [--parallel N] [FILE|DIR...]",
		Description: "Runs hook test files: without arguments the project's .gemini/hooks.test.yaml,\n" +
			".gemini/hooks.test.json and .gemini/tests/*.{yaml,yml,json}; a FILE or DIR argument names\n" +
			"others. A test file (YAML or JSON, the same keys) lists cases:\n\n" +
			"\ttests:\n" +
			"\t  - name: guard denies rm -rf\n" +
			"\t    event: BeforeTool\n" +
			"\t    tool: run_shell_command  # or trigger: T\n" +
			"\t    input:                   # payload fields\n" +
			"\t      tool_input: {command: \"rm -rf /\"}\n" +
			"\t    expect:                  # each key optional\n" +
			"\t      decision: deny         # allow/block/ask/none\n" +
			"\t      toolRuns: false        # BeforeTool only\n" +
			"\t      reason: \"rm -rf\"       # in the reason\n" +
			"\t      context: \"lint\"        # in the added context\n" +
			"\t      hooks:                 # by name, else command\n" +
			"\t        guard: {ran: true, exit: 2}\n\n" +
			"Each case runs exactly as gh-hooks run does: the project's layers, Gemini's plan and\n" +
			"aggregation for the Gemini CLI release modelled, and run's approval rule: project hooks that\n" +
			"are not approved (gh-hooks trust audit) are held back unless --allow-untrusted, and a case\n" +
			"whose hooks were held back fails, saying so. The decision is the aggregated one as Gemini acts\n" +
			"on it (none on an event where Gemini ignores decisions). Cases run in parallel (at most\n" +
			"--parallel at once); a case whose plan is sequential runs alone. --run keeps the cases whose\n" +
			"name the regular expression matches.\n\n" +
			"Files are checked before anything runs: malformed YAML or JSON, an unknown key, a value of\n" +
			"the wrong type, an unknown event, an expectation that can never hold on its event (toolRuns\n" +
			"on SessionStart), a file over 1 MiB or nested deeper than 32 levels, or one reached through\n" +
			"a symbolic link out of the project, is an error with path:line:col and nothing runs.\n\n" +
			"--real also runs each case through the installed Gemini CLI, headless, as run --real does\n" +
			"(with its rules: harmless tool calls only, hooks approved): a case fails when the real CLI\n" +
			"disagrees with the expectation (side real) or with gh-hooks' model (side model-vs-real); a\n" +
			"difference from gh-hooks' own run is side model. gh-hooks run --save-test FILE appends a case\n" +
			"with the outcome of the run as its expectation.\n\n" +
			"Formats (--format): text (default: one line per case, ok or FAIL with its name and time, the\n" +
			"expected and actual value of each expectation that failed, a summary), json (one object),\n" +
			"junit (JUnit XML for CI test reports: a testsuite per file, a testcase per case, a failure\n" +
			"per failed case), github (GitHub Actions annotations on the test file's line, paths relative\n" +
			"to $GITHUB_WORKSPACE when set, else to the project; then the text summary).\n\n" +
			"Exit status: 0 every case passed, 1 a test file cannot be read or is invalid (nothing ran),\n" +
			"2 usage error, 3 a case failed.",
		Flags: []cli.Flag{
			&choice{Name: "format", Usage: "output `FORMAT`: " + strings.Join(testFormats, ", "), Value: formatText, Destination: &o.Format, Config: fixed(testFormats...)},
			&cli.StringFlag{Name: "run", Usage: "run only the cases whose name matches `REGEXP`", Destination: &o.Run},
			&cli.BoolFlag{Name: "real", Usage: "also run each case through the installed Gemini CLI, headless (harmless calls only)", Destination: &o.Real},
			&cli.BoolFlag{Name: "allow-untrusted", Usage: "also run project hooks that are not approved", Destination: &o.AllowUntrusted},
			&cli.StringFlag{Name: "output", Usage: "write the json, junit or github report to `FILE` (inside the current directory; never through a symbolic link) instead of stdout", TakesFile: true, Destination: &o.Output},
			&cli.IntFlag{Name: "parallel", Usage: "run at most `N` cases at once", Value: defaultParallel(), DefaultText: "4 per CPU, at most 16", Destination: &o.Parallel},
		},
		Action: func(_ context.Context, c *cli.Command) error {
			return runTest(o, c.Args().Slice())
		},
	}
}

// defaultParallel bounds the cases at once: hooks are processes, mostly
// waiting; four per CPU, at most 16.
func defaultParallel() int { return min(16, 4*runtime.GOMAXPROCS(0)) }

func runTest(o *testOptions, args []string) error {
	if !slices.Contains(testFormats, o.Format) {
		return usageHint("formats: "+strings.Join(testFormats, ", "), "unknown format %q", o.Format)
	}
	if o.Output != "" && o.Format == formatText {
		return usageHint("add --format junit (or json, github)", "--output writes a report format, not text")
	}
	if o.Parallel < 1 {
		return usageError("--parallel %d: want at least 1", o.Parallel)
	}
	var sel *regexp.Regexp
	if o.Run != "" {
		var err error
		if sel, err = regexp.Compile(o.Run); err != nil {
			return usageHint("--run takes a Go regular expression (as go test -run)", "--run %q: %v", o.Run, strings.TrimPrefix(err.Error(), "error parsing regexp: "))
		}
	}
	t, err := loadTrust(o.env)
	if err != nil {
		return err
	}
	if err := fatalError(t.r); err != nil {
		return err
	}
	wd, err := filepath.Abs(o.abs("."))
	if err != nil {
		return fail(err, "")
	}
	srcs, err := hooktest.Find(t.project.Dir, wd, args)
	if err == nil && len(srcs) == 0 {
		return fail(errors.New("no test files: none of "+strings.Join(hooktest.DefaultFiles, ", ")+" exists in "+t.project.Dir),
			"write the cases in .gemini/hooks.test.yaml (gh-hooks test --help shows the format), or name the files")
	}
	var files []*hooktest.File
	if err == nil {
		files, err = hooktest.Load(srcs)
	}
	if err != nil {
		return testFileErrors(o, t.project.Dir, err)
	}
	warnGemini(o.Stderr, t.r.Set.Gemini)
	if !t.r.Set.Trust.Trusted {
		// Every case then runs with no settings hook: say why once.
		warn(o.Stderr, fmt.Sprintf("the folder is not trusted (%s): Gemini runs no settings hooks here, not even user hooks, and neither do the cases", t.r.Set.Trust.Why),
			"trust the folder in Gemini, or set GEMINI_CLI_TRUST_WORKSPACE=true where the tests run")
	}
	cases := hooktest.Select(files, sel)
	if len(cases) == 0 {
		return fail(fmt.Errorf("--run %q matches none of the %d case(s)", o.Run, len(hooktest.Select(files, nil))), "gh-hooks test lists them all when run without --run")
	}
	if o.Real {
		// Once, not per case: without the real CLI nothing can be compared.
		if _, err := headless.Find(o.getenv, o.Dir); err != nil {
			return fail(fmt.Errorf("test --real: %w", err), "install Gemini CLI 0.61 and Node.js (npm install -g @google/gemini-cli@0.61.0), or set "+headless.ProgramEnv+" to its gemini program")
		}
	}
	// Each real run is a Node.js process with a whole turn: two at a time.
	realRuns := make(chan struct{}, 2)
	fire := func(c *hooktest.Case, real bool) (*hooktest.Prepared, error) {
		f, err := prepareFire(o.env, t, fireRequest{event: c.Event, tool: c.Tool, trigger: c.Trigger, override: c.Input,
			inputName: fmt.Sprintf("%s:%d: input", c.File, c.Line), allowUntrusted: o.AllowUntrusted, real: real, fitOnly: true, quiet: true})
		if err != nil {
			return nil, withHint(err)
		}
		return &hooktest.Prepared{Sequential: f.plan.Execution == "sequential", Exec: func(ctx context.Context) (*hooktest.Run, error) {
			rep, err := f.exec(ctx, o.env)
			if err != nil {
				return nil, err
			}
			run := &hooktest.Run{Report: rep, Outcome: runner.OutcomeOf(rep), HeldFix: approveHint(t, f.held), RealSkipped: f.realSkipped}
			for _, h := range f.held {
				run.Held = append(run.Held, hooktest.Held{ID: h.ID, Name: h.Name, Command: h.Command, Status: h.Status, Fix: h.Fix})
			}
			if f.setup != nil && f.setup.guarded {
				// A call that is not harmless goes to the real CLI only
				// when the model shows a guard blocking it.
				if err := headless.GuardHolds(run.Outcome); err != nil {
					run.RealSkipped = "not a harmless tool call, and " + err.Error()
					return run, nil
				}
			}
			if f.setup != nil {
				realRuns <- struct{}{}
				defer func() { <-realRuns }()
				real, err := runReal(o.env, f.setup, f.set, f.event, f.trigger, f.cwd, f.in, rep, run.Outcome)
				if err != nil {
					return nil, withHint(err)
				}
				run.Real, run.RealDiffs = real.Real, real.Differences
			}
			return run, nil
		}}, nil
	}
	ctx, _, stop := stopOnSignal()
	defer stop()
	rep := hooktest.RunCases(ctx, cases, hooktest.Options{Fire: fire, Parallel: o.Parallel, Real: o.Real})
	stdout := o.Stdout
	var report bytes.Buffer
	if o.Output != "" {
		o.Stdout = &report
	}
	err = printTest(o, t.project.Dir, files, rep)
	o.Stdout = stdout
	if err != nil {
		return fail(err, "")
	}
	if o.Output != "" {
		if err := writeOutput(o.env, o.Output, report.Bytes()); err != nil {
			return err
		}
	}
	if rep.Failed > 0 {
		return checkFailed
	}
	return nil
}

// withHint is err's message with its hint, for a case's report.
func withHint(err error) error {
	var ee *exitError
	if errors.As(err, &ee) && ee.hint != "" {
		return fmt.Errorf("%s (hint: %s)", ee.err, ee.hint)
	}
	if errors.As(err, &ee) {
		return ee.err
	}
	return err
}

// testFileErrors reports bad test files: every problem on stderr (and as
// annotations with --format github), exit 1.
func testFileErrors(o *testOptions, project string, err error) error {
	var errs hooktest.Errors
	if !errors.As(err, &errs) {
		return fail(err, "")
	}
	if o.Format == formatGitHub {
		base := o.reportBase(project)
		var b strings.Builder
		for _, e := range errs {
			fmt.Fprintf(&b, "::error %s::%s\n", ghLocation(base, e.Abs, e.Line, e.Column, "gh-hooks test"), ghData(visibleMsg(e.Msg, e.Hint)))
		}
		fmt.Fprint(o.Stdout, b.String())
	}
	if len(errs) == 1 {
		return fail(errs[0], errs[0].Hint)
	}
	msgs := lines{fmt.Sprintf("%d problems in the test files; nothing ran:", len(errs))}
	for _, e := range errs {
		msgs = append(msgs, e.Error())
		if e.Hint != "" {
			msgs = append(msgs, "  hint: "+e.Hint)
		}
	}
	return &exitError{code: 1, err: msgs}
}
