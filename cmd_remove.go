package main

import (
	"errors"
	"fmt"
	"io/fs"
	"sort"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/gh-hooks/gh-hooks/config"
	"github.com/gh-hooks/gh-hooks/edit"
	"github.com/gh-hooks/gh-hooks/layers"
	"github.com/gh-hooks/gh-hooks/merge"
)

func removeCommand() *cli.Command {
	return &cli.Command{
		Name:      "remove",
		Usage:     "remove hooks by name or by exact command",
		UsageText: "gh-hooks remove (NAME | --command CMD) [--event E] [--scope S] [--all] [--dry-run]",
		Description: "Removes the hooks whose name is NAME (or whose command is exactly CMD, as written in the\n" +
			"file), and the definitions, event keys and \"hooks\" object that the removal leaves empty.\n" +
			"Without --scope it searches the project and user files (the system file only with\n" +
			"--scope system). When several hooks match, it lists them and removes none unless --all.",
		Flags: append([]cli.Flag{
			&cli.StringFlag{Name: "command", Usage: "remove hooks whose command is exactly `CMD`"},
			&cli.StringFlag{Name: "event", Usage: "only hooks under this event key"},
			&cli.BoolFlag{Name: "all", Usage: "remove every matching hook"},
		}, editWriteFlags("")...),
		Action: runRemove,
	}
}

// editFile is one settings file a command may edit.
type editFile struct{ scope, path string }

// editScopes returns the files to search: the --scope one, or the
// writable scopes (project unless it is the home, then user).
func editScopes(c *cli.Context, set *layers.Set) ([]editFile, error) {
	if s := c.String("scope"); s != "" {
		p, err := editScopePath(set, s)
		if err != nil {
			return nil, err
		}
		return []editFile{{s, p}}, nil
	}
	var out []editFile
	if !set.Paths.ProjectIsHome {
		out = append(out, editFile{layers.Project, set.Paths.Project})
	}
	return append(out, editFile{layers.User, set.Paths.User}), nil
}

// editReadScope reads a scope's file (nil when missing); a file that does not
// parse is an error, since gh-hooks cannot search or edit it.
func editReadScope(f editFile) (*config.Document, error) {
	doc, err := config.ReadFile(f.path, config.Options{})
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, editFailure(err)
	}
	return doc, nil
}

// editFound is a hook Find returned, with the file it is in.
type editFound struct {
	file editFile
	m    edit.Match
}

func (f editFound) id() string { return f.file.scope + "/" + f.m.ID() }

func runRemove(c *cli.Context) error {
	args, err := editArgs(c)
	if err != nil {
		return err
	}
	sel := edit.Selector{Command: c.String("command"), Event: c.String("event")}
	if len(args) > 0 {
		sel.Name = args[0]
	}
	switch {
	case len(args) > 1:
		return usageError("remove takes one NAME, got %d arguments", len(args))
	case len(args) > 0 && c.IsSet("command"):
		return usageError("give a NAME or --command, not both")
	case sel.Name == "" && sel.Command == "":
		return usageError("give the NAME of the hook to remove, or --command CMD for a hook without a name")
	}
	set, err := editLoadSet(c)
	if err != nil {
		return err
	}
	files, err := editScopes(c, set)
	if err != nil {
		return err
	}
	var all []editFound
	for _, f := range files {
		doc, err := editReadScope(f)
		if err != nil {
			return err
		}
		for _, m := range edit.Find(doc, sel) {
			all = append(all, editFound{f, m})
		}
	}
	what := fmt.Sprintf("named %q", sel.Name)
	if sel.Name == "" {
		what = fmt.Sprintf("with command %q", sel.Command)
	}
	if sel.Event != "" {
		what += " under " + sel.Event
	}
	switch {
	case len(all) == 0:
		return editNoMatch(set, files, sel, what)
	case len(all) > 1 && !c.Bool("all"):
		var b strings.Builder
		fmt.Fprintf(&b, "%d hooks %s match; remove none:", len(all), what)
		for _, f := range all {
			fmt.Fprintf(&b, "\n  %s\t%s:%d\t%s", f.id(), f.file.path, f.m.Line, editLabel(f.m.Name, f.m.Command))
		}
		return fail(errors.New(b.String()), "pass --all to remove them all, or narrow the choice with --event and --scope")
	}
	for _, f := range files {
		var mine []editFound
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
		}, config.WriteOptions{DryRun: c.Bool("dry-run")})
		if err != nil {
			return editFailure(err)
		}
		var ids []string
		for _, x := range mine {
			ids = append(ids, x.id())
		}
		if editReport(c, ch, "would remove "+strings.Join(ids, ", ")+" from "+f.path) {
			continue
		}
		for _, id := range ids {
			fmt.Fprintf(c.App.Writer, "removed %s from %s\n", id, f.path)
		}
	}
	return nil
}

func editLabel(name, cmd string) string {
	if name != "" {
		return name + " (" + cmd + ")"
	}
	return cmd
}

// editNoMatch is the error for a selector that matched nothing, with the
// closest names and commands of every loaded hook as suggestions.
func editNoMatch(set *layers.Set, files []editFile, sel edit.Selector, what string) error {
	var where []string
	for _, f := range files {
		where = append(where, fmt.Sprintf("%s (%s)", f.scope, f.path))
	}
	err := fmt.Errorf("no hook %s in %s", what, strings.Join(where, " or "))
	query := sel.Name
	if query == "" {
		query = sel.Command
	}
	var names, cmds []string
	for _, h := range merge.Merge(set).Hooks {
		if h.Name != "" {
			names = append(names, h.Name)
		}
		cmds = append(cmds, h.Command)
	}
	var hints []string
	for _, s := range editClosest(query, names) {
		hints = append(hints, "gh-hooks remove "+editQuote(s))
	}
	for _, s := range editClosest(query, cmds) {
		hints = append(hints, "gh-hooks remove --command "+editQuote(s))
	}
	if len(hints) == 0 {
		return fail(err, "gh-hooks effective lists every hook with its name, command and file")
	}
	if len(hints) > 3 {
		hints = hints[:3]
	}
	return fail(err, "did you mean: "+strings.Join(hints, " or ")+"?")
}

// editClosest returns the candidates nearest to q by edit distance (ties by
// name), at most 3, each within a third of q's length (at least 2 edits).
func editClosest(q string, cands []string) []string {
	type scored struct {
		s string
		d int
	}
	limit := max(2, len([]rune(q))/3)
	seen := map[string]bool{}
	var best []scored
	for _, c := range cands {
		if seen[c] {
			continue
		}
		seen[c] = true
		if d := editDistance(q, c); d <= limit {
			best = append(best, scored{c, d})
		}
	}
	sort.Slice(best, func(i, j int) bool {
		if best[i].d != best[j].d {
			return best[i].d < best[j].d
		}
		return best[i].s < best[j].s
	})
	var out []string
	for i := 0; i < len(best) && i < 3; i++ {
		out = append(out, best[i].s)
	}
	return out
}

// editDistance is the edit distance between a and b in runes.
func editDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(rb)]
}
