package capped

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestBuffer(t *testing.T) {
	type got struct {
		Kept     string
		Len      int64
		Cut      bool
		TailText bool
	}
	tests := []struct {
		name   string
		max    int
		writes []string
		want   got
	}{
		{"fits", 10, []string{"abc", "def"}, got{"abcdef", 6, false, false}},
		{"exactly full", 6, []string{"abc", "def"}, got{"abcdef", 6, false, false}},
		{"cut inside a write", 4, []string{"abc", "def"}, got{"abcd", 6, true, true}},
		{"only whitespace dropped", 3, []string{"abc", " \n\t\r "}, got{"abc", 8, true, false}},
		{"text after whitespace dropped", 3, []string{"abc", "  ", "x"}, got{"abc", 6, true, true}},
		{"zero max keeps nothing", 0, []string{"abc"}, got{"", 3, true, true}},
		// é is two bytes: a cut between them leaves the first out.
		{"cut inside a character", 2, []string{"aé"}, got{"a", 3, true, true}},
		{"cut after a character", 3, []string{"aé", "z"}, got{"aé", 4, true, true}},
		{"cut inside a 4-byte character", 3, []string{"a😀"}, got{"a", 5, true, true}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := &Buffer{Max: tt.max}
			for _, w := range tt.writes {
				if n, err := b.Write([]byte(w)); n != len(w) || err != nil {
					t.Fatalf("Write(%q) = %d, %v; want %d, nil", w, n, err, len(w))
				}
			}
			g := got{string(b.Bytes()), b.Len(), b.Cut(), b.TailText()}
			if diff := cmp.Diff(tt.want, g); diff != "" {
				t.Errorf("(-want +got)\n%s", diff)
			}
		})
	}
}

// TestBufferBounded writes 64 MiB through a 1 KiB buffer: what is kept
// stays at the bound.
func TestBufferBounded(t *testing.T) {
	b := &Buffer{Max: 1 << 10}
	chunk := []byte(strings.Repeat("x", 1<<16))
	for range 1 << 10 {
		b.Write(chunk)
	}
	if len(b.Bytes()) != 1<<10 || cap(b.b) > 1<<12 || b.Len() != 1<<26 {
		t.Errorf("kept %d bytes (capacity %d) of %d; want 1024 of %d", len(b.Bytes()), cap(b.b), b.Len(), 1<<26)
	}
}
