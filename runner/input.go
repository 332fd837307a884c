package runner

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"time"
)

// Context is the synthetic session a payload describes.
type Context struct {
	// SessionID is session_id and GEMINI_SESSION_ID.
	SessionID string
	// TranscriptPath is transcript_path; Gemini sends "" without a recording.
	TranscriptPath string
	// Cwd is cwd: the working directory, GEMINI_PROJECT_DIR and GEMINI_CWD.
	Cwd string
	// Tool is tool_name for BeforeTool/AfterTool, and for Notification the
	// tool whose confirmation it reports (NotificationKind); "" means
	// run_shell_command.
	Tool string
	// Trigger is source/reason/trigger for SessionStart, SessionEnd and
	// PreCompress ("" means startup, exit and manual).
	Trigger string
	// Now is the timestamp; the zero value means time.Now().
	Now time.Time
	// MCPServers are the configured MCP servers by name (merged
	// mcpServers), for an MCP tool's mcp_context.
	MCPServers map[string]MCPServer
}

// ErrUnknownEvent is returned by BuildInput for a name that is not one of
// Gemini's eleven events.
var ErrUnknownEvent = errors.New("unknown event")

// ErrBadInput is returned by BuildInput when the override is not a JSON object.
var ErrBadInput = errors.New("input must be a JSON object")

// BuildInput returns the stdin payload Gemini would send for event (spec
// §5.1): session_id, transcript_path, cwd, hook_event_name and timestamp
// (ISO 8601 with milliseconds, UTC, as Date#toISOString), then plausible
// event fields (tool_name/tool_input, tool_response, prompt, source, reason,
// trigger, llm_request, ...). override, when non-empty, must be a JSON
// object; its top-level properties replace or extend the defaults
// ({...defaults, ...override}), so giving tool_input replaces the whole
// default tool_input.
func BuildInput(event string, ctx Context, override []byte) (*Object, error) {
	now := ctx.Now
	if now.IsZero() {
		now = time.Now()
	}
	in := NewObject()
	in.Set("session_id", ctx.SessionID)
	in.Set("transcript_path", ctx.TranscriptPath)
	in.Set("cwd", ctx.Cwd)
	in.Set("hook_event_name", event)
	in.Set("timestamp", now.UTC().Format("2006-01-02T15:04:05.000Z"))
	if err := eventDefaults(in, event, ctx); err != nil {
		return nil, err
	}
	if len(override) == 0 {
		return in, nil
	}
	v, err := ParseJSON(string(override))
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrBadInput, err)
	}
	o, ok := v.(*Object)
	if !ok {
		return nil, fmt.Errorf("%w: got %s", ErrBadInput, kindOf(v))
	}
	assign(in, o)
	if _, given := o.Get("tool_response"); event == "AfterTool" && !given {
		if _, hasInput := o.Get("tool_input"); hasInput {
			failedRead(in)
		}
	}
	return in, nil
}

// failedRead gives an AfterTool payload of read_file whose given file_path
// (inside cwd) is missing or a directory the tool_response read_file then
// returns (read-file.js execute over fileUtils.js
// processSingleFileContent; watched for a missing file, e2e
// at-failed-context): the tool failed, and its error is what the model
// gets.
func failedRead(in *Object) {
	if prop(in, "tool_name") != "read_file" {
		return
	}
	cwd, _ := prop(in, "cwd").(string)
	p, _ := prop(prop(in, "tool_input"), "file_path").(string)
	if p == "" || cwd == "" {
		return
	}
	abs := p
	if !filepath.IsAbs(abs) {
		abs = filepath.Join(cwd, p)
	}
	if pathRefusal(p, cwd, "") != "" {
		return // refused before any hook: no AfterTool at all
	}
	fi, err := os.Stat(abs)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		in.Set("tool_response", jsobj("llmContent", "Could not read file because no file was found at the specified path.", "returnDisplay", "File not found.",
			"error", jsobj("message", "File not found: "+abs, "type", "file_not_found")))
	case err == nil && fi.IsDir():
		in.Set("tool_response", jsobj("llmContent", "Could not read file because the provided path is a directory, not a file.", "returnDisplay", "Path is a directory.",
			"error", jsobj("message", "Path is a directory, not a file: "+abs, "type", "target_is_directory")))
	}
}

// eventDefaults adds the event-specific fields (types.ts:498-722).
func eventDefaults(in *Object, event string, ctx Context) error {
	tool := ctx.Tool
	if tool == "" {
		tool = "run_shell_command"
	}
	trigger := func(def string) string {
		if ctx.Trigger != "" {
			return ctx.Trigger
		}
		return def
	}
	switch event {
	case "BeforeTool", "AfterTool":
		in.Set("tool_name", tool)
		in.Set("tool_input", toolInput(tool))
		if event == "AfterTool" {
			in.Set("tool_response", toolResponse(tool, ctx.Cwd))
		}
		if IsMCPTool(tool) {
			if mc := mcpContext(tool, ctx.MCPServers); mc != nil {
				in.Set("mcp_context", mc)
			}
		}
	case "BeforeAgent":
		in.Set("prompt", "Hello")
	case "AfterAgent":
		in.Set("prompt", "Hello")
		in.Set("prompt_response", "Hi! How can I help?")
		in.Set("stop_hook_active", false)
	case "Notification":
		notification(in, tool, ctx.Cwd, ctx.MCPServers)
	case "SessionStart":
		in.Set("source", trigger("startup"))
	case "SessionEnd":
		in.Set("reason", trigger("exit"))
	case "PreCompress":
		in.Set("trigger", trigger("manual"))
	case "BeforeModel", "BeforeToolSelection":
		in.Set("llm_request", llmRequest())
	case "AfterModel":
		in.Set("llm_request", llmRequest())
		in.Set("llm_response", llmResponse())
	default:
		return fmt.Errorf("%w %q: want one of BeforeTool, AfterTool, BeforeAgent, AfterAgent, Notification, SessionStart, SessionEnd, PreCompress, BeforeModel, AfterModel, BeforeToolSelection (case-sensitive)", ErrUnknownEvent, event)
	}
	return nil
}

// kindOf names a JSON value's kind for messages.
func kindOf(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case bool:
		return "a boolean"
	case float64:
		return "a number"
	case string:
		return "a string"
	case []any:
		return "an array"
	}
	return "an object"
}
