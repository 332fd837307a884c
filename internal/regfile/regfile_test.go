package regfile

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gh-hooks/gh-hooks/internal/testenv"
	"github.com/google/go-cmp/cmp"
)

// result is what a read gave, in a form go-cmp compares.
type result struct {
	Data       string
	Size       int64 // of the FileInfo returned, -1 without one
	Err        string
	NotRegular *NotRegularError
	TooLarge   *TooLargeError
}

func resultOf(data []byte, fi fs.FileInfo, err error) result {
	r := result{Data: string(data), Size: -1}
	if fi != nil {
		r.Size = fi.Size()
	}
	if err != nil {
		r.Err = err.Error()
	}
	var nr *NotRegularError
	if errors.As(err, &nr) {
		// The type only: permissions vary (umask, the system's /dev).
		r.NotRegular = &NotRegularError{Mode: nr.Mode.Type()}
	}
	errors.As(err, &r.TooLarge)
	return r
}

func TestRead(t *testing.T) {
	// mk makes the file to read in dir and returns its path, or skips.
	type mk func(t *testing.T, dir string) string
	file := func(content string) mk {
		return func(t *testing.T, dir string) string {
			p := filepath.Join(dir, "f")
			if err := os.WriteFile(p, []byte(content), 0o600); err != nil {
				t.Fatal(err)
			}
			return p
		}
	}
	fifo := func(t *testing.T, dir string) string {
		p := filepath.Join(dir, "fifo")
		if err := testenv.Mkfifo(p, 0o600); err != nil {
			t.Skipf("mkfifo: %v", err)
		}
		return p
	}
	existing := func(p string) mk {
		return func(t *testing.T, _ string) string {
			if _, err := os.Stat(p); err != nil {
				t.Skipf("%s: %v", p, err)
			}
			return p
		}
	}
	tests := []struct {
		name  string
		mk    mk
		head  bool // Head(f, limit) instead of Read(f, limit)
		limit int64
		want  result
	}{
		{name: "regular file", mk: file("hello"), limit: 5, want: result{Data: "hello", Size: 5}},
		{name: "empty file", mk: file(""), limit: 5, want: result{Size: 0}},
		{
			name: "over the limit", mk: file("hello!"), limit: 5,
			want: result{Size: -1, Err: "6 bytes, more than 5", TooLarge: &TooLargeError{Size: 6, Limit: 5}},
		},
		{
			name: "symlink to a regular file",
			mk: func(t *testing.T, dir string) string {
				p := file("linked")(t, dir)
				l := filepath.Join(dir, "link")
				if err := os.Symlink(p, l); err != nil {
					t.Skipf("symlink: %v", err)
				}
				return l
			},
			limit: 100, want: result{Data: "linked", Size: 6},
		},
		{
			name:  "fifo",
			mk:    fifo,
			limit: 100,
			want: result{Size: -1, Err: "not a regular file but a named pipe (FIFO)",
				NotRegular: &NotRegularError{Mode: fs.ModeNamedPipe}},
		},
		{
			name: "directory", mk: func(t *testing.T, dir string) string { return dir }, limit: 100,
			want: result{Size: -1, Err: "is a directory", NotRegular: &NotRegularError{Mode: fs.ModeDir}},
		},
		{
			name: "device", mk: existing("/dev/null"), limit: 100,
			want: result{Size: -1, Err: "not a regular file but a character device",
				NotRegular: &NotRegularError{Mode: fs.ModeDevice | fs.ModeCharDevice}},
		},
		{
			// A regular file whose fstat says 0 bytes but whose read gives
			// more: what a file growing after the check looks like.
			name: "grew while read", mk: existing("/proc/self/status"), limit: 10,
			want: result{Size: -1, Err: "more than 10 bytes (it grew while read)",
				TooLarge: &TooLargeError{Size: 11, Limit: 10, Grew: true}},
		},
		{name: "head of a larger file", mk: file("hello, world"), head: true, limit: 5, want: result{Data: "hello", Size: 12}},
		{name: "head of a shorter file", mk: file("hi"), head: true, limit: 5, want: result{Data: "hi", Size: 2}},
		{
			name: "head of a fifo",
			mk:   fifo,
			head: true, limit: 5,
			want: result{Size: -1, Err: "not a regular file but a named pipe (FIFO)",
				NotRegular: &NotRegularError{Mode: fs.ModeNamedPipe}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := tt.mk(t, t.TempDir())
			f, err := Open(p)
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			var got result
			if tt.head {
				got = resultOf(Head(f, tt.limit))
			} else {
				got = resultOf(Read(f, tt.limit))
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

func TestCopy(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "f")
	if err := os.WriteFile(p, []byte("streamed"), 0o600); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name  string
		limit int64
		want  result
	}{
		{name: "within the limit", limit: 8, want: result{Data: "streamed", Size: 8}},
		{name: "over the limit", limit: 7, want: result{Size: -1, Err: "8 bytes, more than 7", TooLarge: &TooLargeError{Size: 8, Limit: 7}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, err := Open(p)
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			var b bytes.Buffer
			fi, err := Copy(&b, f, tt.limit)
			if diff := cmp.Diff(tt.want, resultOf(b.Bytes(), fi, err)); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

func TestOpenIn(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "in"), []byte("inside"), 0o600); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "out")
	if err := os.WriteFile(out, []byte("outside"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(out, filepath.Join(dir, "link")); err != nil {
		t.Skipf("symlink: %v", err)
	}
	root, err := os.OpenRoot(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer root.Close()
	f, err := OpenIn(root, "in")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	data, _, err := Read(f, 100)
	if diff := cmp.Diff(result{Data: "inside", Size: -1}, resultOf(data, nil, err)); diff != "" {
		t.Errorf("inside (-want +got):\n%s", diff)
	}
	if f, err := OpenIn(root, "link"); err == nil {
		f.Close()
		t.Fatal("OpenIn followed a link out of the root")
	} else if !strings.Contains(err.Error(), "path escapes from parent") {
		t.Errorf("link out: %v, want a path escapes from parent error", err)
	}
}

func TestKind(t *testing.T) {
	tests := []struct {
		mode fs.FileMode
		want string
	}{
		{0o644, "a regular file"},
		{fs.ModeDir | 0o755, "a directory"},
		{fs.ModeNamedPipe, "a named pipe (FIFO)"},
		{fs.ModeSocket, "a socket"},
		{fs.ModeDevice | fs.ModeCharDevice, "a character device"},
		{fs.ModeDevice, "a device"},
		{fs.ModeSymlink, "a symbolic link"},
		{fs.ModeIrregular, "a special file"},
	}
	for _, tt := range tests {
		if got := Kind(tt.mode); got != tt.want {
			t.Errorf("Kind(%v) = %q, want %q", tt.mode, got, tt.want)
		}
	}
}
