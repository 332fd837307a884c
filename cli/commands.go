package cli

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/urfave/cli/v3"

	"github.com/gh-hooks/gh-hooks/config"
	"github.com/gh-hooks/gh-hooks/gemini"
	"github.com/gh-hooks/gh-hooks/internal/shellword"
	"github.com/gh-hooks/gh-hooks/layers"
	"github.com/gh-hooks/gh-hooks/slashcmd"
)

type commandsOptions struct {
	*env
	JSON bool
}

func commandsCommand(e *env) *cli.Command {
	o := &commandsOptions{env: e}
	return &cli.Command{
		Name:      "commands",
		Usage:     "list the custom slash commands Gemini loads, the name each one gets, and problems in their files",
		UsageText: "gh-hooks commands [--json]",
		Description: "Reads <home>/.gemini/commands, <project>/.gemini/commands and <extension>/commands of every\n" +
			"enabled extension the way Gemini CLI 0.61.0 does, validates each *.toml file, and replays\n" +
			"Gemini's name resolution: on a clash no file keeps the plain name (user -> /user.NAME,\n" +
			"project -> /workspace.NAME, extension -> /EXT:NAME) and built-ins always keep theirs. In an\n" +
			"untrusted folder only user commands load.\n\n" +
			"--json prints one object {\"commands\": [...], \"problems\": [...]}. Each command has:\n" +
			"  name         final slash name without the leading /; \"\" when not available\n" +
			"  baseName     name derived from the file path (git/commit.toml -> git:commit)\n" +
			"  scope        user, project or extension\n" +
			"  extension    extension name (extension scope only, else omitted)\n" +
			"  file         absolute path of the .toml file\n" +
			"  description  description as Gemini displays it (\"\" when not loaded)\n" +
			"  status       loaded, renamed, dropped, invalid or untrusted\n" +
			"  reason       why the status is not loaded (omitted when loaded)\n" +
			"  clashesWith  the other definitions of baseName (files, or \"built-in /NAME\"); omitted if none\n" +
			"Problems have severity, code, path, pointer, line, column, message, hint (as in effective).\n\n" +
			pipedHelp("NAME, SCOPE, FILE, DESCRIPTION, STATUS") + "\n\n" +
			"Exit status: 0 when every command file loads (warnings allowed), 3 when a file has an\n" +
			"error (Gemini skips it: invalid TOML, missing or non-string prompt, unreadable), 1 when the\n" +
			"project directory cannot be read.",
		Flags: []cli.Flag{
			&cli.BoolFlag{Name: "json", Usage: "print one JSON object {commands, problems}", Destination: &o.JSON},
		},
		Action: func(_ context.Context, c *cli.Command) error {
			if err := noArgs(c); err != nil {
				return err
			}
			return runCommands(o)
		},
	}
}

// commandJSON is one entry of `commands --json`; the field names are the
// documented, stable shape (see the command's Description).
type commandJSON struct {
	Name        string   `json:"name"`
	BaseName    string   `json:"baseName"`
	Scope       string   `json:"scope"`
	Extension   string   `json:"extension,omitempty"`
	File        string   `json:"file"`
	Description string   `json:"description"`
	Status      string   `json:"status"`
	Reason      string   `json:"reason,omitempty"`
	ClashesWith []string `json:"clashesWith,omitempty"`
}

type commandsJSON struct {
	Commands []commandJSON    `json:"commands"`
	Problems []config.Problem `json:"problems"`
	// Gemini is the Gemini CLI modelled (gemini-versions.md §1.3).
	Gemini *gemini.Install `json:"gemini"`
}

// commandOptions maps the loaded layers onto slashcmd.Options: Gemini's
// home, the project (slashcmd skips it when it is the home, R3), the
// enabled extensions, and folder trust (0.61 reads project and extension
// commands only when folder trust is off or the folder is trusted, R3).
func commandOptions(set *layers.Set, exts []layers.ExtensionInfo) slashcmd.Options {
	home := set.GeminiHome // Storage.getUserCommandsDir() reads homedir() after the .env
	if home == "" {
		home = set.Paths.Home
	}
	opts := slashcmd.Options{
		Home:      home,
		Project:   set.Paths.ProjectDir,
		Untrusted: set.Trust.Enabled && !set.Trust.Trusted,
		Gemini:    set.Gemini.Features,
	}
	for _, e := range exts {
		if e.Enabled {
			opts.Extensions = append(opts.Extensions, slashcmd.Extension{Name: e.Name, Dir: e.Dir})
		}
	}
	return opts
}

// disabledExtensionProblems reports disabled extensions that ship
// commands, so a missing /ext:cmd is explained.
func disabledExtensionProblems(exts []layers.ExtensionInfo) []config.Problem {
	var ps []config.Problem
	for _, e := range exts {
		if e.Enabled {
			continue
		}
		dir := filepath.Join(e.Dir, "commands")
		if st, err := os.Stat(dir); err != nil || !st.IsDir() {
			continue
		}
		ps = append(ps, config.Problem{Severity: config.SevInfo, Code: "extension-disabled", Path: dir, Line: 1, Column: 1,
			Message: fmt.Sprintf("commands of extension %q are not loaded: %s", e.Name, e.Reason),
			Hint:    "gemini extensions enable " + e.Name})
	}
	return ps
}

func runCommands(o *commandsOptions) error {
	set, err := loadSet(o.env)
	if err != nil {
		return err
	}
	if set.Fatal() {
		warn(o.Stderr, "Gemini CLI refuses to start with these settings, so it loads no commands at all", "gh-hooks validate")
	}
	exts := set.Extensions()
	opts := commandOptions(set, exts)
	l := slashcmd.Discover(opts)
	l.Problems = append(l.Problems, disabledExtensionProblems(exts)...)
	config.SortProblems(l.Problems)
	cmds := commandRows(l.Commands)

	if o.JSON {
		v := commandsJSON{Commands: nonNil(cmds), Problems: nonNil(l.Problems), Gemini: set.Gemini}
		if err := writeJSON(o.Stdout, v); err != nil {
			return fail(err, "")
		}
	} else {
		warnGemini(o.Stderr, set.Gemini)
		printCommands(newOut(o.env), set, opts, cmds, l.Problems)
	}
	if !slices.ContainsFunc(cmds, func(c commandJSON) bool { return c.Scope == "project" }) {
		if dir := layers.UpperCommands(set); dir != "" {
			warn(o.Stderr, fmt.Sprintf("%s has no project commands, but %s above it has some: Gemini loads them when started in %s (it does not look above its working directory)",
				set.Paths.ProjectDir, filepath.Join(dir, ".gemini", "commands"), dir),
				"gh-hooks --project "+shellword.Quote(dir)+" commands")
		}
	}
	for _, p := range l.Problems {
		if p.Severity == config.SevError {
			return checkFailed
		}
	}
	return nil
}

// commandRows converts the listing into output rows sorted by slash name
// (the final name, or the base name when none), then scope, then file, and
// records for each definition the others that claim the same base name.
func commandRows(in []slashcmd.Command) []commandJSON {
	competing := map[string][]slashcmd.Command{}
	for _, c := range in {
		if c.Status != slashcmd.StatusInvalid && c.Status != slashcmd.StatusUntrusted {
			competing[c.BaseName] = append(competing[c.BaseName], c)
		}
	}
	out := make([]commandJSON, 0, len(in))
	for _, c := range in {
		row := commandJSON{Name: c.Name, BaseName: c.BaseName, Scope: string(c.Scope), Extension: c.Extension,
			File: c.File, Description: c.Description, Status: string(c.Status), Reason: c.Reason}
		if c.Status == slashcmd.StatusRenamed || c.Status == slashcmd.StatusDropped {
			if slices.Contains(slashcmd.BuiltinNames, c.BaseName) {
				row.ClashesWith = append(row.ClashesWith, "built-in /"+c.BaseName)
			}
			for _, o := range competing[c.BaseName] {
				if o.File != c.File {
					row.ClashesWith = append(row.ClashesWith, o.File)
				}
			}
		}
		out = append(out, row)
	}
	rank := map[string]int{string(slashcmd.ScopeUser): 0, string(slashcmd.ScopeProject): 1, string(slashcmd.ScopeExtension): 2}
	sort.SliceStable(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if ka, kb := sortName(a), sortName(b); ka != kb {
			return ka < kb
		}
		if rank[a.Scope] != rank[b.Scope] {
			return rank[a.Scope] < rank[b.Scope]
		}
		return a.File < b.File
	})
	return out
}

func sortName(c commandJSON) string {
	if c.Name != "" {
		return c.Name
	}
	return c.BaseName
}

func printCommands(o *out, set *layers.Set, opts slashcmd.Options, cmds []commandJSON, problems []config.Problem) {
	if len(cmds) == 0 {
		dirs := []string{o.short(filepath.Join(opts.Home, ".gemini", "commands"))}
		if !set.Paths.ProjectIsHome {
			dirs = append(dirs, o.short(filepath.Join(opts.Project, ".gemini", "commands")))
		}
		for _, e := range opts.Extensions {
			dirs = append(dirs, o.short(filepath.Join(e.Dir, "commands")))
		}
		o.para(2, "No custom slash commands: no *.toml file in %s.", strings.Join(dirs, ", "))
	}
	var rows [][]any
	untrusted := 0
	for _, c := range cmds {
		name := "/" + c.Name
		if c.Name == "" {
			name = "(/" + c.BaseName + ")" // not available under any name
		}
		scope := c.Scope
		if c.Extension != "" {
			scope += ":" + c.Extension
		}
		var status styled
		switch slashcmd.Status(c.Status) {
		case slashcmd.StatusLoaded:
			status = o.green(c.Status)
		case slashcmd.StatusRenamed:
			status = o.yellow("renamed from /" + c.BaseName)
		case slashcmd.StatusInvalid:
			status = o.red(c.Status)
		case slashcmd.StatusUntrusted:
			untrusted++
			status = o.yellow(c.Status)
		default:
			status = o.yellow(c.Status)
		}
		rows = append(rows, []any{name, scope, o.short(c.File), orDash(c.Description), status})
	}
	if len(rows) > 0 {
		o.table("", []string{"NAME", "SCOPE", "FILE", "DESCRIPTION", "STATUS"}, rows, 3, 2)
	}

	// Every definition that lost its plain name, and why. The problems that
	// say the same (clash, dropped, untrusted) are not repeated below; the
	// JSON output keeps them all.
	var why []string
	clashes := false
	for _, c := range cmds {
		switch slashcmd.Status(c.Status) {
		case slashcmd.StatusRenamed:
			clashes = true
			why = append(why, fmt.Sprintf("/%s -> /%s (%s %s): %s", c.BaseName, c.Name, c.Scope, o.short(c.File), c.Reason))
		case slashcmd.StatusDropped:
			clashes = true
			why = append(why, fmt.Sprintf("/%s is never available (%s %s): %s", c.BaseName, c.Scope, o.short(c.File), c.Reason))
		}
	}
	if clashes {
		why = append(why, "  hint: rename or remove files so that every name is unique")
	}
	switch {
	case untrusted > 0 && set.Gemini.Features.UntrustedUserCommands:
		why = append(why, fmt.Sprintf("%d project or extension command file(s) not loaded because the folder is not trusted: %s; Gemini 0.61 loads only user commands in an untrusted folder", untrusted, set.Trust.Why),
			"  hint: trust the folder in Gemini (/permissions), or add it to "+o.short(set.Paths.TrustedFolders))
	case untrusted > 0:
		// Before 0.61 FileCommandLoader loads nothing in an untrusted
		// folder (gemini-versions.md §2 row 4).
		why = append(why, fmt.Sprintf("%d command file(s) not loaded because the folder is not trusted: %s; Gemini CLI %s loads no command file at all in an untrusted folder, not even the user's", untrusted, set.Trust.Why, set.Gemini.Rules),
			"  hint: trust the folder in Gemini (/permissions), add it to "+o.short(set.Paths.TrustedFolders)+", or upgrade Gemini CLI to 0.61 or later, which loads user commands in an untrusted folder")
	}
	if len(why) > 0 {
		o.printf("\n%s\n", o.bold("Why"))
		for _, w := range why {
			o.para(4, "  %s", w)
		}
	}
	var rest []config.Problem
	for _, p := range problems {
		switch p.Code {
		case slashcmd.CodeNameClash, slashcmd.CodeBuiltinClash, slashcmd.CodeDropped, slashcmd.CodeUntrusted:
		default:
			rest = append(rest, p)
		}
	}
	if len(rest) > 0 {
		o.printf("\n%s\n", o.bold("Problems"))
		printProblems(o, rest, "  ")
	}
}
