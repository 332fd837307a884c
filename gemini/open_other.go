//go:build !unix

package gemini

import (
	"errors"
	"os"
)

// openNoBlock opens p for reading after checking that it is a regular
// file (there are no FIFOs in the file system here).
func openNoBlock(p string) (*os.File, error) {
	st, err := os.Stat(p)
	if err != nil {
		return nil, err
	}
	if !st.Mode().IsRegular() {
		return nil, errors.New("not a regular file")
	}
	return os.Open(p)
}
