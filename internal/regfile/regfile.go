// Package regfile reads a file that someone else controls (a file of a
// cloned repository, a cache another user can write to) without letting it
// hang or swamp gh-hooks. A FIFO planted where a file is expected blocks a
// plain open until a writer comes, and reading it or a device such as
// /dev/zero never ends; a huge file costs memory and time. So a file is
// opened without blocking (O_NONBLOCK, and O_NOCTTY so that a terminal
// does not become the controlling one), checked on the open descriptor
// (what is checked is what is read, even if the path is swapped after a
// check), refused unless it is a regular file no larger than a limit, and
// read at most one byte past the limit, so that a file growing while it is
// read is refused too.
//
// Errors name what is wrong in their own words (*NotRegularError,
// *TooLargeError); callers map them to their own messages and hints.
package regfile

import (
	"bytes"
	"fmt"
	"io"
	"io/fs"
	"os"
	"syscall"
)

// flags open a file for reading without blocking on a FIFO or taking a
// terminal as the controlling one. (On Windows, where there are no FIFOs
// in the file system, the syscall package defines both and os ignores
// them.)
const flags = os.O_RDONLY | syscall.O_NONBLOCK | syscall.O_NOCTTY

// Open opens path for reading without blocking, following links.
func Open(path string) (*os.File, error) {
	return os.OpenFile(path, flags, 0)
}

// OpenIn opens name inside root for reading without blocking; root
// refuses a name or link that leads out of it.
func OpenIn(root *os.Root, name string) (*os.File, error) {
	return root.OpenFile(name, flags, 0)
}

// NotRegularError is the error for a file that is not a regular file: a
// directory, a FIFO, a socket, a device.
type NotRegularError struct {
	Mode fs.FileMode
}

func (e *NotRegularError) Error() string {
	if e.Mode.IsDir() {
		return "is a directory"
	}
	return "not a regular file but " + Kind(e.Mode)
}

// TooLargeError is the error for a regular file larger than the limit.
// Grew says it was no larger when checked but grew while it was read: then
// Size is what was read, one byte past the limit, not the file's size.
type TooLargeError struct {
	Size, Limit int64
	Grew        bool
}

func (e *TooLargeError) Error() string {
	if e.Grew {
		return fmt.Sprintf("more than %d bytes (it grew while read)", e.Limit)
	}
	return fmt.Sprintf("%d bytes, more than %d", e.Size, e.Limit)
}

// Stat checks the open file f: it returns its FileInfo when it is a
// regular file of at most limit bytes (any size when limit < 0), a
// *NotRegularError or *TooLargeError otherwise, or the error of the fstat.
func Stat(f *os.File, limit int64) (fs.FileInfo, error) {
	fi, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		return nil, &NotRegularError{Mode: fi.Mode()}
	}
	if limit >= 0 && fi.Size() > limit {
		return nil, &TooLargeError{Size: fi.Size(), Limit: limit}
	}
	return fi, nil
}

// Copy writes f, checked with Stat, to w: at most limit bytes, reading
// one byte more to see whether it grew, which is a *TooLargeError with
// Grew. An error of f's Read or w's Write is returned as it is.
func Copy(w io.Writer, f *os.File, limit int64) (fs.FileInfo, error) {
	fi, err := Stat(f, limit)
	if err != nil {
		return nil, err
	}
	n, err := io.Copy(w, io.LimitReader(f, limit+1))
	if err != nil {
		return nil, err
	}
	if n > limit {
		return nil, &TooLargeError{Size: n, Limit: limit, Grew: true}
	}
	return fi, nil
}

// Read reads f, checked with Stat, whole: at most limit bytes, reading
// one byte more to see whether it grew, which is a *TooLargeError with
// Grew. An error of f's Read is returned as it is.
func Read(f *os.File, limit int64) ([]byte, fs.FileInfo, error) {
	fi, err := Stat(f, limit)
	if err != nil {
		return nil, nil, err
	}
	// One buffer of the size fstat gave and the read that sees the end:
	// io.ReadAll grew one from 512 bytes (three for a settings file of a
	// few KB, four of each effective).
	var b bytes.Buffer
	b.Grow(int(fi.Size()) + bytes.MinRead)
	if _, err := b.ReadFrom(io.LimitReader(f, limit+1)); err != nil {
		return nil, nil, err
	}
	data := b.Bytes()
	if int64(len(data)) > limit {
		return nil, nil, &TooLargeError{Size: int64(len(data)), Limit: limit, Grew: true}
	}
	return data, fi, nil
}

// Head reads the first n bytes of f, a regular file of any size (checked
// with Stat), or all of a shorter one: for telling what a file is from
// its beginning.
func Head(f *os.File, n int64) ([]byte, fs.FileInfo, error) {
	fi, err := Stat(f, -1)
	if err != nil {
		return nil, nil, err
	}
	data, err := io.ReadAll(io.LimitReader(f, n))
	if err != nil {
		return nil, nil, err
	}
	return data, fi, nil
}

// Kind names a file type for messages: "a directory", "a named pipe
// (FIFO)", "a socket", "a character device", "a device", "a symbolic
// link", "a regular file", or "a special file" for anything else.
func Kind(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "a directory"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe (FIFO)"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeCharDevice != 0:
		return "a character device"
	case m&fs.ModeDevice != 0:
		return "a device"
	case m&fs.ModeSymlink != 0:
		return "a symbolic link"
	case m.IsRegular():
		return "a regular file"
	}
	return "a special file"
}
