package layers

import (
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"

	"github.com/gh-hooks/gh-hooks/internal/lazyre"

	"github.com/gh-hooks/gh-hooks/config"
)

var extNamePattern = lazyre.New(`^[a-zA-Z0-9-]+$`)

// installed is one extension as Gemini's extension manager finds it under
// <home>/.gemini/extensions, with its enablement for the project.
type installed struct {
	name     string
	dir      string // where the extension lives (a link's source)
	manifest *config.Document
	enabled  bool
	reason   string // why it is disabled; "" when enabled
}

// discoverExtensions finds installed extensions under
// <home>/.gemini/extensions in readdir order (libuv sorts names byte-wise)
// and decides whether each is enabled for the project (spec §3.5).
// Directories without a valid manifest are skipped, as Gemini skips them,
// and returned as warnings.
func (s *Set) discoverExtensions() (out []installed, skipped []config.Problem) {
	entries, err := os.ReadDir(s.Paths.ExtensionsDir)
	if err != nil {
		return nil, nil
	}
	names := make([]string, 0, len(entries))
	for _, e := range entries {
		names = append(names, e.Name())
	}
	sort.Strings(names)
	enablement := s.readEnablement()
	for _, dirName := range names {
		dir := filepath.Join(s.Paths.ExtensionsDir, dirName)
		if st, err := os.Stat(dir); err != nil || !st.IsDir() {
			continue
		}
		// A linked extension lives where its install metadata points.
		if meta, err := config.ReadFile(filepath.Join(dir, ".gemini-extension-install.json"), config.Options{NoComments: true}); err == nil {
			if t := meta.Root.Get("type"); t.IsString() && t.Str == "link" {
				if src := meta.Root.Get("source"); src.IsString() && src.Str != "" {
					dir = src.Str
				}
			}
		}
		// Gemini skips an extension whose manifest it cannot load, with a
		// "Skipping extension" warning: so do we, saying why.
		manifest, name, p := ReadManifest(dir)
		if p != nil {
			skipped = append(skipped, Skipped(*p))
			continue
		}
		on, why := enablement.enabled(name, s.Paths.ProjectDir)
		out = append(out, installed{name: name, dir: dir, manifest: manifest, enabled: on, reason: why})
	}
	return out, skipped
}

// loadExtensions reads the hooks/hooks.json of every discovered extension
// (spec §3.5); disabled extensions are kept, unloaded, when the file exists.
func (s *Set) loadExtensions(env Env) []*Layer {
	var out []*Layer
	settingsOn := s.extensionConfig()
	found, skipped := s.discoverExtensions()
	s.Problems = append(s.Problems, skipped...)
	for _, e := range found {
		l := &Layer{Kind: Extension, Extension: e.name, Dir: e.dir, Path: filepath.Join(e.dir, "hooks", "hooks.json")}
		x := BuiltExtension{Name: e.name, Dir: e.dir, Manifest: e.manifest, Enabled: e.enabled,
			HooksSettingsError: settingsError(e.manifest, "config.settings", "envVar")}
		if settingsOn {
			x.SettingsError = settingsError(e.manifest, "extensionConfig.settings", "sensitive")
		}
		read := l
		if !e.enabled {
			// Gemini builds a disabled extension too, hooks included: read
			// them aside, without their problems and without listing
			// them, for the checks that decide whether it is built.
			read = &Layer{Kind: Extension, Extension: e.name, Dir: e.dir, Path: l.Path}
			s.readExtensionHooks(read, e.manifest, settingsOn)
			l.Reason, l.Exists = e.reason, read.Exists
		} else {
			s.Problems = append(s.Problems, s.readExtensionHooks(l, e.manifest, settingsOn)...)
		}
		x.Hooks, x.HooksDoc, x.HasEnv = read.Root.Get("hooks"), read.Doc, len(read.ExtEnv) > 0
		if l.Exists {
			out = append(out, l)
			x.Layer = l
		}
		s.Built = append(s.Built, x)
	}
	return out
}

// settingsError is the TypeError Gemini throws on a manifest's "settings"
// in a loop `for (const setting of <expr>) ... setting.<prop>`: a truthy
// value that is not iterable, or a null item. A string is iterable (its
// characters have no such property), and a falsy value is skipped.
func settingsError(manifest *config.Document, expr, prop string) string {
	if manifest == nil {
		return ""
	}
	st := manifest.Root.Get("settings")
	switch {
	case st == nil || !st.Truthy() || st.Kind == config.String:
		return ""
	case st.Kind != config.Array:
		return expr + " is not iterable"
	}
	for _, it := range st.Items {
		if it.Kind == config.Null {
			return "Cannot read properties of null (reading '" + prop + "')"
		}
	}
	return ""
}

// readExtensionHooks reads l's hooks.json into l, hydrated, and returns
// the problems Gemini would warn about. settingsOn is the merged
// experimental.extensionConfig: only then do the extension's settings
// take values from its .env files.
func (s *Set) readExtensionHooks(l *Layer, manifest *config.Document, settingsOn bool) []config.Problem {
	doc, err := config.ReadFile(l.Path, config.Options{NoComments: true})
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	l.Exists = true
	if err != nil {
		var pe *config.ParseError
		if errors.As(err, &pe) {
			l.Err = pe
			// Gemini parses hooks.json with plain JSON.parse and only logs a
			// warning on failure: the extension loads without hooks.
			l.Reason = "Gemini cannot parse this file (plain JSON, no comments) and ignores all its hooks: " + pe.Msg
			p := config.FromParseError(pe)
			p.Severity = config.SevWarning
			p.Code = "extension-hooks-unparsable"
			p.Message = "Gemini ignores this extension hooks file: " + pe.Msg
			if pe.Code == "comment" {
				p.Hint = "remove the comments: extension hooks.json is parsed with plain JSON.parse"
			}
			ps := []config.Problem{p}
			for _, m := range pe.More {
				q := p
				q.Line, q.Column = m.Line, m.Column
				ps = append(ps, q)
			}
			return ps
		}
		return nil
	}
	l.Doc = doc
	hooks := doc.Root.Get("hooks")
	if hooks == nil || hooks.Kind != config.Object {
		l.Reason = `Gemini ignores this file: "hooks" property must be an object`
		return []config.Problem{doc.At("/hooks", config.SevWarning, "extension-hooks-invalid",
			`Gemini ignores this extension hooks file: "hooks" property must be an object`,
			`write {"hooks": {"BeforeTool": [...]}}`)}
	}
	extPath := l.Dir
	if s.extRel != "" {
		// A .env GEMINI_CLI_HOME that is relative: Gemini's extension
		// path is relative too (watched: ${extensionPath} became
		// fakehome/.gemini/extensions/evil).
		if rel, err := filepath.Rel(s.Paths.ExtensionsDir, l.Dir); err == nil && !strings.HasPrefix(rel, "..") {
			extPath = filepath.Join(s.extRel, rel)
		}
	}
	vars := map[string]string{
		"extensionPath": extPath,
		"workspacePath": s.Paths.ProjectDir,
	}
	// The settings values come from the extension's .env and, when the
	// folder is trusted, the workspace's <project>/.env, whose every
	// variable also replaces ${name} in the hooks, extensionPath and
	// workspacePath included (getScopedEnvContents and hydrationContext
	// in extension-manager.ts: {extensionPath, workspacePath, /,
	// pathSeparator, ...customEnv}; spec §3.5).
	custom := map[string]string{}
	fromProject := map[string]EnvVar{}
	if settingsOn {
		custom = s.readExtensionEnv(filepath.Join(s.Paths.ExtensionsDir, l.Extension, ".env"))
		// In an untrusted folder, what trusting it would load: the
		// workspace .env's variables, kept aside (ifTrusted).
		path := filepath.Join(s.Paths.ProjectDir, ".env")
		vs, _ := s.readDotenvVars(path)
		for _, v := range vs {
			fromProject[v.Key] = v
			if s.Trust.Trusted {
				custom[v.Key] = v.Value
			}
		}
	}
	for k, v := range custom {
		vars[k] = v
	}
	vars["/"] = string(filepath.Separator)
	vars["pathSeparator"] = string(filepath.Separator)
	used := map[string]bool{}
	l.Root = hydrate(doc.Root, vars, used)
	when := ""
	if !s.Trust.Trusted && len(fromProject) > 0 {
		// Hydrated again as it would be once the folder is trusted, only
		// to know which ${name} the workspace .env would replace.
		for k, v := range fromProject {
			vars[k] = v.Value
		}
		used = map[string]bool{}
		hydrate(doc.Root, vars, used)
		when = onceTrusted
	}
	var ps []config.Problem
	for _, k := range slices.Sorted(maps.Keys(used)) {
		if v, ok := fromProject[k]; ok {
			envPath := filepath.Join(s.Paths.ProjectDir, ".env")
			p := s.keyed(config.Problem{Severity: config.SevWarning, Code: CodeDotEnvExpansion, Path: envPath, Line: v.Line, Column: v.Column,
				Message: fmt.Sprintf("%sthe project's .env sets %s=%s, which replaces ${%s} in the hooks of extension %s (%s): the repository changes what your extension runs", when, v.Key, v.Value, v.Key, l.Extension, l.Path),
				Hint:    fmt.Sprintf("remove %s from %s; Gemini reads every variable of the workspace .env as an extension setting", v.Key, envPath)},
				v.Key, v.Value, l.ID())
			if when != "" {
				l.ifTrusted = append(l.ifTrusted, p)
				continue
			}
			l.Expanded = append(l.Expanded, v)
			ps = append(ps, p)
		}
	}
	if manifest == nil {
		return ps
	}
	if settings := manifest.Root.Get("settings"); settings != nil && settings.Kind == config.Array {
		for _, it := range settings.Items {
			if ev := it.Get("envVar"); ev.IsString() {
				if v, ok := custom[ev.Str]; ok {
					l.ExtEnv = append(l.ExtEnv, [2]string{ev.Str, v})
				}
			}
		}
	}
	l.Loaded = true
	return ps
}

var hydratePattern = lazyre.New(`\$\{(.*?)\}`)

// hydrate replaces ${key} in every string value (config/extensions/
// variables.ts): unknown keys stay literal; there is no $VAR form. The
// keys it replaced are added to used.
func hydrate(n *config.Node, vars map[string]string, used map[string]bool) *config.Node {
	return n.Map(func(s string) string {
		return hydratePattern.Get().ReplaceAllStringFunc(s, func(m string) string {
			k := m[2 : len(m)-1]
			if v, ok := vars[k]; ok {
				used[k] = true
				return v
			}
			return m
		})
	})
}

// readExtensionEnv reads an extension's settings file as
// getScopedEnvContents does (dotenv.parse of the whole file; a directory
// counts as no file); a file inside the project is not followed out of
// it. Nothing is returned for a file gh-hooks cannot read.
func (s *Set) readExtensionEnv(path string) map[string]string {
	vs, _ := s.readDotenvVars(path)
	return dotenvMap(vs)
}

// readDotenvVars reads and parses a .env file; why says why it could not.
// A linked extension's folder can be a cloned repository: a FIFO or a
// device there must not hang gh-hooks.
func (s *Set) readDotenvVars(path string) (vars []EnvVar, why string) {
	if _, err := os.Stat(path); err != nil {
		return nil, ""
	}
	top := s.repoTop()
	data, why := s.readEnvFile(path, top, isSubpath(top, path))
	if why != "" {
		return nil, why
	}
	vars, _ = ParseDotenv(data)
	return vars, ""
}

// enablement is extension-enablement.json (extensionEnablement.ts).
type enablement map[string][]string

func (s *Set) readEnablement() enablement {
	e := enablement{}
	doc, err := config.ReadFile(filepath.Join(s.Paths.ExtensionsDir, "extension-enablement.json"), config.Options{NoComments: true})
	if err != nil {
		return e // a broken file counts as empty: everything enabled
	}
	for i, name := range doc.Root.Keys {
		ov := doc.Root.Vals[i].Get("overrides")
		if ov == nil || ov.Kind != config.Array {
			return enablement{}
		}
		for _, r := range ov.Items {
			if !r.IsString() {
				return enablement{}
			}
			e[name] = append(e[name], r.Str)
		}
	}
	return e
}

// enabled evaluates the overrides: default on, last matching rule wins,
// "!" disables, "*" is a wildcard, the path gets leading and trailing "/".
func (e enablement) enabled(name, projectDir string) (bool, string) {
	p := filepath.ToSlash(projectDir)
	if !strings.HasPrefix(p, "/") {
		p = "/" + p
	}
	if !strings.HasSuffix(p, "/") {
		p += "/"
	}
	on, why := true, ""
	for _, rule := range e[name] {
		disable := strings.HasPrefix(rule, "!")
		r := strings.TrimPrefix(rule, "!")
		if globRegexp(r).MatchString(p) {
			on = !disable
			why = "extension-enablement.json rule " + rule
		}
	}
	if !on {
		return false, "extension is disabled for this folder (" + why + ")"
	}
	return true, ""
}

var globStar = lazyre.New(`(/?)\*`)

func globRegexp(rule string) *regexp.Regexp {
	q := regexp.QuoteMeta(rule)
	q = strings.ReplaceAll(q, `\*`, `*`)
	q = globStar.Get().ReplaceAllString(q, `(${1}.*)?`)
	re, err := regexp.Compile("^" + q + "$")
	if err != nil {
		return regexp.MustCompile(`^\b$`) // matches nothing
	}
	return re
}

// ReadExtensionFile reads an extension hooks file at path as Gemini reads
// the hooks of an enabled extension installed in dir (plain JSON, ${var}
// hydration, spec §3.5), without the extension's manifest settings. Its
// problems go to s.Problems. It is how a single hooks.json is checked.
func (s *Set) ReadExtensionFile(path, dir string) *Layer {
	l := &Layer{Kind: Extension, Extension: filepath.Base(dir), Dir: dir, Path: path}
	s.Problems = append(s.Problems, s.readExtensionHooks(l, nil, s.extensionConfig())...)
	return l
}

// extensionConfig is the merged experimental.extensionConfig that
// _buildExtension tests (`if (this.settings.experimental.extensionConfig)`):
// on by default (the schema default), off when null.
func (s *Set) extensionConfig() bool {
	n := mergedSetting(s.Layers, "experimental", "extensionConfig")
	return n == nil || coercedBool(n)
}
