package migrate

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/gh-hooks/gh-hooks/config"
	"github.com/gh-hooks/gh-hooks/layers"
	"github.com/gh-hooks/gh-hooks/shellcmd"
)

// Bounds of what a plugin migration copies into the extension.
const (
	MaxPluginFiles = 5000
	MaxPluginBytes = 100 << 20
)

// Manifest is the gemini-extension.json written for a Claude plugin. Gemini
// loads an extension only when its manifest has a name matching
// /^[a-zA-Z0-9-]+$/ and a version (loadExtensionConfig and validateName,
// cli/config/extension-manager.ts; spec §3.5).
type Manifest struct {
	Name        string `json:"name"`
	Version     string `json:"version"`
	Description string `json:"description,omitempty"`
}

// Bytes renders the manifest as Gemini's own files look: two-space
// indentation and a final newline.
func (m Manifest) Bytes() []byte {
	b, _ := json.MarshalIndent(m, "", "  ")
	return append(b, '\n')
}

// PluginManifest derives the extension manifest from the plugin's
// .claude-plugin/plugin.json (name, version, description). The name is
// made valid for Gemini (other characters become dashes); without one, the
// fallback (the extension directory's name) is used. notes say what was
// changed or filled in. It fails when no valid name can be made.
func PluginManifest(pluginDir, fallback string) (m Manifest, notes []string, err error) {
	path := filepath.Join(pluginDir, ".claude-plugin", "plugin.json")
	// Not read through a link out of the plugin (issue 24 §4).
	doc, err := config.ReadFileWithin(path, config.Options{}, pluginDir)
	var root *config.Node
	var oe *config.OutsideError
	switch {
	case err == nil:
		root = doc.Root
	case errors.Is(err, fs.ErrNotExist):
	case errors.As(err, &oe):
		notes = append(notes, "skipped "+path+": "+oe.Describe())
	default:
		return m, nil, errorf("%w", err)
	}
	name := ""
	if n := root.Get("name"); n.IsString() {
		name = n.Str
	}
	if name == "" {
		name = fallback
		notes = append(notes, fmt.Sprintf("the plugin has no name in %s: the extension is named after %q", path, fallback))
	}
	m.Name = layers.ExtensionName(name)
	if m.Name == "" {
		return m, notes, errorf("%q cannot be made into a Gemini extension name (letters, digits and dashes)", name)
	}
	if m.Name != name {
		notes = append(notes, fmt.Sprintf("extension name %q made from %q: Gemini allows only letters, digits and dashes", m.Name, name))
	}
	m.Version = "1.0.0"
	if v := root.Get("version"); v.IsString() && v.Str != "" {
		m.Version = v.Str
	} else {
		notes = append(notes, "the plugin has no version: 1.0.0 written (Gemini requires one)")
	}
	if d := root.Get("description"); d.IsString() {
		m.Description = d.Str
	}
	return m, notes, nil
}

// PluginFile is a file of the plugin that the extension needs: Path is
// relative to the plugin root, and so to the extension root.
type PluginFile struct {
	Source string      `json:"source"`
	Path   string      `json:"path"`
	Mode   fs.FileMode `json:"-"`
}

// Missing is a plugin file that a hook starts and that cannot be copied.
type Missing struct {
	Command string `json:"command"`
	Path    string `json:"path"`
	// Why is "" for a file that does not exist.
	Why string `json:"why,omitempty"`
}

// PluginFiles is what the extension needs from the plugin besides its
// hooks and commands, found by reading each hook command with shellcmd
// (${CLAUDE_PLUGIN_ROOT} and ${CLAUDE_PROJECT_DIR} known, as Claude sets
// them, claude-hooks.md §1.5): every plugin file a command runs, sources
// or gives an interpreter, with the rest of its top-level directory
// (scripts/ beside scripts/guard.sh), because a script's own helpers and
// imports cannot be seen from the command. The plugin's hooks/hooks.json,
// .claude-plugin/ and commands/ are never copied (they are converted).
// Files outside the plugin (the project's, the user's, programs on PATH)
// are not copied: the hook reaches them as before. A symbolic link is
// copied as the regular file it names inside the plugin, and never
// followed out of it.
//
// Missing lists started files that do not exist or cannot be copied (a
// symbolic link out of the plugin is not followed); Skipped, the other
// files of the copied directories that are not copied for that reason;
// Unknown says, per command, what shellcmd could not follow. An error is
// a plugin too large to copy or a directory that cannot be read.
type PluginFiles struct {
	Files   []PluginFile
	Missing []Missing
	Skipped []string
	Unknown []string
}

// FindPluginFiles computes PluginFiles for the hooks of sources (all of
// one plugin rooted at pluginDir) when Claude runs them in projectDir.
func FindPluginFiles(sources []*Source, pluginDir, projectDir string) (*PluginFiles, error) {
	out := &PluginFiles{}
	root := filepath.Clean(pluginDir)
	tops := map[string]bool{}
	startedBy := map[string]string{} // plugin file → the first command that starts it
	var started []string
	seenMissing := map[string]bool{}
	eachCommand(sources, func(ev, cmd string) {
		if r, ok := eventRules()[ev]; !ok || (r.gemini == "" && ev != "PostToolUseFailure") {
			return // dropped: nothing of it runs
		}
		a := shellcmd.Analyze(cmd, shellcmd.Options{Dir: projectDir,
			Vars: map[string]string{"CLAUDE_PLUGIN_ROOT": root, "CLAUDE_PROJECT_DIR": projectDir}})
		for _, f := range a.Files {
			rel, ok := under(root, f.Path)
			if !ok {
				continue
			}
			if _, err := os.Lstat(f.Path); err != nil {
				if !seenMissing[f.Path] {
					seenMissing[f.Path] = true
					out.Missing = append(out.Missing, Missing{Command: cmd, Path: f.Path})
				}
				continue
			}
			if _, ok := startedBy[rel]; !ok {
				startedBy[rel] = cmd
				started = append(started, rel)
			}
			if top, _, nested := strings.Cut(filepath.ToSlash(rel), "/"); nested && top != ".claude-plugin" && top != "commands" {
				tops[top] = true
			}
		}
		if len(a.Unknown) > 0 && strings.Contains(cmd, "CLAUDE_PLUGIN_ROOT") {
			out.Unknown = append(out.Unknown, fmt.Sprintf("%s: %s", cmd, strings.Join(a.Unknown, ", ")))
		}
	})
	seen := map[string]bool{}
	var size int64
	realRoot, err := filepath.EvalSymlinks(root)
	if err != nil {
		return nil, errorf("%w", err)
	}
	// add records the plugin file at rel. A symbolic link is copied as
	// the file it names when that is a regular file inside the plugin;
	// one that leads out of the plugin is not followed (ok false).
	add := func(rel string) (ok bool, err error) {
		if seen[rel] || rel == filepath.Join("hooks", "hooks.json") {
			return true, nil
		}
		src := filepath.Join(root, rel)
		real, err := filepath.EvalSymlinks(src)
		if err != nil {
			return false, nil
		}
		if _, inside := under(realRoot, real); !inside {
			return false, nil
		}
		info, err := os.Stat(real)
		if err != nil || !info.Mode().IsRegular() {
			return false, nil
		}
		seen[rel] = true
		size += info.Size()
		if len(out.Files) >= MaxPluginFiles || size > MaxPluginBytes {
			return false, errorf("%s: the plugin files the hooks need are more than %d files or %d MiB", root, MaxPluginFiles, MaxPluginBytes>>20)
		}
		out.Files = append(out.Files, PluginFile{Source: real, Path: rel, Mode: info.Mode().Perm()})
		return true, nil
	}
	for _, rel := range started {
		ok, err := add(rel)
		if err != nil {
			return nil, err
		}
		if !ok {
			out.Missing = append(out.Missing, Missing{Command: startedBy[rel], Path: filepath.Join(root, rel),
				Why: "a symbolic link out of the plugin, or not a regular file"})
		}
	}
	var topNames []string
	for t := range tops {
		topNames = append(topNames, t)
	}
	sort.Strings(topNames)
	for _, t := range topNames {
		err := filepath.WalkDir(filepath.Join(root, t), func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() {
				return nil // a link to a directory is not walked into
			}
			rel, _ := filepath.Rel(root, p)
			if _, started := startedBy[rel]; started {
				return nil // copied, or reported missing, above
			}
			if ok, err := add(rel); err != nil {
				return err
			} else if !ok {
				out.Skipped = append(out.Skipped, rel)
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	sort.Slice(out.Files, func(i, j int) bool { return out.Files[i].Path < out.Files[j].Path })
	return out, nil
}

// under returns p relative to root when p is inside root.
func under(root, p string) (string, bool) {
	if p == "" || !filepath.IsAbs(p) {
		return "", false
	}
	rel, err := filepath.Rel(root, p)
	if err != nil || rel == "." || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return "", false
	}
	return rel, true
}

// eachCommand calls fn with the event and the command (args folded in) of
// every command handler of sources that Convert would consider.
func eachCommand(sources []*Source, fn func(ev, cmd string)) {
	eachHandler(sources, func(_ *Source, ev string, hn *config.Node) {
		if cmd, ok := handlerCommand(hn); ok {
			fn(ev, cmd)
		}
	})
}

// eachHandler calls fn with every handler object of sources, under its
// Claude event key, in file order; shapes Convert skips are skipped.
func eachHandler(sources []*Source, fn func(s *Source, ev string, hn *config.Node)) {
	for _, s := range sources {
		h := s.hooks()
		if h == nil || h.Kind != config.Object {
			continue
		}
		for i, ev := range h.Keys {
			groups := h.Vals[i]
			if groups.Kind != config.Array {
				continue
			}
			for _, g := range groups.Items {
				hs := g.Get("hooks")
				if hs == nil || hs.Kind != config.Array {
					continue
				}
				for _, hn := range hs.Items {
					fn(s, ev, hn)
				}
			}
		}
	}
}

// handlerCommand is the shell command of a Claude command handler, with
// the exec form's args folded in; ok is false for anything Convert drops
// whatever the event (not a command hook, no command, bad args).
func handlerCommand(hn *config.Node) (string, bool) {
	if hn == nil || hn.Kind != config.Object {
		return "", false
	}
	if t := hn.Get("type"); !t.IsString() || t.Str != "command" {
		return "", false
	}
	c := hn.Get("command")
	if !c.IsString() || strings.TrimSpace(c.Str) == "" {
		return "", false
	}
	args := hn.Get("args")
	if args == nil {
		return c.Str, true
	}
	if args.Kind != config.Array {
		return "", false
	}
	var list []string
	for _, a := range args.Items {
		if !a.IsString() {
			return "", false
		}
		list = append(list, a.Str)
	}
	return foldArgs(c.Str, list), true
}
