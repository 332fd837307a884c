package shellcmd

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// A Python tokenizer, after CPython 3.12's (Parser/lexer/lexer.c, and
// the tokenize module's token names): names, numbers, strings with their
// prefixes, f-strings and t-strings split into their literal parts and
// the expressions in their replacement fields (PEP 701: nested quotes,
// comments and newlines inside a field), operators, comments,
// NEWLINE/NL, INDENT/DEDENT from tabs, spaces and form feeds, backslash
// continuations and the coding cookie. No pure-Go Python parser reads
// modern Python (gpython's is the 3.4 grammar and fails on f-strings,
// walrus, match, async, annotations; tree-sitter needs cgo), so the
// tokens feed a statement-level reader (pyparse.go) instead of a full
// parser. Where CPython would reject the source, tokenizing fails: the
// caller says the file is not covered. Keywords are matched on the text
// as written (CPython does not normalise them); names are NFKC-normalised
// as CPython does (PEP 3131), so ｏｓ is os.

type pyKind uint8

const (
	pyNAME pyKind = iota + 1
	pyNUMBER
	pySTRING
	pyFStart
	pyFMiddle
	pyFEnd
	pyOp
	pyNewline
	pyNL
	pyIndent
	pyDedent
	pyComment
	pyEnd
)

var pyKindNames = [...]string{pyNAME: "NAME", pyNUMBER: "NUMBER", pySTRING: "STRING", pyFStart: "FSTRING_START",
	pyFMiddle: "FSTRING_MIDDLE", pyFEnd: "FSTRING_END", pyOp: "OP", pyNewline: "NEWLINE", pyNL: "NL",
	pyIndent: "INDENT", pyDedent: "DEDENT", pyComment: "COMMENT", pyEnd: "ENDMARKER"}

func (k pyKind) String() string { return pyKindNames[k] }

// pyTok is one token: its kind, its text as written, and for a name the
// NFKC form (id); line is 1-based.
type pyTok struct {
	kind pyKind
	text string
	id   string
	line int
}

// pyError is a tokenizing or reading error at a line.
type pyError struct {
	line int
	msg  string
}

func (e *pyError) Error() string { return fmt.Sprintf("line %d: %s", e.line, e.msg) }

// fstring modes: the literal part of an f-string, an expression in a
// replacement field, the format spec after its ':'.
type pyFrame struct {
	mode  uint8 // fsLit, fsExpr, fsSpec
	quote string
	raw   bool
	depth int // fsExpr: the bracket depth inside its '{'
}

const (
	fsLit uint8 = iota
	fsExpr
	fsSpec
)

type pyLexer struct {
	src     string
	pos     int
	line    int
	out     []pyTok
	indents []int
	alts    []int
	parens  []byte
	frames  []pyFrame
	// lineToks is true once the current logical line has a token.
	lineToks bool
}

// pyTokenize splits Python source into tokens, or fails where CPython's
// tokenizer would.
func pyTokenize(src string) ([]pyTok, error) {
	src, err := pyDecode(src)
	if err != nil {
		return nil, err
	}
	// About one token for every 4 bytes of typical code.
	l := &pyLexer{src: src, line: 1, indents: []int{0}, alts: []int{0}, out: make([]pyTok, 0, len(src)/4+16)}
	if err := l.run(); err != nil {
		return nil, err
	}
	return l.out, nil
}

// pyDecode applies what CPython does to a source file before
// tokenizing: a UTF-8 BOM is dropped, the coding cookie of the first two
// lines picks the encoding (UTF-8 and Latin-1 are read; any other, such
// as utf-7, is an error here), a NUL byte is refused, and \r\n and \r
// end lines as \n does.
func pyDecode(src string) (string, error) {
	src = strings.TrimPrefix(src, "\ufeff")
	if enc := pyCookie(src); enc != "" {
		switch e := strings.ReplaceAll(strings.ToLower(enc), "_", "-"); {
		case e == "utf-8" || e == "utf8" || strings.HasPrefix(e, "utf-8-") || e == "ascii" || e == "us-ascii":
		case e == "latin-1" || e == "iso-8859-1" || e == "iso8859-1" || e == "latin1" || strings.HasPrefix(e, "latin-1-") || strings.HasPrefix(e, "iso-8859-1-"):
			var b strings.Builder
			for i := 0; i < len(src); i++ {
				b.WriteRune(rune(src[i]))
			}
			src = b.String()
		default:
			return "", &pyError{1, "source encoding " + enc + " is not read"}
		}
	}
	if !utf8.ValidString(src) {
		return "", &pyError{1 + strings.Count(src[:pyBadUTF8(src)], "\n"), "invalid UTF-8"}
	}
	if i := strings.IndexByte(src, 0); i >= 0 {
		return "", &pyError{1 + strings.Count(src[:i], "\n"), "a NUL byte"}
	}
	src = strings.ReplaceAll(src, "\r\n", "\n")
	return strings.ReplaceAll(src, "\r", "\n"), nil
}

func pyBadUTF8(s string) int {
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n == 1 {
			return i
		}
		i += n
	}
	return len(s)
}

// pyCookie returns the encoding named by a coding cookie in the first
// two lines (PEP 263: ^[ \t\f]*#.*?coding[:=][ \t]*([-\w.]+)); the second
// line counts only when the first is blank or a comment.
func pyCookie(src string) string {
	for i := range 2 {
		line, rest, _ := strings.Cut(src, "\n")
		t := strings.TrimLeft(line, " \t\f")
		if !strings.HasPrefix(t, "#") {
			if i == 0 && t != "" && t != "\r" {
				return ""
			}
			src = rest
			continue
		}
		for j := 0; j+6 < len(t); j++ {
			if t[j:j+6] == "coding" && (t[j+6] == ':' || t[j+6] == '=') {
				v := strings.TrimLeft(t[j+7:], " \t")
				end := 0
				for end < len(v) && (v[end] == '-' || v[end] == '_' || v[end] == '.' || v[end] < 128 && (unicode.IsLetter(rune(v[end])) || unicode.IsDigit(rune(v[end])))) {
					end++
				}
				if end > 0 {
					return v[:end]
				}
			}
		}
		src = rest
	}
	return ""
}

func (l *pyLexer) fail(msg string) error { return &pyError{l.line, msg} }

func (l *pyLexer) emit(k pyKind, text string) {
	t := pyTok{kind: k, text: text, line: l.line}
	if k == pyNAME {
		t.id = text
		if !pyASCII(text) {
			t.id = norm.NFKC.String(text)
		}
	}
	l.out = append(l.out, t)
	if k != pyNL && k != pyComment && k != pyNewline {
		l.lineToks = true
	}
}

func pyASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

func (l *pyLexer) top() *pyFrame {
	if len(l.frames) == 0 {
		return nil
	}
	return &l.frames[len(l.frames)-1]
}

func (l *pyLexer) run() error {
	atLineStart := true
	for {
		if f := l.top(); f != nil && f.mode != fsExpr {
			if err := l.fstringText(f); err != nil {
				return err
			}
			continue
		}
		if atLineStart {
			atLineStart = false
			// Inside brackets a new line is a continuation: no indentation.
			if len(l.parens) == 0 {
				if err := l.indent(); err != nil {
					return err
				}
			}
		}
		if l.pos >= len(l.src) {
			return l.eof()
		}
		c := l.src[l.pos]
		switch {
		case c == ' ' || c == '\t' || c == '\f':
			l.pos++
		case c == '\\':
			if l.pos+1 < len(l.src) && l.src[l.pos+1] == '\n' {
				l.pos += 2
				l.line++
				if l.pos >= len(l.src) {
					return l.fail("unexpected end of file after a line continuation")
				}
				continue
			}
			return l.fail("unexpected character after line continuation character")
		case c == '#':
			end := strings.IndexByte(l.src[l.pos:], '\n')
			if end < 0 {
				end = len(l.src) - l.pos
			}
			l.emit(pyComment, l.src[l.pos:l.pos+end])
			l.pos += end
		case c == '\n':
			if len(l.parens) > 0 || !l.lineToks {
				l.emit(pyNL, "\n")
			} else {
				l.emit(pyNewline, "\n")
				l.lineToks = false
			}
			l.pos++
			l.line++
			atLineStart = true
		case c >= '0' && c <= '9' || c == '.' && l.pos+1 < len(l.src) && l.src[l.pos+1] >= '0' && l.src[l.pos+1] <= '9':
			l.number()
		case c == '"' || c == '\'':
			if err := l.str(""); err != nil {
				return err
			}
		case c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= 0x80:
			if err := l.name(); err != nil {
				return err
			}
		default:
			if err := l.op(); err != nil {
				return err
			}
		}
	}
}

// indent reads the indentation of a new line: a blank or comment-only
// line changes nothing; otherwise INDENT or DEDENTs (tabs to the next
// multiple of 8, a form feed starts over, as CPython's lexer counts).
func (l *pyLexer) indent() error {
	col, alt, i := 0, 0, l.pos
	for ; i < len(l.src); i++ {
		switch l.src[i] {
		case ' ':
			col++
			alt++
			continue
		case '\t':
			col = (col/8 + 1) * 8
			alt++
			continue
		case '\f':
			col, alt = 0, 0
			continue
		}
		break
	}
	if i >= len(l.src) || l.src[i] == '\n' || l.src[i] == '#' {
		return nil
	}
	if i+1 < len(l.src) && l.src[i] == '\\' && l.src[i+1] == '\n' {
		return nil // the line goes on: its indentation is the next one's
	}
	start := l.pos
	l.pos = i
	// CPython also measures with tabs as one column (altcol): where the
	// two disagree, the indentation is ambiguous (TabError).
	n := len(l.indents) - 1
	cur, curAlt := l.indents[n], l.alts[n]
	switch {
	case col == cur:
		if alt != curAlt {
			return l.fail("inconsistent use of tabs and spaces in indentation")
		}
	case col > cur:
		if alt <= curAlt {
			return l.fail("inconsistent use of tabs and spaces in indentation")
		}
		l.indents = append(l.indents, col)
		l.alts = append(l.alts, alt)
		l.emit(pyIndent, l.src[start:i])
	default:
		for col < l.indents[len(l.indents)-1] {
			l.indents = l.indents[:len(l.indents)-1]
			l.alts = l.alts[:len(l.alts)-1]
			l.emit(pyDedent, "")
		}
		if col != l.indents[len(l.indents)-1] {
			return l.fail("unindent does not match any outer indentation level")
		}
		if alt != l.alts[len(l.alts)-1] {
			return l.fail("inconsistent use of tabs and spaces in indentation")
		}
	}
	return nil
}

func (l *pyLexer) eof() error {
	if len(l.frames) > 0 {
		return l.fail("unterminated f-string")
	}
	if len(l.parens) > 0 {
		return l.fail("'" + string(l.parens[len(l.parens)-1]) + "' was never closed")
	}
	if l.lineToks {
		l.emit(pyNewline, "")
	}
	for len(l.indents) > 1 {
		l.indents = l.indents[:len(l.indents)-1]
		l.alts = l.alts[:len(l.alts)-1]
		l.emit(pyDedent, "")
	}
	l.emit(pyEnd, "")
	return nil
}

func pyIdentRune(r rune, first bool) bool {
	if r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' {
		return true
	}
	if r >= '0' && r <= '9' {
		return !first
	}
	if r < 0x80 {
		return false
	}
	// XID_Start / XID_Continue, close enough: letters, letter numbers,
	// and for later characters marks, digits and connector punctuation.
	if unicode.IsLetter(r) || unicode.Is(unicode.Nl, r) || unicode.Is(unicode.Other_ID_Start, r) {
		return true
	}
	return !first && (unicode.In(r, unicode.Mn, unicode.Mc, unicode.Nd, unicode.Pc) || unicode.Is(unicode.Other_ID_Continue, r))
}

// pyPrefixes are the string prefixes CPython reads, lower-cased.
func pyPrefixes(s string) bool {
	switch s {
	case "r", "u", "b", "br", "rb",
		"f", "fr", "rf", "t", "tr", "rt":
		return true
	}
	return false
}

func (l *pyLexer) name() error {
	start := l.pos
	first := true
	for l.pos < len(l.src) {
		r, n := utf8.DecodeRuneInString(l.src[l.pos:])
		if r < 0x80 && !pyIdentRune(r, first) {
			break
		}
		if r >= 0x80 && !pyIdentRune(r, first) {
			if unicode.IsSpace(r) || unicode.IsPunct(r) || unicode.IsSymbol(r) || unicode.Is(unicode.Cf, r) || unicode.IsControl(r) || !first {
				return l.fail(fmt.Sprintf("invalid character %U in identifier", r))
			}
			return l.fail(fmt.Sprintf("invalid character %U", r))
		}
		first = false
		l.pos += n
	}
	text := l.src[start:l.pos]
	if l.pos < len(l.src) && (l.src[l.pos] == '"' || l.src[l.pos] == '\'') && pyPrefixes(strings.ToLower(text)) {
		return l.str(text)
	}
	l.emit(pyNAME, text)
	return nil
}

func (l *pyLexer) number() {
	start := l.pos
	s := l.src
	digits := func(ok func(byte) bool) {
		for l.pos < len(s) && (ok(s[l.pos]) || s[l.pos] == '_' && l.pos+1 < len(s) && ok(s[l.pos+1])) {
			l.pos++
		}
	}
	dec := func(c byte) bool { return c >= '0' && c <= '9' }
	if s[l.pos] == '0' && l.pos+1 < len(s) && strings.ContainsRune("xXoObB", rune(s[l.pos+1])) {
		l.pos += 2
		digits(func(c byte) bool { return dec(c) || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F' })
		l.emit(pyNUMBER, s[start:l.pos])
		return
	}
	digits(dec)
	if l.pos < len(s) && s[l.pos] == '.' {
		l.pos++
		digits(dec)
	}
	if l.pos < len(s) && (s[l.pos] == 'e' || s[l.pos] == 'E') {
		j := l.pos + 1
		if j < len(s) && (s[j] == '+' || s[j] == '-') {
			j++
		}
		if j < len(s) && dec(s[j]) {
			l.pos = j
			digits(dec)
		}
	}
	if l.pos < len(s) && (s[l.pos] == 'j' || s[l.pos] == 'J') {
		l.pos++
	}
	l.emit(pyNUMBER, s[start:l.pos])
}

// str reads a string literal after its prefix (l.pos at the quote). An
// f-string or t-string starts a frame: its parts are tokens.
func (l *pyLexer) str(prefix string) error {
	q := l.src[l.pos : l.pos+1]
	if strings.HasPrefix(l.src[l.pos:], q+q+q) {
		q = q + q + q
	}
	lp := strings.ToLower(prefix)
	raw := strings.Contains(lp, "r")
	if strings.ContainsAny(lp, "ft") {
		l.pos += len(q)
		l.emit(pyFStart, prefix+q)
		l.frames = append(l.frames, pyFrame{mode: fsLit, quote: q, raw: raw})
		return nil
	}
	start := l.pos - len(prefix)
	startLine := l.line
	l.pos += len(q)
	for {
		if l.pos >= len(l.src) {
			l.line = startLine
			return l.fail("unterminated string literal")
		}
		c := l.src[l.pos]
		switch {
		case c == '\\' && l.pos+1 < len(l.src):
			if l.src[l.pos+1] == '\n' {
				l.line++
			}
			l.pos += 2
			continue
		case c == '\n':
			if len(q) == 1 {
				l.line = startLine
				return l.fail("unterminated string literal")
			}
			l.line++
		case strings.HasPrefix(l.src[l.pos:], q):
			l.pos += len(q)
			t := pyTok{kind: pySTRING, text: l.src[start:l.pos], line: startLine}
			l.out = append(l.out, t)
			l.lineToks = true
			return nil
		}
		l.pos++
	}
}

// fstringText reads the literal text of an f-string (or of a format
// spec) up to a replacement field, the end of the spec or of the string.
func (l *pyLexer) fstringText(f *pyFrame) error {
	var lit *pyFrame
	for i := len(l.frames) - 1; i >= 0; i-- {
		if l.frames[i].mode == fsLit {
			lit = &l.frames[i]
			break
		}
	}
	start, startLine := l.pos, l.line
	var b strings.Builder
	flush := func() {
		if b.Len() > 0 {
			t := pyTok{kind: pyFMiddle, text: b.String(), line: startLine}
			l.out = append(l.out, t)
		}
		b.Reset()
	}
	_ = start
	for {
		if l.pos >= len(l.src) {
			return l.fail("unterminated f-string")
		}
		c := l.src[l.pos]
		switch {
		case strings.HasPrefix(l.src[l.pos:], lit.quote):
			if f.mode == fsSpec {
				return l.fail("f-string: expecting '}'")
			}
			flush()
			l.pos += len(lit.quote)
			l.emit(pyFEnd, lit.quote)
			l.frames = l.frames[:len(l.frames)-1]
			return nil
		case c == '\n':
			if len(lit.quote) == 1 {
				return l.fail("unterminated f-string literal")
			}
			b.WriteByte(c)
			l.pos++
			l.line++
		case c == '\\' && l.pos+1 < len(l.src):
			if !lit.raw && l.src[l.pos+1] == 'N' && l.pos+2 < len(l.src) && l.src[l.pos+2] == '{' {
				end := strings.IndexByte(l.src[l.pos:], '}')
				if end < 0 {
					return l.fail("unterminated \\N{...} escape")
				}
				b.WriteString(l.src[l.pos : l.pos+end+1])
				l.pos += end + 1
				continue
			}
			if n := l.src[l.pos+1]; n == '{' || n == '}' {
				b.WriteByte(c) // \{ does not escape the brace
				l.pos++
				continue
			}
			if l.src[l.pos+1] == '\n' {
				l.line++
			}
			b.WriteString(l.src[l.pos : l.pos+2])
			l.pos += 2
		case c == '{' && f.mode == fsLit && strings.HasPrefix(l.src[l.pos:], "{{"):
			b.WriteByte('{')
			l.pos += 2
		case c == '}' && f.mode == fsLit && strings.HasPrefix(l.src[l.pos:], "}}"):
			b.WriteByte('}')
			l.pos += 2
		case c == '{':
			flush()
			l.pos++
			l.emit(pyOp, "{")
			l.parens = append(l.parens, '{')
			l.frames = append(l.frames, pyFrame{mode: fsExpr, depth: len(l.parens)})
			return nil
		case c == '}':
			if f.mode == fsLit {
				return l.fail("f-string: single '}' is not allowed")
			}
			// The end of a format spec ends its replacement field.
			flush()
			l.pos++
			l.emit(pyOp, "}")
			l.frames = l.frames[:len(l.frames)-2]
			l.parens = l.parens[:len(l.parens)-1]
			return nil
		default:
			b.WriteByte(c)
			l.pos++
		}
	}
}

// pyOps are the operators, longest first.
var pyOps = []string{"**=", "//=", ">>=", "<<=", "...", "!=", "%=", "&=", "**", "*=", "+=", "-=", "->", "//", "/=", ":=",
	"<<", "<=", "==", ">=", ">>", "@=", "^=", "|=", "<>",
	"(", ")", "[", "]", "{", "}", ":", ",", ";", "+", "-", "*", "/", "|", "&", "<", ">", "=", ".", "%", "~", "^", "@", "!"}

func pyClose(s string) byte {
	switch s {
	case ")":
		return '('
	case "]":
		return '['
	case "}":
		return '{'
	}
	return 0
}

func (l *pyLexer) op() error {
	f := l.top()
	if f != nil && f.mode == fsExpr && len(l.parens) == f.depth && l.src[l.pos] == ':' {
		// f"{x:=5}": a format spec, not the walrus.
		l.pos++
		l.emit(pyOp, ":")
		l.frames = append(l.frames, pyFrame{mode: fsSpec})
		return nil
	}
	for _, o := range pyOps {
		if !strings.HasPrefix(l.src[l.pos:], o) {
			continue
		}
		if o == "<>" {
			break // only under `from __future__ import barry_as_FLUFL`
		}
		inField := f != nil && f.mode == fsExpr && len(l.parens) == f.depth
		switch {
		case o == "(" || o == "[" || o == "{":
			l.parens = append(l.parens, o[0])
		case pyClose(o) != 0:
			if len(l.parens) == 0 || l.parens[len(l.parens)-1] != pyClose(o) {
				return l.fail("unmatched '" + o + "'")
			}
			l.parens = l.parens[:len(l.parens)-1]
			if inField {
				// The end of a replacement field: back to the f-string.
				l.pos++
				l.emit(pyOp, o)
				l.frames = l.frames[:len(l.frames)-1]
				return nil
			}
		}
		l.pos += len(o)
		l.emit(pyOp, o)
		return nil
	}
	r, _ := utf8.DecodeRuneInString(l.src[l.pos:])
	return l.fail(fmt.Sprintf("invalid character %U", r))
}
