// Package yamlnode reads a YAML document into a tree of nodes with
// their positions, for readers that check a file key by key and point
// at what is wrong.
//
// The text is parsed by goccy/go-yaml; the values are what yaml.v3
// made of them (gh-hooks read YAML with yaml.v3 before, and a file must
// not change meaning with the reader): a plain scalar resolves under
// YAML 1.2's core schema as yaml.v3's resolve.go does it, so yes, on
// and y are strings, 1e5 and 08 are floats, 0777 and 0b101 are ints,
// 2024-01-01 is a timestamp and << a merge key; a quoted or block
// scalar is a string; an explicit tag (!!str 1) wins. Only the first
// document is read. Aliases stay aliases (Node.Alias), never expanded
// in the tree; Value expands them within a bound.
package yamlnode

import (
	"bytes"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/goccy/go-yaml/ast"
	"github.com/goccy/go-yaml/lexer"
	"github.com/goccy/go-yaml/parser"
	"github.com/goccy/go-yaml/token"
)

// Kind is a node's kind.
type Kind int

// The kinds of node.
const (
	Scalar Kind = iota + 1
	Mapping
	Sequence
	Alias
)

// Node is a YAML node.
type Node struct {
	Kind Kind
	// Tag is the node's short tag: !!str, !!int, !!float, !!bool,
	// !!null, !!timestamp or !!merge for a scalar as resolved or tagged
	// (!!binary and the like as written), !!map or !!seq for a
	// collection, "" for an alias.
	Tag string
	// Value is a scalar's text (escapes decoded, lines folded) or an
	// alias's anchor name.
	Value string
	// Line and Column (1-based, in characters) are where the node
	// starts: its tag or anchor if it has one, a flow collection's
	// bracket, a block mapping's first key, a block sequence's first
	// dash.
	Line, Column int
	// Flow says a mapping or sequence is written in flow style ({} []).
	Flow bool
	// Content is a mapping's keys and values in turn, or a sequence's
	// items.
	Content []*Node
	// Target is the node an alias refers to.
	Target *Node
}

// SyntaxError is text that is not YAML.
type SyntaxError struct {
	// Line and Column are where the text stops being YAML (see Parse).
	Line, Column int
	// Msg is the parser's own words.
	Msg string
	err error
}

func (e *SyntaxError) Error() string { return e.Msg }

// Unwrap is ErrTooDeep for a document that nests too deeply.
func (e *SyntaxError) Unwrap() error { return e.err }

// Parse reads the first document of data. A file with no document
// (empty, or only comments) is nil and no error. As yaml.v3 did, a
// UTF-8 byte order mark is skipped, UTF-16 with a byte order mark is
// read, and text that is not UTF-8 or holds control characters is an
// error. A *SyntaxError is positioned at the first line whose addition
// makes the text fail to parse (the parser's own line is often an
// earlier one), at the parser's column when it is on that line (a text
// over 64 KiB at the parser's position). A document nested deeper than
// MaxDepth is an error (ErrTooDeep) before it is parsed.
func Parse(data []byte) (*Node, error) {
	text, err := decodeText(data)
	if err != nil {
		return nil, err
	}
	tokens := lexer.Tokenize(string(text))
	if err := tooDeep(tokens); err != nil {
		return nil, err
	}
	// Duplicate keys are for the caller to report, with its own words.
	f, err := parser.Parse(tokens, 0, parser.AllowDuplicateMapKey())
	if err != nil {
		return nil, syntaxError(text, err)
	}
	for _, d := range f.Docs {
		if _, ok := d.Body.(*ast.DirectiveNode); ok {
			continue // %YAML 1.2 and the like: the next document is read
		}
		if d.Body == nil {
			if d.Start != nil {
				// "---" with nothing after it: a null document.
				return &Node{Kind: Scalar, Tag: "!!null", Line: d.Start.Position.Line + 1, Column: 1}, nil
			}
			continue
		}
		c := converter{anchors: map[string]*Node{}}
		return c.node(d.Body)
	}
	return nil, nil
}

// MaxDepth bounds how deeply a document nests: goccy/go-yaml's parser
// takes time in the square of the depth (30,000 unclosed [ take 2 s,
// 100,000 take 30 s), and a file of 1 MiB could nest a million deep.
// yaml.v3 stopped at 10,000; the files gh-hooks reads nest a few levels.
const MaxDepth = 100

// ErrTooDeep is the error of a SyntaxError for a document that nests
// more than MaxDepth deep.
var ErrTooDeep = fmt.Errorf("nested more than %d levels deep", MaxDepth)

// tooDeep checks the tokens' nesting before they are parsed: flow
// collections by their brackets, block ones by the columns of their
// dashes, question marks and keys.
func tooDeep(tokens token.Tokens) error {
	flow := 0
	var block []int // the columns of the open block collections
	for i, tk := range tokens {
		col := tk.Position.Column
		switch tk.Type {
		case token.SequenceStartType, token.MappingStartType:
			flow++
		case token.SequenceEndType, token.MappingEndType:
			flow = max(0, flow-1)
		case token.SequenceEntryType, token.MappingKeyType, token.MappingValueType:
			if flow > 0 {
				continue
			}
			if tk.Type == token.MappingValueType && i > 0 {
				col = tokens[i-1].Position.Column // the key's
			}
			for len(block) > 0 && block[len(block)-1] >= col {
				block = block[:len(block)-1]
			}
			block = append(block, col)
		default:
			continue
		}
		if flow+len(block) > MaxDepth {
			l, c := pos(tk)
			return &SyntaxError{Line: l, Column: c, Msg: ErrTooDeep.Error(), err: ErrTooDeep}
		}
	}
	return nil
}

// decodeText is data as UTF-8 without a byte order mark, or an error
// for text that is not UTF-8 (or UTF-16 with its mark) or holds a
// character YAML does not allow (its c-printable set).
func decodeText(data []byte) ([]byte, error) {
	data = bytes.TrimPrefix(data, []byte("\ufeff"))
	if len(data) >= 2 && (data[0] == 0xff && data[1] == 0xfe || data[0] == 0xfe && data[1] == 0xff) {
		if len(data)%2 != 0 {
			return nil, &SyntaxError{Line: 1, Column: 1, Msg: "incomplete UTF-16 character"}
		}
		u := make([]uint16, 0, len(data)/2-1)
		for i := 2; i < len(data); i += 2 {
			if data[0] == 0xff {
				u = append(u, uint16(data[i])|uint16(data[i+1])<<8)
			} else {
				u = append(u, uint16(data[i])<<8|uint16(data[i+1]))
			}
		}
		data = []byte(string(utf16.Decode(u)))
	}
	line, col := 1, 1
	for i := 0; i < len(data); {
		r, size := utf8.DecodeRune(data[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			return nil, &SyntaxError{Line: line, Column: col, Msg: "invalid UTF-8"}
		case !printable(r):
			return nil, &SyntaxError{Line: line, Column: col, Msg: "control characters are not allowed"}
		case r == '\n':
			line, col = line+1, 0
		}
		col++
		i += size
	}
	return data, nil
}

// printable is YAML's c-printable, less the byte order mark.
func printable(r rune) bool {
	switch {
	case r == '\t' || r == '\n' || r == '\r' || r == 0x85:
		return true
	case r < 0x20 || r == 0x7f || r < 0xa0 && r > 0x7f:
		return false
	case r >= 0xd800 && r <= 0xdfff, r == 0xfeff, r == 0xfffe, r == 0xffff:
		return false
	}
	return true
}

// bisectMax bounds the text whose error line is found by bisection
// (some 17 parses of up to the whole text): a larger one has the
// parser's position.
const bisectMax = 64 << 10

func syntaxError(text []byte, err error) *SyntaxError {
	se := &SyntaxError{Msg: err.Error()}
	defer func() { se.Msg = strings.ReplaceAll(se.Msg, "\t", `\t`) }()
	var pl, pc int
	if e, ok := err.(interface {
		GetMessage() string
		GetToken() *token.Token
	}); ok {
		se.Msg = e.GetMessage()
		pl, pc = pos(e.GetToken())
	}
	if len(text) > bisectMax {
		se.Line, se.Column = max(pl, 1), max(pc, 1)
		return se
	}
	lines := bytes.SplitAfter(text, []byte("\n"))
	fails := func(n int) bool {
		_, err := parser.ParseBytes(bytes.Join(lines[:n], nil), 0, parser.AllowDuplicateMapKey())
		return err != nil
	}
	lo, hi := 0, len(lines) // fails(hi) holds
	for lo+1 < hi {
		mid := (lo + hi) / 2
		if fails(mid) {
			hi = mid
		} else {
			lo = mid
		}
	}
	se.Line = hi
	if pl == hi && pc > 0 {
		se.Column = pc
	} else {
		l := lines[hi-1]
		se.Column = 1 + utf8.RuneCount(l[:len(l)-len(bytes.TrimLeft(l, " \t"))])
	}
	return se
}

type converter struct {
	anchors map[string]*Node
}

func pos(tk *token.Token) (int, int) {
	if tk == nil || tk.Position == nil {
		return 0, 0
	}
	return tk.Position.Line, tk.Position.Column
}

func (c *converter) node(n ast.Node) (*Node, error) {
	switch n := n.(type) {
	case *ast.TagNode:
		v, err := c.node(n.Value)
		if err != nil {
			return nil, err
		}
		v.Tag = shortTag(n.Start.Value)
		v.Line, v.Column = pos(n.Start)
		return v, nil
	case *ast.AnchorNode:
		v, err := c.node(n.Value)
		if err != nil {
			return nil, err
		}
		c.anchors[n.Name.GetToken().Value] = v
		v.Line, v.Column = pos(n.Start)
		return v, nil
	case *ast.AliasNode:
		name := n.Value.GetToken().Value
		t := c.anchors[name]
		if t == nil {
			l, col := pos(n.Start)
			return nil, &SyntaxError{Line: l, Column: col, Msg: fmt.Sprintf("unknown anchor '%s' referenced", name)}
		}
		l, col := pos(n.Start)
		return &Node{Kind: Alias, Value: name, Line: l, Column: col, Target: t}, nil
	case *ast.MappingNode:
		m := &Node{Kind: Mapping, Tag: "!!map", Flow: n.IsFlowStyle}
		m.Line, m.Column = pos(n.Start)
		for _, kv := range n.Values {
			k, v, err := c.pair(kv, n.IsFlowStyle)
			if err != nil {
				return nil, err
			}
			m.Content = append(m.Content, k, v)
		}
		if !n.IsFlowStyle && len(m.Content) > 0 {
			m.Line, m.Column = m.Content[0].Line, m.Content[0].Column
		}
		return m, nil
	case *ast.MappingValueNode:
		// A mapping of one pair.
		k, v, err := c.pair(n, n.IsFlowStyle)
		if err != nil {
			return nil, err
		}
		return &Node{Kind: Mapping, Tag: "!!map", Flow: n.IsFlowStyle, Line: k.Line, Column: k.Column, Content: []*Node{k, v}}, nil
	case *ast.SequenceNode:
		s := &Node{Kind: Sequence, Tag: "!!seq", Flow: n.IsFlowStyle}
		s.Line, s.Column = pos(n.Start)
		for _, it := range n.Values {
			v, err := c.node(it)
			if err != nil {
				return nil, err
			}
			s.Content = append(s.Content, v)
		}
		return s, nil
	case *ast.MappingKeyNode:
		return c.node(n.Value)
	case *ast.LiteralNode:
		l, col := pos(n.Start)
		return &Node{Kind: Scalar, Tag: "!!str", Value: n.Value.Value, Line: l, Column: col}, nil
	case *ast.StringNode:
		l, col := pos(n.Token)
		if n.Token.Type != token.StringType {
			return &Node{Kind: Scalar, Tag: "!!str", Value: n.Value, Line: l, Column: col}, nil
		}
		v := n.Value
		if strings.Contains(n.Token.Origin, "\t") {
			// goccy drops the tabs inside a plain scalar (a\tb is ab).
			v = fold(n.Token.Origin)
		}
		return &Node{Kind: Scalar, Tag: Resolve(v), Value: v, Line: l, Column: col}, nil
	case *ast.NullNode:
		tk := n.GetToken()
		l, col := pos(tk)
		v := tk.Value
		if tk.Type != token.NullType {
			// An empty value: goccy gives it the next token.
			v = ""
		}
		return &Node{Kind: Scalar, Tag: "!!null", Value: v, Line: l, Column: col}, nil
	case nil:
		return &Node{Kind: Scalar, Tag: "!!null"}, nil
	}
	// Bool, numbers, .inf, .nan, <<: goccy's own reading of a plain
	// scalar; its text is resolved as yaml.v3 does.
	tk := n.GetToken()
	l, col := pos(tk)
	v := tk.Value
	if tk.Type == token.SingleQuoteType || tk.Type == token.DoubleQuoteType {
		return &Node{Kind: Scalar, Tag: "!!str", Value: v, Line: l, Column: col}, nil
	}
	return &Node{Kind: Scalar, Tag: Resolve(v), Value: v, Line: l, Column: col}, nil
}

func (c *converter) pair(kv *ast.MappingValueNode, flow bool) (*Node, *Node, error) {
	k, err := c.node(kv.Key)
	if err != nil {
		return nil, nil, err
	}
	v, err := c.node(kv.Value)
	if err != nil {
		return nil, nil, err
	}
	if n, ok := kv.Value.(*ast.NullNode); ok && n.GetToken().Type != token.NullType {
		// An empty value is where yaml.v3 put it: right after the colon
		// in a block mapping, at the next token (a comma) in a flow one.
		v.Line, v.Column = pos(kv.Start)
		v.Column++
		if flow && kv.Start.Next != nil {
			v.Line, v.Column = pos(kv.Start.Next)
		}
	}
	return k, v, nil
}

// fold is a plain scalar's value from its text: each line trimmed,
// lines joined by a space, an empty line kept as a newline.
func fold(s string) string {
	lines := strings.Split(strings.ReplaceAll(s, "\r\n", "\n"), "\n")
	for i, l := range lines {
		lines[i] = strings.Trim(l, " \t")
	}
	for len(lines) > 0 && lines[0] == "" {
		lines = lines[1:]
	}
	for len(lines) > 0 && lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	var b strings.Builder
	for i, l := range lines {
		switch {
		case i == 0:
		case l == "":
			b.WriteByte('\n')
			continue
		case lines[i-1] != "":
			b.WriteByte(' ')
		}
		b.WriteString(l)
	}
	return b.String()
}

// shortTag is a tag as yaml.v3's ShortTag gives it: the core schema's
// tags in their short form.
func shortTag(t string) string {
	if rest, ok := strings.CutPrefix(t, "tag:yaml.org,2002:"); ok {
		return "!!" + rest
	}
	return t
}

// Resolve is the tag of a plain scalar: yaml.v3's resolve.go, read as
// it is (the core schema, with 1.1's 0777 octals and 0b binaries, and
// timestamps of the forms yaml.v3 parses).
func Resolve(s string) string {
	switch s {
	case "true", "True", "TRUE", "false", "False", "FALSE":
		return "!!bool"
	case "", "~", "null", "Null", "NULL":
		return "!!null"
	case ".nan", ".NaN", ".NAN", ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF", "-.inf", "-.Inf", "-.INF":
		return "!!float"
	case "<<":
		return "!!merge"
	}
	switch c := s[0]; {
	case c == '.':
		if _, err := strconv.ParseFloat(s, 64); err == nil {
			return "!!float"
		}
	case c == '+' || c == '-' || '0' <= c && c <= '9':
		if isTimestamp(s) {
			return "!!timestamp"
		}
		plain := strings.ReplaceAll(s, "_", "")
		if _, err := strconv.ParseInt(plain, 0, 64); err == nil {
			return "!!int"
		}
		if _, err := strconv.ParseUint(plain, 0, 64); err == nil {
			return "!!int"
		}
		if isFloat(plain) {
			if _, err := strconv.ParseFloat(plain, 64); err == nil {
				return "!!float"
			}
		}
		for _, p := range []struct {
			prefix string
			base   int
		}{{"0b", 2}, {"-0b", 2}, {"0o", 8}, {"-0o", 8}} {
			if digits, ok := strings.CutPrefix(plain, p.prefix); ok {
				if p.prefix[0] == '-' {
					digits = "-" + digits
				}
				if _, err := strconv.ParseInt(digits, p.base, 64); err == nil {
					return "!!int"
				}
				if _, err := strconv.ParseUint(digits, p.base, 64); err == nil {
					return "!!int"
				}
			}
		}
	}
	return "!!str"
}

// isFloat is yaml.v3's yamlStyleFloat:
// ^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$
func isFloat(s string) bool {
	digits := func(s string) (int, string) {
		i := 0
		for i < len(s) && '0' <= s[i] && s[i] <= '9' {
			i++
		}
		return i, s[i:]
	}
	if s != "" && (s[0] == '+' || s[0] == '-') {
		s = s[1:]
	}
	var n int
	if rest, ok := strings.CutPrefix(s, "."); ok {
		if n, s = digits(rest); n == 0 {
			return false
		}
	} else {
		if n, s = digits(s); n == 0 {
			return false
		}
		if rest, ok := strings.CutPrefix(s, "."); ok {
			_, s = digits(rest)
		}
	}
	if s == "" {
		return true
	}
	if s[0] != 'e' && s[0] != 'E' {
		return false
	}
	s = s[1:]
	if s != "" && (s[0] == '+' || s[0] == '-') {
		s = s[1:]
	}
	n, s = digits(s)
	return n > 0 && s == ""
}

// isTimestamp: the forms yaml.v3 reads as a timestamp (its
// parseTimestamp): YYYY-M-D, with a time after T, t or a space.
func isTimestamp(s string) bool {
	i := 0
	for i < len(s) && '0' <= s[i] && s[i] <= '9' {
		i++
	}
	if i != 4 || i == len(s) || s[i] != '-' {
		return false
	}
	for _, f := range []string{"2006-1-2T15:4:5.999999999Z07:00", "2006-1-2t15:4:5.999999999Z07:00", "2006-1-2 15:4:5.999999999", "2006-1-2"} {
		if _, err := time.Parse(f, s); err == nil {
			return true
		}
	}
	return false
}

// Decode is a scalar's value as its tag says: a bool, an int64 (uint64
// past its range), a float64, nil or a string (a timestamp, a binary
// and any other tag is its text). A value its tag does not fit (!!int x)
// is an error in yaml.v3's words.
func (n *Node) Decode() (any, error) {
	r := Resolve(n.Value)
	if n.Tag == "!!str" || n.Tag == "!!null" && r == "!!null" {
		if n.Tag == "!!null" {
			return nil, nil
		}
		return n.Value, nil
	}
	bad := fmt.Errorf("yaml: cannot decode %s `%s` as a %s", r, n.Value, n.Tag)
	switch n.Tag {
	case "!!bool":
		if r != "!!bool" {
			return nil, bad
		}
		return n.Value[0] == 't' || n.Value[0] == 'T', nil
	case "!!int":
		if r != "!!int" {
			return nil, bad
		}
		return parseInt(n.Value), nil
	case "!!float":
		switch r {
		case "!!int":
			switch x := parseInt(n.Value).(type) {
			case int64:
				return float64(x), nil
			case uint64:
				return float64(x), nil
			}
		case "!!float":
			return parseFloat(n.Value), nil
		}
		return nil, bad
	case "!!null":
		return nil, bad
	}
	return n.Value, nil
}

func parseInt(s string) any {
	plain := strings.ReplaceAll(s, "_", "")
	if i, err := strconv.ParseInt(plain, 0, 64); err == nil {
		return i
	}
	if u, err := strconv.ParseUint(plain, 0, 64); err == nil {
		return u
	}
	neg := strings.HasPrefix(plain, "-")
	digits := strings.TrimPrefix(plain, "-")
	base := 2
	if strings.HasPrefix(digits, "0o") {
		base = 8
	}
	digits = digits[2:]
	if neg {
		digits = "-" + digits
	}
	if i, err := strconv.ParseInt(digits, base, 64); err == nil {
		return i
	}
	u, _ := strconv.ParseUint(digits, base, 64)
	return u
}

func parseFloat(s string) float64 {
	switch strings.ToLower(strings.TrimPrefix(s, "+")) {
	case ".inf":
		return math.Inf(1)
	case "-.inf":
		return math.Inf(-1)
	case ".nan":
		return math.NaN()
	}
	f, _ := strconv.ParseFloat(strings.ReplaceAll(s, "_", ""), 64)
	return f
}
