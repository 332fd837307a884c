package cli

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/urfave/cli/v3"

	"github.com/gh-hooks/gh-hooks/config"
	"github.com/gh-hooks/gh-hooks/fingerprint"
	"github.com/gh-hooks/gh-hooks/gemini"
	"github.com/gh-hooks/gh-hooks/internal/shellword"
	"github.com/gh-hooks/gh-hooks/layers"
	"github.com/gh-hooks/gh-hooks/merge"
	"github.com/gh-hooks/gh-hooks/validate"
)

type doctorOptions struct {
	*env
	JSON bool
}

func doctorCommand(e *env) *cli.Command {
	o := &doctorOptions{env: e}
	return &cli.Command{
		Name:      "doctor",
		Usage:     "answer \"why don't my hooks run?\" on one screen, with the fix for each problem",
		UsageText: "gh-hooks doctor [--json]",
		Description: "Reports the Gemini CLI that gh-hooks models (the version, from GH_HOOKS_GEMINI_VERSION or\n" +
			"the gemini on PATH, and where it was found), whether hooks are enabled and by which setting\n" +
			"of which layer, the folder's trust and why, each layer's file and whether Gemini loads it,\n" +
			"hook commands whose program is not on PATH, migrated Claude hooks whose adapter is missing\n" +
			"(a hook that can block then blocks), hooks whose script speaks Claude Code's protocol without\n" +
			"the adapter (claude-protocol: they do not do their job under Gemini), and project hooks that\n" +
			"are not approved (gh-hooks trust audit). Each problem comes with the command or edit that\n" +
			"fixes it. Exits 0 when nothing is wrong, 3 otherwise; a Gemini CLI\n" +
			"outside the modelled releases (0.47 to 0.61) or none on PATH is reported, not a failure.",
		Flags: []cli.Flag{
			&cli.BoolFlag{Name: "json", Usage: "print one JSON object", Destination: &o.JSON},
		},
		Action: func(_ context.Context, c *cli.Command) error {
			if err := noArgs(c); err != nil {
				return err
			}
			return runDoctor(o)
		},
	}
}

// doctorJSON is `doctor --json`.
type doctorJSON struct {
	Project     string          `json:"project"`
	Home        string          `json:"home"`
	Gemini      *gemini.Install `json:"gemini"`
	Hooks       doctorHooks     `json:"hooks"`
	FolderTrust layers.Trust    `json:"folderTrust"`
	Layers      []*layers.Layer `json:"layers"`
	// DotEnv is the .env Gemini loads into its environment.
	DotEnv   *layers.DotEnv  `json:"dotenv"`
	Problems []doctorProblem `json:"problems"`
	// OK is true when nothing is wrong (exit 0).
	OK bool `json:"ok"`
}

// doctorHooks says whether hooks are on, and what decided it.
type doctorHooks struct {
	Enabled bool `json:"enabled"`
	// Setting is the setting that decided ("hooksConfig.enabled"), Layer
	// and Path the file that set it ("" when Gemini's default decided).
	Setting string `json:"setting"`
	Layer   string `json:"layer"`
	Path    string `json:"path"`
	Line    int    `json:"line"`
	Why     string `json:"why"`
	// Configured counts the hooks of every layer, Active those Gemini
	// registers for their event, WillRun those of them that can run at
	// all: not the ones whose matcher never matches (the problems say
	// which), so that the count agrees with the findings.
	Configured int `json:"configured"`
	Active     int `json:"active"`
	WillRun    int `json:"willRun"`
}

// hookCounts is "7 configured, 1 will run", with the active hooks that
// never run counted apart: "3 configured, 2 will run (1 more is
// registered but its matcher never matches)".
func hookCounts(h doctorHooks) string {
	s := fmt.Sprintf("%d configured, %d will run", h.Configured, h.WillRun)
	if n := h.Active - h.WillRun; n == 1 {
		s += " (1 more is registered, but its matcher never matches)"
	} else if n > 1 {
		s += fmt.Sprintf(" (%d more are registered, but their matchers never match)", n)
	}
	return s
}

// neverRuns are the problem codes of an active hook that never runs: its
// matcher can never equal what Gemini fires the event with.
func neverRuns(s string) bool {
	switch s {
	case "trigger-matcher-regex", "unknown-trigger":
		return true
	}
	return false
}

// doctorProblem is one thing that stops hooks from running as written,
// with the command (or edit) that fixes it.
type doctorProblem struct {
	Severity config.Severity `json:"severity"`
	Code     string          `json:"code"`
	Message  string          `json:"message"`
	Path     string          `json:"path"`
	Line     int             `json:"line"`
	Column   int             `json:"column"`
	Hook     string          `json:"hook,omitempty"`
	Fix      string          `json:"fix"`
}

// doctorCodes are the validate problems doctor shows: what stops a hook
// from running (Gemini skips or discards it, its matcher never matches,
// its file is ignored) or makes every run fail or time out at once. The
// rest is validate's.
func doctorCodes(s string) bool {
	switch s {
	case validate.CodeProgramNotFound, validate.CodeAdapterNotFound, validate.CodeClaudeProtocol,
		validate.CodeHooksSwitch, validate.CodeHooksUnsupported, validate.CodeVersionNotModelled,
		"script-missing", "script-not-executable", "system-file-skipped",
		"project-enables-folder-trust", "unknown-event", "unknown-type", "missing-type", "claude-hook-type",
		"empty-command", "hook-invalid", "definition-invalid", "definition-no-hooks",
		"trigger-matcher-regex", "unknown-trigger", "matcher-not-string", "comment",
		"timeout-zero", "timeout-negative", "timeout-not-number", "timeout-too-large",
		"runtime-hook", "plugin-no-command",
		layers.CodeDotEnvWhere, layers.CodeDotEnvRuns, layers.CodeDotEnvExpansion,
		layers.CodeDotEnvUnread, layers.CodeDotEnvInexact:
		return true
	}
	return false
}

// doctorState is what doctor's checks read, and the report they add to.
type doctorState struct {
	o    *doctorOptions
	set  *layers.Set
	r    *merge.Result
	d    *doctorJSON
	flag string // "--project DIR " for hints, or ""
	at   hooksIndex
	// settingsHooks and projectHooks count the hooks of the settings
	// files and of the project file.
	settingsHooks, projectHooks int
}

// add adds a problem to the report.
func (s *doctorState) add(p doctorProblem) { s.d.Problems = append(s.d.Problems, p) }

// doctorCheck is one of doctor's checks (chezmoi's doctor keeps its checks
// as such a list): it adds the problems it finds, in this order within a
// severity.
type doctorCheck struct {
	name string
	run  func(s *doctorState) error
}

// doctorChecks are doctor's checks, in the order they report.
var doctorChecks = []doctorCheck{
	{"gemini-starts", checkStarts},
	{"hooks-enabled", checkEnabled},
	{"folder-trusted", checkTrusted},
	{"inherited-env", checkInherited},
	{"validate", checkValidate},
	{"project-above", checkAbove},
	{"project-approved", checkApproved},
}

func runDoctor(o *doctorOptions) error {
	dir, err := o.physicalDir(o.project)
	if err != nil {
		return err
	}
	set, err := o.loadLayers(dir)
	if err != nil {
		return err
	}
	r := merge.Merge(set)
	d := doctorJSON{Project: set.Paths.ProjectDir, Home: set.Paths.Home, Gemini: set.Gemini, FolderTrust: set.Trust,
		Layers: set.Layers, DotEnv: set.DotEnv, Problems: []doctorProblem{}}
	s := &doctorState{o: o, set: set, r: r, d: &d, at: indexHooks(r)}
	if o.project != "" {
		s.flag = "--project " + shellword.Quote(o.project) + " "
	}
	d.Hooks = hooksState(r)
	for _, h := range r.Hooks {
		if h.Active {
			d.Hooks.Active++
		}
		if h.Layer != layers.Extension {
			s.settingsHooks++
		}
		if h.Layer == layers.Project {
			s.projectHooks++
		}
	}
	d.Hooks.Configured = len(r.Hooks)
	for _, c := range doctorChecks {
		if err := c.run(s); err != nil {
			return err
		}
	}
	// Most severe first, in the order found within a severity.
	rank := map[config.Severity]int{config.SevError: 0, config.SevWarning: 1, config.SevInfo: 2}
	sort.SliceStable(d.Problems, func(i, j int) bool { return rank[d.Problems[i].Severity] < rank[d.Problems[j].Severity] })
	d.Problems = reviewBeforeTrust(d.Problems, s.flag)
	d.OK = true
	for _, p := range d.Problems {
		// Information only: the modelled version, the user's own
		// environment pointing into the project.
		if p.Code != validate.CodeVersionNotModelled && p.Code != layers.CodeInheritedEnv {
			d.OK = false
		}
	}
	if o.JSON {
		if err := writeJSON(o.Stdout, d); err != nil {
			return fail(err, "")
		}
	} else {
		printDoctor(newOut(o.env), &d)
	}
	if !d.OK {
		return checkFailed
	}
	return nil
}

// checkStarts: Gemini refuses to start or crashes, and nothing runs at
// all.
func checkStarts(s *doctorState) error {
	for _, p := range s.set.Fatals {
		s.add(doctorProblem{Severity: config.SevError, Code: p.Code, Message: p.Message, Path: p.Path, Line: p.Line, Column: p.Column,
			Fix: firstNonEmpty(p.Hint, "fix the file, then run gh-hooks "+s.flag+"validate")})
	}
	if s.r.Crash != "" {
		s.add(doctorProblem{Severity: config.SevError, Code: "gemini-crashes", Message: s.r.Crash,
			Fix: "gh-hooks " + s.flag + "validate (it names the setting that crashes Gemini)"})
	}
	return nil
}

// checkEnabled: a layer turns hooks off.
func checkEnabled(s *doctorState) error {
	d, r := s.d, s.r
	if !d.Hooks.Enabled && len(r.Hooks) > 0 && r.Crash == "" {
		fix := "set \"hooksConfig\": {\"enabled\": true} in " + d.Hooks.Path + ", or remove the setting"
		if d.Hooks.Path == "" {
			fix = "set \"hooksConfig\": {\"enabled\": true} in " + s.set.Paths.User
		}
		s.add(doctorProblem{Severity: config.SevError, Code: "hooks-disabled", Message: "hooks are disabled: " + d.Hooks.Why,
			Path: d.Hooks.Path, Line: d.Hooks.Line, Column: 1, Fix: fix})
	}
	return nil
}

// checkTrusted: an untrusted folder runs no settings hook.
func checkTrusted(s *doctorState) error {
	set := s.set
	if set.Trust.Enabled && !set.Trust.Trusted && s.settingsHooks > 0 {
		s.add(doctorProblem{Severity: config.SevError, Code: "folder-untrusted",
			Message: "the folder is not trusted (" + set.Trust.Why + "): Gemini runs no settings hook here, not even user hooks, and leaves the project file out",
			Path:    set.Paths.TrustedFolders, Fix: trustFix(set)})
	}
	return nil
}

// checkInherited: the user's own environment points into the project
// (issue 30 §6), and every hook inherits it: information.
func checkInherited(s *doctorState) error {
	dir := s.set.Paths.ProjectDir
	for _, p := range layers.InheritedProblems(dir, layers.InheritedInProject(dir, s.set.Paths.Home, s.o.environ())) {
		s.add(doctorProblem{Severity: p.Severity, Code: p.Code, Message: p.Message, Fix: p.Hint})
	}
	return nil
}

// checkValidate: validate's problems that stop a hook from running, and
// the count of hooks that will run (an active hook whose matcher never
// matches does not).
func checkValidate(s *doctorState) error {
	var never [][2]string // path and definition pointer of matchers that never match
	for _, p := range validate.Check(s.r) {
		if !doctorCodes(p.Code) || p.Severity == config.SevInfo && p.Code != validate.CodeVersionNotModelled {
			continue
		}
		s.add(doctorProblem{Severity: p.Severity, Code: p.Code, Message: p.Message, Path: p.Path, Line: p.Line, Column: p.Column,
			Hook: s.at.hookAt(p), Fix: p.Hint})
		if neverRuns(p.Code) {
			// A matcher's problem is its definition's: every hook of it.
			never = append(never, [2]string{p.Path, strings.TrimSuffix(p.Pointer, "/matcher") + "/"})
		}
	}
	for _, h := range s.r.Hooks {
		if h.Active && !slices.ContainsFunc(never, func(n [2]string) bool { return h.Path == n[0] && strings.HasPrefix(h.Pointer, n[1]) }) {
			s.d.Hooks.WillRun++
		}
	}
	return nil
}

// checkAbove: started in a subdirectory, Gemini loads none of the
// project's hooks (spec §1.1): that is the answer to "why don't my hooks
// run?".
func checkAbove(s *doctorState) error {
	set := s.set
	if u := layers.UpperProject(set); u != nil {
		s.add(doctorProblem{Severity: config.SevWarning, Code: "project-above",
			Message: fmt.Sprintf("%s has no project hooks, but %s above it has %s: Gemini runs them only when started in %s (it does not look above its working directory)",
				set.Paths.ProjectDir, u.Path, count(u.Hooks, "hook"), u.Dir),
			Path: u.Path, Fix: "start gemini in " + shellword.Quote(u.Dir) + ", and check it with gh-hooks --project " + shellword.Quote(u.Dir) + " doctor"})
	}
	return nil
}

// checkApproved: project hooks that gh-hooks has not approved (or that
// changed), and the project switching off the user's own hooks until the
// user acknowledges it (issue 24 §3).
func checkApproved(s *doctorState) error {
	set, r, flag := s.set, s.r, s.flag
	if (s.projectHooks == 0 && len(merge.ProjectDisables(r)) == 0) || set.Fatal() {
		return nil
	}
	t, err := loadTrust(s.o.env)
	if err != nil {
		return err
	}
	rep, err := fingerprint.Audit(t.opts())
	if err != nil {
		return storeError(err)
	}
	for _, dp := range t.disables {
		if slices.ContainsFunc(rep.Disables, func(x fingerprint.DisableReport) bool { return x.Entry == dp.Entry && !x.Acknowledged }) {
			s.add(doctorProblem{Severity: config.SevWarning, Code: "disabled-by-project", Message: validate.ProjectDisableMessage(dp),
				Path: dp.Path, Line: dp.Line, Column: dp.Column, Fix: validate.ProjectDisableHint(dp)})
		}
	}
	for _, h := range rep.Hooks {
		if h.Status == fingerprint.Approved {
			continue
		}
		msg := "project hook " + h.ID + " (" + label(h.Name, h.Command) + ") is new: no approval matches it, and Gemini runs it without asking in a trusted folder"
		if h.Status == fingerprint.Changed {
			msg = "project hook " + h.ID + " (" + label(h.Name, h.Command) + ") changed since it was approved: " + strings.Join(h.Changes, ", ")
		}
		name := h.Name
		if name == "" {
			name = h.ID
		}
		p := doctorProblem{Severity: config.SevWarning, Code: "hook-" + string(h.Status), Message: msg, Path: set.Paths.Project, Hook: h.ID,
			Fix: "gh-hooks " + flag + "trust audit, then gh-hooks " + flag + "trust approve " + shellword.Quote(name)}
		// The hook's own line and column, so that the message is path:line:col like every other.
		if i, ok := s.at.byID[[2]string{p.Path, h.ID}]; ok {
			mh := r.Hooks[i]
			p.Line, p.Column = mh.Line, 1
			if l := layerOf(r, mh); l != nil && l.Doc != nil && mh.Node != nil {
				_, p.Column = l.Doc.Position(mh.Node.Offset)
			}
		}
		s.add(p)
	}
	return nil
}

// hooksState says whether hooks are on and which setting of which layer
// decided (merge.Result.EnabledBy; spec §3.3).
func hooksState(r *merge.Result) doctorHooks {
	h := doctorHooks{Enabled: r.HooksEnabled && r.Crash == "", Setting: "hooksConfig.enabled"}
	by := r.EnabledBy
	if by == nil {
		h.Why = "no layer sets hooksConfig.enabled, and Gemini's default is on"
		if !h.Enabled {
			h.Why = "no layer sets hooksConfig.enabled"
		}
		return h
	}
	h.Layer, h.Path = by.ID(), by.Path
	if by.Doc != nil {
		if n := by.Doc.Root.Lookup("/hooksConfig/enabled"); n != nil {
			h.Line, _ = by.Doc.Position(n.Offset)
		} else if n := by.Doc.Root.Lookup("/hooksConfig"); n != nil {
			h.Line, _ = by.Doc.Position(n.Offset)
		}
	}
	v := "is on"
	if !h.Enabled {
		v = "turns them off"
	}
	h.Why = fmt.Sprintf("hooksConfig.enabled in the %s file %s (the highest layer that sets it wins)", by.ID(), v)
	return h
}

// trustFix is the exact step that makes Gemini trust the folder.
func trustFix(set *layers.Set) string {
	t := set.Trust
	switch {
	case t.DotEnv != "":
		return fmt.Sprintf("remove %s from %s, or set it in the environment that starts gemini (Gemini keeps a variable already set, even empty)", t.DotEnv, set.DotEnv.Path)
	case t.Source == "env" && t.Var == "GEMINI_RESTRICTED_MODE":
		return "unset GEMINI_RESTRICTED_MODE"
	case t.Source == "env":
		return "unset GEMINI_CLI_TRUST_WORKSPACE (or export GEMINI_CLI_TRUST_WORKSPACE=true)"
	case t.Rule != "":
		return fmt.Sprintf("change the rule %q in %s to \"TRUST_FOLDER\", or run gemini in %s and trust the folder (/permissions)", t.Rule, set.Paths.TrustedFolders, set.Paths.ProjectDir)
	}
	return fmt.Sprintf("cd %s && gemini, and answer \"Trust folder\" (or add %q: \"TRUST_FOLDER\" to %s)",
		shellword.Quote(set.Paths.ProjectDir), set.Paths.ProjectDir, set.Paths.TrustedFolders)
}

// hookAt is the id of the hook a problem points into ("" for none).
// hooksIndex finds r's hooks by file and JSON pointer, and by file and ID.
// Doctor scanned every hook for each problem and each unapproved hook: 50,000
// hooks took it over 30 s; with the index, a lookup per problem.
type hooksIndex struct {
	r       *merge.Result
	pointer map[[2]string]int // file, pointer -> first hook there
	byID    map[[2]string]int // file, ID -> last hook with it (as the scan kept)
}

func indexHooks(r *merge.Result) hooksIndex {
	x := hooksIndex{r, make(map[[2]string]int, len(r.Hooks)), make(map[[2]string]int, len(r.Hooks))}
	for i, h := range r.Hooks {
		if _, ok := x.pointer[[2]string{h.Path, h.Pointer}]; !ok {
			x.pointer[[2]string{h.Path, h.Pointer}] = i
		}
		x.byID[[2]string{h.Path, h.ID}] = i
	}
	return x
}

// hookAt is the ID of the first hook whose pointer is p's or a parent of
// it, in p's file.
func (x hooksIndex) hookAt(p config.Problem) string {
	best := -1
	for ptr := p.Pointer; ; {
		if i, ok := x.pointer[[2]string{p.Path, ptr}]; ok && (best < 0 || i < best) {
			best = i
		}
		j := strings.LastIndexByte(ptr, '/')
		if j < 0 {
			break
		}
		ptr = ptr[:j]
	}
	if best < 0 {
		return ""
	}
	return x.r.Hooks[best].ID
}

func printDoctor(o *out, d *doctorJSON) {
	in := d.Gemini
	var gem string
	switch {
	case in.Source == "override":
		gem = "Gemini CLI " + in.Version + " (set by " + gemini.OverrideEnv + ")"
	case in.Found:
		gem = fmt.Sprintf("Gemini CLI %s (%s install) at %s, read from %s", in.Version, in.Install, o.short(in.Command), o.short(in.PackageJSON))
	default:
		gem = "not found (" + in.Warning + ")"
	}
	var rules any = "gh-hooks applies the " + in.Rules + " rules"
	if !in.Modelled {
		rules = o.yellow(in.Warning)
	}
	hooks := o.green("enabled")
	if !d.Hooks.Enabled {
		hooks = o.red("disabled")
	}
	trust := o.green("trusted")
	if !d.FolderTrust.Trusted {
		trust = o.red("NOT trusted")
	}
	head := [][]any{{o.bold("gemini"), gem}}
	if in.Found || in.Source == "override" || !in.Modelled {
		// "not found" already says which rules apply.
		head = append(head, []any{"", rules})
	}
	o.table("", nil, append(head, [][]any{
		{o.bold("project"), o.short(d.Project)},
		{o.bold("hooks"), sprintf("%s: %s", hooks, d.Hooks.Why)},
		{"", hookCounts(d.Hooks)},
		{o.bold("folder"), sprintf("%s (%s)", trust, d.FolderTrust.Why)},
	}...))
	o.printf("\n%s\n", o.bold("Layers"))
	printLayers(o, d.Layers, d.DotEnv)
	if d.OK {
		o.printf("\nNothing is wrong: Gemini runs the %d active hook(s) as configured.\n", d.Hooks.WillRun)
		for _, p := range d.Problems {
			if p.Code == layers.CodeInheritedEnv {
				o.para(6, "  %s: %s [%s]", o.severity(p.Severity), p.Message, p.Code)
				o.para(9, "    fix: %s", p.Fix)
			}
		}
		return
	}
	o.printf("\n%s\n", o.bold("Problems"))
	n := 0
	for _, p := range d.Problems {
		if p.Code == validate.CodeVersionNotModelled {
			continue // the gemini line above says it
		}
		sev := o.severity(p.Severity)
		where := ""
		if p.Path != "" && p.Line > 0 {
			where = fmt.Sprintf("%s:%d:%d: ", o.short(p.Path), p.Line, p.Column)
		}
		o.para(6, "  %s%s: %s [%s]", where, sev, p.Message, p.Code)
		if p.Fix != "" {
			o.para(9, "    fix: %s", p.Fix)
		}
		n++
	}
	o.printf("\n%s\n", count(n, "problem"))
}

// reviewBeforeTrust orders a fresh clone's steps as they must be taken:
// trusting the folder lets Gemini run its project hooks, so the unreviewed
// hooks (hook-new, hook-changed) come before folder-untrusted, whose fix
// then says to review them first.
func reviewBeforeTrust(ps []doctorProblem, flag string) []doctorProblem {
	at := slices.IndexFunc(ps, func(p doctorProblem) bool { return p.Code == "folder-untrusted" })
	if at < 0 {
		return ps
	}
	unreviewed := func(p doctorProblem) bool { return p.Code == "hook-new" || p.Code == "hook-changed" }
	if !slices.ContainsFunc(ps, unreviewed) {
		return ps
	}
	trust := ps[at]
	trust.Fix = "once the project hooks above are reviewed and approved (gh-hooks " + flag + "trust approve -i): " + trust.Fix
	rest := slices.Delete(slices.Clone(ps), at, at+1)
	last := 0
	for i, p := range rest {
		if unreviewed(p) {
			last = i + 1
		}
	}
	return slices.Insert(rest, last, trust)
}
