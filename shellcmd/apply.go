package shellcmd

import (
	"path/filepath"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// apply walks what a program of the table runs, as its row reads the
// command line (programs.go): the one step that follows every row's
// code arguments. n is the program as written, rest its arguments.
func (w *walker) apply(row *Row, n string, rest []arg, run, shell *state, depth int, stdin *syntax.Redirect, pipe *syntax.Stmt) {
	if row.Pure {
		if row.HashArgs {
			w.hashArgs(rest, run)
		}
		w.programWrites(filepath.Base(n), rest, run)
		w.pureRuns(filepath.Base(n), rest, run)
		return
	}
	if row.Why != "" {
		w.unknown(row.Why)
	}
	if sh, ok := run.vars["SHELL"]; ok && shellUsers(row.Names[0]) {
		// script, flock -c, ssh's ProxyCommand, parallel, sudo -s and
		// split --filter run code with $SHELL -c: a SHELL the command
		// or the hook's env sets is the program that runs it.
		if sh == "\x00" {
			w.unknown("SHELL set to a computed value, which " + row.Names[0] + " runs code with: not followed")
		} else {
			w.exec(arg{v: val{s: sh, known: true}, text: sh}, run, depth+1)
		}
	}
	items, _, why := parseRow(row, rest)
	if why != "" {
		// What the program runs cannot be read: what its arguments name
		// is hashed, and the hook is not covered.
		w.unknown(why)
		w.hashArgs(rest, run)
	} else if row.HashArgs {
		// After what the options run is followed, so that a file run
		// keeps its role.
		defer w.hashArgs(rest, run)
	}
	sub := subRow(row, rest)
	if sub.Why != "" && sub != row {
		w.unknown(sub.Why)
	}
	lang := sub.Lang
	if lang == "" {
		lang = row.Lang
	}
	base := row.Names[0]
	// env -S: its value is more of env's command line, read again.
	for i, it := range items {
		if it.Kind == KindSplit {
			words, ok := splitString(it.Value, it.Index, rest)
			if !ok {
				w.unknown(base + " -S with quotes, escapes or variables: not followed")
				return
			}
			items = items[:i]
			defer func() {
				w.apply(row, n, append(words, rest[it.Index+1:]...), w.applied(row, items, run, depth), shell, depth, stdin, pipe)
			}()
			break
		}
	}
	inner := w.interpreterStart(row, sub, n, lang, w.applied(row, items, run, depth), depth)
	if row.Repo {
		w.gitRepo(items, inner, depth)
	}
	if lang == "node" {
		w.nodeItemOptions(items, inner, depth)
	}
	c := &applyCall{row: row, n: n, base: base, lang: lang, rest: rest, inner: inner, shell: shell, depth: depth, stdin: stdin, pipe: pipe}
	code := false
	for _, it := range items {
		if lang == "node" && nodeItemOption(it) {
			continue // read by nodeItemOptions above
		}
		ran, stop := w.applyItem(c, it)
		code = code || ran
		if stop {
			return
		}
	}
	if !code && sub.Stdin && why == "" {
		w.stdin(inner, depth, stdin, pipe, lang)
	}
}

// applyCall is what the steps of apply share: the program's row, its
// name as written and its arguments, the row's language and the states
// it runs in.
type applyCall struct {
	row           *Row
	n, base, lang string
	rest          []arg
	inner, shell  *state
	depth         int
	stdin         *syntax.Redirect
	pipe          *syntax.Stmt
}

// nodeItemOption reports whether node's follower reads the item as one
// of its options (nodeItemOptions).
func nodeItemOption(it Item) bool {
	return it.Opt != "" && it.Kind != KindCode && it.Kind != KindNoRun && it.Kind != KindDir
}

// nodeItemOptions hands node's options to its follower (preloads,
// --env-file, --run, --test): all of them, in order.
func (w *walker) nodeItemOptions(items []Item, inner *state, depth int) {
	var opts []string
	for _, it := range items {
		if nodeItemOption(it) {
			if it.Index >= 0 {
				opts = append(opts, it.Opt+"="+it.Value)
			} else {
				opts = append(opts, it.Opt)
			}
		}
	}
	if len(opts) > 0 {
		w.nodeOptions(opts, inner, depth)
	}
}

// applyItem walks one item of a program's command line. It reports
// whether the item is the code the program runs, and whether the rest of
// the items are not read (the program runs no more, or another command
// takes the rest).
func (w *walker) applyItem(c *applyCall, it Item) (code, stop bool) {
	row, n, base, lang, rest := c.row, c.n, c.base, c.lang, c.rest
	inner, depth, stdin, pipe := c.inner, c.depth, c.stdin, c.pipe
	a := itemArg(it, rest)
	switch it.Kind {
	case KindScript:
		code = true
		w.scriptArg(lang, base, a, inner, depth, stdin, pipe)
	case KindCode:
		code = true
		if !a.v.known && a.v.from != nil && lang == "sh" {
			w.followShell(w.file(a.text, a.v, RoleSource, inner), inner.copy(), depth, false)
		} else if !a.v.known {
			w.unknown(base + " " + or(it.Opt, "code") + " with " + a.v.why)
		} else {
			w.inlineCode(lang, it.Value, langState(n, row, inner), depth)
		}
	case KindModule:
		code = true
		switch {
		case !a.v.known:
			w.unknown("a module named by " + a.v.why)
		case lang == "python":
			w.pythonModule(it.Value, inner, depth)
		default:
			w.unknown(base + " " + it.Opt + " " + it.Value + ": the module it runs is not followed")
		}
	case KindPreload:
		switch {
		case !a.v.known:
			w.unknown(base + " " + it.Opt + " with " + a.v.why)
		case lang == "node":
			w.nodeOptions([]string{it.Opt, it.Value}, inner, depth)
		default:
			w.unknown(base + " " + it.Opt + " " + it.Value + " loads more code: not followed")
		}
	case KindRC:
		w.followShell(w.file(a.text, a.v, RoleSource, inner), inner.copy(), depth, false)
	case KindShellCode:
		if !a.v.known {
			w.unknown(base + " " + it.Opt + " with " + a.v.why)
			return code, false
		}
		w.script(it.Value, inner.copy(), depth+1)
	case KindCommand, KindCommandElsewhere:
		w.applyCommand(c, it)
	case KindShellWords:
		cmd := commandWords(rest, it)
		var parts []string
		for _, c := range cmd {
			if !c.v.known {
				w.unknown(base + " with " + c.v.why)
				parts = nil
				break
			}
			if strings.Contains(c.v.s, "{}") && base == "parallel" {
				w.unknown("parallel's command with its input ({})")
			}
			parts = append(parts, c.v.s)
		}
		if parts != nil {
			w.script(strings.Join(parts, " "), inner.copy(), depth+1)
		}
	case KindFlockCommand:
		return code, w.applyFlock(c, it, a)
	case KindProgram:
		if !a.v.known {
			w.unknown(base + " " + it.Opt + " with " + a.v.why)
			return code, false
		}
		w.run([]arg{{v: val{s: it.Value, known: true}, text: it.Value}}, inner, inner.copy(), depth+1, nil, nil)
	case KindLibrary:
		w.file(a.text, a.v, RoleProgram, inner)
	case KindWrite:
		w.writes(a.v, base+" "+or(it.Opt, "output"), inner)
	case KindPackage:
		w.applyPackage(c, it, a)
		return code, true
	case KindStdin:
		code = true
		w.stdin(inner, depth, stdin, pipe, lang)
	case KindShellOpt:
		w.shellOption(base, it.Opt, it.Value, inner)
	case KindConfig:
		if a.v.known {
			w.file(a.text, val{s: it.Value, known: true}, RoleManifest, inner)
			w.unknown(base + " " + it.Opt + " " + it.Value + ": a file that can make it run code: not followed")
		} else {
			w.unknown(base + " " + it.Opt + " with " + a.v.why)
		}
	case KindNotCovered:
		w.hashArgs([]arg{a}, inner)
		w.unknown(strings.Join(strings.Fields(base+" "+it.Opt+" "+it.Value), " ") + ": not followed")
	case KindPyWarning:
		if f := strings.Split(it.Value, ":"); len(f) > 2 && strings.Contains(f[2], ".") || !a.v.known {
			w.unknown(base + " -W " + it.Value + ": the warning category's module is imported: not followed")
		}
	case KindNoRun:
		return code, true
	}
	return code, false
}

// applyCommand walks the command a program runs (env CMD, timeout 5
// CMD, find -exec CMD ;, uv run x.py).
func (w *walker) applyCommand(c *applyCall, it Item) {
	row, base, lang, rest, inner, shell, depth := c.row, c.base, c.lang, c.rest, c.inner, c.shell, c.depth
	cmd := commandWords(rest, it)
	at := inner
	if it.Kind == KindCommandElsewhere {
		at = inner.copy()
		at.dir, at.old = "", ""
	}
	if it.Opt != "" && row.Until != nil {
		// find -exec: {} is each file found.
		for k := range cmd {
			if cmd[k].v.known && strings.Contains(cmd[k].v.s, "{}") {
				cmd[k].v, cmd[k].one = val{why: "find's results ({})"}, true
			}
		}
		w.run(cmd, at, at.copy(), depth+1, nil, nil)
		return
	}
	if lang == "python" && len(cmd) > 0 && cmd[0].v.known && strings.HasSuffix(cmd[0].v.s, ".py") {
		// uv run x.py
		w.scriptArg("python", base, cmd[0], inner, depth, c.stdin, c.pipe)
		return
	}
	// The command runs in this shell's process only for exec,
	// command and builtin (cd, source): the shell's state.
	sh := shell
	if !builtins(base) {
		sh = at.copy()
	}
	w.run(cmd, at, sh, depth, c.stdin, c.pipe)
}

// applyFlock walks flock's command: -c CODE, or a command that takes
// the rest of the words. It reports whether it took them.
func (w *walker) applyFlock(c *applyCall, it Item, a arg) bool {
	base, rest, inner, depth := c.base, c.rest, c.inner, c.depth
	if a.v.known && (a.v.s == "-c" || a.v.s == "--command") {
		if it.Index+1 < len(rest) {
			next := rest[it.Index+1]
			if !next.v.known {
				w.unknown(base + " -c with " + next.v.why)
			} else {
				w.script(next.v.s, inner.copy(), depth+1)
			}
		}
		return false
	}
	w.run(rest[it.Index:], inner, inner.copy(), depth, c.stdin, c.pipe)
	return true
}

// applyPackage walks uvx PKG ARGS: the package's program, fetched when
// missing; read by its row, or a program without one.
func (w *walker) applyPackage(c *applyCall, it Item, a arg) {
	rest, inner, depth := c.rest, c.inner, c.depth
	if !a.v.known {
		w.unknown("a package program named by " + a.v.why)
		return
	}
	w.program(Program{Name: it.Value, Package: true})
	name, _, _ := strings.Cut(it.Value, "@")
	args := rest[it.Index+1:]
	if r := Lookup(name); r != nil && r.Via == "" {
		w.apply(r, name, args, inner, inner.copy(), depth, nil, nil)
	} else {
		w.unknownProgram(name, args, inner)
	}
}

// applied returns the state a program's command runs in: run with the
// directory, variables and unsets its options set (env -C, NAME=value,
// sudo -D). It is run itself when they set nothing.
func (w *walker) applied(row *Row, items []Item, run *state, depth int) *state {
	inner := run
	own := func() {
		if inner == run {
			inner = run.copy()
		}
	}
	for _, it := range items {
		switch it.Kind {
		case KindDir:
			own()
			d := inner.dir
			inner.old = d
			inner.dir = w.cd([]arg{{v: val{s: it.Value, known: it.Value != "" || it.Index < 0}, text: it.Value}}, inner)
		case KindAssign:
			own()
			k, v, ok := strings.Cut(it.Value, "=")
			if !ok || k == "" {
				continue
			}
			w.setVar(k, val{s: v, known: true}, inner, depth)
		case KindUnset:
			own()
			if it.Value == "PATH" {
				w.setVar("PATH", val{why: "unset"}, inner, depth)
			} else {
				delete(inner.vars, it.Value)
			}
		}
	}
	return inner
}

// langState is the state code of a row's language starts in, for the
// program n: sh, dash and the other POSIX shells run in POSIX mode (bash
// only with --posix).
func langState(n string, row *Row, st *state) *state {
	base := filepath.Base(n)
	if row.Lang != "sh" || st.posix || base == "bash" || base == "rbash" {
		return st
	}
	c := st.copy()
	c.posix = true
	return c
}

// subRow is the row that reads the last words of rest: a subcommand's
// (git submodule foreach), or row itself.
func subRow(row *Row, rest []arg) *Row {
	items, _, _ := parseRow(row, rest)
	for _, it := range items {
		if it.Opt == "" && row.Subs != nil {
			if s := row.Subs[it.Value]; s != nil {
				return subRow(s, rest[it.Index+1:])
			}
			return row
		}
	}
	return row
}

// itemArg is the word an item's value comes from (its text and whether
// it is known), or the value alone.
func itemArg(it Item, rest []arg) arg {
	if it.Index >= 0 && it.Index < len(rest) {
		a := rest[it.Index]
		if a.v.known && a.v.s != it.Value {
			// --opt=value, -uroot, a When prefix: the value alone.
			return arg{v: val{s: it.Value, known: true}, text: it.Value}
		}
		return a
	}
	return arg{v: val{s: it.Value, known: true}, text: it.Value}
}

// commandWords are the words of a Command item.
func commandWords(rest []arg, it Item) []arg {
	end := it.End
	if end <= 0 || end > len(rest) {
		end = len(rest)
	}
	if it.Index < 0 || it.Index > end {
		return nil
	}
	return append([]arg(nil), rest[it.Index:end]...)
}

// scriptArg follows the script file a program runs in lang.
func (w *walker) scriptArg(lang, base string, a arg, st *state, depth int, stdin *syntax.Redirect, pipe *syntax.Stmt) {
	if a.v.known && (a.v.s == "-" || stdinFiles(a.v.s)) {
		w.stdin(st, depth, stdin, pipe, lang)
		return
	}
	switch lang {
	case "sh":
		if a.v.known && !strings.Contains(a.v.s, "/") && w.files != nil {
			// bash looks for a script named without a slash in the
			// current folder, then along PATH (bash(1), ARGUMENTS).
			for _, d := range st.path {
				if d != "" {
					w.probe(a.text, filepath.Join(d, a.v.s), RoleScript)
				}
			}
		}
		if r := Lookup(base); r != nil {
			st = langState(base, r, st)
		}
		w.shellScript(a, st, depth, stdin, pipe)
		return
	case "node":
		if base == "bun" && a.v.known && !strings.ContainsAny(a.v.s, "./") {
			// bun lint: package.json's script lint.
			w.manifest("npm", []arg{{v: val{s: "run", known: true}}, a}, st, depth)
			return
		}
		if a.v.known && a.v.s != "" && a.v.s != "-" && st.dir != "" && !strings.Contains(a.v.s, ":") &&
			w.files != nil && !w.exists(absIn(st.dir, a.v.s)) {
			// node x runs x.js: a main script that is not there is
			// resolved as require resolves a path (Module._findPath: x.js,
			// x.json, x.node, x/package.json's main, x/index.js; witnessed
			// with node 22).
			spec := a.v.s
			if !filepath.IsAbs(spec) && !strings.HasPrefix(spec, "./") && !strings.HasPrefix(spec, "../") {
				spec = "./" + spec
			}
			w.nodeResolve(spec, st.dir, st, depth)
			return
		}
	}
	w.followAs(lang, w.file(a.text, a.v, RoleScript, st), st, depth)
}

// hashArgs records every argument that names a project file (a word,
// or the value of --opt=value) so that a change to it changes the
// fingerprint; it needs a Reader to know which exist.
func (w *walker) hashArgs(rest []arg, st *state) {
	if w.files == nil {
		return
	}
	w.hashing = true
	defer func() { w.hashing = false }()
	for _, a := range rest {
		if !a.v.known || a.v.s == "" {
			continue
		}
		cands := []string{a.v.s}
		if _, v, ok := strings.Cut(a.v.s, "="); ok && v != "" {
			// --config=cfg; alias.x=!./x.sh
			cands = append(cands, v, strings.TrimLeft(v, "!|"))
		}
		for _, c := range cands {
			var p string
			switch {
			case filepath.IsAbs(c):
				p = filepath.Clean(c)
			case st.dir != "" && !strings.HasPrefix(c, "~"):
				p = filepath.Join(st.dir, c)
			default:
				continue
			}
			if w.inProject(p, st) && w.exists(p) {
				w.file(c, val{s: p, known: true}, RoleManifest, st)
			}
		}
	}
}

// unknownProgram is a program that has no row: what it runs or loads
// cannot be known (issue 30 §2), so every argument that names a project
// file is hashed and the hook is not covered.
func (w *walker) unknownProgram(n string, rest []arg, st *state) {
	w.unknown(n + ": a program gh-hooks has no row for (what it runs or loads is not followed)")
	w.hashArgs(rest, st)
}

// splitString splits env -S's value into words as env does for plain
// words and quotes; escapes and ${NAME} are not modelled (ok false).
func splitString(s string, index int, rest []arg) ([]arg, bool) {
	if index >= 0 && index < len(rest) && !rest[index].v.known || strings.ContainsAny(s, "\\$`") {
		return nil, false
	}
	f, err := syntax.NewParser().Parse(strings.NewReader(s), "")
	if err != nil || len(f.Stmts) != 1 {
		return nil, false
	}
	c, ok := f.Stmts[0].Cmd.(*syntax.CallExpr)
	if !ok || len(f.Stmts[0].Redirs) > 0 || len(c.Assigns) > 0 {
		return nil, false
	}
	var out []arg
	for _, word := range c.Args {
		v := eval(word, &state{vars: map[string]string{}})
		if !v.known {
			return nil, false
		}
		out = append(out, arg{v: v, text: v.s})
	}
	return out, true
}

func or(s, alt string) string {
	if s == "" {
		return alt
	}
	return s
}

// absIn is p from the folder dir.
func absIn(dir, p string) string {
	if filepath.IsAbs(p) {
		return p
	}
	return filepath.Join(dir, p)
}

// shellUsers are the programs of the table that run code with $SHELL
// (util-linux script and flock, OpenSSH's ProxyCommand and LocalCommand,
// GNU parallel, sudo -s and -i); split --filter is a pure row's
// (pureRuns).
func shellUsers(name string) bool {
	switch name {
	case "script", "flock", "ssh", "parallel", "sudo":
		return true
	}
	return false
}
