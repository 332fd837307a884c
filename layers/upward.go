package layers

import (
	"os"
	"path/filepath"

	"github.com/gh-hooks/gh-hooks/config"
)

// Gemini CLI takes its working directory as the project and looks no
// further (spec §1.1): started in a subdirectory of a repository it loads
// no project hooks at all. That is what gh-hooks reports too, but someone
// auditing a clone from a subdirectory would read "no project hooks" as
// an all-clear. UpperProject finds the project file higher up that they
// probably meant.

// Upper is a .gemini/settings.json with hooks above the project directory.
type Upper struct {
	Dir   string // the directory that holds .gemini
	Path  string // its settings file
	Hooks int    // how many hook entries it has
}

// UpperProject returns the nearest directory above set's project directory
// whose .gemini/settings.json has hooks, looking up to the repository root
// (the directory that holds .git), else up to the home directory (whose
// .gemini is the user layer, not a project) or the filesystem root. nil
// when the project directory has project hooks of its own, is the home
// directory or a repository root, or nothing is found. Files that do not
// parse are passed over.
func UpperProject(set *Set) *Upper {
	p := set.Paths
	if p.ProjectIsHome || countHooks(set.Settings(Project).Doc) > 0 {
		return nil
	}
	var found *Upper
	DirAbove(p.ProjectDir, p.Home, func(dir string) bool {
		path := filepath.Join(dir, ".gemini", "settings.json")
		doc, err := config.ReadFile(path, config.Options{})
		if err != nil {
			return false // a file that does not parse is passed over
		}
		if n := countHooks(doc); n > 0 {
			found = &Upper{Dir: dir, Path: path, Hooks: n}
		}
		return found != nil
	})
	return found
}

// DirAbove walks up from start, one parent at a time, and returns the
// first directory for which found is true. It stops at a repository root
// (a directory that holds .git: nothing above it belongs to the project),
// below the home directory (whose .gemini and .claude are the user's), and
// at the filesystem root, returning "".
func DirAbove(start, home string, found func(dir string) bool) string {
	home = filepath.Clean(home)
	if real, err := filepath.EvalSymlinks(home); err == nil {
		home = real
	}
	for dir := start; ; {
		if exists(filepath.Join(dir, ".git")) {
			return ""
		}
		parent := filepath.Dir(dir)
		if parent == dir || parent == home {
			return ""
		}
		dir = parent
		if found(dir) {
			return dir
		}
	}
}

func exists(path string) bool {
	_, err := os.Lstat(path)
	return err == nil
}

// countHooks is the number of hook entries under a settings file's hooks
// (0 for nil).
func countHooks(doc *config.Document) int {
	if doc == nil {
		return 0
	}
	hooks := doc.Root.Get("hooks")
	if hooks == nil || hooks.Kind != config.Object {
		return 0
	}
	n := 0
	for _, ev := range hooks.Vals {
		defs := []*config.Node{ev}
		if ev.Kind == config.Array {
			defs = ev.Items
		}
		for _, def := range defs {
			if hs := def.Get("hooks"); hs != nil && hs.Kind == config.Array {
				n += len(hs.Items)
			}
		}
	}
	return n
}

// UpperCommands returns the nearest directory above set's project
// directory whose .gemini/commands holds a file, by UpperProject's rules
// (up to the repository root, never the home directory); "" when the
// project is the home directory or nothing is found. Gemini loads project
// commands from the working directory only, like project hooks.
func UpperCommands(set *Set) string {
	p := set.Paths
	if p.ProjectIsHome {
		return ""
	}
	return DirAbove(p.ProjectDir, p.Home, func(dir string) bool {
		entries, err := os.ReadDir(filepath.Join(dir, ".gemini", "commands"))
		return err == nil && len(entries) > 0
	})
}
