package runner

import (
	"errors"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

func TestBuildInput(t *testing.T) {
	base := `"session_id":"s-1","transcript_path":"","cwd":"/p","hook_event_name":`
	ts := `"timestamp":"2026-01-02T03:04:05.006Z"`
	tests := []struct {
		name     string
		event    string
		ctx      Context
		override string
		want     string
	}{
		{"BeforeTool default tool", "BeforeTool", Context{}, "",
			`{` + base + `"BeforeTool",` + ts + `,"tool_name":"run_shell_command","tool_input":{"command":"echo hello","description":"Print hello"}}`},
		{"AfterTool with --tool", "AfterTool", Context{Tool: "read_file"}, "",
			`{` + base + `"AfterTool",` + ts + `,"tool_name":"read_file","tool_input":{"file_path":"hello.txt"},"tool_response":{"llmContent":"hello\n","returnDisplay":""}}`},
		{"SessionStart with --trigger", "SessionStart", Context{Trigger: "resume"}, "",
			`{` + base + `"SessionStart",` + ts + `,"source":"resume"}`},
		{"SessionEnd default", "SessionEnd", Context{}, "", `{` + base + `"SessionEnd",` + ts + `,"reason":"exit"}`},
		{"PreCompress default", "PreCompress", Context{}, "", `{` + base + `"PreCompress",` + ts + `,"trigger":"manual"}`},
		{"override replaces whole fields and extends", "BeforeTool", Context{Tool: "write_file"},
			`{"tool_input":{"file_path":"a"},"cwd":"/q","extra":[1]}`,
			`{"session_id":"s-1","transcript_path":"","cwd":"/q","hook_event_name":"BeforeTool",` + ts + `,"tool_name":"write_file","tool_input":{"file_path":"a"},"extra":[1]}`},
		{"BeforeToolSelection has llm_request", "BeforeToolSelection", Context{}, "",
			`{` + base + `"BeforeToolSelection",` + ts + `,"llm_request":{"model":"gemini-2.5-pro","messages":[{"role":"user","content":"Hello"}],"config":{"temperature":1,"topP":0.95,"topK":64}}}`},
		// The cases below pin what the real Gemini CLI 0.61.0 sent, watched
		// headless (gemini-headless.md) with a hook appending its stdin to a
		// file: keys, order, types and the values that do not vary.
		{"AfterModel: no toolConfig, sampling config, candidates with index", "AfterModel", Context{}, "",
			`{` + base + `"AfterModel",` + ts + `,"llm_request":{"model":"gemini-2.5-pro","messages":[{"role":"user","content":"Hello"}],"config":{"temperature":1,"topP":0.95,"topK":64}},` +
				`"llm_response":{"text":"Hi! How can I help?","candidates":[{"content":{"role":"model","parts":["Hi! How can I help?"]},"finishReason":"STOP","index":0}]}}`},
		{"AfterTool replace: returnDisplay is an object", "AfterTool", Context{Tool: "replace"}, "",
			`{` + base + `"AfterTool",` + ts + `,"tool_name":"replace","tool_input":{"file_path":"hello.txt","instruction":"Say bye instead of hello","old_string":"hello","new_string":"bye"},` +
				`"tool_response":{"llmContent":"Successfully modified file: /p/hello.txt (1 replacements). Here is the updated code:\nbye\n",` +
				`"returnDisplay":{"fileDiff":"Index: hello.txt\n===================================================================\n--- hello.txt\tCurrent\n+++ hello.txt\tProposed\n@@ -1,1 +1,1 @@\n-hello\n+bye\n",` +
				`"fileName":"hello.txt","filePath":"/p/hello.txt","originalContent":"hello\n","newContent":"bye\n",` +
				`"diffStat":{"model_added_lines":1,"model_removed_lines":1,"model_added_chars":3,"model_removed_chars":5,"user_added_lines":0,"user_removed_lines":0,"user_added_chars":0,"user_removed_chars":0},"isNewFile":false,"isBuildFile":false}}}`},
		{"AfterTool MCP: llmContent is a list of parts, mcp_context from settings", "AfterTool",
			Context{Tool: "mcp_tiny_srv_echo", MCPServers: map[string]MCPServer{"tiny": {Command: "x"}, "tiny_srv": {Command: "python3", Args: []any{"/s/mcp.py"}}}}, "",
			`{` + base + `"AfterTool",` + ts + `,"tool_name":"mcp_tiny_srv_echo","tool_input":{},` +
				`"tool_response":{"llmContent":[{"text":"<untrusted_context>\nok\n</untrusted_context>"}],"returnDisplay":"ok"},` +
				`"mcp_context":{"server_name":"tiny_srv","tool_name":"echo","command":"python3","args":["/s/mcp.py"]}}`},
		{"BeforeTool MCP without a configured server", "BeforeTool", Context{Tool: "mcp_srv_echo"}, "",
			`{` + base + `"BeforeTool",` + ts + `,"tool_name":"mcp_srv_echo","tool_input":{},"mcp_context":{"server_name":"srv","tool_name":"echo"}}`},
		{"Notification for a shell command", "Notification", Context{}, "",
			`{` + base + `"Notification",` + ts + `,"notification_type":"ToolPermission","message":"Tool Confirm Shell Command requires execution",` +
				`"details":{"type":"exec","title":"Confirm Shell Command","command":"echo hello","rootCommand":"echo"}}`},
		{"Notification for a write", "Notification", Context{Tool: "write_file"}, "",
			`{` + base + `"Notification",` + ts + `,"notification_type":"ToolPermission","message":"Tool Confirm Write: hello.txt requires editing",` +
				`"details":{"type":"edit","title":"Confirm Write: hello.txt","fileName":"hello.txt","filePath":"/p/hello.txt",` +
				`"fileDiff":"Index: hello.txt\n===================================================================\n--- hello.txt\tCurrent\n+++ hello.txt\tProposed\n@@ -0,0 +1,1 @@\n+hello\n","originalContent":"","newContent":"hello\n"}}`},
		{"Notification for an MCP tool", "Notification", Context{Tool: "mcp_tiny_echo", MCPServers: map[string]MCPServer{"tiny": {}}}, "",
			`{` + base + `"Notification",` + ts + `,"notification_type":"ToolPermission","message":"Tool Confirm MCP Tool Execution requires MCP",` +
				`"details":{"type":"mcp","title":"Confirm MCP Tool Execution","serverName":"tiny","toolName":"echo","toolDisplayName":"echo (tiny MCP Server)"}}`},
		{"Notification for a replace", "Notification", Context{Tool: "replace"}, "",
			`{` + base + `"Notification",` + ts + `,"notification_type":"ToolPermission","message":"Tool Confirm Edit: hello.txt requires editing",` +
				`"details":{"type":"edit","title":"Confirm Edit: hello.txt","fileName":"hello.txt","filePath":"/p/hello.txt",` +
				`"fileDiff":"Index: hello.txt\n===================================================================\n--- hello.txt\tCurrent\n+++ hello.txt\tProposed\n@@ -1,1 +1,1 @@\n-hello\n+bye\n","originalContent":"hello\n","newContent":"bye\n"}}`},
		{"Notification for read_file", "Notification", Context{Tool: "read_file"}, "",
			`{` + base + `"Notification",` + ts + `,"notification_type":"ToolPermission","message":"Tool Confirm: ReadFile requires information","details":{"type":"info","title":"Confirm: ReadFile","prompt":"hello.txt"}}`},
		{"AfterTool list_directory", "AfterTool", Context{Tool: "list_directory"}, "",
			`{` + base + `"AfterTool",` + ts + `,"tool_name":"list_directory","tool_input":{"dir_path":"."},` +
				`"tool_response":{"llmContent":"Directory listing for /p:\nhello.txt (6 bytes)","returnDisplay":{"summary":"Found 1 item(s).","files":["hello.txt"]}}}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ctx := tt.ctx
			ctx.SessionID, ctx.Cwd = "s-1", "/p"
			ctx.Now = time.Date(2026, 1, 2, 3, 4, 5, 6e6, time.FixedZone("x", 3600)).Add(time.Hour)
			in, err := BuildInput(tt.event, ctx, []byte(tt.override))
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, Stringify(in)); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

func TestBuildInputErrors(t *testing.T) {
	tests := []struct {
		name     string
		event    string
		override string
		sentinel error
		want     string
	}{
		{"unknown event", "PreToolUse", "", ErrUnknownEvent,
			`unknown event "PreToolUse": want one of BeforeTool, AfterTool, BeforeAgent, AfterAgent, Notification, SessionStart, SessionEnd, PreCompress, BeforeModel, AfterModel, BeforeToolSelection (case-sensitive)`},
		{"array input", "BeforeTool", "[1]", ErrBadInput, "input must be a JSON object: got an array"},
		{"broken input", "BeforeTool", "{", ErrBadInput, "input must be a JSON object: unexpected end of JSON input"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := BuildInput(tt.event, Context{}, []byte(tt.override))
			if !errors.Is(err, tt.sentinel) {
				t.Errorf("error %v is not %v", err, tt.sentinel)
			}
			if diff := cmp.Diff(tt.want, errString(err)); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

// TestNotificationKind checks that the kind the CLI accepts --tool by is
// the details.type of the payload sent for that tool, and that a tool
// whose confirmation is not modelled is refused rather than sent the
// shell command's shape.
func TestNotificationKind(t *testing.T) {
	servers := map[string]MCPServer{"tiny": {}}
	for _, tt := range []struct{ tool, kind string }{
		{"", "exec"}, {"run_shell_command", "exec"}, {"write_file", "edit"}, {"replace", "edit"},
		{"read_file", "info"}, {"mcp_tiny_echo", "mcp"}, {"glob", ""}, {"Bash", ""}, {"web_fetch", ""},
	} {
		kind, ok := NotificationKind(tt.tool)
		if kind != tt.kind || ok != (tt.kind != "") {
			t.Errorf("NotificationKind(%q) = %q, %v; want %q", tt.tool, kind, ok, tt.kind)
		}
		if !ok {
			continue
		}
		in, err := BuildInput("Notification", Context{Tool: tt.tool, Cwd: "/p", MCPServers: servers}, nil)
		if err != nil {
			t.Fatal(err)
		}
		d, _ := in.Get("details")
		if got := prop(d.(*Object), "type"); got != kind {
			t.Errorf("Notification --tool %q: details.type %v, NotificationKind says %q", tt.tool, got, kind)
		}
	}
}
