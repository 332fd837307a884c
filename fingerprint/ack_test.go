package fingerprint

import (
	"os"
	"path/filepath"
	"testing"
)

// The digest an acknowledgement binds changes with every name, type,
// permission, link target and content in the tree, and never follows a
// link (issue 30 §5).
func TestDigestLeft(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "node_modules", "foo", "index.js"), "module.exports = 1\n")
	writeFile(t, filepath.Join(dir, "node_modules", "foo", "lib", "a.js"), "a\n")
	root, err := os.OpenRoot(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer root.Close()
	tree := LeftOut{Kind: leftTree, Path: "./node_modules/foo"}
	one := LeftOut{Kind: leftDir, Path: "./node_modules/foo"}
	seen := map[string]string{}
	step := func(what string, fn func()) {
		t.Helper()
		fn()
		d := digestLeft(root, tree)
		if d[:7] != "sha256:" {
			t.Fatalf("%s: digest %q", what, d)
		}
		if prev, ok := seen[d]; ok {
			t.Errorf("%s: the digest is the one after %s", what, prev)
		}
		seen[d] = what
	}
	p := func(s string) string { return filepath.Join(dir, "node_modules", "foo", s) }
	step("the start", func() {})
	before := digestLeft(root, one)
	step("content deep in the tree", func() { writeFile(t, p("lib/a.js"), "b\n") })
	if digestLeft(root, one) != before {
		t.Errorf("one level changed with a file in a subfolder")
	}
	step("a new file", func() { writeFile(t, p("b.js"), "") })
	step("a mode", func() { os.Chmod(p("b.js"), 0o600) })
	step("a link out of the project", func() { os.Symlink("/etc/passwd", p("l")) })
	step("its target", func() { os.Remove(p("l")); os.Symlink("/etc/shadow", p("l")) })
	if got := digestLeft(root, LeftOut{Kind: leftTree, Path: "./gone"}); got != "missing" {
		t.Errorf("a missing folder: %q", got)
	}
	if got := digestLeft(root, LeftOut{Kind: leftFile, Path: "./node_modules/foo/index.js"}); got[:7] != "sha256:" {
		t.Errorf("a file: %q", got)
	}
}
