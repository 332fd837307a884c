package fingerprint

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/gh-hooks/gh-hooks/config"
	"github.com/gh-hooks/gh-hooks/internal/regfile"
)

// Bounds of the approved-scripts cache.
const (
	// KeepMax is the largest script whose approved content is kept (and
	// so can be diffed later).
	KeepMax = 1 << 20
	// CacheMax bounds the cache's total size; the least recently approved
	// copies are evicted first.
	CacheMax = 64 << 20
)

// CacheDir is where the content of approved scripts is kept, named by
// their sha256, so that trust audit --diff can show how a script changed
// since it was approved: <home>/.gemini/gh-hooks/scripts, next to the
// store.
func CacheDir(home string) string {
	return filepath.Join(home, ".gemini", "gh-hooks", "scripts")
}

// keepScripts copies the content of the hashed scripts into the cache and
// evicts the oldest copies beyond CacheMax. A copy that is already there
// has its time refreshed. The cache is a convenience for diffs: a failure
// to write it is returned but the approval stands.
func keepScripts(home string, scripts []Script) error {
	dir := CacheDir(home)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return err
	}
	now := time.Now()
	var firstErr error
	fresh := map[string]bool{}
	for _, s := range scripts {
		if s.State != ScriptOK || s.data == nil || fresh[s.SHA256] {
			continue
		}
		fresh[s.SHA256] = true
		p := filepath.Join(dir, s.SHA256)
		if _, err := os.Lstat(p); err == nil {
			if err := os.Chtimes(p, now, now); err != nil && firstErr == nil {
				firstErr = err
			}
			continue
		}
		if err := config.WriteFileAtomic(p, s.data, 0o600); err != nil && firstErr == nil {
			firstErr = err
		}
	}
	if err := evict(dir, fresh); err != nil && firstErr == nil {
		firstErr = err
	}
	return firstErr
}

// evict removes the oldest copies until the cache holds at most CacheMax
// bytes; the copies just kept are never removed.
func evict(dir string, keep map[string]bool) error {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return err
	}
	type copyInfo struct {
		name string
		size int64
		mod  time.Time
	}
	var all []copyInfo
	var total int64
	for _, e := range entries {
		if !e.Type().IsRegular() || !isHex(e.Name()) {
			continue // temporary files and anything not ours
		}
		fi, err := e.Info()
		if err != nil {
			continue
		}
		all = append(all, copyInfo{e.Name(), fi.Size(), fi.ModTime()})
		total += fi.Size()
	}
	sort.Slice(all, func(i, j int) bool {
		if !all[i].mod.Equal(all[j].mod) {
			return all[i].mod.Before(all[j].mod)
		}
		return all[i].name < all[j].name
	})
	for _, c := range all {
		if total <= CacheMax {
			break
		}
		if keep[c.name] {
			continue
		}
		if err := os.Remove(filepath.Join(dir, c.name)); err != nil && !errors.Is(err, os.ErrNotExist) {
			return err
		}
		total -= c.size
	}
	return nil
}

func isHex(s string) bool {
	if len(s) != 64 {
		return false
	}
	_, err := hex.DecodeString(s)
	return err == nil && strings.ToLower(s) == s
}

// approvedContent returns the kept content of the script approved with
// stamp ("sha256:<hex>"), or nil when it was not kept (too large,
// evicted, approved elsewhere). The copy is checked against its name.
func approvedContent(home, stamp string) []byte {
	sum, ok := strings.CutPrefix(stamp, "sha256:")
	if !ok || !isHex(sum) {
		return nil
	}
	f, err := regfile.Open(filepath.Join(CacheDir(home), sum))
	if err != nil {
		return nil
	}
	defer f.Close()
	data, _, err := regfile.Read(f, KeepMax)
	if err != nil {
		return nil
	}
	if h := sha256.Sum256(data); hex.EncodeToString(h[:]) != sum {
		return nil
	}
	return data
}
