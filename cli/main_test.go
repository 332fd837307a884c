package cli

import (
	"flag"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/gh-hooks/gh-hooks/gemini"
	"github.com/gh-hooks/gh-hooks/layers"
)

// hermeticPath is path without its entries that hold a gemini.
func hermeticPath(path string) string {
	var keep []string
	for _, d := range filepath.SplitList(path) {
		if d == "" {
			continue // the current directory: the script's $WORK
		}
		if _, err := os.Stat(filepath.Join(d, "gemini")); err == nil {
			continue
		}
		keep = append(keep, d)
	}
	return strings.Join(keep, string(filepath.ListSeparator))
}

var update = flag.Bool("update", false, "rewrite golden files and testscript expectations")

func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		// GH_HOOKS_TEST_TTY=1 stands for a terminal on stdout (80 columns
		// unless GH_HOOKS_TEST_WIDTH says otherwise), so that scripts
		// can check the terminal layout; production code detects it.
		"gh-hooks": func() {
			s := Streams{Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr}
			if os.Getenv("GH_HOOKS_TEST_TTY") == "1" {
				s.Terminal, s.Width = true, 80
				if w, err := strconv.Atoi(os.Getenv("GH_HOOKS_TEST_WIDTH")); err == nil {
					s.Width = w
				}
			}
			os.Exit(Run(os.Args, s))
		},
	})
}

// run runs gh-hooks in-process on the given streams, stdout not a terminal.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if stdin == nil {
		stdin = strings.NewReader("")
	}
	return Run(args, Streams{Stdin: stdin, Stdout: stdout, Stderr: stderr})
}

// TestScripts runs the end-to-end scenarios in testdata/script. Every
// script gets a private home, and the system paths point into $WORK, so no
// test reads the real home or /etc.
func TestScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir:                 filepath.Join("testdata", "script"),
		UpdateScripts:       *update,
		RequireExplicitExec: true,
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
			// chop FILE removes the newline at the end of FILE, which a
			// txtar archive cannot leave out.
			"chop": func(ts *testscript.TestScript, neg bool, args []string) {
				if neg || len(args) != 1 {
					ts.Fatalf("usage: chop FILE")
				}
				name := ts.MkAbs(args[0])
				data, err := os.ReadFile(name)
				ts.Check(err)
				ts.Check(os.WriteFile(name, []byte(strings.TrimSuffix(string(data), "\n")), 0o644))
			},
		},
		Setup: func(env *testscript.Env) error {
			home := filepath.Join(env.WorkDir, "home")
			env.Setenv("HOME", home)
			env.Setenv("GEMINI_CLI_HOME", home)
			env.Setenv("GEMINI_CLI_SYSTEM_SETTINGS_PATH", filepath.Join(env.WorkDir, "etc", "gemini-cli", "settings.json"))
			env.Setenv("GEMINI_CLI_SYSTEM_DEFAULTS_PATH", filepath.Join(env.WorkDir, "etc", "gemini-cli", "system-defaults.json"))
			env.Setenv("GEMINI_CLI_TRUSTED_FOLDERS_PATH", filepath.Join(home, ".gemini", "trustedFolders.json"))
			env.Setenv("NO_COLOR", "1")
			// Unset (not empty: Gemini expands a set-but-empty $VAR) anything
			// from the caller's environment that changes Gemini's behaviour.
			unset := map[string]bool{"GEMINI_CLI_TRUST_WORKSPACE": true, "GEMINI_RESTRICTED_MODE": true,
				"GEMINI_PROJECT_DIR": true, "CLAUDE_PROJECT_DIR": true, "SANDBOX": true, layers.InsecureSystemEnv: true,
				"GH_HOOKS_TEST_TTY": true, gemini.OverrideEnv: true, "VOLTA_HOME": true, "PNPM_HOME": true, "COLUMNS": true, "GITHUB_WORKSPACE": true, "XDG_CONFIG_HOME": true, "XDG_CACHE_HOME": true, "XDG_DATA_HOME": true, "XDG_STATE_HOME": true, "XDG_RUNTIME_DIR": true}
			vars := env.Vars[:0]
			for _, kv := range env.Vars {
				if k, _, _ := strings.Cut(kv, "="); !unset[k] {
					vars = append(vars, kv)
				}
			}
			env.Vars = vars
			// No Gemini CLI of the machine's: PATH keeps the tools hooks
			// run (bash, jq) but not a folder holding a gemini, so that
			// every script models "not installed" unless it builds an
			// install layout and puts it on PATH itself.
			env.Setenv("PATH", hermeticPath(env.Getenv("PATH")))
			// The XDG directories, where gh-hooks keeps caches and locks,
			// are private to the script too.
			for _, k := range []string{"XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_RUNTIME_DIR"} {
				env.Setenv(k, filepath.Join(env.WorkDir, "xdg", strings.ToLower(strings.TrimPrefix(k, "XDG_"))))
			}
			// A binary built with -race sleeps 1 s before a successful
			// exit unless told not to; every exec of gh-hooks paid it.
			env.Setenv("GORACE", "atexit_sleep_ms=0")
			return os.MkdirAll(home, 0o755)
		},
	})
}
