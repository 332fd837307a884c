package headless

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gh-hooks/gh-hooks/runner"
)

// TestGuarded: which calls that are not harmless may go to the real CLI
// to see a guard block them (issue 32 item 5), and why the others may not.
func TestGuarded(t *testing.T) {
	t.Parallel()
	tests := []struct {
		event, command string
		err            string // "" accepted
	}{
		{"BeforeTool", "rm -rf build", ""},
		{"BeforeTool", "rm -rf 'build dir' x/y", ""},
		{"BeforeTool", "mv a.txt b.txt", ""},
		{"BeforeTool", "chmod -R 000 .", ""},
		{"AfterTool", "rm -rf build", "only a BeforeTool run_shell_command"},
		{"BeforeTool", "rm -rf /", "/ names a path outside the project"},
		{"BeforeTool", "rm -rf ~/x", "~/x names a path outside the project"},
		{"BeforeTool", "rm -rf build/../..", "build/../.. names a path outside the project"},
		{"BeforeTool", "cp --target-directory=/etc x", "--target-directory=/etc names a path outside the project"},
		{"BeforeTool", `rm -rf \/etc`, "a backslash, $ or brace"},
		{"BeforeTool", `rm -rf $'\x2fetc'`, "a backslash, $ or brace"},
		{"BeforeTool", "rm -rf {/etc,x}", "a backslash, $ or brace"},
		{"BeforeTool", "rm -rf $HOME", "an expansion"},
		{"BeforeTool", "rm -rf *", "a glob"},
		{"BeforeTool", "rm -rf build; ls", "more than one command"},
		{"BeforeTool", "find . -delete", "find is not one of rm, rmdir"},
		{"BeforeTool", "curl -X POST x", "curl is not one of"},
	}
	for _, tt := range tests {
		err := Guarded(tt.event, "run_shell_command", map[string]any{"command": tt.command})
		switch {
		case tt.err == "" && err != nil:
			t.Errorf("%s %q: refused: %v", tt.event, tt.command, err)
		case tt.err != "" && (err == nil || !strings.Contains(err.Error(), tt.err) || !errors.Is(err, ErrNotHarmless)):
			t.Errorf("%s %q: got %v, want an ErrNotHarmless with %q", tt.event, tt.command, err, tt.err)
		}
	}
	no, yes := false, true
	if err := GuardHolds(runner.Outcome{ToolRuns: &no}); err != nil {
		t.Errorf("a blocked call: %v", err)
	}
	for _, o := range []runner.Outcome{{ToolRuns: &yes}, {}} {
		if err := GuardHolds(o); !errors.Is(err, ErrNotBlocked) {
			t.Errorf("a call the model lets run: %v", err)
		}
	}
}

// TestModelCopy: gh-hooks' side of a real run in a copy gets a copy of its
// own, made by the same rule, with an AfterTool call's write done first
// as Gemini's tool does it, and the project untouched (issue 32 item 6).
func TestModelCopy(t *testing.T) {
	t.Parallel()
	project := t.TempDir()
	for p, s := range map[string]string{"a.txt": "hello hello\n", "b.txt": "one\n", ".git/HEAD": "ref\n", "node_modules/x/i.js": ""} {
		if err := os.MkdirAll(filepath.Join(project, filepath.Dir(p)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(project, p), []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	tests := []struct {
		event string
		call  *Call
		want  map[string]string // files in the copy ("" for none)
	}{
		{"AfterTool", &Call{Name: "write_file", Args: map[string]any{"file_path": "sub/new.txt", "content": "hi\n"}},
			map[string]string{"sub/new.txt": "hi\n", "a.txt": "hello hello\n"}},
		{"BeforeTool", &Call{Name: "write_file", Args: map[string]any{"file_path": "sub/new.txt", "content": "hi\n"}},
			map[string]string{"sub/new.txt": "", "b.txt": "one\n"}},
		{"AfterTool", &Call{Name: "replace", Args: map[string]any{"file_path": "b.txt", "old_string": "one", "new_string": "two"}},
			map[string]string{"b.txt": "two\n"}},
		{"AfterTool", &Call{Name: "replace", Args: map[string]any{"file_path": "a.txt", "old_string": "hello", "new_string": "bye", "expected_replacements": 2.0}},
			map[string]string{"a.txt": "bye bye\n"}},
		// Found twice, expected once: the tool fails and writes nothing.
		{"AfterTool", &Call{Name: "replace", Args: map[string]any{"file_path": "a.txt", "old_string": "hello", "new_string": "bye"}},
			map[string]string{"a.txt": "hello hello\n"}},
		{"AfterTool", &Call{Name: "replace", Args: map[string]any{"file_path": "c.txt", "old_string": "", "new_string": "new\n"}},
			map[string]string{"c.txt": "new\n", ".git/HEAD": "", "node_modules/x/i.js": ""}},
	}
	for _, tt := range tests {
		dir, remove, err := ModelCopy(project, tt.event, tt.call)
		if err != nil {
			t.Fatal(err)
		}
		for p, want := range tt.want {
			b, err := os.ReadFile(filepath.Join(dir, p))
			if got := string(b); got != want || want == "" && err == nil {
				t.Errorf("%s %s: %s in the copy: %q (%v), want %q", tt.event, tt.call.Name, p, got, err, want)
			}
		}
		remove()
		if _, err := os.Stat(dir); !os.IsNotExist(err) {
			t.Errorf("the copy is still there: %v", err)
		}
	}
	if _, err := os.Stat(filepath.Join(project, "sub")); !os.IsNotExist(err) {
		t.Errorf("the project was written: %v", err)
	}
	if b, _ := os.ReadFile(filepath.Join(project, "b.txt")); string(b) != "one\n" {
		t.Errorf("the project's b.txt: %q", b)
	}
}
