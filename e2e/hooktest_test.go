//go:build e2e

package e2e

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gh-hooks/gh-hooks/headless"
)

// hookTest runs `gh-hooks test --real` (and args) in project with home
// as HOME and GEMINI_CLI_HOME, the folder trusted, the real CLI found.
func hookTest(t *testing.T, project, home string, args ...string) (int, string, string) {
	t.Helper()
	cmd := exec.Command(ghBin, append([]string{"test", "--real", "--allow-untrusted"}, args...)...)
	cmd.Dir = project
	cmd.Env = []string{"PATH=" + os.Getenv("PATH"), "HOME=" + home, "GEMINI_CLI_HOME=" + home, "GEMINI_CLI_TRUST_WORKSPACE=true",
		"GEMINI_CLI_SYSTEM_SETTINGS_PATH=" + filepath.Join(home, "no-system", "settings.json"),
		"GEMINI_CLI_SYSTEM_DEFAULTS_PATH=" + filepath.Join(home, "no-system", "system-defaults.json"),
		headless.ProgramEnv + "=" + gem.Path}
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return code, stdout.String(), stderr.String()
}

// TestHookTestRealExample: the example's hook tests pass through the
// real Gemini CLI too: every case it can fire harmlessly agrees with the
// expectation and with gh-hooks' model, the rm -rf guard case too: its
// call is not harmless, but the model shows the guard blocking it, so it
// goes to the real CLI in a temporary copy (issue 32 item 5).
func TestHookTestRealExample(t *testing.T) {
	if skipWhy != "" {
		t.Skip(skipWhy)
	}
	t.Parallel()
	dir := t.TempDir()
	project, home := filepath.Join(dir, "project"), filepath.Join(dir, "home")
	for dst, src := range map[string]string{project: "project", home: "home"} {
		if err := os.CopyFS(dst, os.DirFS(filepath.Join("..", "testdata", "example", src))); err != nil {
			t.Fatal(err)
		}
	}
	code, out, errOut := hookTest(t, project, home, "--format", "json")
	var rep struct {
		Cases []struct {
			Name        string            `json:"name"`
			Pass        bool              `json:"pass"`
			Diffs       []json.RawMessage `json:"diffs"`
			Real        *json.RawMessage  `json:"real"`
			RealSkipped string            `json:"realSkipped"`
		} `json:"cases"`
		Passed, Failed int
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("exit %d, not one JSON object: %v\n%s\n%s", code, err, out, errOut)
	}
	if code != 0 || rep.Failed != 0 || len(rep.Cases) != 6 {
		t.Errorf("exit %d, %d failed of %d, want 0 of 6:\n%s\n%s", code, rep.Failed, len(rep.Cases), out, errOut)
	}
	for _, c := range rep.Cases {
		switch {
		case c.Real == nil:
			t.Errorf("%s: not run through the real CLI (%s)", c.Name, c.RealSkipped)
		}
	}
}

// TestHookTestRealDisagreement plants a hook that behaves differently
// under the real CLI (a real session id) than under gh-hooks' run
// (session_id gh-hooks-run): each failure names the side that differs.
func TestHookTestRealDisagreement(t *testing.T) {
	if skipWhy != "" {
		t.Skip(skipWhy)
	}
	t.Parallel()
	dir := t.TempDir()
	project, home := filepath.Join(dir, "project"), filepath.Join(dir, "home")
	files := map[string]string{
		".gemini/settings.json": `{"hooks": {"BeforeTool": [{"matcher": "run_shell_command", "hooks": [{"name": "two-faced", "type": "command",
  "command": "if grep -q '\"session_id\":\"gh-hooks-run\"'; then exit 0; fi; echo '{\"decision\":\"deny\",\"reason\":\"only under the real CLI\"}'"}]}]}}`,
		".gemini/hooks.test.yaml": `tests:
  - name: the model is right
    event: BeforeTool
    input:
      tool_input: {command: echo hi}
    expect:
      toolRuns: true
  - name: the real CLI is right
    event: BeforeTool
    input:
      tool_input: {command: echo hi}
    expect:
      toolRuns: false
`,
	}
	for p, data := range files {
		full := filepath.Join(project, filepath.FromSlash(p))
		os.MkdirAll(filepath.Dir(full), 0o755)
		if err := os.WriteFile(full, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	os.MkdirAll(home, 0o755)
	code, out, errOut := hookTest(t, project, home)
	if code != 3 {
		t.Errorf("exit %d, want 3:\n%s\n%s", code, out, errOut)
	}
	model, real := section(out, "the model is right"), section(out, "the real CLI is right")
	for _, w := range []string{
		"FAIL  the model is right",
		".gemini/hooks.test.yaml:7: toolRuns [real CLI]: expected true, got false",
		"differs [gh-hooks' model vs the real CLI]: gh-hooks says the tool runs: true; it ran under the real CLI: false",
	} {
		if !strings.Contains(model, w) {
			t.Errorf("first case lacks %q:\n%s", w, out)
		}
	}
	if strings.Contains(model, "[gh-hooks' model]") {
		t.Errorf("first case blames the model:\n%s", out)
	}
	for _, w := range []string{
		"FAIL  the real CLI is right",
		".gemini/hooks.test.yaml:13: toolRuns [gh-hooks' model]: expected false, got true",
		"differs [gh-hooks' model vs the real CLI]",
	} {
		if !strings.Contains(real, w) {
			t.Errorf("second case lacks %q:\n%s", w, out)
		}
	}
	if strings.Contains(real, "[real CLI]") {
		t.Errorf("second case blames the real CLI:\n%s", out)
	}
}

// section is the lines of out from the case named name to the next case.
func section(out, name string) string {
	i := strings.Index(out, "  "+name+" (")
	if i < 0 {
		return ""
	}
	i = strings.LastIndex(out[:i], "\n") + 1
	rest := out[i:]
	lines := strings.SplitAfter(rest, "\n")
	var b strings.Builder
	b.WriteString(lines[0])
	for _, l := range lines[1:] {
		if !strings.HasPrefix(l, " ") {
			break
		}
		b.WriteString(l)
	}
	return b.String()
}
