package cli

import (
	"context"
	"fmt"
	"strings"

	"github.com/urfave/cli/v3"

	"github.com/gh-hooks/gh-hooks/config"
	"github.com/gh-hooks/gh-hooks/edit"
	"github.com/gh-hooks/gh-hooks/internal/shellword"
	"github.com/gh-hooks/gh-hooks/internal/suggest"
	"github.com/gh-hooks/gh-hooks/layers"
	"github.com/gh-hooks/gh-hooks/merge"
)

// toggleOptions are the options of enable and disable.
type toggleOptions struct {
	*env
	writeOptions
	// Name is the hook name (or the command of a hook without a name); ""
	// with All.
	Name string
	All  bool
}

func enableCommand(e *env) *cli.Command {
	o := &toggleOptions{env: e}
	return &cli.Command{
		Name:      "enable",
		Usage:     "remove a hook name from hooksConfig.disabled",
		ArgsUsage: "(NAME | --all)",
		UsageText: "gh-hooks enable (NAME | --all) [--scope S] [--dry-run]",
		Description: "Removes NAME from hooksConfig.disabled in every writable settings file that lists it\n" +
			"(project and user; only the --scope file when given), like Gemini's /hooks enable but without\n" +
			"rewriting the files. A list left empty is removed. --all empties those lists, like\n" +
			"/hooks enable-all. A name that only the system layer disables is reported, not changed.\n\n" +
			editExitHelp,
		Flags: append([]cli.Flag{
			&cli.BoolFlag{Name: "all", Usage: "remove every entry of the lists", Destination: &o.All},
		}, o.writeOptions.flags("")...),
		Action: func(_ context.Context, c *cli.Command) error {
			if err := o.nameArg(c); err != nil {
				return err
			}
			return runEnable(o)
		},
	}
}

func disableCommand(e *env) *cli.Command {
	o := &toggleOptions{env: e}
	return &cli.Command{
		Name:      "disable",
		Usage:     "add a hook name to hooksConfig.disabled",
		ArgsUsage: "(NAME | --all)",
		UsageText: "gh-hooks disable (NAME | --all) [--scope project|user|system] [--dry-run]",
		Description: "Adds NAME to hooksConfig.disabled of the project file (or --scope), creating the keys\n" +
			"when missing. Gemini compares the entries exactly with each hook's name, or with the\n" +
			"command of a hook without a name, and one entry disables every hook so called. --all adds\n" +
			"the name of every hook Gemini would run now, like /hooks disable-all but without\n" +
			"replacing the list or touching any other key.\n\n" + editExitHelp,
		Flags: append([]cli.Flag{
			&cli.BoolFlag{Name: "all", Usage: "disable every active hook", Destination: &o.All},
		}, o.writeOptions.flags("project")...),
		Action: func(_ context.Context, c *cli.Command) error {
			if err := o.nameArg(c); err != nil {
				return err
			}
			return runDisable(o)
		},
	}
}

// nameArg sets Name from the one positional argument, checking that
// exactly one of NAME and --all is given.
func (o *toggleOptions) nameArg(c *cli.Command) error {
	args := c.Args().Slice()
	switch {
	case len(args) > 1:
		return usageError("%s takes one NAME, got %d arguments", c.Name, len(args))
	case o.All && len(args) == 1:
		return usageError("give a NAME or --all, not both")
	case !o.All && len(args) == 0:
		return usageError("give the NAME of the hook (its name, or the command of a hook without a name), or --all")
	case len(args) == 1 && args[0] == "":
		return usageError("the NAME is empty")
	case len(args) == 1:
		o.Name = args[0]
	}
	return nil
}

func runDisable(o *toggleOptions) error {
	set, err := loadSet(o.env)
	if err != nil {
		return err
	}
	scopeGiven := o.Scope != ""
	o.Scope = writeScope(set, o.Scope)
	path, err := scopePath(set, o.Scope)
	if err != nil {
		return err
	}
	r := merge.Merge(set)
	// Why this file: a hook of another layer is disabled from the default
	// (project) file, which Gemini unions with the others (spec §1.4).
	var why string
	if o.Name != "" && !scopeGiven {
		why = disableWhere(r, o.Name, o.Scope)
	}
	var names []string
	if o.Name != "" {
		names = []string{o.Name}
		if w, hint := disableCheck(r, o.Name, "disable"); w != "" {
			warn(o.Stderr, w, hint)
		}
	} else {
		// /hooks disable-all without its side effects (spec §8.2): each
		// active hook's display name once, none already disabled.
		seen := map[string]bool{}
		for _, h := range r.Hooks {
			key := h.DisableKey()
			if !h.Active || seen[key] {
				continue
			}
			seen[key] = true
			if key != h.DisableName {
				w, hint := typedNameWarning(h)
				warn(o.Stderr, w, hint)
				continue
			}
			names = append(names, h.DisableName)
		}
		if len(names) == 0 {
			note(o.Stdout, "no active hook to disable\n")
			return nil
		}
	}
	var added []string
	ch, err := config.Update(path, func(doc *config.Document) ([]byte, error) {
		data, a, err := edit.Disable(doc, names)
		added = a
		return data, err
	}, o.writeOpts(projectDir(set), path, o.DryRun))
	if err != nil {
		return editFailure(err)
	}
	if len(added) == 0 {
		note(o.Stdout, "%s already disabled in %s (%s)\n", quoteList(names), o.Scope, ch.Target)
		return nil
	}
	if dryRun(o.env, o.writeOptions, ch, fmt.Sprintf("would disable %s in %s", quoteList(added), ch.Target)) {
		if why != "" {
			note(o.Stderr, "%s\n", why)
		}
		return nil
	}
	note(o.Stdout, "disabled %s in %s (%s)\n", quoteList(added), o.Scope, ch.Target)
	if why != "" {
		note(o.Stdout, "%s\n", why)
	}
	return nil
}

// disableWhere says why disable writes the scope's file when every hook
// called name lives in another layer ("" when one lives in it, or none
// is found): hooksConfig.disabled is a union of the settings files (spec
// §1.4), so the entry in this file disables the hook wherever this file
// is read, and --scope chooses another.
func disableWhere(r *merge.Result, name, scope string) string {
	var where []string
	for _, h := range r.Hooks {
		if h.DisableName != name {
			continue
		}
		if h.Layer == scope {
			return ""
		}
		where = append(where, fmt.Sprintf("a %s hook (%s:%d)", h.Layer, h.Path, h.Line))
	}
	if len(where) == 0 {
		return ""
	}
	switch scope {
	case layers.Project:
		return fmt.Sprintf("note: %q is %s; disable writes the project file by default, so it is disabled in this project only (Gemini unions hooksConfig.disabled across files); --scope user disables it everywhere", name, strings.Join(where, " and "))
	}
	return fmt.Sprintf("note: %q is %s; disable wrote the %s file, whose hooksConfig.disabled Gemini unions with the other files'", name, strings.Join(where, " and "), scope)
}

// typedNameWarning explains why a hook whose name is not a string (the
// number 5, true) cannot be disabled by the string gh-hooks writes:
// Gemini's includes() compares by type (merge.Hook.DisableKey).
func typedNameWarning(h *merge.Hook) (warning, hint string) {
	return fmt.Sprintf("hook %s's name is %s, not a string: Gemini compares hooksConfig.disabled entries by type, so the string %q does not disable it", h.ID, h.DisableName, h.DisableName),
		fmt.Sprintf(`give the hook a string name ("name": %q), then disable that`, h.DisableName)
}

// disableCheck warns when no loaded hook is called name the way Gemini
// matches hooksConfig.disabled (merge.Result.Miss); a hint that is a
// command runs verb, "disable" or "enable".
func disableCheck(r *merge.Result, name, verb string) (warning, hint string) {
	m, miss := r.Miss(name)
	if !miss {
		return "", ""
	}
	h := m.Hook
	switch m.Kind {
	case merge.MissTyped:
		return typedNameWarning(h)
	case merge.MissCommand:
		return fmt.Sprintf("hook %s has the name %q: Gemini matches hooksConfig.disabled against the name, so %q will not disable it", h.ID, h.Name, name),
			"gh-hooks " + verb + " " + shellword.Quote(h.Name)
	case merge.MissID:
		// An id as effective prints it: hooksConfig.disabled holds names.
		return fmt.Sprintf("%q is the id of a hook, not its name: Gemini compares hooksConfig.disabled with the name (or the command of a hook without a name), so the entry disables nothing", name),
			"gh-hooks " + verb + " " + shellword.Quote(h.DisableName)
	}
	var cands []string
	for _, h := range r.Hooks {
		cands = append(cands, h.DisableName)
	}
	hint = "gh-hooks effective lists every hook; a hook is disabled by its name, or by its command when it has no name"
	if s := suggest.Closest(name, cands); len(s) > 0 {
		hint = "did you mean " + quoteList(s) + "?"
	}
	return fmt.Sprintf("no loaded hook is called %q (Gemini compares the name, or the command of a hook without a name, exactly): the entry disables nothing for now", name), hint
}

func runEnable(o *toggleOptions) error {
	set, err := loadSet(o.env)
	if err != nil {
		return err
	}
	files, err := scopes(set, o.Scope)
	if err != nil {
		return err
	}
	var names []string
	if o.Name != "" {
		names = []string{o.Name}
	}
	var changed []string
	would := 0 // files a dry run would change
	for _, f := range files {
		doc, err := readScope(f)
		if err != nil {
			return err
		}
		if _, rm, err := edit.Enable(doc, names); err != nil {
			return editFailure(err)
		} else if len(rm) == 0 {
			continue
		}
		var removed []string
		ch, err := config.Update(f.path, func(doc *config.Document) ([]byte, error) {
			data, rm, err := edit.Enable(doc, names)
			removed = rm
			return data, err
		}, o.writeOpts(projectDir(set), f.path, o.DryRun))
		if err != nil {
			return editFailure(err)
		}
		if len(removed) == 0 {
			continue
		}
		if dryRun(o.env, o.writeOptions, ch, fmt.Sprintf("would enable %s in %s", quoteList(removed), ch.Target)) {
			would++
			continue
		}
		changed = append(changed, fmt.Sprintf("%s (%s)", f.scope, ch.Target))
		note(o.Stdout, "enabled %s: removed from hooksConfig.disabled in %s (%s)\n", quoteList(removed), f.scope, ch.Target)
	}
	// What the loaded layers gh-hooks did not edit still disable (a system
	// file that 0.61 skips as insecure disables nothing, spec §1.1).
	var blockers []string
	var blockPath, firstKind string
	for _, l := range set.Layers {
		if (l.Kind != layers.System && l.Kind != layers.SystemDefaults) || !l.Loaded || l.Doc == nil || inFiles(files, l.Path) {
			continue
		}
		list, _ := edit.Disabled(l.Doc)
		for _, d := range list {
			if o.Name == "" || d == o.Name {
				if len(blockers) == 0 {
					firstKind = l.Kind
				}
				blockers = append(blockers, fmt.Sprintf("%s (%s)", l.Kind, l.Path))
				blockPath = l.Path
				break
			}
		}
	}
	if len(blockers) == 0 {
		// A dry run that would change nothing says and exits as the run.
		if len(changed) == 0 && would == 0 {
			if o.Name == "" {
				note(o.Stdout, "no hook is disabled in %s\n", scopeList(files))
			} else if w, hint := disableCheck(merge.Merge(set), o.Name, "enable"); w != "" {
				// Not a hook's name either: probably a typo.
				return fail(fmt.Errorf("%w, and hooksConfig.disabled of %s does not list it", noHook([]string{o.Name}, ""), scopeList(files)), hint)
			} else {
				note(o.Stdout, "%q is already enabled: %s does not list it\n", o.Name, scopeList(files))
			}
		}
		return nil
	}
	hint := "ask an administrator to remove it from hooksConfig.disabled in " + blockPath
	if config.Writable(blockPath) && firstKind == layers.System {
		arg := "--all"
		if o.Name != "" {
			arg = shellword.Quote(o.Name)
		}
		hint = fmt.Sprintf("gh-hooks enable %s --scope system", arg)
	}
	subject := fmt.Sprintf("%q stays disabled", o.Name)
	if o.Name == "" {
		subject = "some hooks stay disabled"
	}
	msg := fmt.Sprintf("%s: the %s layer disables it, and gh-hooks does not change that layer unless asked", subject, strings.Join(blockers, " and the "))
	if len(changed) > 0 || would > 0 {
		warn(o.Stderr, msg, hint)
		return nil
	}
	return fail(fmt.Errorf("%s", msg), hint)
}
