package migrate

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gh-hooks/gh-hooks/config"
	"github.com/google/go-cmp/cmp"
)

// handWritten is a Gemini file with hooks of its own: CRLF, tabs, comments.
const handWritten = "{\r\n\t// the team's own hooks\r\n\t\"hooks\": {\r\n\t\t\"BeforeTool\": [\r\n\t\t\t{\"matcher\": \"write_file\", \"hooks\": [{\"type\": \"command\", \"command\": \"./lint.sh\"}]} // lint\r\n\t\t],\r\n\t\t\"AfterAgent\": [\r\n\t\t\t{\"hooks\": [{\"name\": \"log\", \"type\": \"command\", \"command\": \"./log.sh\"}]}\r\n\t\t]\r\n\t}\r\n}\r\n"

// claudeVariants are states of one Claude settings file, each a change
// from "base".
var claudeVariants = map[string]string{
	"base": `{"hooks":{
	  "PreToolUse":[{"matcher":"Bash","hooks":[{"type":"command","command":"$CLAUDE_PROJECT_DIR/.claude/hooks/guard.sh","timeout":30},{"type":"command","command":"jq -r .tool_input.command | grep -q rm && exit 2"}]}],
	  "PostToolUse":[{"matcher":"Edit|Write","hooks":[{"type":"command","command":"npx prettier --write ."}]}],
	  "SessionStart":[{"matcher":"startup|resume","hooks":[{"type":"command","command":"cat CONTEXT.md"}]}],
	  "Stop":[{"hooks":[{"type":"command","command":"./.claude/hooks/guard.sh --stop"}]}]}}`,
	"timeout": `{"hooks":{
	  "PreToolUse":[{"matcher":"Bash","hooks":[{"type":"command","command":"$CLAUDE_PROJECT_DIR/.claude/hooks/guard.sh","timeout":45},{"type":"command","command":"jq -r .tool_input.command | grep -q rm && exit 2"}]}],
	  "PostToolUse":[{"matcher":"Edit|Write","hooks":[{"type":"command","command":"npx prettier --write ."}]}],
	  "SessionStart":[{"matcher":"startup|resume","hooks":[{"type":"command","command":"cat CONTEXT.md"}]}],
	  "Stop":[{"hooks":[{"type":"command","command":"./.claude/hooks/guard.sh --stop"}]}]}}`,
	"edit-command-and-matcher": `{"hooks":{
	  "PreToolUse":[{"matcher":"Bash|Write","hooks":[{"type":"command","command":"$CLAUDE_PROJECT_DIR/.claude/hooks/guard.sh --strict","timeout":30},{"type":"command","command":"jq -r .tool_input.command | grep -q rm && exit 2"}]}],
	  "PostToolUse":[{"matcher":"Edit|Write","hooks":[{"type":"command","command":"npx prettier --write ."}]}],
	  "SessionStart":[{"matcher":"startup","hooks":[{"type":"command","command":"cat CONTEXT.md"}]}],
	  "Stop":[{"hooks":[{"type":"command","command":"./.claude/hooks/guard.sh --stop"}]}]}}`,
	"add-remove": `{"hooks":{
	  "PreToolUse":[{"matcher":"Bash","hooks":[{"type":"command","command":"./new.sh"},{"type":"command","command":"$CLAUDE_PROJECT_DIR/.claude/hooks/guard.sh","timeout":30}]}],
	  "SessionStart":[{"matcher":"startup|resume","hooks":[{"type":"command","command":"cat CONTEXT.md"}]}],
	  "UserPromptSubmit":[{"hooks":[{"type":"command","command":"./prompt.sh"}]}]}}`,
	"reorder": `{"hooks":{
	  "Stop":[{"hooks":[{"type":"command","command":"./.claude/hooks/guard.sh --stop"}]}],
	  "PreToolUse":[{"matcher":"Bash","hooks":[{"type":"command","command":"jq -r .tool_input.command | grep -q rm && exit 2"},{"type":"command","command":"$CLAUDE_PROJECT_DIR/.claude/hooks/guard.sh","timeout":30}]}],
	  "SessionStart":[{"matcher":"startup|resume","hooks":[{"type":"command","command":"cat CONTEXT.md"}]}],
	  "PostToolUse":[{"matcher":"Edit|Write","hooks":[{"type":"command","command":"npx prettier --write ."}]}]}}`,
	"empty": `{"hooks":{}}`,
}

// optionVariants are migrate's options that change what it writes.
var optionVariants = map[string]Options{
	"auto":               {Adapter: AdapterAuto, AdapterBinary: "gh-hooks"},
	"never":              {Adapter: AdapterNever},
	"no-default-timeout": {Adapter: AdapterAuto, AdapterBinary: "gh-hooks", OmitDefaultTimeout: true},
}

// migrateInto converts claude for the Gemini file data and applies the
// edits.
func migrateInto(t *testing.T, dir, claude string, data []byte, opts Options) ([]byte, *Result) {
	t.Helper()
	path := filepath.Join(dir, ".claude", "settings.json")
	if err := os.WriteFile(path, []byte(claude), 0o644); err != nil {
		t.Fatal(err)
	}
	src, err := LoadSettings(path)
	if err != nil {
		t.Fatal(err)
	}
	opts.ProjectDir = dir
	return convertInto(t, []*Source{src}, data, opts)
}

// convertInto converts srcs for the Gemini file data and applies the
// edits.
func convertInto(t *testing.T, srcs []*Source, data []byte, opts Options) ([]byte, *Result) {
	t.Helper()
	doc, err := config.Parse("settings.json", data, config.Options{})
	if err != nil {
		t.Fatal(err)
	}
	res := Convert(Target{Kind: TargetSettings}, srcs, doc, opts)
	ed := doc.Edit()
	if err := res.Apply(ed); err != nil {
		t.Fatal(err)
	}
	out, err := ed.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	return out, res
}

// TestSyncConverges migrates each Claude state ("base" with every option set),
// then migrates every other state into the result (from "base" with
// every pair of option sets, from the others with the default options): the
// file must be byte for byte what a fresh migration of the second state
// into the hand-written file gives, the hand-written hooks must keep their
// bytes, and a third run must find nothing to do.
func TestSyncConverges(t *testing.T) {
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, ".claude", "hooks"), 0o755)
	os.WriteFile(filepath.Join(dir, ".claude", "hooks", "guard.sh"), []byte("#!/bin/sh\nexit 0\n"), 0o755)
	hand := []byte(handWritten)
	freshOf := map[string]string{}
	for bn, b := range claudeVariants {
		for pn, ob := range optionVariants {
			f, _ := migrateInto(t, dir, b, hand, ob)
			freshOf[bn+"/"+pn] = string(f)
		}
	}
	for an, a := range claudeVariants {
		for on, oa := range optionVariants {
			if an != "base" && on != "auto" {
				continue
			}
			first, _ := migrateInto(t, dir, a, hand, oa)
			for bn, b := range claudeVariants {
				for pn, ob := range optionVariants {
					if an != "base" && (pn != on || on != "auto") {
						continue // option changes from one state are enough
					}
					name := an + "/" + on + "→" + bn + "/" + pn
					got, res := migrateInto(t, dir, b, first, ob)
					if diff := cmp.Diff(freshOf[bn+"/"+pn], string(got)); diff != "" {
						t.Errorf("%s: synced file differs from a fresh migration (-fresh +synced):\n%s", name, diff)
						continue
					}
					for _, keep := range []string{"\t\t\t{\"matcher\": \"write_file\", \"hooks\": [{\"type\": \"command\", \"command\": \"./lint.sh\"}]}", "// lint\r\n", "{\"hooks\": [{\"name\": \"log\", \"type\": \"command\", \"command\": \"./log.sh\"}]}", "\t// the team's own hooks\r\n"} {
						if !strings.Contains(string(got), keep) {
							t.Errorf("%s: hand-written bytes %q lost", name, keep)
						}
					}
					for _, it := range res.Sync {
						if it.Action == ActionConflict {
							t.Errorf("%s: conflict %+v", name, it)
						}
					}
					again, res2 := migrateInto(t, dir, b, got, ob)
					if string(again) != string(got) || len(res2.Edits) > 0 || !res2.InSync() {
						t.Errorf("%s: a third run still edits: %+v", name, res2.Edits)
					}
				}
			}
		}
	}
}

// TestSyncConflict: a migrated hook edited on the Gemini side is kept and
// reported as a conflict when the Claude side would change or remove it,
// and overwritten with Force.
func TestSyncConflict(t *testing.T) {
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, ".claude", "hooks"), 0o755)
	opts := optionVariants["auto"]
	first, _ := migrateInto(t, dir, claudeVariants["base"], []byte(handWritten), opts)
	edited := []byte(strings.Replace(string(first), `"timeout": 30000`, `"timeout": 99000`, 1))
	if string(edited) == string(first) {
		t.Fatal("no timeout 30000 in the migrated file")
	}
	for _, tc := range []struct {
		claude string
		force  bool
		want   string // the action of claude:guard.sh
		kept   bool
	}{
		{"base", false, ActionConflict, true},
		{"timeout", false, ActionConflict, true},
		{"timeout", true, ActionUpdated, false},
		{"empty", false, ActionConflict, true},
		{"empty", true, ActionRemoved, false},
	} {
		o := opts
		o.Force = tc.force
		got, res := migrateInto(t, dir, claudeVariants[tc.claude], edited, o)
		action := ""
		for _, it := range res.Sync {
			if it.Name == "claude:guard.sh" {
				action = it.Action
			}
		}
		if action != tc.want {
			t.Errorf("%s force=%v: claude:guard.sh %q, want %q (%+v)", tc.claude, tc.force, action, tc.want, res.Sync)
		}
		if kept := strings.Contains(string(got), `"timeout": 99000`); kept != tc.kept {
			t.Errorf("%s force=%v: edit kept = %v, want %v", tc.claude, tc.force, kept, tc.kept)
		}
		if res.InSync() {
			t.Errorf("%s force=%v: in sync with a conflict or change", tc.claude, tc.force)
		}
	}
}

// TestSyncNames: names say what runs, are unique in the file and stable.
func TestSyncNames(t *testing.T) {
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, ".claude"), 0o755)
	claude := `{"hooks":{
	  "PreToolUse":[{"matcher":"Bash","hooks":[{"type":"command","command":"bash .claude/hooks/guard.sh"},{"type":"command","command":"jq -r .x | grep -q rm && exit 2"}]}],
	  "PostToolUse":[{"matcher":"Bash","hooks":[{"type":"command","command":"\"$CLAUDE_PROJECT_DIR\"/.claude/hooks/guard.sh post"}]}],
	  "Stop":[{"hooks":[{"type":"command","command":"echo '\u001b[31mdone'"}]}]}}`
	hand := "{\"hooks\": {\"AfterAgent\": [{\"hooks\": [{\"name\": \"claude:echo\", \"type\": \"command\", \"command\": \"x\"}]}]}}"
	_, res := migrateInto(t, dir, claude, []byte(hand), optionVariants["never"])
	var names []string
	for _, d := range res.Desired {
		for _, def := range d.Definitions {
			names = append(names, def.Hooks[0].Name)
		}
	}
	// claude:echo in the file is migrate's (the prefix is reserved), and
	// its Claude hook is gone: it is removed, and its name is free.
	want := []string{"claude:guard.sh", "claude:jq-grep", "claude:guard.sh-2", "claude:echo"}
	if diff := cmp.Diff(want, names); diff != "" {
		t.Errorf("names (-want +got):\n%s", diff)
	}
}

// TestSyncTakenOver: a migrated hook renamed (no claude: prefix) is the
// user's: it is left as it is, reported as kept, and no copy is added.
func TestSyncTakenOver(t *testing.T) {
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, ".claude", "hooks"), 0o755)
	opts := optionVariants["auto"]
	first, _ := migrateInto(t, dir, claudeVariants["base"], []byte(handWritten), opts)
	renamed := []byte(strings.Replace(string(first), `"name": "claude:guard.sh"`, `"name": "guard"`, 1))
	for _, variant := range []string{"base", "timeout"} {
		got, res := migrateInto(t, dir, claudeVariants[variant], renamed, opts)
		if string(got) != string(renamed) {
			t.Errorf("%s: the file changed:\n%s", variant, got)
		}
		action := ""
		for _, it := range res.Sync {
			if it.Name == "guard" {
				action = it.Action
			}
		}
		if action != ActionKept || !res.InSync() {
			t.Errorf("%s: guard %q, in sync %v, want kept and in sync: %+v", variant, action, res.InSync(), res.Sync)
		}
	}
}

// TestSyncScale: hundreds of Claude hooks, all with the same name base,
// migrated, then edited or reversed (which moves every hook), sync
// without a quadratic step (no assertion on time: the test would take
// minutes if matching, placing, ordering, naming or the edits were
// quadratic: runs of insertions, removals and rewrites are one splice
// each, config's InsertAll, RemoveAll and SetAll), and the result is still
// a fresh migration.
func TestSyncScale(t *testing.T) {
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, ".claude"), 0o755)
	hooks := func(n, timeout int, reverse bool) string {
		var b strings.Builder
		b.WriteString(`{"hooks":{"PreToolUse":[{"matcher":"Bash","hooks":[`)
		for i := range n {
			k := i
			if reverse {
				k = n - 1 - i
			}
			if i > 0 {
				b.WriteByte(',')
			}
			fmt.Fprintf(&b, `{"type":"command","command":"echo %d","timeout":%d}`, k, timeout)
		}
		b.WriteString(`]}]}}`)
		return b.String()
	}
	opts := optionVariants["auto"]
	for _, tc := range []struct {
		n       int
		reverse bool
	}{{200, false}, {200, true}} {
		first, _ := migrateInto(t, dir, hooks(tc.n, 1, false), []byte("{}"), opts)
		got, res := migrateInto(t, dir, hooks(tc.n, 2, tc.reverse), first, opts)
		fresh, _ := migrateInto(t, dir, hooks(tc.n, 2, tc.reverse), []byte("{}"), opts)
		if string(got) != string(fresh) {
			t.Errorf("%d hooks, reversed %v: synced file differs from a fresh migration", tc.n, tc.reverse)
		}
		if len(res.Sync) != tc.n {
			t.Errorf("%d sync items, want %d", len(res.Sync), tc.n)
		}
	}
}

// TestSyncClaudeFileGone: with no Claude source left, the hooks migrated
// from a shared settings file that Options.Gone names are removed, the
// file ending as a migration of that file with no hooks leaves it; a
// missing settings.local.json (one person's) removes nothing.
func TestSyncClaudeFileGone(t *testing.T) {
	dir := t.TempDir()
	shared := filepath.Join(dir, ".claude", "settings.json")
	local := filepath.Join(dir, ".claude", "settings.local.json")
	os.MkdirAll(filepath.Join(dir, ".claude"), 0o755)
	for on, o := range optionVariants {
		first, _ := migrateInto(t, dir, claudeVariants["base"], []byte(handWritten), o)
		want, _ := migrateInto(t, dir, claudeVariants["empty"], first, o)
		for _, tc := range []struct {
			gone   []string
			action string
		}{{[]string{shared, local}, ActionRemoved}, {[]string{local}, ActionKept}, {nil, ActionKept}} {
			o.ProjectDir, o.Gone = dir, tc.gone
			got, res := convertInto(t, nil, first, o)
			wantFile := string(first)
			if tc.action == ActionRemoved {
				wantFile = string(want)
			}
			if diff := cmp.Diff(wantFile, string(got)); diff != "" {
				t.Errorf("%s, gone %v: (-want +got):\n%s", on, tc.gone, diff)
			}
			if len(res.Sync) == 0 {
				t.Errorf("%s, gone %v: no migrated hook reported", on, tc.gone)
			}
			for _, it := range res.Sync {
				if it.Action != tc.action {
					t.Errorf("%s, gone %v: %s %s (%s), want %s", on, tc.gone, it.Action, it.Name, it.Reason, tc.action)
				}
				if tc.action == ActionRemoved && it.Reason != "its Claude file .claude/settings.json is gone" {
					t.Errorf("%s: reason %q", on, it.Reason)
				}
			}
		}
	}
}
