package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/gh-hooks/gh-hooks/config"
	"github.com/gh-hooks/gh-hooks/edit"
	"github.com/gh-hooks/gh-hooks/layers"
)

func addCommand() *cli.Command {
	return &cli.Command{
		Name:      "add",
		Usage:     "add a command hook to a settings file",
		UsageText: "gh-hooks add --event E --command CMD [--matcher M] [--name N] [--timeout MS] [--description D] [--sequential] [--env K=V]... [--scope project|user|system] [--dry-run]",
		Description: "Appends a new definition {matcher, sequential, hooks: [{name, type: command, command, ...}]}\n" +
			"to hooks.<event> of the scope's settings file, creating the file and keys when missing and\n" +
			"keeping every other byte of the file. The hook is checked first the way Gemini CLI 0.61 reads\n" +
			"it: a known event, a JavaScript regex matcher for BeforeTool/AfterTool, an exact trigger for\n" +
			"SessionStart/SessionEnd/PreCompress, a timeout in milliseconds, and no second hook with the\n" +
			"same name:command under the event in that file.",
		Flags: append([]cli.Flag{
			&cli.StringFlag{Name: "event", Required: true, Usage: "Gemini event, e.g. BeforeTool"},
			&cli.StringFlag{Name: "command", Required: true, Usage: "shell command to run"},
			&cli.StringFlag{Name: "matcher", Usage: "tool regex (BeforeTool/AfterTool) or exact trigger (SessionStart/SessionEnd/PreCompress)"},
			&cli.StringFlag{Name: "name", Usage: "hook name (used by disable and in Gemini's trust store)"},
			&cli.IntFlag{Name: "timeout", Usage: "timeout in `MILLISECONDS` (Gemini's default is 60000)"},
			&cli.StringFlag{Name: "description", Usage: "description shown by Gemini's /hooks panel"},
			&cli.BoolFlag{Name: "sequential", Usage: "run this event's matching hooks one after another"},
			&cli.GenericFlag{Name: "env", Value: &editEnvFlag{}, Usage: "environment variable for the hook, `K=V` (repeatable)"},
		}, editWriteFlags("project")...),
		Action: runAdd,
	}
}

// editEnvFlag collects repeated --env K=V without splitting values on commas.
type editEnvFlag struct{ vars []edit.EnvVar }

func (f *editEnvFlag) Set(s string) error {
	k, v, ok := strings.Cut(s, "=")
	if !ok {
		return fmt.Errorf("want K=V, got %q", s)
	}
	f.vars = append(f.vars, edit.EnvVar{Key: k, Value: v})
	return nil
}

func (f *editEnvFlag) String() string {
	var parts []string
	if f != nil {
		for _, kv := range f.vars {
			parts = append(parts, kv.Key+"="+kv.Value)
		}
	}
	return strings.Join(parts, ",")
}

// editWriteFlags are the flags of every writing command.
func editWriteFlags(defaultScope string) []cli.Flag {
	return []cli.Flag{
		&cli.StringFlag{Name: "scope", Value: defaultScope, Usage: "settings file to write: project, user or system"},
		&cli.BoolFlag{Name: "dry-run", Usage: "print the diff of each file and write nothing"},
	}
}

func runAdd(c *cli.Context) error {
	if args, err := editArgs(c); err != nil {
		return err
	} else if len(args) > 0 {
		return usageError("add takes no arguments, got %q", args[0])
	}
	h := edit.Hook{
		Event: c.String("event"), Matcher: c.String("matcher"), Sequential: c.Bool("sequential"),
		Name: c.String("name"), Command: c.String("command"), Description: c.String("description"),
		Timeout: c.Int("timeout"), Env: c.Generic("env").(*editEnvFlag).vars,
	}
	if c.IsSet("timeout") && h.Timeout == 0 {
		return &exitError{code: 2, err: errors.New("--timeout 0: Gemini uses it as given, so the hook times out at once"),
			hint: "leave --timeout out for the 60000 ms default, or give milliseconds"}
	}
	warns, err := h.Validate()
	if err != nil {
		return editFailure(err)
	}
	set, err := editLoadSet(c)
	if err != nil {
		return err
	}
	scope := c.String("scope")
	path, err := editScopePath(set, scope)
	if err != nil {
		return err
	}
	stderr := c.App.ErrWriter
	for _, w := range warns {
		editWarn(stderr, w.Msg, w.Hint)
	}
	var added edit.Added
	ch, err := config.Update(path, func(doc *config.Document) ([]byte, error) {
		a, err := edit.Add(doc, h)
		added = a
		return a.Data, err
	}, config.WriteOptions{DryRun: c.Bool("dry-run")})
	if err != nil {
		return editFailure(err)
	}
	id := scope + "/" + h.Event + "/" + fmt.Sprint(added.DefIndex) + "/0"
	if editReport(c, ch, "would add "+id+" to "+path) {
		return nil
	}
	fmt.Fprintf(c.App.Writer, "added %s to %s\n", id, path)
	editTrustNotes(stderr, set, scope, h)
	return nil
}

// editTrustNotes tells the user what stands between a new hook and Gemini
// running it: folder trust (spec §1.7) and, for project hooks, approval.
func editTrustNotes(w io.Writer, set *layers.Set, scope string, h edit.Hook) {
	if set.Trust.Enabled && !set.Trust.Trusted {
		editWarn(w, fmt.Sprintf("folder %s is not trusted (%s): Gemini will not run this hook, nor any other settings hook, until it is", set.Paths.ProjectDir, set.Trust.Why),
			fmt.Sprintf(`trust it in Gemini's folder-trust dialog or add "%s": "TRUST_FOLDER" to %s`, set.Paths.ProjectDir, set.Paths.TrustedFolders))
	}
	if scope == layers.Project {
		who := "--all"
		if h.Name != "" {
			who = editQuote(h.Name)
		}
		fmt.Fprintf(w, "note: project hooks need approval: review it, then run gh-hooks trust approve %s\n", who)
	}
}

// editLoadSet loads the layers for --project.
func editLoadSet(c *cli.Context) (*layers.Set, error) {
	set, err := layers.Load(layers.Options{ProjectDir: c.String("project")})
	if err != nil {
		return nil, fail(err, "pass an existing directory with --project")
	}
	return set, nil
}

// editScopePath returns the settings file of a writable scope.
func editScopePath(set *layers.Set, scope string) (string, error) {
	switch scope {
	case layers.Project:
		if set.Paths.ProjectIsHome {
			return "", fail(fmt.Errorf("the project directory %s is the home directory: Gemini has no project layer here, it reads %s once as the user layer", set.Paths.ProjectDir, set.Paths.User),
				"use --scope user, or run gh-hooks from (or with --project) a project directory")
		}
		return set.Paths.Project, nil
	case layers.User:
		return set.Paths.User, nil
	case layers.System:
		return set.Paths.System, nil
	}
	return "", usageError("--scope %q: want project, user or system", scope)
}

// editReport prints the diff of a dry run (stdout) and says so on
// stderr; it reports whether this was a dry run.
func editReport(c *cli.Context, ch config.Change, what string) bool {
	if !c.Bool("dry-run") {
		return false
	}
	fmt.Fprint(c.App.Writer, ch.Diff())
	fmt.Fprintf(c.App.ErrWriter, "dry run: %s; nothing written\n", what)
	return true
}

// editFailure maps the errors of edit and config.Update to exit codes:
// an invalid hook is a usage error (2); a file that does not parse, a
// refused edit or a failed write is an error (1). Hints are carried over.
func editFailure(err error) error {
	var ee *edit.Error
	var pe *config.ParseError
	var we *config.WriteError
	switch {
	case errors.As(err, &ee):
		if errors.Is(err, edit.ErrInvalid) {
			return &exitError{code: 2, err: err, hint: ee.Hint}
		}
		return fail(err, ee.Hint)
	case errors.As(err, &pe):
		hint := pe.Hint
		if hint == "" {
			hint = "fix the file by hand; gh-hooks does not write a file that does not parse"
		}
		return fail(err, hint)
	case errors.As(err, &we):
		return fail(err, we.Hint)
	}
	return fail(err, "")
}

// editWarn prints a warning and its hint on stderr.
func editWarn(w io.Writer, msg, hint string) {
	fmt.Fprintf(w, "gh-hooks: warning: %s\n", msg)
	if hint != "" {
		fmt.Fprintf(w, "hint: %s\n", hint)
	}
}

// editQuote quotes s for a POSIX shell when needed, for printed commands.
func editQuote(s string) string {
	if s != "" && strings.IndexFunc(s, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("-_./:@%+=,", r))
	}) < 0 {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// editWritable reports whether the file at path can be opened for writing
// (it is opened and closed, not modified); false for a missing file.
func editWritable(path string) bool {
	f, err := os.OpenFile(path, os.O_WRONLY, 0)
	if err == nil {
		f.Close()
		return true
	}
	return false
}

// editArgs returns the positional arguments of c and applies the flags
// written after them: urfave/cli stops parsing flags at the first argument,
// but users write "gh-hooks remove fmt --scope user".
func editArgs(c *cli.Context) ([]string, error) {
	var pos []string
	args := c.Args().Slice()
	for i := 0; i < len(args); i++ {
		a := args[i]
		if !strings.HasPrefix(a, "-") || a == "-" {
			pos = append(pos, a)
			continue
		}
		name, val, hasVal := strings.Cut(strings.TrimLeft(a, "-"), "=")
		target, f := c, editLookupFlag(c.Command.Flags, name)
		if f == nil {
			if f = editLookupFlag(c.App.Flags, name); f != nil && len(c.Lineage()) > 1 {
				target = c.Lineage()[len(c.Lineage())-1]
			}
		}
		if f == nil {
			return nil, usageError("flag provided but not defined: %s", a)
		}
		if isBoolFlag(f) {
			if !hasVal {
				val = "true"
			}
		} else if !hasVal {
			if i+1 == len(args) {
				return nil, usageError("flag needs an argument: %s", a)
			}
			i++
			val = args[i]
		}
		if err := target.Set(name, val); err != nil {
			return nil, usageError("invalid value %q for flag %s: %v", val, a, err)
		}
	}
	return pos, nil
}

func editLookupFlag(flags []cli.Flag, name string) cli.Flag {
	for _, f := range flags {
		for _, n := range f.Names() {
			if n == name {
				return f
			}
		}
	}
	return nil
}
