package cli

import (
	"strings"

	"github.com/gh-hooks/gh-hooks/config"
	"github.com/gh-hooks/gh-hooks/merge"
	"github.com/gh-hooks/gh-hooks/migrate"
)

// migrateCheckJSON is migrate --check --json.
type migrateCheckJSON struct {
	Target   migrate.Target        `json:"target"`
	InSync   bool                  `json:"inSync"`
	Hooks    []migrate.SyncItem    `json:"hooks"`
	Foreign  []migrate.ForeignHook `json:"foreign"`
	Problems []config.Problem      `json:"problems"`
	Counts   migrate.Counts        `json:"counts"`
}

// checkMigration is migrate --check: the migration is computed against
// the target as it is, nothing is written, and every migrated hook that
// is not what the migration writes is a problem (exit 3), with the
// command that fixes it; the target's other hooks are listed as
// information.
func checkMigration(o *migrateOptions, job *migrateJob) error {
	if job.Path == "" {
		return usageError("--check compares with an existing Gemini file: give the extension directory with --to")
	}
	var res *migrate.Result
	if len(job.Sources) > 0 || job.orphans {
		var err error
		if res, _, err = migrateHooks(job, o, true); err != nil {
			return err
		}
	} else {
		res = &migrate.Result{}
	}
	fix := migrateFixCommand(o, false)
	problems, drift, conflicts := migrate.Drift(res, job.Display, fix, conflictHint(o))
	// In sync by content is not enough: Gemini must run the hook where
	// the Claude hook ran.
	if set, err := o.loadLayers(o.dir); err == nil {
		notRun := migrate.NotRun(res, merge.Merge(set), job.Path, job.Display)
		problems = append(problems, notRun...)
		drift += len(notRun)
	}
	switch o.Format {
	case formatJSON:
		v := migrateCheckJSON{Target: job.Target, InSync: drift == 0, Hooks: nonNil(res.Sync), Foreign: nonNil(res.Foreign),
			Problems: problems, Counts: res.Report.Counts}
		if err := writeJSON(o.Stdout, v); err != nil {
			return fail(err, "")
		}
	case formatSARIF, formatGitHub:
		if err := writeReport(o.Stdout, o.Format, o.reportBase(o.dir), problems, migrate.CodeSummary); err != nil {
			return fail(err, "")
		}
	default:
		out := newOut(o.env)
		printProblems(out, problems, "")
		switch {
		case drift == 0:
			out.printf("in sync: %s is what a migration writes (%s)\n", out.short(job.Display), count(len(res.Sync), "migrated hook"))
		case conflicts == drift:
			out.printf("%s out of sync with the Claude side, edited in the Gemini file: see each hint\n", count(drift, "hook"))
		case conflicts > 0:
			out.printf("%s out of sync with the Claude side; fix: %s (and see the hint of each conflict)\n", count(drift, "hook"), fix)
		default:
			out.printf("%s out of sync with the Claude side; fix: %s\n", count(drift, "hook"), fix)
		}
	}
	if drift > 0 {
		return checkFailed
	}
	return nil
}

// conflictHint says how to settle a conflict.
func conflictHint(o *migrateOptions) string {
	return "keep this version: rename the hook (drop \"" + migrate.NamePrefix + "\": it becomes yours); take the Claude side: " +
		migrateFixCommand(o, true)
}

// migrateFixCommand is the migrate command that brings the target in
// sync, with the options of this run.
func migrateFixCommand(o *migrateOptions, force bool) string {
	words := []string{"gh-hooks"}
	if o.project != "" {
		words = append(words, "--project", o.project)
	}
	words = append(words, "migrate")
	words = append(words, o.Sources...)
	if o.Scope != "project" {
		words = append(words, "--scope", o.Scope)
	}
	if o.To != "" {
		words = append(words, "--to", o.To)
	}
	if o.Adapter != string(migrate.AdapterAuto) {
		words = append(words, "--adapter", o.Adapter)
	}
	if o.Convert.OmitDefaultTimeout {
		words = append(words, "--no-default-timeout")
	}
	if force {
		words = append(words, "--force")
	}
	return shellCommand(words...)
}

// printSync prints what the migration does to each migrated Gemini hook:
// one line per hook, added, updated (old → new), removed, unchanged or
// conflict.
func printSync(o *out, display string, items []migrate.SyncItem) {
	if len(items) == 0 {
		return
	}
	o.printf("%s %s\n", o.bold("Gemini hooks in"), o.short(display))
	var rows [][]any
	for _, it := range items {
		ev := it.Event
		if it.Matcher != "" {
			ev += " [" + it.Matcher + "]"
		}
		what := strings.Join(it.Changes, "; ")
		if it.Reason != "" {
			what = strings.TrimPrefix(strings.Join([]string{what, it.Reason}, "; "), "; ")
		}
		name := it.Name
		if name == "" {
			name = "(no name)"
		}
		rows = append(rows, []any{paintAction(o, it.Action), name, ev, what})
	}
	o.table("  ", []string{"ACTION", "NAME", "EVENT", "WHAT"}, rows, 2, 1)
	o.printf("\n")
}

// paintAction colours a sync action on a terminal.
func paintAction(o *out, a string) any {
	switch a {
	case migrate.ActionConflict:
		return o.red(a)
	case migrate.ActionAdded, migrate.ActionUpdated, migrate.ActionRemoved:
		return o.yellow(a)
	}
	return a
}
