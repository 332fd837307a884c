package shellcmd

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// The statement-level reader of Python source (over pytoken.go's
// tokens). It does not build a syntax tree: what decides which files
// CPython loads is the import statements, wherever they are (`import`
// and `from` are hard keywords, so every `import` token outside a
// string belongs to one, at any nesting: `if True: import m`, inside
// def, class, try, with, after `;`), and the names through which code
// reaches the import system, the interpreter or other processes
// (__import__, exec, importlib, subprocess, os.system, ...), under
// whatever name an import binds them to. Source CPython would refuse
// is an error with its line.

// pyImp is one import statement's module.
type pyImp struct {
	line  int
	level int    // the leading dots of `from ..m import x`
	mod   string // dotted; "" in `from . import x`
	// names are what `from M import ...` imports ("*" for all), nil for
	// `import M`; as the names they bind.
	names, as []string
	bind      string // `import a.b`: a; `import a.b as c`: c
}

// pyRef is a use of a name that reaches the import system or starts
// code: a chain of names (os.path.join: os, path, join) and, when it
// is called, its arguments.
type pyRef struct {
	line   int
	chain  []string
	attr   bool // chain[0] is an attribute of something else
	called bool
	args   []pyArg
	// store is true when the chain is assigned to or changed in place
	// (x = ..., x[k] = ..., x += ...).
	store bool
	// recv is the expression an attribute is read from (Path("x") in
	// Path("x").write_text(s)); nil when it is not a plain primary.
	recv []pyTok
}

// pyArg is one argument of a call: key for key=value, and its tokens.
type pyArg struct {
	key  string
	toks []pyTok
}

// pyFile is what the reader finds in one file.
type pyFile struct {
	imports []pyImp
	// binds maps a name bound by an import to what it names: a dotted
	// module or module attribute ("subprocess", "os.system"); relative
	// ones keep their dots ("..pkg.x").
	binds map[string]string
	refs  []pyRef
	// consts are the names bound once in the whole file, by a plain
	// `NAME = value` at the module's top level, with the value's tokens
	// (pyconst.go): a path kept in a constant (LOG = Path(__file__).parent
	// / "hook.log") is computed where it is used.
	consts map[string][]pyTok
}

func pyKeywords(s string) bool {
	switch s {
	case "False", "None", "True", "and", "as", "assert",
		"async", "await", "break", "class", "continue", "def", "del", "elif",
		"else", "except", "finally", "for", "from", "global", "if", "import",
		"in", "is", "lambda", "nonlocal", "not", "or", "pass", "raise",
		"return", "try", "while", "with", "yield":
		return true
	}
	return false
}

// pyRisky are the builtins that run code or reach the import system or
// the interpreter's own namespaces.
func pyRisky(s string) bool {
	switch s {
	case "exec", "eval", "compile", "__import__", "breakpoint",
		"globals", "locals", "vars", "execfile", "reload", "help", "getattr",
		"setattr", "delattr":
		return true
	}
	return false
}

// pyRiskyAttrs are attribute names that load or start code whatever
// object they are read from (a module re-exported under another name:
// helpers.sp.Popen, getattr-free aliasing: x = os; x.system).
func pyRiskyAttrs(s string) bool {
	switch s {
	case "system", "popen", "Popen", "check_output", "check_call",
		"getoutput", "getstatusoutput", "import_module", "run_path", "run_module",
		"spec_from_file_location", "spec_from_loader", "module_from_spec", "exec_module",
		"load_module", "load_source", "load_compiled", "load_dynamic", "SourceFileLoader",
		"SourcelessFileLoader", "ExtensionFileLoader", "create_subprocess_exec",
		"create_subprocess_shell", "addsitedir", "startfile", "CDLL", "PyDLL", "WinDLL",
		"LoadLibrary", "dlopen", "meta_path", "path_hooks", "posix_spawn", "posix_spawnp",
		"f_globals", "f_builtins", "f_locals", "gi_frame", "cr_frame", "ag_frame",
		"tb_frame", "f_back",
		// sqlite3: a connection's load_extension loads native code.
		"load_extension", "enable_load_extension",
		// pandas.read_pickle unpickles.
		"read_pickle":
		return true
	}
	return false
}

func pyRiskyAttr(a string) bool {
	if pyRiskyAttrs(a) {
		return true
	}
	for _, p := range []string{"execv", "execl", "spawnv", "spawnl"} {
		if strings.HasPrefix(a, p) {
			return true
		}
	}
	return pyDunder(a) && !pySafeDunders(a)
}

func pyDunder(a string) bool {
	return len(a) > 4 && strings.HasPrefix(a, "__") && strings.HasSuffix(a, "__")
}

// pySafeDunders are the dunder names that neither reach namespaces nor
// the interpreter (__subclasses__, __globals__, __builtins__, __dict__,
// __loader__, __code__ and the rest do).
func pySafeDunders(s string) bool {
	switch s {
	case "__init__", "__name__", "__file__", "__doc__",
		"__version__", "__all__", "__main__", "__class__", "__qualname__", "__module__",
		"__annotations__", "__future__", "__slots__", "__enter__", "__exit__",
		"__aenter__", "__aexit__", "__repr__", "__str__", "__eq__", "__ne__",
		"__lt__", "__le__", "__gt__", "__ge__", "__hash__", "__len__", "__iter__",
		"__next__", "__contains__", "__getitem__", "__setitem__", "__delitem__",
		"__call__", "__new__", "__post_init__", "__bool__", "__debug__", "__author__",
		"__license__", "__copyright__", "__email__", "__status__":
		return true
	}
	return false
}

// pyRead tokenizes and reads src.
func pyRead(src string) (*pyFile, error) {
	toks, err := pyTokenize(src)
	if err != nil {
		return nil, err
	}
	// Comments and NL tokens say nothing about statements.
	sig := toks[:0] // filtered in place
	for _, t := range toks {
		if t.kind != pyComment && t.kind != pyNL {
			sig = append(sig, t)
		}
	}
	r := &pyReader{t: sig, f: &pyFile{binds: map[string]string{}}, skip: make([]bool, len(sig))}
	if err := r.imports(); err != nil {
		return nil, err
	}
	r.names()
	r.constants()
	return r.f, nil
}

type pyReader struct {
	t    []pyTok
	f    *pyFile
	skip []bool // tokens of import statements
}

func (r *pyReader) is(i int, kind pyKind, text string) bool {
	return i >= 0 && i < len(r.t) && r.t[i].kind == kind && r.t[i].text == text
}

// stmtStart reports whether token i starts a simple statement.
func (r *pyReader) stmtStart(i int) bool {
	if i == 0 {
		return true
	}
	p := r.t[i-1]
	switch p.kind {
	case pyNewline, pyIndent, pyDedent:
		return true
	case pyOp:
		// `;`, or the ':' that ends a compound statement's header (a ':'
		// inside brackets, a lambda's or an annotation's is never
		// followed by a keyword that starts a statement).
		return p.text == ";" || p.text == ":"
	}
	return false
}

func pyErr(line int, msg string) error { return &pyError{line, msg} }

// imports finds every import statement.
func (r *pyReader) imports() error {
	for i, t := range r.t {
		if t.kind != pyNAME {
			continue
		}
		switch t.text {
		case "import":
			if !r.stmtStart(i) {
				// Only `from M import` has import elsewhere: read with from.
				if r.skip[i] {
					continue
				}
				return pyErr(t.line, "`import` where no statement starts")
			}
			end, err := r.plainImport(i)
			if err != nil {
				return err
			}
			r.mark(i, end)
		case "from":
			if !r.stmtStart(i) {
				continue // yield from, raise ... from
			}
			end, err := r.fromImport(i)
			if err != nil {
				return err
			}
			r.mark(i, end)
		}
	}
	return nil
}

func (r *pyReader) mark(from, to int) {
	for k := from; k < to && k < len(r.skip); k++ {
		r.skip[k] = true
	}
}

// stmtEnd reports whether token i ends a simple statement.
func (r *pyReader) stmtEnd(i int) bool {
	return i >= len(r.t) || r.t[i].kind == pyNewline || r.t[i].kind == pyEnd || r.is(i, pyOp, ";")
}

// dotted reads NAME (. NAME)* at i.
func (r *pyReader) dotted(i int) (string, int, bool) {
	var parts []string
	for {
		if i >= len(r.t) || r.t[i].kind != pyNAME || pyKeywords(r.t[i].text) {
			return "", i, false
		}
		parts = append(parts, r.t[i].id)
		i++
		if !r.is(i, pyOp, ".") {
			return strings.Join(parts, "."), i, true
		}
		i++
	}
}

func (r *pyReader) name(i int) (string, bool) {
	if i < len(r.t) && r.t[i].kind == pyNAME && !pyKeywords(r.t[i].text) {
		return r.t[i].id, true
	}
	return "", false
}

// plainImport reads `import a.b [as c], ...` at i.
func (r *pyReader) plainImport(i int) (int, error) {
	line := r.t[i].line
	i++
	for {
		mod, j, ok := r.dotted(i)
		if !ok {
			return i, pyErr(line, "an import statement this reader does not know")
		}
		imp := pyImp{line: line, mod: mod, bind: strings.Split(mod, ".")[0]}
		r.f.binds[imp.bind] = imp.bind
		if r.is(j, pyNAME, "as") {
			as, ok := r.name(j + 1)
			if !ok {
				return j, pyErr(line, "an import statement this reader does not know")
			}
			imp.bind = as
			r.f.binds[as] = mod
			j += 2
		}
		r.f.imports = append(r.f.imports, imp)
		if r.is(j, pyOp, ",") {
			i = j + 1
			continue
		}
		if !r.stmtEnd(j) {
			return j, pyErr(line, "an import statement this reader does not know")
		}
		return j, nil
	}
}

// fromImport reads `from [.]*[m] import names` at i.
func (r *pyReader) fromImport(i int) (int, error) {
	line := r.t[i].line
	bad := pyErr(line, "an import statement this reader does not know")
	i++
	imp := pyImp{line: line}
	for r.is(i, pyOp, ".") || r.is(i, pyOp, "...") {
		imp.level += len(r.t[i].text)
		i++
	}
	if !r.is(i, pyNAME, "import") {
		mod, j, ok := r.dotted(i)
		if !ok {
			return i, bad
		}
		imp.mod, i = mod, j
	}
	if !r.is(i, pyNAME, "import") || imp.level == 0 && imp.mod == "" {
		return i, bad
	}
	i++
	base := strings.Repeat(".", imp.level) + imp.mod
	if r.is(i, pyOp, "*") {
		imp.names, imp.as = []string{"*"}, []string{"*"}
		r.f.imports = append(r.f.imports, imp)
		if !r.stmtEnd(i + 1) {
			return i, bad
		}
		return i + 1, nil
	}
	paren := r.is(i, pyOp, "(")
	if paren {
		i++
	}
	for {
		n, ok := r.name(i)
		if !ok {
			return i, bad
		}
		as := n
		i++
		if r.is(i, pyNAME, "as") {
			if as, ok = r.name(i + 1); !ok {
				return i, bad
			}
			i += 2
		}
		imp.names = append(imp.names, n)
		imp.as = append(imp.as, as)
		if strings.HasSuffix(base, ".") {
			r.f.binds[as] = base + n
		} else {
			r.f.binds[as] = base + "." + n
		}
		if r.is(i, pyOp, ",") {
			i++
			if paren && r.is(i, pyOp, ")") {
				break
			}
			continue
		}
		break
	}
	if paren {
		if !r.is(i, pyOp, ")") {
			return i, bad
		}
		i++
	}
	if !r.stmtEnd(i) {
		return i, bad
	}
	r.f.imports = append(r.f.imports, imp)
	return i, nil
}

// names finds the uses of names that can load or start code.
func (r *pyReader) names() {
	// After `from M import *` any name may be one M's imports bind.
	star := false
	for _, imp := range r.f.imports {
		star = star || len(imp.names) == 1 && imp.names[0] == "*"
	}
	for i := 0; i < len(r.t); i++ {
		t := r.t[i]
		if t.kind != pyNAME || r.skip[i] || pyKeywords(t.text) {
			continue
		}
		attr := r.is(i-1, pyOp, ".")
		if !attr && (r.is(i-1, pyNAME, "def") || r.is(i-1, pyNAME, "class")) {
			continue
		}
		if attr {
			if !pyRiskyAttr(t.id) && !pyWriteAttr(t.id) {
				continue
			}
		} else {
			// open is the builtin that writes files (pywrite.go).
			_, bound := r.f.binds[t.id]
			if !bound && !star && !pyRisky(t.id) && t.id != "open" && !(pyDunder(t.id) && !pySafeDunders(t.id)) {
				continue
			}
			// f(key=value): a keyword argument's name is no use of it.
			if r.is(i+1, pyOp, "=") && r.inCall(i) {
				continue
			}
		}
		ref := pyRef{line: t.line, chain: []string{t.id}, attr: attr}
		if attr {
			ref.recv = r.receiver(i - 1)
		}
		j := i + 1
		for r.is(j, pyOp, ".") && j+1 < len(r.t) && r.t[j+1].kind == pyNAME {
			ref.chain = append(ref.chain, r.t[j+1].id)
			j += 2
		}
		if r.is(j, pyOp, "(") {
			ref.called = true
			ref.args, j = r.callArgs(j)
		}
		switch {
		case r.is(j, pyOp, "=") || r.is(j, pyOp, "[") && r.assignAfterIndex(j):
			ref.store = true
		case j < len(r.t) && r.t[j].kind == pyOp && len(r.t[j].text) >= 2 && strings.HasSuffix(r.t[j].text, "=") && r.t[j].text != "==" && r.t[j].text != "<=" && r.t[j].text != ">=" && r.t[j].text != "!=":
			ref.store = true
		}
		r.f.refs = append(r.f.refs, ref)
		// The chain's later names are part of this use (os.system): the
		// arguments are read on.
		i += 2 * (len(ref.chain) - 1)
	}
}

// receiver returns the primary expression that ends before the '.' at
// dot (a name, a string, a call, a subscript, a parenthesised group and
// the trailers of each), or nil.
func (r *pyReader) receiver(dot int) []pyTok {
	j := dot - 1
	for j >= 0 {
		t := r.t[j]
		switch {
		case t.kind == pyOp && (t.text == ")" || t.text == "]" || t.text == "}"):
			depth := 0
			for ; j >= 0; j-- {
				if r.t[j].kind != pyOp {
					continue
				}
				switch r.t[j].text {
				case ")", "]", "}":
					depth++
				case "(", "[", "{":
					depth--
				}
				if depth == 0 {
					break
				}
			}
			if j < 0 {
				return nil
			}
			open := r.t[j].text
			j--
			// f(...) and x[...] are trailers of the primary before them;
			// a group, a list or a dict starts the expression.
			if p := j; p >= 0 && open != "{" && (r.t[p].kind == pyNAME && !pyKeywords(r.t[p].text) || r.t[p].kind == pySTRING ||
				r.t[p].kind == pyOp && (r.t[p].text == ")" || r.t[p].text == "]")) {
				continue
			}
		case t.kind == pyNAME && !pyKeywords(t.text):
			j--
		case t.kind == pySTRING:
			for j >= 0 && r.t[j].kind == pySTRING {
				j--
			}
		default:
			return nil
		}
		if !r.is(j, pyOp, ".") {
			break
		}
		j--
	}
	if j+1 >= dot {
		return nil
	}
	return r.t[j+1 : dot]
}

// inCall reports whether name token i is directly inside a call's
// parentheses (f(a, key=v)), not a statement's left side.
func (r *pyReader) inCall(i int) bool {
	depth := 0
	for k := i - 1; k >= 0; k-- {
		t := r.t[k]
		if t.kind == pyNewline || t.kind == pyIndent || t.kind == pyDedent {
			return false
		}
		if t.kind != pyOp {
			continue
		}
		switch t.text {
		case ")", "]", "}":
			depth++
		case "[", "{":
			if depth == 0 {
				return false
			}
			depth--
		case "(":
			if depth == 0 {
				return true
			}
			depth--
		case ";":
			if depth == 0 {
				return false
			}
		}
	}
	return false
}

// callArgs reads the arguments of the call whose '(' is at i and returns
// the index after its ')'.
func (r *pyReader) callArgs(i int) ([]pyArg, int) {
	var args []pyArg
	depth := 0
	start := i + 1
	for j := i; j < len(r.t); j++ {
		t := r.t[j]
		if t.kind == pyOp {
			switch t.text {
			case "(", "[", "{":
				depth++
			case ")", "]", "}":
				depth--
			}
		}
		if t.kind == pyFStart {
			depth++
		} else if t.kind == pyFEnd {
			depth--
		}
		if depth == 0 || depth == 1 && r.is(j, pyOp, ",") {
			if toks := r.t[start:j]; len(toks) > 0 {
				a := pyArg{toks: toks}
				if len(toks) > 2 && toks[0].kind == pyNAME && toks[1].kind == pyOp && toks[1].text == "=" {
					a.key, a.toks = toks[0].id, toks[2:]
				}
				args = append(args, a)
			}
			start = j + 1
			if depth == 0 {
				return args, j + 1
			}
		}
	}
	return args, len(r.t)
}

// assignAfterIndex reports whether the subscript at i is assigned to:
// x[k] = v, x[k] += v.
func (r *pyReader) assignAfterIndex(i int) bool {
	depth := 0
	for j := i; j < len(r.t); j++ {
		if r.t[j].kind == pyOp {
			switch r.t[j].text {
			case "(", "[", "{":
				depth++
			case ")", "]", "}":
				depth--
				if depth == 0 {
					n := j + 1
					return n < len(r.t) && r.t[n].kind == pyOp && strings.HasSuffix(r.t[n].text, "=") && r.t[n].text != "=="
				}
			}
		}
	}
	return false
}

// pyLiteral returns the value of an expression made of string literals
// only ('a' "b" implicitly joined; no f-string), and whether it is one.
func pyLiteral(toks []pyTok) (string, bool) {
	if len(toks) == 0 {
		return "", false
	}
	var b strings.Builder
	for _, t := range toks {
		if t.kind != pySTRING {
			return "", false
		}
		s, ok := pyStringValue(t.text)
		if !ok {
			return "", false
		}
		b.WriteString(s)
	}
	return b.String(), true
}

// pyLiteralList returns the values of a list or tuple of string
// literals (["./x.sh", "a"]).
func pyLiteralList(toks []pyTok) ([]string, bool) {
	if len(toks) < 2 || toks[0].kind != pyOp || toks[len(toks)-1].kind != pyOp ||
		!(toks[0].text == "[" && toks[len(toks)-1].text == "]" || toks[0].text == "(" && toks[len(toks)-1].text == ")") {
		return nil, false
	}
	var out []string
	start := 1
	inner := toks[1 : len(toks)-1]
	_ = start
	var cur []pyTok
	flush := func() bool {
		if len(cur) == 0 {
			return true
		}
		s, ok := pyLiteral(cur)
		out = append(out, s)
		cur = nil
		return ok
	}
	for _, t := range inner {
		if t.kind == pyOp && t.text == "," {
			if !flush() {
				return nil, false
			}
			continue
		}
		cur = append(cur, t)
	}
	if !flush() {
		return nil, false
	}
	return out, true
}

// pyStringValue is the value of one string literal token (not an
// f-string): prefixes, quotes and escapes as CPython reads them; a
// \N{name} escape is not known here.
func pyStringValue(tok string) (string, bool) {
	i := strings.IndexAny(tok, `'"`)
	if i < 0 {
		return "", false
	}
	prefix := strings.ToLower(tok[:i])
	body := tok[i:]
	q := body[:1]
	if strings.HasPrefix(body, q+q+q) && len(body) >= 6 {
		q = q + q + q
	}
	body = body[len(q) : len(body)-len(q)]
	if strings.Contains(prefix, "r") {
		return body, true
	}
	var b strings.Builder
	for k := 0; k < len(body); k++ {
		c := body[k]
		if c != '\\' || k+1 >= len(body) {
			b.WriteByte(c)
			continue
		}
		k++
		switch e := body[k]; e {
		case '\n':
		case '\\', '\'', '"':
			b.WriteByte(e)
		case 'n':
			b.WriteByte('\n')
		case 't':
			b.WriteByte('\t')
		case 'r':
			b.WriteByte('\r')
		case 'a':
			b.WriteByte('\a')
		case 'b':
			b.WriteByte('\b')
		case 'f':
			b.WriteByte('\f')
		case 'v':
			b.WriteByte('\v')
		case 'x', 'u', 'U':
			n := map[byte]int{'x': 2, 'u': 4, 'U': 8}[e]
			if e != 'x' && strings.Contains(prefix, "b") {
				b.WriteByte('\\')
				b.WriteByte(e)
				continue
			}
			if k+n >= len(body)+1 || k+1+n > len(body) {
				return "", false
			}
			v, err := strconv.ParseUint(body[k+1:k+1+n], 16, 32)
			if err != nil || !utf8.ValidRune(rune(v)) {
				return "", false
			}
			if strings.Contains(prefix, "b") {
				b.WriteByte(byte(v))
			} else {
				b.WriteRune(rune(v))
			}
			k += n
		case '0', '1', '2', '3', '4', '5', '6', '7':
			end := k + 1
			for end < len(body) && end < k+3 && body[end] >= '0' && body[end] <= '7' {
				end++
			}
			v, _ := strconv.ParseUint(body[k:end], 8, 32)
			if strings.Contains(prefix, "b") {
				b.WriteByte(byte(v))
			} else {
				b.WriteRune(rune(v))
			}
			k = end - 1
		case 'N':
			return "", false
		default:
			b.WriteByte('\\')
			b.WriteByte(e)
		}
	}
	return b.String(), true
}
