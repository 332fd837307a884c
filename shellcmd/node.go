package shellcmd

import (
	"encoding/json"
	"maps"
	"net/url"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
)

// Node (and tsx, ts-node, bun, deno): each file is read with a real
// JavaScript parser (jsparse.go); the modules it loads with a literal
// specifier are resolved as Node's resolver does: a relative or absolute
// path (the exact file, then the extensions, then a folder's package.json
// main or index), a package's own name through its package.json exports
// (self-reference), a #name through the package.json imports, a bare name
// in the node_modules folders up to the project root (an installed package
// is not followed: its package.json is recorded and the hook is not
// covered). The package.json that decides a .js file's module kind (its
// "type") is recorded with it. A native addon (.node) is hashed and not
// covered; a file the parser refuses is not covered, naming its line.

var (
	// nodeExts are the extensions Node (and tsx) try, in order.
	nodeExts = []string{".js", ".mjs", ".cjs", ".json", ".node", ".ts", ".tsx", ".mts", ".cts", ".jsx"}
)

// nodeBuiltins are Node's own modules (require('fs')).
func nodeBuiltins(s string) bool {
	switch s {
	case "assert", "async_hooks", "buffer", "child_process", "cluster", "console", "constants", "crypto", "dgram",
		"diagnostics_channel", "dns", "domain", "events", "fs", "http", "http2", "https", "inspector", "module", "net",
		"os", "path", "perf_hooks", "process", "punycode", "querystring", "readline", "repl", "stream", "string_decoder",
		"sys", "test", "timers", "tls", "trace_events", "tty", "url", "util", "v8", "vm", "wasi", "worker_threads", "zlib",
		"sea", "sqlite":
		return true
	}
	return false
}

// nodePreload are node's options that load a module first.
func nodePreload(s string) bool {
	switch s {
	case "-r", "--require", "--import", "--loader", "--experimental-loader":
		return true
	}
	return false
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
	switch filepath.Ext(real) {
	case ".json":
		return // data
	case ".node":
		w.unknown("the native addon " + w.rel(real) + " (compiled code) is not followed")
		w.leave(real, false)
		return
	case ".js", ".ts", ".tsx", ".jsx", "":
		// The nearest package.json's "type" says whether Node reads the
		// file as CommonJS or as an ES module.
		w.nodeScope(filepath.Dir(real))
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
	facts, err := scanJS([]byte(code))
	if err != nil {
		line := ""
		if pe, ok := err.(*jsParseError); ok && pe.Line > 0 {
			line = ":" + strconv.Itoa(pe.Line)
		}
		lang := "JavaScript"
		switch filepath.Ext(file) {
		case ".ts", ".mts", ".cts", ".tsx":
			lang = "TypeScript"
		}
		w.unknown(name + line + ": " + lang + " gh-hooks does not parse (" + err.(*jsParseError).Msg + "): what it loads is not followed")
		w.leave(file, false)
		return
	}
	for _, o := range facts.Opaque {
		w.unknown(o + " in " + name + ": what it loads or runs is not followed")
		w.leave(file, false)
	}
	for _, l := range facts.Loads {
		spec := l.Spec
		if l.Kind == "import" || l.Kind == "export" || l.Kind == "import()" {
			var ok bool
			if spec, ok = esmSpec(spec); !ok {
				w.unknown("the module URL " + l.Spec + " in " + name + ": what it loads is not followed")
				w.leave(file, false)
				continue
			}
		}
		w.nodeResolve(spec, dir, st, depth)
	}
	for _, wr := range facts.Writes {
		w.nodeWrite(wr, dir, file, name, st)
	}
	// A process the code starts with literal arguments runs in the
	// process's own folder (or a literal cwd), like a hook's command.
	for _, r := range facts.Runs {
		run := st.copy()
		if r.Dir != "" {
			if run.dir = w.cd([]arg{{v: val{s: r.Dir, known: true}}}, st); run.dir == "" {
				continue
			}
		}
		if r.Shell != "" {
			w.script(r.Shell, run, depth+1)
			continue
		}
		argv := make([]arg, 0, len(r.Argv))
		for _, a := range r.Argv {
			argv = append(argv, arg{v: val{s: a, known: true}, text: a})
		}
		w.run(argv, run, run.copy(), depth+1, nil, nil)
	}
}

// nodeWrite records a file the code (file, shown as name; its folder
// dir) writes: a relative path is from the process's folder.
func (w *walker) nodeWrite(wr jsWrite, dir, file, name string, st *state) {
	at := " in " + name // a line the parser does not give
	if wr.Line > 0 {
		at = " at " + name + ":" + strconv.Itoa(wr.Line)
	}
	how := wr.What + at
	p := wr.Path
	home := st.vars["HOME"]
	if !filepath.IsAbs(home) {
		home = ""
	}
	for _, r := range []struct{ mark, to string }{{"/\x00D", dir}, {"/\x00F", file}, {"/\x00C", st.dir}, {"/\x00H", home}} {
		if p == r.mark || strings.HasPrefix(p, r.mark+"/") {
			if r.to == "" {
				p = ""
			} else {
				p = r.to + p[len(r.mark):]
			}
		}
	}
	switch {
	case wr.Why != "":
		w.wroteSomewhere(wr.What + " " + wr.Why + at)
		return
	case p == "" || strings.Contains(p, "\x00"):
		w.wroteSomewhere(wr.What + " to a path gh-hooks cannot compute" + at)
		return
	case !filepath.IsAbs(p) && st.dir == "":
		w.wroteSomewhere(wr.What + " to a relative path after cd to a computed directory" + at)
		return
	case !filepath.IsAbs(p):
		p = filepath.Join(st.dir, p)
	}
	w.wrote(filepath.Clean(p), how)
	if wr.Tree {
		w.wroteTree(p, how)
	}
}

// esmSpec is the path an ES module specifier names: ESM resolves
// specifiers as URLs, so a relative or file: one loses its ?query and
// #fragment and is percent-decoded (import('./%79.mjs#x') loads y.mjs). A
// data: URL is code, and another scheme is a loader's: ok is false.
func esmSpec(spec string) (string, bool) {
	scheme, _, hasScheme := strings.Cut(spec, ":")
	if hasScheme && scheme != "file" && scheme != "node" && !strings.ContainsAny(scheme, "/.") {
		return "", false
	}
	if scheme == "node" || (!isRelSpec(spec) && !hasScheme) {
		return spec, true // a builtin, a package or #import
	}
	if i := strings.IndexAny(spec, "?#"); i >= 0 {
		spec = spec[:i]
	}
	if strings.Contains(spec, "%") {
		lower := strings.ToLower(spec)
		u, err := url.PathUnescape(spec)
		if err != nil || strings.Contains(lower, "%2f") || strings.Contains(lower, "%5c") {
			return "", false // Node refuses encoded separators
		}
		spec = u
	}
	return spec, true
}

// nodeWithArg are node's options that take a value (as the next word or
// after =); bunWithArg bun's.
var (
	nodeWithArg = []string{"-r", "--require", "--import", "--loader", "--experimental-loader", "-C", "--conditions",
		"--env-file", "--env-file-if-exists", "--tsconfig", "--experimental-config-file", "--snapshot-blob",
		"--openssl-config", "--run", "--input-type", "--title", "--watch-path", "--test-reporter",
		"--test-reporter-destination", "--test-name-pattern", "--test-skip-pattern", "--redirect-warnings",
		"--diagnostic-dir", "--report-dir", "--icu-data-dir", "--localstorage-file", "--cpu-prof-dir", "--heap-prof-dir"}
	bunWithArg = []string{"-r", "--preload", "--require", "--import", "-c", "--config", "--cwd", "--env-file", "--tsconfig-override",
		"--conditions", "--define", "-d", "--loader", "-l", "--port", "--main-fields", "--extension-order", "--jsx-factory",
		"--jsx-fragment", "--jsx-import-source", "--jsx-runtime", "--elide-lines", "--filter", "-F"}
)

// nodeOptions follows node's (and bun's) options that load code or read
// a file that does (-r X, --require=X, --import X, --loader X, --preload
// X, --env-file F, --run X, bun's --config F), from NODE_OPTIONS, .npmrc's
// node-options or the command line; files resolve from the current
// directory. Options that load what gh-hooks does not read are not
// covered (--test finds its files, a snapshot blob, a config file).
func (w *walker) nodeOptions(words []string, st *state, depth int) {
	for i := 0; i < len(words); i++ {
		opt, value, has := strings.Cut(words[i], "=")
		needs := nodePreload(opt) || opt == "--preload" || slices.Contains(nodeWithArg, opt)
		if needs && !has {
			if i+1 >= len(words) {
				return
			}
			i++
			value = words[i]
		}
		if !needs && opt != "--test" && opt != "--experimental-default-config-file" {
			continue
		}
		if st.dir == "" {
			w.unknown("node " + opt + " " + value + " after cd to a computed directory")
			continue
		}
		switch {
		case nodePreload(opt) || opt == "--preload":
			if w.files == nil {
				if isRelSpec(value) {
					w.file(value, val{s: value, known: true}, RoleScript, st)
				}
				continue
			}
			w.nodeResolve(value, st.dir, st, depth)
		case opt == "--env-file" || opt == "--env-file-if-exists":
			w.nodeEnvFile(value, st, depth)
		case opt == "--run":
			sub := st.copy()
			w.npmScript("node --run", value, sub, depth)
		case opt == "--test":
			w.unknown("node --test runs the test files it finds: not followed")
		case opt == "--experimental-default-config-file":
			value = "node.config.json"
			fallthrough
		case opt == "--experimental-config-file" || opt == "--snapshot-blob" || opt == "--openssl-config":
			if p := w.file(value, val{s: value, known: true}, RoleManifest, st); w.exists(p) {
				w.unknown("node " + opt + " " + value + ": what it loads is not followed")
			}
		}
	}
}

// nodeEnvFile follows node --env-file: node sets the file's variables
// before it starts, and reads NODE_OPTIONS from it (Node's dotenv
// parser, src/node_dotenv.cc). Other variables Node reads (NODE_*) are
// not followed.
func (w *walker) nodeEnvFile(p string, st *state, depth int) {
	path := w.file(p, val{s: p, known: true}, RoleSource, st)
	if w.files == nil || path == "" {
		return
	}
	data, _, ok := w.files.ReadFile(path)
	if !ok {
		return
	}
	for _, line := range strings.Split(string(data), "\n") {
		line = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(line), "export "))
		k, v, ok := strings.Cut(line, "=")
		k = strings.TrimSpace(k)
		if !ok || strings.HasPrefix(k, "#") || !strings.HasPrefix(k, "NODE_") || k == "NODE_ENV" || k == "NODE_NO_WARNINGS" {
			continue
		}
		v = strings.TrimSpace(v)
		if k != "NODE_OPTIONS" || strings.ContainsAny(v, "\\$`#") || strings.Count(v, `"`)+strings.Count(v, "'") > 2 {
			w.unknown(k + " in " + w.rel(path) + " (node --env-file): not followed")
			continue
		}
		w.nodeOptions(strings.Fields(strings.Trim(v, `"'`)), st, depth)
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
	case strings.HasPrefix(spec, "node:") || nodeBuiltins(strings.SplitN(spec, "/", 2)[0]):
		return
	case strings.HasPrefix(spec, "file://"):
		spec = strings.TrimPrefix(spec, "file://")
		if strings.ContainsAny(spec, "%?#") {
			w.unknown("the file URL " + spec + " (escapes, a query or a fragment) is not followed")
			return
		}
	case strings.HasPrefix(spec, "#"):
		w.nodeImports(spec, dir, st, depth)
		return
	case strings.Contains(spec, ":"):
		return // data:, http: (refused by Node without a loader)
	}
	if !isRelSpec(spec) {
		if !w.nodeSelf(spec, dir, st, depth) {
			w.nodePackage(spec, dir)
		}
		return
	}
	base := spec
	if !filepath.IsAbs(base) {
		base = filepath.Join(dir, spec)
	}
	// Every candidate that exists is followed, not the first only: the
	// list serves node (CommonJS tries .js, .json, .node), tsx and bun
	// (.ts, .mjs, ...), whose orders differ, so ./y with y.mjs and y.node
	// both there may load either.
	found := false
	for _, c := range nodeCandidates(base) {
		if w.full() {
			return
		}
		role := RoleScript
		if strings.HasSuffix(c, "/package.json") {
			role = RoleManifest
		}
		w.probe(w.rel(c), c, role)
		if !w.exists(c) {
			continue
		}
		found = true
		if role == RoleManifest {
			// A folder's main, or its index when main is missing.
			w.add(w.rel(c), val{s: c, known: true}, RoleManifest, &state{dir: "/"}, false)
			if main := w.readPackage(c).Main; main != "" {
				w.nodeResolve("./"+strings.TrimPrefix(main, "./"), filepath.Dir(c), st, depth)
			}
			continue
		}
		w.add(w.rel(c), val{s: c, known: true}, RoleScript, st, false)
		w.followNode(c, st, depth)
	}
	if !found {
		w.add(spec, val{s: base, known: true}, RoleScript, st, false) // missing
	}
}

// nodePkg is what Node reads of a package.json.
type nodePkg struct {
	Name    string          `json:"name"`
	Main    string          `json:"main"`
	Type    string          `json:"type"`
	Exports json.RawMessage `json:"exports"`
	Imports json.RawMessage `json:"imports"`
}

// readPackage reads the package.json at p (zero when it cannot be read).
func (w *walker) readPackage(p string) nodePkg {
	var pkg nodePkg
	if data, _, ok := w.files.ReadFile(p); ok {
		if json.Unmarshal(data, &pkg) != nil {
			w.unknown(w.rel(p) + " is not JSON Node can read")
		}
	}
	return pkg
}

// nodeScope finds the package.json that governs the folder dir (Node's
// package scope: the nearest one up to the project root), records it and
// the places looked in, and returns its path ("" when there is none).
func (w *walker) nodeScope(dir string) string {
	if w.files == nil || w.top == "" {
		return ""
	}
	for d := dir; w.inProject(d, nil); d = filepath.Dir(d) {
		if filepath.Base(d) == "node_modules" {
			return ""
		}
		p := filepath.Join(d, "package.json")
		w.probe(w.rel(p), p, RoleManifest)
		if w.exists(p) {
			w.add(w.rel(p), val{s: p, known: true}, RoleManifest, &state{dir: "/"}, false)
			return p
		}
		if d == w.top || filepath.Dir(d) == d {
			break
		}
	}
	return ""
}

// nodeImports resolves a #name through the imports of the governing
// package.json (every target of every condition: which conditions hold
// is Node's and the loader's choice).
func (w *walker) nodeImports(spec, dir string, st *state, depth int) {
	p := w.nodeScope(dir)
	if p == "" {
		return // Node fails: no package.json to map it
	}
	pkg := w.readPackage(p)
	targets, ok := exportTargets(pkg.Imports, spec, true)
	if !ok {
		w.unknown("the import " + spec + " of " + w.rel(p) + " has a form gh-hooks does not read")
		return
	}
	for _, t := range targets {
		if isRelSpec(t) {
			w.nodeResolve(t, filepath.Dir(p), st, depth)
		} else {
			w.nodeResolve(t, dir, st, depth) // a package
		}
	}
}

// nodeSelf resolves a package's own name through its exports (Node's
// self-reference: the package.json that governs dir names the package
// and has exports); it reports whether it applied.
func (w *walker) nodeSelf(spec, dir string, st *state, depth int) bool {
	p := w.nodeScope(dir)
	if p == "" {
		return false
	}
	pkg := w.readPackage(p)
	if pkg.Name == "" || len(pkg.Exports) == 0 || string(pkg.Exports) == "null" || (spec != pkg.Name && !strings.HasPrefix(spec, pkg.Name+"/")) {
		return false
	}
	sub := "." + strings.TrimPrefix(spec, pkg.Name)
	targets, ok := exportTargets(pkg.Exports, sub, false)
	if !ok {
		w.unknown("the exports of " + w.rel(p) + " have a form gh-hooks does not read")
		return true
	}
	for _, t := range targets {
		if isRelSpec(t) && !filepath.IsAbs(t) {
			w.nodeResolve(t, filepath.Dir(p), st, depth)
		}
	}
	return true
}

// exportTargets returns the targets a package.json exports (or imports,
// when imports) field maps the subpath (".", "./x", "#x") to: the
// matching key, or every pattern key with one * that matches, and in its
// value every string of every condition and fallback, with * replaced.
// ok is false for a field that is not JSON of those shapes.
func exportTargets(field json.RawMessage, sub string, imports bool) (targets []string, ok bool) {
	if len(field) == 0 || string(field) == "null" {
		return nil, true
	}
	var v any
	if json.Unmarshal(field, &v) != nil {
		return nil, false
	}
	m, isMap := v.(map[string]any)
	subpaths := false
	for k := range m {
		if strings.HasPrefix(k, ".") || strings.HasPrefix(k, "#") {
			subpaths = true
		}
	}
	if !isMap || !subpaths {
		if imports {
			return nil, true
		}
		if sub != "." {
			return nil, true
		}
		return stringsIn(v, ""), true
	}
	if t, ok := m[sub]; ok {
		return stringsIn(t, ""), true
	}
	for _, k := range slices.Sorted(maps.Keys(m)) {
		t := m[k]
		pre, post, ok := strings.Cut(k, "*")
		if !ok || strings.Contains(post, "*") {
			continue
		}
		if strings.HasPrefix(sub, pre) && strings.HasSuffix(sub[len(pre):], post) && len(sub) >= len(pre)+len(post) {
			targets = append(targets, stringsIn(t, sub[len(pre):len(sub)-len(post)])...)
		}
	}
	return targets, true
}

// stringsIn lists the strings of a conditions value (a string, an array of
// fallbacks, an object of conditions), with * replaced by star.
func stringsIn(v any, star string) []string {
	switch v := v.(type) {
	case string:
		return []string{strings.ReplaceAll(v, "*", star)}
	case []any:
		var out []string
		for _, x := range v {
			out = append(out, stringsIn(x, star)...)
		}
		return out
	case map[string]any:
		var out []string
		for _, k := range slices.Sorted(maps.Keys(v)) {
			out = append(out, stringsIn(v[k], star)...)
		}
		return out
	}
	return nil
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
			w.leave(filepath.Dir(p), true)
			return
		}
		// TypeScript runners (tsx, ts-node, bun) map names to project
		// files with tsconfig.json's paths: not followed.
		for _, cfg := range []string{"tsconfig.json", "jsconfig.json"} {
			c := filepath.Join(d, cfg)
			if data, _, ok := w.files.ReadFile(c); ok && (strings.Contains(string(data), `"paths"`) || strings.Contains(string(data), `"baseUrl"`) || strings.Contains(string(data), `"extends"`)) {
				w.add(w.rel(c), val{s: c, known: true}, RoleManifest, &state{dir: "/"}, false)
				w.unknown("the import " + spec + " may be a path alias of " + w.rel(c) + ": not followed")
				return
			}
		}
		// Yarn's Plug'n'Play maps names to the zip archives of
		// .yarn/cache instead of node_modules: package code.
		if pnp := filepath.Join(d, ".pnp.cjs"); w.exists(pnp) {
			w.unknown("the package " + name + " (Yarn Plug'n'Play, " + w.rel(pnp) + ") is not followed")
			w.leave(filepath.Join(d, ".yarn"), true)
			return
		}
		if d == w.top || filepath.Dir(d) == d {
			return
		}
	}
}
