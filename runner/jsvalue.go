package runner

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"sort"
	"strconv"
	"strings"
	"unicode/utf16"

	"github.com/gh-hooks/gh-hooks/internal/js"
)

// Object is a JSON object with JavaScript property order: keys that are
// array indices ("0", "17", canonical decimal below 2^32-1) come first in
// ascending numeric order, then every other key in insertion order. Setting
// an existing key keeps its position. Values are nil (null), bool, float64,
// string, []any or *Object. The zero value is not usable; use NewObject.
type Object struct {
	keys []string
	vals map[string]any
}

// NewObject returns an empty object.
func NewObject() *Object { return &Object{vals: map[string]any{}} }

// Len returns the number of properties.
func (o *Object) Len() int { return len(o.keys) }

// Keys returns the property names in JavaScript order. The slice is a copy.
func (o *Object) Keys() []string { return append([]string(nil), o.keys...) }

// Get returns the value of key and whether it is present.
func (o *Object) Get(key string) (any, bool) {
	v, ok := o.vals[key]
	return v, ok
}

// Set sets key to v, keeping the position of an existing key and placing a
// new array-index key among the other index keys as JavaScript does.
func (o *Object) Set(key string, v any) {
	if _, ok := o.vals[key]; ok {
		o.vals[key] = v
		return
	}
	o.vals[key] = v
	n, ok := js.ArrayIndex(key)
	if !ok {
		o.keys = append(o.keys, key)
		return
	}
	i := 0
	for i < len(o.keys) {
		m, isIdx := js.ArrayIndex(o.keys[i])
		if !isIdx || m > n {
			break
		}
		i++
	}
	o.keys = append(o.keys, "")
	copy(o.keys[i+1:], o.keys[i:])
	o.keys[i] = key
}

// Delete removes key if present.
func (o *Object) Delete(key string) {
	if _, ok := o.vals[key]; !ok {
		return
	}
	delete(o.vals, key)
	for i, k := range o.keys {
		if k == key {
			o.keys = append(o.keys[:i], o.keys[i+1:]...)
			break
		}
	}
}

// Clone returns a shallow copy ({...o}).
func (o *Object) Clone() *Object {
	c := &Object{keys: append([]string(nil), o.keys...), vals: make(map[string]any, len(o.vals))}
	for k, v := range o.vals {
		c.vals[k] = v
	}
	return c
}

// MarshalJSON encodes the object as JSON.stringify would.
func (o *Object) MarshalJSON() ([]byte, error) { return []byte(Stringify(o)), nil }

// String returns Stringify(o).
func (o *Object) String() string { return Stringify(o) }

// errEOF is JSON.parse's complaint about truncated text.
var errEOF = errors.New("unexpected end of JSON input")

// errTrailing is returned by ParseJSON for text after the first value.
var errTrailing = errors.New("unexpected text after JSON value")

// ParseJSON parses text as JavaScript's JSON.parse does: strict JSON, one
// value, surrounding JSON whitespace allowed, duplicate keys keep the first
// position and the last value. Numbers become float64 (out of range ones
// become ±Inf as in JavaScript). One difference is left: a lone surrogate
// escape ("\ud800") becomes U+FFFD, where a JavaScript string keeps it;
// only how such a string prints differs (800 random outputs compared with
// Gemini's HookRunner found no other).
func ParseJSON(text string) (any, error) {
	dec := json.NewDecoder(strings.NewReader(text))
	dec.UseNumber()
	v, err := parseValue(dec)
	if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
		return nil, errEOF
	}
	if err != nil {
		return nil, err
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, errTrailing
	}
	return v, nil
}

func parseValue(dec *json.Decoder) (any, error) {
	tok, err := dec.Token()
	if err != nil {
		if err == io.EOF {
			return nil, io.ErrUnexpectedEOF
		}
		return nil, err
	}
	switch t := tok.(type) {
	case json.Delim:
		switch t {
		case '{':
			o := NewObject()
			for dec.More() {
				kt, err := dec.Token()
				if err != nil {
					return nil, err
				}
				k, ok := kt.(string)
				if !ok {
					return nil, fmt.Errorf("object key is not a string")
				}
				v, err := parseValue(dec)
				if err != nil {
					return nil, err
				}
				o.Set(k, v)
			}
			if _, err := dec.Token(); err != nil {
				return nil, err
			}
			return o, nil
		case '[':
			a := []any{}
			for dec.More() {
				v, err := parseValue(dec)
				if err != nil {
					return nil, err
				}
				a = append(a, v)
			}
			if _, err := dec.Token(); err != nil {
				return nil, err
			}
			return a, nil
		}
		return nil, fmt.Errorf("unexpected %v", t)
	case json.Number:
		f, err := strconv.ParseFloat(string(t), 64)
		if err != nil && !errors.Is(err, strconv.ErrRange) {
			return nil, err
		}
		return f, nil
	default:
		return t, nil // string, bool or nil
	}
}

// Stringify encodes v exactly as JavaScript's JSON.stringify(v) does for
// JSON-shaped values: no whitespace, only '"', '\\' and control characters
// escaped (lower-case \u00xx), NaN and ±Inf as null, -0 as 0.
func Stringify(v any) string {
	var b bytes.Buffer
	stringify(&b, v)
	return b.String()
}

func stringify(b *bytes.Buffer, v any) {
	switch t := v.(type) {
	case nil:
		b.WriteString("null")
	case bool:
		b.WriteString(strconv.FormatBool(t))
	case float64:
		if math.IsNaN(t) || math.IsInf(t, 0) {
			b.WriteString("null")
			return
		}
		b.WriteString(js.StringifyNumber(t))
	case string:
		js.Quote(b, t)
	case []any:
		b.WriteByte('[')
		for i, e := range t {
			if i > 0 {
				b.WriteByte(',')
			}
			stringify(b, e)
		}
		b.WriteByte(']')
	case *Object:
		b.WriteByte('{')
		for i, k := range t.keys {
			if i > 0 {
				b.WriteByte(',')
			}
			js.Quote(b, k)
			b.WriteByte(':')
			stringify(b, t.vals[k])
		}
		b.WriteByte('}')
	default:
		// Not produced by this package; encode via encoding/json.
		j, err := json.Marshal(t)
		if err != nil {
			b.WriteString("null")
			return
		}
		b.Write(j)
	}
}

// truthy reports JavaScript truthiness of a JSON value.
func truthy(v any) bool {
	switch t := v.(type) {
	case nil:
		return false
	case bool:
		return t
	case float64:
		return t != 0 && !math.IsNaN(t)
	case string:
		return t != ""
	}
	return true
}

// jsString converts v as JavaScript's String(v) does.
func jsString(v any) string {
	switch t := v.(type) {
	case nil:
		return "null"
	case bool:
		return strconv.FormatBool(t)
	case float64:
		return js.Number(t)
	case string:
		return t
	case []any:
		parts := make([]string, len(t))
		for i, e := range t {
			if e != nil {
				parts[i] = jsString(e)
			}
		}
		return strings.Join(parts, ",")
	}
	return "[object Object]"
}

// joinWith is Array.prototype.join(sep): null becomes "".
func joinWith(vs []any, sep string) string {
	parts := make([]string, len(vs))
	for i, e := range vs {
		if e != nil {
			parts[i] = jsString(e)
		}
	}
	return strings.Join(parts, sep)
}

// spread returns the own enumerable properties of v as {...v} would:
// objects are copied, arrays and strings give index keys, other values
// give nothing.
func spread(v any) *Object {
	switch t := v.(type) {
	case *Object:
		return t.Clone()
	case []any:
		o := NewObject()
		for i, e := range t {
			o.Set(strconv.Itoa(i), e)
		}
		return o
	case string:
		o := NewObject()
		for i, u := range utf16.Encode([]rune(t)) {
			o.Set(strconv.Itoa(i), string(utf16.Decode([]uint16{u})))
		}
		return o
	}
	return NewObject()
}

// assign copies src's properties onto dst in order ({...dst, ...src}).
func assign(dst, src *Object) {
	for _, k := range src.keys {
		dst.Set(k, src.vals[k])
	}
}

// prop reads v[key] for a JSON value as JavaScript would for the
// properties hooks use (never "length"): objects only.
func prop(v any, key string) any {
	if o, ok := v.(*Object); ok {
		x, _ := o.Get(key)
		return x
	}
	return nil
}

// inOperator models JavaScript's `key in v`, which throws a TypeError for
// a primitive right-hand side.
func inOperator(key string, v any) (bool, error) {
	switch t := v.(type) {
	case *Object:
		_, ok := t.Get(key)
		return ok, nil
	case []any:
		n, ok := js.ArrayIndex(key)
		return (ok && n < uint64(len(t))) || key == "length", nil
	}
	return false, fmt.Errorf("Cannot use 'in' operator to search for '%s' in %s", key, jsString(v))
}

// compareUTF16 orders strings by UTF-16 code units, as Array#sort does.
func compareUTF16(a, b string) int {
	ua, ub := utf16.Encode([]rune(a)), utf16.Encode([]rune(b))
	for i := 0; i < len(ua) && i < len(ub); i++ {
		if ua[i] != ub[i] {
			if ua[i] < ub[i] {
				return -1
			}
			return 1
		}
	}
	return len(ua) - len(ub)
}

// sortJS sorts values as Array.prototype.sort() without a comparator:
// by String(v) in UTF-16 order, stable.
func sortJS(vs []any) {
	sort.SliceStable(vs, func(i, j int) bool { return compareUTF16(jsString(vs[i]), jsString(vs[j])) < 0 })
}
