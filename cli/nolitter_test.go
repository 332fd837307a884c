package cli

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/gh-hooks/gh-hooks/internal/testenv"
)

// TestFailedCommandsLeaveTheTreeAlone: a command that fails, is refused or
// runs with --dry-run creates no directory and no file anywhere (project,
// home, system directory): directories are made only by a write that
// happens. The project starts without .gemini/ and the home without
// ~/.gemini/, the state in which a write would have to create them.
func TestFailedCommandsLeaveTheTreeAlone(t *testing.T) {
	const (
		claudeSettings = `{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "echo stop"}]}]}}`
		projectHook    = `{"hooks": {"BeforeTool": [{"hooks": [{"name": "fmt", "type": "command", "command": "echo fmt"}]}]}}`
	)
	claude := func(t *testing.T, project, _ string) {
		write(t, filepath.Join(project, ".claude", "settings.json"), claudeSettings, 0o644)
		write(t, filepath.Join(project, ".claude", "commands", "hi.md"), "Say hi.\n", 0o644)
	}
	hooked := func(t *testing.T, project, _ string) {
		write(t, filepath.Join(project, ".gemini", "settings.json"), projectHook, 0o644)
	}
	plugin := func(script string) func(t *testing.T, project, _ string) {
		return func(t *testing.T, project, _ string) {
			write(t, filepath.Join(project, "plug", ".claude-plugin", "plugin.json"), `{"name": "plug", "version": "1.0.0"}`, 0o644)
			write(t, filepath.Join(project, "plug", "hooks", "hooks.json"), `{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "bash ${CLAUDE_PLUGIN_ROOT}/scripts/run.sh"}]}]}}`, 0o644)
			write(t, filepath.Join(project, "plug", "commands", "hi.md"), "Say hi.\n", 0o644)
			if script != "" {
				write(t, filepath.Join(project, "plug", "scripts", script), "exit 0\n", 0o755)
			}
		}
	}
	tests := []struct {
		name  string
		setup func(t *testing.T, project, home string)
		args  []string
		code  int
		// stderr and stdout are regexps; "" checks nothing.
		stderr, stdout string
	}{
		{name: "add refused by validation", args: []string{"add", "--event", "BeforeTool", "--name", "x", "--command", "./missing.sh"},
			code: 1, stderr: `^gh-hooks: refusing to add the hook: the script .*/project/missing.sh does not exist`},
		{name: "add refused in the user scope", args: []string{"add", "--scope", "user", "--event", "BeforeTool", "--name", "x", "--command", "/nonexistent/x.sh"},
			code: 1, stderr: `^gh-hooks: refusing to add the hook: the script /nonexistent/x.sh does not exist`},
		{name: "add with a usage error", args: []string{"add", "--event", "BeforeTool", "--command", "echo hi", "--timeout", "0"},
			code: 2, stderr: `--timeout 0`},
		{name: "add dry run", args: []string{"add", "--event", "BeforeTool", "--name", "x", "--command", "echo hi", "--dry-run"},
			stdout: `^\+\+\+ b/.*/project/\.gemini/settings\.json`, stderr: `dry run: would add project/BeforeTool/0/0 to .*/project/\.gemini/settings\.json; nothing written`},
		{name: "add dry run in the user scope", args: []string{"add", "--scope", "user", "--event", "BeforeTool", "--name", "x", "--command", "echo hi", "--dry-run"},
			stdout: `^\+\+\+ b/.*/home/\.gemini/settings\.json`, stderr: `dry run: would add user/BeforeTool/0/0 to .*/home/\.gemini/settings\.json; nothing written`},
		{name: "remove of no such hook", args: []string{"remove", "x"}, code: 1, stderr: `^gh-hooks: no hook matches "x" in project`},
		{name: "remove dry run of no such hook", args: []string{"remove", "x", "--dry-run"}, code: 1, stderr: `^gh-hooks: no hook matches "x" in project`},
		{name: "enable of no such hook", args: []string{"enable", "x"}, code: 1, stderr: `^gh-hooks: no hook matches "x", and`},
		{name: "enable dry run of no such hook", args: []string{"enable", "x", "--dry-run"}, code: 1, stderr: `^gh-hooks: no hook matches "x", and`},
		{name: "disable dry run", args: []string{"disable", "x", "--dry-run"}, stderr: `dry run: would disable "x" in .*/project/\.gemini/settings\.json`},
		{name: "disable dry run in the user scope", args: []string{"disable", "x", "--scope", "user", "--dry-run"}, stderr: `dry run: would disable "x" in .*/home/\.gemini/settings\.json`},
		{name: "migrate dry run with commands", setup: claude, args: []string{"migrate", "--adapter=never", "--dry-run"},
			stdout: `\+\+\+ b/.*/project/\.gemini/settings\.json`},
		{name: "migrate dry run to the user scope", setup: func(t *testing.T, _, home string) {
			write(t, filepath.Join(home, ".claude", "settings.json"), claudeSettings, 0o644)
			write(t, filepath.Join(home, ".claude", "commands", "hi.md"), "Say hi.\n", 0o644)
		}, args: []string{"migrate", "--adapter=never", "--scope", "user", "--dry-run"}, stdout: `\+\+\+ b/.*/home/\.gemini/settings\.json`},
		{name: "migrate that cannot append stops before the commands", setup: func(t *testing.T, project, home string) {
			claude(t, project, home)
			write(t, filepath.Join(project, ".gemini", "settings.json"), `{"hooks": {"AfterAgent": {"hooks": []}}}`, 0o644)
		}, args: []string{"migrate", "--adapter=never"}, code: 1, stderr: `cannot append the migrated hooks`},
		{name: "migrate --to dry run", setup: plugin("run.sh"), args: []string{"migrate", "--adapter=never", "--to", "ext", "plug", "--dry-run"},
			stdout: `would-write`},
		{name: "migrate --to of an incomplete plugin", setup: plugin(""), args: []string{"migrate", "--adapter=never", "--to", "ext", "plug"},
			code: 1, stderr: `^gh-hooks: the plugin lacks files its hooks start`},
		{name: "trust baseline --write dry run", setup: hooked, args: []string{"trust", "baseline", "--write", "--dry-run"},
			stdout: `\+\+\+ b/.*/project/\.gemini/gh-hooks-trust\.json`},
		{name: "trust approve dry run", setup: hooked, args: []string{"trust", "approve", "--all", "--dry-run"}},
		{name: "trust approve of no such hook", setup: hooked, args: []string{"trust", "approve", "nothere"},
			code: 1, stderr: `^gh-hooks: no hook matches "nothere" in the project hooks`},
		{name: "trust revoke dry run", setup: hooked, args: []string{"trust", "revoke", "--all", "--dry-run"}},
		{name: "trust prune dry run", setup: hooked, args: []string{"trust", "prune", "--dry-run"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			home, project := hermetic(t)
			t.Setenv("GEMINI_CLI_TRUST_WORKSPACE", "true")
			for _, d := range []string{filepath.Join(project, ".gemini"), filepath.Join(home, ".gemini")} {
				if err := os.Remove(d); err != nil {
					t.Fatal(err)
				}
			}
			if tt.setup != nil {
				tt.setup(t, project, home)
			}
			t.Chdir(project)
			root := filepath.Dir(home)
			before := testenv.Tree(t, root)
			code, stdout, stderr := runGuarded(t, nil, append([]string{"--project", project}, tt.args...))
			if code != tt.code {
				t.Errorf("exit %d, want %d\nstdout: %.800s\nstderr: %.800s", code, tt.code, stdout, stderr)
			}
			for _, c := range []struct{ name, got, re string }{{"stdout", stdout, tt.stdout}, {"stderr", stderr, tt.stderr}} {
				if c.re != "" && !regexp.MustCompile(`(?m)`+c.re).MatchString(c.got) {
					t.Errorf("%s %.800q does not match %q", c.name, c.got, c.re)
				}
			}
			after := testenv.Tree(t, root)
			if diff := cmp.Diff(before, after); diff != "" {
				t.Errorf("%s changed the tree (-before +after):\n%s", strings.Join(tt.args, " "), diff)
			}
		})
	}
}
