package migrate

import (
	"os"
	"path/filepath"

	"github.com/gh-hooks/gh-hooks/layers"
)

// ClaudeProjectAbove is the nearest directory above dir with a
// .claude/settings.json or settings.local.json, looking up to the
// repository root (the directory that holds .git) and stopping below the
// home directory, whose .claude is the user's; "" when there is none.
func ClaudeProjectAbove(dir, home string) string {
	return layers.DirAbove(dir, home, func(dir string) bool {
		return lexists(filepath.Join(dir, ".claude", "settings.json")) || lexists(filepath.Join(dir, ".claude", "settings.local.json"))
	})
}

// lexists reports whether path names anything, a dangling link included.
func lexists(path string) bool {
	_, err := os.Lstat(path)
	return err == nil
}
