package migrate

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/gh-hooks/gh-hooks/config"
	"github.com/gh-hooks/gh-hooks/layers"
)

// Arg is a SOURCE of the migrate command: as the user gave it, for
// messages, and as an absolute path.
type Arg struct {
	Given, Path string
}

// Request is what a migration is asked for.
type Request struct {
	// Scope is "project" or "user": where settings go, and, without
	// Sources, which Claude settings are read.
	Scope string
	// Sources are the explicit Claude settings files, projects and plugin
	// directories; none means the Scope's own.
	Sources []Arg
	// To is the extension directory a plugin becomes (absolute; "" for a
	// preview).
	To string
	// Dir is the project directory (absolute), Paths Gemini's files for it.
	Dir   string
	Paths layers.Paths
	// ClaudeHome is the home whose ~/.claude Claude Code reads: the real
	// home (GEMINI_CLI_HOME is Gemini's knob only).
	ClaudeHome string
}

// Job is a resolved migration: the Claude sources, the Gemini file they go
// to and the commands trees.
type Job struct {
	Sources []*Source
	Target  Target
	// Path is the file to update; "" for a plugin preview without To,
	// shown as Display instead.
	Path    string
	Display string
	Parse   config.Options
	// CmdFrom and CmdTo are the commands directories ("" for none).
	CmdFrom, CmdTo string
	// CmdWithin is the project or plugin that holds CmdFrom, which no
	// link may lead out of ("" for the user's own ~/.claude/commands).
	CmdWithin string
	// ProjectDir is the project, whose files are written confined to it
	// ("" when the project is the home directory).
	ProjectDir string
	// Preview is a plugin without To: nothing is read from or written
	// to the extension, whose files are shown relative to its directory.
	Preview bool
	// Plugin is the Claude plugin root of a plugin migration ("" otherwise).
	Plugin string
	// Looked lists where sources were looked for, for "nothing found".
	Looked []string
	// Gone are the Claude settings files looked for that do not exist
	// (Options.Gone).
	Gone     []string
	Warnings []string
}

// RequestError is a migration that cannot be resolved. Usage is true
// when the request contradicts itself (the command's usage error); else a
// source is not a Claude settings file, project or plugin. Hint is the fix
// ("" for none).
type RequestError struct {
	Usage bool
	Err   error
	Hint  string
}

func (e *RequestError) Error() string { return e.Err.Error() }
func (e *RequestError) Unwrap() error { return e.Err }

// Error is an error reading a Claude source or plugin; its text is the
// package's prefix and Err.
type Error struct{ Err error }

func (e *Error) Error() string { return "migrate: " + e.Err.Error() }
func (e *Error) Unwrap() error { return e.Err }

// errorf is an Error of fmt.Errorf(format, a...).
func errorf(format string, a ...any) error { return &Error{fmt.Errorf(format, a...)} }

// usage is a RequestError of contradicting arguments.
func usage(format string, a ...any) error {
	return &RequestError{Usage: true, Err: fmt.Errorf(format, a...)}
}

// notSource is a RequestError for a SOURCE that is no Claude source.
func notSource(err error) error {
	return &RequestError{Err: err, Hint: "pass a Claude settings file, project or plugin directory"}
}

// Resolve classifies the sources and picks the target, by Claude's rules
// for where its settings and plugins live and Gemini's for where settings
// and extensions go. An error reading a source is returned as it is
// (config.ParseError with its position, or an Error).
func Resolve(req Request) (*Job, error) {
	paths := req.Paths
	job := &Job{}
	if !paths.ProjectIsHome {
		job.ProjectDir = paths.ProjectDir
	}
	if len(req.Sources) == 0 {
		if req.To != "" {
			return nil, usage("--to is for a Claude plugin source; settings go to the --scope settings file")
		}
		if err := job.findOwn(req); err != nil {
			return nil, err
		}
		job.settingsTarget(req)
		return job, nil
	}
	plugin, settingsArgs, err := job.classify(req)
	if err != nil {
		return nil, err
	}
	if plugin != "" && len(settingsArgs) > 0 {
		return nil, usage("a plugin becomes a Gemini extension and settings go to a settings file: migrate %s and %s separately", plugin, settingsArgs[0])
	}
	if plugin == "" {
		if req.To != "" {
			return nil, usage("--to is for a Claude plugin source; settings go to the --scope settings file")
		}
		job.settingsTarget(req)
		return job, nil
	}
	return job, job.pluginTarget(req, plugin)
}

// findOwn finds the Claude settings of the request's scope: the user's
// ~/.claude, or the project's .claude.
func (job *Job) findOwn(req Request) error {
	var err error
	var found Found
	if req.Scope == "user" {
		found, err = FindUser(req.ClaudeHome)
		job.CmdFrom = filepath.Join(req.ClaudeHome, ".claude", "commands")
		job.Looked = []string{filepath.Join(req.ClaudeHome, ".claude", "settings.json"), job.CmdFrom}
	} else {
		found, err = FindProject(req.Dir)
		job.CmdFrom = filepath.Join(req.Dir, ".claude", "commands")
		job.CmdWithin = req.Dir
		job.Looked = []string{filepath.Join(req.Dir, ".claude", "settings.json"), filepath.Join(req.Dir, ".claude", "settings.local.json"), job.CmdFrom}
	}
	if err != nil {
		return err
	}
	job.Sources, job.Gone = found.Sources, found.Missing
	job.Warnings = append(job.Warnings, found.Skipped...)
	return nil
}

// classify reads the explicit sources: the settings files and projects
// into job, the plugin root returned (one at most), with the arguments
// that named settings.
func (job *Job) classify(req Request) (plugin string, settingsArgs []string, err error) {
	for _, a := range req.Sources {
		p := a.Path
		st, err := os.Stat(p)
		if err != nil {
			return "", nil, notSource(fmt.Errorf("%s: %w", a.Given, errors.Unwrap(err)))
		}
		kind, root := ClassifySource(p, st.IsDir())
		switch kind {
		case ArgPlugin:
			if plugin != "" && plugin != root {
				return "", nil, usage("migrate one plugin at a time: %s and %s", plugin, root)
			}
			plugin = root
		case ArgProject:
			found, err := FindProject(p)
			if err != nil {
				return "", nil, err
			}
			job.Warnings = append(job.Warnings, found.Skipped...)
			job.Sources = append(job.Sources, found.Sources...)
			job.Gone = append(job.Gone, found.Missing...)
			if job.CmdFrom == "" {
				job.CmdFrom = filepath.Join(p, ".claude", "commands")
				job.CmdWithin = p
			}
			job.Looked = append(job.Looked, filepath.Join(p, ".claude"))
			settingsArgs = append(settingsArgs, a.Given)
		case ArgSettings:
			s, err := LoadSettings(p)
			if err != nil {
				return "", nil, err
			}
			job.Sources = append(job.Sources, s)
			job.Looked = append(job.Looked, p)
			settingsArgs = append(settingsArgs, a.Given)
		default:
			return "", nil, notSource(fmt.Errorf("%s: not a Claude project or plugin directory (no .claude/, hooks/hooks.json or .claude-plugin/plugin.json)", a.Given))
		}
	}
	return plugin, settingsArgs, nil
}

// settingsTarget makes the scope's settings file the target.
func (job *Job) settingsTarget(req Request) {
	paths := req.Paths
	job.Target = Target{Kind: TargetSettings, Path: paths.User}
	if req.Scope == "project" && !paths.ProjectIsHome {
		job.Target.Path = paths.Project
	}
	if req.Scope == "project" && paths.ProjectIsHome {
		job.Warnings = append(job.Warnings, "the project is the home directory: Gemini reads "+paths.User+" once, as user settings")
	}
	job.Path, job.Display = job.Target.Path, job.Target.Path
	job.CmdTo = filepath.Join(paths.Home, ".gemini", "commands")
	if req.Scope == "project" {
		job.CmdTo = filepath.Join(paths.ProjectDir, ".gemini", "commands")
	}
}

// pluginTarget makes the extension directory req.To the target of the
// plugin's hooks and commands, or, without To, a preview.
func (job *Job) pluginTarget(req Request, plugin string) error {
	srcs, skipped, err := LoadPlugin(plugin)
	if err != nil {
		return err
	}
	job.Warnings = append(job.Warnings, skipped...)
	job.Sources = srcs
	job.Looked = []string{filepath.Join(plugin, "hooks", "hooks.json"), filepath.Join(plugin, ".claude-plugin", "plugin.json"), filepath.Join(plugin, "commands")}
	job.CmdFrom = filepath.Join(plugin, "commands")
	job.CmdWithin = plugin
	job.Plugin = plugin
	// Extensions' hooks.json is read with plain JSON.parse (spec §3.5).
	job.Parse = config.Options{NoComments: true}
	job.Target = Target{Kind: TargetExtension}
	if req.To == "" {
		// No extension directory: preview relative to it and write nothing.
		job.Display = filepath.Join("hooks", "hooks.json")
		job.CmdTo = "commands"
		job.Preview = true
		job.Warnings = append(job.Warnings, "no --to DIR: nothing is written; the extension's files are shown relative to its directory")
		return nil
	}
	if sameDir(req.To, plugin) {
		return usage("--to %s would overwrite the Claude plugin %s: name a new directory for the Gemini extension", req.To, plugin)
	}
	job.Target.Path = filepath.Join(req.To, "hooks", "hooks.json")
	job.Path, job.Display = job.Target.Path, job.Target.Path
	// Every file of the extension is written confined to it, like a
	// project's settings (os.Root): a link planted in DIR that leads out
	// of it is refused, never written through (issue 24 §4).
	job.ProjectDir = confineRoot(job.ProjectDir, req.To)
	job.CmdTo = filepath.Join(req.To, "commands")
	return nil
}

// confineRoot is the directory the files of the extension dir are
// written confined to: the project when dir lies in it (a link the
// repository planted at dir itself, ext -> ~/.config, is then refused
// too), else dir when it exists (the user named it, and may have linked
// it), else its nearest existing ancestor (a dangling link at dir is then
// checked).
func confineRoot(project, dir string) string {
	if project != "" {
		if rel, err := filepath.Rel(project, dir); err == nil && filepath.IsLocal(rel) {
			return project
		}
	}
	for d := dir; ; d = filepath.Dir(d) {
		if st, err := os.Stat(d); err == nil && st.IsDir() {
			return d
		}
		if filepath.Dir(d) == d {
			return ""
		}
	}
}

// ArgKind is what a path given as a migration source (an Arg) is.
type ArgKind string

// The kinds of source; "" is a directory that is none of them.
const (
	ArgPlugin   ArgKind = "plugin"
	ArgProject  ArgKind = "project"
	ArgSettings ArgKind = "settings"
)

// ClassifySource says what a SOURCE path p (dir: a directory) is, by
// where Claude Code keeps each: a plugin's hooks/hooks.json or
// .claude-plugin/plugin.json (root is the plugin's directory), a
// project's .claude directory, else a settings file; "" for a directory
// that is neither plugin nor project.
func ClassifySource(p string, dir bool) (kind ArgKind, root string) {
	if !dir {
		parent := filepath.Dir(p)
		switch {
		case filepath.Base(p) == "hooks.json" && filepath.Base(parent) == "hooks",
			filepath.Base(p) == "plugin.json" && filepath.Base(parent) == ".claude-plugin":
			return ArgPlugin, filepath.Dir(parent)
		}
		return ArgSettings, ""
	}
	for _, f := range []string{filepath.Join(".claude-plugin", "plugin.json"), filepath.Join("hooks", "hooks.json")} {
		if st, err := os.Stat(filepath.Join(p, f)); err == nil && !st.IsDir() {
			return ArgPlugin, p
		}
	}
	if st, err := os.Stat(filepath.Join(p, ".claude")); err == nil && st.IsDir() {
		return ArgProject, ""
	}
	return "", ""
}

// sameDir reports whether a and b name the same existing directory.
func sameDir(a, b string) bool {
	sa, errA := os.Stat(a)
	sb, errB := os.Stat(b)
	return errA == nil && errB == nil && os.SameFile(sa, sb)
}

// ClaudeProjectAbove is the nearest directory above dir with a
// .claude/settings.json or settings.local.json, looking up to the
// repository root (the directory that holds .git) and stopping below the
// home directory, whose .claude is the user's; "" when there is none.
func ClaudeProjectAbove(dir, home string) string {
	return layers.DirAbove(dir, home, func(dir string) bool {
		return lexists(filepath.Join(dir, ".claude", "settings.json")) || lexists(filepath.Join(dir, ".claude", "settings.local.json"))
	})
}

// lexists reports whether path names anything, a dangling link included.
func lexists(path string) bool {
	_, err := os.Lstat(path)
	return err == nil
}
