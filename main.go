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
	"strings"

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
	app := newApp(args, stdin, stdout, stderr)
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

// newApp builds the app that runs args (see commandsFor; nil args build
// every command).
func newApp(args []string, stdin io.Reader, stdout, stderr io.Writer) *cli.App {
	app := &cli.App{
		Name:  "gh-hooks",
		Usage: "see, check, edit, trust, migrate and run Gemini CLI hooks",
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
		OnUsageError: func(c *cli.Context, err error, isSubcommand bool) error {
			return usageError("%v", err)
		},
		ExitErrHandler: func(*cli.Context, error) {},
	}
	wrapAll(app.Flags)
	var alone bool
	app.Commands, alone = commandsFor(args, app.Flags)
	if !alone {
		// Only the app's help and --version show it, and a run of one
		// command prints neither; reading it parses the build info (40
		// allocations).
		app.Version = appVersion()
	}
	cacheFlagNames(app)
	return app
}

// commands lists every command; each lives in its cmd_<verb>.go file.
func commands() []*cli.Command {
	cmds := make([]*cli.Command, 0, len(commandTable)+2)
	for _, c := range commandTable {
		cmds = append(cmds, c.build())
	}
	return append(cmds, docsCommands()...)
}

// commandTable is every command but the documentation ones, in the order
// help lists them. alone marks the commands whose run never looks at the
// others (the completion and documentation commands walk the whole tree).
var commandTable = []struct {
	name  string
	build func() *cli.Command
	alone bool
}{
	{"effective", effectiveCommand, true},
	{"validate", validateCommand, true},
	{"commands", commandsCommand, true},
	{"migrate", migrateCommand, true},
	{"trust", trustCommand, true},
	{"completion", completionCommand, false},
	{"__complete", completeCommand, false},
	{"run", runCommand, true},
	{"add", addCommand, true},
	{"remove", removeCommand, true},
	{"enable", enableCommand, true},
	{"disable", disableCommand, true},
}

// commandsFor returns the commands the app needs to run args: only the
// one args name when it runs alone (and alone is true), else all of them.
// Building every command with its flags and help texts, for urfave/cli to
// set each up, was about 3% of the instructions of `gh-hooks effective
// --json` (issue 2). The command is the first argument after the global flags, as
// urfave/cli (Go's flag package) finds it; anything else before it (help,
// version, "--", a flag gh-hooks does not define) and a completion request
// get the whole tree, so that help, errors and completion stay the same.
func commandsFor(args []string, global []cli.Flag) (cmds []*cli.Command, alone bool) {
	for i := 1; i < len(args); i++ {
		if args[i] == "--generate-bash-completion" {
			return commands(), false
		}
	}
	for i := 1; i < len(args); i++ {
		a := args[i]
		if a == "" || a[0] != '-' || a == "-" {
			for _, c := range commandTable {
				if c.name == a && c.alone {
					return []*cli.Command{c.build()}, true
				}
			}
			break
		}
		name, _, hasValue := strings.Cut(strings.TrimPrefix(strings.TrimPrefix(a, "-"), "-"), "=")
		f := editLookupFlag(global, name)
		if f == nil || name == "" {
			break // "--", help, version or an unknown flag
		}
		if !hasValue && !isBoolFlag(f) {
			i++ // --project DIR
		}
	}
	return commands(), false
}
