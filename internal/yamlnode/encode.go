package yamlnode

import (
	"encoding/base64"
	"strings"
	"unicode/utf8"
)

// Encode writes a tree of mappings, sequences and scalars as yaml.v3's
// encoder wrote it with an indent of 2 (the text gh-hooks wrote before,
// so that saved files keep their look): block style unless a
// collection is Flow or empty; a string plain where that reads back as
// the same string, else single-quoted, else double-quoted with escapes;
// a string with a newline as a literal block (|); a key longer than
// 128 bytes or on several lines after "? ". The choices are libyaml's
// (emitterc.go: analyze_scalar, select_scalar_style), ported for the
// block context and a flow mapping of plain scalars. A scalar whose
// text resolves to another tag than its own is written with the tag
// (!!int null) or, for a string, double-quoted ("true").
func Encode(n *Node) []byte {
	var e encoder
	e.value(n, 0, false)
	if e.b.Len() > 0 && !strings.HasSuffix(e.b.String(), "\n") {
		e.b.WriteByte('\n')
	}
	return []byte(e.b.String())
}

type encoder struct {
	b strings.Builder
	// afterKey says a value follows a "? " key: goccy/go-yaml cannot
	// read a literal block with an indentation indicator there (": |2-"),
	// so such a value is double-quoted (the one place this encoder
	// departs from yaml.v3's text).
	afterKey bool
}

// line starts a new line indented by indent.
func (e *encoder) line(indent int) {
	s := e.b.String()
	if s != "" && !strings.HasSuffix(s, "\n") {
		e.b.WriteByte('\n')
	}
	e.b.WriteString(strings.Repeat(" ", indent))
}

// value writes n where the cursor is: after "- ", "? ", ": " or "key:"
// (inline is false after "key:", where a block collection starts on the
// next line), n's content indented by indent.
func (e *encoder) value(n *Node, indent int, inline bool) {
	switch {
	case n.Kind == Scalar:
		if inline {
			e.scalar(n, indent, false)
		} else {
			e.b.WriteByte(' ')
			e.scalar(n, indent, false)
		}
	case len(n.Content) == 0 || n.Flow:
		if !inline {
			e.b.WriteByte(' ')
		}
		e.flow(n)
	case n.Kind == Sequence:
		for i, it := range n.Content {
			if i > 0 || !inline {
				e.line(indent)
			}
			e.b.WriteString("- ")
			e.value(it, indent+2, true)
		}
	case n.Kind == Mapping:
		for i := 0; i+1 < len(n.Content); i += 2 {
			if i > 0 || !inline {
				e.line(indent)
			}
			k, v := n.Content[i], n.Content[i+1]
			if simpleKey(k) {
				e.scalar(k, indent, true)
				e.b.WriteByte(':')
				e.value(v, indent+2, false)
				continue
			}
			e.b.WriteString("? ")
			e.scalar(k, indent+2, false)
			e.line(indent)
			e.b.WriteString(": ")
			e.afterKey = true
			e.value(v, indent+2, true)
			e.afterKey = false
		}
	}
}

// flow writes an empty collection, or a flow mapping or sequence of
// plain scalars.
func (e *encoder) flow(n *Node) {
	open, sep, end := "[", ", ", "]"
	step := 1
	if n.Kind == Mapping {
		open, end, step = "{", "}", 2
	}
	e.b.WriteString(open)
	for i := 0; i < len(n.Content); i += step {
		if i > 0 {
			e.b.WriteString(sep)
		}
		e.b.WriteString(n.Content[i].Value)
		if step == 2 {
			e.b.WriteString(": ")
			e.b.WriteString(n.Content[i+1].Value)
		}
	}
	e.b.WriteString(end)
}

// simpleKey says k can be written as "k:": one line, at most 128 bytes.
func simpleKey(k *Node) bool {
	v := k.Value
	if !utf8.ValidString(v) {
		v = base64.StdEncoding.EncodeToString([]byte(v))
	}
	return k.Kind == Scalar && !analyze(v).multiline && len(v) <= 128
}

type style int

const (
	plain style = iota
	singleQuoted
	doubleQuoted
	literal
)

// scalar writes n; key says it is a simple key (where neither an empty
// plain scalar nor a block scalar may stand).
func (e *encoder) scalar(n *Node, indent int, key bool) {
	v, tag := n.Value, n.Tag
	st := plain
	switch {
	case !utf8.ValidString(v):
		tag, v = "!!binary", base64.StdEncoding.EncodeToString([]byte(v))
	case tag == "!!str" && strings.Contains(v, "\n"):
		tag, st = "", literal
	case tag == "!!str":
		// A string that would read back as another type is quoted (the
		// encoder's resolve does not know <<).
		if r := Resolve(v); r != "!!str" && v != "<<" {
			st = doubleQuoted
		}
		tag = ""
	case Resolve(v) == tag:
		tag = ""
	}
	a := analyze(v)
	if key && a.multiline {
		st = doubleQuoted
	}
	if st == plain && (!a.blockPlain || v == "" && key) {
		st = singleQuoted
	}
	if st == singleQuoted && !a.singleQuoted {
		st = doubleQuoted
	}
	if st == literal && (!a.block || key) {
		st = doubleQuoted
	}
	if first, _ := utf8.DecodeRuneInString(v); st == literal && e.afterKey && (first == ' ' || isBreak(first)) {
		st = doubleQuoted
	}
	if tag != "" {
		e.b.WriteString(tag)
		e.b.WriteByte(' ')
	}
	switch st {
	case plain:
		e.b.WriteString(v)
	case singleQuoted:
		e.b.WriteString("'" + strings.ReplaceAll(v, "'", "''") + "'")
	case doubleQuoted:
		e.doubleQuoted(v)
	case literal:
		e.literal(v, indent)
	}
}

// analysis is what libyaml's analyze_scalar finds out about a value.
type analysis struct {
	multiline                       bool
	blockPlain, singleQuoted, block bool
}

func analyze(v string) analysis {
	if v == "" {
		return analysis{blockPlain: true, singleQuoted: true}
	}
	var indicators, lineBreaks, special, tabs, leadingSpace, leadingBreak, trailingSpace, trailingBreak, breakSpace, spaceBreak bool
	if strings.HasPrefix(v, "---") || strings.HasPrefix(v, "...") {
		indicators = true
	}
	precededByWhitespace, previousSpace, previousBreak := true, false, false
	for i, r := range v {
		w := utf8.RuneLen(r)
		followedByWhitespace := i+w >= len(v) || v[i+w] == ' ' || v[i+w] == '\t'
		if i == 0 {
			switch r {
			case '#', ',', '[', ']', '{', '}', '&', '*', '!', '|', '>', '\'', '"', '%', '@', '`':
				indicators = true
			case '?', ':', '-':
				if followedByWhitespace {
					indicators = true
				}
			}
		} else if r == ':' && followedByWhitespace || r == '#' && precededByWhitespace {
			indicators = true
		}
		if r == '\t' {
			tabs = true
		} else if !isPrintable(r) {
			special = true
		}
		switch {
		case r == ' ':
			leadingSpace = leadingSpace || i == 0
			trailingSpace = trailingSpace || i+w == len(v)
			breakSpace = breakSpace || previousBreak
			previousSpace, previousBreak = true, false
		case isBreak(r):
			lineBreaks = true
			leadingBreak = leadingBreak || i == 0
			trailingBreak = trailingBreak || i+w == len(v)
			spaceBreak = spaceBreak || previousSpace
			previousSpace, previousBreak = false, true
		default:
			previousSpace, previousBreak = false, false
		}
		precededByWhitespace = r == ' ' || r == '\t' || isBreak(r) || r == 0
	}
	a := analysis{multiline: lineBreaks, blockPlain: true, singleQuoted: true, block: true}
	if leadingSpace || leadingBreak || trailingSpace || trailingBreak || lineBreaks || indicators {
		a.blockPlain = false
	}
	if trailingSpace {
		a.block = false
	}
	if breakSpace || spaceBreak || tabs || special {
		a.blockPlain, a.singleQuoted = false, false
	}
	if spaceBreak || special {
		a.block = false
	}
	return a
}

// isPrintable is libyaml's is_printable.
func isPrintable(r rune) bool {
	return r == '\n' || 0x20 <= r && r <= 0x7e || 0xa0 <= r && r <= 0xd7ff || 0xe000 <= r && r <= 0xfffd && r != 0xfeff
}

func isBreak(r rune) bool {
	return r == '\r' || r == '\n' || r == 0x85 || r == 0x2028 || r == 0x2029
}

func (e *encoder) doubleQuoted(v string) {
	e.b.WriteByte('"')
	for _, r := range v {
		if isPrintable(r) && !isBreak(r) && r != '"' && r != '\\' {
			e.b.WriteRune(r)
			continue
		}
		e.b.WriteByte('\\')
		switch r {
		case 0:
			e.b.WriteByte('0')
		case 0x07:
			e.b.WriteByte('a')
		case 0x08:
			e.b.WriteByte('b')
		case 0x09:
			e.b.WriteByte('t')
		case 0x0a:
			e.b.WriteByte('n')
		case 0x0b:
			e.b.WriteByte('v')
		case 0x0c:
			e.b.WriteByte('f')
		case 0x0d:
			e.b.WriteByte('r')
		case 0x1b:
			e.b.WriteByte('e')
		case '"':
			e.b.WriteByte('"')
		case '\\':
			e.b.WriteByte('\\')
		case 0x85:
			e.b.WriteByte('N')
		case 0xa0:
			e.b.WriteByte('_')
		case 0x2028:
			e.b.WriteByte('L')
		case 0x2029:
			e.b.WriteByte('P')
		default:
			switch {
			case r <= 0xff:
				e.b.WriteString("x" + hex(r, 2))
			case r <= 0xffff:
				e.b.WriteString("u" + hex(r, 4))
			default:
				e.b.WriteString("U" + hex(r, 8))
			}
		}
	}
	e.b.WriteByte('"')
}

func hex(r rune, n int) string {
	const digits = "0123456789ABCDEF"
	b := make([]byte, n)
	for i := n - 1; i >= 0; i-- {
		b[i] = digits[r&0xf]
		r >>= 4
	}
	return string(b)
}

// literal writes v as a literal block scalar, its lines indented by
// indent: | with an indentation indicator when v starts with a space or
// a line break, and - (strip) or + (keep) as its end asks.
func (e *encoder) literal(v string, indent int) {
	e.b.WriteByte('|')
	first, _ := utf8.DecodeRuneInString(v)
	if first == ' ' || isBreak(first) {
		e.b.WriteByte('2')
	}
	last, size := utf8.DecodeLastRuneInString(v)
	switch {
	case !isBreak(last):
		e.b.WriteByte('-')
	case size == len(v):
		e.b.WriteByte('+')
	default:
		if prev, _ := utf8.DecodeLastRuneInString(v[:len(v)-size]); isBreak(prev) {
			e.b.WriteByte('+')
		}
	}
	e.b.WriteByte('\n')
	breaks := true
	for _, r := range v {
		if isBreak(r) {
			if r == '\n' {
				e.b.WriteByte('\n')
			} else {
				e.b.WriteRune(r)
			}
			breaks = true
			continue
		}
		if breaks {
			e.b.WriteString(strings.Repeat(" ", indent))
		}
		e.b.WriteRune(r)
		breaks = false
	}
}
