package main

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/gh-hooks/gh-hooks/config"
	"github.com/gh-hooks/gh-hooks/layers"
	"github.com/gh-hooks/gh-hooks/merge"
	"github.com/gh-hooks/gh-hooks/validate"
)

func effectiveCommand() *cli.Command {
	return &cli.Command{
		Name:  "effective",
		Usage: "show every hook from every layer in Gemini's order, whether it runs and why",
		Description: "Lists the hooks of the system-defaults, user, project and system settings files and of\n" +
			"enabled extensions, merged exactly as Gemini CLI 0.61.0 merges them. With --event, also\n" +
			"prints the execution plan for that event (and --tool or --trigger).",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "event", Usage: "print the execution plan for this event"},
			&cli.StringFlag{Name: "tool", Usage: "tool name for BeforeTool/AfterTool plans (e.g. run_shell_command)"},
			&cli.StringFlag{Name: "trigger", Usage: "trigger for SessionStart/SessionEnd/PreCompress plans (e.g. startup)"},
			&cli.BoolFlag{Name: "json", Usage: "print one JSON object (see CONTRACT.md)"},
		},
		Action: runEffective,
	}
}

// planArgs checks --event/--tool/--trigger; event is "" when no plan is
// asked for.
func planArgs(c *cli.Context) (event, tool, trigger string, err error) {
	event, tool, trigger = c.String("event"), c.String("tool"), c.String("trigger")
	if event == "" {
		if tool != "" || trigger != "" {
			return "", "", "", usageError("--tool and --trigger need --event")
		}
		return "", "", "", nil
	}
	if !merge.IsEvent(event) {
		hint := "events: " + strings.Join(merge.Events, ", ")
		if s := merge.Suggest(event); s != "" {
			hint = fmt.Sprintf("did you mean --event %s?", s)
		}
		return "", "", "", &exitError{code: 2, err: fmt.Errorf("unknown event %q", event), hint: hint}
	}
	switch merge.ContextOf(event) {
	case merge.ToolContext:
		if trigger != "" {
			return "", "", "", usageError("--trigger does not apply to %s; use --tool", event)
		}
	case merge.TriggerContext:
		if tool != "" {
			return "", "", "", usageError("--tool does not apply to %s; use --trigger (%s)", event, strings.Join(merge.Triggers[event], ", "))
		}
	default:
		if tool != "" || trigger != "" {
			return "", "", "", usageError("%s has no tool or trigger: Gemini fires it without a context and ignores matchers", event)
		}
	}
	return event, tool, trigger, nil
}

// effectiveJSON is the shape fixed by CONTRACT.md.
type effectiveJSON struct {
	Project      string           `json:"project"`
	Home         string           `json:"home"`
	HooksEnabled bool             `json:"hooksEnabled"`
	FolderTrust  folderTrustJSON  `json:"folderTrust"`
	Disabled     []string         `json:"disabled"`
	Layers       []*layers.Layer  `json:"layers"`
	Hooks        []*merge.Hook    `json:"hooks"`
	Problems     []config.Problem `json:"problems"`
	Plan         *merge.Plan      `json:"plan,omitempty"`
	Fatal        bool             `json:"fatal"`
	Crash        string           `json:"crash,omitempty"`
}

// newEffectiveJSON assembles the JSON answer; empty lists print as [].
func newEffectiveJSON(r *merge.Result, problems []config.Problem, plan *merge.Plan) effectiveJSON {
	set := r.Set
	v := effectiveJSON{
		Project: set.Paths.ProjectDir, Home: set.Paths.Home, HooksEnabled: r.HooksEnabled,
		FolderTrust: folderTrustJSON{Enabled: set.Trust.Enabled, Trusted: set.Trust.Trusted, Source: set.Trust.Source, Why: set.Trust.Why},
		Disabled:    r.Disabled, Layers: set.Layers, Hooks: r.Hooks, Problems: problems, Plan: plan,
		Fatal: set.Fatal(), Crash: r.Crash,
	}
	if v.Hooks == nil {
		v.Hooks = []*merge.Hook{}
	}
	if v.Problems == nil {
		v.Problems = []config.Problem{}
	}
	if v.Disabled == nil {
		v.Disabled = []string{}
	}
	return v
}

type folderTrustJSON struct {
	Enabled bool   `json:"enabled"`
	Trusted bool   `json:"trusted"`
	Source  string `json:"source"`
	Why     string `json:"why"`
}

func runEffective(c *cli.Context) error {
	event, tool, trigger, err := planArgs(c)
	if err != nil {
		return err
	}
	r, err := loadProject(c)
	if err != nil {
		return err
	}
	var plan *merge.Plan
	if event != "" {
		plan = r.Plan(event, tool, trigger)
	}
	problems := allProblems(r)
	if c.Bool("json") {
		if err := newEffectiveJSON(r, problems, plan).writeTo(c.App.Writer); err != nil {
			return fail(err, "")
		}
	} else {
		printEffective(newOutFor(c, r), r, problems, plan)
	}
	return fatalError(r)
}

// allProblems is every problem gh-hooks knows about the loaded files.
func allProblems(r *merge.Result) []config.Problem {
	return validate.Check(r)
}

// fatalError returns exit 1, naming the first problem, when Gemini CLI
// would refuse to start or crash.
func fatalError(r *merge.Result) error {
	fatal := r.Set.Fatals
	if len(fatal) == 0 && r.Crash != "" {
		for _, p := range r.Problems {
			if p.Code == "hooksconfig-null" && strings.Contains(r.Crash, p.Path) || p.Code == "extension-name-duplicate" {
				fatal = append(fatal, p)
			}
		}
	}
	if len(fatal) == 0 {
		return nil
	}
	p := fatal[0]
	return fail(fmt.Errorf("%s:%d:%d: %s", p.Path, p.Line, p.Column, p.Message), p.Hint)
}

func newOutFor(c *cli.Context, r *merge.Result) *out {
	o := newOut(c)
	o.home = r.Set.Paths.Home
	return o
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
	o.table("", nil, [][]string{
		{o.bold("project"), o.short(set.Paths.ProjectDir)},
		{o.bold("folder"), trust + " (" + set.Trust.Why + ")"},
		{o.bold("hooks"), hooks},
		{o.bold("disabled"), orNone(strings.Join(quoteAll(r.Disabled), ", "))},
	})
	o.printf("\n%s\n", o.bold("Layers"))
	var rows [][]string
	for _, l := range set.Layers {
		status := o.green("loaded")
		switch {
		case l.Loaded:
		case l.Path == "" || !l.Exists && l.Reason == "file does not exist":
			status = o.dim("none")
		default:
			status = o.yellow("not loaded: " + l.Reason)
		}
		path := l.Path
		if path == "" {
			path = "-"
		}
		rows = append(rows, []string{l.ID(), o.short(path), status})
	}
	o.table("  ", nil, rows)

	// Reasons are long and often shared (an untrusted folder stops every
	// settings hook): the tables refer to them by number, listed once below.
	var reasons []string
	note := func(reason string) int {
		for i, r := range reasons {
			if r == reason {
				return i + 1
			}
		}
		reasons = append(reasons, reason)
		return len(reasons)
	}
	for _, ev := range r.EventOrder() {
		o.printf("\n%s\n", o.bold(ev))
		rows = nil
		for _, h := range r.Hooks {
			if h.Event != ev {
				continue
			}
			status := o.green("active")
			if !h.Active {
				status = o.yellow(fmt.Sprintf("inactive [%d]", note(h.Reason)))
			}
			seq := "no"
			if h.Sequential {
				seq = "yes"
			}
			rows = append(rows, []string{h.ID, strconv.Itoa(h.Line), orDash(h.Matcher), hookLabel(h),
				config.FormatNumber(float64(h.Timeout)) + " ms", seq, status})
		}
		o.table("  ", []string{"ID", "LINE", "MATCHER", "HOOK", "TIMEOUT", "SEQUENTIAL", "STATUS"}, rows)
	}
	if len(reasons) > 0 {
		o.printf("\n%s\n", o.bold("Why hooks do not run"))
		for i, r := range reasons {
			o.printf("  [%d] %s\n", i+1, r)
		}
	}
	if len(r.Hooks) == 0 {
		o.printf("\nNo hooks are configured in any layer.\n")
	}
	if len(problems) > 0 {
		o.printf("\n%s\n", o.bold("Problems"))
		printProblems(o, problems, "  ")
	}
	if plan != nil {
		printPlan(o, r, plan)
	}
}

func printProblems(o *out, problems []config.Problem, indent string) {
	for _, p := range problems {
		sev := string(p.Severity)
		switch p.Severity {
		case config.SevError:
			sev = o.red(sev)
		case config.SevWarning:
			sev = o.yellow(sev)
		}
		o.printf("%s%s:%d:%d: %s: %s [%s]\n", indent, o.short(p.Path), p.Line, p.Column, sev, p.Message, p.Code)
		if p.Hint != "" {
			o.printf("%s  hint: %s\n", indent, p.Hint)
		}
	}
}

func printPlan(o *out, r *merge.Result, p *merge.Plan) {
	ctx := ""
	switch {
	case p.Tool != "":
		ctx = " for tool " + p.Tool
	case p.Trigger != "":
		ctx = " for trigger " + p.Trigger
	}
	o.printf("\n%s\n", o.bold("Plan: "+p.Event+ctx))
	if !p.Runs {
		o.printf("  nothing runs: %s\n", p.Why)
		return
	}
	o.printf("  %d hook(s), %s\n", len(p.Run), p.Execution)
	var rows [][]string
	for i, h := range p.Run {
		rows = append(rows, []string{fmt.Sprintf("%d.", i+1), h.ID, hookLabel(h), config.FormatNumber(float64(h.Timeout)) + " ms"})
	}
	o.table("  ", nil, rows)
	for _, id := range p.Deduplicated {
		o.printf("  %s\n", o.dim("skipped "+id+": duplicate name:command of an earlier hook (Gemini keeps the first)"))
	}
}

func hookLabel(h *merge.Hook) string {
	cmd := h.Command
	if h.Type != "command" && h.Type != "" {
		cmd = h.Type + ": " + cmd
	}
	if h.Name != "" {
		return h.Name + " (" + cmd + ")"
	}
	return cmd
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

func orNone(s string) string {
	if s == "" {
		return "none"
	}
	return s
}

func quoteAll(ss []string) []string {
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = fmt.Sprintf("%q", s)
	}
	return out
}
