//go:build !urfave_cli_no_docs

package main

import (
	"fmt"

	"github.com/urfave/cli/v2"
)

// docsCommands are the hidden commands that render the command
// definitions as documentation. Builds with the urfave_cli_no_docs tag
// (see README: the released binary) leave them, and urfave/cli's markdown
// renderer and its start-up cost, out.
func docsCommands() []*cli.Command {
	return []*cli.Command{referenceCommand(), manCommand()}
}

// referenceCommand prints the markdown reference of every command, built
// from the command definitions by urfave/cli; docs/REFERENCE.md is its
// committed output (TestReference keeps it fresh).
func referenceCommand() *cli.Command {
	return &cli.Command{
		Name:   "reference",
		Hidden: true,
		Usage:  "print the markdown command reference (docs/REFERENCE.md)",
		Action: func(c *cli.Context) error {
			md, err := c.App.ToMarkdown()
			if err != nil {
				return fail(fmt.Errorf("reference: %w", err), "")
			}
			_, err = fmt.Fprint(c.App.Writer, md)
			return err
		},
	}
}

// manCommand prints a man page (section 1) for gh-hooks.
func manCommand() *cli.Command {
	return &cli.Command{
		Name:   "man",
		Hidden: true,
		Usage:  "print the gh-hooks(1) man page in roff",
		Action: func(c *cli.Context) error {
			man, err := c.App.ToManWithSection(1)
			if err != nil {
				return fail(fmt.Errorf("man: %w", err), "")
			}
			_, err = fmt.Fprint(c.App.Writer, man)
			return err
		},
	}
}
