package fingerprint

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
	"syscall"

	"github.com/gh-hooks/gh-hooks/internal/regfile"
	"github.com/gh-hooks/gh-hooks/layers"
	"github.com/gh-hooks/gh-hooks/runner"
	"github.com/gh-hooks/gh-hooks/shellcmd"
)

// ScriptState says what became of one file a hook command can start.
type ScriptState string

// Script states. Only regular files inside the project are hashed; the
// others are named so the user can judge them (nothing is guessed).
const (
	// ScriptOK: the file was read and hashed.
	ScriptOK ScriptState = "ok"
	// ScriptMissing: the path is inside the project but no file is there.
	ScriptMissing ScriptState = "missing"
	// ScriptUnreadable: something is there but cannot be read (a
	// directory, no permission).
	ScriptUnreadable ScriptState = "unreadable"
	// ScriptNotRegular: a device, FIFO or socket: never read, so that a
	// committed link to /dev/zero or a planted FIFO cannot hang gh-hooks.
	ScriptNotRegular ScriptState = "not-regular"
	// ScriptTooLarge: a regular file larger than MaxScript: not hashed.
	ScriptTooLarge ScriptState = "too-large"
	// ScriptOutside: the path is outside the project (a system tool, a
	// file in the user's home), or a symbolic link in the project leads
	// out of it (Detail names the target). It is not project content and
	// its content is not read.
	ScriptOutside ScriptState = "outside-project"
)

// MaxScript is the largest file hashed; a larger one is ScriptTooLarge and
// makes the hook's behaviour not covered by its fingerprint.
const MaxScript = 16 << 20

// Script is one file a hook command can start, as found by
// shellcmd.Analyze: a program run by path (./x.sh, bin/lint through
// PATH=./bin:$PATH), a script given to an interpreter (bash x.sh, node
// hooks/x.js), shell code the shell reads (source x, BASH_ENV=x,
// bash < x, cat x | sh) or a task file (package.json for npm run).
type Script struct {
	// Word is the word as written in the command.
	Word string `json:"word"`
	// Path is "./" + the slash-separated path relative to the project for
	// files inside it, and the path as resolved for ScriptOutside.
	Path string `json:"path"`
	// Role is how the command reaches the file: program, script, source or
	// manifest (shellcmd.Role).
	Role  string      `json:"role"`
	State ScriptState `json:"state"`
	// SHA256 is the hex content hash when State is ScriptOK.
	SHA256 string `json:"sha256,omitempty"`
	// Detail is the read error for ScriptUnreadable, the link and its
	// target for a link out of the project, the size for ScriptTooLarge.
	Detail string `json:"detail,omitempty"`

	// data is the content of a hashed file no larger than KeepMax, kept
	// for the approved copy and for diffs.
	data []byte
	// head is the beginning of a hashed file larger than KeepMax (its
	// first shellcmd.MaxFollowFile+1 bytes), for the follower.
	head []byte
	// inside is true for a path inside the project (recorded in the
	// fingerprint whatever its state).
	inside bool
	// Probe is true for a place a program looks in whose absence is
	// normal (shellcmd.File.Probe): a PATH folder, a Python import path,
	// node_modules. Its state is recorded, so that planting a file there
	// changes the fingerprint, but a missing one is not a problem.
	Probe bool `json:"probe,omitempty"`
}

// OnPath reports whether the file is one of the places bash looks for a
// program named without a slash, in a PATH folder the command or the
// hook's env adds: when it is missing, bash looks further along PATH. Its
// absence is still recorded, so that planting one changes the fingerprint.
func (s Script) OnPath() bool {
	return s.Probe || s.Role == string(shellcmd.RoleProgram) && !strings.Contains(s.Word, "/")
}

// id is the script's identity inside a fingerprint: its project-relative
// path.
func (s Script) id() string { return s.Path }

// stamp is what the fingerprint records about the script: its hash, its
// state, and for a link out of the project the link's target, so that
// re-pointing the link changes the fingerprint.
func (s Script) stamp() string {
	switch s.State {
	case ScriptOK:
		return "sha256:" + s.SHA256
	case ScriptOutside:
		if s.Detail != "" {
			return string(s.State) + " " + s.Detail
		}
	}
	return string(s.State)
}

// Data returns the content of a hashed script no larger than KeepMax, or
// nil.
func (s Script) Data() []byte { return s.data }

// projectVars are the variables Gemini's runner sets for every hook (spec
// §5.2); the hook's env overrides them.
var projectVars = []string{"GEMINI_PROJECT_DIR", "GEMINI_CWD", "CLAUDE_PROJECT_DIR"}

// findScripts returns the files command can start when Gemini runs it in
// project p with the hook's env, in order of first appearance, without duplicates, each read and
// hashed; and what the analysis cannot know (shellcmd's Unknown, plus
// files too large to hash), as reasons.
//
// The command is first expanded the way Gemini's runner does (a textual,
// prefix-matching pass that splices the shell-quoted project directory
// over $GEMINI_PROJECT_DIR, $GEMINI_CWD and $CLAUDE_PROJECT_DIR,
// runner.ExpandCommand, spec §5.3); the shell then sees those variables
// set to dir, overridden by the hook's own env (spec §5.2). Plans
// directory and session id are unknown here and stay for the shell.
//
// root is the project opened with os.OpenRoot (nil: opened here), rootErr
// why it could not be.
// read holds the files already read by this Compute (nil: none kept).
func findScripts(command string, p Project, env map[string]string, root *os.Root, rootErr error, read map[string]Script, memo *shellcmd.Memo) ([]Script, []string) {
	s, u, _, _ := findReach(command, p, env, root, rootErr, read, memo)
	return s, u
}

// findReach is findScripts with what the not-covered reasons leave out
// (see ack.go) and what the command writes and runs (crosshook.go).
func findReach(command string, p Project, env map[string]string, root *os.Root, rootErr error, read map[string]Script, memo *shellcmd.Memo) ([]Script, []string, []leftOut, hookWrites) {
	dir, real := p.Dir, p.Real
	q := runner.EscapeShellArg(dir)
	line := command
	for _, n := range projectVars {
		line = strings.ReplaceAll(line, "$"+n, q)
	}
	// A word shows the variable it was written with, not the spliced path.
	shown := ""
	for _, n := range projectVars {
		if strings.Contains(command, "$"+n) {
			shown = "$" + n
			break
		}
	}
	// Gemini's hooks inherit its environment (spec §5.2): ~ and $HOME
	// are the user's home, outside the project.
	vars := runner.ShellVars(dir, p.UserHome, "", "", nil)
	if root == nil && rootErr == nil {
		if root, rootErr = os.OpenRoot(dir); rootErr == nil {
			defer root.Close()
		}
	}
	if read == nil {
		read = map[string]Script{}
	}
	rd := &reader{dir: dir, real: real, root: root, cache: read}
	if rootErr != nil {
		rd.root = nil
	}
	// The hook's env goes in as written (Env): its $PATH stays the
	// inherited PATH and any other variable of Gemini's environment is
	// unknown, so that the fingerprint does not depend on who audits.
	a := shellcmd.Analyze(line, shellcmd.Options{Dir: dir, Vars: vars, Env: env, Files: rd, Memo: memo})
	var io hookWrites
	io.written, io.somewhere, io.runs = a.Writes()
	unknown := append([]string{}, a.Unknown...)
	var left []leftOut
	for _, l := range a.Left {
		kind, p := leftTree, l.Path
		if !l.Tree {
			// What a file whose code is not followed loads is most often
			// beside it.
			kind, p = leftDir, filepath.Dir(p)
		}
		if !within2(dir, real, p) {
			continue
		}
		rel := "./" + filepath.ToSlash(mustRel(dir, real, p))
		if rel == "./." {
			rel = "./"
		}
		left = addLeft(left, leftOut{Kind: kind, Path: rel})
	}

	var out []Script
	seen := map[string]bool{}
	for _, f := range a.Files {
		s := Script{Word: f.Word, Role: string(f.Role), Probe: f.Probe}
		if shown != "" && q != "" {
			s.Word = strings.ReplaceAll(s.Word, q, shown)
		}
		if f.Role == shellcmd.RoleModules {
			// A folder on Python's sys.path: the list of its modules.
			if !within2(dir, real, f.Path) {
				continue
			}
			s.inside, s.Probe = true, false // its list is kept, for --diff
			s.Path = "./"
			if rel := mustRel(dir, real, f.Path); rel != "." {
				s.Path = "./" + filepath.ToSlash(rel) + "/"
			}
			if !seen[s.Path] {
				seen[s.Path] = true
				modulesStamp(&s, root, rootErr, read)
				out = append(out, s)
			}
			continue
		}
		if f.Raw != "" {
			// ./h/../x: the kernel resolves .. after the link h.
			if rel, link, target, ok := rd.physical(f.Raw); ok {
				f.Path = filepath.Join(dir, rel)
			} else if link != "" {
				s.Path, s.State, s.Detail, s.inside = f.Path, ScriptOutside, link+" -> "+target, false
				if within2(dir, real, f.Path) {
					s.inside = true
					s.Path = "./" + filepath.ToSlash(mustRel(dir, real, f.Path))
				}
				if !seen[s.Path] {
					seen[s.Path] = true
					out = append(out, s)
				}
				continue
			}
		}
		classify(&s, f.Path, dir, real, root, rootErr, read)
		if seen[s.Path] {
			continue
		}
		seen[s.Path] = true
		// A file whose content is not hashed can change unseen.
		switch {
		case s.State == ScriptTooLarge:
			unknown = append(unknown, fmt.Sprintf("%s is larger than %d MiB and is not hashed", s.Path, MaxScript>>20))
			left = addLeft(left, leftOut{Kind: leftFile, Path: s.Path})
		case s.State == ScriptUnreadable && !s.Probe:
			unknown = append(unknown, s.Path+" cannot be read ("+s.Detail+") and is not hashed")
		case s.State == ScriptNotRegular && !s.Probe:
			unknown = append(unknown, s.Path+" is not a regular file ("+s.Detail+") and is not read")
		case s.State == ScriptOutside && s.Detail != "":
			unknown = append(unknown, "a link out of the project ("+s.Detail+"): what it leads to is not hashed")
		}
		out = append(out, s)
	}
	// Default-deny for the hook's env (issue 30 §6): a variable not known
	// to be inert whose value names a project file or folder is hashed,
	// whichever program reads it (the follower has followed those it
	// models already).
	if rd.root != nil {
		for _, name := range slices.Sorted(maps.Keys(env)) {
			if kind, _ := layers.EnvEffect(name); kind == "" || shellcmd.Follows(name) {
				continue
			}
			for _, l := range valuePaths(p, rd.root, env[name]) {
				if seen[l.Path] {
					continue
				}
				seen[l.Path] = true
				s := Script{Word: name + "=" + env[name], Role: "env", Path: l.Path, inside: true}
				if l.Kind == leftFile {
					classify(&s, filepath.Join(dir, filepath.FromSlash(strings.TrimPrefix(l.Path, "./"))), dir, real, root, rootErr, read)
				} else {
					treeStamp(&s, rd.root, l, read)
				}
				out = append(out, s)
			}
		}
	}
	return out, unknown, left, io
}

// modulesStamp records a folder on Python's sys.path (s.Path, ending in
// /) by the modules in it (shellcmd.PyModuleEntry): one line per module
// entry, its name and type, sorted. The list is kept as the file's
// content, so trust audit --diff shows the names added or removed.
func modulesStamp(s *Script, root *os.Root, rootErr error, read map[string]Script) {
	key := "\x00modules " + s.Path
	if c, ok := read[key]; ok {
		s.State, s.SHA256, s.Detail, s.data = c.State, c.SHA256, c.Detail, c.data
		return
	}
	defer func() {
		if read != nil {
			read[key] = *s
		}
	}()
	if rootErr != nil || root == nil {
		s.State, s.Detail = ScriptUnreadable, "the project cannot be opened"
		return
	}
	rel := strings.TrimSuffix(strings.TrimPrefix(s.Path, "./"), "/")
	if rel == "" {
		rel = "."
	}
	f, err := regfile.OpenIn(root, rel)
	if err != nil {
		s.State, s.Detail = ScriptUnreadable, errText(err)
		return
	}
	names, err := f.Readdirnames(maxAckEntries + 1)
	f.Close()
	if err != nil && !errors.Is(err, io.EOF) {
		s.State, s.Detail = ScriptUnreadable, errText(err)
		return
	}
	if len(names) > maxAckEntries {
		s.State, s.Detail = ScriptTooLarge, fmt.Sprintf("more than %d entries", maxAckEntries)
		return
	}
	sort.Strings(names)
	var b strings.Builder
	for _, n := range names {
		fi, err := root.Lstat(filepath.Join(rel, n))
		if err != nil {
			continue
		}
		_, isMod := shellcmd.PyModuleEntry(n, fi.IsDir())
		if fi.Mode()&fs.ModeSymlink != 0 {
			_, asDir := shellcmd.PyModuleEntry(n, true)
			isMod = isMod || asDir // a link to a folder is a package
		}
		if !isMod {
			continue
		}
		kind := "file"
		switch {
		case fi.IsDir():
			kind = "folder"
		case fi.Mode()&fs.ModeSymlink != 0:
			kind = "link"
		}
		fmt.Fprintf(&b, "%s\t%s\n", n, kind)
	}
	sum := sha256.Sum256([]byte(b.String()))
	s.State, s.SHA256, s.data = ScriptOK, hex.EncodeToString(sum[:]), []byte(b.String())
}

// treeStamp records the folder l as one entry of a fingerprint: its tree
// digest (ack.go), computed once per Compute (read keeps it).
func treeStamp(s *Script, root *os.Root, l LeftOut, read map[string]Script) {
	key := "\x00" + l.key()
	if c, ok := read[key]; ok {
		s.State, s.SHA256, s.Detail = c.State, c.SHA256, c.Detail
		return
	}
	d := digestLeft(root, l)
	switch {
	case strings.HasPrefix(d, "sha256:"):
		s.State, s.SHA256 = ScriptOK, strings.TrimPrefix(d, "sha256:")
	case d == ackUnbound:
		s.State, s.Detail = ScriptTooLarge, d
	default:
		s.State = ScriptState(d)
	}
	if read != nil {
		read[key] = *s
	}
}

// classify places the file at p (absolute, or ~/… for the user's home)
// relative to the project and, inside it, reads and hashes it.
func classify(s *Script, p, dir, real string, root *os.Root, rootErr error, read map[string]Script) {
	if !filepath.IsAbs(p) {
		s.Path, s.State = p, ScriptOutside // ~/…: the user's home
		return
	}
	p = filepath.Clean(p)
	rel, ok := within(dir, p)
	if !ok && real != "" {
		rel, ok = within(real, p)
	}
	if !ok {
		s.Path, s.State = p, ScriptOutside
		return
	}
	s.inside = true
	s.Path = "./" + filepath.ToSlash(rel)
	if rel == "." {
		s.Path = "./"
	}
	if rootErr != nil {
		s.State, s.Detail = ScriptUnreadable, errText(rootErr)
		return
	}
	// Each file is read once per Compute: 500 hooks running one 1 MiB
	// script read, hashed and kept it 500 times (trust audit 4.5 s, 970 MB).
	if c, ok := read[rel]; ok {
		s.State, s.Detail, s.SHA256, s.data = c.State, c.Detail, c.SHA256, c.data
		return
	}
	readScript(s, root, rel)
	if read != nil {
		read[rel] = *s
	}
}

// readScript hashes the file rel inside root. It opens only through root,
// so a symbolic link that leads out of the project is not followed, and
// with regfile, so that a FIFO does not block the open; it reads only a
// regular file, at most MaxScript bytes, and keeps the content of one of
// at most KeepMax bytes (and the head of a larger one, for the follower).
//
// Each file is opened once and read once, hashed as it is read: a file of
// at most KeepMax bytes into one buffer of its size, a larger one through
// a pooled buffer, keeping only its first MaxFollowFile+1 bytes. Copying
// a file just over 1 MiB into a growing buffer that was then dropped, and
// opening it again for its head, cost 3.5x sha256sum (issue 30).
func readScript(s *Script, root *os.Root, rel string) {
	f, err := regfile.OpenIn(root, rel)
	if err != nil {
		switch {
		case errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR):
			s.State = ScriptMissing
		default:
			if link, target, ok := linkOut(root, rel); ok {
				s.State, s.Detail = ScriptOutside, link+" -> "+target
				return
			}
			s.State, s.Detail = ScriptUnreadable, errText(err)
		}
		return
	}
	defer f.Close()
	fi, err := regfile.Stat(f, MaxScript)
	if err == nil {
		err = hashOpen(s, f, fi.Size())
	}
	var nr *regfile.NotRegularError
	var tl *regfile.TooLargeError
	switch {
	case err == nil:
	case errors.As(err, &nr) && nr.Mode.IsDir():
		s.State, s.Detail = ScriptUnreadable, "is a directory"
	case errors.As(err, &nr):
		s.State, s.Detail = ScriptNotRegular, nr.Mode.Type().String()
	case errors.As(err, &tl) && tl.Grew:
		s.State, s.Detail = ScriptTooLarge, fmt.Sprintf("more than %d bytes", MaxScript)
	case errors.As(err, &tl):
		s.State, s.Detail = ScriptTooLarge, fmt.Sprintf("%d bytes", tl.Size)
	default:
		s.State, s.Detail = ScriptUnreadable, errText(err)
	}
	if err != nil {
		s.data, s.head = nil, nil
	}
}

// chunks are the buffers files larger than KeepMax are hashed through.
var chunks = sync.Pool{New: func() any { b := make([]byte, 256<<10); return &b }}

// hashOpen reads the regular file f, of size bytes when it was checked,
// to its end (at most MaxScript bytes: more is a *TooLargeError with
// Grew), hashing it as it reads. It keeps the whole content in s.data when
// it has at most KeepMax bytes, else the first MaxFollowFile+1 bytes in
// s.head.
func hashOpen(s *Script, f *os.File, size int64) error {
	h := sha256.New()
	var keep []byte // what is kept: the whole file, or its head
	limit := int64(shellcmd.MaxFollowFile + 1)
	if size <= KeepMax {
		limit = KeepMax + 1 // one byte more tells that it grew
		keep = make([]byte, 0, size+1)
	}
	var n int64
	var pooled *[]byte
	defer func() {
		if pooled != nil {
			chunks.Put(pooled)
		}
	}()
	for {
		var buf []byte
		if len(keep) < cap(keep) {
			buf = keep[len(keep):cap(keep)] // straight into what is kept
		} else {
			if pooled == nil {
				pooled = chunks.Get().(*[]byte)
			}
			buf = *pooled
		}
		m, err := f.Read(buf)
		if m > 0 {
			h.Write(buf[:m])
			if n < limit {
				if len(keep) < cap(keep) {
					keep = keep[:len(keep)+m]
				} else {
					keep = append(keep, buf[:min(int64(m), limit-n)]...)
				}
			}
			n += int64(m)
			if n > MaxScript {
				return &regfile.TooLargeError{Size: n, Limit: MaxScript, Grew: true}
			}
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			return err
		}
	}
	s.State, s.SHA256 = ScriptOK, hex.EncodeToString(h.Sum(nil))
	switch {
	case n <= KeepMax:
		s.data = keep[:n:n]
		if s.data == nil {
			s.data = []byte{} // an empty file is kept, not too large
		}
	default:
		s.head = keep[:min(n, int64(shellcmd.MaxFollowFile+1))]
	}
	return nil
}

// linkOut finds the first symbolic link on the way to rel and returns it
// (project-relative) with its target, when opening rel failed for a
// reason other than absence: os.Root refuses a link that leads out of the
// project.
func linkOut(root *os.Root, rel string) (link, target string, ok bool) {
	parts := strings.Split(filepath.ToSlash(rel), "/")
	for i := range parts {
		p := filepath.FromSlash(strings.Join(parts[:i+1], "/"))
		fi, err := root.Lstat(p)
		if err != nil {
			return "", "", false
		}
		if fi.Mode()&fs.ModeSymlink != 0 {
			t, err := root.Readlink(p)
			if err != nil {
				return "", "", false
			}
			return "./" + filepath.ToSlash(p), t, true
		}
	}
	return "", "", false
}

// within returns p relative to dir when p is dir or below it.
func within(dir, p string) (string, bool) {
	rel, err := filepath.Rel(dir, p)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return "", false
	}
	return rel, true
}

// errText is an error's message without the path that *PathError adds.
func errText(err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return err.Error()
}

// ReadScript reads the file rel (slash- or OS-separated, relative to root)
// the way fingerprints do (readScript): only through root, so nothing out
// of the directory root was opened on is followed, never blocking on a
// FIFO, and only a regular file. It returns the content of a file no larger
// than KeepMax; otherwise data is nil and state (with detail) says why:
// ScriptTooLarge for a larger file, ScriptMissing, ScriptUnreadable,
// ScriptNotRegular or ScriptOutside (a symbolic link out of root).
func ReadScript(root *os.Root, rel string) (data []byte, state ScriptState, detail string) {
	s := Script{}
	readScript(&s, root, filepath.FromSlash(rel))
	if s.State == ScriptOK && s.data == nil {
		return nil, ScriptTooLarge, fmt.Sprintf("more than %d bytes", KeepMax)
	}
	return s.data, s.State, s.Detail
}

// within2 reports whether p is inside the project, by its path as given
// or its real path.
func within2(dir, real, p string) bool {
	if _, ok := within(dir, p); ok {
		return true
	}
	_, ok := within(real, p)
	return ok && real != ""
}

func mustRel(dir, real, p string) string {
	if r, ok := within(dir, p); ok {
		return r
	}
	r, _ := within(real, p)
	return r
}

// reader is the shellcmd.Reader of a fingerprint: it reads only regular
// files inside the project, through the project's os.Root (so no link
// leads out), at most MaxScript bytes each, and shares the Compute-wide
// cache of hashed files, so that a file followed and hashed is read once.
type reader struct {
	dir, real string
	root      *os.Root
	cache     map[string]Script
}

// maxLinks bounds the symbolic links followed in one path (Linux's
// MAXSYMLINKS is 40).
const maxLinks = 40

// physical resolves the absolute path p (possibly not cleaned) inside the
// project the way the kernel does: component by component, following
// symbolic links and applying ".." to where a link led, never out of the
// project. It returns the path relative to the project; for a link that
// leads out, ok is false and link (project-relative, "./...") and target
// say where.
func (r *reader) physical(p string) (rel, link, target string, ok bool) {
	if r.root == nil {
		return "", "", "", false
	}
	comps, inside := r.split(p)
	if !inside {
		return "", "", "", false
	}
	var stack []string
	links := 0
	for len(comps) > 0 {
		c := comps[0]
		comps = comps[1:]
		switch c {
		case "", ".":
			continue
		case "..":
			if len(stack) == 0 {
				return "", "", "", false
			}
			stack = stack[:len(stack)-1]
			continue
		}
		cur := filepath.Join(append(append([]string{}, stack...), c)...)
		fi, err := r.root.Lstat(cur)
		if err != nil || fi.Mode()&fs.ModeSymlink == 0 {
			stack = append(stack, c)
			continue
		}
		links++
		t, err := r.root.Readlink(cur)
		if err != nil || links > maxLinks {
			return "", "", "", false
		}
		if filepath.IsAbs(t) {
			sub, in := r.split(t)
			if !in {
				return "", "./" + filepath.ToSlash(cur), t, false
			}
			stack, comps = nil, append(sub, comps...)
			continue
		}
		next := append(append([]string{}, stack...), strings.Split(filepath.ToSlash(t), "/")...)
		if escapes(next) {
			return "", "./" + filepath.ToSlash(cur), t, false
		}
		comps = append(strings.Split(filepath.ToSlash(t), "/"), comps...)
	}
	if len(stack) == 0 {
		return ".", "", "", true
	}
	return filepath.Join(stack...), "", "", true
}

// escapes reports whether a relative path's components climb above its
// start.
func escapes(comps []string) bool {
	depth := 0
	for _, c := range comps {
		switch c {
		case "", ".":
		case "..":
			depth--
			if depth < 0 {
				return true
			}
		default:
			depth++
		}
	}
	return false
}

// split returns the components of the absolute path p below the project
// directory (as given or real), without cleaning what follows it.
func (r *reader) split(p string) ([]string, bool) {
	for _, base := range []string{r.dir, r.real} {
		if base == "" {
			continue
		}
		if p == base {
			return nil, true
		}
		prefix := strings.TrimSuffix(base, string(filepath.Separator)) + string(filepath.Separator)
		if rest, ok := strings.CutPrefix(p, prefix); ok {
			return strings.Split(filepath.ToSlash(rest), "/"), true
		}
	}
	// A path that reaches the project only after cleaning (/x/../proj/y).
	if rel, ok := within(r.dir, filepath.Clean(p)); ok {
		return strings.Split(filepath.ToSlash(rel), "/"), true
	}
	return nil, false
}

// ReadFile implements shellcmd.Reader.
func (r *reader) ReadFile(p string) ([]byte, string, bool) {
	rel, _, _, ok := r.physical(p)
	if !ok || rel == "." {
		return nil, "", false
	}
	s, ok := r.cache[rel]
	if !ok {
		readScript(&s, r.root, rel)
		r.cache[rel] = s
	}
	if s.State != ScriptOK {
		return nil, "", false
	}
	data := s.data
	if data == nil {
		// Larger than KeepMax, so larger than shellcmd follows: its head
		// says so.
		data = s.head
	}
	return data, filepath.Join(r.dir, rel), true
}

// maxDirEntries bounds the names ReadDir returns.
const maxDirEntries = 10000

// ReadDir implements shellcmd.Reader.
func (r *reader) ReadDir(p string) ([]string, bool) {
	rel, _, _, ok := r.physical(p)
	if !ok {
		return nil, false
	}
	f, err := regfile.OpenIn(r.root, rel)
	if err != nil {
		return nil, false
	}
	defer f.Close()
	if fi, err := f.Stat(); err != nil || !fi.IsDir() {
		return nil, false
	}
	entries, _ := f.ReadDir(maxDirEntries)
	names := make([]string, 0, len(entries))
	for _, e := range entries {
		names = append(names, e.Name())
	}
	sort.Strings(names)
	return names, true
}
