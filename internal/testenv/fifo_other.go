//go:build !unix

package testenv

import (
	"errors"
	"os"
)

// Mkfifo returns errors.ErrUnsupported: this system has no FIFOs in its
// file system.
func Mkfifo(string, os.FileMode) error { return errors.ErrUnsupported }
