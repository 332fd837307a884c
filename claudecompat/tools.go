package claudecompat

import (
	"encoding/json"
	"regexp"
	"slices"
	"strings"

	"github.com/gh-hooks/gh-hooks/internal/lazyre"
)

// claudeTools are the Claude Code tool names that present each Gemini
// tool to a Claude hook (claude-hooks.md §3.1, read backwards). Where
// several Claude tools map to one Gemini tool (Edit and MultiEdit both to
// replace), the first is the one Claude uses today; the others, its
// alternates, are tried in order against the hook's own matcher (see
// ToolName). Read backwards (geminiTool) the first Gemini tool with a name
// wins. Gemini 0.61.0's names are from
// core/src/tools/definitions/base-declarations.ts.
var claudeTools = []toolNames{
	{"run_shell_command", []string{"Bash", "PowerShell"}},
	{"read_file", []string{"Read"}},
	{"write_file", []string{"Write"}},
	{"replace", []string{"Edit", "MultiEdit"}},
	{"glob", []string{"Glob"}},
	{"grep_search", []string{"Grep"}},
	{"search_file_content", []string{"Grep"}}, // the pre-0.28 name, still accepted as an alias (tool-names.ts)
	{"list_directory", []string{"LS"}},
	{"web_fetch", []string{"WebFetch"}},
	{"google_web_search", []string{"WebSearch"}},
	{"write_todos", []string{"TodoWrite"}},
	{"invoke_agent", []string{"Agent", "Task"}},
	{"activate_skill", []string{"Skill", "SlashCommand"}},
	{"ask_user", []string{"AskUserQuestion"}},
	{"enter_plan_mode", []string{"EnterPlanMode"}},
	{"exit_plan_mode", []string{"ExitPlanMode"}},
	{"list_mcp_resources", []string{"ListMcpResourcesTool"}},
	{"read_mcp_resource", []string{"ReadMcpResourceTool"}},
	{"read_background_output", []string{"TaskOutput", "BashOutput"}},
	{"tracker_create_task", []string{"TaskCreate"}},
	{"tracker_update_task", []string{"TaskUpdate"}},
	{"tracker_get_task", []string{"TaskGet"}},
	{"tracker_list_tasks", []string{"TaskList"}},
}

// toolNames are a Gemini tool's Claude names, the usual one first.
type toolNames struct {
	gemini string
	claude []string
}

// claudeNames returns the Claude names of the Gemini tool gemini, nil for
// a tool Claude does not have.
func claudeNames(gemini string) []string {
	for _, t := range claudeTools {
		if t.gemini == gemini {
			return t.claude
		}
	}
	return nil
}

// geminiTool is the Gemini tool a Claude tool name stands for, "" for
// none.
func geminiTool(claude string) string {
	for _, t := range claudeTools {
		if slices.Contains(t.claude, claude) {
			return t.gemini
		}
	}
	return ""
}

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
	if names := claudeNames(gemini); names != nil {
		c := names[0]
		if matcher != "" && !claudeMatches(matcher, c) {
			for _, alt := range names[1:] {
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
	if g := geminiTool(claude); g != "" {
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
	if exactList.Get().MatchString(matcher) {
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

var exactList = lazyre.New(`^[A-Za-z0-9_|]+$`)

// fieldRenames lists, per Claude tool, the tool_input fields that are the
// same argument under both names, as {Gemini name, Claude name}
// (claude-hooks.md §1.6 and §3; Gemini 0.61.0's parameter names from
// core/src/tools/definitions/base-declarations.ts). toClaudeInput and
// toGeminiInput copy them; fieldComputed describes the fields that are
// computed instead, and docs/claude-compat.md is rendered from both.
func fieldRenames(tool string) [][2]string {
	switch tool {
	case "Bash":
		return [][2]string{{"command", "command"}, {"description", "description"}, {"is_background", "run_in_background"}}
	case "PowerShell":
		return [][2]string{{"command", "command"}, {"description", "description"}, {"is_background", "run_in_background"}}
	case "Read":
		return [][2]string{{"file_path", "file_path"}}
	case "Write":
		return [][2]string{{"file_path", "file_path"}, {"content", "content"}}
	case "Edit":
		return [][2]string{{"file_path", "file_path"}, {"old_string", "old_string"}, {"new_string", "new_string"}, {"allow_multiple", "replace_all"}}
	case "MultiEdit":
		return [][2]string{{"file_path", "file_path"}}
	case "Glob":
		return [][2]string{{"pattern", "pattern"}, {"dir_path", "path"}}
	case "Grep":
		return [][2]string{{"pattern", "pattern"}, {"dir_path", "path"}, {"include_pattern", "glob"}, {"context", "-C"}, {"after", "-A"}, {"before", "-B"}}
	case "LS":
		return [][2]string{{"dir_path", "path"}, {"ignore", "ignore"}}
	case "WebSearch":
		return [][2]string{{"query", "query"}}
	}
	return nil
}

// computedField is a tool_input field that the adapter computes from
// others, in either direction, as the code below does.
type computedField struct {
	Gemini, Claude, How string
}

// fieldComputed describes, per Claude tool, the fields toClaudeInput and
// toGeminiInput compute rather than copy.
func fieldComputed(tool string) []computedField {
	switch tool {
	case "Read":
		return []computedField{{"start_line, end_line", "offset, limit",
			"offset = start_line, limit = end_line − start_line + 1 (end_line alone: offset 1); back: start_line = offset, end_line = offset + limit − 1"}}
	case "MultiEdit":
		return []computedField{{"old_string, new_string, allow_multiple", "edits[0].old_string, .new_string, .replace_all",
			"Gemini's replace makes one edit; back, only the first edit of updatedInput is kept"}}
	case "Grep":
		return []computedField{
			{"case_sensitive", "-i", "-i = true when case_sensitive is false; back: case_sensitive = !-i"},
			{"names_only", "output_mode", `"files_with_matches" when names_only, else "content"; not mapped back`},
		}
	case "WebFetch":
		return []computedField{{"prompt", "prompt, url",
			"url = the first http(s) URL in the prompt; back: a url that is not in the prompt is appended to it"}}
	case "TodoWrite":
		return []computedField{{"todos[].description, .status", "todos[].content, .activeForm, .status",
			`content and activeForm = description; "cancelled" becomes "completed"; back: description = content`}}
	}
	return nil
}

// toClaudeInput turns a Gemini tool's arguments into the tool_input the
// Claude tool of the same action takes (fieldRenames, fieldComputed).
// Arguments without a Claude counterpart are left out; unknown tools keep
// their arguments.
func toClaudeInput(claudeName string, in map[string]any) map[string]any {
	out := map[string]any{}
	renames := fieldRenames(claudeName)
	known := renames != nil
	for _, r := range renames {
		if v, ok := in[r[0]]; ok {
			out[r[1]] = v
		}
	}
	switch claudeName {
	case "Read":
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
	case "MultiEdit":
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
	case "Grep":
		if cs, ok := in["case_sensitive"].(bool); ok && !cs {
			out["-i"] = true
		}
		if n, ok := in["names_only"].(bool); ok && n {
			out["output_mode"] = "files_with_matches"
		} else {
			out["output_mode"] = "content"
		}
	case "WebFetch":
		// Gemini's web_fetch takes one prompt with the URL inside it.
		if p, ok := in["prompt"].(string); ok {
			out["prompt"] = p
			if u := urlIn.Get().FindString(p); u != "" {
				out["url"] = u
			}
		}
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
		if !known {
			for k, v := range in {
				out[k] = v
			}
		}
	}
	return out
}

// urlIn finds the first http(s) URL in a web_fetch prompt.
var urlIn = lazyre.New(`https?://[^\s"'<>]+`)

// toGeminiInput is the reverse of toClaudeInput, for a Claude hook's
// updatedInput: the Gemini tool_input that Gemini merges into the tool's
// arguments (spec §5.6).
func toGeminiInput(claudeName string, in map[string]any) map[string]any {
	out := map[string]any{}
	renames := fieldRenames(claudeName)
	known := renames != nil
	for _, r := range renames {
		if v, ok := in[r[1]]; ok {
			out[r[0]] = v
		}
	}
	switch claudeName {
	case "Read":
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
	case "MultiEdit":
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
	case "Grep":
		if i, ok := in["-i"].(bool); ok {
			out["case_sensitive"] = !i
		}
	case "WebFetch":
		p, _ := in["prompt"].(string)
		if u, ok := in["url"].(string); ok && u != "" && !strings.Contains(p, u) {
			p = strings.TrimSpace(p + " " + u)
		}
		if p != "" {
			out["prompt"] = p
		}
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
		if !known {
			for k, v := range in {
				out[k] = v
			}
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
	for _, t := range claudeTools {
		if len(t.claude) > 1 && ToolName(t.gemini, matcher, "", "") != ToolName(t.gemini, "", "", "") {
			return true
		}
	}
	return false
}
