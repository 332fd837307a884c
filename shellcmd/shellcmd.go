// Package shellcmd reads a hook command the way bash will run it and says
// what it can start: the programs it runs, the files it executes or feeds
// to an interpreter, and, where it cannot know, why.
//
// Gemini runs a hook with bash -c from the project directory (spec §5.2),
// so what a hook does is decided by the command line and by the project
// files it reaches: ./x.sh, `cd scripts && ./x.sh`, `python3 hooks/x.py`,
// `source env.sh`, `bash < f`, `cat f | sh`, `BASH_ENV=./x bash -c ...`,
// `PATH=./bin:$PATH lint`, `npm run lint` (package.json), `make`
// (Makefile), the command inside `sh -c '...'`, `timeout 10 ./s`, `find
// -exec ./s`, or `gh-hooks claude-compat -- CMD`. Analyze parses the
// command with mvdan.cc/sh (bash syntax), walks every statement, branch,
// pipeline, substitution and function body, follows cd, wrappers and
// redirections, and reports each of those files with its path. A command
// whose behaviour depends on something that cannot be known without
// running it (eval, a program named by a variable, cd to a computed
// directory, code piped into a shell from a program) gets an Unknown entry
// with a short reason, so that callers can say what a fingerprint does not
// cover.
//
// Analyze runs nothing and reads no file by itself. Given a Reader
// (Options.Files) it follows what the files it reaches load in turn:
// scripts a script runs or sources, #! lines, Python imports, Node
// requires and imports, package.json scripts and .npmrc, Makefile
// includes and recipes, a Go package's files; the hook's own env
// (Options.Env) is applied as bash and its programs read it (env.go).
// Its work is bounded by the length of the command (MaxCommand), by the
// nesting of commands inside strings (MaxDepth), by the number of files it
// lists (MaxFiles), by how deep files are followed (MaxFollow) and by how
// much code is read (MaxFollowFile, MaxRead).
//
// The rule (issue 30 §1): every project file that the real interpreter
// chain can run or load is listed, or the analysis is not covered
// (Unknown) with a reason that names the construct, program, variable or
// file. Coverage is claimed only for what is modelled exactly; anything
// else (a program without a row in the program table, an option a row
// does not know, a construct the walker does not model, a form that
// depends on what runs) is not covered. Programs are data (Table, Parse):
// one row per program with its option grammar and which operands and
// option values are code; one parser and one apply step serve every row.
// A program without a row is not covered, and every argument that names
// a project file is listed. Statements are walked over the set of shell
// states that reach them, joined where branches meet; functions and trap
// handlers are walked where they run; variable text that bash evaluates
// as code (arithmetic, prompts, indirection) and shell options that
// change lookup are followed or not covered (flow.go, arith.go,
// options.go).
package shellcmd

import (
	"maps"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"

	"mvdan.cc/sh/v3/syntax"
)

// Bounds of the analysis.
const (
	// MaxCommand is the longest command analysed; a longer one is one
	// Unknown.
	MaxCommand = 256 << 10
	// MaxDepth is how deep commands inside strings (sh -c, eval-free
	// wrappers, trap, find -exec) are followed.
	MaxDepth = 6
	// MaxFiles is how many files an analysis lists: every program of a
	// command looked up in every folder a PATH adds is a file, and a
	// hostile command of 12,000 folders and 12,000 programs made 144
	// million (trust audit ran for minutes). A command that reaches more
	// is not covered (one Unknown).
	MaxFiles = 1000
	// MaxFollow is how deep files that load files are followed (a script
	// that sources a file that runs a script ...).
	MaxFollow = 8
	// MaxFollowFile is the largest file followed: a larger one is
	// hashed by callers but what it loads is not known.
	MaxFollowFile = 256 << 10
	// MaxRead is the most code followed in all the analyses that share a
	// Memo (all the hooks of a project), so that following stays a small
	// part of hashing: parsing shell code costs about 50 times more than
	// hashing it.
	MaxRead = 2 << 20
	// MaxLoads is how many times files are read to be followed in all the
	// analyses that share a Memo: a file that runs itself with a growing
	// state (PATH=./b:$PATH ./a.sh) would otherwise branch at every level.
	MaxLoads = 2000
)

// Role says how a command reaches a file.
type Role string

// Roles of a File.
const (
	// RoleProgram: the file is run as a program (./x.sh, bin/lint found
	// through PATH=./bin:$PATH).
	RoleProgram Role = "program"
	// RoleScript: an interpreter runs it (bash x.sh, python3 x.py, node x.js).
	RoleScript Role = "script"
	// RoleSource: the shell reads it as code (source x, . x, BASH_ENV=x,
	// bash < x, cat x | sh).
	RoleSource Role = "source"
	// RoleManifest: a tool runs what the file says (package.json for npm
	// run, Makefile for make, justfile for just).
	RoleManifest Role = "manifest"
	// RoleModules: the folder is on a Python process's sys.path before
	// the standard library; what matters is the list of the modules in
	// it (PyModuleEntry), since any of them can be imported in place of
	// a standard or installed module of that name (pyshadow.go).
	RoleModules Role = "modules"
)

// File is one file a command can start.
type File struct {
	// Word is the word as written in the command (after Gemini's
	// expansion of known variables, which callers do before).
	Word string `json:"word"`
	// Path is the file's absolute, cleaned path; "" when the word holds
	// something that cannot be known (then an Unknown says why).
	Path string `json:"path"`
	Role Role   `json:"role"`
	// Raw is the path as the kernel gets it, when it differs from Path:
	// joined but not cleaned, because bash hands "./h/../run.sh" to
	// execve as it is, and the kernel resolves ".." after following the
	// link h. Readers resolve Raw, not Path.
	Raw string `json:"raw,omitempty"`
	// Probe is true for a place a program looks in whose absence is
	// normal (a PATH folder, an import path, node_modules): it is listed
	// so that a file planted there changes the fingerprint.
	Probe bool `json:"probe,omitempty"`
	// Via is the project file whose code reaches this one ("" for the
	// command itself), as a path like Path.
	Via string `json:"via,omitempty"`
}

// Reader gives Analyze the content of the project's files, so that it
// follows what they load in turn: the files a script sources or runs,
// Python imports, Node requires, package.json scripts, Makefile includes
// and recipes, a Go package's files. Without one Analyze reads nothing.
// The reader decides what may be read: fingerprint's reads only regular
// files inside the project, through an os.Root.
type Reader interface {
	// ReadFile returns the content of the regular file at path (absolute,
	// possibly not cleaned: resolve it physically) and its physical
	// path; ok is false when it is not such a file (missing, outside the
	// project, not regular, too large).
	ReadFile(path string) (data []byte, real string, ok bool)
	// ReadDir returns the names of the entries of the directory at path
	// inside the project.
	ReadDir(path string) (names []string, ok bool)
}

// Program is one program a command runs by name, found through PATH when
// it runs (git, npm, jq), or by path (then it is a File too).
type Program struct {
	// Name is the command word as written.
	Name string `json:"name"`
	// Path is set when the name is a path, or was found in a directory
	// that an assignment put on PATH; "" for a program looked up on PATH.
	Path string `json:"path,omitempty"`
	// Package is true for a package's binary that npx, bunx or uvx
	// fetch when it is not installed: it need not be on PATH.
	Package bool `json:"package,omitempty"`
	// Swallowed is true when the command discards the failure of every
	// call of the program: each is the left side of `|| true`, `|| :`,
	// `|| exit 0` or `|| return 0`, or is followed by `exit 0`. Its
	// absence (bash's exit 127) then changes nothing the hook returns.
	Swallowed bool `json:"swallowed,omitempty"`
}

// Left is a project file or folder whose content an Unknown leaves out.
type Left struct {
	// Path is absolute, as File.Path.
	Path string `json:"path"`
	// Tree is true for a folder left out whole (a package in
	// node_modules); false for a file whose code is not followed, which
	// can load its neighbours.
	Tree bool `json:"tree,omitempty"`
}

// Analysis is what Analyze found, in order of first appearance, without
// duplicates.
type Analysis struct {
	Programs []Program `json:"programs"`
	Files    []File    `json:"files"`
	// Unknown lists what the analysis cannot follow, as short reasons
	// ("eval", "cd to a computed directory").
	Unknown []string `json:"unknown"`
	// Checked are the names the command probes before it relies on them
	// (command -v NAME, type NAME, hash NAME, which NAME), as in
	// `command -v jq >/dev/null || exit 0; jq ...`: a caller should not
	// call such a program missing, the command handles it.
	Checked []string `json:"checked,omitempty"`
	// Left are the project files and folders an Unknown leaves out: a
	// file whose code is not followed (past MaxFollow, larger than
	// MaxFollowFile, past MaxRead or MaxLoads, a language not modelled)
	// and a package folder in node_modules. A caller can bind an
	// acknowledgement of the Unknown to their content.
	Left []Left `json:"left,omitempty"`
	// SyntaxError is bash's reading of a command it cannot parse: bash
	// fails with exit 2 before running anything.
	SyntaxError string `json:"syntaxError,omitempty"`

	// written are the files the command itself writes (a redirection,
	// tee, cp's destination), by path, with how; ran the files it runs
	// or loads (not only hashes). A file in both holds at run time what
	// the command wrote, not what the fingerprint hashed (written.go).
	written map[string]string
	ran     map[string]bool
	// wroteSomewhere names the first write to a path not known ("" none).
	wroteSomewhere string
}

// Writes are the files the command writes, by path (a path that ends in
// a separator stands for the tree of that folder), with how ("a
// redirection", "open at ./x.py:2"); somewhere names a write to a path
// not known ("" when there is none); runs are the files it runs or
// loads, sorted. For a caller that compares commands: one hook writing
// what another one runs (fingerprint).
func (a *Analysis) Writes() (written map[string]string, somewhere string, runs []string) {
	for p := range a.ran {
		runs = append(runs, p)
	}
	slices.Sort(runs)
	return a.written, a.wroteSomewhere, runs
}

// WrittenBy says how written (from Writes) writes the file p, or the
// tree of a folder above it (tree is then that folder, else ""); ok is
// false when it does not.
func WrittenBy(written map[string]string, p string) (how, tree string, ok bool) {
	if len(written) == 0 {
		return "", "", false // most commands write nothing: no folder of p to try (4% of an `effective --json` of 40 hooks)
	}
	if how, ok = written[p]; ok {
		return how, "", true
	}
	for d := filepath.Dir(p); d != filepath.Dir(d); d = filepath.Dir(d) {
		if how, ok = written[d+string(filepath.Separator)]; ok {
			return how, d, true
		}
	}
	return "", "", false
}

// Options describe where and how the command runs.
type Options struct {
	// Dir is the directory the command starts in (the project).
	Dir string
	// Vars are the variables whose values are known when the command runs
	// (GEMINI_PROJECT_DIR, CLAUDE_PROJECT_DIR, the hook's env). Others are
	// unknown; $HOME is the user's home when set here. PATH and BASH_ENV
	// here are the environment bash starts with: bash itself and the
	// command's programs are looked up in that PATH, and bash reads the
	// BASH_ENV file before the command.
	Vars map[string]string
	// Env is the hook's own env as written (the variables Gemini sets
	// for the process that runs bash). Each is also a known variable,
	// and those that change what runs (PATH, BASH_ENV, ENV,
	// BASH_FUNC_name%%, CDPATH, NODE_OPTIONS, PYTHONPATH, LD_PRELOAD,
	// ...) are followed (see env.go). "$PATH" or "${PATH}" in a value
	// stands for the inherited PATH, which is not the project's.
	Env map[string]string
	// Files, when set, lets Analyze read project files to follow what
	// they load.
	Files Reader
	// Memo, when set, keeps what following a file found, for the
	// analyses that share it (every hook of one project): a script that
	// 300 hooks run is read and followed once per state it runs in.
	Memo *Memo
}

// Memo keeps the results of following files across analyses (see
// Options.Memo). Its zero value is not usable: use NewMemo. It is not
// safe for concurrent use.
type Memo struct {
	m map[string]*Analysis
	// read is the bytes followed so far (MaxRead), loads the files read
	// to be followed (MaxLoads), steps the statements walked
	// (maxMemoSteps).
	read, loads, steps int
}

// NewMemo returns an empty Memo.
func NewMemo() *Memo { return &Memo{m: map[string]*Analysis{}} }

// Analyze reads command as bash would run it in o.Dir.
func Analyze(command string, o Options) *Analysis {
	a := &Analysis{}
	w := &walker{a: a, seenFile: map[string]int{}, seenProg: map[string]int{}, files: o.Files, top: o.Dir, sh: &shared{memo: o.Memo}}
	if w.sh.memo == nil {
		w.sh.memo = NewMemo()
	}
	if len(command) > MaxCommand {
		w.unknown("a command longer than 256 KiB")
		return w.done()
	}
	st := &state{dir: o.Dir, vars: maps.Clone(o.Vars)} // the walk changes them: a copy
	if st.vars == nil {
		st.vars = map[string]string{}
	}
	// A hook's env reaches the process that runs bash (spec §5.2): Node's
	// spawn looks bash up in that env's PATH (child_process: "options.env.PATH
	// ... is used for the command lookup"), and a non-interactive bash runs
	// the BASH_ENV file first.
	if p, ok := o.Vars["PATH"]; ok {
		st.path = pathDirs(val{s: p, known: true}, st)
		w.exec(arg{v: val{s: "bash", known: true}, text: "bash"}, st, 0)
	}
	if f := o.Vars["BASH_ENV"]; f != "" {
		w.setVar("BASH_ENV", val{s: f, known: true}, st, 0)
	}
	w.startEnv(o.Env, st)
	if err := w.script(command, st, 0); err != "" {
		a.SyntaxError = err
	}
	w.flushTraps()
	w.checkWritten()
	return w.done()
}

// state is the shell's state as far as it decides what runs: the working
// directory ("" when unknown), known variables, and directories put on
// PATH ("" entries stand for unknown ones).
type state struct {
	dir  string
	vars map[string]string
	path []string
	// old is $OLDPWD, the directory before the last cd ("" unknown).
	old string
	// posix is POSIX mode (sh, set -o posix): assignments before a
	// special builtin stay (bash(1), POSIX mode). aliases is
	// expand_aliases; xtrace is set -x.
	posix, aliases, xtrace bool
	// ints are variables whose value is not known but is an integer
	// bash made (setInt).
	ints map[string]bool
	// in is the shell's own standard input after exec <FILE (nil: the
	// one it started with; unknownIn: differs between branches).
	in *syntax.Redirect
}

// unknownIn is the standard input of a shell whose branches set it
// apart (exec <a in one, exec <b in another).
var unknownIn = &syntax.Redirect{}

// gitFileIn is the standard input git gives a filter: the content of a
// file it chooses (convert.c).
var gitFileIn = &syntax.Redirect{}

func (s *state) copy() *state {
	c := &state{dir: s.dir, old: s.old, vars: make(map[string]string, len(s.vars)), path: slices.Clone(s.path),
		posix: s.posix, aliases: s.aliases, xtrace: s.xtrace, ints: maps.Clone(s.ints), in: s.in}
	for k, v := range s.vars {
		c.vars[k] = v
	}
	return c
}

// A walker's maps other than seenFile and seenProg are made on their
// first write (put): most commands define no function, alias or attribute
// and follow no file, and making all of them for each hook was 1.6% of the
// instructions of an `effective --json` of 40 hooks (BENCHMARKS.md).
type walker struct {
	a       *Analysis
	seenWhy map[string]bool
	// seenProg is the index in a.Programs of each program (name and
	// path) plus one; swallow counts the statements being walked whose
	// failure the command discards (Program.Swallowed).
	seenProg map[string]int
	swallow  int
	seenFile map[string]int
	// funcs are the functions the command defines: calling one walks
	// its body there (callFunc); calling counts the calls being walked.
	// aliases are the aliases it defines (alias NAME=VALUE); traps the
	// trap handlers set so far (runTraps).
	funcs   map[string]*syntax.Stmt
	calling map[string]int
	aliases map[string]string
	traps   []*trapHandler
	// assoc are the associative arrays (declare -A), whose subscripts
	// are not arithmetic; intAttr the variables declared -i, whose
	// assignments are.
	assoc, intAttr, caseAttr map[string]bool
	// files reads project files to follow them (nil: none is read);
	// followed are the files already followed, level how deep the
	// current one is, read the bytes read so far, via the file being
	// followed ("" in the command itself).
	files    Reader
	top      string
	followed map[string]bool
	level    int
	// sh is shared with the walkers of files followed in a process of
	// their own (isolated).
	sh  *shared
	via string
	// hashing: files are being listed only to hash them (hashArgs), not
	// because they run.
	hashing bool
}

// put sets (*m)[k] to v, making the map if it is nil.
func put[K comparable, V any](m *map[K]V, k K, v V) {
	if *m == nil {
		*m = map[K]V{}
	}
	(*m)[k] = v
}

func (w *walker) done() *Analysis {
	if w.a.Programs == nil {
		w.a.Programs = []Program{}
	}
	if w.a.Files == nil {
		w.a.Files = []File{}
	}
	if w.a.Unknown == nil {
		w.a.Unknown = []string{}
	}
	return w.a
}

// leave records that an Unknown leaves out p (see Analysis.Left).
func (w *walker) leave(p string, tree bool) {
	if p == "" {
		return
	}
	l := Left{Path: filepath.Clean(p), Tree: tree}
	if !slices.Contains(w.a.Left, l) {
		w.a.Left = append(w.a.Left, l)
	}
}

func (w *walker) unknown(why string) {
	if !w.seenWhy[why] {
		put(&w.seenWhy, why, true)
		w.a.Unknown = append(w.a.Unknown, why)
	}
}

// full reports whether the analysis lists MaxFiles files, saying so once.
func (w *walker) full() bool {
	if len(w.a.Files) < MaxFiles {
		return false
	}
	w.unknown("more than " + strconv.Itoa(MaxFiles) + " files (programs looked up in the PATH folders, scripts)")
	return true
}

// file records a file reached by word, resolved against st.dir, and
// returns the path to read it by ("" when it cannot be known or is not a
// local path).
func (w *walker) file(word string, v val, role Role, st *state) string {
	return w.add(word, v, role, st, false)
}

// probe records a place a program looks in (see File.Probe).
func (w *walker) probe(word, path string, role Role) string {
	return w.add(word, val{s: path, known: true}, role, &state{dir: "/"}, true)
}

func (w *walker) add(word string, v val, role Role, st *state, probe bool) string {
	if w.full() {
		return ""
	}
	f := File{Word: word, Role: role, Probe: probe, Via: w.via}
	switch {
	case !v.known && v.from != nil:
		// "$(<f)", $(cat f): the code is that file's.
		return w.file(source(v.from), eval(v.from, st), role, st)
	case !v.known:
		w.unknown(role.what() + " named by " + v.why)
		return ""
	case strings.HasPrefix(v.s, "~"):
		f.Path = v.s // the user's home: not the project's
	case strings.HasPrefix(v.s, "/dev/fd/") || strings.HasPrefix(v.s, "/proc/"):
		// bash /dev/fd/3 after exec 3< f: an open file, whichever it is.
		w.unknown(role.what() + " read from a file descriptor (" + v.s + ")")
		return ""
	case filepath.IsAbs(v.s):
		f.Path = filepath.Clean(v.s)
		if f.Path != v.s && strings.Contains(v.s, "..") {
			f.Raw = v.s
		}
	case st.dir == "":
		w.unknown("a relative path after cd to a computed directory")
		return ""
	default:
		f.Path = filepath.Join(st.dir, v.s)
		if strings.Contains(v.s, "..") {
			f.Raw = st.dir + string(filepath.Separator) + v.s
		}
	}
	key := w.record(f)
	if !w.hashing {
		w.markRan(f.Path)
	}
	if strings.HasPrefix(key, "~") {
		return ""
	}
	return key
}

// record lists f once (by its Raw path, else its Path), and returns that
// key; a file listed as a probe and then reached for real is no longer a
// probe.
func (w *walker) record(f File) string {
	key := f.Path
	if f.Raw != "" {
		key = f.Raw
	}
	if i, ok := w.seenFile[key]; !ok {
		w.seenFile[key] = len(w.a.Files)
		w.a.Files = append(w.a.Files, f)
	} else if !f.Probe {
		w.a.Files[i].Probe = false
	}
	return key
}

func (r Role) what() string {
	switch r {
	case RoleProgram:
		return "a program"
	case RoleSource:
		return "shell code"
	case RoleManifest:
		return "a task file"
	case RoleModules:
		return "a module folder"
	}
	return "a script"
}

func (w *walker) program(p Program) {
	key := p.Name + "\x00" + p.Path
	p.Swallowed = p.Swallowed || w.swallow > 0
	if i := w.seenProg[key]; i > 0 {
		q := &w.a.Programs[i-1]
		q.Swallowed = q.Swallowed && p.Swallowed // one call that fails is enough
		return
	}
	w.a.Programs = append(w.a.Programs, p)
	w.seenProg[key] = len(w.a.Programs)
}

// parsers are bash parsers to reuse (syntax.Parser.Parse may be called
// again once it returns): each holds 2 KiB of buffers, and an effective
// of 40 hooks made 80 of them.
var parsers = sync.Pool{New: func() any { return syntax.NewParser(syntax.Variant(syntax.LangBash)) }}

// script parses src as a bash script and walks it with st; it returns
// the parse error, if any.
func (w *walker) script(src string, st *state, depth int) string {
	if depth > MaxDepth {
		w.unknown("commands nested more than 6 deep in strings")
		return ""
	}
	p := parsers.Get().(*syntax.Parser)
	f, err := p.Parse(strings.NewReader(src), "")
	parsers.Put(p)
	if err != nil {
		w.unknown("a command bash cannot parse")
		return err.Error()
	}
	w.stmts(f.Stmts, st, depth)
	return ""
}

func (w *walker) stmts(list []*syntax.Stmt, st *state, depth int) {
	join(st, w.flow(list, []*state{st}, depth))
}

// stmt walks one statement. Redirections that feed a file to the
// command's stdin matter when the command is a shell reading code there.
func (w *walker) stmt(s *syntax.Stmt, st *state, depth int) {
	if s == nil {
		return
	}
	switch c := s.Cmd.(type) {
	case *syntax.IfClause, *syntax.WhileClause, *syntax.ForClause, *syntax.CaseClause, *syntax.Block:
		join(st, w.flowStmt(s, []*state{st}, depth))
		return
	case *syntax.BinaryCmd:
		if c.Op == syntax.AndStmt || c.Op == syntax.OrStmt {
			join(st, w.flowStmt(s, []*state{st}, depth))
			return
		}
	}
	stdin := w.cmdRedirs(s.Redirs, st, depth)
	if stdin == nil {
		stdin = st.in // after exec <FILE, every command reads FILE
	}
	w.command(s.Cmd, st, depth, stdin)
}

// cmdRedirs walks a command's redirections (the substitutions in their
// words, the files they write) and returns the one that gives it its
// standard input, nil when none does.
func (w *walker) cmdRedirs(rs []*syntax.Redirect, st *state, depth int) *syntax.Redirect {
	var stdin *syntax.Redirect
	for _, r := range rs {
		if r.Word != nil {
			w.parts(r.Word, st, depth)
		}
		w.redirWrites(r, st)
		switch r.Op {
		case syntax.RdrIn, syntax.RdrInOut, syntax.Hdoc, syntax.DashHdoc, syntax.WordHdoc:
			stdin = r
		case syntax.DplIn:
			if r.N == nil || r.N.Value == "0" {
				stdin = r // <&3: what fd 3 is
			}
		}
	}
	return stdin
}

// command walks one command; stdin is the redirection of its standard
// input, if any.
func (w *walker) command(c syntax.Command, st *state, depth int, stdin *syntax.Redirect) {
	switch c := c.(type) {
	case *syntax.CallExpr:
		w.call(c, st, depth, stdin, nil)
	case *syntax.BinaryCmd:
		if c.Op == syntax.Pipe || c.Op == syntax.PipeAll {
			// Each side of a pipe runs in a subshell of its own.
			w.stmt(c.X, st.copy(), depth)
			w.pipeInto(c.X, c.Y, st.copy(), depth)
			return
		}
		join(st, w.flowStmt(&syntax.Stmt{Cmd: c}, []*state{st}, depth))
	case *syntax.Block, *syntax.IfClause, *syntax.WhileClause, *syntax.ForClause, *syntax.CaseClause:
		join(st, w.flowStmt(&syntax.Stmt{Cmd: c}, []*state{st}, depth))
	case *syntax.Subshell:
		w.stmts(c.Stmts, st.copy(), depth)
	case *syntax.FuncDecl:
		// Its body is walked where it is called (callFunc), in the state
		// there.
		for _, n := range append([]*syntax.Lit{c.Name}, c.Names...) {
			if n != nil {
				put(&w.funcs, n.Value, c.Body)
				if n.Value == "command_not_found_handle" {
					w.unknown("command_not_found_handle (a function bash runs for any program it does not find): not followed")
				}
			}
		}
	case *syntax.DeclClause:
		w.decl(c, st, depth)
	case *syntax.TimeClause:
		w.stmt(c.Stmt, st, depth)
	case *syntax.CoprocClause:
		w.stmt(c.Stmt, st.copy(), depth)
	case *syntax.ArithmCmd:
		w.arith(c.X, st, depth)
	case *syntax.LetClause:
		for _, e := range c.Exprs {
			w.arith(e, st, depth)
		}
	case *syntax.TestClause:
		syntax.Walk(c, func(n syntax.Node) bool { return w.nested(n, st, depth) })
		w.testArith(c, st, depth)
	}
}

// nested walks the commands inside command and process substitutions of
// any node.
func (w *walker) nested(n syntax.Node, st *state, depth int) bool {
	switch n := n.(type) {
	case *syntax.CmdSubst:
		w.stmts(n.Stmts, st.copy(), depth)
		return false
	case *syntax.ProcSubst:
		w.stmts(n.Stmts, st.copy(), depth)
		return false
	case *syntax.ArithmExp:
		w.arith(n.X, st, depth)
		return false
	case *syntax.ParamExp:
		w.paramCode(n, st, depth)
		return n.Index == nil && n.Slice == nil
	}
	return true
}

// parts walks the substitutions inside a word.
func (w *walker) parts(word *syntax.Word, st *state, depth int) {
	if word != nil {
		syntax.Walk(word, func(n syntax.Node) bool { return w.nested(n, st, depth) })
	}
}

// decl applies a declare, export, local, typeset or readonly clause. A
// word that is not a plain NAME=value (export "PATH=$X", declare $spec)
// is evaluated; a nameref (declare -n) can make any later assignment set
// PATH, so it is not known.
func (w *walker) decl(c *syntax.DeclClause, st *state, depth int) {
	flags := ""
	for _, as := range c.Args {
		if as.Name != nil {
			if as.Naked {
				continue // export NAME: its value is already known or not
			}
			w.assign(as, st, depth, true)
			continue
		}
		if as.Value == nil {
			continue
		}
		w.parts(as.Value, st, depth)
		v := eval(as.Value, st)
		switch {
		case !v.known:
			w.unknown(c.Variant.Value + " of " + v.why)
		case strings.HasPrefix(v.s, "-") || strings.HasPrefix(v.s, "+"):
			if strings.Contains(v.s, "n") && strings.HasPrefix(v.s, "-") {
				w.unknown(c.Variant.Value + " -n (a nameref: assignments through it can set any variable)")
			}
			w.attrs(v.s, c)
			w.exportFuncs(v.s, c, st, depth)
			flags += v.s
		default:
			w.declWord(c.Variant.Value, flags, v.s, st, depth)
		}
	}
}

// declWord applies a word that declare, local, export, typeset or
// readonly (n) parses again after expansion (declare "$x", local
// "a[$k]=1"), given flags before it: a NAME=value sets the variable; a
// subscript before = is evaluated (a command in it runs); with -a or -A a
// value in parentheses is a compound assignment whose words are
// expanded; with -i the value is arithmetic (witnessed with bash 5.2).
func (w *walker) declWord(n, flags, s string, st *state, depth int) {
	k, x, ok := strings.Cut(s, "=")
	if !ok {
		return // declare NAME, declare 'a[$(x)]': nothing is evaluated
	}
	k = strings.TrimSuffix(k, "+")
	name, sub, isSub := strings.Cut(k, "[")
	if !isName(name) {
		return // not an assignment: bash refuses it
	}
	if strings.ContainsAny(flags, "A") && !strings.HasPrefix(flags, "+") {
		w.assoc[name] = true
	}
	if strings.ContainsAny(flags, "i") && !strings.HasPrefix(flags, "+") {
		w.intAttr[name] = true
	}
	switch {
	case isSub:
		w.subscript(name, strings.TrimSuffix(sub, "]"), s, st, depth)
		if w.intAttr[name] {
			w.arithText(x, s, st, depth, 0)
		}
		delete(st.vars, name)
	case strings.HasPrefix(x, "(") && strings.ContainsAny(flags, "aA"):
		if f, err := syntax.NewParser().Parse(strings.NewReader(name+"="+x), ""); err == nil && len(f.Stmts) == 1 {
			w.stmts(f.Stmts, st, depth)
		} else {
			w.unknown(n + " of a compound assignment gh-hooks cannot read (" + s + "): not followed")
		}
		delete(st.vars, name)
	default:
		w.setVar(name, val{s: x, known: true}, st, depth)
	}
}

// assign applies a variable assignment to st (declared: a declare/export
// clause, which lasts; otherwise the caller decides).
func (w *walker) assign(as *syntax.Assign, st *state, depth int, _ bool) {
	if as.Name == nil {
		return
	}
	if as.Value != nil {
		w.parts(as.Value, st, depth)
	}
	name := as.Name.Value
	if as.Index != nil {
		w.index(name, as.Index, st, depth) // a[i]=x: i is arithmetic
	}
	if as.Array != nil {
		// a=($(./x) [i]=y): each element's index and words are expanded;
		// in an integer array (declare -ai) each value is arithmetic.
		for _, e := range as.Array.Elems {
			if e.Index != nil {
				w.index(name, e.Index, st, depth)
			}
			if e.Value != nil {
				w.parts(e.Value, st, depth)
				if w.intAttr[name] {
					w.arithWord(e.Value, st, depth)
				}
			}
		}
	}
	if as.Naked || as.Array != nil || as.Index != nil {
		if as.Array != nil || as.Index != nil {
			delete(st.vars, name)
		}
		return
	}
	if w.intAttr[name] && as.Value != nil {
		// declare -i x; x=$y: the value is arithmetic.
		w.arithWord(as.Value, st, depth)
		w.setVar(name, val{why: arithValue}, st, depth)
		st.setInt(name, true)
		return
	}
	v := eval(as.Value, st)
	if as.Append {
		old, ok := st.vars[name]
		if !ok && name == "PATH" {
			old, ok = "$PATH", true // PATH+=:./bin: the inherited PATH, then ./bin
		}
		v = val{s: old + v.s, known: ok && v.known, why: v.why}
	}
	w.setVar(name, v, st, depth)
	if numericWord(as.Value, st) {
		st.setInt(name, true)
	}
}

// exportFuncs walks the bodies of functions exported with export -f or
// declare -fx: a child bash imports them and runs them where it calls
// them, in a state not known here.
func (w *walker) exportFuncs(flags string, c *syntax.DeclClause, st *state, depth int) {
	if !strings.Contains(flags, "f") || !(c.Variant.Value == "export" || strings.Contains(flags, "x")) || strings.HasPrefix(flags, "+") {
		return
	}
	for _, as := range c.Args {
		if as.Name != nil && w.funcs[as.Name.Value] != nil {
			w.callFunc(as.Name.Value, nil, st.copy(), depth)
		}
	}
}

// attrs records the attributes a declare clause gives its names: -A
// (an associative array) and -i (integer: assignments are arithmetic).
func (w *walker) attrs(flags string, c *syntax.DeclClause) {
	if strings.HasPrefix(flags, "+") {
		return
	}
	for _, as := range c.Args {
		if as.Name == nil {
			continue
		}
		if strings.Contains(flags, "A") {
			put(&w.assoc, as.Name.Value, true)
		}
		if strings.Contains(flags, "i") {
			put(&w.intAttr, as.Name.Value, true)
		}
		if strings.ContainsAny(flags, "ulc") {
			// -u, -l, -c change the case of what is assigned.
			put(&w.caseAttr, as.Name.Value, true)
		}
	}
}

// numericWord reports whether a word expands to an integer bash made:
// $((...)), ${#x}, $? and the like, or a variable holding one.
func numericWord(word *syntax.Word, st *state) bool {
	if word == nil || len(word.Parts) != 1 {
		return false
	}
	part := word.Parts[0]
	if dq, ok := part.(*syntax.DblQuoted); ok && len(dq.Parts) == 1 {
		part = dq.Parts[0]
	}
	switch p := part.(type) {
	case *syntax.ArithmExp:
		return true
	case *syntax.ParamExp:
		if p.Param == nil || p.Exp != nil || p.Index != nil || p.Slice != nil || p.Repl != nil || p.Excl {
			return false
		}
		return p.Length || numericVars(p.Param.Value) || st.ints[p.Param.Value]
	case *syntax.CmdSubst:
		return numericSubst(p)
	}
	return false
}

// pathDirs reads a PATH value: the directories it adds before or after
// the inherited $PATH, resolved; an entry that cannot be known is "".
func pathDirs(v val, st *state) []string {
	if !v.known {
		return []string{""}
	}
	var dirs []string
	for _, d := range strings.Split(v.s, ":") {
		if strings.HasPrefix(d, "~") {
			// bash expands a tilde after each : of an assignment.
			t, ok := tilde(d, st)
			if !ok {
				dirs = append(dirs, "")
				continue
			}
			d = t
		}
		switch {
		case d == "":
			// An empty entry is the current directory (bash(1), PATH).
			dirs = append(dirs, st.dir)
		case d == "$PATH" || d == "${PATH}":
		case filepath.IsAbs(d):
			dirs = append(dirs, filepath.Clean(d))
		case st.dir == "":
			dirs = append(dirs, "")
		default:
			dirs = append(dirs, filepath.Join(st.dir, d))
		}
	}
	return dirs
}
