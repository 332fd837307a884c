package cli

import (
	"context"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/urfave/cli/v3"

	"github.com/gh-hooks/gh-hooks/claudecompat"
	"github.com/gh-hooks/gh-hooks/config"
	"github.com/gh-hooks/gh-hooks/fingerprint"
	"github.com/gh-hooks/gh-hooks/gemini"
	"github.com/gh-hooks/gh-hooks/internal/shellword"
	"github.com/gh-hooks/gh-hooks/internal/suggest"
	"github.com/gh-hooks/gh-hooks/layers"
	"github.com/gh-hooks/gh-hooks/merge"
	"github.com/gh-hooks/gh-hooks/runner"
	"github.com/gh-hooks/gh-hooks/shellcmd"
	"github.com/gh-hooks/gh-hooks/validate"
)

type showOptions struct {
	*env
	JSON          bool
	Tool, Trigger string
	Ref           string
}

func showCommand(e *env) *cli.Command {
	o := &showOptions{env: e}
	return &cli.Command{
		Name:      "show",
		Usage:     "show one hook in full: fields, file:line, what it runs, trust, place in the plan",
		ArgsUsage: "ID|NAME",
		UsageText: "gh-hooks show (ID | NAME) [--tool NAME | --trigger T] [--json]",
		Description: "ID is a hook id as effective prints it (project/BeforeTool/0/1, extension:x/AfterTool/0/0);\n" +
			"NAME is a hook's name, or the command of a hook without one. When a name fits several hooks,\n" +
			"their ids are listed and nothing is shown.\n\n" +
			"Prints every field (as written, and as Gemini reads it after $VAR expansion), the file and\n" +
			"line, whether Gemini will run it and why not; what the command can start (programs,\n" +
			"scripts, sourced files, and what cannot be known without running it); for a migrated Claude\n" +
			"hook, the Claude hook inside the adapter; for a project hook, its fingerprint and approval\n" +
			"state (gh-hooks trust) and whether Gemini's trusted_hooks.json has its key; its position in\n" +
			"the execution plan of its event for each built-in tool or trigger it matches (or for --tool\n" +
			"or --trigger); and the problems validate reports for it.\n\n" +
			"--json prints one object: hook (the fields of effective --json), column, runs, claude,\n" +
			"fingerprint, plans and problems.",
		Flags: []cli.Flag{
			&choice{Name: "tool", Usage: "the plan position for this tool only (BeforeTool/AfterTool hooks)", Destination: &o.Tool, Config: func([]string) []string { return validate.BuiltinTools() }},
			&choice{Name: "trigger", Usage: "the plan position for this trigger only (SessionStart/SessionEnd/PreCompress hooks)", Destination: &o.Trigger, Config: triggers},
			&cli.BoolFlag{Name: "json", Usage: "print one JSON object", Destination: &o.JSON},
		},
		Action: func(_ context.Context, c *cli.Command) error {
			switch c.Args().Len() {
			case 0:
				return usageHint("gh-hooks effective lists the hooks with their ids", "show needs a hook id or name")
			case 1:
			default:
				return usageHint("see 'gh-hooks show --help'", "show takes one hook, got %d arguments", c.Args().Len())
			}
			o.Ref = c.Args().First()
			return runShow(o)
		},
	}
}

// showJSON is show --json.
type showJSON struct {
	Hook *merge.Hook `json:"hook"`
	// Column is the 1-based column of the hook object at Hook.Line.
	Column      int                `json:"column"`
	Runs        *shellcmd.Analysis `json:"runs,omitempty"`
	Claude      *claudeJSON        `json:"claude,omitempty"`
	Fingerprint *fingerprintJSON   `json:"fingerprint,omitempty"`
	Plans       []planPosition     `json:"plans"`
	Problems    []config.Problem   `json:"problems"`
	// DotEnv says what the project's .env changes for this hook: the
	// variables it loads into every hook's environment that change what
	// runs, and those that replaced a ${name} in its command (empty when
	// none).
	DotEnv []string `json:"dotenv"`
}

// claudeJSON is the Claude hook inside a claude-compat adapter command.
type claudeJSON struct {
	Event      string `json:"event"`
	Matcher    string `json:"matcher,omitempty"`
	PluginRoot string `json:"pluginRoot,omitempty"`
	Command    string `json:"command"`
}

// fingerprintJSON is a project hook's trust state. Status is approved, new
// or changed, or "" with Error when the audit could not be made.
type fingerprintJSON struct {
	Status      fingerprint.Status   `json:"status,omitempty"`
	Changes     []string             `json:"changes"`
	Fingerprint string               `json:"fingerprint,omitempty"`
	Gemini      string               `json:"gemini,omitempty"`
	Scripts     []fingerprint.Script `json:"scripts"`
	// NotCovered are what the hook can run that its fingerprint does not
	// cover (a file it writes and runs, eval, ...), as trust audit says.
	NotCovered         []string `json:"notCovered,omitempty"`
	AcceptedNotCovered bool     `json:"acceptedNotCovered,omitempty"`
	Error              string   `json:"error,omitempty"`
}

// planPosition is the hook's place in one execution plan of its event.
type planPosition struct {
	Tool    string `json:"tool,omitempty"`
	Trigger string `json:"trigger,omitempty"`
	// Position is 1-based among Of hooks; 0 when the hook does not run in
	// this plan (Why says why).
	Position  int    `json:"position"`
	Of        int    `json:"of"`
	Execution string `json:"execution,omitempty"`
	Why       string `json:"why,omitempty"`
}

func runShow(o *showOptions) error {
	r, err := loadProject(o.env)
	if err != nil {
		return err
	}
	h, err := findHook(r, o.Ref)
	if err != nil {
		return err
	}
	if err := checkShowContext(o.Stderr, h, o.Tool, o.Trigger); err != nil {
		return err
	}
	v := showJSON{Hook: h, Column: 1, Plans: planPositions(r, h, o.Tool, o.Trigger), Problems: hookProblems(validate.Check(r), h)}
	var findings []config.Problem
	if r.Set.Trust.Trusted {
		findings = r.Set.DotEnvFindings() // an untrusted folder's .env gives hooks API keys only
	}
	v.DotEnv = envUses(fingerprint.DotEnvUses(r.Set, findings)(h))
	if l := layerOf(r, h); l != nil && l.Doc != nil && h.Node != nil {
		_, v.Column = l.Doc.Position(h.Node.Offset)
	}
	if h.Type == "command" || h.Type == "plugin" {
		// What the hook sees: Gemini's variables (runner.HookVars, the
		// list run uses), then the hook's own env.
		vars := runner.ShellVars(r.Set.Paths.ProjectDir, r.Set.UserHome(),
			gemini.PlansDir(r.Set.Paths.Home, r.Set.Paths.ProjectDir, runSessionID), runSessionID, h.Env)
		v.Runs = shellcmd.Analyze(h.ExpandedCommand, shellcmd.Options{Dir: r.Set.Paths.ProjectDir, Vars: vars})
	}
	if w, ok := claudecompat.Unwrap(h.Command); ok {
		v.Claude = &claudeJSON{Event: w.Event, Matcher: w.Matcher, PluginRoot: w.PluginRoot, Command: w.Command}
	}
	if h.Layer == layers.Project && h.Type != "runtime" {
		v.Fingerprint = hookFingerprint(o.env, h)
	}
	if o.JSON {
		if err := writeJSON(o.Stdout, v); err != nil {
			return fail(err, "")
		}
	} else {
		printShow(newOut(o.env), r, &v)
	}
	// Gemini CLI would not start at all (a settings file it cannot parse,
	// say): "active" holds only once that is fixed; exit 1 as effective does.
	return fatalError(r)
}

// findHook resolves ref: a hook id, else a name, else the command of a
// nameless hook (the name hooksConfig.disabled matches). Several hooks of
// one name are an error that lists them.
func findHook(r *merge.Result, ref string) (*merge.Hook, error) {
	for _, h := range r.Hooks {
		if h.ID == ref {
			return h, nil
		}
	}
	var found []*merge.Hook
	for _, h := range r.Hooks {
		if h.Name == ref || h.Name == "" && h.DisableName == ref {
			found = append(found, h)
		}
	}
	switch len(found) {
	case 1:
		return found[0], nil
	case 0:
		var cands []string
		for _, h := range r.Hooks {
			cands = append(cands, h.ID)
			if h.Name != "" {
				cands = append(cands, h.Name)
			}
		}
		hint := hooksListHint
		if best := suggest.Closest(ref, cands); len(best) > 0 {
			hint = "did you mean '" + best[0] + "'?"
		} else if u := layers.UpperProject(r.Set); u != nil {
			// Run from a subdirectory, the project's hooks are not loaded (spec §1.1).
			return nil, fail(fmt.Errorf("%w, but %s above it has %s", noHook([]string{ref}, r.Set.Paths.ProjectDir), u.Path, count(u.Hooks, "hook")),
				"gh-hooks --project "+shellword.Quote(u.Dir)+" show "+shellword.Quote(ref))
		}
		return nil, fail(noHook([]string{ref}, ""), hint)
	}
	msg := lines{fmt.Sprintf("%d hooks are named %q; show one by its id:", len(found), ref)}
	for _, h := range found {
		msg = append(msg, fmt.Sprintf("  %s  %s:%d  %s", h.ID, h.Path, h.Line, hookLabel(h)))
	}
	return nil, fail(msg, "gh-hooks show "+found[0].ID)
}

// checkShowContext checks --tool and --trigger against the hook's event.
func checkShowContext(stderr io.Writer, h *merge.Hook, tool, trigger string) error {
	if tool == "" && trigger == "" {
		return nil
	}
	if tool != "" && trigger != "" {
		return usageError("give --tool or --trigger, not both")
	}
	if !merge.IsEvent(h.Event) {
		return usageHint("gh-hooks show "+shellword.Quote(h.ID)+" (without --tool or --trigger) says why", "%s is under %q, an event Gemini does not know: Gemini never fires it, so it has no plan", h.ID, h.Event)
	}
	switch merge.ContextOf(h.Event) {
	case merge.ToolContext:
		if trigger != "" {
			return usageError("%s is a hook of %s: Gemini plans it for a tool; use --tool", h.ID, h.Event)
		}
		// A Claude Code tool name is a warning, as in effective and run.
		warnTool(stderr, tool)
	case merge.TriggerContext:
		if tool != "" {
			return usageError("%s is a hook of %s: Gemini plans it for a trigger; use --trigger (%s)", h.ID, h.Event, strings.Join(merge.Triggers[h.Event], ", "))
		}
	default:
		if h.Event == "Notification" && tool != "" {
			// As in effective: --tool chooses only run's payload (checkNotificationTool).
			return usageHint("gh-hooks run --event Notification --tool "+shellword.Quote(tool)+" sends the payload of that tool's confirmation",
				"%s is a hook of Notification: Gemini fires Notification without a tool or trigger, so the hook runs whatever the tool", h.ID)
		}
		return usageError("%s is a hook of %s: Gemini fires %s without a tool or trigger", h.ID, h.Event, h.Event)
	}
	return nil
}

// planPositions is the hook's place in the plans of its event that it can
// be part of: for each of Gemini's built-in tools (tool events) or
// triggers (trigger events) that its matcher selects, or the one plan of
// an event without context; tool or trigger narrows to one context.
func planPositions(r *merge.Result, h *merge.Hook, tool, trigger string) []planPosition {
	out := []planPosition{}
	if !merge.IsEvent(h.Event) {
		return out
	}
	var contexts []planPosition
	switch merge.ContextOf(h.Event) {
	case merge.ToolContext:
		tools := validate.GeminiTools()
		if tool != "" {
			tools = []string{tool}
		}
		for _, t := range tools {
			contexts = append(contexts, planPosition{Tool: t})
		}
	case merge.TriggerContext:
		triggers := merge.Triggers[h.Event]
		if trigger != "" {
			triggers = []string{trigger}
		}
		for _, t := range triggers {
			contexts = append(contexts, planPosition{Trigger: t})
		}
	default:
		contexts = []planPosition{{}}
	}
	if !h.Active {
		c := planPosition{Tool: tool, Trigger: trigger, Why: "not active: " + h.Reason}
		return append(out, c)
	}
	explicit := tool != "" || trigger != ""
	for _, c := range contexts {
		p := r.Plan(h.Event, c.Tool, c.Trigger)
		c.Of = len(p.Hooks)
		c.Execution = p.Execution
		switch {
		case slices.Contains(p.Hooks, h.ID):
			c.Position = slices.Index(p.Hooks, h.ID) + 1
		case slices.Contains(p.Deduplicated, h.ID):
			c.Why = "dropped as a duplicate: an earlier hook of the plan has the same name:command key " + h.Key
		case !slices.Contains(p.Candidates, h.ID) || p.Error != "":
			c.Why = p.Why
		default:
			c.Why = "the matcher does not select this " + contextName(c)
			if !explicit {
				continue // only the contexts the hook is part of
			}
		}
		out = append(out, c)
	}
	return out
}

func contextName(c planPosition) string {
	if c.Trigger != "" {
		return "trigger"
	}
	return "tool"
}

// hookProblems are the problems that validate reports inside the hook
// object or on its definition's matcher and sequential.
func hookProblems(all []config.Problem, h *merge.Hook) []config.Problem {
	def := h.Pointer
	if i := strings.LastIndex(def, "/hooks/"); i >= 0 {
		def = def[:i]
	}
	out := []config.Problem{}
	for _, p := range all {
		if p.Path != h.Path {
			continue
		}
		if p.Pointer == h.Pointer || strings.HasPrefix(p.Pointer, h.Pointer+"/") ||
			p.Pointer == def+"/matcher" || p.Pointer == def+"/sequential" {
			out = append(out, p)
		}
	}
	return out
}

// hookFingerprint audits the project hooks and returns h's state.
func hookFingerprint(e *env, h *merge.Hook) *fingerprintJSON {
	t, err := loadTrust(e)
	if err != nil {
		return &fingerprintJSON{Changes: []string{}, Scripts: []fingerprint.Script{}, Error: err.Error()}
	}
	rep, err := fingerprint.Audit(t.opts())
	if err != nil {
		return &fingerprintJSON{Changes: []string{}, Scripts: []fingerprint.Script{}, Error: err.Error()}
	}
	for _, hr := range rep.Hooks {
		if hr.ID == h.ID {
			return &fingerprintJSON{Status: hr.Status, Changes: nonNil(hr.Changes), Fingerprint: hr.Fingerprint, Gemini: hr.Gemini, Scripts: nonNil(hr.Scripts),
				NotCovered: hr.NotCovered, AcceptedNotCovered: hr.AcceptedNotCovered}
		}
	}
	return &fingerprintJSON{Changes: []string{}, Scripts: []fingerprint.Script{}, Error: "the trust audit does not list this hook"}
}

// layerOf is the layer a hook comes from.
func layerOf(r *merge.Result, h *merge.Hook) *layers.Layer {
	for _, l := range r.Set.Layers {
		if l.Path == h.Path && l.Doc != nil {
			return l
		}
	}
	return nil
}

// printShow prints show's report: the hook's fields, then the Claude hook
// inside, what it runs, its trust, its plans and its problems.
func printShow(o *out, r *merge.Result, v *showJSON) {
	h := v.Hook
	status := o.green("active: Gemini registers it and considers it for " + h.Event)
	if !h.Active {
		status = o.yellow("inactive: " + h.Reason)
	} else if _, fatal := fatalProblem(r); fatal {
		status = o.red("active once Gemini CLI starts: it will not start with these settings (see the error below)")
	}
	o.printf("%s\n", o.bold(h.ID))
	rows := [][]any{
		{"status", status},
		{"event", h.Event},
		{"layer", h.Layer},
	}
	if h.Extension != "" {
		rows = append(rows, []any{"extension", h.Extension})
	}
	rows = append(rows,
		[]any{"file", fmt.Sprintf("%s:%d:%d", o.short(h.Path), h.Line, v.Column)},
		[]any{"pointer", h.Pointer},
		[]any{"name", orDash(h.Name)},
		[]any{"type", orDash(h.Type)},
		[]any{"command", h.Command},
	)
	if h.ExpandedCommand != h.Command {
		rows = append(rows, []any{"expanded", h.ExpandedCommand})
	}
	if len(v.DotEnv) > 0 {
		rows = append(rows, []any{".env", "changes what this hook runs: " + strings.Join(v.DotEnv, "; ")})
	}
	matcher := orDash(h.Matcher)
	if h.MatcherNode != nil && !h.MatcherNode.IsString() {
		matcher = h.MatcherNode.Text() + " (" + h.MatcherNode.Kind.String() + ")"
	}
	rows = append(rows, []any{"matcher", matcher})
	seq := "false"
	if h.Sequential {
		seq = "true"
	}
	timeout := ms(float64(h.Timeout))
	if h.TimeoutNode == nil {
		timeout += " (Gemini's default)"
	}
	rows = append(rows, []any{"sequential", seq}, []any{"timeout", timeout})
	for _, k := range h.EnvKeys {
		rows = append(rows, []any{"env", k + "=" + h.Env[k]})
	}
	if h.Description != "" {
		rows = append(rows, []any{"description", h.Description})
	}
	rows = append(rows, []any{"key", h.Key}, []any{"disable name", h.DisableName})
	o.fields("  ", rows)
	if sus := fingerprint.Suspicious(*h); len(sus) > 0 {
		o.printf("%s\n", o.fit(sprintf("  %s %s: what a terminal shows is not what runs", o.red("suspicious:"), suspiciousText(sus)), 4))
	}

	printShowClaude(o, v.Claude)
	printShowRuns(o, v.Runs)
	printShowTrust(o, h, v.Fingerprint)
	printShowPlan(o, h, v.Plans)
	if len(v.Problems) > 0 {
		o.printf("\n%s\n", o.bold("Problems"))
		printProblems(o, v.Problems, "  ")
	}
}

// printShowClaude prints the Claude hook a migrated hook runs (nil: none).
func printShowClaude(o *out, c *claudeJSON) {
	if c == nil {
		return
	}
	o.printf("\n%s\n", o.bold("Claude hook (run by gh-hooks claude-compat)"))
	rows := [][]any{{"event", c.Event}}
	if c.Matcher != "" {
		rows = append(rows, []any{"matcher", c.Matcher})
	}
	if c.PluginRoot != "" {
		rows = append(rows, []any{"plugin root", c.PluginRoot})
	}
	rows = append(rows, []any{"command", c.Command})
	o.fields("  ", rows)
}

// printShowRuns prints what the command starts (nil: not a command hook).
func printShowRuns(o *out, a *shellcmd.Analysis) {
	if a == nil {
		return
	}
	o.printf("\n%s\n", o.bold("Runs"))
	var rows [][]any
	if a.SyntaxError != "" {
		rows = append(rows, []any{"syntax error", o.red(a.SyntaxError + ": bash runs nothing")})
	}
	// Builtins run inside bash: one line, after what they start (exec
	// and command are listed by the program they run).
	var builtins []string
	for _, p := range a.Programs {
		switch {
		case p.Path != "": // a program given by path is listed with the files
		case shellcmd.IsBuiltin(p.Name):
			builtins = append(builtins, p.Name)
		case p.Package:
			rows = append(rows, []any{"program", p.Name, "a package's program: its runner (npx, uvx, ...) finds or fetches it"})
		default:
			rows = append(rows, []any{"program", p.Name, "by name: looked up on PATH"})
		}
	}
	for _, f := range a.Files {
		rows = append(rows, []any{string(f.Role), f.Word, o.short(orDash(f.Path))})
	}
	if len(builtins) > 0 {
		rows = append(rows, []any{"builtins", strings.Join(builtins, " "), "run inside bash"})
	}
	for _, u := range a.Unknown {
		rows = append(rows, []any{"unknown", u, "review by hand"})
	}
	if len(rows) == 0 {
		rows = append(rows, []any{"nothing", "the command starts no program"})
	}
	o.table("  ", nil, rows)
}

// printShowTrust prints the project hook's approval (nil: not a project
// hook).
func printShowTrust(o *out, h *merge.Hook, f *fingerprintJSON) {
	if f == nil {
		return
	}
	o.printf("\n%s\n", o.bold("Trust (gh-hooks trust)"))
	if f.Error != "" {
		o.printf("  %s\n", o.yellow("unknown: "+f.Error))
	} else {
		state := o.green(string(f.Status))
		switch f.Status {
		case fingerprint.New:
			state = o.red("new: not approved; gh-hooks trust approve " + h.ID)
		case fingerprint.Changed:
			state = o.yellow("changed since approval: " + strings.Join(f.Changes, ", "))
		}
		rows := [][]any{{"state", state}, {"fingerprint", f.Fingerprint}, {"gemini", f.Gemini + " (trusted_hooks.json)"}}
		for _, s := range f.Scripts {
			st := string(s.State)
			if s.State == fingerprint.ScriptOK {
				st = "sha256:" + s.SHA256[:12]
			}
			rows = append(rows, []any{"script", scriptLabel(s) + " " + st})
		}
		for _, n := range f.NotCovered {
			var how any = o.yellow("review by hand, then gh-hooks trust approve --accept-not-covered " + h.ID)
			if f.AcceptedNotCovered {
				how = "accepted"
			}
			rows = append(rows, []any{"not covered", n, how})
		}
		o.fields("  ", rows)
	}
}

// printShowPlan prints the plans the hook is in, contexts with the same
// outcome on one line.
func printShowPlan(o *out, h *merge.Hook, plans []planPosition) {
	o.printf("\n%s\n", o.bold("Plan"))
	if len(plans) == 0 {
		switch {
		case !merge.IsEvent(h.Event):
			o.printf("  in no plan: Gemini does not know the event %s\n", h.Event)
		case merge.ContextOf(h.Event) == merge.ToolContext:
			o.printf("  the matcher selects none of Gemini's built-in tools (an MCP tool may match: see --tool)\n")
		default:
			o.printf("  the matcher selects none of %s's triggers\n", h.Event)
		}
	}
	// Contexts with the same outcome share a line.
	type group struct {
		what  string
		names []string
	}
	var groups []*group
	for _, p := range plans {
		what := "not run: " + p.Why
		if p.Position > 0 {
			what = fmt.Sprintf("%d of %d, %s", p.Position, p.Of, p.Execution)
		}
		name := p.Tool + p.Trigger
		i := slices.IndexFunc(groups, func(g *group) bool { return g.what == what })
		if i < 0 {
			groups = append(groups, &group{what: what})
			i = len(groups) - 1
		}
		if name != "" {
			groups[i].names = append(groups[i].names, name)
		}
	}
	// The catch-all group of many tools reads best last.
	slices.SortStableFunc(groups, func(a, b *group) int { return cmpBool(len(a.names) > 6, len(b.names) > 6) })
	all := len(merge.Triggers[h.Event])
	if merge.ContextOf(h.Event) == merge.ToolContext {
		all = len(validate.GeminiTools())
	}
	var rows [][]any
	for _, g := range groups {
		ctx := h.Event
		switch {
		case len(g.names) == all && all > 1:
			ctx += " (every built-in " + contextName(plans[0]) + ")"
		case len(g.names) > 6: // --json lists them
			ctx += fmt.Sprintf(" (the %d other built-in tools)", len(g.names))
		case len(g.names) > 0:
			ctx += " " + strings.Join(g.names, ", ")
		}
		rows = append(rows, []any{ctx, g.what})
	}
	o.table("  ", nil, rows)
}

// cmpBool orders false before true.
func cmpBool(a, b bool) int {
	switch {
	case a == b:
		return 0
	case a:
		return 1
	}
	return -1
}
