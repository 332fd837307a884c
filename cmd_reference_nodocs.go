//go:build urfave_cli_no_docs

package main

import "github.com/urfave/cli/v2"

// docsCommands is empty in builds without urfave/cli's documentation
// renderer; docs/REFERENCE.md holds the reference.
func docsCommands() []*cli.Command { return nil }
