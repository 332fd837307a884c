//go:build unix

package testenv

import (
	"os"
	"syscall"
)

// Mkfifo makes a named pipe at path, which tests plant where a file is
// expected (a FIFO blocks a plain open until a writer comes); on a system
// without FIFOs it returns an error, and the test skips.
func Mkfifo(path string, mode os.FileMode) error { return syscall.Mkfifo(path, uint32(mode.Perm())) }
