package shellcmd

import (
	"encoding/json"
	"path/filepath"
	"strings"

	"github.com/gh-hooks/gh-hooks/internal/lazyre"
)

// Node (and tsx, ts-node, bun, deno): require('./x'), import ... from
// './x', export ... from './x', import('./x') with a literal string are
// resolved as Node's resolver does for relative paths (the exact file,
// then the extensions, then a folder's package.json main or index). A
// package name is looked for in node_modules folders up to the project
// root: an installed package in the project is not followed (its
// package.json is recorded and the hook is not covered), one that is not
// there is listed as a place Node looks in. require(variable), import of
// a computed string and the process APIs (child_process) are not
// followed.

var (
	jsStatic  = lazyre.New(`(?m)(?:^|[;\s])(?:import|export)\s+(?:type\s+)?(?:[\w*${}\s,]+?\s+from\s*)?['"]([^'"\n]+)['"]`)
	jsCall    = lazyre.New("(?:^|[^.\\w$])(require|import)\\s*\\(\\s*(?:(['\"])([^'\"\\n]*)['\"]|`([^`$]*)`)\\s*[,)]")
	jsDynamic = lazyre.New("(?:^|[^.\\w$])(require|import)\\s*\\(\\s*([^'\"`\\s)]|`[^`]*\\$\\{)")
	jsOpaque  = lazyre.New(`\b(child_process|execSync|execFileSync|spawnSync|Bun\.spawn|Deno\.Command|Deno\.run|new\s+Worker|vm\.runIn\w+|eval\s*\(|new\s+Function\s*\()`)
	// nodeExts are the extensions Node (and tsx) try, in order.
	nodeExts = []string{".js", ".mjs", ".cjs", ".json", ".node", ".ts", ".tsx", ".mts", ".cts", ".jsx"}
	// nodeBuiltins are Node's own modules (require('fs')).
	nodeBuiltins = map[string]bool{}
	// nodePreload are node's options that load a module first.
	nodePreload = map[string]bool{"-r": true, "--require": true, "--import": true, "--loader": true, "--experimental-loader": true}
)

func init() {
	for _, m := range strings.Fields(`assert async_hooks buffer child_process cluster console constants crypto dgram
		diagnostics_channel dns domain events fs http http2 https inspector module net os path perf_hooks process
		punycode querystring readline repl stream string_decoder sys test timers tls trace_events tty url util v8 vm
		wasi worker_threads zlib sea sqlite`) {
		nodeBuiltins[m] = true
	}
}

// followNode follows a JavaScript or TypeScript file p.
func (w *walker) followNode(p string, st *state, depth int) {
	w.isolated("node", p, st, func(sub *walker) { sub.followNodeNow(p, st, depth) })
}

func (w *walker) followNodeNow(p string, st *state, depth int) {
	data, real, leave, ok := w.open("node", p)
	if !ok {
		return
	}
	defer leave()
	if strings.HasSuffix(real, ".json") {
		return
	}
	w.nodeCode(string(data), filepath.Dir(real), real, st, depth)
}

// nodeCode follows what code (in file, "" for node -e) loads, resolved
// from dir.
func (w *walker) nodeCode(code, dir, file string, st *state, depth int) {
	if w.files == nil {
		return
	}
	name := "node -e"
	if file != "" {
		name = w.rel(file)
	}
	for _, m := range jsStatic.Get().FindAllStringSubmatch(code, -1) {
		w.nodeResolve(m[1], dir, st, depth)
	}
	for _, m := range jsCall.Get().FindAllStringSubmatch(code, -1) {
		spec := m[3]
		if m[2] == "" {
			spec = m[4]
		}
		w.nodeResolve(spec, dir, st, depth)
	}
	for _, m := range jsDynamic.Get().FindAllStringSubmatch(code, -1) {
		w.unknown("a dynamic " + m[1] + "() in " + name)
	}
	for _, m := range jsOpaque.Get().FindAllStringSubmatch(code, -1) {
		what := strings.TrimRight(m[1], "( ")
		w.unknown(what + " in " + name + ": what it loads or runs is not followed")
	}
}

// nodeOptions follows node's options that load modules first (-r X,
// --require=X, --import X, --loader X), from NODE_OPTIONS or the command
// line; they resolve from the current directory.
func (w *walker) nodeOptions(words []string, st *state, depth int) {
	for i := 0; i < len(words); i++ {
		opt, value, has := strings.Cut(words[i], "=")
		if !nodePreload[opt] && opt != "--env-file" {
			continue
		}
		if !has {
			if i+1 >= len(words) {
				return
			}
			i++
			value = words[i]
		}
		if st.dir == "" {
			w.unknown("node " + opt + " " + value + " after cd to a computed directory")
			continue
		}
		if opt == "--env-file" {
			w.file(value, val{s: value, known: true}, RoleSource, st)
			w.unknown("node --env-file " + value + " (its NODE_OPTIONS are not followed)")
			continue
		}
		if w.files == nil {
			if isRelSpec(value) {
				w.file(value, val{s: value, known: true}, RoleScript, st)
			}
			continue
		}
		w.nodeResolve(value, st.dir, st, depth)
	}
}

func isRelSpec(spec string) bool {
	return strings.HasPrefix(spec, "./") || strings.HasPrefix(spec, "../") || strings.HasPrefix(spec, "/") || spec == "." || spec == ".."
}

// nodeResolve resolves the specifier spec from the folder dir and follows
// the file it names.
func (w *walker) nodeResolve(spec, dir string, st *state, depth int) {
	if w.full() || spec == "" {
		return
	}
	switch {
	case strings.HasPrefix(spec, "node:") || nodeBuiltins[strings.SplitN(spec, "/", 2)[0]]:
		return
	case strings.HasPrefix(spec, "file://"):
		spec = strings.TrimPrefix(spec, "file://")
	case strings.HasPrefix(spec, "#"):
		w.unknown("a package import map entry (" + spec + ")")
		return
	case strings.Contains(spec, ":"):
		return // data:, http: (refused by Node without a loader)
	}
	if !isRelSpec(spec) {
		w.nodePackage(spec, dir)
		return
	}
	base := spec
	if !filepath.IsAbs(base) {
		base = filepath.Join(dir, spec)
	}
	for _, c := range nodeCandidates(base) {
		if w.full() {
			return
		}
		w.probe(w.rel(c), c, RoleScript)
		if w.exists(c) {
			if strings.HasSuffix(c, "/package.json") {
				if main := w.packageMain(c); main != "" {
					w.nodeResolve("./"+main, filepath.Dir(c), st, depth)
					return
				}
				continue
			}
			w.add(w.rel(c), val{s: c, known: true}, RoleScript, st, false)
			w.followNode(c, st, depth)
			return
		}
	}
	w.add(spec, val{s: base, known: true}, RoleScript, st, false) // missing
}

// nodeCandidates are the files Node tries for a relative specifier, in
// order (LOAD_AS_FILE, then LOAD_AS_DIRECTORY); TypeScript runners also
// map x.js to x.ts.
func nodeCandidates(base string) []string {
	c := []string{base}
	for _, e := range nodeExts {
		c = append(c, base+e)
	}
	for _, m := range [][2]string{{".js", ".ts"}, {".mjs", ".mts"}, {".cjs", ".cts"}, {".jsx", ".tsx"}} {
		if strings.HasSuffix(base, m[0]) {
			c = append(c, strings.TrimSuffix(base, m[0])+m[1])
		}
	}
	c = append(c, filepath.Join(base, "package.json"))
	for _, e := range nodeExts {
		c = append(c, filepath.Join(base, "index"+e))
	}
	return c
}

// packageMain reads a package.json's main field.
func (w *walker) packageMain(p string) string {
	data, _, ok := w.load(p)
	if !ok {
		return ""
	}
	var pkg struct {
		Main string `json:"main"`
	}
	if json.Unmarshal(data, &pkg) != nil {
		return ""
	}
	return strings.TrimPrefix(pkg.Main, "./")
}

// nodePackage looks for the package a bare specifier names in the
// node_modules folders from dir up to the project root.
func (w *walker) nodePackage(spec, dir string) {
	parts := strings.Split(spec, "/")
	name := parts[0]
	if strings.HasPrefix(name, "@") && len(parts) > 1 {
		name += "/" + parts[1]
	}
	for d := dir; w.top != "" && w.inProject(d, nil); d = filepath.Dir(d) {
		p := filepath.Join(d, "node_modules", name, "package.json")
		w.probe(w.rel(p), p, RoleManifest)
		if w.exists(p) {
			w.add(w.rel(p), val{s: p, known: true}, RoleManifest, &state{dir: "/"}, false)
			w.unknown("the package " + name + " in " + w.rel(filepath.Dir(p)) + " is not followed")
			return
		}
		// TypeScript runners (tsx, ts-node, bun) map names to project
		// files with tsconfig.json's paths: not followed.
		for _, cfg := range []string{"tsconfig.json", "jsconfig.json"} {
			c := filepath.Join(d, cfg)
			if data, _, ok := w.files.ReadFile(c); ok && strings.Contains(string(data), `"paths"`) {
				w.add(w.rel(c), val{s: c, known: true}, RoleManifest, &state{dir: "/"}, false)
				w.unknown("the import " + spec + " may be a path alias of " + w.rel(c) + ": not followed")
				return
			}
		}
		if d == w.top || filepath.Dir(d) == d {
			return
		}
	}
}
