package cli

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/urfave/cli/v3"
)

// hermetic points every path gh-hooks reads into a temporary directory and
// returns the home and project directories.
func hermetic(t *testing.T) (home, project string) {
	t.Helper()
	home, project, vars := hermeticVars(t)
	for _, kv := range vars {
		k, v, _ := strings.Cut(kv, "=")
		t.Setenv(k, v)
	}
	return home, project
}

// hermeticVars makes the directories of hermetic and returns the variables
// it sets, for a test that passes them in Process.Env instead (and so can
// run in parallel).
func hermeticVars(t *testing.T) (home, project string, vars []string) {
	t.Helper()
	dir := t.TempDir()
	home, project = filepath.Join(dir, "home"), filepath.Join(dir, "project")
	for _, d := range []string{filepath.Join(home, ".gemini"), filepath.Join(project, ".gemini"), filepath.Join(dir, "etc")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	vars = []string{"HOME=" + home, "GEMINI_CLI_HOME=" + home,
		"GEMINI_CLI_SYSTEM_SETTINGS_PATH=" + filepath.Join(dir, "etc", "settings.json"),
		"GEMINI_CLI_SYSTEM_DEFAULTS_PATH=" + filepath.Join(dir, "etc", "system-defaults.json"),
		"GEMINI_CLI_TRUSTED_FOLDERS_PATH=" + filepath.Join(home, ".gemini", "trustedFolders.json"),
		"NO_COLOR=1"}
	for _, k := range []string{"GEMINI_CLI_TRUST_WORKSPACE", "GEMINI_RESTRICTED_MODE", "GEMINI_PROJECT_DIR", "CLAUDE_PROJECT_DIR", "SANDBOX", "GH_HOOKS_TEST_TTY"} {
		vars = append(vars, k+"=")
	}
	return home, project, vars
}

// runMain runs the real entry point and returns exit code, stdout, stderr.
func runMain(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	code := run(append([]string{"gh-hooks"}, args...), strings.NewReader(""), &stdout, &stderr)
	return code, stdout.String(), stderr.String()
}

func TestComplete(t *testing.T) {
	home, project := hermetic(t)
	write := func(path, data string) {
		if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(filepath.Join(home, ".gemini", "settings.json"), `{
  // user hooks
  "hooks": {"BeforeTool": [{"hooks": [{"type": "command", "name": "guard", "command": "guard.sh"}]}]}
}`)
	write(filepath.Join(project, ".gemini", "settings.json"), `{
  "hooks": {
    "AfterTool": [{"hooks": [{"type": "command", "name": "fmt", "command": "./fmt.sh"}]}],
    "SessionStart": [{"hooks": [{"type": "command", "command": "./no-name.sh"}]}]
  }
}`)
	tests := []struct {
		name  string
		words []string
		want  []string
	}{
		{"commands", []string{""}, visibleCommands()},
		{"command prefix", []string{"ef"}, []string{"effective"}},
		{"global flags", []string{"--"}, []string{"--allow-outside-project", "--color", "--help", "--no-color", "--project", "--version", "--wide"}},
		{"command flags and global flags", []string{"effective", "--"}, []string{"--allow-outside-project", "--color", "--event", "--help", "--json", "--no-color", "--project", "--tool", "--trigger", "--wide"}},
		{"events", []string{"effective", "--event", ""}, []string{"AfterAgent", "AfterModel", "AfterTool", "BeforeAgent", "BeforeModel", "BeforeTool", "BeforeToolSelection", "Notification", "PreCompress", "SessionEnd", "SessionStart"}},
		{"event prefix", []string{"effective", "--event", "Session"}, []string{"SessionEnd", "SessionStart"}},
		{"event after =", []string{"effective", "--event=After"}, []string{"--event=AfterAgent", "--event=AfterModel", "--event=AfterTool"}},
		{"bash splits at =", []string{"add", "--scope", "=", "u"}, []string{"user"}},
		{"bash cursor after =", []string{"add", "--scope", "="}, []string{"project", "system", "user"}},
		{"triggers of the event", []string{"effective", "--event", "PreCompress", "--trigger", ""}, []string{"auto", "manual"}},
		{"scopes", []string{"add", "--scope", ""}, []string{"project", "system", "user"}},
		{"subcommands", []string{"trust", ""}, visibleCommands("trust")},
		{"shells", []string{"completion", ""}, []string{"bash", "fish", "zsh"}},
		{"hook names", []string{"--project", project, "disable", ""}, []string{"./no-name.sh", "fmt", "guard"}},
		{"hook name prefix", []string{"--project", project, "disable", "g"}, []string{"guard"}},
		{"project hook names", []string{"--project", project, "trust", "approve", ""}, []string{"./no-name.sh", "fmt"}},
		{"project dir is files", []string{"--project", ""}, nil},
		{"value of flag is not a command", []string{"effective", "--event", "trust", ""}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, stdout, stderr := runMain(t, append([]string{"__complete"}, tt.words...)...)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			got := strings.Fields(stdout)
			if diff := cmp.Diff(tt.want, got, cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("__complete %q (-want +got):\n%s", tt.words, diff)
			}
		})
	}
}

// visibleCommands lists the names __complete must offer after path: every
// command (or subcommand) that is not hidden, whoever added it.
func visibleCommands(path ...string) []string {
	cmds := newRoot(&env{Process: Process{Stdout: io.Discard, Stderr: io.Discard}}, nil).Commands
	for _, p := range path {
		cmds = findCommand(cmds, p).Commands
	}
	var names []string
	for _, c := range cmds {
		if !c.Hidden {
			names = append(names, c.Name)
		}
	}
	sort.Strings(names)
	return names
}

func TestCompletionScripts(t *testing.T) {
	hermetic(t)
	tests := []struct {
		shell string
		want  []string
	}{
		{"bash", []string{"complete -o default -F _gh_hooks gh-hooks", `gh-hooks __complete --typed "${COMP_WORDS[@]:1:COMP_CWORD}"`}},
		{"zsh", []string{"#compdef gh-hooks", "compdef _gh-hooks gh-hooks", `gh-hooks __complete --typed "${(@)words[2,CURRENT]}"`}},
		{"fish", []string{"complete -c gh-hooks", "gh-hooks __complete $words (commandline -ct)"}},
	}
	for _, tt := range tests {
		t.Run(tt.shell, func(t *testing.T) {
			code, stdout, stderr := runMain(t, "completion", tt.shell)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			for _, w := range tt.want {
				if !strings.Contains(stdout, w) {
					t.Errorf("script lacks %q:\n%s", w, stdout)
				}
			}
		})
	}
	code, _, stderr := runMain(t, "completion", "tcsh")
	if want := "gh-hooks: no completion for shell \"tcsh\"\nhint: gh-hooks completion bash|zsh|fish\n"; code != 2 || stderr != want {
		t.Errorf("completion tcsh = %d %q, want 2 %q", code, stderr, want)
	}
}

func TestVersion(t *testing.T) {
	hermetic(t)
	defer func(v string) { Version = v }(Version)
	for _, v := range []string{"", "1.2.3"} {
		Version = v
		want := "gh-hooks version " + appVersion() + "\n"
		if v != "" && want != "gh-hooks version 1.2.3\n" {
			t.Errorf("appVersion() = %q with Version set to %q", appVersion(), v)
		}
		for _, args := range [][]string{{"--version"}, {"version"}} {
			code, stdout, _ := runMain(t, args...)
			if code != 0 || stdout != want {
				t.Errorf("%s with Version=%q: %d %q, want %q", args[0], v, code, stdout, want)
			}
		}
	}
}

// TestColour checks the colour and layout rules of out: colour only on a
// terminal without NO_COLOR or --no-color, aligned columns only on a
// terminal, tab-separated otherwise.
func TestColour(t *testing.T) {
	_, project := hermetic(t)
	tests := []struct {
		name              string
		tty, noColor      bool
		flag              bool
		wantColour, wantT bool
	}{
		{"piped", false, false, false, false, true},
		{"terminal", true, false, false, true, false},
		{"terminal NO_COLOR", true, true, false, false, false},
		{"terminal --no-color", true, false, true, false, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Setenv("TERM", "xterm")
			if tt.noColor {
				t.Setenv("NO_COLOR", "1")
			} else {
				os.Unsetenv("NO_COLOR") // restored by the Setenv in hermetic
			}
			args := []string{"--project", project, "effective"}
			if tt.flag {
				args = append([]string{"--no-color"}, args...)
			}
			var out, errb strings.Builder
			code := Run(append([]string{"gh-hooks"}, args...), Process{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errb, Terminal: tt.tty, Width: 80})
			stdout, stderr := out.String(), errb.String()
			if code != 0 {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			if got := strings.Contains(stdout, "\x1b["); got != tt.wantColour {
				t.Errorf("colour escapes = %v, want %v:\n%q", got, tt.wantColour, stdout)
			}
			if got := strings.Contains(stdout, "project\t"); got != tt.wantT {
				t.Errorf("tab-separated = %v, want %v:\n%q", got, tt.wantT, stdout)
			}
		})
	}
}

// TestTypedCommandOnly shows that building only the command typed (see
// commands) changes nothing a user sees: each command's and subcommand's
// help, usage errors, help through the help command and after root flags,
// and the read-only commands' output on a project, are the same byte for
// byte as with every command in the tree.
func TestTypedCommandOnly(t *testing.T) {
	home, project, vars := hermeticVars(t)
	settings := `{"hooks": {"BeforeTool": [{"matcher": "run_shell_command", "hooks": [{"type": "command", "name": "guard", "command": "./guard.sh"}]}]}}`
	for _, dir := range []string{home, project} {
		if err := os.WriteFile(filepath.Join(dir, ".gemini", "settings.json"), []byte(settings), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var paths [][]string
	var walk func(prefix []string, cmds []*cli.Command)
	walk = func(prefix []string, cmds []*cli.Command) {
		for _, c := range cmds {
			p := append(slices.Clone(prefix), c.Name)
			paths = append(paths, p)
			walk(p, c.Commands)
		}
	}
	walk(nil, newRoot(&env{Process: Process{Stdout: io.Discard, Stderr: io.Discard}}, nil).Commands)
	if len(paths) < 20 {
		t.Fatalf("only %d commands in the tree: %q", len(paths), paths)
	}
	var argvs [][]string
	for _, p := range paths {
		argvs = append(argvs,
			append(slices.Clone(p), "--help"),
			append(slices.Clone(p), "--bogus"),
			append([]string{"help"}, p...),
			append([]string{"--color", "never", "--project", project}, append(slices.Clone(p), "-h")...),
			append([]string{"--wide", "--no-color"}, append(slices.Clone(p), "--help")...),
		)
	}
	argvs = append(argvs,
		[]string{"effective"}, []string{"effective", "--json"}, []string{"--project=" + project, "show", "guard"},
		[]string{"validate"}, []string{"commands"}, []string{"doctor"}, []string{"trust", "audit"},
		[]string{"version"}, []string{"man"}, []string{"completion", "bash"}, []string{"__complete", "tr"},
		[]string{"effectiv"}, []string{"--", "effective"}, []string{"--project"}, []string{},
		[]string{"--help", "effective"}, []string{"-h", "trust"}, []string{"--version", "effective"}, []string{"--bogus", "effective"},
	)
	for _, argv := range argvs {
		args := append([]string{"gh-hooks"}, argv...)
		got := make([]string, 2)
		for i, typedOnly := range []bool{true, false} {
			var stdout, stderr bytes.Buffer
			code := runProcess(slices.Clone(args), Process{Stdin: strings.NewReader(""), Stdout: &stdout, Stderr: &stderr, Dir: project, Env: vars}, typedOnly)
			got[i] = fmt.Sprintf("exit %d\nstdout:\n%s\nstderr:\n%s", code, stdout.String(), stderr.String())
		}
		if got[0] != got[1] {
			t.Errorf("gh-hooks %q with only the typed command (-) and with all (+):\n%s", argv, cmp.Diff(got[0], got[1]))
		}
	}
}
