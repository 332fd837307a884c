package config

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/tailscale/hujson"
)

// ErrNotFound is wrapped by edit errors whose pointer names no value.
var ErrNotFound = errors.New("no value at this pointer")

// ErrKind is wrapped by edit errors where a value has the wrong JSON type
// for the edit (appending to an object, descending into a string).
var ErrKind = errors.New("wrong kind of value")

// Member is one member of an Ordered object.
type Member struct {
	Key   string
	Value any
}

// Ordered is a JSON object whose members render in the given order, for
// values passed to Editor methods (a Go map renders with sorted keys).
// Keys should be unique: a duplicate is written as given, and Gemini's
// JSON.parse keeps the last one.
type Ordered []Member

// MarshalJSON renders o as a JSON object in member order, without HTML
// escaping (so "a && b" stays readable).
func (o Ordered) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, m := range o {
		if i > 0 {
			b.WriteByte(',')
		}
		k, err := marshal(m.Key)
		if err != nil {
			return nil, err
		}
		b.Write(k)
		b.WriteByte(':')
		v, err := marshal(m.Value)
		if err != nil {
			return nil, fmt.Errorf("member %q: %w", m.Key, err)
		}
		b.Write(v)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// marshal encodes v as compact JSON without HTML escaping. A
// json.RawMessage may hold JSONC: its comments and trailing commas are
// removed first.
func marshal(v any) ([]byte, error) {
	if raw, ok := v.(json.RawMessage); ok {
		std, err := hujson.Standardize(append([]byte(nil), raw...))
		if err != nil {
			return nil, err
		}
		v = json.RawMessage(std)
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimRight(b.Bytes(), "\n"), nil
}

// Editor makes byte-stable edits to a settings file. Every edit is a splice
// of the current bytes: the bytes outside the edited range never change, so
// comments, key order, indentation, CRLF line ends and a missing final
// newline all survive. New values are rendered as JSON indented like their
// siblings (the file's indent unit and newline style are detected once, when
// the Editor is made).
//
// Edits compose: each one sees the result of the previous ones. A failed
// edit leaves the bytes as they were. Remove is the inverse of Append and
// Set-of-a-new-member: appending a value and then removing it (and pruning
// the containers the append created, see Prune) gives back the original
// bytes. The one exception is an empty container written with whitespace
// inside ("[ ]", "{\n}"): removing its last element leaves "[]" / "{}".
type Editor struct {
	path   string
	buf    []byte
	tree   hujson.Value
	parsed bool
	nl     string
	unit   string
}

// Edit returns an Editor over d's bytes. d is not changed. A nil Document
// stands for a file that does not exist yet: the Editor starts from "{}"
// followed by a newline, with a 2-space indent and LF line ends.
func (d *Document) Edit() *Editor {
	if d == nil {
		return &Editor{buf: []byte("{}\n"), nl: "\n", unit: "  "}
	}
	e := &Editor{path: d.Path, buf: d.Data, tree: d.tree, parsed: d.tree.Value != nil}
	e.nl, e.unit = detectStyle(d.Data)
	return e
}

// Bytes returns the edited file. It fails, rather than return bytes that
// Gemini would reject, when the result is not valid JSONC or has a trailing
// comma (either would be a bug in the editor). The check parses the syntax
// only; Update runs the full Parse before it writes.
func (e *Editor) Bytes() ([]byte, error) {
	err := e.ensureTree()
	if err == nil {
		if offs := findTrailingCommas(&e.tree); len(offs) > 0 {
			err = fmt.Errorf("%s: trailing comma", e.posOf(offs[0]))
		}
	}
	if err != nil {
		return nil, fmt.Errorf("%s: edit produced a file that does not parse (bug in gh-hooks): %w", e.name(), err)
	}
	return e.buf, nil
}

// Document parses the edited bytes, for callers that want to look at the
// result of their edits.
func (e *Editor) Document() (*Document, error) {
	return Parse(e.path, e.buf, Options{AllowNonObject: true})
}

// Append appends value as the last element of the array at pointer. When
// the array or some of the objects leading to it are missing they are
// created, each as the last member of its parent object; an array index on
// the way must exist. The value renders as JSON (see Ordered for key order).
func (e *Editor) Append(pointer string, value any) error {
	toks, p, err := e.locate(pointer, value)
	if err != nil {
		return err
	}
	if p.depth == len(toks) {
		if _, ok := p.cur().Value.(*hujson.Array); !ok {
			return e.kindErr(p.cur(), pointer, "an array")
		}
		return e.add(p.cur(), nil, value)
	}
	// Build the missing tail inside out: [value], then {"key": ...} per level.
	v := any([]any{value})
	for i := len(toks) - 1; i > p.depth; i-- {
		v = Ordered{{toks[i], v}}
	}
	return e.addMember(p, toks, pointer, v)
}

// Insert inserts value at pointer, whose last token is an index of an
// array (JSON Patch's "add"): before the element now there, or, for the
// array's length, at the end; index 0 of a missing array creates it and
// its parents, like Append. The new element
// goes on a line of its own, indented like the element it precedes, above
// that element's comment lines (which stay with their element), so that
// Remove of the new element gives back the original bytes. In an inline
// array ("[1, 2]") it is inserted on the same line.
func (e *Editor) Insert(pointer string, value any) error {
	toks, err := e.prepare(pointer, value)
	if err != nil {
		return err
	}
	if len(toks) == 0 {
		return fmt.Errorf("%s: cannot insert at the root", e.name())
	}
	index, err := strconv.Atoi(toks[len(toks)-1])
	if err != nil {
		return fmt.Errorf("%s: %s: the last token must be an array index", e.name(), pointer)
	}
	toks = toks[:len(toks)-1]
	pointer = pointerOf(toks)
	if err := e.ensureTree(); err != nil {
		return err
	}
	p := e.walk(toks)
	if p.depth < len(toks) {
		if index != 0 {
			return e.missingErr(p, pointer)
		}
		return e.Append(pointer, value)
	}
	arr, ok := p.cur().Value.(*hujson.Array)
	if !ok {
		return e.kindErr(p.cur(), pointer, "an array")
	}
	switch {
	case index < 0 || index > len(arr.Elements):
		return fmt.Errorf("%s: %s: %w (index %d of %d elements)", e.posOf(p.cur().StartOffset), pointer, ErrNotFound, index, len(arr.Elements))
	case index == len(arr.Elements):
		return e.add(p.cur(), nil, value)
	}
	return e.insertAt(p.cur(), index, nil, value)
}

// InsertAll inserts values at pointer (an array index) and after it, in
// order: the bytes of Insert of each value at the next index in turn, but
// with one or two parses of the file instead of one per value (a first
// migration of 2,000 hooks parsed the growing file 2,000 times). Values
// inserted between elements on lines of their own, or appended after such
// an element, are spliced at once; other layouts go one by one.
func (e *Editor) InsertAll(pointer string, values []any) error {
	if len(values) == 0 {
		return nil
	}
	if err := e.Insert(pointer, values[0]); err != nil {
		return err
	}
	rest := values[1:]
	if len(rest) == 0 {
		return nil
	}
	cut := strings.LastIndexByte(pointer, '/')
	arrPtr := pointer[:cut]
	index, _ := strconv.Atoi(pointer[cut+1:]) // Insert checked it
	one := func() error {
		for j, v := range rest {
			if err := e.Insert(arrPtr+"/"+strconv.Itoa(index+1+j), v); err != nil {
				return err
			}
		}
		return nil
	}
	toks, p, err := e.locate(arrPtr, rest)
	if err != nil || p.depth < len(toks) {
		return one()
	}
	c := p.cur()
	open, close, els := layout(c)
	at := index + 1
	if at > len(els) || at < 1 {
		return one()
	}
	prev := els[at-1] // the first value, inserted
	var ss []byte
	if at < len(els) {
		// Before element at: each value on a line of its own, right after
		// the one before, as Insert puts it.
		cur := els[at]
		if be := e.buf[prev.comma+1 : cur.start]; !hasNewline(be) {
			return one()
		}
		ci := lineIndent(e.buf, cur.start)
		for _, v := range rest {
			it, err := e.render(v, ci)
			if err != nil {
				return err
			}
			ss = append(ss, join(e.nl, ci, it, ",")...)
		}
		return e.apply([]splice{{prev.comma + 1, 0, ss}})
	}
	// Appended: after the first value, on lines of their own, as add puts
	// them when the last element starts a line and nothing follows it on
	// its line.
	be := e.buf[before(open, els, len(els)-1):prev.start]
	if k, _ := kept(e.buf[prev.end:close]); k > 0 || !hasNewline(be) {
		return one()
	}
	ci := lineIndent(e.buf, prev.start)
	for _, v := range rest {
		it, err := e.render(v, ci)
		if err != nil {
			return err
		}
		ss = append(ss, join(",", e.nl, ci, it)...)
	}
	return e.apply([]splice{{prev.end, 0, ss}})
}

// InsertMember adds the member key with value to the object at pointer,
// before its member before (placed like Insert places an array element),
// or as the last member when before is "" or absent. The object must
// exist and not have key already.
func (e *Editor) InsertMember(pointer, before, key string, value any) error {
	toks, p, err := e.locate(pointer, value)
	if err != nil {
		return err
	}
	if p.depth < len(toks) {
		return e.missingErr(p, pointer)
	}
	obj, ok := p.cur().Value.(*hujson.Object)
	if !ok {
		return e.kindErr(p.cur(), pointer, "an object")
	}
	if len(memberIndexes(obj, key)) > 0 {
		return fmt.Errorf("%s: %s: member %q exists", e.posOf(p.cur().StartOffset), pointer, key)
	}
	if is := memberIndexes(obj, before); before != "" && len(is) > 0 {
		return e.insertAt(p.cur(), is[0], &key, value)
	}
	return e.add(p.cur(), &key, value)
}

// insertAt inserts value (as member key when key is non-nil) before
// element index of container c.
func (e *Editor) insertAt(c *hujson.Value, index int, key *string, value any) error {
	open, _, els := layout(c)
	cur := els[index]
	item := func(indent string) ([]byte, error) {
		v, err := e.render(value, indent)
		if err != nil || key == nil {
			return v, err
		}
		k, _ := marshal(*key)
		return append(append(k, e.colon(c)...), v...), nil
	}
	b := before(open, els, index)
	be := e.buf[b:cur.start]
	if !hasNewline(be) {
		it, err := item(lineIndent(e.buf, cur.start))
		if err != nil {
			return err
		}
		return e.apply([]splice{{cur.start, 0, join(it, ", ")}})
	}
	// After the previous element's same-line comment, before the comment
	// lines above the element.
	kb, _ := kept(be)
	ci := lineIndent(e.buf, cur.start)
	it, err := item(ci)
	if err != nil {
		return err
	}
	return e.apply([]splice{{b + kb, 0, join(e.nl, ci, it, ",")}})
}

// Set sets the value at pointer. An existing value (object member or array
// element) is replaced in place; a missing object member is added as the
// last member of its object, creating missing parent objects the same way.
// For duplicate keys the last one, which Gemini uses, is replaced.
func (e *Editor) Set(pointer string, value any) error {
	toks, err := e.prepare(pointer, value)
	if err != nil {
		return err
	}
	if len(toks) == 0 {
		return fmt.Errorf("%s: cannot set the root value: edit its members instead", e.name())
	}
	if err := e.ensureTree(); err != nil {
		return err
	}
	p := e.walk(toks)
	if p.depth == len(toks) {
		sp, err := e.replace(p.cur(), value)
		if err != nil {
			return err
		}
		return e.apply([]splice{sp})
	}
	v := value
	for i := len(toks) - 1; i > p.depth; i-- {
		v = Ordered{{toks[i], v}}
	}
	return e.addMember(p, toks, pointer, v)
}

// replace is the splice that replaces the existing value v by value,
// rendered at the indentation of v's line: Set's and SetAll's.
func (e *Editor) replace(v *hujson.Value, value any) (splice, error) {
	text, err := e.render(value, lineIndent(e.buf, v.StartOffset))
	if err != nil {
		return splice{}, err
	}
	return splice{v.StartOffset, v.EndOffset - v.StartOffset, text}, nil
}

// Assignment is one value to set at a pointer (SetAll).
type Assignment struct {
	Pointer string
	Value   any
}

// SetAll sets many existing values at once: the bytes are those of Set
// called for each in turn, but the file is parsed once, not once per value
// (a rerun of migrate rewriting 300 hooks parsed a 100 KB file 300 times).
// When the values are not all existing, distinct and apart (a missing
// member, one inside another, a multi-line value sharing a line with
// another), it falls back to Set one by one, which gives the same bytes.
func (e *Editor) SetAll(as []Assignment) error {
	if len(as) < 2 {
		return e.setEach(as)
	}
	if err := e.ensureTree(); err != nil {
		return err
	}
	ss := make([]splice, 0, len(as))
	lines := map[int]int{} // line start → values starting on that line
	multi := false
	for _, a := range as {
		toks, err := e.prepare(a.Pointer, a.Value)
		if err != nil {
			return err
		}
		p := e.walk(toks)
		if len(toks) == 0 || p.depth < len(toks) {
			return e.setEach(as)
		}
		sp, err := e.replace(p.cur(), a.Value)
		if err != nil {
			return err
		}
		multi = multi || bytes.IndexByte(sp.ins, '\n') >= 0
		lines[bytes.LastIndexByte(e.buf[:sp.off], '\n')+1]++
		ss = append(ss, sp)
	}
	sort.SliceStable(ss, func(i, j int) bool { return ss[i].off < ss[j].off })
	for i := 1; i < len(ss); i++ {
		if ss[i].off < ss[i-1].off+ss[i-1].del {
			return e.setEach(as) // nested or the same value twice
		}
	}
	if multi {
		for _, n := range lines {
			if n > 1 {
				return e.setEach(as) // a new line would move the next value's line
			}
		}
	}
	return e.apply(ss)
}

func (e *Editor) setEach(as []Assignment) error {
	for _, a := range as {
		if err := e.Set(a.Pointer, a.Value); err != nil {
			return err
		}
	}
	return nil
}

// Remove removes the array element or object member at pointer, with the
// separator comma, the line break and indentation before it, the comment
// lines directly above it and a comment on the same line after it, so that
// everything else stays byte-identical. A comment on the same line as the
// preceding element belongs to that element and stays. Removing an object
// key removes every duplicate of it (otherwise an earlier duplicate would
// take effect). Removing the last element of a container leaves "[]" or
// "{}" unless comments remain inside.
func (e *Editor) Remove(pointer string) error {
	toks, err := splitPointer(pointer)
	if err != nil {
		return err
	}
	if len(toks) == 0 {
		return fmt.Errorf("%s: cannot remove the root value", e.name())
	}
	if err := e.ensureTree(); err != nil {
		return err
	}
	p := e.walk(toks)
	if p.depth < len(toks) {
		return e.missingErr(p, pointer)
	}
	parent := p.vals[len(toks)-1]
	idx := []int{p.index[len(toks)]}
	if obj, ok := parent.Value.(*hujson.Object); ok {
		idx = memberIndexes(obj, toks[len(toks)-1])
	}
	// Remove duplicates from the last to the first so earlier offsets hold.
	for k := len(idx) - 1; k >= 0; k-- {
		if k != len(idx)-1 {
			if err := e.ensureTree(); err != nil {
				return err
			}
			parent = e.walk(toks[:len(toks)-1]).cur()
		}
		if err := e.apply(e.removeAt(parent, idx[k])); err != nil {
			return err
		}
	}
	return nil
}

// RemoveAll removes the elements at the indexes of the array at pointer:
// the bytes of Remove of each, from the highest index down, but with one
// parse when the array's last element stays and every element from the
// first removed one on starts a line of its own (the layout gh-hooks
// writes): each element's bytes then go as Remove takes them, all at
// once. Other layouts go one by one.
func (e *Editor) RemoveAll(pointer string, indexes []int) error {
	idx := slices.Clone(indexes)
	slices.Sort(idx)
	idx = slices.Compact(idx)
	one := func() error {
		for k := len(idx) - 1; k >= 0; k-- {
			if err := e.Remove(pointer + "/" + strconv.Itoa(idx[k])); err != nil {
				return err
			}
		}
		return nil
	}
	if len(idx) < 2 {
		return one()
	}
	toks, p, err := e.locate(pointer, nil)
	if err != nil || p.depth < len(toks) {
		return one()
	}
	c := p.cur()
	if _, ok := c.Value.(*hujson.Array); !ok {
		return one()
	}
	open, _, els := layout(c)
	n := len(els)
	if idx[0] < 0 || idx[len(idx)-1] >= n-1 {
		return one() // a missing index, or the last element: one by one
	}
	for i := idx[0]; i < n; i++ {
		if !hasNewline(e.buf[before(open, els, i):els[i].start]) {
			return one()
		}
	}
	ss := make([]splice, 0, len(idx))
	for _, i := range idx {
		cur, next := els[i], els[i+1]
		b := before(open, els, i)
		kb, _ := kept(e.buf[b:cur.start])
		kn, _ := kept(e.buf[cur.comma+1 : next.start])
		ss = append(ss, splice{b + kb, cur.comma + 1 + kn - (b + kb), nil})
	}
	return e.apply(ss)
}

// RemoveIfEmpty removes the container at pointer when it has no elements
// and nothing but whitespace inside ("[]", "{}"), and reports whether it
// did. A missing pointer or the root is left alone (false, nil).
func (e *Editor) RemoveIfEmpty(pointer string) (bool, error) {
	toks, err := splitPointer(pointer)
	if err != nil {
		return false, err
	}
	if len(toks) == 0 {
		return false, nil
	}
	if err := e.ensureTree(); err != nil {
		return false, err
	}
	p := e.walk(toks)
	if p.depth < len(toks) || !e.isEmpty(p.cur()) {
		return false, nil
	}
	return true, e.Remove(pointer)
}

// Prune removes the container at pointer if it is empty, then its parent
// if that became empty, and so on up to (never including) the root. It is
// the cleanup after removing the last hook of an event: Prune of
// "/hooks/BeforeTool" drops an empty "BeforeTool": [] and then an empty
// "hooks": {}, undoing what Append created. A caller that must keep an
// empty parent uses RemoveIfEmpty on the levels it wants gone.
func (e *Editor) Prune(pointer string) error {
	for pointer != "" {
		removed, err := e.RemoveIfEmpty(pointer)
		if err != nil || !removed {
			return err
		}
		pointer = pointer[:strings.LastIndexByte(pointer, '/')]
	}
	return nil
}

// locate prepares pointer and value and walks the tokens.
func (e *Editor) locate(pointer string, value any) ([]string, path, error) {
	toks, err := e.prepare(pointer, value)
	if err != nil {
		return nil, path{}, err
	}
	if err := e.ensureTree(); err != nil {
		return nil, path{}, err
	}
	return toks, e.walk(toks), nil
}

// prepare splits pointer and checks that value renders, so that a bad
// value fails before anything is looked up.
func (e *Editor) prepare(pointer string, value any) ([]string, error) {
	toks, err := splitPointer(pointer)
	if err != nil {
		return nil, err
	}
	if _, err := marshal(value); err != nil {
		return nil, fmt.Errorf("%s: %s: cannot render value as JSON: %w", e.name(), pointer, err)
	}
	return toks, nil
}

func (e *Editor) name() string {
	if e.path == "" {
		return "settings"
	}
	return e.path
}

func (e *Editor) ensureTree() error {
	if e.parsed {
		return nil
	}
	t, err := parseJSONC(e.buf)
	if err != nil {
		return fmt.Errorf("%s: cannot edit a file that does not parse: %w", e.name(), err)
	}
	e.tree, e.parsed = t, true
	return nil
}

func splitPointer(pointer string) ([]string, error) {
	if pointer == "" {
		return nil, nil
	}
	if !strings.HasPrefix(pointer, "/") {
		return nil, fmt.Errorf("%q: invalid JSON pointer: must start with /", pointer)
	}
	toks := strings.Split(pointer[1:], "/")
	for i, t := range toks {
		toks[i] = UnescapePointer(t)
	}
	return toks, nil
}

// path is the result of walking a pointer: vals[0] is the root, vals[i] the
// value named by the first i tokens, index[i] its index in vals[i-1].
type path struct {
	vals  []*hujson.Value
	index []int
	depth int // number of tokens found
}

func (p path) cur() *hujson.Value { return p.vals[p.depth] }

func (e *Editor) walk(toks []string) path {
	p := path{vals: []*hujson.Value{&e.tree}, index: []int{-1}}
	for _, tok := range toks {
		cur := p.cur()
		next, idx := (*hujson.Value)(nil), -1
		switch t := cur.Value.(type) {
		case *hujson.Object:
			if is := memberIndexes(t, tok); len(is) > 0 {
				idx = is[len(is)-1] // JSON.parse: the last duplicate wins
				next = &t.Members[idx].Value
			}
		case *hujson.Array:
			if i, err := strconv.Atoi(tok); err == nil && i >= 0 && i < len(t.Elements) && tok == strconv.Itoa(i) {
				idx, next = i, &t.Elements[i]
			}
		}
		if next == nil {
			break
		}
		p.vals = append(p.vals, next)
		p.index = append(p.index, idx)
		p.depth++
	}
	return p
}

// memberIndexes returns the indexes of the members of o named key.
func memberIndexes(o *hujson.Object, key string) []int {
	var is []int
	for i := range o.Members {
		lit, _ := o.Members[i].Name.Value.(hujson.Literal)
		if keyEqual(lit, key) {
			is = append(is, i)
		}
	}
	return is
}

func keyEqual(lit hujson.Literal, key string) bool {
	if len(lit) < 2 {
		return false
	}
	s, err := decodeString(string(lit))
	return err == nil && s == key
}

// addMember adds the member toks[p.depth] with value v to the object at
// the end of p, which must be an object.
func (e *Editor) addMember(p path, toks []string, pointer string, v any) error {
	if _, ok := p.cur().Value.(*hujson.Object); !ok {
		if _, isArr := p.cur().Value.(*hujson.Array); isArr {
			return fmt.Errorf("%s: %s: %w (array index %q missing; only object members are created)", e.posOf(p.cur().StartOffset), pointer, ErrNotFound, toks[p.depth])
		}
		return e.kindErr(p.cur(), pointerOf(toks[:p.depth]), "an object")
	}
	key := toks[p.depth]
	return e.add(p.cur(), &key, v)
}

func pointerOf(toks []string) string {
	var b strings.Builder
	for _, t := range toks {
		b.WriteString("/" + EscapePointer(t))
	}
	return b.String()
}

func (e *Editor) kindErr(v *hujson.Value, pointer, want string) error {
	got := "a value"
	switch t := v.Value.(type) {
	case *hujson.Object:
		got = "an object"
	case *hujson.Array:
		got = "an array"
	case hujson.Literal:
		got = map[hujson.Kind]string{'n': "null", 't': "a boolean", 'f': "a boolean", '0': "a number", '"': "a string"}[t.Kind()]
	}
	if pointer == "" {
		pointer = "root"
	}
	return fmt.Errorf("%s: %s: %w: want %s, got %s", e.posOf(v.StartOffset), pointer, ErrKind, want, got)
}

func (e *Editor) missingErr(p path, pointer string) error {
	return fmt.Errorf("%s: %s: %w", e.posOf(p.cur().StartOffset), pointer, ErrNotFound)
}

// posOf renders path:line:col for a byte offset of the current bytes.
func (e *Editor) posOf(off int) string {
	line := 1 + bytes.Count(e.buf[:off], []byte("\n"))
	start := bytes.LastIndexByte(e.buf[:off], '\n') + 1
	return fmt.Sprintf("%s:%d:%d", e.name(), line, utf8.RuneCount(e.buf[start:off])+1)
}

// elem is the byte layout of one element (or member, from its key) of a
// container: start and end of the element, and the comma after it (-1 for
// the last element).
type elem struct{ start, end, comma int }

// layout returns open and close bracket offsets and the elements of c.
func layout(c *hujson.Value) (open, close int, els []elem) {
	open, close = c.StartOffset, c.EndOffset-1
	switch t := c.Value.(type) {
	case *hujson.Object:
		for i := range t.Members {
			m := &t.Members[i]
			els = append(els, elem{m.Name.StartOffset, m.Value.EndOffset, m.Value.EndOffset + len(m.Value.AfterExtra)})
		}
	case *hujson.Array:
		for i := range t.Elements {
			v := &t.Elements[i]
			els = append(els, elem{v.StartOffset, v.EndOffset, v.EndOffset + len(v.AfterExtra)})
		}
	}
	if n := len(els); n > 0 {
		els[n-1].comma = -1
	}
	return open, close, els
}

// before returns the offset where the extra before element i starts.
func before(open int, els []elem, i int) int {
	if i == 0 {
		return open + 1
	}
	return els[i-1].comma + 1
}

func (e *Editor) isEmpty(c *hujson.Value) bool {
	open, close, els := layout(c)
	switch c.Value.(type) {
	case *hujson.Object, *hujson.Array:
		return len(els) == 0 && isBlank(e.buf[open+1:close])
	}
	return false
}

// add inserts value (as member key when key is non-nil) as the last element
// of container c.
func (e *Editor) add(c *hujson.Value, key *string, value any) error {
	open, close, els := layout(c)
	base := lineIndent(e.buf, open)
	item := func(indent string) ([]byte, error) {
		v, err := e.render(value, indent)
		if err != nil || key == nil {
			return v, err
		}
		k, _ := marshal(*key)
		return append(append(k, e.colon(c)...), v...), nil
	}
	if len(els) == 0 {
		interior := e.buf[open+1 : close]
		ci := base + e.unit
		it, err := item(ci)
		if err != nil {
			return err
		}
		if isBlank(interior) {
			return e.apply([]splice{{open + 1, len(interior), join(e.nl, ci, it, e.nl, base)}})
		}
		// Keep the comments inside; a comment on the bracket's line stays there.
		k, _ := kept(interior)
		return e.apply([]splice{{open + 1 + k, 0, join(e.nl, ci, it)}})
	}
	last := els[len(els)-1]
	be := e.buf[before(open, els, len(els)-1):last.start]
	k, lineComment := kept(e.buf[last.end:close])
	var sep, ci string
	if hasNewline(be) || lineComment {
		ci = lineIndent(e.buf, last.start)
		if !hasNewline(be) {
			ci = base + e.unit
		}
		sep = e.nl + ci
	} else {
		// Inline container: continue on the same line, spaced like the
		// last separator; multi-line values indent from the element's line.
		ci = lineIndent(e.buf, last.start)
		sep = " "
		if len(els) > 1 && isBlank(be) {
			sep = string(be)
		}
	}
	it, err := item(ci)
	if err != nil {
		return err
	}
	if k == 0 {
		return e.apply([]splice{{last.end, 0, join(",", sep, it)}})
	}
	// A comment after the last element stays with it: "a, // c\n  new".
	return e.apply([]splice{{last.end, 0, []byte(",")}, {last.end + k, 0, join(sep, it)}})
}

// colon returns the key-value separator used by the first member of c, or
// ": ".
func (e *Editor) colon(c *hujson.Value) string {
	if o, ok := c.Value.(*hujson.Object); ok && len(o.Members) > 0 {
		m := o.Members[0]
		s := e.buf[m.Name.EndOffset:m.Value.StartOffset]
		if t := bytes.TrimSpace(s); string(t) == ":" && !hasNewline(s) {
			return string(s)
		}
	}
	return ": "
}

// removeAt returns the splices that remove element i of container c.
func (e *Editor) removeAt(c *hujson.Value, i int) []splice {
	open, close, els := layout(c)
	cur := els[i]
	n := len(els)
	switch {
	case n == 1:
		kb, _ := kept(e.buf[open+1 : cur.start])
		ka, _ := kept(e.buf[cur.end:close])
		from, to := open+1+kb, cur.end+ka
		if isBlank(e.buf[open+1:from]) && isBlank(e.buf[to:close]) {
			return []splice{{open + 1, close - open - 1, nil}}
		}
		return []splice{{from, to - from, nil}}
	case i == n-1:
		comma := els[i-1].comma
		kb, _ := kept(e.buf[comma+1 : cur.start])
		ka, _ := kept(e.buf[cur.end:close])
		from := comma + 1 + kb
		return []splice{{comma, 1, nil}, {from, cur.end + ka - from, nil}}
	default:
		next := els[i+1]
		beNext := e.buf[cur.comma+1 : next.start]
		if !hasNewline(beNext) {
			return []splice{{cur.start, next.start - cur.start, nil}}
		}
		b := before(open, els, i)
		kb, _ := kept(e.buf[b:cur.start])
		kn, _ := kept(beNext)
		from, to := b+kb, cur.comma+1+kn
		return []splice{{from, to - from, nil}}
	}
}

// render renders v as JSON indented with the file's unit, continuation
// lines prefixed with indent, lines ended with the file's newline.
func (e *Editor) render(v any, indent string) ([]byte, error) {
	compact, err := marshal(v)
	if err != nil {
		return nil, fmt.Errorf("cannot render value as JSON: %w", err)
	}
	var out bytes.Buffer
	if err := json.Indent(&out, compact, indent, e.unit); err != nil {
		return nil, fmt.Errorf("cannot render value as JSON: %w", err)
	}
	b := out.Bytes()
	if e.nl != "\n" {
		b = bytes.ReplaceAll(b, []byte("\n"), []byte(e.nl))
	}
	return b, nil
}

// splice replaces del bytes at off with ins.
type splice struct {
	off, del int
	ins      []byte
}

// apply makes the splices (sorted by offset, not overlapping) in one pass,
// so an edit costs time linear in the file size.
func (e *Editor) apply(ss []splice) error {
	sort.SliceStable(ss, func(i, j int) bool { return ss[i].off < ss[j].off })
	size := len(e.buf)
	for _, s := range ss {
		size += len(s.ins) - s.del
	}
	out := make([]byte, 0, size)
	at := 0
	for _, s := range ss {
		out = append(out, e.buf[at:s.off]...)
		out = append(out, s.ins...)
		at = s.off + s.del
	}
	out = append(out, e.buf[at:]...)
	// Never modify e.buf in place: it may be the Document's Data.
	e.buf, e.parsed = out, false
	return nil
}

func join(parts ...any) []byte {
	var b []byte
	for _, p := range parts {
		switch t := p.(type) {
		case string:
			b = append(b, t...)
		case []byte:
			b = append(b, t...)
		}
	}
	return b
}

// kept returns the length of the part of extra that stays on the line it
// starts on and ends with a comment (0 when that line has no comment), and
// whether that part ends with a // comment (after which nothing may follow
// on the line). A CR before the line's LF is not part of it.
func kept(extra []byte) (n int, lineComment bool) {
	for i := 0; i < len(extra); {
		switch c := extra[i]; {
		case c == '\n':
			return n, lineComment
		case c == ' ' || c == '\t' || c == '\r':
			i++
		case bytes.HasPrefix(extra[i:], []byte("//")):
			j := bytes.IndexByte(extra[i:], '\n')
			if j < 0 {
				j = len(extra) - i
			}
			end := i + j
			if end > i && extra[end-1] == '\r' {
				end--
			}
			n, lineComment, i = end, true, i+j
		case bytes.HasPrefix(extra[i:], []byte("/*")):
			j := bytes.Index(extra[i+2:], []byte("*/"))
			if j < 0 {
				return n, lineComment
			}
			n, lineComment, i = i+2+j+2, false, i+2+j+2
		default:
			return n, lineComment
		}
	}
	return n, lineComment
}

func isBlank(b []byte) bool {
	for _, c := range b {
		if c != ' ' && c != '\t' && c != '\r' && c != '\n' {
			return false
		}
	}
	return true
}

func hasNewline(b []byte) bool { return bytes.IndexByte(b, '\n') >= 0 }

// lineIndent returns the leading spaces and tabs of the line holding off.
func lineIndent(b []byte, off int) string {
	start := bytes.LastIndexByte(b[:off], '\n') + 1
	end := start
	for end < len(b) && (b[end] == ' ' || b[end] == '\t') {
		end++
	}
	return string(b[start:end])
}

// detectStyle returns the newline ("\n" or "\r\n", from the first line end)
// and the indent unit of data: a tab when most indented lines start with a
// tab, else the most frequent increase in leading spaces from one line to
// the next (ties go to the smaller), 2 when nothing is indented.
func detectStyle(data []byte) (nl, unit string) {
	nl = "\n"
	if i := bytes.IndexByte(data, '\n'); i > 0 && data[i-1] == '\r' {
		nl = "\r\n"
	}
	var hist [9]int
	tabs, spaces, prev := 0, 0, 0
	for start := 0; start < len(data); {
		end := bytes.IndexByte(data[start:], '\n')
		if end < 0 {
			end = len(data)
		} else {
			end += start
		}
		line := data[start:end]
		start = end + 1
		if isBlank(line) {
			continue
		}
		if line[0] == '\t' {
			tabs++
			continue
		}
		ind := 0
		for ind < len(line) && line[ind] == ' ' {
			ind++
		}
		if ind > 0 {
			spaces++
		}
		if d := ind - prev; d > 0 && d < len(hist) {
			hist[d]++
		}
		prev = ind
	}
	if tabs > spaces {
		return nl, "\t"
	}
	best := 0
	for d := 1; d < len(hist); d++ {
		if hist[d] > hist[best] {
			best = d
		}
	}
	if best == 0 {
		best = 2
	}
	return nl, strings.Repeat(" ", best)
}
