package cli

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/urfave/cli/v3"

	"github.com/gh-hooks/gh-hooks/config"
	"github.com/gh-hooks/gh-hooks/gemini"
	"github.com/gh-hooks/gh-hooks/internal/shellword"
	"github.com/gh-hooks/gh-hooks/merge"
	"github.com/gh-hooks/gh-hooks/migrate"
	"github.com/gh-hooks/gh-hooks/validate"
)

type validateOptions struct {
	*env
	reportFlags
	Files []string
	// Output is --output: the report is written to this file instead of
	// stdout (config.WriteNoLinks).
	Output string
	// MaxWarnings is --max-warnings: more warnings than this (after
	// --ignore) fail the check as eslint's flag does; -1, the default,
	// never does.
	MaxWarnings int64
}

func validateCommand(e *env) *cli.Command {
	o := &validateOptions{env: e}
	return &cli.Command{
		Name:      "validate",
		Usage:     "check the hook configuration of every layer (or of the given files)",
		ArgsUsage: "[FILE|EXTENSION-DIR...]",
		UsageText: "gh-hooks validate [--format text|json|sarif|github | --json] [--ignore CODE]... [--quiet] " +
			"[--max-warnings N] [--output FILE] [FILE|EXTENSION-DIR...]",
		Description: "Reports what Gemini CLI 0.61.0 will discard, misread or run differently than written,\n" +
			"each problem with path:line:column, what Gemini does and how to fix it. With FILE\n" +
			"arguments, only those files are reported; a file that is not one of the project's\n" +
			"layers is checked on its own (hooks/hooks.json as an extension hooks file, anything\n" +
			"else as a settings file). A directory with a gemini-extension.json is an extension:\n" +
			"its manifest and hooks/hooks.json are checked, with a warning when Gemini does not load\n" +
			"it (not installed or linked under <home>/.gemini/extensions, or disabled here).\n" +
			"The scripts a hook starts are read (inside the project only, regular files up to 1 MiB) for\n" +
			"Claude Code's protocol, which Gemini does not speak (claude-protocol, with the adapter\n" +
			"command that fixes it). The project's hook test files (gh-hooks test) are checked too, and\n" +
			"so is a FILE argument ending in .yaml, .yml or .test.json: an unknown event or key, a value of\n" +
			"the wrong type, an expectation that can never hold on its event (test-never-holds). Exits 3\n" +
			"when there is an error.\n\n" +
			"Like Gemini, validate examines the project directory (--project, default: the current\n" +
			"directory) and does not look above it. Run from a subdirectory of a repository whose\n" +
			".gemini/settings.json (up to the repository root) has hooks, it names that file and the\n" +
			"gh-hooks --project DIR validate that checks it, and exits 3 even with no error: a clean\n" +
			"report of a directory Gemini is not started in is not an all-clear.\n\n" +
			"A CI gate that must also fail on warnings passes --max-warnings N, as with eslint: more than\n" +
			"N warnings (after --ignore; counted with --quiet too) exit 3, and --max-warnings 0 fails on\n" +
			"any warning. Notes never count.\n\n" +
			reportExitHelp("no error, and no more warnings than --max-warnings", "there is an error (after --ignore), more warnings than --max-warnings, or the\n"+
				"     project file with hooks is above the directory examined"),
		Flags: append(o.reportFlags.flags("the code in brackets after each problem", validateCodes),
			&cli.StringFlag{Name: "output", Usage: "write the json, sarif or github report to `FILE` (inside the current directory; never through a symbolic link) instead of stdout", Destination: &o.Output, TakesFile: true},
			&cli.Int64Flag{Name: "max-warnings", Usage: "exit 3 when there are more than `N` warnings (-1: warnings never fail)", Value: -1, Destination: &o.MaxWarnings}),
		Action: func(_ context.Context, c *cli.Command) error {
			o.Files = c.Args().Slice()
			return runValidate(o)
		},
	}
}

type validateJSON struct {
	Problems []config.Problem `json:"problems"`
	Gemini   *gemini.Install  `json:"gemini"`
}

func runValidate(o *validateOptions) error {
	if err := o.check(validateCodes()); err != nil {
		return err
	}
	if o.MaxWarnings < -1 {
		return usageHint("--max-warnings 0 fails on any warning; -1 (the default) on none", "--max-warnings %d: want a count, or -1", o.MaxWarnings)
	}
	if o.Output != "" && o.Format == formatText {
		return usageHint("add --format sarif (or json, github)", "--output writes a report format, not text")
	}
	set, err := o.loadLayers(o.project)
	if err != nil {
		return err
	}
	var problems []config.Problem
	r := merge.Merge(set)
	// Hook test files (gh-hooks test) are checked as test loads them.
	var settingsFiles, testFiles []string
	for _, f := range o.Files {
		if validate.IsTestFile(f) {
			testFiles = append(testFiles, f)
		} else {
			settingsFiles = append(settingsFiles, f)
		}
	}
	if len(testFiles) > 0 {
		wd, _ := filepath.Abs(o.abs("."))
		problems = append(problems, validate.CheckTestFiles(r.Set.Paths.ProjectDir, wd, testFiles)...)
	}
	if len(settingsFiles) > 0 {
		var more []config.Problem
		more, err = validate.Files(set, o.Dir, settingsFiles)
		problems = append(problems, more...)
		if err != nil {
			hint := ""
			switch {
			case errors.Is(err, fs.ErrNotExist):
				hint = "pass the path of an existing settings or hooks.json file"
			case errors.Is(err, validate.ErrDirectory):
				hint = "pass a settings file, or no argument to check every layer"
				if f := dirFile(o.Dir, o.Files); f != "" {
					hint = "gh-hooks validate " + shellword.Quote(f)
				}
				if h := claudeDirHint(o.Dir, o.Files); h != "" {
					hint = h
				}
			}
			return fail(err, hint)
		}
	} else if len(o.Files) == 0 {
		problems = append(validate.Check(r), validate.CheckTestFiles(r.Set.Paths.ProjectDir, r.Set.Paths.ProjectDir, nil)...)
		config.SortProblems(problems)
	}
	// --max-warnings counts the warnings --ignore leaves, shown or not.
	warnsShownOrNot := 0
	for _, p := range problems {
		if p.Severity == config.SevWarning && !o.ignored[p.Code] {
			warnsShownOrNot++
		}
	}
	problems = o.filter(problems)
	errs, warns, infos := 0, 0, 0
	for _, p := range problems {
		switch p.Severity {
		case config.SevError:
			errs++
		case config.SevWarning:
			warns++
		default:
			infos++
		}
	}
	stdout := o.Stdout
	var report bytes.Buffer
	if o.Output != "" {
		stdout = &report
	}
	switch o.Format {
	case formatJSON:
		if err := writeJSON(stdout, validateJSON{Problems: nonNil(problems), Gemini: set.Gemini}); err != nil {
			return fail(err, "")
		}
	case formatSARIF, formatGitHub:
		if err := writeReport(stdout, o.Format, o.reportBase(r.Set.Paths.ProjectDir), problems, validateSummary); err != nil {
			return fail(err, "")
		}
	case formatText:
		out := newOut(o.env)
		warnGemini(o.Stderr, set.Gemini)
		printProblems(out, withoutVersionProblem(problems), "")
		if o.Quiet {
			break // errors only: no summary, nothing at all when clean
		}
		summary := fmt.Sprintf("%s, %s", count(errs, "error"), count(warns, "warning"))
		if infos > 0 {
			summary += fmt.Sprintf(", %d info", infos)
		}
		out.printf("%s\n", summary)
	}
	if o.Output != "" {
		if err := writeOutput(o.env, o.Output, report.Bytes()); err != nil {
			return err
		}
	}
	// From a subdirectory of a project Gemini loads no project file (it
	// does not look above its working directory, spec §1.1): a clean
	// report of the directory examined is no all-clear when a project
	// file with hooks lies above it, so it is named and the check fails.
	upper := len(o.Files) == 0 && warnUpper(o.Stderr, set, shellCommand(append([]string{"validate"}, o.reportFlags.args()...)...))
	tooMany := o.MaxWarnings >= 0 && int64(warnsShownOrNot) > o.MaxWarnings
	if tooMany {
		// On stderr in every format, as eslint does: the report itself
		// stays the contract's shape.
		fmt.Fprintf(o.Stderr, "gh-hooks: %s, more than --max-warnings %d allows\n", count(warnsShownOrNot, "warning"), o.MaxWarnings)
	}
	if errs > 0 || upper || tooMany {
		return checkFailed
	}
	return nil
}

// firstDir is the first of paths that is a directory, as given (p) and
// resolved against dir (q; "" for dir is the current directory).
func firstDir(dir string, paths []string) (p, q string, ok bool) {
	for _, p := range paths {
		q := p
		if dir != "" && !filepath.IsAbs(p) {
			q = filepath.Join(dir, p)
		}
		if st, err := os.Stat(q); err == nil && st.IsDir() {
			return p, q, true
		}
	}
	return "", "", false
}

// claudeDirHint is the hint for a directory argument that is a Claude Code
// plugin or project, which Gemini does not load: migrate turns it into
// Gemini's (migrate.ClassifySource says what it is); "" for others.
func claudeDirHint(dir string, paths []string) string {
	p, q, ok := firstDir(dir, paths)
	if !ok {
		return ""
	}
	switch kind, _ := migrate.ClassifySource(q, true); kind {
	case migrate.ArgPlugin:
		ext := filepath.Base(filepath.Clean(q)) + "-gemini"
		return fmt.Sprintf("it looks like a Claude Code plugin: gh-hooks migrate %s --to %s makes it a Gemini extension (then: gemini extensions link %s)",
			shellword.Quote(p), shellword.Quote(ext), shellword.Quote(ext))
	case migrate.ArgProject:
		return "it holds Claude Code settings (.claude/): gh-hooks migrate " + shellword.Quote(p) + " turns their hooks into Gemini's"
	}
	return ""
}

// dirFile is the settings or hooks file inside the first of paths that is
// a directory ("" when there is none): .gemini gives .gemini/settings.json.
// Relative paths are relative to dir ("" is the current directory).
func dirFile(dir string, paths []string) string {
	p, q, ok := firstDir(dir, paths)
	if !ok {
		return ""
	}
	for _, in := range []string{"settings.json", filepath.Join("hooks", "hooks.json")} {
		if st, err := os.Stat(filepath.Join(q, in)); err == nil && st.Mode().IsRegular() {
			return filepath.Join(p, in)
		}
	}
	return ""
}

// writeOutput writes --output's file inside the current directory without
// following a link (a CI runner writes it where the repository's layout
// says: a planted link must not lead it to ~/.bash_profile).
func writeOutput(e *env, file string, data []byte) error {
	dir, err := e.physicalDir("")
	if err != nil {
		return err
	}
	// A relative file is relative to dir (WriteNoLinks).
	err = config.WriteNoLinks(dir, file, data, 0o644)
	var le *config.LinkError
	switch {
	case errors.As(err, &le) && le.Link == "":
		return usageHint("give a path inside the current directory", "--output %s", err)
	case errors.As(err, &le):
		return fail(fmt.Errorf("--output %w", err), "remove the link (rm "+shellword.Quote(le.Link)+") or name another file: --output never writes through a symbolic link")
	case err != nil:
		return fail(fmt.Errorf("--output %s: %w", file, err), "")
	}
	return nil
}
