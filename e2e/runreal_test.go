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

// runRealIn runs `gh-hooks run --real --json` with args in a new project of
// files, the folder trusted, a home of its own; it returns the JSON's
// "real" and "outcome" and the exit code.
func runRealIn(t *testing.T, files map[string]string, args ...string) (project string, real map[string]any, outcome map[string]any, code int) {
	t.Helper()
	dir := t.TempDir()
	project, home := filepath.Join(dir, "project"), filepath.Join(dir, "home")
	for p, s := range files {
		full := filepath.Join(project, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.MkdirAll(home, 0o755); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(ghBin, append([]string{"run", "--real", "--json", "--allow-untrusted"}, args...)...)
	cmd.Dir = project
	cmd.Env = []string{"PATH=" + os.Getenv("PATH"), "HOME=" + home, "GEMINI_CLI_HOME=" + home, "GEMINI_CLI_TRUST_WORKSPACE=true",
		"GEMINI_CLI_SYSTEM_SETTINGS_PATH=" + filepath.Join(home, "no-system", "settings.json"),
		"GEMINI_CLI_SYSTEM_DEFAULTS_PATH=" + filepath.Join(home, "no-system", "system-defaults.json"),
		headless.ProgramEnv + "=" + gem.Path}
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	var out struct {
		Real    map[string]any `json:"real"`
		Outcome map[string]any `json:"outcome"`
	}
	if err := json.Unmarshal(stdout.Bytes(), &out); err != nil {
		t.Fatalf("exit %d, not JSON: %v\n%s\n%s", code, err, stdout.String(), stderr.String())
	}
	return project, out.Real, out.Outcome, code
}

// TestRunRealGuard: a guard tested on the call it must block (issue 32
// item 5). rm -rf build is not harmless, yet goes to the real CLI because
// gh-hooks' model shows the guard denying it: the real guard denies it
// too, the tool does not run, both sides agree, and the project's build
// folder is still there. Without a guard that blocks it, run --real
// refuses after the model's side, and the real CLI never runs.
func TestRunRealGuard(t *testing.T) {
	if skipWhy != "" {
		t.Skip(skipWhy)
	}
	t.Parallel()
	guard := `{"hooks": {"BeforeTool": [{"matcher": "run_shell_command", "hooks": [{"name": "guard", "type": "command",
  "command": "if grep -q 'rm -rf'; then echo '{\"decision\":\"deny\",\"reason\":\"rm -rf is not allowed\"}'; else echo '{}'; fi"}]}]}}`
	files := map[string]string{".gemini/settings.json": guard, "build/out.txt": "keep\n"}
	project, real, outcome, code := runRealIn(t, files, "--event", "BeforeTool", "--tool", "run_shell_command",
		"--input", `{"tool_input": {"command": "rm -rf build"}}`)
	if real == nil {
		t.Fatalf("exit %d: no real run", code)
	}
	if d, _ := real["differences"].([]any); len(d) != 0 {
		t.Errorf("differences: %v", d)
	}
	if real["toolRan"] != false || outcome["toolRuns"] != false || real["copy"] != true {
		t.Errorf("tool ran: real %v, model %v; in a copy: %v", real["toolRan"], outcome["toolRuns"], real["copy"])
	}
	if !strings.Contains(real["modelGot"].(string), "rm -rf is not allowed") {
		t.Errorf("the model got %q", real["modelGot"])
	}
	if _, err := os.Stat(filepath.Join(project, "build", "out.txt")); err != nil {
		t.Errorf("the project's build folder: %v", err)
	}

	lax := strings.ReplaceAll(guard, "deny", "allow")
	_, real, _, code = runRealIn(t, map[string]string{".gemini/settings.json": lax, "build/out.txt": "keep\n"},
		"--event", "BeforeTool", "--tool", "run_shell_command", "--input", `{"tool_input": {"command": "rm -rf build"}}`)
	if code != 1 || real != nil {
		t.Errorf("a guard that lets it run: exit %d (want 1), real %v (want none)", code, real)
	}
}

// TestRunRealSameSituation: an AfterTool hook that reads the file
// write_file wrote sees it on both sides (issue 32 item 6): gh-hooks'
// side runs in a copy of its own with the write done first, as the real
// CLI's tool did in its copy, so they agree; the project is untouched.
func TestRunRealSameSituation(t *testing.T) {
	if skipWhy != "" {
		t.Skip(skipWhy)
	}
	t.Parallel()
	files := map[string]string{".gemini/settings.json": `{"hooks": {"AfterTool": [{"matcher": "write_file", "hooks": [{"name": "check", "type": "command",
  "command": "cat >/dev/null; if grep -q hello hello.txt; then echo '{\"decision\":\"allow\"}'; else echo 'hello.txt was not written' >&2; exit 2; fi"}]}]}}`}
	project, real, outcome, code := runRealIn(t, files, "--event", "AfterTool", "--tool", "write_file")
	if real == nil {
		t.Fatalf("exit %d: no real run", code)
	}
	if d, _ := real["differences"].([]any); len(d) != 0 {
		t.Errorf("differences: %v", d)
	}
	hooks, _ := real["hooks"].([]any)
	if len(hooks) != 1 || hooks[0].(map[string]any)["exitCode"] != 0.0 {
		t.Errorf("the real side's hook: %v", hooks)
	}
	if outcome["says"] == nil || strings.Contains(outcome["says"].(string), "was not written") {
		t.Errorf("gh-hooks' side: %v", outcome)
	}
	if _, err := os.Stat(filepath.Join(project, "hello.txt")); !os.IsNotExist(err) {
		t.Errorf("hello.txt written into the project: %v", err)
	}
}
