package config

import "sort"

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

// SortProblems orders problems most severe first, then by file, line,
// column and code, so output is stable.
func SortProblems(ps []Problem) {
	// By pointer: a Problem is a dozen strings, too big to copy twice
	// per comparison.
	sort.SliceStable(ps, func(i, j int) bool {
		a, b := &ps[i], &ps[j]
		if a.Severity.rank() != b.Severity.rank() {
			return a.Severity.rank() < b.Severity.rank()
		}
		if a.Path != b.Path {
			return a.Path < b.Path
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		if a.Column != b.Column {
			return a.Column < b.Column
		}
		return a.Code < b.Code
	})
}
