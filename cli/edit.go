package cli

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"

	"github.com/urfave/cli/v3"

	"github.com/gh-hooks/gh-hooks/config"
	"github.com/gh-hooks/gh-hooks/edit"
	"github.com/gh-hooks/gh-hooks/layers"
)

// This file holds what the editing commands (add, remove, enable,
// disable) share: the scope flags, finding the file of a scope, printing a
// dry run, and mapping edit and write errors to exit codes.

// writeOptions are the flags of every command that writes settings.
type writeOptions struct {
	Scope  string
	DryRun bool
}

func (w *writeOptions) flags(defaultScope string) []cli.Flag {
	usage := "settings file to write: project, user or system"
	text := ""
	if defaultScope == "" {
		usage = "settings file to edit: project, user or system (default: project and user)"
	} else {
		// The default is resolved by writeScope: project, or user in the
		// home directory, where Gemini has no project layer.
		text = defaultScope + "; user in the home directory"
	}
	return []cli.Flag{
		&choice{Name: "scope", Usage: usage, DefaultText: text, Destination: &w.Scope, Config: fixed("project", "user", "system")},
		&cli.BoolFlag{Name: "dry-run", Usage: "print the diff of each file and write nothing", Destination: &w.DryRun},
	}
}

// writeOpts are the config.WriteOptions of a write to path. A path inside
// projectDir is a file of the project, which a cloned repository
// controls: the write is confined to the project, refusing a symbolic link
// that leads out of it, unless --allow-outside-project (issue 17, as git
// refuses to follow links out of the work tree). projectDir is "" when
// there is no project layer (the project is the home directory). A wait
// for another process's lock is announced on stderr.
func (e *env) writeOpts(projectDir, path string, dry bool) config.WriteOptions {
	timeout := config.LockTimeout(e.getenv(config.LockTimeoutEnv))
	o := config.WriteOptions{DryRun: dry, LockTimeout: timeout, OnWait: func(holder string) {
		note(e.Stderr, "waiting for %s, which is writing in %s (giving up after %s)\n", holder, filepath.Dir(path), timeout)
	}}
	if projectDir == "" || e.allowOutside {
		return o
	}
	abs, err := config.AbsPath(path)
	if err != nil {
		return o
	}
	for _, dir := range []string{projectDir, realDir(projectDir)} {
		if rel, err := filepath.Rel(dir, abs); err == nil && filepath.IsLocal(rel) {
			o.Within = projectDir
		}
	}
	return o
}

// realDir is dir with its symbolic links resolved, or dir.
func realDir(dir string) string {
	if r, err := filepath.EvalSymlinks(dir); err == nil {
		return r
	}
	return dir
}

// projectDir is the project directory of set for writeOpts: "" when the
// project is the home directory, where Gemini has no project layer.
func projectDir(set *layers.Set) string {
	if set.Paths.ProjectIsHome {
		return ""
	}
	return set.Paths.ProjectDir
}

// loadSet loads the layers for --project.
func loadSet(e *env) (*layers.Set, error) {
	return e.loadLayers(e.project)
}

// writeScope resolves the scope of a command that writes one file: the
// --scope given, else project, or user when the project directory is the
// home directory (Gemini reads its .gemini/settings.json once, as the user
// layer, spec §1.1), so that no one has to be told to add --scope user.
func writeScope(set *layers.Set, scope string) string {
	switch {
	case scope != "":
		return scope
	case set.Paths.ProjectIsHome:
		return layers.User
	}
	return layers.Project
}

// scopePath returns the settings file of a writable scope.
func scopePath(set *layers.Set, scope string) (string, error) {
	switch scope {
	case layers.Project:
		if set.Paths.ProjectIsHome {
			return "", fail(fmt.Errorf("the project directory %s is the home directory: Gemini has no project layer here, it reads %s once as the user layer", set.Paths.ProjectDir, set.Paths.User),
				"use --scope user, or run gh-hooks from (or with --project) a project directory")
		}
		return set.Paths.Project, nil
	case layers.User:
		return set.Paths.User, nil
	case layers.System:
		return set.Paths.System, nil
	}
	return "", usageError("--scope %q: want project, user or system", scope)
}

// editFile is one settings file a command may edit.
type editFile struct{ scope, path string }

// scopes returns the files to search: the --scope one, or the writable
// scopes (project unless it is the home, then user).
func scopes(set *layers.Set, scope string) ([]editFile, error) {
	if scope != "" {
		p, err := scopePath(set, scope)
		if err != nil {
			return nil, err
		}
		return []editFile{{scope, p}}, nil
	}
	var out []editFile
	if !set.Paths.ProjectIsHome {
		out = append(out, editFile{layers.Project, set.Paths.Project})
	}
	return append(out, editFile{layers.User, set.Paths.User}), nil
}

// readScope reads a scope's file (nil when missing); a file that does not
// parse is an error, since gh-hooks cannot search or edit it.
func readScope(f editFile) (*config.Document, error) {
	doc, err := config.ReadFile(f.path, config.Options{})
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, editFailure(err)
	}
	return doc, nil
}

func inFiles(files []editFile, path string) bool {
	for _, f := range files {
		if f.path == path {
			return true
		}
	}
	return false
}

func scopeList(files []editFile) string {
	var s string
	for i, f := range files {
		if i > 0 {
			s += " or "
		}
		s += fmt.Sprintf("%s (%s)", f.scope, f.path)
	}
	return s
}

// dryRun prints the diff of a dry run (stdout) and says so on stderr; it
// reports whether this was a dry run.
func dryRun(e *env, w writeOptions, ch config.Change, what string) bool {
	if !w.DryRun {
		return false
	}
	printDiff(e.Stdout, ch.Diff())
	note(e.Stderr, "dry run: %s; nothing written\n", what)
	return true
}

// editFailure maps the errors of edit and config.Update to exit codes:
// an invalid hook is a usage error (2); a file that does not parse, a
// refused edit or a failed write is an error (1). Hints are carried over.
func editFailure(err error) error {
	var ee *edit.Error
	var pe *config.ParseError
	var we *config.WriteError
	switch {
	case errors.As(err, &ee):
		if errors.Is(err, edit.ErrInvalid) {
			return &exitError{code: 2, err: err, hint: ee.Hint}
		}
		return fail(err, ee.Hint)
	case errors.As(err, &pe):
		hint := pe.Hint
		if hint == "" {
			hint = "fix the file by hand; gh-hooks does not write a file that does not parse"
		}
		return fail(err, hint)
	case errors.As(err, &we):
		return fail(err, we.Hint)
	}
	return fail(err, "")
}
