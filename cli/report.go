package cli

import (
	"fmt"
	"io"
	"maps"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/urfave/cli/v3"

	"github.com/gh-hooks/gh-hooks/config"
	"github.com/gh-hooks/gh-hooks/internal/suggest"
	"github.com/gh-hooks/gh-hooks/internal/visible"
	"github.com/gh-hooks/gh-hooks/validate"
)

// This file holds the output formats that validate and trust audit share
// for CI: --format text|json|sarif|github, --json (--format json),
// --ignore CODE and --quiet. Both commands turn what they found into
// config.Problem values; the formats render those (sarif.go builds SARIF).

// Output formats of --format.
const (
	formatText   = "text"
	formatJSON   = "json"
	formatSARIF  = "sarif"
	formatGitHub = "github"
)

var formats = []string{formatText, formatJSON, formatSARIF, formatGitHub}

// reportFlags are the flags of a command that reports problems.
type reportFlags struct {
	Format string
	JSON   bool
	Ignore []string
	Quiet  bool
	// ignored is the set of codes --ignore named, after check.
	ignored map[string]bool
}

// reportExitHelp documents the formats and the exit status; ok and failed
// say what exits 0 and 3 mean for the command.
func reportExitHelp(ok, failed string) string {
	return "Formats (--format): text (default), json (--json), sarif (SARIF 2.1.0 for GitHub code\n" +
		"scanning, a result per problem, ruleId = code), github (an ::error, ::warning or ::notice\n" +
		"workflow command per problem, on its file and line); paths are relative to $GITHUB_WORKSPACE\n" +
		"when set, else to the project. --ignore CODE (repeatable, or CODE,CODE) drops those problems\n" +
		"from every format and the exit status. --quiet keeps errors only, like eslint --quiet: a clean\n" +
		"run prints nothing.\n\n" +
		"Exit status, the same in every format (the report is written in full first):\n" +
		"  0  " + ok + "\n" +
		"  1  gh-hooks could not do the check (the message says why)\n" +
		"  2  usage error (unknown format or code, conflicting flags)\n" +
		"  3  " + failed
}

// flags returns --format, --json, --ignore and --quiet; codes describes
// what --ignore accepts, known lists the codes for completion.
func (r *reportFlags) flags(codes string, known func() []string) []cli.Flag {
	return []cli.Flag{
		&choice{Name: "format", Usage: "output `FORMAT`: " + strings.Join(formats, ", "), Value: formatText, Destination: &r.Format, Config: fixed(formats...)},
		&cli.BoolFlag{Name: "json", Usage: "print one JSON object (the same as --format json)", Destination: &r.JSON},
		&choices{Name: "ignore", Usage: "drop problems with this `CODE` (" + codes + "); repeatable, or comma-separated", Destination: &r.Ignore,
			Config: func([]string) []string { return known() }},
		&cli.BoolFlag{Name: "quiet", Usage: "report errors only; print nothing when there is none", Destination: &r.Quiet},
	}
}

// check resolves --json into --format and checks every --ignore code
// against known (sorted).
func (r *reportFlags) check(known []string) error {
	if !slices.Contains(formats, r.Format) {
		hint := "formats: " + strings.Join(formats, ", ")
		if best := suggest.Closest(r.Format, formats); len(best) > 0 {
			hint = "did you mean --format " + best[0] + "?"
		}
		return usageHint(hint, "unknown format %q", r.Format)
	}
	if r.JSON {
		if r.Format != formatText && r.Format != formatJSON {
			return usageError("--json and --format %s contradict each other; give one", r.Format)
		}
		r.Format = formatJSON
	}
	r.ignored = map[string]bool{}
	for _, arg := range r.Ignore {
		for _, code := range strings.Split(arg, ",") {
			code = strings.TrimSpace(code)
			if code == "" {
				continue
			}
			if !slices.Contains(known, code) {
				return codesError(code, known)
			}
			r.ignored[code] = true
		}
	}
	return nil
}

// codesError is the usage error for an unknown --ignore code. Its hint
// is the closest code when one is close, else every code known, wrapped
// to 80 columns under the hint (validate has some 70: one line of them
// was unreadable).
func codesError(code string, known []string) error {
	err := fmt.Errorf("unknown problem code %q", code)
	if best := suggest.Closest(code, known); len(best) > 0 {
		return &exitError{code: 2, err: err, hint: "did you mean --ignore " + best[0] + "?"}
	}
	hint := lines{"--ignore takes these codes (the one in brackets after each problem):"}
	hint = append(hint, strings.Split(wrap("  "+strings.Join(known, ", "), 0, 80), "\n")...)
	return &exitError{code: 2, err: err, hintLines: hint}
}

// args returns the report flags as given, after check, for a command
// that repeats the run elsewhere (warnUpper's hint).
func (r *reportFlags) args() []string {
	var out []string
	switch r.Format {
	case formatText:
	case formatJSON:
		out = append(out, "--json")
	default:
		out = append(out, "--format", r.Format)
	}
	if len(r.ignored) > 0 {
		codes := slices.Sorted(maps.Keys(r.ignored))
		out = append(out, "--ignore", strings.Join(codes, ","))
	}
	if r.Quiet {
		out = append(out, "--quiet")
	}
	return out
}

// keep reports whether a problem stays in the report.
func (r *reportFlags) keep(p config.Problem) bool {
	if r.ignored[p.Code] {
		return false
	}
	return !r.Quiet || p.Severity == config.SevError
}

// filter returns the problems that stay, in order.
func (r *reportFlags) filter(ps []config.Problem) []config.Problem {
	out := []config.Problem{}
	for _, p := range ps {
		if r.keep(p) {
			out = append(out, p)
		}
	}
	return out
}

// hasErrors reports whether any problem is an error.
func hasErrors(ps []config.Problem) bool {
	for _, p := range ps {
		if p.Severity == config.SevError {
			return true
		}
	}
	return false
}

// reportBase is the directory that paths in sarif and github output are
// relative to: $GITHUB_WORKSPACE in a GitHub Actions job (annotations and
// code-scanning alerts are attached to paths of the checked-out
// repository), else the project directory.
func (e *env) reportBase(project string) string {
	if ws := e.getenv("GITHUB_WORKSPACE"); ws != "" && filepath.IsAbs(ws) {
		return filepath.Clean(ws)
	}
	return project
}

// relPath is path relative to base, with forward slashes, when it is
// inside base; ok is false (and path is returned as it is) otherwise.
func relPath(base, path string) (rel string, ok bool) {
	if base == "" || !filepath.IsAbs(path) {
		return path, false
	}
	r, err := filepath.Rel(base, path)
	if err != nil || r == ".." || strings.HasPrefix(r, ".."+string(filepath.Separator)) {
		return path, false
	}
	return filepath.ToSlash(r), true
}

// outsidePrefix marks a finding about a file outside the report's base
// (the repository in CI: the user's settings, an extension in the home):
// CI formats give it no file location, which would point into the runner's
// home, and say where it is in the message instead.
func outsidePrefix(base string, p config.Problem) string {
	if base == "" || p.Path == "" {
		return ""
	}
	if _, inside := relPath(base, p.Path); inside {
		return ""
	}
	where := p.Path
	if p.Line > 0 {
		where += fmt.Sprintf(":%d:%d", p.Line, max(p.Column, 1))
	}
	return "outside the repository, in " + where + ": "
}

// writeGitHub prints problems as GitHub Actions workflow commands
// (docs.github.com, "Workflow commands for GitHub Actions": error, warning
// and notice with file, line, col and title). Values are escaped as the
// Actions toolkit does (@actions/core command.ts: escapeData for the
// message, escapeProperty for file and title), so a message can never end
// the command or start another one; characters a terminal or log viewer
// would act on are made visible first, as in all human output.
func writeGitHub(w io.Writer, base string, ps []config.Problem) error {
	var b strings.Builder
	for _, p := range ps {
		cmd := "notice"
		switch p.Severity {
		case config.SevError:
			cmd = "error"
		case config.SevWarning:
			cmd = "warning"
		}
		var props []string
		file, inside := relPath(base, p.Path)
		if p.Path != "" && inside {
			props = append(props, "file="+ghProperty(visible.Escape(file)))
		}
		if p.Path != "" && inside && p.Line > 0 {
			props = append(props, "line="+strconv.Itoa(p.Line))
			if p.Column > 0 {
				props = append(props, "col="+strconv.Itoa(p.Column))
			}
		}
		props = append(props, "title="+ghProperty(visible.Escape(p.Code)))
		msg := visible.Escape(outsidePrefix(base, p) + p.Message)
		if p.Hint != "" {
			msg += "\nhint: " + visible.Escape(p.Hint)
		}
		fmt.Fprintf(&b, "::%s %s::%s\n", cmd, strings.Join(props, ","), ghData(msg))
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// ghData is escapeData of @actions/core: % CR LF.
func ghData(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A").Replace(s)
}

// ghProperty is escapeProperty of @actions/core: ghData plus : and ,.
func ghProperty(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C").Replace(s)
}

// writeReport writes problems in a CI format (sarif or github).
func writeReport(w io.Writer, format, base string, ps []config.Problem, describe describeFunc) error {
	if format == formatGitHub {
		return writeGitHub(w, base, ps)
	}
	rep, err := buildSARIF(base, ps, describe)
	if err != nil {
		return err
	}
	return writeSARIF(w, rep)
}

// validateCodes are the codes validate --ignore accepts.
func validateCodes() []string {
	var codes []string
	for _, r := range validate.Rules() {
		codes = append(codes, r.Code)
	}
	return codes
}

// validateSummary describes a validate code for a SARIF rule; the help is
// left to the problems' hints.
func validateSummary(code string) (summary, help string) {
	if r, ok := validate.LookupRule(code); ok {
		return r.Summary, ""
	}
	return "gh-hooks problem " + code + ".", ""
}
