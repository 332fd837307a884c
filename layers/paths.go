package layers

import (
	"os"
	"path/filepath"
	"runtime"

	"github.com/gh-hooks/gh-hooks/gemini"
)

// Env is how Load sees the process environment; tests pass a map.
type Env func(name string) (string, bool)

// MapEnv makes an Env from a map.
func MapEnv(m map[string]string) Env {
	return func(k string) (string, bool) { v, ok := m[k]; return v, ok }
}

// OSEnv is the real process environment.
func OSEnv(k string) (string, bool) { return os.LookupEnv(k) }

func (e Env) get(k string) string {
	if e == nil {
		return ""
	}
	v, _ := e(k)
	return v
}

// Paths are the files Gemini reads, resolved from the environment exactly
// as Gemini resolves them (spec §1.1, CONTRACT "Where files are found").
type Paths struct {
	Home           string
	User           string
	Project        string // workspace settings file; "" when project == home
	ProjectDir     string
	System         string
	SystemDefaults string
	TrustedFolders string
	TrustedHooks   string
	ExtensionsDir  string
	// ProjectIsHome is true when realpath(project) == realpath(home); Gemini
	// then loads the file once, as the user layer (spec §1.1, §9.1 case 33).
	ProjectIsHome bool
}

// ResolvePaths computes Paths for a project directory, as the newest
// modelled Gemini CLI does.
func ResolvePaths(projectDir string, env Env) Paths {
	return resolvePaths(projectDir, env, gemini.Latest())
}

// resolvePaths is ResolvePaths for the Gemini CLI with features f.
func resolvePaths(projectDir string, env Env, f gemini.Features) Paths {
	home := env.get("GEMINI_CLI_HOME")
	if home == "" {
		home = env.get("HOME")
	}
	if home == "" {
		if h, err := os.UserHomeDir(); err == nil {
			home = h
		}
	}
	if home == "" {
		// core/utils/paths.ts: an empty home falls back to the temp dir.
		home = os.TempDir()
	}
	home = abs(home)
	p := Paths{Home: home, ProjectDir: abs(projectDir)}
	gem := filepath.Join(home, ".gemini")
	p.User = filepath.Join(gem, "settings.json")
	p.TrustedHooks = filepath.Join(gem, "trusted_hooks.json")
	p.ExtensionsDir = filepath.Join(gem, "extensions")
	p.TrustedFolders = env.get("GEMINI_CLI_TRUSTED_FOLDERS_PATH")
	if p.TrustedFolders == "" {
		dir := gem
		// 0.61: Storage.getGlobalRuntimeDir() moves under .cache in a
		// sandbox-exec sandbox (spec §1.1; gemini-versions.md §2 row 5).
		if f.SandboxRuntimeDir && env.get("SANDBOX") == "sandbox-exec" {
			dir = filepath.Join(home, ".cache", ".gemini")
		}
		p.TrustedFolders = filepath.Join(dir, "trustedFolders.json")
	}
	p.System = env.get("GEMINI_CLI_SYSTEM_SETTINGS_PATH")
	if p.System == "" {
		p.System = defaultSystemPath()
	}
	p.SystemDefaults = env.get("GEMINI_CLI_SYSTEM_DEFAULTS_PATH")
	if p.SystemDefaults == "" {
		// The defaults follow an overridden system path (spec §1.1, §9.1 case 32).
		p.SystemDefaults = filepath.Join(filepath.Dir(p.System), "system-defaults.json")
	}
	p.ProjectIsHome = samePath(p.ProjectDir, home)
	if !p.ProjectIsHome {
		p.Project = filepath.Join(p.ProjectDir, ".gemini", "settings.json")
	}
	return p
}

func defaultSystemPath() string {
	switch runtime.GOOS {
	case "darwin":
		return "/Library/Application Support/GeminiCli/settings.json"
	case "windows":
		return `C:\ProgramData\gemini-cli\settings.json`
	}
	return "/etc/gemini-cli/settings.json"
}

func abs(p string) string {
	if a, err := filepath.Abs(p); err == nil {
		return a
	}
	return p
}

// realpath resolves symlinks, falling back to the cleaned path.
func realpath(p string) string {
	if r, err := filepath.EvalSymlinks(p); err == nil {
		return r
	}
	return filepath.Clean(p)
}

func samePath(a, b string) bool {
	if a == "" || b == "" {
		return false
	}
	return realpath(a) == realpath(b)
}
