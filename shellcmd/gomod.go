package shellcmd

import (
	"bytes"
	"go/parser"
	"go/token"
	"path"
	"path/filepath"
	"strconv"
	"strings"

	"golang.org/x/mod/modfile"

	"github.com/gh-hooks/gh-hooks/internal/lazyre"
)

// The go command: go run, go build and go install compile the packages
// they name from the project's files (the binary go run starts, or one a
// later command runs), so each of those files is hashed: the package's
// non-test .go files and every file kind cgo compiles (gocgo.go), the
// files its //go:embed patterns match (they are part of the binary), and
// the project packages it imports, found as the go command resolves an
// import path (cmd/go/internal/modload): the main module, the modules of
// the workspace (go.work, or GOWORK), a replace by a local folder (in
// go.mod or go.work), and vendor/. go.mod and go.work are read with
// golang.org/x/mod/modfile, the go command's own parser. The flags and
// variables that make go run a program are followed (-exec, -toolexec,
// CC, CXX, ...) or not covered (-overlay, -modfile, an external linker
// in -ldflags, CGO_*FLAGS, GOENV, go env -w). GOFLAGS is read as flags
// before the command line's, as go does. go test, go generate, go vet
// and go tool run project code that is not followed: not covered.

// goFlagValue are the build flags that take a value (go help build).
func goFlagValue(s string) bool {
	switch s {
	case "-C", "-o", "-p", "-mod", "-modfile", "-overlay",
		"-tags", "-ldflags", "-gcflags", "-asmflags", "-exec", "-toolexec", "-pkgdir",
		"-buildmode", "-compiler", "-gccgoflags", "-installsuffix", "-pgo", "-coverpkg",
		"-covermode":
		return true
	case "-buildvcs", "-json":
		return false
	}
	return false
}

// goTools are the variables naming programs go build runs (go help
// environment): a command line each, split as cmd/internal/quoted does.
var goTools = []string{"CC", "CXX", "FC", "AR", "PKG_CONFIG", "GCCGO", "GOGCCFLAGS"}

// goCmd is one go command being followed.
type goCmd struct {
	st    *state
	depth int
	mods  []goMod  // the modules of the build: main, workspace, local replaces
	vend  []string // vendor folders
	seen  map[string]bool
	wrote bool // -o given: a binary is written even for a pattern
}

// goMod is a module whose packages are project folders.
type goMod struct{ path, dir string }

// goCommand follows go SUB ARGS; it reports whether SUB is one it knows.
func (w *walker) goCommand(sub string, rest []arg, st *state, depth int) bool {
	switch sub {
	case "run", "build", "install":
	case "env":
		for _, a := range rest {
			if a.v.s == "-w" || a.v.s == "-u" || !a.v.known {
				w.unknown("go env -w changes the settings of later go commands: not followed")
				break
			}
		}
		return true
	case "test", "generate", "tool", "vet":
		w.unknown("go " + sub + " runs project code: not followed")
		return true
	default:
		return false
	}
	c := &goCmd{st: st.copy(), depth: depth, seen: map[string]bool{}}
	w.goEnv(c)
	var flags []arg
	if v, ok := st.vars["GOFLAGS"]; ok {
		// GOFLAGS: space-separated flags given before the command
		// line's (go help environment).
		for _, f := range strings.Fields(v) {
			flags = append(flags, arg{v: val{s: f, known: true}, text: f})
		}
	}
	nflags := len(flags)
	flags = append(flags, rest...)
	i := 0
	for i < len(flags) {
		a := flags[i]
		if !a.v.known {
			if i >= nflags {
				w.unknown("go " + sub + " with " + a.v.why)
				return true
			}
		}
		if !strings.HasPrefix(a.v.s, "-") || a.v.s == "-" {
			break
		}
		i++
		if a.v.s == "--" {
			break
		}
		opt, value, has := strings.Cut(strings.Replace(a.v.s, "--", "-", 1), "=")
		if goFlagValue(opt) && !has {
			if i >= len(flags) {
				break
			}
			if !flags[i].v.known {
				w.unknown("go " + sub + " " + opt + " " + flags[i].v.why)
				return true
			}
			value = flags[i].v.s
			i++
		}
		w.goFlag(c, sub, opt, value)
	}
	if c.st.dir == "" {
		w.unknown("go " + sub + " in a computed directory")
		return true
	}
	if w.files == nil {
		return true
	}
	w.goWorkspace(c)
	targets := flags[i:]
	if sub == "run" && len(targets) > 0 && !strings.HasSuffix(targets[0].v.s, ".go") {
		targets = targets[:1] // the rest are the program's arguments
	}
	if len(targets) == 0 && sub != "run" {
		targets = []arg{{v: val{s: ".", known: true}, text: "."}}
	}
	var files []string
	for j, t := range targets {
		if !t.v.known {
			w.unknown("go " + sub + " of " + t.v.why)
			return true
		}
		s := t.v.s
		if strings.HasSuffix(s, ".go") {
			files = append(files, w.file(t.text, t.v, RoleScript, c.st))
			continue
		}
		if sub == "run" && len(files) > 0 || sub == "run" && j > 0 {
			break
		}
		w.goTarget(c, sub, s)
	}
	if len(files) > 0 {
		// Files named on the command line: one package of them (and
		// what they import), in the module of the current folder.
		for _, p := range files {
			if p != "" {
				w.goSource(c, p)
			}
		}
	}
	return true
}

// goFlag applies one build flag.
func (w *walker) goFlag(c *goCmd, sub, opt, value string) {
	switch opt {
	case "-C":
		c.st.dir = w.cd([]arg{{v: val{s: value, known: true}}}, c.st)
	case "-o":
		c.wrote = true
	case "-exec", "-toolexec":
		// go run -exec X runs X a.out ARGS; -toolexec X runs X before
		// each tool (compile, link, cgo): X is split as
		// cmd/internal/quoted.Split does.
		w.goRunValue(c, "go "+sub+" "+opt, value, "/tmp/go-build/a.out")
	case "-overlay", "-modfile":
		w.file(value, val{s: value, known: true}, RoleManifest, c.st)
		w.unknown("go " + sub + " " + opt + " " + value + ": the files it names are not followed")
	case "-ldflags", "-gccgoflags":
		if strings.Contains(value, "extld") || strings.Contains(value, "-linkmode") || opt == "-gccgoflags" {
			w.unknown("go " + sub + " " + opt + " naming an external linker: not followed")
		}
	case "-compiler":
		if value == "gccgo" {
			w.unknown("go " + sub + " -compiler gccgo: not followed")
		}
	}
}

// goEnv follows the variables go build reads that run programs.
func (w *walker) goEnv(c *goCmd) {
	for _, k := range goTools {
		if v, ok := c.st.vars[k]; ok && v != "" && k != "GOGCCFLAGS" {
			w.goRunValue(c, k, v, "")
		}
	}
	for k, v := range c.st.vars {
		switch {
		case strings.HasPrefix(k, "CGO_") && strings.HasSuffix(k, "FLAGS") && v != "":
			// Flags from the environment are not checked against cgo's
			// list of safe flags (-fplugin=./x.so loads a project file).
			w.unknown(k + " passes flags to the C compiler or linker: not followed")
		case k == "GOENV" && v != "off":
			w.unknown("GOENV names the go command's settings file (" + v + "): not followed")
		case k == "GOTOOLCHAIN" && strings.Contains(v, "path"):
			w.unknown("GOTOOLCHAIN=" + v + " runs a go found on PATH: not followed")
		}
	}
}

// goRunValue follows a command line the go command runs, split as
// cmd/internal/quoted.Split does; extra is appended as its argument.
func (w *walker) goRunValue(c *goCmd, what, value, extra string) {
	words, ok := goQuotedSplit(value)
	if !ok || len(words) == 0 {
		w.unknown(what + " " + value + ": a command line gh-hooks cannot split")
		return
	}
	var as []arg
	for _, s := range words {
		as = append(as, arg{v: val{s: s, known: true}, text: s, one: true})
	}
	if extra != "" {
		as = append(as, arg{v: val{s: extra, known: true}, text: extra, one: true})
	}
	w.run(as, c.st.copy(), c.st.copy(), c.depth+1, nil, nil)
}

// goQuotedSplit is cmd/internal/quoted.Split: fields separated by
// spaces, a field may be quoted with ' or " (no escapes).
func goQuotedSplit(s string) ([]string, bool) {
	var out []string
	for {
		s = strings.TrimLeft(s, " \t\n\r")
		if s == "" {
			return out, true
		}
		if s[0] == '"' || s[0] == '\'' {
			q := s[0]
			j := strings.IndexByte(s[1:], q)
			if j < 0 {
				return nil, false
			}
			out = append(out, s[1:1+j])
			s = s[2+j:]
			if s != "" && !strings.ContainsRune(" \t\n\r", rune(s[0])) {
				return nil, false
			}
			continue
		}
		j := strings.IndexAny(s, " \t\n\r")
		if j < 0 {
			j = len(s)
		}
		out = append(out, s[:j])
		s = s[j:]
	}
}

// goWorkspace finds the modules of the build: the go.work the go command
// uses (GOWORK, else the first go.work up from the current folder) with
// its use folders and replaces, and the main module (the go.mod up from
// the current folder) with its replaces; vendor/ of each.
func (w *walker) goWorkspace(c *goCmd) {
	work := ""
	if v, ok := c.st.vars["GOWORK"]; ok {
		switch {
		case v == "off":
		case !filepath.IsAbs(v):
			return // go: invalid GOWORK: not an absolute path
		default:
			work = v
		}
	} else {
		for d := c.st.dir; w.within(d); d = filepath.Dir(d) {
			p := filepath.Join(d, "go.work")
			w.probe(w.rel(p), p, RoleManifest)
			if w.exists(p) {
				work = p
				break
			}
			if d == w.top {
				break
			}
		}
	}
	if work != "" {
		w.file(w.rel(work), val{s: work, known: true}, RoleManifest, c.st)
		w.probe(w.rel(work+".sum"), work+".sum", RoleManifest)
		data, _, ok := w.files.ReadFile(work)
		if !ok {
			return
		}
		wf, err := modfile.ParseWork(work, data, goVersionAsIs)
		if err != nil {
			w.unknown(w.rel(work) + ": a go.work the go command refuses (" + goErr(err) + ")")
			return
		}
		dir := filepath.Dir(work)
		for _, u := range wf.Use {
			w.goModuleAt(c, goDir(dir, u.Path), "")
		}
		for _, r := range wf.Replace {
			w.goReplace(c, dir, r)
		}
		w.goVendor(c, dir)
		return
	}
	for d := c.st.dir; w.within(d); d = filepath.Dir(d) {
		if w.exists(filepath.Join(d, "go.mod")) {
			w.goModuleAt(c, d, "")
			w.goVendor(c, d)
			return
		}
		if d == w.top {
			break
		}
	}
}

// goVersionAsIs keeps a version as written (the go command would resolve
// a branch name; which version it is does not change what is followed).
func goVersionAsIs(_, v string) (string, error) { return v, nil }

// goDir is a folder named in go.mod or go.work, relative to dir.
func goDir(dir, p string) string {
	if filepath.IsAbs(p) {
		return filepath.Clean(p)
	}
	return filepath.Join(dir, p)
}

func goErr(err error) string {
	s := err.Error()
	s, _, _ = strings.Cut(s, "\n")
	return s
}

// goModuleAt records the module in dir (its go.mod and go.sum) under
// path (its own module line when path is "") and its local replaces.
func (w *walker) goModuleAt(c *goCmd, dir, path string) {
	if !w.within(dir) || c.seen["mod "+dir] {
		return
	}
	c.seen["mod "+dir] = true
	p := filepath.Join(dir, "go.mod")
	w.file(w.rel(p), val{s: p, known: true}, RoleManifest, c.st)
	w.probe(w.rel(filepath.Join(dir, "go.sum")), filepath.Join(dir, "go.sum"), RoleManifest)
	data, _, ok := w.files.ReadFile(p)
	if !ok {
		return
	}
	parse := modfile.Parse
	if path != "" {
		parse = modfile.ParseLax // a replacement's own replaces are not used
	}
	mf, err := parse(p, data, goVersionAsIs)
	if err != nil {
		w.unknown(w.rel(p) + ": a go.mod the go command refuses (" + goErr(err) + ")")
		return
	}
	if path == "" && mf.Module != nil {
		path = mf.Module.Mod.Path
	}
	if path != "" {
		c.mods = append(c.mods, goMod{path: path, dir: dir})
	}
	for _, r := range mf.Replace {
		w.goReplace(c, dir, r)
	}
}

// goReplace follows a replace by a local folder (a path that starts with
// ./ or ../, or an absolute one: modfile.IsDirectoryPath).
func (w *walker) goReplace(c *goCmd, dir string, r *modfile.Replace) {
	if r.New.Version != "" || !modfile.IsDirectoryPath(r.New.Path) {
		return // a module version: from the module cache
	}
	w.goModuleAt(c, goDir(dir, r.New.Path), r.Old.Path)
}

// goVendor records dir/vendor when it holds vendored modules; the go
// command uses it by default from go 1.14 on (-mod=vendor), so a vendored
// package is followed whether or not -mod says so.
func (w *walker) goVendor(c *goCmd, dir string) {
	v := filepath.Join(dir, "vendor")
	p := filepath.Join(v, "modules.txt")
	w.probe(w.rel(p), p, RoleManifest)
	if _, ok := w.files.ReadDir(v); ok {
		c.vend = append(c.vend, v)
	}
}

// goResolve is the project folder of an import path ("" when it is not
// the project's: the standard library, the module cache).
func (w *walker) goResolve(c *goCmd, imp string) string {
	best := -1
	for i, m := range c.mods {
		if (imp == m.path || strings.HasPrefix(imp, m.path+"/")) && (best < 0 || len(m.path) > len(c.mods[best].path)) {
			best = i
		}
	}
	if best >= 0 {
		m := c.mods[best]
		return filepath.Join(m.dir, filepath.FromSlash(strings.TrimPrefix(strings.TrimPrefix(imp, m.path), "/")))
	}
	for _, v := range c.vend {
		d := filepath.Join(v, filepath.FromSlash(imp))
		if _, ok := w.files.ReadDir(d); ok {
			return d
		}
	}
	return ""
}

// goTarget follows one package argument: a relative or absolute folder,
// an import path of a project module, with /... for every package under
// it (followed when a binary is written: go run, go install, -o).
func (w *walker) goTarget(c *goCmd, sub, t string) {
	if strings.Contains(t, "@") {
		return // a module from the network, pinned by version
	}
	dir := ""
	switch {
	case t == "." || t == ".." || strings.HasPrefix(t, "./") || strings.HasPrefix(t, "../") || filepath.IsAbs(t):
		dir = goDir(c.st.dir, strings.TrimSuffix(strings.TrimSuffix(t, "..."), "/"))
	default:
		dir = w.goResolve(c, strings.TrimSuffix(strings.TrimSuffix(t, "..."), "/"))
	}
	if dir == "" || !w.within(dir) {
		return
	}
	if !strings.HasSuffix(t, "...") {
		w.goPackage(c, dir)
		return
	}
	if sub == "build" && !c.wrote {
		return // go build of many packages only compiles them
	}
	w.goTree(c, dir, 0)
}

// goTree follows every package under dir, as a /... pattern matches them
// (not testdata, vendor, nor folders starting with . or _, nor another
// module).
func (w *walker) goTree(c *goCmd, dir string, level int) {
	names, ok := w.files.ReadDir(dir)
	if !ok || level > 40 || w.full() {
		return
	}
	if level > 0 && w.exists(filepath.Join(dir, "go.mod")) {
		return
	}
	w.goPackage(c, dir)
	for _, n := range names {
		if n == "testdata" || n == "vendor" || strings.HasPrefix(n, ".") || strings.HasPrefix(n, "_") {
			continue
		}
		if _, ok := w.files.ReadDir(filepath.Join(dir, n)); ok {
			w.goTree(c, filepath.Join(dir, n), level+1)
		}
	}
}

// goPackage records the files the go tool compiles in the package folder
// dir (non-test .go, and cgo's files), what its //go:embed patterns match
// and the project packages it imports.
func (w *walker) goPackage(c *goCmd, dir string) {
	if c.seen["pkg "+dir] {
		return
	}
	c.seen["pkg "+dir] = true
	names, ok := w.files.ReadDir(dir)
	if !ok {
		w.file(w.rel(dir), val{s: dir, known: true}, RoleScript, c.st)
		return
	}
	for _, n := range names {
		ext := filepath.Ext(n)
		if strings.HasSuffix(n, "_test.go") || !(ext == ".go" || cgoExt(ext)) {
			continue
		}
		p := filepath.Join(dir, n)
		if _, _, ok := w.files.ReadFile(p); !ok {
			continue
		}
		w.add(w.rel(p), val{s: p, known: true}, RoleScript, c.st, false)
		switch ext {
		case ".go":
			w.goSource(c, p)
		case ".syso":
			// Object code linked into the program as it is.
			w.unknown(w.rel(p) + " is object code go build links in: what it runs is not followed")
		case ".s":
			w.cgoStarts(p) // Go assembly: SYSCALL is any system call
		}
	}
	w.cgoPackage(dir, names, c.st)
}

var goEmbedLine = lazyre.New(`(?m)^[ \t]*//go:embed[ \t]+(.*)$`)

// goSource reads one Go file for its imports (go/parser, imports only)
// and //go:embed patterns, and follows the project's.
func (w *walker) goSource(c *goCmd, p string) {
	data, real, ok := w.load(p)
	if !ok {
		return
	}
	leave, ok := w.enter("go "+real, real)
	if !ok {
		return
	}
	defer leave()
	f, err := parser.ParseFile(token.NewFileSet(), p, data, parser.ImportsOnly)
	if err != nil {
		w.unknown(w.rel(real) + ": Go source the go command refuses (" + goErr(err) + ")")
		return
	}
	for _, im := range f.Imports {
		imp, err := strconv.Unquote(im.Path.Value)
		if err != nil {
			continue
		}
		if d := w.goResolve(c, imp); d != "" && w.within(d) {
			w.goPackage(c, d)
		}
		if goStarts(imp, data) {
			// The Go program starts programs or loads code itself:
			// what is not read here (issue 30 §1).
			w.unknown(w.rel(real) + " imports " + imp + ": what the program starts or loads is not followed")
		}
	}
	for _, m := range goEmbedLine.Get().FindAllSubmatch(data, -1) {
		pats, ok := goEmbedPatterns(string(m[1]))
		if !ok {
			w.unknown("a //go:embed line gh-hooks cannot read in " + w.rel(real))
			continue
		}
		for _, pat := range pats {
			w.goEmbed(c, filepath.Dir(p), strings.TrimPrefix(pat, "all:"))
		}
	}
}

// goStarts reports whether a Go file that imports imp can start a
// program or load code through it: os/exec and plugin always; syscall,
// x/sys/unix and os when the file names one of their process calls or
// makes a raw system call (Syscall(59, ...) is execve); unsafe with //go:linkname, which
// reaches any function of the runtime and the standard library.
func goStarts(imp string, data []byte) bool {
	switch imp {
	case "os/exec", "plugin", "golang.org/x/sys/execabs":
		return true
	case "syscall", "golang.org/x/sys/unix", "os":
		return bytes.Contains(data, []byte("Exec")) || bytes.Contains(data, []byte("EXEC")) || bytes.Contains(data, []byte("Syscall")) ||
			bytes.Contains(data, []byte("StartProcess"))
	case "unsafe":
		return bytes.Contains(data, []byte("go:linkname"))
	}
	return false
}

// goEmbedPatterns splits a //go:embed line: space-separated patterns, a
// pattern may be a Go string literal ("..." or `...`).
func goEmbedPatterns(s string) ([]string, bool) {
	var out []string
	for {
		s = strings.TrimLeft(s, " \t")
		if s == "" || strings.HasPrefix(s, "//") {
			return out, true
		}
		switch s[0] {
		case '"', '`':
			j := 1
			for j < len(s) && s[j] != s[0] {
				if s[0] == '"' && s[j] == '\\' {
					j++
				}
				j++
			}
			if j >= len(s) {
				return nil, false
			}
			v, err := strconv.Unquote(s[:j+1])
			if err != nil {
				return nil, false
			}
			out = append(out, v)
			s = s[j+1:]
		default:
			j := strings.IndexAny(s, " \t")
			if j < 0 {
				j = len(s)
			}
			out = append(out, s[:j])
			s = s[j:]
		}
	}
}

// goEmbed hashes what an embed pattern matches in the package folder
// dir: files, and every file under a matched folder (embed's rules, with
// the . and _ files of a folder included: more, never less).
func (w *walker) goEmbed(c *goCmd, dir, pat string) {
	var match func(d string, segs []string)
	match = func(d string, segs []string) {
		if len(segs) == 0 {
			w.goEmbedTree(c, d, 0)
			return
		}
		names, ok := w.files.ReadDir(d)
		if !ok {
			return
		}
		for _, n := range names {
			if ok, err := path.Match(segs[0], n); err != nil {
				w.unknown("a //go:embed pattern gh-hooks cannot read (" + pat + ")")
				return
			} else if ok {
				match(filepath.Join(d, n), segs[1:])
			}
		}
	}
	match(dir, strings.Split(pat, "/"))
}

func (w *walker) goEmbedTree(c *goCmd, p string, level int) {
	if w.full() {
		return
	}
	names, ok := w.files.ReadDir(p)
	if !ok {
		if _, _, ok := w.files.ReadFile(p); ok {
			w.add(w.rel(p), val{s: p, known: true}, RoleScript, c.st, false)
		}
		return
	}
	if level > 40 {
		w.unknown("a //go:embed folder more than 40 deep: not followed")
		return
	}
	for _, n := range names {
		w.goEmbedTree(c, filepath.Join(p, n), level+1)
	}
}
