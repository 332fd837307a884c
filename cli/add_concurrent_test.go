package cli

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/gh-hooks/gh-hooks/config"
)

// TestAddConcurrentProcesses starts 20 gh-hooks processes that add
// different hooks to one settings file at the same time: config.Update's
// lock serialises them, so all 20 hooks end up in a file that parses.
func TestAddConcurrentProcesses(t *testing.T) {
	// testscript.Main puts a "gh-hooks" that runs this binary's run() on PATH.
	bin, err := exec.LookPath("gh-hooks")
	if err != nil {
		t.Fatalf("gh-hooks is not on PATH (testscript.Main should have put it there): %v", err)
	}
	work := t.TempDir()
	home := filepath.Join(work, "home")
	project := filepath.Join(work, "project")
	path := filepath.Join(project, ".gemini", "settings.json")
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(home, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte("{\n  // shared file\n  \"general\": {}\n}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	// The hooks' script exists: add refuses a hook whose script is missing.
	if err := os.WriteFile(filepath.Join(project, "check.sh"), []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	env := append(os.Environ(), "HOME="+home, "GEMINI_CLI_HOME="+home, "GEMINI_CLI_TRUST_WORKSPACE=true",
		"GEMINI_CLI_SYSTEM_SETTINGS_PATH="+filepath.Join(work, "etc", "settings.json"),
		"GEMINI_CLI_SYSTEM_DEFAULTS_PATH="+filepath.Join(work, "etc", "system-defaults.json"),
		"GEMINI_CLI_TRUSTED_FOLDERS_PATH="+filepath.Join(home, ".gemini", "trustedFolders.json"))

	const n = 20
	var wg sync.WaitGroup
	errs := make([]string, n)
	var want []string
	for i := range n {
		name := fmt.Sprintf("hook-%02d", i)
		want = append(want, name)
		wg.Add(1)
		go func() {
			defer wg.Done()
			cmd := exec.Command(bin, "--project", project, "add", "--event", "BeforeTool", "--name", name, "--command", "./check.sh "+name)
			cmd.Env = env
			if out, err := cmd.CombinedOutput(); err != nil {
				errs[i] = fmt.Sprintf("%s: %v\n%s", name, err, out)
			}
		}()
	}
	wg.Wait()
	for _, e := range errs {
		if e != "" {
			t.Error(e)
		}
	}
	doc, err := config.ReadFile(path, config.Options{})
	if err != nil {
		t.Fatalf("the file does not parse after concurrent adds: %v", err)
	}
	var got []string
	for _, def := range doc.Root.Lookup("/hooks/BeforeTool").Items {
		got = append(got, def.Lookup("/hooks/0/name").Str)
	}
	sort.Strings(got)
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("hooks in the file (-want +got):\n%s", diff)
	}
	if doc.Root.Lookup("/general") == nil {
		t.Error("the other key was lost")
	}
}
