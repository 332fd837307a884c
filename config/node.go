package config

import (
	"math"
	"strconv"
	"strings"

	"github.com/gh-hooks/gh-hooks/internal/js"
)

// Kind is the JSON type of a Node.
type Kind uint8

// The kinds of JSON values. Invalid is the zero value and marks a missing node.
const (
	Invalid Kind = iota
	Null
	Bool
	Number
	String
	Array
	Object
)

// String returns the JavaScript-flavoured name of the kind, as used in
// messages ("a string", "an array").
func (k Kind) String() string {
	switch k {
	case Null:
		return "null"
	case Bool:
		return "a boolean"
	case Number:
		return "a number"
	case String:
		return "a string"
	case Array:
		return "an array"
	case Object:
		return "an object"
	}
	return "missing"
}

// Node is one JSON value of a Document with its position.
//
// Objects keep their keys in the order JavaScript's JSON.parse gives them:
// array-index keys ("0", "7", ...) first in numeric order, then the others
// by first appearance, each with the value of its last duplicate (a later
// duplicate replaces the earlier value in place).
type Node struct {
	Kind Kind
	// Bool, Num and Str hold the value of scalar nodes. Raw is a number's
	// literal as written ("30", "3e4"); it is empty for other kinds.
	Bool bool
	Num  float64
	Str  string
	Raw  string

	Items []*Node // array elements
	Keys  []string
	Vals  []*Node // object values, parallel to Keys

	// parent, key and idx place the node in its document: Pointer builds
	// its RFC 6901 pointer from them when asked. A pointer held by every
	// node costs the sum of all path lengths, which is quadratic in the
	// file (a long key above many values, or deep nesting: issue 17).
	parent *Node
	key    string // member name (idx < 0), or a root's own pointer
	idx    int    // array index, or -1
	// Offset is the byte offset of the value; KeyOffset that of its member
	// name when the node is an object member (else -1).
	Offset    int
	KeyOffset int
	End       int
	// index finds a key of a parsed object of many keys (Get); indexed is
	// len(Keys) when it was built, so a node changed since is scanned.
	index   map[string]int
	indexed int
}

// Pointer returns the RFC 6901 pointer of the node inside its document
// ("" for the root). It is built on each call, in time proportional to
// the node's depth and key lengths.
func (n *Node) Pointer() string {
	if n.parent == nil {
		return n.key
	}
	var toks []*Node
	size := 0
	for x := n; x.parent != nil; x = x.parent {
		toks = append(toks, x)
		size += len(x.key) + 12
	}
	var root *Node
	if len(toks) > 0 {
		root = toks[len(toks)-1].parent
	}
	b := make([]byte, 0, size+len(root.key))
	b = append(b, root.key...)
	for i := len(toks) - 1; i >= 0; i-- {
		x := toks[i]
		b = append(b, '/')
		if x.idx >= 0 {
			b = strconv.AppendInt(b, int64(x.idx), 10)
		} else {
			b = append(b, EscapePointer(x.key)...)
		}
	}
	return string(b)
}

// PlaceAs gives n the place of m in m's document: n.Pointer() returns
// what m.Pointer() returns (for a node made to stand for m, such as a
// filtered copy of it).
func (n *Node) PlaceAs(m *Node) {
	n.parent, n.key, n.idx = m.parent, m.key, m.idx
}

// setPlace records that n is the member key (idx -1) or the element idx of
// parent.
func (n *Node) setPlace(parent *Node, key string, idx int) {
	n.parent, n.key, n.idx = parent, key, idx
}

// Get returns the value of key in an object node, or nil.
func (n *Node) Get(key string) *Node {
	if n == nil || n.Kind != Object {
		return nil
	}
	if n.index != nil && n.indexed == len(n.Keys) {
		if i, ok := n.index[key]; ok && n.Keys[i] == key {
			return n.Vals[i]
		} else if !ok {
			return nil
		}
	}
	for i, k := range n.Keys {
		if k == key {
			return n.Vals[i]
		}
	}
	return nil
}

// indexFrom is how many keys a parsed object has before Get uses a map: a
// scan per lookup made a file of 50,000 event names take merge 8 s.
const indexFrom = 32

// indexKeys builds the index of every object of many keys under n, once
// the tree is parsed (before anyone reads it: no lock is needed).
func (n *Node) indexKeys() {
	if n == nil {
		return
	}
	if n.Kind == Object && len(n.Keys) >= indexFrom {
		n.index, n.indexed = make(map[string]int, len(n.Keys)), len(n.Keys)
		for i, k := range n.Keys {
			if _, dup := n.index[k]; !dup {
				n.index[k] = i
			}
		}
	}
	for _, c := range n.Items {
		c.indexKeys()
	}
	for _, c := range n.Vals {
		c.indexKeys()
	}
}

// Has reports whether an object node has key.
func (n *Node) Has(key string) bool { return n.Get(key) != nil }

// Index returns the i-th element of an array node, or nil.
func (n *Node) Index(i int) *Node {
	if n == nil || n.Kind != Array || i < 0 || i >= len(n.Items) {
		return nil
	}
	return n.Items[i]
}

// Lookup follows an RFC 6901 pointer from n. It returns nil when any step
// is missing.
func (n *Node) Lookup(pointer string) *Node {
	if pointer == "" {
		return n
	}
	if pointer[0] != '/' {
		return nil
	}
	cur := n
	for rest := pointer[1:]; cur != nil; {
		tok, next, more := strings.Cut(rest, "/")
		tok = UnescapePointer(tok)
		switch cur.Kind {
		case Object:
			cur = cur.Get(tok)
		case Array:
			i, err := strconv.Atoi(tok)
			if err != nil {
				return nil
			}
			cur = cur.Index(i)
		default:
			return nil
		}
		if !more {
			return cur
		}
		rest = next
	}
	return nil
}

// IsString reports whether n is a string node.
func (n *Node) IsString() bool { return n != nil && n.Kind == String }

// Truthy reports JavaScript truthiness of the node's value: false, 0, NaN,
// "" and null are falsy; objects and arrays are truthy. A missing node is
// falsy (undefined).
func (n *Node) Truthy() bool {
	if n == nil {
		return false
	}
	switch n.Kind {
	case Null, Invalid:
		return false
	case Bool:
		return n.Bool
	case Number:
		return n.Num != 0 && !math.IsNaN(n.Num)
	case String:
		return n.Str != ""
	}
	return true
}

// Text renders a scalar the way JavaScript's String() would, which is what
// Gemini shows when it prints a value; composite values render as JSON-ish
// placeholders.
func (n *Node) Text() string {
	if n == nil {
		return "undefined"
	}
	switch n.Kind {
	case Null:
		return "null"
	case Bool:
		return strconv.FormatBool(n.Bool)
	case Number:
		return FormatNumber(n.Num)
	case String:
		return n.Str
	case Array:
		return "[array]"
	case Object:
		return "[object]"
	}
	return "undefined"
}

// JSString is JavaScript's String(v) of the node's value, which is what a
// template literal or Node's spawn makes of it: arrays join their elements
// with "," (null elements empty), objects become "[object Object]".
func (n *Node) JSString() string {
	switch {
	case n != nil && n.Kind == Object:
		return "[object Object]"
	case n != nil && n.Kind == Array:
		parts := make([]string, len(n.Items))
		for i, it := range n.Items {
			if it.Kind != Null {
				parts[i] = it.JSString()
			}
		}
		return strings.Join(parts, ",")
	}
	return n.Text()
}

// FormatNumber formats f as JavaScript's Number#toString does, which is how
// Gemini prints a number from a settings file.
func FormatNumber(f float64) string { return js.Number(f) }

// EscapePointer escapes one reference token for an RFC 6901 pointer.
func EscapePointer(tok string) string {
	// Two IndexByte scans: ContainsAny tests each byte of tok against the
	// set in a call of its own, a tenth of the parser's time (issue 2).
	if strings.IndexByte(tok, '~') < 0 && strings.IndexByte(tok, '/') < 0 {
		return tok
	}
	return strings.ReplaceAll(strings.ReplaceAll(tok, "~", "~0"), "/", "~1")
}

// UnescapePointer undoes EscapePointer.
func UnescapePointer(tok string) string {
	if !strings.Contains(tok, "~") {
		return tok
	}
	// RFC 6901 §4: first ~1 to /, then ~0 to ~.
	return strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~")
}
