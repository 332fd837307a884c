// gh-hooks does its work on one goroutine in a few milliseconds, so the
// runtime need not read the cgroup's CPU limit at start (nor again every
// second) to size GOMAXPROCS: it uses the machine's CPU count. Reading
// the limit costs about 0.1 ms of a 4 ms run (issue 2; BENCHMARKS.md).

//go:debug updatemaxprocs=0

// Command gh-hooks shows, checks, edits, trusts, migrates and runs the hooks
// of Gemini CLI 0.61.0 exactly as Gemini itself loads and plans them.
package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"

	"github.com/urfave/cli/v2"

	_ "github.com/gh-hooks/gh-hooks/internal/stackstart"
)

// version is set at build time with -ldflags "-X main.version=..."; see
// appVersion for the fallback.
var version = ""

func main() {
	// Nothing reads a memory profile, and the runtime would otherwise walk
	// the stack of a sampled allocation in about every other run of a
	// short command, faulting in the function tables to do it (issue 2).
	runtime.MemProfileRate = 0
	os.Exit(run(os.Args, os.Stdin, os.Stdout, os.Stderr))
}

// exitError carries an exit code out of a command (CONTRACT: 1 error,
// 2 usage, 3 check failed). Its message, if any, has been printed or is
// printed once by run.
type exitError struct {
	code int
	err  error
	hint string
}

func (e *exitError) Error() string {
	if e.err == nil {
		return ""
	}
	return e.err.Error()
}

func (e *exitError) Unwrap() error { return e.err }

// fail returns an error that exits 1 with msg and an optional hint.
func fail(err error, hint string) error { return &exitError{code: 1, err: err, hint: hint} }

// usageError exits 2.
func usageError(format string, a ...any) error {
	return &exitError{code: 2, err: fmt.Errorf(format, a...)}
}

// checkFailed exits 3 without another message.
var checkFailed = &exitError{code: 3}

// run builds the app and runs it; it returns the process exit code.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	app := newApp(stdin, stdout, stderr)
	err := app.Run(args)
	if err == nil {
		return 0
	}
	var ee *exitError
	if errors.As(err, &ee) {
		if ee.err != nil {
			fmt.Fprintf(stderr, "gh-hooks: %v\n", ee.err)
		}
		if ee.hint != "" {
			fmt.Fprintf(stderr, "hint: %s\n", ee.hint)
		}
		return ee.code
	}
	// Anything else comes from flag parsing: a usage error.
	fmt.Fprintf(stderr, "gh-hooks: %v\n", err)
	return 2
}

func newApp(stdin io.Reader, stdout, stderr io.Writer) *cli.App {
	app := &cli.App{
		Name:    "gh-hooks",
		Usage:   "see, check, edit, trust, migrate and run Gemini CLI hooks",
		Version: appVersion(),
		Description: "gh-hooks reads every settings layer the way Gemini CLI 0.61.0 does and tells the truth\n" +
			"about which hooks run, from which file, in which order, and why others do not.",
		Reader:               stdin,
		Writer:               stdout,
		ErrWriter:            stderr,
		EnableBashCompletion: true,
		HideHelpCommand:      true,
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "project", Usage: "the project (workspace) directory; Gemini does no upward search", Value: "", DefaultText: "current directory"},
			&cli.BoolFlag{Name: "no-color", Usage: "never use colour (NO_COLOR is honoured too)"},
		},
		Commands: commands(),
		OnUsageError: func(c *cli.Context, err error, isSubcommand bool) error {
			return usageError("%v", err)
		},
		ExitErrHandler: func(*cli.Context, error) {},
	}
	cacheFlagNames(app)
	return app
}

// commands lists every command; each lives in its cmd_<verb>.go file.
func commands() []*cli.Command {
	return append([]*cli.Command{
		effectiveCommand(),
		validateCommand(),
		commandsCommand(),
		migrateCommand(),
		trustCommand(),
		completionCommand(),
		completeCommand(),
		runCommand(),
		addCommand(), removeCommand(), enableCommand(), disableCommand(),
	}, docsCommands()...)
}
