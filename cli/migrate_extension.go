package cli

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/gh-hooks/gh-hooks/config"
	"github.com/gh-hooks/gh-hooks/internal/shellword"
	"github.com/gh-hooks/gh-hooks/layers"
	"github.com/gh-hooks/gh-hooks/migrate"
)

// extensionJSON is the --json "extension" member of a plugin migration:
// the extension's manifest and the plugin files copied into it.
type extensionJSON struct {
	// Dir is the extension directory (--to); "" for a preview, whose
	// targets are relative to it.
	Dir  string `json:"dir"`
	Name string `json:"name"`
	// Installed reports whether Gemini finds the extension: it is in, or
	// linked from, <home>/.gemini/extensions.
	Installed bool            `json:"installed"`
	Manifest  extensionFile   `json:"manifest"`
	Files     []extensionFile `json:"files"`
}

// extensionFile is one file of the extension and what happened to it:
// written, would-write, unchanged, or kept (an existing manifest is used
// as it is; an existing copy of a plugin file with other content is kept
// unless --force).
type extensionFile struct {
	Source string `json:"source,omitempty"`
	Target string `json:"target"`
	Status string `json:"status"`
	Diff   string `json:"diff,omitempty"`

	data []byte      // the new content (manifest); nil for a copy
	mode os.FileMode // a copy's permission bits
}

// planExtension decides the manifest and the plugin files of the
// extension before anything is written. An extension that cannot be made
// complete (an existing manifest Gemini would skip, no valid name, a file
// a hook starts that the plugin lacks) fails here, with exit 1 and
// nothing written: Gemini would skip the extension, or the hook would fail
// on every call.
func planExtension(job *migrateJob, o *migrateOptions) (*extensionJSON, error) {
	x := &extensionJSON{Dir: o.To, Files: []extensionFile{}}
	target := func(rel string) string {
		if job.Preview {
			return rel
		}
		return filepath.Join(o.To, rel)
	}
	fallback := filepath.Base(job.Plugin)
	if o.To != "" {
		fallback = filepath.Base(o.To)
	}
	m, notes, err := migrate.PluginManifest(job.Plugin, fallback)
	if err != nil {
		return nil, sourceError(err)
	}
	x.Name = m.Name
	x.Manifest = extensionFile{Target: target(layers.ManifestFile), data: m.Bytes()}
	if !job.Preview {
		// Before anything is read from or written to DIR: a link planted
		// there that leads out of it (gemini-extension.json ->
		// ~/.bash_profile) is refused, naming it (issue 24 §4).
		if err := outsideFail(config.CheckWithin(x.Manifest.Target, job.ProjectDir), o.To); err != nil {
			return nil, err
		}
	}
	if !job.Preview && layers.IsExtensionDir(o.To) {
		_, name, p := layers.ReadManifest(o.To)
		if p != nil {
			return nil, fail(fmt.Errorf("%s:%d:%d: %s", p.Path, p.Line, p.Column, p.Message),
				p.Hint+", then run migrate again (nothing was written: Gemini would skip the extension)")
		}
		x.Name, x.Manifest.Status = name, "kept"
		if old, err := config.ReadRegularWithin(x.Manifest.Target, job.ProjectDir); err == nil && bytes.Equal(old, x.Manifest.data) {
			x.Manifest.Status = "unchanged"
		}
		x.Manifest.data = nil
	} else {
		job.Warnings = append(job.Warnings, notes...)
	}

	files, err := migrate.FindPluginFiles(job.Sources, job.Plugin, o.dir)
	if err != nil {
		return nil, fail(migrateErr(err), "")
	}
	if len(files.Missing) > 0 {
		var lines []string
		for _, m := range files.Missing {
			why := ""
			if m.Why != "" {
				why = ": " + m.Why
			}
			lines = append(lines, fmt.Sprintf("%s (started by %q)%s", m.Path, m.Command, why))
		}
		return nil, fail(fmt.Errorf("the plugin lacks files its hooks start, so the extension cannot work: %s", strings.Join(lines, "; ")),
			"restore them in the plugin (or remove the hooks that start them), then run migrate again; nothing was written")
	}
	for _, sk := range files.Skipped {
		job.Warnings = append(job.Warnings, "not copied: "+filepath.Join(job.Plugin, sk)+" is a symbolic link out of the plugin, or not a regular file")
	}
	for _, u := range files.Unknown {
		job.Warnings = append(job.Warnings, "cannot tell which plugin files this command needs ("+u+"): copy them into the extension by hand if the copied ones are not enough")
	}
	for _, f := range files.Files {
		x.Files = append(x.Files, extensionFile{Source: f.Source, Target: target(f.Path), mode: f.Mode})
	}
	if !job.Preview {
		// Every file migrate writes into DIR, checked before the first
		// is written (the writes are confined again as they happen).
		check := []string{job.Path}
		for _, f := range x.Files {
			check = append(check, f.Target)
		}
		for _, p := range check {
			if err := outsideFail(config.CheckWithin(p, job.ProjectDir), o.To); err != nil {
				return nil, err
			}
		}
	}
	if !job.Preview {
		if set, err := o.loadLayers(o.dir); err == nil {
			_, x.Installed = set.InstalledAt(o.To)
			if !x.Installed && filepath.Dir(o.To) == set.Paths.ExtensionsDir {
				x.Installed = true // it will be, once its manifest is written
			}
		}
	}
	if hasMCP(job.Plugin) {
		job.Warnings = append(job.Warnings, "the plugin's MCP servers (.mcp.json or mcpServers in plugin.json) are not migrated: add them to "+layers.ManifestFile+" mcpServers by hand")
	}
	return x, nil
}

// hasMCP reports whether a Claude plugin declares MCP servers.
func hasMCP(plugin string) bool {
	if fileExists(filepath.Join(plugin, ".mcp.json")) {
		return true
	}
	doc, err := config.ReadFileWithin(filepath.Join(plugin, ".claude-plugin", "plugin.json"), config.Options{}, plugin)
	return err == nil && doc.Root.Has("mcpServers")
}

// writeExtensionFiles copies (or, dry, plans) the plugin files. It runs
// before the hooks are written, and the manifest goes last, so that a
// failure never leaves an extension Gemini would load half made.
func writeExtensionFiles(e *env, x *extensionJSON, job *migrateJob, force, dry bool) error {
	for i := range x.Files {
		f := &x.Files[i]
		// FindPluginFiles resolved the source inside the plugin; read it
		// confined all the same, in case a link was swapped in since.
		data, err := config.ReadRegularWithin(f.Source, job.Plugin)
		if err != nil {
			return outsideFail(err, "")
		}
		var old []byte
		exists := false
		if !job.Preview {
			old, err = config.ReadRegularWithin(f.Target, job.ProjectDir)
			if err := outsideFail(err, x.Dir); err != nil {
				return err
			}
			exists = err == nil
		}
		switch {
		case exists && bytes.Equal(old, data):
			f.Status = "unchanged"
		case exists && !force:
			f.Status = "kept"
			job.Warnings = append(job.Warnings, f.Target+" differs from the plugin's "+f.Source+" and was kept (--force replaces it)")
		case dry:
			f.Status = "would-write"
		default:
			if err := config.WriteFile(f.Target, data, f.mode, e.writeOpts(job.ProjectDir, f.Target, false)); err != nil {
				return writeFail(err)
			}
			f.Status = "written"
		}
	}
	return nil
}

// writeManifest writes (or, dry, diffs) the new manifest.
func writeManifest(e *env, x *extensionJSON, job *migrateJob, dry bool) error {
	f := &x.Manifest
	if f.data == nil {
		return nil // kept: the extension's own manifest
	}
	var old []byte
	err := fs.ErrNotExist
	if !job.Preview {
		old, err = config.ReadRegularWithin(f.Target, job.ProjectDir)
		if err := outsideFail(err, x.Dir); err != nil {
			return err
		}
	}
	if dry {
		f.Status, f.Diff = "would-write", config.Diff(f.Target, nil, f.data)
		return nil
	}
	if err == nil && bytes.Equal(old, f.data) {
		f.Status = "unchanged"
		return nil
	}
	if err := config.WriteFile(f.Target, f.data, 0o644, e.writeOpts(job.ProjectDir, f.Target, false)); err != nil {
		return writeFail(err)
	}
	f.Status = "written"
	return nil
}

// outsideFail is the error for a file of the extension (dir) or the
// plugin that a symbolic link leads out of: it names the link and its
// target, and nothing is written through it (issue 24 §4). Other errors
// pass as nil when dir is given (a missing target is to be created), as
// they are otherwise.
func outsideFail(err error, dir string) error {
	var oe *config.OutsideError
	if errors.As(err, &oe) {
		if oe.Link == "" {
			return fail(fmt.Errorf("%s is outside %s: nothing was written through it", oe.Resolved, oe.Within), "")
		}
		return fail(fmt.Errorf("%s is a symbolic link to %s, which leads out of %s: gh-hooks does not read or write through it", oe.Link, oe.Target, oe.Within),
			"a repository or plugin can plant such a link to make gh-hooks write your files: remove it (rm "+shellword.Quote(oe.Link)+") and run migrate again; nothing was written")
	}
	if dir != "" || err == nil {
		return nil
	}
	return fail(err, "")
}

func writeFail(err error) error {
	var we *config.WriteError
	if errors.As(err, &we) {
		return fail(we, we.Hint)
	}
	return fail(err, "")
}

// printExtension is the human report of the extension's own files.
func printExtension(o *out, x *extensionJSON) {
	dir := x.Dir
	if dir == "" {
		dir = "(preview)"
	}
	o.printf("\n%s %s (name %s)\n", o.bold("Extension"), o.short(dir), x.Name)
	rows := [][]any{{o.short(x.Manifest.Target), "manifest", x.Manifest.Status}}
	for _, f := range x.Files {
		rows = append(rows, []any{o.short(f.Target), "copy of " + o.short(f.Source), f.Status})
	}
	o.table("  ", []string{"FILE", "WHAT", "STATUS"}, rows)
	switch {
	case x.Installed:
		o.printf("  installed: Gemini loads it from %s\n", o.short(x.Dir))
	case x.Dir != "":
		o.printf("  load it with: gemini extensions link %s\n", o.short(x.Dir))
	}
}
