package cli

import (
	"fmt"
	"strings"

	"github.com/gh-hooks/gh-hooks/config"
	"github.com/gh-hooks/gh-hooks/fingerprint"
	"github.com/gh-hooks/gh-hooks/internal/shellword"
	"github.com/gh-hooks/gh-hooks/layers"
	"github.com/gh-hooks/gh-hooks/validate"
)

// trust audit in the CI formats: each finding of the audit is a problem at
// the hook's position in the project settings file, so that SARIF and
// GitHub annotations attach it to the line that declares the hook.

// auditProblems turns an audit's findings (fingerprint.Findings) into
// problems at each hook's position. baseline is the baseline file ("" for
// gh-hooks' store).
func auditProblems(t *trustEnv, rep *fingerprint.Report, baseline string) []config.Problem {
	var doc *config.Document
	if pl := t.r.Set.Settings(layers.Project); pl != nil {
		doc = pl.Doc
	}
	var ps []config.Problem
	for _, f := range fingerprint.Findings(rep, t.hooks, doc, t.project.Dir, t.disables, baseline != "") {
		p := config.Problem{Severity: f.Severity, Code: f.Code, Path: f.Path, Pointer: f.Pointer, Line: f.Line, Column: f.Column}
		p.Message, p.Hint = auditWords(t, f, baseline)
		ps = append(ps, p)
	}
	config.SortProblems(ps)
	return ps
}

// auditWords are the message and the hint of a finding; baseline is the
// baseline file ("" for gh-hooks' store).
func auditWords(t *trustEnv, f fingerprint.Finding, baseline string) (msg, hint string) {
	if f.Disable != nil {
		return validate.ProjectDisableMessage(*f.Disable), validate.ProjectDisableHint(*f.Disable)
	}
	h := f.Hook
	what := fmt.Sprintf("project hook %s (%s)", h.ID, h.Command)
	if h.Name != "" {
		what = fmt.Sprintf("project hook %s %q (%s)", h.ID, h.Name, commandLabel(h.Command))
	}
	switch {
	case f.Code == fingerprint.CodeHookNew && baseline != "":
		return what + " is not in the baseline " + baseline,
			fmt.Sprintf("review it, then run `gh-hooks %strust baseline --write %s` and commit the file", t.flag, shellword.Quote(baseline))
	case f.Code == fingerprint.CodeHookNew:
		return what + " is new: no approval matches it, and Gemini runs it without asking in a trusted folder",
			fmt.Sprintf("review it, then run `gh-hooks %strust approve %s`", t.flag, shellword.Quote(h.ID))
	case f.Code == fingerprint.CodeHookChanged && baseline != "":
		return what + " differs from the baseline " + baseline + ": " + strings.Join(h.Changes, ", "),
			fmt.Sprintf("review the change, then run `gh-hooks %strust baseline --write %s` and commit the file", t.flag, shellword.Quote(baseline))
	case f.Code == fingerprint.CodeHookChanged:
		return what + " changed since it was approved: " + strings.Join(h.Changes, ", "),
			fmt.Sprintf("review the change, then run `gh-hooks %strust approve %s`", t.flag, shellword.Quote(h.ID))
	case f.Code == fingerprint.CodeHookNotCovered:
		return what + ": its behaviour is not covered by its fingerprint: " + strings.Join(h.NotCovered, "; "),
			fmt.Sprintf("review what it runs by hand, then accept it with `gh-hooks %strust approve --accept-not-covered %s`", t.flag, shellword.Quote(h.ID))
	case f.Code == fingerprint.CodeHookSuspicious:
		return what + " is suspicious: " + suspiciousText(h.Suspicious),
			fmt.Sprintf("look at it with `gh-hooks %sshow %s` and remove them", t.flag, shellword.Quote(h.ID))
	case f.Code == fingerprint.CodeScriptUnverified:
		s := f.Script
		msg = fmt.Sprintf("%s runs the script %s, which is %s", what, scriptLabel(*s), s.State)
		hint = "create the script or fix the path in the command"
		switch s.State {
		case fingerprint.ScriptUnreadable:
			msg += ": " + s.Detail
			hint = "make the script readable, so that its content is fingerprinted"
		case fingerprint.ScriptNotRegular, fingerprint.ScriptTooLarge:
			hint = "review it by hand: gh-hooks reads only regular files of at most 16 MiB"
		}
		return msg, hint
	case f.Code == fingerprint.CodeTrustSkipped:
		return what + ": its event is written as an object, not a list: Gemini runs it but its trust check skips it, so Gemini never warns about it and keeps no key for it",
			"write the event as a list: [ {...} ]"
	}
	return what, ""
}
