package shellcmd

import (
	"path/filepath"
	"strings"

	"mvdan.cc/sh/v3/syntax"

	"github.com/gh-hooks/gh-hooks/internal/shellword"
)

// Builtins that change what later commands run: source's PATH search,
// hash -p, read and mapfile into a variable, alias, enable -f, and
// xargs feeding a shell.

// source follows `source FILE` / `. FILE`: the shell reads FILE's code in
// its own state. A name without a slash is searched in PATH first, then
// in the current directory (bash(1), source; sourcepath is on by default):
// each PATH folder this analysis knows is a place it looks in, the
// inherited PATH is not the project's.
func (w *walker) source(rest []arg, run, shell *state, depth int, stdin *syntax.Redirect, pipe *syntax.Stmt) {
	if len(rest) > 0 && rest[0].v.known && rest[0].v.s == "--" {
		rest = rest[1:]
	}
	if len(rest) == 0 {
		return
	}
	a := rest[0]
	switch {
	case a.v.known && stdinFiles(a.v.s):
		w.stdin(run, depth, stdin, pipe, "sh")
		return
	case !a.v.known && a.v.from == nil:
		w.unknown("shell code named by " + a.v.why)
		return
	case a.v.known && !strings.Contains(a.v.s, "/") && !strings.HasPrefix(a.v.s, "~"):
		for _, d := range run.path {
			if d == "" {
				w.unknown("source " + a.v.s + " with PATH set to a computed value")
				continue
			}
			p := w.probe(a.text, filepath.Join(d, a.v.s), RoleSource)
			if w.exists(p) {
				w.add(a.text, val{s: p, known: true}, RoleSource, run, false)
				w.followShell(p, shell, depth, true)
				return
			}
		}
	}
	w.followShell(w.file(a.text, a.v, RoleSource, run), shell, depth, true)
}

// exists reports whether the Reader finds a regular file at p (false
// without a Reader).
func (w *walker) exists(p string) bool {
	if w.files == nil || p == "" {
		return false
	}
	_, _, ok := w.files.ReadFile(p)
	return ok
}

// hash -p FILE NAME makes NAME run FILE, whatever PATH says.
func (w *walker) hash(rest []arg, st *state, depth int) {
	for i := 0; i < len(rest); i++ {
		a := rest[i]
		if a.v.known && a.v.s == "-p" && i+1 < len(rest) {
			w.exec(arg{v: rest[i+1].v, text: rest[i+1].text}, st, depth)
			if !rest[i+1].v.known {
				w.unknown("hash -p with " + rest[i+1].v.why)
			}
			i++
			continue
		}
		if a.v.known && !strings.HasPrefix(a.v.s, "-") {
			w.a.Checked = appendNew(w.a.Checked, a.v.s)
		}
	}
}

func appendNew(list []string, s string) []string {
	for _, x := range list {
		if x == s {
			return list
		}
	}
	return append(list, s)
}

// read, mapfile and readarray set variables from their input: the value
// is not known here (read -r PATH <<< ./bin:$PATH).
func (w *walker) read(n string, rest []arg, st *state, depth int, stdin *syntax.Redirect) {
	raw, plain := false, true
	// The options that take a value (bash 5.2's read and mapfile builtins);
	// the others are flags. Flags combine (read -rs, mapfile -tu 3).
	valued := "adinNptu"
	if n != "read" {
		valued = "dnOsuCc"
	}
	var names []string
	for i := 0; i < len(rest); i++ {
		a := rest[i]
		if !a.v.known {
			w.unknown(n + " into a variable named by " + a.v.why)
			return
		}
		s := a.v.s
		if s == "--" {
			rest, i = rest[i+1:], -1
			for _, a := range rest {
				if !a.v.known {
					w.unknown(n + " into a variable named by " + a.v.why)
					return
				}
				if w.varName(n, a, st, depth) || !strings.Contains(a.v.s, "[") {
					names = append(names, a.v.s)
				}
			}
			break
		}
		if strings.HasPrefix(s, "-") && len(s) > 1 {
			for j := 1; j < len(s); j++ {
				c := s[j]
				if c == 'r' {
					raw = true
					continue
				}
				plain = false
				if !strings.ContainsRune(valued, rune(c)) {
					continue
				}
				// The option's value: the rest of the word, or the next one.
				value, ok := s[j+1:], true
				if value == "" {
					if i+1 < len(rest) {
						i++
						value, ok = rest[i].v.s, rest[i].v.known
					} else {
						ok = false
					}
				}
				switch {
				case n != "read" && c == 'C':
					// mapfile -C CODE: CODE runs for every few lines read.
					if ok {
						w.script(value, st.copy(), depth+1)
					} else {
						w.unknown(n + " -C with " + rest[i].v.why)
					}
				case n == "read" && c == 'a':
					if ok && (w.varName(n, arg{v: val{s: value, known: true}}, st, depth) || !strings.Contains(value, "[")) {
						names = append(names, value)
					} else if !ok {
						w.unknown(n + " into a variable named by " + rest[i].v.why)
						return
					}
				}
				break
			}
			continue
		}
		if !w.varName(n, a, st, depth) && strings.Contains(s, "[") {
			continue
		}
		names = append(names, s)
	}
	if len(names) == 0 {
		names = []string{map[bool]string{true: "REPLY", false: "MAPFILE"}[n == "read"]}
	}
	_, ifsSet := st.vars["IFS"]
	if n == "read" && plain && len(names) == 1 && !ifsSet && stdin != nil && (stdin.Op == syntax.WordHdoc || stdin.Op == syntax.RdrIn) {
		// read -r PATH <<< ./bin:$PATH: one variable gets the first line,
		// without leading and trailing blanks (bash(1), read). From a
		// project file (read -r PATH < f), that file is part of the reach.
		v := eval(stdin.Word, st)
		if stdin.Op == syntax.RdrIn {
			v = w.firstLine(source(stdin.Word), v, st)
		}
		if v.known {
			line, _, _ := strings.Cut(v.s, "\n")
			line = strings.Trim(line, " \t")
			if !raw {
				line = shellword.Unescape(line)
			}
			w.setVar(names[0], val{s: line, known: true}, st, depth)
			return
		}
	}
	for _, name := range names {
		w.setVar(name, val{why: n}, st, depth)
	}
}

// firstLine reads the project file a word names (recorded in the
// analysis) for read: its content, or not known without a Reader.
func (w *walker) firstLine(word string, v val, st *state) val {
	if !v.known {
		return val{why: "read"} // read < <(program), read < "$F"
	}
	p := w.file(word, v, RoleManifest, st)
	if p == "" || w.files == nil {
		return val{why: "read"}
	}
	data, _, ok := w.files.ReadFile(p)
	if !ok {
		return val{why: "read"}
	}
	return val{s: string(data), known: true}
}

// printfValue is what printf -v NAME FORMAT ARGS... stores, for a format
// of plain text and %s only, with as many arguments as %s; otherwise not
// known.
func printfValue(words []arg) val {
	unknown := val{why: "printf -v"}
	if len(words) == 0 || !words[0].v.known || strings.ContainsAny(strings.ReplaceAll(words[0].v.s, "%s", ""), "%\\") {
		return unknown
	}
	format, args := words[0].v.s, words[1:]
	if strings.Count(format, "%s") != len(args) {
		return unknown
	}
	var b strings.Builder
	for _, a := range args {
		if !a.v.known {
			return val{why: "printf -v of " + a.v.why}
		}
		before, after, _ := strings.Cut(format, "%s")
		b.WriteString(before)
		b.WriteString(a.v.s)
		format = after
	}
	b.WriteString(format)
	return val{s: b.String(), known: true}
}

// alias NAME=VALUE: with expand_aliases (shopt -s expand_aliases, or an
// interactive shell) a later command word NAME runs VALUE. Its value is
// read as a command where it is defined, whether it is used or not.
func (w *walker) alias(rest []arg, st *state, depth int) {
	for _, a := range rest {
		if !a.v.known {
			w.unknown("alias of " + a.v.why)
			continue
		}
		name, value, ok := strings.Cut(a.v.s, "=")
		if !ok || strings.HasPrefix(name, "-") {
			continue
		}
		// Its value is walked where NAME is used (walker.run).
		put(&w.aliases, name, value)
	}
}

// enable -f FILE NAME loads a builtin from a shared object (bash(1),
// enable): FILE is code the shell runs.
func (w *walker) enable(rest []arg, st *state) {
	for i := 0; i < len(rest); i++ {
		a := rest[i]
		if !a.v.known {
			w.unknown("enable with " + a.v.why)
			return
		}
		if strings.HasPrefix(a.v.s, "-") && strings.Contains(a.v.s, "f") && i+1 < len(rest) {
			w.file(rest[i+1].text, rest[i+1].v, RoleProgram, st)
			i++
		}
	}
}

// xargs runs its command with words read from its input (or -a FILE)
// appended. When that command is a shell given -c and no code, or an
// interpreter given no script, the code comes from the input: xargs -a f
// bash -c runs f's first line.
func (w *walker) xargs(rest []arg, run, shell *state, depth int, stdin *syntax.Redirect, pipe *syntax.Stmt) {
	var argFile *arg
	repl := ""
	items, _, why := parseRow(Lookup("xargs"), rest)
	if why != "" {
		w.unknown(why)
		w.hashArgs(rest, run)
		return
	}
	i := len(rest)
	for _, it := range items {
		switch it.Opt {
		case "-a":
			a := itemArg(it, rest)
			argFile = &a
		case "-I":
			repl = it.Value
		case "-i":
			repl = "{}"
			if it.Value != "" {
				repl = it.Value
			}
		}
		if it.Kind == KindCommand {
			i = it.Index
		}
	}
	cmd := rest[min(i, len(rest)):]
	if len(cmd) == 0 {
		return // echo
	}
	fromInput := func() {
		if argFile != nil {
			p := w.file(argFile.text, argFile.v, RoleSource, run)
			w.followShell(p, run.copy(), depth, false)
			return
		}
		w.stdin(run, depth, stdin, pipe, "sh")
	}
	if repl != "" {
		// xargs -I {} sh -c 'echo {}': every word holding {} is the input.
		for k := range cmd {
			if cmd[k].v.known && strings.Contains(cmd[k].v.s, repl) {
				if k > 0 && cmd[0].v.known && isShell(cmd[0].v.s) && strings.HasPrefix(cmd[k-1].v.s, "-") && strings.Contains(cmd[k-1].v.s, "c") {
					w.exec(cmd[0], run, depth)
					fromInput()
					return
				}
				cmd[k].v = val{why: "xargs' input (" + repl + ")"}
			}
		}
	}
	if cmd[0].v.known && isShell(cmd[0].v.s) {
		// bash -c with nothing after it: the code is xargs' first word.
		last := cmd[len(cmd)-1]
		if last.v.known && strings.HasPrefix(last.v.s, "-") && strings.Contains(last.v.s, "c") && !strings.HasPrefix(last.v.s, "--") {
			w.exec(cmd[0], run, depth)
			fromInput()
			return
		}
		if len(cmd) == 1 || allOptions(cmd[1:]) {
			w.exec(cmd[0], run, depth)
			w.unknown("a script named by xargs' input")
			return
		}
	}
	if argFile != nil {
		w.file(argFile.text, argFile.v, RoleManifest, run)
	}
	w.run(cmd, run, shell, depth, nil, nil)
}

// isShell reports whether a program reads shell code (bash, sh, dash).
func isShell(n string) bool {
	r := Lookup(filepath.Base(n))
	return r != nil && r.Lang == "sh"
}

func allOptions(words []arg) bool {
	for _, a := range words {
		if !a.v.known || !strings.HasPrefix(a.v.s, "-") {
			return false
		}
	}
	return true
}
