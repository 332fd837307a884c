//go:build unix

package config

import (
	"bufio"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strconv"
	"strings"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

// lockTimeoutError is a lock not had in time; pid is the holder's (0 when
// unknown).
type lockTimeoutError struct {
	timeout time.Duration
	holder  string
	pid     int
	dir     string
}

func (e *lockTimeoutError) Error() string {
	return fmt.Sprintf("timed out after %s waiting for %s, which holds the lock on %s", e.timeout, e.holder, e.dir)
}

// lockDir takes an exclusive flock(2) on the open directory d, the
// directory of the file being written. Locking the directory rather than
// the file leaves no lock file behind (".settings.json.lock" files got
// committed: issue 18) and survives the atomic rename, which replaces the
// file's inode: a lock on the old inode would let the next writer in while
// a waiter still holds the replaced one. Every user who can open the
// directory can lock it, so root and the owner serialise too, which a lock
// file in each user's runtime directory would not. The lock goes with the
// process, so a killed writer never leaves it held.
//
// Another process's lock is polled for (flock with LOCK_NB, backing off
// from 5 ms to 100 ms); after about a second opts.OnWait is told who holds
// it, and after opts.LockTimeout the wait ends with an error naming the
// holder.
func lockDir(d *os.File, opts WriteOptions) (func(), error) {
	fd := int(d.Fd())
	timeout := opts.LockTimeout
	if timeout <= 0 {
		timeout = LockTimeout(os.Getenv(LockTimeoutEnv))
	}
	noteAfter := time.Second
	if opts.waitNote > 0 {
		noteAfter = opts.waitNote
	}
	start := time.Now()
	delay, noted := 5*time.Millisecond, false
	for {
		err := unix.Flock(fd, unix.LOCK_EX|unix.LOCK_NB)
		if err == nil {
			return func() { unix.Flock(fd, unix.LOCK_UN) }, nil
		}
		if !errors.Is(err, unix.EWOULDBLOCK) && !errors.Is(err, unix.EINTR) {
			return nil, err
		}
		waited := time.Since(start)
		if waited >= timeout {
			who, pid := holder(d)
			return nil, &lockTimeoutError{timeout, who, pid, d.Name()}
		}
		if !noted && waited >= noteAfter && opts.OnWait != nil {
			who, _ := holder(d)
			opts.OnWait(who)
			noted = true
		}
		time.Sleep(min(delay, timeout-waited))
		delay = min(2*delay, 100*time.Millisecond)
	}
}

// lockHint is the hint of a lock error.
func lockHint(err error, dir string) string {
	var te *lockTimeoutError
	if errors.As(err, &te) {
		if te.pid > 0 {
			return fmt.Sprintf("if process %d is stopped (kill -CONT %d) or hung (kill %d), let it finish or end it, then run again; GH_HOOKS_LOCK_TIMEOUT=30s waits longer", te.pid, te.pid, te.pid)
		}
		return "end the other process editing there, then run again; GH_HOOKS_LOCK_TIMEOUT=30s waits longer"
	}
	return "check the permissions of " + dir
}

// holder names the process holding a flock on d's inode, from /proc/locks
// on Linux ("1: FLOCK  ADVISORY  WRITE 4242 fd:01:1234 0 EOF"), with its
// command name, and its pid; "another process" and 0 where that is not
// available.
func holder(d *os.File) (string, int) {
	var st unix.Stat_t
	if unix.Fstat(int(d.Fd()), &st) != nil {
		return "another process", 0
	}
	f, err := os.Open("/proc/locks")
	if err != nil {
		return "another process", 0
	}
	defer f.Close()
	want := ":" + strconv.FormatUint(uint64(st.Ino), 10)
	dev := fmt.Sprintf("%02x:%02x", unix.Major(uint64(st.Dev)), unix.Minor(uint64(st.Dev)))
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		// id: FLOCK ADVISORY WRITE pid maj:min:ino start end
		if len(fields) < 8 || fields[1] != "FLOCK" {
			continue
		}
		if !strings.HasSuffix(fields[5], want) || !strings.HasPrefix(fields[5], dev+":") {
			continue
		}
		pid, err := strconv.Atoi(fields[4])
		if err != nil || pid <= 0 {
			continue
		}
		name := "pid " + fields[4]
		if comm, err := os.ReadFile("/proc/" + fields[4] + "/comm"); err == nil {
			name += " (" + strings.TrimSpace(string(comm)) + ")"
		}
		return name, pid
	}
	return "another process", 0
}

// accessWrite reports whether the real user may write path, by access(2):
// owner, group and other bits and ACLs, as the kernel decides.
func accessWrite(path string) error {
	return unix.Access(path, unix.W_OK)
}

// ownerOf describes the owner of a file for messages.
func ownerOf(fi fs.FileInfo) string {
	if st, ok := fi.Sys().(*syscall.Stat_t); ok {
		return fmt.Sprintf(", owner uid %d gid %d", st.Uid, st.Gid)
	}
	return ""
}

// keepOwner gives the temp file f the owner and group of the file it
// replaces (old), where the system allows it: root may, so editing a
// user's file as root leaves it the user's. Otherwise the file becomes the
// writer's, as any editor's save-by-rename does.
func keepOwner(f *os.File, old fs.FileInfo) {
	if old == nil {
		return
	}
	st, ok := old.Sys().(*syscall.Stat_t)
	if !ok {
		return
	}
	var cur unix.Stat_t
	if unix.Fstat(int(f.Fd()), &cur) == nil && cur.Uid == st.Uid && cur.Gid == st.Gid {
		return
	}
	if f.Chown(int(st.Uid), int(st.Gid)) != nil {
		f.Chown(-1, int(st.Gid)) // a group the writer is in
	}
}
