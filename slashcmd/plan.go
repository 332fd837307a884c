package slashcmd

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"sort"
	"strings"

	"github.com/gh-hooks/gh-hooks/config"
)

// Problem codes produced by PlanMigration.
const (
	CodeTargetExists = "target-exists"
	CodeNamespace    = "namespace"
	// CodeLinkOutside is a source or target file behind a symbolic link
	// that leads out of the project or plugin: never read, never written
	// (issue 24 §4).
	CodeLinkOutside = "link-outside"
)

// PlanOptions says which Claude commands tree maps onto which Gemini one.
type PlanOptions struct {
	// From is a Claude commands directory (<project>/.claude/commands or
	// ~/.claude/commands). A missing directory plans nothing.
	From string
	// To is the Gemini commands directory (<project>/.gemini/commands or
	// <home>/.gemini/commands).
	To string
	// Force allows replacing existing files in To.
	Force bool
	// BuiltIns are reported when a migrated name collides with them; nil
	// means BuiltinNames.
	BuiltIns []string
	// FromWithin and ToWithin are the directories From and To belong to
	// (the project, the plugin, the extension), which a repository
	// controls: a file reached through a symbolic link out of one is not
	// read. A source is skipped and reported as link-outside (a
	// .claude/commands/notes.md -> ~/.ssh/id_ed25519 would be copied into
	// the repository); a target is planned as new, for the caller's
	// confined write to refuse. "" follows links anywhere (the user's own
	// ~/.claude/commands).
	FromWithin, ToWithin string
}

// Write is one planned file.
type Write struct {
	// Source is the Claude .md file, Target the .toml file to write.
	Source string `json:"source"`
	Target string `json:"target"`
	// Name is the slash name Gemini gives Target (R6), without "/".
	Name string `json:"name"`
	// Exists reports whether Target is already there.
	Exists bool `json:"exists"`
	// Skip is set when the file must not be written: it exists with other
	// content and Force is off, or it already holds exactly Data.
	Skip bool   `json:"skip"`
	Data []byte `json:"-"`
}

// Plan is the result of PlanMigration. Nothing has been written.
type Plan struct {
	Writes   []Write          `json:"writes"`
	Problems []config.Problem `json:"problems"`
}

// PlanMigration converts every **/*.md under opts.From with ConvertClaude
// and maps a/b.md to <To>/a/b.toml, so the Gemini name is a:b (R6, C4). It
// never writes: callers write each Write with Skip false. An existing
// target with different content is skipped with a target-exists warning
// unless Force; an identical one is skipped silently. Writes are sorted by
// Target. The error is non-nil only when From cannot be read or a
// conversion fails its own round trip.
func PlanMigration(opts PlanOptions) (*Plan, error) {
	builtins := opts.BuiltIns
	if builtins == nil {
		builtins = BuiltinNames
	}
	isBuiltin := map[string]bool{}
	for _, b := range builtins {
		isBuiltin[b] = true
	}
	plan := &Plan{}
	outside := func(path string, err error) bool {
		var oe *config.OutsideError
		if !errors.As(err, &oe) {
			return false
		}
		plan.Problems = append(plan.Problems, problemAt(path, config.SevWarning, CodeLinkOutside,
			oe.Describe(), "a repository can plant such a link to make gh-hooks copy or overwrite your files: remove it"))
		return true
	}
	if outside(opts.From, config.CheckWithin(opts.From, opts.FromWithin)) {
		return plan, nil
	}
	var sources []string
	err := filepath.WalkDir(opts.From, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && strings.HasSuffix(d.Name(), ".md") {
			sources = append(sources, p)
		}
		return nil
	})
	if errors.Is(err, fs.ErrNotExist) {
		return plan, nil
	}
	if err != nil {
		return nil, fmt.Errorf("%s: list claude commands: %w", opts.From, err)
	}
	sort.Strings(sources)
	for _, src := range sources {
		data, err := config.ReadRegularWithin(src, opts.FromWithin)
		if outside(src, err) {
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("%s: read claude command: %w", src, err)
		}
		// The header names the source from the directory that holds
		// .claude (the project, or the home), not by its absolute path.
		shown, err := filepath.Rel(filepath.Dir(filepath.Dir(opts.From)), src)
		if err != nil {
			shown = filepath.Base(src)
		}
		conv, err := convertClaude(src, shown, data)
		if err != nil {
			return nil, err
		}
		plan.Problems = append(plan.Problems, conv.Report...)
		rel, _ := filepath.Rel(opts.From, src)
		rel = filepath.ToSlash(strings.TrimSuffix(rel, ".md")) + ".toml"
		name, changed := CommandName(rel)
		w := Write{Source: src, Target: filepath.Join(opts.To, filepath.FromSlash(rel)), Name: name, Data: conv.TOML}
		if changed {
			plan.Problems = append(plan.Problems, problemAt(src, config.SevWarning, CodeNameSanitized,
				fmt.Sprintf("Gemini will name this command /%s (characters outside [A-Za-z0-9_.-] become _)", name),
				"rename the Claude file before migrating"))
		}
		if strings.Contains(name, ":") {
			base := name[strings.LastIndex(name, ":")+1:]
			plan.Problems = append(plan.Problems, problemAt(src, config.SevInfo, CodeNamespace,
				fmt.Sprintf("Claude calls this command /%s; Gemini calls it /%s (subfolders are namespaces)", base, name), ""))
		}
		if isBuiltin[name] {
			plan.Problems = append(plan.Problems, problemAt(src, config.SevWarning, CodeBuiltinClash,
				fmt.Sprintf("/%s is a Gemini built-in: the migrated command will be available only as a renamed command (/user.%s or /workspace.%s)", name, name, name),
				"rename the Claude file before migrating"))
		}
		// A target behind a link out of ToWithin is not read (a dry run
		// would print its content in the diff); it is planned as new, and
		// the confined write refuses it, naming the link.
		old, err := config.ReadRegularWithin(w.Target, opts.ToWithin)
		if err == nil {
			w.Exists = true
			switch {
			case bytes.Equal(old, w.Data):
				w.Skip = true
			case !opts.Force:
				w.Skip = true
				plan.Problems = append(plan.Problems, problemAt(w.Target, config.SevWarning, CodeTargetExists,
					"exists with other content; not overwritten", "gh-hooks migrate --force to replace it"))
			}
		} else if errors.Is(err, config.ErrNotRegular) {
			// A FIFO or a directory where the file goes: kept, and
			// never read (a FIFO would block).
			w.Exists, w.Skip = true, true
			plan.Problems = append(plan.Problems, problemAt(w.Target, config.SevWarning, CodeTargetExists,
				unwrapPathErr(err)+"; not overwritten", "move it away, then migrate again"))
		}
		plan.Writes = append(plan.Writes, w)
	}
	sort.SliceStable(plan.Writes, func(i, j int) bool { return plan.Writes[i].Target < plan.Writes[j].Target })
	config.SortProblems(plan.Problems)
	return plan, nil
}
