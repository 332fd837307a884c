package migrate

import "sync"

// eventRule says what becomes of one Claude event.
type eventRule struct {
	gemini string // "" = dropped
	// loss names what the mapping loses (mapped-with-loss) or, for a
	// dropped event, why it is dropped.
	loss string
	// values is the matcher vocabulary of lifecycle events (Claude side);
	// trigger maps those values to Gemini triggers ("" = none).
	values  []string
	trigger map[string]string
}

// Event contexts on the Claude side.
func claudeToolEvents(s string) bool {
	switch s {
	case "PreToolUse", "PostToolUse", "PostToolUseFailure",
		"PermissionRequest", "PermissionDenied":
		return true
	}
	return false
}

// eventRules covers all 31 Claude events (claude-hooks.md §1.1) with the
// mapping of claude-hooks.md §5 and peers-and-user-asks.md Appendix A.
// It is built on first use: every run of gh-hooks would otherwise build
// it at start-up, and only migrate reads it (issue 2).
var eventRules = sync.OnceValue(func() map[string]eventRule {
	return map[string]eventRule{
		"PreToolUse":  {gemini: "BeforeTool"},
		"PostToolUse": {gemini: "AfterTool"},
		// Appendix A: AfterTool also fires on success, so mapping it would run
		// a failure handler after every tool; report instead of mapping.
		"PostToolUseFailure": {loss: "Gemini has no failure-only tool event; AfterTool fires after every tool, so a failure handler would run on success too"},
		"UserPromptSubmit":   {gemini: "BeforeAgent"},
		"Stop":               {gemini: "AfterAgent"},
		"SubagentStop": {gemini: "AfterAgent",
			loss: "Gemini has no subagent-stop event: AfterAgent fires when the main agent finishes, and the agent_type matcher cannot be expressed"},
		"SessionStart": {gemini: "SessionStart",
			values: []string{"startup", "resume", "clear", "compact", "fork"},
			// spec §2.1: Gemini SessionStart triggers are startup, resume, clear.
			trigger: map[string]string{"startup": "startup", "resume": "resume", "clear": "clear"}},
		"SessionEnd": {gemini: "SessionEnd",
			values: []string{"clear", "resume", "logout", "prompt_input_exit", "other", "bypass_permissions_disabled"},
			// spec §2.1: exit, clear, logout, prompt_input_exit, other.
			trigger: map[string]string{"clear": "clear", "logout": "logout", "prompt_input_exit": "prompt_input_exit", "other": "other"}},
		"PreCompact": {gemini: "PreCompress",
			values:  []string{"manual", "auto"},
			trigger: map[string]string{"manual": "manual", "auto": "auto"}},
		"Notification": {gemini: "Notification",
			values: []string{"permission_prompt", "idle_prompt", "auth_success", "elicitation_dialog",
				"elicitation_url_dialog", "elicitation_complete", "elicitation_response", "agent_needs_input", "agent_completed"},
			// Gemini fires Notification only for ToolPermission (spec §2.1).
			trigger: map[string]string{"permission_prompt": "ToolPermission"}},
		"PermissionRequest":   {loss: "Gemini has no permission-request event (Notification ToolPermission can only observe)"},
		"PermissionDenied":    {loss: "Gemini has no permission-denied event"},
		"PostToolBatch":       {loss: "Gemini has no tool-batch event"},
		"UserPromptExpansion": {loss: "Gemini has no prompt-expansion event"},
		"StopFailure":         {loss: "Gemini has no stop-failure event"},
		"SubagentStart":       {loss: "Gemini has no subagent-start event"},
		"Setup":               {loss: "Gemini has no setup event"},
		"PostCompact":         {loss: "Gemini has no post-compaction event"},
		"InstructionsLoaded":  {loss: "Gemini has no instructions-loaded event"},
		"ConfigChange":        {loss: "Gemini has no config-change event"},
		"CwdChanged":          {loss: "Gemini has no cwd-changed event"},
		"DirectoryAdded":      {loss: "Gemini has no directory-added event"},
		"FileChanged":         {loss: "Gemini has no file-watch event"},
		"WorktreeCreate":      {loss: "Gemini has no worktree events"},
		"WorktreeRemove":      {loss: "Gemini has no worktree events"},
		"TeammateIdle":        {loss: "Gemini has no teammate events"},
		"TaskCreated":         {loss: "Gemini has no task events"},
		"TaskCompleted":       {loss: "Gemini has no task events"},
		"Elicitation":         {loss: "Gemini has no elicitation events"},
		"ElicitationResult":   {loss: "Gemini has no elicitation events"},
		"MessageDisplay":      {loss: "Gemini has no message-display event"},
	}
})

// GeminiTool returns the Gemini tool that a Claude Code tool name maps to
// (claude-hooks.md §3.1). ok is false when name is not a Claude tool; gemini
// is "" when Gemini has no counterpart.
func GeminiTool(name string) (gemini string, ok bool) {
	for _, t := range toolTable {
		if t.claude == name {
			return t.gemini, true
		}
	}
	return "", false
}

// toolTable is claude-hooks.md §3.1: Claude tool name → Gemini tool name;
// "" means no counterpart. Every name Claude has shipped is listed so that
// a regex matcher can be evaluated against the whole vocabulary, in this
// order, which orders the results too.
var toolTable = []claudeTool{
	{"Bash", "run_shell_command"}, {"PowerShell", "run_shell_command"},
	// Read maps to read_file only: read_many_files takes include patterns,
	// not a file_path, so a Read hook's script would not understand it.
	{"Read", "read_file"}, {"Write", "write_file"},
	{"Edit", "replace"}, {"MultiEdit", "replace"},
	{"Glob", "glob"}, {"Grep", "grep_search"}, {"LS", "list_directory"},
	{"WebFetch", "web_fetch"}, {"WebSearch", "google_web_search"},
	{"TodoWrite", "write_todos"},
	{"Agent", "invoke_agent"}, {"Task", "invoke_agent"},
	{"TaskCreate", "tracker_create_task"}, {"TaskUpdate", "tracker_update_task"},
	{"TaskGet", "tracker_get_task"}, {"TaskList", "tracker_list_tasks"},
	{"Skill", "activate_skill"}, {"SlashCommand", "activate_skill"},
	{"AskUserQuestion", "ask_user"},
	{"EnterPlanMode", "enter_plan_mode"}, {"ExitPlanMode", "exit_plan_mode"},
	{"ListMcpResourcesTool", "list_mcp_resources"}, {"ReadMcpResourceTool", "read_mcp_resource"},
	{"TaskOutput", "read_background_output"}, {"BashOutput", "read_background_output"},
	// No counterpart. NotebookRead is left out on purpose: a Notebook.*
	// matcher means notebooks, and read_file would widen it.
	{"NotebookEdit", ""}, {"NotebookRead", ""}, {"TaskStop", ""}, {"KillShell", ""},
	{"LSP", ""}, {"Monitor", ""}, {"CronCreate", ""}, {"CronDelete", ""}, {"CronList", ""},
	{"ScheduleWakeup", ""}, {"RemoteTrigger", ""}, {"EnterWorktree", ""}, {"ExitWorktree", ""},
	{"SendMessage", ""}, {"ListAgents", ""}, {"SendUserFile", ""}, {"PushNotification", ""},
	{"Artifact", ""}, {"ReportFindings", ""}, {"ShareOnboardingGuide", ""}, {"ToolSearch", ""},
	{"WaitForMcpServers", ""}, {"Workflow", ""}, {"EndConversation", ""},
	{"TeamCreate", ""}, {"TeamDelete", ""},
}

// approxTools map to a Gemini tool whose input or semantics differ.
func approxTools(s string) string {
	switch s {
	case "PowerShell":
		return "Gemini runs one shell (bash on Unix), not PowerShell"
	case "Agent", "Task":
		return "invoke_agent takes other arguments than Claude's Agent/Task (no subagent_type)"
	case "TaskCreate", "TaskUpdate", "TaskGet", "TaskList":
		return "tracker tools differ from Claude's Task* tools"
	case "TaskOutput", "BashOutput":
		return "read_background_output only approximates TaskOutput/BashOutput"
	case "SlashCommand":
		return "activate_skill activates skills, not slash commands"
	}
	return ""
}

// claudeTool is a Claude tool name and its Gemini tool.
type claudeTool struct{ claude, gemini string }

// toolVocabulary is toolTable's Claude names, in its order.
func toolVocabulary() []string {
	names := make([]string, len(toolTable))
	for i, t := range toolTable {
		names[i] = t.claude
	}
	return names
}

// claudeDefaultTimeout is Claude's effective timeout in seconds for a
// command hook without one (claude-hooks.md §1.3).
func claudeDefaultTimeout(event string) float64 {
	switch event {
	case "UserPromptSubmit":
		return 30
	case "MessageDisplay":
		return 10
	case "SessionEnd":
		// SessionEnd hooks share a 1.5 s budget (claude-hooks.md §1.3).
		return 1.5
	}
	return 600
}

// ignoredFields are Claude handler keys Gemini has no counterpart for, with
// what is lost. Keys not listed and not handled are reported generically.
var ignoredFields = []struct{ key, why string }{
	{"async", "Gemini always waits for the hook (no background run)"},
	{"asyncRewake", "Gemini always waits for the hook (no background run or rewake)"},
	{"statusMessage", "Gemini has no per-hook spinner text"},
	{"once", "Gemini has no run-once hooks"},
	{"if", "Gemini has no per-hook permission-rule condition; the hook now runs for every matched tool"},
	{"shell", "Gemini picks the shell itself (bash on Unix, PowerShell on Windows)"},
	{"model", "only prompt/agent hooks use a model"},
	{"continueOnBlock", "prompt-hook field"},
	{"rewakeMessage", "Gemini has no async rewake"},
	{"rewakeSummary", "Gemini has no async rewake"},
	{"environment", "not a Claude field; Gemini's env object is not derived from it"},
	{"matcher", "a handler-level matcher is ignored by Claude too"},
}

// ignoredField is what is lost with the Claude handler key k, "" for a key
// ignoredFields does not list.
func ignoredField(k string) string {
	for _, f := range ignoredFields {
		if f.key == k {
			return f.why
		}
	}
	return ""
}
