//go:build e2e

package e2e

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/rogpeppe/go-internal/txtar"

	"github.com/gh-hooks/gh-hooks/headless"
)

var (
	gem     *headless.Gemini
	ghBin   string
	skipWhy string
)

func TestMain(m *testing.M) {
	var err error
	gem, err = headless.Find(os.Getenv, ".")
	if err != nil {
		skipWhy = fmt.Sprintf("the e2e suite needs Node and Gemini CLI 0.61: %v", err)
	}
	dir, err := os.MkdirTemp("", "gh-hooks-e2e-bin-")
	if err != nil {
		panic(err)
	}
	ghBin = filepath.Join(dir, "gh-hooks")
	if skipWhy == "" {
		build := exec.Command("go", "build", "-o", ghBin, "..")
		build.Stderr = os.Stderr
		if err := build.Run(); err != nil {
			skipWhy = "building gh-hooks: " + err.Error()
		}
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// spec is a case file's case.json (docs/e2e.md).
type spec struct {
	// What the case checks, in a sentence.
	About string `json:"about"`
	// Event is the event compared; Tool or Trigger narrows gh-hooks' plan.
	Event   string `json:"event"`
	Tool    string `json:"tool"`
	Trigger string `json:"trigger"`
	// Call is the fake model's tool call (none: the model answers text).
	Call *headless.Call `json:"call"`
	// Input are more fields for gh-hooks run --input (the prompt, ...).
	Input map[string]any `json:"input"`
	// User are user-level settings (hooks, hooksConfig, mcpServers).
	User map[string]any `json:"user"`
	// Expect is what the real CLI was watched doing (checked on the real
	// run, so a case documents what Gemini does).
	Expect *expect `json:"expect"`
	// GeminiBug names a behaviour of the real CLI that looks like a bug
	// and that gh-hooks reproduces.
	GeminiBug string `json:"geminiBug"`
	// Chunks streams the fake model's text answer as these chunks.
	Chunks []string `json:"chunks"`
	// NoAnswer gives the fake model no turn at all: Gemini prints the
	// request it could not answer (with the toolConfig a
	// BeforeToolSelection hook set) and exits 1 without telemetry, so the
	// hooks are compared through their out-* files.
	NoAnswer bool `json:"noAnswer"`
}

type expect struct {
	ToolRuns   *bool  `json:"toolRuns"`
	ModelGets  string `json:"modelGets"`
	ModelHas   string `json:"modelHas"`
	ModelCalls *int   `json:"modelCalls"`
	PromptHas  string `json:"promptHas"`
	// HookRuns is how many times each named hook ran in the whole run.
	HookRuns map[string]int `json:"hookRuns"`
	// Shown is the answer's text as the CLI printed it (the assistant
	// messages of the stream, joined).
	Shown *string `json:"shown"`
	// Warns is a warning the stream carries ("Agent execution blocked: R").
	Warns string `json:"warns"`
	// ToolConfig is the request's config.toolConfig (NoAnswer cases).
	ToolConfig any `json:"toolConfig"`
}

// ghRun is the part of `gh-hooks run --json` compared.
type ghRun struct {
	Execution string `json:"execution"`
	Hooks     []struct {
		Name     string         `json:"name"`
		Command  string         `json:"command"`
		Input    map[string]any `json:"input"`
		Success  bool           `json:"success"`
		ExitCode *int           `json:"exitCode"`
		Stdout   string         `json:"stdout"`
		Stderr   string         `json:"stderr"`
		// StdoutCut and StderrCut: gh-hooks kept only the first MiB.
		StdoutCut bool   `json:"stdoutCut"`
		StderrCut bool   `json:"stderrCut"`
		Output    any    `json:"output"`
		Error     string `json:"error"`
		TimedOut  bool   `json:"timedOut"`
	} `json:"hooks"`
	Outcome struct {
		Stops      bool           `json:"stops"`
		Blocks     bool           `json:"blocks"`
		ToolRuns   *bool          `json:"toolRuns"`
		ModelGets  string         `json:"modelGets"`
		Appended   string         `json:"appended"`
		Context    string         `json:"context"`
		ToolInput  map[string]any `json:"toolInput"`
		Says       string         `json:"says"`
		SysMsg     string         `json:"systemMessage"`
		Messages   []string       `json:"messages"`
		Suppressed bool           `json:"suppressed"`
		ToolFailed bool           `json:"toolFailed"`
		Tail       *struct {
			Tool  string         `json:"tool"`
			Input map[string]any `json:"input"`
		} `json:"tail"`
		ToolConfig any `json:"toolConfig"`
		Shown      *struct {
			Text    string `json:"text"`
			Warning string `json:"warning"`
		} `json:"shown"`
		ToolRunsAfter *bool `json:"toolRunsAfter"`
	} `json:"outcome"`
}

// tc is one loaded case.
type tc struct {
	name  string
	spec  spec
	files map[string][]byte
}

func loadCases(t *testing.T) []tc {
	paths, err := filepath.Glob("testdata/cases/*.txtar")
	if err != nil {
		t.Fatal(err)
	}
	var out []tc
	for _, p := range paths {
		a, err := txtar.ParseFile(p)
		if err != nil {
			t.Fatal(err)
		}
		c := tc{name: strings.TrimSuffix(filepath.Base(p), ".txtar"), files: map[string][]byte{}}
		for _, f := range a.Files {
			if f.Name == "case.json" {
				if err := json.Unmarshal(f.Data, &c.spec); err != nil {
					t.Fatalf("%s: case.json: %v", p, err)
				}
				continue
			}
			c.files[f.Name] = f.Data
		}
		if c.spec.Event == "" {
			t.Fatalf("%s: case.json has no event", p)
		}
		out = append(out, c)
	}
	return out
}

var (
	tallyMu sync.Mutex
	tally   = map[string][2]int{} // event -> cases, passing
)

func record(event string, pass bool) {
	tallyMu.Lock()
	defer tallyMu.Unlock()
	v := tally[event]
	v[0]++
	if pass {
		v[1]++
	}
	tally[event] = v
}

func TestCases(t *testing.T) {
	if skipWhy != "" {
		t.Skip(skipWhy)
	}
	start := time.Now()
	cases := loadCases(t)
	t.Run("case", func(t *testing.T) {
		for _, c := range cases {
			c := c
			t.Run(c.name, func(t *testing.T) {
				t.Parallel()
				runCase(t, c)
				record(c.spec.Event, !t.Failed())
			})
		}
	})
	var events []string
	for e := range tally {
		events = append(events, e)
	}
	sort.Strings(events)
	total, pass := 0, 0
	for _, e := range events {
		t.Logf("%-20s %3d cases, %3d pass", e, tally[e][0], tally[e][1])
		total += tally[e][0]
		pass += tally[e][1]
	}
	t.Logf("all: %d cases, %d pass, in %s", total, pass, time.Since(start).Round(100*time.Millisecond))
}

// mcpServer is the tiny stdio MCP server every project gets.
var mcpServer = mustRead("testdata/mcp-server.js")

func mustRead(p string) []byte {
	b, err := os.ReadFile(p)
	if err != nil {
		panic(err)
	}
	return b
}

// setUp writes the case's project (files other than home/...) and returns
// the project directory and the home files.
func setUp(t *testing.T, c tc) (project string, home map[string]string) {
	root := t.TempDir()
	project = filepath.Join(root, "project")
	home = map[string]string{}
	files := map[string][]byte{"mcp-server.js": mcpServer}
	for k, v := range c.files {
		files[k] = v
	}
	for name, data := range files {
		if rest, ok := strings.CutPrefix(name, "home/"); ok {
			home[rest] = string(data)
			continue
		}
		p := filepath.Join(project, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		mode := os.FileMode(0o644)
		if strings.HasSuffix(name, ".sh") || strings.HasSuffix(name, ".py") {
			mode = 0o755
		}
		if err := os.WriteFile(p, data, mode); err != nil {
			t.Fatal(err)
		}
	}
	return project, home
}

// outFiles reads and removes the out-* files the hooks wrote.
func outFiles(t *testing.T, project string) map[string]string {
	paths, _ := filepath.Glob(filepath.Join(project, "out-*"))
	m := map[string]string{}
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		m[filepath.Base(p)] = string(b)
		os.Remove(p)
	}
	return m
}

func runCase(t *testing.T, c tc) {
	s := c.spec
	project, home := setUp(t, c)
	turns := []headless.Turn{}
	if s.Call != nil {
		turns = append(turns, headless.Turn{Call: s.Call})
	}
	// Text turns: the answer, one more for an AfterAgent block, and spare.
	turns = append(turns, headless.Turn{Text: "done", Chunks: s.Chunks}, headless.Turn{Text: "done again"}, headless.Turn{Text: "done thrice"})
	if s.NoAnswer {
		turns = nil
	}
	opts := headless.Options{Project: project, Turns: turns, Settings: s.User, HomeFiles: home,
		Env: []string{"PATH=" + os.Getenv("PATH"), "LANG=C.UTF-8"}, Timeout: 90 * time.Second, Keep: true}
	real, err := gem.Run(context.Background(), opts)
	if real != nil && real.Home != "" {
		defer os.RemoveAll(real.Home)
	}
	if err != nil {
		t.Fatalf("real gemini: %v\nstderr: %s", err, real.Stderr)
	}
	realOut := outFiles(t, project)

	// gh-hooks run on the same event, in the same home and environment.
	tool := s.Tool
	if tool == "" && s.Call != nil && (s.Event == "BeforeTool" || s.Event == "AfterTool" || s.Event == "Notification") {
		// For Notification, --tool chooses the confirmation the payload
		// reports (the call a BeforeTool hook asks about), not the plan.
		tool = s.Call.Name
	}
	input := map[string]any{}
	if s.Call != nil && (s.Event == "BeforeTool" || s.Event == "AfterTool") {
		input["tool_input"] = s.Call.Args
	}
	for k, v := range s.Input {
		input[k] = v
	}
	inb, _ := json.Marshal(input)
	inFile := filepath.Join(real.Home, "gh-input.json")
	if err := os.WriteFile(inFile, inb, 0o644); err != nil {
		t.Fatal(err)
	}
	args := []string{"run", "--event", s.Event, "--input", inFile, "--json", "--allow-untrusted"}
	if tool != "" {
		args = append(args, "--tool", tool)
	}
	if s.Trigger != "" {
		args = append(args, "--trigger", s.Trigger)
	}
	cmd := exec.Command(ghBin, args...)
	cmd.Dir = project
	cmd.Env = opts.Environ(real.Home)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	runErr := cmd.Run()
	var gh ghRun
	if err := json.Unmarshal(stdout.Bytes(), &gh); err != nil {
		t.Fatalf("gh-hooks %s: %v (%v)\nstderr: %s\nstdout: %s", strings.Join(args, " "), err, runErr, stderr.String(), stdout.String())
	}
	ghOut := outFiles(t, project)

	d := &diffs{t: t}
	if s.NoAnswer {
		// The fake model answered nothing: the CLI printed the request and
		// exited without telemetry (headless.Result.Unanswered).
		req := real.Unanswered()
		if req == nil {
			t.Fatalf("the real CLI printed no unanswered request; stdout: %s", clip(real.Stdout))
		}
		cfg, _ := req["config"].(map[string]any)
		if s.Event == "BeforeToolSelection" && !jsonEqual(cfg["toolConfig"], gh.Outcome.ToolConfig) {
			d.errorf("request toolConfig: real %s, gh-hooks says %s", js(cfg["toolConfig"]), js(gh.Outcome.ToolConfig))
		}
		if s.Expect != nil && s.Expect.ToolConfig != nil && !jsonEqual(cfg["toolConfig"], s.Expect.ToolConfig) {
			d.errorf("expect: the request's toolConfig is %s; the case expects %s", js(cfg["toolConfig"]), js(s.Expect.ToolConfig))
		}
		compareOut(d, realOut, ghOut)
		return
	}
	if len(real.Hooks) == 0 && len(real.Requests) == 0 && streamHas(real, "tool_use") && !streamHas(real, "tool_result") {
		// Headless, a BeforeTool ask ends the CLI right after it announces
		// the call, before its telemetry is flushed (spec §5.8): what the
		// hooks saw is compared through their out-* files only.
		t.Logf("the real CLI exited after announcing the call, without telemetry")
		if s.Event == "BeforeTool" && (gh.Outcome.ToolRuns == nil || *gh.Outcome.ToolRuns) {
			d.errorf("tool ran: real false (the CLI exited), gh-hooks says %s", gh.Outcome.Says)
		}
		compareOut(d, realOut, ghOut)
		return
	}
	compareHooks(d, s, real, &gh)
	compareOutcome(d, s, real, &gh)
	compareOut(d, realOut, ghOut)
	if s.Expect != nil {
		checkExpect(d, s, real)
	}
	if d.n > 0 {
		t.Logf("gh-hooks says: %s", gh.Outcome.Says)
		if len(real.FunctionResponses()) > 0 {
			t.Logf("real model got: %q", real.FunctionResponses()[0].Text())
		}
		for _, h := range real.Hooks {
			t.Logf("real hook %s %q exit %d out %q err %q", h.Event, h.Name, h.ExitCode, h.Stdout, h.Stderr)
		}
		t.Logf("real tools: %+v", real.Tools)
		t.Logf("real requests: %d", len(real.Requests))
	}
}

type diffs struct {
	t *testing.T
	n int
}

func (d *diffs) errorf(format string, a ...any) {
	d.t.Helper()
	d.n++
	d.t.Errorf(format, a...)
}

// hookName is how telemetry names a hook: its name, else its command.
func hookName(name, command string) string {
	if name != "" {
		return name
	}
	return command
}

func compareHooks(d *diffs, s spec, real *headless.Result, gh *ghRun) {
	rh := real.HooksFor(s.Event)
	if len(gh.Hooks) == 0 {
		if len(rh) != 0 {
			d.errorf("hooks: gh-hooks runs none for %s; the real CLI ran %d (%s)", s.Event, len(rh), rh[0].Name)
		}
		return
	}
	// The event may fire more than once in a real run (BeforeModel per
	// model call): every hook must run the same number of times per
	// firing, and the first firing is compared.
	count := map[string]int{}
	for _, h := range rh {
		count[h.Name]++
	}
	want := map[string]int{}
	for _, h := range gh.Hooks {
		want[hookName(h.Name, h.Command)]++
	}
	firings := 0
	if len(gh.Hooks) > 0 {
		first := hookName(gh.Hooks[0].Name, gh.Hooks[0].Command)
		firings = count[first] / want[first]
	}
	if firings == 0 {
		d.errorf("hooks: the real CLI did not run %s hooks; gh-hooks ran %d", s.Event, len(gh.Hooks))
		return
	}
	for n, k := range want {
		if count[n] != k*firings {
			d.errorf("hooks: %q ran %d time(s) in the real CLI over %d firing(s) of %s; gh-hooks runs it %d time(s) per firing", n, count[n], firings, s.Event, k)
		}
	}
	for n := range count {
		if want[n] == 0 {
			d.errorf("hooks: the real CLI ran %q, gh-hooks does not", n)
		}
	}
	if d.n > 0 {
		return
	}
	first := rh[:len(gh.Hooks)]
	if gh.Execution == "parallel" {
		// Telemetry logs results in plan order; keep that, but match by name.
	}
	for i, g := range gh.Hooks {
		r := first[i]
		name := hookName(g.Name, g.Command)
		if r.Name != name {
			d.errorf("hook %d: real ran %q, gh-hooks %q", i, r.Name, name)
			continue
		}
		ec := 0
		if g.ExitCode != nil {
			ec = *g.ExitCode
		}
		if r.ExitCode != ec || r.Success != g.Success {
			d.errorf("hook %q: real exit %d success %v; gh-hooks exit %d success %v", name, r.ExitCode, r.Success, ec, g.Success)
		}
		if (r.Error != "") != (g.Error != "") || (r.Error != "" && r.Error != g.Error) {
			d.errorf("hook %q: real error %q; gh-hooks %q", name, r.Error, g.Error)
		}
		if r.Error == "" && (g.StdoutCut || g.StderrCut) {
			// gh-hooks keeps the first MiB of a stream (and parses all of it).
			if !strings.HasPrefix(r.Stdout, g.Stdout) || !strings.HasPrefix(r.Stderr, g.Stderr) {
				d.errorf("hook %q: the kept output is not the start of the real output (real %d and %d bytes)", name, len(r.Stdout), len(r.Stderr))
			}
		} else if r.Error == "" && (r.Stdout != g.Stdout || r.Stderr != g.Stderr) {
			d.errorf("hook %q: real stdout %q stderr %q; gh-hooks stdout %q stderr %q", name, r.Stdout, r.Stderr, g.Stdout, g.Stderr)
		}
		if !headless.SameOutput(g.Output, r.Output) {
			d.errorf("hook %q: real parsed output %s; gh-hooks %s", name, js(r.Output), js(g.Output))
		}
	}
	// The payload: telemetry logs the event's input (before chaining), so
	// it is compared with the first hook's stdin.
	for _, p := range shapeDiff("payload", rh[0].Input, gh.Hooks[0].Input, true) {
		d.errorf("%s", p)
	}
}

// invariant are the payload fields whose values must agree, not only
// their types.
var invariant = map[string]bool{"hook_event_name": true, "cwd": true, "tool_name": true, "tool_input": true,
	"stop_hook_active": true, "source": true, "reason": true, "trigger": true, "notification_type": true,
	"mcp_context": true, "original_request_name": true, "prompt": true}

// shapeDiff compares a (real) and b (gh-hooks): the same keys, the same
// JSON types all the way down (arrays by their first elements), and the
// same values for the invariant top-level fields.
func shapeDiff(path string, a, b any, top bool) []string {
	var out []string
	ta, tb := jsType(a), jsType(b)
	if ta != tb {
		return []string{fmt.Sprintf("%s: real sends %s %s, gh-hooks %s %s", path, ta, clip(js(a)), tb, clip(js(b)))}
	}
	switch av := a.(type) {
	case map[string]any:
		bv := b.(map[string]any)
		for k, v := range av {
			w, ok := bv[k]
			if !ok {
				out = append(out, fmt.Sprintf("%s.%s: real sends it (%s), gh-hooks does not", path, k, clip(js(v))))
				continue
			}
			if top && invariant[k] && !jsonEqual(v, w) {
				out = append(out, fmt.Sprintf("%s.%s: real sends %s, gh-hooks %s", path, k, clip(js(v)), clip(js(w))))
				continue
			}
			out = append(out, shapeDiff(path+"."+k, v, w, false)...)
		}
		for k, w := range bv {
			if _, ok := av[k]; !ok {
				out = append(out, fmt.Sprintf("%s.%s: gh-hooks sends it (%s), real does not", path, k, clip(js(w))))
			}
		}
	case []any:
		bv := b.([]any)
		if len(av) > 0 && len(bv) > 0 {
			out = append(out, shapeDiff(path+"[0]", av[0], bv[0], false)...)
		}
	}
	sort.Strings(out)
	return out
}

func jsType(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case bool:
		return "boolean"
	case float64:
		return "number"
	case string:
		return "string"
	case []any:
		return "array"
	}
	return "object"
}

func js(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

func clip(s string) string {
	if len(s) > 160 {
		return s[:160] + "…"
	}
	return s
}

func jsonEqual(a, b any) bool {
	var x, y any
	_ = json.Unmarshal([]byte(js(a)), &x)
	_ = json.Unmarshal([]byte(js(b)), &y)
	return reflect.DeepEqual(x, y)
}

// streamHas says whether the stream-json output has an event of type typ.
func streamHas(real *headless.Result, typ string) bool {
	for _, e := range real.Events {
		if e["type"] == typ {
			return true
		}
	}
	return false
}

// toolRan says whether the real CLI executed the case's tool.
func toolRan(real *headless.Result) bool { return real.ToolRan("BeforeTool") }

func compareOutcome(d *diffs, s spec, real *headless.Result, gh *ghRun) {
	o := gh.Outcome
	frs := real.FunctionResponses()
	got := ""
	if len(frs) > 0 {
		got = frs[0].Text()
	}
	if o.Stops {
		// The agent stops: no model call after the event's.
		want := map[string]int{"BeforeTool": 1, "AfterTool": 1, "BeforeAgent": 0, "AfterAgent": 1 + boolInt(s.Call != nil)}
		if n, ok := want[s.Event]; ok && len(real.Requests) != n {
			d.errorf("agent stops: gh-hooks says so (%s); the real CLI made %d model request(s), want %d", o.Says, len(real.Requests), n)
		}
	}
	if o.SysMsg != "" {
		// Headless, Gemini shows a systemMessage on stderr unless
		// suppressOutput hides it.
		shown := strings.Contains(real.Stderr, "Hook system message: "+o.SysMsg)
		if shown == o.Suppressed {
			d.errorf("systemMessage %q: shown by the real CLI %v; gh-hooks says suppressed %v", o.SysMsg, shown, o.Suppressed)
		}
	}
	switch s.Event {
	case "BeforeTool":
		if o.ToolRuns != nil && *o.ToolRuns != toolRan(real) {
			d.errorf("tool ran: real %v, gh-hooks %v (%s)", toolRan(real), *o.ToolRuns, o.Says)
		}
		if o.ToolRuns != nil && !*o.ToolRuns && o.ModelGets == "" && len(real.Requests) > 1 {
			d.errorf("model: real got %q, gh-hooks says nothing reaches it (%s)", got, o.Says)
		}
		if o.ToolInput != nil && toolRan(real) && len(real.Tools) > 0 {
			// The tool's args after the rewrite: the AfterTool payload if any,
			// else what the tool call logged.
			args := real.Tools[0].Args
			if !jsonEqual(args, o.ToolInput) {
				d.errorf("rewritten input: real tool got %s, gh-hooks says %s", js(args), js(o.ToolInput))
			}
		}
		fallthrough
	case "AfterTool":
		if o.Tail != nil {
			// The tail call replaces the call: logged as a second tool call.
			if len(real.Tools) < 2 || real.Tools[1].Name != o.Tail.Tool || !jsonEqual(real.Tools[1].Args, o.Tail.Input) {
				d.errorf("tail call: real tool calls %+v; gh-hooks says %s %s runs in place of the result", real.Tools, o.Tail.Tool, js(o.Tail.Input))
			}
		}
		switch {
		case o.ModelGets != "":
			if got != o.ModelGets {
				d.errorf("model: real got %q, gh-hooks says %q", got, o.ModelGets)
			}
		case o.Appended != "":
			if !strings.HasSuffix(got, o.Appended) {
				d.errorf("model: real got %q, gh-hooks says the result ends with %q", got, o.Appended)
			}
		case s.Call != nil && len(frs) > 0:
			for _, mark := range []string{"<hook_context>", "[System] Tool input parameters", "Tool execution blocked", "Tool result blocked", "stopped by hook"} {
				if strings.Contains(got, mark) {
					d.errorf("model: real got %q, gh-hooks says the tool's own result (%s)", got, o.Says)
				}
			}
		}
	case "BeforeAgent":
		called := len(real.Requests) > 0
		if called == (o.Blocks || o.Stops) {
			d.errorf("model called: real %v, gh-hooks says %s", called, o.Says)
		}
		if called {
			texts := strings.Join(real.UserTexts(0), "\n")
			if o.Appended != "" && !strings.Contains(texts, o.Appended) {
				d.errorf("prompt: real model got %q, gh-hooks says it has %q", texts, o.Appended)
			}
			if o.Appended == "" && strings.Contains(texts, "<hook_context>") {
				d.errorf("prompt: real model got %q, gh-hooks says no context", texts)
			}
		}
	case "AfterAgent":
		again := len(real.Requests) > 1+boolInt(s.Call != nil)
		if again != o.Blocks {
			d.errorf("model called again: real %v (%d requests), gh-hooks says %s", again, len(real.Requests), o.Says)
		}
	case "AfterModel":
		if o.Shown != nil && o.Shown.Warning != "" && !warned(real, o.Shown.Warning) {
			d.errorf("AfterModel: gh-hooks says Gemini warns %q; the real stream has no such warning", o.Shown.Warning)
		}
	case "BeforeModel":
		if o.Messages != nil && len(real.Requests) > 0 {
			var texts []string
			for _, c := range real.Requests[0].Contents {
				cm, _ := c.(map[string]any)
				parts, _ := cm["parts"].([]any)
				for _, p := range parts {
					if t, ok := p.(map[string]any)["text"].(string); ok {
						texts = append(texts, t)
					}
				}
			}
			if !jsonEqual(texts, o.Messages) {
				d.errorf("model request: the real model got the texts %q, gh-hooks says %q", texts, o.Messages)
			}
		}
		if (o.Blocks || o.Stops) && len(real.FunctionResponses()) > 0 {
			d.errorf("model: real went on to a tool call, gh-hooks says %s", o.Says)
		}
	}
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// compareOut compares the out-* files the hooks wrote in each run: JSON
// by shape (a hook's stdin), env listings and other text exactly.
func compareOut(d *diffs, real, gh map[string]string) {
	for name, r := range real {
		g, ok := gh[name]
		if !ok {
			d.errorf("%s: written by a hook in the real run, not under gh-hooks", name)
			continue
		}
		var rv, gv any
		if json.Unmarshal([]byte(r), &rv) == nil && json.Unmarshal([]byte(g), &gv) == nil {
			for _, p := range shapeDiff(name, rv, gv, true) {
				d.errorf("%s", p)
			}
			continue
		}
		if r != g {
			d.errorf("%s: real run wrote %q, gh-hooks %q", name, r, g)
		}
	}
	for name := range gh {
		if _, ok := real[name]; !ok {
			d.errorf("%s: written by a hook under gh-hooks, not in the real run", name)
		}
	}
}

func checkExpect(d *diffs, s spec, real *headless.Result) {
	e := s.Expect
	frs := real.FunctionResponses()
	got := ""
	if len(frs) > 0 {
		got = frs[0].Text()
	}
	if e.ToolRuns != nil && *e.ToolRuns != toolRan(real) {
		d.errorf("expect: the tool ran %v in the real CLI; the case expects %v", toolRan(real), *e.ToolRuns)
	}
	if e.ModelGets != "" && got != e.ModelGets {
		d.errorf("expect: the real model got %q; the case expects %q", got, e.ModelGets)
	}
	if e.ModelHas != "" && !strings.Contains(got, e.ModelHas) {
		d.errorf("expect: the real model got %q; the case expects it to contain %q", got, e.ModelHas)
	}
	if e.ModelCalls != nil && len(real.Requests) != *e.ModelCalls {
		d.errorf("expect: the real CLI called the model %d time(s); the case expects %d", len(real.Requests), *e.ModelCalls)
	}
	if e.PromptHas != "" && !strings.Contains(strings.Join(real.UserTexts(0), "\n"), e.PromptHas) {
		d.errorf("expect: the first request's prompt %q lacks %q", real.UserTexts(0), e.PromptHas)
	}
	for name, n := range e.HookRuns {
		got := 0
		for _, h := range real.Hooks {
			if h.Name == name {
				got++
			}
		}
		if got != n {
			d.errorf("expect: hook %q ran %d time(s) in the real CLI; the case expects %d", name, got, n)
		}
	}
	if e.Shown != nil && shown(real) != *e.Shown {
		d.errorf("expect: the real CLI showed %q; the case expects %q", shown(real), *e.Shown)
	}
	if e.Warns != "" && !warned(real, e.Warns) {
		d.errorf("expect: the real CLI's stream has no warning %q", e.Warns)
	}
}

// shown is the answer as the CLI printed it: the stream's assistant
// messages, joined.
func shown(real *headless.Result) string {
	var b strings.Builder
	for _, e := range real.Events {
		if e["type"] == "message" && e["role"] == "assistant" {
			s, _ := e["content"].(string)
			b.WriteString(s)
		}
	}
	return b.String()
}

// warned says whether the stream has an error event (a warning) with msg.
func warned(real *headless.Result, msg string) bool {
	for _, e := range real.Events {
		if e["type"] == "error" && e["message"] == msg {
			return true
		}
	}
	return false
}

// TestRunReal runs `gh-hooks run --real --json` on cases whose call
// --real accepts: the real side must have run the hooks, and gh-hooks
// must find no difference (the same comparison the suite makes, done by
// the command users run).
func TestRunReal(t *testing.T) {
	if skipWhy != "" {
		t.Skip(skipWhy)
	}
	byName := map[string]tc{}
	for _, c := range loadCases(t) {
		byName[c.name] = c
	}
	for _, name := range []string{"bt-deny-json", "bt-rewrite-whole", "bt-payload-write_file", "bt-deny-read_file", "at-context", "at-block", "at-failed-context", "ba-context", "ba-block", "aa-continue-false", "ss-block-ignored"} {
		c, ok := byName[name]
		if !ok {
			t.Fatalf("no case %s", name)
		}
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			s := c.spec
			if s.Call != nil && s.Call.Name == "run_shell_command" {
				s.Call = &headless.Call{Name: "run_shell_command", Args: map[string]any{"command": "echo hi"}}
			}
			project, home := setUp(t, c)
			hdir := t.TempDir()
			for p, data := range home {
				full := filepath.Join(hdir, filepath.FromSlash(p))
				if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(full, []byte(data), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			if s.User != nil {
				b, _ := json.Marshal(s.User)
				if err := os.MkdirAll(filepath.Join(hdir, ".gemini"), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(filepath.Join(hdir, ".gemini", "settings.json"), b, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			input := map[string]any{}
			if s.Call != nil {
				input["tool_input"] = s.Call.Args
			}
			for k, v := range s.Input {
				input[k] = v
			}
			inb, _ := json.Marshal(input)
			inFile := filepath.Join(hdir, "input.json")
			if err := os.WriteFile(inFile, inb, 0o644); err != nil {
				t.Fatal(err)
			}
			args := []string{"run", "--event", s.Event, "--real", "--json", "--allow-untrusted", "--input", inFile}
			if s.Call != nil {
				args = append(args, "--tool", s.Call.Name)
			}
			cmd := exec.Command(ghBin, args...)
			cmd.Dir = project
			cmd.Env = []string{"PATH=" + os.Getenv("PATH"), "HOME=" + hdir, "GEMINI_CLI_HOME=" + hdir, "GEMINI_CLI_TRUST_WORKSPACE=true",
				headless.ProgramEnv + "=" + gem.Path}
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			_ = cmd.Run()
			var out struct {
				Hooks []any `json:"hooks"`
				Real  *struct {
					Hooks       []headless.HookCall `json:"hooks"`
					Differences []string            `json:"differences"`
					Copy        bool                `json:"copy"`
				} `json:"real"`
			}
			if err := json.Unmarshal(stdout.Bytes(), &out); err != nil || out.Real == nil {
				t.Fatalf("gh-hooks %s: %v\nstdout: %s\nstderr: %s", strings.Join(args, " "), err, stdout.String(), stderr.String())
			}
			if len(out.Real.Hooks) == 0 || len(out.Real.Hooks) != len(out.Hooks) {
				t.Errorf("the real CLI ran %d hook(s), gh-hooks %d", len(out.Real.Hooks), len(out.Hooks))
			}
			for _, d := range out.Real.Differences {
				t.Errorf("difference: %s", d)
			}
			if want := s.Call != nil && s.Call.Name == "write_file"; out.Real.Copy != want {
				t.Errorf("ran in a copy: %v, want %v", out.Real.Copy, want)
			}
			if s.Call != nil && s.Call.Name == "write_file" {
				if _, err := os.Stat(filepath.Join(project, "new.txt")); !os.IsNotExist(err) {
					t.Errorf("write_file wrote into the project, not the copy: %v", err)
				}
			}
		})
	}
}
