package config

import (
	"cmp"
	"slices"
	"strings"
)

// Severity ranks a Problem.
type Severity string

// Severities, most severe first.
const (
	SevError   Severity = "error"
	SevWarning Severity = "warning"
	SevInfo    Severity = "info"
)

func (s Severity) rank() int {
	switch s {
	case SevError:
		return 0
	case SevWarning:
		return 1
	}
	return 2
}

// Problem is one diagnostic about a file, with its position. Line and
// Column are 1-based; Pointer is an RFC 6901 pointer into the file.
type Problem struct {
	Severity Severity `json:"severity"`
	Code     string   `json:"code"`
	Path     string   `json:"path"`
	Pointer  string   `json:"pointer"`
	Line     int      `json:"line"`
	Column   int      `json:"column"`
	Message  string   `json:"message"`
	Hint     string   `json:"hint"`
}

// At builds a Problem positioned at pointer in d (at the nearest existing
// ancestor when the pointer does not exist).
func (d *Document) At(pointer string, sev Severity, code, msg, hint string) Problem {
	line, col := d.PositionOf(pointer)
	return Problem{Severity: sev, Code: code, Path: d.Path, Pointer: pointer, Line: line, Column: col, Message: msg, Hint: hint}
}

// FromParseError turns a ParseError into an error Problem.
func FromParseError(e *ParseError) Problem {
	return Problem{Severity: SevError, Code: e.Code, Path: e.Path, Line: e.Line, Column: e.Column, Message: e.Msg, Hint: e.Hint}
}

// MoreProblems are the problems of the further errors of a ParseError
// (e.More), each as FromParseError makes the first.
func MoreProblems(e *ParseError) []Problem {
	var ps []Problem
	for _, m := range e.More {
		p := FromParseError(e)
		p.Line, p.Column = m.Line, m.Column
		ps = append(ps, p)
	}
	return ps
}

// SortProblems orders problems most severe first, then by file, line,
// column and code, so output is stable.
func SortProblems(ps []Problem) {
	if len(ps) < 2 {
		return
	}
	// The sort moves indexes, and the problems move once at the end: a
	// Problem is a dozen words, and a stable sort moves its elements many
	// times (for 50 problems that was most of the checks' time).
	order := make([]int, len(ps))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(i, j int) int {
		a, b := &ps[i], &ps[j]
		if c := cmp.Compare(a.Severity.rank(), b.Severity.rank()); c != 0 {
			return c
		}
		if c := strings.Compare(a.Path, b.Path); c != 0 {
			return c
		}
		if c := cmp.Compare(a.Line, b.Line); c != 0 {
			return c
		}
		if c := cmp.Compare(a.Column, b.Column); c != 0 {
			return c
		}
		return strings.Compare(a.Code, b.Code)
	})
	sorted := make([]Problem, len(ps))
	for k, i := range order {
		sorted[k] = ps[i]
	}
	copy(ps, sorted)
}
