//go:build unix

package config

import (
	"bufio"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/gh-hooks/gh-hooks/internal/testenv"
)

// TestUpdateWithin: a project file whose path leads out of the project
// through a symbolic link is refused, naming the link and its target, and
// nothing outside changes or is created; links that stay inside are
// followed and the real file is named.
func TestUpdateWithin(t *testing.T) {
	tests := []struct {
		name  string
		setup func(t *testing.T, project, outside string)
		// want is the error (PROJECT and OUTSIDE for the temp dirs), or ""
		// for a write that goes through to wantTarget.
		want, wantTarget string
	}{
		{"settings.json links to a user file", func(t *testing.T, p, o string) {
			symlink(t, filepath.Join(o, "settings.json"), filepath.Join(p, ".gemini", "settings.json"))
		}, "PROJECT/.gemini/settings.json: cannot write: PROJECT/.gemini/settings.json is a symbolic link to OUTSIDE/settings.json, outside the project PROJECT", ""},
		{".gemini links to the user's .gemini", func(t *testing.T, p, o string) {
			os.Remove(filepath.Join(p, ".gemini"))
			symlink(t, o, filepath.Join(p, ".gemini"))
		}, "PROJECT/.gemini/settings.json: cannot write: PROJECT/.gemini is a symbolic link to OUTSIDE, outside the project PROJECT", ""},
		{"relative link climbing out", func(t *testing.T, p, o string) {
			symlink(t, "../../outside/settings.json", filepath.Join(p, ".gemini", "settings.json"))
		}, "PROJECT/.gemini/settings.json: cannot write: PROJECT/.gemini/settings.json is a symbolic link to ../../outside/settings.json, outside the project PROJECT", ""},
		{"dangling link to a new directory outside", func(t *testing.T, p, o string) {
			symlink(t, filepath.Join(o, "new", "dir", "settings.json"), filepath.Join(p, ".gemini", "settings.json"))
		}, "PROJECT/.gemini/settings.json: cannot write: PROJECT/.gemini/settings.json is a symbolic link to OUTSIDE/new/dir/settings.json, outside the project PROJECT", ""},
		{"link to a link outside", func(t *testing.T, p, o string) {
			symlink(t, "hop", filepath.Join(p, ".gemini", "settings.json"))
			symlink(t, filepath.Join(o, "settings.json"), filepath.Join(p, ".gemini", "hop"))
		}, "PROJECT/.gemini/settings.json: cannot write: PROJECT/.gemini/hop is a symbolic link to OUTSIDE/settings.json, outside the project PROJECT", ""},
		{"link inside the project is followed", func(t *testing.T, p, o string) {
			os.WriteFile(filepath.Join(p, "shared.json"), []byte(original), 0o644)
			symlink(t, "../shared.json", filepath.Join(p, ".gemini", "settings.json"))
		}, "", "PROJECT/shared.json"},
		{"absolute link into the project is followed", func(t *testing.T, p, o string) {
			mkdirAll(t, filepath.Join(p, "conf"))
			symlink(t, filepath.Join(p, "conf"), filepath.Join(p, ".gemini", "sub"))
			symlink(t, "sub/x.json", filepath.Join(p, ".gemini", "settings.json"))
		}, "", "PROJECT/conf/x.json"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			base := t.TempDir()
			project, outside := filepath.Join(base, "project"), filepath.Join(base, "outside")
			mkdirAll(t, filepath.Join(project, ".gemini"))
			mkdirAll(t, outside)
			os.WriteFile(filepath.Join(outside, "settings.json"), []byte(original), 0o644)
			tt.setup(t, project, outside)
			before := testenv.Tree(t, outside)
			path := filepath.Join(project, ".gemini", "settings.json")
			for _, dry := range []bool{true, false} {
				ch, err := Update(path, appendHook("a"), WriteOptions{Within: project, DryRun: dry})
				clean := func(s string) string {
					return strings.ReplaceAll(strings.ReplaceAll(s, outside, "OUTSIDE"), project, "PROJECT")
				}
				if tt.want != "" {
					var we *WriteError
					var oe *OutsideError
					if err == nil || !errors.As(err, &we) || !errors.As(err, &oe) {
						t.Fatalf("dry=%v: Update = %v, want an *OutsideError in a *WriteError", dry, err)
					}
					if d := cmp.Diff(tt.want, clean(err.Error())); d != "" {
						t.Errorf("dry=%v: error (-want +got):\n%s", dry, d)
					}
					if !strings.Contains(we.Hint, "--allow-outside-project") || !strings.Contains(we.Hint, "rm ") {
						t.Errorf("hint %q names neither the removal nor the flag", we.Hint)
					}
					continue
				}
				if err != nil {
					t.Fatalf("dry=%v: %v", dry, err)
				}
				if got := clean(ch.Target); got != tt.wantTarget {
					t.Errorf("dry=%v: Target %s, want %s", dry, got, tt.wantTarget)
				}
			}
			if tt.want == "" {
				if d := cmp.Diff([]string{"a"}, hookNames(t, strings.Replace(tt.wantTarget, "PROJECT", project, 1))); d != "" {
					t.Errorf("hooks (-want +got):\n%s", d)
				}
			}
			if d := cmp.Diff(before, testenv.Tree(t, outside)); d != "" {
				t.Errorf("outside changed (-before +after):\n%s", d)
			}
			// Allowed explicitly (no Within), the link is followed.
			if tt.want != "" && !strings.Contains(tt.name, "dangling") {
				if _, err := Update(path, appendHook("a"), WriteOptions{}); err != nil {
					t.Errorf("unconfined: %v", err)
				}
			}
		})
	}
}

// TestUpdateWithinRace: a link swapped in between the check and the
// rename (.gemini replaced by a link to a directory outside) does not lead
// the write out: every step goes through the os.Root of the project.
func TestUpdateWithinRace(t *testing.T) {
	base := t.TempDir()
	project, outside := filepath.Join(base, "project"), filepath.Join(base, "outside")
	mkdirAll(t, filepath.Join(project, ".gemini"))
	mkdirAll(t, outside)
	os.WriteFile(filepath.Join(outside, "settings.json"), []byte(original), 0o644)
	before := testenv.Tree(t, outside)
	path := filepath.Join(project, ".gemini", "settings.json")
	_, err := Update(path, appendHook("a"), WriteOptions{Within: project, beforeRename: func(string) error {
		if err := os.Rename(filepath.Join(project, ".gemini"), filepath.Join(project, "moved")); err != nil {
			return err
		}
		return os.Symlink(outside, filepath.Join(project, ".gemini"))
	}})
	if err == nil || !strings.Contains(err.Error(), "escapes") && !strings.Contains(err.Error(), "outside the project") {
		t.Fatalf("Update = %v, want a refusal", err)
	}
	if d := cmp.Diff(before, testenv.Tree(t, outside)); d != "" {
		t.Errorf("outside changed (-before +after):\n%s", d)
	}
}

// TestWriteFileWithin: WriteFile (migrated commands) is confined the same
// way: a .gemini/commands link out of the project is refused.
func TestWriteFileWithin(t *testing.T) {
	base := t.TempDir()
	project, outside := filepath.Join(base, "project"), filepath.Join(base, "outside")
	mkdirAll(t, filepath.Join(project, ".gemini"))
	mkdirAll(t, outside)
	symlink(t, outside, filepath.Join(project, ".gemini", "commands"))
	err := WriteFile(filepath.Join(project, ".gemini", "commands", "x.toml"), []byte("x"), 0o644, WriteOptions{Within: project})
	var oe *OutsideError
	if !errors.As(err, &oe) || oe.Link != filepath.Join(project, ".gemini", "commands") || oe.Target != outside {
		t.Fatalf("WriteFile = %v, want an OutsideError for the commands link", err)
	}
	if ents, _ := os.ReadDir(outside); len(ents) != 0 {
		t.Errorf("written outside: %v", ents)
	}
	if err := WriteFile(filepath.Join(project, "cmds", "x.toml"), []byte("x"), 0o644, WriteOptions{Within: project}); err != nil {
		t.Fatal(err)
	}
}

// TestUpdateLeavesNoLockFile: the lock is on the directory; nothing but
// the file is left in it (issue 18: lock files got committed).
func TestUpdateLeavesNoLockFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "settings.json")
	if _, err := Update(path, appendHook("a"), WriteOptions{}); err != nil {
		t.Fatal(err)
	}
	if err := WriteFile(filepath.Join(dir, "x.toml"), []byte("x"), 0o644, WriteOptions{}); err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff([]string{"settings.json", "x.toml"}, names(t, dir)); d != "" {
		t.Errorf("directory (-want +got):\n%s", d)
	}
}

// TestUpdateLockHeld: a writer stopped while holding the lock makes the
// wait end with an error naming it; a longer wait tells OnWait who holds
// it, once; once it is gone, the next write removes the temp file it left.
// Nothing here depends on how fast the machine is: the timeout is reached
// whatever the load, and the second wait ends when OnWait ends the holder.
func TestUpdateLockHeld(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "settings.json")
	os.WriteFile(path, []byte(original), 0o644)
	// A temp file of another file's name is not ours to remove.
	os.WriteFile(filepath.Join(dir, ".other.json.tmp-123"), nil, 0o644)
	cmd := child(t, "hang", path, "")
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { cmd.Process.Kill(); cmd.Wait() }()
	if line, err := bufio.NewReader(out).ReadString('\n'); err != nil || line != "ready\n" {
		t.Fatalf("child did not take the lock: %q %v", line, err)
	}
	cmd.Process.Signal(syscall.SIGSTOP)
	who := fmt.Sprintf("pid %d (", cmd.Process.Pid)
	_, err = Update(path, appendHook("a"), WriteOptions{LockTimeout: 300 * time.Millisecond})
	var we *WriteError
	if !errors.As(err, &we) || we.Op != "lock" || !strings.Contains(err.Error(), "timed out after 300ms waiting for "+who) ||
		!strings.Contains(we.Hint, "GH_HOOKS_LOCK_TIMEOUT") {
		t.Fatalf("Update = %v (hint %q), want a lock timeout naming %s", err, hintOf(we), who)
	}
	var noted []string
	_, err = Update(path, appendHook("after"), WriteOptions{LockTimeout: time.Hour, waitNote: time.Millisecond,
		OnWait: func(h string) {
			noted = append(noted, h)
			cmd.Process.Kill()
		}})
	if err != nil {
		t.Fatal(err)
	}
	if len(noted) != 1 || !strings.HasPrefix(noted[0], who) {
		t.Errorf("OnWait got %q, want one call naming %s", noted, who)
	}
	if d := cmp.Diff([]string{".other.json.tmp-123", "settings.json"}, names(t, dir)); d != "" {
		t.Errorf("directory after the next write (-want +got):\n%s", d)
	}
}

// TestUpdateKeepsOwner: as root, a file of another user keeps its owner,
// group and mode.
func TestUpdateKeepsOwner(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("only root can give a file to another user")
	}
	path := filepath.Join(t.TempDir(), "settings.json")
	os.WriteFile(path, []byte(original), 0o640)
	if err := os.Chown(path, 4242, 4343); err != nil {
		t.Fatal(err)
	}
	if _, err := Update(path, appendHook("a"), WriteOptions{}); err != nil {
		t.Fatal(err)
	}
	fi, _ := os.Stat(path)
	st := fi.Sys().(*syscall.Stat_t)
	if d := cmp.Diff([]any{uint32(4242), uint32(4343), fs.FileMode(0o640)}, []any{st.Uid, st.Gid, fi.Mode().Perm()}); d != "" {
		t.Errorf("uid, gid, mode (-want +got):\n%s", d)
	}
}

func hintOf(we *WriteError) string {
	if we == nil {
		return ""
	}
	return we.Hint
}

func names(t *testing.T, dir string) []string {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range ents {
		out = append(out, e.Name())
	}
	return out
}

func symlink(t *testing.T, target, link string) {
	t.Helper()
	if err := os.Symlink(target, link); err != nil {
		t.Fatal(err)
	}
}

func mkdirAll(t *testing.T, dir string) {
	t.Helper()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
}

// TestUpdateRealPermissions runs Update as another user (nobody), which
// root can arrange: a file the user may not write is refused by access(2)
// although the owner's write bit is set and the directory would let the
// rename replace it; a group-writable file of the user's group is written.
func TestUpdateRealPermissions(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("needs root to run a child as another user")
	}
	const nobody = 65534
	dir, err := os.MkdirTemp("", "gh-hooks-perm-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	os.Chmod(dir, 0o777)
	bin := filepath.Join(dir, "config.test")
	data, err := os.ReadFile(os.Args[0])
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(bin, data, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name string
		gid  int
		mode fs.FileMode
		want string // "" for a successful write
	}{
		{"root's 0644 file", 0, 0o644, "file is read-only for you (permission denied; mode 0644, owner uid 0 gid 0)"},
		{"group-writable file of the user's group", nobody, 0o664, ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(dir, strings.ReplaceAll(tt.name, " ", "-")+".json")
			os.WriteFile(path, []byte(original), tt.mode)
			os.Chmod(path, tt.mode)
			os.Chown(path, 0, tt.gid)
			cmd := child(t, "append", path, "x")
			cmd.Path, cmd.Args[0] = bin, bin
			cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: nobody, Gid: nobody}}
			out, err := cmd.CombinedOutput()
			if tt.want == "" {
				if err != nil {
					t.Fatalf("child: %v\n%s", err, out)
				}
				if d := cmp.Diff([]string{"x"}, hookNames(t, path)); d != "" {
					t.Errorf("hooks (-want +got):\n%s", d)
				}
				return
			}
			if err == nil || !strings.Contains(string(out), tt.want) {
				t.Fatalf("child: %v, output %q, want %q", err, out, tt.want)
			}
			if got, _ := os.ReadFile(path); string(got) != original {
				t.Errorf("file changed to %q", got)
			}
		})
	}
}

// TestUpdateWithinRelativePath: a relative path is taken from the working
// directory, not from Within, and is named as given.
func TestUpdateWithinRelativePath(t *testing.T) {
	project := t.TempDir()
	mkdirAll(t, filepath.Join(project, "sub"))
	t.Chdir(filepath.Join(project, "sub"))
	ch, err := Update("x.json", appendHook("a"), WriteOptions{Within: project})
	if err != nil {
		t.Fatal(err)
	}
	if ch.Target != "x.json" {
		t.Errorf("Target %q, want x.json", ch.Target)
	}
	if d := cmp.Diff([]string{"a"}, hookNames(t, filepath.Join(project, "sub", "x.json"))); d != "" {
		t.Errorf("hooks (-want +got):\n%s", d)
	}
	symlink(t, "../../elsewhere.json", "y.json")
	if _, err := Update("y.json", appendHook("a"), WriteOptions{Within: project}); !strings.Contains(fmt.Sprint(err), "y.json is a symbolic link to ../../elsewhere.json, outside the project") {
		t.Errorf("Update through a relative link out = %v", err)
	}
}

// TestUpdateWithinLogicalDirectory: working in the project through a
// symbolic link ($PWD names the link), a relative path is still inside the
// project, which is given by its physical path as Gemini sees it.
func TestUpdateWithinLogicalDirectory(t *testing.T) {
	base := t.TempDir()
	real := filepath.Join(base, "real")
	mkdirAll(t, filepath.Join(real, ".gemini"))
	symlink(t, real, filepath.Join(base, "link"))
	t.Chdir(filepath.Join(base, "link"))
	if wd, _ := os.Getwd(); wd != filepath.Join(base, "link") {
		t.Skipf("os.Getwd is %s, not the logical directory", wd)
	}
	if _, err := Update(filepath.Join(".gemini", "settings.json"), appendHook("a"), WriteOptions{Within: real}); err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff([]string{"a"}, hookNames(t, filepath.Join(real, ".gemini", "settings.json"))); d != "" {
		t.Errorf("hooks (-want +got):\n%s", d)
	}
}

// TestLockDir: while a caller holds LockDir, Update waits (and here times
// out), and a write with NoLock goes through.
func TestLockDir(t *testing.T) {
	dir := t.TempDir()
	unlock, err := LockDir(dir, WriteOptions{})
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "settings.json")
	if _, err := Update(path, appendHook("a"), WriteOptions{LockTimeout: 20 * time.Millisecond}); err == nil || !strings.Contains(err.Error(), "cannot lock: timed out after 20ms") {
		t.Errorf("Update under a held lock = %v, want a timeout", err)
	}
	if err := WriteFile(path, []byte("{}"), 0o644, WriteOptions{NoLock: true}); err != nil {
		t.Errorf("WriteFile with NoLock: %v", err)
	}
	unlock()
	if _, err := Update(path, appendHook("a"), WriteOptions{}); err != nil {
		t.Errorf("Update after unlock: %v", err)
	}
}
