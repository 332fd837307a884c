package claudecompat

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// brief is a finding without its note, which the tests check by content.
type brief struct {
	Kind    string
	Line    int
	Covered bool
}

// scanCase is a case of TestScan.
type scanCase struct {
	name   string
	file   string
	hook   Hook
	script string
	want   []brief
	// notes are substrings the notes must contain, in order of want.
	notes []string
}

// scanCases are TestScan's cases: one literal table (a Claude
// hook's script and what Scan finds in it).
func scanCases() []scanCase {
	return []scanCase{
		{
			name: "bash guard with jq and permissionDecision",
			file: "protect-env.sh",
			hook: Hook{Event: "PreToolUse"},
			script: `#!/usr/bin/env bash
# Blocks reads of .env files ("Read" tool).
input=$(cat)
tool=$(echo "$input" | jq -r '.tool_name')
file=$(echo "$input" | jq -r '.tool_input.file_path // empty')
if [[ "$tool" == "Read" && "$file" == *.env ]]; then
  jq -n '{hookSpecificOutput: {hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: "secrets"}}'
fi
exit 0
`,
			want: []brief{
				{KindStdin, 3, true},
				{KindToolName, 6, true},
				{KindEventName, 7, true},
				{KindOutput, 7, true},
			},
			notes: []string{"Claude's payload", `Gemini's read_file as "Read"`, `hook_event_name "PreToolUse"`, "into Gemini's decision"},
		},
		{
			name: "bash case pattern, exit 2 and an unset Claude variable",
			file: "guard",
			hook: Hook{Event: "PreToolUse"},
			script: `#!/bin/sh
payload=$(cat)
case "$(printf '%s' "$payload" | jq -r .tool_name)" in
  Edit|Write|MultiEdit)
    echo "no edits on main" >&2
    exit 2 ;;
esac
echo "export FOO=1" >> "$CLAUDE_ENV_FILE"
echo "$CLAUDE_PROJECT_DIR"
`,
			want: []brief{
				{KindStdin, 2, true},
				{KindToolName, 4, true},
				{KindToolName, 4, true},
				{KindToolName, 4, true},
				{KindExit, 6, true},
				{KindVariable, 8, false},
				{KindVariable, 9, true},
			},
			notes: []string{"payload", `"Edit"`, `"Write"`, `"MultiEdit"`, `decision "deny"`, "Gemini has none", "the adapter sets it"},
		},
		{
			name: "bash grep form of a tool check; comments are skipped",
			file: "fmt.sh",
			hook: Hook{Event: "PostToolUse"},
			script: `#!/bin/bash
# if tool_name is "Bash" we do nothing
json=$(cat)
if echo "$json" | grep -qE '"tool_name":"(Edit|Write)"'; then
  gofmt -w "$(echo "$json" | jq -r .tool_input.file_path)"
fi
`,
			want: []brief{
				{KindStdin, 3, true},
				{KindToolName, 4, true},
				{KindToolName, 4, true},
			},
			notes: []string{"PostToolUse", `Gemini's replace as "Edit"`, `Gemini's write_file as "Write"`},
		},
		{
			name: "bash grep alternation as a whole word",
			file: "fmt.sh",
			hook: Hook{Event: "PostToolUse"},
			script: `tool=$(jq -r .tool_name)
echo "$tool" | grep -qE '^(Edit|Write)$' || exit 0
`,
			want: []brief{
				{KindStdin, 1, true},
				{KindToolName, 2, true},
				{KindToolName, 2, true},
			},
			notes: []string{"payload", "replace", "write_file"},
		},
		{
			name: "python guard on Grep fields",
			file: "grep_scope.py",
			hook: Hook{Event: "PreToolUse"},
			script: `#!/usr/bin/env python3
import json, sys
data = json.load(sys.stdin)
ti = data.get("tool_input", {})
if data.get("tool_name") == "Grep" and "vendor" in (ti.get("path") or ""):
    print("not in vendor/", file=sys.stderr)
    sys.exit(2)
if "node_modules" in ti.get("glob", ""):
    sys.exit(2)
`,
			want: []brief{
				{KindStdin, 3, true},
				{KindToolName, 5, true},
				{KindToolInput, 5, true},
				{KindExit, 7, true},
				{KindToolInput, 8, true},
			},
			notes: []string{"payload", "grep_search", "Grep.path from Gemini's dir_path", "stderr as the reason", "Grep.glob from Gemini's include_pattern"},
		},
		{
			name: "python Read range, transcript and permission mode",
			file: "ctx.py",
			hook: Hook{Event: "PreToolUse"},
			script: `import json, sys
d = json.load(sys.stdin)
if d["permission_mode"] == "plan":
    sys.exit(0)
start = d["tool_input"].get("offset", 1)
with open(d["transcript_path"]) as f:
    msgs = [json.loads(l) for l in f]
print(json.dumps({"hookSpecificOutput": {"hookEventName": "PreToolUse", "additionalContext": "big file"}}))
`,
			want: []brief{
				{KindStdin, 2, true},
				{KindPayload, 3, false},
				{KindToolInput, 5, true},
				{KindTranscript, 6, false},
				{KindEventName, 8, true},
				{KindOutput, 8, false},
			},
			notes: []string{"payload", `always sends "default"`, "offset = start_line", "JSONL", "PreToolUse", "no way to add context"},
		},
		{
			name: "node guard with process.stdin and WebFetch url",
			file: "fetch-guard.mjs",
			hook: Hook{Event: "PreToolUse"},
			script: `#!/usr/bin/env node
// Only allow fetches from docs sites ("WebFetch").
/* "Bash" inside a block comment
   is not code */
let raw = '';
process.stdin.on('data', c => raw += c);
process.stdin.on('end', () => {
  const p = JSON.parse(raw);
  if (p.tool_name !== 'WebFetch') return;
  if (!p.tool_input.url.startsWith('https://docs.')) {
    console.log(JSON.stringify({ decision: 'approve', reason: 'docs' }));
    process.exit(2);
  }
});
`,
			want: []brief{
				{KindStdin, 6, true},
				{KindToolName, 9, true},
				{KindToolInput, 10, true},
				{KindOutput, 11, true},
				{KindExit, 12, true},
			},
			notes: []string{"payload", "web_fetch", "url = the first http(s) URL", `"allow"`, "deny"},
		},
		{
			name: "node Stop hook reading the last message, updatedInput off PreToolUse",
			file: "stop.js",
			hook: Hook{Event: "Stop"},
			script: `const input = JSON.parse(require('fs').readFileSync(0, 'utf8'));
if (/TODO/.test(input.last_assistant_message)) {
  console.log(JSON.stringify({ decision: 'block', reason: 'finish the TODOs', hookSpecificOutput: { updatedInput: {} } }));
}
`,
			want: []brief{
				{KindStdin, 1, true},
				{KindPayload, 2, true},
				{KindOutput, 3, true},
				{KindOutput, 3, false},
			},
			notes: []string{"payload", "prompt_response", `same block on AfterAgent`, "ignored on Stop"},
		},
		{
			name: "plugin root is covered only for plugin hooks",
			file: "run.sh",
			hook: Hook{Event: "SessionStart", PluginRoot: "/p"},
			script: `source "${CLAUDE_PLUGIN_ROOT}/lib.sh"
echo "$CLAUDE_PLUGIN_DATA"
`,
			want: []brief{
				{KindVariable, 1, true},
				{KindVariable, 2, false},
			},
			notes: []string{"sets it", "data directory"},
		},
		{
			name: "bash case on the event; prose that names an event is not a comparison",
			file: "multi.sh",
			hook: Hook{Event: "Stop"},
			script: `event=$(jq -r .hook_event_name)
case "$event" in
  Stop) make test >&2 || exit 2 ;;
  PermissionRequest) exit 0 ;;
esac
echo "PreCompact finished"
`,
			want: []brief{
				{KindStdin, 1, true},
				{KindEventName, 3, true},
				{KindExit, 3, true},
				{KindEventName, 4, true},
			},
			notes: []string{"Stop", `hook_event_name "Stop" on Gemini's AfterAgent`, `decision "block"`, "Gemini does not have"},
		},
		{
			name:   "a script with nothing of Claude",
			file:   "notify.sh",
			hook:   Hook{Event: "Notification"},
			script: "#!/bin/sh\nnotify-send 'Gemini needs you'\n",
		},
	}
}

func TestScan(t *testing.T) {
	tests := scanCases()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Scan([]byte(tt.script), Language(tt.file, []byte(tt.script)), tt.hook)
			var gb []brief
			for _, f := range got {
				gb = append(gb, brief{f.Kind, f.Line, f.Covered})
			}
			if diff := cmp.Diff(tt.want, gb); diff != "" {
				t.Errorf("Scan findings (-want +got):\n%s\n%v", diff, got)
				return
			}
			for i, n := range tt.notes {
				if !strings.Contains(got[i].Note, n) {
					t.Errorf("finding %d (%s line %d) note %q lacks %q", i, got[i].Kind, got[i].Line, got[i].Note, n)
				}
			}
			for _, f := range got {
				if f.Text == "" || f.Note == "" {
					t.Errorf("finding without text or note: %+v", f)
				}
			}
		})
	}
}

func TestLanguage(t *testing.T) {
	tests := []struct{ name, data, want string }{
		{"x.py", "", LangPython},
		{"x", "#!/usr/bin/env python3\n", LangPython},
		{"x", "#!/usr/bin/env -S bun run\n", LangNode},
		{"x.ts", "", LangNode},
		{"x", "#!/bin/bash\n", LangShell},
		{"x", "echo hi\n", LangShell},
		{"x.rb", "puts 1\n", ""},
	}
	for _, tt := range tests {
		if got := Language(tt.name, []byte(tt.data)); got != tt.want {
			t.Errorf("Language(%q, %q) = %q, want %q", tt.name, tt.data, got, tt.want)
		}
	}
}

// TestScanFieldsMatchAdapter: every tool_input field Scan calls covered is
// one toClaudeInput really produces from some Gemini input.
func TestScanFieldsMatchAdapter(t *testing.T) {
	gemini := map[string]any{"dir_path": "d", "include_pattern": "*.go", "start_line": int64(2), "end_line": int64(5),
		"allow_multiple": true, "is_background": true, "prompt": "see https://x.dev", "context": int64(1),
		"after": int64(1), "before": int64(1), "case_sensitive": false, "names_only": true}
	produced := map[string]bool{}
	for _, tool := range claudeToolNames() {
		if fieldRenames(tool) == nil && fieldComputed(tool) == nil {
			continue // unknown to toClaudeInput: the arguments as they are
		}
		for k := range toClaudeInput(tool, gemini) {
			produced[k] = true
		}
	}
	for _, f := range renamedFields() {
		if !produced[f.name] {
			t.Errorf("Scan calls tool_input.%s covered, but toClaudeInput never produces it", f.name)
		}
	}
}

// TestScanBlocks: the answers that block under Claude on the hook's event
// are marked, and CanBlock says which hooks fail closed without the
// adapter (issue 26 point 4).
func TestScanBlocks(t *testing.T) {
	tests := []struct {
		name, event, script string
		unseen              bool
		want                bool
	}{
		{"exit 2 on PreToolUse", "PreToolUse", "#!/bin/sh\necho no >&2\nexit 2\n", false, true},
		{"permissionDecision on PreToolUse", "PreToolUse", `echo '{"hookSpecificOutput":{"permissionDecision":"deny"}}'`, false, true},
		{"decision block after a tool", "PostToolUse", `print(json.dumps({"decision": "block", "reason": r}))`, false, true},
		{"exit 2 after a tool (injection-defender.sh)", "PostToolUse", "echo '{\"decision\":\"block\"}'\nexit 2\n", false, true},
		{"decision block on a prompt", "UserPromptSubmit", `jq -n '{decision: "block", reason: "secret"}'`, false, true},
		{"continue false on a prompt", "UserPromptSubmit", `echo '{"continue": false, "stopReason": "x"}'`, false, true},
		{"a formatter cannot block", "PostToolUse", "#!/bin/sh\nprettier --write \"$f\" || exit 1\n", false, false},
		{"exit 2 in a comment does not count", "PreToolUse", "# exit 2 blocks\nexit 0\n", false, false},
		{"what cannot be seen may block", "PreToolUse", "", true, true},
		{"a Stop hook does not fail closed (Gemini would loop)", "Stop", "exit 2\n", false, false},
		{"nor a SessionStart hook", "SessionStart", "exit 2\n", true, false},
		{"nor a PostToolUseFailure hook (its guard would hide every tool's result)", "PostToolUseFailure", "exit 2\n", true, false},
		{"permissionDecision on PostToolUse blocks nothing", "PostToolUse", `echo '{"hookSpecificOutput":{"permissionDecision":"deny"}}'`, false, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := Scan([]byte(tt.script), LangShell, Hook{Event: tt.event})
			if got := CanBlock(tt.event, f, tt.unseen); got != tt.want {
				t.Errorf("CanBlock = %v, want %v (findings %+v)", got, tt.want, f)
			}
		})
	}
}
