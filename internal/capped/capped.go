// Package capped keeps the first bytes of a stream up to a bound and
// counts the rest, so that a process printing without end costs bounded
// memory while it is still read to the end (a writer whose pipe is not
// read blocks, which changes what it does).
package capped

import "unicode/utf8"

// Buffer is an io.Writer that keeps the first Max bytes written to it
// and drops the rest, remembering how many bytes it saw and whether any
// dropped byte was other than JSON whitespace (space, tab, CR, LF). Its
// Write never fails. The zero value keeps nothing; set Max first. A
// Buffer is not safe for concurrent writes.
type Buffer struct {
	// Max is the number of bytes kept.
	Max int

	b        []byte
	n        int64
	tailText bool
}

// Write keeps what fits below Max and counts everything.
func (c *Buffer) Write(p []byte) (int, error) {
	n := len(p)
	c.n += int64(n)
	room := c.Max - len(c.b)
	if room > 0 {
		k := min(room, len(p))
		c.b = append(c.b, p[:k]...)
		p = p[k:]
	}
	if !c.tailText {
		for _, b := range p {
			if b != ' ' && b != '\t' && b != '\r' && b != '\n' {
				c.tailText = true
				break
			}
		}
	}
	return n, nil
}

// Bytes returns the kept bytes. When the stream was cut, an incomplete
// UTF-8 sequence at the cut is left out, so that the kept text does not
// end in a replacement character the stream does not have.
func (c *Buffer) Bytes() []byte {
	if !c.Cut() {
		return c.b
	}
	b := c.b
	for i := 1; i <= utf8.UTFMax-1 && i <= len(b); i++ {
		if utf8.RuneStart(b[len(b)-i]) {
			if !utf8.FullRune(b[len(b)-i:]) {
				b = b[:len(b)-i]
			}
			break
		}
	}
	return b
}

// Len is the number of bytes written, kept or not.
func (c *Buffer) Len() int64 { return c.n }

// Cut reports whether bytes were dropped.
func (c *Buffer) Cut() bool { return c.n > int64(len(c.b)) }

// TailText reports whether a dropped byte was not JSON whitespace: when
// it is false, the kept bytes trimmed of whitespace are the whole stream
// trimmed of whitespace.
func (c *Buffer) TailText() bool { return c.tailText }

// Raw returns the kept bytes as written: the first Max bytes of the
// stream when it was cut, an incomplete UTF-8 sequence at the cut
// included. The slice must not be changed.
func (c *Buffer) Raw() []byte { return c.b }
