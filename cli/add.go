package cli

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/urfave/cli/v3"

	"github.com/gh-hooks/gh-hooks/config"
	"github.com/gh-hooks/gh-hooks/edit"
	"github.com/gh-hooks/gh-hooks/internal/shellword"
	"github.com/gh-hooks/gh-hooks/layers"
)

type addOptions struct {
	*env
	writeOptions
	Hook edit.Hook
	// TimeoutSet is whether --timeout was given (0 is refused).
	TimeoutSet bool
}

func addCommand(e *env) *cli.Command {
	o := &addOptions{env: e}
	var timeout int
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
			&cli.StringFlag{Name: "event", Required: true, Usage: "Gemini event, e.g. BeforeTool", Destination: &o.Hook.Event},
			&cli.StringFlag{Name: "command", Required: true, Usage: "shell command to run", Destination: &o.Hook.Command},
			&cli.StringFlag{Name: "matcher", Usage: "tool regex (BeforeTool/AfterTool) or exact trigger (SessionStart/SessionEnd/PreCompress)", Destination: &o.Hook.Matcher},
			&cli.StringFlag{Name: "name", Usage: "hook name (used by disable and in Gemini's trust store)", Destination: &o.Hook.Name},
			&cli.IntFlag{Name: "timeout", Usage: "timeout in `MILLISECONDS` (default: Gemini's 60000)", Destination: &timeout, HideDefault: true},
			&cli.StringFlag{Name: "description", Usage: "description shown by Gemini's /hooks panel", Destination: &o.Hook.Description},
			&cli.BoolFlag{Name: "sequential", Usage: "run this event's matching hooks one after another", Destination: &o.Hook.Sequential},
			&cli.StringSliceFlag{Name: "env", Usage: "environment variable for the hook, `K=V` (repeatable)"},
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
	path, err := scopePath(set, o.Scope)
	if err != nil {
		return err
	}
	for _, w := range warns {
		warn(o.Stderr, w.Msg, w.Hint)
	}
	var added edit.Added
	ch, err := config.Update(path, func(doc *config.Document) ([]byte, error) {
		a, err := edit.Add(doc, h)
		added = a
		return a.Data, err
	}, o.writeOpts(projectDir(set), path, o.DryRun))
	if err != nil {
		return editFailure(err)
	}
	id := fmt.Sprintf("%s/%s/%d/0", o.Scope, h.Event, added.DefIndex)
	if dryRun(o.env, o.writeOptions, ch, "would add "+id+" to "+ch.Target) {
		return nil
	}
	note(o.Stdout, "added %s to %s\n", id, ch.Target)
	trustNotes(o.Stderr, set, o.Scope, h)
	return nil
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
