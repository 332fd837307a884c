package cli

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/gh-hooks/gh-hooks/internal/testenv"
	"github.com/google/go-cmp/cmp"
)

// The bad-input catalogue: malformed and hostile settings files and file
// system states, each run through the real entry point (effective --json,
// validate, add --dry-run and, where it must fail, add). Every command must
// exit with the CONTRACT code, say what is wrong at path:line:col where the
// file has a position, never panic, and leave every file byte- and
// mode-identical.
//
// A full disk during a write is simulated in package config, whose writer
// has an unexported hook for it: see the "full disk" case of
// TestUpdateRefuses in config/write_test.go.

// catalogueCase is one bad input.
type catalogueCase struct {
	name string
	// content is written as the project settings file, unless setup
	// builds the tree itself and returns the file the messages name.
	content []byte
	setup   func(t *testing.T, c *catalogueEnv) string
	// pos is "line:col" of the diagnostic ("" when it has none), code its
	// problem code and msg a regexp for its message.
	pos, code, msg string
	// Exit codes: effective --json, validate, add --dry-run. add (for
	// real) runs only when add --dry-run fails, and must fail the same way.
	eff, val, add int
	// addPos and addMsg are the add error's position and regexp when they
	// differ from pos and msg (add points at the value it cannot edit).
	addPos, addMsg string
	// scope is the --scope of add ("" for the default, project).
	scope string
	// args replaces the global arguments (default: --project PROJECT).
	args []string
}

// catalogueEnv is the temporary tree of one case.
type catalogueEnv struct {
	root, home, project string
	// env is the commands' environment (Process.Env).
	env []string
}

// setenv sets k for the case's commands.
func (c *catalogueEnv) setenv(k, v string) { c.env = append(c.env, k+"="+v) }

func (c *catalogueEnv) projectFile() string {
	return filepath.Join(c.project, ".gemini", "settings.json")
}

// fatal is a file Gemini refuses to load (it exits 52): every command
// fails with the position; validate reports it (exit 3).
func fatal(name, content, pos, code, msg string) catalogueCase {
	return catalogueCase{name: name, content: []byte(content), pos: pos, code: code, msg: msg, eff: 1, val: 3, add: 1}
}

// loads is a file Gemini loads with a problem that effective and validate
// report at its position.
func loads(name, content, pos, code, msg string, val, add int) catalogueCase {
	return catalogueCase{name: name, content: []byte(content), pos: pos, code: code, msg: msg, val: val, add: add}
}

func hook(extra string) string {
	return `{"hooks": {"BeforeTool": [{"hooks": [{"type": "command", "command": ":"` + extra + `}]}]}}`
}

func catalogue() []catalogueCase {
	nested := func(n int) string { return strings.Repeat("[", n) + strings.Repeat("]", n) }
	// 1 MiB proves the same bound as 10 MiB did (linear work, no copy per
	// problem) at a tenth of the time under -race.
	huge := strings.Repeat("a", 1<<20)
	return []catalogueCase{
		// Syntax: Gemini's JSON.parse (after comment stripping) rejects these.
		fatal("empty file", "", "1:1", "empty-file", `file is empty`),
		fatal("whitespace only", " \n\t\n", "2:2", "empty-file", `file is empty`),
		fatal("byte-order mark", "\xef\xbb\xbf{}", "1:1", "bom", `byte-order mark`),
		fatal("trailing comma in array", `{"hooks": {"BeforeTool": [{},]}}`, "1:29", "trailing-comma", `trailing comma`),
		fatal("trailing comma in object", "{\n  \"hooks\": {},\n}", "2:14", "trailing-comma", `trailing comma`),
		fatal("array root", `[]`, "1:1", "not-object", `root is an array`),
		fatal("null root", `null`, "1:1", "not-object", `root is null`),
		fatal("number root", ` 42 `, "1:2", "not-object", `root is a number`),
		fatal("string root", `"{}"`, "1:1", "not-object", `root is a string`),
		// Node decodes invalid UTF-8 to U+FFFD and JSON.parse accepts it.
		loads("invalid UTF-8 loads", "{\"a\": \"\xff\xfe\"}", "", "", "", 0, 0),
		fatal("NUL byte between tokens", "{\x00}", "1:2", "parse-error", `invalid`),
		fatal("raw NUL in a string", "{\"a\": \"\x00\"}", "1:7", "parse-error", `invalid`),
		fatal("raw newline in a string", "{\"a\": \"x\ny\"}", "1:7", "parse-error", `invalid`),
		fatal("unterminated string", `{"a": "x`, "1:9", "parse-error", `invalid`),
		// A comment left open at the end is blanked by strip-json-comments
		// (Gemini loads `{} /* x`); inside the object it cuts it short.
		fatal("block comment left open inside the object", `{"a": 1 /* x`, "1:13", "parse-error", `invalid JSON: .*unexpected EOF`),
		fatal("unclosed object", `{"hooks": {`, "1:12", "parse-error", `invalid`),
		fatal("single quotes", `{'hooks': {}}`, "1:2", "parse-error", `invalid`),
		fatal("unquoted key", `{hooks: {}}`, "1:2", "parse-error", `invalid`),
		fatal("NaN literal", `{"timeout": NaN}`, "1:13", "parse-error", `invalid`),
		fatal("hex number", `{"timeout": 0x10}`, "1:13", "parse-error", `invalid`),
		fatal("two roots", `{} {}`, "1:4", "parse-error", `invalid`),
		fatal("bad escape", `{"a": "\x"}`, "1:7", "parse-error", `invalid`),
		fatal("error after CRLF lines", "{\r\n  \"a\": 1,\r\n  \"b\": [1,]\r\n}", "3:10", "trailing-comma", `trailing comma`),
		fatal("column counts runes", `{"é日本": [1,]}`, "1:11", "trailing-comma", `trailing comma`),
		fatal("10k unclosed arrays", `{"a": `+strings.Repeat("[", 10000), "1:1006", "too-deep", `nesting deeper than 1000 levels`),
		fatal("JSON5 comment style #", "{\n# c\n}", "2:1", "parse-error", `invalid`),

		// Loads, with problems at their place.
		withAdd(loads("hooks null", `{"hooks": null}`, "1:2", "hooks-not-object", `hooks`, 3, 1), "1:11"),
		{name: "hooksConfig null crashes Gemini", content: []byte(`{"hooksConfig": null}`), pos: "1:2", code: "hooksconfig-null", msg: `crash`, eff: 1, val: 3},
		loads("hooksConfig array", `{"hooksConfig": []}`, "1:2", "hooksconfig-not-object", `hooksConfig`, 3, 0),
		loads("enabled is the string false", `{"hooksConfig": {"enabled": "false"}}`, "1:18", "enabled-string", `enabled`, 0, 0),
		loads("disabled is a string", `{"hooksConfig": {"disabled": "lint"}}`, "1:18", "disabled-string", `disabled`, 0, 0),
		withAdd(loads("hooks is an array", `{"hooks": []}`, "1:2", "hooks-not-object", `hooks`, 3, 1), "1:11"),
		withAdd(loads("event value is an object", `{"hooks": {"BeforeTool": {"hooks": []}}}`, "1:12", "event-not-array", `BeforeTool`, 0, 1), "1:26"),
		withAdd(loads("event value is a string", `{"hooks": {"BeforeTool": "x"}}`, "1:12", "event-not-array", `BeforeTool`, 0, 1), "1:26"),
		loads("null definition", `{"hooks": {"BeforeTool": [null]}}`, "1:27", "definition-invalid", `.`, 0, 0),
		loads("null and number hooks", `{"hooks": {"BeforeTool": [{"hooks": [null, 1]}]}}`, "1:38", "hook-invalid", `.`, 0, 0),
		loads("numeric matcher", `{"hooks": {"BeforeTool": [{"matcher": 5, "hooks": [{"type": "command", "command": ":"}]}]}}`, "1:28", "matcher-not-string", `matcher`, 3, 0),
		loads("inline-flag matcher", `{"hooks": {"BeforeTool": [{"matcher": "(?i)x", "hooks": [{"type": "command", "command": ":"}]}]}}`, "1:39", "matcher-invalid-regex", `.`, 0, 0),
		loads("timeout string", hook(`, "timeout": "30"`), "1:85", "timeout-string", `timeout`, 0, 0),
		loads("timeout negative", hook(`, "timeout": -1`), "1:85", "timeout-negative", `timeout`, 3, 0),
		loads("timeout 1e400", hook(`, "timeout": 1e400`), "1:85", "timeout-too-large", `timeout`, 3, 0),
		loads("timeout huge", hook(`, "timeout": 99999999999`), "1:85", "timeout-too-large", `timeout`, 3, 0),
		loads("env is a string", hook(`, "env": "A=1"`), "1:81", "env-not-object", `env`, 0, 0),
		loads("sequential is a string", `{"hooks": {"BeforeTool": [{"sequential": "yes", "hooks": [{"type": "command", "command": ":"}]}]}}`, "1:42", "sequential-not-boolean", `sequential`, 0, 0),
		loads("unknown event", `{"hooks": {"PreToolUse": []}}`, "1:12", "unknown-event", `PreToolUse`, 0, 0),
		withAdd(loads("duplicate hooks key, last is null", `{"hooks": {}, "hooks": null}`, "1:15", "hooks-not-object", `hooks`, 3, 1), "1:24"),
		loads("empty command", `{"hooks": {"BeforeTool": [{"hooks": [{"type": "command"}]}]}}`, "1:38", "empty-command", `command`, 0, 0),
		// Gemini loads 1500 levels and fails at 2000 (Maximum call stack
		// size exceeded); gh-hooks refuses more than config.MaxDepth.
		withAdd(loads("999 nested arrays", `{"x": `+nested(999)+`, "hooks": null}`, "1:2007", "hooks-not-object", `hooks`, 3, 1), "1:2016"),
		fatal("10k nested arrays", `{"x": `+nested(10000)+`, "hooks": null}`, "1:1006", "too-deep", `nesting deeper than 1000 levels`),
		fatal("100k nested arrays", `{"x": `+nested(100000)+`}`, "1:1006", "too-deep", `nesting deeper than 1000 levels`),
		fatal("10k nested objects in env", hook(`, "env": `+strings.Repeat(`{"a": `, 10000)+`1`+strings.Repeat(`}`, 10000)), "1:6045", "too-deep", `nesting deeper than 1000 levels`),
		// A bracket inside a string or a comment is not nesting.
		loads("10k brackets in a string and a comment", "{\"a\": \""+strings.Repeat("[", 10000)+"\" /* "+strings.Repeat("{", 10000)+" */}", "", "", "", 0, 0),
		loads("1 MiB name", hook(`, "timeout": -5, "name": "`+huge+`"`), "1:85", "timeout-negative", `timeout`, 3, 0),

		// The file system.
		{name: "directory as the settings file", setup: func(t *testing.T, c *catalogueEnv) string {
			mkdir(t, c.projectFile())
			return c.projectFile()
		}, pos: "1:1", code: "read-error", msg: `is a directory`, eff: 1, val: 3, add: 1},
		{name: "symlink loop", setup: func(t *testing.T, c *catalogueEnv) string {
			symlink(t, "settings.json", c.projectFile())
			return c.projectFile()
		}, pos: "1:1", code: "read-error", msg: `too many levels of symbolic links`, eff: 1, val: 3, add: 1,
			addMsg: `: cannot resolve symbolic link: too many levels of symbolic links`},
		{name: "named pipe", setup: func(t *testing.T, c *catalogueEnv) string {
			if err := testenv.Mkfifo(c.projectFile(), 0o644); err != nil {
				t.Skipf("no FIFOs here: %v", err)
			}
			return c.projectFile()
		}, pos: "1:1", code: "read-error", msg: `not a regular file but a named pipe`, eff: 1, val: 3, add: 1},
		{name: "symlink to /dev/null", setup: func(t *testing.T, c *catalogueEnv) string {
			if _, err := os.Stat("/dev/null"); err != nil {
				t.Skip("no /dev/null")
			}
			symlink(t, "/dev/null", c.projectFile())
			return c.projectFile()
		}, pos: "1:1", code: "read-error", msg: `not a regular file but a character device`, eff: 1, val: 3, add: 1,
			// add refuses it before reading: it leads out of the project.
			addMsg: `: cannot write: .* is a symbolic link to /dev/null, outside the project`},
		{name: "symlink to /dev/zero", setup: func(t *testing.T, c *catalogueEnv) string {
			if _, err := os.Stat("/dev/zero"); err != nil {
				t.Skip("no /dev/zero")
			}
			symlink(t, "/dev/zero", c.projectFile())
			return c.projectFile()
		}, pos: "1:1", code: "read-error", msg: `not a regular file but a character device`, eff: 1, val: 3, add: 1,
			// add refuses it before reading: it leads out of the project.
			addMsg: `: cannot write: .* is a symbolic link to /dev/zero, outside the project`},
		{name: "unreadable file", setup: func(t *testing.T, c *catalogueEnv) string {
			if os.Geteuid() == 0 {
				t.Skip("root reads any file")
			}
			write(t, c.projectFile(), "{}", 0o000)
			return c.projectFile()
		}, pos: "1:1", code: "read-error", msg: `permission denied`, eff: 1, val: 3, add: 1},
		{name: "dangling symlink reads as missing", setup: func(t *testing.T, c *catalogueEnv) string {
			symlink(t, "nowhere.json", c.projectFile())
			return c.projectFile()
		}},
		{name: "read-only file", setup: func(t *testing.T, c *catalogueEnv) string {
			write(t, c.projectFile(), "{\n  // keep\n}\n", 0o444)
			return c.projectFile()
		}, msg: `cannot write: file is read-only`, add: 0, addMsg: `cannot write: file is read-only`},
		{name: "read-only directory", setup: func(t *testing.T, c *catalogueEnv) string {
			write(t, c.projectFile(), "{}\n", 0o644)
			if err := os.Chmod(filepath.Dir(c.projectFile()), 0o555); err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { os.Chmod(filepath.Dir(c.projectFile()), 0o755) })
			return c.projectFile()
		}, add: 0, addMsg: `directory .* is read-only`},
		{name: ".gemini is a file", setup: func(t *testing.T, c *catalogueEnv) string {
			os.Remove(filepath.Join(c.project, ".gemini"))
			write(t, filepath.Join(c.project, ".gemini"), "{}", 0o644)
			return c.projectFile()
		}, pos: "1:1", code: "read-error", msg: `not a directory`, eff: 1, val: 3, add: 1,
			addMsg: `: cannot (read|create directory): .*(not a directory|file exists)`},
		{name: "broken user file", setup: func(t *testing.T, c *catalogueEnv) string {
			p := filepath.Join(c.home, ".gemini", "settings.json")
			write(t, p, "{\"hooks\": {\n  \"BeforeTool\": [,]\n}}", 0o644)
			return p
		}, pos: "2:18", code: "parse-error", msg: `invalid`, eff: 1, val: 3, add: 1, scope: "user"},
		{name: "broken system defaults", setup: func(t *testing.T, c *catalogueEnv) string {
			c.setenv("GH_HOOKS_TRUST_SYSTEM_FILES_FOR_TESTING", "1")
			p := filepath.Join(c.root, "etc", "system-defaults.json")
			write(t, p, `{"hooksConfig": {"enabled": tru}}`, 0o644)
			return p
		}, pos: "1:29", code: "parse-error", msg: `invalid`, eff: 1, val: 3},
		{name: "broken trustedFolders.json", setup: func(t *testing.T, c *catalogueEnv) string {
			c.setenv("GEMINI_CLI_TRUST_WORKSPACE", "") // consult trustedFolders.json
			write(t, c.projectFile(), "{}\n", 0o644)
			p := filepath.Join(c.home, ".gemini", "trustedFolders.json")
			write(t, p, `{"/x": "TRUST_FOLDER",}`, 0o644)
			return p
		}, pos: "1:22", code: "trailing-comma", msg: `trusted folders file cannot be read`, eff: 1, val: 3},
		{name: "project is a file", setup: func(t *testing.T, c *catalogueEnv) string {
			write(t, filepath.Join(c.root, "file"), "", 0o644)
			return filepath.Join(c.root, "file")
		}, args: []string{"--project", "ROOT/file"}, msg: `is not a directory`, eff: 1, val: 1, add: 1},
		{name: "project does not exist", setup: func(t *testing.T, c *catalogueEnv) string {
			return filepath.Join(c.root, "missing")
		}, args: []string{"--project", "ROOT/missing"}, msg: `no such file or directory`, eff: 1, val: 1, add: 1},
	}
}

// withAdd sets the position of add's error.
func withAdd(c catalogueCase, pos string) catalogueCase {
	c.addPos = pos
	return c
}

func mkdir(t *testing.T, p string) {
	t.Helper()
	if err := os.MkdirAll(p, 0o755); err != nil {
		t.Fatal(err)
	}
}

func write(t *testing.T, p, data string, perm fs.FileMode) {
	t.Helper()
	mkdir(t, filepath.Dir(p))
	if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(p, perm); err != nil {
		t.Fatal(err)
	}
}

func symlink(t *testing.T, target, p string) {
	t.Helper()
	if err := os.Symlink(target, p); err != nil {
		t.Skipf("no symbolic links here: %v", err)
	}
}

// runGuarded runs the entry point and turns a panic into a test failure.
//
// env is the environment (nil: the process's).
func runGuarded(t *testing.T, env []string, args []string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	func() {
		defer func() {
			if r := recover(); r != nil {
				t.Fatalf("gh-hooks %s panicked: %v", strings.Join(args, " "), r)
			}
		}()
		code = Run(append([]string{"gh-hooks"}, args...), Process{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errb, Env: env})
	}()
	return code, out.String(), errb.String()
}

func TestBadInputCatalogue(t *testing.T) {
	cases := catalogue()
	if len(cases) < 40 {
		t.Fatalf("catalogue has %d cases, want at least 40", len(cases))
	}
	seen := map[string]bool{}
	for _, tt := range cases {
		if seen[tt.name] {
			t.Fatalf("duplicate case %q", tt.name)
		}
		seen[tt.name] = true
		t.Run(tt.name, func(t *testing.T) {
			// The commands get their environment in Process, not from the
			// process: the cases run side by side.
			t.Parallel()
			home, project, vars := hermeticVars(t)
			c := &catalogueEnv{root: filepath.Dir(home), home: home, project: project, env: append(os.Environ(), vars...)}
			// Trusted, so that the project layer takes part in the merge.
			c.setenv("GEMINI_CLI_TRUST_WORKSPACE", "true")
			path := c.projectFile()
			if tt.setup != nil {
				path = tt.setup(t, c)
			} else {
				write(t, path, string(tt.content), 0o644)
			}
			global := []string{"--project", project}
			if tt.args != nil {
				global = nil
				for _, a := range tt.args {
					global = append(global, strings.ReplaceAll(a, "ROOT", c.root))
				}
			}
			where := regexp.QuoteMeta(path)
			if tt.pos != "" {
				where += ":" + tt.pos
			}
			sep := ": .*"
			if tt.pos == "" {
				sep = ".*" // no position: the path need not end the prefix
			}
			msg := regexp.MustCompile(`(?s)` + where + sep + tt.msg)
			// Human output abbreviates the home directory as ~.
			human := where
			if rel, ok := strings.CutPrefix(path, home+"/"); ok {
				human = "(" + where + "|~/" + regexp.QuoteMeta(rel) + strings.TrimPrefix(where, regexp.QuoteMeta(path)) + ")"
			}
			before := testenv.Tree(t, c.root)

			// effective --json: exit code; a parse or problem is in the JSON at its place.
			code, stdout, stderr := runGuarded(t, c.env, append(global, "effective", "--json"))
			if code != tt.eff {
				t.Errorf("effective --json: exit %d, want %d\nstderr: %.500s", code, tt.eff, stderr)
			}
			if tt.eff != 0 && !msg.MatchString(stderr) {
				t.Errorf("effective --json: stderr %.500q does not match %q", stderr, msg)
			}
			if tt.code != "" && stdout != "" {
				checkProblem(t, stdout, path, tt.pos, tt.code)
			}

			// validate: errors exit 3 with path:line:col on stdout.
			code, stdout, stderr = runGuarded(t, c.env, append(global, "validate"))
			if code != tt.val {
				t.Errorf("validate: exit %d, want %d\nstdout: %.500s\nstderr: %.500s", code, tt.val, stdout, stderr)
			}
			if tt.code != "" && !regexp.MustCompile(`(?s)`+human+`: .*\[`+regexp.QuoteMeta(tt.code)+`\]`).MatchString(stdout) {
				t.Errorf("validate: stdout %.800q lacks %s [%s]", stdout, where, tt.code)
			}

			// add --dry-run never writes; add must fail the same way.
			addArgs := append(global, "add", "--event", "BeforeTool", "--command", "echo catalogue", "--name", "catalogue")
			if tt.scope != "" {
				addArgs = append(addArgs, "--scope", tt.scope)
			}
			code, _, stderr = runGuarded(t, c.env, append(addArgs, "--dry-run"))
			if code != tt.add {
				t.Errorf("add --dry-run: exit %d, want %d\nstderr: %.500s", code, tt.add, stderr)
			}
			addMsg := msg
			if tt.addPos != "" {
				addMsg = regexp.MustCompile(`(?s)` + regexp.QuoteMeta(path+":"+tt.addPos) + `: .*` + tt.msg)
			}
			if tt.addMsg != "" {
				addMsg = regexp.MustCompile(regexp.QuoteMeta(path) + `.*` + tt.addMsg)
			}
			if tt.add != 0 && !addMsg.MatchString(stderr) {
				t.Errorf("add --dry-run: stderr %.500q does not match %q", stderr, addMsg)
			}
			if tt.add != 0 || tt.addMsg != "" {
				code, _, stderr = runGuarded(t, c.env, addArgs)
				if code != 1 {
					t.Errorf("add: exit %d, want 1\nstderr: %.500s", code, stderr)
				}
				if !addMsg.MatchString(stderr) {
					t.Errorf("add: stderr %.500q does not match %q", stderr, addMsg)
				}
			}
			// Every other command must not crash on these inputs either
			// (infinite timeouts once made trust audit panic): each exits 0
			// or 3, or 1 with a message, and dry runs write nothing.
			for _, args := range [][]string{
				{"trust", "audit", "--json"},
				{"trust", "approve", "--all", "--dry-run"},
				{"run", "--event", "SessionEnd", "--trigger", "exit", "--json"},
				{"disable", "catalogue-x", "--dry-run"},
				{"enable", "catalogue-x", "--dry-run"},
				{"remove", "catalogue-x", "--dry-run"},
				{"commands", "--json"},
				{"effective", "--event", "BeforeTool", "--tool", "write_file"},
			} {
				code, _, stderr = runGuarded(t, c.env, append(append([]string(nil), global...), args...))
				if code == 2 || code > 3 || code == 1 && !strings.Contains(stderr, "gh-hooks: ") {
					t.Errorf("%s: exit %d\nstderr: %.500s", strings.Join(args, " "), code, stderr)
				}
			}
			if diff := cmp.Diff(before, testenv.Tree(t, c.root)); diff != "" {
				t.Errorf("files changed (-before +after):\n%.2000s", diff)
			}
		})
	}
}

// checkProblem asserts that effective's JSON lists a problem with code at
// path:pos.
func checkProblem(t *testing.T, stdout, path, pos, code string) {
	t.Helper()
	var got struct {
		Problems []struct {
			Code, Path   string
			Line, Column int
		}
	}
	if err := json.Unmarshal([]byte(stdout), &got); err != nil {
		t.Fatalf("effective --json printed invalid JSON: %v\n%.500s", err, stdout)
	}
	var all []string
	for _, p := range got.Problems {
		s := fmt.Sprintf("%s:%d:%d [%s]", p.Path, p.Line, p.Column, p.Code)
		if s == fmt.Sprintf("%s:%s [%s]", path, pos, code) {
			return
		}
		all = append(all, s)
	}
	t.Errorf("effective --json has no problem %s:%s [%s]; it has:\n%s", path, pos, code, strings.Join(all, "\n"))
}
