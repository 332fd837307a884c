// Command gh-hooks shows, checks, edits, trusts, migrates and runs the hooks
// of Gemini CLI exactly as Gemini itself loads and plans them. The work is
// done in package cli and the packages below it (docs/ARCHITECTURE.md).
package main

import (
	"os"

	"github.com/gh-hooks/gh-hooks/cli"
)

func main() {
	os.Exit(cli.Main(os.Args, os.Stdin, os.Stdout, os.Stderr))
}
