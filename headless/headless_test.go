package headless

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/gh-hooks/gh-hooks/internal/testenv"
)

func TestScrub(t *testing.T) {
	got := Scrub([]string{"PATH=/bin", "GEMINI_API_KEY=k", "GOOGLE_CLOUD_PROJECT=p", "GITHUB_SHA=1", "SURFACE=Github", "GITHUB_TOKEN=t", "HOME=/h"})
	want := []string{"PATH=/bin", "GITHUB_TOKEN=t", "HOME=/h"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Error(diff)
	}
}

func TestEnvironOwnVariablesWin(t *testing.T) {
	env := Options{Env: []string{"HOME=/real", "TMPDIR=/t", "GEMINI_CLI_HOME=/real", "X=1"}, SetEnv: []string{"Y=2"}}.Environ("/h")
	want := []string{"X=1", "Y=2", "HOME=/h", "GEMINI_CLI_HOME=/h", "TMPDIR=/h/tmp", "GEMINI_API_KEY=fake", "GEMINI_CLI_TRUST_WORKSPACE=true", "GEMINI_CLI_NO_RELAUNCH=true"}
	if diff := cmp.Diff(want, env); diff != "" {
		t.Error(diff)
	}
}

// The fake model's lines are FakeContentGenerator's format
// (gemini-headless.md "The fake model").
func TestFakeResponses(t *testing.T) {
	b, err := FakeResponses([]Turn{{Call: &Call{Name: "run_shell_command", Args: map[string]any{"command": "echo hi"}}}, {Text: "done"}})
	if err != nil {
		t.Fatal(err)
	}
	want := `{"method":"generateContentStream","response":[{"candidates":[{"content":{"parts":[{"functionCall":{"args":{"command":"echo hi"},"name":"run_shell_command"}}],"role":"model"},"finishReason":"STOP","index":0}]}]}
{"method":"generateContentStream","response":[{"candidates":[{"content":{"parts":[{"text":"done"}],"role":"model"},"finishReason":"STOP","index":0}]}]}
`
	if diff := cmp.Diff(want, string(b)); diff != "" {
		t.Error(diff)
	}
}

// testdata/telemetry.log is the local telemetry of a real run (Gemini CLI
// 0.61.0, a BeforeTool hook denying run_shell_command), cut to the
// records Result reads.
func TestReadTelemetry(t *testing.T) {
	var r Result
	if err := r.readTelemetry("testdata/telemetry.log"); err != nil {
		t.Fatal(err)
	}
	if len(r.Hooks) != 1 || len(r.Tools) != 1 || len(r.Requests) != 2 {
		t.Fatalf("hooks %d tools %d requests %d, want 1 1 2", len(r.Hooks), len(r.Tools), len(r.Requests))
	}
	h := r.Hooks[0]
	if h.Event != "BeforeTool" || h.Name != "g" || h.ExitCode != 0 || !h.Success || h.Stdout != "{\"decision\":\"deny\",\"reason\":\"nope\"}\n" {
		t.Errorf("hook: %+v", h)
	}
	if h.Input["tool_name"] != "run_shell_command" || h.Input["hook_event_name"] != "BeforeTool" {
		t.Errorf("hook input: %v", h.Input)
	}
	if diff := cmp.Diff(map[string]any{"decision": "deny", "reason": "nope"}, h.Output); diff != "" {
		t.Errorf("hook output: %s", diff)
	}
	tc := r.Tools[0]
	if tc.Name != "run_shell_command" || tc.Success || tc.ErrorType != "policy_violation" || tc.Args["command"] != "echo hi" {
		t.Errorf("tool: %+v", tc)
	}
	fr := r.FunctionResponses()
	if len(fr) != 1 || fr[0].Name != "run_shell_command" || fr[0].Text() != "Tool execution blocked: nope" {
		t.Errorf("function responses: %+v", fr)
	}
	if u := r.UserTexts(0); len(u) != 2 || u[1] != "go" {
		t.Errorf("user texts: %q", u)
	}
	if got := len(r.HooksFor("AfterTool")); got != 0 {
		t.Errorf("AfterTool hooks: %d", got)
	}
}

func TestReadTelemetryMissing(t *testing.T) {
	var r Result
	err := r.readTelemetry(filepath.Join(t.TempDir(), "none"))
	if err == nil || !strings.Contains(err.Error(), "no telemetry file") {
		t.Fatalf("err = %v", err)
	}
}

func TestFindNoGemini(t *testing.T) {
	dir := t.TempDir()
	env := map[string]string{"PATH": dir}
	_, err := Find(func(k string) string { return env[k] }, dir)
	if !errors.Is(err, ErrNotInstalled) || !strings.Contains(err.Error(), "no gemini on PATH") || !strings.Contains(err.Error(), ProgramEnv) {
		t.Fatalf("err = %v", err)
	}
	env[ProgramEnv] = filepath.Join(dir, "node")
	_, err = Find(func(k string) string { return env[k] }, dir)
	if !errors.Is(err, ErrNotInstalled) || !strings.Contains(err.Error(), "name the gemini program itself") {
		t.Fatalf("err = %v", err)
	}
	env[ProgramEnv] = filepath.Join(dir, "gemini")
	_, err = Find(func(k string) string { return env[k] }, dir)
	if !errors.Is(err, ErrNotInstalled) || !strings.Contains(err.Error(), "no such program") {
		t.Fatalf("err = %v", err)
	}
}

func TestFindOtherVersion(t *testing.T) {
	dir := t.TempDir()
	pkg := filepath.Join(dir, "lib", "node_modules", "@google", "gemini-cli")
	must(t, os.MkdirAll(filepath.Join(pkg, "dist"), 0o755))
	must(t, os.WriteFile(filepath.Join(pkg, "package.json"), []byte(`{"name":"@google/gemini-cli","version":"0.50.1"}`), 0o644))
	must(t, os.WriteFile(filepath.Join(pkg, "dist", "index.js"), []byte("#!/usr/bin/env node\n"), 0o755))
	bin := filepath.Join(dir, "bin")
	must(t, os.MkdirAll(bin, 0o755))
	must(t, os.Symlink(filepath.Join(pkg, "dist", "index.js"), filepath.Join(bin, "gemini")))
	_, err := Find(func(k string) string { return map[string]string{"PATH": bin}[k] }, dir)
	if !errors.Is(err, ErrNotInstalled) || !strings.Contains(err.Error(), "is Gemini CLI 0.50.1") {
		t.Fatalf("err = %v", err)
	}
}

func TestHarmless(t *testing.T) {
	for _, c := range []struct {
		tool, input string
		where       Where
		err         string
	}{
		{"read_file", `{"file_path":"a"}`, InProject, ""},
		{"glob", `{"pattern":"*"}`, InProject, ""},
		{"grep_search", `{"pattern":"x"}`, InProject, ""},
		{"list_directory", `{"dir_path":"."}`, InProject, ""},
		{"write_file", `{"file_path":"a.txt","content":"x"}`, InCopy, ""},
		{"replace", `{"file_path":"sub/a.txt"}`, InCopy, ""},
		{"write_file", `{"file_path":"/etc/passwd"}`, 0, "relative to the project"},
		{"write_file", `{"file_path":"../x"}`, 0, "relative to the project"},
		{"run_shell_command", `{"command":"echo 'hi there' \"x\""}`, InProject, ""},
		{"run_shell_command", `{"command":"ls -la"}`, InProject, ""},
		{"run_shell_command", `{"command":"rm -rf build"}`, 0, "rm is not a printing program"},
		{"run_shell_command", `{"command":"echo hi > f"}`, 0, "redirection"},
		{"run_shell_command", `{"command":"echo $(rm x)"}`, 0, "an expansion"},
		{"run_shell_command", `{"command":"echo \"$HOME\""}`, 0, "expansion inside quotes"},
		{"run_shell_command", `{"command":"echo a; rm b"}`, 0, "more than one command"},
		{"run_shell_command", `{"command":"echo a && rm b"}`, 0, "not one simple command"},
		{"run_shell_command", `{"command":"ls *"}`, 0, "a glob"},
		{"run_shell_command", `{"command":"X=1 echo"}`, 0, "not one simple command"},
		{"run_shell_command", `{}`, 0, "no command"},
		{"mcp_srv_tool", `{}`, 0, "MCP tool"},
		{"web_fetch", `{}`, 0, "only glob, grep_search"},
	} {
		var in map[string]any
		must(t, json.Unmarshal([]byte(c.input), &in))
		where, err := Harmless(c.tool, in)
		switch {
		case c.err == "" && err != nil:
			t.Errorf("%s %s: %v", c.tool, c.input, err)
		case c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err) || !errors.Is(err, ErrNotHarmless)):
			t.Errorf("%s %s: err %v, want %q", c.tool, c.input, err, c.err)
		case err == nil && where != c.where:
			t.Errorf("%s %s: where %v, want %v", c.tool, c.input, where, c.where)
		}
	}
}

func TestCopyProject(t *testing.T) {
	src, dst := t.TempDir(), t.TempDir()
	must(t, os.MkdirAll(filepath.Join(src, ".gemini"), 0o755))
	must(t, os.MkdirAll(filepath.Join(src, ".git", "objects"), 0o755))
	must(t, os.WriteFile(filepath.Join(src, ".gemini", "settings.json"), []byte("{}"), 0o644))
	must(t, os.WriteFile(filepath.Join(src, "hook.sh"), []byte("#!/bin/sh\n"), 0o755))
	must(t, os.Symlink("/etc/passwd", filepath.Join(src, "out")))
	skipped, err := CopyProject(src, dst)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{".git", "out"}, skipped); diff != "" {
		t.Error(diff)
	}
	if b, err := os.ReadFile(filepath.Join(dst, ".gemini", "settings.json")); err != nil || string(b) != "{}" {
		t.Errorf("settings: %q %v", b, err)
	}
	if fi, err := os.Stat(filepath.Join(dst, "hook.sh")); err != nil || fi.Mode().Perm() != 0o755 {
		t.Errorf("hook.sh: %v %v", fi, err)
	}
	if _, err := os.Lstat(filepath.Join(dst, "out")); !os.IsNotExist(err) {
		t.Errorf("the link was copied: %v", err)
	}
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

func TestToolRan(t *testing.T) {
	for _, c := range []struct {
		errType, event string
		want           bool
	}{
		{"", "BeforeTool", true},
		{"execution_failed", "AfterTool", true},
		{"policy_violation", "BeforeTool", false},
		{"invalid_tool_params", "BeforeTool", false},
		{"stop_execution", "BeforeTool", false},
		{"stop_execution", "AfterTool", true},
	} {
		r := Result{Tools: []ToolCall{{Name: "x", ErrorType: c.errType}}}
		if got := r.ToolRan(c.event); got != c.want {
			t.Errorf("%s %s: %v", c.errType, c.event, got)
		}
	}
	if (&Result{}).ToolRan("BeforeTool") {
		t.Error("no tool call ran")
	}
}

// TestCopyFileSwapped: a file that became a link out of the project or a
// FIFO after the walk saw it is skipped, neither followed nor waited on.
func TestCopyFileSwapped(t *testing.T) {
	src, dst := t.TempDir(), t.TempDir()
	outside := filepath.Join(t.TempDir(), "secret")
	must(t, os.WriteFile(outside, []byte("secret"), 0o600))
	must(t, os.Symlink(outside, filepath.Join(src, "link")))
	if err := testenv.Mkfifo(filepath.Join(src, "fifo"), 0o644); err != nil {
		t.Skipf("no FIFOs here: %v", err)
	}
	root, err := os.OpenRoot(src)
	must(t, err)
	defer root.Close()
	for _, name := range []string{"link", "fifo"} {
		copied, err := copyFile(root, name, filepath.Join(dst, name), 0o644)
		if copied || err != nil {
			t.Errorf("%s: copied %v, %v; want skipped", name, copied, err)
		}
		if _, err := os.Lstat(filepath.Join(dst, name)); !os.IsNotExist(err) {
			t.Errorf("%s: something was written: %v", name, err)
		}
	}
}

// A text answer in chunks is one generateContentStream answer of several
// responses, the last with finishReason (as the API streams it).
func TestFakeResponsesChunks(t *testing.T) {
	b, err := FakeResponses([]Turn{{Chunks: []string{"one ", "two"}}})
	if err != nil {
		t.Fatal(err)
	}
	want := `{"method":"generateContentStream","response":[{"candidates":[{"content":{"parts":[{"text":"one "}],"role":"model"},"index":0}]},{"candidates":[{"content":{"parts":[{"text":"two"}],"role":"model"},"finishReason":"STOP","index":0}]}]}
`
	if diff := cmp.Diff(want, string(b)); diff != "" {
		t.Error(diff)
	}
}

// The result event of a run whose fake model had no turn left (watched:
// Gemini CLI 0.61.0, a BeforeToolSelection hook setting mode NONE).
func TestUnanswered(t *testing.T) {
	msg := "[API Error: " + unansweredPrefix + `{"model":"gemini-2.5-flash","config":{"toolConfig":{"functionCallingConfig":{"mode":"NONE","allowedFunctionNames":[]}}}}]`
	r := &Result{Events: []map[string]any{{"type": "init"}, {"type": "result", "status": "error", "error": map[string]any{"type": "unknown", "message": msg}}}}
	want := map[string]any{"model": "gemini-2.5-flash", "config": map[string]any{"toolConfig": map[string]any{"functionCallingConfig": map[string]any{"mode": "NONE", "allowedFunctionNames": []any{}}}}}
	if diff := cmp.Diff(want, r.Unanswered()); diff != "" {
		t.Error(diff)
	}
	if (&Result{}).Unanswered() != nil {
		t.Error("no result event: want nil")
	}
}
