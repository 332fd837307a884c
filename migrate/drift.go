package migrate

import (
	"fmt"
	"strings"

	"github.com/gh-hooks/gh-hooks/config"
)

// Problem codes of migrate --check.
const (
	CodeMissing    = "migrate-missing"
	CodeOutdated   = "migrate-outdated"
	CodeOrphaned   = "migrate-orphaned"
	CodeConflict   = "migrate-conflict"
	CodeGeminiOnly = "migrate-gemini-only"
	CodeKept       = "migrate-kept"
)

// CodeSummary describes a migrate --check code for a SARIF rule.
func CodeSummary(code string) (summary, help string) {
	switch code {
	case CodeMissing:
		return "A Claude Code hook has no Gemini copy.", ""
	case CodeOutdated:
		return "A migrated Gemini hook differs from what its Claude Code hook migrates to now.", ""
	case CodeOrphaned:
		return "A migrated Gemini hook whose Claude Code hook is gone.", ""
	case CodeConflict:
		return "A migrated Gemini hook was edited on the Gemini side and differs from its Claude Code hook.", ""
	case CodeKept:
		return "A Gemini hook migrate leaves as it is: written by hand for a Claude Code hook, or migrated from a Claude file not read here (information).", ""
	case CodeNotRun:
		return "A Gemini hook that holds a Claude Code hook is not run by Gemini where the Claude hook ran: disabled by a layer, or a matcher that misses a tool.", ""
	case CodeGeminiOnly:
		return "A Gemini hook with no Claude Code source (information: hand-written hooks are never migrated back).", ""
	}
	return "gh-hooks problem " + code + ".", ""
}

// HandWrittenHint settles a conflict with a hook migrate did not write.
const HandWrittenHint = "migrate never takes over a hook it did not write: to keep it as yours, give it a name of your own (not " + NamePrefix + "...); to let migrate write its copy, remove it"

// Drift is what migrate --check reports of a migration computed against
// the Gemini file as it is (res, nothing written): every migrated hook
// that is not what the migration writes is an error, with fix (the command
// that fixes it) or, for a hook edited on the Gemini side, conflictHint as
// its hint; hooks migrate keeps and the file's Gemini-only hooks are
// information. display names the Gemini file. drift counts the errors,
// conflicts those of them that are conflicts.
func Drift(res *Result, display, fix, conflictHint string) (problems []config.Problem, drift, conflicts int) {
	problems = []config.Problem{}
	at := func(it SyncItem) (string, int, int) {
		if it.Line > 0 {
			return display, it.Line, it.Column
		}
		if it.Source != nil {
			return it.Source.Path, it.Source.Line, it.Source.Column
		}
		return display, 1, 1
	}
	for _, it := range res.Sync {
		p := config.Problem{Severity: config.SevError, Pointer: it.Pointer, Hint: "run " + fix}
		p.Path, p.Line, p.Column = at(it)
		src := ""
		if it.Source != nil {
			src = fmt.Sprintf(" (from %s:%d:%d)", it.Source.Path, it.Source.Line, it.Source.Column)
		}
		switch it.Action {
		case ActionUnchanged:
			continue
		case ActionKept:
			p.Severity, p.Code, p.Hint = config.SevInfo, CodeKept, ""
			p.Message = fmt.Sprintf("%s %s: %s", it.Event, it.Name, it.Reason)
		case ActionAdded:
			p.Code = CodeMissing
			p.Message = fmt.Sprintf("this Claude hook has no Gemini copy in %s: migrate adds %s to %s", display, it.Name, it.Event)
		case ActionUpdated:
			p.Code = CodeOutdated
			p.Message = fmt.Sprintf("%s differs from what its Claude hook%s migrates to: %s", it.Name, src, strings.Join(it.Changes, "; "))
		case ActionRemoved:
			p.Code = CodeOrphaned
			p.Message = fmt.Sprintf("%s: %s", it.Name, it.Reason)
		case ActionConflict:
			if !it.HandWritten {
				p.Code = CodeConflict
				what := "its Claude hook is gone"
				if len(it.Changes) > 0 {
					what = "its Claude hook" + src + " migrates to something else: " + strings.Join(it.Changes, "; ")
				}
				p.Message = fmt.Sprintf("%s was edited here since migrate wrote it, and %s", it.Name, what)
				p.Hint = conflictHint
				break
			}
			p.Code = CodeConflict
			name := it.Name
			if name == "" {
				name = it.Event + " hook"
			}
			p.Message = fmt.Sprintf("%s: %s", name, it.Reason)
			if len(it.Changes) > 0 {
				p.Message += "; migrate would write: " + strings.Join(it.Changes, "; ")
			}
			p.Hint = HandWrittenHint
		}
		problems = append(problems, p)
	}
	for _, f := range res.Foreign {
		label := f.Command
		if f.Name != "" {
			label = f.Name
		}
		problems = append(problems, config.Problem{Severity: config.SevInfo, Code: CodeGeminiOnly, Path: display, Pointer: f.Pointer,
			Line: f.Line, Column: f.Column,
			Message: fmt.Sprintf("%s hook %s has no Claude source: it is Gemini's only (migrate never touches it)", f.Event, clipLabel(label, 80))})
	}
	for _, p := range problems {
		if p.Severity == config.SevError {
			drift++
		}
		if p.Code == CodeConflict {
			conflicts++
		}
	}
	return problems, drift, conflicts
}

// clipLabel bounds a label for a message.
func clipLabel(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n-1]) + "…"
	}
	return s
}
