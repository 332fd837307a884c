package main

import (
	"fmt"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/gh-hooks/gh-hooks/config"
	"github.com/gh-hooks/gh-hooks/edit"
	"github.com/gh-hooks/gh-hooks/layers"
	"github.com/gh-hooks/gh-hooks/merge"
)

func enableCommand() *cli.Command {
	return &cli.Command{
		Name:      "enable",
		Usage:     "remove a hook name from hooksConfig.disabled",
		UsageText: "gh-hooks enable (NAME | --all) [--scope S] [--dry-run]",
		Description: "Removes NAME from hooksConfig.disabled in every writable settings file that lists it\n" +
			"(project and user; only the --scope file when given), like Gemini's /hooks enable but without\n" +
			"rewriting the files. A list left empty is removed. --all empties those lists, like\n" +
			"/hooks enable-all. A name that only the system layer disables is reported, not changed.",
		Flags: append([]cli.Flag{
			&cli.BoolFlag{Name: "all", Usage: "remove every entry of the lists"},
		}, editWriteFlags("")...),
		Action: runEnable,
	}
}

func disableCommand() *cli.Command {
	return &cli.Command{
		Name:      "disable",
		Usage:     "add a hook name to hooksConfig.disabled",
		UsageText: "gh-hooks disable (NAME | --all) [--scope project|user|system] [--dry-run]",
		Description: "Adds NAME to hooksConfig.disabled of the project file (or --scope), creating the keys\n" +
			"when missing. Gemini compares the entries exactly with each hook's name, or with the\n" +
			"command of a hook without a name, and one entry disables every hook so called. --all adds\n" +
			"the name of every hook Gemini would run now, like /hooks disable-all but without\n" +
			"replacing the list or touching any other key.",
		Flags: append([]cli.Flag{
			&cli.BoolFlag{Name: "all", Usage: "disable every active hook"},
		}, editWriteFlags("project")...),
		Action: runDisable,
	}
}

// editNameArg returns NAME or "" with --all, checking that exactly one is given.
func editNameArg(c *cli.Context) (string, error) {
	args, err := editArgs(c)
	if err != nil {
		return "", err
	}
	switch {
	case len(args) > 1:
		return "", usageError("%s takes one NAME, got %d arguments", c.Command.Name, len(args))
	case c.Bool("all") && len(args) == 1:
		return "", usageError("give a NAME or --all, not both")
	case !c.Bool("all") && len(args) == 0:
		return "", usageError("give the NAME of the hook (its name, or the command of a hook without a name), or --all")
	case len(args) == 1 && args[0] == "":
		return "", usageError("the NAME is empty")
	}
	if len(args) == 0 {
		return "", nil
	}
	return args[0], nil
}

func runDisable(c *cli.Context) error {
	name, err := editNameArg(c)
	if err != nil {
		return err
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
	r := merge.Merge(set)
	var names []string
	if name != "" {
		names = []string{name}
		if w, hint := editDisableCheck(r, name); w != "" {
			editWarn(c.App.ErrWriter, w, hint)
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
				editWarn(c.App.ErrWriter, w, hint)
				continue
			}
			names = append(names, h.DisableName)
		}
		if len(names) == 0 {
			fmt.Fprintln(c.App.Writer, "no active hook to disable")
			return nil
		}
	}
	var added []string
	ch, err := config.Update(path, func(doc *config.Document) ([]byte, error) {
		data, a, err := edit.Disable(doc, names)
		added = a
		return data, err
	}, config.WriteOptions{DryRun: c.Bool("dry-run")})
	if err != nil {
		return editFailure(err)
	}
	if len(added) == 0 {
		fmt.Fprintf(c.App.Writer, "%s already disabled in %s (%s)\n", editQuoteList(names), scope, path)
		return nil
	}
	if editReport(c, ch, fmt.Sprintf("would disable %s in %s", editQuoteList(added), path)) {
		return nil
	}
	fmt.Fprintf(c.App.Writer, "disabled %s in %s (%s)\n", editQuoteList(added), scope, path)
	return nil
}

// typedNameWarning explains why a hook whose name is not a string (the
// number 5, true) cannot be disabled by the string gh-hooks writes:
// Gemini's includes() compares by type (merge.Hook.DisableKey).
func typedNameWarning(h *merge.Hook) (warning, hint string) {
	return fmt.Sprintf("hook %s's name is %s, not a string: Gemini compares hooksConfig.disabled entries by type, so the string %q does not disable it", h.ID, h.DisableName, h.DisableName),
		fmt.Sprintf(`give the hook a string name ("name": %q), then disable that`, h.DisableName)
}

// editDisableCheck warns when no loaded hook is called name the way Gemini
// matches hooksConfig.disabled: exactly, name || command, after $VAR
// expansion of both (spec §3.6).
func editDisableCheck(r *merge.Result, name string) (warning, hint string) {
	exp := config.Expand(name, r.Set.Lookup)
	for _, h := range r.Hooks {
		if key := h.DisableKey(); key == name || key == exp {
			return "", ""
		}
	}
	for _, h := range r.Hooks {
		if h.DisableName == name || h.DisableName == exp {
			return typedNameWarning(h)
		}
	}
	for _, h := range r.Hooks {
		if h.Name != "" && (h.Command == name || h.ExpandedCommand == exp) {
			return fmt.Sprintf("hook %s has the name %q: Gemini matches hooksConfig.disabled against the name, so %q will not disable it", h.ID, h.Name, name),
				"gh-hooks disable " + editQuote(h.Name)
		}
	}
	var cands []string
	for _, h := range r.Hooks {
		cands = append(cands, h.DisableName)
	}
	hint = "gh-hooks effective lists every hook; a hook is disabled by its name, or by its command when it has no name"
	if s := editClosest(name, cands); len(s) > 0 {
		hint = "did you mean " + editQuoteList(s) + "?"
	}
	return fmt.Sprintf("no loaded hook is called %q (Gemini compares the name, or the command of a hook without a name, exactly): the entry disables nothing for now", name), hint
}

func runEnable(c *cli.Context) error {
	name, err := editNameArg(c)
	if err != nil {
		return err
	}
	set, err := editLoadSet(c)
	if err != nil {
		return err
	}
	files, err := editScopes(c, set)
	if err != nil {
		return err
	}
	var names []string
	if name != "" {
		names = []string{name}
	}
	var changed []string
	for _, f := range files {
		doc, err := editReadScope(f)
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
		}, config.WriteOptions{DryRun: c.Bool("dry-run")})
		if err != nil {
			return editFailure(err)
		}
		if len(removed) == 0 || editReport(c, ch, fmt.Sprintf("would enable %s in %s", editQuoteList(removed), f.path)) {
			continue
		}
		changed = append(changed, fmt.Sprintf("%s (%s)", f.scope, f.path))
		fmt.Fprintf(c.App.Writer, "enabled %s: removed from hooksConfig.disabled in %s (%s)\n", editQuoteList(removed), f.scope, f.path)
	}
	// What the loaded layers gh-hooks did not edit still disable (a system
	// file that 0.61 skips as insecure disables nothing, spec §1.1).
	var blockers []string
	var blockPath string
	for _, l := range set.Layers {
		if (l.Kind != layers.System && l.Kind != layers.SystemDefaults) || !l.Loaded || l.Doc == nil || editInFiles(files, l.Path) {
			continue
		}
		list, _ := edit.Disabled(l.Doc)
		for _, d := range list {
			if name == "" || d == name {
				blockers = append(blockers, fmt.Sprintf("%s (%s)", l.Kind, l.Path))
				blockPath = l.Path
				break
			}
		}
	}
	if len(blockers) == 0 {
		if len(changed) == 0 && !c.Bool("dry-run") {
			if name == "" {
				fmt.Fprintln(c.App.Writer, "no hook is disabled in "+editScopeList(files))
			} else {
				fmt.Fprintf(c.App.Writer, "%q is already enabled: %s does not list it\n", name, editScopeList(files))
			}
		}
		return nil
	}
	hint := "ask an administrator to remove it from hooksConfig.disabled in " + blockPath
	if editWritable(blockPath) && strings.Contains(blockers[0], layers.System+" (") && !strings.HasPrefix(blockers[0], layers.SystemDefaults) {
		arg := "--all"
		if name != "" {
			arg = editQuote(name)
		}
		hint = fmt.Sprintf("gh-hooks enable %s --scope system", arg)
	}
	subject := fmt.Sprintf("%q stays disabled", name)
	if name == "" {
		subject = "some hooks stay disabled"
	}
	msg := fmt.Sprintf("%s: the %s layer disables it, and gh-hooks does not change that layer unless asked", subject, strings.Join(blockers, " and the "))
	if len(changed) > 0 || c.Bool("dry-run") {
		editWarn(c.App.ErrWriter, msg, hint)
		return nil
	}
	return fail(fmt.Errorf("%s", msg), hint)
}

func editInFiles(files []editFile, path string) bool {
	for _, f := range files {
		if f.path == path {
			return true
		}
	}
	return false
}

func editScopeList(files []editFile) string {
	var s []string
	for _, f := range files {
		s = append(s, fmt.Sprintf("%s (%s)", f.scope, f.path))
	}
	return strings.Join(s, " or ")
}

// editQuoteList renders names as "a", "b".
func editQuoteList(names []string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = fmt.Sprintf("%q", n)
	}
	return strings.Join(q, ", ")
}
