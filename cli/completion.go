package cli

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/urfave/cli/v3"

	"github.com/gh-hooks/gh-hooks/edit"
	"github.com/gh-hooks/gh-hooks/internal/visible"
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
		Description: "Load it in the current shell as the examples show; add that line to the shell's\n" +
			"startup file to keep it.",
		Action: func(_ context.Context, c *cli.Command) error {
			if c.Args().Len() != 1 {
				return usageHint("gh-hooks completion bash|zsh|fish", "completion needs one shell: bash, zsh or fish")
			}
			script := completionScript(c.Args().First())
			if script == "" {
				return usageHint("gh-hooks completion bash|zsh|fish", "no completion for shell %q", c.Args().First())
			}
			_, err := fmt.Fprint(e.Stdout, script)
			return err
		},
	}
}

// completionScript is shell's completion script, "" for a shell without one.
func completionScript(shell string) string {
	switch shell {
	case "bash":
		return `# bash completion for gh-hooks; load with: source <(gh-hooks completion bash)
_gh_hooks() {
    local c
    COMPREPLY=()
    # One candidate a line, quoted for the command line ("echo hi" is
    # inserted as echo\ hi); gh-hooks removes the quoting of the words.
    while IFS= read -r c; do
        COMPREPLY+=("$(printf '%q' "$c")")
    done < <(gh-hooks __complete --typed "${COMP_WORDS[@]:1:COMP_CWORD}" 2>/dev/null)
    # Nothing to offer: -o default below completes file names.
}
complete -o default -F _gh_hooks gh-hooks
`
	case "zsh":
		return `#compdef gh-hooks
# zsh completion for gh-hooks; load with: source <(gh-hooks completion zsh)
# or save as _gh-hooks in a directory of $fpath.
_gh-hooks() {
    local -a candidates
    # The words as typed (gh-hooks removes their quoting); compadd quotes
    # what it inserts, so a candidate with a space stays one word.
    candidates=("${(@f)$(gh-hooks __complete --typed "${(@)words[2,CURRENT]}" 2>/dev/null)}")
    candidates=(${candidates:#})
    if (( ${#candidates} == 0 )); then
        _files
    else
        compadd -- "${candidates[@]}"
    fi
}
if [ "$funcstack[1]" = "_gh-hooks" ]; then
    _gh-hooks "$@"
else
    compdef _gh-hooks gh-hooks
fi
`
	case "fish":
		return `# fish completion for gh-hooks; load with: gh-hooks completion fish | source
function __gh_hooks_complete
    set -l words (commandline -opc)
    set -e words[1]
    gh-hooks __complete $words (commandline -ct) 2>/dev/null
end
complete -c gh-hooks -f -n 'test -n "$(__gh_hooks_complete)"' -a '(__gh_hooks_complete)'
complete -c gh-hooks -F -n 'test -z "$(__gh_hooks_complete)"'
`
	}
	return ""
}

// completeCommand is the hidden back end of the completion scripts.
func completeCommand(e *env) *cli.Command {
	return &cli.Command{
		Name:            "__complete",
		Hidden:          true,
		SkipFlagParsing: true,
		Usage:           "print completions for the words typed so far (used by the completion scripts)",
		Action: func(_ context.Context, c *cli.Command) error {
			words := c.Args().Slice()
			if len(words) > 0 && words[0] == "--typed" {
				// bash and zsh pass the words as typed, quotes and all.
				words = words[1:]
				for i, w := range words {
					words[i] = dequote(w)
				}
			}
			for _, s := range complete(e, c.Root(), words) {
				// A candidate is typed into the user's command line: one
				// that holds a control or invisible character (a project's
				// hook name) is never offered, raw or escaped.
				if !visible.Has(s) {
					fmt.Fprintln(e.Stdout, s)
				}
			}
			return nil
		},
	}
}

// triggers are the values of --trigger: those of the --event typed
// before, else every event's.
func triggers(words []string) []string {
	if ev := flagIn(words, "event"); ev != "" {
		return merge.Triggers[ev]
	}
	var all []string
	for _, ev := range merge.Events {
		all = append(all, merge.Triggers[ev]...)
	}
	return all
}

// argValues completes positional arguments, by command path.
func argValues(path string) func(e *env, words []string) []string {
	switch path {
	case "completion":
		return func(*env, []string) []string { return []string{"bash", "fish", "zsh"} }
	// enable offers what hooksConfig.disabled lists in the files it
	// edits, disable the hooks that no file disables yet (whether or not
	// Gemini merges the file: an untrusted project's list counts).
	case "enable":
		return func(e *env, words []string) []string {
			set, _ := loadForCompletion(e, words)
			return disabledIn(set, flagIn(words, "scope"))
		}
	case "disable":
		return func(e *env, words []string) []string {
			set, r := loadForCompletion(e, words)
			if r == nil {
				return nil
			}
			off := disabledIn(set, "")
			var names []string
			for _, h := range r.Hooks {
				if h.Enabled && !slices.Contains(off, h.DisableName) && h.DisableName != "" && !strings.Contains(h.DisableName, "\n") {
					names = append(names, h.DisableName)
				}
			}
			return names
		}
	// remove NAME finds hooks by name only, in the files it edits.
	case "remove":
		return func(e *env, words []string) []string {
			var names []string
			for _, h := range removable(e, words) {
				if h.Name != "" {
					names = append(names, h.Name)
				}
			}
			return names
		}
	case "trust approve", "trust revoke":
		return hookNames(func(h *merge.Hook) bool { return h.Layer == layers.Project })
	case "show":
		return hookIDs
	}
	return nil
}

// hookIDs completes show's argument with every hook's id and name.
func hookIDs(e *env, words []string) []string {
	_, r := loadForCompletion(e, words)
	if r == nil {
		return nil
	}
	var out []string
	for _, h := range r.Hooks {
		out = append(out, h.ID)
		if h.Name != "" && !strings.ContainsAny(h.Name, "\n") {
			out = append(out, h.Name)
		}
	}
	return out
}

// complete returns the candidates for the last of words, sorted and
// filtered by its prefix.
func complete(e *env, root *cli.Command, words []string) []string {
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
				if len(path) == 1 && sub.Name == "help" {
					// help COMMAND [SUBCOMMAND]: the commands are its values.
					cmds = root.Commands
				}
			}
		}
	}
	if cur == "=" && pending != nil {
		cur = "" // the cursor is right after "--scope=" in bash
	}
	var cands []string
	switch {
	case pending != nil:
		if fn := declaredValues(pending); fn != nil {
			cands = fn(before)
		}
	case strings.HasPrefix(cur, "-"):
		if i := strings.Index(cur, "="); i >= 0 {
			// --event=Be: complete the value, keeping the flag in front.
			if fn := declaredValues(findFlag(flags, root.Flags, strings.TrimLeft(cur[:i], "-"))); fn != nil {
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
		if fn := argValues(strings.Join(path, " ")); fn != nil {
			cands = fn(e, before)
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

// loadForCompletion loads the layers for the --project among words; nil
// when they cannot be loaded.
func loadForCompletion(e *env, words []string) (*layers.Set, *merge.Result) {
	set, err := e.loadLayers(flagIn(words, "project"))
	if err != nil {
		return nil, nil
	}
	return set, merge.Merge(set)
}

// disabledIn lists the hooksConfig.disabled entries of the scope's file,
// or of every settings file ("").
func disabledIn(set *layers.Set, scope string) []string {
	if set == nil {
		return nil
	}
	var out []string
	for _, l := range set.Layers {
		if l.Kind == layers.Extension || l.Doc == nil || scope != "" && l.Kind != scope {
			continue
		}
		list, _ := edit.Disabled(l.Doc)
		out = append(out, list...)
	}
	return out
}

// hookNames completes with the names of the loaded hooks that keep (the
// name hooksConfig.disabled matches, see merge.Hook.DisableName).
func hookNames(keep func(h *merge.Hook) bool) func(e *env, words []string) []string {
	return func(e *env, words []string) []string {
		_, r := loadForCompletion(e, words)
		if r == nil {
			return nil
		}
		var names []string
		for _, h := range r.Hooks {
			if keep(h) && h.DisableName != "" && !strings.ContainsAny(h.DisableName, "\n") {
				names = append(names, h.DisableName)
			}
		}
		return names
	}
}

// removable are the hooks that remove can edit: those of the --scope
// file, or of the project and user files.
func removable(e *env, words []string) []*merge.Hook {
	_, r := loadForCompletion(e, words)
	if r == nil {
		return nil
	}
	scopes := []string{layers.Project, layers.User}
	if s := flagIn(words, "scope"); s != "" {
		scopes = []string{s}
	}
	var out []*merge.Hook
	for _, h := range r.Hooks {
		if slices.Contains(scopes, h.Layer) && !strings.Contains(h.Command, "\n") {
			out = append(out, h)
		}
	}
	return out
}

// dequote removes the shell quoting of a word as typed (bash gives
// completion the words as typed): backslash escapes, and '...' and "..."
// quotes, the last of which may be still open.
func dequote(w string) string {
	if !strings.ContainsAny(w, `\'"`) {
		return w
	}
	var b strings.Builder
	var quote byte
	for i := 0; i < len(w); i++ {
		c := w[i]
		switch {
		case quote == '\'':
			if c == '\'' {
				quote = 0
			} else {
				b.WriteByte(c)
			}
		case c == '\\' && i+1 < len(w) && (quote == 0 || strings.IndexByte("$`\"\\", w[i+1]) >= 0):
			i++
			b.WriteByte(w[i])
		case quote == '"':
			if c == '"' {
				quote = 0
			} else {
				b.WriteByte(c)
			}
		case c == '\'' || c == '"':
			quote = c
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}
