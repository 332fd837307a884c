package headless

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/gh-hooks/gh-hooks/gemini"
	"github.com/gh-hooks/gh-hooks/internal/capped"
	"github.com/gh-hooks/gh-hooks/internal/pathlook"
)

// ProgramEnv names the variable that points at the gemini program to run
// (e.g. /opt/gemini-0.61/node_modules/.bin/gemini) instead of PATH's.
const ProgramEnv = "GH_HOOKS_GEMINI"

// Model is the fixed model of every run: without -m the model router
// makes an extra call that consumes the first fake turn
// (gemini-headless.md "The command").
const Model = "gemini-2.5-flash"

// ErrNotInstalled wraps every reason Find found no usable gemini (none on
// PATH, no node, another version).
var ErrNotInstalled = errors.New("no usable Gemini CLI")

// Gemini is an installed Gemini CLI of the modelled release.
type Gemini struct {
	// Path is the program run.
	Path string
	// Version is its package.json version.
	Version string
}

// Find returns the gemini that ProgramEnv names, else the first on
// getenv's PATH, with its version read from its package.json (without
// running it). The error wraps ErrNotInstalled and says why: no gemini,
// no node to run it, or a version other than 0.61.x.
func Find(getenv func(string) string, dir string) (*Gemini, error) {
	path := getenv("PATH")
	if p := getenv(ProgramEnv); p != "" {
		if !filepath.IsAbs(p) {
			p = filepath.Join(dir, p)
		}
		if filepath.Base(p) != "gemini" {
			return nil, fmt.Errorf("%w: %s=%s: name the gemini program itself (e.g. .../node_modules/.bin/gemini)", ErrNotInstalled, ProgramEnv, p)
		}
		if fi, err := os.Stat(p); err != nil || !fi.Mode().IsRegular() {
			return nil, fmt.Errorf("%w: %s=%s: no such program", ErrNotInstalled, ProgramEnv, p)
		}
		path = filepath.Dir(p)
	}
	in, err := gemini.Detect(func(k string) string {
		switch k {
		case "PATH":
			return path
		case gemini.OverrideEnv:
			return "" // a version override says nothing about the program
		}
		return getenv(k)
	})
	if err != nil {
		return nil, err
	}
	if !in.Found {
		return nil, fmt.Errorf("%w: %s (set %s to the program, or put it on PATH)", ErrNotInstalled, strings.TrimSuffix(in.Warning, ": gh-hooks applies the rules of Gemini CLI "+gemini.NewestRelease), ProgramEnv)
	}
	if in.Detected != gemini.Newest {
		return nil, fmt.Errorf("%w: %s is Gemini CLI %s; a headless run answers for the release gh-hooks models, %s.x", ErrNotInstalled, in.Command, in.Version, gemini.Newest)
	}
	if pathlook.Find("node", getenv("PATH"), dir) == "" {
		return nil, fmt.Errorf("%w: node is not on PATH: Gemini CLI is a Node.js program", ErrNotInstalled)
	}
	return &Gemini{Path: in.Command, Version: in.Version}, nil
}

// Call is a tool call the fake model makes.
type Call struct {
	Name string         `json:"name"`
	Args map[string]any `json:"args"`
}

// Turn is one answer of the fake model: a tool call, or text. Chunks,
// when set, stream the text answer as that many chunks (the last one
// carries finishReason); Text is then unused.
type Turn struct {
	Call   *Call
	Text   string
	Chunks []string
}

// Options is one headless run.
type Options struct {
	// Project is the workspace directory, the run's working directory.
	// Its .gemini/settings.json (if any) is the project layer.
	Project string
	// Prompt is the user's prompt ("go" when empty).
	Prompt string
	// Turns are the fake model's answers, in order. The last should be
	// text: when they run out the CLI exits 1 and flushes no telemetry.
	Turns []Turn
	// Settings are user-level settings laid over the headless base
	// (hooks, hooksConfig, mcpServers, ...), top-level keys replaced.
	Settings map[string]any
	// HomeFiles are more files to write under the private home, by path
	// relative to it (an extension's gemini-extension.json, ...).
	HomeFiles map[string]string
	// Env is the inherited environment; GEMINI_*, GOOGLE_*, GITHUB_SHA and
	// SURFACE are removed from it.
	Env []string
	// SetEnv is added after the scrub (K=V each).
	SetEnv []string
	// Timeout bounds the run (60 s when zero).
	Timeout time.Duration
	// Keep keeps the private home (Result.Home) instead of removing it.
	Keep bool
}

// maxOutput bounds what is kept of the CLI's stdout and stderr, and
// maxTelemetry the telemetry file read.
const (
	maxOutput    = 4 << 20
	maxTelemetry = 64 << 20
)

// Result is what a headless run showed.
type Result struct {
	// ExitCode is the CLI's exit code (0 even when a hook blocked).
	ExitCode int
	// TimedOut is true when the run was stopped at Options.Timeout.
	TimedOut bool
	Duration time.Duration
	// Stdout is the stream-json output, Stderr the CLI's messages.
	Stdout, Stderr string
	// Events are the stream-json events, in order.
	Events []map[string]any
	// Hooks are the hooks that ran, in the order telemetry logged them.
	Hooks []HookCall
	// Tools are the tool calls, in order.
	Tools []ToolCall
	// Requests are the model requests, in order (the fake model answered
	// each with the next turn).
	Requests []Request
	// Home is the private home; removed after the run unless Keep.
	Home string
}

// HookCall is one gemini_cli.hook_call event.
type HookCall struct {
	Event string `json:"event"`
	// Name is the hook's name, or its command when it has none.
	Name       string  `json:"name"`
	ExitCode   int     `json:"exitCode"`
	Success    bool    `json:"success"`
	DurationMS float64 `json:"durationMs"`
	Stdout     string  `json:"stdout"`
	Stderr     string  `json:"stderr"`
	// Input is the stdin payload.
	Input map[string]any `json:"input"`
	// Output is what Gemini parsed from the output; nil when none.
	Output any `json:"output"`
	// Error is the runner's error (a timeout, ...).
	Error string `json:"error,omitempty"`
}

// ToolCall is one gemini_cli.tool_call event.
type ToolCall struct {
	Name    string         `json:"name"`
	Success bool           `json:"success"`
	Args    map[string]any `json:"args"`
	// ErrorType is Gemini's ToolErrorType (policy_violation,
	// invalid_tool_params, stop_execution, execution_failed, ...).
	ErrorType string `json:"errorType,omitempty"`
	Error     string `json:"error,omitempty"`
}

// Request is one gemini_cli.api_request event: the contents sent.
type Request struct {
	Contents []any `json:"contents"`
}

// FunctionResponse is what the model got back from one tool call.
type FunctionResponse struct {
	Name     string         `json:"name"`
	Response map[string]any `json:"response"`
}

// Text is the response as the model reads it: its output, else its error.
func (f FunctionResponse) Text() string {
	for _, k := range []string{"output", "error"} {
		if s, ok := f.Response[k].(string); ok {
			return s
		}
	}
	b, _ := json.Marshal(f.Response)
	return string(b)
}

// FunctionResponses are the functionResponse parts of the last request,
// in order: what the model got back from the tools of the turn before.
func (r *Result) FunctionResponses() []FunctionResponse {
	var out []FunctionResponse
	if len(r.Requests) == 0 {
		return nil
	}
	seen := map[string]bool{}
	for _, req := range r.Requests {
		for _, c := range req.Contents {
			cm, _ := c.(map[string]any)
			parts, _ := cm["parts"].([]any)
			for _, p := range parts {
				pm, _ := p.(map[string]any)
				fr, ok := pm["functionResponse"].(map[string]any)
				if !ok {
					continue
				}
				id, _ := fr["id"].(string)
				if seen[id] {
					continue
				}
				seen[id] = true
				name, _ := fr["name"].(string)
				resp, _ := fr["response"].(map[string]any)
				out = append(out, FunctionResponse{Name: name, Response: resp})
			}
		}
	}
	return out
}

// UserTexts are the text parts of the first request's last user content:
// the prompt as the model got it (with BeforeAgent's <hook_context>).
func (r *Result) UserTexts(request int) []string {
	if request >= len(r.Requests) {
		return nil
	}
	cs := r.Requests[request].Contents
	if len(cs) == 0 {
		return nil
	}
	cm, _ := cs[len(cs)-1].(map[string]any)
	parts, _ := cm["parts"].([]any)
	var out []string
	for _, p := range parts {
		pm, _ := p.(map[string]any)
		if s, ok := pm["text"].(string); ok {
			out = append(out, s)
		}
	}
	return out
}

// ToolRan says whether the tool of the run was executed, as the hooks of
// event saw it: a tool call logged without an error that comes before
// execution (a BeforeTool block, a failed rewrite; a stop, unless event
// is AfterTool, whose hooks run after the tool did).
func (r *Result) ToolRan(event string) bool {
	for _, t := range r.Tools {
		switch t.ErrorType {
		case "policy_violation", "invalid_tool_params":
			continue
		case "stop_execution":
			if event != "AfterTool" {
				continue
			}
		}
		return true
	}
	return false
}

// HooksFor are the hook calls of one event, in order.
func (r *Result) HooksFor(event string) []HookCall {
	var out []HookCall
	for _, h := range r.Hooks {
		if h.Event == event {
			out = append(out, h)
		}
	}
	return out
}

// baseSettings are the user settings every run needs (gemini-headless.md
// "The command"): no update check, no usage statistics, local telemetry
// with prompts (hook_input, stdout, ... are logged only then), API-key
// auth, no IDE.
func baseSettings(home string) map[string]any {
	return map[string]any{
		"general": map[string]any{"enableAutoUpdate": false, "enableAutoUpdateNotification": false},
		"privacy": map[string]any{"usageStatisticsEnabled": false},
		"telemetry": map[string]any{"enabled": true, "target": "local", "otlpEndpoint": "",
			"outfile": filepath.Join(home, "telemetry.log"), "logPrompts": true},
		"security": map[string]any{"auth": map[string]any{"selectedType": "gemini-api-key"}},
		"ide":      map[string]any{"enabled": false, "hasSeenNudge": true},
	}
}

// Scrub drops the variables that change what a headless Gemini does:
// GEMINI_* and GOOGLE_* (auth, home, trust, ...), GITHUB_SHA and
// SURFACE (they turn on redaction of the hooks' environment, spec
// gemini-hooks.md §5.2).
func Scrub(env []string) []string {
	var out []string
	for _, kv := range env {
		k, _, _ := strings.Cut(kv, "=")
		if strings.HasPrefix(k, "GEMINI_") || strings.HasPrefix(k, "GOOGLE_") || k == "GITHUB_SHA" || k == "SURFACE" {
			continue
		}
		out = append(out, kv)
	}
	return out
}

// FakeResponses renders turns as FakeContentGenerator's JSON lines
// (core/fakeContentGenerator.js): one generateContentStream answer each.
func FakeResponses(turns []Turn) ([]byte, error) {
	var b bytes.Buffer
	for _, t := range turns {
		parts := []map[string]any{{"text": t.Text}}
		if t.Call != nil {
			args := t.Call.Args
			if args == nil {
				args = map[string]any{}
			}
			parts = []map[string]any{{"functionCall": map[string]any{"name": t.Call.Name, "args": args}}}
		} else if len(t.Chunks) > 0 {
			parts = nil
			for _, c := range t.Chunks {
				parts = append(parts, map[string]any{"text": c})
			}
		}
		// One element of "response" per streamed chunk.
		var chunks []any
		for i, part := range parts {
			cand := map[string]any{"content": map[string]any{"role": "model", "parts": []any{part}}, "index": 0}
			if i == len(parts)-1 {
				cand["finishReason"] = "STOP"
			}
			chunks = append(chunks, map[string]any{"candidates": []any{cand}})
		}
		line := map[string]any{"method": "generateContentStream", "response": chunks}
		enc, err := json.Marshal(line)
		if err != nil {
			return nil, err
		}
		b.Write(enc)
		b.WriteByte('\n')
	}
	return b.Bytes(), nil
}

// Run runs g headless with o and parses what it logged.
func (g *Gemini) Run(ctx context.Context, o Options) (*Result, error) {
	if o.Project == "" {
		return nil, errors.New("headless: no project directory")
	}
	home, err := os.MkdirTemp("", "gh-hooks-headless-")
	if err != nil {
		return nil, err
	}
	res := &Result{Home: home}
	if !o.Keep {
		defer os.RemoveAll(home)
	}
	settings := baseSettings(home)
	for k, v := range o.Settings {
		settings[k] = v
	}
	sb, err := json.MarshalIndent(settings, "", "  ")
	if err != nil {
		return nil, err
	}
	fake, err := FakeResponses(o.Turns)
	if err != nil {
		return nil, err
	}
	files := map[string][]byte{".gemini/settings.json": sb, "fake.jsonl": fake}
	for p, s := range o.HomeFiles {
		files[p] = []byte(s)
	}
	for p, b := range files {
		full := filepath.Join(home, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			return nil, err
		}
		if err := os.WriteFile(full, b, 0o644); err != nil {
			return nil, err
		}
	}
	if err := os.MkdirAll(filepath.Join(home, "tmp"), 0o755); err != nil {
		return nil, err
	}
	prompt := o.Prompt
	if prompt == "" {
		prompt = "go"
	}
	timeout := o.Timeout
	if timeout <= 0 {
		timeout = 60 * time.Second
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, g.Path, "-p", prompt, "--fake-responses", filepath.Join(home, "fake.jsonl"),
		"--approval-mode", "yolo", "-m", Model, "-o", "stream-json")
	cmd.Dir = o.Project
	cmd.Env = o.Environ(home)
	cmd.Stdin = nil
	stdout := &capped.Buffer{Max: maxOutput}
	stderr := &capped.Buffer{Max: maxOutput}
	cmd.Stdout, cmd.Stderr = stdout, stderr
	setGroup(cmd)
	cmd.Cancel = func() error { return killGroup(cmd) }
	cmd.WaitDelay = 5 * time.Second
	start := time.Now()
	err = cmd.Run()
	res.Duration = time.Since(start)
	res.Stdout, res.Stderr = string(stdout.Bytes()), string(stderr.Bytes())
	if ctx.Err() != nil {
		res.TimedOut = true
		return res, fmt.Errorf("headless gemini did not finish within %s", timeout)
	}
	var ee *exec.ExitError
	switch {
	case errors.As(err, &ee):
		res.ExitCode = ee.ExitCode()
	case err != nil:
		return res, err
	}
	res.Events = parseStream(res.Stdout)
	if err := res.readTelemetry(filepath.Join(home, "telemetry.log")); err != nil {
		return res, fmt.Errorf("headless gemini (exit %d): %w; stderr: %s", res.ExitCode, err, lastLines(res.Stderr, 5))
	}
	return res, nil
}

// Environ is the environment of a run whose private home is home: Env
// scrubbed, then SetEnv, then the run's own variables (they win). A
// program run beside the CLI with this environment (gh-hooks run) sees
// what the CLI saw.
func (o Options) Environ(home string) []string {
	return append(append(dropKeys(Scrub(o.Env), "HOME", "TMPDIR"), o.SetEnv...),
		"HOME="+home, "GEMINI_CLI_HOME="+home, "TMPDIR="+filepath.Join(home, "tmp"),
		"GEMINI_API_KEY=fake", "GEMINI_CLI_TRUST_WORKSPACE=true", "GEMINI_CLI_NO_RELAUNCH=true")
}

// dropKeys removes every K=... for the keys.
func dropKeys(env []string, keys ...string) []string {
	var out []string
	for _, kv := range env {
		k, _, _ := strings.Cut(kv, "=")
		drop := false
		for _, d := range keys {
			drop = drop || k == d
		}
		if !drop {
			out = append(out, kv)
		}
	}
	return out
}

func lastLines(s string, n int) string {
	l := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(l) > n {
		l = l[len(l)-n:]
	}
	return strings.Join(l, " | ")
}

// parseStream reads the stream-json lines; a line that is not JSON is
// skipped.
func parseStream(s string) []map[string]any {
	var out []map[string]any
	for _, line := range strings.Split(s, "\n") {
		var m map[string]any
		if json.Unmarshal([]byte(line), &m) == nil {
			out = append(out, m)
		}
	}
	return out
}

// readTelemetry parses the local telemetry file: a sequence of
// pretty-printed JSON records, the log events among them carrying
// attributes["event.name"].
func (r *Result) readTelemetry(path string) error {
	f, err := os.Open(path)
	if err != nil {
		return fmt.Errorf("no telemetry file (the CLI exits before flushing it when the fake turns run out): %w", err)
	}
	defer f.Close()
	dec := json.NewDecoder(&limitReader{r: f, n: maxTelemetry})
	for {
		var rec struct {
			Attributes map[string]any `json:"attributes"`
		}
		if err := dec.Decode(&rec); err != nil {
			if errors.Is(err, io.EOF) {
				return nil
			}
			return fmt.Errorf("telemetry: %w", err)
		}
		a := rec.Attributes
		str := func(k string) string { s, _ := a[k].(string); return s }
		num := func(k string) float64 { n, _ := a[k].(float64); return n }
		switch str("event.name") {
		case "gemini_cli.hook_call":
			h := HookCall{Event: str("hook_event_name"), Name: str("hook_name"), ExitCode: int(num("exit_code")),
				Success: a["success"] == true, DurationMS: num("duration_ms"), Stdout: str("stdout"), Stderr: str("stderr"), Error: str("error")}
			_ = json.Unmarshal([]byte(str("hook_input")), &h.Input)
			if s := str("hook_output"); s != "" {
				_ = json.Unmarshal([]byte(s), &h.Output)
			}
			r.Hooks = append(r.Hooks, h)
		case "gemini_cli.tool_call":
			t := ToolCall{Name: str("function_name"), Success: a["success"] == true, ErrorType: str("error_type"), Error: str("error")}
			_ = json.Unmarshal([]byte(str("function_args")), &t.Args)
			r.Tools = append(r.Tools, t)
		case "gemini_cli.api_request":
			var q Request
			_ = json.Unmarshal([]byte(str("request_text")), &q.Contents)
			r.Requests = append(r.Requests, q)
		}
	}
}

// limitReader is io.LimitReader that fails instead of ending quietly.
type limitReader struct {
	r io.Reader
	n int64
}

func (l *limitReader) Read(p []byte) (int, error) {
	if l.n <= 0 {
		return 0, fmt.Errorf("more than %d MiB", maxTelemetry>>20)
	}
	if int64(len(p)) > l.n {
		p = p[:l.n]
	}
	n, err := l.r.Read(p)
	l.n -= int64(n)
	return n, err
}

// unansweredPrefix starts the error FakeContentGenerator throws when it
// has no turn left (core/fakeContentGenerator.js getNextResponse); the
// request follows as JSON, and the CLI wraps the message as
// "[API Error: ...]" in the stream's result event.
const unansweredPrefix = "No more mock responses for generateContentStream, got request:\n"

// Unanswered is the model request the fake model had no turn left for, as
// Gemini printed it in the stream's result event (model, contents and
// config, with the toolConfig a BeforeToolSelection hook set), or nil.
// The CLI then exits 1 without flushing its telemetry.
func (r *Result) Unanswered() map[string]any {
	for _, e := range r.Events {
		if e["type"] != "result" {
			continue
		}
		errv, _ := e["error"].(map[string]any)
		msg, _ := errv["message"].(string)
		_, rest, ok := strings.Cut(msg, unansweredPrefix)
		if !ok {
			continue
		}
		rest = strings.TrimSuffix(rest, "]")
		var req map[string]any
		if json.Unmarshal([]byte(rest), &req) == nil {
			return req
		}
	}
	return nil
}
