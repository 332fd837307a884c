package config

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"unicode/utf8"

	"github.com/gh-hooks/gh-hooks/internal/js"
	"github.com/gh-hooks/gh-hooks/internal/lazyre"
	"github.com/gh-hooks/gh-hooks/internal/regfile"

	"github.com/tailscale/hujson"
	"github.com/tidwall/jsonc"
)

// Document is a parsed settings file: its bytes, its hujson syntax tree (the
// basis of byte-stable edits) and the position-carrying Node tree.
type Document struct {
	// Path is the file the document was read from ("" for in-memory input).
	Path string
	// Data are the exact bytes of the file.
	Data []byte
	// tree is the hujson syntax tree of Data when Parse needed it; Edit
	// parses Data itself otherwise.
	tree hujson.Value
	// Root is the value tree; for a settings file it is an object.
	Root *Node

	lineStarts []int
	// runeMarks indexes rune counts for Position, built on first use.
	runeMarks     []runeMark
	runeMarksOnce sync.Once
}

// runeMark is a rune start at byte offset pos with n runes before it.
type runeMark struct{ pos, n int }

// runeStride is the bytes between rune marks: Position counts at most
// this many bytes, whatever the length of the line. Counting from the
// start of the line made every position on a long line cost its length:
// a 1 MB one-line file with 20,000 hooks took 30 s to validate.
const runeStride = 1024

// ParseError is a file that Gemini CLI cannot load. Gemini treats every
// such error as fatal (it exits 52 before doing anything, spec §1.4).
type ParseError struct {
	Path   string
	Offset int
	Line   int
	Column int
	// Code is a stable identifier: parse-error, trailing-comma, bom,
	// empty-file, not-object, read-error, too-deep.
	Code string
	Msg  string
	Hint string
	// Fix is the hint's fix alone, for a file that is not Gemini's
	// settings, when Hint also says what Gemini does with the file ("":
	// Hint is the fix alone).
	Fix string
	// More are the positions of the file's further errors of the same
	// kind (every trailing comma, not only the first), so that one run
	// lists all that a user has to fix; Line and Column are the first's.
	More []Position
}

// Position is a place in a file: byte offset, 1-based line and column.
type Position struct{ Offset, Line, Column int }

func (e *ParseError) Error() string {
	return fmt.Sprintf("%s:%d:%d: %s", e.Path, e.Line, e.Column, e.Msg)
}

// ErrNotObject is wrapped by a ParseError whose root is not a JSON object.
var ErrNotObject = errors.New("settings file is not a valid JSON object")

// Options changes how Parse reads a file.
type Options struct {
	// AllowNonObject accepts any JSON root (used for files that are not
	// settings files, such as trustedFolders.json values).
	AllowNonObject bool
	// NoComments rejects comments, as plain JSON.parse does (extension
	// hooks.json files, spec §3.5).
	NoComments bool
}

// MaxFileSize is the largest file ReadFile reads. Real settings files are
// kilobytes (the largest seen, 15 MB); a bound keeps a planted huge file
// from costing gh-hooks unbounded memory and time.
const MaxFileSize = 64 << 20

// ReadFile reads and parses a settings file. A missing file returns an
// error that satisfies errors.Is(err, fs.ErrNotExist); a directory, an
// unreadable file or one larger than MaxFileSize returns a *ParseError
// with code read-error.
//
// Anything else that is not a regular file (a FIFO, a socket, a device such
// as /dev/null or /dev/zero) is a read-error too, without reading it: a
// FIFO would block forever and /dev/zero never ends (found by the
// bad-input catalogue). The file is opened without blocking and checked on
// the open descriptor, so a file swapped after a check cannot block it.
func ReadFile(path string, opts Options) (*Document, error) {
	f, err := regfile.Open(path)
	return parseOpen(f, err, path, opts)
}

// parseOpen reads and parses f, the file at path opened with regfile (err
// the error of the open).
func parseOpen(f *os.File, err error, path string, opts Options) (*Document, error) {
	if err != nil {
		if errors.Is(err, os.ErrNotExist) {
			return nil, err
		}
		return nil, readError(path, err)
	}
	defer f.Close()
	data, _, err := readOpen(f, path)
	if err != nil {
		return nil, err
	}
	return Parse(path, data, opts)
}

// ErrNotRegular is wrapped by ReadRegular's error for a path that is not a
// regular file.
var ErrNotRegular = errors.New("not a regular file")

// ReadRegular reads the file at path, following links, if it is a regular
// file of at most MaxFileSize bytes; for anything else it returns an
// *fs.PathError without reading or blocking: one wrapping ErrNotRegular
// for a FIFO, socket, device or directory ("not a regular file but a
// named pipe (FIFO)"), fs.ErrNotExist for a missing file. It is for the
// files of a repository other than settings (Claude commands, migrated
// command files), which a repository can plant as a FIFO to hang a reader.
func ReadRegular(path string) ([]byte, error) {
	f, err := regfile.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return readRegularOpen(f, path)
}

// readRegularOpen is ReadRegular for the file f, opened with regfile.
func readRegularOpen(f *os.File, path string) ([]byte, error) {
	data, _, err := regfile.Read(f, MaxFileSize)
	var nr *regfile.NotRegularError
	var tl *regfile.TooLargeError
	switch {
	case errors.As(err, &nr):
		return nil, &fs.PathError{Op: "read", Path: path, Err: fmt.Errorf("%w but %s", ErrNotRegular, regfile.Kind(nr.Mode))}
	case errors.As(err, &tl) && tl.Grew:
		return nil, &fs.PathError{Op: "read", Path: path, Err: fmt.Errorf("more than the %d MiB gh-hooks reads", MaxFileSize>>20)}
	case errors.As(err, &tl):
		return nil, &fs.PathError{Op: "read", Path: path, Err: fmt.Errorf("%d bytes, more than the %d MiB gh-hooks reads", tl.Size, MaxFileSize>>20)}
	}
	return data, err
}

// readOpen reads f, opened with regfile, if it is a regular file of at
// most MaxFileSize bytes; path names it in errors.
func readOpen(f *os.File, path string) ([]byte, fs.FileInfo, error) {
	data, fi, err := regfile.Read(f, MaxFileSize)
	var nr *regfile.NotRegularError
	var tl *regfile.TooLargeError
	switch {
	case err == nil:
		return data, fi, nil
	case errors.As(err, &nr) && nr.Mode.IsDir():
		return nil, nil, &ParseError{Path: path, Line: 1, Column: 1, Code: "read-error",
			Msg: "cannot read file: is a directory", Hint: "a directory stands where Gemini expects a file: move it away"}
	case errors.As(err, &nr):
		return nil, nil, &ParseError{Path: path, Line: 1, Column: 1, Code: "read-error",
			Msg:  "cannot read file: not a regular file but " + regfile.Kind(nr.Mode),
			Hint: "replace it with a regular file: Gemini CLI would block or fail reading it"}
	case errors.As(err, &tl):
		return nil, nil, tooBig(path, tl.Size)
	}
	return nil, nil, readError(path, err)
}

func tooBig(path string, size int64) error {
	return &ParseError{Path: path, Line: 1, Column: 1, Code: "read-error",
		Msg:  fmt.Sprintf("cannot read file: %d bytes, more than the %d MiB gh-hooks reads", size, MaxFileSize>>20),
		Hint: "a settings file is a few kilobytes: check what put this much in it"}
}

// readError is the read-error ParseError of a file that cannot be read.
func readError(path string, err error) error {
	hint := "check the file's permissions"
	if errors.Is(err, syscall.ELOOP) {
		hint = "fix or remove the symbolic link loop"
	}
	return &ParseError{Path: path, Line: 1, Column: 1, Code: "read-error",
		Msg: "cannot read file: " + unwrapPathError(err), Hint: hint}
}

func unwrapPathError(err error) string {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return err.Error()
}

// hujsonPos takes the position out of a hujson error; (?s) because the
// quoted literal in the message may span lines (found by the catalogue).
var hujsonPos = lazyre.New(`(?s)^hujson: line (\d+), column (\d+): (.*)$`)

// Parse parses data as Gemini parses a settings file: JSON with // and /* */
// comments, no trailing commas, no byte-order mark, not empty, and (unless
// opts.AllowNonObject) an object at the root.
func Parse(path string, data []byte, opts Options) (*Document, error) {
	return parse(path, data, opts, true)
}

// parse is Parse; fast false skips parseFast, as the tests that compare
// the two paths need.
func parse(path string, data []byte, opts Options, fast bool) (*Document, error) {
	d, err := parseTree(path, data, opts, fast)
	if err == nil {
		d.Root.indexKeys()
	}
	return d, err
}

func parseTree(path string, data []byte, opts Options, fast bool) (*Document, error) {
	d := &Document{Path: path, Data: data}
	d.indexLines()
	fail := func(off int, code, msg, hint string) error {
		// The end of a file that ends with a newline is the end of its
		// last line, not column 1 of a line that is not there (an
		// unclosed brace in a 7-line file read 8:1).
		if n := len(data); n > 0 && off >= n && data[n-1] == '\n' {
			off = n - 1
			if off > 0 && data[off-1] == '\r' {
				off--
			}
		}
		line, col := d.Position(off)
		return &ParseError{Path: path, Offset: off, Line: line, Column: col, Code: code, Msg: msg, Hint: hint}
	}
	// Gemini reads the file as UTF-8 and hands it to JSON.parse, which
	// rejects U+FEFF at the start (spec §1.4: Unexpected token).
	if bytes.HasPrefix(data, []byte("\xef\xbb\xbf")) {
		return nil, fail(0, "bom", "file starts with a UTF-8 byte-order mark, which Gemini CLI rejects (Unexpected token)",
			"save the file as UTF-8 without BOM")
	}
	if len(bytes.TrimSpace(data)) == 0 {
		return nil, fail(len(data), "empty-file", "file is empty, which Gemini CLI rejects (Unexpected end of JSON input)",
			`write {} into it, or delete the file`)
	}
	if off, deep := tooDeep(data); deep {
		return nil, fail(off, "too-deep", fmt.Sprintf("nesting deeper than %d levels: gh-hooks does not read it (Gemini CLI 0.61 itself fails near 2000 levels with Maximum call stack size exceeded)", MaxDepth),
			"flatten the file: a settings file needs a handful of levels")
	}
	if fast && d.parseFast(opts) {
		return d, nil
	}
	tree, err := parseJSONC(data)
	if err != nil {
		off := len(data)
		msg := err.Error()
		if m := hujsonPos.Get().FindStringSubmatch(msg); m != nil {
			l, _ := strconv.Atoi(m[1])
			c, _ := strconv.Atoi(m[2])
			off = d.byteOffset(l, c)
			msg = m[3]
		}
		if Linked(path) {
			msg = syntaxKind(msg) + " (the text is not shown: the file is reached through a symbolic link)"
		}
		const fix = "fix the syntax at this position"
		err := fail(off, "parse-error", "invalid JSON: "+msg, fix+"; Gemini CLI refuses to start until it parses")
		err.(*ParseError).Fix = fix
		return nil, err
	}
	if offs := findTrailingCommas(&tree); len(offs) > 0 {
		err := fail(offs[0], "trailing-comma", "trailing comma, which Gemini CLI rejects (JSON.parse does not allow it)",
			"remove the comma after the last element")
		for _, off := range offs[1:] {
			line, col := d.Position(off)
			err.(*ParseError).More = append(err.(*ParseError).More, Position{off, line, col})
		}
		return nil, err
	}
	if opts.NoComments {
		if off, ok := findComment(&tree); ok {
			return nil, fail(off, "comment", "comment in a file that Gemini parses as plain JSON",
				"remove the comment: Gemini ignores the whole file otherwise")
		}
	}
	d.tree = tree
	root, err := d.build(&tree)
	if err != nil {
		return nil, err
	}
	d.Root = root
	if !opts.AllowNonObject && root.Kind != Object {
		return nil, fail(tree.StartOffset, "not-object", fmt.Sprintf("%s: root is %s", ErrNotObject, root.Kind),
			"a settings file must be a JSON object, for example {\"hooks\": {}}")
	}
	return d, nil
}

// MaxDepth is the deepest nesting of arrays and objects Parse accepts.
// Gemini CLI 0.61 loads a settings file nested 1500 levels deep and fails
// at 2000 (its settings merge recurses: "Maximum call stack size
// exceeded", checked with the oracle); real settings files use fewer than
// ten. Refusing deeper files at once bounds the parsers' recursion and
// memory on hostile input (issue 17: 100,000 '[' took 31.7 s and 10 GB).
const MaxDepth = 1000

// tooDeep reports the offset of the first '[' or '{' nested deeper than
// MaxDepth, skipping strings and comments as strip-json-comments and
// JSON.parse read them. It is one pass over data, and none at all when
// data has too few brackets to be that deep.
func tooDeep(data []byte) (int, bool) {
	if bytes.Count(data, []byte("["))+bytes.Count(data, []byte("{")) <= MaxDepth {
		return 0, false
	}
	depth := 0
	for i := 0; i < len(data); i++ {
		switch data[i] {
		case '[', '{':
			if depth++; depth > MaxDepth {
				return i, true
			}
		case ']', '}':
			depth = max(depth-1, 0)
		case '"':
			// To the closing quote; a backslash escapes the next byte.
			for i++; i < len(data) && data[i] != '"'; i++ {
				if data[i] == '\\' {
					i++
				}
			}
		case '/':
			switch {
			case i+1 < len(data) && data[i+1] == '/':
				j := bytes.IndexByte(data[i:], '\n')
				if j < 0 {
					return 0, false
				}
				i += j
			case i+1 < len(data) && data[i+1] == '*':
				j := bytes.Index(data[i+2:], []byte("*/"))
				if j < 0 {
					return 0, false
				}
				i += 2 + j + 1
			}
		}
	}
	return 0, false
}

// parseJSONC parses data with hujson the way Gemini reads it: decoded as
// UTF-8 (invalid bytes become U+FFFD), comments blanked by
// strip-json-comments, then JSON.parse (spec §1.4). hujson is stricter in
// two ways, both found by FuzzParseFast and checked with the oracle:
//
//   - it rejects invalid UTF-8 inside a comment, which Gemini blanks like
//     any other comment text; such bytes are replaced with 'x' in a copy,
//     which keeps every offset (the tree is only read for offsets and for
//     the comment markers, never for the text of comments);
//   - it wants every comment closed, where strip-json-comments blanks a
//     comment that runs to the end of the file; such a comment is closed
//     in a copy, and the closing bytes are cut off again from the tree.
//
// Any other error is hujson's.
func parseJSONC(data []byte) (hujson.Value, error) {
	closing, sanitized := "", false
	for {
		buf := data
		if closing != "" {
			buf = append(slices.Clip(data), closing...)
		}
		v, err := hujson.Parse(buf)
		switch {
		case err == nil:
			// Only extra bytes follow the root: a comment closed here
			// is the end of the root's AfterExtra.
			v.AfterExtra = v.AfterExtra[:len(v.AfterExtra)-len(closing)]
			return v, nil
		case !sanitized && strings.HasSuffix(err.Error(), "invalid UTF-8 in comment"):
			// jsonc blanks comments to spaces and keeps strings, so a
			// byte of a multi-byte sequence that comes out as a space
			// was in a comment (outside strings and comments it is
			// invalid JSON, and kept).
			std := jsonc.ToJSON(data)
			data, sanitized = bytes.Clone(data), true
			for i, c := range data {
				if c >= utf8.RuneSelf && std[i] == ' ' {
					data[i] = 'x'
				}
			}
		case isOpenComment(err) && closing == "":
			closing = "\n"
		case isOpenComment(err) && closing == "\n":
			closing = "*/"
		default:
			// Otherwise hujson's error stands: with a comment closed,
			// the JSON itself is cut short, as Gemini finds it too
			// (Unexpected end of JSON input).
			return v, err
		}
	}
}

// isOpenComment reports whether err is hujson's error for a comment that
// the file ends inside.
func isOpenComment(err error) bool {
	return err != nil && strings.HasSuffix(err.Error(), "parsing comment: unexpected EOF")
}

// maxTrailingCommas bounds the trailing commas reported for one file: a
// hostile file can hold millions.
const maxTrailingCommas = 50

// findTrailingCommas reports the offsets of the trailing commas in v, in
// file order, at most maxTrailingCommas. It walks the tree itself:
// hujson's iterator validates every literal on the way, which costs more
// than the whole parse.
func findTrailingCommas(v *hujson.Value) []int {
	var offs []int
	var walk func(v *hujson.Value)
	walk = func(v *hujson.Value) {
		var last *hujson.Value
		switch t := v.Value.(type) {
		case *hujson.Object:
			for i := range t.Members {
				walk(&t.Members[i].Value)
			}
			if n := len(t.Members); n > 0 {
				last = &t.Members[n-1].Value
			}
		case *hujson.Array:
			for i := range t.Elements {
				walk(&t.Elements[i])
			}
			if n := len(t.Elements); n > 0 {
				last = &t.Elements[n-1]
			}
		}
		if last != nil && last.AfterExtra != nil {
			offs = append(offs, last.EndOffset+len(last.AfterExtra))
		}
	}
	walk(v)
	slices.Sort(offs)
	if len(offs) > maxTrailingCommas {
		offs = offs[:maxTrailingCommas]
	}
	return offs
}

// findComment reports the offset of the first comment in v.
func findComment(v *hujson.Value) (int, bool) {
	var offs []int
	check := func(extra hujson.Extra, base int) {
		if i := bytes.Index(extra, []byte("/")); i >= 0 {
			offs = append(offs, base+i)
		}
	}
	for x := range v.All() {
		check(x.BeforeExtra, x.StartOffset-len(x.BeforeExtra))
		check(x.AfterExtra, x.EndOffset)
		switch t := x.Value.(type) {
		case *hujson.Object:
			for _, m := range t.Members {
				check(m.Name.BeforeExtra, m.Name.StartOffset-len(m.Name.BeforeExtra))
				check(m.Name.AfterExtra, m.Name.EndOffset)
			}
			if len(t.AfterExtra) > 0 && x.EndOffset > 0 {
				check(t.AfterExtra, x.EndOffset-1-len(t.AfterExtra))
			}
		case *hujson.Array:
			if len(t.AfterExtra) > 0 && x.EndOffset > 0 {
				check(t.AfterExtra, x.EndOffset-1-len(t.AfterExtra))
			}
		}
	}
	if len(offs) == 0 {
		return 0, false
	}
	sort.Ints(offs)
	return offs[0], true
}

func (d *Document) build(v *hujson.Value) (*Node, error) {
	n := &Node{}
	return n, d.fill(n, v, nil, "", -1, -1)
}

// fill builds the node of v into n. Children are allocated in one slice
// per container, which keeps large files cheap to load.
func (d *Document) fill(n *Node, v *hujson.Value, parent *Node, key string, idx, keyOff int) error {
	*n = Node{parent: parent, key: key, idx: idx, Offset: v.StartOffset, End: v.EndOffset, KeyOffset: keyOff}
	switch t := v.Value.(type) {
	case hujson.Literal:
		switch t.Kind() {
		case 'n':
			n.Kind = Null
		case 't', 'f':
			n.Kind, n.Bool = Bool, t.Bool()
		case '0':
			n.Kind, n.Raw = Number, string(t)
			f, err := strconv.ParseFloat(n.Raw, 64)
			if err != nil {
				// Out-of-range literals parse to ±Infinity in JavaScript.
				f = parseJSNumber(n.Raw)
			}
			n.Num = f
		case '"':
			n.Kind = String
			var err error
			if n.Str, err = decodeString(string(t)); err != nil {
				line, col := d.Position(v.StartOffset)
				return &ParseError{Path: d.Path, Offset: v.StartOffset, Line: line, Column: col, Code: "parse-error",
					Msg: "invalid JSON string: " + err.Error(), Hint: "fix the string's escapes"}
			}
		}
	case *hujson.Array:
		n.Kind = Array
		kids := make([]Node, len(t.Elements))
		n.Items = make([]*Node, len(t.Elements))
		for i := range t.Elements {
			if err := d.fill(&kids[i], &t.Elements[i], n, "", i, -1); err != nil {
				return err
			}
			n.Items[i] = &kids[i]
		}
	case *hujson.Object:
		n.Kind = Object
		kids := make([]Node, len(t.Members))
		n.Keys = make([]string, 0, len(t.Members))
		n.Vals = make([]*Node, 0, len(t.Members))
		var seen map[string]int // key -> index, for objects too big to scan
		for i := range t.Members {
			m := &t.Members[i]
			key, err := decodeString(string(m.Name.Value.(hujson.Literal)))
			if err != nil {
				line, col := d.Position(m.Name.StartOffset)
				return &ParseError{Path: d.Path, Offset: m.Name.StartOffset, Line: line, Column: col, Code: "parse-error",
					Msg: "invalid JSON string: " + err.Error(), Hint: "fix the key's escapes"}
			}
			c := &kids[i]
			if err := d.fill(c, &m.Value, n, key, -1, m.Name.StartOffset); err != nil {
				return err
			}
			seen = n.addMember(key, c, seen)
		}
		n.orderLikeJS()
	}
	return nil
}

// addMember adds member key with value c to the object n as JSON.parse
// does: a duplicate key keeps its first place and takes the last value.
// seen indexes the keys once the object is big enough for a linear scan to
// cost more; addMember returns it for the next call.
func (n *Node) addMember(key string, c *Node, seen map[string]int) map[string]int {
	j := -1
	if seen != nil {
		if k, ok := seen[key]; ok {
			j = k
		}
	} else {
		j = indexOf(n.Keys, key)
		if len(n.Keys) >= 16 {
			seen = make(map[string]int, 2*len(n.Keys))
			for k, x := range n.Keys {
				seen[x] = k
			}
		}
	}
	if j >= 0 {
		n.Vals[j] = c
		return seen
	}
	if seen != nil {
		seen[key] = len(n.Keys)
	}
	n.Keys = append(n.Keys, key)
	n.Vals = append(n.Vals, c)
	return seen
}

// orderLikeJS puts the keys of object n in the order JavaScript gives
// them: keys that are array indices (canonical decimal integers below
// 2^32-1) first, in ascending numeric order, then the other keys in the
// order they first appear. JSON.parse builds an ordinary object, so
// Gemini's Object.keys and for-in see this order (found by comparing
// gh-hooks with strip-json-comments + JSON.parse on 1,540 inputs).
func (n *Node) orderLikeJS() {
	if !slices.ContainsFunc(n.Keys, func(k string) bool { _, ok := js.ArrayIndex(k); return ok }) {
		return
	}
	keys, vals := slices.Clone(n.Keys), slices.Clone(n.Vals)
	for i, k := range js.KeyOrder(keys) {
		n.Keys[i], n.Vals[i] = keys[k], vals[k]
	}
}

func indexOf(ss []string, s string) int {
	for i, x := range ss {
		if x == s {
			return i
		}
	}
	return -1
}

func parseJSNumber(s string) float64 {
	f, _ := strconv.ParseFloat(s, 64) // returns ±Inf with a range error
	return f
}

func (d *Document) indexLines() {
	starts := make([]int, 1, bytes.Count(d.Data, []byte{'\n'})+1)
	for i := 0; ; {
		j := bytes.IndexByte(d.Data[i:], '\n')
		if j < 0 {
			break
		}
		i += j + 1
		starts = append(starts, i)
	}
	d.lineStarts = starts
}

// Position returns the 1-based line and column of a byte offset. Columns
// count characters (runes), not bytes, so they match what an editor shows.
// It takes time bounded by runeStride, not by the length of the line.
func (d *Document) Position(off int) (line, col int) {
	if d.lineStarts == nil {
		d.indexLines()
	}
	if off > len(d.Data) {
		off = len(d.Data)
	}
	if off < 0 {
		off = 0
	}
	i := sort.Search(len(d.lineStarts), func(i int) bool { return d.lineStarts[i] > off }) - 1
	start := d.lineStarts[i]
	// r is the last decoding boundary at or before off: a rune start, or
	// the start of the line (decoding never takes a rune-start byte into
	// the rune before it, so every rune start is a boundary).
	r := off
	for r > start && r < len(d.Data) && !utf8.RuneStart(d.Data[r]) {
		r--
	}
	if r-start <= runeStride {
		// A line's start is a boundary too: its runes up to r are
		// runesBefore(r) - runesBefore(start), counted here directly, as
		// the marks would count up to twice runeStride bytes.
		col = utf8.RuneCount(d.Data[start:r]) + 1
	} else {
		col = d.runesBefore(r) - d.runesBefore(start) + 1
	}
	if r == off {
		return i + 1, col // no rune spans off
	}
	// off is inside a multi-byte rune: report that rune's column, so that
	// columns never go back as the offset grows (found by FuzzPosition;
	// RuneCount would count the rune's leading bytes as separate runes).
	for j := r; j < off; col++ {
		_, n := utf8.DecodeRune(d.Data[j:])
		if j+n > off {
			break
		}
		j += n
	}
	return i + 1, col
}

// runesBefore returns utf8.RuneCount(d.Data[:x]) for a decoding boundary
// x (0, len(Data) or a rune start), from the nearest mark before it.
func (d *Document) runesBefore(x int) int {
	d.runeMarksOnce.Do(func() {
		marks := []runeMark{{0, 0}}
		for p := runeStride; p < len(d.Data); p += runeStride {
			q := p
			for q < len(d.Data) && !utf8.RuneStart(d.Data[q]) {
				q++
			}
			last := marks[len(marks)-1]
			if q <= last.pos || q >= len(d.Data) {
				continue
			}
			marks = append(marks, runeMark{q, last.n + utf8.RuneCount(d.Data[last.pos:q])})
		}
		d.runeMarks = marks
	})
	k := sort.Search(len(d.runeMarks), func(k int) bool { return d.runeMarks[k].pos > x }) - 1
	m := d.runeMarks[k]
	return m.n + utf8.RuneCount(d.Data[m.pos:x])
}

// byteOffset converts hujson's 1-based line and byte column to an offset.
func (d *Document) byteOffset(line, col int) int {
	if line < 1 || line > len(d.lineStarts) {
		return len(d.Data)
	}
	off := d.lineStarts[line-1] + col - 1
	if off > len(d.Data) {
		off = len(d.Data)
	}
	return off
}

// PositionOf returns the line and column of the node at pointer, or of the
// nearest existing ancestor when it is missing. For an object member the
// position is that of its key, which is where a reader looks.
func (d *Document) PositionOf(pointer string) (line, col int) {
	n := d.nearest(pointer)
	off := n.Offset
	if n.KeyOffset >= 0 {
		off = n.KeyOffset
	}
	return d.Position(off)
}

func (d *Document) nearest(pointer string) *Node {
	for {
		if n := d.Root.Lookup(pointer); n != nil {
			return n
		}
		i := bytes.LastIndexByte([]byte(pointer), '/')
		if i < 0 {
			return d.Root
		}
		pointer = pointer[:i]
	}
}

// decodeString decodes a JSON string literal. Most literals have no escape
// and are valid UTF-8: those are sliced directly; the rest go through
// encoding/json. Gemini reads a file as UTF-8 before JSON.parse sees it,
// so invalid bytes are first replaced the way Node's decoder replaces
// them (js.DecodeUTF8: "\xe2\x82" is one U+FFFD, where encoding/json would
// put two). Decoding the literal alone gives what decoding the whole file
// gives: the decoder never swallows an ASCII byte, so the quotes stay.
func decodeString(lit string) (string, error) {
	if len(lit) >= 2 && plainString(lit) {
		return lit[1 : len(lit)-1], nil
	}
	var s string
	err := json.Unmarshal([]byte(js.DecodeUTF8(lit)), &s)
	return s, err
}

// plainString reports whether a literal has no escapes, no control
// characters and only valid UTF-8.
func plainString(lit string) bool {
	ascii := true
	for i := 0; i < len(lit); i++ {
		c := lit[i]
		if c == '\\' || c < 0x20 {
			return false
		}
		if c >= utf8.RuneSelf {
			ascii = false
		}
	}
	// An ASCII literal is valid UTF-8: most are, and need no second pass.
	return ascii || utf8.ValidString(lit)
}
