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
			`{` + base + `"AfterTool",` + ts + `,"tool_name":"read_file","tool_input":{"file_path":"hello.txt"},"tool_response":{"llmContent":"ok","returnDisplay":"ok"}}`},
		{"SessionStart with --trigger", "SessionStart", Context{Trigger: "resume"}, "",
			`{` + base + `"SessionStart",` + ts + `,"source":"resume"}`},
		{"SessionEnd default", "SessionEnd", Context{}, "", `{` + base + `"SessionEnd",` + ts + `,"reason":"exit"}`},
		{"PreCompress default", "PreCompress", Context{}, "", `{` + base + `"PreCompress",` + ts + `,"trigger":"manual"}`},
		{"override replaces whole fields and extends", "BeforeTool", Context{Tool: "write_file"},
			`{"tool_input":{"file_path":"a"},"cwd":"/q","extra":[1]}`,
			`{"session_id":"s-1","transcript_path":"","cwd":"/q","hook_event_name":"BeforeTool",` + ts + `,"tool_name":"write_file","tool_input":{"file_path":"a"},"extra":[1]}`},
		{"BeforeToolSelection has llm_request", "BeforeToolSelection", Context{}, "",
			`{` + base + `"BeforeToolSelection",` + ts + `,"llm_request":{"model":"gemini-2.5-pro","messages":[{"role":"user","content":"Hello"}],"config":{},"toolConfig":{"mode":"AUTO"}}}`},
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
