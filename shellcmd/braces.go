package shellcmd

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"mvdan.cc/sh/v3/syntax"
)

// braceWords expands the brace expressions that syntax.SplitBraces marked
// in w into the words bash makes of them (bash(1), "Brace Expansion"):
// ./{evil,good}.sh is ./evil.sh ./good.sh, x{1..3} is x1 x2 x3. It says
// false when there would be more than limit words.
//
// It stands in for mvdan.cc/sh/v3/expand.BracesSeq: package expand imports
// os/user, which links cgo and the C library into every gh-hooks built with
// cgo on (go install's default wherever a C compiler is installed). Started
// dynamically, `gh-hooks --version` took 4.9 ms instead of 3.3 ms and
// `effective --json` 4.0x to 4.5x the floor program instead of 2.5x
// (perf stat -r 20, and BenchmarkProcess, interleaved, on one machine).
func braceWords(w *syntax.Word, limit int) ([]*syntax.Word, bool) {
	words := []*syntax.Word{{}}
	for _, p := range w.Parts {
		br, ok := p.(*syntax.BraceExp)
		if !ok {
			for _, x := range words {
				x.Parts = append(x.Parts, p)
			}
			continue
		}
		var alts []*syntax.Word
		if br.Sequence {
			alts = braceSequence(br)
		} else {
			for _, e := range br.Elems {
				sub, ok := braceWords(e, limit)
				if !ok {
					return nil, false
				}
				alts = append(alts, sub...)
			}
		}
		if len(words)*len(alts) > limit {
			return nil, false
		}
		next := make([]*syntax.Word, 0, len(words)*len(alts))
		for _, x := range words {
			for _, a := range alts {
				parts := append(append([]syntax.WordPart{}, x.Parts...), a.Parts...)
				next = append(next, &syntax.Word{Parts: parts})
			}
		}
		words = next
	}
	return words, true
}

// braceSequence is {x..y[..incr]}: integers (zero-padded when either end
// is, as bash pads them) or single characters; anything else is left as
// written, as bash leaves it.
func braceSequence(br *syntax.BraceExp) []*syntax.Word {
	from, to := br.Elems[0].Lit(), br.Elems[1].Lit()
	incr := 1
	if len(br.Elems) > 2 {
		n, err := strconv.Atoi(br.Elems[2].Lit())
		if err != nil {
			return []*syntax.Word{literalWord("{" + from + ".." + to + ".." + br.Elems[2].Lit() + "}")}
		}
		incr = max(n, -n)
	}
	if incr == 0 {
		incr = 1
	}
	var out []string
	x, errX := strconv.Atoi(from)
	y, errY := strconv.Atoi(to)
	switch {
	case errX == nil && errY == nil:
		width := 0
		if padded(from) || padded(to) {
			width = max(len(from), len(to))
		}
		for n := x; (x <= y && n <= y) || (x > y && n >= y); {
			s := strconv.Itoa(max(n, -n))
			if pad := width - len(s); n < 0 {
				s = "-" + strings.Repeat("0", max(pad-1, 0)) + s
			} else if pad > 0 {
				s = strings.Repeat("0", pad) + s
			}
			out = append(out, s)
			if len(out) > maxBraceWords {
				break
			}
			if x <= y {
				n += incr
			} else {
				n -= incr
			}
		}
	case utf8.RuneCountInString(from) == 1 && utf8.RuneCountInString(to) == 1:
		a, _ := utf8.DecodeRuneInString(from)
		b, _ := utf8.DecodeRuneInString(to)
		for r := a; (a <= b && r <= b) || (a > b && r >= b); {
			out = append(out, string(r))
			if len(out) > maxBraceWords {
				break
			}
			if a <= b {
				r += rune(incr)
			} else {
				r -= rune(incr)
			}
		}
	default:
		return []*syntax.Word{literalWord("{" + from + ".." + to + "}")}
	}
	words := make([]*syntax.Word, len(out))
	for i, s := range out {
		words[i] = literalWord(s)
	}
	return words
}

// padded says whether a sequence end has a leading zero (bash pads then).
func padded(s string) bool {
	s = strings.TrimPrefix(s, "-")
	return len(s) > 1 && s[0] == '0'
}

func literalWord(s string) *syntax.Word {
	return &syntax.Word{Parts: []syntax.WordPart{&syntax.Lit{Value: s}}}
}
