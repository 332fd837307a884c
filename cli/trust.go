package cli

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"slices"
	"strings"
	"syscall"

	"github.com/urfave/cli/v3"

	"github.com/gh-hooks/gh-hooks/config"
	"github.com/gh-hooks/gh-hooks/fingerprint"
	"github.com/gh-hooks/gh-hooks/internal/shellword"
	"github.com/gh-hooks/gh-hooks/layers"
	"github.com/gh-hooks/gh-hooks/merge"
)

// trustProjectHelp is shared by every trust subcommand: which directory
// the approvals belong to, and why symlinks are resolved.
const trustProjectHelp = "The project is --project, else the current directory, with every symbolic link resolved:\n" +
	"Gemini keys trusted_hooks.json by path.resolve(process.cwd()), which is the real path (getcwd\n" +
	"resolves symlinks, whatever $PWD says), so a project reached through a symlink has one\n" +
	"approval, under its real path."

// trustProjectLine is trustProjectHelp in the help of a trust subcommand.
const trustProjectLine = "The project is --project, else the current directory, with every symbolic link resolved\n" +
	"(gh-hooks trust --help says why)."

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
			"use gh-hooks trust audit --disable-unapproved or gh-hooks disable NAME.\n\n" + editExitHelp + "\n\n" + trustProjectLine,
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
			editExitHelp + "\n\n" + trustProjectLine,
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
			bo.DotEnv = append(bo.DotEnv, fingerprint.DotEnvAckKey(t.project, t.r.Set, p))
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
