package fingerprint

import (
	"slices"

	"github.com/gh-hooks/gh-hooks/config"
	"github.com/gh-hooks/gh-hooks/layers"
	"github.com/gh-hooks/gh-hooks/merge"
)

// Codes of trust audit's findings in the report formats (SARIF, GitHub
// annotations, --ignore). The .env findings keep layers' codes
// (layers.CodeDotEnvRuns, ...).
const (
	CodeHookNew          = "hook-new"
	CodeHookChanged      = "hook-changed"
	CodeScriptUnverified = "script-unverified"
	CodeTrustSkipped     = "trust-check-skipped"
	CodeHookNotCovered   = "hook-not-covered"
	CodeHookSuspicious   = "hook-suspicious"
	CodeDisabledProject  = "disabled-by-project"
)

// auditRule describes a code of trust audit for a SARIF rule: what it
// reports, and the fix that applies to every finding of it.
type auditRule struct {
	code, summary, help string
}

// auditRules are sorted by code.
var auditRules = []auditRule{
	{CodeDisabledProject, "The project's hooksConfig.disabled switches off a hook of the user, the system or an extension (Gemini merges the lists of every layer), and the user has not acknowledged it.",
		"Remove the entry from the project's hooksConfig.disabled, or acknowledge it with gh-hooks trust approve --accept-disabled."},
	{layers.CodeDotEnvExpansion, "A variable of the project's .env replaces a ${name} in an installed extension's hooks: the repository changes what the user's extension runs.",
		"Remove the variable from the project's .env; Gemini reads every variable of <project>/.env as an extension setting."},
	{layers.CodeDotEnvInexact, "The project's .env holds U+2028 or U+2029, where Gemini's parser and gh-hooks' can disagree: approval cannot vouch for what Gemini loads.",
		"Replace the U+2028/U+2029 characters in the .env with plain newlines."},
	{layers.CodeDotEnvRuns, "The project's .env sets a variable that changes what every hook runs (BASH_ENV, NODE_OPTIONS, PYTHONPATH, LD_PRELOAD, ...): repository code can run before any hook, the user's own included.",
		"Remove the variable from the project's .env, set it in the environment that starts gemini (Gemini keeps a variable that is already set, even empty), or acknowledge it with gh-hooks trust approve --accept-dotenv."},
	{layers.CodeDotEnvUnread, "Gemini loads the project's .env into every hook's environment, but gh-hooks cannot read it (a link out of the project, a FIFO, too large).",
		"Make the .env a regular file inside the project, or delete it."},
	{layers.CodeDotEnvWhere, "The project's .env sets a variable that changes where Gemini looks (GEMINI_CLI_HOME moves the extensions it runs, trust variables, ...).",
		"Remove the variable from the project's .env, set it in the environment that starts gemini (Gemini keeps a variable that is already set, even empty), or acknowledge it with gh-hooks trust approve --accept-dotenv."},
	{CodeHookChanged, "A project hook changed since it was approved (or differs from the baseline): Gemini runs the new version without asking again.",
		"Review the change (gh-hooks show ID prints the hook in full), then approve it with gh-hooks trust approve ID, or, in CI against a baseline, run gh-hooks trust baseline --write and commit the file."},
	{CodeHookNotCovered, "What the hook runs is not covered by its fingerprint (eval, a program named by a variable, a download piped into a shell, ...): approval cannot vouch for it.",
		"Review what the hook runs by hand, then accept it with gh-hooks trust approve --accept-not-covered ID (until the hook or what it reaches changes); --ignore hook-not-covered skips the finding."},
	{CodeHookNew, "A project hook that no approval (or baseline entry) matches: review it before Gemini runs it.",
		"Review the hook (gh-hooks show ID prints it in full), then approve it with gh-hooks trust approve ID, or, in CI against a baseline, run gh-hooks trust baseline --write and commit the file."},
	{CodeHookSuspicious, "The hook holds terminal-control, bidi, invisible or look-alike characters, or a long run of blanks: what a reviewer sees is not what runs.",
		"Look at the hook with gh-hooks show ID (the characters are escaped there) and remove the hidden characters from the project file."},
	{layers.CodeInheritedEnv, "A variable of your own environment (the shell that starts gemini; a direnv .envrc exports into it) points into the project (BASH_ENV=.boot.sh, PATH=./bin:...): every hook Gemini starts here inherits it, so the project's file there decides what runs, and no approval holds it. Information: it does not fail the audit.",
		"Unset the variable before starting gemini in this folder (or remove it from the .envrc that exports it), or review the file it names."},
	{CodeScriptUnverified, "A script the hook runs is missing, unreadable or cannot be located, so the fingerprint does not cover its content.",
		"Create the script or fix its path in the command; a script that cannot be located must be reviewed by hand."},
	{CodeTrustSkipped, "The hook's event is written as an object, not a list: Gemini runs it but its trust check skips it and never warns.",
		"Write the event's value as a list of definitions: \"BeforeTool\": [ {...} ]."},
}

// AuditCodes are the codes of trust audit, sorted.
func AuditCodes() []string {
	codes := make([]string, len(auditRules))
	for i, r := range auditRules {
		codes[i] = r.code
	}
	return codes
}

// AuditSummary describes a code of trust audit for a SARIF rule.
func AuditSummary(code string) (summary, help string) {
	for _, r := range auditRules {
		if r.code == code {
			return r.summary, r.help
		}
	}
	return "gh-hooks trust audit finding " + code + ".", ""
}

// StatusCode is the code of a hook's status ("" for approved).
func StatusCode(s Status) string {
	switch s {
	case New:
		return CodeHookNew
	case Changed:
		return CodeHookChanged
	}
	return ""
}

// Unverified reports whether the fingerprint cannot vouch for the script's
// content: it is missing (unless bash looks further along PATH),
// unreadable, not a regular file, too large or not located.
func (s Script) Unverified() bool {
	if s.State == ScriptMissing && s.OnPath() {
		return false // bash looks further along PATH
	}
	return s.State != ScriptOK && s.State != ScriptOutside
}

// Filter applies --ignore (ignored codes) and --quiet to an audit: hooks
// whose status code is ignored are left out (and not counted as
// unapproved); ignored script and trust-check findings are dropped from
// the hooks; quiet keeps only the new and changed hooks, without their
// warnings, and drops the approvals that match no hook. rep itself is not
// changed.
func (rep *Report) Filter(ignored map[string]bool, quiet bool) *Report {
	if len(ignored) == 0 && !quiet {
		return rep
	}
	out := *rep
	out.Disables = slices.Clone(rep.Disables)
	out.Hooks = make([]HookReport, 0, len(rep.Hooks))
	out.Unapproved, out.Attention = 0, 0
	for _, h := range rep.Hooks {
		code := StatusCode(h.Status)
		if ignored[CodeHookNotCovered] {
			h.NotCovered = nil
		}
		if ignored[CodeHookSuspicious] {
			h.Suspicious = nil
		}
		if code != "" && ignored[code] || code == "" && quiet && !h.Attention() {
			continue
		}
		if quiet || ignored[CodeScriptUnverified] {
			var keep []Script
			for _, s := range h.Scripts {
				if !s.Unverified() {
					keep = append(keep, s)
				}
			}
			h.Scripts = keep
		}
		if quiet || ignored[CodeTrustSkipped] {
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
	if quiet {
		out.Removed = nil
	}
	if ignored[CodeDisabledProject] {
		out.Disables, out.Unacknowledged = []DisableReport{}, 0
	}
	return &out
}

// Finding is one thing trust audit reports, at the place in the project
// file that declares it: a hook's status (CodeHookNew, CodeHookChanged),
// what its fingerprint does not cover, suspicious characters, a script it
// cannot vouch for (Script), an event its trust check skips, or a
// project's disabled entry the user has not acknowledged (Disable).
type Finding struct {
	Code     string
	Severity config.Severity
	// Path, Pointer, Line and Column place it: the hook in its file (the
	// project directory at 1:1 when the hook is not found), or the
	// disabled entry.
	Path    string
	Pointer string
	Line    int
	Column  int
	// Hook is the hook's report (nil for a disabled entry).
	Hook *HookReport
	// Script is the script of a CodeScriptUnverified finding.
	Script *Script
	// Disable is the entry of a CodeDisabledProject finding.
	Disable *merge.ProjectDisable
}

// Findings lists what rep reports, hook by hook in report order: hooks
// are the hooks audited (ProjectHooks), which place each finding, doc the
// project settings file (nil when none), dir the project directory;
// disables are the project's disabled entries that switch off other
// layers' hooks. Against a baseline (baseline true), neither the
// trust-check skip nor the disabled entries are findings: the baseline
// records neither.
func Findings(rep *Report, hooks []merge.Hook, doc *config.Document, dir string, disables []merge.ProjectDisable, baseline bool) []Finding {
	var fs []Finding
	for i := range rep.Hooks {
		h := &rep.Hooks[i]
		at := Finding{Path: dir, Line: 1, Column: 1, Hook: h}
		for j := range hooks {
			mh := &hooks[j]
			if mh.ID != h.ID {
				continue
			}
			at.Path, at.Pointer, at.Line = mh.Path, mh.Pointer, mh.Line
			if doc != nil && doc.Path == mh.Path && mh.Node != nil {
				at.Line, at.Column = doc.Position(mh.Node.Offset)
			}
			break
		}
		add := func(sev config.Severity, code string, s *Script) {
			f := at
			f.Severity, f.Code, f.Script = sev, code, s
			fs = append(fs, f)
		}
		if code := StatusCode(h.Status); code != "" {
			add(config.SevError, code, nil)
		}
		if len(h.NotCovered) > 0 && !h.AcceptedNotCovered {
			add(config.SevError, CodeHookNotCovered, nil)
		}
		if len(h.Suspicious) > 0 {
			add(config.SevError, CodeHookSuspicious, nil)
		}
		for k := range h.Scripts {
			if h.Scripts[k].Unverified() {
				add(config.SevWarning, CodeScriptUnverified, &h.Scripts[k])
			}
		}
		if h.Wrapped && !baseline {
			add(config.SevWarning, CodeTrustSkipped, nil)
		}
	}
	if !baseline {
		for i := range disables {
			d := &disables[i]
			if slices.ContainsFunc(rep.Disables, func(r DisableReport) bool { return r.Entry == d.Entry && !r.Acknowledged }) {
				fs = append(fs, Finding{Code: CodeDisabledProject, Severity: config.SevError, Path: d.Path, Pointer: d.Pointer,
					Line: d.Line, Column: d.Column, Disable: d})
			}
		}
	}
	return fs
}
