package shellcmd

import (
	"encoding/json"
	"maps"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/pelletier/go-toml/v2"
	"go.yaml.in/yaml/v3"

	"github.com/gh-hooks/gh-hooks/internal/lazyre"
)

// The configuration package managers load before they run a script: npm's
// (and pnpm's) .npmrc files with the userconfig and globalconfig they name,
// yarn's .yarnrc and .yarnrc.yml (yarnPath, plugins, the Plug'n'Play
// loader .pnp.cjs), pnpm's .pnpmfile.cjs and pnpm-workspace.yaml, bun's
// bunfig.toml (preload) and deno's deno.json (tasks, import maps). What
// runs code is followed; what names code gh-hooks does not follow is not
// covered.

// npmrcEntry is one key = value of an .npmrc, as npm reads it.
type npmrcEntry struct {
	key, value string
	line       int
}

// parseNpmrc reads an .npmrc as npm's ini package decodes it (ini 4,
// lib/ini.js decode): lines split at CR and LF; comments start with ; or
// #; a [section] line puts the keys after it into the section, where npm
// does not read them; a value in double quotes is JSON, in single quotes
// taken as it is, else cut at an unescaped ; or # with \; \# \\ escapes.
func parseNpmrc(data string) []npmrcEntry {
	var out []npmrcEntry
	inSection := false
	line := 0
	for _, l := range strings.Split(strings.ReplaceAll(data, "\r\n", "\n"), "\n") {
		line++
		for _, l := range strings.Split(l, "\r") {
			t := strings.TrimSpace(l)
			if t == "" || t[0] == ';' || t[0] == '#' {
				continue
			}
			if tr := strings.TrimRight(l, " \t\f\v"); strings.HasPrefix(l, "[") && len(tr) >= 2 && strings.HasSuffix(tr, "]") && !strings.Contains(tr[1:len(tr)-1], "]") {
				inSection = true
				continue
			}
			k, v, has := strings.Cut(l, "=")
			if inSection || strings.TrimSpace(k) == "" {
				continue
			}
			key := iniUnsafe(k)
			key = strings.TrimSuffix(key, "[]")
			value := "true"
			if has {
				value = iniUnsafe(v)
			}
			out = append(out, npmrcEntry{key: key, value: value, line: line})
		}
	}
	return out
}

// iniUnsafe is ini's unsafe(): a value as npm gets it.
func iniUnsafe(v string) string {
	v = strings.TrimSpace(v)
	if len(v) >= 2 && ((v[0] == '"' && v[len(v)-1] == '"') || (v[0] == '\'' && v[len(v)-1] == '\'')) {
		if v[0] == '\'' {
			v = v[1 : len(v)-1]
		}
		var s string
		if json.Unmarshal([]byte(v), &s) == nil {
			return s
		}
		return v
	}
	var b strings.Builder
	esc := false
	for _, c := range v {
		switch {
		case esc:
			if !strings.ContainsRune(`\;#`, c) {
				b.WriteByte('\\')
			}
			b.WriteRune(c)
			esc = false
		case c == ';' || c == '#':
			return strings.TrimSpace(b.String())
		case c == '\\':
			esc = true
		default:
			b.WriteRune(c)
		}
	}
	if esc {
		b.WriteByte('\\')
	}
	return strings.TrimSpace(b.String())
}

// npmEnvRef is npm's ${VAR} and ${VAR?} in a config key or value
// (@npmcli/config lib/env-replace.js).
var npmEnvRef = lazyre.New(`(\\*)\$\{([^${}?]+)(\?)?\}`)

// npmEnv replaces ${VAR} in s as npm does with the variables known in st;
// ok is false when one is not known (Gemini's environment), then why
// names it.
func npmEnv(s string, st *state) (out, why string, ok bool) {
	ok = true
	out = npmEnvRef.Get().ReplaceAllStringFunc(s, func(m string) string {
		sub := npmEnvRef.Get().FindStringSubmatch(m)
		if len(sub[1])%2 == 1 {
			return sub[1][1:] + m[len(sub[1]):] // escaped
		}
		if v, known := st.vars[sub[2]]; known {
			return sub[1] + v
		}
		ok = false
		why = "${" + sub[2] + "}"
		return m
	})
	return out, why, ok
}

// npmCodeKeys are the .npmrc keys whose value is a program npm runs (or
// node's options for the scripts).
func npmCodeKeys(s string) bool {
	switch s {
	case "script-shell", "shell", "git", "editor", "browser",
		"viewer", "node-options", "call":
		return true
	}
	return false
}

// npmFileKeys name a file or folder that npm loads code from.
func npmFileKeys(s string) bool {
	switch s {
	case "userconfig", "globalconfig", "prefix", "onload-script",
		"init-module", "pnpmfile", "global-pnpmfile", "node-gyp":
		return true
	case "globalignorefile":
		return false
	}
	return false
}

// npmConfig follows the configuration npm (pnpm, yarn 1) loads for a
// script run from st.dir: the .npmrc of each folder up to the project
// root (npm's project config), then the userconfig and globalconfig a
// loaded file names (npm loads the project config first and takes those
// two keys from it: a project's .npmrc can make npm load another file as
// the user's config, whose script-shell then runs every script).
func (w *walker) npmConfig(base string, st *state, depth int) {
	for d := st.dir; ; d = filepath.Dir(d) {
		// npm reads the package.json of each folder up the tree: the
		// first gives the package, one above that names it as a
		// workspace gives the project whose config applies
		// (@npmcli/config's loadLocalPrefix); npm exec reads its bin.
		pj := filepath.Join(d, "package.json")
		w.probe(w.rel(pj), pj, RoleManifest)
		rc := filepath.Join(d, ".npmrc")
		w.probe(w.rel(rc), rc, RoleManifest)
		w.npmrc(rc, st, depth, 0)
		switch base {
		case "yarn":
			w.yarnrc(filepath.Join(d, ".yarnrc.yml"), st, depth)
			w.yarnrcV1(filepath.Join(d, ".yarnrc"), st, depth)
		case "pnpm":
			w.pnpmConfig(d, st, depth)
		}
		if d == w.top || !w.inProject(filepath.Dir(d), nil) || filepath.Dir(d) == d {
			break
		}
	}
	if sh, ok := st.vars["npm_config_script_shell"]; ok && sh != "" {
		w.exec(arg{v: val{s: sh, known: true}, text: sh}, st, depth)
	}
}

// loadConfig reads a tool's configuration file p: its absence is part of
// the fingerprint (a probe), and once read it is hashed as a manifest;
// ok is false when it is not read.
func (w *walker) loadConfig(p string, st *state) (data []byte, real string, ok bool) {
	w.probe(w.rel(p), p, RoleManifest)
	if data, real, ok = w.load(p); ok {
		w.add(w.rel(real), val{s: real, known: true}, RoleManifest, st, false)
	}
	return data, real, ok
}

// npmrc follows one .npmrc (level counts the files that named it).
func (w *walker) npmrc(p string, st *state, depth, level int) {
	data, real, ok := w.load(p)
	if !ok {
		return
	}
	w.add(w.rel(real), val{s: real, known: true}, RoleManifest, st, false)
	at := func(e npmrcEntry) string { return w.rel(real) + ":" + strconv.Itoa(e.line) }
	for _, e := range parseNpmrc(string(data)) {
		key, why, ok := npmEnv(e.key, st)
		if !ok {
			w.unknown("a key of " + at(e) + " named by " + why + ": npm's configuration is not followed")
			continue
		}
		key = strings.ReplaceAll(key, "_", "-")
		if !npmCodeKeys(key) && !npmFileKeys(key) {
			continue
		}
		v, why, ok := npmEnv(e.value, st)
		if !ok {
			w.unknown(key + " in " + at(e) + " set from " + why + ": not followed")
			continue
		}
		dir := st.copy()
		switch key {
		case "script-shell", "shell", "git", "editor", "browser", "viewer":
			// npm spawns it (script-shell with -c and the script).
			w.exec(arg{v: val{s: v, known: true}, text: v}, dir, depth)
		case "call":
			w.script(v, dir, depth+1)
		case "node-options":
			w.nodeOptions(strings.Fields(v), dir, depth)
		case "userconfig", "globalconfig":
			// A file npm loads as a config of its own.
			f := v
			if strings.HasPrefix(f, "~/") {
				if h, ok := st.vars["HOME"]; ok {
					f = filepath.Join(h, f[2:])
				}
			}
			if !filepath.IsAbs(f) {
				f = filepath.Join(st.dir, f)
			}
			if !w.inProject(filepath.Clean(f), nil) {
				w.unknown(key + " in " + at(e) + " names " + v + ", outside the project: npm's configuration there is not followed")
				continue
			}
			if level >= 4 {
				w.unknown(key + " in " + at(e) + ": config files naming config files more than 4 deep")
				continue
			}
			w.probe(w.rel(f), f, RoleManifest)
			w.npmrc(f, st, depth, level+1)
		case "pnpmfile", "global-pnpmfile":
			d := st.copy()
			w.followNode(w.file(v, val{s: v, known: true}, RoleScript, d), d, depth)
		default: // prefix, onload-script, init-module, node-gyp
			w.unknown(key + " in " + at(e) + " (" + v + "): the code npm loads from it is not followed")
		}
	}
}

// yarnrc follows .yarnrc.yml (yarn 2 and later): yarnPath is the yarn
// that runs, plugins are loaded into it, injectEnvironmentFiles are read
// into every script's environment; with Plug'n'Play (.pnp.cjs) every
// script runs node with --require .pnp.cjs and the loader .pnp.loader.mjs.
func (w *walker) yarnrc(p string, st *state, depth int) {
	data, real, ok := w.loadConfig(p, st)
	if !ok {
		return
	}
	dir := filepath.Dir(real)
	d := st.copy()
	d.dir = dir
	var rc map[string]any
	if err := yaml.Unmarshal(data, &rc); err != nil {
		w.unknown(w.rel(real) + " is not YAML yarn can read: not followed")
		return
	}
	node := func(v string) {
		if s, why, ok := npmEnv(v, st); !ok {
			w.unknown("a file of " + w.rel(real) + " named by " + why + ": not followed")
		} else {
			w.followNode(w.file(s, val{s: s, known: true}, RoleScript, d), d, depth)
		}
	}
	for _, k := range slices.Sorted(maps.Keys(rc)) {
		v := rc[k]
		switch k {
		case "yarnPath":
			if s, ok := v.(string); ok {
				node(s)
			}
		case "plugins":
			list, _ := v.([]any)
			for _, it := range list {
				switch it := it.(type) {
				case string:
					node(it)
				case map[string]any:
					if s, ok := it["path"].(string); ok {
						node(s)
					}
				}
			}
		case "injectEnvironmentFiles":
			w.unknown("injectEnvironmentFiles in " + w.rel(real) + ": the variables yarn gives its scripts are not followed")
		}
	}
	for _, f := range []string{".pnp.cjs", ".pnp.js", ".pnp.loader.mjs"} {
		c := filepath.Join(dir, f)
		w.probe(w.rel(c), c, RoleScript)
		if w.exists(c) {
			w.add(w.rel(c), val{s: c, known: true}, RoleScript, st, false)
			w.followNode(c, d, depth)
		}
	}
	if w.exists(filepath.Join(dir, ".env.yarn")) {
		w.file(".env.yarn", val{s: filepath.Join(dir, ".env.yarn"), known: true}, RoleSource, st)
		w.unknown("./.env.yarn gives yarn's scripts variables: not followed")
	}
}

// yarnrcV1 follows yarn 1's .yarnrc: yarn-path is the yarn that runs;
// --options there apply to every command.
func (w *walker) yarnrcV1(p string, st *state, depth int) {
	data, real, ok := w.loadConfig(p, st)
	if !ok {
		return
	}
	d := st.copy()
	d.dir = filepath.Dir(real)
	for i, line := range strings.Split(string(data), "\n") {
		f := strings.Fields(line)
		if len(f) < 2 || strings.HasPrefix(f[0], "#") {
			continue
		}
		v := strings.Trim(strings.Join(f[1:], " "), `"`)
		switch strings.Trim(f[0], `"`) {
		case "yarn-path":
			w.followNode(w.file(v, val{s: v, known: true}, RoleScript, d), d, depth)
		case "script-shell", "--script-shell":
			w.exec(arg{v: val{s: v, known: true}, text: v}, d, depth)
		case "--require", "--preload", "--cwd", "--modules-folder", "--use-yarnrc":
			w.unknown(f[0] + " in " + w.rel(real) + ":" + strconv.Itoa(i+1) + ": not followed")
		}
	}
}

// pnpmConfig follows pnpm's own files in dir: .pnpmfile.cjs (hooks pnpm
// loads) and pnpm-workspace.yaml's settings (pnpm 10 reads its settings
// there too: scriptShell, nodeOptions, pnpmfile).
func (w *walker) pnpmConfig(dir string, st *state, depth int) {
	d := st.copy()
	d.dir = dir
	pf := filepath.Join(dir, ".pnpmfile.cjs")
	w.probe(w.rel(pf), pf, RoleScript)
	if w.exists(pf) {
		w.add(w.rel(pf), val{s: pf, known: true}, RoleScript, st, false)
		w.followNode(pf, d, depth)
	}
	ws := filepath.Join(dir, "pnpm-workspace.yaml")
	data, real, ok := w.loadConfig(ws, st)
	if !ok {
		return
	}
	var cfg map[string]any
	if yaml.Unmarshal(data, &cfg) != nil {
		w.unknown(w.rel(real) + " is not YAML pnpm can read: not followed")
		return
	}
	for _, k := range slices.Sorted(maps.Keys(cfg)) {
		s, _ := cfg[k].(string)
		switch k {
		case "scriptShell", "shell":
			w.exec(arg{v: val{s: s, known: true}, text: s}, d, depth)
		case "nodeOptions":
			w.nodeOptions(strings.Fields(s), d, depth)
		case "pnpmfile", "globalPnpmfile":
			w.followNode(w.file(s, val{s: s, known: true}, RoleScript, d), d, depth)
		case "configDependencies", "onlyBuiltDependencies", "neverBuiltDependencies", "patchedDependencies", "packageExtensions", "hooks":
			if k == "patchedDependencies" || k == "configDependencies" || k == "hooks" {
				w.unknown(k + " in " + w.rel(real) + ": not followed")
			}
		}
	}
}

// bunfig follows bun's bunfig.toml in the current folder: preload
// (top-level, [run] and [test]) is loaded before the script; plugins of
// [serve.static] too. Other tables are settings.
// bunDotEnv: bun loads .env, .env.NODE_ENV (development, production,
// test) and .env.local from the current folder into process.env (bun's
// docs, "Environment variables"), which the script and every process it
// starts get: each is hashed, and one that is there is not covered (the
// project's own .env is Gemini's, loaded into every hook already).
func (w *walker) bunDotEnv(st *state) {
	for _, n := range []string{".env", ".env.development", ".env.production", ".env.test", ".env.local"} {
		p := filepath.Join(st.dir, n)
		w.probe(w.rel(p), p, RoleManifest)
		if w.exists(p) && (n != ".env" || st.dir != w.top) {
			w.unknown("bun loads " + w.rel(p) + " into the environment of the script and of what it starts: not followed")
		}
	}
}

func (w *walker) bunfig(p string, st *state, depth int) {
	data, real, ok := w.loadConfig(p, st)
	if !ok {
		return
	}
	var cfg map[string]any
	if err := toml.Unmarshal(data, &cfg); err != nil {
		w.unknown(w.rel(real) + " is not TOML bun can read: not followed")
		return
	}
	d := st.copy()
	d.dir = filepath.Dir(real)
	preload := func(v any) {
		switch v := v.(type) {
		case string:
			w.nodeResolve(v, d.dir, d, depth)
		case []any:
			for _, x := range v {
				if s, ok := x.(string); ok {
					w.nodeResolve(s, d.dir, d, depth)
				}
			}
		}
	}
	preload(cfg["preload"])
	preload(cfg["plugins"])
	for _, t := range []string{"run", "test"} {
		if m, ok := cfg[t].(map[string]any); ok {
			preload(m["preload"])
			if s, ok := m["shell"].(string); ok && s != "bun" && s != "system" {
				w.unknown("[" + t + "] shell in " + w.rel(real) + ": not followed")
			}
		}
	}
	if m, ok := cfg["serve"].(map[string]any); ok {
		if s, ok := m["static"].(map[string]any); ok {
			preload(s["plugins"])
		}
	}
}

// denoConfig follows the deno.json or deno.jsonc deno finds from dir up
// to the project root: an import map (importMap, imports, scopes) maps
// names to files, which is not followed.
func (w *walker) denoConfig(dir string, st *state) (tasks map[string]any, real string) {
	for d := dir; w.inProject(d, nil); d = filepath.Dir(d) {
		for _, n := range []string{"deno.json", "deno.jsonc"} {
			p := filepath.Join(d, n)
			data, real, ok := w.loadConfig(p, st)
			if !ok {
				continue
			}
			var cfg map[string]any
			if json.Unmarshal(data, &cfg) != nil {
				w.unknown(w.rel(real) + " is not JSON gh-hooks reads (JSONC comments): not followed")
				return nil, real
			}
			for _, k := range []string{"importMap", "imports", "scopes"} {
				if _, ok := cfg[k]; ok {
					w.unknown("the import map (" + k + ") of " + w.rel(real) + " is not followed")
				}
			}
			tasks, _ = cfg["tasks"].(map[string]any)
			return tasks, real
		}
		if d == w.top || filepath.Dir(d) == d {
			break
		}
	}
	return nil, ""
}

// denoTask follows `deno task NAME`: the task's command, run by deno's
// shell (close to sh), with the tasks it depends on.
func (w *walker) denoTask(rest []arg, st *state, depth int) {
	if st.dir == "" {
		w.unknown("deno task in a computed directory")
		return
	}
	tasks, real := w.denoConfig(st.dir, st)
	i := 0
	for i < len(rest) && rest[i].v.known && strings.HasPrefix(rest[i].v.s, "-") {
		i++
	}
	if i >= len(rest) || real == "" {
		return
	}
	if !rest[i].v.known {
		w.unknown("deno task named by " + rest[i].v.why)
		return
	}
	var run func(name string, n int)
	run = func(name string, n int) {
		if n > 8 {
			return
		}
		switch t := tasks[name].(type) {
		case string:
			w.script(t, st.copy(), depth+1)
		case map[string]any:
			if deps, ok := t["dependencies"].([]any); ok {
				for _, d := range deps {
					if s, ok := d.(string); ok {
						run(s, n+1)
					}
				}
			}
			if c, ok := t["command"].(string); ok {
				w.script(c, st.copy(), depth+1)
			}
		}
	}
	leave, ok := w.enter("deno "+real+" "+rest[i].v.s, real)
	if !ok {
		return
	}
	defer leave()
	run(rest[i].v.s, 0)
}
