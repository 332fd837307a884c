package shellcmd

import (
	"bytes"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

// Following files: with a Reader, a file the command reaches is read and
// what its code loads is followed in turn, recursively, at most MaxFollow
// files deep, MaxFiles files and MaxRead bytes in all. Each language has
// its reader: shell code (follow.go), Python (python.go), JavaScript and
// TypeScript (node.go), package.json scripts, Makefiles and Go packages
// (tasks.go). What a language can load that is not followed makes the
// analysis Unknown, with the file's name in the reason.

// load reads a project file for following: its content and physical path,
// or ok false when it is not a readable project file, was followed
// already, or a bound is reached (then an Unknown says so).
func (w *walker) load(p string) (data []byte, real string, ok bool) {
	if w.files == nil || p == "" {
		return nil, "", false
	}
	if w.level >= MaxFollow {
		w.unknown("files that load files more than " + strconv.Itoa(MaxFollow) + " deep")
		w.leave(p, false)
		return nil, "", false
	}
	data, real, ok = w.files.ReadFile(p)
	if !ok {
		return nil, "", false
	}
	if pkg := nodeModule(real); pkg != "" {
		// An installed package: its code is not the project's own, and
		// following it would mean following a dependency tree.
		w.unknown("the package code in " + w.rel(pkg) + " is not followed")
		w.leave(pkg, true)
		return nil, "", false
	}
	if len(data) > MaxFollowFile {
		w.unknown(w.rel(real) + " is larger than " + strconv.Itoa(MaxFollowFile>>10) + " KiB: what it loads is not followed")
		w.leave(real, false)
		return nil, "", false
	}
	if w.sh.memo.loads >= MaxLoads {
		w.unknown("more than " + strconv.Itoa(MaxLoads) + " files to follow in the project's hooks: " + w.rel(real) + " is not followed")
		w.leave(real, false)
		return nil, "", false
	}
	w.sh.memo.loads++
	if w.sh.memo.read+len(data) > MaxRead {
		w.unknown("more than " + strconv.Itoa(MaxRead>>20) + " MiB of code to follow in the project's hooks: " + w.rel(real) + " is not followed")
		w.leave(real, false)
		return nil, "", false
	}
	w.sh.memo.read += len(data)
	return data, real, true
}

// nodeModule returns the package folder (…/node_modules/NAME or
// …/node_modules/@scope/NAME, or …/node_modules/.bin/NAME) that holds p,
// or "".
func nodeModule(p string) string {
	parts := strings.Split(filepath.ToSlash(p), "/")
	for i := len(parts) - 2; i >= 0; i-- {
		if parts[i] != "node_modules" {
			continue
		}
		end := i + 2
		if strings.HasPrefix(parts[i+1], "@") || parts[i+1] == ".bin" {
			end = min(i+3, len(parts))
		}
		return filepath.FromSlash(strings.Join(parts[:end], "/"))
	}
	return ""
}

// shared is the part of a walker that the walkers of isolated follows
// share.
type shared struct {
	memo *Memo
	busy map[string]bool
	// steps counts the statements walked (maxSteps).
	steps int
}

// isolated follows code that runs in a process of its own (a script run
// by a shell or an interpreter, a program): its result depends only on
// the file and the state it starts in (directory, PATH, variables), so it
// is computed by a walker of its own, kept in the memo, and merged into
// this analysis. A file that reaches itself again while it is being
// followed is not followed again.
func (w *walker) isolated(kind, path string, st *state, fn func(sub *walker)) {
	if w.files == nil || path == "" {
		return
	}
	key := kind + "\x00" + path + "\x00" + stateKey(st)
	if w.sh.busy[key] {
		return
	}
	r, ok := w.sh.memo.m[key]
	if !ok {
		put(&w.sh.busy, key, true)
		sub := &walker{a: &Analysis{}, seenFile: map[string]int{}, seenProg: map[string]int{}, files: w.files, top: w.top, level: w.level, via: w.via, sh: w.sh}
		fn(sub)
		delete(w.sh.busy, key)
		r = sub.a
		w.sh.memo.m[key] = r
	}
	for _, f := range r.Files {
		if w.full() {
			break
		}
		w.record(f)
	}
	for _, u := range r.Unknown {
		w.unknown(u)
	}
	for _, p := range r.Programs {
		w.program(p)
	}
	for _, c := range r.Checked {
		w.a.Checked = appendNew(w.a.Checked, c)
	}
	for _, l := range r.Left {
		w.leave(l.Path, l.Tree)
	}
	for p, how := range r.written {
		w.wrote(p, how)
	}
	for p := range r.ran {
		w.markRan(p)
	}
	if r.wroteSomewhere != "" {
		w.wroteSomewhere(r.wroteSomewhere)
	}
}

// stateKey is what of a state decides what a process started in it runs.
func stateKey(st *state) string {
	keys := make([]string, 0, len(st.vars))
	for k := range st.vars {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var b strings.Builder
	b.WriteString(st.dir)
	b.WriteByte(0)
	b.WriteString(strings.Join(st.path, ":"))
	for _, k := range keys {
		b.WriteByte(0)
		b.WriteString(k)
		b.WriteByte('=')
		b.WriteString(st.vars[k])
	}
	return b.String()
}

// open loads p and enters it as a file of kind ("node", "python" or
// "make"): what following a file starts with. ok is false when it
// cannot be read or was followed already.
func (w *walker) open(kind, p string) (data []byte, real string, leave func(), ok bool) {
	if data, real, ok = w.load(p); !ok {
		return nil, "", nil, false
	}
	leave, ok = w.enter(kind+" "+real, real)
	return data, real, leave, ok
}

// enter marks the start of following the file real (at most once per
// key: a file sourced twice in different states is followed the first
// time only) and returns the function that ends it.
func (w *walker) enter(key, real string) (leave func(), ok bool) {
	if w.followed[key] {
		return nil, false
	}
	put(&w.followed, key, true)
	via := w.via
	w.level++
	w.via = real
	return func() { w.level--; w.via = via }, true
}

// followAs follows the file p, read by lang: "sh", "python", "node";
// "" or another language records nothing more (another language is
// Unknown: it can load files this analysis does not model).
func (w *walker) followAs(lang, p string, st *state, depth int) {
	switch lang {
	case "sh":
		w.followShell(p, st.copy(), depth, false)
	case "python":
		w.followPython(p, st, depth, "")
	case "node":
		w.followNode(p, st, depth)
	case "awk", "sed":
		// A program file: what runs is in its text (awksed.go).
		if data, _, ok := w.load(p); ok {
			w.inlineCode(lang, string(data), st, depth)
		}
	case "":
	default:
		if w.files != nil && p != "" && w.exists(p) {
			w.unknown(lang + " " + w.rel(p) + " can load more files: not followed")
			w.leave(p, false)
		}
	}
}

// rel shows a path relative to the project ("./x"), or as it is.
func (w *walker) rel(p string) string {
	if w.top != "" {
		if r, err := filepath.Rel(w.top, p); err == nil && !strings.HasPrefix(r, "..") {
			return "./" + filepath.ToSlash(r)
		}
	}
	return p
}

// followShell follows shell code in the file p: inline (source, eval) in
// the shell's own state st, or in a new shell (st is then a copy).
func (w *walker) followShell(p string, st *state, depth int, inline bool) {
	if inline {
		w.followShellNow(p, st, depth, true)
		return
	}
	w.isolated("sh", p, st, func(sub *walker) { sub.followShellNow(p, st, depth, false) })
}

func (w *walker) followShellNow(p string, st *state, depth int, inline bool) {
	data, real, ok := w.load(p)
	if !ok {
		return
	}
	key := real
	if inline {
		// A file sourced in two states is followed in both.
		key = "source " + real + " " + st.key()
	}
	leave, ok := w.enter(key, real)
	if !ok {
		return
	}
	defer leave()
	// The script knows its own path: $0 in a new shell, BASH_SOURCE in
	// both ($(dirname "$0"), ${BASH_SOURCE%/*}).
	old, had := st.vars["BASH_SOURCE"]
	st.vars["BASH_SOURCE"] = p
	if !inline {
		st.vars["0"] = p
		// A new shell: its positional parameters are the words it was
		// run with, not those of the caller (not known here).
		for i := 1; i <= 9; i++ {
			delete(st.vars, strconv.Itoa(i))
		}
	}
	defer func() {
		if had {
			st.vars["BASH_SOURCE"] = old
		} else {
			delete(st.vars, "BASH_SOURCE")
		}
	}()
	if w.script(string(data), st, 0) != "" {
		w.unknown(w.rel(real) + " is not shell code bash can parse")
	}
	if !inline {
		w.flushTraps()
	}
}

// followProgram follows a file run as a program: its #! line names the
// interpreter (#!/bin/sh, #!/usr/bin/env python3, #!/usr/bin/env -S node
// --require ./x); a text file without one is run by bash itself (execve
// fails with ENOEXEC and bash reads it as a script); a binary is not
// followed.
func (w *walker) followProgram(p string, st *state, depth int) {
	w.isolated("program", p, st, func(sub *walker) { sub.followProgramNow(p, st, depth) })
}

func (w *walker) followProgramNow(p string, st *state, depth int) {
	data, real, ok := w.load(p)
	if !ok {
		return
	}
	if bytes.HasPrefix(data, []byte("\x7fELF")) || bytes.HasPrefix(data, []byte("\xcf\xfa\xed\xfe")) || bytes.IndexByte(data[:min(len(data), 512)], 0) >= 0 {
		return // a compiled program: its content is hashed, that is all
	}
	line := ""
	if bytes.HasPrefix(data, []byte("#!")) {
		end := bytes.IndexByte(data, '\n')
		if end < 0 {
			end = len(data)
		}
		line = strings.TrimSpace(string(data[2:end]))
	}
	if line == "" {
		w.followShell(real, st.copy(), depth, false)
		return
	}
	words := strings.Fields(line)
	interp := words[0]
	rest := words[1:]
	if filepath.Base(interp) == "env" {
		for len(rest) > 0 && strings.HasPrefix(rest[0], "-") {
			if rest[0] == "-S" || rest[0] == "--split-string" {
				rest = rest[1:]
				continue
			}
			rest = rest[1:]
		}
		for len(rest) > 0 && isAssignment(rest[0]) {
			rest = rest[1:]
		}
		if len(rest) == 0 {
			return
		}
		interp, rest = rest[0], rest[1:]
	} else if !filepath.IsAbs(interp) || w.inProject(interp, st) {
		// The kernel runs the interpreter the #! line names: a project
		// file is code too (a relative one is found from the cwd).
		w.followProgram(w.file("#!"+interp, val{s: interp, known: true}, RoleProgram, st), st, depth)
	}
	// Run the #! line as a command with the script as its last word.
	words = append([]string{interp}, rest...)
	argv := make([]arg, 0, len(words)+1)
	for _, x := range words {
		argv = append(argv, arg{v: val{s: x, known: true}, text: x})
	}
	argv = append(argv, arg{v: val{s: real, known: true}, text: w.rel(real)})
	if w.followed["program "+real] {
		return
	}
	put(&w.followed, "program "+real, true)
	via := w.via
	w.via = real
	defer func() { w.via = via }()
	w.run(argv, st, st.copy(), depth, nil, nil)
}

// inlineCode follows code given on an interpreter's command line
// (python3 -c 'import x', node -e "require('./x')"): it runs in the
// current directory.
func (w *walker) inlineCode(lang, code string, st *state, depth int) {
	switch lang {
	case "python":
		w.pythonCode(code, "", st, depth)
	case "node":
		if st.dir != "" {
			w.nodeCode(code, st.dir, "", st, depth)
		}
	case "sh":
		w.script(code, st.copy(), depth+1)
	case "awk":
		if why := awkRuns(code); why != "" {
			w.unknown("an awk program with " + why + ": not followed")
		}
	case "sed":
		if why := sedRuns(code); why != "" {
			w.unknown(why + ": not followed")
		}
	case "applescript":
		if !plainAppleScript(code) {
			w.unknown("AppleScript that can run commands or scripts (osascript -e): not followed")
		}
	default:
		if w.files != nil && lang != "" {
			w.unknown(lang + " code on the command line can load more files: not followed")
		}
	}
}
