package runner

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestToolInputReplaces pins what Gemini CLI 0.61.0 did, watched headless
// (gemini-headless.md) with two BeforeTool hooks on a write_file call
// {"file_path":"a.txt","content":"old"}: hook A printing tool_input
// {"content":"A"}, hook B {"file_path":"b.txt"} (or {"file_path":"b.txt",
// "content":"B"}), each saving its stdin.
//   - sequential: B's stdin had tool_input {"file_path":"a.txt","content":"A"}
//     (the chain merges); parallel: B saw the model's call.
//   - either way the tool got B's tool_input alone: with {"file_path":"b.txt"}
//     write_file did not run and the model got {"error":"Tool parameter
//     modification by hook failed validation: params must have required
//     property 'content'"} (telemetry error_type invalid_tool_params); with
//     the full object it wrote b.txt with "B".
func TestToolInputReplaces(t *testing.T) {
	t.Parallel()
	needBash(t)
	a := `{"hookSpecificOutput":{"hookEventName":"BeforeTool","tool_input":{"content":"A"}}}`
	bPart := `{"hookSpecificOutput":{"hookEventName":"BeforeTool","tool_input":{"file_path":"b.txt"}}}`
	bFull := `{"hookSpecificOutput":{"hookEventName":"BeforeTool","tool_input":{"file_path":"b.txt","content":"B"}}}`
	call := `{"tool_name":"write_file","tool_input":{"file_path":"a.txt","content":"old"}}`
	tests := []struct {
		name              string
		seq               bool
		b                 string
		wantBSees         string
		wantOutcome       string
		wantInput, wantEr string
	}{
		{"sequential partial", true, bPart, `{"file_path":"a.txt","content":"A"}`, ToolInvalid, `{"file_path":"b.txt"}`,
			"Tool parameter modification by hook failed validation: params must have required property 'content'"},
		{"sequential full", true, bFull, `{"file_path":"a.txt","content":"A"}`, ToolRuns, `{"file_path":"b.txt","content":"B"}`, ""},
		{"parallel partial", false, bPart, `{"file_path":"a.txt","content":"old"}`, ToolInvalid, `{"file_path":"b.txt"}`,
			"Tool parameter modification by hook failed validation: params must have required property 'content'"},
		{"parallel full", false, bFull, `{"file_path":"a.txt","content":"old"}`, ToolRuns, `{"file_path":"b.txt","content":"B"}`, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			in := testInput(t, "BeforeTool", dir, call)
			rep := run(t, "BeforeTool", tt.seq, in, Options{},
				cmdHook("A", script(t, "emit.sh", a)), cmdHook("B", `cat > b.in; cat <<'EOF'`+"\n"+tt.b+"\nEOF"))
			got, _ := ParseJSON(readFile(t, filepath.Join(dir, "b.in")))
			sees, _ := got.(*Object).Get("tool_input")
			tc := rep.ToolCall
			type res struct{ Sees, Outcome, Input, Err string }
			if diff := cmp.Diff(res{tt.wantBSees, tt.wantOutcome, tt.wantInput, tt.wantEr},
				res{Stringify(sees), tc.Outcome, Stringify(tc.Input), tc.Error}); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
			if tt.wantOutcome == ToolInvalid && !rep.Blocks() {
				t.Error("an invalid rewrite must count as blocking: the tool does not run")
			}
		})
	}
}

func readFile(t *testing.T, p string) string {
	t.Helper()
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestAnalyzeToolCall covers the outcomes without running hooks.
func TestAnalyzeToolCall(t *testing.T) {
	t.Parallel()
	agg := func(out string) *Aggregate {
		o, _ := ParseJSON(out)
		a := aggregate([]Result{{Output: o}}, "BeforeTool")
		return &a
	}
	tests := []struct {
		name, input, out string
		wantOutcome      string
		wantErr          string
		wantNote         string
	}{
		{"no output: runs", `{"tool_name":"read_file","tool_input":{"file_path":"a"}}`, "", ToolRuns, "", ""},
		{"block", `{}`, `{"decision":"block","reason":"R"}`, ToolBlocked, "Tool execution blocked: R", ""},
		{"stop before block", `{}`, `{"decision":"block","reason":"R","continue":false,"stopReason":"S"}`, ToolStopped, "Agent execution stopped by hook: S", ""},
		{"wrong type", `{"tool_name":"read_file","tool_input":{"file_path":"a"}}`, `{"hookSpecificOutput":{"tool_input":{"file_path":"a","start_line":1.5}}}`,
			ToolInvalid, "Tool parameter modification by hook failed validation: params/start_line must be integer", "does not run"},
		{"dropped keys are named", `{"tool_name":"run_shell_command","tool_input":{"command":"ls","description":"d"}}`, `{"hookSpecificOutput":{"tool_input":{"command":"ls -a"}}}`,
			ToolRuns, "", "description is dropped"},
		{"unknown tool: replaced, not checked", `{"tool_name":"mcp_s_t","tool_input":{"a":1}}`, `{"hookSpecificOutput":{"tool_input":{"b":1}}}`,
			ToolRuns, "", "does not know mcp_s_t's parameter schema"},
		{"tool_input array is ignored", `{"tool_name":"read_file","tool_input":{"file_path":"a"}}`, `{"hookSpecificOutput":{"tool_input":[1]}}`, ToolRuns, "", ""},
		{"ask", `{"tool_name":"read_file","tool_input":{"file_path":"a"}}`, `{"decision":"ask","reason":"why"}`, ToolAsk, "",
			"headless (gemini -p): Gemini announces the call"},
		{"rewrite to a .env path", `{"tool_name":"read_file","tool_input":{"file_path":"a"}}`, `{"hookSpecificOutput":{"tool_input":{"file_path":".env"}}}`,
			ToolInvalid, `Tool parameter modification by hook failed validation: Path not in workspace: Attempted path "/p/.env" resolves outside the allowed workspace directories: /p or the project temp directory: /t`, ""},
		// Watched: read_file, write_file and replace on ".env" failed with
		// this message (error_type invalid_tool_params) and the BeforeTool
		// hook with matcher ".*" never ran; sub/.env.local, .envrc,
		// .env.d/a.txt and my.env were read, and the hook ran.
		{".env refused before hooks", `{"tool_name":"write_file","tool_input":{"file_path":".env","content":"x"}}`, `{"decision":"allow"}`,
			ToolRefused, `Path not in workspace: Attempted path "/p/.env" resolves outside the allowed workspace directories: /p or the project temp directory: /t`, "before any hook runs"},
		{".env.local passes", `{"tool_name":"read_file","tool_input":{"file_path":"sub/.env.local"}}`, "", ToolRuns, "", ""},
		{"outside the workspace", `{"tool_name":"list_directory","tool_input":{"dir_path":"../x"}}`, "", ToolRefused,
			`Path not in workspace: Attempted path "/x" resolves outside the allowed workspace directories: /p or the project temp directory: /t`, ""},
		{"temp dir allowed", `{"tool_name":"read_file","tool_input":{"file_path":"/t/plan.md"}}`, "", ToolRuns, "", ""},
		{"model call missing a param", `{"tool_name":"replace","tool_input":{"file_path":"a","old_string":"x","new_string":"y"}}`, "", ToolRefused,
			"params must have required property 'instruction'", "before any hook runs"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v, _ := ParseJSON(tt.input)
			in := v.(*Object)
			in.Set("cwd", "/p")
			var a *Aggregate
			if tt.out != "" {
				a = agg(tt.out)
			}
			tc := AnalyzeToolCall(in, a, "/t")
			if tc.Outcome != tt.wantOutcome || tc.Error != tt.wantErr {
				t.Errorf("got %s %q, want %s %q", tc.Outcome, tc.Error, tt.wantOutcome, tt.wantErr)
			}
			if notes := strings.Join(tc.Notes, "\n"); !strings.Contains(notes, tt.wantNote) {
				t.Errorf("notes %q lack %q", notes, tt.wantNote)
			}
		})
	}
}

func TestBlockedSegment(t *testing.T) {
	t.Parallel()
	for p, want := range map[string]string{
		".env": ".env", "a/.ENV/b": ".ENV", ".env. ": ".env. ", ".env:x": ".env:x", ".env.local": "", ".envrc": "",
		"node_modules/x": "node_modules", ".git/config": ".git", "gha-creds-1.json": "gha-creds-1.json", "my.env": "",
	} {
		if got := BlockedSegment(p); got != want {
			t.Errorf("BlockedSegment(%q) = %q, want %q", p, got, want)
		}
	}
}
