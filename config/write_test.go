package config

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// appendHook is the fn of an Update that appends a hook named name to
// /hooks/BeforeTool.
func appendHook(name string) func(*Document) ([]byte, error) {
	return func(d *Document) ([]byte, error) {
		e := d.Edit()
		if err := e.Append("/hooks/BeforeTool", Ordered{{"hooks", []any{Ordered{{"name", name}, {"type", "command"}, {"command", "true"}}}}}); err != nil {
			return nil, err
		}
		return e.Bytes()
	}
}

// hookNames returns the hook names under /hooks/BeforeTool of the file.
func hookNames(t *testing.T, path string) []string {
	t.Helper()
	d, err := ReadFile(path, Options{})
	if err != nil {
		t.Fatalf("file does not parse: %v", err)
	}
	var names []string
	for _, g := range d.Root.Lookup("/hooks/BeforeTool").Items {
		names = append(names, g.Lookup("/hooks/0/name").Str)
	}
	return names
}

const original = "{\n  // keep me\n  \"ui\": {\"theme\": \"dark\"}\n}"

func TestUpdate(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "settings.json")
	if err := os.WriteFile(path, []byte(original), 0o600); err != nil {
		t.Fatal(err)
	}
	ch, err := Update(path, appendHook("a"), WriteOptions{})
	if err != nil {
		t.Fatal(err)
	}
	want := "{\n  // keep me\n  \"ui\": {\"theme\": \"dark\"},\n  \"hooks\": {\n    \"BeforeTool\": [\n      {\n        \"hooks\": [\n          {\n            \"name\": \"a\",\n            \"type\": \"command\",\n            \"command\": \"true\"\n          }\n        ]\n      }\n    ]\n  }\n}"
	got, _ := os.ReadFile(path)
	if diff := cmp.Diff(want, string(got)); diff != "" {
		t.Errorf("file (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(Change{Path: path, Target: path, Existed: true, Old: []byte(original), New: []byte(want), Written: true}, ch); diff != "" {
		t.Errorf("change (-want +got):\n%s", diff)
	}
	if fi, _ := os.Stat(path); fi.Mode().Perm() != 0o600 {
		t.Errorf("mode %v, want 0600 kept", fi.Mode().Perm())
	}
	// Unchanged content is not written.
	ch, err = Update(path, func(d *Document) ([]byte, error) { return d.Data, nil }, WriteOptions{})
	if err != nil || ch.Written || ch.Changed() {
		t.Errorf("no-op update: written=%v changed=%v err=%v", ch.Written, ch.Changed(), err)
	}
	leftovers, _ := filepath.Glob(filepath.Join(dir, ".settings.json.tmp-*"))
	if len(leftovers) != 0 {
		t.Errorf("temp files left: %v", leftovers)
	}
}

func TestUpdateNewFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "proj", ".gemini", "settings.json")
	ch, err := Update(path, func(d *Document) ([]byte, error) {
		if d != nil {
			t.Errorf("doc for missing file = %v, want nil", d)
		}
		return appendHook("a")(d)
	}, WriteOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if ch.Existed || !ch.Written {
		t.Errorf("change existed=%v written=%v", ch.Existed, ch.Written)
	}
	fi, _ := os.Stat(path)
	di, _ := os.Stat(filepath.Dir(path))
	if diff := cmp.Diff([2]fs.FileMode{0o644, 0o755 | fs.ModeDir}, [2]fs.FileMode{fi.Mode(), di.Mode()}); diff != "" {
		t.Errorf("modes (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"a"}, hookNames(t, path)); diff != "" {
		t.Errorf("hooks (-want +got):\n%s", diff)
	}
	if got, want := ch.Diff(), "--- /dev/null\n+++ b/"+strings.TrimPrefix(filepath.ToSlash(path), "/")+"\n@@ -0,0 +1,15 @@\n+{\n"; !strings.HasPrefix(got, want) {
		t.Errorf("diff %q does not start with %q", got, want)
	}
}

func TestUpdateDryRun(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "settings.json")
	os.WriteFile(path, []byte(original), 0o644)
	ch, err := Update(path, appendHook("a"), WriteOptions{DryRun: true})
	if err != nil {
		t.Fatal(err)
	}
	got, _ := os.ReadFile(path)
	if string(got) != original || ch.Written || !ch.Changed() || string(ch.Old) != original {
		t.Errorf("dry run wrote or lost the change: written=%v changed=%v", ch.Written, ch.Changed())
	}
	if _, err := os.Stat(filepath.Join(dir, ".settings.json.lock")); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("dry run created the lock file: %v", err)
	}
	// A dry run on a missing file in a missing directory creates nothing.
	missing := filepath.Join(dir, "nope", "settings.json")
	if _, err := Update(missing, appendHook("a"), WriteOptions{DryRun: true}); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Dir(missing)); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("dry run created the directory")
	}
}

func TestUpdateRefuses(t *testing.T) {
	tests := []struct {
		name    string
		content string
		mode    fs.FileMode
		dirMode fs.FileMode
		fn      func(*Document) ([]byte, error)
		want    string
		wantErr error
	}{
		{"file does not parse", "{\"a\": 1,}", 0o644, 0o755, appendHook("a"),
			"DIR/settings.json:1:8: trailing comma, which Gemini CLI rejects (JSON.parse does not allow it)", nil},
		{"new content does not parse", original, 0o644, 0o755, func(*Document) ([]byte, error) { return []byte("{"), nil },
			"DIR/settings.json: refusing to write content that does not parse (bug in gh-hooks): DIR/settings.json:1:2: invalid JSON: parsing value: unexpected EOF", nil},
		{"read-only file", original, 0o444, 0o755, appendHook("a"),
			"DIR/settings.json: cannot write: file is read-only (mode 0444)", ErrReadOnly},
		{"read-only directory", original, 0o644, 0o555, appendHook("a"),
			"DIR/settings.json: cannot write: directory DIR is read-only (mode 0555)", ErrReadOnly},
		{"full disk", original, 0o644, 0o755, appendHook("a"),
			"DIR/settings.json: cannot write: write: no space left on device", syscall.ENOSPC},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "settings.json")
			if err := os.WriteFile(path, []byte(tt.content), tt.mode); err != nil {
				t.Fatal(err)
			}
			os.Chmod(dir, tt.dirMode)
			t.Cleanup(func() { os.Chmod(dir, 0o755) })
			opts := WriteOptions{}
			if tt.name == "full disk" {
				opts.wrap = func(w io.Writer) io.Writer { return fullDisk{w, 10} }
			}
			_, err := Update(path, tt.fn, opts)
			if err == nil {
				t.Fatal("no error")
			}
			got := filepath.ToSlash(err.Error())
			got = strings.ReplaceAll(got, filepath.ToSlash(dir), "DIR")
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("error (-want +got):\n%s", diff)
			}
			if tt.wantErr != nil && !errors.Is(err, tt.wantErr) {
				t.Errorf("%v does not wrap %v", err, tt.wantErr)
			}
			var we *WriteError
			if errors.As(err, &we) && we.Hint == "" {
				t.Errorf("write error without a hint")
			}
			data, _ := os.ReadFile(path)
			if string(data) != tt.content {
				t.Errorf("file changed to %q", data)
			}
			leftovers, _ := filepath.Glob(filepath.Join(dir, ".settings.json.tmp-*"))
			if len(leftovers) != 0 {
				t.Errorf("temp files left: %v", leftovers)
			}
		})
	}
}

// fullDisk accepts n bytes, then fails like a full disk.
type fullDisk struct {
	w io.Writer
	n int
}

func (f fullDisk) Write(p []byte) (int, error) {
	if len(p) <= f.n {
		return f.w.Write(p)
	}
	n, _ := f.w.Write(p[:f.n])
	return n, fmt.Errorf("write: %w", syscall.ENOSPC)
}

func TestUpdateSymlink(t *testing.T) {
	dir := t.TempDir()
	real := filepath.Join(dir, "dotfiles", "settings.json")
	os.MkdirAll(filepath.Dir(real), 0o755)
	os.WriteFile(real, []byte(original), 0o640)
	link := filepath.Join(dir, "settings.json")
	if err := os.Symlink(filepath.Join("dotfiles", "settings.json"), link); err != nil {
		t.Fatal(err)
	}
	ch, err := Update(link, appendHook("a"), WriteOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if ch.Target != real {
		t.Errorf("target %s, want %s", ch.Target, real)
	}
	if fi, _ := os.Lstat(link); fi.Mode()&fs.ModeSymlink == 0 {
		t.Errorf("link replaced by a file")
	}
	if fi, _ := os.Stat(real); fi.Mode().Perm() != 0o640 {
		t.Errorf("target mode %v", fi.Mode().Perm())
	}
	if diff := cmp.Diff([]string{"a"}, hookNames(t, real)); diff != "" {
		t.Errorf("hooks (-want +got):\n%s", diff)
	}
}

func TestUpdateConcurrentGoroutines(t *testing.T) {
	path := filepath.Join(t.TempDir(), "settings.json")
	os.WriteFile(path, []byte(original), 0o644)
	var wg sync.WaitGroup
	want := map[string]bool{}
	for i := range 20 {
		name := "hook-" + strconv.Itoa(i)
		want[name] = true
		wg.Add(1)
		go func() {
			defer wg.Done()
			if _, err := Update(path, appendHook(name), WriteOptions{}); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	got := map[string]bool{}
	for _, n := range hookNames(t, path) {
		got[n] = true
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("hooks (-want +got):\n%s", diff)
	}
}

// The child-process side of the multi-process tests: the test binary is
// re-executed with GH_HOOKS_WRITE_CHILD set to a mode.
func TestMain(m *testing.M) {
	switch os.Getenv("GH_HOOKS_WRITE_CHILD") {
	case "append":
		if _, err := Update(os.Getenv("GH_HOOKS_PATH"), appendHook(os.Getenv("GH_HOOKS_NAME")), WriteOptions{}); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		os.Exit(0)
	case "hang":
		// Write the temp file, say so, then block before the rename until
		// killed. Not select {}: with no other goroutine the runtime ends
		// that at once as a deadlock, which released the lock before the
		// test could stop the child (TestUpdateLockHeld failed under load).
		_, err := Update(os.Getenv("GH_HOOKS_PATH"), appendHook("never"), WriteOptions{beforeRename: func(string) error {
			fmt.Println("ready")
			for {
				time.Sleep(time.Hour)
			}
		}})
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	os.Exit(m.Run())
}

func child(t *testing.T, mode, path, name string) *exec.Cmd {
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), "GH_HOOKS_WRITE_CHILD="+mode, "GH_HOOKS_PATH="+path, "GH_HOOKS_NAME="+name)
	return cmd
}

func TestUpdateConcurrentProcesses(t *testing.T) {
	path := filepath.Join(t.TempDir(), "settings.json")
	os.WriteFile(path, []byte(original), 0o644)
	var cmds []*exec.Cmd
	want := map[string]bool{}
	for i := range 20 {
		name := "proc-" + strconv.Itoa(i)
		want[name] = true
		cmd := child(t, "append", path, name)
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		cmds = append(cmds, cmd)
	}
	for _, c := range cmds {
		if err := c.Wait(); err != nil {
			t.Errorf("child: %v", err)
		}
	}
	got := map[string]bool{}
	for _, n := range hookNames(t, path) {
		got[n] = true
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("hooks (-want +got):\n%s", diff)
	}
}

func TestUpdateKilledMidWrite(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "settings.json")
	os.WriteFile(path, []byte(original), 0o644)
	cmd := child(t, "hang", path, "")
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	line, err := bufio.NewReader(out).ReadString('\n')
	if err != nil || line != "ready\n" {
		t.Fatalf("child did not reach the rename: %q %v", line, err)
	}
	cmd.Process.Signal(syscall.SIGKILL)
	cmd.Wait()
	got, _ := os.ReadFile(path)
	if diff := cmp.Diff(original, string(got)); diff != "" {
		t.Errorf("file after crash (-want +got):\n%s", diff)
	}
	// The lock died with the child: the next update goes through.
	if _, err := Update(path, appendHook("after"), WriteOptions{}); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"after"}, hookNames(t, path)); diff != "" {
		t.Errorf("hooks (-want +got):\n%s", diff)
	}
}
