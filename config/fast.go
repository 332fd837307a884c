package config

import (
	"bytes"
	"strconv"
	"sync"
	"unsafe"

	"github.com/tidwall/gjson"
	"github.com/tidwall/jsonc"
)

// parseFast builds d.Root from d.Data without a syntax tree, for the files
// that Gemini accepts as they are, which is nearly every file gh-hooks reads:
// jsonc blanks the comments out (keeping every offset), gjson validates the
// standard JSON that remains, and the Node tree is built by walking it. It
// reports false, having set nothing, whenever the file is not plainly
// acceptable (a trailing comma, a comment where opts forbids one, invalid
// JSON, a root that is not an object, a string that does not decode), and
// Parse then takes the full hujson path, which finds and words the problem.
//
// hujson's syntax tree costs about 14 bytes of memory per byte of input and
// most of the time of `gh-hooks effective`; the tree is built later, from
// Data, only when the file is edited. FuzzParseFast checks that both paths
// give the same Node tree on every input the fast path accepts.
func (d *Document) parseFast(opts Options) bool {
	std := bytes.Clone(d.Data)
	// Without "//" or "/*" no comment can be there, and jsonc would only
	// blank trailing commas, which gjson.Valid rejects below (the full
	// parser then reports them): plain JSON, as Gemini itself writes it,
	// skips jsonc's pass over every byte.
	if hasComment(d.Data) && !d.stripComments(std) {
		return false
	}
	if opts.NoComments && !bytes.Equal(std, d.Data) {
		return false
	}
	// std is not written again: the text of every string and key cut from
	// js stays valid without a copy of the file.
	js := unsafe.String(unsafe.SliceData(std), len(std))
	if !gjson.Valid(js) {
		return false
	}
	r := gjson.Parse(js)
	if !opts.AllowNonObject && !r.IsObject() {
		return false
	}
	// The root's Raw runs to the end of the input: trim the whitespace
	// after it, so that End is the offset after its last byte.
	end := len(js)
	for end > r.Index && isSpace(js[end-1]) {
		end--
	}
	r.Raw = js[r.Index:end]
	b := builders.Get().(*fastBuilder)
	b.keys, b.vals = b.keys[:0], b.vals[:0]
	defer builders.Put(b)
	root := &Node{}
	if !b.fill(root, r, nil, "", -1, -1, 0) {
		return false
	}
	d.Root = root
	return true
}

// hasComment reports whether data can hold a JSONC comment at all.
func hasComment(data []byte) bool {
	return bytes.Contains(data, []byte("//")) || bytes.Contains(data, []byte("/*"))
}

// stripComments blanks the comments of d.Data in std, a copy of it, with
// jsonc. It reports false when the file has a trailing comma, which the
// full parser reports: jsonc turns a trailing comma into a space, and so
// every character of a comment. To tell the two apart, the blanked commas
// are marked in a copy that goes through jsonc again: a mark that survives
// was a trailing comma; a mark that is blanked was inside a comment.
func (d *Document) stripComments(std []byte) bool {
	jsonc.ToJSONInPlace(std) // same length, in place
	var marked []byte
	for i := 0; ; i++ {
		j := bytes.IndexByte(d.Data[i:], ',') // from comma to comma, not byte by byte
		if j < 0 {
			break
		}
		if i += j; std[i] != ',' {
			if marked == nil {
				marked = bytes.Clone(d.Data)
			}
			marked[i] = 'x'
		}
	}
	if marked != nil {
		again := jsonc.ToJSON(marked) // marked is still needed below
		for i, c := range marked {
			if c == 'x' && d.Data[i] == ',' && again[i] == 'x' {
				return false
			}
		}
	}
	return true
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// builders keeps the stacks and the current slabs of a fastBuilder from
// one file to the next.
var builders = sync.Pool{New: func() any {
	return &fastBuilder{vals: make([]gjson.Result, 0, 32), keys: make([]gjson.Result, 0, 32)}
}}

// fastBuilder builds Nodes from gjson results. Children are collected on
// shared stacks and copied out at their exact size when their container
// ends. Nodes and member and element slices are cut from
// slabs, so that a settings file costs a handful of allocations instead of
// several per value (a new object per value is most of what
// `gh-hooks effective` spends; issue 2).
type fastBuilder struct {
	vals []gjson.Result
	keys []gjson.Result

	nodes []Node
	ptrs  []*Node
	strs  []string
}

// slabSize is the number of Nodes (and of slice elements) a slab holds: a
// four-layer tree of 40 hooks has about 350 values.
const slabSize = 256

// cut returns n elements cut from *slab, starting a new slab of size
// elements (or of n, if more) when the current one is short. The pieces
// never overlap, so each is the caller's alone.
func cut[T any](slab *[]T, n, size int) []T {
	if n == 0 {
		return []T{} // as the full parser and make would
	}
	if len(*slab) < n {
		*slab = make([]T, max(n, size))
	}
	s := (*slab)[:n:n]
	*slab = (*slab)[n:]
	return s
}

// maxFastDepth is the deepest nesting the fast path builds: gjson walks a
// container's bytes once per level above it, so a pathologically deep file
// (thousands of levels, nothing a settings file has) goes to the full
// parser, which is linear in it.
const maxFastDepth = 64

func (b *fastBuilder) fill(n *Node, r gjson.Result, parent *Node, key string, idx, keyOff, depth int) bool {
	*n = Node{parent: parent, key: key, idx: idx, Offset: r.Index, End: r.Index + len(r.Raw), KeyOffset: keyOff}
	switch r.Type {
	case gjson.Null:
		n.Kind = Null
	case gjson.True, gjson.False:
		n.Kind, n.Bool = Bool, r.Type == gjson.True
	case gjson.Number:
		n.Kind, n.Raw = Number, r.Raw
		f, err := strconv.ParseFloat(n.Raw, 64)
		if err != nil {
			// Out-of-range literals parse to ±Infinity in JavaScript.
			f = parseJSNumber(n.Raw)
		}
		n.Num = f
	case gjson.String:
		n.Kind = String
		var err error
		if n.Str, err = decodeString(r.Raw); err != nil {
			return false
		}
	case gjson.JSON:
		if depth == maxFastDepth {
			return false
		}
		base := len(b.vals)
		object := r.IsObject()
		r.ForEach(func(k, v gjson.Result) bool {
			b.keys = append(b.keys, k)
			b.vals = append(b.vals, v)
			return true
		})
		count := len(b.vals) - base
		kids := cut(&b.nodes, count, slabSize)
		ok := true
		if !object {
			n.Kind = Array
			n.Items = cut(&b.ptrs, count, slabSize)
			for i := range count {
				if !b.fill(&kids[i], b.vals[base+i], n, "", i, -1, depth+1) {
					ok = false
					break
				}
				n.Items[i] = &kids[i]
			}
		} else {
			n.Kind = Object
			n.Keys = cut(&b.strs, count, slabSize)[:0]
			n.Vals = cut(&b.ptrs, count, slabSize)[:0]
			var seen map[string]int
			for i := range count {
				k := b.keys[base+i]
				key, err := decodeString(k.Raw)
				if err != nil || !b.fill(&kids[i], b.vals[base+i], n, key, -1, k.Index, depth+1) {
					ok = false
					break
				}
				seen = n.addMember(key, &kids[i], seen)
			}
			if ok {
				n.orderLikeJS()
			}
		}
		b.keys, b.vals = b.keys[:base], b.vals[:base]
		return ok
	}
	return true
}
