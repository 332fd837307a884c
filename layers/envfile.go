package layers

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/gh-hooks/gh-hooks/config"
	"github.com/gh-hooks/gh-hooks/internal/lazyre"
	"github.com/gh-hooks/gh-hooks/internal/regfile"
)

// MaxDotEnv is the most gh-hooks reads of a .env file.
const MaxDotEnv = 1 << 20

// DotEnv is the .env file Gemini CLI loads into its own environment before
// it builds anything else (loadEnvironment and findEnvFile,
// packages/cli/src/config/settings.ts; in 0.61.0's bundle
// chunk-DZZAUXYI.js), and what it takes from it. Gemini passes its
// environment to every hook it runs (spec §5.2), and reads some of these
// variables itself afterwards (GEMINI_CLI_HOME moves the extensions it
// loads).
type DotEnv struct {
	// Path is the file Gemini loads; "" when it finds none.
	Path string `json:"path"`
	// Inside is true when Path is inside the project directory: a file of
	// the repository, not the user's own.
	Inside bool `json:"inside"`
	// Unread says why gh-hooks could not read Path (a link out of the
	// project, a FIFO, too large, ...): Gemini loads it, gh-hooks cannot
	// say what it holds. "" when read.
	Unread string `json:"unread,omitempty"`
	// Inexact is true when the file holds a character (U+2028, U+2029)
	// where JavaScript's reading of lines and Go's differ.
	Inexact bool `json:"inexact,omitempty"`
	// Vars is every variable of the file, with what Gemini does with it.
	Vars []DotEnvVar `json:"vars"`
	// stamp is Stamp's answer; pairs what it hashes (StampPairs).
	stamp string
	pairs []string
}

// DotEnvVar is one variable of the .env file.
type DotEnvVar struct {
	EnvVar
	// Loaded is true when Gemini adds it to its environment: the folder
	// is trusted (or it is an API-key variable), it is not excluded, and
	// the environment Gemini starts in does not set it already.
	Loaded bool `json:"loaded"`
	// Shadowed is true when it would load but the environment already
	// sets the variable, which Gemini keeps.
	Shadowed bool `json:"shadowed,omitempty"`
	// Why says why it is not loaded ("" when loaded).
	Why string `json:"why,omitempty"`
}

// MarshalJSON is the file as JSON output shows it: the values of a .env
// outside the repository (the user's own, ~/.env) are left out, so no
// output copies a secret of the user's file into a log; the keys, their
// positions and what Gemini does with them stay.
func (d *DotEnv) MarshalJSON() ([]byte, error) {
	type plain DotEnv
	c := plain(*d)
	if !d.Inside {
		c.Vars = PublicVars(d)
	}
	return json.Marshal(c)
}

// PublicVars are d's variables as output shows them: without their values
// when d is outside the repository (MarshalJSON).
func PublicVars(d *DotEnv) []DotEnvVar {
	if d.Inside {
		return d.Vars
	}
	vars := make([]DotEnvVar, len(d.Vars))
	for i, v := range d.Vars {
		v.Value = ""
		vars[i] = v
	}
	return vars
}

// authEnvWhitelist is AUTH_ENV_VAR_WHITELIST: the only variables an
// untrusted folder's .env may set, after sanitizeEnvVar.
var authEnvWhitelist = []string{"GEMINI_API_KEY", "GOOGLE_API_KEY", "GOOGLE_CLOUD_PROJECT", "GOOGLE_CLOUD_LOCATION"}

var sanitizeEnvVar = lazyre.New(`[^a-zA-Z0-9\-_./]`)

// findEnvFile is Gemini's findEnvFile (settings.ts): from the workspace
// upward, each directory's .gemini/.env (only when trusted) then its .env
// (skipped under ignoreLocalEnv unless the directory is the home); at the
// root, <home>/.gemini/.env (trusted only), then <home>/.env. home is
// Gemini's homedir(): GEMINI_CLI_HOME as given, else the OS home. A path
// that exists counts, whatever it is (existsSync): a directory named .env
// ends the search, and Gemini then fails to read it and loads nothing.
// Watched with the real function: see TestLoadDotEnv.
//
// home is compared as given (Gemini compares strings) but looked in as
// Gemini's cwd, the project, resolves it.
func findEnvFile(start, home string, trusted, ignoreLocal bool) string {
	exists := func(p string) bool {
		if !filepath.IsAbs(p) {
			p = filepath.Join(start, p)
		}
		_, err := os.Stat(p)
		return err == nil
	}
	dir := start
	for {
		if trusted {
			if p := filepath.Join(dir, ".gemini", ".env"); exists(p) {
				return p
			}
		}
		if p := filepath.Join(dir, ".env"); exists(p) && (!ignoreLocal || dir == home) {
			return p
		}
		parent := filepath.Dir(dir)
		if parent == dir || parent == "" {
			if p := filepath.Join(home, ".gemini", ".env"); trusted && exists(p) {
				return resolveFrom(start, p)
			}
			if p := filepath.Join(home, ".env"); exists(p) {
				return resolveFrom(start, p)
			}
			return ""
		}
		dir = parent
	}
}

// loadDotEnv finds and reads the .env file as loadEnvironment does, with
// the settings merged for it (schema defaults, system defaults, user,
// the project when trusted, system) and the trust decided at startup.
// env is the environment Gemini starts in.
func (s *Set) loadDotEnv(env Env, merged []*Layer, trusted bool) *DotEnv {
	home := env.get("GEMINI_CLI_HOME")
	if home == "" {
		home = env.get("HOME")
	}
	if home == "" {
		home, _ = os.UserHomeDir()
	}
	ignoreLocal := false
	if n := mergedSetting(merged, "advanced", "ignoreLocalEnv"); n != nil {
		ignoreLocal = coercedBool(n)
	}
	path := findEnvFile(s.Paths.ProjectDir, home, trusted, ignoreLocal)
	d := &DotEnv{Path: path, Vars: []DotEnvVar{}}
	// excludedEnvVars merges by union with its schema default.
	excluded := []string{"DEBUG", "DEBUG_MODE"}
	for _, l := range merged {
		if l.Kind == Extension || !l.Loaded || l.Root == nil {
			continue
		}
		if n := l.Root.Get("advanced").Get("excludedEnvVars"); n != nil && n.Kind == config.Array {
			for _, it := range n.Items {
				if it.IsString() {
					excluded = append(excluded, it.Str)
				}
			}
		}
	}
	top := s.repoTop()
	// The stamp is what the folder loads once trusted, which is when
	// hooks run: an approval made before trusting it stays valid.
	d.stamp, d.pairs = s.dotEnvStamp(findEnvFile(s.Paths.ProjectDir, home, true, ignoreLocal), top, excluded)
	if path == "" {
		return d
	}
	d.Inside = isSubpath(top, path)
	if st, err := os.Stat(path); err == nil && st.IsDir() {
		// readFileSync throws EISDIR, which loadEnvironment swallows:
		// the search stopped here and nothing loads.
		return d
	}
	data, why := s.readEnvFile(path, top, d.Inside)
	if why != "" {
		d.Unread = why
		return d
	}
	vars, exact := ParseDotenv(data)
	d.Inexact = !exact
	projectFile := isProjectEnvFile(path)
	for _, v := range vars {
		dv := DotEnvVar{EnvVar: v}
		switch {
		case !trusted && !slices.Contains(authEnvWhitelist, v.Key):
			dv.Why = "the folder is not trusted: Gemini loads only " + strings.Join(authEnvWhitelist, ", ") + " from a .env"
		case projectFile && slices.Contains(excluded, v.Key):
			dv.Why = "excluded by advanced.excludedEnvVars"
		default:
			if !trusted {
				dv.Value = sanitizeEnvVar.Get().ReplaceAllString(dv.Value, "")
			}
			if _, set := env(v.Key); set {
				dv.Shadowed = true
				dv.Why = "the environment already sets it, and Gemini keeps that value"
			} else {
				dv.Loaded = true
			}
		}
		d.Vars = append(d.Vars, dv)
	}
	return d
}

// isProjectEnvFile is `!envFilePath.includes(GEMINI_DIR)`: a substring
// test on the whole path, so any path with ".gemini" in it escapes the
// exclusions.
func isProjectEnvFile(path string) bool { return !strings.Contains(path, ".gemini") }

// dotEnvStamp is the stamp of the .env at path when it is the
// repository's (see DotEnv.Stamp): the sorted KEY=VALUE pairs a trusted
// folder loads from it, whoever audits, hashed; "unread" when gh-hooks
// cannot read it; "" when there is none.
func (s *Set) dotEnvStamp(path, top string, excluded []string) (string, []string) {
	if path == "" || !isSubpath(top, path) {
		return "", nil
	}
	data, why := s.readEnvFile(path, top, true)
	if why != "" {
		// No reason in it: a reason can name a path of this machine, and
		// a baseline holds none.
		return "unread", nil
	}
	vars, _ := ParseDotenv(data)
	var pairs []string
	for _, v := range vars {
		if !isProjectEnvFile(path) || !slices.Contains(excluded, v.Key) {
			pairs = append(pairs, v.Key+"="+v.Value)
		}
	}
	if len(pairs) == 0 {
		return "", nil
	}
	slices.Sort(pairs)
	b, _ := json.Marshal(pairs)
	sum := sha256.Sum256(b)
	return "sha256:" + hex.EncodeToString(sum[:]), pairs
}

// repoTop is the top of what a cloned repository controls around the
// project: the nearest directory at or above the project that holds a
// .git (so that run from a subdirectory, Gemini's walk upward still meets
// the repository's own .env as the repository's), else the project
// directory. The home directory and what is above it are the user's.
func (s *Set) repoTop() string {
	home := realpath(s.Paths.Home)
	for dir := s.Paths.ProjectDir; ; {
		if dir == home {
			break
		}
		if _, err := os.Lstat(filepath.Join(dir, ".git")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			break
		}
		dir = parent
	}
	return s.Paths.ProjectDir
}

// readEnvFile reads a .env file without letting it hang or swamp gh-hooks
// (internal/regfile) and, for a file inside the repository (top), without
// following a link out of it: it is opened through an os.Root on top. It
// returns why it could not read it.
func (s *Set) readEnvFile(path, top string, inside bool) ([]byte, string) {
	var f *os.File
	var err error
	if inside {
		root, rerr := os.OpenRoot(top)
		if rerr != nil {
			return nil, rerr.Error()
		}
		defer root.Close()
		rel, _ := filepath.Rel(top, path)
		f, err = regfile.OpenIn(root, rel)
		if err != nil {
			if target, lerr := filepath.EvalSymlinks(path); lerr == nil && !isSubpath(realpath(top), target) {
				return nil, "it is a link out of the project, to " + target + ", which gh-hooks does not follow"
			}
		}
	} else {
		f, err = regfile.Open(path)
	}
	if err != nil {
		return nil, errText(err)
	}
	defer f.Close()
	data, _, err := regfile.Read(f, MaxDotEnv)
	if err != nil {
		return nil, errText(err)
	}
	return data, ""
}

func errText(err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return err.Error()
}

// EnvLoaded returns the variables Gemini adds to its environment from the
// .env file, in file order.
func (d *DotEnv) EnvLoaded() []DotEnvVar {
	if d == nil {
		return nil
	}
	var out []DotEnvVar
	for _, v := range d.Vars {
		if v.Loaded {
			out = append(out, v)
		}
	}
	return out
}

// Overlay is env with the loaded .env variables added where env has none:
// the environment Gemini runs in after loadEnvironment.
func (d *DotEnv) Overlay(env Env) Env {
	loaded := d.EnvLoaded()
	if len(loaded) == 0 {
		return env
	}
	m := make(map[string]string, len(loaded))
	for _, v := range loaded {
		m[v.Key] = v.Value
	}
	return func(k string) (string, bool) {
		if v, ok := env(k); ok {
			return v, true
		}
		v, ok := m[k]
		return v, ok
	}
}

// Stamp is what the .env file adds to a project hook's fingerprint: the
// variables Gemini loads, once the folder is trusted (when its hooks
// run), from the repository's .env, whoever audits (a variable the
// auditor's environment sets counts too), as "sha256:<hex>" of the sorted
// pairs; "unread" when gh-hooks cannot read it; "" when the
// repository has none.
func (d *DotEnv) Stamp() string {
	if d == nil {
		return ""
	}
	return d.stamp
}

// StampPairs are the sorted KEY=VALUE pairs whose JSON array Stamp hashes
// (nil when the stamp is "" or "unread"), so that what changed in the .env
// since an approval can be named.
func (d *DotEnv) StampPairs() []string {
	if d == nil {
		return nil
	}
	return d.pairs
}

// afterDotEnv applies what the variables Gemini loaded from the .env
// change in what it does next: the home it loads extensions from, and
// the trust its hook registry sees (Config.isTrustedFolder() decides
// again on each call from 0.59: an env answer that says untrusted wins
// over the start-up decision).
func (s *Set) afterDotEnv(env Env) {
	s.GeminiHome = s.Paths.Home
	loaded := map[string]DotEnvVar{}
	for _, v := range s.DotEnv.EnvLoaded() {
		loaded[v.Key] = v
	}
	if v, ok := loaded["GEMINI_CLI_HOME"]; ok && v.Value != "" {
		home := v.Value
		s.GeminiHome = resolveFrom(s.Paths.ProjectDir, home)
		s.Paths.ExtensionsDir = filepath.Join(s.GeminiHome, ".gemini", "extensions")
		if !filepath.IsAbs(home) {
			s.extRel = filepath.Join(home, ".gemini", "extensions")
		}
	}
	// Only the env answers change: loadTrustedFolders caches the file it
	// read at start-up, before the .env (core/utils/trust.ts; watched: a
	// .env GEMINI_CLI_TRUSTED_FOLDERS_PATH, or a .env GEMINI_CLI_HOME,
	// leading to a DO_NOT_TRUST rule left the folder trusted and the
	// hooks ran).
	_, a := loaded["GEMINI_RESTRICTED_MODE"]
	_, b := loaded["GEMINI_CLI_TRUST_WORKSPACE"]
	if !s.Trust.Trusted || !s.gemini().Features.RestrictedMode || !a && !b {
		return
	}
	again, _ := decideTrust(s.Env, s.gemini().Features, s.Trust.Enabled, s.Paths.ProjectDir, s.Paths.TrustedFolders)
	if again.Trusted || again.Source != "env" {
		return
	}
	again.DotEnv = again.Var
	again.Why = fmt.Sprintf("the folder was trusted at start-up (%s), but %s loads a variable that makes Gemini decide again: %s; headless Gemini exits 55", s.Trust.Why, s.DotEnv.Path, again.Why)
	s.Trust = again
}

// Environ is base (KEY=VALUE entries, the process environment) with the
// .env variables Gemini loads appended: the environment Gemini gives a
// hook before its own variables (spec §5.2).
func (d *DotEnv) Environ(base []string) []string {
	loaded := d.EnvLoaded()
	if len(loaded) == 0 {
		return base
	}
	out := append([]string(nil), base...)
	for _, v := range loaded {
		out = append(out, v.Key+"="+v.Value)
	}
	return out
}

// VarAt is the variable whose key is at line:col (zero when none).
func (d *DotEnv) VarAt(line, col int) DotEnvVar {
	for _, v := range d.Vars {
		if v.Line == line && v.Column == col {
			return v
		}
	}
	return DotEnvVar{}
}
