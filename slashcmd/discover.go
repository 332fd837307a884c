package slashcmd

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/gh-hooks/gh-hooks/config"
	"github.com/gh-hooks/gh-hooks/gemini"
)

// Scope says which directory a command file came from.
type Scope string

// Scopes, in Gemini's load order (R1).
const (
	ScopeUser      Scope = "user"
	ScopeProject   Scope = "project"
	ScopeExtension Scope = "extension"
)

// Status is what became of a command file.
type Status string

// Statuses of a Command.
const (
	// StatusLoaded: the command is available under its own name.
	StatusLoaded Status = "loaded"
	// StatusRenamed: a name clash moved it to a prefixed name (R12).
	StatusRenamed Status = "renamed"
	// StatusDropped: it was loaded but a same-named command overwrote it.
	StatusDropped Status = "dropped"
	// StatusInvalid: Gemini skips the file (bad TOML or schema, R4, R5).
	StatusInvalid Status = "invalid"
	// StatusUntrusted: the folder is untrusted, so the directory is not read (R3).
	StatusUntrusted Status = "untrusted"
)

// Extension is an active Gemini extension; its commands live in
// <Dir>/commands and are named "[Name] ..." in descriptions.
type Extension struct {
	Name string
	Dir  string
}

// Options says where Discover looks.
type Options struct {
	// Home is Gemini's home directory: $GEMINI_CLI_HOME if set, else $HOME
	// (R2). User commands are in <Home>/.gemini/commands.
	Home string
	// Project is the workspace root; "" means none. Its commands are in
	// <Project>/.gemini/commands and are skipped when Project resolves to
	// the same directory as Home (R3).
	Project string
	// Extensions are the active extensions, in any order.
	Extensions []Extension
	// Untrusted means folder trust is enabled and the project folder is not
	// trusted: Gemini 0.61 then reads only user commands (R3), and releases
	// before it no command file at all (Gemini.UntrustedUserCommands).
	Untrusted bool
	// Gemini are the features of the Gemini CLI modelled; the zero value
	// means the newest modelled release (gemini.Latest).
	Gemini gemini.Features
	// BuiltIns are the built-in command names that claim names first; nil
	// means BuiltinNames.
	BuiltIns []string
}

// Command is one command file and what Gemini makes of it.
type Command struct {
	// Name is the final slash name without "/" ("" unless loaded or renamed).
	Name string `json:"name"`
	// BaseName is the name derived from the file path (R6), before clashes.
	BaseName string `json:"base_name"`
	Scope    Scope  `json:"scope"`
	// Extension is the extension name for ScopeExtension.
	Extension string `json:"extension,omitempty"`
	File      string `json:"file"`
	// Description is the description as Gemini displays it (R7).
	Description string `json:"description"`
	Status      Status `json:"status"`
	// Reason explains a status other than loaded.
	Reason string `json:"reason,omitempty"`
	// Prompt is the prompt text of a valid file.
	Prompt string `json:"-"`
}

// Listing is the result of Discover.
type Listing struct {
	// Commands are sorted by BaseName, then scope order, then file.
	Commands []Command `json:"commands"`
	// Problems are sorted with config.SortProblems.
	Problems []config.Problem `json:"problems"`
}

// Problem codes produced by Discover (in addition to LoadFile's).
const (
	CodeNameSanitized = "name-sanitized"
	CodeNameClash     = "name-clash"
	CodeBuiltinClash  = "builtin-clash"
	CodeDropped       = "dropped"
	CodeUntrusted     = "untrusted-skipped"
)

// features are opts.Gemini, or the newest modelled release's.
func (opts Options) features() gemini.Features {
	if opts.Gemini.Rules.IsZero() {
		return gemini.Latest()
	}
	return opts.Gemini
}

// dir is one commands directory in load order.
type dir struct {
	path  string
	scope Scope
	kind  Kind
	ext   string
}

// dirs returns the command directories Gemini reads for opts, in load
// order: user, project (unless it is the home or untrusted), then
// extensions sorted by name (R1, R3). Untrusted project and extension
// directories are returned with skip set so callers can still list them.
func dirs(opts Options) (out []dir, skipped []dir) {
	out = append(out, dir{path: filepath.Join(opts.Home, ".gemini", "commands"), scope: ScopeUser, kind: KindUser})
	var rest []dir
	if opts.Project != "" && !samePath(opts.Project, opts.Home) {
		rest = append(rest, dir{path: filepath.Join(opts.Project, ".gemini", "commands"), scope: ScopeProject, kind: KindProject})
	}
	exts := append([]Extension(nil), opts.Extensions...)
	sort.SliceStable(exts, func(i, j int) bool { return localeLess(exts[i].Name, exts[j].Name) })
	for _, e := range exts {
		rest = append(rest, dir{path: filepath.Join(e.Dir, "commands"), scope: ScopeExtension, kind: KindExtension, ext: e.Name})
	}
	if opts.Untrusted {
		// FileCommandLoader.loadCommands before 0.61 returns [] in an
		// untrusted folder (gemini-versions.md §2 row 4).
		if !opts.features().UntrustedUserCommands {
			return nil, append(out, rest...)
		}
		return out, rest
	}
	return append(out, rest...), nil
}

// Discover lists every command file in the directories Gemini 0.61 reads,
// validates each one (LoadFile) and replays Gemini's name resolution over
// the built-ins and the valid files in load order. Files inside a directory
// are taken in sorted order; Gemini takes glob's order, which only matters
// when two files of one scope sanitise to the same name (reported, with
// the caveat). Comparing random trees with Gemini's real loader showed
// that glob's order is neither sorted nor the directory's listing order
// (["a_b", "a!b", "a b"] for a directory listed as "a_b", "a b", "a!b"), so
// it is not modelled.
// Missing directories are not an error; unreadable ones are a Problem.
func Discover(opts Options) Listing {
	var l Listing
	builtins := opts.BuiltIns
	if builtins == nil {
		builtins = BuiltinNames
	}
	var entries []entry
	for _, b := range builtins {
		entries = append(entries, entry{name: b, kind: KindBuiltIn})
	}
	nBuiltin := len(entries)
	var idx []int // entry index -> l.Commands index
	read, skipped := dirs(opts)
	for _, d := range read {
		files, probs := listTOML(d.path)
		l.Problems = append(l.Problems, probs...)
		for _, rel := range files {
			c, ps := loadCommand(d, rel)
			l.Problems = append(l.Problems, ps...)
			if c.Status != StatusInvalid {
				entries = append(entries, entry{name: c.BaseName, kind: d.kind, ext: d.ext})
				idx = append(idx, len(l.Commands))
			}
			l.Commands = append(l.Commands, c)
		}
	}
	for _, d := range skipped {
		files, _ := listTOML(d.path)
		if len(files) == 0 {
			continue
		}
		hint := "trust the folder in Gemini (/permissions) to load project and extension commands"
		reason := "folder is untrusted; Gemini 0.61 loads only user commands"
		if !opts.features().UntrustedUserCommands {
			reason = "folder is untrusted; Gemini CLI " + opts.features().Rules.String() + " loads no command file at all (user commands load from 0.61)"
		}
		if d.scope == ScopeUser {
			hint = "trust the folder in Gemini (/permissions), or upgrade Gemini CLI to 0.61 or later, which loads user commands in an untrusted folder"
		}
		l.Problems = append(l.Problems, config.Problem{Severity: config.SevInfo, Code: CodeUntrusted, Path: d.path,
			Line: 1, Column: 1, Message: fmt.Sprintf("%d command file(s) not loaded: the folder is not trusted", len(files)),
			Hint: hint})
		for _, rel := range files {
			name, _ := CommandName(rel)
			l.Commands = append(l.Commands, Command{BaseName: name, Scope: d.scope, Extension: d.ext,
				File: filepath.Join(d.path, filepath.FromSlash(rel)), Status: StatusUntrusted,
				Reason: reason})
		}
	}
	r := resolve(entries)
	describe := func(i int) string {
		if i < nBuiltin {
			return "built-in /" + entries[i].name
		}
		c := l.Commands[idx[i-nBuiltin]]
		return fmt.Sprintf("%s command %s", c.Scope, c.File)
	}
	for k, ci := range idx {
		i := k + nBuiltin
		c := &l.Commands[ci]
		c.Name = r.final[i]
		rn, renamed := r.renamed[i]
		switch {
		case c.Name == "":
			c.Status = StatusDropped
			c.Reason = fmt.Sprintf("renamed to /%s because of %s, then overwritten by it (Gemini keeps the last file per name in glob's order, which is neither sorted nor the directory's listing order; gh-hooks takes sorted order, so which of the two survives may be the other way round)", rn.to, describe(rn.reason))
			l.Problems = append(l.Problems, problemAt(c.File, config.SevWarning, CodeDropped,
				fmt.Sprintf("command /%s is never available: %s", c.BaseName, c.Reason), "rename one of the two files"))
		case renamed:
			c.Status = StatusRenamed
			code := CodeNameClash
			if rn.reason < nBuiltin {
				code = CodeBuiltinClash
				c.Reason = fmt.Sprintf("/%s is a built-in command, which keeps the name", c.BaseName)
			} else {
				c.Reason = fmt.Sprintf("%s also defines /%s; Gemini 0.61 renames every non-built-in command in a clash, so no file keeps /%s", describe(rn.reason), c.BaseName, c.BaseName)
			}
			l.Problems = append(l.Problems, problemAt(c.File, config.SevWarning, code,
				fmt.Sprintf("/%s is available only as /%s: %s", c.BaseName, c.Name, c.Reason),
				"rename or remove one of the files so the name is unique"))
		default:
			c.Status = StatusLoaded
		}
	}
	scopeRank := map[Scope]int{ScopeUser: 0, ScopeProject: 1, ScopeExtension: 2}
	sort.SliceStable(l.Commands, func(i, j int) bool {
		a, b := l.Commands[i], l.Commands[j]
		if a.BaseName != b.BaseName {
			return a.BaseName < b.BaseName
		}
		if scopeRank[a.Scope] != scopeRank[b.Scope] {
			return scopeRank[a.Scope] < scopeRank[b.Scope]
		}
		return a.File < b.File
	})
	config.SortProblems(l.Problems)
	return l
}

// loadCommand reads and validates one file of d.
func loadCommand(d dir, rel string) (Command, []config.Problem) {
	file := filepath.Join(d.path, filepath.FromSlash(rel))
	name, changed := CommandName(rel)
	c := Command{BaseName: name, Scope: d.scope, Extension: d.ext, File: file}
	var probs []config.Problem
	if changed {
		probs = append(probs, problemAt(file, config.SevWarning, CodeNameSanitized,
			fmt.Sprintf("%s loads as /%s: Gemini replaces characters outside [A-Za-z0-9_.-] with _ and cuts segments to 50", rel, name),
			"rename the file to "+strings.ReplaceAll(name, ":", "/")+".toml"))
	}
	data, err := config.ReadRegular(file)
	if err != nil {
		c.Status, c.Reason = StatusInvalid, "cannot read the file"
		return c, append(probs, problemAt(file, config.SevError, CodeReadError, "cannot read: "+unwrapPathErr(err), "check permissions"))
	}
	def, ps := LoadFile(file, data)
	probs = append(probs, ps...)
	if def == nil {
		c.Status, c.Reason = StatusInvalid, "Gemini skips this file: "+ps[0].Message
		return c, probs
	}
	c.Prompt = def.Prompt
	desc := def.Description
	if desc == "" { // `||` in Gemini: an empty description also falls back
		desc = "Custom command from " + filepath.Base(file)
	}
	c.Description = displayDescription(desc)
	if d.ext != "" {
		c.Description = "[" + d.ext + "] " + c.Description
	}
	return c, probs
}

func problemAt(path string, sev config.Severity, code, msg, hint string) config.Problem {
	return config.Problem{Severity: sev, Code: code, Path: path, Line: 1, Column: 1, Message: msg, Hint: hint}
}

// listTOML returns the *.toml files under root as slash-separated relative
// paths, sorted, like glob("**/*.toml", {nodir, dot: true, follow: true})
// (R1): hidden entries are included and symlinked directories followed,
// each real directory once. A missing root yields nothing.
func listTOML(root string) ([]string, []config.Problem) {
	var out []string
	var probs []config.Problem
	seen := map[string]bool{}
	var walk func(abs, rel string)
	walk = func(abs, rel string) {
		if real, err := filepath.EvalSymlinks(abs); err == nil {
			if seen[real] {
				return
			}
			seen[real] = true
		}
		ents, err := os.ReadDir(abs)
		if err != nil {
			if !errors.Is(err, fs.ErrNotExist) {
				probs = append(probs, problemAt(abs, config.SevError, CodeReadError, "cannot list commands: "+unwrapPathErr(err), "check permissions"))
			}
			return
		}
		for _, e := range ents {
			p, r := filepath.Join(abs, e.Name()), pathJoin(rel, e.Name())
			isDir := e.IsDir()
			if e.Type()&fs.ModeSymlink != 0 {
				st, err := os.Stat(p)
				if err != nil {
					continue // dangling link: glob skips it
				}
				isDir = st.IsDir()
			}
			switch {
			case isDir:
				walk(p, r)
			case strings.HasSuffix(e.Name(), ".toml"):
				out = append(out, r)
			}
		}
	}
	walk(root, "")
	sort.Strings(out)
	return out, probs
}

func pathJoin(a, b string) string {
	if a == "" {
		return b
	}
	return a + "/" + b
}

func unwrapPathErr(err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return err.Error()
}

// samePath is Storage.isWorkspaceHomeDir: both paths resolve (symlinks
// included) to the same directory.
func samePath(a, b string) bool {
	if a == "" || b == "" {
		return false
	}
	ra, err1 := filepath.EvalSymlinks(a)
	rb, err2 := filepath.EvalSymlinks(b)
	if err1 != nil || err2 != nil {
		return false // Gemini's catch branch
	}
	return ra == rb
}

// localeLess approximates String.prototype.localeCompare for extension
// names: case-insensitive first, then lower case before upper case.
func localeLess(a, b string) bool {
	la, lb := strings.ToLower(a), strings.ToLower(b)
	if la != lb {
		return la < lb
	}
	return a > b
}
