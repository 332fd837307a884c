package cli

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"slices"
	"strconv"
	"strings"

	"github.com/urfave/cli/v3"

	"github.com/gh-hooks/gh-hooks/config"
	"github.com/gh-hooks/gh-hooks/fingerprint"
	"github.com/gh-hooks/gh-hooks/gemini"
	"github.com/gh-hooks/gh-hooks/internal/shellword"
	"github.com/gh-hooks/gh-hooks/internal/table"
	"github.com/gh-hooks/gh-hooks/internal/visible"
	"github.com/gh-hooks/gh-hooks/layers"
	"github.com/gh-hooks/gh-hooks/merge"
	"github.com/gh-hooks/gh-hooks/validate"
)

func trustAuditCommand(e *env) *cli.Command {
	o := &trustOptions{env: e}
	return &cli.Command{
		Name:  "audit",
		Usage: "compare every project hook with its approval (exit 3 when any is new or changed)",
		UsageText: "gh-hooks trust audit [--format text|json|sarif|github | --json] [--ignore CODE]... [--quiet] [--diff] " +
			"[--baseline FILE] [--disable-unapproved [--dry-run]]",
		Description: "Lists the hooks of the project's .gemini/settings.json, also in an untrusted folder (exactly\n" +
			"the hooks to review before trusting it): each approved, new, or changed with what changed\n" +
			"(command, matcher, timeout, env, \"script ./x.sh\", ...), and whether Gemini's trusted_hooks.json\n" +
			"has its key. The fingerprint covers every project file the command can start, read as bash\n" +
			"reads it (cd, wrappers such as timeout, nice, xargs, env and exec, if and { }, redirections,\n" +
			"pipes into sh, sh -c, BASH_ENV=, PATH=./bin:...), and what those files load in turn: scripts a\n" +
			"script sources or runs, Python imports, Node requires and imports, package.json scripts,\n" +
			"Makefile includes and recipes, go run packages (docs/SECURITY.md lists them). The command and\n" +
			"env are read as written, so every user gets the same fingerprint. Files that are missing,\n" +
			"unreadable, not regular, too large or links out of the project are named, never read. A hook\n" +
			"needs attention, and the audit exits 3, while what it runs is not covered by its fingerprint\n" +
			"(eval of a variable, a program named by a variable, curl piped into a shell, a dynamic\n" +
			"require, ...) until trust approve --accept-not-covered ID accepts it, or while it holds\n" +
			"control, bidi or invisible characters (suspicious; shown escaped, as in all human output).\n\n" +
			"The variables Gemini loads from the project's .env are part of every project hook's\n" +
			"fingerprint (a changed value is a changed hook), and the audit exits 3 while that .env sets a\n" +
			"variable that changes what hooks run or where Gemini looks (codes dotenv-runs, dotenv-where,\n" +
			"dotenv-expansion, dotenv-unread): approving hooks does not accept them.\n\n" +
			"--diff shows what changed in each changed hook since its approval: command, matcher, env and a\n" +
			"unified diff of each script (against the copies kept in <home>/.gemini/gh-hooks/scripts, at\n" +
			"most 1 MiB a file and 64 MiB in all). A hook added under the name of an approval it shares no\n" +
			"command word or file with is new, and that stale approval is named. --json adds to each hook\n" +
			"notCovered (reasons), suspicious (fields) and staleApproval (a record), and to the report\n" +
			"attention (a count) and, with --diff, diffs (by hook id). --baseline FILE checks against a\n" +
			"committed baseline instead of your approvals (for CI).\n\n" +
			"--disable-unapproved adds the name of every new or changed hook to hooksConfig.disabled in\n" +
			"your user settings, so that Gemini skips them. Gemini matches that list by name in every\n" +
			"project, layer and extension: the entry disables every hook of that name everywhere until\n" +
			"you remove it (gh-hooks enable NAME --scope user).\n\n" +
			"In the sarif and github formats each finding is on the line of its hook in the project file:\n" +
			"hook-new and hook-changed are errors, script-unverified (a script missing, unreadable or not\n" +
			"located) and trust-check-skipped warnings. With --quiet the text format too prints only the new\n" +
			"and changed hooks, a path:line:col line each. The codes: " + strings.Join(fingerprint.AuditCodes(), ", ") + ".\n\n" +
			reportExitHelp("every project hook is approved (or in the baseline)", "a project hook is new or changed, or needs attention (after --ignore); or the\n"+
				"     directory has no project hooks but one above it has (Gemini does not look up)") + "\n\n" + trustProjectLine + "\n\n" +
			pipedHelp("the hooks as ID, NAME, COMMAND, GEMINI, STATUS (no GEMINI with --baseline)"),
		Flags: append(o.Report.flags("the description lists them", fingerprint.AuditCodes),
			&cli.BoolFlag{Name: "diff", Usage: "show what changed in each changed hook since its approval", Destination: &o.Diff},
			&cli.StringFlag{Name: "baseline", Usage: "check against this baseline `FILE` instead of gh-hooks' store", TakesFile: true, Destination: &o.Baseline},
			&cli.BoolFlag{Name: "disable-unapproved", Usage: "add unapproved hooks' names to the user layer's hooksConfig.disabled", Destination: &o.DisableUnapproved},
			&cli.BoolFlag{Name: "dry-run", Usage: "with --disable-unapproved: print the diff, write nothing", Destination: &o.DryRun},
		),
		Action: func(_ context.Context, c *cli.Command) error {
			if err := noArgs(c); err != nil {
				return err
			}
			return runTrustAudit(o)
		},
	}
}

// trustAuditJSON is the shape fixed by CONTRACT.md (project, store,
// geminiStore, hooks, unapproved) plus the folder trust, the baseline flag
// and, with --disable-unapproved, the names added.
type trustAuditJSON struct {
	*fingerprint.Report
	FolderTrust folderTrustJSON `json:"folderTrust"`
	Baseline    bool            `json:"baseline"`
	Disable     *disableJSON    `json:"disable,omitempty"`
	// Diffs are, with --diff, what changed in each changed hook (and each
	// new hook with a stale approval), by hook id.
	Diffs map[string]*fingerprint.Explanation `json:"diffs,omitempty"`
	// Gemini is the Gemini CLI modelled (gemini-versions.md §1.3).
	Gemini *gemini.Install `json:"gemini"`
	// DotEnv are the findings about the project's .env that make hooks
	// run what the repository chose (layers.Set.DotEnvFindings): the
	// audit fails while there is one.
	DotEnv []config.Problem `json:"dotenv"`
	// InheritedEnv are the variables of the environment gh-hooks (and so
	// a Gemini started from the same shell) runs in that point into the
	// project (layers.InheritedInProject): information.
	InheritedEnv []layers.InheritedVar `json:"inheritedEnv"`
}

type disableJSON struct {
	Path   string   `json:"path"`
	Add    []string `json:"add"`
	Shared []string `json:"shared"`
	Wrote  bool     `json:"wrote"`
}

func runTrustAudit(o *trustOptions) error {
	if err := o.Report.check(fingerprint.AuditCodes()); err != nil {
		return err
	}
	o.JSON = o.Report.Format == formatJSON
	if err := checkTrustAuditFlags(o); err != nil {
		return err
	}
	t, err := loadTrust(o.env)
	if err != nil {
		return err
	}
	var rep *fingerprint.Report
	if b := o.Baseline; b != "" {
		rep, err = fingerprint.CheckBaseline(t.project, t.hooks, o.abs(b))
		if errors.Is(err, fs.ErrNotExist) {
			return fail(fmt.Errorf("%s: no baseline file", b), "write one with `gh-hooks "+t.flag+"trust baseline --write "+shellword.Quote(b)+"`, review it and commit it")
		}
	} else {
		rep, err = fingerprint.Audit(t.opts())
	}
	if err != nil {
		return storeError(err)
	}
	rep = rep.Filter(o.Report.ignored, o.Report.Quiet)
	var teamAcked []string // a baseline's acknowledgements hold in every checkout
	if o.Baseline != "" {
		teamAcked, _ = fingerprint.BaselineDotEnv(o.abs(o.Baseline)) // read just above
	}
	envPs, envAcked := fingerprint.Unacknowledged(t.r.Set.Paths.Home, t.project, t.r.Set, o.Report.filter(t.r.Set.DotEnvFindings()), teamAcked...)
	envPs = nonNil(envPs)
	out := newOut(o.env)
	var dis *disableJSON
	if o.DisableUnapproved {
		if dis, err = disableUnapproved(o, out, t, rep); err != nil {
			return err
		}
	}
	home := t.r.Set.Paths.Home
	// The user's own environment, as Gemini started from this shell gets
	// it (issue 30 §6); --ignore inherited-env drops it.
	var inherited []layers.InheritedVar
	if o.Baseline == "" {
		inherited = layers.InheritedInProject(t.project.Dir, t.r.Set.Paths.Home, o.environ())
		if len(o.Report.filter(layers.InheritedProblems(t.project.Dir, inherited))) == 0 {
			inherited = nil
		}
	}
	if o.JSON {
		v := trustAuditJSON{Report: rep, Baseline: o.Baseline != "", Disable: dis, FolderTrust: newFolderTrustJSON(t.r.Set.Trust), Gemini: t.r.Set.Gemini, DotEnv: envPs,
			InheritedEnv: nonNil(inherited)}
		if o.Diff {
			v.Diffs = map[string]*fingerprint.Explanation{}
			for _, h := range rep.Hooks {
				if e := fingerprint.Explain(home, h); e != nil {
					v.Diffs[h.ID] = e
				}
			}
		}
		if err := writeJSON(o.Stdout, v); err != nil {
			return fail(err, "")
		}
	} else if o.Report.Format != formatText || o.Report.Quiet {
		ps := append(o.Report.filter(auditProblems(t, rep, o.Baseline)), envPs...)
		ps = append(ps, layers.InheritedProblems(t.project.Dir, inherited)...)
		if o.Report.Format == formatText {
			printProblems(out, ps, "")
		} else if err := writeReport(o.Stdout, o.Report.Format, o.reportBase(t.project.Dir), ps, fingerprint.AuditSummary); err != nil {
			return fail(err, "")
		}
	} else {
		warnGemini(o.Stderr, t.r.Set.Gemini)
		printAudit(out, t, rep, o.Baseline != "")
		if len(envPs) > 0 {
			out.printf("\n%s\n", out.bold("The project's .env"))
			printProblems(out, envPs, "  ")
		}
		if envAcked > 0 {
			out.printf("\n%d .env finding(s) acknowledged (--accept-dotenv)\n", envAcked)
		}
		if len(inherited) > 0 {
			out.printf("\n%s\n", out.bold("Your environment"))
			printProblems(out, layers.InheritedProblems(t.project.Dir, inherited), "  ")
		}
		if o.Diff {
			for _, h := range rep.Hooks {
				printExplanation(out, h, fingerprint.Explain(home, h))
			}
		}
	}
	return trustAuditEnd(o, t, rep, envPs)
}

// checkTrustAuditFlags refuses the flags trust audit cannot combine.
func checkTrustAuditFlags(o *trustOptions) error {
	if o.DryRun && (o.Report.Format == formatSARIF || o.Report.Format == formatGitHub) {
		return usageError("--dry-run prints a diff on stdout, which --format %s cannot carry", o.Report.Format)
	}
	if o.DryRun && !o.DisableUnapproved {
		return usageError("--dry-run only applies to --disable-unapproved")
	}
	if o.DisableUnapproved && o.Baseline != "" {
		return usageError("--disable-unapproved works on your approvals, not on a baseline")
	}
	return nil
}

// trustAuditEnd says what the audit's findings leave to do, on stderr,
// and returns its verdict: checkFailed while a hook needs approval or
// attention, or the project's .env changes what Gemini runs.
func trustAuditEnd(o *trustOptions, t *trustEnv, rep *fingerprint.Report, envPs []config.Problem) error {
	note := newOut(o.env).notef
	if rep.GeminiProblem != "" {
		hint := ""
		if p := fingerprint.ReadGeminiStore(rep.GeminiStore).Problem; p != nil {
			hint = p.Hint
		}
		warn(o.Stderr, rep.GeminiProblem, hint)
	}
	if rep.Attention > 0 {
		note(o.Stderr, "%d project hook(s) need attention: what they run is not covered by their fingerprint, or they hold hidden characters; review them by hand (`gh-hooks %strust approve --accept-not-covered ID` accepts a hook that is not covered)\n", rep.Attention, t.flag)
	}
	if rep.SchemeChanged > 0 {
		// Not an alarm (issue 30 §9): the approved files are the same;
		// but never silent either.
		renew := "trust approve --renew"
		if o.Baseline != "" {
			renew = "trust baseline --write " + shellword.Quote(o.Baseline) + "` and commit it, or `gh-hooks " + t.flag + "trust approve --renew"
		}
		note(o.Stderr, "%d project hook(s) were approved under an older fingerprint scheme (this gh-hooks uses scheme %d) and the files they approved are unchanged: renew them with `gh-hooks %s%s`\n", rep.SchemeChanged, fingerprint.Scheme, t.flag, renew)
	}
	if rep.Unacknowledged > 0 && o.Baseline == "" {
		note(o.Stderr, "the project switches off %s of your own (user, system or extension) hooks through hooksConfig.disabled: remove the entries, or acknowledge them with `gh-hooks %strust approve --accept-disabled`\n", count(rep.Unacknowledged, "name"), t.flag)
	}
	if len(envPs) > 0 {
		// No approval covers these: they reach every hook, the user's and
		// the extensions' too (issue 24 §1).
		ack, then := "trust approve --accept-dotenv", ""
		if o.Baseline != "" {
			ack, then = "trust baseline --write --accept-dotenv "+shellword.Quote(o.Baseline), " and commit it"
		}
		note(o.Stderr, "the project's .env (%s) changes what Gemini runs: %d finding(s) above; approving hooks does not accept them: remove the variables, or acknowledge them with `gh-hooks %s%s`%s\n", envPs[0].Path, len(envPs), t.flag, ack, then) // the file of the first: untrusted, Set.DotEnv may be another
		if rep.Unapproved == 0 || o.Report.Quiet {
			return checkFailed
		}
	}
	if len(rep.Hooks) == 0 && warnUpper(o.Stderr, t.r.Set, "trust audit") {
		return checkFailed // not an all-clear: the hooks above are unaudited
	}
	if rep.Unapproved == 0 {
		if rep.Attention > 0 || rep.Unacknowledged > 0 && o.Baseline == "" {
			return checkFailed
		}
		return nil
	}
	if o.Report.Quiet {
		return checkFailed
	}
	if o.Baseline != "" {
		note(o.Stderr, "%d project hook(s) differ from the baseline %s: after reviewing them, run `gh-hooks %strust baseline --write %s` and commit it\n",
			rep.Unapproved, o.Baseline, t.flag, shellword.Quote(o.Baseline))
	} else {
		note(o.Stderr, "%d project hook(s) need approval: run `gh-hooks %strust approve --all` after reviewing them\n", rep.Unapproved, t.flag)
	}
	return checkFailed
}

func printAudit(o *out, t *trustEnv, rep *fingerprint.Report, baseline bool) {
	set := t.r.Set
	folder := o.green("trusted")
	if !set.Trust.Trusted {
		folder = sprintf("%s: Gemini runs none of these hooks until the folder is trusted", o.red("NOT trusted"))
	}
	head := [][]any{
		{o.bold("project"), o.short(rep.Project)},
		{o.bold("folder"), folder},
	}
	if baseline {
		head = append(head, []any{o.bold("baseline"), rep.Store})
	} else {
		head = append(head, []any{o.bold("store"), o.short(rep.Store)}, []any{o.bold("gemini"), o.short(rep.GeminiStore)})
	}
	o.table("", nil, head)
	switch {
	case len(rep.Hooks) == 0 && t.r.Set.Paths.ProjectIsHome:
		// Gemini has no project layer in the home directory (layers: project == home).
		o.printf("\nNo project hooks: the project is the home directory, whose .gemini/settings.json Gemini reads once, as user settings.\n")
	case len(rep.Hooks) == 0:
		o.printf("\nNo project hooks in %s.\n", o.short(t.r.Set.Paths.Project))
	default:
		o.printf("\n")
		// STATUS goes last: it is the widest cell and the coloured one
		// (escape codes would skew the alignment of later columns).
		header := []string{"ID", "NAME", "COMMAND"}
		if !baseline {
			header = append(header, "GEMINI")
		}
		header = append(header, "STATUS")
		var rows [][]any
		for _, h := range rep.Hooks {
			status := o.green(string(h.Status))
			switch {
			case h.Status == fingerprint.New && h.StaleApproval != nil:
				status = o.red("new (stale approval of " + recordLabel(*h.StaleApproval) + ")")
			case h.Status == fingerprint.New:
				status = o.red("new")
			case h.Status == fingerprint.Changed:
				status = o.yellow("changed: " + strings.Join(h.Changes, ", "))
			case h.Status == fingerprint.SchemeChanged:
				status = o.yellow("scheme changed, content the same")
			}
			if h.Attention() {
				status = sprintf("%s, %s", status, o.red("needs attention"))
			} else if h.AcceptedNotCovered {
				status = sprintf("%s, %s", status, o.yellow("not covered: accepted"))
			}
			// A migrated Claude hook shows the command it runs behind the
			// adapter, as effective and run do.
			row := []any{h.ID, orDash(h.Name), commandLabel(h.Command)}
			if !baseline {
				row = append(row, h.Gemini)
			}
			rows = append(rows, append(row, status))
		}
		// The command is what a reviewer approves: NAME, then GEMINI,
		// give way before it is cut short.
		minor := []int{1}
		if !baseline {
			minor = append(minor, 3)
		}
		o.tableBy("", header, rows, table.Layout{Flex: []int{2, len(header) - 1}, Minor: minor})
	}
	var notes []string
	for _, h := range rep.Hooks {
		if h.Wrapped && !baseline {
			notes = append(notes, fmt.Sprintf("%s: its event is written as an object, not a list: Gemini runs it but its trust check skips it, so Gemini never warns about it and keeps no key for it; write the event as a list", h.ID))
		}
		notes = append(notes, scriptNotes(h.ID, h.Scripts)...)
		if sc := h.SchemeChange; sc != nil {
			notes = append(notes, fmt.Sprintf("%s: approved by an older gh-hooks: %s", h.ID, renewalText(*sc)))
		}
		if len(h.AcceptedChanged) > 0 && !h.AcceptedNotCovered {
			notes = append(notes, fmt.Sprintf("%s: its acknowledgement no longer holds: what the accepted reasons leave out changed since they were accepted: %s", h.ID, strings.Join(h.AcceptedChanged, ", ")))
		}
		if len(h.NotCovered) > 0 && !h.AcceptedNotCovered {
			notes = append(notes, fmt.Sprintf("%s: %s", h.ID, notCovered(h.NotCovered, t.flag, h.ID)))
		}
		if len(h.Suspicious) > 0 {
			notes = append(notes, fmt.Sprintf("%s: suspicious: %s: what a terminal shows is not what runs; its command in full: %s", h.ID, suspiciousText(h.Suspicious), h.Command))
		}
	}
	if !baseline {
		for _, d := range t.disables {
			ack := "not acknowledged"
			if slices.ContainsFunc(rep.Disables, func(r fingerprint.DisableReport) bool { return r.Entry == d.Entry && r.Acknowledged }) {
				ack = "acknowledged"
			} else if !slices.ContainsFunc(rep.Disables, func(r fingerprint.DisableReport) bool { return r.Entry == d.Entry }) {
				continue // --ignore disabled-by-project
			}
			notes = append(notes, fmt.Sprintf("%s:%d:%d: %s (%s)", o.short(d.Path), d.Line, d.Column, validate.ProjectDisableMessage(d), ack))
		}
	}
	for _, h := range rep.Hooks {
		if h.StaleApproval != nil {
			r := h.StaleApproval
			notes = append(notes, fmt.Sprintf("%s: new, although an old approval of %q exists (%s/%s: %s): that approval is stale, of a hook that ran something else", h.ID, r.Name, r.Event, r.Pos, commandLabel(r.Command)))
		}
	}
	for _, r := range rep.Removed {
		what := "approval"
		if baseline {
			what = "baseline entry"
		}
		notes = append(notes, fmt.Sprintf("%s %s/%s (%s) matches no current hook", what, r.Event, r.Pos, recordLabel(r)))
	}
	if len(notes) > 0 {
		o.printf("\n")
		for _, n := range notes {
			o.printf("%s\n", o.fit(styled(fmt.Sprint(o.safe(n))), 4))
		}
	}
}

// envEffect says what a hook env variable may change (layers.EnvEffect,
// default-deny), " (...)" after its value; "" for an inert one.
func envEffect(name string) string {
	kind, why := layers.EnvEffect(name)
	switch {
	case kind == "":
		return ""
	case why == layers.UnknownEnv:
		return " (not known to be inert: any program the hook runs may read it)"
	}
	return " (" + why + ")"
}

// leftKind names a fingerprint.LeftOut's kind for people.
func leftKind(k string) string {
	switch k {
	case "tree":
		return "the folder, whole"
	case "dir":
		return "the folder's files"
	}
	return "the file"
}

// renewalText says what an approval of an older scheme and the current
// fingerprint have in common: "scheme 1 -> 2, content the same: 2 file(s)
// unchanged (./a.sh, ./b.sh); now also followed, not in the approval:
// ./lib.sh".
func renewalText(sc fingerprint.SchemeChange) string {
	s := fmt.Sprintf("fingerprint scheme %d -> %d, content the same: %d approved file(s) unchanged", sc.From, sc.To, len(sc.Same))
	if len(sc.Same) > 0 {
		s += " (" + strings.Join(sc.Same, ", ") + ")"
	}
	if len(sc.Added) > 0 {
		s += "; now also followed, not in the approval: " + strings.Join(sc.Added, ", ")
	}
	if len(sc.Dropped) > 0 {
		s += "; no longer listed: " + strings.Join(sc.Dropped, ", ")
	}
	if sc.NotCovered {
		s += "; what the fingerprint does not cover is worded or found anew"
	}
	return s
}

// scriptNotes names the files of a hook that were not hashed, and why.
// Files outside the project named by the command itself (/usr/bin/jq,
// ~/bin/x) are not project content and are not noted.
func scriptNotes(id string, scripts []fingerprint.Script) []string {
	var notes []string
	for _, s := range scripts {
		switch s.State {
		case fingerprint.ScriptMissing:
			if !s.OnPath() {
				notes = append(notes, fmt.Sprintf("%s: script %s is missing", id, scriptLabel(s)))
			}
		case fingerprint.ScriptUnreadable:
			notes = append(notes, fmt.Sprintf("%s: script %s is unreadable: %s", id, scriptLabel(s), s.Detail))
		case fingerprint.ScriptNotRegular:
			notes = append(notes, fmt.Sprintf("%s: script %s is not a regular file (%s): not read", id, scriptLabel(s), s.Detail))
		case fingerprint.ScriptTooLarge:
			notes = append(notes, fmt.Sprintf("%s: script %s is too large to hash (%s)", id, scriptLabel(s), s.Detail))
		case fingerprint.ScriptOutside:
			if s.Detail != "" {
				notes = append(notes, fmt.Sprintf("%s: script %s is a link out of the project (%s): its target is not read; the fingerprint records only where the link points", id, scriptLabel(s), s.Detail))
			}
		}
	}
	return notes
}

// suspiciousText is the sentence for fingerprint.Suspicious's list:
// "control, bidi or invisible characters in its name, command (shown
// escaped); command: a run of 400 blanks".
func suspiciousText(entries []fingerprint.Suspicion) string {
	var fields, other []string
	for _, e := range entries {
		if e.Hidden {
			fields = append(fields, e.Field)
		} else {
			other = append(other, e.String())
		}
	}
	var parts []string
	if len(fields) > 0 {
		parts = append(parts, "control, bidi or invisible characters in its "+strings.Join(fields, ", ")+" (shown escaped)")
	}
	return strings.Join(append(parts, other...), "; ")
}

// notCovered is the sentence that says what a fingerprint cannot know,
// and how to accept it (flag is "--project DIR " or "").
func notCovered(reasons []string, flag, id string) string {
	q := make([]string, len(reasons))
	for i, r := range reasons {
		q[i] = "`" + r + "`"
	}
	return "this hook's behaviour is not covered by its fingerprint: " + strings.Join(q, ", ") +
		"; review what it runs by hand, then accept it with `gh-hooks " + flag + "trust approve --accept-not-covered " + shellword.Quote(id) + "`"
}

// printExplanation prints what changed in a hook since its approval (or
// since the stale approval of a new hook with the same name), diff-style.
func printExplanation(o *out, h fingerprint.HookReport, e *fingerprint.Explanation) {
	if e == nil {
		return
	}
	o.printf("\n")
	if h.Status == fingerprint.Changed {
		o.printf("%s %s\n", o.bold("changed since approval:"), hookName(h))
	} else {
		o.printf("%s %s\n", o.bold("new; compared with the stale approval of "+strconv.Quote(h.StaleApproval.Name)+":"), hookName(h))
	}
	show := func(v string) string {
		if v == "" {
			return "(none)"
		}
		return v
	}
	for _, f := range e.Fields {
		o.printf("%s\n%s\n", o.red("- "+f.Field+": "+show(f.Old)), o.green("+ "+f.Field+": "+show(f.New)))
	}
	if e.DotEnvNote != "" {
		o.printf(".env: %s\n", e.DotEnvNote)
	}
	for _, c := range e.DotEnv {
		// Names only: a .env holds secrets.
		line := ".env: " + visible.Escape(c.Name) + " " + c.Change + " (value not shown)"
		switch c.Change {
		case "added":
			o.printf("%s\n", o.green("+ "+line))
		case "removed":
			o.printf("%s\n", o.red("- "+line))
		default:
			o.printf("%s\n", o.yellow("~ "+line))
		}
	}
	for _, sc := range e.Scripts {
		if sc.Note != "" {
			o.printf("script %s: %s\n", sc.Path, sc.Note)
		}
		if sc.Diff != "" {
			printDiff(o.w, sc.Diff)
		}
	}
}

// hookName is a hook's id with its name or command.
func hookName(h fingerprint.HookReport) string {
	if h.Name != "" {
		return h.ID + " (" + h.Name + ")"
	}
	return h.ID + " (" + commandLabel(h.Command) + ")"
}

// scriptLabel names a script as written, with its project path when that
// differs.
func scriptLabel(s fingerprint.Script) string {
	if s.Path == "" || s.Path == s.Word {
		return s.Word
	}
	return s.Word + " (" + s.Path + ")"
}

func recordLabel(r fingerprint.Record) string {
	if r.Name != "" {
		return r.Name + ": " + commandLabel(r.Command)
	}
	return commandLabel(r.Command)
}

// disableUnapproved writes the names of the report's unapproved hooks into
// the user layer's hooksConfig.disabled (spec §3.3 unions it across layers,
// §3.6 matches it by exact name).
func disableUnapproved(o *trustOptions, out *out, t *trustEnv, rep *fingerprint.Report) (*disableJSON, error) {
	var others []merge.Hook
	for _, h := range t.r.Hooks {
		if h.Layer != layers.Project {
			others = append(others, *h)
		}
	}
	if t.r.DisabledSubstring {
		return nil, fail(fmt.Errorf("hooksConfig.disabled is a string, not a list: Gemini treats it as a substring test"),
			"make it a list in the settings file that sets it; gh-hooks validate shows where")
	}
	plan := fingerprint.PlanDisable(rep, t.r.Disabled, others)
	path := t.r.Set.Paths.User
	d := &disableJSON{Path: path, Add: nonNil(plan.Add), Shared: nonNil(plan.Shared)}
	if len(plan.Add) == 0 {
		note(o.Stderr, "nothing to disable: every unapproved hook is already disabled, or none is unapproved\n")
		return d, nil
	}
	warn(o.Stderr, fmt.Sprintf("adding %s to hooksConfig.disabled in %s: Gemini matches this list by name in every project, layer and extension, so it disables every hook with these names everywhere, not only in %s, until you remove them",
		quoteList(plan.Add), path, t.project.Dir), "")
	for _, s := range plan.Shared {
		warn(o.Stderr, fmt.Sprintf("%q is also the name of another hook (approved here, or in another layer or extension): that hook stops running too", s), "")
	}
	ch, err := config.Update(path, func(doc *config.Document) ([]byte, error) {
		e := doc.Edit()
		for _, n := range plan.Add {
			if err := e.Append("/hooksConfig/disabled", n); err != nil {
				return nil, err
			}
		}
		return e.Bytes()
	}, o.writeOpts("", path, o.DryRun))
	if err != nil {
		var pe *config.ParseError
		if errors.As(err, &pe) {
			return nil, fail(err, "fix the file first; nothing was written")
		}
		return nil, storeError(err)
	}
	if o.DryRun {
		printDiff(o.Stdout, ch.Diff())
		return d, nil
	}
	d.Wrote = ch.Written
	note(o.Stderr, "disabled %d hook name(s) in %s; undo with `gh-hooks enable NAME --scope user`\n", len(plan.Add), out.short(path))
	return d, nil
}
