//go:build e2e

package e2e

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"html"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gh-hooks/gh-hooks/headless"
)

// claudeDir is ../shared/claude-compat (GH_HOOKS_CLAUDE_COMPAT overrides).
func claudeDir() string {
	if d := os.Getenv("GH_HOOKS_CLAUDE_COMPAT"); d != "" {
		return d
	}
	return filepath.Join("..", "..", "shared", "claude-compat")
}

// claudeCase is one line of cases.jsonl (its README).
type claudeCase struct {
	ID        string          `json:"id"`
	Script    string          `json:"script"`
	InstallAs string          `json:"install_as"`
	Also      [][2]string     `json:"also"`
	Settings  json.RawMessage `json:"claude_settings"`
	Event     string          `json:"claude_event"`
	Payload   map[string]any  `json:"claude_payload"`
	Setup     struct {
		Files map[string]string `json:"files"`
		Git   any               `json:"git"`
		Env   map[string]string `json:"env"`
	} `json:"setup"`
	Expect struct {
		Decision       string         `json:"decision"`
		ReasonContains string         `json:"reason_contains"`
		ContextHas     string         `json:"context_contains"`
		UpdatedInput   map[string]any `json:"updated_input"`
	} `json:"expect"`
}

// Claude's event and tool names to Gemini's (check.py's tables).
var (
	claudeEvents = map[string]string{"PreToolUse": "BeforeTool", "PostToolUse": "AfterTool", "UserPromptSubmit": "BeforeAgent",
		"Stop": "AfterAgent", "SessionStart": "SessionStart"}
	claudeTools = map[string]string{"Bash": "run_shell_command", "Write": "write_file", "Read": "read_file", "Grep": "grep_search", "Glob": "glob", "LS": "list_directory"}
)

// geminiArgs is check.py's gemini_tool_input for the tools the cases use.
func geminiArgs(tool string, ti map[string]any) map[string]any {
	out := map[string]any{}
	switch tool {
	case "Bash":
		out["command"] = ti["command"]
		if d, ok := ti["description"]; ok {
			out["description"] = d
		}
	case "Write":
		out["file_path"], out["content"] = ti["file_path"], ti["content"]
	case "Read":
		out["file_path"] = ti["file_path"]
		off, _ := ti["offset"].(float64)
		lim, _ := ti["limit"].(float64)
		switch {
		case off > 0:
			out["start_line"] = off
			if lim > 0 {
				out["end_line"] = off + lim - 1
			}
		case lim > 0:
			out["start_line"], out["end_line"] = 1.0, lim
		}
	case "Grep", "Glob":
		out["pattern"] = ti["pattern"]
		if p, ok := ti["path"]; ok {
			out["dir_path"] = p
		}
		if g, ok := ti["glob"]; ok {
			out["include_pattern"] = g
		}
	default:
		return ti
	}
	return out
}

// back are Gemini's parameter names in Claude's words (check.py BACK).
var back = map[string]string{"start_line": "offset", "dir_path": "path", "include_pattern": "glob"}

// TestClaudeCompat migrates each claude-compat case with gh-hooks, lets
// the real CLI make the case's tool call (or prompt, answer, session)
// and compares its outcome with the case's expectation under Claude
// Code. Shell commands are made harmless by shims on PATH named after
// the command's program, which print the case's tool output instead of
// running it: the hooks still see the command unchanged.
func TestClaudeCompat(t *testing.T) {
	if skipWhy != "" {
		t.Skip(skipWhy)
	}
	dir := claudeDir()
	f, err := os.Open(filepath.Join(dir, "cases.jsonl"))
	if err != nil {
		t.Skipf("no claude-compat cases (%v): set GH_HOOKS_CLAUDE_COMPAT to the folder holding cases.jsonl", err)
	}
	defer f.Close()
	var cases []claudeCase
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		if strings.TrimSpace(sc.Text()) == "" {
			continue
		}
		var c claudeCase
		if err := json.Unmarshal(sc.Bytes(), &c); err != nil {
			t.Fatal(err)
		}
		cases = append(cases, c)
	}
	var mu sync.Mutex
	var tried, same int
	var skipped []string
	t.Run("case", func(t *testing.T) {
		for _, c := range cases {
			c := c
			t.Run(c.ID, func(t *testing.T) {
				t.Parallel()
				why := claudeSkip(c)
				if why != "" {
					mu.Lock()
					skipped = append(skipped, c.ID+": "+why)
					mu.Unlock()
					t.Skip(why)
				}
				ok := runClaudeCase(t, dir, c)
				mu.Lock()
				tried++
				if ok {
					same++
				}
				mu.Unlock()
			})
		}
	})
	t.Logf("migrated Claude hooks run by the real CLI: %d of %d cases decide as under Claude Code (%d not reproducible headless)", same, tried, len(skipped))
	for _, s := range skipped {
		t.Logf("not run: %s", s)
	}
}

// claudeSkip says why a case cannot be reproduced by a headless run.
func claudeSkip(c claudeCase) string {
	if _, ok := claudeEvents[c.Event]; !ok {
		return "event " + c.Event + " has no headless Gemini counterpart here"
	}
	if c.Event == "Stop" && c.Payload["stop_hook_active"] == true {
		return "Gemini fires the first AfterAgent with stop_hook_active false; true only after a block"
	}
	if tool, ok := c.Payload["tool_name"].(string); ok {
		if _, ok := claudeTools[tool]; !ok {
			return "tool " + tool + " has no harmless Gemini counterpart"
		}
	}
	if c.Setup.Git != nil {
		return "needs a git repository"
	}
	return ""
}

// runClaudeCase runs one case and reports whether it decided as under
// Claude Code; the differences are logged, not failed: the figure is
// the result.
func runClaudeCase(t *testing.T, dir string, c claudeCase) bool {
	root := t.TempDir()
	project := filepath.Join(root, "proj")
	home := filepath.Join(root, "home")
	shims := filepath.Join(root, "shims")
	for _, d := range []string{filepath.Join(project, ".claude"), home, shims} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	sub := func(s string) string {
		return strings.NewReplacer("${PROJECT}", project, "${HOME}", home).Replace(s)
	}
	installs := append([][2]string{{c.Script, c.InstallAs}}, c.Also...)
	for _, in := range installs {
		b, err := os.ReadFile(filepath.Join(dir, in[0]))
		if err != nil {
			t.Fatal(err)
		}
		dst := filepath.Join(project, in[1])
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(dst, b, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for rel, content := range c.Setup.Files {
		dst := filepath.Join(project, rel)
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(dst, []byte(sub(content)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var settings map[string]any
	if err := json.Unmarshal(c.Settings, &settings); err != nil {
		t.Fatal(err)
	}
	if _, ok := settings["hooks"]; !ok {
		settings = map[string]any{"hooks": settings}
	}
	sb, _ := json.MarshalIndent(settings, "", "  ")
	if err := os.WriteFile(filepath.Join(project, ".claude", "settings.json"), sb, 0o644); err != nil {
		t.Fatal(err)
	}
	// gh-hooks on PATH: the migrated hooks call its Claude adapter.
	path := filepath.Dir(ghBin) + string(os.PathListSeparator) + os.Getenv("PATH")
	env := []string{"PATH=" + path, "HOME=" + home, "GEMINI_CLI_HOME=" + home, "GEMINI_CLI_TRUST_WORKSPACE=true", "LANG=C.UTF-8"}
	for k, v := range c.Setup.Env {
		env = append(env, k+"="+v)
	}
	mig := exec.Command(ghBin, "--project", project, "migrate")
	mig.Dir, mig.Env = project, env
	if out, err := mig.CombinedOutput(); err != nil {
		t.Errorf("migrate: %v\n%s", err, out)
		return false
	}

	// The real run: the action the Claude payload describes.
	p := map[string]any{}
	b, _ := json.Marshal(c.Payload)
	if err := json.Unmarshal([]byte(sub(string(b))), &p); err != nil {
		t.Fatal(err)
	}
	event := claudeEvents[c.Event]
	prompt, answer := "go", "done"
	var call *headless.Call
	switch c.Event {
	case "PreToolUse", "PostToolUse":
		tool, _ := p["tool_name"].(string)
		ti, _ := p["tool_input"].(map[string]any)
		call = &headless.Call{Name: claudeTools[tool], Args: geminiArgs(tool, ti)}
		if tool == "Bash" {
			cmd, _ := ti["command"].(string)
			writeShim(t, shims, cmd, p["tool_response"])
		}
		// The file or folder a read names exists in Claude's project; Gemini
		// checks that before any hook runs, so it is created (empty).
		if fp, ok := call.Args["file_path"].(string); ok && tool == "Read" {
			touchInside(t, project, fp, false)
		}
		if dp, ok := call.Args["dir_path"].(string); ok {
			touchInside(t, project, dp, true)
		}
	case "UserPromptSubmit":
		prompt, _ = p["prompt"].(string)
	case "Stop":
		if s, ok := p["last_assistant_message"].(string); ok && s != "" {
			answer = s
		}
	}
	turns := []headless.Turn{}
	if call != nil {
		turns = append(turns, headless.Turn{Call: call})
	}
	turns = append(turns, headless.Turn{Text: answer}, headless.Turn{Text: answer}, headless.Turn{Text: answer})
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	real, err := gem.Run(ctx, headless.Options{Project: project, Prompt: prompt, Turns: turns,
		Env: []string{"PATH=" + shims + string(os.PathListSeparator) + path, "LANG=C.UTF-8"}, SetEnv: envPairs(c.Setup.Env)})
	if err != nil {
		t.Errorf("real gemini: %v", err)
		return false
	}
	got := claudeOutcome(event, real)
	why := compareClaude(c, got)
	for _, w := range why {
		t.Logf("differs from Claude Code: %s", w)
	}
	if len(why) > 0 {
		t.Logf("real: %+v", got)
	}
	return len(why) == 0
}

// touchInside creates p (a folder when dir), if it is inside project and
// missing.
func touchInside(t *testing.T, project, p string, dir bool) {
	if !filepath.IsAbs(p) {
		p = filepath.Join(project, p)
	}
	if rel, err := filepath.Rel(project, p); err != nil || strings.HasPrefix(rel, "..") {
		return
	}
	if _, err := os.Stat(p); err == nil {
		return
	}
	if dir {
		if err := os.MkdirAll(p, 0o755); err != nil {
			t.Fatal(err)
		}
		return
	}
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, nil, 0o644); err != nil {
		t.Fatal(err)
	}
}

func envPairs(m map[string]string) []string {
	var out []string
	for k, v := range m {
		out = append(out, k+"="+v)
	}
	return out
}

// writeShim puts a program named after cmd's first word on PATH that
// prints the case's tool output (stdout, stderr) instead of running.
func writeShim(t *testing.T, dir, cmd string, resp any) {
	fields := strings.Fields(cmd)
	if len(fields) == 0 {
		return
	}
	stdout, stderr := "", ""
	if m, ok := resp.(map[string]any); ok {
		stdout, _ = m["stdout"].(string)
		stderr, _ = m["stderr"].(string)
	}
	script := fmt.Sprintf("#!/bin/sh\n# e2e shim: the case's command does not run\nprintf '%%s' %s\nprintf '%%s' %s >&2\n", shQuote(stdout), shQuote(stderr))
	if err := os.WriteFile(filepath.Join(dir, filepath.Base(fields[0])), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
}

func shQuote(s string) string { return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'" }

// claudeGot is the real CLI's outcome in the case's terms.
type claudeGot struct {
	Decision, Reason, Context string
	UpdatedInput              map[string]any
}

// claudeOutcome reduces a real run to check.py's outcome shape.
func claudeOutcome(event string, real *headless.Result) claudeGot {
	g := claudeGot{Decision: "allow"}
	frs := real.FunctionResponses()
	got := ""
	if len(frs) > 0 {
		got = frs[0].Text()
	}
	hookContext := func(s string) string {
		if i := strings.Index(s, "<hook_context>"); i >= 0 {
			s = s[i+len("<hook_context>"):]
			if j := strings.Index(s, "</hook_context>"); j >= 0 {
				return s[:j]
			}
		}
		return ""
	}
	switch event {
	case "BeforeTool":
		for _, tc := range real.Tools {
			switch tc.ErrorType {
			case "policy_violation":
				g.Decision, g.Reason = "deny", strings.TrimPrefix(got, "Tool execution blocked: ")
			case "stop_execution":
				g.Decision, g.Reason = "stop", tc.Error
			case "":
				if tc.Success {
					g.UpdatedInput = map[string]any{}
					for k, v := range tc.Args {
						if b, ok := back[k]; ok {
							k = b
						}
						g.UpdatedInput[k] = v
					}
				}
			default:
				// A refusal before any hook ran (a .env path, a path outside the
				// workspace) reaches the model instead of the hook's reason;
				// an error after the hooks allowed is the tool's own failure.
				if len(real.HooksFor("BeforeTool")) == 0 {
					g.Decision, g.Reason = "deny", got
				}
			}
		}
		if len(real.Tools) == 0 && len(real.Requests) == 0 {
			g.Decision = "ask"
		}
	case "AfterTool":
		g.Context = hookContext(got)
		for _, tc := range real.Tools {
			switch tc.ErrorType {
			case "execution_failed":
				g.Decision, g.Reason = "block", got
			case "stop_execution":
				g.Decision, g.Reason = "stop", tc.Error
			}
		}
	case "BeforeAgent":
		if len(real.Requests) == 0 {
			g.Decision = "block"
			for _, h := range real.HooksFor("BeforeAgent") {
				if m, ok := h.Output.(map[string]any); ok {
					g.Reason, _ = m["reason"].(string)
				}
			}
		} else {
			g.Context = hookContext(strings.Join(real.UserTexts(0), "\n"))
		}
	case "AfterAgent":
		if len(real.Requests) > 1 {
			g.Decision, g.Reason = "block", strings.Join(real.UserTexts(1), "\n")
		}
	case "SessionStart":
		for i := range real.Requests {
			for _, s := range real.UserTexts(i) {
				if c := hookContext(s); c != "" {
					g.Context = c
				}
				if g.Context == "" && strings.Contains(s, "SessionStart") {
					g.Context = s
				}
			}
		}
		if g.Context == "" && len(real.Requests) > 0 {
			// SessionStart context is added to the history: search it all.
			b, _ := json.Marshal(real.Requests[0].Contents)
			g.Context = string(b)
		}
	}
	return g
}

// compareClaude is check.py's compare.
func compareClaude(c claudeCase, got claudeGot) []string {
	var why []string
	e := c.Expect
	if c.Event == "PostToolUse" && e.Decision == "block" && got.Decision == "allow" && got.Context != "" && strings.Contains(got.Context, e.ReasonContains) {
		got.Decision, got.Reason = "block", got.Context
	}
	if got.Decision != e.Decision {
		why = append(why, fmt.Sprintf("decision %s (want %s)", got.Decision, e.Decision))
	}
	if e.ReasonContains != "" && got.Decision == e.Decision && !strings.Contains(got.Reason, e.ReasonContains) {
		why = append(why, fmt.Sprintf("reason lacks %q (got %q)", e.ReasonContains, got.Reason))
	}
	if e.ContextHas != "" && !strings.Contains(got.Context, e.ContextHas) && !strings.Contains(html.UnescapeString(got.Context), e.ContextHas) {
		why = append(why, fmt.Sprintf("context lacks %q (got %q)", e.ContextHas, clip(got.Context)))
	}
	for k, v := range e.UpdatedInput {
		if !jsonEqual(got.UpdatedInput[k], v) {
			why = append(why, fmt.Sprintf("updated input %s = %v (want %v)", k, got.UpdatedInput[k], v))
		}
	}
	return why
}
