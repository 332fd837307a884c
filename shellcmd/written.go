package shellcmd

import (
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// Files the command writes before it runs them. `cat payload > x.sh;
// bash x.sh` runs what payload held, not the x.sh the fingerprint hashed
// (often missing at approval), and so do `base64 -d p.b64 > x.sh`, `sed
// ... > x.sh`, `tee`, `dd of=`, cp's destination and what curl -o
// downloads. A file the command
// writes (anywhere in it, in any order: a hook runs again, and finds
// what it wrote the last time) and also runs or loads (as a program, a
// script, sourced code, an import, a task file) is not covered. Files
// that are only hashed (cp's source, a program's arguments) do not count
// as run. A write to a file named by a value not known (> "$LOG") may
// have written any file, as below.
//
// The Python and JavaScript followers record their writes here too
// (pywrite.go, jswrite.go): open(PATH, "w"), fs.writeFileSync(PATH, ...)
// and the other write APIs of the standard libraries. A write whose path
// is not known (a variable, a path read at run time, an archive's members)
// may have written any file: then every project file the command runs is
// not covered (wroteSomewhere).

// redirWrites records the file an output redirection writes (>, >>, &>,
// &>>, >|, <>, >&FILE).
func (w *walker) redirWrites(r *syntax.Redirect, st *state) {
	if r.Word == nil {
		return
	}
	switch r.Op {
	case syntax.RdrOut, syntax.AppOut, syntax.RdrAll, syntax.AppAll, syntax.RdrClob, syntax.RdrInOut:
	case syntax.DplOut:
		if v := eval(r.Word, st); v.known && (v.s == "-" || strings.Trim(v.s, "0123456789") == "") {
			return // >&2, >&-: a descriptor
		}
	default:
		return
	}
	w.writes(eval(r.Word, st), "a redirection", st)
}

// writes records the file v names as written by how.
func (w *walker) writes(v val, how string, st *state) {
	if !v.known {
		w.wroteSomewhere(how + " to a file named by " + v.why)
		return
	}
	if v.s == "" {
		return
	}
	p := v.s
	switch {
	case strings.HasPrefix(p, "/dev/"), strings.HasPrefix(p, "~"):
		return
	case !filepath.IsAbs(p) && st.dir == "":
		w.wroteSomewhere(how + " to a relative path after cd to a computed directory")
		return
	case !filepath.IsAbs(p):
		p = filepath.Join(st.dir, p)
	}
	w.wrote(filepath.Clean(p), how)
}

// wroteTree records that how writes files anywhere under the folder p
// (a tree copied there): each is written.
func (w *walker) wroteTree(p, how string) {
	w.wrote(filepath.Clean(p)+string(filepath.Separator), how)
}

// wroteSomewhere records a write to a path that is not known: how names
// the construct and where it is.
func (w *walker) wroteSomewhere(how string) {
	if w.a.wroteSomewhere == "" {
		w.a.wroteSomewhere = how
	}
}

func (w *walker) wrote(p, how string) {
	if w.a.written == nil {
		w.a.written = map[string]string{}
	}
	if _, ok := w.a.written[p]; !ok {
		w.a.written[p] = how
	}
}

func (w *walker) markRan(p string) {
	if p == "" {
		return
	}
	if w.a.ran == nil {
		w.a.ran = map[string]bool{}
	}
	w.a.ran[filepath.Clean(p)] = true
}

// programWrites records the files a program that copies writes: tee's
// operands, dd's of=, the destination of cp, mv, install and ln (the last
// operand, or -t DIR; into a folder, each source's name there), and the
// file curl -o and wget -O download to.
func (w *walker) programWrites(base string, rest []arg, st *state) {
	switch base {
	case "curl", "wget":
		w.downloads(base, rest, st)
		return
	case "tee", "dd", "cp", "mv", "install", "ln":
	default:
		return
	}
	var ops []val
	target := val{}
	for i := 0; i < len(rest); i++ {
		v := rest[i].v
		switch {
		case !v.known:
			ops = append(ops, v)
		case v.s == "-t" && i+1 < len(rest):
			target = rest[i+1].v
			i++
		case strings.HasPrefix(v.s, "--target-directory="):
			target = val{s: strings.TrimPrefix(v.s, "--target-directory="), known: true}
		case base == "dd" && strings.HasPrefix(v.s, "of="):
			w.writes(val{s: v.s[3:], known: true}, "dd", st)
		case strings.HasPrefix(v.s, "-") && v.s != "-":
		default:
			ops = append(ops, v)
		}
	}
	switch base {
	case "tee":
		for _, v := range ops {
			w.writes(v, "tee", st)
		}
		return
	case "cp", "mv", "install", "ln":
	default:
		return
	}
	srcs := ops
	if target.s == "" && len(ops) >= 2 {
		target, srcs = ops[len(ops)-1], ops[:len(ops)-1]
		if len(srcs) == 1 && !w.isDir(target, st) {
			w.writes(target, base, st)
			return
		}
	}
	if !target.known {
		return
	}
	for _, s := range srcs {
		if s.known {
			w.writes(val{s: filepath.Join(target.s, filepath.Base(s.s)), known: true}, base, st)
		}
	}
}

// pureRuns names the options with which a program of the table's
// "runs nothing" rows does run a command: split --filter (with $SHELL
// -c, GNU coreutils) and install --strip-program (with -s).
func (w *walker) pureRuns(base string, rest []arg, st *state) {
	opt := map[string]string{"split": "--filter", "install": "--strip-program"}[base]
	if opt == "" {
		return
	}
	for _, a := range rest {
		// --filter, --filter=CMD, or a unique prefix (--fil=CMD).
		name, _, _ := strings.Cut(a.v.s, "=")
		if !a.v.known || len(name) > 4 && strings.HasPrefix(opt, name) {
			w.unknown(base + " " + opt + " runs a command: not followed")
			if base != "install" {
				w.hashArgs(rest, st) // install (HashArgs) has hashed them
			}
			return
		}
	}
}

// downloads records the file curl -o FILE (--output) or wget -O FILE
// (--output-document) writes.
func (w *walker) downloads(base string, rest []arg, st *state) {
	// The options that take a value (curl --help all, 8.x; wget --help,
	// 1.21), that write a file they name, and that write files named by
	// the URL, the server or a config file (curl -O, -J, -K, --output-dir;
	// wget without -O saves each URL under its own name, and -P, -r, -i,
	// -e, --config).
	valued, output := "ADEFHKPQTUXYbcdehmortuwxyz", byte('o')
	named := map[string]bool{"-D": true, "--dump-header": true, "-c": true, "--cookie-jar": true, "--trace": true,
		"--trace-ascii": true, "--stderr": true, "--libcurl": true, "--etag-save": true, "--hsts": true, "--alt-svc": true}
	elsewhere := map[string]bool{"-O": true, "--remote-name": true, "--remote-name-all": true, "-J": true,
		"--remote-header-name": true, "--output-dir": true, "-K": true, "--config": true}
	if base == "wget" {
		valued, output = "aABDeiIlOoPQRtTUwX", 'O'
		named = map[string]bool{"-o": true, "--output-file": true, "-a": true, "--append-output": true}
		elsewhere = map[string]bool{"-P": true, "--directory-prefix": true, "-r": true, "--recursive": true, "-i": true,
			"--input-file": true, "-e": true, "--execute": true, "--config": true, "-m": true, "--mirror": true}
	}
	long := map[byte]string{'o': "--output", 'O': "--output-document"}[output]
	wroteNamed := false
	operands := 0
	write := func(opt string, v val) {
		switch {
		case opt == "-"+string(output) || opt == long:
			wroteNamed = true
			w.writes(v, base, st)
		case named[opt]:
			w.writes(v, base+" "+opt, st)
		case elsewhere[opt]:
			w.wroteSomewhere(base + " " + opt + " (it writes files named by the URL, the server or a config file)")
		}
	}
	for i := 0; i < len(rest); i++ {
		v := rest[i].v
		switch {
		case !v.known:
			operands++
		case v.s == "--":
			operands += len(rest) - i - 1
			i = len(rest)
		case strings.HasPrefix(v.s, "--"):
			opt, value, has := strings.Cut(v.s, "=")
			if has {
				write(opt, val{s: value, known: true})
			} else if named[opt] || opt == long || opt == "--output-dir" || opt == "--config" || opt == "--directory-prefix" ||
				opt == "--input-file" || opt == "--execute" {
				if i+1 < len(rest) {
					i++
					write(opt, rest[i].v)
				}
			} else {
				write(opt, val{})
			}
		case len(v.s) > 1 && v.s[0] == '-':
			// A cluster of short options: -fsSLo FILE, -qOFILE, -sO.
			for j := 1; j < len(v.s); j++ {
				opt := "-" + v.s[j:j+1]
				if strings.IndexByte(valued, v.s[j]) < 0 {
					write(opt, val{})
					continue
				}
				value := val{s: v.s[j+1:], known: true}
				if value.s == "" && i+1 < len(rest) {
					i++
					value = rest[i].v
				}
				write(opt, value)
				break
			}
		default:
			operands++
		}
	}
	if base == "wget" && !wroteNamed && operands > 0 {
		w.wroteSomewhere("wget without -O (it saves each URL to a file named by it)")
	}
}

func (w *walker) isDir(v val, st *state) bool {
	if w.files == nil || !v.known {
		return false
	}
	p := v.s
	if !filepath.IsAbs(p) {
		if st.dir == "" {
			return false
		}
		p = filepath.Join(st.dir, p)
	}
	_, ok := w.files.ReadDir(p)
	return ok || strings.HasSuffix(v.s, "/")
}

// checkWritten names each file the command both writes and runs (a tree
// written, once, with the first file run in it), and after a write to a
// path not known, the project files it runs.
func (w *walker) checkWritten() {
	var out []string
	var trees map[string][]string
	for p := range w.a.ran {
		how, tree, ok := WrittenBy(w.a.written, p)
		switch {
		case !ok:
		case tree == "":
			out = append(out, w.rel(p)+" is written by the command itself ("+how+") and then run: what it runs is not followed")
		default:
			if trees == nil {
				trees = map[string][]string{}
			}
			trees[tree] = append(trees[tree], w.rel(p))
		}
	}
	var first map[string]int
	for tree, files := range trees {
		if first == nil {
			first = w.firstReached()
		}
		how := w.a.written[tree+string(filepath.Separator)]
		sortReached(files, first)
		out = append(out, "files in "+strings.TrimSuffix(strings.TrimSuffix(w.rel(tree), "."), "/")+"/ are written by the command itself ("+how+"), and it runs "+files[0]+
			" there: what it runs is not followed")
	}
	sort.Strings(out)
	for _, s := range slices.Compact(out) {
		w.unknown(s)
	}
	if w.a.wroteSomewhere == "" {
		return
	}
	// The project files it runs, named only here: rel of every file run
	// by every hook was 2% of an `effective --json` of 40 hooks.
	var ran []string
	for p := range w.a.ran {
		if r := w.rel(p); strings.HasPrefix(r, "./") {
			ran = append(ran, r)
		}
	}
	if len(ran) == 0 {
		return
	}
	if first == nil {
		first = w.firstReached()
	}
	sortReached(ran, first)
	what := ran[0] + ", which the command runs"
	if len(ran) > 1 {
		what = ran[0] + " or another of the project files the command runs"
	}
	w.unknown(w.a.wroteSomewhere + ": it may write " + what + ": what it runs is not followed")
}

// firstReached numbers the files reached (not probes) in the order they
// were, by their path as shown (rel).
func (w *walker) firstReached() map[string]int {
	first := map[string]int{}
	for i, f := range w.a.Files {
		if r := w.rel(f.Path); first[r] == 0 && !f.Probe {
			first[r] = i + 1
		}
	}
	return first
}

// sortReached sorts paths as shown with those reached first (the hook's
// own script) before the rest (the places only looked in), then by name.
func sortReached(paths []string, first map[string]int) {
	sort.Slice(paths, func(i, j int) bool {
		a, b := first[paths[i]], first[paths[j]]
		if (a == 0) != (b == 0) {
			return a != 0
		}
		if a != b {
			return a < b
		}
		return paths[i] < paths[j]
	})
}
