package shellcmd

import (
	"strconv"
	"strings"
)

// The files a Python process writes (written.go): open and its kin with
// a writing mode, os.open with a writing flag, pathlib's write_text,
// write_bytes, open, touch, rename, replace, symlink_to, hardlink_to,
// copy and move, shutil's copies and moves, os.rename, replace, link and
// symlink, urlretrieve, logging's file handlers, fileinput in place, and
// tempfile's files in a folder of the project. A path this reader
// computes (pyPath: literals, __file__, os.path, pathlib, a known
// variable) is recorded as written; any other path, and an archive's
// members (extractall, unpack_archive), are written somewhere not known.

// pyWriteAPI says where a function outside the project writes: the
// argument that names the file (its position and keyword), and the one
// that says whether it writes (a mode, or os.open's flags) with its
// default; mode -1 always writes.
type pyWriteAPI struct {
	path    int
	key     string
	mode    int
	modeKey string
	def     string
	flags   bool // os.open's flags, not a mode string
	tree    bool // the path may be a folder whose tree is written
}

// pyWriteAPIOf says where the function q writes (see pyWriteAPI).
func pyWriteAPIOf(q string) (pyWriteAPI, bool) {
	switch q {
	case "open", "io.open", "_io.open", "io.FileIO", "zipfile.ZipFile":
		return pyWriteAPI{0, "file", 1, "mode", "r", false, false}, true
	case "codecs.open", "bz2.BZ2File", "lzma.LZMAFile":
		return pyWriteAPI{0, "filename", 1, "mode", "r", false, false}, true
	case "gzip.open", "gzip.GzipFile", "bz2.open", "lzma.open":
		return pyWriteAPI{0, "filename", 1, "mode", "rb", false, false}, true
	case "tarfile.open", "tarfile.TarFile":
		return pyWriteAPI{0, "name", 1, "mode", "r", false, false}, true
	case "os.open", "posix.open":
		return pyWriteAPI{0, "path", 1, "flags", "", true, false}, true
	case "shutil.copy", "shutil.copy2", "shutil.move", "shutil.copytree", "os.rename", "os.replace", "os.symlink":
		return pyWriteAPI{1, "dst", -1, "", "", false, true}, true
	case "shutil.copyfile", "os.link":
		return pyWriteAPI{1, "dst", -1, "", "", false, false}, true
	case "os.renames":
		return pyWriteAPI{1, "new", -1, "", "", false, true}, true
	case "urllib.request.urlretrieve":
		return pyWriteAPI{1, "filename", -1, "", "", false, false}, true
	case "logging.FileHandler", "logging.handlers.WatchedFileHandler":
		return pyWriteAPI{0, "filename", -1, "", "", false, false}, true
	case "logging.basicConfig":
		return pyWriteAPI{-1, "filename", -1, "", "", false, false}, true
	}
	return pyWriteAPI{}, false
}

// pyWriteMethod says which methods of pathlib's paths write: the path
// they are called on ("self"; "mode": open with a writing mode), or the
// one they are given ("target", "into"; "some": an archive's members).
// The methods of pathlib's paths that write the path
// they are called on (open with a writing mode), or the one they are
// given (rename, replace, copy, move and the _into forms: a folder's tree
// too). copy, move, rename and replace are the path's only with one
// argument: str.replace takes two, dict.copy none.
func pyWriteMethod(a string) string {
	switch a {
	case "write_text", "write_bytes", "touch", "symlink_to", "hardlink_to":
		return "self"
	case "open":
		return "mode"
	case "rename", "replace", "copy", "move":
		return "target"
	case "copy_into", "move_into":
		return "into"
	case "extractall", "extract":
		return "some"
	}
	return ""
}

// pyWriteAttr reports whether the attribute name a is a method that
// writes files. Used as a value (mv = p.rename; mv("out.sh")) it is a
// write gh-hooks cannot place, whatever object it is read from: renaming
// a template onto the script the hook then runs went unseen.
func pyWriteAttr(a string) bool {
	return pyWriteMethod(a) != ""
}

// pyWrite records what one use writes.
func (w *walker) pyWrite(proc *pyProc, m *pyMod, ref pyRef) {
	at := " at " + w.rel(m.file) + ":" + strconv.Itoa(ref.line)
	some := func(what string) { w.wroteSomewhere(what + at) }
	if ref.attr {
		w.pyWriteMethod(proc, m, ref, at)
		return
	}
	q, project := w.pyQual(proc, m, ref.chain)
	if n := len(ref.chain); n > 1 && pyWriteAttr(ref.chain[n-1]) {
		// cfg.OUT.write_text(s) through a project module, or a name a
		// star import may bind: a method of what the chain names.
		if _, bound := m.f.binds[ref.chain[0]]; project || !bound {
			recv := make([]pyTok, 0, 2*n)
			for i, c := range ref.chain[:n-1] {
				if i > 0 {
					recv = append(recv, pyTok{kind: pyOp, text: "."})
				}
				recv = append(recv, pyTok{kind: pyNAME, text: c, id: c})
			}
			method := ref
			method.chain, method.attr, method.recv = ref.chain[n-1:], true, recv
			w.pyWrite(proc, m, method)
			return
		}
	}
	if project {
		return
	}
	shown := strings.Join(ref.chain, ".")
	if q != shown {
		shown += " (" + q + ")"
	}
	kind := pyWriteKindOf(q)
	if kind == "" {
		return
	}
	if !ref.called || ref.store {
		some(shown + " used as a value")
		return
	}
	for _, a := range ref.args {
		if len(a.toks) > 0 && a.toks[0].kind == pyOp && (a.toks[0].text == "*" || a.toks[0].text == "**") {
			some(shown + " with *args or **kwargs")
			return
		}
	}
	w.pyWriteCall(proc, m, ref, q, kind, shown, at)
}

// pyWriteKindOf sorts a function of a module by how its arguments say
// what it writes: "api" (pyWriteAPIOf's table), "tmp" (tempfile's),
// "extract", "rotating" (a log handler's numbered backups), "inplace"
// (fileinput), "archive" (shutil.make_archive); "" when it writes no file.
func pyWriteKindOf(q string) string {
	switch {
	case strings.HasPrefix(q, "tempfile.") && q != "tempfile.gettempdir" && q != "tempfile.gettempdirb":
		return "tmp"
	case q == "shutil.unpack_archive":
		return "extract"
	case q == "logging.handlers.RotatingFileHandler" || q == "logging.handlers.TimedRotatingFileHandler":
		return "rotating"
	case q == "fileinput.input" || q == "fileinput.FileInput":
		return "inplace"
	case q == "shutil.make_archive":
		return "archive"
	}
	if _, ok := pyWriteAPIOf(q); ok {
		return "api"
	}
	return ""
}

// pyWriteMethod records what a call of an object's method writes
// (Path(p).write_text(s), tarfile.open(f).extractall(d)).
func (w *walker) pyWriteMethod(proc *pyProc, m *pyMod, ref pyRef, at string) {
	some := func(what string) { w.wroteSomewhere(what + at) }
	name := ref.chain[0]
	how := pyWriteMethod(name)
	if how == "" || len(ref.chain) > 1 {
		return
	}
	what := "a call of an object's " + name
	if !ref.called {
		some("an object's " + name + " used as a value")
		return
	}
	pos := pyPositional(ref.args)
	for _, a := range ref.args {
		if len(a.toks) > 0 && a.toks[0].kind == pyOp && (a.toks[0].text == "*" || a.toks[0].text == "**") {
			some(what + " with *args or **kwargs")
			return
		}
	}
	switch how {
	case "some":
		some(what + ", which writes the files an archive names")
		return
	case "mode":
		mode := pyArgAt(ref.args, pos, 0, "mode")
		if mode != nil && !pyWritingMode(mode) || mode == nil && !pyHasKey(ref.args, "mode") {
			return
		}
	case "target", "into":
		keys := 0
		for _, a := range ref.args {
			if a.key != "" && a.key != "target" && a.key != "target_dir" {
				return // str.replace(a, b, count=1), df.rename(columns=...)
			}
			if a.key != "" {
				keys++
			}
		}
		if len(pos)+keys != 1 {
			return
		}
		t := pyArgAt(ref.args, pos, 0, "target")
		if t == nil {
			t = pyArgAt(ref.args, pos, 0, "target_dir")
		}
		p, ok := w.pyPath(proc, m, t)
		if !ok {
			some(what + " to a path gh-hooks cannot compute")
			return
		}
		w.wrote(p, what+at)
		w.wroteTree(p, what+at)
		return
	}
	p, ok := "", len(ref.recv) > 0
	if ok {
		p, ok = w.pyPath(proc, m, ref.recv)
	}
	if !ok {
		some(what + " on a path gh-hooks cannot compute")
		return
	}
	w.wrote(p, what+at)
	return
}

// pyWriteCall records what a call of a module's function writes
// (open(p, 'w'), shutil.copy(a, b), tempfile.mkstemp(dir=d)); q is its
// qualified name, shown how the hook wrote it.
func (w *walker) pyWriteCall(proc *pyProc, m *pyMod, ref pyRef, q, kind, shown, at string) {
	some := func(what string) { w.wroteSomewhere(what + at) }
	api, _ := pyWriteAPIOf(q)
	pos := pyPositional(ref.args)
	what := shown + at
	path := func(toks []pyTok) (string, bool) {
		if toks == nil {
			return "", false
		}
		return w.pyPath(proc, m, toks)
	}
	switch kind {
	case "extract":
		some(shown + ", which writes the files an archive names")
	case "tmp":
		// A temporary file goes to dir=, else $TMPDIR, else the
		// user's temporary folder (not the project's).
		idx := 2
		if q == "tempfile.NamedTemporaryFile" || q == "tempfile.TemporaryFile" {
			idx = 6
		} else if q == "tempfile.SpooledTemporaryFile" {
			idx = 7
		}
		d := pyArgAt(ref.args, pos, idx, "dir")
		if d == nil {
			if t, set := proc.vars["TMPDIR"]; set {
				w.wroteTree(t, what)
			}
			return
		}
		if p, ok := path(d); ok {
			w.wroteTree(p, what)
		} else {
			some(shown + " in a folder gh-hooks cannot compute")
		}
	case "rotating":
		p, ok := path(pyArgAt(ref.args, pos, 0, "filename"))
		if !ok || strings.HasPrefix(w.rel(p), "./") {
			some(shown + ", which writes numbered backups of its file")
		}
	case "inplace":
		if !pyHasKey(ref.args, "inplace") {
			return
		}
		if v := pyArgAt(ref.args, pos, -1, "inplace"); len(v) == 1 && v[0].text == "False" {
			return
		}
		files := pyArgAt(ref.args, pos, 0, "files")
		if s, ok := pyLiteral(files); ok {
			w.pyWrote(proc, m, []pyTok{{kind: pySTRING, text: strconv.Quote(s)}}, what)
			return
		}
		if _, ok := pyLiteralList(files); ok {
			for _, el := range pySplit(files[1 : len(files)-1]) {
				if !w.pyWrote(proc, m, el, what) {
					some(shown + " on a path gh-hooks cannot compute")
				}
			}
			return
		}
		some(shown + " on a path gh-hooks cannot compute")
	case "archive":
		p, ok := path(pyArgAt(ref.args, pos, 0, "base_name"))
		if !ok {
			some(shown + " to a path gh-hooks cannot compute")
			return
		}
		for _, ext := range []string{".zip", ".tar", ".tar.gz", ".tar.bz2", ".tar.xz", ".tar.zst"} {
			w.wrote(p+ext, what)
		}
	default:
		if api.mode >= 0 {
			mode := pyArgAt(ref.args, pos, api.mode, api.modeKey)
			switch {
			case mode == nil:
				return // the default: reading
			case api.flags && !pyWritingFlags(mode), !api.flags && !pyWritingMode(mode):
				return
			}
		}
		t := pyArgAt(ref.args, pos, api.path, api.key)
		if t == nil {
			if q == "urllib.request.urlretrieve" || q == "logging.basicConfig" {
				return // a temporary file; no log file
			}
			some(shown + " to a path gh-hooks cannot compute")
			return
		}
		p, ok := path(t)
		if !ok {
			some(shown + " to a path gh-hooks cannot compute")
			return
		}
		w.wrote(p, what)
		if api.tree {
			w.wroteTree(p, what)
		}
	}
}

// pyWrote records the path toks compute as written; false when it is
// not known.
func (w *walker) pyWrote(proc *pyProc, m *pyMod, toks []pyTok, how string) bool {
	p, ok := w.pyPath(proc, m, toks)
	if ok {
		w.wrote(p, how)
	}
	return ok
}

// pyArgAt is the argument at position i (-1 none) or given as key, or
// nil.
func pyArgAt(args []pyArg, pos [][]pyTok, i int, key string) []pyTok {
	for _, a := range args {
		if a.key != "" && a.key == key {
			return a.toks
		}
	}
	if i >= 0 && i < len(pos) {
		return pos[i]
	}
	return nil
}

func pyHasKey(args []pyArg, key string) bool {
	for _, a := range args {
		if a.key == key {
			return true
		}
	}
	return false
}

// pyWritingMode reports whether a mode argument can write: a literal
// with w, a, x or + in it (any order, any case CPython accepts), or
// anything that is not a literal.
func pyWritingMode(toks []pyTok) bool {
	s, ok := pyLiteral(toks)
	return !ok || strings.ContainsAny(s, "waxWAX+")
}

// pyReadFlags are the flags of os.open that neither create nor write.
func pyReadFlags(s string) bool {
	switch s {
	case "os", "posix", "O_RDONLY", "O_CLOEXEC", "O_NOFOLLOW", "O_NONBLOCK", "O_NDELAY", "O_NOCTTY", "O_DIRECTORY", "O_BINARY", "O_NOATIME", "O_PATH", "O_NOINHERIT", "O_SEQUENTIAL", "O_RANDOM", "O_TEXT", "O_ASYNC":
		return true
	}
	return false
}

// pyWritingFlags reports whether os.open's flags can write: anything but
// O_RDONLY and flags that do not write, or-ed (or 0).
func pyWritingFlags(toks []pyTok) bool {
	for _, t := range toks {
		switch {
		case t.kind == pyNAME && pyReadFlags(t.id):
		case t.kind == pyOp && (t.text == "." || t.text == "|"):
		case t.kind == pyNUMBER && t.text == "0":
		default:
			return true
		}
	}
	return false
}
