package cli

import (
	"fmt"
	"slices"
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

// Codes of trust audit's problems.
const (
	codeHookNew          = "hook-new"
	codeHookChanged      = "hook-changed"
	codeScriptUnverified = "script-unverified"
	codeTrustSkipped     = "trust-check-skipped"
	codeHookNotCovered   = "hook-not-covered"
	codeHookSuspicious   = "hook-suspicious"
	codeDisabledProject  = "disabled-by-project"
)

// auditRules describe the codes of trust audit, sorted by code; auditHelp
// is the fix that applies to every finding of a code.
var auditRules = []validate.Rule{
	{Code: codeDisabledProject, Summary: "The project's hooksConfig.disabled switches off a hook of the user, the system or an extension (Gemini merges the lists of every layer), and the user has not acknowledged it."},
	{Code: layers.CodeDotEnvExpansion, Summary: "A variable of the project's .env replaces a ${name} in an installed extension's hooks: the repository changes what the user's extension runs."},
	{Code: layers.CodeDotEnvInexact, Summary: "The project's .env holds U+2028 or U+2029, where Gemini's parser and gh-hooks' can disagree: approval cannot vouch for what Gemini loads."},
	{Code: layers.CodeDotEnvRuns, Summary: "The project's .env sets a variable that changes what every hook runs (BASH_ENV, NODE_OPTIONS, PYTHONPATH, LD_PRELOAD, ...): repository code can run before any hook, the user's own included."},
	{Code: layers.CodeDotEnvUnread, Summary: "Gemini loads the project's .env into every hook's environment, but gh-hooks cannot read it (a link out of the project, a FIFO, too large)."},
	{Code: layers.CodeDotEnvWhere, Summary: "The project's .env sets a variable that changes where Gemini looks (GEMINI_CLI_HOME moves the extensions it runs, trust variables, ...)."},
	{Code: codeHookChanged, Summary: "A project hook changed since it was approved (or differs from the baseline): Gemini runs the new version without asking again."},
	{Code: codeHookNotCovered, Summary: "What the hook runs is not covered by its fingerprint (eval, a program named by a variable, a download piped into a shell, ...): approval cannot vouch for it."},
	{Code: codeHookNew, Summary: "A project hook that no approval (or baseline entry) matches: review it before Gemini runs it."},
	{Code: codeHookSuspicious, Summary: "The hook holds terminal-control, bidi, invisible or look-alike characters, or a long run of blanks: what a reviewer sees is not what runs."},
	{Code: codeScriptUnverified, Summary: "A script the hook runs is missing, unreadable or cannot be located, so the fingerprint does not cover its content."},
	{Code: codeTrustSkipped, Summary: "The hook's event is written as an object, not a list: Gemini runs it but its trust check skips it and never warns."},
}

var auditHelp = map[string]string{
	layers.CodeDotEnvExpansion: "Remove the variable from the project's .env; Gemini reads every variable of <project>/.env as an extension setting.",
	layers.CodeDotEnvInexact:   "Replace the U+2028/U+2029 characters in the .env with plain newlines.",
	layers.CodeDotEnvRuns:      "Remove the variable from the project's .env, set it in the environment that starts gemini (Gemini keeps a variable that is already set, even empty), or acknowledge it with gh-hooks trust approve --accept-dotenv.",
	layers.CodeDotEnvUnread:    "Make the .env a regular file inside the project, or delete it.",
	layers.CodeDotEnvWhere:     "Remove the variable from the project's .env, set it in the environment that starts gemini (Gemini keeps a variable that is already set, even empty), or acknowledge it with gh-hooks trust approve --accept-dotenv.",
	codeDisabledProject:        "Remove the entry from the project's hooksConfig.disabled, or acknowledge it with gh-hooks trust approve --accept-disabled.",
	codeHookChanged:            "Review the change (gh-hooks show ID prints the hook in full), then approve it with gh-hooks trust approve ID, or, in CI against a baseline, run gh-hooks trust baseline --write and commit the file.",
	codeHookNew:                "Review the hook (gh-hooks show ID prints it in full), then approve it with gh-hooks trust approve ID, or, in CI against a baseline, run gh-hooks trust baseline --write and commit the file.",
	codeHookNotCovered:         "Review what the hook runs by hand, then accept it with gh-hooks trust approve --accept-not-covered ID (until the hook or what it reaches changes); --ignore hook-not-covered skips the finding.",
	codeHookSuspicious:         "Look at the hook with gh-hooks show ID (the characters are escaped there) and remove the hidden characters from the project file.",
	codeScriptUnverified:       "Create the script or fix its path in the command; a script that cannot be located must be reviewed by hand.",
	codeTrustSkipped:           "Write the event's value as a list of definitions: \"BeforeTool\": [ {...} ].",
}

func auditCodes() []string {
	codes := make([]string, len(auditRules))
	for i, r := range auditRules {
		codes[i] = r.Code
	}
	return codes
}

func auditSummary(code string) (summary, help string) {
	for _, r := range auditRules {
		if r.Code == code {
			return r.Summary, auditHelp[code]
		}
	}
	return "gh-hooks trust audit finding " + code + ".", ""
}

// statusCode is the code of a hook's status ("" for approved).
func statusCode(s fingerprint.Status) string {
	switch s {
	case fingerprint.New:
		return codeHookNew
	case fingerprint.Changed:
		return codeHookChanged
	}
	return ""
}

// unverified reports whether the fingerprint cannot vouch for a script.
func unverified(s fingerprint.Script) bool {
	if s.State == fingerprint.ScriptMissing && s.OnPath() {
		return false // bash looks further along PATH
	}
	return s.State != fingerprint.ScriptOK && s.State != fingerprint.ScriptOutside
}

// filterAudit applies --ignore and --quiet to an audit: hooks whose status
// code is ignored are left out (and not counted as unapproved); ignored
// script and trust-check findings are dropped from the hooks; --quiet keeps
// only the new and changed hooks, without their warnings, and drops the
// approvals that match no hook.
func (r *reportFlags) filterAudit(rep *fingerprint.Report) *fingerprint.Report {
	if len(r.ignored) == 0 && !r.Quiet {
		return rep
	}
	out := *rep
	out.Disables = slices.Clone(rep.Disables)
	out.Hooks = make([]fingerprint.HookReport, 0, len(rep.Hooks))
	out.Unapproved, out.Attention = 0, 0
	for _, h := range rep.Hooks {
		code := statusCode(h.Status)
		if r.ignored[codeHookNotCovered] {
			h.NotCovered = nil
		}
		if r.ignored[codeHookSuspicious] {
			h.Suspicious = nil
		}
		if code != "" && r.ignored[code] || code == "" && r.Quiet && !h.Attention() {
			continue
		}
		if r.Quiet || r.ignored[codeScriptUnverified] {
			var keep []fingerprint.Script
			for _, s := range h.Scripts {
				if !unverified(s) {
					keep = append(keep, s)
				}
			}
			h.Scripts = keep
		}
		if r.Quiet || r.ignored[codeTrustSkipped] {
			h.Wrapped = false
		}
		if code != "" {
			out.Unapproved++
		}
		if h.Attention() {
			out.Attention++
		}
		out.Hooks = append(out.Hooks, h)
	}
	if r.Quiet {
		out.Removed = nil
	}
	if r.ignored[codeDisabledProject] {
		out.Disables, out.Unacknowledged = []fingerprint.DisableReport{}, 0
	}
	return &out
}

// auditProblems turns an audit into problems at each hook's position.
// baseline is the baseline file ("" for gh-hooks' store).
func auditProblems(t *trustEnv, rep *fingerprint.Report, baseline string) []config.Problem {
	var doc *config.Document
	if pl := t.r.Set.Settings(layers.Project); pl != nil {
		doc = pl.Doc
	}
	var ps []config.Problem
	for _, h := range rep.Hooks {
		at := config.Problem{Path: t.project.Dir, Line: 1, Column: 1}
		for i := range t.hooks {
			mh := &t.hooks[i]
			if mh.ID != h.ID {
				continue
			}
			at.Path, at.Pointer, at.Line = mh.Path, mh.Pointer, mh.Line
			if doc != nil && doc.Path == mh.Path && mh.Node != nil {
				at.Line, at.Column = doc.Position(mh.Node.Offset)
			}
			break
		}
		add := func(sev config.Severity, code, msg, hint string) {
			p := at
			p.Severity, p.Code, p.Message, p.Hint = sev, code, msg, hint
			ps = append(ps, p)
		}
		what := fmt.Sprintf("project hook %s (%s)", h.ID, h.Command)
		if h.Name != "" {
			what = fmt.Sprintf("project hook %s %q (%s)", h.ID, h.Name, commandLabel(h.Command))
		}
		switch {
		case h.Status == fingerprint.New && baseline != "":
			add(config.SevError, codeHookNew, what+" is not in the baseline "+baseline,
				fmt.Sprintf("review it, then run `gh-hooks %strust baseline --write %s` and commit the file", t.flag, shellword.Quote(baseline)))
		case h.Status == fingerprint.New:
			add(config.SevError, codeHookNew, what+" is new: no approval matches it, and Gemini runs it without asking in a trusted folder",
				fmt.Sprintf("review it, then run `gh-hooks %strust approve %s`", t.flag, shellword.Quote(h.ID)))
		case h.Status == fingerprint.Changed && baseline != "":
			add(config.SevError, codeHookChanged, what+" differs from the baseline "+baseline+": "+strings.Join(h.Changes, ", "),
				fmt.Sprintf("review the change, then run `gh-hooks %strust baseline --write %s` and commit the file", t.flag, shellword.Quote(baseline)))
		case h.Status == fingerprint.Changed:
			add(config.SevError, codeHookChanged, what+" changed since it was approved: "+strings.Join(h.Changes, ", "),
				fmt.Sprintf("review the change, then run `gh-hooks %strust approve %s`", t.flag, shellword.Quote(h.ID)))
		}
		if len(h.NotCovered) > 0 && !h.AcceptedNotCovered {
			add(config.SevError, codeHookNotCovered, what+": its behaviour is not covered by its fingerprint: "+strings.Join(h.NotCovered, "; "),
				fmt.Sprintf("review what it runs by hand, then accept it with `gh-hooks %strust approve --accept-not-covered %s`", t.flag, shellword.Quote(h.ID)))
		}
		if len(h.Suspicious) > 0 {
			add(config.SevError, codeHookSuspicious, what+" is suspicious: "+suspiciousText(h.Suspicious),
				fmt.Sprintf("look at it with `gh-hooks %sshow %s` and remove them", t.flag, shellword.Quote(h.ID)))
		}
		for _, s := range h.Scripts {
			if !unverified(s) {
				continue
			}
			msg := fmt.Sprintf("%s runs the script %s, which is %s", what, scriptLabel(s), s.State)
			hint := "create the script or fix the path in the command"
			switch s.State {
			case fingerprint.ScriptUnreadable:
				msg += ": " + s.Detail
				hint = "make the script readable, so that its content is fingerprinted"
			case fingerprint.ScriptNotRegular, fingerprint.ScriptTooLarge:
				hint = "review it by hand: gh-hooks reads only regular files of at most 16 MiB"
			}
			add(config.SevWarning, codeScriptUnverified, msg, hint)
		}
		if h.Wrapped && baseline == "" {
			add(config.SevWarning, codeTrustSkipped,
				what+": its event is written as an object, not a list: Gemini runs it but its trust check skips it, so Gemini never warns about it and keeps no key for it",
				"write the event as a list: [ {...} ]")
		}
	}
	if baseline == "" {
		for _, d := range t.disables {
			if slices.ContainsFunc(rep.Disables, func(r fingerprint.DisableReport) bool { return r.Entry == d.Entry && !r.Acknowledged }) {
				ps = append(ps, config.Problem{Severity: config.SevError, Code: codeDisabledProject, Path: d.Path, Pointer: d.Pointer,
					Line: d.Line, Column: d.Column, Message: validate.ProjectDisableMessage(d), Hint: validate.ProjectDisableHint(d)})
			}
		}
	}
	config.SortProblems(ps)
	return ps
}
