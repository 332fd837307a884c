package validate

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/gh-hooks/gh-hooks/config"
	"github.com/gh-hooks/gh-hooks/internal/shellword"
	"github.com/gh-hooks/gh-hooks/layers"
	"github.com/gh-hooks/gh-hooks/merge"
)

// Files returns the problems of the named files only, sorted most severe
// first. A file that is one of set's layers is checked as part of the
// whole merge, so cross-file checks (duplicates, disabled names,
// overrides) see every layer. Any other file is checked on its own, as
// the only layer of a trusted copy of set: as an extension hooks file
// (plain JSON, ${var} hydration) when it is named hooks.json inside a
// directory named hooks, else as a settings file (JSONC, $VAR expansion)
// whose project directory is the parent of its .gemini directory, or
// set's project directory.
//
// A directory holding a gemini-extension.json is an extension: its
// manifest is checked (ReadManifest) and its hooks/hooks.json as above,
// and, unless Gemini finds it under <home>/.gemini/extensions and enables
// it here, a warning says that Gemini does not load it; so does one for a
// hooks/hooks.json outside an extension or in one that is not installed.
//
// A file that does not exist or another directory is an error (wrapping
// fs.ErrNotExist for a missing file); a file that does not parse is a
// problem, not an error.
// ErrDirectory: a path given to Files is a directory that is not an
// extension.
var ErrDirectory = errors.New("is a directory")

// Relative paths are relative to dir ("" is the current directory); errors
// name each path as given.
func Files(set *layers.Set, dir string, paths []string) ([]config.Problem, error) {
	inSet := map[string]string{}
	for _, l := range set.Layers {
		if l.Path != "" {
			inSet[realpath(l.Path)] = l.Path
		}
	}
	want := map[string]bool{}
	var alone []string
	var extra []config.Problem
	for _, p := range paths {
		q := p
		if dir != "" && !filepath.IsAbs(p) {
			q = filepath.Join(dir, p)
		}
		st, err := os.Stat(q)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", p, unwrapPath(err))
		}
		abs, err := filepath.Abs(q)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", p, err)
		}
		if st.IsDir() {
			if !layers.IsExtensionDir(abs) {
				return nil, fmt.Errorf("%s: %w, not a settings or hooks file, nor an extension (no %s)", p, ErrDirectory, layers.ManifestFile)
			}
			// An extension directory: its manifest and its hooks file.
			extra = append(extra, extensionDir(set, abs)...)
			hooks := filepath.Join(abs, "hooks", "hooks.json")
			if _, err := os.Stat(hooks); err != nil {
				continue
			}
			abs = hooks
		} else if filepath.Base(abs) == "hooks.json" && filepath.Base(filepath.Dir(abs)) == "hooks" {
			extra = append(extra, notInstalled(set, filepath.Dir(filepath.Dir(abs)))...)
		}
		if lp, ok := inSet[realpath(abs)]; ok {
			want[lp] = true
		} else if !want[abs] {
			want[abs] = true
			alone = append(alone, abs)
		}
	}
	var all []config.Problem
	if len(alone) < len(want) {
		all = Check(merge.Merge(set))
	}
	for _, p := range alone {
		all = append(all, Check(merge.Merge(Standalone(set, p)))...)
	}
	var out []config.Problem
	for _, p := range all {
		if want[p.Path] {
			out = append(out, p)
		}
	}
	out = append(out, extra...)
	config.SortProblems(out)
	return out, nil
}

// extensionDir checks the manifest of the extension in dir and says
// whether Gemini finds it: an extension is loaded only from
// <home>/.gemini/extensions, installed there or linked (spec §3.5).
func extensionDir(set *layers.Set, dir string) []config.Problem {
	if _, ok := set.InstalledAt(dir); ok {
		return notInstalled(set, dir) // its other problems are the set's
	}
	_, _, p := layers.ReadManifest(dir)
	if p != nil {
		return []config.Problem{layers.Skipped(*p)}
	}
	return notInstalled(set, dir)
}

// notInstalled is the warning for an extension (or a hooks.json outside
// one) that Gemini does not load because it is not installed.
func notInstalled(set *layers.Set, dir string) []config.Problem {
	manifest := filepath.Join(dir, layers.ManifestFile)
	if !layers.IsExtensionDir(dir) {
		if st, err := os.Stat(filepath.Join(dir, ".claude-plugin", "plugin.json")); err == nil && st.Mode().IsRegular() {
			// A Claude Code plugin (claude-hooks.md §1.4): migrate makes
			// the extension, with its hooks in Gemini's protocol.
			ext := dir + "-gemini"
			return []config.Problem{{Severity: config.SevWarning, Code: "extension-manifest-missing",
				Path: filepath.Join(dir, "hooks", "hooks.json"), Line: 1, Column: 1,
				Message: "Gemini never loads this hooks file: " + dir + " is a Claude Code plugin (.claude-plugin/plugin.json), not a Gemini extension (no " + layers.ManifestFile + ")",
				Hint:    "gh-hooks migrate " + shellword.Quote(dir) + " --to " + shellword.Quote(ext) + " makes it one, then: gemini extensions link " + shellword.Quote(ext)}}
		}
		return []config.Problem{{Severity: config.SevWarning, Code: "extension-manifest-missing",
			Path: filepath.Join(dir, "hooks", "hooks.json"), Line: 1, Column: 1,
			Message: "Gemini never loads this hooks file: " + dir + " has no " + layers.ManifestFile + ", so it is not an extension",
			Hint:    `create ` + manifest + ` with {"name": "` + layers.ExtensionName(filepath.Base(dir)) + `", "version": "1.0.0"}, then gemini extensions link ` + dir}}
	}
	p := set.NotLoaded(dir)
	if p == nil {
		return nil
	}
	if p.Code == "extension-not-installed" {
		p.Message += "; its hooks were checked as if it were"
	}
	return []config.Problem{*p}
}

func unwrapPath(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

func realpath(p string) string {
	if r, err := filepath.EvalSymlinks(p); err == nil {
		return r
	}
	return filepath.Clean(p)
}

// Standalone returns a trusted copy of set whose only layer is the file at
// path (absolute), read as Files describes.
func Standalone(set *layers.Set, path string) *layers.Set {
	s := &layers.Set{Paths: set.Paths, Lookup: set.Lookup, Gemini: set.Gemini,
		Trust: layers.Trust{Enabled: set.Trust.Enabled, Trusted: true, Source: "standalone", Why: "checked as a standalone file"}}
	dir := filepath.Dir(path)
	if filepath.Base(path) == "hooks.json" && filepath.Base(dir) == "hooks" {
		s.Layers = []*layers.Layer{s.ReadExtensionFile(path, filepath.Dir(dir))}
		return s
	}
	if filepath.Base(dir) == ".gemini" {
		s.Paths.ProjectDir = filepath.Dir(dir)
		s.Paths.Project = path
	}
	l := s.ReadSettingsFile(layers.Project, path)
	s.Layers = []*layers.Layer{l}
	return s
}
