package cli

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/urfave/cli/v3"

	"github.com/gh-hooks/gh-hooks/config"
	"github.com/gh-hooks/gh-hooks/edit"
	"github.com/gh-hooks/gh-hooks/internal/shellword"
	"github.com/gh-hooks/gh-hooks/internal/suggest"
	"github.com/gh-hooks/gh-hooks/layers"
	"github.com/gh-hooks/gh-hooks/merge"
)

type removeOptions struct {
	*env
	writeOptions
	Selector edit.Selector
	All      bool
}

func removeCommand(e *env) *cli.Command {
	o := &removeOptions{env: e}
	return &cli.Command{
		Name:      "remove",
		Usage:     "remove hooks by name or by exact command",
		ArgsUsage: "[NAME]",
		UsageText: "gh-hooks remove (NAME | --command CMD) [--event E] [--scope S] [--all] [--dry-run]",
		Description: "Removes the hooks whose name is NAME (or whose command is exactly CMD, as written in the\n" +
			"file), and the definitions, event keys and \"hooks\" object that the removal leaves empty.\n" +
			"Without --scope it searches the project and user files (the system file only with\n" +
			"--scope system). When several hooks match, it lists them and removes none unless --all.\n\n" +
			editExitHelp,
		Flags: append([]cli.Flag{
			&choice{Name: "command", Usage: "remove hooks whose command is exactly `CMD`", Destination: &o.Selector.Command,
				// The commands of the hooks remove can find by command
				// (those without a name are found only that way).
				Config: func(words []string) []string {
					var cmds []string
					for _, h := range removable(e, words) {
						cmds = append(cmds, h.Command)
					}
					return cmds
				}},
			&choice{Name: "event", Usage: "only hooks under this event key", Destination: &o.Selector.Event, Config: fixed(merge.Events...)},
			&cli.BoolFlag{Name: "all", Usage: "remove every matching hook", Destination: &o.All},
		}, o.writeOptions.flags("")...),
		Action: func(_ context.Context, c *cli.Command) error {
			args := c.Args().Slice()
			switch {
			case len(args) > 1:
				return usageError("remove takes one NAME, got %d arguments", len(args))
			case len(args) > 0 && c.IsSet("command"):
				return usageError("give a NAME or --command, not both")
			case len(args) == 1:
				o.Selector.Name = args[0]
			}
			if o.Selector.Name == "" && o.Selector.Command == "" {
				return usageError("give the NAME of the hook to remove, or --command CMD for a hook without a name")
			}
			return runRemove(o)
		},
	}
}

// found is a hook edit.Find returned, with the file it is in.
type found struct {
	file editFile
	m    edit.Match
}

func (f found) id() string { return f.file.scope + "/" + f.m.ID() }

func runRemove(o *removeOptions) error {
	sel := o.Selector
	set, err := loadSet(o.env)
	if err != nil {
		return err
	}
	files, err := scopes(set, o.Scope)
	if err != nil {
		return err
	}
	var all []found
	for _, f := range files {
		doc, err := readScope(f)
		if err != nil {
			return err
		}
		for _, m := range edit.Find(doc, sel) {
			all = append(all, found{f, m})
		}
	}
	if len(all) == 0 {
		return noMatch(set, files, sel)
	}
	what := fmt.Sprintf("named %q", sel.Name)
	if sel.Name == "" {
		what = fmt.Sprintf("with command %q", sel.Command)
	}
	if sel.Event != "" {
		what += " under " + sel.Event
	}
	switch {
	case len(all) > 1 && !o.All:
		msg := lines{fmt.Sprintf("%d hooks %s match, so none was removed:", len(all), what)}
		for _, f := range all {
			msg = append(msg, fmt.Sprintf("  %s  %s:%d  %s", f.id(), f.file.path, f.m.Line, label(f.m.Name, f.m.Command)))
		}
		return fail(msg, "pass --all to remove them all, or pick one with --command CMD (its exact command), --event or --scope")
	}
	for _, f := range files {
		var mine []found
		for _, x := range all {
			if x.file == f {
				mine = append(mine, x)
			}
		}
		if len(mine) == 0 {
			continue
		}
		ch, err := config.Update(f.path, func(doc *config.Document) ([]byte, error) {
			ms := edit.Find(doc, sel)
			if len(ms) != len(mine) {
				return nil, fmt.Errorf("%s changed while gh-hooks was editing it; nothing was removed", f.path)
			}
			return edit.Remove(doc, ms)
		}, o.writeOpts(projectDir(set), f.path, o.DryRun))
		if err != nil {
			return editFailure(err)
		}
		var ids []string
		for _, x := range mine {
			ids = append(ids, x.id())
		}
		if dryRun(o.env, o.writeOptions, ch, "would remove "+strings.Join(ids, ", ")+" from "+ch.Target) {
			continue
		}
		for _, id := range ids {
			note(o.Stdout, "removed %s from %s\n", id, ch.Target)
		}
	}
	staleDisabled(o.env, set, all)
	return nil
}

// staleDisabled warns when the removed hooks were the last ones of their
// name (or nameless command) and a hooksConfig.disabled still lists it:
// the entry now disables nothing, until a new hook of that name comes.
func staleDisabled(e *env, set *layers.Set, removed []found) {
	names := map[string]int{}
	for _, f := range removed {
		n := f.m.Name
		if n == "" {
			n = f.m.Command
		}
		names[n]++
	}
	r := merge.Merge(set)
	off := disabledIn(set, "")
	var stale []string
	for n, c := range names {
		if len(r.Disables(n)) == c && slices.Contains(off, n) {
			stale = append(stale, n)
		}
	}
	slices.Sort(stale)
	for _, n := range stale {
		warn(e.Stderr, fmt.Sprintf("hooksConfig.disabled still lists %q, which now disables nothing (until a new hook of that name comes)", n),
			"gh-hooks enable "+shellword.Quote(n))
	}
}

// noMatch is the error for a selector that matched nothing. When a loaded
// hook has exactly that name (or command), the hint says why remove did
// not find it and the command that does (another --scope or --event), or
// that gh-hooks does not edit its layer; else it suggests the closest
// names and commands, never the one that failed.
func noMatch(set *layers.Set, files []editFile, sel edit.Selector) error {
	query, byName := sel.Name, sel.Name != ""
	if !byName {
		query = sel.Command
	}
	where := scopeList(files)
	if sel.Event != "" {
		where = "the " + sel.Event + " hooks of " + where
	}
	err := noHook([]string{query}, where)
	hooks := merge.Merge(set).Hooks
	for _, h := range hooks {
		if byName && h.ID == query && slices.ContainsFunc(files, func(f editFile) bool { return f.scope == h.Layer }) {
			// An id as effective prints it: remove selects by name or command.
			hint := "gh-hooks remove --command " + shellword.Quote(h.Command) + " --event " + shellword.Quote(h.Event)
			if h.Name != "" {
				hint = "gh-hooks remove " + shellword.Quote(h.Name) + " --event " + shellword.Quote(h.Event)
			}
			return fail(fmt.Errorf("%w: remove selects hooks by name or command, not by id", err), hint)
		}
		if byName && h.Name != query || !byName && h.Command != query {
			continue
		}
		if hint := foundElsewhere(h, files, sel); hint != "" {
			return fail(err, hint)
		}
	}
	var names, cmds []string
	for _, h := range hooks {
		if h.Name != "" && h.Name != sel.Name {
			names = append(names, h.Name)
		}
		if h.Command != sel.Command {
			cmds = append(cmds, h.Command)
		}
	}
	var hints []string
	for _, s := range suggest.Closest(query, names) {
		hints = append(hints, "gh-hooks remove "+shellword.Quote(s))
	}
	cands := suggest.Closest(query, cmds)
	if !byName && len(cands) == 0 {
		// A command is long: what was typed may be its beginning.
		for _, c := range cmds {
			if strings.HasPrefix(c, query) && !slices.Contains(cands, c) {
				cands = append(cands, c)
			}
		}
	}
	for _, s := range cands {
		hints = append(hints, "gh-hooks remove --command "+shellword.Quote(s))
	}
	if len(hints) == 0 {
		return fail(err, hooksListHint)
	}
	if len(hints) > 3 {
		hints = hints[:3]
	}
	return fail(err, "did you mean: "+strings.Join(hints, " or ")+"?")
}

// foundElsewhere explains why remove did not find h, which has the name
// or command asked for: it is under another event, in a file of another
// scope, or in a layer gh-hooks does not edit. "" when h is in the files
// searched and under the event asked (it cannot be, or it would match).
func foundElsewhere(h *merge.Hook, files []editFile, sel edit.Selector) string {
	arg := shellword.Quote(sel.Name)
	if sel.Name == "" {
		arg = "--command " + shellword.Quote(sel.Command)
	}
	where := fmt.Sprintf("%s:%d", h.Path, h.Line)
	switch h.Layer {
	case layers.Project, layers.User, layers.System:
		cmd := "gh-hooks remove " + arg
		if !inFiles(files, h.Path) {
			cmd += " --scope " + h.Layer
		}
		if sel.Event != "" && sel.Event != h.Event || !inFiles(files, h.Path) {
			if sel.Event != "" {
				cmd += " --event " + shellword.Quote(h.Event)
			}
			return fmt.Sprintf("it is under %s in the %s file (%s): %s", h.Event, h.Layer, where, cmd)
		}
		return ""
	case layers.Extension:
		return fmt.Sprintf("it is a hook of the extension %s (%s), which gh-hooks does not edit: gh-hooks disable %s stops Gemini running it, or uninstall the extension", h.Extension, where, shellword.Quote(h.DisableName))
	}
	return fmt.Sprintf("it is in the %s file (%s), which gh-hooks does not edit: gh-hooks disable %s stops Gemini running it", h.Layer, where, shellword.Quote(h.DisableName))
}
