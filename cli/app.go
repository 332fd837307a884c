// Package cli is gh-hooks' command layer: it parses the command line,
// calls into the lower packages (layers, merge, validate, edit, fingerprint,
// migrate, runner, slashcmd) and renders their answers.
//
// Every command lives in a file of its own and follows one pattern:
//
//   - xxxCommand(e) builds the urfave/cli command; its flags are bound into
//     an xxxOptions struct through Destination, and its Action only checks
//     the positional arguments and calls runXxx;
//   - runXxx(o *xxxOptions) does the work: it takes the options struct (which
//     embeds *env, the streams and global flags), never the urfave context,
//     so tests call it directly;
//   - output goes through render.go: out for human output (tables, colours,
//     and visible.Escape on every string that came from a file or a hook),
//     writeJSON for --json (exact, never escaped).
//
// Errors are returned, not printed: Run prints an error once, as
// "gh-hooks: <message>" and an optional "hint: <fix>", and maps it to the
// exit codes of the contract (0 ok, 1 error, 2 usage, 3 a check failed).
package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/mattn/go-isatty"
	"github.com/urfave/cli/v3"

	"github.com/gh-hooks/gh-hooks/gemini"
	"github.com/gh-hooks/gh-hooks/internal/envlist"
	"github.com/gh-hooks/gh-hooks/internal/pathlook"
	"github.com/gh-hooks/gh-hooks/internal/suggest"
	"github.com/gh-hooks/gh-hooks/internal/visible"
)

// Process is what gh-hooks runs in: the streams it reads and writes, the
// terminal, the working directory and the environment. Main takes them
// from the operating system; tests set them, so that one test process can
// run many gh-hooks commands at once, each in its own directory and
// environment.
type Process struct {
	Stdin          io.Reader
	Stdout, Stderr io.Writer
	// Terminal says whether Stdout is a terminal (aligned tables and
	// colour) and Width its width in columns (0 when unknown).
	Terminal bool
	Width    int
	// Dir is the working directory that relative paths and the default
	// project resolve against; "" is the process's.
	Dir string
	// Env is the environment ("K=V" entries, the last of a name wins, as
	// os/exec reads it); nil is the process's.
	Env []string
}

// Main runs gh-hooks with args (args[0] is the program name) on the
// process's streams, in its working directory and environment, and
// returns the exit code.
func Main(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	p := Process{Stdin: stdin, Stdout: stdout, Stderr: stderr}
	if f, ok := stdout.(*os.File); ok {
		p.Terminal = isatty.IsTerminal(f.Fd()) || isatty.IsCygwinTerminal(f.Fd())
		if p.Terminal {
			p.Width = terminalWidth(f)
		}
	}
	return Run(args, p)
}

// env is what every command gets: the process (streams, directory,
// environment), the global flags and the arguments as typed. Each
// command's options struct embeds it.
type env struct {
	Process
	// project is --project: the workspace directory ("" means the current
	// directory; like Gemini, there is no upward search).
	project string
	// noColor is --no-color; color is --color (always, never or auto).
	noColor bool
	color   string
	// allowOutside is --allow-outside-project: project files may be
	// written through symbolic links that lead out of the project.
	allowOutside bool
	// wide is --wide: table cells are never cut to the terminal's width.
	wide bool
	// args are the command line as typed, for messages about it.
	args []string
	// command is the full name of the command being run ("gh-hooks trust
	// audit"), for the hint of a usage error.
	command string
	// gemini is the detected Gemini CLI (detectGemini), nil until asked.
	gemini *gemini.Install
}

// lookupEnv is os.LookupEnv in the command's environment.
func (e *env) lookupEnv(k string) (string, bool) {
	if e.Env == nil {
		return os.LookupEnv(k)
	}
	return envlist.Lookup(e.Env, k)
}

// getenv is os.Getenv in the command's environment.
func (e *env) getenv(k string) string {
	v, _ := e.lookupEnv(k)
	return v
}

// environ is os.Environ in the command's environment.
func (e *env) environ() []string {
	if e.Env == nil {
		return os.Environ()
	}
	return e.Env
}

// home is the user's home directory, "" when unknown: $HOME, or with the
// process's own environment os.UserHomeDir (which knows Windows'
// %USERPROFILE%).
func (e *env) home() string {
	if e.Env == nil {
		h, _ := os.UserHomeDir()
		return h
	}
	return e.getenv("HOME")
}

// lookPath is exec.LookPath in the command's environment.
func (e *env) lookPath(name string) (string, error) {
	if e.Env == nil {
		return exec.LookPath(name)
	}
	if p := pathlook.Find(name, e.getenv("PATH"), e.abs("")); p != "" {
		return p, nil
	}
	return "", &exec.Error{Name: name, Err: exec.ErrNotFound}
}

// abs resolves a path from the command line against the working
// directory ("" is the working directory itself). With the process's own
// directory it returns p as given, and the lower packages resolve it
// (filepath.Abs), so that their messages about a missing working
// directory stay theirs.
func (e *env) abs(p string) string {
	if e.Dir == "" || filepath.IsAbs(p) {
		return p
	}
	return filepath.Join(e.Dir, p)
}

// Run runs gh-hooks with args in p and returns the exit code.
func Run(args []string, p Process) int {
	return runProcess(args, p, true)
}

// runProcess is Run; with typedOnly false, the command tree holds every
// command whatever args name (see commands), for the test that shows it
// makes no difference.
func runProcess(args []string, p Process, typedOnly bool) int {
	if len(args) == 0 {
		args = []string{"gh-hooks"}
	}
	e := &env{Process: p, args: args}
	var err error
	if h, command, ok := claudeCompatArgs(args); ok {
		err = runClaudeCompat(context.Background(), &claudeCompatOptions{env: e, Hook: h, Command: command})
	} else {
		root := newRoot(e, args)
		if !typedOnly {
			root = newRoot(e, nil)
		}
		args = helpArgs(args)
		args = leafHelpArgs(root, args)
		if err = root.Run(context.Background(), args); err != nil {
			if !errors.As(err, new(*exitError)) {
				// urfave/cli's own errors (a bad flag value, an unknown
				// help topic) are usage errors of the command typed.
				err = usageFailure(e, typedCommand(root, args), err)
			}
		}
	}
	if err == nil {
		return 0
	}
	var ee *exitError
	if !errors.As(err, &ee) {
		// urfave/cli's own errors (a bad flag value, an unknown help
		// topic) are usage errors.
		ee = usageFailure(e, nil, err)
	}
	if ee.err != nil {
		fmt.Fprintf(p.Stderr, "gh-hooks: %s\n", message(ee.err))
	}
	var hint error
	switch {
	case ee.hintLines != nil:
		hint = ee.hintLines
	case ee.hint != "":
		hint = errors.New(ee.hint)
	case ee.code == 2 && e.command != "":
		hint = errors.New("see '" + e.command + " --help'")
	}
	if hint != nil {
		fmt.Fprintf(p.Stderr, "hint: %s\n", message(hint))
	}
	return ee.code
}

// lines is a message of several lines that gh-hooks composed (the hooks
// that share a name, one per line): message keeps its line breaks and
// escapes each line on its own.
type lines []string

func (l lines) Error() string { return strings.Join(l, "\n") }

// message is err's text for stderr. It is one line: every control
// character is escaped, a newline too, since a path, a hook's name or any
// other string from a file can hold one and must not start a line of its
// own ("gh-hooks: ..." or "hint: ..." that gh-hooks did not write). Only
// an err that is a lines value itself, not wrapped, keeps its breaks; a
// wrapped one is printed on one line, which is safe.
func message(err error) string {
	l, ok := err.(lines)
	if !ok {
		return visible.Escape(err.Error())
	}
	esc := make([]string, len(l))
	for i, s := range l {
		esc[i] = visible.Escape(s)
	}
	return strings.Join(esc, "\n")
}

// helpArgs turns `gh-hooks help trust audit` into `gh-hooks trust audit
// --help`, as git and gh read it: urfave/cli's help command shows the help
// of its first argument only (that of trust here).
func helpArgs(args []string) []string {
	if len(args) < 4 || args[1] != "help" && args[1] != "h" {
		return args
	}
	for _, a := range args[2:] {
		if strings.HasPrefix(a, "-") {
			return args
		}
	}
	return append(append([]string{args[0]}, args[2:]...), "--help")
}

// leafHelpArgs turns `gh-hooks show fmt --help` into `gh-hooks show
// --help`: the flags may come after the arguments, and urfave/cli reads
// the arguments of --help as a help topic (a subcommand), so it answered
// "unknown command "fmt"". Only for a command without subcommands; words
// after "--" and flag values are not looked at.
func leafHelpArgs(root *cli.Command, args []string) []string {
	c, path, help, inPath := root, []string{args[0]}, false, true
	for i := 1; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			break
		}
		if a == "--help" || a == "-h" {
			help = true
			continue
		}
		if strings.HasPrefix(a, "-") {
			if !strings.Contains(a, "=") {
				if f := flagNamed(c, strings.TrimLeft(a, "-")); f != nil && takesValue(f) {
					i++ // its value
				}
			}
			continue
		}
		if sub := findCommand(c.Commands, a); inPath && sub != nil {
			c = sub
			path = append(path, a)
		} else {
			inPath = false // an argument: later words are not commands
		}
	}
	if !help || c == root || len(c.Commands) > 0 {
		return args
	}
	return append(path, "--help")
}

// exitError carries an exit code out of a command (contract: 1 error,
// 2 usage, 3 check failed), with the message and hint Run prints.
type exitError struct {
	code int
	err  error
	hint string
	// hintLines is a hint of several lines gh-hooks composed (codesHint),
	// printed as lines; hint is then "".
	hintLines lines
}

func (e *exitError) Error() string {
	if e.err == nil {
		return ""
	}
	return e.err.Error()
}

func (e *exitError) Unwrap() error { return e.err }

// fail returns an error that exits 1 with err and an optional hint.
func fail(err error, hint string) error { return &exitError{code: 1, err: err, hint: hint} }

// usageError returns an error that exits 2.
func usageError(format string, a ...any) error {
	return &exitError{code: 2, err: fmt.Errorf(format, a...)}
}

// usageHint is usageError with a hint.
func usageHint(hint, format string, a ...any) error {
	return &exitError{code: 2, err: fmt.Errorf(format, a...), hint: hint}
}

// noHook is the error, worded alike by show, trust, remove and enable,
// for hook references (ids, names or commands, as typed) that match no
// hook: `no hook matches "x"` ("x", "y" for several), then " in WHERE"
// when where says where gh-hooks looked ("" for every loaded hook). Its
// hint is a "did you mean" when a name is close, else hooksListHint (or,
// for project hooks only, trust audit).
func noHook(refs []string, where string) error {
	msg := "no hook matches " + quoteList(refs)
	if where != "" {
		msg += " in " + where
	}
	return errors.New(msg)
}

// hooksListHint is the fix of a noHook error without a closer name.
const hooksListHint = "gh-hooks effective lists every hook with its id, name and command"

// checkFailed exits 3 without another message.
var checkFailed = &exitError{code: 3}

// newRoot builds the gh-hooks command with the subcommand args names, or
// every subcommand when they name none (see commands).
func newRoot(e *env, args []string) *cli.Command {
	root := &cli.Command{
		Name:  "gh-hooks",
		Usage: "see, check, edit, trust, migrate and run Gemini CLI hooks",
		Description: "gh-hooks reads every settings layer the way Gemini CLI 0.61.0 does and tells the truth\n" +
			"about which hooks run, from which file, in which order, and why others do not.\n\n" +
			"Flags may come before or after arguments, and the global flags after the command name.\n" +
			"The Gemini CLI release modelled is the one the gemini on PATH belongs to (read from its\n" +
			"package.json; 0.47 to 0.61 are modelled, 0.61.0 when none is found); GH_HOOKS_GEMINI_VERSION=X.Y.Z\n" +
			"overrides it. gh-hooks doctor shows which one and where it was found.\n" +
			"Files of the project are never written through a symbolic link that leads out of it\n" +
			"(--allow-outside-project to do so); a write waits up to 10 s for another gh-hooks writing\n" +
			"in the same folder, naming it (GH_HOOKS_LOCK_TIMEOUT=30s to wait longer).\n\n" +
			"On a terminal, tables are fitted to its width: cells are cut, the last column wraps, and\n" +
			"columns are left out, named, when that is not enough (--wide keeps them whole). Piped, a\n" +
			"row is one line of tab-separated fields, as each command's help lists them.\n\n" +
			"Exit status: 0 ok, 1 error (nothing was changed), 2 usage error, 3 a check failed.",
		Version:   appVersion(),
		Reader:    e.Stdin,
		Writer:    e.Stdout,
		ErrWriter: e.Stderr,
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "project", Usage: "the project (workspace) `DIR`; Gemini does no upward search", DefaultText: "current directory", Destination: &e.project, TakesFile: true},
			&choice{Name: "color", Value: "auto", Config: fixed(colorModes...), Usage: "colour the output `WHEN`: always, never, or auto (on a terminal without NO_COLOR; piped with CLICOLOR_FORCE or FORCE_COLOR)", Destination: &e.color,
				Validator: func(s string) error {
					if !slices.Contains(colorModes, s) {
						return usageError("--color %q: want always, never or auto", s)
					}
					return nil
				}},
			&cli.BoolFlag{Name: "no-color", Usage: "never use colour: --color never", Destination: &e.noColor},
			&cli.BoolFlag{Name: "allow-outside-project", Usage: "write a project file through a symbolic link out of the project (refused: a clone can plant one)", Destination: &e.allowOutside},
			&cli.BoolFlag{Name: "wide", Usage: "print tables whole on a terminal, not fitted to its width", Destination: &e.wide},
		},
		Metadata: map[string]any{widthKey: e.Width},
		// A first argument that is not a command lands here.
		Action: func(_ context.Context, c *cli.Command) error {
			if c.Args().Len() == 0 {
				return cli.ShowRootCommandHelp(c)
			}
			return unknownCommand(c, c.Args().First())
		},
		OnUsageError: func(_ context.Context, c *cli.Command, err error, _ bool) error {
			return usageFailure(e, c, err)
		},
		SuggestCommandFunc: adoptHelpCommand(e),
		// Errors come back to Run, which prints them once; urfave/cli must
		// not print or exit.
		ExitErrHandler: func(context.Context, *cli.Command, error) {},
	}
	root.Commands = commands(e, root, args)
	setUsageHandlers(e, root.Commands)
	installHelpPrinter()
	return root
}

// commandList holds every command's constructor, in the order help shows
// them.
var commandList = [...]func(*env) *cli.Command{
	effectiveCommand,
	showCommand,
	validateCommand,
	commandsCommand,
	migrateCommand,
	trustCommand,
	runCommand,
	testCommand,
	doctorCommand,
	addCommand,
	removeCommand,
	enableCommand,
	disableCommand,
	claudeCompatCommand,
	completionCommand,
	completeCommand,
	versionCommand,
	manCommand,
}

// commands builds the commands of the tree: only the one that args names,
// when it names one, else all of them. urfave/cli sets up every command of
// the tree (its flags, help flag and category) on each run before it looks
// at the one typed, and building them allocates; with all eighteen that was
// 11% of the instructions of `gh-hooks effective --json` and 6% to 12% of
// its time (interleaved runs; BENCHMARKS.md, "effective against the
// floor"). A command's run, help and usage errors never look at its
// siblings. The root's help, the help command, a word that names no command
// and __complete list them: those get the whole tree, as does a word before
// the command that is not a root flag.
func commands(e *env, root *cli.Command, args []string) []*cli.Command {
	if word := commandWord(root, args); word != "" && word != "__complete" {
		for _, build := range commandList {
			if c := build(e); c.HasName(word) {
				return []*cli.Command{c}
			}
		}
	}
	all := make([]*cli.Command, len(commandList))
	for i, build := range commandList {
		all[i] = build(e)
	}
	return all
}

// commandWord is the first word of args after the root's own flags and
// their values: the command typed. It is "" when a word before it is not
// a root flag (--help, --version, or a usage error).
func commandWord(root *cli.Command, args []string) string {
	for i := 1; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			return ""
		}
		if !strings.HasPrefix(a, "-") {
			return a
		}
		name, _, withValue := strings.Cut(strings.TrimLeft(a, "-"), "=")
		f := flagNamed(root, name)
		if f == nil {
			return ""
		}
		if !withValue && takesValue(f) {
			i++
		}
	}
	return ""
}

// setUsageHandlers gives every command (and subcommand) gh-hooks' usage
// errors and no-exit handler, and groups for subcommands an Action that
// names an unknown subcommand.
func setUsageHandlers(e *env, cmds []*cli.Command) {
	for _, c := range cmds {
		c.OnUsageError = func(_ context.Context, c *cli.Command, err error, _ bool) error {
			return usageFailure(e, c, err)
		}
		c.Before = func(ctx context.Context, c *cli.Command) (context.Context, error) {
			e.command = c.FullName()
			return ctx, nil
		}
		if len(c.Commands) == 0 {
			// A command without subcommands takes no "help" subcommand:
			// `gh-hooks disable help` disables the hook named help.
			c.HideHelpCommand = true
		} else {
			setUsageHandlers(e, c.Commands)
			c.SuggestCommandFunc = adoptHelpCommand(e)
			if c.Action == nil {
				c.Action = func(_ context.Context, c *cli.Command) error {
					if c.Args().Len() == 0 {
						return cli.ShowSubcommandHelp(c)
					}
					return unknownCommand(c, c.Args().First())
				}
			}
		}
	}
}

// adoptHelpCommand gives the help command that urfave/cli adds to the
// root and to each group (after setUsageHandlers ran) gh-hooks' usage
// errors, so that `gh-hooks help --bogus` prints one error, not urfave/cli's
// "Incorrect Usage" as well; `help --help` shows the same help as `help`.
// urfave/cli calls a SuggestCommandFunc with the commands of its group
// just before it picks the one typed; the name is returned unchanged.
func adoptHelpCommand(e *env) cli.SuggestCommandFunc {
	return func(cmds []*cli.Command, name string) string {
		for _, c := range cmds {
			if c.OnUsageError != nil || c.Name != "help" {
				continue
			}
			c.OnUsageError = func(_ context.Context, c *cli.Command, err error, _ bool) error {
				msg := err.Error()
				if msg == "flag provided but not defined: -help" || msg == "flag provided but not defined: -h" {
					if p := parentOf(c); p != nil && parentOf(p) != nil {
						return cli.ShowSubcommandHelp(p)
					}
					return cli.ShowRootCommandHelp(c.Root())
				}
				return usageFailure(e, c, err)
			}
		}
		return name
	}
}

// unknownCommand is the usage error for a word that names no command of
// c, with the closest command as a suggestion.
func unknownCommand(c *cli.Command, word string) error {
	var names []string
	for _, sub := range c.Commands {
		if !sub.Hidden {
			names = append(names, sub.Name)
		}
	}
	where := c.FullName()
	hint := "see '" + where + " --help'"
	if best := suggest.Closest(word, names); len(best) > 0 {
		hint = "did you mean '" + where + " " + best[0] + "'?"
	}
	if strings.HasPrefix(word, "-") {
		return usageHint(hint, "unknown flag %s", word)
	}
	return usageHint(hint, "unknown command %q for %s", word, where)
}

// usageFailure turns a flag-parsing error of urfave/cli into gh-hooks'
// one-line usage error: the flag as the user typed it (urfave/cli reports
// "--bogus" as "-bogus"), and a hint that points at the command's help or
// at the closest flag.
func usageFailure(e *env, c *cli.Command, err error) *exitError {
	msg := err.Error()
	where := "gh-hooks"
	if c != nil {
		where = c.FullName()
	}
	hint := "see '" + where + " --help'"
	if name, ok := strings.CutPrefix(msg, "flag provided but not defined: -"); ok {
		typed := typedFlag(e.args, name)
		var flags []string
		if c != nil {
			for _, f := range visibleFlags(c) {
				flags = append(flags, "--"+f)
			}
		}
		if best := suggest.Closest("--"+name, flags); len(best) > 0 {
			hint = "did you mean " + best[0] + "? (" + hint + ")"
		}
		return &exitError{code: 2, err: fmt.Errorf("unknown flag %s", typed), hint: hint}
	}
	// Required flag "event" not set; Required flags "event, command" not set.
	if names, ok := strings.CutPrefix(msg, "Required flag"); ok {
		names = strings.TrimSuffix(strings.TrimPrefix(strings.TrimPrefix(names, "s"), " \""), "\" not set")
		flags := strings.Split(names, ", ")
		for i, f := range flags {
			flags[i] = "--" + f
		}
		list := strings.Join(flags, " and ")
		if len(flags) > 2 {
			list = strings.Join(flags[:len(flags)-1], ", ") + " and " + flags[len(flags)-1]
		}
		return &exitError{code: 2, err: fmt.Errorf("%s needs %s", strings.TrimPrefix(where, "gh-hooks "), list), hint: hint}
	}
	if name, ok := strings.CutPrefix(msg, "flag needs an argument: "); ok {
		return &exitError{code: 2, err: fmt.Errorf("flag %s needs a value", strings.TrimSpace(name)), hint: hint}
	}
	// "invalid value "x" for flag -json: ..." names the flag with one dash.
	msg = strings.Replace(msg, " for flag -", " for flag --", 1)
	// A validator's own message already names the flag and its value
	// (--color "bogus": want always, never or auto): say it once.
	if head, why, ok := strings.Cut(msg, ": "); ok && strings.HasPrefix(head, "invalid value ") {
		if _, flag, ok := strings.Cut(head, " for flag "); ok && strings.HasPrefix(why, flag+" ") {
			msg = why
		}
	}
	// An integer flag's value fails strconv, whose wording (strconv.ParseInt:
	// parsing "abc": invalid syntax) is Go's, not the user's.
	if head, why, ok := strings.Cut(msg, ": strconv."); ok {
		msg = head + ": want a whole number"
		if strings.HasSuffix(why, "value out of range") {
			msg = head + ": out of range"
		}
		if ms, ok := durationMS(head); ok {
			// --timeout 10s: Gemini's timeouts are milliseconds.
			msg = head + ": want a whole number of milliseconds"
			hint = fmt.Sprintf("--timeout %d (Gemini's timeouts are in milliseconds)", ms)
		}
	}
	// urfave/cli's only "parse error" is a boolean flag's (--json=maybe).
	if head, ok := strings.CutSuffix(msg, ": parse error"); ok {
		msg = head + ": want true or false"
	}
	if topic, ok := strings.CutPrefix(msg, "No help topic for '"); ok {
		topic = strings.TrimSuffix(topic, "'")
		parent := rootOf(c)
		if c != nil && len(c.Commands) > 0 {
			parent = c // `help trust auddit`: the subcommands of trust
		}
		return unknownCommand(parent, topic).(*exitError)
	}
	return &exitError{code: 2, err: errors.New(msg), hint: hint}
}

// durationMS reads the value of an "invalid value "10s" for flag
// --timeout" message as a Go duration (10s, 1m30s, 500ms) and returns it in
// whole milliseconds.
func durationMS(msg string) (int64, bool) {
	rest, ok := strings.CutPrefix(msg, "invalid value \"")
	if !ok || !strings.HasSuffix(msg, "\" for flag --timeout") {
		return 0, false
	}
	d, err := time.ParseDuration(strings.TrimSuffix(rest, "\" for flag --timeout"))
	if err != nil || d <= 0 || d%time.Millisecond != 0 {
		return 0, false
	}
	return d.Milliseconds(), true
}

// typedCommand is the deepest command named by the words of args (root
// when none).
func typedCommand(root *cli.Command, args []string) *cli.Command {
	c := root
	for _, a := range args[1:] {
		if strings.HasPrefix(a, "-") {
			continue
		}
		sub := findCommand(c.Commands, a)
		if sub == nil {
			break
		}
		c = sub
	}
	return c
}

func rootOf(c *cli.Command) *cli.Command {
	if c == nil {
		return &cli.Command{Name: "gh-hooks"}
	}
	return c.Root()
}

// typedFlag finds how the user spelt the flag name in args ("--bogus",
// "-bogus", "--bogus=1" gives "--bogus").
func typedFlag(args []string, name string) string {
	for _, a := range args {
		if !strings.HasPrefix(a, "-") {
			continue
		}
		flag, _, _ := strings.Cut(a, "=")
		if strings.TrimLeft(flag, "-") == name {
			return flag
		}
	}
	return "--" + name
}

// visibleFlags are the long names of the flags c accepts, its ancestors'
// included.
func visibleFlags(c *cli.Command) []string {
	var out []string
	for p := c; p != nil; p = parentOf(p) {
		for _, f := range p.Flags {
			for _, n := range f.Names() {
				if len(n) > 1 {
					out = append(out, n)
				}
			}
		}
	}
	return out
}

func parentOf(c *cli.Command) *cli.Command {
	lineage := c.Lineage()
	if len(lineage) < 2 {
		return nil
	}
	return lineage[1]
}

// noArgs checks that c got no positional arguments.
func noArgs(c *cli.Command) error {
	if c.Args().Len() > 0 {
		return usageHint("see '"+c.FullName()+" --help'", "%s takes no arguments, got %q", c.Name, c.Args().First())
	}
	return nil
}

// flagNamed is the flag of c or of one of its ancestors called name.
func flagNamed(c *cli.Command, name string) cli.Flag {
	for p := c; p != nil; p = parentOf(p) {
		for _, f := range p.Flags {
			if slices.Contains(f.Names(), name) {
				return f
			}
		}
	}
	return nil
}
