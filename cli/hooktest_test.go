package cli

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// exampleCopy copies the example project and home (testdata/example) to
// a temporary directory and returns the project and an environment for
// it: the home's hooks, the folder trusted.
func exampleCopy(t *testing.T) (string, []string) {
	t.Helper()
	dir := t.TempDir()
	example := filepath.Join("..", "testdata", "example")
	project, home := filepath.Join(dir, "project"), filepath.Join(dir, "home")
	for dst, src := range map[string]string{project: "project", home: "home"} {
		if err := os.CopyFS(dst, os.DirFS(filepath.Join(example, src))); err != nil {
			t.Fatal(err)
		}
	}
	env := []string{"HOME=" + home, "GEMINI_CLI_HOME=" + home, "PATH=" + os.Getenv("PATH"),
		"GEMINI_CLI_SYSTEM_SETTINGS_PATH=" + filepath.Join(dir, "etc", "settings.json"),
		"GEMINI_CLI_SYSTEM_DEFAULTS_PATH=" + filepath.Join(dir, "etc", "system-defaults.json"),
		"GEMINI_CLI_TRUST_WORKSPACE=true", "GH_HOOKS_GEMINI_VERSION=0.61.0", "NO_COLOR=1"}
	return project, env
}

func ghHooks(dir string, env []string, args ...string) (code int, stdout, stderr string) {
	var o, e bytes.Buffer
	code = Run(append([]string{"gh-hooks"}, args...), Process{Stdin: strings.NewReader(""), Stdout: &o, Stderr: &e, Dir: dir, Env: env})
	return code, o.String(), e.String()
}

// TestHookTestExample: the example's test file passes, and breaking each
// of its hooks (the guard, the rewrite, the context injector, the
// AfterAgent retry) fails its case with a difference that says what was
// expected and what came.
func TestHookTestExample(t *testing.T) {
	t.Parallel()
	project, env := exampleCopy(t)
	code, out, errOut := ghHooks(project, env, "test", "--allow-untrusted")
	if code != 0 || !strings.Contains(out, "ok: 6 cases passed") {
		t.Fatalf("exit %d:\n%s%s", code, out, errOut)
	}
	for _, name := range []string{"guard denies rm -rf", "guard lets echo through", "a bare script name is read from scripts/", "reading a file adds the lint note", "an answer without a summary goes back to the model", "an answer with a summary stands"} {
		if !regexp.MustCompile(`(?m)^ok    ` + regexp.QuoteMeta(name) + ` \(\d+\.\d\ds\)$`).MatchString(out) {
			t.Errorf("no ok line for %q:\n%s", name, out)
		}
	}

	tests := []struct {
		name, script, body string
		want               []string
	}{
		{"guard lets everything through", "guard.sh", "#!/bin/sh\nexit 0\n", []string{
			"FAIL  guard denies rm -rf (",
			".gemini/hooks.test.yaml:10: decision: expected deny, got none",
			".gemini/hooks.test.yaml:11: toolRuns: expected false, got true",
			`.gemini/hooks.test.yaml:12: reason: expected contains "rm -rf is not allowed", got no reason`,
			".gemini/hooks.test.yaml:14: hooks.guard.exit: expected 2, got 0",
			"FAIL: 1 of 6 cases failed",
		}},
		{"rewrite drops the path", "script-paths.sh", "#!/bin/sh\ncat >/dev/null\necho '{\"hookSpecificOutput\": {\"tool_input\": {\"path\": \"scripts/fmt.sh\"}}}'\n", []string{
			"FAIL  a bare script name is read from scripts/ (",
			".gemini/hooks.test.yaml:33: toolRuns: expected true, got false",
			`.gemini/hooks.test.yaml:34: toolInput.file_path: expected "scripts/fmt.sh", got absent`,
			"FAIL: 1 of 6 cases failed",
		}},
		{"context injector says nothing", "lint-notes.sh", "#!/bin/sh\ncat >/dev/null\n", []string{
			"FAIL  reading a file adds the lint note (",
			`.gemini/hooks.test.yaml:44: context: expected contains "npm run lint", got no context`,
		}},
		{"retry hook crashes", "require-summary.sh", "#!/bin/sh\necho oops >&2\nexit 1\n", []string{
			"FAIL  an answer without a summary goes back to the model (",
			// Exit 1 is a warning to Gemini: its stderr becomes a
			// systemMessage and the aggregate says allow.
			".gemini/hooks.test.yaml:54: decision: expected deny, got allow",
			`.gemini/hooks.test.yaml:55: reason: expected contains "Summary:", got no reason`,
			".gemini/hooks.test.yaml:57: hooks.require-summary.exit: expected 0, got 1",
			".gemini/hooks.test.yaml:65: decision: expected none, got allow",
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			project, env := exampleCopy(t)
			if err := os.WriteFile(filepath.Join(project, "scripts", tt.script), []byte(tt.body), 0o755); err != nil {
				t.Fatal(err)
			}
			code, out, errOut := ghHooks(project, env, "test", "--allow-untrusted")
			if code != 3 {
				t.Errorf("exit %d, want 3; stderr:\n%s", code, errOut)
			}
			for _, w := range tt.want {
				if !strings.Contains(out, w) {
					t.Errorf("output lacks %q:\n%s", w, out)
				}
			}
		})
	}
}

// TestHookTestSaveRoundTrip: a case saved by run --save-test passes when
// the test file is run again, and its expectation is the outcome.
func TestHookTestSaveRoundTrip(t *testing.T) {
	t.Parallel()
	project, env := exampleCopy(t)
	os.Remove(filepath.Join(project, ".gemini", "hooks.test.yaml"))
	saves := []struct {
		input string
		args  []string
	}{
		{`{"tool_input": {"command": "rm -rf /"}}`, []string{"--event", "BeforeTool"}},
		{`{"tool_input": {"file_path": "fmt.sh"}}`, []string{"--event", "BeforeTool", "--tool", "read_file", "--save-test-name", "paths"}},
		{`{"tool_input": {"file_path": "scripts/fmt.sh"}}`, []string{"--event", "AfterTool", "--tool", "read_file"}},
		{`{"prompt_response": "done"}`, []string{"--event", "AfterAgent"}},
		{``, []string{"--event", "SessionStart", "--trigger", "startup"}},
		{`{"tool_input": {"command": "rm -rf /"}}`, []string{"--event", "BeforeTool"}},
	}
	for i, s := range saves {
		args := append([]string{"run", "--allow-untrusted", "--save-test", "tests/saved.yaml"}, s.args...)
		if s.input != "" {
			in := filepath.Join(project, "in.json")
			os.WriteFile(in, []byte(s.input), 0o644)
			args = append(args, "--input", "in.json")
		}
		code, _, errOut := ghHooks(project, env, args...)
		if code != 0 && code != 3 || !strings.Contains(errOut, "gh-hooks: saved case") {
			t.Fatalf("save %d: exit %d:\n%s", i, code, errOut)
		}
	}
	data, err := os.ReadFile(filepath.Join(project, "tests", "saved.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range []string{
		"  - name: 'BeforeTool: deny'\n    event: BeforeTool\n    input:\n      tool_input:\n        command: rm -rf /\n    expect:\n      decision: deny\n      toolRuns: false\n",
		"  - name: 'BeforeTool: deny (2)'\n",
		"  - name: paths\n    event: BeforeTool\n    tool: read_file\n",
		"      toolInput:\n        file_path: scripts/fmt.sh\n",
		"      context: 'lint: run npm run lint before you edit this file'\n",
		"      reason: 'End your answer with a line that starts with Summary:'\n",
		"  - name: 'SessionStart startup: none'\n    event: SessionStart\n    trigger: startup\n",
	} {
		if !strings.Contains(string(data), w) {
			t.Errorf("saved file lacks %q:\n%s", w, data)
		}
	}
	code, out, errOut := ghHooks(project, env, "test", "--allow-untrusted", "tests/saved.yaml")
	if code != 0 || !strings.Contains(out, "ok: 6 cases passed") {
		t.Errorf("the saved cases do not pass: exit %d\n%s%s", code, out, errOut)
	}
	// A JSON test file is not rewritten; nothing is written.
	os.WriteFile(filepath.Join(project, "t.json"), []byte(`{"tests": []}`), 0o644)
	code, _, errOut = ghHooks(project, env, "run", "--allow-untrusted", "--event", "AfterAgent", "--save-test", "t.json")
	if code != 1 || !strings.Contains(errOut, "--save-test appends to YAML test files only") {
		t.Errorf("json: exit %d: %s", code, errOut)
	}
	if b, _ := os.ReadFile(filepath.Join(project, "t.json")); string(b) != `{"tests": []}` {
		t.Errorf("the JSON file changed: %s", b)
	}
}

// TestHookTestJSONIsOneObject: --format json prints one JSON object and
// nothing else, with every case.
func TestHookTestJSONIsOneObject(t *testing.T) {
	t.Parallel()
	project, env := exampleCopy(t)
	code, out, errOut := ghHooks(project, env, "test", "--allow-untrusted", "--format", "json")
	if code != 0 || errOut != "" {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	dec := json.NewDecoder(strings.NewReader(out))
	var v map[string]any
	if err := dec.Decode(&v); err != nil {
		t.Fatalf("not a JSON object: %v\n%s", err, out)
	}
	if dec.More() {
		t.Errorf("more than one JSON value:\n%s", out)
	}
	if cases, _ := v["cases"].([]any); len(cases) != 6 || v["passed"] != 6.0 || v["failed"] != 0.0 {
		t.Errorf("cases %d, passed %v, failed %v:\n%s", len(cases), v["passed"], v["failed"], out)
	}
}

// TestHookTestJUnitSchema checks test --format junit against the rules
// of the JUnit schema CI systems read (Jenkins' junit-10.xsd, from
// jenkinsci/xunit-plugin, which GitLab and the GitHub test-report actions
// also accept): the elements and attributes it allows, those it
// requires, and its SUREFIRE_TIME pattern for time.
func TestHookTestJUnitSchema(t *testing.T) {
	t.Parallel()
	project, env := exampleCopy(t)
	os.WriteFile(filepath.Join(project, "scripts", "guard.sh"), []byte("#!/bin/sh\nexit 0\n"), 0o755)
	code, out, errOut := ghHooks(project, env, "test", "--allow-untrusted", "--format", "junit")
	if code != 3 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	allowed := map[string][]string{
		"testsuites": {"name", "time", "tests", "failures", "errors"},
		"testsuite":  {"name", "tests", "failures", "errors", "group", "time", "skipped", "timestamp", "hostname", "id", "package", "file", "log", "url"},
		"testcase":   {"name", "time", "classname", "group"},
		"failure":    {"type", "message"},
	}
	required := map[string][]string{"testsuite": {"name", "tests", "failures", "errors"}, "testcase": {"name"}}
	children := map[string][]string{"testsuites": {"testsuite"}, "testsuite": {"testsuite", "properties", "testcase", "system-out", "system-err"},
		"testcase": {"skipped", "error", "failure", "system-out", "system-err"}, "failure": {}}
	surefireTime := regexp.MustCompile(`^(([0-9]{0,3},)*[0-9]{3}|[0-9]{0,3})*(\.[0-9]*)?$`)
	if !strings.HasPrefix(out, `<?xml version="1.0" encoding="UTF-8"?>`) {
		t.Errorf("no XML declaration:\n%s", out)
	}
	dec := xml.NewDecoder(strings.NewReader(out))
	var stack []string
	counts := map[string]int{}
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("not well-formed XML: %v\n%s", err, out)
		}
		switch el := tok.(type) {
		case xml.StartElement:
			name := el.Name.Local
			counts[name]++
			if len(stack) == 0 && name != "testsuites" {
				t.Errorf("root element %s, want testsuites", name)
			}
			if len(stack) > 0 {
				parent := stack[len(stack)-1]
				if !contains(children[parent], name) {
					t.Errorf("<%s> inside <%s>: the schema does not allow it", name, parent)
				}
			}
			have := map[string]bool{}
			for _, a := range el.Attr {
				have[a.Name.Local] = true
				if !contains(allowed[name], a.Name.Local) {
					t.Errorf("<%s %s>: the schema does not allow the attribute", name, a.Name.Local)
				}
				if a.Name.Local == "time" && (name == "testsuites" || name == "testsuite") && !surefireTime.MatchString(a.Value) {
					t.Errorf("<%s time=%q>: not a SUREFIRE_TIME", name, a.Value)
				}
			}
			for _, r := range required[name] {
				if !have[r] {
					t.Errorf("<%s> lacks the required attribute %s", name, r)
				}
			}
			stack = append(stack, name)
		case xml.EndElement:
			stack = stack[:len(stack)-1]
		}
	}
	if counts["testcase"] != 6 || counts["failure"] != 1 || counts["testsuite"] != 1 {
		t.Errorf("counts %v, want 6 testcases, 1 failure, 1 testsuite:\n%s", counts, out)
	}
	for _, w := range []string{`<testsuites name="gh-hooks test" tests="6" failures="1" errors="0"`, `<testsuite name=".gemini/hooks.test.yaml" tests="6" failures="1"`,
		`<failure message="decision: expected deny, got none; `, `.gemini/hooks.test.yaml:10: decision: expected deny, got none`} {
		if !strings.Contains(out, w) {
			t.Errorf("junit lacks %q:\n%s", w, out)
		}
	}
}

func contains(ss []string, s string) bool {
	for _, x := range ss {
		if x == s {
			return true
		}
	}
	return false
}
