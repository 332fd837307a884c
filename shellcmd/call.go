package shellcmd

import (
	"path/filepath"
	"slices"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// arg is one word of a simple command: its value and its text.
type arg struct {
	v    val
	text string
}

func args(words []*syntax.Word, st *state) []arg {
	out := make([]arg, 0, len(words))
	for _, w := range words {
		if hasBraceLit(w) && syntax.SplitBraces(w) {
			// ./{evil,good}.sh runs ./evil.sh ./good.sh (bash(1), Brace
			// Expansion): one word each.
			words, ok := braceWords(w, maxBraceWords)
			if !ok {
				out = append(out, arg{v: val{why: "a brace expansion of more than 64 words"}, text: source(w)})
				continue
			}
			for _, x := range words {
				out = append(out, arg{v: eval(x, st), text: source(x)})
			}
			continue
		}
		out = append(out, arg{v: eval(w, st), text: source(w)})
	}
	return out
}

// maxBraceWords bounds the words one brace expansion yields here.
const maxBraceWords = 64

func hasBraceLit(w *syntax.Word) bool {
	for _, p := range w.Parts {
		if l, ok := p.(*syntax.Lit); ok && strings.Contains(l.Value, "{") {
			return true
		}
	}
	return false
}

// call walks one simple command. stdin is the redirection of its standard
// input and pipe the command whose output it reads, if any.
func (w *walker) call(c *syntax.CallExpr, st *state, depth int, stdin *syntax.Redirect, pipe *syntax.Stmt) {
	for _, a := range c.Args {
		w.parts(a, st, depth)
	}
	if len(c.Args) == 0 {
		// NAME=value alone: the shell keeps it.
		for _, as := range c.Assigns {
			w.assign(as, st, depth, false)
		}
		return
	}
	run := st
	if len(c.Assigns) > 0 {
		// NAME=value cmd: the assignment is for cmd alone; cd inside
		// cmd (a builtin) still changes the shell's directory.
		run = st.copy()
		for _, as := range c.Assigns {
			w.assign(as, run, depth, false)
		}
	}
	w.run(args(c.Args, run), run, st, depth, stdin, pipe)
}

// run walks a command given as words. shell is the state that a builtin
// such as cd changes (st with the command's own assignments is run).
func (w *walker) run(words []arg, run, shell *state, depth int, stdin *syntax.Redirect, pipe *syntax.Stmt) {
	if len(words) == 0 {
		return
	}
	name := words[0]
	if !name.v.known {
		w.unknown("a program named by " + name.v.why)
		return
	}
	n := name.v.s
	base := filepath.Base(n)
	rest := words[1:]
	switch {
	case w.funcs[n]:
		return // its body was walked where it is defined
	case n == "cd" || n == "pushd":
		old := shell.dir
		shell.dir = w.cd(rest, run)
		shell.old = old
		return
	case n == "popd":
		shell.dir, shell.old = "", shell.dir
		w.unknown("cd to a computed directory")
		return
	case n == "eval":
		w.eval(rest, run, depth)
		return
	case n == "source" || n == ".":
		w.source(rest, run, shell, depth, stdin, pipe)
		return
	case n == "hash":
		w.hash(rest, run, depth)
		return
	case n == "read" || n == "mapfile" || n == "readarray":
		w.read(n, rest, shell, depth, stdin)
		return
	case n == "printf" && len(rest) > 1 && rest[0].v.s == "-v":
		w.setVar(rest[1].v.s, printfValue(rest[2:]), shell, depth)
		return
	case n == "unset":
		for _, a := range rest {
			if a.v.known && a.v.s == "PATH" {
				// Without PATH bash searches a built-in default path.
				w.setVar("PATH", val{why: "unset"}, shell, depth)
			} else if a.v.known && !strings.HasPrefix(a.v.s, "-") {
				delete(shell.vars, a.v.s)
			}
		}
		return
	case n == "alias":
		w.alias(rest, run, depth)
		return
	case n == "enable":
		w.enable(rest, run)
		return
	case n == "export" || n == "declare" || n == "typeset" || n == "local" || n == "readonly":
		// Reached as words (builtin export ..., command declare ...).
		for _, a := range rest {
			switch {
			case !a.v.known:
				w.unknown(n + " of " + a.v.why)
			case strings.HasPrefix(a.v.s, "-n"):
				w.unknown(n + " -n (a nameref: assignments through it can set any variable)")
			case isAssignment(a.v.s):
				k, x, _ := strings.Cut(a.v.s, "=")
				w.setVar(k, val{s: x, known: true}, shell, depth)
			}
		}
		return
	case n == "trap":
		if len(rest) > 0 && rest[0].v.known && !strings.HasPrefix(rest[0].v.s, "-") {
			w.script(rest[0].v.s, run.copy(), depth+1)
		} else if len(rest) > 0 && !rest[0].v.known {
			w.unknown("a trap with " + rest[0].v.why)
		}
		return
	case n == "command" && len(rest) > 0 && (rest[0].v.s == "-v" || rest[0].v.s == "-V"),
		n == "type", n == "which":
		for _, a := range rest {
			if a.v.known && !strings.HasPrefix(a.v.s, "-") && !slices.Contains(w.a.Checked, a.v.s) {
				w.a.Checked = append(w.a.Checked, a.v.s)
			}
		}
		if n == "which" {
			w.program(Program{Name: n})
		}
		return
	case n == "find":
		w.find(rest, run, depth)
		w.program(Program{Name: n})
		return
	case len(rest) > 0 && rest[0].v.s == "claude-compat":
		w.claudeCompat(rest[1:], run, depth)
		w.program(Program{Name: n, Path: w.progPath(n, run)})
		return
	}
	if wr, ok := wrappers[base]; ok && !strings.Contains(n, "/") {
		w.program(Program{Name: n})
		if base == "xargs" {
			w.xargs(rest, run, shell, depth, stdin, pipe)
			return
		}
		w.wrapped(wr, base, rest, run, shell, depth, stdin, pipe)
		return
	}
	if w.tool(base, n, rest, run, shell, depth, stdin, pipe) {
		return
	}
	w.exec(name, run, depth)
	switch {
	case shells[base]:
		w.shell(rest, run, depth, stdin, pipe)
	case interpreters[base] != nil || isPython(base):
		it := interpreters[base]
		if it == nil {
			it = interpreters["python3"]
		}
		w.interpreter(it, base, rest, run, depth, stdin, pipe)
	case manifests[base] != "":
		w.manifest(base, rest, run, depth)
	}
}

// isPython reports whether a program name is a Python interpreter
// (python, python3, python3.12, pypy3).
func isPython(base string) bool {
	return strings.HasPrefix(base, "python") || strings.HasPrefix(base, "pypy")
}

// exec records the program a command word runs, and follows it.
func (w *walker) exec(name arg, st *state, depth int) {
	n := name.v.s
	if strings.Contains(n, "/") {
		w.followProgram(w.file(name.text, name.v, RoleProgram, st), st, depth)
		w.program(Program{Name: n, Path: w.progPath(n, st)})
		return
	}
	for _, d := range st.path {
		if w.full() {
			break
		}
		if d == "" {
			w.unknown("PATH set to a computed value")
			continue
		}
		w.followProgram(w.file(name.text, val{s: filepath.Join(d, n), known: true}, RoleProgram, st), st, depth)
	}
	w.program(Program{Name: n})
}

// progPath is the path a program word names, "" for a name found on PATH.
func (w *walker) progPath(n string, st *state) string {
	switch {
	case !strings.Contains(n, "/"):
		return ""
	case filepath.IsAbs(n):
		return filepath.Clean(n)
	case st.dir == "":
		return ""
	}
	return filepath.Join(st.dir, n)
}

// cd returns the directory `cd args` moves to ("" when unknown).
func (w *walker) cd(rest []arg, st *state) string {
	for len(rest) > 0 && strings.HasPrefix(rest[0].v.s, "-") && rest[0].v.s != "-" && rest[0].v.known {
		if rest[0].v.s == "--" {
			rest = rest[1:]
			break
		}
		rest = rest[1:] // -L, -P, -e
	}
	if len(rest) == 0 {
		if home, ok := st.vars["HOME"]; ok {
			return home
		}
		w.unknown("cd to $HOME")
		return ""
	}
	t := rest[0].v
	switch {
	case !t.known:
		w.unknown("cd to a computed directory")
		return ""
	case t.s == "-":
		if st.old == "" {
			w.unknown("cd -")
		}
		return st.old
	case filepath.IsAbs(t.s):
		return filepath.Clean(t.s)
	case st.dir == "":
		return ""
	}
	if cdpath, ok := st.vars["CDPATH"]; ok && cdpath != "" && !strings.HasPrefix(t.s, "./") && !strings.HasPrefix(t.s, "../") && t.s != "." && t.s != ".." {
		// cd searches CDPATH first (bash(1), cd).
		return w.cdpath(t.s, cdpath, st)
	}
	return filepath.Join(st.dir, t.s)
}

// cdpath is the directory `cd name` moves to with CDPATH set: the first
// folder of CDPATH that holds name (an empty entry is the current one).
// Without a Reader, or when a candidate cannot be checked (outside the
// project, an unknown CDPATH), it is not known.
func (w *walker) cdpath(name, cdpath string, st *state) string {
	if cdpath == "\x00" || w.files == nil {
		w.unknown("cd " + name + " with CDPATH set")
		return ""
	}
	for _, d := range strings.Split(cdpath, ":") {
		if d == "" || d == "." {
			d = st.dir
		} else if !filepath.IsAbs(d) {
			d = filepath.Join(st.dir, d)
		}
		cand := filepath.Join(d, name)
		if _, ok := w.files.ReadDir(cand); ok {
			return cand
		}
		if !w.inProject(cand, st) {
			w.unknown("cd " + name + " with CDPATH set to a folder outside the project")
			return ""
		}
	}
	return filepath.Join(st.dir, name)
}

// eval runs its arguments, joined, as shell code: followed when they are
// known text, an Unknown otherwise.
func (w *walker) eval(rest []arg, st *state, depth int) {
	if len(rest) == 1 && rest[0].v.from != nil {
		// eval "$(cat f)": f's code, in this shell.
		w.followShell(w.file(rest[0].text, rest[0].v, RoleSource, st), st, depth, true)
		return
	}
	var parts []string
	for _, a := range rest {
		if !a.v.known {
			w.unknown("eval of " + a.v.why)
			return
		}
		parts = append(parts, a.v.s)
	}
	w.script(strings.Join(parts, " "), st, depth+1)
}

// find follows the commands of -exec, -execdir, -ok and -okdir.
func (w *walker) find(rest []arg, st *state, depth int) {
	for i := 0; i < len(rest); i++ {
		switch rest[i].v.s {
		case "-exec", "-execdir", "-ok", "-okdir":
			j := i + 1
			for j < len(rest) && rest[j].v.s != ";" && rest[j].v.s != "+" {
				j++
			}
			cmd := slices.Clone(rest[i+1 : j])
			for k := range cmd {
				if cmd[k].v.known && strings.Contains(cmd[k].v.s, "{}") {
					cmd[k].v = val{why: "find's results ({})"}
				}
			}
			w.run(cmd, st, st.copy(), depth+1, nil, nil)
			i = j
		}
	}
}

// claudeCompat follows the command that `gh-hooks claude-compat [flags]
// -- CMD` runs with sh -c (package claudecompat).
func (w *walker) claudeCompat(rest []arg, st *state, depth int) {
	for i, a := range rest {
		if a.v.s != "--" {
			continue
		}
		if i+1 >= len(rest) {
			return
		}
		if !rest[i+1].v.known {
			w.unknown("a Claude hook command with " + rest[i+1].v.why)
			return
		}
		inner := st.copy()
		if st.dir != "" {
			inner.vars["CLAUDE_PROJECT_DIR"] = st.dir
		}
		// Claude substitutes ${CLAUDE_PROJECT_DIR} in the text (claudecompat.Run).
		w.script(rest[i+1].v.s, inner, depth+1)
		return
	}
}

// wrapper describes a program that runs another one: the options that
// take a value, and how many words (after the options) come before the
// command.
type wrapper struct {
	withArg []string
	// lead is the number of operands before the command (timeout's
	// duration, flock's lock file).
	lead int
	// shellC is the option whose value is a command line run by sh -c
	// (flock -c, watch runs all its words that way).
	shellC string
	// noRun are options with which the program runs nothing (command -v).
	noRun []string
}

// wrappers run the rest of their words as a command.
var wrappers = map[string]wrapper{
	"exec":       {withArg: []string{"-a"}},
	"command":    {noRun: []string{"-v", "-V"}},
	"builtin":    {},
	"nohup":      {},
	"time":       {withArg: []string{"-f", "-o", "--format", "--output"}},
	"nice":       {withArg: []string{"-n", "--adjustment"}},
	"timeout":    {withArg: []string{"-s", "--signal", "-k", "--kill-after"}, lead: 1},
	"stdbuf":     {withArg: []string{"-i", "-o", "-e", "--input", "--output", "--error"}},
	"ionice":     {withArg: []string{"-c", "-n", "--class", "--classdata"}, noRun: []string{"-p", "-P", "-u", "--pid", "--pgid", "--uid"}},
	"setsid":     {},
	"chrt":       {lead: 1, noRun: []string{"-p", "--pid"}},
	"taskset":    {lead: 1, noRun: []string{"-p", "--pid"}},
	"env":        {withArg: []string{"-u", "--unset", "-S", "--split-string", "-C", "--chdir"}},
	"xargs":      {withArg: []string{"-a", "--arg-file", "-d", "--delimiter", "-E", "-e", "-I", "-i", "-L", "-l", "-n", "--max-args", "-P", "--max-procs", "-s", "--max-chars"}},
	"sudo":       {withArg: []string{"-u", "--user", "-g", "--group", "-C", "-D", "--chdir", "-h", "--host", "-p", "--prompt", "-r", "--role", "-t", "--type", "-U", "--other-user", "-T", "--command-timeout"}},
	"doas":       {withArg: []string{"-u", "-C"}},
	"flock":      {withArg: []string{"-w", "--timeout", "-E", "--conflict-exit-code"}, lead: 1, shellC: "-c"},
	"watch":      {withArg: []string{"-n", "--interval", "-d", "--differences", "-q", "--equexit"}},
	"caffeinate": {withArg: []string{"-t", "-w"}},
	"unbuffer":   {},
	"uvx":        {withArg: []string{"--from", "--with", "-p", "--python"}},
}

// options walks a wrapper's options, up to its first operand or "--",
// calling each with the option's index, name and "=value"; an option of
// withArg takes the next word as its value. It returns the index of the
// first word after the options; stop is true when each returned false.
func (wr wrapper) options(rest []arg, each func(i int, opt, value string, hasValue bool) bool) (int, bool) {
	i := 0
	for i < len(rest) {
		a := rest[i]
		if !a.v.known || !strings.HasPrefix(a.v.s, "-") || a.v.s == "-" {
			break
		}
		if a.v.s == "--" {
			i++
			break
		}
		opt, value, hasValue := strings.Cut(a.v.s, "=")
		if !each(i, opt, value, hasValue) {
			return i, true
		}
		if slices.Contains(wr.withArg, opt) && !hasValue && !(len(opt) > 2 && !strings.HasPrefix(opt, "--")) {
			i++
		}
		i++
	}
	return i, false
}

// wrapped walks the command a wrapper runs.
func (w *walker) wrapped(wr wrapper, base string, rest []arg, run, shell *state, depth int, stdin *syntax.Redirect, pipe *syntax.Stmt) {
	inner := run
	i, stop := wr.options(rest, func(i int, opt, value string, hasValue bool) bool {
		if slices.Contains(wr.noRun, opt) {
			return false
		}
		if opt == wr.shellC {
			if i+1 < len(rest) {
				w.run([]arg{{v: val{s: "sh", known: true}, text: "sh"}, {v: val{s: "-c", known: true}, text: "-c"}, rest[i+1]}, run, shell, depth+1, nil, nil)
			}
			return false
		}
		if base == "env" && (opt == "-C" || opt == "--chdir") {
			inner = run.copy()
			d := value
			if !hasValue && i+1 < len(rest) {
				d = rest[i+1].v.s
			}
			inner.dir = w.cd([]arg{{v: val{s: d, known: true}}}, run)
		}
		if base == "env" && (opt == "-S" || opt == "--split-string") {
			w.unknown("env -S")
			return false
		}
		return true
	})
	if stop {
		return
	}
	if base == "env" {
		// env NAME=value ... command
		// env takes every word with a = as an assignment (BASH_FUNC_f%%=...).
		for i < len(rest) && rest[i].v.known && strings.IndexByte(rest[i].v.s, '=') > 0 {
			if inner == run {
				inner = run.copy()
			}
			k, v, _ := strings.Cut(rest[i].v.s, "=")
			w.setVar(k, val{s: v, known: true}, inner, depth)
			i++
		}
	}
	if i+wr.lead > len(rest) {
		return
	}
	cmd := rest[i+wr.lead:]
	if base == "watch" && len(cmd) > 0 {
		// watch runs its words joined, with sh -c.
		var parts []string
		for _, a := range cmd {
			if !a.v.known {
				w.unknown("watch with " + a.v.why)
				return
			}
			parts = append(parts, a.v.s)
		}
		w.script(strings.Join(parts, " "), inner.copy(), depth+1)
		return
	}
	if len(cmd) == 0 {
		return
	}
	if base == "npx" || base == "bunx" || base == "uvx" {
		// A package's binary: a program by name, fetched when missing.
		if cmd[0].v.known {
			w.program(Program{Name: cmd[0].v.s, Package: true})
		}
		return
	}
	w.run(cmd, inner, shell, depth, stdin, pipe)
}

func isAssignment(s string) bool {
	i := strings.IndexByte(s, '=')
	if i <= 0 {
		return false
	}
	for j, c := range s[:i] {
		if !(c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || j > 0 && c >= '0' && c <= '9') {
			return false
		}
	}
	return true
}

// shells read shell code: from -c, a script file, or stdin.
var shells = map[string]bool{"sh": true, "bash": true, "dash": true, "zsh": true, "ksh": true, "mksh": true, "ash": true}

// shell walks what a shell runs.
func (w *walker) shell(rest []arg, st *state, depth int, stdin *syntax.Redirect, pipe *syntax.Stmt) {
	for i := 0; i < len(rest); i++ {
		a := rest[i]
		if !a.v.known {
			w.unknown("a shell option or script named by " + a.v.why)
			return
		}
		s := a.v.s
		switch {
		case s == "--" || s == "-":
			if s == "--" && i+1 < len(rest) {
				w.shellScript(rest[i+1], st, depth, stdin, pipe)
				return
			}
			w.stdin(st, depth, stdin, pipe, "sh")
			return
		case s == "--rcfile" || s == "--init-file":
			if i+1 < len(rest) {
				w.file(rest[i+1].text, rest[i+1].v, RoleSource, st)
				i++
			}
		case s == "-o" || s == "+o" || s == "-O" || s == "+O":
			i++
		case strings.HasPrefix(s, "--"):
		case strings.HasPrefix(s, "-") || strings.HasPrefix(s, "+"):
			if strings.Contains(s, "c") && strings.HasPrefix(s, "-") {
				if i+1 < len(rest) {
					c := rest[i+1].v
					switch {
					case !c.known && c.from != nil:
						w.followShell(w.file(rest[i+1].text, c, RoleSource, st), st.copy(), depth, false)
					case !c.known:
						w.unknown("sh -c with " + c.why)
					default:
						w.script(c.s, st.copy(), depth+1)
					}
				}
				return
			}
			if strings.Contains(s, "s") {
				w.stdin(st, depth, stdin, pipe, "sh")
				return
			}
		default:
			w.shellScript(a, st, depth, stdin, pipe)
			return
		}
	}
	w.stdin(st, depth, stdin, pipe, "sh")
}

// stdinFiles are the names of a process's own standard input: a script
// given as one of them is read from stdin (bash /dev/stdin < f).
var stdinFiles = map[string]bool{"/dev/stdin": true, "/dev/fd/0": true, "/proc/self/fd/0": true, "/proc/thread-self/fd/0": true}

// shellScript follows the script file a shell runs.
func (w *walker) shellScript(a arg, st *state, depth int, stdin *syntax.Redirect, pipe *syntax.Stmt) {
	if a.v.known && stdinFiles[a.v.s] {
		w.stdin(st, depth, stdin, pipe, "sh")
		return
	}
	w.followShell(w.file(a.text, a.v, RoleScript, st), st.copy(), depth, false)
}

// stdin walks the code a shell or interpreter reads from its standard
// input: a redirected file, a here-document, or the output of the command
// piped into it. lang is the language that reads it ("sh" for shell
// code; see followAs).
func (w *walker) stdin(st *state, depth int, r *syntax.Redirect, pipe *syntax.Stmt, lang string) {
	role := roleOf(lang)
	switch {
	case r != nil && (r.Op == syntax.Hdoc || r.Op == syntax.DashHdoc || r.Op == syntax.WordHdoc):
		body := r.Hdoc
		if r.Op == syntax.WordHdoc {
			body = r.Word
		}
		if role != RoleSource {
			return // the code is in the command itself
		}
		v := eval(body, st)
		switch {
		case !v.known && v.from != nil:
			// bash <<< "$(<f)": f's code.
			w.followShell(w.file(source(body), v, RoleSource, st), st.copy(), depth, false)
		case !v.known:
			w.unknown("a here-document with " + v.why + " fed to a shell")
		default:
			w.script(v.s, st.copy(), depth+1)
		}
	case r != nil && r.Word != nil:
		w.followAs(lang, w.file(source(r.Word), eval(r.Word, st), role, st), st, depth)
	case pipe != nil:
		w.piped(pipe, st, depth, lang)
	}
}

func isQuotedDelim(word *syntax.Word) bool {
	for _, p := range word.Parts {
		switch p.(type) {
		case *syntax.SglQuoted, *syntax.DblQuoted:
			return true
		}
	}
	return false
}

// pipeInto walks the right side of a pipe, y, which reads what x writes.
func (w *walker) pipeInto(x, y *syntax.Stmt, st *state, depth int) {
	var stdin *syntax.Redirect
	for _, r := range y.Redirs {
		if r.Word != nil {
			w.parts(r.Word, st, depth)
		}
		switch r.Op {
		case syntax.RdrIn, syntax.RdrInOut, syntax.Hdoc, syntax.DashHdoc, syntax.WordHdoc:
			stdin = r
		}
	}
	if c, ok := y.Cmd.(*syntax.CallExpr); ok {
		w.call(c, st, depth, stdin, x)
		return
	}
	w.command(y.Cmd, st, depth, stdin)
}

// piped says where the code piped into a shell or interpreter comes from.
func (w *walker) piped(from *syntax.Stmt, st *state, depth int, lang string) {
	role := roleOf(lang)
	if from.Cmd == nil {
		w.catStdin(from, st, depth, lang) // < f | sh
		return
	}
	c, ok := from.Cmd.(*syntax.CallExpr)
	if !ok || len(c.Args) == 0 {
		w.unknown("code piped into an interpreter")
		return
	}
	words := args(c.Args, st)
	if !words[0].v.known {
		w.unknown("code piped into an interpreter from " + words[0].v.why)
		return
	}
	switch filepath.Base(words[0].v.s) {
	case "cat":
		named := false
		for _, a := range words[1:] {
			if a.v.known && strings.HasPrefix(a.v.s, "-") && a.v.s != "-" {
				continue
			}
			if a.v.known && (a.v.s == "-" || stdinFiles[a.v.s]) {
				w.catStdin(from, st, depth, lang)
				named = true
				continue
			}
			named = true
			w.followAs(lang, w.file(a.text, a.v, role, st), st, depth)
		}
		if !named {
			// cat < f | sh: cat copies its own stdin.
			w.catStdin(from, st, depth, lang)
		}
	case "echo", "printf":
		if len(words) == 2 && words[1].v.from != nil {
			// echo "$(<f)" | sh
			w.followAs(lang, w.file(words[1].text, words[1].v, role, st), st, depth)
			return
		}
		var parts []string
		for _, a := range words[1:] {
			if !a.v.known {
				w.unknown("code piped into an interpreter from " + a.v.why)
				return
			}
			parts = append(parts, a.v.s)
		}
		if role == RoleSource && filepath.Base(words[0].v.s) == "echo" {
			w.script(strings.Join(parts, " "), st.copy(), depth+1)
		}
	default:
		w.unknown("code piped into an interpreter from " + words[0].v.s)
	}
}

// catStdin follows what cat copies from its standard input into a shell
// or interpreter: the file redirected into it (cat < f | sh).
func (w *walker) catStdin(from *syntax.Stmt, st *state, depth int, lang string) {
	var in *syntax.Redirect
	for _, r := range from.Redirs {
		if r.Op == syntax.RdrIn || r.Op == syntax.Hdoc || r.Op == syntax.DashHdoc || r.Op == syntax.WordHdoc {
			in = r
		}
	}
	if in == nil {
		w.unknown("code piped into an interpreter from cat's own input")
		return
	}
	w.stdin(st, depth, in, nil, lang)
}

// interp describes how an interpreter takes its script.
type interp struct {
	inline  []string // options whose value is code, not a file (-c, -e)
	withArg []string // options that take a value
	sub     string   // a subcommand that must come first (deno run)
	optSub  string   // a subcommand that may come first (bun run, uv run)
	module  string   // the option that names a module instead of a file (-m)
}

var (
	nodeInterp   = &interp{inline: []string{"-e", "--eval", "-p", "--print"}, withArg: nodeWithArg}
	pythonInterp = &interp{inline: []string{"-c"}, module: "-m", withArg: []string{"-W", "-X", "-Q"}}
)

// interpreters maps a program's base name to how it takes a script.
var interpreters = map[string]*interp{
	"node": nodeInterp, "nodejs": nodeInterp, "tsx": nodeInterp, "ts-node": nodeInterp,
	"bun":    {inline: []string{"-e", "--eval", "-p", "--print"}, optSub: "run", withArg: bunWithArg},
	"deno":   {sub: "run", withArg: []string{"--config", "-c", "--import-map"}},
	"python": pythonInterp, "python2": pythonInterp, "python3": pythonInterp, "pypy": pythonInterp, "pypy3": pythonInterp,
	"ruby":    {inline: []string{"-e"}, withArg: []string{"-r", "-I", "-C"}},
	"perl":    {inline: []string{"-e", "-E"}, withArg: []string{"-I", "-M"}},
	"php":     {inline: []string{"-r"}, withArg: []string{"-c", "-d"}},
	"Rscript": {inline: []string{"-e"}},
	"lua":     {inline: []string{"-e"}, withArg: []string{"-l"}},
	"pwsh":    {inline: []string{"-c", "-Command", "-command"}, withArg: []string{"-File", "-file", "-f"}},
	"uv":      {sub: "run", withArg: []string{"--with", "--python", "-p", "--project", "--directory", "--from", "--package"}, module: "-m"},
}

// interpreter walks what an interpreter runs: a script file, inline
// code, a module, or stdin; with a Reader it follows what that code
// loads (Python imports, Node requires and imports).
func (w *walker) interpreter(it *interp, base string, rest []arg, st *state, depth int, stdin *syntax.Redirect, pipe *syntax.Stmt) {
	lang := langOf(base)
	i := 0
	if it.sub != "" {
		if len(rest) == 0 || rest[0].v.s != it.sub {
			return
		}
		i++
	} else if it.optSub != "" && len(rest) > 0 && rest[0].v.s == it.optSub {
		i++
	}
	var preload []string
	// Node reads its options after -e too (node -e 1 -r ./pre.js
	// preloads pre.js): the code is followed after the loop.
	inline, hasInline := "", false
	for ; i < len(rest); i++ {
		a := rest[i]
		if !a.v.known {
			w.unknown("a script named by " + a.v.why)
			return
		}
		v := a.v.s
		if !strings.HasPrefix(v, "-") || v == "-" {
			break
		}
		if v == "--" {
			i++
			break
		}
		opt, value, hasValue := strings.Cut(v, "=")
		if slices.Contains(it.inline, opt) {
			// The code is in the command: follow what it loads.
			code := value
			if !hasValue && i+1 < len(rest) {
				c := rest[i+1].v
				if !c.known {
					w.unknown(base + " " + opt + " with " + c.why)
					return
				}
				code = c.s
			}
			if lang != "node" {
				w.inlineCode(lang, code, st, depth)
				return
			}
			inline, hasInline = code, true
			if !hasValue {
				i++
			}
			continue
		}
		if opt == it.module && it.module != "" {
			mod := value
			if !hasValue && i+1 < len(rest) {
				if !rest[i+1].v.known {
					w.unknown("a module named by " + rest[i+1].v.why)
					return
				}
				mod = rest[i+1].v.s
			}
			if lang == "python" {
				w.pythonModule(mod, st, depth)
			}
			return
		}
		if slices.Contains(it.withArg, opt) {
			if !hasValue && i+1 < len(rest) {
				i++
				value = rest[i].v.s
				if !rest[i].v.known {
					w.unknown(base + " " + opt + " with " + rest[i].v.why)
					continue
				}
			}
			if lang == "node" {
				preload = append(preload, opt+"="+value) // nodeOptions reads them
			} else if lang != "python" && (opt == "-r" || opt == "-I" || opt == "-M" || opt == "-l") && w.files != nil {
				w.unknown(base + " " + opt + " " + value + " loads more code: not followed")
			}
		} else if lang == "node" {
			preload = append(preload, v)
		}
	}
	if len(preload) > 0 {
		w.nodeOptions(preload, st, depth)
	}
	if hasInline {
		w.inlineCode(lang, inline, st, depth)
		return
	}
	if i >= len(rest) || rest[i].v.s == "-" || stdinFiles[rest[i].v.s] {
		w.stdin(st, depth, stdin, pipe, lang)
		return
	}
	a := rest[i]
	switch base {
	case "bun":
		if !strings.ContainsAny(a.v.s, "./") {
			w.manifest("npm", []arg{{v: val{s: "run", known: true}}, a}, st, depth)
			return
		}
	case "uv":
		// uv run SCRIPT.py, or uv run PROGRAM ARGS (python x.py, pytest).
		if !strings.HasSuffix(a.v.s, ".py") {
			w.run(rest[i:], st, st.copy(), depth, stdin, pipe)
			return
		}
		lang = "python"
	}
	w.followAs(lang, w.file(a.text, a.v, RoleScript, st), st, depth)
}

// langOf is the language an interpreter program reads, as followAs
// knows it: "sh", "python", "node", or the program's name for others.
func langOf(base string) string {
	switch {
	case shells[base]:
		return "sh"
	case isPython(base) || base == "uv":
		return "python"
	case interpreters[base] == nodeInterp || base == "bun" || base == "deno":
		return "node"
	}
	return base
}

// roleOf is the role of a file that lang reads as code.
func roleOf(lang string) Role {
	if lang == "sh" {
		return RoleSource
	}
	return RoleScript
}
