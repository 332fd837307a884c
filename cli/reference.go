package cli

import (
	"context"
	"fmt"

	docs "github.com/urfave/cli-docs/v3"
	"github.com/urfave/cli/v3"
)

// docsCommands are the hidden commands that render the command
// definitions as documentation.
func docsCommands(e *env) []*cli.Command {
	return []*cli.Command{
		{
			Name:   "reference",
			Hidden: true,
			Usage:  "print the markdown command reference (docs/REFERENCE.md)",
			Action: func(_ context.Context, c *cli.Command) error {
				md, err := docs.ToMarkdown(c.Root())
				if err != nil {
					return fail(fmt.Errorf("reference: %w", err), "")
				}
				_, err = fmt.Fprint(e.Stdout, md)
				return err
			},
		},
		{
			Name:   "man",
			Hidden: true,
			Usage:  "print the gh-hooks(1) man page in roff",
			Action: func(_ context.Context, c *cli.Command) error {
				man, err := docs.ToManWithSection(c.Root(), 1)
				if err != nil {
					return fail(fmt.Errorf("man: %w", err), "")
				}
				_, err = fmt.Fprint(e.Stdout, man)
				return err
			},
		},
	}
}
