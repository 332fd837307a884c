package cli

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

// preCommitHook is an entry of .pre-commit-hooks.yaml, with the keys
// pre-commit reads (https://pre-commit.com/#creating-new-hooks).
type preCommitHook struct {
	ID            string `yaml:"id"`
	Name          string `yaml:"name"`
	Description   string `yaml:"description"`
	Entry         string `yaml:"entry"`
	Language      string `yaml:"language"`
	Files         string `yaml:"files"`
	PassFilenames *bool  `yaml:"pass_filenames"`
	AlwaysRun     bool   `yaml:"always_run"`
}

func readPreCommitHooks(t *testing.T) map[string]preCommitHook {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", ".pre-commit-hooks.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	var list []preCommitHook
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true) // a misspelt key is an error, not a hook pre-commit reads differently
	if err := dec.Decode(&list); err != nil {
		t.Fatalf(".pre-commit-hooks.yaml: %v", err)
	}
	hooks := map[string]preCommitHook{}
	for _, h := range list {
		if h.ID == "" || h.Name == "" || h.Entry == "" || h.Description == "" {
			t.Errorf("hook %+v: id, name, description and entry are required", h)
		}
		// language golang: pre-commit runs `go install ./...` in a clone of
		// this repository, which installs the root package as gh-hooks (the
		// module path's last element), the program each entry names.
		if h.Language != "golang" {
			t.Errorf("hook %s: language %q, want golang", h.ID, h.Language)
		}
		// The checks look at the whole project, not the files pre-commit
		// would pass: a file name argument would narrow validate to it.
		if h.PassFilenames == nil || *h.PassFilenames {
			t.Errorf("hook %s: pass_filenames must be false", h.ID)
		}
		hooks[h.ID] = h
	}
	return hooks
}

// TestPreCommitHooks runs each hook of .pre-commit-hooks.yaml as pre-commit
// would (its entry, in the repository's root, no file names) on a project
// that passes and one that does not, and checks which files trigger it.
func TestPreCommitHooks(t *testing.T) {
	hooks := readPreCommitHooks(t)
	if mod, err := os.ReadFile(filepath.Join("..", "go.mod")); err != nil || !strings.HasPrefix(string(mod), "module github.com/gh-hooks/gh-hooks\n") {
		t.Fatalf("go.mod: the module must be github.com/gh-hooks/gh-hooks, so that go install names the binary gh-hooks (%v)", err)
	}
	_, project, vars := hermeticVars(t)
	settings := filepath.Join(project, ".gemini", "settings.json")
	write := func(name, content string) {
		t.Helper()
		if err := os.WriteFile(name, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(settings, `{"hooks": {"BeforeTool": [{"matcher": "write_file", "hooks": [{"name": "check", "type": "command", "command": "echo ok"}]}]}}`)
	vars = append(vars, "GEMINI_CLI_TRUST_WORKSPACE=true")
	entry := func(id string) []string {
		t.Helper()
		h, ok := hooks[id]
		if !ok {
			t.Fatalf(".pre-commit-hooks.yaml has no hook %s", id)
		}
		// pre-commit splits the entry with shlex; these entries have no
		// quotes, so splitting on blanks is the same.
		words := strings.Fields(h.Entry)
		if strings.ContainsAny(h.Entry, `"'\`) || len(words) < 2 || words[0] != "gh-hooks" {
			t.Fatalf("hook %s: entry %q must run gh-hooks, without quotes", id, h.Entry)
		}
		return words
	}
	runEntry := func(args ...string) (int, string) {
		t.Helper()
		var out bytes.Buffer
		code := Run(args, Process{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &out, Dir: project, Env: vars})
		return code, out.String()
	}

	validate := entry("gh-hooks-validate")
	if code, out := runEntry(validate...); code != 0 {
		t.Errorf("%s on a clean project: exit %d, want 0:\n%s", strings.Join(validate, " "), code, out)
	}
	audit := entry("gh-hooks-trust-audit")
	if code, out := runEntry("gh-hooks", "trust", "baseline", "--write"); code != 0 {
		t.Fatalf("trust baseline --write: exit %d:\n%s", code, out)
	}
	if code, out := runEntry(audit...); code != 0 {
		t.Errorf("%s with the baseline written: exit %d, want 0:\n%s", strings.Join(audit, " "), code, out)
	}

	// A commit that adds a hook without review, and a misconfiguration.
	write(settings, `{"hooks": {"BeforeTool": [{"matcher": "write_file", "hooks": [{"name": "check", "type": "command", "command": "echo ok"}, {"type": "command", "command": "./missing.sh"}]}]}}`)
	code, out := runEntry(validate...)
	if code != 3 || !strings.Contains(out, "missing.sh does not exist") {
		t.Errorf("%s on a missing script: exit %d, want 3 and the finding:\n%s", strings.Join(validate, " "), code, out)
	}
	code, out = runEntry(audit...)
	if code != 3 || !strings.Contains(out, "./missing.sh\tnew") {
		t.Errorf("%s on a new hook: exit %d, want 3 and the hook as new:\n%s", strings.Join(audit, " "), code, out)
	}

	// The hook tests: a passing case, then one that fails (missing.sh,
	// added above, denies with exit 127). Hooks run
	// with bash, found on PATH.
	test := entry("gh-hooks-test")
	vars = append(vars, "PATH="+os.Getenv("PATH"))
	write(filepath.Join(project, ".gemini", "hooks.test.yaml"), "tests:\n  - name: runs\n    event: BeforeTool\n    tool: write_file\n    expect:\n      hooks:\n        check: {ran: true, exit: 0}\n")
	if code, out := runEntry(test...); code != 0 || !strings.Contains(out, "ok: 1 case passed") {
		t.Errorf("%s on a passing case: exit %d, want 0:\n%s", strings.Join(test, " "), code, out)
	}
	write(filepath.Join(project, ".gemini", "hooks.test.yaml"), "tests:\n  - name: denies\n    event: BeforeTool\n    tool: write_file\n    expect: {decision: allow}\n")
	if code, out := runEntry(test...); code != 3 || !strings.Contains(out, "decision: expected allow, got deny") {
		t.Errorf("%s on a failing case: exit %d, want 3 and the difference:\n%s", strings.Join(test, " "), code, out)
	}
	if !hooks["gh-hooks-test"].AlwaysRun {
		t.Errorf("gh-hooks-test must be always_run (a hook's script can be anywhere)")
	}

	// validate runs when a file it reads changes; the audit always (a
	// hook's script can be anywhere in the repository).
	files := regexp.MustCompile(hooks["gh-hooks-validate"].Files)
	for name, want := range map[string]bool{
		".gemini/settings.json": true, "sub/.gemini/settings.json": true,
		"ext/hooks/hooks.json": true, "ext/gemini-extension.json": true,
		"README.md": false, ".gemini/settings.json.bak": false, "my.gemini/settings.json": false,
	} {
		if got := files.MatchString(name); got != want {
			t.Errorf("gh-hooks-validate files %q matches %s: %v, want %v", files, name, got, want)
		}
	}
	if !hooks["gh-hooks-trust-audit"].AlwaysRun {
		t.Errorf("gh-hooks-trust-audit must be always_run")
	}
}

// TestPreCommitTryRepo runs the real pre-commit on this repository's hooks
// (`pre-commit try-repo`, which clones the repository and builds gh-hooks
// with go install). Dev-only: it needs pre-commit and a Go module proxy,
// and takes a minute; GH_HOOKS_PRECOMMIT_TEST=1 turns it on.
func TestPreCommitTryRepo(t *testing.T) {
	if os.Getenv("GH_HOOKS_PRECOMMIT_TEST") != "1" {
		t.Skip("set GH_HOOKS_PRECOMMIT_TEST=1 to run the real pre-commit (needs pre-commit on PATH and the Go module proxy)")
	}
	if _, err := exec.LookPath("pre-commit"); err != nil {
		t.Skip("pre-commit is not installed (Debian: apt-get install pre-commit)")
	}
	repo, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	_, project, vars := hermeticVars(t)
	if err := os.WriteFile(filepath.Join(project, ".gemini", "settings.json"), []byte(`{"hooks": {"BeforeTool": [{"hooks": [{"type": "command", "command": "./missing.sh"}]}]}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	git := func(args ...string) {
		t.Helper()
		cmd := exec.Command("git", args...)
		cmd.Dir = project
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	git("init", "-q")
	git("add", ".")
	cmd := exec.Command("pre-commit", "try-repo", repo, "gh-hooks-validate", "--all-files")
	cmd.Dir = project
	cmd.Env = append(os.Environ(), vars...)
	cmd.Env = append(cmd.Env, "GEMINI_CLI_TRUST_WORKSPACE=true", "PRE_COMMIT_HOME="+filepath.Join(t.TempDir(), "cache"))
	out, err := cmd.CombinedOutput()
	if err == nil || !strings.Contains(string(out), "missing.sh does not exist") {
		t.Errorf("pre-commit try-repo: %v, want a failure naming the missing script:\n%s", err, out)
	}
}
