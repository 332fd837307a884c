package layers

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/gh-hooks/gh-hooks/config"
)

// CodeInheritedEnv is the finding that a variable of the environment
// Gemini starts in points inside the project (InheritedInProject).
const CodeInheritedEnv = "inherited-env"

// InheritedVar is a variable of the environment Gemini starts in (the
// user's shell: a direnv .envrc exports into it) whose value names a place
// inside the project. Every hook inherits it (spec §5.2), so the project's
// file there decides what runs, and no fingerprint holds it: it is the
// user's environment, not the repository's.
type InheritedVar struct {
	Name  string `json:"name"`
	Value string `json:"value"`
	// Part is the part of a :-separated Value that names the place (the
	// whole Value when it has no ":").
	Part string `json:"part"`
	// Path is the place in the project, "./" + a slash path.
	Path string `json:"path"`
	// Kind and Why are EnvEffect's.
	Kind string `json:"kind"`
	Why  string `json:"why"`
}

// notInherited are names the shell or Gemini set for every process, whose
// value is where the process starts, not a choice: PWD and the shell's
// own, Gemini's project variables (it sets them for every hook), direnv's
// bookkeeping (read by direnv alone), gh-hooks' own.
func notInherited(name string) bool {
	switch name {
	case "PWD", "OLDPWD", "_", "SHLVL", "GEMINI_PROJECT_DIR", "GEMINI_CWD", "CLAUDE_PROJECT_DIR", "HOME", "TMPDIR":
		return true
	}
	// Where Gemini and other programs keep the user's own configuration:
	// a project that holds the home holds them, and they are the user's.
	return strings.HasPrefix(name, "DIRENV_") || strings.HasPrefix(name, "GH_HOOKS_") ||
		strings.HasPrefix(name, "XDG_") || strings.HasPrefix(name, "GEMINI_CLI_")
}

// InheritedInProject lists, sorted by name, the variables of environ
// (NAME=value) not known to be inert (EnvEffect) whose value, or a part of
// a :-separated list, names a place inside the project dir: absolute
// under it, or relative and existing there (hooks start in the project,
// so BASH_ENV=.boot.sh is the project's .boot.sh). A place in the user's
// home (home, when the project holds it) is the user's, not the
// project's.
func InheritedInProject(dir, home string, environ []string) []InheritedVar {
	bases := []string{filepath.Clean(dir)}
	if real, err := filepath.EvalSymlinks(dir); err == nil && real != bases[0] {
		bases = append(bases, real)
	}
	var out []InheritedVar
	for _, kv := range environ {
		name, value, ok := strings.Cut(kv, "=")
		if !ok || name == "" || value == "" || notInherited(name) {
			continue
		}
		kind, why := EnvEffect(name)
		if kind == "" {
			continue
		}
		for _, c := range strings.Split(value, ":") {
			if home != "" && filepath.IsAbs(c) {
				if rel, err := filepath.Rel(home, c); err == nil && filepath.IsLocal(rel) {
					continue
				}
			}
			if p, ok := inProject(bases, c); ok {
				out = append(out, InheritedVar{Name: name, Value: value, Part: c, Path: p, Kind: kind, Why: why})
				break
			}
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// inProject places c inside one of bases (the project, as given and
// real): "./rel" and true when it is.
func inProject(bases []string, c string) (string, bool) {
	if c == "" || strings.HasPrefix(c, "~") || strings.HasPrefix(c, "-") || strings.ContainsAny(c, "\x00\n$") || strings.Contains(c, "://") {
		return "", false
	}
	if !filepath.IsAbs(c) {
		if _, err := os.Lstat(filepath.Join(bases[0], c)); err != nil {
			return "", false
		}
		c = filepath.Join(bases[0], c)
	}
	c = filepath.Clean(c)
	for _, b := range bases {
		if rel, err := filepath.Rel(b, c); err == nil && filepath.IsLocal(rel) || rel == "." {
			if rel == "." {
				return "./", true
			}
			return "./" + filepath.ToSlash(rel), true
		}
	}
	return "", false
}

// InheritedProblems are InheritedInProject's variables as findings
// (information: the environment is the user's; the project's file it
// names decides what every hook runs), at the project directory.
func InheritedProblems(dir string, vars []InheritedVar) []config.Problem {
	var ps []config.Problem
	for _, v := range vars {
		set := v.Name + "=" + v.Value
		if v.Part != v.Value {
			set = v.Name + " with " + v.Part + " in it"
		}
		ps = append(ps, config.Problem{Severity: config.SevInfo, Code: CodeInheritedEnv, Path: dir, Line: 1, Column: 1,
			Message: fmt.Sprintf("your environment sets %s, which points into the project (%s) and every hook Gemini starts here inherits: the project's file decides what runs (%s), and no approval holds it", set, v.Path, v.Why),
			Hint:    fmt.Sprintf("unset %s before starting gemini in this folder (a direnv .envrc that exports it: remove it there), or review %s", v.Name, v.Path)})
	}
	return ps
}
