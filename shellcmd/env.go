package shellcmd

import (
	"path/filepath"
	"sort"
	"strings"

	"mvdan.cc/sh/v3/syntax"

	"github.com/gh-hooks/gh-hooks/internal/lazyre"
)

// Variables that change what a command runs, whether they come from the
// hook's env (Options.Env), an assignment in the command (PATH=...,
// export, declare, read, printf -v) or a wrapper (env NAME=value). setVar
// is the one place that knows them.

// sourceVars name shell code a shell reads before the command: bash
// reads BASH_ENV when it starts non-interactive, sh and bash --posix
// read ENV (bash(1), INVOCATION).
func sourceVars(s string) bool {
	switch s {
	case "BASH_ENV", "ENV":
		return true
	}
	return false
}

// preloadVars name libraries the dynamic loader maps into every
// program (ld.so(8), dyld(1)).
func preloadVars(s string) bool {
	switch s {
	case "LD_PRELOAD", "LD_AUDIT", "DYLD_INSERT_LIBRARIES":
		return true
	}
	return false
}

// folderVars add folders that programs load code from by name:
// libraries, loadable builtins, Perl and Ruby modules, git's
// commands. A project folder there is not followed.
func folderVars(s string) bool {
	switch s {
	case "LD_LIBRARY_PATH", "DYLD_LIBRARY_PATH", "DYLD_FALLBACK_LIBRARY_PATH",
		"DYLD_FRAMEWORK_PATH", "GCONV_PATH", "BASH_LOADABLES_PATH", "PERL5LIB",
		"PERLLIB", "RUBYLIB", "GEM_PATH", "GEM_HOME", "LUA_PATH",
		"LUA_CPATH", "GIT_EXEC_PATH", "GIT_TEMPLATE_DIR", "PYTHONHOME",
		"PYTHONUSERBASE", "PYTHONPYCACHEPREFIX", "NODE_PATH", "CLASSPATH":
		return true
	}
	return false
}

// optionVars pass options, or code, to an interpreter or tool that
// every program of its kind reads; they are not followed.
func optionVars(s string) bool {
	switch s {
	case "PERL5OPT", "RUBYOPT", "JAVA_TOOL_OPTIONS", "_JAVA_OPTIONS",
		"JDK_JAVA_OPTIONS", "LUA_INIT", "GIT_CONFIG_COUNT", "GIT_CONFIG_PARAMETERS",
		"GIT_CONFIG", "GIT_CONFIG_GLOBAL", "GIT_CONFIG_SYSTEM", "GIT_DIR",
		"GIT_WORK_TREE", "BASHOPTS", "npm_config_node_options",
		"NPM_CONFIG_NODE_OPTIONS", "PYTHONEXECUTABLE":
		return true
	}
	return false
}

// configHomeVars say where programs read their own configuration,
// which can run commands (git aliases and hooks, npm's script-shell).
func configHomeVars(s string) bool {
	switch s {
	case "HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME",
		"NPM_CONFIG_USERCONFIG", "npm_config_userconfig", "NPM_CONFIG_GLOBALCONFIG",
		"npm_config_globalconfig", "ZDOTDIR", "INPUTRC", "PIP_CONFIG_FILE":
		return true
	}
	return false
}

// commandVars hold a command line that programs run (git, less, man,
// sudo, ssh): it is read as a command.
func commandVars(s string) bool {
	switch s {
	case "GIT_SSH_COMMAND", "GIT_SSH", "GIT_EDITOR", "GIT_PAGER", "PAGER",
		"EDITOR", "VISUAL", "LESSOPEN", "LESSCLOSE", "GIT_ASKPASS",
		"SSH_ASKPASS", "SUDO_ASKPASS", "BROWSER", "GIT_EXTERNAL_DIFF",
		"GIT_PROXY_COMMAND", "PROMPT_COMMAND", "MANPAGER", "GIT_SEQUENCE_EDITOR",
		"npm_config_script_shell", "NPM_CONFIG_SCRIPT_SHELL":
		return true
	}
	return false
}

// Follows reports whether setVar follows exactly what the variable makes
// run or load, so that the files it names are found where the program
// finds them (PATH and CDPATH lookups, Python's import path, shell code
// and preloads): a caller need not hash a folder it names as a whole.
func Follows(name string) bool {
	switch {
	case name == "PATH" || name == "CDPATH" || name == "PYTHONPATH" || name == "PS4" || name == "NODE_OPTIONS" || name == "PYTHONSTARTUP":
		return true
	case sourceVars(name) || preloadVars(name) || commandVars(name) || strings.HasPrefix(name, "BASH_FUNC_"):
		return true
	}
	return false
}

// setVar gives a variable a value in st and follows what the value makes
// the shell or its programs run.
func (w *walker) setVar(name string, v val, st *state, depth int) {
	if w.intAttr[name] && v.why != arithValue {
		// declare -i x; then read x, printf -v x, mapfile -t x, declare
		// "x=...": bash evaluates what is stored as arithmetic, and a
		// subscript in it runs a command (read x <<< 'a[$(./evil)]').
		if v.known {
			w.arithText(v.s, "$"+name, st, depth, 0)
		} else {
			w.unknown(name + ", an integer variable (declare -i), set to " + v.why + ", which bash evaluates as arithmetic (a subscript in it can run a command): not followed")
		}
		v = val{why: arithValue}
		defer st.setInt(name, true)
	}
	if v.known && w.caseAttr[name] {
		// declare -u/-l/-c: what is stored is not what was written.
		v = val{why: "a variable with a case attribute (declare -u, -l, -c)"}
	}
	if v.known {
		st.vars[name] = v.s
	} else {
		delete(st.vars, name)
	}
	st.setInt(name, false)
	unknown := func(what string) { w.unknown(name + " set to " + v.why + ": " + what) }
	switch {
	case name == "PATH":
		if !v.known {
			w.unknown("PATH set to " + v.why)
		}
		st.path = pathDirs(v, st)
	case sourceVars(name):
		switch {
		case v.known && v.s != "":
			w.followShell(w.file(name+"="+v.s, v, RoleSource, st), st.copy(), depth, false)
		case !v.known && v.from != nil:
			w.followShell(w.file(name, v, RoleSource, st), st.copy(), depth, false)
		case !v.known:
			unknown("shell code bash reads first")
		}
	case name == "CDPATH" || name == "SHELL":
		if !v.known {
			st.vars[name] = "\x00" // set, to something unknown
		}
	case strings.HasPrefix(name, "BASH_FUNC_"):
		w.exportedFunc(name, v, st, depth)
	case name == "SHELLOPTS":
		// bash takes set -o options from it when it starts (bash(1)).
		if !v.known {
			unknown("set -o options of every bash")
			return
		}
		for _, o := range strings.Split(v.s, ":") {
			if o != "" {
				w.shellOption("SHELLOPTS", "-o", o, st)
			}
		}
	case name == "PS4":
		// With xtrace on (set -x, SHELLOPTS=xtrace, bash -x), bash expands
		// PS4 before every command: its substitutions run.
		if !v.known {
			unknown("the xtrace prompt, expanded before every command")
			return
		}
		if word, err := syntax.NewParser().Document(strings.NewReader(v.s)); err == nil {
			w.parts(word, st, depth)
		}
	case name == "NODE_OPTIONS":
		if !v.known {
			unknown("options of every node process")
			return
		}
		w.nodeOptions(strings.Fields(v.s), st, depth)
	case name == "PYTHONSTARTUP":
		if v.known && v.s != "" {
			w.followPython(w.file(name+"="+v.s, v, RoleScript, st), st, depth, "")
		} else if !v.known {
			unknown("a file every interactive python runs")
		}
	case name == "GOFLAGS" || name == "GOWORK" || name == "GOENV":
		// Read by the go command (gomod.go) when it runs.
		if !v.known {
			unknown("read by every go command")
		}
	case name == "PYTHONPATH":
		if !v.known {
			unknown("where python finds modules")
		}
	case preloadVars(name):
		if !v.known {
			unknown("libraries loaded into every program")
			return
		}
		for _, f := range strings.FieldsFunc(v.s, func(r rune) bool { return r == ':' || r == ' ' }) {
			w.file(name+"="+f, val{s: f, known: true}, RoleProgram, st)
		}
	case folderVars(name):
		if !v.known {
			unknown("folders that code is loaded from")
			return
		}
		for _, d := range filepath.SplitList(v.s) {
			if d == "" || d == "$PATH" || d == "${PATH}" || strings.HasPrefix(d, "$") {
				continue
			}
			if !filepath.IsAbs(d) || w.inProject(d, st) {
				w.unknown(name + " adds the project folder " + d + ", which code is loaded from: not followed")
				return
			}
		}
	case optionVars(name):
		if v.known && v.s == "" {
			return
		}
		w.unknown(name + " passes options or code to every program of its kind: not followed")
	case commandVars(name):
		if !v.known {
			unknown("a command other programs run")
			return
		}
		w.script(strings.TrimPrefix(strings.TrimSpace(v.s), "|"), st.copy(), depth+1)
	case configHomeVars(name):
		// Programs read their configuration from there (~/.gitconfig's
		// aliases and core.fsmonitor, ~/.npmrc, Python's user site).
		if !v.known {
			unknown("where programs read their configuration")
			return
		}
		if v.s != "" && (!filepath.IsAbs(v.s) && !strings.HasPrefix(v.s, "~") || w.inProject(v.s, st)) {
			w.unknown(name + " points into the project (" + v.s + "): the configuration programs read from there is not followed")
		}
	case strings.HasPrefix(name, "GIT_CONFIG_KEY_") || strings.HasPrefix(name, "GIT_CONFIG_VALUE_"):
		w.unknown(name + " sets git configuration, which can run commands: not followed")
	}
}

// inProject reports whether the absolute directory d is under the
// directory the command started in (the project).
func (w *walker) inProject(d string, st *state) bool {
	if w.top == "" {
		return false
	}
	rel, err := filepath.Rel(w.top, d)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}

// exportedFunc follows an exported function: bash imports a variable
// BASH_FUNC_name%% (or BASH_FUNC_name()) whose value starts with "() {" as
// the function name, which then runs instead of the program of that name
// (bash(1), export -f; variables.c).
func (w *walker) exportedFunc(name string, v val, st *state, depth int) {
	fn := strings.TrimPrefix(name, "BASH_FUNC_")
	fn = strings.TrimSuffix(strings.TrimSuffix(fn, "%%"), "()")
	if !v.known {
		w.unknown("the exported function " + fn + " (" + name + ") set to " + v.why)
		return
	}
	if !strings.HasPrefix(v.s, "() {") {
		return // bash imports only "() {...}"
	}
	if w.script(fn+" "+v.s, st.copy(), depth+1) != "" {
		return
	}
	// It runs where a shell of the hook calls it, in whatever state
	// that shell is: its body is walked here too.
	w.callFunc(fn, nil, st.copy(), depth)
}

// geminiRef matches what Gemini expands in a settings string at load time
// (envVarResolver.ts, config.Expand): $NAME, ${NAME}, ${NAME:-default}.
var geminiRef = lazyre.New(`\$(?:(\w+)|\{([^}]+?)(?::-([^}]*))?\})`)

// startEnv applies the hook's own env, as written, to the state bash
// starts with. Gemini expands $NAME in the values with its own
// environment before it runs the hook: $PATH stays the inherited PATH
// (kept as "$PATH", which is not the project's), a variable this analysis
// knows (the project directory, HOME) takes its value, and any other
// makes the value unknown: what it is depends on who runs the hook.
func (w *walker) startEnv(env map[string]string, st *state) {
	if len(env) == 0 {
		return
	}
	names := make([]string, 0, len(env))
	for k := range env {
		names = append(names, k)
	}
	sort.Slice(names, func(i, j int) bool {
		// PATH first: it decides where bash and everything else is found.
		if (names[i] == "PATH") != (names[j] == "PATH") {
			return names[i] == "PATH"
		}
		return names[i] < names[j]
	})
	for _, k := range names {
		v := envValue(env[k], st)
		w.setVar(k, v, st, 0)
		if k == "PATH" {
			// Node's spawn looks bash up in the env's PATH (child_process:
			// "options.env.PATH ... is used for the command lookup").
			w.exec(arg{v: val{s: "bash", known: true}, text: "bash"}, st, 0)
		}
	}
}

// envValue is the value a hook's env entry has when bash starts (see
// startEnv).
func envValue(s string, st *state) val {
	why := ""
	out := geminiRef.Get().ReplaceAllStringFunc(s, func(m string) string {
		sub := geminiRef.Get().FindStringSubmatch(m)
		name := sub[1]
		if name == "" {
			name = sub[2]
		}
		if name == "PATH" {
			return "$PATH"
		}
		if x, ok := st.vars[name]; ok {
			return x
		}
		if sub[3] != "" || strings.Contains(m, ":-") {
			if why == "" {
				why = "$" + name + " (Gemini's environment, or the default)"
			}
			return m
		}
		if why == "" {
			why = "$" + name + " (Gemini's environment)"
		}
		return m
	})
	if why != "" {
		return val{why: why}
	}
	return val{s: out, known: true}
}
