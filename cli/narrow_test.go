package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gh-hooks/gh-hooks/internal/table"
)

// TestNarrowTerminal runs trust audit and run on a 60-column terminal
// (issue 32 item 9): the audit's summary lines and run's stdout:,
// parsed:, "the model gets" and Output lines wrap to the width under a
// hanging indent, no line is wider unless it holds one word too long for
// any line, and a hook's control characters stay escaped when wrapped.
func TestNarrowTerminal(t *testing.T) {
	t.Parallel()
	app, env := readmeProject(t)
	// A hook whose output is long and holds an escape sequence.
	script := "#!/bin/sh\ncat <<'EOF'\n{\"decision\": \"deny\", \"reason\": \"no: \\u001b[2J the screen is not yours to clear, and this reason is long enough to wrap twice at sixty columns\"}\nEOF\n"
	if err := os.WriteFile(filepath.Join(app, "scripts", "noisy.sh"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	session := func(args ...string) (string, string) {
		t.Helper()
		var stdout, stderr bytes.Buffer
		Run(append([]string{"gh-hooks"}, args...), Process{Stdin: strings.NewReader(""), Stdout: &stdout, Stderr: &stderr,
			Dir: app, Env: env, Terminal: true, Width: 60})
		return stdout.String(), stderr.String()
	}
	if out, errs := session("add", "--event", "BeforeTool", "--matcher", "glob", "--name", "noisy", "--command", "./scripts/noisy.sh"); !strings.Contains(out+errs, "added") {
		t.Fatalf("add: %s%s", out, errs)
	}
	fits := func(name, s string) {
		t.Helper()
		for _, l := range strings.Split(s, "\n") {
			if table.Width(l) > 60 && strings.Contains(strings.TrimSpace(l), " ") {
				t.Errorf("%s: a line is %d columns wide at 60:\n%s\n\nin:\n%s", name, table.Width(l), l, s)
			}
			if strings.ContainsRune(l, 0x1b) {
				t.Errorf("%s: a raw escape character reaches the terminal:\n%q", name, l)
			}
		}
	}
	out, errs := session("trust", "audit")
	fits("trust audit", out)
	fits("trust audit's summary", errs)
	if want := "8 project hook(s) need approval: run `gh-hooks trust approve\n  --all` after reviewing them\n"; !strings.Contains(errs, want) {
		t.Errorf("trust audit's summary does not wrap under two columns; want %q in:\n%s", want, errs)
	}

	out, errs = session("run", "--event", "BeforeTool", "--tool", "glob", "--allow-untrusted",
		"--input", `{"tool_input": {"pattern": "*.md"}}`)
	fits("run", out+errs)
	for _, want := range []string{
		"   stdout: {\"decision\": \"deny\", \"reason\": \"no: \\u001b[2J the\n           screen is not yours",
		"   parsed: json {\"decision\":\"deny\",\"reason\":\"no: \\u001b[2J\n           the screen is not yours",
		"  the model gets: Tool execution blocked: no: \\x1b[2J the\n    screen is not yours",
		"Output (or-decision):\n  {\"continue\":true,",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("run at 60 columns lacks %q:\n%s", want, out)
		}
	}
}
