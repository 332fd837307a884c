package edit

import (
	"errors"
	"fmt"

	"github.com/gh-hooks/gh-hooks/config"
)

// Sentinels wrapped by *Error.
var (
	// ErrInvalid is a hook or name that Gemini would reject or
	// misread (unknown event, bad matcher, bad timeout...).
	ErrInvalid = errors.New("invalid hook")
	// ErrDuplicate is a hook whose name:command already exists for the
	// event in the same file (Gemini would run it once, spec §3.7).
	ErrDuplicate = errors.New("duplicate hook")
	// ErrShape is a file whose content has the wrong JSON type where the
	// edit must go ("hooks" is an array, hooksConfig.disabled a string...).
	ErrShape = errors.New("unexpected value in settings file")
)

// Error is an edit that was refused. The message starts with the
// position when there is one; Hint says how to fix it.
type Error struct {
	Kind error
	Msg  string
	Hint string
}

// Error returns the message, which starts with path:line:col when known.
func (e *Error) Error() string { return e.Msg }

// Unwrap returns the sentinel (ErrInvalid, ErrDuplicate or ErrShape).
func (e *Error) Unwrap() error { return e.Kind }

func invalid(hint, format string, a ...any) *Error {
	return &Error{Kind: ErrInvalid, Msg: fmt.Sprintf(format, a...), Hint: hint}
}

// at renders "path:line:col" for a node of doc.
func at(doc *config.Document, n *config.Node) string {
	if doc == nil || n == nil {
		return "settings"
	}
	line, col := doc.Position(n.Offset)
	path := doc.Path
	if path == "" {
		path = "settings"
	}
	return fmt.Sprintf("%s:%d:%d", path, line, col)
}

func shapeErr(doc *config.Document, n *config.Node, what, hint string) *Error {
	return &Error{Kind: ErrShape, Msg: fmt.Sprintf("%s: %s is %s: gh-hooks will not edit it", at(doc, n), what, n.Kind), Hint: hint}
}
