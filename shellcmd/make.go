package shellcmd

import (
	"path/filepath"
	"strings"

	"github.com/gh-hooks/gh-hooks/internal/lazyre"
)

// make: the makefile it reads (-f, else GNUmakefile, makefile, Makefile
// in -C's folder or the current one), the files it includes, its SHELL,
// $(shell ...) calls and every recipe line, each run by the shell in the
// makefile's folder. Make variables with a plain value in the makefiles
// are expanded; others stay for the shell (make passes the environment
// through), so a recipe `$(CC) x.c` is a program named by $CC.

var (
	makeAssign  = lazyre.New(`^(?:override\s+|export\s+|private\s+)*([A-Za-z_][\w.-]*)\s*(?:::=|:::=|:=|\?=|\+=|!=|=)\s*(.*)$`)
	makeInclude = lazyre.New(`^(?:-|s)?include\s+(.+)$`)
	makeLoad    = lazyre.New(`^-?load\s+(.+)$`)
	makeRef     = lazyre.New(`\$(?:\(([^()]*)\)|\{([^{}]*)\}|([@<^*?%+|]))`)
	makeShell   = lazyre.New(`\$[({]shell\s+([^()]*)[)}]`)
)

// make walks a make command.
func (w *walker) make(rest []arg, st *state, depth int) {
	dir := st.dir
	var files []arg
	for i := 0; i < len(rest); i++ {
		a := rest[i]
		opt, value, has := strings.Cut(a.v.s, "=")
		switch {
		case opt == "-C" || opt == "--directory":
			if !has && i+1 < len(rest) {
				i++
				value = rest[i].v.s
			}
			sub := st.copy()
			sub.dir = dir
			dir = w.cd([]arg{{v: val{s: value, known: rest[i].v.known, why: rest[i].v.why}}}, sub)
		case strings.HasPrefix(opt, "-C") && len(opt) > 2:
			sub := st.copy()
			sub.dir = dir
			dir = w.cd([]arg{{v: val{s: opt[2:], known: true}}}, sub)
		case opt == "-f" || opt == "--file" || opt == "--makefile":
			if !has && i+1 < len(rest) {
				i++
				files = append(files, rest[i])
			} else {
				files = append(files, arg{v: val{s: value, known: true}, text: value})
			}
		}
	}
	if dir == "" {
		w.unknown("a Makefile in a computed directory")
		return
	}
	sub := st.copy()
	sub.dir = dir
	if len(files) == 0 {
		if w.files == nil {
			w.file("Makefile", val{s: filepath.Join(dir, "Makefile"), known: true}, RoleManifest, st)
			return
		}
		// GNU make tries GNUmakefile, makefile, Makefile in this order.
		for _, n := range []string{"GNUmakefile", "makefile", "Makefile"} {
			p := filepath.Join(dir, n)
			w.probe(n, p, RoleManifest)
			if w.exists(p) {
				files = append(files, arg{v: val{s: p, known: true}, text: n})
				break
			}
		}
		if len(files) == 0 {
			w.file("Makefile", val{s: filepath.Join(dir, "Makefile"), known: true}, RoleManifest, st)
			return
		}
	}
	vars := map[string]string{"MAKE": "make", "CURDIR": dir}
	for _, f := range files {
		w.makefile(w.file(f.text, f.v, RoleManifest, sub), vars, sub, depth)
	}
}

// makefile follows one makefile (and its includes) with the variables
// known so far.
func (w *walker) makefile(p string, vars map[string]string, st *state, depth int) {
	data, real, leave, ok := w.open("make", p)
	if !ok {
		return
	}
	defer leave()
	name := w.rel(real)
	lines := strings.Split(strings.ReplaceAll(string(data), "\\\n", " "), "\n")
	inDefine := 0
	for _, line := range lines {
		if strings.HasPrefix(line, "\t") && inDefine == 0 {
			w.recipe(line[1:], vars, st, depth)
			continue
		}
		t := strings.TrimSpace(line)
		if i := strings.IndexByte(t, '#'); i >= 0 {
			t = strings.TrimSpace(t[:i])
		}
		switch {
		case t == "":
			continue
		case strings.HasPrefix(t, "define "):
			inDefine++
			continue
		case t == "endef":
			inDefine = max(inDefine-1, 0)
			continue
		case inDefine > 0:
			continue
		}
		for _, m := range makeShell.Get().FindAllStringSubmatch(t, -1) {
			w.recipe(m[1], vars, st, depth)
		}
		if m := makeInclude.Get().FindStringSubmatch(t); m != nil {
			v, known := makeExpand(m[1], vars)
			if !known {
				w.unknown("an include of a computed file in " + name)
				continue
			}
			for _, f := range strings.Fields(v) {
				if hasGlob(f) {
					w.unknown("an include of a pattern (" + f + ") in " + name)
					continue
				}
				w.makefile(w.file(f, val{s: f, known: true}, RoleManifest, st), vars, st, depth)
			}
			continue
		}
		if m := makeLoad.Get().FindStringSubmatch(t); m != nil {
			for _, f := range strings.Fields(m[1]) {
				w.file(f, val{s: f, known: true}, RoleProgram, st)
			}
			continue
		}
		if m := makeAssign.Get().FindStringSubmatch(t); m != nil && !strings.Contains(t[:len(t)-len(m[2])], ": ") {
			k, v := m[1], m[2]
			if x, known := makeExpand(v, vars); known && !strings.Contains(t, "!=") {
				if strings.Contains(t, "+=") {
					x = strings.TrimSpace(vars[k] + " " + x)
				}
				vars[k] = x
			} else {
				delete(vars, k)
			}
			if k == "SHELL" {
				if x, known := makeExpand(v, vars); known {
					w.exec(arg{v: val{s: x, known: true}, text: x}, st, depth)
				} else {
					w.unknown("SHELL set to a computed value in " + name)
				}
			}
			continue
		}
		// target: prerequisites ; recipe
		if i := strings.Index(t, ";"); i >= 0 && strings.Contains(t[:i], ":") {
			w.recipe(t[i+1:], vars, st, depth)
		}
	}
}

// recipe walks one recipe line.
func (w *walker) recipe(line string, vars map[string]string, st *state, depth int) {
	line = strings.TrimLeft(strings.TrimSpace(line), "@-+")
	if line == "" {
		return
	}
	cmd := makeRef.Get().ReplaceAllStringFunc(strings.ReplaceAll(line, "$$", "\x00"), func(m string) string {
		sub := makeRef.Get().FindStringSubmatch(m)
		ref := sub[1] + sub[2]
		switch {
		case sub[3] != "":
			return "target" // $@ $< $^: file names
		case strings.HasPrefix(ref, "shell "):
			return "$(" + ref[len("shell "):] + ")"
		}
		if v, ok := vars[ref]; ok {
			return v
		}
		if isName(ref) {
			return "${" + ref + "}"
		}
		return "${make_function}"
	})
	w.script(strings.ReplaceAll(cmd, "\x00", "$"), st.copy(), depth+1)
}

func isName(s string) bool {
	return s != "" && isAssignment(s+"=")
}

// makeExpand expands $(VAR) and ${VAR} with vars; known is false when a
// reference is not a plain variable with a known value.
func makeExpand(s string, vars map[string]string) (string, bool) {
	known := true
	out := makeRef.Get().ReplaceAllStringFunc(s, func(m string) string {
		sub := makeRef.Get().FindStringSubmatch(m)
		if v, ok := vars[sub[1]+sub[2]]; ok && sub[3] == "" {
			return v
		}
		known = false
		return m
	})
	return strings.TrimSpace(out), known
}
