package cli

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestMigratedExtensionLinksInRealGemini is a development check, not run in
// CI: with GH_HOOKS_GEMINI_JS naming the real Gemini CLI 0.61.0 bundle
// (…/node_modules/@google/gemini-cli/bundle/gemini.js) and node on PATH, it
// migrates a Claude plugin with --to, has the real `gemini extensions link`
// accept it and `gemini extensions list` show it enabled, and checks that
// gh-hooks effective then lists its hooks.
func TestMigratedExtensionLinksInRealGemini(t *testing.T) {
	js := os.Getenv("GH_HOOKS_GEMINI_JS")
	if js == "" {
		t.Skip("GH_HOOKS_GEMINI_JS is not set: a development check against the real Gemini CLI")
	}
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node is not on PATH")
	}
	dir := t.TempDir()
	home, project, plugin, ext := filepath.Join(dir, "home"), filepath.Join(dir, "project"), filepath.Join(dir, "plug"), filepath.Join(dir, "ext")
	files := map[string]string{
		"plug/.claude-plugin/plugin.json": `{"name": "guard_plugin", "version": "0.2.0", "description": "guards"}`,
		"plug/hooks/hooks.json":           `{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "${CLAUDE_PLUGIN_ROOT}/scripts/guard.sh", "timeout": 5}]}]}}`,
		"plug/scripts/guard.sh":           "#!/bin/sh\nexit 0\n",
		"project/.keep":                   "",
		"home/.keep":                      "",
	}
	for p, c := range files {
		full := filepath.Join(dir, p)
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(c), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	t.Setenv("HOME", home)
	t.Setenv("GEMINI_CLI_HOME", home)
	t.Setenv("GEMINI_CLI_TRUST_WORKSPACE", "true")
	var out, errb bytes.Buffer
	if code := run([]string{"gh-hooks", "--project", project, "migrate", "--to", ext, plugin}, nil, &out, &errb); code != 0 {
		t.Fatalf("migrate: exit %d\n%s%s", code, out.String(), errb.String())
	}
	gemini := func(args ...string) string {
		cmd := exec.Command(node, append([]string{js}, args...)...)
		cmd.Dir = project
		cmd.Env = []string{"PATH=" + os.Getenv("PATH"), "HOME=" + home, "GEMINI_CLI_HOME=" + home}
		b, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("gemini %s: %v\n%s", strings.Join(args, " "), err, b)
		}
		return string(b)
	}
	if got := gemini("extensions", "link", ext, "--consent"); !strings.Contains(got, `Extension "guard-plugin" linked successfully and enabled.`) {
		t.Fatalf("gemini extensions link:\n%s", got)
	}
	if got := gemini("extensions", "list"); !strings.Contains(got, "guard-plugin (0.2.0)") || !strings.Contains(got, "Enabled (Workspace): true") {
		t.Fatalf("gemini extensions list:\n%s", got)
	}
	out.Reset()
	errb.Reset()
	if code := run([]string{"gh-hooks", "--project", project, "effective"}, nil, &out, &errb); code != 0 {
		t.Fatalf("effective: exit %d\n%s", code, errb.String())
	}
	if !strings.Contains(out.String(), "extension:guard-plugin/BeforeTool/0/0") {
		t.Fatalf("effective does not list the linked extension's hook:\n%s", out.String())
	}
}
