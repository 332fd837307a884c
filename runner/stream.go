package runner

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"unicode/utf16"
	"unicode/utf8"

	"golang.org/x/text/encoding/unicode"
	"golang.org/x/text/transform"

	"github.com/gh-hooks/gh-hooks/internal/capped"
)

// GeminiMaxString is V8's String::kMaxLength on 64-bit Node 20 (the engine
// of Gemini CLI 0.61): the most UTF-16 code units one string holds.
// Gemini collects each of a hook's streams in one string (hookRunner.js,
// `stdout += data.toString()`), so a hook printing more makes that line
// throw "RangeError: Invalid string length" in the stream's data handler,
// and Gemini CLI's uncaughtException handler prints the stack and exits 1
// (watched: a BeforeTool hook printing 540,000,000 bytes; the CLI exited
// 1 after 19 s with that error, the tool never ran).
const GeminiMaxString = 1<<29 - 24

// DefaultMaxParse bounds the bytes Run keeps, over all the hooks of one
// run, of the values it parses from outputs longer than MaxOutput: past
// it, nested members and elements are read and dropped (the top-level
// members that decide stay), and the result says what was dropped.
const DefaultMaxParse = 16 << 20

// maxParseString bounds each string kept of such a value; a longer one is
// kept up to it and the result says so.
const maxParseString = 4 << 20

// maxParseDepth is the nesting past which gh-hooks stops reading a long
// output's value (V8's JSON.parse goes on): the output is then unknown.
const maxParseDepth = 10000

// outStream is where a hook's stdout or stderr is copied to: the first
// max bytes are kept (for the report and, when nothing more comes, for
// ParseOutput), and once the stream is longer, all of it is read by a
// streaming parse (parseStream) that keeps bounded memory. It also counts
// the stream in UTF-16 units and calls over once it passes maxUnits.
type outStream struct {
	buf      *capped.Buffer
	budget   *atomic.Int64
	maxUnits int64
	over     func()

	pw   *io.PipeWriter
	done chan *streamParse
}

func newOutStream(max int, budget *atomic.Int64, maxUnits int64, over func()) *outStream {
	return &outStream{buf: &capped.Buffer{Max: max}, budget: budget, maxUnits: maxUnits, over: over}
}

// Write keeps what fits and feeds the parse once the stream is too long
// to keep. It never fails: the parse reads to the end whatever it finds.
func (s *outStream) Write(p []byte) (int, error) {
	n := len(p)
	if s.pw != nil {
		s.buf.Write(p)
		s.pw.Write(p)
		return n, nil
	}
	before := len(s.buf.Raw())
	s.buf.Write(p)
	if !s.buf.Cut() {
		return n, nil
	}
	// The stream has just become too long: parse it all from the start.
	kept := s.buf.Raw()
	rest := p[len(kept)-before:]
	pr, pw := io.Pipe()
	s.pw, s.done = pw, make(chan *streamParse, 1)
	go func() {
		s.done <- parseStream(io.MultiReader(bytes.NewReader(kept), pr), s.budget, s.maxUnits, s.over)
		io.Copy(io.Discard, pr) // never reached: parseStream reads to EOF
	}()
	s.pw.Write(rest)
	return n, nil
}

// finish ends the stream and returns the streaming parse, or nil when the
// stream was kept whole.
func (s *outStream) finish() *streamParse {
	if s.pw == nil {
		return nil
	}
	s.pw.Close()
	return <-s.done
}

// streamParse is what parseStream read: Gemini's text = stream.trim() and
// JSON.parse(text), without keeping the text.
type streamParse struct {
	// blank is true when the stream is only JavaScript whitespace.
	blank bool
	// value is the JSON value when the whole (trimmed) stream is one;
	// err says why it is not (Gemini then takes the text as plain text).
	value any
	err   error
	// unknown says why gh-hooks cannot tell what Gemini parses ("" when it
	// can).
	unknown string
	// clipped lists what was cut or dropped of value.
	clipped []string
	// units counts the stream in UTF-16 code units, as a JavaScript
	// string's length.
	units int64
}

// parseStream reads r to its end as Gemini reads a hook's stream: UTF-8
// decoded as Node decodes it (each maximal invalid subpart one U+FFFD),
// JavaScript whitespace trimmed at both ends, then strict JSON. Kept of
// the value: strings up to maxParseString bytes, and as much as budget
// allows (top-level members always, with what they hold cut to the
// budget); the rest is checked and dropped. over is called once when the
// stream passes maxUnits UTF-16 units (0: no limit).
func parseStream(r io.Reader, budget *atomic.Int64, maxUnits int64, over func()) *streamParse {
	p := &jsonStream{rd: bufio.NewReaderSize(transform.NewReader(r, unicode.UTF8.NewDecoder()), 64<<10), budget: budget, maxUnits: maxUnits, over: over}
	res := &streamParse{}
	c, err := p.skip(jsSpace)
	switch {
	case err != nil:
		res.blank = true
	default:
		p.unread()
		v, err := p.value(0, true)
		if err == nil {
			c, err = p.skip(jsSpace)
			if err == nil {
				err = errTrailing // text after the value, not trimmed
				_ = c
			} else {
				err = nil // EOF: only whitespace followed
			}
		} else if errors.Is(err, io.EOF) {
			err = errEOF
		}
		if errors.Is(err, errTooDeep) {
			res.unknown = fmt.Sprintf("the output nests deeper than %d levels, past which gh-hooks does not read", maxParseDepth)
			err = nil
		}
		res.value, res.err = v, err
	}
	p.drain()
	res.units, res.clipped = p.units, p.clipped
	if s, ok := res.value.(string); ok && res.err == nil && res.unknown == "" {
		// A string result is parsed again (hookRunner.js).
		if p.strClipped[s] {
			res.unknown = "the output is a JSON string longer than gh-hooks keeps, which Gemini parses again as JSON"
		} else {
			res.value, res.err = ParseJSON(s)
		}
	}
	return res
}

// errTooDeep stops the read of a value nested past maxParseDepth.
var errTooDeep = errors.New("nested too deep")

// jsonStream is the reader of parseStream.
type jsonStream struct {
	rd       *bufio.Reader
	units    int64
	last     int // units of the last rune read, for unread
	budget   *atomic.Int64
	maxUnits int64
	over     func()
	overDone bool
	clipped  []string
	// strClipped marks the kept prefixes of strings that were cut.
	strClipped map[string]bool
}

func (p *jsonStream) count(n int64) {
	p.units += n
	if p.maxUnits > 0 && p.units > p.maxUnits && !p.overDone {
		p.overDone = true
		if p.over != nil {
			p.over()
		}
	}
}

// next reads one code point.
func (p *jsonStream) next() (rune, error) {
	c, _, err := p.rd.ReadRune()
	if err != nil {
		return 0, err
	}
	p.last = 1
	if c >= 0x10000 {
		p.last = 2
	}
	p.count(int64(p.last))
	return c, nil
}

func (p *jsonStream) unread() {
	p.rd.UnreadRune()
	p.units -= int64(p.last)
}

// skip reads past the code points in set and returns the next one.
func (p *jsonStream) skip(set string) (rune, error) {
	for {
		c, err := p.next()
		if err != nil || !strings.ContainsRune(set, c) {
			return c, err
		}
	}
}

// jsonSpace is the whitespace JSON.parse allows between tokens.
const jsonSpace = " \t\n\r"

// drain reads the rest, counting it.
func (p *jsonStream) drain() {
	buf := make([]byte, 32<<10)
	for {
		n, err := p.rd.Read(buf)
		b := buf[:n]
		// Decoded UTF-8: one unit per code point, two from U+10000 (a
		// four-byte sequence).
		units := int64(utf8.RuneCount(b))
		for _, x := range b {
			if x >= 0xF0 {
				units++
			}
		}
		p.count(units)
		if err != nil {
			return
		}
	}
}

// take spends n bytes of the budget and reports whether there was room.
func (p *jsonStream) take(n int) bool {
	return p.budget.Add(-int64(n)) >= 0
}

func (p *jsonStream) clip(what string) {
	if len(p.clipped) < 8 {
		p.clipped = append(p.clipped, what)
	}
}

// value reads one JSON value; keep false reads it without keeping it
// (the result is nil). depth 0 is the top-level value.
func (p *jsonStream) value(depth int, keep bool) (any, error) {
	if depth > maxParseDepth {
		return nil, errTooDeep
	}
	c, err := p.skip(jsonSpace)
	if err != nil {
		return nil, err
	}
	switch {
	case c == '{':
		return p.object(depth, keep)
	case c == '[':
		return p.array(depth, keep)
	case c == '"':
		return p.str(keep, maxParseString)
	case c == 't':
		return true, p.literal("rue")
	case c == 'f':
		return false, p.literal("alse")
	case c == 'n':
		return nil, p.literal("ull")
	case c == '-' || c >= '0' && c <= '9':
		p.unread()
		return p.number()
	}
	return nil, fmt.Errorf("unexpected token %q in JSON", c)
}

func (p *jsonStream) literal(rest string) error {
	for _, want := range rest {
		c, err := p.next()
		if err != nil {
			return err
		}
		if c != want {
			return fmt.Errorf("unexpected token %q in JSON", c)
		}
	}
	return nil
}

// object reads after '{'. The top-level object's members are kept
// whatever the budget; deeper ones while it lasts.
func (p *jsonStream) object(depth int, keep bool) (any, error) {
	var o *Object
	if keep {
		o = NewObject()
	}
	c, err := p.skip(jsonSpace)
	if err != nil {
		return nil, err
	}
	if c == '}' {
		return o, nil
	}
	for {
		if c != '"' {
			return nil, fmt.Errorf("expected a property name, got %q", c)
		}
		k, err := p.str(true, 256)
		if err != nil {
			return nil, err
		}
		key := k.(string)
		if c, err = p.skip(jsonSpace); err != nil {
			return nil, err
		}
		if c != ':' {
			return nil, fmt.Errorf("expected ':' after a property name, got %q", c)
		}
		// What a member costs in memory beyond its strings, roughly.
		keepChild := keep && (depth == 0 || p.take(len(key)+64))
		v, err := p.value(depth+1, keepChild)
		if err != nil {
			return nil, err
		}
		if keepChild {
			o.Set(key, v)
		} else if keep {
			p.clip(fmt.Sprintf("the member %q (past gh-hooks' bound of %d MiB of parsed output)", key, DefaultMaxParse>>20))
		}
		if c, err = p.skip(jsonSpace); err != nil {
			return nil, err
		}
		switch c {
		case '}':
			return o, nil
		case ',':
		default:
			return nil, fmt.Errorf("expected ',' or '}' after a property value, got %q", c)
		}
		if c, err = p.skip(jsonSpace); err != nil {
			return nil, err
		}
	}
}

// array reads after '['.
func (p *jsonStream) array(depth int, keep bool) (any, error) {
	var a []any
	if keep {
		a = []any{}
	}
	c, err := p.skip(jsonSpace)
	if err != nil {
		return nil, err
	}
	if c == ']' {
		return a, nil
	}
	p.unread()
	dropped := false
	for {
		keepChild := keep && p.take(48)
		v, err := p.value(depth+1, keepChild)
		if err != nil {
			return nil, err
		}
		if keepChild {
			a = append(a, v)
		} else if keep && !dropped {
			dropped = true
			p.clip(fmt.Sprintf("elements of an array past element %d (past gh-hooks' bound of %d MiB of parsed output)", len(a), DefaultMaxParse>>20))
		}
		if c, err = p.skip(jsonSpace); err != nil {
			return nil, err
		}
		switch c {
		case ']':
			return a, nil
		case ',':
		default:
			return nil, fmt.Errorf("expected ',' or ']' after an array element, got %q", c)
		}
	}
}

// str reads a string after its '"', keeping up to limit bytes when keep.
func (p *jsonStream) str(keep bool, limit int) (any, error) {
	var b strings.Builder
	var high rune // a pending high surrogate escape
	n := 0
	cut := false
	add := func(r rune) {
		if high != 0 {
			h := high
			high = 0
			if utf16.IsSurrogate(r) && r >= 0xDC00 {
				r = utf16.DecodeRune(h, r)
			} else {
				add1(&b, &n, &cut, keep, limit, 0xFFFD, p)
			}
		}
		if r >= 0xD800 && r < 0xDC00 {
			high = r
			return
		}
		if utf16.IsSurrogate(r) {
			r = 0xFFFD // a lone surrogate (JavaScript keeps it; see ParseJSON)
		}
		add1(&b, &n, &cut, keep, limit, r, p)
	}
	for {
		// Fast path: a run of plain ASCII in the buffer is taken whole.
		if high == 0 {
			buf, _ := p.rd.Peek(p.rd.Buffered())
			i := 0
			for i < len(buf) && buf[i] >= 0x20 && buf[i] < 0x80 && buf[i] != '"' && buf[i] != '\\' {
				i++
			}
			if i > 0 {
				if keep && !cut {
					k := min(i, limit-n)
					b.Write(buf[:k])
					n += k
					p.budget.Add(-int64(k))
					cut = k < i
				}
				p.rd.Discard(i)
				p.count(int64(i))
				continue
			}
		}
		c, err := p.next()
		if err != nil {
			return nil, err
		}
		switch {
		case c == '"':
			if high != 0 {
				high = 0
				add1(&b, &n, &cut, keep, limit, 0xFFFD, p)
			}
			if !keep {
				return nil, nil
			}
			s := b.String()
			if cut {
				p.clip(fmt.Sprintf("a string cut to its first %d bytes", limit))
				if p.strClipped == nil {
					p.strClipped = map[string]bool{}
				}
				p.strClipped[s] = true
			}
			return s, nil
		case c < 0x20:
			return nil, fmt.Errorf("bad control character in string literal")
		case c == '\\':
			e, err := p.next()
			if err != nil {
				return nil, err
			}
			switch e {
			case '"', '\\', '/':
				add(e)
			case 'b':
				add('\b')
			case 'f':
				add('\f')
			case 'n':
				add('\n')
			case 'r':
				add('\r')
			case 't':
				add('\t')
			case 'u':
				var hex [4]rune
				for i := range hex {
					if hex[i], err = p.next(); err != nil {
						return nil, err
					}
				}
				u, perr := strconv.ParseUint(string(hex[:]), 16, 32)
				if perr != nil {
					return nil, fmt.Errorf("bad Unicode escape in JSON")
				}
				add(rune(u))
			default:
				return nil, fmt.Errorf("bad escaped character in JSON")
			}
		default:
			add(c)
		}
	}
}

// add1 appends r to b while the string is within limit (and the budget,
// which strings spend too).
func add1(b *strings.Builder, n *int, cut *bool, keep bool, limit int, r rune, p *jsonStream) {
	if !keep || *cut {
		return
	}
	size := utf8.RuneLen(r)
	if *n+size > limit {
		*cut = true
		return
	}
	*n += size
	p.budget.Add(-int64(size))
	b.WriteRune(r)
}

// number reads a JSON number; more than 4096 characters are read and
// dropped (the kept digits give the value, cut).
func (p *jsonStream) number() (any, error) {
	var b strings.Builder
	long := false
	put := func(c rune) {
		if b.Len() < 4096 {
			b.WriteRune(c)
		} else {
			long = true
		}
	}
	c, err := p.next()
	if err != nil {
		return nil, err
	}
	if c == '-' {
		put(c)
		if c, err = p.next(); err != nil {
			return nil, err
		}
	}
	digits := func(first rune, need bool) (rune, error) {
		c := first
		n := 0
		for c >= '0' && c <= '9' {
			put(c)
			n++
			var err error
			if c, err = p.next(); err != nil {
				if errors.Is(err, io.EOF) && n > 0 {
					return -1, nil
				}
				return 0, err
			}
		}
		if need && n == 0 {
			return 0, fmt.Errorf("no number after minus sign, decimal point or exponent in JSON")
		}
		return c, nil
	}
	switch {
	case c == '0':
		put(c)
		if c, err = p.next(); err != nil {
			c = -1
		}
	case c >= '1' && c <= '9':
		if c, err = digits(c, true); err != nil {
			return nil, err
		}
	default:
		return nil, fmt.Errorf("no number after minus sign in JSON")
	}
	if c == '.' {
		put(c)
		if c, err = p.next(); err != nil {
			return nil, err
		}
		if c, err = digits(c, true); err != nil {
			return nil, err
		}
	}
	if c == 'e' || c == 'E' {
		put(c)
		if c, err = p.next(); err != nil {
			return nil, err
		}
		if c == '+' || c == '-' {
			put(c)
			if c, err = p.next(); err != nil {
				return nil, err
			}
		}
		if c, err = digits(c, true); err != nil {
			return nil, err
		}
	}
	if c != -1 {
		p.unread()
	}
	if long {
		p.clip("a number cut to its first 4096 characters")
	}
	f, err := strconv.ParseFloat(b.String(), 64)
	if err != nil && !errors.Is(err, strconv.ErrRange) {
		return nil, err
	}
	return f, nil
}

// streams are a hook's two outStreams and what stops the hook when one
// passes Gemini's string limit.
type streams struct {
	out, err *outStream
	overOnce sync.Once
	overCh   chan struct{}
}

func newStreams(max int, budget *atomic.Int64, maxUnits int64) *streams {
	s := &streams{overCh: make(chan struct{})}
	over := func() { s.overOnce.Do(func() { close(s.overCh) }) }
	s.out = newOutStream(max, budget, maxUnits, over)
	s.err = newOutStream(max, budget, maxUnits, over)
	return s
}
