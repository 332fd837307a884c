package migrate

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gh-hooks/gh-hooks/internal/testenv"
	"github.com/google/go-cmp/cmp"

	"github.com/gh-hooks/gh-hooks/claudecompat"
	"github.com/gh-hooks/gh-hooks/shellcmd"
)

// scriptWant is a script migrate lists for a TestScripts case: its
// path, its state and what was found in it.
type scriptWant struct {
	Path, State string
	Kinds       []string // finding kinds, uncovered ones marked with "!"
}

// scriptsCase is a case of TestScripts.
type scriptsCase struct {
	name    string
	event   string
	command string
	files   map[string]string
	adapter AdapterMode
	// outside is a script written outside the project, linked from
	// .claude/hooks/out.sh.
	outside  string
	fifo     string
	wrapped  bool
	fate     Fate
	scripts  []scriptWant
	changeIn string
}

// scriptsCases are TestScripts's cases: one literal table.
func scriptsCases() []scriptsCase {
	return []scriptsCase{
		{
			name: "notification script that reads nothing: not wrapped", event: "Notification",
			command: ".claude/hooks/ding.sh",
			files:   map[string]string{".claude/hooks/ding.sh": "#!/bin/sh\nnotify-send 'Gemini needs you'\n"},
			wrapped: false, fate: FateMigrated,
			scripts: []scriptWant{{"/.claude/hooks/ding.sh", StateRead, nil}},
		},
		{
			name: "notification command reading the payload with jq: wrapped", event: "Notification",
			command: `jq -r .message | xargs notify-send`,
			wrapped: true, fate: FateMigrated,
		},
		{
			name: "notification program on PATH given a plain message: not wrapped", event: "SessionEnd",
			command: `osascript -e 'display notification "bye"'`,
			wrapped: false, fate: FateMigrated,
		},
		{
			name: "session end script reading CLAUDE_PROJECT_DIR: wrapped", event: "SessionEnd",
			command: `bash "$CLAUDE_PROJECT_DIR/.claude/hooks/log.sh"`,
			files: map[string]string{".claude/hooks/log.sh": `#!/bin/bash
cd "$CLAUDE_PROJECT_DIR" && git stash list > .claude/last-session
`},
			wrapped: true, fate: FateMigrated,
			scripts: []scriptWant{{"/.claude/hooks/log.sh", StateRead, []string{"variable"}}},
		},
		{
			name: "a link out of the project is not followed: wrapped to be safe", event: "Notification",
			command: ".claude/hooks/out.sh",
			outside: "#!/bin/sh\necho \"$CLAUDE_SECRET\"\n",
			wrapped: true, fate: FateMigrated,
			scripts: []scriptWant{{"/.claude/hooks/out.sh", "outside-project", nil}},
		},
		{
			name: "a program run by a path outside the project may read anything: wrapped", event: "Notification",
			command: "/opt/hooks/notification.sh",
			wrapped: true, fate: FateMigrated,
		},
		{
			name: "a FIFO is never read", event: "Notification",
			command: "sh .claude/hooks/pipe",
			fifo:    ".claude/hooks/pipe",
			wrapped: true, fate: FateMigrated,
			scripts: []scriptWant{{"/.claude/hooks/pipe", "not-regular", nil}},
		},
		{
			name: "guard with a program not on PATH and a transcript: changes", event: "PreToolUse",
			command: "./.claude/hooks/guard.sh",
			files: map[string]string{".claude/hooks/guard.sh": `#!/usr/bin/env bash
payload=$(cat)
last=$(tail -n 1 "$(jq -r .transcript_path <<<"$payload")")
bunx eslint --stdin <<<"$last" || exit 2
`},
			wrapped: true, fate: FateChanged, changeIn: "bunx, which is not on PATH here",
			scripts: []scriptWant{{"/.claude/hooks/guard.sh", StateRead, []string{"stdin", "!transcript", "exit", "!program"}}},
		},
		{
			name: "without the adapter, what only it translates is a change", event: "PreToolUse", adapter: AdapterNever,
			command: "python3 .claude/hooks/g.py",
			files: map[string]string{".claude/hooks/g.py": `import json, sys
d = json.load(sys.stdin)
if d["tool_name"] == "Write" and d["tool_input"]["file_path"].endswith(".lock"):
    sys.exit(2)
`},
			wrapped: false, fate: FateChanged, changeIn: "g.py depends on Claude's protocol in 2 place(s)",
			scripts: []scriptWant{{"/.claude/hooks/g.py", StateRead, []string{"stdin", "tool-name", "exit"}}},
		},
	}
}

// TestScripts converts one Claude hook of a project whose scripts are on
// disk and checks what the report says of the scripts, the fate, and
// whether --adapter=auto wraps it.
func TestScripts(t *testing.T) {
	tests := scriptsCases()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			project := t.TempDir()
			writeTree(t, project, tt.files)
			if tt.outside != "" {
				out := filepath.Join(t.TempDir(), "out.sh")
				if err := os.WriteFile(out, []byte(tt.outside), 0o755); err != nil {
					t.Fatal(err)
				}
				os.MkdirAll(filepath.Join(project, ".claude", "hooks"), 0o755)
				if err := os.Symlink(out, filepath.Join(project, ".claude", "hooks", "out.sh")); err != nil {
					t.Fatal(err)
				}
			}
			if tt.fifo != "" {
				p := filepath.Join(project, filepath.FromSlash(tt.fifo))
				os.MkdirAll(filepath.Dir(p), 0o755)
				if err := testenv.Mkfifo(p, 0o644); err != nil {
					t.Skipf("no FIFO here: %v", err)
				}
			}
			settings := map[string]any{"hooks": map[string]any{tt.event: []any{
				map[string]any{"hooks": []any{map[string]any{"type": "command", "command": tt.command, "timeout": 5}}}}}}
			data, _ := json.Marshal(settings)
			writeTree(t, project, map[string]string{".claude/settings.json": string(data)})
			src, err := LoadSettings(filepath.Join(project, ".claude", "settings.json"))
			if err != nil {
				t.Fatal(err)
			}
			adapter := tt.adapter
			if adapter == "" {
				adapter = AdapterAuto
			}
			opts := Options{Adapter: adapter, ProjectDir: project,
				LookPath: func(name string) bool { return name != "bunx" }}
			res := Convert(Target{Kind: TargetSettings}, []*Source{src}, nil, opts)
			if len(res.Report.Items) != 1 {
				t.Fatalf("items: %+v", res.Report.Items)
			}
			it := res.Report.Items[0]
			if it.Fate != tt.fate {
				t.Errorf("fate %s, want %s (changes %q)", it.Fate, tt.fate, it.Changes)
			}
			if tt.changeIn != "" && !strings.Contains(strings.Join(it.Changes, "\n"), tt.changeIn) {
				t.Errorf("changes %q lack %q", it.Changes, tt.changeIn)
			}
			cmd := res.Desired[0].Definitions[0].Hooks[0].Command
			if got := strings.Contains(cmd, "claude-compat"); got != tt.wrapped {
				t.Errorf("wrapped = %v, want %v: %s", got, tt.wrapped, cmd)
			}
			var got []scriptWant
			for _, sc := range it.Scripts {
				s := scriptWant{Path: strings.TrimPrefix(sc.Path, project), State: sc.State}
				for _, f := range sc.Findings {
					k := f.Kind
					if !f.Covered {
						k = "!" + k
					}
					s.Kinds = append(s.Kinds, k)
				}
				got = append(got, s)
			}
			if diff := cmp.Diff(tt.scripts, got); diff != "" {
				t.Errorf("scripts (-want +got):\n%s", diff)
			}
		})
	}
}

// TestScriptsBounded: a script larger than fingerprint.KeepMax is listed
// as too large and not scanned, and the hook is wrapped to be safe.
func TestScriptsBounded(t *testing.T) {
	project := t.TempDir()
	big := "#!/bin/sh\n" + strings.Repeat("echo \"$CLAUDE_X\"\n", 1<<17)
	writeTree(t, project, map[string]string{
		".claude/hooks/big.sh":  big,
		".claude/settings.json": `{"hooks": {"Notification": [{"hooks": [{"type": "command", "command": "./.claude/hooks/big.sh"}]}]}}`,
	})
	src, err := LoadSettings(filepath.Join(project, ".claude", "settings.json"))
	if err != nil {
		t.Fatal(err)
	}
	res := Convert(Target{Kind: TargetSettings}, []*Source{src}, nil, Options{Adapter: AdapterAuto, ProjectDir: project})
	it := res.Report.Items[0]
	if len(it.Scripts) != 1 || it.Scripts[0].State != "too-large" || len(it.Scripts[0].Findings) != 0 {
		t.Fatalf("scripts %+v", it.Scripts)
	}
	if cmd := res.Desired[0].Definitions[0].Hooks[0].Command; !strings.Contains(cmd, "claude-compat") {
		t.Errorf("not wrapped: %s", cmd)
	}
}

// TestScriptsUserScope: the hooks of ~/.claude/settings.json start scripts
// in ~/.claude/hooks, which are read (the home itself is not a root).
func TestScriptsUserScope(t *testing.T) {
	home := t.TempDir()
	t.Setenv("HOME", home)
	writeTree(t, home, map[string]string{
		".claude/hooks/stop.py": "import json, sys\nmsg = json.load(sys.stdin)[\"last_assistant_message\"]\n",
		".claude/settings.json": `{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "python3 ~/.claude/hooks/stop.py"}]}],
 "SessionEnd": [{"hooks": [{"type": "command", "command": "$HOME/notes.sh"}]}]}}`,
		"notes.sh": "#!/bin/sh\necho \"$CLAUDE_PROJECT_DIR\"\n",
	})
	src, err := LoadSettings(filepath.Join(home, ".claude", "settings.json"))
	if err != nil {
		t.Fatal(err)
	}
	res := Convert(Target{Kind: TargetSettings}, []*Source{src}, nil, Options{Adapter: AdapterAuto, ProjectDir: t.TempDir()})
	var got []string
	for _, it := range res.Report.Items {
		for _, sc := range it.Scripts {
			got = append(got, strings.TrimPrefix(sc.Path, home)+" "+sc.State+" "+fmt.Sprint(len(sc.Findings)))
		}
	}
	want := []string{"/.claude/hooks/stop.py read 2"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("scripts (-want +got):\n%s", diff)
	}
	// $HOME/notes.sh is outside ~/.claude: not read, and wrapped to be safe.
	for _, e := range res.Desired {
		if e.Event == "SessionEnd" && !strings.Contains(e.Definitions[0].Hooks[0].Command, "claude-compat") {
			t.Errorf("SessionEnd hook not wrapped: %s", e.Definitions[0].Hooks[0].Command)
		}
	}
}

// TestMissingProgramsBounded: a script of thousands of programs that are
// not on PATH is maxMissing findings and one that counts the rest, found
// in linear time (each missing program was one more pass over the lines:
// an 8,000-line script took 17 s).
func TestMissingProgramsBounded(t *testing.T) {
	var b strings.Builder
	b.WriteString("#!/bin/sh\n")
	for i := range 3000 {
		fmt.Fprintf(&b, "nosuch%d --x\n", i)
	}
	c := &converter{opts: Options{LookPath: func(string) bool { return false }}}
	got := c.missingPrograms([]byte(b.String()), t.TempDir())
	if len(got) != maxMissing+1 {
		t.Fatalf("%d findings, want %d", len(got), maxMissing+1)
	}
	if f := got[maxMissing-1]; f.Line != maxMissing+1 || !strings.Contains(f.Note, fmt.Sprintf("runs nosuch%d,", maxMissing-1)) {
		t.Errorf("last named finding: %+v", f)
	}
	if f := got[maxMissing]; !strings.Contains(f.Note, fmt.Sprintf("and %d more programs", 3000-maxMissing)) {
		t.Errorf("the count of the rest: %+v", f)
	}
}

// TestReadScriptOnce: hooks of one kind that run one script share one read
// and scan of it (300 hooks and a 1 MiB script scanned it 300 times); each
// gets its own findings slice.
func TestReadScriptOnce(t *testing.T) {
	root := t.TempDir()
	var b strings.Builder
	b.WriteString("#!/bin/sh\n")
	for i := range 500 {
		fmt.Fprintf(&b, "jq -r .tool_input.command | nosuch%d\n", i)
	}
	if err := os.WriteFile(filepath.Join(root, "s.sh"), []byte(b.String()), 0o755); err != nil {
		t.Fatal(err)
	}
	c := &converter{opts: Options{LookPath: func(string) bool { return false }}}
	f := shellcmd.File{Path: filepath.Join(root, "s.sh"), Role: shellcmd.Role("run")}
	first := c.readScript(root, "s.sh", f, claudecompat.Hook{Event: "PreToolUse"})
	if first.State != StateRead || len(first.Findings) == 0 {
		t.Fatalf("first read: %+v", first)
	}
	for range 300 {
		got := c.readScript(root, "s.sh", f, claudecompat.Hook{Event: "PreToolUse"})
		if diff := cmp.Diff(first, got); diff != "" {
			t.Fatalf("a later read differs (-first +later):\n%s", diff)
		}
		got.Findings[0].Note = "changed"
	}
	c.readScript(root, "s.sh", f, claudecompat.Hook{Event: "Stop"})
	if len(c.scripts) != 2 || c.readScript(root, "s.sh", f, claudecompat.Hook{Event: "PreToolUse"}).Findings[0].Note == "changed" {
		t.Errorf("%d scans kept (want 2), or the findings are shared", len(c.scripts))
	}
}
