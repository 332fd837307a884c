//go:build !unix

package config

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"github.com/gofrs/flock"
)

var errLockTimeout = errors.New("timed out")

// lockDir locks the directory d by a lock file in the user's cache
// directory, keyed by a hash of d's path, where directories cannot be
// locked themselves (see lock_unix.go); the holder cannot be named.
func lockDir(d *os.File, opts WriteOptions) (func(), error) {
	timeout := opts.LockTimeout
	if timeout <= 0 {
		timeout = LockTimeout(os.Getenv(LockTimeoutEnv))
	}
	cache, err := os.UserCacheDir()
	if err != nil {
		return nil, err
	}
	dir := filepath.Join(cache, "gh-hooks", "locks")
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, err
	}
	sum := sha256.Sum256([]byte(d.Name()))
	l := flock.New(filepath.Join(dir, hex.EncodeToString(sum[:16])+".lock"))
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	ok, err := l.TryLockContext(ctx, 50*time.Millisecond)
	if err != nil || !ok {
		return nil, fmt.Errorf("%w after %s waiting for another process, which holds the lock on %s", errLockTimeout, timeout, d.Name())
	}
	return func() { l.Unlock() }, nil
}

func lockHint(err error, dir string) string {
	if errors.Is(err, errLockTimeout) {
		return "end the other gh-hooks process and run again; GH_HOOKS_LOCK_TIMEOUT=30s waits longer"
	}
	return "check the permissions of " + dir
}

// accessWrite checks the permission bits only, where access(2) is missing.
func accessWrite(path string) error {
	fi, err := os.Stat(path)
	if err != nil {
		return err
	}
	if fi.Mode().Perm()&0o200 == 0 {
		return fs.ErrPermission
	}
	return nil
}

func ownerOf(fs.FileInfo) string { return "" }

func keepOwner(*os.File, fs.FileInfo) {}
