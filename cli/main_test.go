package cli

import (
	"bytes"
	"flag"
	"io"
	"os"
	"path/filepath"
	"reflect"
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

// TestMain makes the test binary gh-hooks too, for the scripts' `exec
// gh-hooks` and for hooks that start gh-hooks (the Claude adapter): run
// under that name it is gh-hooks; otherwise a link named gh-hooks to it
// is put first on PATH. (testscript.Main does the same, but also makes
// every such program a script command, which would hide the scripts'
// in-process gh-hooks command, runInScript.)
func TestMain(m *testing.M) {
	if filepath.Base(os.Args[0]) == "gh-hooks" {
		p := Process{Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr}
		p.Terminal, p.Width = testTerminal(os.Getenv)
		os.Exit(Run(os.Args, p))
	}
	os.Exit(runTests(m))
}

// testTerminal is the scripts' stand-in for a terminal on stdout, which
// production code detects: GH_HOOKS_TEST_TTY=1, 80 columns unless
// GH_HOOKS_TEST_WIDTH says otherwise.
func testTerminal(getenv func(string) string) (tty bool, width int) {
	if getenv("GH_HOOKS_TEST_TTY") != "1" {
		return false, 0
	}
	if w, err := strconv.Atoi(getenv("GH_HOOKS_TEST_WIDTH")); err == nil {
		return true, w
	}
	return true, 80
}

// runTests runs the tests with gh-hooks (this binary) first on PATH.
func runTests(m *testing.M) int {
	self, err := os.Executable()
	if err != nil {
		panic(err)
	}
	tmp, err := os.MkdirTemp("", "gh-hooks-test-")
	if err != nil {
		panic(err)
	}
	defer os.RemoveAll(tmp)
	bin := filepath.Join(tmp, "bin")
	if err := os.Mkdir(bin, 0o755); err != nil {
		panic(err)
	}
	if err := os.Symlink(self, filepath.Join(bin, "gh-hooks")); err != nil {
		panic(err)
	}
	os.Setenv("PATH", bin+string(filepath.ListSeparator)+os.Getenv("PATH"))
	// Tests give each command its own home and paths (hermetic,
	// hermeticVars, the scripts' Setup); the process's own lead into a
	// temporary directory too, so that no test can reach the real home or
	// /etc through them.
	home := filepath.Join(tmp, "home")
	for k, v := range map[string]string{
		"HOME": home, "GEMINI_CLI_HOME": home,
		"GEMINI_CLI_SYSTEM_SETTINGS_PATH": filepath.Join(tmp, "etc", "settings.json"),
		"GEMINI_CLI_SYSTEM_DEFAULTS_PATH": filepath.Join(tmp, "etc", "system-defaults.json"),
		"GEMINI_CLI_TRUSTED_FOLDERS_PATH": filepath.Join(home, ".gemini", "trustedFolders.json"),
		"XDG_CONFIG_HOME":                 filepath.Join(tmp, "xdg", "config"),
		"XDG_CACHE_HOME":                  filepath.Join(tmp, "xdg", "cache"),
		"XDG_DATA_HOME":                   filepath.Join(tmp, "xdg", "data"),
		"XDG_STATE_HOME":                  filepath.Join(tmp, "xdg", "state"),
	} {
		os.Setenv(k, v)
	}
	// A binary built with -race sleeps 1 s before it exits unless told
	// not to: every gh-hooks process the tests start (the scripts' exec
	// gh-hooks, the Claude adapter a hook runs) paid it.
	if r := os.Getenv("GORACE"); !strings.Contains(r, "atexit_sleep_ms") {
		os.Setenv("GORACE", strings.TrimSpace(r+" atexit_sleep_ms=0"))
	}
	return m.Run()
}

// run runs gh-hooks in-process on the given streams, stdout not a terminal.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if stdin == nil {
		stdin = strings.NewReader("")
	}
	return Run(args, Process{Stdin: stdin, Stdout: stdout, Stderr: stderr})
}

// runInScript is the scripts' gh-hooks command: it runs gh-hooks in this
// process, in the script's directory and environment and on its stdin,
// as `exec gh-hooks` would run it in a process of its own. A process of
// the race-enabled test binary takes some 90 ms to start, and the scripts
// run gh-hooks some 700 times; `exec gh-hooks` stays for what needs a
// process (a signal, a background command, a lock held by another one).
func runInScript(ts *testscript.TestScript, neg bool, args []string) {
	env, stdin := scriptProcess(ts)
	env = withoutUnset(env, ts.Getenv("GH_HOOKS_TEST_UNSET"))
	p := Process{Stdin: bytes.NewReader(stdin), Stdout: ts.Stdout(), Stderr: ts.Stderr(), Dir: ts.MkAbs("."), Env: env}
	p.Terminal, p.Width = testTerminal(ts.Getenv)
	code := Run(append([]string{"gh-hooks"}, args...), p)
	if code != 0 {
		ts.Logf("[exit status %d]", code)
	}
	switch {
	case neg && code == 0:
		ts.Fatalf("unexpected command success")
	case !neg && code != 0:
		ts.Fatalf("unexpected command failure")
	}
}

// withoutUnset drops from env the variables named in unset (comma-
// separated): a script sets GH_HOOKS_TEST_UNSET=GEMINI_CLI_HOME to run
// gh-hooks with the variable unset, which testscript's env command cannot
// do (an empty value is still set, and Gemini treats the two apart).
func withoutUnset(env []string, unset string) []string {
	if unset == "" {
		return env
	}
	drop := map[string]bool{}
	for _, k := range strings.Split(unset, ",") {
		drop[k] = true
	}
	out := env[:0:0]
	for _, kv := range env {
		if k, _, _ := strings.Cut(kv, "="); !drop[k] {
			out = append(out, kv)
		}
	}
	return out
}

// scriptProcess returns the environment an `exec` of the script would
// get and the stdin it would read (set by the script's stdin command),
// and consumes that stdin as an exec does. testscript v1.16.0 keeps both
// unexported and has no accessor for them (upstream PR #308 adds
// ts.Stdin), so they are read with reflect. Before, a shell wrote them
// into files for every command, three processes more each time: the
// scripts took twice as long (the race-enabled test binary run with
// -test.run TestScripts: 14.4 s -> 6.9 s, medians of 3 interleaved runs).
func scriptProcess(ts *testscript.TestScript) (env []string, stdin []byte) {
	v := reflect.ValueOf(ts).Elem()
	envs, in := v.FieldByName("env"), v.FieldByName("stdin")
	if envs.Kind() != reflect.Slice || envs.Type().Elem().Kind() != reflect.String || in.Kind() != reflect.String {
		ts.Fatalf("testscript no longer keeps the script's env ([]string) and stdin (string): update scriptProcess")
	}
	for i := range envs.Len() {
		env = append(env, envs.Index(i).String())
	}
	env = append(env, "PWD="+ts.MkAbs(".")) // as exec sets it
	if s := in.String(); s != "" {
		stdin = []byte(s)
		ts.Check(ts.Exec("true")) // an exec consumes the stdin
	}
	return env, stdin
}

// TestScripts runs the end-to-end scenarios in testdata/script. Every
// script gets a private home, and the system paths point into $WORK, so no
// test reads the real home or /etc.
func TestScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir:           filepath.Join("testdata", "script"),
		UpdateScripts: *update,
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
			"gh-hooks": runInScript,
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
			// The repository's root, for scripts that run its files (the
			// GitHub Action's entrypoint, the release script).
			repo, err := filepath.Abs("..")
			if err != nil {
				return err
			}
			env.Setenv("GH_HOOKS_REPO", repo)
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
			return os.MkdirAll(home, 0o755)
		},
	})
}
