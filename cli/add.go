package cli

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/urfave/cli/v3"

	"github.com/gh-hooks/gh-hooks/config"
	"github.com/gh-hooks/gh-hooks/edit"
	"github.com/gh-hooks/gh-hooks/internal/shellword"
	"github.com/gh-hooks/gh-hooks/layers"
	"github.com/gh-hooks/gh-hooks/merge"
	"github.com/gh-hooks/gh-hooks/validate"
)

type addOptions struct {
	*env
	writeOptions
	Hook edit.Hook
	// TimeoutSet is whether --timeout was given (0 is refused).
	TimeoutSet bool
	// Force adds a hook that validate would call an error.
	Force bool
}

func addCommand(e *env) *cli.Command {
	o := &addOptions{env: e}
	var timeout int
	return &cli.Command{
		Name:      "add",
		Usage:     "add a command hook to a settings file",
		UsageText: "gh-hooks add --event E --command CMD [--matcher M] [--name N] [--timeout MS] [--description D] [--sequential] [--env K=V]... [--scope project|user|system] [--force] [--dry-run]",
		Description: "Appends a new definition {matcher, sequential, hooks: [{name, type: command, command, ...}]}\n" +
			"to hooks.<event> of the scope's settings file, creating the file and keys when missing and\n" +
			"keeping every other byte of the file. The hook is checked first the way Gemini CLI 0.61 reads\n" +
			"it: a known event, a JavaScript regex matcher for BeforeTool/AfterTool, an exact trigger for\n" +
			"SessionStart/SessionEnd/PreCompress, a timeout in milliseconds, and no second hook with the\n" +
			"same name:command under the event in that file. Then the file as it would be is checked\n" +
			"with every other layer by the rules of gh-hooks validate: an error for the new hook (a\n" +
			"missing or non-executable script, say) refuses the hook, exit 1, unless --force; a warning\n" +
			"(a Claude Code tool name as matcher, say) is printed and the hook added.\n\n" + editExitHelp,
		Flags: append([]cli.Flag{
			&choice{Name: "event", Required: true, Usage: "Gemini event, e.g. BeforeTool", Destination: &o.Hook.Event, Config: fixed(merge.Events...)},
			&cli.StringFlag{Name: "command", Required: true, Usage: "shell command to run", Destination: &o.Hook.Command},
			&cli.StringFlag{Name: "matcher", Usage: "tool regex (BeforeTool/AfterTool) or exact trigger (SessionStart/SessionEnd/PreCompress)", Destination: &o.Hook.Matcher},
			&cli.StringFlag{Name: "name", Usage: "hook name (for disable and Gemini's trust store)", Destination: &o.Hook.Name},
			&cli.IntFlag{Name: "timeout", Usage: "timeout in `MILLISECONDS`", DefaultText: "Gemini's 60000", Destination: &timeout},
			&cli.StringFlag{Name: "description", Usage: "description shown by Gemini's /hooks panel", Destination: &o.Hook.Description},
			&cli.BoolFlag{Name: "sequential", Usage: "run this event's matching hooks one after another", Destination: &o.Hook.Sequential},
			&cli.StringSliceFlag{Name: "env", Usage: "environment variable for the hook, `K=V` (repeatable)"},
			&cli.BoolFlag{Name: "force", Usage: "add the hook even when gh-hooks validate would report an error for it", Destination: &o.Force},
		}, o.writeOptions.flags("project")...),
		Action: func(_ context.Context, c *cli.Command) error {
			if err := noArgs(c); err != nil {
				return err
			}
			o.Hook.Timeout, o.TimeoutSet = timeout, c.IsSet("timeout")
			for _, kv := range c.StringSlice("env") {
				k, v, ok := strings.Cut(kv, "=")
				if !ok {
					return usageError("--env: want K=V, got %q", kv)
				}
				o.Hook.Env = append(o.Hook.Env, edit.EnvVar{Key: k, Value: v})
			}
			return runAdd(o)
		},
		// --env values are kept whole: "A=1,2" is one variable.
		DisableSliceFlagSeparator: true,
	}
}

func runAdd(o *addOptions) error {
	h := o.Hook
	if o.TimeoutSet && h.Timeout == 0 {
		return usageHint("leave --timeout out for the 60000 ms default, or give milliseconds",
			"--timeout 0: Gemini uses it as given, so the hook times out at once")
	}
	warns, err := h.Validate()
	if err != nil {
		return editFailure(err)
	}
	set, err := loadSet(o.env)
	if err != nil {
		return err
	}
	o.Scope = writeScope(set, o.Scope)
	path, err := scopePath(set, o.Scope)
	if err != nil {
		return err
	}
	for _, w := range warns {
		warn(o.Stderr, w.Msg, w.Hint)
	}
	var added edit.Added
	var problems []config.Problem
	ch, err := config.Update(path, func(doc *config.Document) ([]byte, error) {
		a, err := edit.Add(doc, h)
		if err != nil {
			return nil, err
		}
		added = a
		problems, err = newHookProblems(set, o.Scope, path, a)
		if err != nil {
			return nil, err
		}
		if e := firstError(problems); e != nil && !o.Force {
			return nil, &refusedError{e}
		}
		return a.Data, nil
	}, o.writeOpts(projectDir(set), path, o.DryRun))
	var refused *refusedError
	if errors.As(err, &refused) {
		return refused.exit(problems)
	}
	if err != nil {
		return editFailure(err)
	}
	for _, p := range problems {
		if p.Severity == config.SevError {
			warn(o.Stderr, fmt.Sprintf("the new hook: %s [%s] (added anyway: --force)", p.Message, p.Code), p.Hint)
		} else if p.Severity == config.SevWarning && !addChecked(p.Code) {
			warn(o.Stderr, fmt.Sprintf("the new hook: %s [%s]", p.Message, p.Code), p.Hint)
		}
	}
	id := fmt.Sprintf("%s/%s/%d/0", o.Scope, h.Event, added.DefIndex)
	if dryRun(o.env, o.writeOptions, ch, "would add "+id+" to "+ch.Target) {
		return nil
	}
	note(o.Stdout, "added %s to %s\n", id, ch.Target)
	// Gemini matches hooksConfig.disabled against the name, or the
	// command of a hook without one (spec §3.6).
	if key := cmp.Or(h.Name, h.Command); slices.Contains(disabledIn(set, ""), key) {
		warn(o.Stderr, fmt.Sprintf("hooksConfig.disabled lists %q: Gemini will not run this hook", key), "gh-hooks enable "+shellword.Quote(key))
	}
	trustNotes(o.Stderr, set, o.Scope, h)
	return nil
}

// addChecked are validate's codes for what edit.Hook.Validate has already
// warned about, in terms of add's flags.
func addChecked(s string) bool {
	switch s {
	case "timeout-seconds", "matcher-ignored":
		return true
	}
	return false
}

// newHookProblems returns what gh-hooks validate would report about the
// hook a adds: the scope's file is read as the edit leaves it, in place
// of its layer, and the whole set is checked (so a duplicate of a user
// hook, or a script that is missing, counts), keeping the problems that
// point into the new definition. Reusing validate keeps add from
// accepting what validate then calls an error.
func newHookProblems(set *layers.Set, scope, path string, a edit.Added) ([]config.Problem, error) {
	doc, err := config.Parse(path, a.Data, config.Options{})
	if err != nil {
		return nil, err
	}
	cp := *set
	cp.Layers = slices.Clone(set.Layers)
	for i, l := range cp.Layers {
		if l.Kind != scope {
			continue
		}
		nl := *l
		nl.Path, nl.Doc, nl.Err, nl.Exists = path, doc, nil, true
		// A new file loads as the old one would have: a user file always,
		// a project file in a trusted folder.
		if l.Loaded || !l.Exists && (scope == layers.User || scope == layers.Project && set.Trust.Trusted) {
			nl.Loaded, nl.Reason, nl.Root = true, "", config.ExpandTree(doc.Root, set.Lookup)
		} else {
			nl.Loaded, nl.Root = false, nil
		}
		cp.Layers[i] = &nl
	}
	def := a.Pointer[:strings.LastIndex(a.Pointer, "/hooks/")]
	var out []config.Problem
	for _, p := range validate.Check(merge.Merge(&cp)) {
		if p.Path == path && (p.Pointer == def || strings.HasPrefix(p.Pointer, def+"/")) {
			out = append(out, p)
		}
	}
	return out, nil
}

func firstError(problems []config.Problem) *config.Problem {
	for i := range problems {
		if problems[i].Severity == config.SevError {
			return &problems[i]
		}
	}
	return nil
}

// refusedError stops config.Update when the new hook has an error.
type refusedError struct{ p *config.Problem }

func (e *refusedError) Error() string { return e.p.Message }

// exit is the error add exits with: the first error, a count of the
// others, and the fix or --force.
func (e *refusedError) exit(problems []config.Problem) error {
	msg := fmt.Sprintf("refusing to add the hook: %s [%s]", e.p.Message, e.p.Code)
	n := 0
	for _, p := range problems {
		if p.Severity == config.SevError {
			n++
		}
	}
	if n > 1 {
		msg += fmt.Sprintf(" (and %s more)", count(n-1, "error"))
	}
	hint := "pass --force to add it anyway"
	if e.p.Hint != "" {
		hint = e.p.Hint + "; or pass --force to add it anyway"
	}
	return fail(errors.New(msg), hint)
}

// trustNotes tells the user what stands between a new hook and Gemini
// running it: folder trust (spec §1.7) and, for project hooks, approval.
func trustNotes(w io.Writer, set *layers.Set, scope string, h edit.Hook) {
	if set.Trust.Enabled && !set.Trust.Trusted {
		warn(w, fmt.Sprintf("folder %s is not trusted (%s): Gemini will not run this hook, nor any other settings hook, until it is", set.Paths.ProjectDir, set.Trust.Why),
			fmt.Sprintf(`trust it in Gemini's folder-trust dialog or add "%s": "TRUST_FOLDER" to %s`, set.Paths.ProjectDir, set.Paths.TrustedFolders))
	}
	if scope == layers.Project {
		who := "--all"
		if h.Name != "" {
			who = shellword.Quote(h.Name)
		}
		note(w, "note: project hooks need approval: review it, then run gh-hooks trust approve %s\n", who)
	}
}
