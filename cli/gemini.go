package cli

import (
	"errors"
	"io"

	"github.com/gh-hooks/gh-hooks/config"
	"github.com/gh-hooks/gh-hooks/gemini"
	"github.com/gh-hooks/gh-hooks/layers"
)

// detectGemini finds the installed Gemini CLI once per process
// (gemini.Detect; nothing is cached across runs). A malformed
// GH_HOOKS_GEMINI_VERSION is a usage error that names the variable.
func (e *env) detectGemini() (*gemini.Install, error) {
	if e.gemini != nil {
		return e.gemini, nil
	}
	in, err := gemini.Detect(e.getenv)
	if err != nil {
		var ue *gemini.UsageError
		if errors.As(err, &ue) {
			return nil, usageHint("set "+gemini.OverrideEnv+" to a release such as 0.58.0, or unset it to detect the gemini on PATH", "%s", err.Error())
		}
		return nil, fail(err, "")
	}
	e.gemini = in
	return in, nil
}

// loadLayers loads the layers of dir ("" for the current directory) as
// the detected Gemini CLI reads them. It is the one loader every command
// uses (layers.Load): the settings files, folder trust, the .env Gemini
// loads into its environment (Set.DotEnv, Set.Env), the home Gemini loads
// extensions from (Set.GeminiHome) and gh-hooks' own home (Paths.Home,
// from the process environment only), so that effective, show, run and
// trust cannot disagree.
func (e *env) loadLayers(dir string) (*layers.Set, error) {
	in, err := e.detectGemini()
	if err != nil {
		return nil, err
	}
	set, err := layers.Load(layers.Options{ProjectDir: dir, WorkDir: e.Dir, Env: e.lookupEnv, Gemini: in})
	if err != nil {
		return nil, fail(err, "pass an existing directory with --project")
	}
	return set, nil
}

// warnGemini prints, on w, the one line that says the detected Gemini CLI
// is outside the modelled range (gemini-versions.md §3); nothing when it
// is modelled or not installed.
func warnGemini(w io.Writer, in *gemini.Install) {
	if in != nil && !in.Modelled {
		warn(w, in.Warning, "")
	}
}

// withoutVersionProblem drops the gemini-version-not-modelled problem from
// human output, where warnGemini's line says it (JSON keeps it).
func withoutVersionProblem(ps []config.Problem) []config.Problem {
	var out []config.Problem
	for _, p := range ps {
		if p.Code != "gemini-version-not-modelled" {
			out = append(out, p)
		}
	}
	return out
}

// paths are the paths of dir as loadLayers computes them; when the layers
// cannot be loaded (no such directory, a bad GH_HOOKS_GEMINI_VERSION) the
// same computation without them. Paths.Home is gh-hooks' home: the
// approvals store and the kept script copies live there, and a project's
// .env cannot move it.
func (e *env) paths(dir string) layers.Paths {
	if set, err := e.loadLayers(dir); err == nil {
		return set.Paths
	}
	return layers.ResolvePaths(e.abs(dir), e.lookupEnv)
}
