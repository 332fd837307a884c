package migrate

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"

	"github.com/gh-hooks/gh-hooks/config"
)

// SourceKind says where a Claude hook configuration came from.
type SourceKind string

// Source kinds.
const (
	// KindSettings is a Claude settings file (user, project, local or an
	// explicit file): {"hooks": {...}, ...}.
	KindSettings SourceKind = "settings"
	// KindPlugin is a Claude plugin's hooks: hooks/hooks.json or the
	// "hooks" member of .claude-plugin/plugin.json.
	KindPlugin SourceKind = "plugin"
)

// Source is one Claude hooks object to convert.
type Source struct {
	Path string     `json:"path"`
	Kind SourceKind `json:"kind"`
	// Dir is the plugin root of a plugin source ("" otherwise).
	Dir string `json:"dir,omitempty"`
	// Pointer is the RFC 6901 pointer of the hooks object in Doc.
	Pointer string `json:"pointer"`
	// Notes are remarks about the file itself (comments in it, a missing
	// hooks object).
	Notes []string         `json:"notes,omitempty"`
	Doc   *config.Document `json:"-"`
}

// hooks returns the hooks object node, or nil.
func (s *Source) hooks() *config.Node { return s.Doc.Root.Lookup(s.Pointer) }

// parse reads a Claude JSON file. Claude documents plain JSON; comments are
// accepted (Gemini's own migrator strips them too) but noted, because the
// file may not load in Claude.
func parse(path string) (*config.Document, []string, error) {
	return parseWithin(path, "", nil)
}

// parseWithin is parse confined to the directory within (a project or a
// plugin, which a repository controls): a file reached through a symbolic
// link out of it is not read (issue 24 §4). It is skipped: the warning,
// naming the link and its target, goes to skipped, and the error is
// errSkipped.
func parseWithin(path, within string, skipped *[]string) (*config.Document, []string, error) {
	doc, err := config.ReadFileWithin(path, config.Options{NoComments: true}, within)
	var oe *config.OutsideError
	if errors.As(err, &oe) {
		*skipped = append(*skipped, "skipped "+path+": "+oe.Describe())
		return nil, nil, errSkipped
	}
	var pe *config.ParseError
	if errors.As(err, &pe) && pe.Code == "comment" {
		doc, err = config.ReadFileWithin(path, config.Options{}, within)
		if err == nil {
			return doc, []string{fmt.Sprintf("%s:%d:%d: file has comments, which Claude Code's JSON parser may not accept; they were skipped", path, pe.Line, pe.Column)}, nil
		}
	}
	if err != nil {
		return nil, nil, errorf("%w", err)
	}
	return doc, nil, nil
}

// errSkipped is parseWithin's error for a file behind a link out of the
// project or plugin.
var errSkipped = errors.New("skipped: a symbolic link out of the directory")

// LoadSettings reads a Claude settings file (or any file whose top level
// has a "hooks" object). An unreadable or invalid file returns an error
// that wraps *config.ParseError (path:line:col, with a hint) or
// fs.ErrNotExist.
func LoadSettings(path string) (*Source, error) {
	doc, notes, err := parse(path)
	if err != nil {
		return nil, err
	}
	return &Source{Path: path, Kind: KindSettings, Pointer: "/hooks", Notes: notes, Doc: doc}, nil
}

// LoadProject returns the hooks of a project as Claude combines them:
// .claude/settings.json and .claude/settings.local.json both contribute,
// because hook arrays merge across settings levels instead of overriding
// (claude-hooks.md §1.4). Missing files are skipped; the shared file comes
// first, then the local one. Identical handlers in both run once in
// Claude, and Convert emits them once. A file reached through a symbolic
// link out of the project is not read: skipped names it and its target.
func LoadProject(projectDir string) (sources []*Source, skipped []string, err error) {
	f, err := FindProject(projectDir)
	return f.Sources, f.Skipped, err
}

// LoadUser returns the user-level hooks, home/.claude/settings.json, or no
// source when that file does not exist.
func LoadUser(home string) ([]*Source, error) {
	f, err := FindUser(home)
	return f.Sources, err
}

// Found is what FindProject or FindUser found of the Claude settings
// files they look for.
type Found struct {
	Sources []*Source
	// Skipped warns of the files behind a link out of the project, not
	// read.
	Skipped []string
	// Missing are the files looked for that do not exist: Options.Gone
	// for Convert, which takes the migrated hooks of a missing shared file
	// as orphaned.
	Missing []string
}

// FindProject is LoadProject that also says which files are missing.
func FindProject(projectDir string) (Found, error) {
	return loadOptional(projectDir,
		filepath.Join(projectDir, ".claude", "settings.json"),
		filepath.Join(projectDir, ".claude", "settings.local.json"))
}

// FindUser is LoadUser that also says whether the file is missing.
func FindUser(home string) (Found, error) {
	return loadOptional("", filepath.Join(home, ".claude", "settings.json"))
}

func loadOptional(within string, paths ...string) (Found, error) {
	var f Found
	for _, p := range paths {
		doc, notes, err := parseWithin(p, within, &f.Skipped)
		if errors.Is(err, fs.ErrNotExist) {
			f.Missing = append(f.Missing, p)
			continue
		}
		if errors.Is(err, errSkipped) {
			continue
		}
		if err != nil {
			return Found{}, err
		}
		f.Sources = append(f.Sources, &Source{Path: p, Kind: KindSettings, Pointer: "/hooks", Notes: notes, Doc: doc})
	}
	return f, nil
}

// LoadPlugin returns the hooks of a Claude plugin rooted at dir:
// hooks/hooks.json and the "hooks" member of .claude-plugin/plugin.json,
// which is an inline hooks object, a path, or an array of paths relative to
// the plugin root (claude-hooks.md §1.4). A plugin without hooks returns no
// sources and no error. A file reached through a symbolic link out of the
// plugin is not read: skipped names it and its target.
func LoadPlugin(dir string) (out []*Source, skipped []string, err error) {
	out, err = loadPlugin(dir, &skipped)
	return out, skipped, err
}

func loadPlugin(dir string, skipped *[]string) ([]*Source, error) {
	var out []*Source
	seen := map[string]bool{}
	add := func(path string) error {
		if seen[filepath.Clean(path)] {
			return nil
		}
		seen[filepath.Clean(path)] = true
		doc, notes, err := parseWithin(path, dir, skipped)
		if errors.Is(err, errSkipped) {
			return nil
		}
		if err != nil {
			return err
		}
		out = append(out, &Source{Path: path, Kind: KindPlugin, Dir: dir, Pointer: "/hooks", Notes: notes, Doc: doc})
		return nil
	}
	if err := add(filepath.Join(dir, "hooks", "hooks.json")); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return nil, err
	}
	manifest := filepath.Join(dir, ".claude-plugin", "plugin.json")
	doc, notes, err := parseWithin(manifest, dir, skipped)
	if errors.Is(err, fs.ErrNotExist) || errors.Is(err, errSkipped) {
		return out, nil
	}
	if err != nil {
		return nil, err
	}
	h := doc.Root.Get("hooks")
	switch {
	case h == nil:
	case h.Kind == config.Object:
		out = append(out, &Source{Path: manifest, Kind: KindPlugin, Dir: dir, Pointer: "/hooks", Notes: notes, Doc: doc})
	case h.Kind == config.String || h.Kind == config.Array:
		paths := []*config.Node{h}
		if h.Kind == config.Array {
			paths = h.Items
		}
		for _, p := range paths {
			if !p.IsString() {
				line, col := doc.PositionOf(p.Pointer())
				return nil, errorf("%s:%d:%d: hooks entry is %s, want a path string", manifest, line, col, p.Kind)
			}
			if err := add(filepath.Join(dir, filepath.FromSlash(p.Str))); err != nil {
				return nil, err
			}
		}
	default:
		line, col := doc.PositionOf("/hooks")
		return nil, errorf("%s:%d:%d: hooks is %s, want an object, a path or an array of paths", manifest, line, col, h.Kind)
	}
	return out, nil
}
