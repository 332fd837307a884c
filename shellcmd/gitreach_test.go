package shellcmd

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestParseGitConfig: the syntax of git-config(1) "Syntax" as config.c
// reads it (the entries checked against git 2.x: git config -f F --list);
// a line it cannot read is named, not skipped.
func TestParseGitConfig(t *testing.T) {
	t.Parallel()
	got, line := parseGitConfig("; c\n[Core]\n\tFSMonitor = \"./a b\" # x\n[remote \"Or\\\"ig\"] url = u\n[alias.X]\n\tst = !git \\\n status\nbare\n\tv = a\\tb  ;c\n")
	want := []gitEntry{{"core", "", "fsmonitor", "./a b"}, {"remote", "Or\"ig", "url", "u"}, {"alias", "x", "st", "!git  status"},
		{"alias", "x", "bare", "true"}, {"alias", "x", "v", "a\tb"}}
	if line != 0 || !cmp.Equal(got, want, cmp.AllowUnexported(gitEntry{})) {
		t.Errorf("got %q line %d, want %q", got, line, want)
	}
	for _, bad := range []string{"k = v\n", "[core\nx=1\n", "[core]\nx = \"open\n", "[core]\nx = a\\q\n", "[core]\n=1\n", "[a \"b\"\n"} {
		if _, line := parseGitConfig(bad); line == 0 {
			t.Errorf("parseGitConfig(%q) read it all, want the line it cannot read", bad)
		}
	}
}
