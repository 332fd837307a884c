package cli

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/urfave/cli/v3"

	"github.com/gh-hooks/gh-hooks/config"
	"github.com/gh-hooks/gh-hooks/internal/shellword"
	"github.com/gh-hooks/gh-hooks/layers"
	"github.com/gh-hooks/gh-hooks/merge"
	"github.com/gh-hooks/gh-hooks/migrate"
	"github.com/gh-hooks/gh-hooks/slashcmd"
)

func migrateCommand(e *env) *cli.Command {
	o := &migrateOptions{env: e, Scope: "project", Commands: true}
	return &cli.Command{
		Name:      "migrate",
		Usage:     "convert Claude Code hooks (and slash commands) into Gemini CLI hooks, reporting every hook's fate",
		ArgsUsage: "[SOURCE...]",
		UsageText: "gh-hooks migrate [SOURCE...] [--scope project|user] [--to DIR] [--dry-run] [--json] [--force] " +
			"[--no-default-timeout] [--commands | --no-commands] [--adapter auto|always|never] [--check [--format FORMAT]]",
		Description: "Sources (Claude Code):\n" +
			"  none, --scope project  <project>/.claude/settings.json and .claude/settings.local.json, combined\n" +
			"                         (Claude merges hook arrays across levels; Gemini's own migrator reads only one)\n" +
			"  none, --scope user     ~/.claude/settings.json ($HOME, as Claude Code reads it)\n" +
			"  FILE                   a Claude settings file (any JSON file with a top-level \"hooks\" object)\n" +
			"  DIR                    a Claude project (DIR/.claude/settings*.json) or a Claude plugin (DIR with\n" +
			"                         hooks/hooks.json or .claude-plugin/plugin.json); a plugin's hooks/hooks.json or\n" +
			"                         .claude-plugin/plugin.json names the whole plugin\n" +
			"Targets (Gemini CLI):\n" +
			"  settings sources       --scope project: <project>/.gemini/settings.json (default);\n" +
			"                         --scope user: <home>/.gemini/settings.json ($GEMINI_CLI_HOME or $HOME)\n" +
			"  a plugin               --to DIR: the Gemini extension DIR, hooks into DIR/hooks/hooks.json and commands\n" +
			"                         into DIR/commands; ${CLAUDE_PLUGIN_ROOT} becomes ${extensionPath}.\n" +
			"                         DIR/gemini-extension.json is made from .claude-plugin/plugin.json (name made\n" +
			"                         valid for Gemini, version 1.0.0 when there is none; an existing valid manifest\n" +
			"                         is kept), and the plugin files the hooks start (found by reading each command)\n" +
			"                         are copied with the rest of their top-level directory (scripts/ for\n" +
			"                         scripts/guard.sh); an edited copy is kept unless --force. An extension that\n" +
			"                         cannot be complete (a started file the plugin lacks, an existing manifest\n" +
			"                         Gemini would skip) is an error and nothing is written. Load it with gemini\n" +
			"                         extensions link DIR. Without --to nothing is written: the files are shown\n" +
			"                         relative to the extension directory (a dry run)\n\n" +
			"Sync: each run keeps the Gemini side in step with the Claude side. Every Claude hook becomes one\n" +
			"Gemini definition whose hook is named claude:WHAT (the script's file name, claude:guard.sh, else\n" +
			"the programs it runs; -2, -3 when two would share a name), described with its source and a stamp\n" +
			"of what migrate wrote. Hooks named claude:... are migrate's: a rerun makes them exactly what a\n" +
			"fresh migration writes (after a Claude hook is edited, added, removed or moved, or with another\n" +
			"--adapter or timeout option), editing the file in place (comments, order, indentation and line\n" +
			"ends kept; locked, replaced atomically). Hooks written by hand are never touched; a nameless hook\n" +
			"that runs exactly what migrate writes for a Claude hook (an earlier gh-hooks wrote no names) is\n" +
			"taken as its copy. A migrated hook edited in the Gemini file (its timeout, matcher or command: the\n" +
			"stamp no longer matches) is kept and reported as a conflict, with a warning, as is one whose\n" +
			"Claude hook is gone: --force takes the Claude side; dropping claude: from its name makes it yours\n" +
			"for good. When its Claude file is gone (.claude/settings.json, or ~/.claude/settings.json with\n" +
			"--scope user, looked for and absent), a migrated hook is orphaned, even with no Claude file left:\n" +
			"migrate removes it and --check reports it. One whose Claude file was not read, or is a missing\n" +
			".claude/settings.local.json (one person's file, absent for the others and in CI), is left as it\n" +
			"is. With no Claude file and no migrated hook there is nothing to migrate (exit 1). Hooks of other\n" +
			"Gemini layers are never copied, $VARs never expanded, and a target that does not parse never\n" +
			"written (exit 1). Timeouts become milliseconds; a hook without one gets Claude's default written\n" +
			"out (600000 ms for command hooks) unless --no-default-timeout.\n\n" +
			"--check is the CI drift gate: it writes nothing (no hooks, commands or extension files), and reports\n" +
			"each migrated hook that differs from what a migration writes (migrate-missing, migrate-outdated,\n" +
			"migrate-orphaned, migrate-conflict: errors, with the command that fixes them) and, as information,\n" +
			"each hook of the target with no Claude source (migrate-gemini-only: a hand-written Gemini hook, never\n" +
			"migrated back). --format text|json|sarif|github as for validate (paths relative to $GITHUB_WORKSPACE\n" +
			"when set). Exit 0 in sync, 3 not in sync, 1 when it cannot compare.\n\n" +
			"Slash commands: <project>/.claude/commands/**/*.md (--scope user: ~/.claude/commands; a project DIR:\n" +
			"DIR/.claude/commands; a plugin: its commands/) become TOML files in the matching .gemini/commands (or\n" +
			"the extension's commands/); a/b.md becomes a/b.toml, called /a:b. An existing file with other content\n" +
			"is kept unless --force. An explicit settings FILE has no commands directory. --no-commands skips them.\n\n" +
			"Output: a table of every source hook with its fate (migrated, migrated-with-changes, dropped,\n" +
			"already-present) and why; then \"What the scripts expect of Claude\": for each script a hook starts\n" +
			"(read only inside the project, plugin or .claude directory), what in it depends on Claude (tool and\n" +
			"event names, renamed tool_input fields, Claude's output fields, the transcript, CLAUDE_* variables,\n" +
			"programs not on PATH) and whether the adapter covers it, uncovered first; an uncovered one makes the\n" +
			"hook migrated-with-changes. Then \"Gemini hooks in FILE\": one line per migrated Gemini hook, added,\n" +
			"updated (what changes, old → new), removed, unchanged or conflict. Then the summary lines. " +
			pipedHelp("SOURCE (path:line:column),\n"+
				"EVENT, FATE, WHY; ACTION, NAME, EVENT, WHAT; and for commands NAME, FILE, STATUS") + "\n" +
			"--dry-run adds the unified diff of every file and writes nothing. --json prints one object:\n" +
			"target, sources, items (one per Claude hook, in file order), counts, hooks (one per migrated\n" +
			"Gemini hook), foreign (the target's hooks migrate did not write), written, diff, commands,\n" +
			"extension (plugins only) and warnings; docs/migrate.md lists their fields.\n" +
			"--check --json prints {target, inSync, hooks, foreign, problems, counts}.\n\n" +
			"Exit status: 0 when every hook was migrated or reported (dropped hooks and conflicts included), 1 on an\n" +
			"error (an unreadable source or target, with path:line:col, or an extension that cannot be complete;\n" +
			"nothing is written), 2 on a usage error, 3 with --check when the Gemini side is not in sync.",
		Flags: []cli.Flag{
			&choice{Name: "scope", Value: "project", Usage: "where settings sources come from and go to: project or user", Destination: &o.Scope, Config: fixed("project", "user")},
			&cli.StringFlag{Name: "to", Usage: "write a Claude plugin into the Gemini extension `DIR`", TakesFile: true, Destination: &o.To},
			&cli.BoolFlag{Name: "dry-run", Usage: "print the unified diff of every file and write nothing", Destination: &o.DryRun},
			&cli.BoolFlag{Name: "json", Usage: "print one JSON object (see the description)", Destination: &o.JSON},
			&cli.BoolFlag{Name: "force", Usage: "overwrite migrated hooks edited on the Gemini side, and existing Gemini command files (and an extension's copies of plugin files) that differ", Destination: &o.Force},
			&cli.BoolFlag{Name: "no-default-timeout", Usage: "leave hooks without a Claude timeout to Gemini's 60 s default", Destination: &o.Convert.OmitDefaultTimeout},
			&cli.BoolFlag{Name: "commands", Value: true, Usage: "also migrate Claude slash commands (--commands=false or --no-commands to skip)", Destination: &o.Commands},
			&cli.BoolFlag{Name: "no-commands", Usage: "do not migrate slash commands", Destination: &o.NoCommands},
			&cli.BoolFlag{Name: "check", Usage: "write nothing; exit 3 when the Gemini side is not what a migration writes (a CI drift gate)", Destination: &o.Check},
			&choice{Name: "format", Value: formatText, Usage: "with --check, output `FORMAT`: " + strings.Join(formats, ", "), Destination: &o.Format, Config: fixed(formats...)},
			&choice{Name: "adapter", Value: "auto", Usage: "run migrated hooks behind gh-hooks claude-compat, which speaks Claude's protocol to them: auto, always or never", Destination: &o.Adapter, Config: fixed("auto", "always", "never")},
		},
		Action: func(_ context.Context, c *cli.Command) error {
			o.Sources = c.Args().Slice()
			if c.IsSet("commands") && o.Commands && o.NoCommands {
				return usageError("--commands and --no-commands contradict each other")
			}
			return runMigrate(o)
		},
	}
}

// migrateOptions is what the flags ask for.
type migrateOptions struct {
	*env
	Scope      string
	Sources    []string
	To         string
	DryRun     bool
	JSON       bool
	Force      bool
	Commands   bool
	NoCommands bool
	Convert    migrate.Options
	Adapter    string
	// Check compares and writes nothing (--check).
	Check  bool
	Format string
	// dir is the absolute project directory (from --project).
	dir string
}

// migrateJob is a resolved migration (migrate.Job) and what the command
// learns of it as it goes.
type migrateJob struct {
	migrate.Job
	// orphans: no Claude hooks, but the target holds hooks migrate wrote
	// from a Claude file now gone, which the run removes.
	orphans bool
}

// migrateJSON is the documented --json shape.
type migrateJSON struct {
	Target  migrate.Target    `json:"target"`
	Sources []*migrate.Source `json:"sources"`
	Items   []migrate.Item    `json:"items"`
	Counts  migrate.Counts    `json:"counts"`
	// Hooks is what the migration does to each migrated Gemini hook.
	Hooks []migrate.SyncItem `json:"hooks"`
	// Foreign are the target's hooks migrate did not write.
	Foreign  []migrate.ForeignHook `json:"foreign"`
	Written  bool                  `json:"written"`
	Diff     string                `json:"diff,omitempty"`
	Commands *commandsMigJSON      `json:"commands,omitempty"`
	// Extension is the manifest and plugin files of a plugin migration.
	Extension *extensionJSON `json:"extension,omitempty"`
	Warnings  []string       `json:"warnings"`

	changed bool // the target's content would change
}

type commandsMigJSON struct {
	From     string           `json:"from"`
	To       string           `json:"to"`
	Files    []commandFile    `json:"files"`
	Problems []config.Problem `json:"problems"`
}

// commandFile is one planned command file and what happened to it.
type commandFile struct {
	Source string `json:"source"`
	Target string `json:"target"`
	Name   string `json:"name"`
	Status string `json:"status"`
	Diff   string `json:"diff,omitempty"`
}

func runMigrate(o *migrateOptions) error {
	if err := o.check(); err != nil {
		return err
	}
	job, err := resolveMigration(o)
	if err != nil {
		return err
	}
	commands := o.Commands && !o.NoCommands
	o.Convert.Gone = job.Gone
	if len(job.Sources) == 0 && len(job.Gone) > 0 && job.Path != "" {
		// The Claude side is gone: the target may still hold what migrate
		// wrote from it, which is then orphaned (removed, or drift).
		// A target that cannot be read keeps "nothing to migrate".
		res, _, err := migrateHooks(job, o, true)
		job.orphans = err == nil && len(res.Sync) > 0
	}
	if len(job.Sources) == 0 && !job.orphans && (!commands || !hasDir(job.CmdFrom)) {
		err := fmt.Errorf("nothing to migrate: no Claude hooks or commands in %s", strings.Join(job.Looked, ", "))
		if len(o.Sources) == 0 && o.Scope == "project" {
			if above := migrate.ClaudeProjectAbove(o.dir, o.home()); above != "" {
				// Run in a subdirectory: the Gemini project (and so the target) is where .claude is.
				return fail(err, "the Claude project is "+above+": gh-hooks --project "+shellword.Quote(above)+" migrate")
			}
		}
		hint := "name the Claude settings file, project or plugin: gh-hooks migrate PATH"
		if o.Scope == "project" {
			hint += " (or --scope user)"
		}
		return fail(err, hint)
	}
	if o.Check {
		return checkMigration(o, job)
	}
	dry := o.DryRun || job.Path == ""

	// Plan the commands first, so that a commands tree that cannot be read
	// stops the run before anything is written.
	var plan *slashcmd.Plan
	if commands && hasDir(job.CmdFrom) {
		if plan, err = planCommands(job, o); err != nil {
			return fail(err, "")
		}
	}

	var ext *extensionJSON
	if job.Plugin != "" {
		if ext, err = planExtension(job, o); err != nil {
			return err
		}
	}

	if b := o.Convert.AdapterBinary; b != "" && b != "gh-hooks" && len(job.Sources) > 0 {
		job.Warnings = append(job.Warnings, fmt.Sprintf("migrated hooks call the Claude hook adapter by its absolute path %s, because gh-hooks on PATH is not this program; whoever shares these settings needs gh-hooks there (or rerun migrate with gh-hooks on PATH)", b))
	}
	v := migrateJSON{Target: job.Target, Sources: nonNil(job.Sources), Items: []migrate.Item{}, Hooks: []migrate.SyncItem{},
		Foreign: []migrate.ForeignHook{}, Extension: ext}
	if len(job.Sources) > 0 || job.orphans {
		res, ch, err := migrateHooks(job, o, dry)
		if err != nil {
			return err
		}
		v.Items, v.Counts, v.Written, v.changed = nonNil(res.Report.Items), res.Report.Counts, ch.Written, ch.Changed()
		v.Hooks, v.Foreign = res.Sync, res.Foreign
		if dry {
			v.Diff = ch.Diff()
		}
	}
	if plan != nil {
		cj, err := migrateCommands(o.env, job, plan, dry)
		v.Commands = cj
		if err != nil {
			// Report what was done before the failure, then fail.
			printMigration(o, job, dry, v)
			return err
		}
	}
	if ext != nil {
		// The plugin's files, then the manifest: Gemini loads nothing of
		// an extension without one, so a failure leaves none.
		if err := writeExtensionFiles(o.env, ext, job, o.Force, dry); err != nil {
			printMigration(o, job, dry, v)
			return err
		}
		if err := writeManifest(o.env, ext, job, dry); err != nil {
			printMigration(o, job, dry, v)
			return err
		}
	}
	return printMigration(o, job, dry, v)
}

// printMigration prints the report as JSON or for a person.
func printMigration(o *migrateOptions, job *migrateJob, dry bool, v migrateJSON) error {
	v.Warnings = nonNil(job.Warnings)
	if o.JSON {
		if err := writeJSON(o.Stdout, v); err != nil {
			return fail(err, "")
		}
		return nil
	}
	printMigrate(o, job, dry, v)
	return nil
}

// check checks the flags and resolves the project directory.
func (o *migrateOptions) check() error {
	if o.Scope != "project" && o.Scope != "user" {
		return usageError("--scope %q: want project or user", o.Scope)
	}
	switch m := migrate.AdapterMode(o.Adapter); m {
	case migrate.AdapterAuto, migrate.AdapterAlways, migrate.AdapterNever:
		o.Convert.Adapter = m
		if m != migrate.AdapterNever {
			o.Convert.AdapterBinary = adapterBinary(o.env)
		}
	default:
		return usageError("--adapter %q: want auto, always or never", o.Adapter)
	}
	if o.Format == "" {
		o.Format = formatText
	}
	if !slices.Contains(formats, o.Format) {
		return usageError("--format %q: want %s", o.Format, strings.Join(formats, ", "))
	}
	switch {
	case o.Format != formatText && !o.Check:
		return usageError("--format is for --check; the migration report is text or --json")
	case o.Check && o.DryRun:
		return usageError("--check writes nothing already; drop --dry-run")
	case o.Check && o.JSON && o.Format != formatText && o.Format != formatJSON:
		return usageError("--json and --format %s contradict each other; give one", o.Format)
	case o.Check && o.JSON:
		o.Format = formatJSON
	}
	o.Convert.Force = o.Force
	o.Convert.LookPath = func(name string) bool { _, err := o.lookPath(name); return err == nil }
	o.Convert.Home = o.home()
	dir := o.abs(o.project)
	if dir == "" {
		dir = "."
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return fail(fmt.Errorf("%s: %w", dir, err), "")
	}
	// The same words as every other command (layers.Load).
	if st, err := os.Stat(abs); err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return fail(fmt.Errorf("project directory %s: %w", abs, err), "pass an existing directory with --project")
	} else if !st.IsDir() {
		return fail(fmt.Errorf("project directory %s is not a directory", abs), "pass an existing directory with --project")
	}
	o.dir = abs
	o.Convert.ProjectDir = abs
	if o.To != "" {
		if o.To, err = filepath.Abs(o.abs(o.To)); err != nil {
			return fail(err, "")
		}
	}
	return nil
}

// resolveMigration classifies the sources and picks the target
// (migrate.Resolve), then notes an untrusted folder.
func resolveMigration(opts *migrateOptions) (*migrateJob, error) {
	paths := opts.paths(opts.dir)
	req := migrate.Request{Scope: opts.Scope, To: opts.To, Dir: opts.dir, Paths: paths,
		// Claude Code reads ~/.claude from the real home; GEMINI_CLI_HOME is
		// Gemini's knob only.
		ClaudeHome: opts.home()}
	for _, a := range opts.Sources {
		p, err := filepath.Abs(opts.abs(a))
		if err != nil {
			return nil, fail(err, "")
		}
		req.Sources = append(req.Sources, migrate.Arg{Given: a, Path: p})
	}
	j, err := migrate.Resolve(req)
	if err != nil {
		return nil, sourceError(err)
	}
	job := &migrateJob{Job: *j}
	if job.Plugin == "" {
		return job, trustWarning(job, opts, paths)
	}
	return job, nil
}

// sourceError turns a Claude file that cannot be read into exit 1 with
// path:line:col first.
func sourceError(err error) error {
	var re *migrate.RequestError
	if errors.As(err, &re) {
		if re.Usage {
			return &exitError{code: 2, err: re.Err, hint: re.Hint}
		}
		return fail(re.Err, re.Hint)
	}
	var pe *config.ParseError
	if errors.As(err, &pe) {
		// ParseError's hint speaks of Gemini settings; this is Claude's.
		return fail(pe, firstNonEmpty(pe.Fix, pe.Hint, "fix the file")+", then run gh-hooks migrate again")
	}
	return fail(migrateErr(err), "")
}

// migrateErr is err without migrate's prefix when it is migrate's
// (*migrate.Error).
func migrateErr(err error) error {
	if me, ok := err.(*migrate.Error); ok {
		return me.Err
	}
	return err
}

// trustWarning notes that Gemini will not run migrated project hooks in an
// untrusted folder (spec §1.7). The file is still edited in place, so no
// key is lost, unlike Gemini's own migrator (spec §7 item 11).
func trustWarning(job *migrateJob, opts *migrateOptions, paths layers.Paths) error {
	if opts.Scope != "project" || paths.ProjectIsHome || len(job.Sources) == 0 {
		return nil
	}
	set, err := opts.env.loadLayers(opts.dir)
	if err != nil || !set.Trust.Enabled || set.Trust.Trusted {
		return nil
	}
	job.Warnings = append(job.Warnings, "this folder is not trusted: Gemini runs no settings hooks here until it is ("+merge.TrustHint(set)+")")
	return nil
}

// migrateHooks converts and appends inside config.Update, so the
// idempotence check sees the file as it is under the lock.
func migrateHooks(job *migrateJob, opts *migrateOptions, dry bool) (*migrate.Result, config.Change, error) {
	var res *migrate.Result
	edit := func(doc *config.Document) ([]byte, error) {
		res = migrate.Convert(job.Target, job.Sources, doc, opts.Convert)
		if len(res.Edits) == 0 || opts.Check {
			return nil, nil
		}
		// The edits are byte-stable: everything migrate does not own
		// keeps its bytes (comments, order, indentation, line ends).
		ed := doc.Edit()
		if err := res.Apply(ed); err != nil {
			ptr := "/hooks"
			var ae *migrate.ApplyError
			if errors.As(err, &ae) {
				ptr, err = eventPointer(ae.Edit.Pointer), ae.Err
			}
			return nil, appendError(job.Display, doc, ptr, err)
		}
		return ed.Bytes()
	}
	if job.Path == "" {
		// Plugin preview: a new extension file, never written.
		data, err := edit(nil)
		if err != nil {
			return nil, config.Change{}, fail(err, "")
		}
		return res, config.Change{Path: job.Display, New: data}, nil
	}
	wo := opts.writeOpts(job.ProjectDir, job.Path, dry)
	wo.Parse = job.Parse
	ch, err := config.Update(job.Path, edit, wo)
	if err != nil {
		var pe *config.ParseError
		var we *config.WriteError
		switch {
		case errors.As(err, &pe):
			return nil, ch, fail(pe, firstNonEmpty(pe.Hint, "fix the file (gh-hooks validate "+job.Path+"), then run migrate again"))
		case errors.As(err, &we):
			return nil, ch, fail(we, we.Hint)
		}
		var ee *exitError
		if errors.As(err, &ee) {
			return nil, ch, err
		}
		return nil, ch, fail(err, "")
	}
	// Name the file really written (a link inside the project leads to it).
	job.Display = ch.Target
	return res, ch, nil
}

// eventPointer is the /hooks/EVENT part of an edit's pointer.
func eventPointer(p string) string {
	parts := strings.SplitN(p, "/", 4)
	if len(parts) >= 3 {
		return strings.Join(parts[:3], "/")
	}
	return p
}

// appendError explains an event value the migrated definitions cannot be
// appended to (e.g. a bare object, which Gemini wraps, or "hooks": []).
func appendError(path string, doc *config.Document, ptr string, err error) error {
	line, col := 1, 1
	if doc != nil {
		line, col = doc.PositionOf(ptr)
	}
	return &exitError{code: 1, err: fmt.Errorf("%s:%d:%d: %s: cannot append the migrated hooks: %w", path, line, col, ptr, err),
		hint: "make " + ptr + " an array of hook definitions (and /hooks an object), then run migrate again"}
}

// planCommands plans the commands migration. A preview plans against an
// empty scratch directory, so no file near the current directory is taken
// for the extension's, and reports the targets relative to the extension.
func planCommands(job *migrateJob, opts *migrateOptions) (*slashcmd.Plan, error) {
	if !job.Preview {
		return slashcmd.PlanMigration(slashcmd.PlanOptions{From: job.CmdFrom, To: job.CmdTo, Force: opts.Force, FromWithin: job.CmdWithin,
			ToWithin: opts.writeOpts(job.ProjectDir, job.CmdTo, true).Within})
	}
	tmp, err := os.MkdirTemp("", "gh-hooks-preview-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	plan, err := slashcmd.PlanMigration(slashcmd.PlanOptions{From: job.CmdFrom, To: tmp, Force: opts.Force, FromWithin: job.CmdWithin})
	if err != nil {
		return nil, err
	}
	for i, w := range plan.Writes {
		if rel, err := filepath.Rel(tmp, w.Target); err == nil {
			plan.Writes[i].Target = filepath.Join(job.CmdTo, rel)
		}
	}
	return plan, nil
}

// migrateCommands writes (or, dry, diffs) the planned command files. Each
// write is atomic; a file that appeared since planning is kept.
func migrateCommands(e *env, job *migrateJob, plan *slashcmd.Plan, dry bool) (*commandsMigJSON, error) {
	cj := &commandsMigJSON{From: job.CmdFrom, To: job.CmdTo, Files: []commandFile{}, Problems: plan.Problems}
	for _, w := range plan.Writes {
		f := commandFile{Source: w.Source, Target: w.Target, Name: w.Name}
		var old []byte
		exists := false
		if !job.Preview {
			var err error
			old, err = config.ReadRegularWithin(w.Target, e.writeOpts(job.ProjectDir, w.Target, true).Within)
			exists = err == nil
		}
		switch {
		case exists && bytes.Equal(old, w.Data):
			f.Status = "unchanged"
		case w.Skip, exists && !w.Exists:
			// Kept: other content without --force, or created since the plan.
			f.Status = "kept"
		case dry:
			f.Status = "would-write"
			if !exists {
				old = nil
			}
			f.Diff = config.Diff(w.Target, old, w.Data)
		default:
			if err := config.WriteFile(w.Target, w.Data, 0o644, e.writeOpts(job.ProjectDir, w.Target, false)); err != nil {
				var we *config.WriteError
				hint := ""
				if errors.As(err, &we) {
					hint = we.Hint
				}
				cj.Files = append(cj.Files, f)
				return cj, fail(err, hint)
			}
			f.Status = "written"
		}
		cj.Files = append(cj.Files, f)
	}
	if cj.Problems == nil {
		cj.Problems = []config.Problem{}
	}
	return cj, nil
}

// printMigrate is the human report: sources, the fate table, a summary,
// the commands, and with a dry run the diffs.
func printMigrate(opts *migrateOptions, job *migrateJob, dry bool, v migrateJSON) {
	o := newOut(opts.env)
	if len(job.Sources) > 0 || job.orphans {
		o.printf("%s %s (%s)\n", o.bold("Target"), o.short(job.Display), job.Target.Kind)
		for _, g := range job.Gone {
			if !migrate.IsLocalSettings(g) {
				o.printf("  from %s: gone\n", o.short(g))
			}
		}
		for _, s := range job.Sources {
			o.printf("  from %s\n", o.short(s.Path))
			for _, n := range s.Notes {
				o.para(6, "    %s", o.dim("note: "+n))
			}
		}
		o.printf("\n")
		if len(v.Items) > 0 {
			if o.tty && !o.wide {
				// On a terminal the reasons are the report: each item's
				// line, then its reason wrapped to the width, never cut.
				for _, it := range v.Items {
					o.para(4, "%s  %s  %s", sprintf("%s:%d:%d", o.short(it.Path), it.Line, it.Column), it.EventLabel(), paintFate(o, it.Fate))
					o.printf("%s\n", o.fit(sprintf("    %s", it.Why()), 4))
				}
			} else {
				var rows [][]any
				for _, it := range v.Items {
					rows = append(rows, []any{fmt.Sprintf("%s:%d:%d", it.Path, it.Line, it.Column), it.EventLabel(), string(it.Fate), it.Why()})
				}
				o.table("", []string{"SOURCE", "EVENT", "FATE", "WHY"}, rows, 3, 0)
			}
			o.printf("\n")
			printScripts(o, v.Items)
		}
		printSync(o, job.Display, v.Hooks)
		o.printf("%s\n", summaryLine(v.Counts))
		if l := syncLine(v.Hooks); l != "" {
			o.printf("%s\n", l)
		}
		switch {
		case v.Written:
			o.printf("%s %s\n", o.green("wrote"), o.short(job.Display))
		case v.changed:
			o.printf("dry run: %s not written\n", o.short(job.Display))
		case v.Counts.AlreadyPresent > 0:
			o.printf("nothing to write: %s is up to date\n", o.short(job.Display))
		default:
			o.printf("nothing to write: no hook could be migrated\n")
		}
	}
	if v.Commands != nil {
		cj := v.Commands
		o.printf("\n%s %s -> %s\n", o.bold("Commands"), o.short(cj.From), o.short(cj.To))
		var rows [][]any
		for _, f := range cj.Files {
			rows = append(rows, []any{"/" + f.Name, o.short(f.Target), f.Status})
		}
		if len(rows) == 0 {
			o.printf("  no command files\n")
		}
		o.table("  ", []string{"NAME", "FILE", "STATUS"}, rows, 1, 2)
		if len(cj.Problems) > 0 {
			o.printf("\n%s\n", o.bold("Problems"))
			printProblems(o, cj.Problems, "  ")
		}
	}
	if v.Extension != nil {
		printExtension(o, v.Extension)
	}
	for _, w := range v.Warnings {
		warn(opts.Stderr, w, "")
	}
	for _, h := range v.Hooks {
		if h.Action == migrate.ActionConflict && h.HandWritten {
			name := h.Name
			if name == "" {
				name = "the hook without a name"
			}
			warn(opts.Stderr, fmt.Sprintf("%s (%s line %d) runs a Claude hook's command, but migrate did not write it: kept as it is, and no copy added", name, h.Event, h.Line), migrate.HandWrittenHint)
		} else if h.Action == migrate.ActionConflict {
			warn(opts.Stderr, fmt.Sprintf("%s (%s line %d) was edited in the Gemini file since migrate wrote it: kept as it is", h.Name, h.Event, h.Line), conflictHint(opts))
		}
	}
	if !dry {
		return
	}
	if v.Diff != "" || v.Commands != nil {
		o.printf("\n")
	}
	printDiff(o.w, v.Diff)
	if v.Commands != nil {
		for _, f := range v.Commands.Files {
			printDiff(o.w, f.Diff)
		}
	}
	if v.Extension != nil {
		printDiff(o.w, v.Extension.Manifest.Diff)
	}
}

// printScripts is the section "What the scripts expect of Claude": per
// item, the files its command starts and, for each, the findings of
// claudecompat.Scan, those the adapter does not cover first.
func printScripts(o *out, items []migrate.Item) {
	header := false
	for _, it := range items {
		for _, sc := range it.Scripts {
			if sc.State == migrate.StateRead && len(sc.Findings) == 0 {
				continue
			}
			if !header {
				o.printf("%s\n", o.bold("What the scripts expect of Claude"))
				header = true
			}
			o.para(4, "  %s (%s:%d:%d, %s)", o.short(sc.Path), o.short(it.Path), it.Line, it.Column, it.EventLabel())
			if sc.State != migrate.StateRead {
				why := sc.State
				if sc.Detail != "" {
					why += ": " + sc.Detail
				}
				o.para(6, "    %s", o.dim("not read ("+why+")"))
				continue
			}
			for _, covered := range []bool{false, true} {
				for _, f := range sc.Findings {
					if f.Covered != covered {
						continue
					}
					label := o.yellow("not covered")
					if covered {
						label = o.green("covered")
					}
					o.printf("%s\n", o.fit(sprintf("    %s line %d, %s: %s", label, f.Line, f.Kind, f.Note), 6))
					o.printf("      %s\n", o.dim(f.Text))
				}
			}
		}
	}
	if header {
		o.printf("\n")
	}
}

// summaryLine counts the fates in one sentence.
func summaryLine(n migrate.Counts) string {
	s := fmt.Sprintf("%d migrated, %d with changes, %d dropped", n.Migrated, n.Changed, n.Dropped)
	if n.AlreadyPresent > 0 {
		s += fmt.Sprintf(", %d already present", n.AlreadyPresent)
	}
	if n.Changed+n.Dropped > 0 {
		s += " (see reasons above)"
	}
	return s
}

// syncLine counts the migrated Gemini hooks by action ("" for none).
func syncLine(hooks []migrate.SyncItem) string {
	by := map[string]int{}
	for _, h := range hooks {
		by[h.Action]++
	}
	var parts []string
	for _, a := range []string{migrate.ActionAdded, migrate.ActionUpdated, migrate.ActionRemoved, migrate.ActionUnchanged, migrate.ActionConflict} {
		if by[a] > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", by[a], a))
		}
	}
	if len(parts) == 0 {
		return ""
	}
	return "Gemini hooks: " + strings.Join(parts, ", ")
}

func hasDir(p string) bool {
	if p == "" {
		return false
	}
	st, err := os.Stat(p)
	return err == nil && st.IsDir()
}

func fileExists(p string) bool {
	st, err := os.Stat(p)
	return err == nil && !st.IsDir()
}

func firstNonEmpty(ss ...string) string {
	for _, s := range ss {
		if s != "" {
			return s
		}
	}
	return ""
}

// adapterBinary is how migrated hooks name gh-hooks: "gh-hooks" when that
// name on PATH is this very program, else this program's absolute path
// (a build in a checkout, or a copy under another name), so that the hook
// finds the adapter either way.
func adapterBinary(e *env) string {
	self, err := os.Executable()
	if err != nil {
		return "gh-hooks"
	}
	onPath, err := e.lookPath("gh-hooks")
	if err == nil {
		a, errA := os.Stat(onPath)
		b, errB := os.Stat(self)
		if errA == nil && errB == nil && os.SameFile(a, b) {
			return "gh-hooks"
		}
	}
	if real, err := filepath.EvalSymlinks(self); err == nil {
		self = real
	}
	return self
}

// paintFate colours a migration fate on a terminal: dropped in red,
// migrated-with-changes in yellow.
func paintFate(o *out, f migrate.Fate) any {
	switch f {
	case migrate.FateDropped:
		return o.red(string(f))
	case migrate.FateChanged:
		return o.yellow(string(f))
	}
	return string(f)
}
