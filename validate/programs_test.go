package validate

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/gh-hooks/gh-hooks/config"
	"github.com/gh-hooks/gh-hooks/gemini"
	"github.com/gh-hooks/gh-hooks/layers"
	"github.com/gh-hooks/gh-hooks/merge"
)

// TestPrograms: a program not on PATH is an error on an event whose deny
// blocks, a warning elsewhere, and nothing when the command probes it
// first; a migrated hook's missing adapter is reported on its own.
func TestPrograms(t *testing.T) {
	type found struct {
		Code     string
		Severity config.Severity
	}
	tests := []struct {
		name, event, command string
		want                 []found
	}{
		{"on PATH", "BeforeTool", "present --fast", nil},
		{"builtins and paths", "BeforeTool", "echo hi; test -f x && ./local.sh; cd /tmp && pwd", nil},
		{"missing on a blocking event", "BeforeTool", "present | nosuch-jq .", []found{{CodeProgramNotFound, config.SevError}}},
		{"missing on BeforeAgent", "BeforeAgent", "nosuch-jq", []found{{CodeProgramNotFound, config.SevError}}},
		{"missing on Notification", "Notification", "nosuch-notify-send hi", []found{{CodeProgramNotFound, config.SevWarning}}},
		{"missing on BeforeToolSelection", "BeforeToolSelection", "nosuch-x", []found{{CodeProgramNotFound, config.SevWarning}}},
		{"guarded with command -v", "BeforeTool", "command -v nosuch-jq >/dev/null || exit 0; nosuch-jq .", nil},
		{"guarded with type", "BeforeTool", "if type nosuch-jq >/dev/null 2>&1; then nosuch-jq .; fi", nil},
		{"inside sh -c", "BeforeTool", "sh -c 'nosuch-lint --all'", []found{{CodeProgramNotFound, config.SevError}}},
		{"function", "BeforeTool", "f() { echo; }; f", nil},
		{"npx fetches its package", "BeforeTool", "npx nosuch-prettier --check .", []found{{CodeProgramNotFound, config.SevError}}},
		{"PATH put in front by the command", "BeforeTool", "PATH=./tools:$PATH local-lint; nosuch-other", []found{{CodeProgramNotFound, config.SevError}}},
		{"PATH computed", "BeforeTool", "PATH=$(npm bin):$PATH nosuch-x", nil},
		{"sourced file", "BeforeTool", "source ./env.sh; nosuch-x", nil},
		{"adapter missing, guarded (as migrate writes it)", "BeforeTool",
			"command -v nosuch-gh-hooks >/dev/null || { echo 'x' >&2; exit 1; }; exec nosuch-gh-hooks claude-compat --event PreToolUse -- 'present'",
			[]found{{CodeAdapterNotFound, config.SevWarning}}},
		{"adapter missing, guarded to fail closed: the deny is an error", "BeforeTool",
			"command -v nosuch-gh-hooks >/dev/null || { echo 'x' >&2; exit 2; }; exec nosuch-gh-hooks claude-compat --event PreToolUse -- 'present'",
			[]found{{CodeAdapterNotFound, config.SevError}}},
		{"adapter missing, fail closed on an event that blocks nothing", "Notification",
			"command -v nosuch-gh-hooks >/dev/null || { echo 'x' >&2; exit 2; }; exec nosuch-gh-hooks claude-compat --event Notification -- 'present'",
			[]found{{CodeAdapterNotFound, config.SevWarning}}},
		{"adapter missing, unguarded", "BeforeTool", "nosuch-gh-hooks claude-compat --event PreToolUse -- 'present'",
			[]found{{CodeAdapterNotFound, config.SevError}}},
		{"adapter found, Claude command's program missing", "BeforeTool", "present claude-compat --event PreToolUse -- 'nosuch-black .'",
			[]found{{CodeProgramNotFound, config.SevWarning}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			settings := `{"hooks": {"` + tt.event + `": [{"hooks": [{"type": "command", "command": ` + strconv.Quote(tt.command) + `}]}]}}`
			root := tree(t, map[string]string{
				"proj/.gemini/settings.json": settings,
				"proj/local.sh":              "#!/bin/sh\n",
				"proj/tools/local-lint":      "#!/bin/sh\n",
				"bin/present.sh":             "#!/bin/sh\n",
			})
			mustLink(t, filepath.Join(root, "bin", "present.sh"), filepath.Join(root, "bin", "present"))
			mustLink(t, filepath.Join(root, "bin", "present.sh"), filepath.Join(root, "bin", "sh"))
			set := loadWithPath(t, root)
			var got []found
			for _, p := range Check(merge.Merge(set)) {
				if p.Code == CodeProgramNotFound || p.Code == CodeAdapterNotFound {
					got = append(got, found{p.Code, p.Severity})
				}
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("(-want +got)\n%s", diff)
			}
		})
	}
}

// TestGeminiVersionProblems: outside the modelled range a warning (older)
// or info (newer); before 0.19 hooks do not run; 0.19 to 0.27 need
// tools.enableHooks.
func TestGeminiVersionProblems(t *testing.T) {
	tests := []struct {
		version, user string
		want          map[string]config.Severity
	}{
		{"0.61.0", `{}`, map[string]config.Severity{}},
		{"0.47.0", `{}`, map[string]config.Severity{}},
		{"0.46.9", `{}`, map[string]config.Severity{CodeVersionNotModelled: config.SevWarning}},
		{"0.62.0-preview.1", `{}`, map[string]config.Severity{CodeVersionNotModelled: config.SevInfo}},
		{"0.28.0", `{}`, map[string]config.Severity{CodeVersionNotModelled: config.SevWarning}},
		{"0.27.0", `{}`, map[string]config.Severity{CodeVersionNotModelled: config.SevWarning, CodeHooksSwitch: config.SevError}},
		{"0.27.0", `{"tools": {"enableHooks": true}}`, map[string]config.Severity{CodeVersionNotModelled: config.SevWarning}},
		{"0.24.0", `{"hooks": {"enabled": true}}`, map[string]config.Severity{CodeVersionNotModelled: config.SevWarning}},
		{"0.18.0", `{"tools": {"enableHooks": true}}`, map[string]config.Severity{CodeVersionNotModelled: config.SevWarning, CodeHooksUnsupported: config.SevError}},
	}
	for _, tt := range tests {
		t.Run(tt.version+tt.user, func(t *testing.T) {
			root := tree(t, map[string]string{
				"proj/.gemini/settings.json": `{"hooks": {"BeforeTool": [{"hooks": [{"type": "command", "command": "true"}]}]}}`,
				"home/.gemini/settings.json": tt.user,
			})
			in, err := gemini.Detect(func(k string) string {
				if k == gemini.OverrideEnv {
					return tt.version
				}
				return ""
			})
			if err != nil {
				t.Fatal(err)
			}
			home := filepath.Join(root, "home")
			set, err := layers.Load(layers.Options{ProjectDir: filepath.Join(root, "proj"), Gemini: in, Env: layers.MapEnv(map[string]string{
				"HOME": home, "GEMINI_CLI_HOME": home, "GEMINI_CLI_TRUST_WORKSPACE": "true",
				"GEMINI_CLI_SYSTEM_SETTINGS_PATH": filepath.Join(root, "etc", "settings.json"),
			})})
			if err != nil {
				t.Fatal(err)
			}
			got := map[string]config.Severity{}
			for _, p := range Check(merge.Merge(set)) {
				switch p.Code {
				case CodeVersionNotModelled, CodeHooksSwitch, CodeHooksUnsupported:
					got[p.Code] = p.Severity
				}
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("(-want +got)\n%s", diff)
			}
		})
	}
}

func mustLink(t *testing.T, target, link string) {
	t.Helper()
	if err := os.Symlink(target, link); err != nil {
		t.Fatal(err)
	}
}

// TestProgramsHookEnvAndBounds: a hook env PATH without bash means the
// hook never starts (one problem, nothing about its programs); a command
// of many missing programs is maxMissing problems and one that says there
// are more.
func TestProgramsHookEnvAndBounds(t *testing.T) {
	var many []string
	for i := range maxMissing + 5 {
		many = append(many, "nosuch-"+strconv.Itoa(i))
	}
	tests := []struct {
		name, hook string
		want       []string // messages, in order, as substrings
	}{
		{"env PATH without bash", `{"type": "command", "command": "nosuch-x", "env": {"PATH": "/nonexistent"}}`,
			[]string{`the hook's env sets PATH to "/nonexistent", which has no bash`}},
		{"env PATH with bash", `{"type": "command", "command": "nosuch-x", "env": {"PATH": "BIN"}}`,
			[]string{`runs nosuch-x, which is not on PATH`}},
		{"many missing", `{"type": "command", "command": ` + strconv.Quote(strings.Join(many, "; ")) + `}`,
			append(func() (w []string) {
				for _, m := range many[:maxMissing] {
					w = append(w, "runs "+m+", which is not on PATH")
				}
				return w
			}(), "runs more programs that are not on PATH than the 10 above")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root := tree(t, map[string]string{"bin/bash": "#!/bin/sh\n"})
			if err := os.Chmod(filepath.Join(root, "bin", "bash"), 0o755); err != nil {
				t.Fatal(err)
			}
			hook := strings.ReplaceAll(tt.hook, "BIN", filepath.Join(root, "bin"))
			if err := os.MkdirAll(filepath.Join(root, "proj", ".gemini"), 0o755); err != nil {
				t.Fatal(err)
			}
			settings := `{"hooks": {"SessionStart": [{"hooks": [` + hook + `]}]}}`
			if err := os.WriteFile(filepath.Join(root, "proj", ".gemini", "settings.json"), []byte(settings), 0o644); err != nil {
				t.Fatal(err)
			}
			set := loadWithPath(t, root)
			var got []string
			for _, p := range Check(merge.Merge(set)) {
				if p.Code == CodeProgramNotFound {
					got = append(got, p.Message)
				}
			}
			if len(got) != len(tt.want) {
				t.Fatalf("%d problems, want %d:\n%s", len(got), len(tt.want), strings.Join(got, "\n"))
			}
			for i, w := range tt.want {
				if !strings.Contains(got[i], w) {
					t.Errorf("problem %d = %q, want it to contain %q", i, got[i], w)
				}
			}
		})
	}
}

func TestQuoteShort(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"echo hi", `"echo hi"`},
		{strings.Repeat("é", 60), strconv.Quote(strings.Repeat("é", 60))},
		{strings.Repeat("é", 61), strconv.Quote(strings.Repeat("é", 59) + "…")},
		{strings.Repeat("a", 100000), strconv.Quote(strings.Repeat("a", 59) + "…")},
	} {
		if got := quoteShort(tt.in); got != tt.want {
			t.Errorf("quoteShort(%.20q) = %.80s, want %.80s", tt.in, got, tt.want)
		}
	}
}

// loadWithPath loads root/proj with a home under root, the folder trusted
// and PATH set to root/bin.
func loadWithPath(t *testing.T, root string) *layers.Set {
	t.Helper()
	home := filepath.Join(root, "home")
	set, err := layers.Load(layers.Options{ProjectDir: filepath.Join(root, "proj"), Env: layers.MapEnv(map[string]string{
		"HOME": home, "GEMINI_CLI_HOME": home, "GEMINI_CLI_TRUST_WORKSPACE": "true",
		"GEMINI_CLI_SYSTEM_SETTINGS_PATH": filepath.Join(root, "etc", "settings.json"),
		"PATH":                            filepath.Join(root, "bin"),
	})})
	if err != nil {
		t.Fatal(err)
	}
	return set
}
