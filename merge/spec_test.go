package merge

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/gh-hooks/gh-hooks/config"
	"github.com/gh-hooks/gh-hooks/layers"
)

// This file turns the loading, merging, matching and planning cases of
// spec §9.1 (cases 1-27, 31-33 and 40) into table-driven tests. Running
// hooks (cases 28-30) and writing settings (cases 34-39) belong to other
// packages.
//
// Every case builds a hermetic tree under t.TempDir():
//
//	<tmp>/home/.gemini/settings.json        "U"  (HOME and GEMINI_CLI_HOME)
//	<tmp>/project/.gemini/settings.json     "W"  (the project directory)
//	<tmp>/sys/settings.json                 "S"  (GEMINI_CLI_SYSTEM_SETTINGS_PATH)
//	<tmp>/sys/system-defaults.json          "D"  (GEMINI_CLI_SYSTEM_DEFAULTS_PATH)
//
// The folder is trusted through GEMINI_CLI_TRUST_WORKSPACE=true and the
// 0.61 ownership rule for system files is switched off with
// layers.InsecureSystemEnv, because temporary directories are not
// root-owned; case 31 tests that rule itself.

// specCase is one case of spec §9.1.
type specCase struct {
	// name is "case NN: title".
	name string
	// files maps "D", "U", "W", "S" or a path relative to <tmp> to the
	// file's content; "${TMP}" in a content is replaced by <tmp>.
	files map[string]string
	// env overrides the base environment; the value "-" unsets a variable.
	env map[string]string
	// project is the project directory relative to <tmp> ("project" when
	// empty).
	project string
	// setup runs after the files are written and may change env.
	setup func(t *testing.T, tmp string, env map[string]string)

	want specWant
}

// specWant is what a case asserts. Nil fields are not checked, except
// problems, which is always compared (nil means no problem at all).
type specWant struct {
	// fatal is Set.Fatal: Gemini refuses to start (exit 52). A fatal case
	// checks only problems and problemAt.
	fatal bool
	// crash is true when Result.Crash must be non-empty.
	crash bool
	// hooksOff is true when Result.HooksEnabled must be false.
	hooksOff bool
	// hooks are all hooks found, in Result.Hooks order.
	hooks []hookRow
	// reasons maps a hook id to a substring of its Reason.
	reasons map[string]string
	// merged is Gemini's merged "hooks" object (see mergedHooks).
	merged map[string][]string
	// disabled is the merged hooksConfig.disabled.
	disabled []string
	// loaded maps a layer id to Layer.Loaded.
	loaded map[string]bool
	// plans are execution plans to compute and compare.
	plans []planWant
	// problems are the codes of Result.Problems, sorted.
	problems []string
	// problemAt are "code <path relative to tmp>:line:col" entries that
	// must be among the problems.
	problemAt []string
	// check runs extra assertions.
	check func(t *testing.T, tmp string, r *Result)
}

// hookRow is the part of a Hook most cases compare.
type hookRow struct {
	ID     string
	Cmd    string // ExpandedCommand
	Active bool
}

// planWant is an expected Plan; run and dedup are hook ids.
type planWant struct {
	event, tool, trigger string
	run, dedup           []string
	exec                 string
	err                  bool
}

// bt returns a settings file with one BeforeTool definition per command.
func bt(cmds ...string) string {
	defs := make([]string, len(cmds))
	for i, c := range cmds {
		defs[i] = fmt.Sprintf(`{"hooks": [{"type": "command", "command": %q}]}`, c)
	}
	return `{
  // hooks written by the spec test
  "hooks": {"BeforeTool": [` + strings.Join(defs, ", ") + `]}
}`
}

const extManifest = `{"name": "ext1", "version": "1.0.0"}`

const extDir = "home/.gemini/extensions/ext1"

// extSettingsManifest declares one setting, TOKEN, whose value an
// extension's .env may hold.
const extSettingsManifest = `{"name": "ext1", "version": "1.0.0", "settings": [{"name": "Token", "description": "t", "envVar": "TOKEN"}]}`

func specCases() []specCase {
	return []specCase{
		{
			name:  "case 01: concat order across scopes",
			files: map[string]string{"D": bt("d"), "U": bt("u"), "W": bt("w"), "S": bt("s")},
			want: specWant{
				hooks: []hookRow{
					{"system-defaults/BeforeTool/0/0", "d", true},
					{"user/BeforeTool/0/0", "u", true},
					{"project/BeforeTool/0/0", "w", true},
					{"system/BeforeTool/0/0", "s", true},
				},
				merged: map[string][]string{"BeforeTool": {"system-defaults:d", "user:u", "project:w", "system:s"}},
				loaded: map[string]bool{"system-defaults": true, "user": true, "project": true, "system": true},
				plans: []planWant{{event: "BeforeTool", tool: "x", exec: "parallel",
					run: []string{"system-defaults/BeforeTool/0/0", "user/BeforeTool/0/0", "project/BeforeTool/0/0", "system/BeforeTool/0/0"}}},
			},
		},
		{
			name:  "case 02: untrusted workspace runs no settings hook at all",
			files: map[string]string{"U": bt("u"), "W": bt("w")},
			env:   map[string]string{"GEMINI_CLI_TRUST_WORKSPACE": "false"},
			want: specWant{
				hooks: []hookRow{
					{"user/BeforeTool/0/0", "u", false},
					{"project/BeforeTool/0/0", "w", false},
				},
				reasons: map[string]string{
					"user/BeforeTool/0/0":    "folder is not trusted: Gemini runs no settings hooks here, not even user hooks",
					"project/BeforeTool/0/0": "folder is not trusted: Gemini leaves the project file out of the merge",
				},
				merged:   map[string][]string{"BeforeTool": {"user:u"}},
				loaded:   map[string]bool{"user": true, "project": false},
				plans:    []planWant{{event: "BeforeTool", tool: "x"}},
				problems: []string{"folder-untrusted"},
			},
		},
		{
			name:  "case 04: unknown event key replaces, does not concat",
			files: map[string]string{"U": `{"hooks": {"PreToolUse": [{"hooks": [{"type": "command", "command": "A"}]}]}}`, "W": `{"hooks": {"PreToolUse": [{"hooks": [{"type": "command", "command": "B"}]}]}}`},
			want: specWant{
				hooks: []hookRow{
					{"user/PreToolUse/0/0", "A", false},
					{"project/PreToolUse/0/0", "B", false},
				},
				reasons: map[string]string{
					"user/PreToolUse/0/0":    `replaced by "PreToolUse" in`,
					"project/PreToolUse/0/0": `Gemini does not know the event "PreToolUse" and skips it (did you mean BeforeTool?)`,
				},
				merged:   map[string][]string{"PreToolUse": {"project:B"}},
				plans:    []planWant{{event: "BeforeTool", tool: "x"}},
				problems: []string{"unknown-event", "unknown-event"},
			},
		},
		{
			name:  "case 05: legacy hooks.disabled is ignored",
			files: map[string]string{"W": `{"hooks": {"disabled": ["x"], "BeforeTool": [{"hooks": [{"type": "command", "command": "x"}]}]}}`},
			want: specWant{
				hooks:    []hookRow{{"project/BeforeTool/0/0", "x", true}},
				disabled: []string{},
				plans:    []planWant{{event: "BeforeTool", tool: "t", run: []string{"project/BeforeTool/0/0"}, exec: "parallel"}},
				problems: []string{"legacy-hooks-key"},
			},
		},
		{
			name: "case 05: legacy hooks.disabled is replaced, not unioned",
			files: map[string]string{
				"U": `{"hooks": {"disabled": ["u"]}}`,
				"W": `{"hooks": {"disabled": ["w"]}}`,
			},
			want: specWant{
				merged:   map[string][]string{"disabled": {"project:w"}},
				disabled: []string{},
				problems: []string{"legacy-hooks-key", "legacy-hooks-key"},
			},
		},
		{
			name: "case 06: hooksConfig.disabled is a union in first-appearance order",
			files: map[string]string{
				"D": `{"hooksConfig": {"disabled": ["a"]}}`,
				"U": `{"hooksConfig": {"disabled": ["u", "shared"]}}`,
				"W": `{"hooksConfig": {"disabled": ["shared", "w"]}}`,
				"S": `{"hooksConfig": {"disabled": ["s"]}}`,
			},
			want: specWant{disabled: []string{"a", "u", "shared", "w", "s"}},
		},
		{
			name: "case 07: a named hook is not disabled by its command",
			files: map[string]string{
				"U": `{"hooks": {"BeforeTool": [{"hooks": [{"name": "lint", "type": "command", "command": "npm run lint"}]}]},
				       "hooksConfig": {"disabled": ["npm run lint"]}}`,
			},
			want: specWant{
				hooks: []hookRow{{"user/BeforeTool/0/0", "npm run lint", true}},
				plans: []planWant{{event: "BeforeTool", tool: "t", run: []string{"user/BeforeTool/0/0"}, exec: "parallel"}},
			},
		},
		{
			name: "case 07: a named hook is disabled by its name",
			files: map[string]string{
				"U": `{"hooks": {"BeforeTool": [{"hooks": [{"name": "lint", "type": "command", "command": "npm run lint"}]}]},
				       "hooksConfig": {"disabled": ["lint"]}}`,
			},
			want: specWant{
				hooks:   []hookRow{{"user/BeforeTool/0/0", "npm run lint", false}},
				reasons: map[string]string{"user/BeforeTool/0/0": `disabled: "lint" is listed in hooksConfig.disabled`},
				plans:   []planWant{{event: "BeforeTool", tool: "t"}},
			},
		},
		{
			name: "case 07: disabled names are case-sensitive",
			files: map[string]string{
				"U": `{"hooks": {"BeforeTool": [{"hooks": [{"name": "lint", "type": "command", "command": "npm run lint"}]}]},
				       "hooksConfig": {"disabled": ["LINT"]}}`,
			},
			want: specWant{
				hooks: []hookRow{{"user/BeforeTool/0/0", "npm run lint", true}},
				plans: []planWant{{event: "BeforeTool", tool: "t", run: []string{"user/BeforeTool/0/0"}, exec: "parallel"}},
			},
		},
		{
			name: "case 08: disabled entries are env-expanded too",
			files: map[string]string{
				"U": `{"hooks": {"BeforeTool": [{"hooks": [{"type": "command", "command": "$HOME/h.sh"}]}]}, "hooksConfig": {"disabled": ["$HOME/h.sh"]}}`,
			},
			env: map[string]string{"HOME": "/home/u"},
			want: specWant{
				hooks:    []hookRow{{"user/BeforeTool/0/0", "/home/u/h.sh", false}},
				disabled: []string{"/home/u/h.sh"},
				plans:    []planWant{{event: "BeforeTool", tool: "t"}},
				check: func(t *testing.T, tmp string, r *Result) {
					if got := r.Hooks[0].Command; got != "$HOME/h.sh" {
						t.Errorf("Command = %q, want the command as written, $HOME/h.sh", got)
					}
				},
			},
		},
		{
			name: "case 08: the expanded form in disabled matches",
			files: map[string]string{
				"U": `{"hooks": {"BeforeTool": [{"hooks": [{"type": "command", "command": "$HOME/h.sh"}]}]}, "hooksConfig": {"disabled": ["/home/u/h.sh"]}}`,
			},
			env: map[string]string{"HOME": "/home/u"},
			want: specWant{
				hooks: []hookRow{{"user/BeforeTool/0/0", "/home/u/h.sh", false}},
				plans: []planWant{{event: "BeforeTool", tool: "t"}},
			},
		},
		{
			name: "case 08: a trailing space in disabled does not match",
			files: map[string]string{
				"U": `{"hooks": {"BeforeTool": [{"hooks": [{"type": "command", "command": "$HOME/h.sh"}]}]}, "hooksConfig": {"disabled": ["$HOME/h.sh "]}}`,
			},
			env: map[string]string{"HOME": "/home/u"},
			want: specWant{
				hooks:    []hookRow{{"user/BeforeTool/0/0", "/home/u/h.sh", true}},
				disabled: []string{"/home/u/h.sh "},
				plans:    []planWant{{event: "BeforeTool", tool: "t", run: []string{"user/BeforeTool/0/0"}, exec: "parallel"}},
			},
		},
		{
			name: "case 09: the workspace re-enables hooks the user disabled",
			files: map[string]string{
				"U": `{"hooksConfig": {"enabled": false}, ` + bt("u")[1:],
				"W": `{"hooksConfig": {"enabled": true}}`,
			},
			want: specWant{
				hooks: []hookRow{{"user/BeforeTool/0/0", "u", true}},
				plans: []planWant{{event: "BeforeTool", tool: "t", run: []string{"user/BeforeTool/0/0"}, exec: "parallel"}},
			},
		},
		{
			name: "case 09: the system override wins over the workspace",
			files: map[string]string{
				"U": `{"hooksConfig": {"enabled": false}, ` + bt("u")[1:],
				"W": `{"hooksConfig": {"enabled": true}}`,
				"S": `{"hooksConfig": {"enabled": false}}`,
			},
			want: specWant{
				hooksOff: true,
				hooks:    []hookRow{{"user/BeforeTool/0/0", "u", false}},
				reasons:  map[string]string{"user/BeforeTool/0/0": "hooks are disabled: hooksConfig.enabled is false in ${TMP}/sys/settings.json"},
				plans:    []planWant{{event: "BeforeTool", tool: "t"}},
			},
		},
		{
			name:  `case 10: "false" is coerced when the file validates`,
			files: map[string]string{"U": bt("u"), "W": `{"hooksConfig": {"enabled": "false"}}`},
			want: specWant{
				hooksOff: true,
				hooks:    []hookRow{{"user/BeforeTool/0/0", "u", false}},
				plans:    []planWant{{event: "BeforeTool", tool: "t"}},
				problems: []string{"enabled-string"},
			},
		},
		{
			name:  `case 10: "false" stays a truthy string when the file fails validation`,
			files: map[string]string{"U": bt("u"), "W": `{"hooksConfig": {"enabled": "false"}, "hooks": {"notifications": false}}`},
			want: specWant{
				hooks:    []hookRow{{"user/BeforeTool/0/0", "u", true}},
				plans:    []planWant{{event: "BeforeTool", tool: "t", run: []string{"user/BeforeTool/0/0"}, exec: "parallel"}},
				problems: []string{"enabled-string", "invalid-configuration", "legacy-hooks-key"},
			},
		},
		{
			name:  `case 11: timeout "5000" becomes a number in a valid file`,
			files: map[string]string{"W": `{"hooks": {"BeforeTool": [{"hooks": [{"type": "command", "command": "w", "timeout": "5000"}]}]}}`},
			want: specWant{
				hooks: []hookRow{{"project/BeforeTool/0/0", "w", true}},
				check: func(t *testing.T, tmp string, r *Result) {
					h := r.Hooks[0]
					if h.Timeout != 5000 || h.TimeoutNode.Kind != config.Number {
						t.Errorf("timeout = %v (%s), want 5000 as a number", h.Timeout, h.TimeoutNode.Kind)
					}
				},
			},
		},
		{
			name:  `case 11: timeout "5000" stays a string when the file fails validation`,
			files: map[string]string{"W": `{"hooks": {"enabled": true, "BeforeTool": [{"hooks": [{"type": "command", "command": "w", "timeout": "5000"}]}]}}`},
			want: specWant{
				hooks:    []hookRow{{"project/BeforeTool/0/0", "w", true}},
				problems: []string{"invalid-configuration", "legacy-hooks-key"},
				check: func(t *testing.T, tmp string, r *Result) {
					h := r.Hooks[0]
					// Node converts the string when it arms the timer, so the
					// effective value is still 5000 ms.
					if h.Timeout != 5000 || h.TimeoutNode.Kind != config.String {
						t.Errorf("timeout = %v (%s), want 5000 from the string \"5000\"", h.Timeout, h.TimeoutNode.Kind)
					}
				},
			},
		},
		{
			name: "case 12: timeout 0 is kept, an absent timeout is 60000 ms",
			files: map[string]string{"W": `{"hooks": {"BeforeTool": [{"hooks": [
				{"type": "command", "command": "zero", "timeout": 0},
				{"type": "command", "command": "dflt"}]}]}}`},
			want: specWant{
				hooks: []hookRow{{"project/BeforeTool/0/0", "zero", true}, {"project/BeforeTool/0/1", "dflt", true}},
				check: func(t *testing.T, tmp string, r *Result) {
					got := []float64{float64(r.Hooks[0].Timeout), float64(r.Hooks[1].Timeout)}
					if d := cmp.Diff([]float64{0, 60000}, got); d != "" {
						t.Errorf("timeouts (-want +got):\n%s", d)
					}
				},
			},
		},
		{
			name:  "case 13: tool matchers are unanchored regexes",
			files: map[string]string{"W": `{"hooks": {"BeforeTool": [{"matcher": "write_file|replace", "hooks": [{"type": "command", "command": "m"}]}]}}`},
			want: specWant{
				hooks: []hookRow{{"project/BeforeTool/0/0", "m", true}},
				plans: []planWant{
					{event: "BeforeTool", tool: "write_file", run: []string{"project/BeforeTool/0/0"}, exec: "parallel"},
					{event: "BeforeTool", tool: "replace", run: []string{"project/BeforeTool/0/0"}, exec: "parallel"},
					{event: "BeforeTool", tool: "xwrite_filex", run: []string{"project/BeforeTool/0/0"}, exec: "parallel"},
					{event: "BeforeTool", tool: "read_file"},
				},
			},
		},
		{
			name:  "case 14: an invalid regex falls back to a literal comparison",
			files: map[string]string{"W": `{"hooks": {"AfterTool": [{"matcher": "[invalid", "hooks": [{"type": "command", "command": "m"}]}]}}`},
			want: specWant{
				hooks: []hookRow{{"project/AfterTool/0/0", "m", true}},
				plans: []planWant{
					{event: "AfterTool", tool: "[invalid", run: []string{"project/AfterTool/0/0"}, exec: "parallel"},
					{event: "AfterTool", tool: "invalid"},
					{event: "AfterTool", tool: "i"},
				},
			},
		},
		{
			name:  "case 15: a slash-delimited matcher is a literal-slash regex",
			files: map[string]string{"W": `{"hooks": {"BeforeTool": [{"matcher": "/write_file/", "hooks": [{"type": "command", "command": "m"}]}]}}`},
			want: specWant{
				hooks: []hookRow{{"project/BeforeTool/0/0", "m", true}},
				plans: []planWant{
					{event: "BeforeTool", tool: "write_file"},
					{event: "BeforeTool", tool: "/write_file/", run: []string{"project/BeforeTool/0/0"}, exec: "parallel"},
				},
			},
		},
		{
			name: "case 16: *, empty, blank and missing matchers match every tool",
			files: map[string]string{"W": `{"hooks": {"BeforeTool": [
				{"matcher": "*", "hooks": [{"type": "command", "command": "star"}]},
				{"matcher": "", "hooks": [{"type": "command", "command": "empty"}]},
				{"matcher": "  ", "hooks": [{"type": "command", "command": "blank"}]},
				{"hooks": [{"type": "command", "command": "missing"}]}]}}`},
			want: specWant{
				plans: []planWant{{event: "BeforeTool", tool: "anything", exec: "parallel", run: []string{
					"project/BeforeTool/0/0", "project/BeforeTool/1/0", "project/BeforeTool/2/0", "project/BeforeTool/3/0"}}},
			},
		},
		{
			name: "case 17: lifecycle matchers compare the trigger exactly after trim",
			files: map[string]string{"W": `{"hooks": {"SessionStart": [
				{"matcher": "startup", "hooks": [{"type": "command", "command": "exact"}]},
				{"matcher": "start.*", "hooks": [{"type": "command", "command": "regex"}]},
				{"matcher": " startup ", "hooks": [{"type": "command", "command": "padded"}]},
				{"matcher": "startup|resume", "hooks": [{"type": "command", "command": "alt"}]}]}}`},
			want: specWant{
				plans: []planWant{
					{event: "SessionStart", trigger: "startup", exec: "parallel", run: []string{"project/SessionStart/0/0", "project/SessionStart/2/0"}},
					{event: "SessionStart", trigger: "resume"},
				},
			},
		},
		{
			name: "case 18: matchers are ignored for events without a context",
			files: map[string]string{"W": `{"hooks": {
				"BeforeAgent": [{"matcher": "nomatch", "hooks": [{"type": "command", "command": "ba"}]}],
				"Notification": [{"matcher": "nomatch", "hooks": [{"type": "command", "command": "n"}]}]}}`},
			want: specWant{
				plans: []planWant{
					{event: "BeforeAgent", run: []string{"project/BeforeAgent/0/0"}, exec: "parallel"},
					{event: "Notification", run: []string{"project/Notification/0/0"}, exec: "parallel"},
				},
			},
		},
		{
			name: "case 19: a non-string matcher kills the event",
			files: map[string]string{"W": `{"hooks": {
				"BeforeTool": [{"matcher": 5, "hooks": [{"type": "command", "command": "bad"}]}, {"hooks": [{"type": "command", "command": "good"}]}],
				"BeforeAgent": [{"matcher": 5, "hooks": [{"type": "command", "command": "bad"}]}, {"hooks": [{"type": "command", "command": "good"}]}]}}`},
			want: specWant{
				hooks: []hookRow{
					{"project/BeforeTool/0/0", "bad", false},
					{"project/BeforeTool/1/0", "good", false},
					{"project/BeforeAgent/0/0", "bad", true},
					{"project/BeforeAgent/1/0", "good", true},
				},
				reasons: map[string]string{"project/BeforeTool/1/0": "Gemini's planner throws and runs no BeforeTool hook"},
				plans: []planWant{
					{event: "BeforeTool", tool: "t", err: true},
					{event: "BeforeAgent", run: []string{"project/BeforeAgent/0/0", "project/BeforeAgent/1/0"}, exec: "parallel"},
				},
				problems: []string{"invalid-configuration", "matcher-not-string", "matcher-not-string"},
			},
		},
		{
			name:  "case 20: the same nameless command in two scopes runs once",
			files: map[string]string{"U": bt("x"), "W": bt("x")},
			want: specWant{
				plans: []planWant{{event: "BeforeTool", tool: "t", run: []string{"user/BeforeTool/0/0"}, dedup: []string{"project/BeforeTool/0/0"}, exec: "parallel"}},
			},
		},
		{
			name: "case 20: the same command with different names runs twice",
			files: map[string]string{
				"U": `{"hooks": {"BeforeTool": [{"hooks": [{"name": "a", "type": "command", "command": "x"}]}]}}`,
				"W": `{"hooks": {"BeforeTool": [{"hooks": [{"name": "b", "type": "command", "command": "x"}]}]}}`,
			},
			want: specWant{
				plans: []planWant{{event: "BeforeTool", tool: "t", run: []string{"user/BeforeTool/0/0", "project/BeforeTool/0/0"}, exec: "parallel"}},
			},
		},
		{
			name: "case 20: a settings hook and an identical extension hook run once, as the settings copy",
			files: map[string]string{
				"U":                                  `{"hooks": {"BeforeTool": [{"hooks": [{"name": "a", "type": "command", "command": "echo A"}]}]}}`,
				extDir + "/gemini-extension.json":    extManifest,
				extDir + "/hooks/hooks.json":         `{"hooks": {"BeforeTool": [{"hooks": [{"name": "a", "type": "command", "command": "echo A"}]}]}}`,
				"project/.gemini/.keep-project-here": "",
			},
			want: specWant{
				hooks: []hookRow{{"user/BeforeTool/0/0", "echo A", true}, {"extension:ext1/BeforeTool/0/0", "echo A", true}},
				plans: []planWant{{event: "BeforeTool", tool: "t", run: []string{"user/BeforeTool/0/0"}, dedup: []string{"extension:ext1/BeforeTool/0/0"}, exec: "parallel"}},
			},
		},
		{
			name: "case 21: one sequential definition makes the whole plan sequential",
			files: map[string]string{"W": `{"hooks": {"BeforeTool": [
				{"hooks": [{"type": "command", "command": "a"}]},
				{"sequential": true, "hooks": [{"type": "command", "command": "b"}]}]}}`},
			want: specWant{
				plans: []planWant{{event: "BeforeTool", tool: "t", run: []string{"project/BeforeTool/0/0", "project/BeforeTool/1/0"}, exec: "sequential"}},
			},
		},
		{
			name: `case 21: sequential "true" (a string) does not count`,
			files: map[string]string{"W": `{"hooks": {"BeforeTool": [
				{"hooks": [{"type": "command", "command": "a"}]},
				{"sequential": "true", "hooks": [{"type": "command", "command": "b"}]}]}}`},
			want: specWant{
				plans: []planWant{{event: "BeforeTool", tool: "t", run: []string{"project/BeforeTool/0/0", "project/BeforeTool/1/0"}, exec: "parallel"}},
			},
		},
		{
			name: "case 22: plugin and runtime are registered, shell, a missing type and an empty command are discarded",
			files: map[string]string{"W": `{"hooks": {"BeforeTool": [{"hooks": [
				{"type": "plugin", "command": "echo p"},
				{"type": "runtime", "name": "r"},
				{"type": "shell", "command": "echo s"},
				{"command": "echo none"},
				{"type": "command", "command": ""}]}]}}`},
			want: specWant{
				hooks: []hookRow{
					{"project/BeforeTool/0/0", "echo p", true},
					{"project/BeforeTool/0/1", "", true},
					{"project/BeforeTool/0/2", "echo s", false},
					{"project/BeforeTool/0/3", "echo none", false},
					{"project/BeforeTool/0/4", "", false},
				},
				reasons: map[string]string{
					"project/BeforeTool/0/2": `type "shell" is not "command", "plugin" or "runtime"`,
					"project/BeforeTool/0/3": `it has no "type"`,
					"project/BeforeTool/0/4": `a command hook needs a non-empty "command"`,
				},
				plans:    []planWant{{event: "BeforeTool", tool: "t", run: []string{"project/BeforeTool/0/0", "project/BeforeTool/0/1"}, exec: "parallel"}},
				problems: []string{"empty-command", "missing-type", "runtime-hook", "unknown-type"},
			},
		},
		{
			name:  "case 23: a bare-object definition is wrapped and runs",
			files: map[string]string{"W": `{"hooks": {"BeforeTool": {"matcher": "x", "hooks": [{"type": "command", "command": "bare"}]}}}`},
			want: specWant{
				hooks:  []hookRow{{"project/BeforeTool/*/0", "bare", true}},
				merged: map[string][]string{"BeforeTool": {"project:bare"}},
				plans: []planWant{
					{event: "BeforeTool", tool: "x", run: []string{"project/BeforeTool/*/0"}, exec: "parallel"},
					{event: "BeforeTool", tool: "y"},
				},
				problems: []string{"event-not-array", "invalid-configuration"},
			},
		},
		{
			name:  "case 24: hooks null wipes the lower scopes",
			files: map[string]string{"U": bt("u"), "W": `{"hooks": null}`},
			want: specWant{
				hooks:    []hookRow{{"user/BeforeTool/0/0", "u", false}},
				reasons:  map[string]string{"user/BeforeTool/0/0": `dropped by the merge: "hooks" is null in ${TMP}/project/.gemini/settings.json`},
				merged:   map[string][]string{"<hooks>": {"project:null"}},
				plans:    []planWant{{event: "BeforeTool", tool: "t"}},
				problems: []string{"hooks-not-object", "invalid-configuration"},
			},
		},
		{
			name:  "case 25: hooksConfig null crashes Gemini",
			files: map[string]string{"U": bt("u"), "W": `{"hooksConfig": null}`},
			want: specWant{
				crash:    true,
				hooksOff: true,
				hooks:    []hookRow{{"user/BeforeTool/0/0", "u", false}},
				reasons:  map[string]string{"user/BeforeTool/0/0": "TypeError: Cannot read properties of null (reading 'enabled')"},
				plans:    []planWant{{event: "BeforeTool", tool: "t"}},
				problems: []string{"hooksconfig-null", "invalid-configuration"},
			},
		},
		{
			name: "case 26: comments are allowed and comment markers inside strings are kept",
			files: map[string]string{"W": `// leading comment
{
  /* block comment */
  "hooks": {"BeforeTool": [{"hooks": [{"type": "command", "command": "echo // not a comment /* nor this */"}]}]} // trailing
}`},
			want: specWant{
				hooks: []hookRow{{"project/BeforeTool/0/0", "echo // not a comment /* nor this */", true}},
			},
		},
		{
			name:  "case 26: a trailing comma is fatal",
			files: map[string]string{"W": "{\n  \"hooks\": {},\n}\n"},
			want: specWant{
				fatal:     true,
				problems:  []string{"trailing-comma"},
				problemAt: []string{"trailing-comma project/.gemini/settings.json:2:14"},
			},
		},
		{
			name:  "case 26: a UTF-8 byte-order mark is fatal",
			files: map[string]string{"U": "\ufeff{}"},
			want: specWant{
				fatal:     true,
				problems:  []string{"bom"},
				problemAt: []string{"bom home/.gemini/settings.json:1:1"},
			},
		},
		{
			name:  "case 26: an empty file is fatal",
			files: map[string]string{"S": ""},
			want: specWant{
				fatal:     true,
				problems:  []string{"empty-file"},
				problemAt: []string{"empty-file sys/settings.json:1:1"},
			},
		},
		{
			name:  "case 26: an array root is fatal",
			files: map[string]string{"D": "\n  [1]\n"},
			want: specWant{
				fatal:     true,
				problems:  []string{"not-object"},
				problemAt: []string{"not-object sys/system-defaults.json:2:3"},
			},
		},
		{
			name:  "case 26: the workspace file of an untrusted folder is still parsed",
			files: map[string]string{"U": bt("u"), "W": "{\"hooks\": {\"BeforeTool\": [],},}"},
			env:   map[string]string{"GEMINI_CLI_TRUST_WORKSPACE": "false"},
			want: specWant{
				fatal: true,
				// Both trailing commas are reported (config.ParseError.More).
				problems:  []string{"folder-untrusted", "trailing-comma", "trailing-comma"},
				problemAt: []string{"trailing-comma project/.gemini/settings.json:1:28", "trailing-comma project/.gemini/settings.json:1:30"},
			},
		},
		{
			name:  "case 27: env vars are expanded at load",
			files: map[string]string{"U": bt("echo $HOME ${NOPE:-dflt} $NOPE2")},
			env:   map[string]string{"HOME": "/home/u"},
			want: specWant{
				hooks: []hookRow{{"user/BeforeTool/0/0", "echo /home/u dflt $NOPE2", true}},
				check: func(t *testing.T, tmp string, r *Result) {
					if got := r.Hooks[0].Command; got != "echo $HOME ${NOPE:-dflt} $NOPE2" {
						t.Errorf("Command = %q, want the text as written", got)
					}
				},
			},
		},
		{
			name:  "case 31: system files under a world-writable directory are skipped",
			files: map[string]string{"U": bt("u"), "S": bt("s"), "D": bt("d")},
			env:   map[string]string{layers.InsecureSystemEnv: "-"},
			want: specWant{
				hooks: []hookRow{
					{"system-defaults/BeforeTool/0/0", "d", false},
					{"user/BeforeTool/0/0", "u", true},
					{"system/BeforeTool/0/0", "s", false},
				},
				reasons: map[string]string{
					"system/BeforeTool/0/0":          "Gemini 0.61 skips this system file: ",
					"system-defaults/BeforeTool/0/0": "Gemini 0.61 skips this system file: ",
				},
				loaded:   map[string]bool{"system-defaults": false, "user": true, "system": false},
				plans:    []planWant{{event: "BeforeTool", tool: "t", run: []string{"user/BeforeTool/0/0"}, exec: "parallel"}},
				problems: []string{"system-file-skipped", "system-file-skipped"},
				check: func(t *testing.T, tmp string, r *Result) {
					// Whatever the owner of <tmp>, some ancestor fails: /tmp is
					// mode 1777, and as non-root <tmp> itself is not root-owned.
					if why := layers.CheckSecure(filepath.Join(tmp, "sys", "settings.json")); why == "" {
						t.Errorf("CheckSecure(%s) passed, want a reason", tmp)
					}
				},
			},
		},
		{
			name:  "case 31: a system file in a root-owned 0755 directory is loaded",
			files: map[string]string{"U": bt("u")},
			env:   map[string]string{layers.InsecureSystemEnv: "-"},
			setup: rootOwnedSystemFile,
			want: specWant{
				hooks:  []hookRow{{"user/BeforeTool/0/0", "u", true}, {"system/BeforeTool/0/0", "s", true}},
				loaded: map[string]bool{"user": true, "system": true},
				plans:  []planWant{{event: "BeforeTool", tool: "t", run: []string{"user/BeforeTool/0/0", "system/BeforeTool/0/0"}, exec: "parallel"}},
			},
		},
		{
			name: "case 32: system defaults follow an overridden system path",
			files: map[string]string{
				"a/b/s.json":               bt("s"),
				"a/b/system-defaults.json": bt("d"),
			},
			env: map[string]string{
				"GEMINI_CLI_SYSTEM_SETTINGS_PATH": "${TMP}/a/b/s.json",
				"GEMINI_CLI_SYSTEM_DEFAULTS_PATH": "-",
			},
			want: specWant{
				hooks:  []hookRow{{"system-defaults/BeforeTool/0/0", "d", true}, {"system/BeforeTool/0/0", "s", true}},
				loaded: map[string]bool{"system-defaults": true, "system": true},
				check: func(t *testing.T, tmp string, r *Result) {
					want := filepath.Join(tmp, "a", "b", "system-defaults.json")
					if got := r.Set.Paths.SystemDefaults; got != want {
						t.Errorf("system defaults path = %s, want %s", got, want)
					}
				},
			},
		},
		{
			name:    "case 33: when the project is the home, its settings load once, as the user layer",
			files:   map[string]string{"U": bt("h")},
			project: "home",
			want: specWant{
				hooks:  []hookRow{{"user/BeforeTool/0/0", "h", true}},
				loaded: map[string]bool{"user": true, "project": false},
				plans:  []planWant{{event: "BeforeTool", tool: "t", run: []string{"user/BeforeTool/0/0"}, exec: "parallel"}},
				check: func(t *testing.T, tmp string, r *Result) {
					if p := r.Set.Paths.Project; p != "" || !r.Set.Paths.ProjectIsHome {
						t.Errorf("project path = %q, ProjectIsHome = %v; want \"\" and true", p, r.Set.Paths.ProjectIsHome)
					}
					if got := r.Set.Settings(layers.Project).Reason; !strings.Contains(got, "the project directory is the home directory") {
						t.Errorf("project layer reason = %q", got)
					}
				},
			},
		},
		{
			name: "case 40: ${extensionPath} is hydrated and the hook runs in an untrusted folder",
			files: map[string]string{
				"U":                               `{"hooks": {"SessionStart": [{"hooks": [{"type": "command", "command": "user-ss"}]}]}}`,
				extDir + "/gemini-extension.json": extManifest,
				extDir + "/hooks/hooks.json":      `{"hooks": {"SessionStart": [{"hooks": [{"type": "command", "command": "node ${extensionPath}/s.js ${HOME}"}]}]}}`,
			},
			env: map[string]string{"GEMINI_CLI_TRUST_WORKSPACE": "false"},
			want: specWant{
				hooks: []hookRow{
					{"user/SessionStart/0/0", "user-ss", false},
					{"extension:ext1/SessionStart/0/0", "node ${TMP}/" + extDir + "/s.js ${HOME}", true},
				},
				loaded:   map[string]bool{"user": true, "extension:ext1": true},
				plans:    []planWant{{event: "SessionStart", trigger: "startup", run: []string{"extension:ext1/SessionStart/0/0"}, exec: "parallel"}},
				problems: []string{"folder-untrusted"},
				check: func(t *testing.T, tmp string, r *Result) {
					if got := r.Hooks[1].Command; got != "node ${extensionPath}/s.js ${HOME}" {
						t.Errorf("Command = %q, want the text as written", got)
					}
				},
			},
		},
		{
			name: "case 40: hooksConfig.disabled applies to extension hooks",
			files: map[string]string{
				"U":                               `{"hooksConfig": {"disabled": ["node ${TMP}/` + extDir + `/s.js"]}}`,
				extDir + "/gemini-extension.json": extManifest,
				extDir + "/hooks/hooks.json":      `{"hooks": {"SessionStart": [{"hooks": [{"type": "command", "command": "node ${extensionPath}/s.js"}]}]}}`,
			},
			want: specWant{
				hooks:   []hookRow{{"extension:ext1/SessionStart/0/0", "node ${TMP}/" + extDir + "/s.js", false}},
				reasons: map[string]string{"extension:ext1/SessionStart/0/0": "is listed in hooksConfig.disabled"},
				plans:   []planWant{{event: "SessionStart", trigger: "startup"}},
			},
		},
		{
			name: "case 40: an extension hooks.json with comments is ignored",
			files: map[string]string{
				extDir + "/gemini-extension.json": extManifest,
				extDir + "/hooks/hooks.json": `{
  // plain JSON.parse rejects this
  "hooks": {"SessionStart": [{"hooks": [{"type": "command", "command": "x"}]}]}
}`,
			},
			want: specWant{
				loaded:    map[string]bool{"extension:ext1": false},
				plans:     []planWant{{event: "SessionStart", trigger: "startup"}},
				problems:  []string{"extension-hooks-unparsable"},
				problemAt: []string{"extension-hooks-unparsable " + extDir + "/hooks/hooks.json:2:3"},
			},
		},
		{
			name: "case 40: hooksConfig.enabled false means extension hooks are not loaded",
			files: map[string]string{
				"U":                               `{"hooksConfig": {"enabled": false}}`,
				extDir + "/gemini-extension.json": extManifest,
				extDir + "/hooks/hooks.json":      `{"hooks": {"SessionStart": [{"hooks": [{"type": "command", "command": "x"}]}]}}`,
			},
			want: specWant{
				hooksOff: true,
				hooks:    []hookRow{{"extension:ext1/SessionStart/0/0", "x", false}},
				reasons:  map[string]string{"extension:ext1/SessionStart/0/0": "extension hooks do not run either"},
				plans:    []planWant{{event: "SessionStart", trigger: "startup"}},
			},
		},
		{
			name: "case 40: an extension-enablement.json override disables the extension for the project",
			files: map[string]string{
				extDir + "/gemini-extension.json":                        extManifest,
				extDir + "/hooks/hooks.json":                             `{"hooks": {"SessionStart": [{"hooks": [{"type": "command", "command": "x"}]}]}}`,
				"home/.gemini/extensions/extension-enablement.json":      `{"ext1": {"overrides": ["!${TMP}/project/*"]}}`,
				"project/.gemini/.keep-the-project-directory-for-case40": "",
			},
			want: specWant{
				hooks:  []hookRow{},
				loaded: map[string]bool{"extension:ext1": false},
				plans:  []planWant{{event: "SessionStart", trigger: "startup"}},
				check: func(t *testing.T, tmp string, r *Result) {
					var ext *layers.Layer
					for _, l := range r.Set.Layers {
						if l.Kind == layers.Extension {
							ext = l
						}
					}
					if ext == nil || !strings.Contains(ext.Reason, "extension is disabled for this folder") {
						t.Errorf("extension layer = %+v, want it listed as disabled for this folder", ext)
					}
				},
			},
		},
		// The cases below were found by comparing gh-hooks with Gemini's real
		// ExtensionManager on random extension trees; each answer is the one
		// Gemini gave.
		{
			name: "case 40: a manifest version of 1 (a number) loads, since Gemini tests it for truthiness",
			files: map[string]string{
				extDir + "/gemini-extension.json": `{"name": "ext1", "version": 1}`,
				extDir + "/hooks/hooks.json":      `{"hooks": {"SessionStart": [{"hooks": [{"type": "command", "command": "x"}]}]}}`,
			},
			want: specWant{
				hooks:  []hookRow{{"extension:ext1/SessionStart/0/0", "x", true}},
				loaded: map[string]bool{"extension:ext1": true},
				plans:  []planWant{{event: "SessionStart", trigger: "startup", run: []string{"extension:ext1/SessionStart/0/0"}, exec: "parallel"}},
			},
		},
		{
			name: "case 40: with a setting set, an event that is not a list makes Gemini skip the whole extension",
			files: map[string]string{
				extDir + "/gemini-extension.json": extSettingsManifest,
				extDir + "/.env":                  "TOKEN=abc\n",
				extDir + "/hooks/hooks.json":      `{"hooks": {"BeforeTool": [{"hooks": [{"type": "command", "command": "b"}]}], "SessionStart": {"hooks": [{"type": "command", "command": "s"}]}}}`,
			},
			want: specWant{
				hooks:     []hookRow{{"extension:ext1/BeforeTool/0/0", "b", false}},
				reasons:   map[string]string{"extension:ext1/BeforeTool/0/0": "eventHooks is not iterable"},
				loaded:    map[string]bool{"extension:ext1": false},
				plans:     []planWant{{event: "BeforeTool", tool: "t"}},
				problems:  []string{"event-not-array", "extension-skipped"},
				problemAt: []string{"extension-skipped " + extDir + "/hooks/hooks.json:1:78"},
			},
		},
		{
			name: "case 40: without a setting set, the same file loads and only the event that is not a list is skipped",
			files: map[string]string{
				extDir + "/gemini-extension.json": extSettingsManifest,
				extDir + "/hooks/hooks.json":      `{"hooks": {"BeforeTool": [{"hooks": [{"type": "command", "command": "b"}]}], "SessionStart": {"hooks": [{"type": "command", "command": "s"}]}}}`,
			},
			want: specWant{
				hooks:    []hookRow{{"extension:ext1/BeforeTool/0/0", "b", true}},
				loaded:   map[string]bool{"extension:ext1": true},
				plans:    []planWant{{event: "BeforeTool", tool: "t", run: []string{"extension:ext1/BeforeTool/0/0"}, exec: "parallel"}},
				problems: []string{"event-not-array"},
			},
		},
		{
			name: "case 40: with a setting set, a definition without a hooks list makes Gemini skip the whole extension",
			files: map[string]string{
				extDir + "/gemini-extension.json": extSettingsManifest,
				extDir + "/.env":                  "TOKEN=abc\n",
				extDir + "/hooks/hooks.json":      `{"hooks": {"BeforeTool": [{"hooks": [{"type": "command", "command": "b"}]}, {"matcher": "x"}]}}`,
			},
			want: specWant{
				hooks:     []hookRow{{"extension:ext1/BeforeTool/0/0", "b", false}},
				reasons:   map[string]string{"extension:ext1/BeforeTool/0/0": "definition.hooks is not iterable"},
				loaded:    map[string]bool{"extension:ext1": false},
				plans:     []planWant{{event: "BeforeTool", tool: "t"}},
				problems:  []string{"definition-no-hooks", "extension-skipped"},
				problemAt: []string{"extension-skipped " + extDir + "/hooks/hooks.json:1:77"},
			},
		},
		{
			name: "case 40: experimental.extensionConfig false leaves the settings unread, so the extension loads",
			files: map[string]string{
				"U":                               `{"experimental": {"extensionConfig": false}}`,
				extDir + "/gemini-extension.json": extSettingsManifest,
				extDir + "/.env":                  "TOKEN=abc\n",
				extDir + "/hooks/hooks.json":      `{"hooks": {"BeforeTool": [{"hooks": [{"type": "command", "command": "echo ${TOKEN}"}]}, {"matcher": "x"}]}}`,
			},
			want: specWant{
				hooks:    []hookRow{{"extension:ext1/BeforeTool/0/0", "echo ${TOKEN}", true}},
				loaded:   map[string]bool{"user": true, "extension:ext1": true},
				plans:    []planWant{{event: "BeforeTool", tool: "t", run: []string{"extension:ext1/BeforeTool/0/0"}, exec: "parallel"}},
				problems: []string{"definition-no-hooks"},
			},
		},
		{
			name: "case 40: a manifest settings that is not a list makes Gemini skip the whole extension",
			files: map[string]string{
				extDir + "/gemini-extension.json": `{"name": "ext1", "version": "1.0.0", "settings": {"envVar": "TOKEN"}}`,
				extDir + "/hooks/hooks.json":      `{"hooks": {"SessionStart": [{"hooks": [{"type": "command", "command": "x"}]}]}}`,
			},
			want: specWant{
				hooks:     []hookRow{{"extension:ext1/SessionStart/0/0", "x", false}},
				reasons:   map[string]string{"extension:ext1/SessionStart/0/0": "extensionConfig.settings is not iterable"},
				loaded:    map[string]bool{"extension:ext1": false},
				plans:     []planWant{{event: "SessionStart", trigger: "startup"}},
				problems:  []string{"extension-skipped"},
				problemAt: []string{"extension-skipped " + extDir + "/gemini-extension.json:1:38"},
			},
		},
		{
			name: "case 40: with experimental.extensionConfig false, a settings that is not a list still throws once hooks load",
			files: map[string]string{
				"U":                               `{"experimental": {"extensionConfig": false}}`,
				extDir + "/gemini-extension.json": `{"name": "ext1", "version": "1.0.0", "settings": {"envVar": "TOKEN"}}`,
				extDir + "/hooks/hooks.json":      `{"hooks": {"SessionStart": [{"hooks": [{"type": "command", "command": "x"}]}]}}`,
			},
			want: specWant{
				hooks:    []hookRow{{"extension:ext1/SessionStart/0/0", "x", false}},
				reasons:  map[string]string{"extension:ext1/SessionStart/0/0": "config.settings is not iterable"},
				loaded:   map[string]bool{"user": true, "extension:ext1": false},
				plans:    []planWant{{event: "SessionStart", trigger: "startup"}},
				problems: []string{"extension-skipped"},
			},
		},
		{
			name: "case 40: two extensions with the same name: Gemini CLI fails at start-up",
			files: map[string]string{
				extDir + "/gemini-extension.json":                    extManifest,
				extDir + "/hooks/hooks.json":                         `{"hooks": {"SessionStart": [{"hooks": [{"type": "command", "command": "x"}]}]}}`,
				"home/.gemini/extensions/ext2/gemini-extension.json": extManifest,
			},
			want: specWant{
				crash:     true,
				hooks:     []hookRow{{"extension:ext1/SessionStart/0/0", "x", false}},
				reasons:   map[string]string{"extension:ext1/SessionStart/0/0": "Extension with name ext1 already was loaded."},
				loaded:    map[string]bool{"extension:ext1": true},
				plans:     []planWant{{event: "SessionStart", trigger: "startup"}},
				problems:  []string{"extension-name-duplicate"},
				problemAt: []string{"extension-name-duplicate home/.gemini/extensions/ext2/gemini-extension.json:1:2"},
			},
		},
	}
}

// TestSpecCases runs the loading, merging, matching and planning cases of
// spec §9.1.
func TestSpecCases(t *testing.T) {
	for _, tc := range specCases() {
		t.Run(tc.name, func(t *testing.T) {
			tmp, r := loadSpecCase(t, tc)
			checkSpecCase(t, tmp, tc.want, r)
		})
	}
}

// TestSpecCase03SkipTrust documents why case 3 is not a test here.
func TestSpecCase03SkipTrust(t *testing.T) {
	t.Run("case 03: --skip-trust runs user hooks but not workspace hooks", func(t *testing.T) {
		t.Skip("not modelled: --skip-trust sets GEMINI_CLI_TRUST_WORKSPACE only after Gemini loaded the settings " +
			"(spec §1.7 item 5), so the workspace file is out of the merge while the folder counts as trusted; " +
			"gh-hooks decides trust from the environment before it merges and has no --skip-trust mode, so there " +
			"is no input that reproduces the split decision faithfully")
	})
}

// loadSpecCase writes a case's files and loads and merges them.
func loadSpecCase(t *testing.T, tc specCase) (string, *Result) {
	t.Helper()
	tmp := t.TempDir()
	sub := strings.NewReplacer("${TMP}", tmp)
	paths := map[string]string{
		"D": "sys/system-defaults.json",
		"U": "home/.gemini/settings.json",
		"W": "project/.gemini/settings.json",
		"S": "sys/settings.json",
	}
	for _, d := range []string{"home", "project"} {
		if err := os.MkdirAll(filepath.Join(tmp, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for name, content := range tc.files {
		rel := name
		if p, ok := paths[name]; ok {
			rel = p
		}
		p := filepath.Join(tmp, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(sub.Replace(content)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	env := map[string]string{
		"HOME":                            filepath.Join(tmp, "home"),
		"GEMINI_CLI_HOME":                 filepath.Join(tmp, "home"),
		"GEMINI_CLI_SYSTEM_SETTINGS_PATH": filepath.Join(tmp, "sys", "settings.json"),
		"GEMINI_CLI_SYSTEM_DEFAULTS_PATH": filepath.Join(tmp, "sys", "system-defaults.json"),
		"GEMINI_CLI_TRUST_WORKSPACE":      "true",
		layers.InsecureSystemEnv:          "1",
	}
	for k, v := range tc.env {
		if v == "-" {
			delete(env, k)
			continue
		}
		env[k] = sub.Replace(v)
	}
	if tc.setup != nil {
		tc.setup(t, tmp, env)
	}
	project := tc.project
	if project == "" {
		project = "project"
	}
	set, err := layers.Load(layers.Options{ProjectDir: filepath.Join(tmp, project), Env: layers.MapEnv(env)})
	if err != nil {
		t.Fatalf("layers.Load: %v", err)
	}
	return tmp, Merge(set)
}

// checkSpecCase compares a merged result with a case's expectations.
func checkSpecCase(t *testing.T, tmp string, want specWant, r *Result) {
	t.Helper()
	sub := strings.NewReplacer("${TMP}", tmp)
	nilEmpty := cmpopts.EquateEmpty()

	var codes []string
	for _, p := range r.Problems {
		codes = append(codes, p.Code)
	}
	sort.Strings(codes)
	if d := cmp.Diff(want.problems, codes, nilEmpty); d != "" {
		t.Errorf("problem codes (-want +got):\n%s\nproblems: %s", d, describeProblems(tmp, r.Problems))
	}
	for _, w := range want.problemAt {
		found := false
		for _, p := range r.Problems {
			if problemAt(tmp, p) == w {
				found = true
			}
		}
		if !found {
			t.Errorf("no problem %q among: %s", w, describeProblems(tmp, r.Problems))
		}
	}
	if r.Set.Fatal() != want.fatal {
		t.Errorf("Set.Fatal = %v, want %v", r.Set.Fatal(), want.fatal)
	}
	if want.fatal {
		return
	}
	if got := r.Crash != ""; got != want.crash {
		t.Errorf("Crash = %q, want crash %v", r.Crash, want.crash)
	}
	if r.HooksEnabled == want.hooksOff {
		t.Errorf("HooksEnabled = %v, want %v", r.HooksEnabled, !want.hooksOff)
	}
	if want.hooks != nil {
		got := []hookRow{}
		for _, h := range r.Hooks {
			got = append(got, hookRow{h.ID, h.ExpandedCommand, h.Active})
		}
		wantRows := make([]hookRow, len(want.hooks))
		for i, h := range want.hooks {
			h.Cmd = sub.Replace(h.Cmd)
			wantRows[i] = h
		}
		if d := cmp.Diff(wantRows, got); d != "" {
			t.Errorf("hooks (-want +got):\n%s", d)
		}
	}
	for id, frag := range want.reasons {
		frag = sub.Replace(frag)
		var h *Hook
		for _, x := range r.Hooks {
			if x.ID == id {
				h = x
			}
		}
		switch {
		case h == nil:
			t.Errorf("no hook %s", id)
		case !strings.Contains(h.Reason, frag):
			t.Errorf("hook %s reason = %q, want it to contain %q", id, h.Reason, frag)
		}
	}
	if want.merged != nil {
		if d := cmp.Diff(want.merged, mergedHooks(r)); d != "" {
			t.Errorf("merged hooks (-want +got):\n%s", d)
		}
	}
	if want.disabled != nil {
		if d := cmp.Diff(want.disabled, r.Disabled, nilEmpty); d != "" {
			t.Errorf("merged hooksConfig.disabled (-want +got):\n%s", d)
		}
	}
	if want.loaded != nil {
		got := map[string]bool{}
		for _, l := range r.Set.Layers {
			if _, ok := want.loaded[l.ID()]; ok {
				got[l.ID()] = l.Loaded
			}
		}
		if d := cmp.Diff(want.loaded, got); d != "" {
			t.Errorf("layers loaded (-want +got):\n%s", d)
		}
	}
	type planView struct {
		Run, Dedup []string
		Exec       string
		Err        bool
	}
	for _, pw := range want.plans {
		p := r.Plan(pw.event, pw.tool, pw.trigger)
		if p.Runs != (len(pw.run) > 0) {
			t.Errorf("plan %s tool=%q trigger=%q: Runs = %v (why: %s)", pw.event, pw.tool, pw.trigger, p.Runs, p.Why)
		}
		wv := planView{pw.run, pw.dedup, pw.exec, pw.err}
		gv := planView{p.Hooks, p.Deduplicated, p.Execution, p.Error != ""}
		if d := cmp.Diff(wv, gv, nilEmpty); d != "" {
			t.Errorf("plan %s tool=%q trigger=%q (-want +got):\n%s", pw.event, pw.tool, pw.trigger, d)
		}
	}
	if want.check != nil {
		want.check(t, tmp, r)
	}
}

func problemAt(tmp string, p config.Problem) string {
	rel, err := filepath.Rel(tmp, p.Path)
	if err != nil {
		rel = p.Path
	}
	return fmt.Sprintf("%s %s:%d:%d", p.Code, filepath.ToSlash(rel), p.Line, p.Column)
}

func describeProblems(tmp string, ps []config.Problem) string {
	var b strings.Builder
	for _, p := range ps {
		fmt.Fprintf(&b, "\n  %s: %s", problemAt(tmp, p), p.Message)
	}
	return b.String()
}

// mergedHooks renders Gemini's merged "hooks" object: customDeepMerge of
// the loaded settings layers, rebuilt with this package's own mergeInto
// from the per-layer values Merge used. Each event key that holds
// something maps to its definitions as "<layer>:<commands joined by +>"
// (a scalar element as "<layer>:<text>"); schema-default empty events are
// left out. When "hooks" itself was replaced by a non-object, the result
// is {"<hooks>": ["<layer>:<kind>"]}.
func mergedHooks(r *Result) map[string][]string {
	target := defaultsVal()
	for _, l := range r.Set.Layers {
		if settingsLayer(l) && l.Loaded && r.eff[l] != nil {
			mergeInto(target, hookKeysOnly(r.eff[l]), l, nil)
		}
	}
	out := map[string][]string{}
	h := target.get("hooks")
	if h == nil || h.kind != config.Object {
		if h != nil {
			out["<hooks>"] = []string{h.layer.ID() + ":" + h.kind.String()}
		}
		return out
	}
	for i, key := range h.keys {
		v := h.vals[i]
		var items []string
		for _, it := range v.items {
			items = append(items, it.layer.ID()+":"+describeDef(it.node))
		}
		if v.kind != config.Array && v.node != nil {
			items = append(items, v.layer.ID()+":"+describeDef(v.node))
		}
		if len(items) > 0 {
			out[key] = items
		}
	}
	return out
}

func describeDef(n *config.Node) string {
	if n.Kind != config.Object {
		return n.Text()
	}
	var cmds []string
	for _, hk := range n.Get("hooks").Items {
		cmds = append(cmds, hk.Get("command").Text())
	}
	return strings.Join(cmds, "+")
}

// rootOwnedSystemFile points GEMINI_CLI_SYSTEM_SETTINGS_PATH at a file in a
// fresh root-owned 0755 directory outside the world-writable temp dir
// (spec §1.1: every ancestor must be root-owned and not group- or
// other-writable). That needs root and such a parent; otherwise the case
// is skipped with the reason.
func rootOwnedSystemFile(t *testing.T, tmp string, env map[string]string) {
	t.Helper()
	if os.Geteuid() != 0 {
		t.Skip("skipping: only root can create a root-owned directory, and every directory a test may create lies under the world-writable temp dir")
	}
	for _, base := range []string{"/var/cache", "/var/lib", "/opt"} {
		if why := layers.CheckSecure(base); why != "" {
			continue
		}
		dir, err := os.MkdirTemp(base, "gh-hooks-spec-")
		if err != nil {
			continue
		}
		t.Cleanup(func() { os.RemoveAll(dir) })
		file := filepath.Join(dir, "settings.json")
		if err := os.Chmod(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(file, []byte(bt("s")), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Chmod(file, 0o644); err != nil {
			t.Fatal(err)
		}
		if why := layers.CheckSecure(file); why != "" {
			t.Skipf("skipping: %s does not pass Gemini's ownership rule here: %s", file, why)
		}
		env["GEMINI_CLI_SYSTEM_SETTINGS_PATH"] = file
		env["GEMINI_CLI_SYSTEM_DEFAULTS_PATH"] = filepath.Join(dir, "system-defaults.json")
		return
	}
	t.Skip("skipping: no root-owned, non-writable parent directory (/var/cache, /var/lib, /opt) to create the system file in")
}
