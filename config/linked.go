package config

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// Linked reports whether path is reached through a symbolic link: the file
// itself or a folder on the way. An error about such a file names its
// position and the kind of problem only, never its bytes: a repository
// can plant .gemini/settings.json -> ~/.config/gh/hosts.yml, and a parse
// error that quotes the "invalid literal: ghp_..." it met would put a
// token in a CI log. Read-only; used on error paths only.
func Linked(path string) bool {
	abs, err := filepath.Abs(path)
	if err != nil {
		return true
	}
	vol := filepath.VolumeName(abs)
	cur := vol + string(filepath.Separator)
	for _, part := range strings.Split(strings.TrimPrefix(abs[len(vol):], string(filepath.Separator)), string(filepath.Separator)) {
		if part == "" {
			continue
		}
		cur = filepath.Join(cur, part)
		fi, err := os.Lstat(cur)
		if err != nil {
			return false
		}
		if fi.Mode()&fs.ModeSymlink != 0 {
			return true
		}
	}
	return false
}

// syntaxKind is the kind of a JSON syntax error without the bytes it
// quotes ("invalid literal: ghp_x" -> "invalid literal").
func syntaxKind(msg string) string {
	switch {
	case strings.HasPrefix(msg, "invalid literal"):
		return "invalid literal"
	case strings.HasPrefix(msg, "invalid character"):
		return "invalid character"
	case strings.Contains(msg, "unexpected EOF"):
		return "unexpected end of input"
	case strings.Contains(msg, "UTF-8"):
		return "invalid UTF-8"
	}
	return "syntax error"
}
