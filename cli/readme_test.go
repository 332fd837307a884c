package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/gh-hooks/gh-hooks/internal/docsync"
)

// TestReadme keeps the README's terminal examples equal to real runs of
// gh-hooks on the built-in example (testdata/example): its home is copied
// to a temporary /home/me, its projects to ~/src/app and ~/src/claude-app,
// and each command runs in-process as on a 100-column terminal without
// colour. The temporary directory above /home/me is then cut from the
// output (where a full path is printed, in a trustedFolders.json key, a
// wrapped line is shorter than on a real /home/me). With -update the README's blocks are rewritten.
func TestReadme(t *testing.T) {
	// The cut directory has the same length on every run, so that lines
	// that wrapped around a path in it wrap the same way every time.
	const rootLen = 40
	root := t.TempDir()
	if len(root) > rootLen-2 {
		t.Skipf("the temporary directory %s is longer than the %d bytes the README's layout allows", root, rootLen-2)
	}
	root = filepath.Join(root, strings.Repeat("r", rootLen-len(root)-1))
	home := filepath.Join(root, "home", "me")
	example := filepath.Join("..", "testdata", "example")
	for dst, src := range map[string]string{
		home:                                     "home",
		filepath.Join(home, "src", "app"):        "project",
		filepath.Join(home, "src", "claude-app"): "claude-project",
	} {
		if err := os.CopyFS(dst, os.DirFS(filepath.Join(example, src))); err != nil {
			t.Fatal(err)
		}
	}
	env := []string{
		"HOME=" + home, "GEMINI_CLI_HOME=" + home, "PATH=" + os.Getenv("PATH"),
		// The machine's /etc plays no part: the system files are
		// looked for in an empty directory of the home.
		"GEMINI_CLI_SYSTEM_SETTINGS_PATH=" + filepath.Join(home, "no-system", "settings.json"),
		"GEMINI_CLI_SYSTEM_DEFAULTS_PATH=" + filepath.Join(home, "no-system", "system-defaults.json"),
		"GH_HOOKS_GEMINI_VERSION=0.61.0", "NO_COLOR=1",
	}
	// session runs gh-hooks in dir as the README's prompt shows it.
	session := func(dir, prompt string, extraEnv []string, args ...string) string {
		t.Helper()
		var stdout, stderr bytes.Buffer
		p := Process{Stdin: strings.NewReader(""), Stdout: &stdout, Stderr: &stderr,
			Dir: filepath.Join(home, dir), Env: append(append([]string{}, env...), extraEnv...),
			Terminal: true, Width: 100}
		Run(append([]string{"gh-hooks"}, args...), p)
		out := stdout.String() + stderr.String()
		out = strings.ReplaceAll(out, root, "")
		return prompt + "\n" + strings.TrimRight(out, "\n") + "\n"
	}
	block := func(s string) string { return "```\n" + s + "```\n" }
	trusted := []string{"GEMINI_CLI_TRUST_WORKSPACE=true"}

	effective := session(filepath.Join("src", "app"), "$ cd ~/src/app && gh-hooks effective --event BeforeTool --tool write_file", nil,
		"effective", "--event", "BeforeTool", "--tool", "write_file")
	plan := session(filepath.Join("src", "app"), "", trusted, "effective", "--event", "BeforeTool", "--tool", "write_file")
	i := strings.Index(plan, "Plan: ")
	if i < 0 {
		t.Fatalf("no plan in:\n%s", plan)
	}
	audit := session(filepath.Join("src", "app"), "$ gh-hooks trust audit", trusted, "trust", "audit")
	// The hook tests, once the hooks are approved. Case times vary from
	// run to run: they are shown as 0.02s.
	session(filepath.Join("src", "app"), "", trusted, "trust", "approve", "--all")
	test := session(filepath.Join("src", "app"), "$ gh-hooks test", trusted, "test")
	test = regexp.MustCompile(`\(\d+\.\d\ds\)`).ReplaceAllString(test, "(0.02s)")
	migrate := session(filepath.Join("src", "claude-app"), "$ cd ~/src/claude-app && gh-hooks migrate --dry-run", nil,
		"migrate", "--dry-run")
	// The report, without the diff of the file it would write.
	if j := strings.Index(migrate, "\n--- "); j >= 0 {
		migrate = migrate[:j+1] + "(then the unified diff of the new .gemini/settings.json)\n"
	}
	if !strings.Contains(test, "ok: 6 cases passed") {
		t.Errorf("the README's test example does not pass:\n%s", test)
	}
	for name, s := range map[string]string{"effective": effective, "audit": audit, "test": test, "migrate": migrate} {
		if strings.Contains(s, "gh-hooks: error") || strings.Contains(s, "command not found") {
			t.Errorf("the README's %s example fails:\n%s", name, s)
		}
	}
	// The README's awk line: piped, the rows of seven fields are the
	// hooks, and their first field the ID.
	readme, err := os.ReadFile(filepath.Join("..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(readme), `awk -F'\t' 'NF == 7 {print $1}'`+"` gives effective's hook IDs") {
		t.Errorf("README no longer says which piped rows are hooks: update this check")
	}
	var piped bytes.Buffer
	Run([]string{"gh-hooks", "effective"}, Process{Stdin: strings.NewReader(""), Stdout: &piped, Stderr: &bytes.Buffer{},
		Dir: filepath.Join(home, "src", "app"), Env: append(env, trusted...)})
	var ids []string
	for _, l := range strings.Split(piped.String(), "\n") {
		if f := strings.Split(l, "\t"); len(f) == 7 {
			ids = append(ids, f[0])
		}
	}
	wantIDs := []string{"user/BeforeTool/0/0", "project/BeforeTool/0/0", "project/BeforeTool/0/1", "project/BeforeTool/1/0", "project/BeforeTool/2/0",
		"project/AfterTool/0/0", "project/AfterAgent/0/0", "extension:audio-alerts/AfterAgent/0/0", "project/SessionStart/0/0", "user/PreToolUse/0/0"}
	if strings.Join(ids, " ") != strings.Join(wantIDs, " ") {
		t.Errorf("piped effective's rows of 7 fields are %q, want the hook IDs %q:\n%s", ids, wantIDs, piped.String())
	}
	docsync.Check(t, filepath.Join("..", "README.md"), map[string]string{
		"tour-effective": block(effective),
		"tour-plan":      block(plan[i:]),
		"tour-audit":     block(audit),
		"tour-test":      block(test),
		"migrate":        block(migrate),
	}, *update, "go test ./cli -run TestReadme -update")
}
