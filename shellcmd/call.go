package shellcmd

import (
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"mvdan.cc/sh/v3/syntax"

	"github.com/gh-hooks/gh-hooks/internal/shellword"
)

// arg is one word of a simple command: its value and its text.
type arg struct {
	v    val
	text string
	// one: the word is one word whatever its value (no unquoted
	// expansion that bash splits).
	one bool
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
		if oneWord(w) {
			out = append(out, arg{v: eval(w, st), text: source(w), one: true})
			continue
		}
		fs, ok, why := fields(w, st)
		if !ok {
			v := eval(w, st)
			if v.known {
				v = val{why: why}
			}
			out = append(out, arg{v: v, text: source(w)})
			continue
		}
		for _, f := range fs {
			out = append(out, arg{v: val{s: f, known: true}, text: source(w), one: true})
		}
	}
	return out
}

// fields splits a word with unquoted expansions into the words bash
// makes of it: the expanded text is split on IFS (bash(1), Word
// Splitting), and an empty one is no word at all ($EMPTY ./x.sh runs
// ./x.sh). ok is false, with why, when the words cannot be known: an
// unknown value, a glob character in the expanded text, IFS with other
// characters than blanks.
func fields(word *syntax.Word, st *state) (out []string, ok bool, why string) {
	ifs := " \t\n"
	if v, set := st.vars["IFS"]; set {
		ifs = v
	}
	if strings.Trim(ifs, " \t\n") != "" {
		return nil, false, "word splitting with IFS set to " + strconv.Quote(ifs)
	}
	cur, have := "", false
	flush := func() {
		if have {
			out = append(out, cur)
		}
		cur, have = "", false
	}
	for i, p := range word.Parts {
		switch p.(type) {
		case *syntax.ParamExp, *syntax.CmdSubst, *syntax.ArithmExp:
			v := eval(&syntax.Word{Parts: []syntax.WordPart{p}}, st)
			if !v.known {
				return nil, false, v.why
			}
			if hasGlob(v.s) {
				return nil, false, "a glob in the value of " + source(&syntax.Word{Parts: []syntax.WordPart{p}})
			}
			if ifs == "" {
				cur += v.s
				have = have || v.s != ""
				continue
			}
			isSep := func(r rune) bool { return strings.ContainsRune(ifs, r) }
			pieces := strings.FieldsFunc(v.s, isSep)
			if v.s != "" && isSep(rune(v.s[0])) {
				flush()
			}
			for j, x := range pieces {
				if j > 0 {
					flush()
				}
				cur += x
				have = true
			}
			if v.s != "" && isSep(rune(v.s[len(v.s)-1])) {
				flush()
			}
		default:
			var v val
			if l, isLit := p.(*syntax.Lit); isLit && i > 0 {
				if hasGlob(l.Value) {
					return nil, false, "a glob (" + l.Value + ")"
				}
				v = val{s: shellword.Unescape(l.Value), known: true}
			} else {
				v = eval(&syntax.Word{Parts: []syntax.WordPart{p}}, st)
			}
			if !v.known {
				return nil, false, v.why
			}
			cur += v.s
			have = true
		}
	}
	flush()
	return out, true, ""
}

// specialBuiltins are POSIX's special builtins (bash(1), SHELL BUILTIN
// COMMANDS; POSIX 2.14).
func specialBuiltins(s string) bool {
	switch s {
	case ":", ".", "break", "continue", "eval", "exec",
		"exit", "export", "readonly", "return", "set", "shift", "times", "trap",
		"unset", "source":
		return true
	}
	return false
}

// oneWord reports whether a word stays one word when bash expands it: it
// holds no unquoted parameter, command or arithmetic expansion.
func oneWord(w *syntax.Word) bool {
	for _, p := range w.Parts {
		switch p.(type) {
		case *syntax.ParamExp, *syntax.CmdSubst, *syntax.ArithmExp:
			return false
		}
	}
	return true
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
	if len(c.Assigns) > 0 && st.posix && specialBuiltins(c.Args[0].Lit()) {
		// POSIX mode: NAME=value before a special builtin stays in the
		// shell (bash(1), POSIX mode; dash and sh alike). Applied to
		// the shell and kept for the command.
		for _, as := range c.Assigns {
			w.assign(as, st, depth, false)
		}
	}
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
	if v, ok := w.aliases[n]; ok && w.calling["alias "+n] == 0 {
		// With expand_aliases, bash replaces the word NAME by the
		// alias's value (bash(1), ALIASES); without it, NAME runs.
		line := v
		for _, a := range rest {
			line += " " + a.text
		}
		put(&w.calling, "alias "+n, 1)
		w.script(line, shell, depth+1)
		w.calling["alias "+n]--
		if run.aliases {
			return
		}
	}
	if w.builtin(n, rest, run, shell, depth, stdin, pipe) {
		return
	}
	row := Lookup(base)
	if row != nil && row.Via != "" && (!strings.Contains(n, "/") || w.systemPath(n, run)) {
		w.viaRow(row, name, rest, run, shell, depth, stdin, pipe)
		return
	}
	if builtins(n) {
		// bash runs a builtin without looking on PATH.
		w.program(Program{Name: n})
		if row == nil {
			return // one that runs nothing of its words
		}
	} else {
		w.exec(name, run, depth)
	}
	switch {
	case row != nil:
		w.apply(row, n, rest, run, shell, depth, stdin, pipe)
	case strings.Contains(n, "/"):
		// A program by path: a project file is followed; one outside
		// the project is the machine's, recorded by its path.
	case w.foundInProject(n, run):
		// PATH=./bin:$PATH lint with ./bin/lint there: that file, followed.
	default:
		w.unknownProgram(n, rest, run)
	}
}

// builtin walks the builtins (and functions, cd, claude-compat) that
// change the shell's state or name what they reach, rather than run a
// program; it reports false for any other command.
func (w *walker) builtin(n string, rest []arg, run, shell *state, depth int, stdin *syntax.Redirect, pipe *syntax.Stmt) bool {
	switch {
	case w.funcs[n] != nil:
		w.callFunc(n, rest, shell, depth)
		return true
	case n == "exec" && len(rest) == 0:
		// exec <FILE: the shell's own standard input from here on.
		if stdin != nil {
			shell.in = stdin
		}
		return true
	case n == "shift":
		k := 1
		if len(rest) > 0 {
			if x, err := strconv.Atoi(rest[0].v.s); err == nil && rest[0].v.known && x >= 0 {
				k = x
			} else {
				k = 10
			}
		}
		shiftPositional(shell, k)
		return true
	case n == "pushd" && pushdStays(rest):
		return true // pushd -n DIR: the stack changes, not the folder
	case n == "pushd" && pushdRotates(rest):
		// pushd alone swaps the two top folders, pushd +N/-N rotates
		// the stack: a folder not followed.
		shell.dir, shell.old = "", shell.dir
		w.unknown("cd to a computed directory (" + strings.TrimSpace("pushd "+strings.Join(words(rest), " ")) + ")")
		return true
	case n == "cd" || n == "pushd":
		if ops := operands(rest); len(ops) > 1 {
			// bash 5 refuses cd with two folders and stays; bash 4
			// takes the first.
			shell.dir, shell.old = "", shell.dir
			w.unknown(n + " with more than one folder (bash 5 stays, bash 4 takes the first)")
			return true
		}
		old := shell.dir
		shell.dir = w.cd(rest, run)
		shell.old = old
		return true
	case n == "popd":
		shell.dir, shell.old = "", shell.dir
		w.unknown("cd to a computed directory")
		return true
	case n == "eval":
		w.eval(rest, run, depth)
		return true
	case n == "source" || n == ".":
		w.source(rest, run, shell, depth, stdin, pipe)
		return true
	case n == "hash":
		w.hash(rest, run, depth)
		return true
	case n == "read" || n == "mapfile" || n == "readarray":
		w.read(n, rest, shell, depth, stdin)
		return true
	case n == "printf" && len(rest) > 1 && rest[0].v.s == "-v":
		if w.varName("printf -v", rest[1], run, depth) {
			w.setVar(rest[1].v.s, printfValue(rest[2:]), shell, depth)
		}
		return true
	case n == "test" || n == "[":
		for i, a := range rest {
			if a.v.known && a.v.s == "-v" && i+1 < len(rest) {
				w.varName(n+" -v", rest[i+1], run, depth)
			}
		}
		w.program(Program{Name: n})
		return true
	case n == "unset":
		w.unset(rest, run, shell, depth)
		return true
	case n == "alias":
		w.alias(rest, run, depth)
		return true
	case n == "set" || n == "shopt":
		w.setOptions(n, rest, shell)
		return true
	case n == "enable":
		w.enable(rest, run)
		return true
	case n == "export" || n == "declare" || n == "typeset" || n == "local" || n == "readonly":
		// Reached as words (builtin export ..., command declare ...).
		w.declare(n, rest, shell, depth)
		return true
	case n == "trap":
		w.trap(rest)
		return true
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
		return true
	case len(rest) > 0 && rest[0].v.s == "claude-compat":
		w.claudeCompat(rest[1:], run, depth)
		w.program(Program{Name: n, Path: w.progPath(n, run)})
		return true
	}
	return false
}

// unset walks unset's words: the variables it removes.
func (w *walker) unset(rest []arg, run, shell *state, depth int) {
	for _, a := range rest {
		if !a.v.known || !strings.HasPrefix(a.v.s, "-") {
			w.varName("unset", a, run, depth)
		}
		if a.v.known && a.v.s == "PATH" {
			// Without PATH bash searches a built-in default path.
			w.setVar("PATH", val{why: "unset"}, shell, depth)
		} else if a.v.known && !strings.HasPrefix(a.v.s, "-") {
			delete(shell.vars, a.v.s)
		}
	}
}

// declare walks export, declare, typeset, local and readonly (n) given
// as words: the variables they set.
func (w *walker) declare(n string, rest []arg, shell *state, depth int) {
	flags := ""
	for _, a := range rest {
		switch {
		case !a.v.known:
			w.unknown(n + " of " + a.v.why)
		case strings.HasPrefix(a.v.s, "-") && strings.Contains(a.v.s, "n"):
			w.unknown(n + " " + a.v.s + " (a nameref: assignments through it can set any variable)")
		case strings.HasPrefix(a.v.s, "-") || strings.HasPrefix(a.v.s, "+"):
			flags += a.v.s
		default:
			w.declWord(n, flags, a.v.s, shell, depth)
		}
	}
}

// trap records trap's code, walked in every state the shell is in from
// here on (runTraps).
func (w *walker) trap(rest []arg) {
	if len(rest) > 0 && rest[0].v.known && rest[0].v.s == "--" {
		rest = rest[1:]
	}
	switch {
	case len(rest) == 0:
	case !rest[0].v.known:
		w.unknown("a trap with " + rest[0].v.why)
	case rest[0].v.s != "" && rest[0].v.s != "-" && !strings.HasPrefix(rest[0].v.s, "-"):
		// Walked in every state the shell is in from here on
		// (runTraps): it runs at exit, on a signal or an error.
		w.traps = append(w.traps, &trapHandler{code: rest[0].v.s, seen: map[string]bool{}})
	}
}

// viaRow walks a program that a follower of its own reads (npm, make, go,
// npx, xargs): the row names the follower.
func (w *walker) viaRow(row *Row, name arg, rest []arg, run, shell *state, depth int, stdin *syntax.Redirect, pipe *syntax.Stmt) {
	n := name.v.s
	base := filepath.Base(n)
	switch row.Via {
	case "xargs":
		w.program(Program{Name: n})
		w.xargs(rest, run, shell, depth, stdin, pipe)
		return
	case "npx", "runner", "cross-env", "go":
		if w.tool(base, n, rest, run, shell, depth, stdin, pipe) {
			return
		}
		w.exec(name, run, depth)
		return
	case "deno":
		// deno task runs deno.json's task; deno run reads deno.json
		// (npmconfig.go) and then is a row like node.
		w.exec(name, run, depth)
		if len(rest) > 0 && rest[0].v.known && rest[0].v.s == "task" {
			w.denoTask(rest[1:], run, depth)
			return
		}
		if run.dir != "" && w.files != nil {
			w.denoConfig(run.dir, run)
		}
		r := *row
		r.Via = ""
		w.apply(&r, n, rest, run, shell, depth, stdin, pipe)
		return
	case "bun":
		w.exec(name, run, depth)
		if run.dir != "" && w.files != nil {
			// bun reads bunfig.toml from the current folder (preload).
			w.bunfig(filepath.Join(run.dir, "bunfig.toml"), run, depth)
			w.bunDotEnv(run)
		}
		r := *row
		r.Via = ""
		if len(rest) > 0 && rest[0].v.known {
			switch rest[0].v.s {
			case "run":
				rest = rest[1:]
			case "x":
				w.packageProgram(rest[1:], run, depth)
				return
			case "test", "install", "i", "add", "build", "create", "init", "pm", "link", "upgrade", "remove", "update", "outdated", "publish":
				w.unknown("bun " + rest[0].v.s + ": not followed")
				return
			}
		}
		w.apply(&r, n, rest, run, shell, depth, stdin, pipe)
		return
	}
	w.exec(name, run, depth)
	w.manifest(base, rest, run, depth)
}

// foundInProject reports whether a program named without a slash is a
// file in a project folder that PATH holds (then it was followed);
// without a Reader, whether PATH holds a project folder at all.
func (w *walker) foundInProject(n string, st *state) bool {
	for _, d := range st.path {
		if d != "" && w.inProject(d, st) && (w.files == nil || w.exists(filepath.Join(d, n))) {
			return true
		}
	}
	return false
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

// stdinFiles are the names of a process's own standard input: a script
// given as one of them is read from stdin (bash /dev/stdin < f).
func stdinFiles(s string) bool {
	switch s {
	case "/dev/stdin", "/dev/fd/0", "/proc/self/fd/0", "/proc/thread-self/fd/0":
		return true
	}
	return false
}

// shellScript follows the script file a shell runs.
func (w *walker) shellScript(a arg, st *state, depth int, stdin *syntax.Redirect, pipe *syntax.Stmt) {
	if a.v.known && stdinFiles(a.v.s) {
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
	case r == unknownIn:
		w.unknown("code read from the shell's standard input, which exec set apart in its branches")
	case r == gitFileIn:
		w.unknown("code read from the file git feeds a filter")
	case r != nil && r.Op == syntax.DplIn:
		w.unknown("code read from a duplicated file descriptor (<&" + source(r.Word) + ")")
	case r != nil && (r.Op == syntax.Hdoc || r.Op == syntax.DashHdoc || r.Op == syntax.WordHdoc):
		body := r.Hdoc
		if r.Op == syntax.WordHdoc {
			body = r.Word
		}
		if role != RoleSource {
			// python3 - <<'EOF': the code is in the command itself; what
			// it loads is followed as for -c.
			if v := eval(body, st); v.known {
				w.inlineCode(lang, v.s, st, depth)
			} else if lang != "" {
				w.unknown("a here-document with " + v.why + " fed to " + lang)
			}
			return
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
	stdin := w.cmdRedirs(y.Redirs, st, depth) // nil: the pipe
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
			if a.v.known && (a.v.s == "-" || stdinFiles(a.v.s)) {
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

// roleOf is the role of a file that lang reads as code.
func roleOf(lang string) Role {
	if lang == "sh" {
		return RoleSource
	}
	return RoleScript
}

// systemPath reports whether n names a program by an absolute path
// outside the project (/usr/bin/make): the system's, read by its row as
// the same name found on PATH is.
func (w *walker) systemPath(n string, st *state) bool {
	return filepath.IsAbs(n) && !w.inProject(n, st)
}

// shiftPositional is shift K over the known positional parameters
// $1...$9: what comes from past $9 is not known.
func shiftPositional(st *state, k int) {
	for i := 1; i <= 9; i++ {
		from := strconv.Itoa(i + k)
		if v, ok := st.vars[from]; ok && i+k <= 9 {
			st.vars[strconv.Itoa(i)] = v
		} else {
			delete(st.vars, strconv.Itoa(i))
		}
	}
}

// setPositional is set -- ARGS: $1...$9 are the words (unknown ones
// unknown), the rest empty.
func setPositional(st *state, words []arg) {
	split := false // a word bash may split: the places after it move
	for i := 1; i <= 9; i++ {
		k := strconv.Itoa(i)
		if i <= len(words) && !words[i-1].one {
			split = true
		}
		switch {
		case split:
			delete(st.vars, k)
		case i > len(words):
			st.vars[k] = ""
		case words[i-1].v.known:
			st.vars[k] = words[i-1].v.s
		default:
			delete(st.vars, k)
		}
	}
}

// operands are cd's or pushd's words after its options (-L, -P, -e, -@,
// --).
func operands(rest []arg) []arg {
	for i, a := range rest {
		if !a.v.known || a.v.s == "-" || !strings.HasPrefix(a.v.s, "-") {
			return rest[i:]
		}
		if a.v.s == "--" {
			return rest[i+1:]
		}
	}
	return nil
}

// pushdStays reports pushd -n DIR (bash(1): only the stack changes).
func pushdStays(rest []arg) bool {
	for _, a := range rest {
		if a.v.known && a.v.s == "-n" {
			return true
		}
	}
	return false
}

// pushdRotates reports pushd without a folder (it swaps the top two) or
// with +N or -N (it rotates the stack).
func pushdRotates(rest []arg) bool {
	ops := operands(rest)
	if len(ops) == 0 {
		return true
	}
	s := ops[0].v.s
	if len(rest) > 0 && len(ops) == len(rest) && (strings.HasPrefix(s, "+") || strings.HasPrefix(s, "-")) && len(s) > 1 {
		return strings.Trim(s[1:], "0123456789") == ""
	}
	return ops[0].v.known && strings.HasPrefix(s, "+") && len(s) > 1 && strings.Trim(s[1:], "0123456789") == ""
}

// words are the text of the words, as written.
func words(rest []arg) []string {
	out := make([]string, len(rest))
	for i, a := range rest {
		out[i] = a.text
	}
	return out
}
