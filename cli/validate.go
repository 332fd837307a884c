package cli

import (
	"context"
	"errors"
	"fmt"
	"io/fs"

	"github.com/urfave/cli/v3"

	"github.com/gh-hooks/gh-hooks/config"
	"github.com/gh-hooks/gh-hooks/gemini"
	"github.com/gh-hooks/gh-hooks/merge"
	"github.com/gh-hooks/gh-hooks/validate"
)

type validateOptions struct {
	*env
	JSON  bool
	Files []string
}

func validateCommand(e *env) *cli.Command {
	o := &validateOptions{env: e}
	return &cli.Command{
		Name:      "validate",
		Usage:     "check the hook configuration of every layer (or of the given files)",
		ArgsUsage: "[FILE...]",
		Description: "Reports what Gemini CLI 0.61.0 will discard, misread or run differently than written,\n" +
			"each problem with path:line:column, what Gemini does and how to fix it. With FILE\n" +
			"arguments, only those files are reported; a file that is not one of the project's\n" +
			"layers is checked on its own (hooks/hooks.json as an extension hooks file, anything\n" +
			"else as a settings file). Exits 3 when there is an error.",
		Flags: []cli.Flag{
			&cli.BoolFlag{Name: "json", Usage: `print {"problems": [...]}`, Destination: &o.JSON},
		},
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
	set, err := o.loadLayers(o.project)
	if err != nil {
		return err
	}
	var problems []config.Problem
	r := merge.Merge(set)
	if len(o.Files) > 0 {
		problems, err = validate.Files(set, o.Files)
		if err != nil {
			hint := ""
			if errors.Is(err, fs.ErrNotExist) {
				hint = "pass the path of an existing settings or hooks.json file"
			}
			return fail(err, hint)
		}
	} else {
		problems = validate.Check(r)
	}
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
	if o.JSON {
		if err := writeJSON(o.Stdout, validateJSON{Problems: nonNil(problems), Gemini: set.Gemini}); err != nil {
			return fail(err, "")
		}
	} else {
		out := newOut(o.env, r.Set.Paths.Home)
		warnGemini(o.Stderr, set.Gemini)
		printProblems(out, withoutVersionProblem(problems), "")
		summary := fmt.Sprintf("%s, %s", count(errs, "error"), count(warns, "warning"))
		if infos > 0 {
			summary += fmt.Sprintf(", %d info", infos)
		}
		out.printf("%s\n", summary)
	}
	if errs > 0 {
		return checkFailed
	}
	return nil
}
