//go:build unix

package gemini

import (
	"os"
	"syscall"
)

// openNoBlock opens p for reading with O_NONBLOCK, so that opening a FIFO
// returns at once instead of waiting for a writer.
func openNoBlock(p string) (*os.File, error) {
	return os.OpenFile(p, os.O_RDONLY|syscall.O_NONBLOCK, 0)
}
