package shellcmd

import (
	"path/filepath"
	"slices"
	"strings"

	"github.com/gh-hooks/gh-hooks/internal/lazyre"
)

// make: the makefile it reads (-f, else GNUmakefile, makefile, Makefile
// in -C's folder or the current one), the files it includes, its SHELL,
// $(shell ...) calls and every recipe line, each run by the shell in the
// makefile's folder. GNU make's two phases (make.info, "How make Reads a
// Makefile"): a deferred `=` (and `?=`, `define`) keeps its text and is
// expanded where it is used, with the values then known; `:=`, `::=` and
// `:::=` expand at once; `+=` appends in the variable's own flavour; `!=`
// runs its command (walked) and its value is not known. A recipe's
// automatic variables are the rule's: $@ (the recipe is walked for each
// target), $< $^ $+ and their D/F forms; $? $* $| , a pattern rule's,
// a suffix rule's and .DEFAULT's, a target named in more than one rule,
// vpath/VPATH and target-specific variables are not covered, and so is a
// prerequisite that make may build with a built-in rule. Variables without a value in the makefiles
// stay for the shell (make passes the environment through), so a recipe
// `$(CC) x.c` is a program named by $CC.

var (
	makeAssign  = lazyre.New(`^(?:override\s+|export\s+|private\s+)*([A-Za-z_.][\w.-]*)\s*(?:::=|:::=|:=|\?=|\+=|!=|=)\s*(.*)$`)
	makeInclude = lazyre.New(`^(?:-|s)?include\s+(.+)$`)
	makeLoad    = lazyre.New(`^-?load\s+(.+)$`)
	makeRef     = lazyre.New(`\$(?:\(([^()]*)\)|\{([^{}]*)\}|([@<^*?%+|]))`)
	makeCond    = lazyre.New(`^(?:ifeq|ifneq|ifdef|ifndef)(?:\s|\(|$)`)
	makeShell   = lazyre.New(`\$[({]shell\s+([^()]*)[)}]`)
	// makeSuffixRule is an old-fashioned suffix rule's target, .s1.s2
	// or .s1 (GNU make manual, "Old-Fashioned Suffix Rules"): a pattern
	// rule whose $@ and $< make chooses.
	makeSuffixRule = lazyre.New(`^\.[^./%]+(\.[^./%]+)?$`)
)

// makeSpecial reports whether t is one of GNU make's special targets
// (manual, "Special Built-in Target Names"), which are not suffix rules.
func makeSpecial(t string) bool {
	switch t {
	case ".PHONY", ".SUFFIXES", ".DEFAULT", ".PRECIOUS", ".INTERMEDIATE", ".NOTINTERMEDIATE", ".SECONDARY",
		".SECONDEXPANSION", ".DELETE_ON_ERROR", ".IGNORE", ".LOW_RESOLUTION_TIME", ".SILENT",
		".EXPORT_ALL_VARIABLES", ".NOTPARALLEL", ".ONESHELL", ".POSIX", ".WAIT", ".EXTRA_PREREQS":
		return true
	}
	return false
}

// makeRow is GNU make's grammar (make --help, main.c's switches, 4.4):
// getopt_long without '+', so options and operands mix; -fFILE, -sf FILE
// and --file=FILE alike. An operand is a target or VAR=value.
var makeRow = &Row{Names: []string{"make"}, Short: "bBC:dD::eE:f:hiI:j::kl::Lno:O::pqrRsStvwW:",
	Long: []string{"always-make|B", "directory=|C", "debug=?", "environment-overrides|e", "eval=|E", "file=|f",
		"makefile=|f", "help|h", "ignore-errors|i", "include-dir=|I", "jobs=?|j", "jobserver-auth=", "jobserver-style=",
		"keep-going|k", "load-average=?|l", "max-load=?|l", "check-symlink-times|L", "just-print|n", "dry-run|n",
		"recon|n", "old-file=|o", "assume-old=|o", "output-sync=?|O", "print-data-base|p", "question|q",
		"no-builtin-rules|r", "no-builtin-variables|R", "shuffle=?", "silent|s", "quiet|s", "no-silent",
		"no-keep-going|S", "stop|S", "touch|t", "trace", "version|v", "print-directory|w", "no-print-directory",
		"what-if=|W", "new-file=|W", "assume-new=|W", "warn-undefined-variables"}}

// make walks a make command.
func (w *walker) make(rest []arg, st *state, depth int) {
	dir := st.dir
	var files, assigns []arg
	items, _, why := parseRow(makeRow, rest)
	if why != "" {
		w.unknown(why)
	}
	for _, it := range items {
		a := itemArg(it, rest)
		switch it.Opt {
		case "":
			if !a.v.known {
				w.unknown("make with " + a.v.why + " on its command line")
			} else if strings.Contains(a.v.s, "=") {
				assigns = append(assigns, a) // make VAR=value
			}
		case "-I", "-e", "-E", "-o", "-W":
			w.unknown("make " + it.Opt + ": not followed")
		case "-C":
			sub := st.copy()
			sub.dir = dir
			dir = w.cd([]arg{a}, sub)
		case "-f":
			files = append(files, a)
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
	vars := &makeVars{v: map[string]string{"MAKE": "make", "CURDIR": dir}, deferred: map[string]bool{},
		exported: map[string]bool{}, cmdline: map[string]bool{}}
	for _, k := range []string{"MAKEFILES", "MAKEFLAGS", "GNUMAKEFLAGS", "MFLAGS"} {
		if _, ok := st.vars[k]; ok {
			w.unknown("make with " + k + " in its environment: not followed")
		}
	}
	for _, a := range assigns {
		k, v, _ := strings.Cut(a.v.s, "=")
		k = strings.TrimRight(k, ":")
		if !a.v.known || !isName(k) {
			w.unknown("make with a computed variable assignment")
			continue
		}
		vars.v[k], vars.cmdline[k] = v, true
		vars.exported[k] = true // make exports command-line variables
		if k == "SHELL" {
			w.exec(arg{v: val{s: v, known: true}, text: v}, st, depth)
		}
	}
	for _, f := range files {
		w.makefile(w.file(f.text, f.v, RoleManifest, sub), vars, sub, depth)
	}
}

// makeVars are the make variables known so far: a deferred one keeps its
// text (expanded at each use).
type makeVars struct {
	v        map[string]string
	deferred map[string]bool
	// vpath: a vpath directive or VPATH was seen ($< may name a file
	// found elsewhere).
	vpath bool
	// exported are the variables put in the recipes' environment
	// (export, .EXPORT_ALL_VARIABLES); cmdline those make's command line
	// sets, which the makefile's assignments do not change.
	exported, cmdline map[string]bool
	exportAll         bool
}

// makeRule is the rule whose recipe lines follow.
type makeRule struct {
	targets, prereqs []string
	// why is set when its automatic variables are not known.
	why string
}

// makefile follows one makefile (and its includes) with the variables
// known so far.
func (w *walker) makefile(p string, vars *makeVars, st *state, depth int) {
	data, real, leave, ok := w.open("make", p)
	if !ok {
		return
	}
	defer leave()
	name := w.rel(real)
	lines := strings.Split(strings.ReplaceAll(string(data), "\\\n", " "), "\n")
	seen := makeTargets(lines)
	inDefine := 0
	defName, defBody := "", []string(nil)
	var rule *makeRule
	cond := 0
	for _, line := range lines {
		if inDefine > 0 {
			t := strings.TrimSpace(line)
			switch {
			case strings.HasPrefix(t, "define ") || t == "define":
				inDefine++
			case t == "endef" || strings.HasPrefix(t, "endef "):
				inDefine--
				if inDefine == 0 {
					if defName != "" {
						vars.v[defName] = strings.Join(defBody, "\n")
						vars.deferred[defName] = true
					}
					continue
				}
			}
			defBody = append(defBody, line)
			continue
		}
		if strings.HasPrefix(line, "\t") && rule != nil {
			w.recipe(line[1:], vars, rule, st, depth)
			continue
		}
		t := strings.TrimSpace(line)
		if i := strings.IndexByte(t, '#'); i >= 0 {
			t = strings.TrimSpace(t[:i])
		}
		switch {
		case t == "":
			continue
		case strings.HasPrefix(t, "define ") || t == "define":
			inDefine, defBody = 1, nil
			f := strings.Fields(t)
			defName = ""
			if len(f) >= 2 && isName(f[1]) && (len(f) == 2 || len(f) == 3 && f[2] == "=") {
				defName = f[1] // define NAME [=]: deferred
			} else if len(f) >= 2 {
				w.unknown("a define other than deferred (" + t + ") in " + name)
				if len(f) >= 2 {
					delete(vars.v, f[1])
				}
			}
			continue
		case strings.HasPrefix(t, "vpath") && (len(t) == 5 || t[5] == ' ' || t[5] == '\t'):
			vars.vpath = true
			continue
		case makeCond.Get().MatchString(t):
			cond++ // both branches are walked
			continue
		case t == "else" || strings.HasPrefix(t, "else "):
			continue
		case t == "endif":
			cond = max(cond-1, 0)
			continue
		case t == ".ONESHELL:" || strings.HasPrefix(t, ".ONESHELL:"):
			w.unknown(".ONESHELL in " + name + ": not followed")
			continue
		case strings.HasPrefix(t, ".EXPORT_ALL_VARIABLES:"):
			vars.exportAll = true
			for k := range vars.v {
				vars.exported[k] = true
			}
			continue
		case strings.HasPrefix(t, "export ") && !strings.Contains(t, "="), strings.HasPrefix(t, "unexport ") || t == "export":
			f := strings.Fields(t)
			if t == "export" {
				// export alone is .EXPORT_ALL_VARIABLES: every variable,
				// those set before it too (include .env then export).
				vars.exportAll = true
				for k := range vars.v {
					vars.exported[k] = true
				}
			}
			for _, k := range f[1:] {
				vars.exported[k] = f[0] == "export"
			}
			continue
		case strings.HasPrefix(t, "$(info ") || strings.HasPrefix(t, "$(warning ") || strings.HasPrefix(t, "$(error "):
			continue
		case strings.HasPrefix(t, "$(") || strings.HasPrefix(t, "${"):
			w.unknown("a make function at the top of " + name + " (" + t + "): not followed")
			continue
		}
		for _, m := range makeShell.Get().FindAllStringSubmatch(t, -1) {
			w.recipe(m[1], vars, nil, st, depth)
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
		if m := makeAssign.Get().FindStringSubmatch(t); m != nil {
			rule = nil
			w.makeAssignment(t, m[1], m[2], vars, cond, name, st, depth)
			continue
		}
		// targets: prerequisites ; recipe
		head, rest, ok := strings.Cut(t, ":")
		if !ok {
			// Neither a rule nor an assignment: make stops at it
			// ("missing separator") before any recipe runs.
			continue
		}
		rest = strings.TrimPrefix(rest, ":") // a double-colon rule
		body, recipe, hasRecipe := strings.Cut(rest, ";")
		if makeAssign.Get().MatchString(strings.TrimSpace(body)) {
			w.unknown("a target-specific variable (" + t + ") in " + name)
			rule = &makeRule{why: "a target-specific variable"}
			continue
		}
		rule = w.makeRule(head, body, vars, seen)
		w.makeBuiltin(rule, seen, name, st)
		if hasRecipe {
			w.recipe(recipe, vars, rule, st, depth)
		}
	}
}

// makeTargets counts the rule lines naming each target: a target named in
// more than one has its prerequisites merged, so $< of one line is not
// that line's alone.
func makeTargets(lines []string) map[string]int {
	seen := map[string]int{}
	for _, line := range lines {
		if strings.HasPrefix(line, "\t") || makeAssign.Get().MatchString(strings.TrimSpace(line)) {
			continue
		}
		if head, _, ok := strings.Cut(line, ":"); ok && !strings.ContainsAny(head, "=#") {
			for _, t := range strings.Fields(head) {
				seen[t]++
			}
		}
	}
	return seen
}

// makeAssignment reads the assignment line t (k op v) of the makefile name
// into vars as make does: deferred = and ?=, immediate := and ::=, += in
// the variable's own flavour, != run at once; cond > 0 is inside a
// conditional, where the value is not this one alone.
func (w *walker) makeAssignment(t, k, v string, vars *makeVars, cond int, name string, st *state, depth int) {
	op := strings.TrimSpace(t[:len(t)-len(v)])
	if strings.HasPrefix(t, "export ") || vars.exportAll {
		vars.exported[k] = true
	}
	if cond > 0 || vars.cmdline[k] && !strings.HasPrefix(t, "override ") {
		// One branch of a conditional, or a variable the command
		// line set: the value is not this one alone.
		if !vars.cmdline[k] {
			delete(vars.v, k)
		}
		if k == "SHELL" || k == ".SHELLFLAGS" || k == ".RECIPEPREFIX" {
			w.unknown(k + " set in a conditional in " + name)
		}
		return
	}
	switch k {
	case ".RECIPEPREFIX", ".SHELLFLAGS":
		w.unknown(k + " set in " + name + ": not followed")
	}
	switch {
	case strings.HasSuffix(op, "!="):
		w.recipe(v, vars, nil, st, depth)
		delete(vars.v, k)
	case strings.HasSuffix(op, "?="):
		if _, ok := vars.v[k]; !ok {
			vars.v[k], vars.deferred[k] = v, true
		}
	case strings.HasSuffix(op, "+="):
		old, ok := vars.v[k]
		switch {
		case !ok:
			vars.v[k], vars.deferred[k] = v, true
		case vars.deferred[k]:
			vars.v[k] = strings.TrimSpace(old + " " + v)
		default:
			if x, known := makeExpand(v, vars); known {
				vars.v[k] = strings.TrimSpace(old + " " + x)
			} else {
				delete(vars.v, k)
			}
		}
	case strings.HasSuffix(op, ":="):
		if x, known := makeExpand(v, vars); known {
			vars.v[k], vars.deferred[k] = x, false
		} else {
			delete(vars.v, k)
		}
	default: // =
		vars.v[k], vars.deferred[k] = v, true
	}
	if k == "VPATH" {
		vars.vpath = true
	}
	if k == "SHELL" {
		if x, known := makeExpand("$(SHELL)", vars); known {
			w.exec(arg{v: val{s: x, known: true}, text: x}, st, depth)
		} else {
			w.unknown("SHELL set to a computed value in " + name)
		}
	}
}

// makeRule reads a rule's targets and prerequisites (expanded when make
// reads them).
func (w *walker) makeRule(head, body string, vars *makeVars, seen map[string]int) *makeRule {
	r := &makeRule{}
	ts, known := makeExpand(head, vars)
	ps, known2 := makeExpand(strings.ReplaceAll(body, "|", " | "), vars)
	switch {
	case !known || !known2:
		r.why = "a rule with computed targets or prerequisites"
	case strings.Contains(ts, "%"):
		r.why = "a pattern rule"
	case vars.vpath:
		r.why = "vpath or VPATH"
	}
	r.targets = strings.Fields(ts)
	for _, t := range r.targets {
		switch {
		case seen[t] > 1:
			r.why = "a target (" + t + ") named in more than one rule"
		case t == ".DEFAULT":
			r.why = "the .DEFAULT rule" // run for any target without a rule
		case makeSuffixRule.Get().MatchString(t) && !makeSpecial(t):
			r.why = "a suffix rule (" + t + ")" // .sh.out: is %.out: %.sh
		}
	}
	for _, p := range strings.Fields(ps) {
		if p == "|" {
			break // order-only prerequisites are in $| only
		}
		r.prereqs = append(r.prereqs, p)
	}
	return r
}

// makeBuiltin marks not covered a rule's prerequisite that no rule
// names and no file is, when its folder holds a file of the same stem:
// make's built-in rules may make it from that file (%: %.sh copies a
// script to the program the recipe then runs; %: %.c compiles one).
func (w *walker) makeBuiltin(rule *makeRule, seen map[string]int, name string, st *state) {
	if rule.why != "" || w.files == nil {
		return
	}
	for _, p := range rule.prereqs {
		if seen[p] > 0 || strings.ContainsAny(p, "%$") {
			continue
		}
		full := p
		if !filepath.IsAbs(full) {
			full = filepath.Join(st.dir, p)
		}
		if w.exists(full) {
			continue
		}
		names, _ := w.files.ReadDir(filepath.Dir(full))
		for _, n := range names {
			if strings.HasPrefix(n, filepath.Base(full)+".") {
				w.unknown("make may build " + p + " (in " + name + ") from " + n + " with a built-in rule: not followed")
				return
			}
		}
	}
}

// recipe walks one recipe line, once for each target of its rule (nil
// for a $(shell) or != command).
func (w *walker) recipe(line string, vars *makeVars, rule *makeRule, st *state, depth int) {
	line = strings.TrimLeft(strings.TrimSpace(line), "@-+")
	if line == "" {
		return
	}
	targets := []string{""}
	if rule != nil && len(rule.targets) > 0 {
		targets = rule.targets
	}
	if len(targets) > 8 {
		w.unknown("a make rule with more than 8 targets")
		targets = targets[:8]
	}
	for _, target := range targets {
		cmd := makeRef.Get().ReplaceAllStringFunc(strings.ReplaceAll(line, "$$", "\x00"), func(m string) string {
			sub := makeRef.Get().FindStringSubmatch(m)
			ref := sub[1] + sub[2] + sub[3]
			if v, ok := w.makeAuto(ref, target, rule); ok {
				return v
			}
			switch {
			case strings.HasPrefix(ref, "shell "):
				return "$(" + ref[len("shell "):] + ")"
			}
			if v, known := makeExpand(m, vars); known {
				return v
			}
			if isName(ref) {
				return "${" + ref + "}"
			}
			return "${make_function}"
		})
		rst := st.copy()
		for k, on := range vars.exported {
			if !on || !isName(k) {
				continue
			}
			if v, known := makeExpand("$("+k+")", vars); known {
				w.setVar(k, val{s: v, known: true}, rst, depth)
			} else {
				w.setVar(k, val{why: "a make variable without a known value"}, rst, depth)
			}
		}
		w.script(strings.ReplaceAll(cmd, "\x00", "$"), rst, depth+1)
	}
}

// makeAuto is an automatic variable's value in a rule's recipe; ok is
// false for a reference that is not one.
func (w *walker) makeAuto(ref, target string, rule *makeRule) (string, bool) {
	base, form := ref, ""
	if len(ref) == 2 && (ref[1] == 'D' || ref[1] == 'F') {
		base, form = ref[:1], ref[1:]
	}
	if len(base) != 1 || !strings.Contains("@<^+?*|%", base) {
		return "", false
	}
	unknown := func() (string, bool) {
		why := "the automatic variable $" + base
		if rule != nil && rule.why != "" {
			why += " in " + rule.why
		}
		w.unknown(why + ": not followed")
		return "${make_automatic}", true
	}
	if rule == nil || rule.why != "" {
		return unknown()
	}
	var words []string
	switch base {
	case "@":
		words = []string{target}
	case "<":
		if len(rule.prereqs) > 0 {
			words = rule.prereqs[:1]
		}
	case "^":
		for _, p := range rule.prereqs {
			if !slices.Contains(words, p) {
				words = append(words, p)
			}
		}
	case "+":
		words = rule.prereqs
	default:
		return unknown()
	}
	out := make([]string, len(words))
	for i, p := range words {
		switch form {
		case "D":
			out[i] = filepath.Dir(p)
		case "F":
			out[i] = filepath.Base(p)
		default:
			out[i] = p
		}
	}
	return strings.Join(out, " "), true
}

func isName(s string) bool {
	return s != "" && isAssignment(s+"=")
}

// makeExpand expands $(VAR) and ${VAR} with vars, a deferred variable's
// text in turn; known is false when a reference is not a variable with a
// known value.
func makeExpand(s string, vars *makeVars) (string, bool) {
	return makeExpandAt(s, vars, 0)
}

func makeExpandAt(s string, vars *makeVars, level int) (string, bool) {
	if level > 20 {
		return s, false // a variable that refers to itself
	}
	known := true
	out := makeRef.Get().ReplaceAllStringFunc(s, func(m string) string {
		sub := makeRef.Get().FindStringSubmatch(m)
		k := sub[1] + sub[2]
		if v, ok := vars.v[k]; ok && sub[3] == "" {
			if vars.deferred[k] {
				x, ok := makeExpandAt(v, vars, level+1)
				if !ok {
					known = false
				}
				return x
			}
			return v
		}
		known = false
		return m
	})
	return strings.TrimSpace(out), known
}
