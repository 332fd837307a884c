package headless

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/gh-hooks/gh-hooks/config"
	"github.com/gh-hooks/gh-hooks/runner"
)

// EventOptions is one synthetic event to fire through the real CLI.
type EventOptions struct {
	// Event, and the Trigger for SessionStart and SessionEnd.
	Event, Trigger string
	// Payload is the synthetic payload (tool_name, tool_input, prompt are
	// read from it).
	Payload *runner.Object
	// Project is the project directory.
	Project string
	// User is the user's settings file, parsed (nil when none): its hooks
	// and hooksConfig are laid into the private home.
	User *config.Node
	// Env is the environment (scrubbed as Options.Env).
	Env     []string
	Timeout time.Duration
}

// Real is what the real CLI did with the event.
type Real struct {
	Gemini  string `json:"gemini"`
	Version string `json:"version"`
	// Dir is where it ran: the project, or a temporary copy of it.
	Dir  string `json:"dir"`
	Copy bool   `json:"copy"`
	// Hooks are the event's hooks of the first firing; Firings how often
	// the event fired.
	Hooks   []HookCall `json:"hooks"`
	Firings int        `json:"firings"`
	// ToolRan says whether the tool ran (tool events only).
	ToolRan *bool `json:"toolRan,omitempty"`
	// ModelGot is the function response the model got from the tool.
	ModelGot string `json:"modelGot"`
	// ModelCalls counts the model requests.
	ModelCalls int `json:"modelCalls"`
	// ExitedEarly: the CLI ended before flushing its telemetry (headless
	// ask); Hooks are then unknown.
	ExitedEarly bool     `json:"exitedEarly"`
	Notes       []string `json:"notes"`
}

// Reachable says whether event (with trigger) can be fired on its own
// through the headless CLI, and why not.
func Reachable(event, trigger string) error {
	switch event {
	case "Notification":
		return errors.New("Notification fires only while Gemini waits for the user to confirm a tool call; headless, nothing can be confirmed (a BeforeTool ask fires it, then the CLI exits)")
	case "PreCompress":
		return errors.New("PreCompress fires only when Gemini tries to compress the history, after a first turn (trigger auto) or on /compress (manual), never as an event of its own")
	case "SessionStart":
		if trigger != "" && trigger != "startup" {
			return fmt.Errorf("a headless run starts a new session: SessionStart fires with startup, not %s", trigger)
		}
	case "SessionEnd":
		if trigger != "" && trigger != "exit" {
			return fmt.Errorf("a headless run ends with exit: SessionEnd fires with exit, not %s", trigger)
		}
	}
	return nil
}

// CallOf returns the tool call of a BeforeTool or AfterTool payload, and
// where it may run (Harmless); nil for other events.
func CallOf(event string, payload *runner.Object) (*Call, Where, error) {
	if event != "BeforeTool" && event != "AfterTool" {
		return nil, InProject, nil
	}
	call, err := callIn(payload)
	if err != nil {
		return nil, 0, err
	}
	where, err := Harmless(call.Name, call.Args)
	if err != nil {
		return nil, 0, err
	}
	return call, where, nil
}

// GuardedCallOf returns the tool call of a BeforeTool payload that
// Harmless refuses but Guarded accepts; it runs in a temporary copy of
// the project, and only once GuardHolds.
func GuardedCallOf(event string, payload *runner.Object) (*Call, error) {
	call, err := callIn(payload)
	if err != nil {
		return nil, err
	}
	if err := Guarded(event, call.Name, call.Args); err != nil {
		return nil, err
	}
	return call, nil
}

// callIn is the tool call a tool event's payload describes.
func callIn(payload *runner.Object) (*Call, error) {
	name, _ := payload.Get("tool_name")
	tool, _ := name.(string)
	ti, _ := payload.Get("tool_input")
	var args map[string]any
	if o, ok := ti.(*runner.Object); ok {
		if err := json.Unmarshal([]byte(runner.Stringify(o)), &args); err != nil {
			return nil, err
		}
	}
	return &Call{Name: tool, Args: args}, nil
}

// CheckPrompt refuses a payload prompt the real CLI would read as a
// command: one starting with "/" runs a custom command of the project,
// whose !{...} runs shell code (approved by --approval-mode yolo).
func CheckPrompt(payload *runner.Object) error {
	p, _ := payload.Get("prompt")
	if s, ok := p.(string); ok && strings.HasPrefix(strings.TrimSpace(s), "/") {
		return fmt.Errorf("%w: the prompt %q is a slash command, which runs the project's custom command (its !{...} shell code included)", ErrNotHarmless, s)
	}
	return nil
}

// RunEvent fires o.Event through the real CLI: a tool call for the tool
// events (run in a temporary copy of the project when where is InCopy),
// a text answer otherwise. The caller checks Reachable and CallOf first.
func (g *Gemini) RunEvent(ctx context.Context, o EventOptions, call *Call, where Where) (*Real, error) {
	r := &Real{Gemini: g.Path, Version: g.Version, Dir: o.Project, Notes: []string{}}
	dir := o.Project
	if where == InCopy {
		tmp, err := os.MkdirTemp("", "gh-hooks-real-project-")
		if err != nil {
			return nil, err
		}
		defer os.RemoveAll(tmp)
		skipped, err := CopyProject(o.Project, tmp)
		if err != nil {
			return nil, fmt.Errorf("copying the project for a write tool: %w", err)
		}
		dir, r.Dir, r.Copy = tmp, tmp, true
		r.Notes = append(r.Notes, call.Name+" writes, so the real CLI ran in a temporary copy of the project (removed since)")
		if len(skipped) > 0 {
			r.Notes = append(r.Notes, fmt.Sprintf("not copied: %s (links, special files, .git, node_modules)", strings.Join(first(skipped, 5), ", ")))
		}
	}
	prompt := "go"
	if p, ok := o.Payload.Get("prompt"); ok {
		if s, ok := p.(string); ok && s != "" {
			prompt = s
		}
	}
	var turns []Turn
	if call != nil {
		turns = append(turns, Turn{Call: call})
	}
	answer := "done"
	if v, ok := o.Payload.Get("prompt_response"); ok {
		if s, ok := v.(string); ok && s != "" {
			answer = s
		}
	}
	turns = append(turns, Turn{Text: answer}, Turn{Text: answer}, Turn{Text: answer})
	settings := map[string]any{}
	if o.User != nil {
		for _, k := range []string{"hooks", "hooksConfig"} {
			if n := o.User.Get(k); n != nil {
				settings[k] = nodeValue(n)
			}
		}
	}
	var setEnv []string
	for _, kv := range o.Env {
		// The system layers' paths are GEMINI_* variables Scrub drops.
		if strings.HasPrefix(kv, "GEMINI_CLI_SYSTEM_SETTINGS_PATH=") || strings.HasPrefix(kv, "GEMINI_CLI_SYSTEM_DEFAULTS_PATH=") {
			setEnv = append(setEnv, kv)
		}
	}
	res, err := g.Run(ctx, Options{Project: dir, Prompt: prompt, Turns: turns, Settings: settings, Env: o.Env, SetEnv: setEnv, Timeout: o.Timeout})
	if err != nil {
		return nil, err
	}
	r.ModelCalls = len(res.Requests)
	if frs := res.FunctionResponses(); len(frs) > 0 {
		r.ModelGot = frs[0].Text()
	}
	hooks := res.HooksFor(o.Event)
	if call != nil {
		ran := res.ToolRan(o.Event)
		if len(res.Hooks) == 0 && len(res.Requests) == 0 {
			r.ExitedEarly = true
			r.Notes = append(r.Notes, "the real CLI exited right after announcing the call, before flushing its telemetry: a BeforeTool ask, headless (a Gemini bug: the call is neither run nor refused)")
		}
		if o.Event == "BeforeTool" {
			r.ToolRan = &ran
		}
	}
	// The real CLI runs a whole turn: the hooks of the other events run
	// too, and can keep this one from firing.
	others := map[string][]string{}
	var order []string
	for _, h := range res.Hooks {
		if h.Event == o.Event {
			continue
		}
		if _, ok := others[h.Event]; !ok {
			order = append(order, h.Event)
		}
		if !contains(others[h.Event], h.Name) {
			others[h.Event] = append(others[h.Event], h.Name)
		}
	}
	if len(order) > 0 {
		var parts []string
		for _, e := range order {
			parts = append(parts, e+" ("+strings.Join(others[e], ", ")+")")
		}
		r.Notes = append(r.Notes, "the real CLI ran a whole turn, with the hooks of other events too: "+strings.Join(parts, "; "))
	}
	if o.Event == "AfterTool" && len(hooks) == 0 && !res.ToolRan("BeforeTool") && !r.ExitedEarly {
		r.Notes = append(r.Notes, "the tool did not run (a BeforeTool hook or Gemini refused it), so AfterTool never fired in the real CLI")
	}
	r.Hooks = hooks
	if n := distinctNames(hooks); n > 0 {
		r.Firings = len(hooks) / n
		r.Hooks = hooks[:n]
	}
	return r, nil
}

// distinctNames counts the different hook names of one firing: the
// hooks of the first firing run once each before the next firing
// starts.
func distinctNames(hooks []HookCall) int {
	seen := map[string]bool{}
	for _, h := range hooks {
		if seen[h.Name] {
			break
		}
		seen[h.Name] = true
	}
	return len(seen)
}

func first(s []string, n int) []string {
	if len(s) > n {
		return append(s[:n:n], fmt.Sprintf("and %d more", len(s)-n))
	}
	return s
}

// nodeValue is n as a plain JSON value.
func nodeValue(n *config.Node) any {
	switch n.Kind {
	case config.Object:
		m := map[string]any{}
		for i, k := range n.Keys {
			m[k] = nodeValue(n.Vals[i])
		}
		return m
	case config.Array:
		a := make([]any, len(n.Items))
		for i, it := range n.Items {
			a[i] = nodeValue(it)
		}
		return a
	case config.String:
		return n.Str
	case config.Number:
		return n.Num
	case config.Bool:
		return n.Bool
	}
	return nil
}

// Compare lists where the real CLI differed from gh-hooks' report and
// outcome: the hooks that ran, their exit codes and parsed output,
// whether the tool ran and what the model got.
func Compare(rep *runner.Report, out runner.Outcome, r *Real) []string {
	var diffs []string
	if r.ExitedEarly {
		if out.ToolRuns != nil && *out.ToolRuns {
			diffs = append(diffs, "gh-hooks says the tool runs; the real CLI exited without running it")
		}
		return diffs
	}
	if len(rep.Hooks) != len(r.Hooks) {
		diffs = append(diffs, fmt.Sprintf("gh-hooks ran %d hook(s), the real CLI %d", len(rep.Hooks), len(r.Hooks)))
	} else {
		for i, g := range rep.Hooks {
			h := r.Hooks[i]
			name := g.Name
			if name == "" {
				name = g.Command
			}
			ec := 0
			if g.ExitCode != nil {
				ec = *g.ExitCode
			}
			switch {
			case h.Name != name:
				diffs = append(diffs, fmt.Sprintf("hook %d: gh-hooks ran %q, the real CLI %q", i+1, name, h.Name))
			case h.ExitCode != ec:
				diffs = append(diffs, fmt.Sprintf("%s: exit %d under gh-hooks, %d under the real CLI", name, ec, h.ExitCode))
			case !SameOutput(g.Output, h.Output):
				diffs = append(diffs, fmt.Sprintf("%s: gh-hooks parsed %s, the real CLI %s", name, runner.Stringify(g.Output), mustJSON(h.Output)))
			}
		}
	}
	if out.ToolRuns != nil && r.ToolRan != nil && *out.ToolRuns != *r.ToolRan {
		diffs = append(diffs, fmt.Sprintf("gh-hooks says the tool runs: %v; it ran under the real CLI: %v", *out.ToolRuns, *r.ToolRan))
	}
	switch {
	case out.ModelGets != "" && r.ModelGot != out.ModelGets:
		diffs = append(diffs, fmt.Sprintf("the model gets %q per gh-hooks, %q from the real CLI", out.ModelGets, r.ModelGot))
	case out.Appended != "" && (rep.Event == "BeforeTool" || rep.Event == "AfterTool") && !strings.HasSuffix(r.ModelGot, out.Appended):
		diffs = append(diffs, fmt.Sprintf("the model's result ends with %q per gh-hooks; the real CLI sent %q", out.Appended, r.ModelGot))
	}
	return diffs
}

// SameOutput says whether a hook output gh-hooks parsed (a
// *runner.Object, an array, nil) is the output telemetry logged: the
// same JSON, where telemetry logs an array as {...output}, {"0": ...}.
func SameOutput(gh, logged any) bool { return sameJSON(spreadArray(gh), logged) }

// spreadArray is how telemetry logs an array output ({...output}).
func spreadArray(v any) any {
	var x any
	if json.Unmarshal([]byte(mustJSON(v)), &x) != nil {
		return v
	}
	a, ok := x.([]any)
	if !ok {
		return x
	}
	m := map[string]any{}
	for i, e := range a {
		m[fmt.Sprint(i)] = e
	}
	return m
}

func sameJSON(a, b any) bool {
	var x, y any
	_ = json.Unmarshal([]byte(mustJSON(a)), &x)
	_ = json.Unmarshal([]byte(mustJSON(b)), &y)
	return mustJSON(x) == mustJSON(y)
}

func mustJSON(v any) string {
	if o, ok := v.(*runner.Object); ok {
		return runner.Stringify(o)
	}
	b, _ := json.Marshal(v)
	return string(b)
}
