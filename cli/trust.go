package cli

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"

	"github.com/urfave/cli/v3"

	"github.com/gh-hooks/gh-hooks/config"
	"github.com/gh-hooks/gh-hooks/fingerprint"
	"github.com/gh-hooks/gh-hooks/gemini"
	"github.com/gh-hooks/gh-hooks/internal/shellword"
	"github.com/gh-hooks/gh-hooks/layers"
	"github.com/gh-hooks/gh-hooks/merge"
	"github.com/gh-hooks/gh-hooks/validate"
)

// trustProjectHelp is shared by every trust subcommand: which directory
// the approvals belong to, and why symlinks are resolved.
const trustProjectHelp = "The project is --project, else the current directory, with every symbolic link resolved:\n" +
	"Gemini keys trusted_hooks.json by path.resolve(process.cwd()), and the operating system\n" +
	"reports a process's working directory with symlinks resolved (getcwd), so a Gemini started\n" +
	"after `cd link` stores the real path. gh-hooks therefore uses the physical directory, not\n" +
	"$PWD, and a project reached through a symlink has one approval under its real path."

// trustOptions are the flags of the trust subcommands; each subcommand
// reads the ones it defines.
type trustOptions struct {
	*env
	JSON              bool
	Baseline          string
	DisableUnapproved bool
	DryRun            bool
	All               bool
	Write             bool
	Diff              bool
	Interactive       bool
	AcceptDisabled    bool
	AcceptNotCovered  bool
	AcceptDotEnv      bool
	Renew             bool
	// Names are the hooks approve and revoke select; File is the baseline
	// file of trust baseline.
	Names []string
	File  string
	// Report holds --format, --json, --ignore and --quiet of trust audit.
	Report reportFlags
}

func trustCommand(e *env) *cli.Command {
	return &cli.Command{
		Name:  "trust",
		Usage: "fingerprint project hooks and approve them (direnv-style allow/deny)",
		Description: "Gemini CLI runs the hooks of a trusted project's .gemini/settings.json without asking; it only\n" +
			"warns once per name:command key. gh-hooks fingerprints each project hook by content\n" +
			"(event, matcher, command, timeout, env and the sha256 of the scripts it runs) and records\n" +
			"approvals in <home>/.gemini/gh-hooks/trust.json; approving also adds the keys to Gemini's\n" +
			"<home>/.gemini/trusted_hooks.json in Gemini's exact format. A team can commit a baseline\n" +
			"(trust baseline --write) that CI checks with trust audit --baseline.\n\n" + trustProjectHelp,
		Commands: []*cli.Command{
			trustAuditCommand(e), trustApproveCommand(e), trustRevokeCommand(e),
			trustListCommand(e), trustPruneCommand(e), trustBaselineCommand(e),
		},
	}
}

func trustAuditCommand(e *env) *cli.Command {
	o := &trustOptions{env: e}
	return &cli.Command{
		Name:  "audit",
		Usage: "compare every project hook with its approval (exit 3 when any is new or changed)",
		UsageText: "gh-hooks trust audit [--format text|json|sarif|github] [--ignore CODE]... [--quiet] [--diff] " +
			"[--baseline FILE] [--disable-unapproved [--dry-run]]",
		Description: "Lists the hooks of the project's .gemini/settings.json, also when the folder is not trusted\n" +
			"(those are exactly the hooks to review before trusting it), each with its status: approved,\n" +
			"new, or changed with what changed (command, matcher, timeout, env, \"script ./x.sh\", ...),\n" +
			"and whether Gemini's trusted_hooks.json has its key. The fingerprint covers every project file\n" +
			"the command can start, found by reading it as bash does (cd, wrappers such as timeout, nice,\n" +
			"xargs, env and exec, if and { }, redirections, pipes into sh, sh -c, BASH_ENV=, PATH=./bin:...),\n" +
			"and what those files load in turn, inside the project: scripts a script sources or runs,\n" +
			"Python imports, Node requires and imports, package.json scripts, Makefile includes and\n" +
			"recipes, go run packages (docs/SECURITY.md lists what is followed). The command and env\n" +
			"are read as written, so the fingerprint is the same for every user. Files that are missing,\n" +
			"unreadable, not regular, too large or links out of the project are named, never read. A hook\n" +
			"needs attention, and the audit exits 3, when its behaviour is not covered by its fingerprint\n" +
			"(eval of a variable, a program named by a variable, code piped into a shell from curl, a\n" +
			"dynamic require, ...) until you accept that with trust approve --accept-not-covered ID, or\n" +
			"when it holds control, bidi or invisible characters (suspicious: shown escaped, as everywhere\n" +
			"in human output).\n\n" +
			"The variables Gemini loads from the project's .env are part of every project hook's\n" +
			"fingerprint (a changed value is a changed hook), and the audit exits 3 while that .env sets a\n" +
			"variable that changes what hooks run or where Gemini looks (codes dotenv-runs, dotenv-where,\n" +
			"dotenv-expansion, dotenv-unread): approving hooks does not accept them.\n\n" +
			"--diff shows, for each changed hook, what changed since it was approved: command, matcher,\n" +
			"env and a unified diff of each script (from a copy of the approved scripts kept in\n" +
			"<home>/.gemini/gh-hooks/scripts, at most 1 MiB a file and 64 MiB in all). A hook added under\n" +
			"the name of an approval it shares no command word or file with is new, and that stale\n" +
			"approval is named.\n\n" +
			"--json adds to each hook notCovered (reasons), suspicious (fields), staleApproval (a record),\n" +
			"and to the report attention (a count) and, with --diff, diffs (by hook id).\n\n" +
			"--baseline FILE checks against a committed baseline instead of your approvals (for CI).\n\n" +
			"--disable-unapproved adds the name of every new or changed hook to hooksConfig.disabled in\n" +
			"your user settings, so that Gemini skips them. Side effect: Gemini matches that list by name\n" +
			"in every project, layer and extension, so the entry disables every hook of that name\n" +
			"everywhere until you remove it (gh-hooks enable NAME --scope user).\n\n" +
			"In the sarif and github formats each finding is attached to the line of the hook in the project\n" +
			"file: hook-new and hook-changed are errors, script-unverified (a script that is missing,\n" +
			"unreadable or cannot be located) and trust-check-skipped are warnings. With --quiet, the text\n" +
			"format too prints only the new and changed hooks, one path:line:col line each.\n\n" +
			reportExitHelp("every project hook is approved (or in the baseline)", "a project hook is new or changed, or needs attention (after --ignore); or the\n"+
				"     directory has no project hooks but one above it has (Gemini does not look up)") + "\n\n" + trustProjectHelp + "\n\n" +
			pipedHelp("the hooks as ID, NAME, COMMAND, GEMINI, STATUS (no GEMINI with --baseline)"),
		Flags: append(o.Report.flags(strings.Join(fingerprint.AuditCodes(), ", ")),
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

func trustApproveCommand(e *env) *cli.Command {
	o := &trustOptions{env: e}
	return &cli.Command{
		Name:      "approve",
		Usage:     "approve project hooks by content, and tell Gemini to stop warning about them",
		ArgsUsage: "(NAME... | --all | -i)",
		UsageText: "gh-hooks trust approve [--dry-run] [--accept-disabled] [--accept-not-covered] (NAME... | --all | -i | --renew)",
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
			"-i walks the new and changed hooks one by one, like git add -p: it shows each hook, or what\n" +
			"changed since its approval, and asks on standard input: y approves it, n skips it, q stops\n" +
			"(the hooks already answered y are approved). The approval is of the hook as it was shown: when a\n" +
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
			"renewed: it is changed, and needs a review as usual.\n\n" + editExitHelp + "\n\n" + trustProjectHelp,
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

func trustRevokeCommand(e *env) *cli.Command {
	o := &trustOptions{env: e}
	return &cli.Command{
		Name:      "revoke",
		Usage:     "withdraw approvals of project hooks",
		ArgsUsage: "(NAME... | --all)",
		UsageText: "gh-hooks trust revoke [--dry-run] (NAME... | --all)",
		Description: "Removes the approvals from gh-hooks' store (with --all the project's whole entry). Gemini's\n" +
			"trusted_hooks.json is left alone: its keys only silence a warning, Gemini runs project hooks\n" +
			"whether they are listed or not, and never removes keys itself. To make Gemini skip a hook,\n" +
			"use gh-hooks trust audit --disable-unapproved or gh-hooks disable NAME.\n\n" + editExitHelp + "\n\n" + trustProjectHelp,
		Flags: []cli.Flag{
			&cli.BoolFlag{Name: "all", Usage: "revoke every approval of the project", Destination: &o.All},
			&cli.BoolFlag{Name: "dry-run", Usage: "print the diff, write nothing", Destination: &o.DryRun},
		},
		Action: func(_ context.Context, c *cli.Command) error {
			o.Names = c.Args().Slice()
			return runTrustRevoke(o)
		},
	}
}

func trustListCommand(e *env) *cli.Command {
	o := &trustOptions{env: e}
	return &cli.Command{
		Name:      "list",
		Usage:     "list the projects with approvals in gh-hooks' store",
		UsageText: "gh-hooks trust list [--json]",
		Description: "--json prints {\"store\": PATH, \"projects\": [{\"project\", \"dir\", \"hooks\", \"exists\"}]}, sorted by\n" +
			"project (the real path); dir is the path given at the last approval, hooks the number of\n" +
			"approved hooks, exists false when the directory is gone (trust prune drops it).\n\n" +
			pipedHelp("PROJECT, HOOKS, DIRECTORY"),
		Flags: []cli.Flag{
			&cli.BoolFlag{Name: "json", Usage: "print one JSON object", Destination: &o.JSON},
		},
		Action: func(_ context.Context, c *cli.Command) error {
			if err := noArgs(c); err != nil {
				return err
			}
			return runTrustList(o)
		},
	}
}

func trustPruneCommand(e *env) *cli.Command {
	o := &trustOptions{env: e}
	return &cli.Command{
		Name:        "prune",
		Usage:       "drop approvals of projects whose directory no longer exists",
		UsageText:   "gh-hooks trust prune [--dry-run]",
		Description: "Gemini's trusted_hooks.json is left alone (Gemini never prunes it either).\n\n" + editExitHelp,
		Flags: []cli.Flag{
			&cli.BoolFlag{Name: "dry-run", Usage: "print the diff, write nothing", Destination: &o.DryRun},
		},
		Action: func(_ context.Context, c *cli.Command) error {
			if err := noArgs(c); err != nil {
				return err
			}
			return runTrustPrune(o)
		},
	}
}

func trustBaselineCommand(e *env) *cli.Command {
	o := &trustOptions{env: e}
	return &cli.Command{
		Name:      "baseline",
		Usage:     "print or write the project's hook baseline for a team to commit",
		ArgsUsage: "[FILE]",
		UsageText: "gh-hooks trust baseline [--write [--dry-run]] [--accept-not-covered] [--accept-dotenv] [FILE]",
		Description: "Prints the fingerprints of the current project hooks (sorted, no machine paths). With --write\n" +
			"it replaces FILE atomically, default <project>/.gemini/gh-hooks-trust.json. Commit it, and\n" +
			"let CI run `gh-hooks trust audit --baseline .gemini/gh-hooks-trust.json`, which exits 3 when\n" +
			"a project hook was added or changed without the baseline being updated.\n\n" +
			"--accept-not-covered records in the baseline that the team accepts what each hook's\n" +
			"fingerprint does not cover (the reasons trust audit names), as trust approve\n" +
			"--accept-not-covered does for your own approvals: until a hook or what it reaches changes.\n\n" +
			"--accept-dotenv records that the team acknowledges the project .env's findings (as trust\n" +
			"approve --accept-dotenv does for you): by code, variable, a hash of its value and the .env's\n" +
			"path in the project, so they hold in every checkout until a value changes.\n\n" +
			editExitHelp + "\n\n" + trustProjectHelp,
		Flags: []cli.Flag{
			&cli.BoolFlag{Name: "write", Usage: "write the baseline file instead of printing it", Destination: &o.Write},
			&cli.BoolFlag{Name: "dry-run", Usage: "with --write: print the diff, write nothing", Destination: &o.DryRun},
			&cli.BoolFlag{Name: "accept-not-covered", Usage: "record that the team accepts what the hooks' fingerprints do not cover", Destination: &o.AcceptNotCovered},
			&cli.BoolFlag{Name: "accept-dotenv", Usage: "record that the team acknowledges the project .env's findings, until a value changes", Destination: &o.AcceptDotEnv},
		},
		Action: func(_ context.Context, c *cli.Command) error {
			if c.Args().Len() > 1 {
				return usageError("trust baseline takes at most one FILE")
			}
			o.File = c.Args().First()
			return runTrustBaseline(o)
		},
	}
}

// trustEnv is everything a trust subcommand needs about the project.
type trustEnv struct {
	r       *merge.Result
	project fingerprint.Project
	// hooks are the project file's hooks in the order Gemini iterates them
	// for its trust check (fingerprint.ProjectHooks).
	hooks []merge.Hook
	// flag is "--project DIR " when --project was given, for hints.
	flag string
	// disables are the project's hooksConfig.disabled entries that switch
	// off other layers' hooks (issue 24 §3).
	disables []merge.ProjectDisable
}

func (t *trustEnv) opts() fingerprint.Options {
	o := fingerprint.Options{Home: t.r.Set.Paths.Home, Project: t.project, Hooks: t.hooks}
	for _, d := range t.disables {
		if !slices.Contains(o.Disables, d.Entry) {
			o.Disables = append(o.Disables, d.Entry)
		}
	}
	return o
}

// physicalDir is the project directory as Gemini's process sees it: its
// working directory comes from getcwd(2), which has every symlink resolved
// (Node's process.cwd(); spec §6 keys trusted_hooks.json by it), so $PWD,
// which os.Getwd prefers, is not used.
func (e *env) physicalDir(flag string) (string, error) {
	if flag == "" && e.Dir != "" {
		flag = e.Dir
	}
	if flag == "" {
		wd, err := syscall.Getwd()
		if errors.Is(err, fs.ErrNotExist) {
			// getcwd(2) fails with ENOENT once the directory was removed.
			return "", fail(errors.New("the current directory no longer exists (it was deleted or moved away)"), "cd into the project again, or pass it with --project")
		}
		if err != nil {
			return "", fail(fmt.Errorf("cannot determine the current directory: %w", err), "pass the project with --project")
		}
		return wd, nil
	}
	abs, err := filepath.Abs(e.abs(flag))
	if err != nil {
		return "", fail(fmt.Errorf("%s: %w", flag, err), "")
	}
	real, err := filepath.EvalSymlinks(abs)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return "", fail(fmt.Errorf("project directory %s does not exist", abs), "pass an existing directory with --project")
		}
		return "", fail(fmt.Errorf("project directory %s: %w", abs, err), "pass an existing directory with --project")
	}
	return real, nil
}

// loadTrust loads and merges the layers for the physical project directory
// and picks out the project file's hooks.
func loadTrust(e *env) (*trustEnv, error) {
	dir, err := e.physicalDir(e.project)
	if err != nil {
		return nil, err
	}
	set, err := e.loadLayers(dir)
	if err != nil {
		return nil, err
	}
	t := &trustEnv{r: merge.Merge(set)}
	t.disables = merge.ProjectDisables(t.r)
	if e.project != "" {
		t.flag = "--project " + shellword.Quote(e.project) + " "
	}
	if t.project, err = fingerprint.ProjectOf(dir, set); err != nil {
		return nil, fail(err, "")
	}
	pl := set.Settings(layers.Project)
	if pl != nil && pl.Err != nil {
		// Gemini refuses to start; auditing nothing would pass silently.
		return nil, fail(fmt.Errorf("%s:%d:%d: %s", pl.Err.Path, pl.Err.Line, pl.Err.Column, pl.Err.Msg),
			"fix the project settings file; gh-hooks validate lists its problems")
	}
	t.hooks = fingerprint.ProjectHooks(t.r)
	return t, nil
}

// storeError turns fingerprint's errors into exit 1 with their hint.
func storeError(err error) error {
	var se *fingerprint.StoreError
	if errors.As(err, &se) {
		return fail(err, se.Hint)
	}
	var we *config.WriteError
	if errors.As(err, &we) {
		return fail(err, we.Hint)
	}
	return fail(err, "")
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
	if o.DryRun && (o.Report.Format == formatSARIF || o.Report.Format == formatGitHub) {
		return usageError("--dry-run prints a diff on stdout, which --format %s cannot carry", o.Report.Format)
	}
	if o.DryRun && !o.DisableUnapproved {
		return usageError("--dry-run only applies to --disable-unapproved")
	}
	if o.DisableUnapproved && o.Baseline != "" {
		return usageError("--disable-unapproved works on your approvals, not on a baseline")
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
	if o.JSON {
		v := trustAuditJSON{Report: rep, Baseline: o.Baseline != "", Disable: dis, FolderTrust: newFolderTrustJSON(t.r.Set.Trust), Gemini: t.r.Set.Gemini, DotEnv: envPs}
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
		if o.Diff {
			for _, h := range rep.Hooks {
				printExplanation(out, h, fingerprint.Explain(home, h))
			}
		}
	}
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
			row := []any{h.ID, orDash(h.Name), h.Command}
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
		o.tableBy("", header, rows, layout{flex: []int{2, len(header) - 1}, minor: minor})
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
			notes = append(notes, fmt.Sprintf("%s: new, although an old approval of %q exists (%s/%s: %s): that approval is stale, of a hook that ran something else", h.ID, r.Name, r.Event, r.Pos, r.Command))
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
func suspiciousText(entries []string) string {
	var fields, other []string
	for _, e := range entries {
		if strings.Contains(e, ": ") {
			other = append(other, e)
		} else {
			fields = append(fields, e)
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
	return h.ID + " (" + h.Command + ")"
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
		return r.Name + ": " + r.Command
	}
	return r.Command
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
		note(o.Stderr, "approved %d project hook(s) of %s\n", len(res.IDs), t.project.Dir)
	}
	if len(res.Accepted) > 0 {
		note(o.Stderr, "acknowledged the project's disabled %s: %s\n", plural(len(res.Accepted), "entry", "entries"), quoteList(res.Accepted))
	}
	if len(res.AcceptedNotCovered) > 0 {
		note(o.Stderr, "accepted what the fingerprint does not cover for %s, until the hook or what it reaches changes\n", strings.Join(res.AcceptedNotCovered, ", "))
	}
	if !t.r.Set.Trust.Trusted {
		note(o.Stderr, "note: the folder is not trusted (%s): Gemini runs none of its hooks until it is\n", t.r.Set.Trust.Why)
	}
	return nil
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
		keys[i] = t.r.Set.DotEnvKey(p)
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
		if best := closest(n, cands); len(best) > 0 {
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
			rows = append(rows, []any{"env", k + "=" + h.Env[k]})
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
		if probes > 0 {
			// Where Python, Node or bash would look for a module or
			// program: a file planted there later changes the fingerprint.
			rows = append(rows, []any{"watched", fmt.Sprintf("%d empty place(s) the code looks in (modules, PATH folders)", probes)})
		}
		o.fields("  ", rows)
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
		if h.Status != fingerprint.Approved {
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
ask:
	for i, h := range todo {
		out.printf("(%d/%d) ", i+1, len(todo))
		shown[h.ID] = printHookDetails(out, t, []string{h.ID}, o.AcceptNotCovered)[h.ID]
		if shown[h.ID] != h.Fingerprint {
			// Edited between the audit and the details: what was
			// shown is not one state of the files.
			shown[h.ID] = "changed while shown"
		}
		printExplanation(out, h, fingerprint.Explain(t.r.Set.Paths.Home, h))
		for {
			out.printf("Approve %s [y,n,q,?]? ", h.ID)
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
			case "n", "no":
				continue ask
			case "q", "quit":
				break ask
			}
			out.printf("y - approve this hook\nn - do not approve this hook\nq - quit; approve only the hooks already answered y\n")
			if err != nil {
				break ask
			}
		}
	}
	if len(ids) == 0 && !o.AcceptDisabled {
		note(o.Stderr, "no hook approved\n")
		return nil
	}
	res, err := fingerprint.Approve(t.opts(), fingerprint.Selection{Names: ids, Shown: shown, AcceptDisabled: o.AcceptDisabled, AcceptNotCovered: o.AcceptNotCovered}, o.DryRun)
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
	note(o.Stderr, "approved %d project hook(s) of %s: %s\n", len(res.IDs), t.project.Dir, strings.Join(res.IDs, ", "))
	if len(res.Accepted) > 0 {
		note(o.Stderr, "acknowledged the project's disabled %s: %s\n", plural(len(res.Accepted), "entry", "entries"), quoteList(res.Accepted))
	}
	if len(res.AcceptedNotCovered) > 0 {
		note(o.Stderr, "accepted what the fingerprint does not cover for %s, until the hook or what it reaches changes\n", strings.Join(res.AcceptedNotCovered, ", "))
	}
	if !t.r.Set.Trust.Trusted {
		note(o.Stderr, "note: the folder is not trusted (%s): Gemini runs none of its hooks until it is\n", t.r.Set.Trust.Why)
	}
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

func runTrustRevoke(o *trustOptions) error {
	sel, err := o.selection("revoke")
	if err != nil {
		return err
	}
	t, err := loadTrust(o.env)
	if err != nil {
		return err
	}
	res, err := fingerprint.Revoke(t.opts(), sel, o.DryRun)
	if err != nil {
		return selectError(t, err)
	}
	out := newOut(o.env)
	if o.DryRun {
		printChanges(out, res.Files)
		return nil
	}
	if len(res.Files) == 0 {
		note(o.Stderr, "nothing to revoke: no approval of %s matches\n", t.project.Dir)
		return nil
	}
	for _, id := range res.IDs {
		out.printf("revoked %s\n", id)
	}
	if sel.All {
		out.printf("revoked every approval of %s\n", t.project.Dir)
	}
	note(o.Stderr, "note: Gemini's trusted_hooks.json is unchanged: its keys only silence Gemini's warning, and Gemini runs project hooks either way; to make Gemini skip them run `gh-hooks %strust audit --disable-unapproved`\n", t.flag)
	return nil
}

// trustListJSON is `trust list --json`.
type trustListJSON struct {
	Store    string              `json:"store"`
	Projects []fingerprint.Entry `json:"projects"`
}

func runTrustList(o *trustOptions) error {
	home := o.paths("").Home
	entries, err := fingerprint.List(home)
	if err != nil {
		return storeError(err)
	}
	if o.JSON {
		if err := writeJSON(o.Stdout, trustListJSON{Store: fingerprint.StorePath(home), Projects: entries}); err != nil {
			return fail(err, "")
		}
		return nil
	}
	out := newOut(o.env)
	if len(entries) == 0 {
		out.printf("No approvals in %s.\n", out.short(fingerprint.StorePath(home)))
		return nil
	}
	var rows [][]any
	for _, e := range entries {
		state := styled("ok")
		if !e.Exists {
			state = out.yellow("gone (gh-hooks trust prune drops it)")
		}
		rows = append(rows, []any{out.short(e.Project), fmt.Sprint(e.Hooks), state})
	}
	out.table("", []string{"DIRECTORY", "HOOKS", "STATUS"}, rows, 0)
	return nil
}

func runTrustPrune(o *trustOptions) error {
	home := o.paths("").Home
	gone, change, err := fingerprint.Prune(home, o.DryRun)
	if err != nil {
		return storeError(err)
	}
	out := newOut(o.env)
	if o.DryRun {
		if change == nil {
			printChanges(out, nil)
		} else {
			printChanges(out, []fingerprint.FileChange{*change})
		}
		// Say what the diff deletes: the approvals of the projects whose
		// directory is gone, and nothing of the others.
		if len(gone) > 0 {
			names := make([]string, len(gone))
			for i, g := range gone {
				names[i] = out.short(g)
			}
			note(o.Stderr, "dry run: would drop the approvals of %s whose directory is gone (%s); the other projects' are kept; nothing written\n",
				count(len(gone), "project"), strings.Join(names, ", "))
		}
		return nil
	}
	if len(gone) == 0 {
		note(o.Stderr, "nothing to prune: every project in %s exists\n", out.short(fingerprint.StorePath(home)))
		return nil
	}
	for _, g := range gone {
		out.printf("pruned %s\n", g)
	}
	return nil
}

func runTrustBaseline(o *trustOptions) error {
	if o.DryRun && !o.Write {
		return usageError("--dry-run only applies to --write")
	}
	if o.File != "" && !o.Write {
		// Without --write the baseline goes to stdout: a FILE would be ignored.
		q := shellword.Quote(o.File)
		return usageHint("gh-hooks trust baseline --write "+q+" (or gh-hooks trust baseline > "+q+")",
			"a baseline FILE (%s) only applies to --write", o.File)
	}
	t, err := loadTrust(o.env)
	if err != nil {
		return err
	}
	bo := fingerprint.BaselineOptions{AcceptNotCovered: o.AcceptNotCovered}
	if o.AcceptDotEnv {
		for _, p := range t.r.Set.DotEnvFindings() {
			bo.DotEnv = append(bo.DotEnv, t.r.Set.DotEnvKey(p))
		}
	}
	data := fingerprint.MarshalBaselineWith(t.project, t.hooks, bo)
	n := len(fingerprint.Compute(t.project, t.hooks)) // runtime hooks are not fingerprinted
	if !o.Write {
		if _, err := o.Stdout.Write(data); err != nil {
			return fail(err, "")
		}
		return nil
	}
	path := o.File
	if path == "" {
		path = fingerprint.BaselinePath(t.project)
	}
	wo := o.writeOpts(t.project.Dir, o.abs(path), o.DryRun)
	wo.Parse = config.Options{NoComments: true}
	ch, err := config.Update(o.abs(path), func(*config.Document) ([]byte, error) { return data, nil }, wo)
	if err != nil {
		var pe *config.ParseError
		if errors.As(err, &pe) {
			return fail(err, fmt.Sprintf("the baseline is not valid JSON: fix it, or remove it (rm %s) and write it again", shellword.Quote(path)))
		}
		return storeError(err)
	}
	if o.DryRun {
		printDiff(o.Stdout, ch.Diff())
		return nil
	}
	shown := ch.Target // the file a link leads to
	if shown == o.abs(path) {
		shown = path // as typed
	}
	if !ch.Written {
		note(o.Stderr, "%s is up to date (%d hook(s))\n", shown, n)
		return nil
	}
	note(o.Stderr, "wrote %s (%d hook(s)): review and commit it\n", shown, n)
	return nil
}

// quoteWords shell-quotes each word and joins them with spaces.
func quoteWords(words []string) string {
	q := make([]string, len(words))
	for i, w := range words {
		q[i] = shellword.Quote(w)
	}
	return strings.Join(q, " ")
}
