package cli

import (
	"fmt"
	"strings"

	"github.com/gh-hooks/gh-hooks/config"
	"github.com/gh-hooks/gh-hooks/migrate"
)

// Problem codes of migrate --check.
const (
	codeMigrateMissing  = "migrate-missing"
	codeMigrateOutdated = "migrate-outdated"
	codeMigrateOrphaned = "migrate-orphaned"
	codeMigrateConflict = "migrate-conflict"
	codeMigrateGemini   = "migrate-gemini-only"
	codeMigrateKept     = "migrate-kept"
)

// migrateCheckSummary describes a migrate --check code for a SARIF rule.
func migrateCheckSummary(code string) (summary, help string) {
	switch code {
	case codeMigrateMissing:
		return "A Claude Code hook has no Gemini copy.", ""
	case codeMigrateOutdated:
		return "A migrated Gemini hook differs from what its Claude Code hook migrates to now.", ""
	case codeMigrateOrphaned:
		return "A migrated Gemini hook whose Claude Code hook is gone.", ""
	case codeMigrateConflict:
		return "A migrated Gemini hook was edited on the Gemini side and differs from its Claude Code hook.", ""
	case codeMigrateKept:
		return "A Gemini hook migrate leaves as it is: written by hand for a Claude Code hook, or migrated from a Claude file not read here (information).", ""
	case codeMigrateGemini:
		return "A Gemini hook with no Claude Code source (information: hand-written hooks are never migrated back).", ""
	}
	return "gh-hooks problem " + code + ".", ""
}

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
	if job.path == "" {
		return usageError("--check compares with an existing Gemini file: give the extension directory with --to")
	}
	var res *migrate.Result
	if len(job.sources) > 0 || job.orphans {
		var err error
		if res, _, err = migrateHooks(job, o, true); err != nil {
			return err
		}
	} else {
		res = &migrate.Result{}
	}
	fix := migrateFixCommand(o, false)
	problems := []config.Problem{}
	at := func(it migrate.SyncItem) (string, int, int) {
		if it.Line > 0 {
			return job.display, it.Line, it.Column
		}
		if it.Source != nil {
			return it.Source.Path, it.Source.Line, it.Source.Column
		}
		return job.display, 1, 1
	}
	for _, it := range res.Sync {
		p := config.Problem{Severity: config.SevError, Pointer: it.Pointer, Hint: "run " + fix}
		p.Path, p.Line, p.Column = at(it)
		src := ""
		if it.Source != nil {
			src = fmt.Sprintf(" (from %s:%d:%d)", it.Source.Path, it.Source.Line, it.Source.Column)
		}
		switch it.Action {
		case migrate.ActionUnchanged:
			continue
		case migrate.ActionKept:
			p.Severity, p.Code, p.Hint = config.SevInfo, codeMigrateKept, ""
			p.Message = fmt.Sprintf("%s %s: %s", it.Event, it.Name, it.Reason)
		case migrate.ActionAdded:
			p.Code = codeMigrateMissing
			p.Message = fmt.Sprintf("this Claude hook has no Gemini copy in %s: migrate adds %s to %s", job.display, it.Name, it.Event)
		case migrate.ActionUpdated:
			p.Code = codeMigrateOutdated
			p.Message = fmt.Sprintf("%s differs from what its Claude hook%s migrates to: %s", it.Name, src, strings.Join(it.Changes, "; "))
		case migrate.ActionRemoved:
			p.Code = codeMigrateOrphaned
			p.Message = fmt.Sprintf("%s: %s", it.Name, it.Reason)
		case migrate.ActionConflict:
			p.Code = codeMigrateConflict
			what := "its Claude hook is gone"
			if len(it.Changes) > 0 {
				what = "its Claude hook" + src + " migrates to something else: " + strings.Join(it.Changes, "; ")
			}
			p.Message = fmt.Sprintf("%s was edited here since migrate wrote it, and %s", it.Name, what)
			p.Hint = conflictHint(o)
		}
		problems = append(problems, p)
	}
	for _, f := range res.Foreign {
		label := f.Command
		if f.Name != "" {
			label = f.Name
		}
		problems = append(problems, config.Problem{Severity: config.SevInfo, Code: codeMigrateGemini, Path: job.display, Pointer: f.Pointer,
			Line: f.Line, Column: f.Column,
			Message: fmt.Sprintf("%s hook %s has no Claude source: it is Gemini's only (migrate never touches it)", f.Event, short(label, 80))})
	}
	drift, conflicts := 0, 0
	for _, p := range problems {
		if p.Severity == config.SevError {
			drift++
		}
		if p.Code == codeMigrateConflict {
			conflicts++
		}
	}
	switch o.Format {
	case formatJSON:
		v := migrateCheckJSON{Target: job.target, InSync: drift == 0, Hooks: nonNil(res.Sync), Foreign: nonNil(res.Foreign),
			Problems: problems, Counts: res.Report.Counts}
		if err := writeJSON(o.Stdout, v); err != nil {
			return fail(err, "")
		}
	case formatSARIF, formatGitHub:
		if err := writeReport(o.Stdout, o.Format, o.reportBase(o.dir), problems, migrateCheckSummary); err != nil {
			return fail(err, "")
		}
	default:
		out := newOut(o.env)
		printProblems(out, problems, "")
		switch {
		case drift == 0:
			out.printf("in sync: %s is what a migration writes (%s)\n", out.short(job.display), count(len(res.Sync), "migrated hook"))
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

// short bounds a label for a message.
func short(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n-1]) + "…"
	}
	return s
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
