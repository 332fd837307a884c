package validate

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/gh-hooks/gh-hooks/config"
	"github.com/gh-hooks/gh-hooks/layers"
	"github.com/gh-hooks/gh-hooks/merge"
)

// tree writes files (path relative to the root; mode 0o755 for names
// ending in .sh unless they end in .noexec.sh) and returns the root.
func tree(t *testing.T, files map[string]string) string {
	t.Helper()
	root := t.TempDir()
	for name, body := range files {
		p := filepath.Join(root, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		mode := os.FileMode(0o644)
		if strings.HasSuffix(name, ".sh") && !strings.HasSuffix(name, ".noexec.sh") {
			mode = 0o755
		}
		if err := os.WriteFile(p, []byte(body), mode); err != nil {
			t.Fatal(err)
		}
	}
	for _, d := range []string{"home", "proj"} {
		if err := os.MkdirAll(filepath.Join(root, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

func load(t *testing.T, root string) *layers.Set {
	t.Helper()
	home := filepath.Join(root, "home")
	set, err := layers.Load(layers.Options{ProjectDir: filepath.Join(root, "proj"), Env: layers.MapEnv(map[string]string{
		"HOME": home, "GEMINI_CLI_HOME": home, "GEMINI_CLI_TRUST_WORKSPACE": "true",
		"GEMINI_CLI_SYSTEM_SETTINGS_PATH": filepath.Join(root, "etc", "settings.json"),
		"GEMINI_CLI_SYSTEM_DEFAULTS_PATH": filepath.Join(root, "etc", "system-defaults.json"),
	})})
	if err != nil {
		t.Fatal(err)
	}
	return set
}

// got is the part of a problem a rule test compares.
type got struct {
	Code     string
	Severity config.Severity
	File     string // relative to the tree
	Line     int
	Column   int
	At       string // the file's text at Line:Column (up to 12 bytes of the line)
}

// textAt returns up to 12 bytes of the file at a 1-based line and
// (rune) column.
func textAt(t *testing.T, path string, line, col int) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		return ""
	}
	lines := strings.Split(string(data), "\n")
	if line < 1 || line > len(lines) {
		return "<no such line>"
	}
	r := []rune(lines[line-1])
	if col < 1 || col > len(r)+1 {
		return "<no such column>"
	}
	s := string(r[col-1:])
	if len(s) > 12 {
		s = s[:12]
	}
	return s
}

const (
	user = "home/.gemini/settings.json"
	proj = "proj/.gemini/settings.json"
)

// checkRulesCase is a case of TestCheckRules.
type checkRulesCase struct {
	name  string
	files map[string]string
	codes []string // only these codes are compared
	want  []got
	msg   string // substring of the first wanted problem's message
	hint  string // substring of its hint
}

// checkRulesCases are TestCheckRules's cases: one literal table
// (Check's problems for a tree of settings files).
func checkRulesCases() []checkRulesCase {
	return []checkRulesCase{
		{
			name: "trigger matcher written as a regex",
			files: map[string]string{proj: `{
  // Claude style
  "hooks": {"SessionStart": [{"matcher": "startup|resume", "hooks": [{"type": "command", "command": "echo hi"}]}]}
}`},
			codes: []string{"trigger-matcher-regex"},
			want: []got{
				{"trigger-matcher-regex", config.SevWarning, proj, 3, 42, "\"startup|res"},
			},
			msg:  `SessionStart matchers are exact strings, not regexes: Gemini compares "startup|resume" with the trigger (startup, resume, clear) and it never matches`,
			hint: `with the matchers "startup" and "resume"`,
		},
		{
			name:  "trigger matcher with .*",
			files: map[string]string{proj: `{"hooks": {"PreCompress": [{"matcher": "start.*", "hooks": [{"type": "command", "command": "echo"}]}]}}`},
			codes: []string{"trigger-matcher-regex"},
			want: []got{
				{"trigger-matcher-regex", config.SevWarning, proj, 1, 40, "\"start.*\", \""},
			},
			msg:  `PreCompress matchers are exact strings`,
			hint: "write one exact trigger (manual, auto)",
		},
		{
			name:  "unknown trigger",
			files: map[string]string{proj: `{"hooks": {"SessionStart": [{"matcher": "Startup", "hooks": [{"type": "command", "command": "echo"}]}]}}`},
			codes: []string{"unknown-trigger"},
			want: []got{
				{"unknown-trigger", config.SevWarning, proj, 1, 41, "\"Startup\", \""},
			},
			msg:  `Gemini never fires SessionStart with the trigger "Startup"`,
			hint: `triggers are case-sensitive: write "startup"`,
		},
		{
			name:  "slash pattern",
			files: map[string]string{proj: `{"hooks": {"BeforeTool": [{"matcher": "/write_file/", "hooks": [{"type": "command", "command": "echo"}]}]}}`},
			codes: []string{"matcher-slashes"},
			want: []got{
				{"matcher-slashes", config.SevWarning, proj, 1, 39, "\"/write_file"},
			},
			msg:  "Gemini does not implement the /pattern/ form",
			hint: `drop the slashes: "write_file"`,
		},
		{
			name:  "invalid regex",
			files: map[string]string{proj: `{"hooks": {"AfterTool": [{"matcher": "[invalid", "hooks": [{"type": "command", "command": "echo"}]}]}}`},
			codes: []string{"matcher-invalid-regex"},
			want: []got{
				{"matcher-invalid-regex", config.SevWarning, proj, 1, 38, "\"[invalid\", "},
			},
			msg:  `"[invalid" is not a valid JavaScript regex`,
			hint: "fix the regex",
		},
		{
			name:  "inline flags are not JavaScript",
			files: map[string]string{proj: `{"hooks": {"AfterTool": [{"matcher": "(?i)bash", "hooks": [{"type": "command", "command": "echo"}]}]}}`},
			codes: []string{"matcher-invalid-regex"},
			want: []got{
				{"matcher-invalid-regex", config.SevWarning, proj, 1, 38, "\"(?i)bash\", "},
			},
			msg: "inline flags",
		},
		{
			name: "matcher on an event without context",
			files: map[string]string{proj: `{"hooks": {"BeforeAgent": [{"matcher": "run_shell_command", "hooks": [{"type": "command", "command": "echo"}]}],
 "Notification": [{"matcher": "*", "hooks": [{"type": "command", "command": "echo"}]}]}}`},
			codes: []string{"matcher-ignored"},
			want: []got{
				{"matcher-ignored", config.SevWarning, proj, 1, 40, "\"run_shell_c"},
			},
			msg: `Gemini fires BeforeAgent without a tool name or trigger and ignores matchers there`,
		},
		{
			name: "unanchored tool name",
			files: map[string]string{proj: `{"hooks": {"BeforeTool": [
  {"matcher": "read", "hooks": [{"type": "command", "command": "echo"}]},
  {"matcher": "write_file|replace", "hooks": [{"type": "command", "command": "echo"}]},
  {"matcher": "^read$|glob", "hooks": [{"type": "command", "command": "echo"}]}
]}}`},
			codes: []string{"matcher-unanchored"},
			want: []got{
				{"matcher-unanchored", config.SevWarning, proj, 2, 15, "\"read\", \"hoo"},
			},
			msg:  `"read" matches read_many_files, read_file, read_mcp_resource, read_background_output`,
			hint: `name the tools you mean and anchor them, e.g. "^(read_background_output|read_file|read_many_files|read_mcp_resource)$"`,
		},
		{
			name:  "tool name that is a prefix of another",
			files: map[string]string{proj: `{"hooks": {"BeforeTool": [{"matcher": "list_directory|glob", "hooks": [{"type": "command", "command": "echo"}]}]}}`},
			codes: []string{"matcher-unanchored"},
		},
		{
			name:  "Claude tool names",
			files: map[string]string{proj: `{"hooks": {"BeforeTool": [{"matcher": "Bash|Edit|Write", "hooks": [{"type": "command", "command": "echo"}]}]}}`},
			codes: []string{"matcher-claude-tool"},
			want: []got{
				{"matcher-claude-tool", config.SevWarning, proj, 1, 39, "\"Bash|Edit|W"},
			},
			msg:  `"Bash", "Edit", "Write" are Claude Code tool names and Gemini has no tool of that name (matching is case-sensitive): this hook never runs`,
			hint: `use Gemini's tool names: "run_shell_command|replace|write_file"`,
		},
		{
			name:  "Claude MCP name next to a Gemini name",
			files: map[string]string{proj: `{"hooks": {"BeforeTool": [{"matcher": "mcp__github__create_issue|write_file", "hooks": [{"type": "command", "command": "echo"}]}]}}`},
			codes: []string{"matcher-claude-tool"},
			want: []got{
				{"matcher-claude-tool", config.SevWarning, proj, 1, 39, "\"mcp__github"},
			},
			msg:  "that part of the matcher is dead",
			hint: `"mcp_github_create_issue|write_file"`,
		},
		{
			name: "timeouts",
			files: map[string]string{proj: `{"hooks": {"BeforeTool": [{"hooks": [
  {"type": "command", "command": "echo 1", "timeout": 30},
  {"type": "command", "command": "echo 2", "timeout": 0},
  {"type": "command", "command": "echo 3", "timeout": -5},
  {"type": "command", "command": "echo 4", "timeout": 5000},
  {"type": "command", "command": "echo 5", "timeout": 3000000000}
]}]}}`},
			codes: []string{"timeout-seconds", "timeout-zero", "timeout-negative", "timeout-too-large"},
			want: []got{
				{"timeout-zero", config.SevError, proj, 3, 55, "0},"},
				{"timeout-negative", config.SevError, proj, 4, 55, "-5},"},
				{"timeout-too-large", config.SevError, proj, 6, 55, "3000000000}"},
				{"timeout-seconds", config.SevWarning, proj, 2, 55, "30},"},
			},
			msg:  "timeout is 0: Gemini uses it as given (timeout ?? 60000), so the hook times out immediately",
			hint: "milliseconds",
		},
		{
			name:  "timeout in seconds hint",
			files: map[string]string{proj: `{"hooks": {"BeforeTool": [{"hooks": [{"type": "command", "command": "echo", "timeout": 30}]}]}}`},
			codes: []string{"timeout-seconds"},
			want: []got{
				{"timeout-seconds", config.SevWarning, proj, 1, 88, "30}]}]}}"},
			},
			msg:  "timeout is 30 ms, which looks like seconds",
			hint: "timeout is in milliseconds: 30 means 30 ms; write 30000",
		},
		{
			name:  "string timeout coerced",
			files: map[string]string{proj: `{"hooks": {"BeforeTool": [{"hooks": [{"type": "command", "command": "echo", "timeout": "5000"}]}]}}`},
			codes: []string{"timeout-string", "timeout-not-number"},
			want: []got{
				{"timeout-string", config.SevWarning, proj, 1, 88, "\"5000\"}]}]}}"},
			},
			msg:  `timeout is the string "5000": Gemini converts it to a number only while the whole file passes settings validation`,
			hint: "write a number without quotes: 5000",
		},
		{
			name: "non-numeric timeouts",
			files: map[string]string{proj: `{"hooks": {"BeforeTool": [{"hooks": [
  {"type": "command", "command": "echo 1", "timeout": "soon"},
  {"type": "command", "command": "echo 2", "timeout": true}
]}]}}`},
			codes: []string{"timeout-string", "timeout-not-number"},
			want: []got{
				{"timeout-not-number", config.SevError, proj, 2, 55, "\"soon\"},"},
				{"timeout-not-number", config.SevError, proj, 3, 55, "true}"},
			},
			msg: `timeout is the string "soon", not a number: Node's setTimeout clamps it to 1 ms`,
		},
		{
			name:  "sequential as a string",
			files: map[string]string{proj: `{"hooks": {"BeforeTool": [{"sequential": "true", "hooks": [{"type": "command", "command": "echo"}]}]}}`},
			codes: []string{"sequential-not-boolean"},
			want: []got{
				{"sequential-not-boolean", config.SevWarning, proj, 1, 42, "\"true\", \"hoo"},
			},
			msg: "sequential is a string (true): Gemini only honours the literal true, so these hooks run in parallel",
		},
		{
			name:  "double-quoted project dir",
			files: map[string]string{proj: `{"hooks": {"BeforeTool": [{"hooks": [{"type": "command", "command": "\"$GEMINI_PROJECT_DIR/.gemini/hooks/x.sh\""}]}]}}`},
			codes: []string{"runtime-var-quoted"},
			want: []got{
				{"runtime-var-quoted", config.SevWarning, proj, 1, 69, "\"\\\"$GEMINI_P"},
			},
			msg:  "$GEMINI_PROJECT_DIR is inside double quotes",
			hint: `use the braced form, which Gemini leaves to the shell: "${GEMINI_PROJECT_DIR}/.gemini/hooks/x.sh"`,
		},
		{
			name:  "runtime variable as a prefix",
			files: map[string]string{proj: `{"hooks": {"BeforeTool": [{"hooks": [{"type": "command", "command": "cd $CLAUDE_PROJECT_DIR_ROOT && ls"}]}]}}`},
			codes: []string{"runtime-var-prefix", "runtime-var-quoted"},
			want: []got{
				{"runtime-var-prefix", config.SevWarning, proj, 1, 73, "$CLAUDE_PROJ"},
			},
			msg:  `$CLAUDE_PROJECT_DIR_ROOT becomes the shell-quoted value of CLAUDE_PROJECT_DIR followed by "_ROOT"`,
			hint: "write ${CLAUDE_PROJECT_DIR_ROOT} for the variable CLAUDE_PROJECT_DIR_ROOT",
		},
		{
			name: "braced and unquoted forms are fine",
			files: map[string]string{proj: `{"hooks": {"BeforeTool": [{"hooks": [
  {"type": "command", "command": "\"${GEMINI_PROJECT_DIR}/x\" && $GEMINI_PROJECT_DIR/y"}]}]}}`},
			codes: []string{"runtime-var-prefix", "runtime-var-quoted"},
		},
		{
			name: "missing and non-executable scripts",
			files: map[string]string{
				"proj/ok.sh":             "#!/bin/sh\n",
				"proj/lib/run.noexec.sh": "#!/bin/sh\n",
				"proj/hooks/ok.sh":       "#!/bin/sh\n",
				proj: `{"hooks": {"BeforeTool": [{"hooks": [
  {"type": "command", "command": "./ok.sh --check"},
  {"type": "command", "command": "./gone.sh"},
  {"type": "command", "command": "bash lib/run.noexec.sh"},
  {"type": "command", "command": "$GEMINI_PROJECT_DIR/lib/run.noexec.sh"},
  {"type": "command", "command": "python3 \"${GEMINI_PROJECT_DIR}/missing.py\" arg"},
  {"type": "command", "command": "lint-tool --fix"},
  {"type": "command", "command": "$HOOKS_DIR/x.sh"},
  {"type": "command", "command": "timeout 5 ./wrapped.sh"},
  {"type": "command", "command": "cd hooks && ./after-cd.sh"},
  {"type": "command", "command": "cd hooks && ./ok.sh"},
  {"type": "command", "command": "[ -x ./guarded.sh ] && ./guarded.sh"},
  {"type": "command", "command": "if [ -n \"$CI\" ]; then ./branch.sh; fi"},
  {"type": "command", "command": "command -v jq || ./fallback.sh"}
]}]}}`},
			codes: []string{"script-missing", "script-not-executable"},
			want: []got{
				{"script-missing", config.SevError, proj, 3, 34, "\"./gone.sh\"}"},
				{"script-not-executable", config.SevError, proj, 5, 34, "\"$GEMINI_PRO"},
				{"script-missing", config.SevError, proj, 6, 34, "\"python3 \\\"$"},
				// Behind a wrapper and after cd: the fingerprint's reading.
				{"script-missing", config.SevError, proj, 9, 34, "\"timeout 5 ."},
				{"script-missing", config.SevError, proj, 10, 34, "\"cd hooks &&"},
			},
			msg:  "does not exist: bash fails with exit 127",
			hint: "relative paths resolve against the project directory",
		},
		{
			name: "duplicate dropped by dedup",
			files: map[string]string{
				user: `{"hooks": {"BeforeTool": [{"hooks": [{"type": "command", "command": "echo same"}]}]}}`,
				proj: `{
  "hooks": {"BeforeTool": [{"matcher": "write_file", "hooks": [{"type": "command", "command": "echo same"}]}],
            "AfterTool": [{"hooks": [{"type": "command", "command": "echo same"}]}]}
}`},
			codes: []string{"duplicate-hook"},
			want: []got{
				{"duplicate-hook", config.SevWarning, proj, 2, 64, "{\"type\": \"co"},
			},
			msg: `same name and command (key ":echo same") as the hook at `,
		},
		{
			name: "copies that no one firing selects together are not duplicates",
			files: map[string]string{
				proj: `{"hooks": {
  // One hook per trigger: each firing of SessionStart has one trigger.
  "SessionStart": [{"matcher": "startup", "hooks": [{"type": "command", "command": "echo hi"}]},
                   {"matcher": "resume", "hooks": [{"type": "command", "command": "echo hi"}]}],
  // Two tools, one hook each.
  "BeforeTool": [{"matcher": "write_file", "hooks": [{"type": "command", "command": "echo w"}]},
                 {"matcher": "^replace$", "hooks": [{"type": "command", "command": "echo w"}]}]}}`},
			codes: []string{"duplicate-hook"},
		},
		{
			name: "copies that one firing selects together are duplicates",
			files: map[string]string{
				proj: `{"hooks": {
  "SessionStart": [{"matcher": "startup", "hooks": [{"type": "command", "command": "echo hi"}]},
                   {"hooks": [{"type": "command", "command": "echo hi"}]}],
  "BeforeTool": [{"matcher": "mcp_github_create", "hooks": [{"type": "command", "command": "echo w"}]},
                 {"matcher": "mcp_github_.*", "hooks": [{"type": "command", "command": "echo w"}]}]}}`},
			codes: []string{"duplicate-hook"},
			want: []got{
				{"duplicate-hook", config.SevWarning, proj, 3, 31, "{\"type\": \"co"},
				{"duplicate-hook", config.SevWarning, proj, 5, 57, "{\"type\": \"co"},
			},
			msg: "only once",
		},
		{
			name: "disabled names",
			files: map[string]string{
				user: `{"hooksConfig": {"disabled": ["./fmt.sh", "Guard", "nobody"]},
 "hooks": {"BeforeTool": [{"hooks": [{"name": "fmt", "type": "command", "command": "./fmt.sh"},
                                     {"name": "guard", "type": "command", "command": "echo g"}]}]}}`,
				"proj/fmt.sh": "#!/bin/sh\n"},
			codes: []string{"disabled-by-command", "disabled-unknown"},
			want: []got{
				{"disabled-by-command", config.SevWarning, user, 1, 31, "\"./fmt.sh\", "},
				{"disabled-unknown", config.SevWarning, user, 1, 43, "\"Guard\", \"no"},
				{"disabled-unknown", config.SevWarning, user, 1, 52, "\"nobody\"]},"},
			},
			msg:  `"./fmt.sh" is the command of the hook "fmt" at `,
			hint: `disable it by its name: "fmt"`,
		},
		{
			name: "Claude-only fields and types",
			files: map[string]string{proj: `{"hooks": {"AfterTool": [{"hooks": [
  {"type": "command", "command": "echo", "async": true, "statusMessage": "x"},
  {"type": "prompt", "prompt": "is this ok?"}
]}]}}`},
			codes: []string{"claude-field", "claude-hook-type"},
			want: []got{
				{"claude-field", config.SevWarning, proj, 2, 42, "\"async\": tru"},
				{"claude-field", config.SevWarning, proj, 2, 57, "\"statusMessa"},
				{"claude-field", config.SevWarning, proj, 3, 22, "\"prompt\": \"i"},
				{"claude-hook-type", config.SevInfo, proj, 3, 12, "\"prompt\", \"p"},
			},
			msg:  `"async" is a Claude Code hook field: Gemini ignores it and always waits for the hook to finish`,
			hint: `remove "async"`,
		},
		{
			name: "Claude fields set to what Gemini does anyway",
			files: map[string]string{proj: `{"hooks": {"AfterTool": [{"hooks": [
  // Claude's defaults: wait for the hook, run it every time.
  {"type": "command", "command": "echo", "async": false, "once": false, "asyncRewake": false}
]}]}}`},
			codes: []string{"claude-field"},
		},
		{
			name: "user disables, project re-enables",
			files: map[string]string{
				user: `{"hooksConfig": {"enabled": false}}`,
				proj: `{
  "hooksConfig": {"enabled": true}
}`},
			codes: []string{"enabled-overrides"},
			want: []got{
				{"enabled-overrides", config.SevInfo, proj, 2, 30, "true}"},
			},
			msg: "hooks are on because hooksConfig.enabled here overrides false in ",
		},
		{
			// The string replaces the merged object: enabled is undefined
			// and Gemini's ?? true turns hooks on; the hooksconfig-not-object
			// error says so, and there is no enabled key here to remove.
			name: "user disables, project's hooksConfig is a string",
			files: map[string]string{
				user: `{"hooksConfig": {"enabled": false}}`,
				proj: `{"hooksConfig": "x"}`},
			codes: []string{"enabled-overrides", "hooksconfig-not-object"},
			want: []got{
				{"hooksconfig-not-object", config.SevError, proj, 1, 2, "\"hooksConfig"},
			},
			msg:  "Gemini still turns hooks on",
			hint: `make it an object`,
		},
		{
			name:  "env values that are not strings",
			files: map[string]string{proj: `{"hooks": {"BeforeTool": [{"hooks": [{"type": "command", "command": "echo", "env": {"N": 1, "O": {"a": 1}, "S": "ok"}}]}]}}`},
			codes: []string{"env-not-string"},
			want: []got{
				{"env-not-string", config.SevWarning, proj, 1, 90, "1, \"O\": {\"a\""},
				{"env-not-string", config.SevWarning, proj, 1, 98, "{\"a\": 1}, \"S"},
			},
			msg:  `env N is a number: Node turns it into the string "1"`,
			hint: `write the value as a string: "1"`,
		},
		{
			name: "name shared across events",
			files: map[string]string{proj: `{"hooks": {
  "BeforeTool": [{"hooks": [{"name": "log", "type": "command", "command": "echo a"}]}],
  "AfterTool": [{"hooks": [{"name": "log", "type": "command", "command": "echo b"}]}]
}}`},
			codes: []string{"name-shared"},
			want: []got{
				{"name-shared", config.SevInfo, proj, 3, 37, "\"log\", \"type"},
			},
			msg: `the name "log" is also used by the BeforeTool hook at `,
		},
		{
			// hooksConfig.disabled compares with includes(): the number 5
			// and the string "5" are different names, and a name of 0
			// falls through to the command (found with the oracle).
			name: "a number and a string are not the same name",
			files: map[string]string{proj: `{"hooks": {
  "BeforeTool": [{"hooks": [{"name": 5, "type": "command", "command": "echo a"}, {"name": 0, "type": "command", "command": "echo c"}]}],
  "AfterTool": [{"hooks": [{"name": "5", "type": "command", "command": "echo b"}, {"name": 0, "type": "command", "command": "echo d"}, {"name": 5, "type": "command", "command": "echo e"}]}]
}}`},
			codes: []string{"name-shared"},
			want: []got{
				{"name-shared", config.SevInfo, proj, 3, 145, "5, \"type\": \""},
			},
			msg: `the name 5 (not a string) is also used by the BeforeTool hook at `,
		},
		{
			name: "plugin hooks",
			files: map[string]string{proj: `{"hooks": {"BeforeTool": [{"hooks": [
  {"name": "p", "type": "plugin", "command": "echo"},
  {"type": "plugin"}
]}]}}`},
			codes: []string{"plugin-type", "plugin-no-command"},
			want: []got{
				{"plugin-no-command", config.SevError, proj, 3, 12, "\"plugin\"}"},
				{"plugin-type", config.SevInfo, proj, 2, 25, "\"plugin\", \"c"},
			},
			msg: `this "plugin" hook has no "command"`,
		},
	}
}

func TestCheckRules(t *testing.T) {
	tests := checkRulesCases()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root := tree(t, tt.files)
			ps := Check(merge.Merge(load(t, root)))
			var gots []got
			var first *config.Problem
			for i, p := range ps {
				for _, c := range tt.codes {
					if p.Code != c {
						continue
					}
					rel, _ := filepath.Rel(root, p.Path)
					gots = append(gots, got{p.Code, p.Severity, filepath.ToSlash(rel), p.Line, p.Column, textAt(t, p.Path, p.Line, p.Column)})
					if first == nil {
						first = &ps[i]
					}
				}
			}
			if diff := cmp.Diff(tt.want, gots); diff != "" {
				t.Fatalf("problems (-want +got):\n%s\nall: %+v", diff, ps)
			}
			if first == nil {
				return
			}
			if !strings.Contains(first.Message, tt.msg) {
				t.Errorf("message = %q, want it to contain %q", first.Message, tt.msg)
			}
			if !strings.Contains(first.Hint, tt.hint) {
				t.Errorf("hint = %q, want it to contain %q", first.Hint, tt.hint)
			}
		})
	}
}

// TestDuplicatesMany: 2,000 copies of one hook are 1,999 duplicate-hook
// warnings, each naming the first copy (each was compared with every copy
// before it: quadratic). Copies with distinct matchers are compared with
// the first maxDuplicateMatchers of them.
func TestDuplicatesMany(t *testing.T) {
	const n = 2000
	hooks := strings.Repeat(`{"type": "command", "command": "echo same"},`, n)
	var defs []string
	for i := range maxDuplicateMatchers + 10 {
		defs = append(defs, `{"matcher": "m`+strconv.Itoa(i)+`z", "hooks": [{"type": "command", "command": "echo t"}]}`)
	}
	defs = append(defs, `{"matcher": "m3z", "hooks": [{"type": "command", "command": "echo t"}]}`,
		`{"matcher": "m`+strconv.Itoa(maxDuplicateMatchers+5)+`z", "hooks": [{"type": "command", "command": "echo t"}]}`)
	root := tree(t, map[string]string{"proj/.gemini/settings.json": `{"hooks": {
  "BeforeTool": [{"matcher": "write_file", "hooks": [` + strings.TrimSuffix(hooks, ",") + `]}],
  "AfterTool": [` + strings.Join(defs, ",\n") + `]}}`})
	var same, t3 int
	for _, p := range Check(merge.Merge(load(t, root))) {
		if p.Code != "duplicate-hook" {
			continue
		}
		switch {
		case strings.Contains(p.Message, `key ":echo same"`) && strings.Contains(p.Message, "settings.json:2,"):
			same++
		case strings.Contains(p.Message, "settings.json:6,"): // the first m3z
			t3++
		default:
			t.Errorf("unexpected: %s", p.Message)
		}
	}
	if same != n-1 || t3 != 1 {
		t.Errorf("%d warnings naming the first copy, want %d; %d naming m3z, want 1", same, n-1, t3)
	}
}

// TestDisabledMany: each disabled entry is looked up, not compared with
// every hook and name (1,000 hooks and 10,000 entries), and entries that
// name no hook are listed up to maxDisabledUnknown, then counted.
func TestDisabledMany(t *testing.T) {
	var hooks, disabled []string
	for i := range 1000 {
		hooks = append(hooks, `{"type": "command", "command": "echo `+strconv.Itoa(i)+`", "name": "Hook`+strconv.Itoa(i)+`"}`)
		disabled = append(disabled, `"Hook`+strconv.Itoa(i)+`"`)
	}
	disabled = append(disabled, `"hoOK7"`, `"echo 9"`)
	for i := range 10000 {
		disabled = append(disabled, `"x`+strconv.Itoa(i)+`"`)
	}
	root := tree(t, map[string]string{"proj/.gemini/settings.json": `{"hooks": {"BeforeTool": [{"hooks": [` +
		strings.Join(hooks, ",") + `]}]}, "hooksConfig": {"disabled": [` + strings.Join(disabled, ",") + `]}}`})
	var msgs []string
	for _, p := range Check(merge.Merge(load(t, root))) {
		if strings.HasPrefix(p.Code, "disabled-") {
			msgs = append(msgs, p.Code+": "+p.Message+" / "+p.Hint)
		}
	}
	if len(msgs) != maxDisabledUnknown+2 {
		t.Fatalf("%d problems, want %d: %q", len(msgs), maxDisabledUnknown+2, msgs[:min(len(msgs), 5)])
	}
	for i, want := range map[int]string{
		0:                      `disabled-unknown: 9951 more hooksConfig.disabled entries than the 50 above name no hook: they disable nothing / remove the entries that name no hook`, // at the list
		1:                      `disabled-unknown: no hook is named "hoOK7": this hooksConfig.disabled entry disables nothing / names are case-sensitive: write "Hook7"`,
		2:                      `disabled-by-command: "echo 9" is the command of the hook "Hook9" at `,
		3:                      `disabled-unknown: no hook is named "x0"`,
		maxDisabledUnknown + 1: `disabled-unknown: no hook is named "x48"`,
	} {
		if !strings.HasPrefix(msgs[i], want) {
			t.Errorf("problem %d = %q, want it to start with %q", i, msgs[i], want)
		}
	}
}

// TestFoldKey: foldKey agrees with strings.EqualFold, including runes
// whose folding orbit has three members (k, K and the Kelvin sign).
func TestFoldKey(t *testing.T) {
	words := []string{"Hook", "hOOK", "\u212aey", "key", "KEY", "ſtop", "STOP", "stop", "straße", "STRASSE", "\xff", "\xfe", ""}
	for _, a := range words {
		for _, b := range words {
			if got, want := foldKey(a) == foldKey(b), strings.EqualFold(a, b); got != want {
				t.Errorf("foldKey(%q) == foldKey(%q) is %v, EqualFold %v", a, b, got, want)
			}
		}
	}
}

// TestClaudeMatcherManyAlternatives: a matcher of 1,500 alternatives with
// a Claude tool name is one warning whose hint lists each Gemini name once,
// in order (a scan of the list per alternative was quadratic).
func TestClaudeMatcherManyAlternatives(t *testing.T) {
	alts := []string{"Bash", "run_shell_command", "Bash"}
	for i := range 1500 {
		alts = append(alts, "t"+strconv.Itoa(i%750))
	}
	root := tree(t, map[string]string{"proj/.gemini/settings.json": `{"hooks": {"BeforeTool": [{"matcher": "` +
		strings.Join(alts, "|") + `", "hooks": [{"type": "command", "command": "true"}]}]}}`})
	var want strings.Builder
	want.WriteString(`use Gemini's tool names: "run_shell_command`)
	for i := range 750 {
		want.WriteString("|t" + strconv.Itoa(i))
	}
	want.WriteString(`"`)
	n := 0
	for _, p := range Check(merge.Merge(load(t, root))) {
		if p.Code == "matcher-claude-tool" {
			n++
			if p.Hint != want.String() {
				t.Errorf("hint %.80q..., want %.80q...", p.Hint, want.String())
			}
		}
	}
	if n != 1 {
		t.Errorf("%d matcher-claude-tool warnings, want 1", n)
	}
}
