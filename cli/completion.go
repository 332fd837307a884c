package cli

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/urfave/cli/v3"

	"github.com/gh-hooks/gh-hooks/layers"
	"github.com/gh-hooks/gh-hooks/merge"
)

// Shell completion works one way for every shell: the script the
// `completion` command prints calls `gh-hooks __complete WORD...` with the
// words typed after the program name, the last one being the word under
// the cursor (possibly ""), and offers the lines it prints. An empty answer
// lets the shell fall back to file names (--project, migrate SOURCE,
// validate FILE). __complete walks app.Commands, so a new command and its
// flags complete without changes here.

func completionCommand(e *env) *cli.Command {
	return &cli.Command{
		Name:      "completion",
		Usage:     "print a shell completion script for bash, zsh or fish",
		ArgsUsage: "bash|zsh|fish",
		Description: "Load it in the current shell with one of:\n" +
			"  source <(gh-hooks completion bash)\n" +
			"  source <(gh-hooks completion zsh)\n" +
			"  gh-hooks completion fish | source",
		Action: func(_ context.Context, c *cli.Command) error {
			if c.Args().Len() != 1 {
				return usageHint("gh-hooks completion bash|zsh|fish", "completion needs one shell: bash, zsh or fish")
			}
			script, ok := completionScripts[c.Args().First()]
			if !ok {
				return usageHint("gh-hooks completion bash|zsh|fish", "no completion for shell %q", c.Args().First())
			}
			_, err := fmt.Fprint(e.Stdout, script)
			return err
		},
	}
}

var completionScripts = map[string]string{
	"bash": `# bash completion for gh-hooks; load with: source <(gh-hooks completion bash)
_gh_hooks() {
    local cur="${COMP_WORDS[COMP_CWORD]}"
    local IFS=$'\n'
    COMPREPLY=($(gh-hooks __complete "${COMP_WORDS[@]:1:COMP_CWORD}" 2>/dev/null))
    # Nothing to offer: -o default below completes file names.
}
complete -o default -F _gh_hooks gh-hooks
`,
	"zsh": `#compdef gh-hooks
# zsh completion for gh-hooks; load with: source <(gh-hooks completion zsh)
# or save as _gh-hooks in a directory of $fpath.
_gh-hooks() {
    local -a candidates
    candidates=("${(@f)$(gh-hooks __complete "${(@)words[2,CURRENT]}" 2>/dev/null)}")
    candidates=(${candidates:#})
    if (( ${#candidates} == 0 )); then
        _files
    else
        compadd -Q -- "${candidates[@]}"
    fi
}
if [ "$funcstack[1]" = "_gh-hooks" ]; then
    _gh-hooks "$@"
else
    compdef _gh-hooks gh-hooks
fi
`,
	"fish": `# fish completion for gh-hooks; load with: gh-hooks completion fish | source
function __gh_hooks_complete
    set -l words (commandline -opc)
    set -e words[1]
    gh-hooks __complete $words (commandline -ct) 2>/dev/null
end
complete -c gh-hooks -f -n 'test -n "$(__gh_hooks_complete)"' -a '(__gh_hooks_complete)'
complete -c gh-hooks -F -n 'test -z "$(__gh_hooks_complete)"'
`,
}

// completeCommand is the hidden back end of the completion scripts.
func completeCommand(e *env) *cli.Command {
	return &cli.Command{
		Name:            "__complete",
		Hidden:          true,
		SkipFlagParsing: true,
		Usage:           "print completions for the words typed so far (used by the completion scripts)",
		Action: func(_ context.Context, c *cli.Command) error {
			for _, s := range complete(c.Root(), c.Args().Slice()) {
				fmt.Fprintln(e.Stdout, s)
			}
			return nil
		},
	}
}

// flagValues completes the value of a flag, by flag name, whatever the
// command; words are the words typed before. nil means "files".
var flagValues = map[string]func(words []string) []string{
	"event":  func([]string) []string { return merge.Events },
	"format": func([]string) []string { return formats },
	"ignore": func(words []string) []string {
		if slices.Contains(words, "trust") {
			return auditCodes()
		}
		return validateCodes()
	},
	"scope": func([]string) []string { return []string{"project", "user", "system"} },
	"trigger": func(words []string) []string {
		if ev := flagIn(words, "event"); ev != "" {
			return merge.Triggers[ev]
		}
		var all []string
		for _, ev := range merge.Events {
			all = append(all, merge.Triggers[ev]...)
		}
		return all
	},
	// Gemini CLI's built-in tools that hooks usually match (spec §4).
	"tool": func([]string) []string {
		return []string{"glob", "google_web_search", "grep_search", "list_directory", "read_file",
			"read_many_files", "replace", "run_shell_command", "save_memory", "web_fetch", "write_file", "write_todos"}
	},
}

// argValues completes positional arguments, by command path.
var argValues = map[string]func(words []string) []string{
	"completion":    func([]string) []string { return []string{"bash", "fish", "zsh"} },
	"enable":        hookNames(false),
	"disable":       hookNames(false),
	"remove":        hookNames(false),
	"trust approve": hookNames(true),
	"trust revoke":  hookNames(true),
	"show":          hookIDs,
}

// hookIDs completes show's argument with every hook's id and name.
func hookIDs(words []string) []string {
	set, err := layers.Load(layers.Options{ProjectDir: flagIn(words, "project")})
	if err != nil {
		return nil
	}
	var out []string
	for _, h := range merge.Merge(set).Hooks {
		out = append(out, h.ID)
		if h.Name != "" && !strings.ContainsAny(h.Name, "\n") {
			out = append(out, h.Name)
		}
	}
	return out
}

// complete returns the candidates for the last of words, sorted and
// filtered by its prefix.
func complete(root *cli.Command, words []string) []string {
	if len(words) == 0 {
		words = []string{""}
	}
	cur, before := words[len(words)-1], words[:len(words)-1]
	flags, cmds := root.Flags, root.Commands
	var path []string
	var pending cli.Flag // a flag whose value is the next word
	for _, w := range before {
		switch {
		case pending != nil && w == "=":
			// bash splits "--scope=u" at COMP_WORDBREAKS into "--scope" "=" "u".
		case pending != nil:
			pending = nil
		case w == "--":
		case strings.HasPrefix(w, "-"):
			if f := findFlag(flags, root.Flags, strings.TrimLeft(w, "-")); f != nil && takesValue(f) && !strings.Contains(w, "=") {
				pending = f
			}
		default:
			if sub := findCommand(cmds, w); sub != nil {
				path = append(path, sub.Name)
				flags, cmds = sub.Flags, sub.Commands
			}
		}
	}
	if cur == "=" && pending != nil {
		cur = "" // the cursor is right after "--scope=" in bash
	}
	var cands []string
	switch {
	case pending != nil:
		if fn := flagValues[pending.Names()[0]]; fn != nil {
			cands = fn(before)
		}
	case strings.HasPrefix(cur, "-"):
		if i := strings.Index(cur, "="); i >= 0 {
			// --event=Be: complete the value, keeping the flag in front.
			if fn := flagValues[strings.TrimLeft(cur[:i], "-")]; fn != nil {
				for _, v := range fn(before) {
					cands = append(cands, cur[:i+1]+v)
				}
			}
			break
		}
		// The global flags are accepted after the command too.
		all := flags
		if len(path) > 0 {
			all = append(append([]cli.Flag{}, flags...), root.Flags...)
		}
		for _, f := range all {
			if len(path) > 0 && slices.Contains(f.Names(), "version") {
				continue // --version belongs to gh-hooks itself
			}
			for _, n := range f.Names() {
				if len(n) > 1 {
					cands = append(cands, "--"+n)
				}
			}
		}
		cands = append(cands, "--help")
	case len(cmds) > 0:
		for _, c := range cmds {
			if !c.Hidden && c.Name != "help" {
				cands = append(cands, c.Name)
			}
		}
	default:
		if fn := argValues[strings.Join(path, " ")]; fn != nil {
			cands = fn(before)
		}
	}
	out := cands[:0:0]
	seen := map[string]bool{}
	for _, s := range cands {
		if strings.HasPrefix(s, cur) && !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	sort.Strings(out)
	return out
}

func findFlag(flags, global []cli.Flag, name string) cli.Flag {
	if i := strings.Index(name, "="); i >= 0 {
		name = name[:i]
	}
	for _, fs := range [][]cli.Flag{flags, global} {
		for _, f := range fs {
			for _, n := range f.Names() {
				if n == name {
					return f
				}
			}
		}
	}
	return nil
}

func findCommand(cmds []*cli.Command, name string) *cli.Command {
	for _, c := range cmds {
		if c.HasName(name) {
			return c
		}
	}
	return nil
}

// takesValue reports whether a flag consumes the next word.
func takesValue(f cli.Flag) bool {
	if dg, ok := f.(cli.DocGenerationFlag); ok {
		return dg.TakesValue()
	}
	return false
}

// flagIn returns the value of --name among words ("" when absent).
func flagIn(words []string, name string) string {
	for i, w := range words {
		w = strings.TrimLeft(w, "-")
		if v, ok := strings.CutPrefix(w, name+"="); ok {
			return v
		}
		if w == name && i+1 < len(words) && strings.HasPrefix(words[i], "-") {
			return words[i+1]
		}
	}
	return ""
}

// hookNames completes with the names of the hooks in the loaded files (the
// name hooksConfig.disabled matches, see merge.Hook.DisableName); with
// projectOnly, only those of the project file.
func hookNames(projectOnly bool) func(words []string) []string {
	return func(words []string) []string {
		set, err := layers.Load(layers.Options{ProjectDir: flagIn(words, "project")})
		if err != nil {
			return nil
		}
		var names []string
		for _, h := range merge.Merge(set).Hooks {
			if projectOnly && h.Layer != layers.Project {
				continue
			}
			if h.DisableName != "" && !strings.ContainsAny(h.DisableName, "\n") {
				names = append(names, h.DisableName)
			}
		}
		return names
	}
}
