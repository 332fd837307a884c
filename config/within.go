package config

import (
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/gh-hooks/gh-hooks/internal/regfile"
)

// This file reads files that a repository or a plugin controls without
// following a symbolic link out of it: a planted
// .claude/commands/notes.md -> ~/.ssh/id_ed25519 must not be read, let
// alone copied into the repository (issue 24 §4). The confinement is the
// one of WriteOptions.Within: every link on the way is resolved inside an
// os.Root opened on the directory, and the first one that leads out is
// reported as an *OutsideError naming it and its target.

// CheckWithin reports whether path can be reached inside within without
// leaving it: nil, or an *OutsideError for the link (or the path itself)
// that leads out. A missing path is inside. within "" allows everything.
func CheckWithin(path, within string) error {
	if within == "" {
		return nil
	}
	root, err := os.OpenRoot(within)
	if err != nil {
		return err
	}
	defer root.Close()
	_, err = resolveWithin(root, within, path)
	return err
}

// ReadRegularWithin is ReadRegular for a file inside within, read through
// an os.Root on it: a link that leads out of within is not followed, and
// the error is an *OutsideError (errors.As) naming the link and its
// target. within "" is ReadRegular.
func ReadRegularWithin(path, within string) ([]byte, error) {
	if within == "" {
		return ReadRegular(path)
	}
	f, err := openWithin(path, within)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return readRegularOpen(f, path)
}

// ReadFileWithin is ReadFile for a file inside within (see
// ReadRegularWithin). within "" is ReadFile.
func ReadFileWithin(path string, opts Options, within string) (*Document, error) {
	if within == "" {
		return ReadFile(path, opts)
	}
	f, err := openWithin(path, within)
	var oe *OutsideError
	if errors.As(err, &oe) {
		return nil, err
	}
	return parseOpen(f, err, path, opts)
}

func openWithin(path, within string) (*os.File, error) {
	root, err := os.OpenRoot(within)
	if err != nil {
		return nil, err
	}
	defer root.Close()
	rel, err := resolveWithin(root, within, path)
	if err != nil {
		return nil, err
	}
	f, err := regfile.OpenIn(root, rel)
	if err != nil && strings.Contains(err.Error(), "path escapes from parent") {
		// A link swapped in since resolveWithin: os.Root refused it.
		return nil, &OutsideError{Within: within, Resolved: path}
	}
	return f, err
}

// Describe is the sentence for a read refused by a link out of the
// directory, for a warning: "LINK is a symbolic link to TARGET, which
// leads out of DIR: not read".
func (e *OutsideError) Describe() string {
	if e.Link == "" {
		return fmt.Sprintf("%s is outside %s: not read", e.Resolved, e.Within)
	}
	return fmt.Sprintf("%s is a symbolic link to %s, which leads out of %s: not read", e.Link, e.Target, e.Within)
}
