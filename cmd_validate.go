package main

import (
	"errors"
	"fmt"
	"io/fs"

	"github.com/urfave/cli/v2"

	"github.com/gh-hooks/gh-hooks/config"
	"github.com/gh-hooks/gh-hooks/layers"
	"github.com/gh-hooks/gh-hooks/merge"
	"github.com/gh-hooks/gh-hooks/validate"
)

func validateCommand() *cli.Command {
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
			&cli.BoolFlag{Name: "json", Usage: `print {"problems": [...]} (see CONTRACT.md)`},
		},
		Action: runValidate,
	}
}

type validateJSON struct {
	Problems []config.Problem `json:"problems"`
}

func runValidate(c *cli.Context) error {
	set, err := layers.Load(layers.Options{ProjectDir: c.String("project")})
	if err != nil {
		return fail(err, "pass an existing directory with --project")
	}
	var problems []config.Problem
	r := merge.Merge(set)
	if c.Args().Len() > 0 {
		problems, err = validate.Files(set, c.Args().Slice())
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
	if c.Bool("json") {
		if problems == nil {
			problems = []config.Problem{}
		}
		if err := writeJSON(c.App.Writer, validateJSON{Problems: problems}); err != nil {
			return fail(err, "")
		}
	} else {
		o := newOutFor(c, r)
		printProblems(o, problems, "")
		summary := fmt.Sprintf("%s, %s", count(errs, "error"), count(warns, "warning"))
		if infos > 0 {
			summary += fmt.Sprintf(", %d info", infos)
		}
		o.printf("%s\n", summary)
	}
	if errs > 0 {
		return checkFailed
	}
	return nil
}

func count(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}
