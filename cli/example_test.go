package cli

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"
)

// TestReadmeExample runs the README's example command on the built-in
// example tree and checks what it shows, so the README stays true.
func TestReadmeExample(t *testing.T) {
	project := useExample(t)
	var stdout, stderr bytes.Buffer
	code := run([]string{"gh-hooks", "--project", project, "effective", "--event", "BeforeTool", "--tool", "write_file"}, nil, &stdout, &stderr)
	if code != 0 {
		t.Fatalf("exit %d, stderr:\n%s", code, stderr.String())
	}
	out := stdout.String()
	for _, want := range []string{
		"user/BeforeTool/0/0\t8\twrite_file|replace\tsecret-scan ($GEMINI_CLI_HOME/bin/secret-scan.sh)\t10000 ms\tno\tactive",
		// --event BeforeTool lists BeforeTool, and PreToolUse, the
		// Claude name that Gemini skips; the others are counted.
		"user/PreToolUse/0/0",
		`Gemini does not know the hook event "PreToolUse"`,
		"4 hooks of other events not shown",
		"Plan: BeforeTool for tool write_file\n  3 hook(s), sequential\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	// Every script the example's hooks name exists: a reader trying the
	// README sees no error about a missing script (issue 18.15).
	if strings.Contains(out, "script-missing") {
		t.Errorf("the example reports a missing script:\n%s", out)
	}
}

// useExample points the environment at the README's example tree
// (testdata/example), trusted as the README's command trusts it, and
// returns its project directory. Nothing outside it is read.
func useExample(t *testing.T) string {
	t.Helper()
	example, err := filepath.Abs(filepath.Join("..", "testdata", "example"))
	if err != nil {
		t.Fatal(err)
	}
	home := filepath.Join(example, "home")
	t.Setenv("GEMINI_CLI_HOME", home)
	// HOME is not the example's: the README's command leaves the reader's own.
	t.Setenv("HOME", t.TempDir())
	t.Setenv("GEMINI_CLI_SYSTEM_SETTINGS_PATH", filepath.Join(example, "etc", "settings.json"))
	t.Setenv("GEMINI_CLI_SYSTEM_DEFAULTS_PATH", "")
	t.Setenv("GEMINI_CLI_TRUSTED_FOLDERS_PATH", "")
	t.Setenv("GEMINI_CLI_TRUST_WORKSPACE", "true")
	t.Setenv("NO_COLOR", "1")
	return filepath.Join(example, "project")
}
