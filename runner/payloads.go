package runner

import (
	"path/filepath"
	"sort"
	"strings"
)

// The event fields below were watched on the real Gemini CLI 0.61.0 run
// headless (gemini-headless.md) with a hook on every event appending its
// stdin to a file, and one turn per tool: keys, their order, their types
// and every value that does not depend on the session are Gemini's.
// Values that do (paths, process group ids) are filled in for the
// synthetic session: cwd is the project, files are hello.txt inside it.

// obj builds an Object from key, value pairs in order.
func jsobj(kv ...any) *Object {
	o := NewObject()
	for i := 0; i+1 < len(kv); i += 2 {
		o.Set(kv[i].(string), kv[i+1])
	}
	return o
}

// MCPServer is the connection an mcpServers entry in settings gives an
// MCP server; extractMcpContext (coreToolHookTriggers.ts) copies these
// "non-sensitive connection details" into a hook's mcp_context.
type MCPServer struct {
	Command string
	Args    []any // nil when the entry has no args
	Cwd     string
	URL     string // url, else httpUrl
	TCP     string
	// Trust is the entry's "trust": true; it is not part of mcp_context.
	Trust bool
}

// toolInput is the tool_input of the default call for tool: every
// parameter Gemini's schema requires (tools/definitions, default-legacy
// set), with harmless values.
func toolInput(tool string) *Object {
	switch tool {
	case "run_shell_command":
		return jsobj("command", "echo hello", "description", "Print hello")
	case "write_file":
		return jsobj("file_path", "hello.txt", "content", "hello\n")
	case "replace":
		return jsobj("file_path", "hello.txt", "instruction", "Say bye instead of hello", "old_string", "hello", "new_string", "bye")
	case "read_file":
		return jsobj("file_path", "hello.txt")
	case "glob":
		return jsobj("pattern", "*.txt")
	case "grep_search":
		return jsobj("pattern", "hello")
	case "list_directory":
		return jsobj("dir_path", ".")
	}
	return NewObject()
}

// diffStat is the diffStat Gemini's edit tools report (all eight
// counters, model_* then user_*).
func diffStat(addLines, remLines, addChars, remChars float64) *Object {
	return jsobj("model_added_lines", addLines, "model_removed_lines", remLines, "model_added_chars", addChars, "model_removed_chars", remChars,
		"user_added_lines", 0.0, "user_removed_lines", 0.0, "user_added_chars", 0.0, "user_removed_chars", 0.0)
}

// toolResponse is the AfterTool tool_response Gemini sends after the
// default call for tool succeeded (watched: llmContent is a string for
// built-in tools and a list of parts for MCP tools; returnDisplay is a
// string or, for the file tools, an object).
func toolResponse(tool, cwd string) *Object {
	file := filepath.Join(cwd, "hello.txt")
	switch {
	case tool == "run_shell_command":
		return jsobj("llmContent", "<untrusted_context>\nOutput: hello\nProcess Group PGID: 4242\n</untrusted_context>", "returnDisplay", "hello")
	case tool == "write_file":
		return jsobj("llmContent", "Successfully created and wrote to new file: "+file+". Here is the updated code:\nhello\n",
			"returnDisplay", jsobj("fileDiff", "Index: hello.txt\n===================================================================\n--- hello.txt\tOriginal\n+++ hello.txt\tWritten\n@@ -0,0 +1,1 @@\n+hello\n",
				"fileName", "hello.txt", "filePath", file, "originalContent", "", "newContent", "hello\n",
				"diffStat", diffStat(1, 0, 5, 0), "isNewFile", true, "isBuildFile", false))
	case tool == "replace":
		return jsobj("llmContent", "Successfully modified file: "+file+" (1 replacements). Here is the updated code:\nbye\n",
			"returnDisplay", jsobj("fileDiff", "Index: hello.txt\n===================================================================\n--- hello.txt\tCurrent\n+++ hello.txt\tProposed\n@@ -1,1 +1,1 @@\n-hello\n+bye\n",
				"fileName", "hello.txt", "filePath", file, "originalContent", "hello\n", "newContent", "bye\n",
				"diffStat", diffStat(1, 1, 3, 5), "isNewFile", false, "isBuildFile", false))
	case tool == "read_file":
		return jsobj("llmContent", "hello\n", "returnDisplay", "")
	case tool == "glob":
		return jsobj("llmContent", "Found 1 file(s) matching \"*.txt\" within "+cwd+", sorted by modification time (newest first):\n"+file,
			"returnDisplay", "Found 1 matching file(s)")
	case tool == "grep_search":
		return jsobj("llmContent", "Found 1 match for pattern \"hello\" in the workspace directory:\n---\nFile: hello.txt\nL1: hello\nL2- \n---",
			"returnDisplay", jsobj("summary", "Found 1 match", "matches", []any{jsobj("filePath", "hello.txt", "absolutePath", file, "lineNumber", 1.0, "line", "hello")}))
	case tool == "list_directory":
		return jsobj("llmContent", "Directory listing for "+cwd+":\nhello.txt (6 bytes)",
			"returnDisplay", jsobj("summary", "Found 1 item(s).", "files", []any{"hello.txt"}))
	case IsMCPTool(tool):
		return jsobj("llmContent", []any{jsobj("text", "<untrusted_context>\nok\n</untrusted_context>")}, "returnDisplay", "ok")
	}
	return jsobj("llmContent", "ok", "returnDisplay", "ok")
}

// IsMCPTool reports whether tool is an MCP tool's name (mcp_<server>_<tool>;
// mcp-tool.ts isMcpToolName).
func IsMCPTool(tool string) bool { return strings.HasPrefix(tool, "mcp_") }

// mcpContext is the mcp_context Gemini adds to BeforeTool and AfterTool
// payloads of an MCP tool (coreToolHookTriggers.ts extractMcpContext;
// watched with a stdio server: {"server_name","tool_name","command","args"}).
// The server is the configured one whose name the tool name continues
// (the longest, since server names may hold "_"); without one, the name is
// split at its first "_" and no connection details are known. Absent
// details are left out, as JSON.stringify drops undefined.
func mcpContext(tool string, servers map[string]MCPServer) *Object {
	rest := strings.TrimPrefix(tool, "mcp_")
	names := make([]string, 0, len(servers))
	for n := range servers {
		names = append(names, n)
	}
	sort.Slice(names, func(i, j int) bool {
		return len(names[i]) > len(names[j]) || len(names[i]) == len(names[j]) && names[i] < names[j]
	})
	for _, n := range names {
		if t, ok := strings.CutPrefix(rest, n+"_"); ok && t != "" {
			s := servers[n]
			o := jsobj("server_name", n, "tool_name", t)
			if s.Command != "" {
				o.Set("command", s.Command)
			}
			if s.Args != nil {
				o.Set("args", s.Args)
			}
			if s.Cwd != "" {
				o.Set("cwd", s.Cwd)
			}
			if s.URL != "" {
				o.Set("url", s.URL)
			}
			if s.TCP != "" {
				o.Set("tcp", s.TCP)
			}
			return o
		}
	}
	server, t, ok := strings.Cut(rest, "_")
	if !ok {
		return nil // extractMcpContext finds no server: no mcp_context
	}
	return jsobj("server_name", server, "tool_name", t)
}

// NotificationTools are the tools whose confirmation Notification
// payload is modelled, as NotificationKind names them, for messages.
const NotificationTools = "run_shell_command (exec), write_file and replace (edit), read_file (info), an MCP tool mcp_SERVER_TOOL (mcp)"

// NotificationKind is the details.type of the ToolPermission notification
// Gemini fires while it asks to confirm a call of tool (exec, edit, info
// or mcp; each watched with a BeforeTool "ask" headless), and false for a
// tool whose confirmation is not modelled. "" is run_shell_command.
// Gemini fires Notification without a context (hookEventHandler.ts
// fireNotificationEvent; spec §4): the tool chooses the payload, never
// which hooks run.
func NotificationKind(tool string) (string, bool) {
	switch {
	case tool == "" || tool == "run_shell_command":
		return "exec", true
	case tool == "write_file" || tool == "replace":
		return "edit", true
	case tool == "read_file":
		return "info", true
	case IsMCPTool(tool):
		return "mcp", true
	}
	return "", false
}

// notification fills the ToolPermission notification Gemini fires while
// it asks to confirm the default call for tool (hookSystem.ts
// toSerializableDetails, getNotificationMessage; each shape watched with a
// BeforeTool "ask" headless). Tools NotificationKind does not know get the
// shell command's.
func notification(in *Object, tool, cwd string, servers map[string]MCPServer) {
	file := filepath.Join(cwd, "hello.txt")
	var title, kind string
	var details *Object
	switch {
	case tool == "write_file":
		title, kind = "Confirm Write: hello.txt", "edit"
		details = jsobj("type", kind, "title", title, "fileName", "hello.txt", "filePath", file,
			"fileDiff", "Index: hello.txt\n===================================================================\n--- hello.txt\tCurrent\n+++ hello.txt\tProposed\n@@ -0,0 +1,1 @@\n+hello\n",
			"originalContent", "", "newContent", "hello\n")
	case tool == "replace":
		title, kind = "Confirm Edit: hello.txt", "edit"
		details = jsobj("type", kind, "title", title, "fileName", "hello.txt", "filePath", file,
			"fileDiff", "Index: hello.txt\n===================================================================\n--- hello.txt\tCurrent\n+++ hello.txt\tProposed\n@@ -1,1 +1,1 @@\n-hello\n+bye\n",
			"originalContent", "hello\n", "newContent", "bye\n")
	case tool == "read_file":
		title, kind = "Confirm: ReadFile", "info"
		details = jsobj("type", kind, "title", title, "prompt", "hello.txt")
	case IsMCPTool(tool):
		title, kind = "Confirm MCP Tool Execution", "mcp"
		server, name := "", ""
		if mc := mcpContext(tool, servers); mc != nil {
			server, _ = prop(mc, "server_name").(string)
			name, _ = prop(mc, "tool_name").(string)
		}
		details = jsobj("type", kind, "title", title, "serverName", server, "toolName", name, "toolDisplayName", name+" ("+server+" MCP Server)")
	default:
		title, kind = "Confirm Shell Command", "exec"
		details = jsobj("type", kind, "title", title, "command", "echo hello", "rootCommand", "echo")
	}
	verb := map[string]string{"edit": "editing", "exec": "execution", "mcp": "MCP", "info": "information"}[kind]
	in.Set("notification_type", "ToolPermission")
	in.Set("message", "Tool "+title+" requires "+verb)
	in.Set("details", details)
}

// llmRequest mirrors hookTranslator.toHookLLMRequest's shape as watched:
// model, messages and config with the sampling parameters of Gemini's
// default chat model config; no toolConfig (Gemini sends one only when
// the request has one).
func llmRequest() *Object {
	return jsobj("model", "gemini-2.5-pro",
		"messages", []any{jsobj("role", "user", "content", "Hello")},
		"config", jsobj("temperature", 1.0, "topP", 0.95, "topK", 64.0))
}

// llmResponse mirrors hookTranslator.toHookLLMResponse's shape as watched:
// text, then candidates with content (text parts as strings),
// finishReason and index.
func llmResponse() *Object {
	return jsobj("text", "Hi! How can I help?",
		"candidates", []any{jsobj("content", jsobj("role", "model", "parts", []any{"Hi! How can I help?"}), "finishReason", "STOP", "index", 0.0)})
}
