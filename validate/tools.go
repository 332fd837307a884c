package validate

import "slices"

// geminiTools are Gemini CLI's built-in tool names (claude-hooks.md §3:
// ALL_BUILTIN_TOOL_NAMES plus the background-shell tools), the names a
// BeforeTool/AfterTool matcher is tested against.
var geminiTools = []string{
	"glob", "write_todos", "write_file", "google_web_search", "web_fetch", "replace",
	"run_shell_command", "grep_search", "read_many_files", "read_file", "list_directory",
	"activate_skill", "ask_user", "tracker_create_task", "tracker_update_task",
	"tracker_get_task", "tracker_list_tasks", "tracker_add_dependency", "tracker_visualize",
	"get_internal_docs", "enter_plan_mode", "exit_plan_mode", "update_topic", "complete_task",
	"invoke_agent", "read_mcp_resource", "list_mcp_resources",
	"list_background_processes", "read_background_output",
}

// BuiltinTools returns Gemini CLI's built-in tool names (a new slice), for
// commands that suggest or complete a tool name.
func BuiltinTools() []string { return slices.Clone(geminiTools) }

// claudeFields are hook-entry fields that only Claude Code knows
// (claude-hooks.md §1.3), with what Gemini does instead. Gemini keeps
// unknown fields and ignores them (spec §2.3).
func claudeFields(s string) string {
	switch s {
	case "async", "asyncRewake":
		return "Gemini ignores it and always waits for the hook to finish"
	case "statusMessage":
		return "Gemini ignores it: it has no per-hook spinner text"
	case "once":
		return "Gemini ignores it and runs the hook every time"
	case "if":
		return "Gemini ignores it and runs the hook for every tool the matcher selects"
	case "shell":
		return "Gemini ignores it and runs the command with bash -c (PowerShell on Windows)"
	case "args":
		return "Gemini ignores it and runs only \"command\" through the shell"
	case "prompt", "model":
		return "Gemini has no prompt or agent hooks and ignores it"
	case "continueOnBlock":
		return "Gemini has no prompt hooks and ignores it"
	case "rewakeMessage", "rewakeSummary":
		return "Gemini has no background hooks and ignores it"
	case "url", "headers", "allowedEnvVars":
		return "Gemini has no http hooks and ignores it"
	}
	return ""
}

// defaultFalse are the Claude fields whose false is Claude's default and
// what Gemini does without them, so that a false is not worth a warning.
func defaultFalse(s string) bool {
	switch s {
	case "async", "asyncRewake", "once":
		return true
	}
	return false
}

// claudeTypes are Claude Code hook types that Gemini does not have.
func claudeTypes(s string) string {
	switch s {
	case "prompt":
		return "a Claude Code prompt hook (an LLM call)"
	case "agent":
		return "a Claude Code agent hook (an LLM subagent)"
	case "http":
		return "a Claude Code http hook"
	case "mcp_tool":
		return "a Claude Code MCP-tool hook"
	}
	return ""
}

// GeminiTools returns Gemini CLI's built-in tool names, in the order above.
func GeminiTools() []string {
	return append([]string(nil), geminiTools...)
}
