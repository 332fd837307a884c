package validate

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"

	"github.com/gh-hooks/gh-hooks/config"
)

func TestFiles(t *testing.T) {
	root := tree(t, map[string]string{
		user: `{"hooks": {"BeforeTool": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "echo u"}]}]}}`,
		proj: `{"hooks": {"AfterTool": [{"matcher": "Edit", "hooks": [{"type": "command", "command": "echo p"}]}]}}`,
		// Not a layer: checked on its own, as a settings file.
		"other/settings.json": `{"hooks": {"SessionStart": [{"matcher": "startup|resume", "hooks": [{"type": "command", "command": "echo o"}]}]}}`,
		// An extension hooks file with a comment: Gemini ignores it.
		"ext/hooks/hooks.json": "{\n  // no comments in plain JSON\n  \"hooks\": {}\n}",
		"broken.json":          `{"hooks": {,}}`,
	})
	set := load(t, root)
	tests := []struct {
		name  string
		files []string
		want  []string // code@relpath:line:col
	}{
		{"project file only", []string{proj}, []string{"matcher-claude-tool@" + proj + ":1:38", "project-hooks-trust@" + proj + ":1:11"}},
		{"standalone settings file", []string{"other/settings.json"}, []string{"trigger-matcher-regex@other/settings.json:1:41"}},
		{"extension hooks with a comment, outside any extension", []string{"ext/hooks/hooks.json"}, []string{"extension-manifest-missing@ext/hooks/hooks.json:1:1", "extension-hooks-unparsable@ext/hooks/hooks.json:2:3"}},
		{"parse error is a problem", []string{"broken.json"}, []string{"parse-error@broken.json:1:12"}},
		{"two files", []string{user, proj}, []string{"matcher-claude-tool@" + user + ":1:39", "matcher-claude-tool@" + proj + ":1:38", "project-hooks-trust@" + proj + ":1:11"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var paths []string
			for _, f := range tt.files {
				paths = append(paths, filepath.Join(root, f))
			}
			ps, err := Files(set, "", paths)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, p := range ps {
				rel, _ := filepath.Rel(root, p.Path)
				got = append(got, p.Code+"@"+filepath.ToSlash(rel)+":"+itoa(p.Line)+":"+itoa(p.Column))
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("problems (-want +got):\n%s\n%+v", diff, ps)
			}
		})
	}

	_, err := Files(set, "", []string{filepath.Join(root, "nope.json")})
	if !errors.Is(err, fs.ErrNotExist) || !strings.HasSuffix(err.Error(), "nope.json: no such file or directory") {
		t.Errorf("missing file: err = %v, want a not-exist error naming the file", err)
	}
}

// TestCorpus checks real public hook configurations: validate never
// panics and every problem points at a real line and column of its file.
func TestCorpus(t *testing.T) {
	corpus := filepath.Join("..", "..", "shared", "corpus")
	if _, err := os.Stat(corpus); err != nil {
		t.Skipf("corpus not available at %s: %v", corpus, err)
	}
	set := load(t, tree(t, nil))
	var files []string
	for _, dir := range []string{"gemini", "claude"} {
		m, _ := filepath.Glob(filepath.Join(corpus, dir, "*.json"))
		files = append(files, m...)
	}
	if len(files) == 0 {
		t.Skip("corpus has no .json files")
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			abs, _ := filepath.Abs(f)
			// Corpus names flatten paths (hooks-hooks.json), so every file is
			// read as a settings file; extension files are plain JSON, a subset.
			ps, err := Files(set, "", []string{abs})
			if err != nil {
				t.Fatal(err)
			}
			data, _ := os.ReadFile(abs)
			lines := strings.Split(string(data), "\n")
			for _, p := range ps {
				checkPosition(t, p, lines)
			}
		})
	}
}

func checkPosition(t *testing.T, p config.Problem, lines []string) {
	t.Helper()
	if p.Line < 1 || p.Line > len(lines) {
		t.Errorf("%s: line %d outside the file (%d lines): %+v", p.Code, p.Line, len(lines), p)
		return
	}
	if n := utf8.RuneCountInString(strings.TrimSuffix(lines[p.Line-1], "\r")); p.Column < 1 || p.Column > n+1 {
		t.Errorf("%s: column %d outside line %d (%d characters): %+v", p.Code, p.Column, p.Line, n, p)
	}
}
