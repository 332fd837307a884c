package runner

import (
	"fmt"
	"path/filepath"
	"strings"
)

// Tool call outcomes after the BeforeTool hooks (ToolCall.Outcome).
const (
	// ToolRuns: Gemini runs the tool with ToolCall.Input.
	ToolRuns = "runs"
	// ToolBlocked: a block or deny decision; the model gets "Tool
	// execution blocked: <reason>".
	ToolBlocked = "blocked"
	// ToolStopped: continue:false; the agent stops.
	ToolStopped = "stopped"
	// ToolInvalid: the hooks' tool_input fails the tool's validation; the
	// tool does not run and the model gets the validation error.
	ToolInvalid = "invalid"
	// ToolAsk: Gemini asks the user (interactive); headless it exits.
	ToolAsk = "ask"
	// ToolRefused: Gemini refuses the call before any hook runs (a path
	// with a .env, .git or node_modules segment, or outside the workspace).
	ToolRefused = "refused"
)

// ToolCall is what Gemini 0.61.0 does with a tool call once its BeforeTool
// hooks have run (scheduler/hook-utils.ts evaluateBeforeToolHook,
// scheduler.ts _processToolCall), or before they would (the tool's own
// parameter checks at tool.build).
type ToolCall struct {
	Tool    string `json:"tool"`
	Outcome string `json:"outcome"`
	// Input is what the tool gets: the payload's tool_input, or, when a
	// hook rewrote it, the hooks' tool_input alone (not merged).
	Input     *Object `json:"input"`
	Rewritten bool    `json:"rewritten"`
	// Checked is false when gh-hooks does not know the tool's parameter
	// schema (MCP and other tools), so a rewrite cannot be checked.
	Checked bool `json:"checked"`
	// Error is what the model gets back, in Gemini's words ("" when the
	// tool runs or Gemini asks).
	Error string `json:"error,omitempty"`
	// Notes explain the outcome.
	Notes []string `json:"notes"`
}

// toolSchema is a built-in tool's parameter schema as ajv sees it:
// required names in order, then each property's type in schema order.
type toolSchema struct {
	required []string
	props    [][2]string
	// paths are the parameters Gemini's validateToolParamValues checks
	// with validatePathAccess (read-file.ts, write-file.ts, edit.ts,
	// ls.ts, glob.ts, ripGrep.ts).
	paths []string
}

// toolSchemaOf is tool's schema in the default-legacy tool set of Gemini
// CLI 0.61.0 (tools/definitions/model-family-sets/default-legacy.ts), read
// from its code, and false for a tool it lacks; gemini-3 models get the
// same parameters.
func toolSchemaOf(tool string) (toolSchema, bool) {
	switch tool {
	case "read_file":
		return toolSchema{[]string{"file_path"}, [][2]string{{"file_path", "string"}, {"start_line", "integer"}, {"end_line", "integer"}}, []string{"file_path"}}, true
	case "write_file":
		return toolSchema{[]string{"file_path", "content"}, [][2]string{{"file_path", "string"}, {"content", "string"}}, []string{"file_path"}}, true
	case "replace":
		return toolSchema{[]string{"file_path", "instruction", "old_string", "new_string"},
			[][2]string{{"file_path", "string"}, {"instruction", "string"}, {"old_string", "string"}, {"new_string", "string"}, {"allow_multiple", "boolean"}}, []string{"file_path"}}, true
	case "grep_search":
		return toolSchema{[]string{"pattern"}, [][2]string{{"pattern", "string"}, {"dir_path", "string"}, {"include_pattern", "string"}, {"exclude_pattern", "string"},
			{"names_only", "boolean"}, {"case_sensitive", "boolean"}, {"fixed_strings", "boolean"}, {"context", "integer"}, {"after", "integer"}, {"before", "integer"},
			{"no_ignore", "boolean"}, {"max_matches_per_file", "integer"}, {"total_max_matches", "integer"}}, []string{"dir_path"}}, true
	case "glob":
		return toolSchema{[]string{"pattern"}, [][2]string{{"pattern", "string"}, {"dir_path", "string"}, {"case_sensitive", "boolean"}, {"respect_git_ignore", "boolean"},
			{"respect_gemini_ignore", "boolean"}}, []string{"dir_path"}}, true
	case "list_directory":
		return toolSchema{[]string{"dir_path"}, [][2]string{{"dir_path", "string"}, {"ignore", "array"}, {"file_filtering_options", "object"}}, []string{"dir_path"}}, true
	case "run_shell_command":
		return toolSchema{[]string{"command"}, [][2]string{{"command", "string"}, {"description", "string"}, {"dir_path", "string"}, {"is_background", "boolean"},
			{"delay_ms", "integer"}}, nil}, true
	case "google_web_search":
		return toolSchema{[]string{"query"}, [][2]string{{"query", "string"}}, nil}, true
	case "web_fetch":
		return toolSchema{[]string{"prompt"}, [][2]string{{"prompt", "string"}}, nil}, true
	case "read_many_files":
		return toolSchema{[]string{"include"}, [][2]string{{"include", "array"}, {"exclude", "array"}, {"recursive", "boolean"}, {"useDefaultExcludes", "boolean"},
			{"file_filtering_options", "object"}}, nil}, true
	case "write_todos":
		return toolSchema{[]string{"todos"}, [][2]string{{"todos", "array"}}, nil}, true
	}
	return toolSchema{}, false
}

// RequiredParams returns the parameters Gemini's schema requires for a
// built-in tool, and false for a tool gh-hooks does not know.
func RequiredParams(tool string) ([]string, bool) {
	s, ok := toolSchemaOf(tool)
	return s.required, ok
}

// PathTools are the file tools whose path parameter Gemini checks before
// any hook runs.
func PathTools() []string {
	return []string{"glob", "grep_search", "list_directory", "read_file", "replace", "write_file"}
}

// validateParams is SchemaValidator.validate with ajv's first error
// (allErrors off): the first missing required property, then the first
// property of the wrong type, in schema order (utils/schemaValidator.ts;
// checked with the real validator). "" when valid.
func validateParams(s toolSchema, in *Object) string {
	for _, r := range s.required {
		if _, ok := in.Get(r); !ok {
			return fmt.Sprintf("params must have required property '%s'", r)
		}
	}
	for _, p := range s.props {
		v, ok := in.Get(p[0])
		if !ok || jsonType(v, p[1]) {
			continue
		}
		return fmt.Sprintf("params/%s must be %s", p[0], p[1])
	}
	return ""
}

// jsonType reports whether v is of JSON Schema type t.
func jsonType(v any, t string) bool {
	switch t {
	case "string":
		_, ok := v.(string)
		return ok
	case "boolean":
		_, ok := v.(bool)
		return ok
	case "integer":
		f, ok := v.(float64)
		return ok && f == float64(int64(f))
	case "number":
		_, ok := v.(float64)
		return ok
	case "array":
		_, ok := v.([]any)
		return ok
	case "object":
		_, ok := v.(*Object)
		return ok
	}
	return true
}

// BlockedSegment returns the segment of p (relative to the workspace) that
// Gemini's hasBlockedPathSegment refuses (utils/paths.ts): .git, .env or
// node_modules, any case, trailing dots and spaces and anything after a
// ":" ignored, or gha-creds-*.json; "" when none. ".env.local" passes.
func BlockedSegment(p string) string {
	for _, seg := range strings.FieldsFunc(p, func(r rune) bool { return r == '/' || r == '\\' }) {
		clean := seg
		if i := strings.IndexByte(clean, ':'); i >= 0 {
			clean = clean[:i]
		}
		clean = strings.ToLower(strings.TrimRight(clean, " ."))
		switch {
		case clean == ".git", clean == ".env", clean == "node_modules",
			strings.HasPrefix(clean, "gha-creds-") && strings.HasSuffix(clean, ".json"):
			return seg
		}
	}
	return ""
}

// pathRefusal is Config.validatePathAccess for one path parameter: the
// message Gemini's tool gives for a path it refuses, or "".
func pathRefusal(p, cwd, tempDir string) string {
	abs := p
	if !filepath.IsAbs(abs) {
		abs = filepath.Join(cwd, abs)
	}
	abs = filepath.Clean(abs)
	rel, err := filepath.Rel(cwd, abs)
	inside := err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
	if inside && BlockedSegment(rel) == "" {
		return ""
	}
	if !inside && tempDir != "" {
		if r, err := filepath.Rel(tempDir, abs); err == nil && r != ".." && !strings.HasPrefix(r, ".."+string(filepath.Separator)) {
			return ""
		}
	}
	msg := fmt.Sprintf("Path not in workspace: Attempted path %q resolves outside the allowed workspace directories: %s", abs, cwd)
	if tempDir != "" {
		msg += " or the project temp directory: " + tempDir
	}
	return msg
}

// checkPaths returns the refusal for the first path parameter of in that
// Gemini refuses, and which parameter.
func checkPaths(s toolSchema, in *Object, cwd, tempDir string) (param, msg string) {
	for _, name := range s.paths {
		raw, _ := in.Get(name)
		v, ok := raw.(string)
		if !ok || v == "" {
			continue
		}
		if m := pathRefusal(v, cwd, tempDir); m != "" {
			return name, m
		}
	}
	return "", ""
}

// AnalyzeToolCall says what Gemini does with the call of a BeforeTool or
// AfterTool payload in, given the BeforeTool aggregate (nil for AfterTool,
// whose hooks run only after the tool did). tempDir is the project temp
// directory Gemini also allows paths in ("" when unknown).
func AnalyzeToolCall(in *Object, agg *Aggregate, tempDir string) *ToolCall {
	tool, _ := prop(in, "tool_name").(string)
	cwd, _ := prop(in, "cwd").(string)
	orig, _ := prop(in, "tool_input").(*Object)
	if orig == nil {
		orig = NewObject()
	}
	tc := &ToolCall{Tool: tool, Outcome: ToolRuns, Input: orig, Notes: []string{}}
	s, known := toolSchemaOf(tool)
	tc.Checked = known
	// The model's own call is built (validated) before any hook runs
	// (scheduler.ts: tool.build on the request, then _processToolCall).
	if known {
		if e := validateParams(s, orig); e != "" {
			tc.Outcome, tc.Error = ToolRefused, e
			tc.Notes = append(tc.Notes, "Gemini validates the call before any hook runs: with this tool_input it refuses the call and no BeforeTool or AfterTool hook fires")
			return tc
		}
		if param, m := checkPaths(s, orig, cwd, tempDir); m != "" {
			tc.Outcome, tc.Error = ToolRefused, m
			tc.Notes = append(tc.Notes, fmt.Sprintf("Gemini's %s refuses this %s before any hook runs (a .env, .git or node_modules segment, or a path outside the workspace): no BeforeTool or AfterTool hook fires for it, and the model gets Gemini's message, not a hook's", tool, param))
			return tc
		}
	}
	if agg == nil {
		return tc
	}
	out := agg.Output
	if out == nil {
		return tc
	}
	// evaluateBeforeToolHook: stop, then block, then ask, then the rewrite.
	if prop(out, "continue") == false {
		tc.Outcome, tc.Error = ToolStopped, "Agent execution stopped by hook: "+agg.Reason
		return tc
	}
	if isBlocking(prop(out, "decision")) {
		tc.Outcome, tc.Error = ToolBlocked, "Tool execution blocked: "+agg.Reason
		return tc
	}
	if mod, ok := prop(prop(out, "hookSpecificOutput"), "tool_input").(*Object); ok {
		tc.Rewritten, tc.Input = true, mod
		if !known {
			tc.Notes = append(tc.Notes, fmt.Sprintf("the hooks' tool_input replaces %s's parameters whole (Gemini 0.61 calls tool.build with it alone); gh-hooks does not know %s's parameter schema, so it cannot check that nothing required is missing", tool, tool))
		} else {
			if missing := missingKeys(orig, mod); len(missing) > 0 {
				tc.Notes = append(tc.Notes, fmt.Sprintf("the hooks' tool_input replaces the parameters whole, not merged: %s %s dropped", strings.Join(missing, ", "), plural(len(missing), "is", "are")))
			}
			e := validateParams(s, mod)
			if e == "" {
				if _, m := checkPaths(s, mod, cwd, tempDir); m != "" {
					e = m
				}
			}
			if e != "" {
				tc.Outcome = ToolInvalid
				tc.Error = "Tool parameter modification by hook failed validation: " + e
				tc.Notes = append(tc.Notes, "the tool does not run: Gemini validates the rewritten parameters (tool.build) and gives the model this error; a hook must return every parameter the tool needs, e.g. the payload's tool_input with its changes")
				return tc
			}
		}
	}
	if tc.Rewritten {
		// Watched: the functionResponse was the tool's output followed by
		// this line (scheduler.ts, inputModifiedByHook).
		tc.Notes = append(tc.Notes, `when the tool runs, the model gets its output followed by "\n\n[System] Tool input parameters were modified by a hook before execution."`)
	}
	if agg.Decision == "ask" {
		tc.Outcome = ToolAsk
		tc.Notes = append(tc.Notes, AskNotes(prop(out, "systemMessage"))...)
	}
	return tc
}

// AskNotes say what a BeforeTool ask does under Gemini 0.61.0, as watched
// headless (gemini -p) and read in scheduler.ts/confirmation.ts.
func AskNotes(systemMessage any) []string {
	shown := "the hook's systemMessage"
	if !truthy(systemMessage) {
		shown = "no reason: the confirmation shows only a hook's systemMessage, and none was given (reason is not shown)"
	}
	return []string{
		"interactive: Gemini asks the user to confirm the call, showing " + shown + "; Notification hooks fire (ToolPermission)",
		"headless (gemini -p): Gemini announces the call, fires Notification hooks, then waits for a confirmation no one can give: it exits with status 0 when nothing else keeps it alive, and hangs until killed while an MCP server is connected; the tool never runs, the model gets no answer, and no AfterTool, AfterAgent or SessionEnd hook fires. This looks like a Gemini bug: a policy that asks fails headless with \"requires user confirmation, which is not supported in non-interactive mode\", a hook's ask does not",
	}
}

// missingKeys lists the keys of orig that mod lacks.
func missingKeys(orig, mod *Object) []string {
	var out []string
	for _, k := range orig.Keys() {
		if _, ok := mod.Get(k); !ok {
			out = append(out, k)
		}
	}
	return out
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
