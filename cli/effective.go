package cli

import (
	"context"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/urfave/cli/v3"

	"github.com/gh-hooks/gh-hooks/claudecompat"
	"github.com/gh-hooks/gh-hooks/config"
	"github.com/gh-hooks/gh-hooks/gemini"
	"github.com/gh-hooks/gh-hooks/internal/shellword"
	"github.com/gh-hooks/gh-hooks/internal/suggest"
	"github.com/gh-hooks/gh-hooks/internal/table"
	"github.com/gh-hooks/gh-hooks/layers"
	"github.com/gh-hooks/gh-hooks/merge"
	"github.com/gh-hooks/gh-hooks/migrate"
	"github.com/gh-hooks/gh-hooks/runner"
	"github.com/gh-hooks/gh-hooks/validate"
)

type effectiveOptions struct {
	*env
	planFlags
	JSON bool
}

// planFlags are --event, --tool and --trigger of effective and run.
type planFlags struct {
	Event, Tool, Trigger string
	// payloadTool is set by run: --tool with Notification chooses the
	// confirmation the payload reports, not the plan.
	payloadTool bool
}

func effectiveCommand(e *env) *cli.Command {
	o := &effectiveOptions{env: e}
	return &cli.Command{
		Name:      "effective",
		Usage:     "show every hook from every layer in Gemini's order, whether it runs and why",
		UsageText: "gh-hooks effective [--event E [--tool NAME | --trigger T]] [--json]",
		Description: "Lists the hooks of the system-defaults, user, project and system settings files and of\n" +
			"enabled extensions, merged exactly as Gemini CLI 0.61.0 merges them. With --event, also\n" +
			"prints the execution plan for that event (and --tool or --trigger).\n\n" +
			pipedHelp("the hooks of an event as ID, LINE, MATCHER, HOOK, TIMEOUT, SEQ (yes or no),\n"+
				"STATUS") + " --json prints one JSON object, with every hook whatever --event.\n\n" +
			"Exit status: 0 ok, 1 when Gemini CLI would not start with these files (a settings file it\n" +
			"cannot parse, say; the output is printed in full and the error listed under Problems),\n" +
			"2 usage error.",
		Flags: append(o.planFlags.flags("print the execution plan for this event"),
			&cli.BoolFlag{Name: "json", Usage: "print one JSON object", Destination: &o.JSON}),
		Action: func(_ context.Context, c *cli.Command) error {
			if err := noArgs(c); err != nil {
				return err
			}
			return runEffective(o)
		},
	}
}

func (p *planFlags) flags(eventUsage string) []cli.Flag {
	toolUsage := "tool name for BeforeTool/AfterTool plans (e.g. run_shell_command)"
	if p.payloadTool {
		toolUsage = "tool name for BeforeTool/AfterTool (e.g. run_shell_command); for Notification, the tool whose confirmation the payload reports (it does not change which hooks run)"
	}
	return []cli.Flag{
		&choice{Name: "event", Usage: eventUsage, Destination: &p.Event, Config: fixed(merge.Events...)},
		&choice{Name: "tool", Usage: toolUsage, Destination: &p.Tool, Config: func([]string) []string { return validate.BuiltinTools() }},
		&choice{Name: "trigger", Usage: "trigger for SessionStart/SessionEnd/PreCompress plans (e.g. startup)", Destination: &p.Trigger, Config: triggers},
	}
}

// check checks --event/--tool/--trigger; Event is "" when no plan is asked
// for. A doubtful --tool is a warning on stderr.
func (p *planFlags) check(stderr io.Writer) error {
	if p.Event == "" {
		if p.Tool != "" || p.Trigger != "" {
			return usageError("--tool and --trigger need --event")
		}
		return nil
	}
	if !merge.IsEvent(p.Event) {
		hint := "events: " + strings.Join(merge.Events, ", ")
		if s := merge.Suggest(p.Event); s != "" {
			hint = fmt.Sprintf("did you mean --event %s?", s)
		}
		return usageHint(hint, "unknown event %q", p.Event)
	}
	switch merge.ContextOf(p.Event) {
	case merge.ToolContext:
		if p.Trigger != "" {
			return usageError("--trigger does not apply to %s; use --tool", p.Event)
		}
		warnTool(stderr, p.Tool)
	case merge.TriggerContext:
		triggers := merge.Triggers[p.Event]
		if p.Tool != "" {
			return usageError("--tool does not apply to %s; use --trigger (%s)", p.Event, strings.Join(triggers, ", "))
		}
		// Gemini fires these events with one of a fixed set of triggers
		// and compares matchers with it exactly (spec §2.1, §4): any other
		// value plans for a firing that never happens.
		if p.Trigger != "" && !slices.Contains(triggers, p.Trigger) {
			hint := "use one of: --trigger " + strings.Join(triggers, ", --trigger ")
			if best := suggest.Closest(p.Trigger, triggers); len(best) > 0 {
				hint = "did you mean --trigger " + best[0] + "?"
			}
			return usageHint(hint, "--trigger %q is not a %s trigger: Gemini fires %s only with %s", p.Trigger, p.Event, p.Event, strings.Join(triggers, ", "))
		}
	default:
		if p.Event == "Notification" && p.Trigger == "" && p.Tool != "" {
			return p.checkNotificationTool()
		}
		if p.Tool != "" || p.Trigger != "" {
			return usageError("%s has no tool or trigger: Gemini fires it without a context and ignores matchers", p.Event)
		}
	}
	return nil
}

// checkNotificationTool checks --tool with --event Notification. Gemini
// fires Notification without a context, whatever the tool it asks about
// (hookEventHandler.ts fireNotificationEvent; spec §4): every Notification
// hook runs, whatever its matcher. So --tool chooses only run's payload
// (details of the confirmation of that tool); a plan is the same for every
// tool, and effective and show refuse it with a hint to run.
func (p *planFlags) checkNotificationTool() error {
	if !p.payloadTool {
		return usageHint("gh-hooks run --event Notification --tool "+shellword.Quote(p.Tool)+" sends the payload of that tool's confirmation",
			"Notification has no tool: Gemini fires it without a context and ignores matchers, so its plan is the same for every tool")
	}
	if _, ok := runner.NotificationKind(p.Tool); !ok {
		return usageHint("use one of: "+runner.NotificationTools,
			"--tool %q: run models the Notification payload of the confirmations watched on Gemini CLI 0.61.0 only", p.Tool)
	}
	return nil
}

// toolWarning is the warning for a Claude Code tool name given as --tool
// ("" when there is none): Gemini fires BeforeTool/AfterTool with its own
// tool names (spec §4), so a plan for "Bash" shows what happens for a
// tool Gemini's built-ins never use. It is a warning, not a refusal: an
// MCP server or a discovered tool can carry any name, "Write" too, and
// the plan for it is what Gemini would do. The Claude-to-Gemini table is
// migrate's (claude-hooks.md §3.1).
func toolWarning(tool string) (msg, hint string) {
	if tool == "" || slices.Contains(validate.BuiltinTools(), tool) {
		return "", ""
	}
	if g, ok := migrate.GeminiTool(tool); ok {
		if g == "" {
			return fmt.Sprintf("--tool %q is a Claude Code tool name, and Gemini has no built-in tool like it: the plan is for a discovered or MCP tool of that name", tool),
				"gh-hooks effective --event BeforeTool lists the matchers Gemini compares with its tool names"
		}
		return fmt.Sprintf("--tool %q is a Claude Code tool name: Gemini calls that tool %s; the plan is for a discovered or MCP tool named %s", tool, g, tool),
			"for Gemini's own tool: --tool " + g
	}
	if rest, ok := strings.CutPrefix(tool, "mcp__"); ok && strings.Contains(rest, "__") {
		g := claudecompat.GeminiToolName(tool)
		return fmt.Sprintf("--tool %q is a Claude Code MCP tool name: Gemini calls it %s", tool, g), "--tool " + g
	}
	// A name near a built-in tool is most likely a typo: the plan is still
	// for a discovered or MCP tool of that name, as Gemini would match it.
	if best := suggest.Closest(tool, validate.BuiltinTools()); len(best) > 0 {
		return fmt.Sprintf("--tool %q is not one of Gemini's built-in tools: the plan is for a discovered or MCP tool of that name", tool),
			"did you mean --tool " + best[0] + "?"
	}
	return "", ""
}

// warnTool prints toolWarning's warning, if any, on w.
func warnTool(w io.Writer, tool string) {
	if msg, hint := toolWarning(tool); msg != "" {
		warn(w, msg, hint)
	}
}

// effectiveJSON is the shape fixed by the contract (docs/json.md).
type effectiveJSON struct {
	Project      string          `json:"project"`
	Home         string          `json:"home"`
	HooksEnabled bool            `json:"hooksEnabled"`
	FolderTrust  folderTrustJSON `json:"folderTrust"`
	Disabled     []string        `json:"disabled"`
	Layers       []*layers.Layer `json:"layers"`
	// DotEnv is the .env Gemini loads into its environment.
	DotEnv   *layers.DotEnv   `json:"dotenv"`
	Hooks    []*merge.Hook    `json:"hooks"`
	Problems []config.Problem `json:"problems"`
	Plan     *merge.Plan      `json:"plan,omitempty"`
	Fatal    bool             `json:"fatal"`
	Crash    string           `json:"crash,omitempty"`
	// Gemini is the Gemini CLI modelled (gemini-versions.md §1.3).
	Gemini *gemini.Install `json:"gemini"`
}

type folderTrustJSON struct {
	Enabled bool   `json:"enabled"`
	Trusted bool   `json:"trusted"`
	Source  string `json:"source"`
	Why     string `json:"why"`
}

func newFolderTrustJSON(t layers.Trust) folderTrustJSON {
	return folderTrustJSON{Enabled: t.Enabled, Trusted: t.Trusted, Source: t.Source, Why: t.Why}
}

// newEffectiveJSON assembles the JSON answer; empty lists print as [].
func newEffectiveJSON(r *merge.Result, problems []config.Problem, plan *merge.Plan) effectiveJSON {
	set := r.Set
	return effectiveJSON{
		Project: set.Paths.ProjectDir, Home: set.Paths.Home, HooksEnabled: r.HooksEnabled,
		FolderTrust: newFolderTrustJSON(set.Trust),
		Disabled:    nonNil(r.Disabled), Layers: set.Layers, DotEnv: set.DotEnv, Hooks: nonNil(r.Hooks), Problems: nonNil(problems),
		Plan: plan, Fatal: set.Fatal(), Crash: r.Crash, Gemini: set.Gemini,
	}
}

// nonNil makes an empty list print as [] rather than null.
func nonNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

// loadProject loads every layer for --project and merges them.
func loadProject(e *env) (*merge.Result, error) {
	set, err := e.loadLayers(e.project)
	if err != nil {
		return nil, err
	}
	return merge.Merge(set), nil
}

func runEffective(o *effectiveOptions) error {
	if err := o.check(o.Stderr); err != nil {
		return err
	}
	r, err := loadProject(o.env)
	if err != nil {
		return err
	}
	var plan *merge.Plan
	if o.Event != "" {
		plan = r.Plan(o.Event, o.Tool, o.Trigger)
	}
	problems := validate.Check(r)
	if o.JSON {
		if err := newEffectiveJSON(r, problems, plan).writeTo(o.Stdout); err != nil {
			return fail(err, "")
		}
	} else {
		warnGemini(o.Stderr, r.Set.Gemini)
		printEffective(newOut(o.env), r, withoutVersionProblem(problems), plan)
	}
	warnUpper(o.Stderr, r.Set, "effective")
	if p, ok := fatalProblem(r); ok && !o.JSON {
		// The human output lists the error, with its hint, under Problems:
		// stderr only says why the exit status is 1, so it is not printed twice.
		return fail(fmt.Errorf("%s:%d:%d: Gemini CLI will not start (the error is listed under Problems)", p.Path, p.Line, p.Column), "")
	}
	return fatalError(r)
}

// fatalError returns exit 1, naming the first problem, when Gemini CLI
// would refuse to start or crash.
func fatalError(r *merge.Result) error {
	p, ok := fatalProblem(r)
	if !ok {
		return nil
	}
	return fail(fmt.Errorf("%s:%d:%d: %s", p.Path, p.Line, p.Column, p.Message), p.Hint)
}

// fatalProblem is the first problem that makes Gemini CLI refuse to start
// or crash; false when there is none.
func fatalProblem(r *merge.Result) (config.Problem, bool) {
	fatal := r.Set.Fatals
	if len(fatal) == 0 && r.Crash != "" {
		for _, p := range r.Problems {
			if p.Code == "hooksconfig-null" && p.Path == r.CrashPath || p.Code == "extension-name-duplicate" {
				fatal = append(fatal, p)
			}
		}
	}
	if len(fatal) == 0 {
		return config.Problem{}, false
	}
	return fatal[0], true
}

func printEffective(o *out, r *merge.Result, problems []config.Problem, plan *merge.Plan) {
	set := r.Set
	trust := o.green("trusted")
	if !set.Trust.Trusted {
		trust = o.red("NOT trusted")
	}
	hooks := o.green("enabled")
	if r.Crash != "" {
		hooks = o.red("Gemini crashes at start-up")
	} else if !r.HooksEnabled {
		hooks = o.red("disabled")
	}
	o.fields("", [][]any{
		{o.bold("project"), o.short(set.Paths.ProjectDir)},
		{o.bold("folder"), sprintf("%s (%s)", trust, set.Trust.Why)},
		{o.bold("hooks"), hooks},
		{o.bold("disabled"), orNone(quoteList(r.Disabled))},
	})
	o.printf("\n%s\n", o.bold("Layers"))
	printLayers(o, set.Layers, set.DotEnv)

	// Reasons are long and often shared (an untrusted folder stops every
	// settings hook): the tables refer to them by number, listed once below.
	var reasons []string
	number := map[string]int{} // by map: 50,000 distinct reasons were a scan each
	note := func(reason string) int {
		if n, ok := number[reason]; ok {
			return n
		}
		reasons = append(reasons, reason)
		number[reason] = len(reasons)
		return len(reasons)
	}
	others := 0
	// The hooks of each event, found once: a scan of every hook per event
	// made 50,000 event names take effective seconds.
	byEvent := map[string][]*merge.Hook{}
	for _, h := range r.Hooks {
		byEvent[h.Event] = append(byEvent[h.Event], h)
	}
	for _, ev := range r.EventOrder() {
		if plan != nil && !aboutEvent(ev, plan.Event) {
			// --event asks about one event: the others' hooks are
			// counted, not listed (--json keeps them all).
			others += len(byEvent[ev])
			continue
		}
		o.printf("\n%s\n", o.bold(ev))
		var rows [][]any
		for _, h := range byEvent[ev] {
			status := o.green("active")
			if !h.Active {
				status = o.yellow(fmt.Sprintf("inactive [%d]", note(h.Reason)))
			}
			seq := "no"
			if h.Sequential {
				seq = "yes"
			}
			rows = append(rows, []any{h.ID, strconv.Itoa(h.Line), orDash(h.Matcher), hookLabel(h), ms(float64(h.Timeout)), seq, status})
		}
		// The hook and its matcher say what runs when; SEQ, TIMEOUT and
		// LINE (gh-hooks show has them) give way first.
		o.tableBy("  ", []string{"ID", "LINE", "MATCHER", "HOOK", "TIMEOUT", "SEQ", "STATUS"}, rows, table.Layout{Flex: []int{3, 2}, Minor: []int{5, 4, 1}})
	}
	if len(reasons) > 0 {
		o.printf("\n%s\n", o.bold("Why hooks do not run"))
		for i, r := range reasons {
			o.printf("%s\n", o.fit(sprintf("  [%d] %s", i+1, r), 6))
		}
	}
	if len(r.Hooks) == 0 {
		o.printf("\nNo hooks are configured in any layer.\n")
	}
	if plan != nil {
		problems = eventProblems(problems, plan.Event)
		if others > 0 {
			o.printf("\n")
			o.para(2, "%s", o.dim(fmt.Sprintf("%s of other events not shown (gh-hooks effective lists every event)", count(others, "hook"))))
		}
	}
	if len(problems) > 0 {
		o.printf("\n%s\n", o.bold("Problems"))
		printProblems(o, problems, "  ")
	}
	if plan != nil {
		printPlan(o, plan)
	}
}

// aboutEvent reports whether hooks under the event key belong in a
// listing of event: the key itself, or an unknown key that gh-hooks reads
// as a misspelling of it (PreToolUse for BeforeTool), which Gemini skips.
func aboutEvent(key, event string) bool {
	return key == event || !merge.IsEvent(key) && merge.Suggest(key) == event
}

// eventProblems drops the problems that belong to another event's hooks
// (a pointer under /hooks/<other event>); problems about the file or the
// settings as a whole are kept.
func eventProblems(problems []config.Problem, event string) []config.Problem {
	var out []config.Problem
	for _, p := range problems {
		rest, ok := strings.CutPrefix(p.Pointer, "/hooks/")
		if ok {
			key, _, _ := strings.Cut(rest, "/")
			if !aboutEvent(config.UnescapePointer(key), event) {
				continue
			}
		}
		out = append(out, p)
	}
	return out
}

func printPlan(o *out, p *merge.Plan) {
	o.printf("\n%s\n", o.bold("Plan: "+p.Event+planContext(p)))
	// Gemini always fires these events with a tool or a trigger; without
	// one the planner matches every hook (spec §4), which no real firing
	// does.
	if p.Tool == "" && p.Trigger == "" {
		switch merge.ContextOf(p.Event) {
		case merge.ToolContext:
			o.para(4, "  %s", o.dim("no --tool: every hook is listed whatever its matcher; Gemini always fires "+p.Event+" for one tool (--tool run_shell_command)"))
		case merge.TriggerContext:
			o.para(4, "  %s", o.dim("no --trigger: every hook is listed whatever its matcher; Gemini fires "+p.Event+" with one of "+strings.Join(merge.Triggers[p.Event], ", ")))
		}
	}
	if !p.Runs {
		o.printf("%s\n", o.fit(sprintf("  nothing runs: %s", p.Why), 4))
		return
	}
	o.printf("  %d hook(s), %s\n", len(p.Run), p.Execution)
	var rows [][]any
	for i, h := range p.Run {
		rows = append(rows, []any{fmt.Sprintf("%d.", i+1), h.ID, hookLabel(h), ms(float64(h.Timeout))})
	}
	o.table("  ", nil, rows, 2)
	for _, id := range p.Deduplicated {
		o.para(4, "  %s", o.dim("skipped "+id+": duplicate name:command of an earlier hook (Gemini keeps the first)"))
	}
}

// planContext is " for tool T", " for trigger T" or "".
func planContext(p *merge.Plan) string {
	switch {
	case p.Tool != "":
		return " for tool " + p.Tool
	case p.Trigger != "":
		return " for trigger " + p.Trigger
	}
	return ""
}

// printLayers prints each layer's file and whether Gemini loads it, for
// effective and doctor.
func printLayers(o *out, ls []*layers.Layer, d *layers.DotEnv) {
	var rows [][]any
	if d != nil && d.Path != "" {
		rows = append(rows, []any{".env", o.short(d.Path), dotEnvStatus(o, d)})
	}
	for _, l := range ls {
		status := o.green("loaded")
		switch {
		case l.Loaded:
		case l.Path == "" || !l.Exists && l.Reason == "file does not exist":
			status = o.dim("none")
		default:
			status = o.yellow("not loaded: " + l.Reason)
		}
		rows = append(rows, []any{l.ID(), o.short(orDash(l.Path)), status})
	}
	// A long status (why a file is not loaded) is read whole before the
	// file's path, which gives way on a narrow terminal.
	o.tableBy("  ", nil, rows, table.Layout{Flex: []int{2, 1}, Minor: []int{1}, Names: []string{"", "FILE"}})
}

// dotEnvStatus is the .env row's status: what Gemini takes from the file.
func dotEnvStatus(o *out, d *layers.DotEnv) styled {
	if d.Unread != "" {
		return o.yellow("loaded by Gemini, unread: " + d.Unread)
	}
	var loaded, other []string
	for _, v := range d.Vars {
		if v.Loaded {
			loaded = append(loaded, v.Key)
		} else {
			other = append(other, v.Key)
		}
	}
	if len(loaded) == 0 {
		return o.dim(fmt.Sprintf("nothing loaded (%d variable(s), none Gemini takes)", len(d.Vars)))
	}
	s := fmt.Sprintf("loaded: %s", strings.Join(loaded, " "))
	if len(other) > 0 {
		s += fmt.Sprintf(" (not: %s)", strings.Join(other, " "))
	}
	return o.green(s)
}
