package main

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/gh-hooks/gh-hooks/layers"
)

var update = flag.Bool("update", false, "rewrite golden files and testscript expectations")

func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"gh-hooks": func() { os.Exit(run(os.Args, os.Stdin, os.Stdout, os.Stderr)) },
	})
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
				"GEMINI_PROJECT_DIR": true, "CLAUDE_PROJECT_DIR": true, "SANDBOX": true, layers.InsecureSystemEnv: true}
			vars := env.Vars[:0]
			for _, kv := range env.Vars {
				if k, _, _ := strings.Cut(kv, "="); !unset[k] {
					vars = append(vars, kv)
				}
			}
			env.Vars = vars
			return os.MkdirAll(home, 0o755)
		},
	})
}
