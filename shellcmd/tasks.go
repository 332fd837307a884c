package shellcmd

import (
	"encoding/json"
	"path/filepath"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// Task runners and tools that run what a project file says: npm, pnpm,
// yarn and bun scripts (package.json, with .npmrc's script-shell), make
// (Makefile with its includes and recipes), go run (a package's files),
// npx and friends (node_modules/.bin), poetry/pipenv/pdm run, cross-env.

// manifests are the task runners whose command runs what a project file
// says, and that file's name.
func manifests(s string) string {
	switch s {
	case "npm", "pnpm", "yarn":
		return "package.json"
	case "make", "gmake":
		return "Makefile"
	case "just":
		return "justfile"
	case "rake":
		return "Rakefile"
	case "task":
		return "Taskfile.yml"
	}
	return ""
}

// npmCommands are npm's, pnpm's and yarn's own commands that run no
// script of package.json (pnpm X and yarn X run the script X otherwise).
func npmCommands(s string) bool {
	switch s {
	case "install", "i", "ci", "add", "remove", "rm", "uninstall", "update",
		"up", "publish", "pack", "link", "unlink", "outdated", "audit", "ls",
		"list", "why", "info", "view", "init", "config", "set", "get",
		"cache", "store", "login", "logout", "whoami", "version", "--version",
		"-v", "help", "prune", "dedupe", "fund", "doctor", "search",
		"import", "licenses", "patch", "rebuild", "env", "root", "bin",
		"setup", "node", "dlx", "exec", "x", "create":
		return true
	}
	return false
}

// manifest walks a task runner's command: npm run X (test, start, ...),
// pnpm X, yarn X, make, just.
func (w *walker) manifest(base string, rest []arg, st *state, depth int) {
	name := manifests(base)
	dir := st.dir
	switch base {
	case "npm", "pnpm", "yarn":
		w.npm(base, rest, st, depth)
		return
	case "make", "gmake":
		w.make(rest, st, depth)
		return
	}
	if dir == "" {
		w.unknown("a " + name + " in a computed directory")
		return
	}
	p := w.file(name, val{s: filepath.Join(dir, name), known: true}, RoleManifest, st)
	if w.exists(p) {
		w.unknown(base + " runs the recipes of " + w.rel(p) + ": not followed")
	}
}

// npm walks npm, pnpm and yarn: the script it runs, with its pre and
// post scripts; exec, x and dlx run a package program.
func (w *walker) npm(base string, rest []arg, st *state, depth int) {
	for _, a := range rest {
		if a.v.known && (a.v.s == "-w" || a.v.s == "-ws" || a.v.s == "-r" || a.v.s == "-F" || strings.HasPrefix(a.v.s, "--workspace") ||
			strings.HasPrefix(a.v.s, "--filter") || a.v.s == "--recursive") {
			w.unknown(base + " " + a.v.s + ": scripts of the workspace packages are not followed")
		}
		if a.v.known && a.v.s == "--" {
			break // the script's own arguments
		}
		// Any --key before -- is npm's configuration, also after the
		// script's name (npm run t --script-shell=./sh runs ./sh);
		// --prefix, the package's folder, is followed below.
		if key, _, _ := strings.Cut(strings.TrimPrefix(a.v.s, "--"), "="); a.v.known && strings.HasPrefix(a.v.s, "--") && key != "prefix" && (npmCodeKeys(key) || npmFileKeys(key)) {
			w.unknown(base + " --" + key + " on its command line: not followed")
		}
	}
	// The package's folder: without --prefix, the nearest folder up
	// from the current one that holds a package.json or node_modules
	// (npm's localPrefix, @npmcli/config; cd sub && npm test runs the
	// root's test there). npm reads --prefix/-C anywhere before --
	// (nopt; the last one counts; witnessed with npm 11), pnpm -C/--dir
	// and yarn --cwd before the command.
	dir := w.npmPrefix(st.dir)
	for j := 0; j < len(rest); j++ {
		a := rest[j]
		if !a.v.known || a.v.s == "--" || base != "npm" && !strings.HasPrefix(a.v.s, "-") {
			break // pnpm and yarn: after the command, the script's arguments
		}
		opt, value, has := strings.Cut(a.v.s, "=")
		if opt == "--prefix" || opt == "-C" || opt == "--dir" || opt == "--cwd" {
			if !has && j+1 < len(rest) {
				j++
				value = rest[j].v.s
				if !rest[j].v.known {
					w.unknown(base + " " + opt + " " + rest[j].v.why)
					return
				}
			}
			dir = w.cd([]arg{{v: val{s: value, known: true}}}, st)
		}
	}
	// words are the command's words without npm's options and their
	// values (npm's own config keys that take one; an unknown --key is
	// a flag, as nopt reads it).
	words, at, ok := npmWords(base, rest)
	if !ok {
		w.unknown(base + " with an option whose value gh-hooks cannot tell from the command's words: not followed")
		return
	}
	orig := rest
	rest = words
	i := 0
	// in is the state in the package's folder (nil when it is computed).
	in := func() *state {
		if dir == "" {
			w.unknown("a package.json in a computed directory")
			return nil
		}
		sub := st.copy()
		sub.dir = dir
		return sub
	}
	if i >= len(rest) {
		if sub := in(); base == "yarn" && sub != nil {
			w.npmLifecycle(base, "install", rest, sub, depth) // yarn alone installs
		}
		return
	}
	sub := rest[i]
	if !sub.v.known {
		w.unknown(base + " " + sub.v.why)
		return
	}
	script := ""
	// args are the words after the script's name, which npm appends to
	// the script quoted (@npmcli/run-script: cmd + ' ' + escaped args;
	// npm run t -- x.sh with "t": "sh" runs sh x.sh).
	var args []arg
	switch sub.v.s {
	case "run", "run-script", "rum", "urn":
		j := i + 1
		if j >= len(rest) {
			return
		}
		if !rest[j].v.known {
			w.unknown(base + " run of a script named by " + rest[j].v.why)
			return
		}
		script, args = rest[j].v.s, rest[j+1:]
	case "test", "t", "tst":
		script, args = "test", rest[i+1:]
	case "start", "stop":
		script, args = sub.v.s, rest[i+1:]
	case "init", "create", "innit":
		// npm init runs its init-module (~/.npm-init.js, or the file a
		// .npmrc names, which npmConfig reports; witnessed with npm 11),
		// npm init X and create X the package create-X.
		if base == "npm" || sub.v.s == "create" {
			if sub := in(); sub != nil {
				w.npmConfig(base, sub, depth)
			}
			for _, a := range rest[i+1:] {
				if !a.v.known || !strings.HasPrefix(a.v.s, "-") {
					w.unknown(base + " " + sub.v.s + " with an initializer runs the package create-" + a.v.s + ": not followed")
					break
				}
			}
			return
		}
		script = sub.v.s
	case "exec", "x", "dlx":
		// npm exec runs the program through script-shell, with the
		// project's config (libnpmexec, @npmcli/run-script).
		if sub := in(); sub != nil {
			w.npmConfig(base, sub, depth)
		}
		w.packageProgram(orig[at[i]+1:], st, depth)
		return
	default:
		if ev := npmLifecycles(sub.v.s); ev != "" && (base != "yarn" || ev != "restart" && ev != "install-test") {
			if sub := in(); sub != nil {
				w.npmLifecycle(base, ev, orig[at[i]+1:], sub, depth)
			}
			return
		}
		if base == "npm" || npmCommands(sub.v.s) {
			return
		}
		script, args = sub.v.s, rest[i+1:] // pnpm lint, yarn lint
	}
	if len(args) > 0 && args[0].v.known && args[0].v.s == "--" {
		args = args[1:] // the first -- ends npm's options (nopt)
	}
	var argv []string
	for _, a := range args {
		if !a.v.known {
			w.unknown(base + " " + script + " with an argument named by " + a.v.why + ", which npm appends to the script")
			return
		}
		argv = append(argv, a.v.s)
	}
	if sub := in(); sub != nil {
		w.npmRun(base, []string{"pre" + script, script, "post" + script}, argv, sub, depth)
	}
}

// npmPrefix is the package folder npm, pnpm and yarn use from dir: the
// nearest folder up to the project's top with a package.json or a
// node_modules folder, else dir itself.
func (w *walker) npmPrefix(dir string) string {
	if w.files == nil || dir == "" {
		return dir
	}
	for d := dir; w.inProject(d, nil); d = filepath.Dir(d) {
		if w.exists(filepath.Join(d, "package.json")) {
			return d
		}
		if _, ok := w.files.ReadDir(filepath.Join(d, "node_modules")); ok {
			return d
		}
		if d == w.top || filepath.Dir(d) == d {
			break
		}
	}
	return dir
}

// npmLifecycles maps npm's commands that run the package's lifecycle
// scripts to the event (npm docs, "scripts": Life Cycle Operation Order).
func npmLifecycles(s string) string {
	switch s {
	case "install", "i", "in", "ins", "inst", "insta", "instal", "isnt", "isnta", "isntal", "isntall", "add", "ci", "clean-install", "ic", "install-clean", "isntall-clean":
		return "install"
	case "rebuild", "rb":
		return "rebuild"
	case "update", "up", "upgrade", "udpate":
		return "update"
	case "pack":
		return "pack"
	case "publish":
		return "publish"
	case "version":
		return "version"
	case "restart":
		return "restart"
	case "install-test", "it", "install-ci-test", "cit":
		return "install-test"
	}
	return ""
}

// npmEvents are the scripts each lifecycle event runs, in order.
func npmEvents(event string) []string {
	switch event {
	case "install":
		return []string{"preinstall", "install", "postinstall", "prepublish", "preprepare", "prepare", "postprepare"}
	case "rebuild":
		return []string{"preinstall", "install", "postinstall", "prepare"}
	case "update":
		return nil
	case "pack":
		return []string{"prepack", "prepare", "postpack"}
	case "publish":
		return []string{"prepublishOnly", "prepack", "prepare", "postpack", "publish", "postpublish"}
	case "version":
		return []string{"preversion", "version", "postversion"}
	case "restart":
		return []string{"prerestart", "restart", "postrestart", "prestop", "stop", "poststop", "prestart", "start", "poststart"}
	case "install-test":
		return []string{"preinstall", "install", "postinstall", "prepublish", "preprepare", "prepare", "postprepare", "pretest", "test", "posttest"}
	}
	return nil
}

// npmLifecycle follows a command that runs the package's lifecycle
// scripts (npm install runs preinstall, install, postinstall, prepare,
// ...; npm restart without a restart script runs stop and start). The
// packages install, rebuild and update install run their own scripts,
// which are not followed (--ignore-scripts stops them all).
func (w *walker) npmLifecycle(base, event string, rest []arg, st *state, depth int) {
	for _, a := range rest {
		if a.v.known && a.v.s == "--ignore-scripts" {
			return
		}
	}
	if event == "install" || event == "rebuild" || event == "update" || event == "install-test" {
		w.unknown(base + " " + event + " runs the install scripts of the packages it installs: not followed")
	}
	w.npmRun(base, npmEvents(event), nil, st, depth)
}

// npmScript follows the script name of dir's package.json (npm's
// run-script: pre<name>, <name>, post<name>, each run with sh -c, or
// .npmrc's script-shell, in the package's folder with every
// node_modules/.bin up the tree first on PATH).
func (w *walker) npmScript(base, name string, st *state, depth int) {
	w.npmRun(base, []string{"pre" + name, name, "post" + name}, nil, st, depth)
}

// npmRun follows the scripts names of st.dir's package.json, in order;
// args are appended to the script of the command's own name (names[1]
// of pre, name, post: npm 7 and later give pre and post scripts none).
func (w *walker) npmRun(base string, names []string, args []string, st *state, depth int) {
	pj := filepath.Join(st.dir, "package.json")
	p := w.file("package.json", val{s: pj, known: true}, RoleManifest, st)
	if w.files == nil {
		return
	}
	w.npmConfig(base, st, depth)
	data, real, ok := w.load(p)
	if !ok {
		return
	}
	var pkg struct {
		Scripts map[string]any `json:"scripts"`
	}
	if json.Unmarshal(data, &pkg) != nil {
		w.unknown(w.rel(real) + " is not JSON npm can read")
		return
	}
	run := st.copy()
	var bins []string
	for d := st.dir; w.inProject(d, nil); d = filepath.Dir(d) {
		bins = append(bins, filepath.Join(d, "node_modules", ".bin"))
		if d == w.top || filepath.Dir(d) == d {
			break
		}
	}
	run.path = append(bins, run.path...)
	found := false
	for _, n := range names {
		cmd, ok := pkg.Scripts[n].(string)
		if !ok {
			continue
		}
		found = true
		leave, ok := w.enter("npm "+real+" "+n, real)
		if !ok {
			continue
		}
		if len(args) > 0 && len(names) == 3 && n == names[1] {
			cmd += " " + shellQuote(args)
		}
		w.script(cmd, run.copy(), depth+1)
		leave()
	}
	if !found && len(names) == 3 && names[1] == "start" {
		// npm start without a start script runs node server.js.
		w.followNode(w.file("server.js", val{s: "server.js", known: true}, RoleScript, run), run, depth)
	}
}

// npmOwnBin marks not covered npx NAME where the package of the current
// folder has a bin NAME: npm exec installs that package into its cache
// and runs the bin (libnpmexec; npm 11 ran ./cli.js of "bin": {"rb":
// "cli.js"} for npx rb).
func (w *walker) npmOwnBin(name string, st *state) {
	pj := filepath.Join(w.npmPrefix(st.dir), "package.json")
	data, _, ok := w.files.ReadFile(pj)
	if !ok {
		return
	}
	var pkg struct {
		Name string          `json:"name"`
		Bin  json.RawMessage `json:"bin"`
	}
	if json.Unmarshal(data, &pkg) != nil || len(pkg.Bin) == 0 {
		return
	}
	bins := map[string]string{}
	var one string
	if json.Unmarshal(pkg.Bin, &one) == nil {
		bins[pkg.Name[strings.LastIndexByte(pkg.Name, '/')+1:]] = one
	} else if json.Unmarshal(pkg.Bin, &bins) != nil {
		w.unknown(w.rel(pj) + ": a bin field npm cannot read")
		return
	}
	file, ok := bins[name]
	if !ok {
		return
	}
	w.add(w.rel(pj), val{s: pj, known: true}, RoleManifest, st, false)
	if p := filepath.Join(filepath.Dir(pj), file); w.within(p) && w.exists(p) {
		w.add(w.rel(p), val{s: p, known: true}, RoleProgram, st, false)
	}
	w.unknown("the bin " + name + " (" + file + ") of " + w.rel(pj) + ", which npm exec installs and runs: not followed")
}

// nodeRunners are package programs that run a script file with Node.
func nodeRunners(s string) bool {
	switch s {
	case "tsx", "ts-node", "node", "vite-node", "esno", "jiti", "babel-node", "ts-node-esm":
		return true
	}
	return false
}

// packageProgram walks `npx PROG ARGS` (npm exec, pnpm exec/dlx, yarn
// exec/dlx, bunx): PROG is node_modules/.bin/PROG from the current
// folder up to the project's root, else a package fetched from the
// registry. A Node runner's script (npx tsx x.ts) is followed.
func (w *walker) packageProgram(cmd []arg, st *state, depth int) {
	for len(cmd) > 0 && cmd[0].v.known && strings.HasPrefix(cmd[0].v.s, "-") {
		if cmd[0].v.s == "--" {
			cmd = cmd[1:]
			break
		}
		cmd = cmd[1:]
	}
	if len(cmd) == 0 {
		return
	}
	if !cmd[0].v.known {
		w.unknown("a package program named by " + cmd[0].v.why)
		return
	}
	prog := cmd[0].v.s
	if strings.Contains(prog, "/") && !strings.HasPrefix(prog, "@") {
		w.run(cmd, st, st.copy(), depth, nil, nil)
		return
	}
	name := strings.SplitN(strings.TrimPrefix(prog, "@"), "@", 2)[0]
	if strings.HasPrefix(prog, "@") {
		name = "@" + name
	}
	if i := strings.LastIndexByte(name, '/'); i >= 0 {
		name = name[i+1:]
	}
	w.program(Program{Name: prog, Package: true})
	if w.files != nil && st.dir != "" {
		for d := st.dir; w.inProject(d, nil); d = filepath.Dir(d) {
			p := filepath.Join(d, "node_modules", ".bin", name)
			w.probe(w.rel(p), p, RoleProgram)
			if w.exists(p) {
				w.add(w.rel(p), val{s: p, known: true}, RoleProgram, st, false)
				w.unknown("the package program " + name + " in " + w.rel(filepath.Dir(p)) + " is not followed")
				break
			}
			if d == w.top || filepath.Dir(d) == d {
				break
			}
		}
		w.npmOwnBin(name, st)
	}
	if nodeRunners(name) {
		w.apply(Lookup("node"), "node", cmd[1:], st, st.copy(), depth, nil, nil)
	}
}

// tool walks programs that run another command or a project's code in
// their own way; it reports whether it handled base.
func (w *walker) tool(base, n string, rest []arg, run, shell *state, depth int, stdin *syntax.Redirect, pipe *syntax.Stmt) bool {
	if strings.Contains(n, "/") && !w.systemPath(n, run) {
		return false
	}
	switch base {
	case "npx", "bunx", "pnpx":
		w.program(Program{Name: n})
		if base == "npx" && run.dir != "" && w.files != nil {
			// npx runs the program through script-shell, with the
			// project's npm config (libnpmexec).
			w.npmConfig("npm", run, depth)
		}
		i := 0
		for i < len(rest) && rest[i].v.known && strings.HasPrefix(rest[i].v.s, "-") {
			opt, _, has := strings.Cut(rest[i].v.s, "=")
			if opt == "-c" || opt == "--call" {
				if i+1 < len(rest) {
					w.run([]arg{{v: val{s: "sh", known: true}, text: "sh"}, {v: val{s: "-c", known: true}, text: "-c"}, rest[i+1]}, run, shell, depth+1, nil, nil)
				}
				return true
			}
			if (opt == "-p" || opt == "--package") && !has {
				i++
			}
			i++
		}
		w.packageProgram(rest[i:], run, depth)
		return true
	case "poetry", "pipenv", "pdm", "hatch", "rye", "pixi", "conda", "mamba", "micromamba":
		// poetry run CMD: CMD in the project's environment.
		for i, a := range rest {
			if a.v.known && a.v.s == "run" {
				cmd := rest[i+1:]
				for len(cmd) > 0 && cmd[0].v.known && strings.HasPrefix(cmd[0].v.s, "-") {
					if cmd[0].v.s == "--" {
						cmd = cmd[1:]
						break
					}
					if (base == "conda" || base == "mamba" || base == "micromamba") && (cmd[0].v.s == "-n" || cmd[0].v.s == "-p" || cmd[0].v.s == "--name" || cmd[0].v.s == "--prefix") && len(cmd) > 1 {
						cmd = cmd[1:]
					}
					cmd = cmd[1:]
				}
				w.program(Program{Name: n})
				if base == "poetry" || base == "pipenv" || base == "pdm" || base == "hatch" || base == "rye" {
					run = w.pyRunner(base, run, depth)
				}
				w.run(cmd, run, shell, depth, stdin, pipe)
				return true
			}
		}
		return false
	case "cross-env", "cross-env-shell":
		w.program(Program{Name: n})
		inner := run.copy()
		i := 0
		for i < len(rest) && rest[i].v.known && isAssignment(rest[i].v.s) {
			k, v, _ := strings.Cut(rest[i].v.s, "=")
			w.setVar(k, val{s: v, known: true}, inner, depth)
			i++
		}
		if base == "cross-env-shell" {
			var parts []string
			for _, a := range rest[i:] {
				if !a.v.known {
					w.unknown("cross-env-shell with " + a.v.why)
					return true
				}
				parts = append(parts, a.v.s)
			}
			w.script(strings.Join(parts, " "), inner, depth+1)
			return true
		}
		w.run(rest[i:], inner, shell, depth, stdin, pipe)
		return true
	case "go":
		// go -C DIR, which must come first (cmd/go), is the command's -C.
		var pre []arg
		if len(rest) > 0 && rest[0].v.known && strings.HasPrefix(rest[0].v.s, "-C") {
			n := 1
			if rest[0].v.s == "-C" {
				n = min(2, len(rest))
			}
			pre, rest = rest[:n:n], rest[n:]
		}
		if len(rest) > 0 && !rest[0].v.known {
			w.program(Program{Name: n})
			w.unknown("go with " + rest[0].v.why)
			return true
		}
		if len(rest) > 0 && w.goCommand(rest[0].v.s, append(pre, rest[1:]...), run, depth) {
			w.program(Program{Name: n})
			return true
		}
	}
	return false
}

// npmWords returns rest without npm's options and their values, up to
// --, for npm (npm 11's config definitions: the keys whose type is not
// Boolean take the next word; shorthands as npm expands them); pnpm and
// yarn without their leading options. It reports false when a word's
// role cannot be told (a variable where an option may be, an
// abbreviated or combined option).
func npmWords(base string, rest []arg) (out []arg, at []int, ok bool) {
	for i := 0; i < len(rest); i++ {
		a := rest[i]
		if !a.v.known || a.v.s == "--" || !strings.HasPrefix(a.v.s, "-") || a.v.s == "-" {
			out, at = append(out, a), append(at, i)
			if a.v.known && a.v.s == "--" {
				for j := i + 1; j < len(rest); j++ {
					out, at = append(out, rest[j]), append(at, j)
				}
				break
			}
			continue
		}
		s := a.v.s
		if base != "npm" {
			// pnpm and yarn: options are flags but their folder (read
			// above) and --filter.
			if s == "-C" || s == "--dir" || s == "--cwd" || s == "--prefix" || s == "--filter" || s == "-F" {
				i++
			}
			continue
		}
		key, _, has := strings.Cut(strings.TrimLeft(s, "-"), "=")
		if has {
			continue
		}
		if !strings.HasPrefix(s, "--") {
			// -C, -w: a shorthand of a key with a value; -s, -g: flags.
			switch key {
			case "C", "c", "L", "m", "w", "reg":
				i++
				continue
			case "d", "dd", "ddd", "q", "s", "n", "a", "f", "g", "l", "p", "S", "B", "D", "E", "O", "P", "h", "H", "v", "y", "?":
				continue
			}
			return nil, nil, false
		}
		key = strings.TrimPrefix(key, "no-")
		switch npmKeyValued(key) {
		case 1:
			i++
		case 2:
			return nil, nil, false
		}
	}
	return out, at, true
}

// npmKeyValued reports whether npm's config key takes the next word as
// its value (1), not (0), or cannot be told (2: a prefix of a key with
// a value, which nopt expands). The keys are npm 11.19's definitions
// whose type is not Boolean; color, browser and the like that also
// take a Boolean read the next word only when it is one of their
// values, which a hook does not write after a script name.
func npmKeyValued(key string) int {
	const valued = " _auth access allow-directory allow-file allow-git allow-remote allow-scripts also audit-level auth-type " +
		"before ca cache cache-max cache-min cafile call cert cidr cpu depth diff diff-dst-prefix diff-src-prefix " +
		"diff-unified editor expect-result-count expires fetch-retries fetch-retry-factor fetch-retry-maxtimeout " +
		"fetch-retry-mintimeout fetch-timeout git globalconfig heading https-proxy include init-author-email " +
		"init-author-name init-author-url init-license init-module init-type init-version init.author.email " +
		"init.author.name init.author.url init.license init.module init.version install-strategy key libc " +
		"local-address location lockfile-version loglevel logs-dir logs-max name maxsockets message min-release-age " +
		"min-release-age-exclude node-gyp node-options noproxy omit only orgs os otp package pack-destination packages " +
		"prefix preid provenance-file proxy registry replace-registry-host save-prefix sbom-format sbom-type scope " +
		"scopes packages-and-scopes-permission orgs-permission password token-description script-shell searchexclude " +
		"searchlimit searchopts searchstaleness shell tag tag-version-prefix umask user-agent userconfig viewer which " +
		"workspace dir cwd filter "
	if strings.Contains(valued, " "+key+" ") {
		return 1
	}
	switch key {
	case "all", "audit", "global", "provenance", "save":
		return 0 // Boolean keys that begin keys with a value
	}
	if strings.Contains(valued, " "+key) {
		return 2 // --pref sub is --prefix sub
	}
	return 0
}
