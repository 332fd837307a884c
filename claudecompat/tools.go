package claudecompat

import (
	"encoding/json"
	"regexp"
	"strings"
)

// claudeTool is the Claude Code tool name that presents a Gemini tool to a
// Claude hook (claude-hooks.md §3.1, read backwards). Where several Claude
// tools map to one Gemini tool (Edit and MultiEdit both to replace), the
// first is the one Claude uses today; alternates lists the others, which
// the hook's own matcher can ask for (see ToolName). Gemini 0.61.0's names
// are from core/src/tools/definitions/base-declarations.ts.
var claudeTool = map[string]string{
	"run_shell_command":      "Bash",
	"read_file":              "Read",
	"write_file":             "Write",
	"replace":                "Edit",
	"glob":                   "Glob",
	"grep_search":            "Grep",
	"search_file_content":    "Grep", // the pre-0.28 name, still accepted as an alias (tool-names.ts)
	"list_directory":         "LS",
	"web_fetch":              "WebFetch",
	"google_web_search":      "WebSearch",
	"write_todos":            "TodoWrite",
	"invoke_agent":           "Agent",
	"activate_skill":         "Skill",
	"ask_user":               "AskUserQuestion",
	"enter_plan_mode":        "EnterPlanMode",
	"exit_plan_mode":         "ExitPlanMode",
	"list_mcp_resources":     "ListMcpResourcesTool",
	"read_mcp_resource":      "ReadMcpResourceTool",
	"read_background_output": "TaskOutput",
	"tracker_create_task":    "TaskCreate",
	"tracker_update_task":    "TaskUpdate",
	"tracker_get_task":       "TaskGet",
	"tracker_list_tasks":     "TaskList",
}

// alternates are the other Claude names of a Gemini tool, in the order a
// matcher is tried against them.
var alternates = map[string][]string{
	"run_shell_command":      {"PowerShell"},
	"replace":                {"MultiEdit"},
	"invoke_agent":           {"Task"},
	"activate_skill":         {"SlashCommand"},
	"read_background_output": {"BashOutput"},
}

// geminiTool is the reverse of claudeTool and alternates: the Gemini tool a
// Claude tool name stands for.
var geminiTool = func() map[string]string {
	m := map[string]string{}
	for g, c := range claudeTool {
		if g != "search_file_content" {
			m[c] = g
		}
	}
	for g, cs := range alternates {
		for _, c := range cs {
			m[c] = g
		}
	}
	return m
}()

// ToolName returns the Claude name under which a Claude hook sees the
// Gemini tool gemini. matcher is the hook's original Claude matcher (""
// when unknown): when it selects an alternate name of the tool and not
// the usual one (a "MultiEdit" matcher for replace), that name is used, so
// a script that compares tool_name with what it matched keeps working.
// MCP tools (Gemini mcp_<server>_<tool>) become mcp__<server>__<tool>,
// using server and tool from the payload's mcp_context when it has them
// (a server name with "_" is ambiguous in the Gemini name). Other names are
// returned unchanged.
func ToolName(gemini, matcher string, mcpServer, mcpTool string) string {
	if c, ok := claudeTool[gemini]; ok {
		if matcher != "" && !claudeMatches(matcher, c) {
			for _, alt := range alternates[gemini] {
				if claudeMatches(matcher, alt) {
					return alt
				}
			}
		}
		return c
	}
	if rest, ok := strings.CutPrefix(gemini, "mcp_"); ok {
		if mcpServer != "" && mcpTool != "" {
			return "mcp__" + mcpServer + "__" + mcpTool
		}
		if server, tool, ok := strings.Cut(rest, "_"); ok {
			return "mcp__" + server + "__" + tool
		}
	}
	return gemini
}

// GeminiToolName is the reverse of ToolName, for tool names in a Claude
// hook's output.
func GeminiToolName(claude string) string {
	if g, ok := geminiTool[claude]; ok {
		return g
	}
	if rest, ok := strings.CutPrefix(claude, "mcp__"); ok {
		if server, tool, ok := strings.Cut(rest, "__"); ok {
			return "mcp_" + server + "_" + tool
		}
	}
	return claude
}

// claudeMatches is Claude Code's matcher rule (claude-hooks.md §1.2): ""
// and "*" match everything; a string of letters, digits, _ and | is an
// exact list; anything else is a regular expression that must match the
// whole name.
func claudeMatches(matcher, name string) bool {
	if matcher == "" || matcher == "*" {
		return true
	}
	if exactList.MatchString(matcher) {
		for _, m := range strings.Split(matcher, "|") {
			if m == name {
				return true
			}
		}
		return false
	}
	re, err := regexp.Compile(`^(?:` + matcher + `)$`)
	return err == nil && re.MatchString(name)
}

var exactList = regexp.MustCompile(`^[A-Za-z0-9_|]+$`)

// toClaudeInput turns a Gemini tool's arguments into the tool_input the
// Claude tool of the same action takes (claude-hooks.md §1.6 and §3;
// Gemini's parameter names from base-declarations.ts). Arguments without a
// Claude counterpart are left out; unknown tools keep their arguments.
func toClaudeInput(claudeName string, in map[string]any) map[string]any {
	out := map[string]any{}
	copyKey := func(from, to string) {
		if v, ok := in[from]; ok {
			out[to] = v
		}
	}
	switch claudeName {
	case "Bash", "PowerShell":
		copyKey("command", "command")
		copyKey("description", "description")
		copyKey("is_background", "run_in_background")
	case "Read":
		copyKey("file_path", "file_path")
		start, hasStart := number(in["start_line"])
		end, hasEnd := number(in["end_line"])
		switch {
		case hasStart:
			out["offset"] = start
			if hasEnd && end >= start {
				out["limit"] = end - start + 1
			}
		case hasEnd:
			out["offset"], out["limit"] = int64(1), end
		}
	case "Write":
		copyKey("file_path", "file_path")
		copyKey("content", "content")
	case "Edit":
		copyKey("file_path", "file_path")
		copyKey("old_string", "old_string")
		copyKey("new_string", "new_string")
		copyKey("allow_multiple", "replace_all")
	case "MultiEdit":
		copyKey("file_path", "file_path")
		edit := map[string]any{}
		for _, k := range []string{"old_string", "new_string"} {
			if v, ok := in[k]; ok {
				edit[k] = v
			}
		}
		if v, ok := in["allow_multiple"]; ok {
			edit["replace_all"] = v
		}
		out["edits"] = []any{edit}
	case "Glob":
		copyKey("pattern", "pattern")
		copyKey("dir_path", "path")
	case "Grep":
		copyKey("pattern", "pattern")
		copyKey("dir_path", "path")
		copyKey("include_pattern", "glob")
		if cs, ok := in["case_sensitive"].(bool); ok && !cs {
			out["-i"] = true
		}
		if n, ok := in["names_only"].(bool); ok && n {
			out["output_mode"] = "files_with_matches"
		} else {
			out["output_mode"] = "content"
		}
		copyKey("context", "-C")
		copyKey("after", "-A")
		copyKey("before", "-B")
	case "LS":
		copyKey("dir_path", "path")
		copyKey("ignore", "ignore")
	case "WebFetch":
		// Gemini's web_fetch takes one prompt with the URL inside it.
		if p, ok := in["prompt"].(string); ok {
			out["prompt"] = p
			if u := urlIn.FindString(p); u != "" {
				out["url"] = u
			}
		}
	case "WebSearch":
		copyKey("query", "query")
	case "TodoWrite":
		if todos, ok := in["todos"].([]any); ok {
			list := make([]any, 0, len(todos))
			for _, t := range todos {
				m, ok := t.(map[string]any)
				if !ok {
					continue
				}
				item := map[string]any{"content": m["description"], "activeForm": m["description"]}
				if s, ok := m["status"].(string); ok {
					if s == "cancelled" {
						s = "completed"
					}
					item["status"] = s
				}
				list = append(list, item)
			}
			out["todos"] = list
		}
	default:
		for k, v := range in {
			out[k] = v
		}
	}
	return out
}

// urlIn finds the first http(s) URL in a web_fetch prompt.
var urlIn = regexp.MustCompile(`https?://[^\s"'<>]+`)

// toGeminiInput is the reverse of toClaudeInput, for a Claude hook's
// updatedInput: the Gemini tool_input that Gemini merges into the tool's
// arguments (spec §5.6).
func toGeminiInput(claudeName string, in map[string]any) map[string]any {
	out := map[string]any{}
	copyKey := func(from, to string) {
		if v, ok := in[from]; ok {
			out[to] = v
		}
	}
	switch claudeName {
	case "Bash", "PowerShell":
		copyKey("command", "command")
		copyKey("description", "description")
		copyKey("run_in_background", "is_background")
	case "Read":
		copyKey("file_path", "file_path")
		offset, hasOffset := number(in["offset"])
		limit, hasLimit := number(in["limit"])
		if hasOffset {
			out["start_line"] = offset
		}
		if hasLimit {
			if !hasOffset {
				offset = 1
			}
			out["end_line"] = offset + limit - 1
		}
	case "Write":
		copyKey("file_path", "file_path")
		copyKey("content", "content")
	case "Edit":
		copyKey("file_path", "file_path")
		copyKey("old_string", "old_string")
		copyKey("new_string", "new_string")
		copyKey("replace_all", "allow_multiple")
	case "MultiEdit":
		copyKey("file_path", "file_path")
		if edits, ok := in["edits"].([]any); ok && len(edits) > 0 {
			if e, ok := edits[0].(map[string]any); ok {
				for _, k := range []string{"old_string", "new_string"} {
					if v, ok := e[k]; ok {
						out[k] = v
					}
				}
				if v, ok := e["replace_all"]; ok {
					out["allow_multiple"] = v
				}
			}
		}
	case "Glob":
		copyKey("pattern", "pattern")
		copyKey("path", "dir_path")
	case "Grep":
		copyKey("pattern", "pattern")
		copyKey("path", "dir_path")
		copyKey("glob", "include_pattern")
		if i, ok := in["-i"].(bool); ok {
			out["case_sensitive"] = !i
		}
		copyKey("-C", "context")
		copyKey("-A", "after")
		copyKey("-B", "before")
	case "LS":
		copyKey("path", "dir_path")
		copyKey("ignore", "ignore")
	case "WebFetch":
		p, _ := in["prompt"].(string)
		if u, ok := in["url"].(string); ok && u != "" && !strings.Contains(p, u) {
			p = strings.TrimSpace(p + " " + u)
		}
		if p != "" {
			out["prompt"] = p
		}
	case "WebSearch":
		copyKey("query", "query")
	case "TodoWrite":
		if todos, ok := in["todos"].([]any); ok {
			list := make([]any, 0, len(todos))
			for _, t := range todos {
				if m, ok := t.(map[string]any); ok {
					list = append(list, map[string]any{"description": m["content"], "status": m["status"]})
				}
			}
			out["todos"] = list
		}
	default:
		for k, v := range in {
			out[k] = v
		}
	}
	return out
}

// number reads a JSON number (json.Number or float64) as an integer.
func number(v any) (int64, bool) {
	switch n := v.(type) {
	case json.Number:
		if i, err := n.Int64(); err == nil {
			return i, true
		}
		if f, err := n.Float64(); err == nil {
			return int64(f), true
		}
	case float64:
		return int64(n), true
	case int64:
		return n, true
	case int:
		return int64(n), true
	}
	return 0, false
}

// NeedsMatcher reports whether a Claude tool matcher changes the Claude
// name under which some Gemini tool is shown (ToolName), so that the
// adapter must be told it.
func NeedsMatcher(matcher string) bool {
	if matcher == "" || matcher == "*" {
		return false
	}
	for g := range alternates {
		if ToolName(g, matcher, "", "") != ToolName(g, "", "", "") {
			return true
		}
	}
	return false
}
