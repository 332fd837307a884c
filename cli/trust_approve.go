package cli

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/urfave/cli/v3"

	"github.com/gh-hooks/gh-hooks/config"
	"github.com/gh-hooks/gh-hooks/fingerprint"
	"github.com/gh-hooks/gh-hooks/internal/shellword"
	"github.com/gh-hooks/gh-hooks/internal/suggest"
	"github.com/gh-hooks/gh-hooks/internal/visible"
	"github.com/gh-hooks/gh-hooks/layers"
	"github.com/gh-hooks/gh-hooks/validate"
)

func trustApproveCommand(e *env) *cli.Command {
	o := &trustOptions{env: e}
	return &cli.Command{
		Name:      "approve",
		Usage:     "approve project hooks by content, and tell Gemini to stop warning about them",
		ArgsUsage: "(NAME... | --all | -i)",
		UsageText: "gh-hooks trust approve [--dry-run] [--accept-disabled] [--accept-not-covered] (NAME... | --all | -i | --renew)\n" +
			"gh-hooks trust approve [--dry-run] (--accept-disabled | --accept-dotenv)",
		Description: "Prints each selected hook (id, event, name, command, matcher, timeout, env, scripts with\n" +
			"their sha256, and what its fingerprint does not cover) and records its fingerprint in gh-hooks'\n" +
			"store; its Gemini key is added to trusted_hooks.json exactly as Gemini writes it. NAME is a\n" +
			"hook id, name, name:command key, or command. With --dry-run the unified diff of both files is\n" +
			"printed and nothing is written. A corrupt or read-only store is never overwritten, and then\n" +
			"nothing is written. A copy of each approved script (up to 1 MiB) is kept for trust audit --diff.\n\n" +
			"--accept-not-covered also records that you accept what the fingerprint of each selected hook\n" +
			"does not cover (an eval of a variable, a dynamic import, a package in node_modules, ...: trust\n" +
			"audit names the reasons). Such a hook then stops needing attention, until the hook or what it\n" +
			"reaches changes (its fingerprint, or the reasons); approving it again unchanged keeps the\n" +
			"acknowledgement.\n\n" +
			"-i walks the new and changed hooks one by one, like git add -p: it shows each hook (with the\n" +
			"text of a new hook's project scripts, escaped, the first 40 lines of each), or what\n" +
			"changed since its approval, and asks on standard input: y approves it, n skips it, q stops\n" +
			"(the hooks already answered y are approved). An approved hook whose fingerprint does not\n" +
			"cover what it runs is asked about too, and for such a hook a approves it and accepts what is\n" +
			"not covered (the warning shown says why), as --accept-not-covered does, so the review can end\n" +
			"with a clean audit. --all says which hooks still need attention after approving. The approval is of the hook as it was shown: when a\n" +
			"script or the settings file changes between the display and the answer, nothing is approved.\n\n" +
			"A project's hooksConfig.disabled can switch off your own (user, system or extension) hooks,\n" +
			"since Gemini merges the disabled lists of every layer; trust audit reports each such entry until\n" +
			"you remove it or acknowledge it with --accept-disabled (alone, or with NAME..., --all or -i).\n" +
			"Likewise a project .env that changes what hooks run or where Gemini looks (BASH_ENV,\n" +
			"NODE_OPTIONS, GEMINI_CLI_HOME, ...) fails the audit until you remove the variables or\n" +
			"acknowledge them with --accept-dotenv (on its own); a changed value needs it again.\n\n" +
			"--renew records anew, under this gh-hooks' fingerprint scheme, every approval made by an older\n" +
			"gh-hooks whose approved files are unchanged (trust audit shows them as \"scheme changed, content\n" +
			"the same\"). A new scheme gives the same files another fingerprint and may follow files the old\n" +
			"one did not; --renew lists, for each hook, the files that are the same and those now followed\n" +
			"that the approval never recorded, then approves it as shown. A hook whose content changed is not\n" +
			"renewed: it is changed, and needs a review as usual.\n\n" + editExitHelp + "\n\n" + trustProjectLine,
		Flags: []cli.Flag{
			&cli.BoolFlag{Name: "all", Usage: "approve every project hook", Destination: &o.All},
			&cli.BoolFlag{Name: "interactive", Aliases: []string{"i"}, Usage: "ask about each new or changed hook (y/n/q on standard input)", Destination: &o.Interactive},
			&cli.BoolFlag{Name: "accept-disabled", Usage: "acknowledge the project's hooksConfig.disabled entries that switch off your own hooks", Destination: &o.AcceptDisabled},
			&cli.BoolFlag{Name: "dry-run", Usage: "print what would be approved and the diffs, write nothing", Destination: &o.DryRun},
			&cli.BoolFlag{Name: "accept-dotenv", Usage: "acknowledge the project .env's variables that change what hooks run, until they change", Destination: &o.AcceptDotEnv},
			&cli.BoolFlag{Name: "accept-not-covered", Usage: "also accept what the selected hooks' fingerprints do not cover, until they change", Destination: &o.AcceptNotCovered},
			&cli.BoolFlag{Name: "renew", Usage: "renew the approvals of an older fingerprint scheme whose files are unchanged", Destination: &o.Renew},
		},
		Action: func(_ context.Context, c *cli.Command) error {
			o.Names = c.Args().Slice()
			return runTrustApprove(o)
		},
	}
}

// selection reads NAME... and --all for approve and revoke.
func (o *trustOptions) selection(verb string) (fingerprint.Selection, error) {
	switch {
	case o.All && len(o.Names) > 0:
		return fingerprint.Selection{}, usageError("give hook names or --all, not both")
	case !o.All && len(o.Names) == 0:
		return fingerprint.Selection{}, usageHint("name the hooks (gh-hooks trust audit lists them) or pass --all: gh-hooks trust "+verb+" --all",
			"no hooks selected")
	}
	return fingerprint.Selection{All: o.All, Names: o.Names, AcceptNotCovered: o.AcceptNotCovered}, nil
}

func runTrustApprove(o *trustOptions) error {
	if o.AcceptDotEnv {
		if o.Interactive || o.All || len(o.Names) > 0 || o.AcceptDisabled || o.AcceptNotCovered {
			return usageError("--accept-dotenv acknowledges the project's .env on its own: run it without hooks or other flags")
		}
		return runAcceptDotEnv(o)
	}
	if o.Renew {
		if o.Interactive || o.All || len(o.Names) > 0 || o.AcceptDisabled || o.AcceptNotCovered {
			return usageError("--renew renews every approval of an older fingerprint scheme whose files are unchanged: run it without hooks or other flags")
		}
		t, err := loadTrust(o.env)
		if err != nil {
			return err
		}
		return approveSelected(o, t, fingerprint.Selection{Renew: true})
	}
	if o.Interactive {
		if o.All || len(o.Names) > 0 {
			return usageError("-i asks about every new or changed hook: give no names and no --all")
		}
		return runTrustApproveInteractive(o)
	}
	var sel fingerprint.Selection
	var err error
	if !o.AcceptDisabled || o.All || len(o.Names) > 0 {
		if sel, err = o.selection("approve"); err != nil {
			return err
		}
	}
	sel.AcceptDisabled = o.AcceptDisabled
	t, err := loadTrust(o.env)
	if err != nil {
		return err
	}
	return approveSelected(o, t, sel)
}

// approveSelected prints what approving sel records, then records it
// (or, with --dry-run, prints the diffs).
func approveSelected(o *trustOptions, t *trustEnv, sel fingerprint.Selection) error {
	// A dry run first: it checks both stores and says what will be
	// recorded, so the user sees exactly that before anything is written.
	plan, err := fingerprint.Approve(t.opts(), sel, true)
	if err != nil {
		if errors.Is(err, fingerprint.ErrNoSuchHook) && len(t.hooks) == 0 {
			if u := layers.UpperProject(t.r.Set); u != nil {
				// Run from a subdirectory: the hooks are in the project above (spec §1.1).
				return fail(fmt.Errorf("%w, but %s above it has %s", noHook(sel.Names, t.project.Dir), u.Path, count(u.Hooks, "hook")),
					"gh-hooks --project "+shellword.Quote(u.Dir)+" trust approve "+quoteWords(sel.Names))
			}
		}
		return selectError(t, err)
	}
	out := newOut(o.env)
	if sel.AcceptDisabled {
		if len(t.disables) == 0 {
			note(o.Stderr, "nothing to acknowledge: the project's hooksConfig.disabled switches off none of your own hooks\n")
		}
		for _, d := range t.disables {
			out.printf("acknowledge %s:%d:%d: %s\n", out.short(d.Path), d.Line, d.Column, validate.ProjectDisableMessage(d))
		}
		if len(sel.Names) == 0 && !sel.All {
			if len(t.disables) == 0 {
				return nil
			}
			return acceptDisabled(o, t, out, sel)
		}
	}
	if sel.Renew && len(plan.IDs) == 0 {
		note(o.Stderr, "nothing to renew: no approval of %s is of an older fingerprint scheme with the same files\n", t.project.Dir)
		return nil
	}
	for _, r := range plan.Renewed {
		out.printf("renew %s: %s\n", out.bold(r.ID), renewalText(r.SchemeChange))
	}
	if len(plan.IDs) == 0 {
		out.printf("No project hooks in %s.\n", t.project.Dir)
		warnUpper(o.Stderr, t.r.Set, "trust approve --all")
		if sel.AcceptDisabled && len(t.disables) > 0 {
			return acceptDisabled(o, t, out, sel)
		}
		return nil
	}
	sel.Shown = printHookDetails(out, t, plan.IDs, sel.AcceptNotCovered)
	if len(plan.GeminiKeys) > 0 {
		out.printf("Gemini trusted_hooks.json, project %s:\n", t.project.Dir)
		for _, k := range plan.GeminiKeys {
			out.printf("  + %s\n", k)
		}
	}
	if o.DryRun {
		printChanges(out, plan.Files)
		return nil
	}
	res, err := fingerprint.Approve(t.opts(), sel, false)
	if err != nil {
		return selectError(t, err)
	}
	for _, w := range res.Warnings {
		warn(o.Stderr, w, "")
	}
	if sel.Renew {
		note(o.Stderr, "renewed %d approval(s) of %s under fingerprint scheme %d\n", len(res.Renewed), t.project.Dir, fingerprint.Scheme)
	} else {
		note(o.Stderr, "approved %d project hook(s) of %s%s\n", len(res.IDs), t.project.Dir, stillNeedAttention(t))
	}
	approvalNotes(o, t, res)
	return nil
}

// approvalNotes says, after the approved line, what else an approval
// recorded (acknowledgements of disabled entries and of what fingerprints
// do not cover), and that Gemini runs nothing of an untrusted folder.
func approvalNotes(o *trustOptions, t *trustEnv, res *fingerprint.Result) {
	if len(res.Accepted) > 0 {
		note(o.Stderr, "acknowledged the project's disabled %s: %s\n", plural(len(res.Accepted), "entry", "entries"), quoteList(res.Accepted))
	}
	if len(res.AcceptedNotCovered) > 0 {
		note(o.Stderr, "accepted what the fingerprint does not cover for %s, until the hook or what it reaches changes\n", strings.Join(res.AcceptedNotCovered, ", "))
	}
	if !t.r.Set.Trust.Trusted {
		note(o.Stderr, "note: the folder is not trusted (%s): Gemini runs none of its hooks until it is\n", t.r.Set.Trust.Why)
	}
}

// acceptDisabled records only the acknowledgement of the project's
// disabled entries (trust approve --accept-disabled without hooks).
func acceptDisabled(o *trustOptions, t *trustEnv, out *out, sel fingerprint.Selection) error {
	res, err := fingerprint.Approve(t.opts(), sel, o.DryRun)
	if err != nil {
		return selectError(t, err)
	}
	if o.DryRun {
		printChanges(out, res.Files)
		return nil
	}
	note(o.Stderr, "acknowledged the project's disabled %s: %s\n", plural(len(res.Accepted), "entry", "entries"), quoteList(res.Accepted))
	return nil
}

// runAcceptDotEnv records the acknowledgement of the project .env's
// findings (trust approve --accept-dotenv).
func runAcceptDotEnv(o *trustOptions) error {
	t, err := loadTrust(o.env)
	if err != nil {
		return err
	}
	out := newOut(o.env)
	findings := t.r.Set.DotEnvFindings()
	if len(findings) == 0 {
		note(o.Stderr, "nothing to acknowledge: the project's .env changes nothing hooks run\n")
		return nil
	}
	keys := make([]string, len(findings))
	for i, p := range findings {
		keys[i] = fingerprint.DotEnvAckKey(t.project, t.r.Set, p)
		out.printf("acknowledge %s:%d:%d: %s\n", out.short(p.Path), p.Line, p.Column, p.Message)
	}
	change, err := fingerprint.AcceptDotEnv(t.r.Set.Paths.Home, t.project, keys, o.DryRun)
	if err != nil {
		return storeError(err)
	}
	if o.DryRun {
		if change != nil {
			printChanges(out, []fingerprint.FileChange{*change})
		}
		return nil
	}
	note(o.Stderr, "acknowledged %d .env finding(s) in %s\n", len(keys), out.short(fingerprint.StorePath(t.r.Set.Paths.Home)))
	return nil
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// selectError maps fingerprint's errors: names that select nothing are
// the user's mistake (noHook, with the closest project hook or where to
// see them), a corrupt store a positioned error with its fix.
func selectError(t *trustEnv, err error) error {
	var cs *fingerprint.ChangedSinceShownError
	if errors.As(err, &cs) {
		return fail(err, "review the hook as it is now: gh-hooks "+t.flag+"trust approve -i")
	}
	var ns *fingerprint.NoSuchHookError
	if !errors.As(err, &ns) {
		return storeError(err)
	}
	where := "the project hooks"
	if l := t.r.Set.Settings(layers.Project); l != nil && l.Path != "" {
		where = "the project hooks (" + l.Path + ")"
	}
	var cands []string
	for _, h := range t.hooks {
		cands = append(cands, h.ID)
		if h.Name != "" {
			cands = append(cands, h.Name)
		}
	}
	hint := "gh-hooks " + t.flag + "trust audit lists the project hooks with their ids, names and commands"
	for _, n := range ns.Names {
		if best := suggest.Closest(n, cands); len(best) > 0 {
			hint = "did you mean '" + best[0] + "'?"
			if len(ns.Names) > 1 {
				hint = fmt.Sprintf("did you mean '%s' for %q?", best[0], n)
			}
			break
		}
	}
	return fail(noHook(ns.Names, where), hint)
}

// printHookDetails prints everything about the hooks being approved that
// decides what runs, and returns the fingerprint of each hook as shown
// (by id), to bind the approval to it (fingerprint.Selection.Shown).
func printHookDetails(o *out, t *trustEnv, ids []string, accepting bool) map[string]string {
	return printHookDetailsText(o, t, ids, accepting, false)
}

// printHookDetailsText is printHookDetails that, with text, also prints
// the text of each project script the hook runs (trust approve -i, for a
// new hook: a reviewer reads what runs, not a hash).
func printHookDetailsText(o *out, t *trustEnv, ids []string, accepting, text bool) map[string]string {
	want := map[string]bool{}
	for _, id := range ids {
		want[id] = true
	}
	shown := map[string]string{}
	for _, h := range fingerprint.Compute(t.project, t.hooks) {
		if !want[h.ID] {
			continue
		}
		shown[h.ID] = h.Record.Fingerprint
		o.printf("approve %s\n", o.bold(h.ID))
		rows := [][]any{
			{"event", h.Event},
			{"name", orDash(h.Name)},
			{"type", orDash(h.Type)},
			{"command", h.Command},
		}
		if h.ExpandedCommand != h.Command && h.Type == "command" {
			rows = append(rows, []any{"expanded", h.ExpandedCommand})
		}
		rows = append(rows, []any{"matcher", orDash(h.Matcher)}, []any{"timeout", ms(float64(h.Timeout))})
		if h.Sequential {
			rows = append(rows, []any{"sequential", "true"})
		}
		for _, k := range h.EnvKeys {
			rows = append(rows, []any{"env", k + "=" + h.Env[k] + envEffect(k)})
		}
		probes := 0
		for _, s := range h.Scripts {
			if s.Probe && s.State == fingerprint.ScriptMissing {
				probes++ // a place looked in, empty: counted below
				continue
			}
			state := string(s.State)
			if s.State == fingerprint.ScriptOK {
				state = "sha256:" + s.SHA256[:12]
			}
			p := s.Path
			if p == "" {
				p = s.Word
			}
			rows = append(rows, []any{"script", p + " " + state})
		}
		if names := dotEnvNames(t.project.DotEnvPairs); names != "" {
			// Part of every project hook's fingerprint (fingerprint/dotenv.go).
			rows = append(rows, []any{".env", names + " (values not shown): Gemini loads them into every hook's environment"})
		}
		if probes > 0 {
			// Where Python, Node or bash would look for a module or
			// program: a file planted there later changes the fingerprint.
			rows = append(rows, []any{"watched", fmt.Sprintf("%d empty place(s) the code looks in (modules, PATH folders)", probes)})
		}
		o.fields("  ", rows)
		if text {
			for _, sc := range h.Scripts {
				printScriptText(o, sc)
			}
		}
		for _, n := range scriptNotes(h.ID, h.Scripts) {
			o.printf("  %s\n", n)
		}
		switch {
		case len(h.NotCovered) > 0 && accepting:
			q := make([]string, len(h.NotCovered))
			for i, r := range h.NotCovered {
				q[i] = "`" + r + "`"
			}
			o.printf("  %s not covered by its fingerprint, and accepted with this approval: %s\n", o.yellow("accepted:"), strings.Join(q, ", "))
			if left := h.Left(); len(left) > 0 {
				b := make([]string, len(left))
				for i, l := range left {
					b[i] = l.Path + " (" + leftKind(l.Kind) + ")"
				}
				o.printf("  %s the acknowledgement holds while these keep their content: %s\n", o.yellow("bound:"), strings.Join(b, ", "))
			}
		case len(h.NotCovered) > 0:
			o.printf("  %s %s\n", o.yellow("warning:"), notCovered(h.NotCovered, t.flag, h.ID))
		}
		if sus := fingerprint.Suspicious(h.Hook); len(sus) > 0 {
			o.printf("  %s %s: what a terminal shows is not what runs\n", o.red("suspicious:"), suspiciousText(sus))
		}
	}
	return shown
}

// runTrustApproveInteractive walks the new and changed hooks one by one,
// like git add -p: each is shown (with what changed since its approval)
// and a line of standard input answers y, n or q. The hooks answered y
// are approved together at the end.
func runTrustApproveInteractive(o *trustOptions) error {
	t, err := loadTrust(o.env)
	if err != nil {
		return err
	}
	rep, err := fingerprint.Audit(t.opts())
	if err != nil {
		return storeError(err)
	}
	out := newOut(o.env)
	var todo []fingerprint.HookReport
	for _, h := range rep.Hooks {
		// An approved hook whose fingerprint does not cover what it runs
		// is asked about too: a is how the review ends with a clean audit.
		if h.Status != fingerprint.Approved || uncovered(h) {
			todo = append(todo, h)
		}
	}
	if o.AcceptDisabled {
		for _, d := range t.disables {
			out.printf("acknowledge %s:%d:%d: %s\n", out.short(d.Path), d.Line, d.Column, validate.ProjectDisableMessage(d))
		}
		if len(todo) == 0 {
			if len(t.disables) == 0 {
				note(o.Stderr, "nothing to acknowledge: the project's hooksConfig.disabled switches off none of your own hooks\n")
				return nil
			}
			return acceptDisabled(o, t, out, fingerprint.Selection{AcceptDisabled: true})
		}
	}
	if len(todo) == 0 {
		note(o.Stderr, "nothing to approve: every project hook of %s is approved\n", t.project.Dir)
		return nil
	}
	in := bufio.NewReader(o.Stdin)
	var ids []string
	shown := map[string]string{}
	accept := map[string]bool{}
ask:
	for i, h := range todo {
		out.printf("(%d/%d) ", i+1, len(todo))
		// A new hook's scripts are shown as text; a changed one's diff
		// follows (printExplanation).
		shown[h.ID] = printHookDetailsText(out, t, []string{h.ID}, o.AcceptNotCovered, h.Status == fingerprint.New)[h.ID]
		if shown[h.ID] != h.Fingerprint {
			// Edited between the audit and the details: what was
			// shown is not one state of the files.
			shown[h.ID] = "changed while shown"
		}
		printExplanation(out, h, fingerprint.Explain(t.r.Set.Paths.Home, h))
		offer := uncovered(h) && !o.AcceptNotCovered
		for {
			if offer {
				out.printf("Approve %s [y,a,n,q,?]? ", h.ID)
			} else {
				out.printf("Approve %s [y,n,q,?]? ", h.ID)
			}
			line, err := in.ReadString('\n')
			answer := strings.TrimSpace(line)
			if answer == "" && err != nil {
				out.printf("\n")
				break ask // end of input: as q
			}
			if !out.tty {
				// Answers piped in are not echoed: show them, so that the
				// output reads as a transcript.
				out.printf("%s\n", answer)
			}
			switch strings.ToLower(answer) {
			case "y", "yes":
				ids = append(ids, h.ID)
				continue ask
			case "a":
				if offer {
					ids = append(ids, h.ID)
					accept[h.ID] = true
					continue ask
				}
			case "n", "no":
				continue ask
			case "q", "quit":
				break ask
			}
			out.printf("y - approve this hook\n")
			if offer {
				out.printf("a - approve this hook and accept what its fingerprint does not cover (the warning above)\n")
			}
			out.printf("n - do not approve this hook\nq - quit; approve only the hooks already answered y")
			if offer {
				out.printf(" or a")
			}
			out.printf("\n")
			if err != nil {
				break ask
			}
		}
	}
	if len(ids) == 0 && !o.AcceptDisabled {
		note(o.Stderr, "no hook approved\n")
		return nil
	}
	res, err := fingerprint.Approve(t.opts(), fingerprint.Selection{Names: ids, Shown: shown, AcceptDisabled: o.AcceptDisabled, AcceptNotCovered: o.AcceptNotCovered, AcceptNotCoveredOf: accept}, o.DryRun)
	if err != nil {
		return selectError(t, err)
	}
	if o.DryRun {
		printChanges(out, res.Files)
		return nil
	}
	for _, w := range res.Warnings {
		warn(o.Stderr, w, "")
	}
	note(o.Stderr, "approved %d project hook(s) of %s: %s%s\n", len(res.IDs), t.project.Dir, strings.Join(res.IDs, ", "), stillNeedAttention(t))
	approvalNotes(o, t, res)
	return nil
}

// printChanges prints the unified diff of each file a dry run would write.
func printChanges(o *out, files []fingerprint.FileChange) {
	if len(files) == 0 {
		o.printf("No file would change.\n")
		return
	}
	for _, f := range files {
		printDiff(o.w, config.Diff(f.Path, f.Before, f.After))
	}
}

// uncovered reports whether what h runs is not covered by its
// fingerprint and not yet accepted.
func uncovered(h fingerprint.HookReport) bool {
	return len(h.NotCovered) > 0 && !h.AcceptedNotCovered
}

// stillNeedAttention audits the project again after an approval and, when
// hooks still need attention, says which and the command that clears
// them, so "approved N" is never read as a clean audit. It returns "" when
// nothing remains (or the audit cannot be made: approve already said why).
func stillNeedAttention(t *trustEnv) string {
	rep, err := fingerprint.Audit(t.opts())
	if err != nil {
		return ""
	}
	var nc, sus []string
	for _, h := range rep.Hooks {
		switch {
		case len(h.Suspicious) > 0:
			sus = append(sus, h.ID)
		case uncovered(h):
			nc = append(nc, h.ID)
		}
	}
	var b strings.Builder
	if len(nc) > 0 {
		q := make([]string, len(nc))
		for i, id := range nc {
			q[i] = shellword.Quote(id)
		}
		fmt.Fprintf(&b, "; %d still need attention, what they run not covered by their fingerprint (%s): review them, then run `gh-hooks %strust approve --accept-not-covered %s`",
			len(nc), strings.Join(nc, ", "), t.flag, strings.Join(q, " "))
	}
	if len(sus) > 0 {
		fmt.Fprintf(&b, "; %d hold hidden characters (%s): fix the settings, gh-hooks %strust audit shows where", len(sus), strings.Join(sus, ", "), t.flag)
	}
	return b.String()
}

// scriptTextLines bounds the text trust approve -i prints of one script:
// a page of a terminal; the rest is named with the command that shows it.
const scriptTextLines = 40

// printScriptText prints the text of a project script as read for the
// fingerprint (the bytes hashed), each line escaped (internal/visible) and
// indented, at most scriptTextLines lines; a file with a NUL byte is not
// text and only its size is said.
func printScriptText(o *out, s fingerprint.Script) {
	data := s.Data()
	if s.State != fingerprint.ScriptOK || s.Probe || data == nil || !strings.HasPrefix(s.Path, "./") {
		return
	}
	if bytes.IndexByte(data, 0) >= 0 {
		o.printf("  %s %s: not text (%d bytes)\n", o.bold("text of"), visible.Escape(s.Path), len(data))
		return
	}
	lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	o.printf("  %s %s (%s):\n", o.bold("text of"), visible.Escape(s.Path), count(len(lines), "line"))
	for i, l := range lines {
		if i == scriptTextLines {
			o.printf("    ... %d more line(s): less %s\n", len(lines)-i, shellword.Quote(s.Path))
			break
		}
		o.printf("    | %s\n", visible.EscapeText(l))
	}
}

// dotEnvNames lists the names of the project .env's variables (the pairs
// of its fingerprint stamp), escaped; never their values.
func dotEnvNames(pairs []string) string {
	names := make([]string, len(pairs))
	for i, p := range pairs {
		k, _, _ := strings.Cut(p, "=")
		names[i] = visible.Escape(k)
	}
	return strings.Join(names, ", ")
}
