package headless

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// ModelCopy is where gh-hooks' own run of an event goes when the real CLI
// runs it in a temporary copy of the project (InCopy): a copy of its own,
// made by CopyProject's rule as the real CLI's is, so that both sides see
// the same files. For AfterTool the call's write is done in it first, as
// Gemini's tool does it before those hooks run (write_file writes
// content; replace replaces old_string, all of its occurrences when they
// are expected_replacements, default 1, and creates the file from an
// empty old_string); a BeforeTool hook runs before the tool, so nothing
// is written. remove deletes the copy.
func ModelCopy(project, event string, call *Call) (dir string, remove func(), err error) {
	dir, err = os.MkdirTemp("", "gh-hooks-model-project-")
	if err != nil {
		return "", nil, err
	}
	remove = func() { os.RemoveAll(dir) }
	if _, err := CopyProject(project, dir); err != nil {
		remove()
		return "", nil, fmt.Errorf("copying the project for gh-hooks' side: %w", err)
	}
	if event == "AfterTool" && call != nil {
		if err := applyWrite(dir, call); err != nil {
			remove()
			return "", nil, err
		}
	}
	return dir, remove, nil
}

// applyWrite does call's write in dir, as Gemini's write_file and replace
// do (tools/write-file.ts, tools/edit.ts); a replace whose old_string is
// not found as often as expected fails there and changes nothing here.
func applyWrite(dir string, call *Call) error {
	p, _ := call.Args["file_path"].(string)
	if p == "" {
		return nil
	}
	root, err := os.OpenRoot(dir)
	if err != nil {
		return err
	}
	defer root.Close()
	p = filepath.Clean(p) // Harmless keeps it relative and inside
	if d := filepath.Dir(p); d != "." {
		if err := root.MkdirAll(d, 0o755); err != nil {
			return err
		}
	}
	switch call.Name {
	case "write_file":
		content, _ := call.Args["content"].(string)
		return root.WriteFile(p, []byte(content), 0o644)
	case "replace":
		old, _ := call.Args["old_string"].(string)
		repl, _ := call.Args["new_string"].(string)
		b, err := root.ReadFile(p)
		switch {
		case errors.Is(err, fs.ErrNotExist) && old == "":
			return root.WriteFile(p, []byte(repl), 0o644)
		case err != nil:
			return nil // the tool fails: nothing written
		}
		want := 1
		if n, ok := call.Args["expected_replacements"].(float64); ok {
			want = int(n)
		}
		if old == "" || strings.Count(string(b), old) != want {
			return nil
		}
		return root.WriteFile(p, []byte(strings.ReplaceAll(string(b), old, repl)), 0o644)
	}
	return nil
}
