package cli

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/gh-hooks/gh-hooks/config"
	"github.com/gh-hooks/gh-hooks/fingerprint"
	"github.com/gh-hooks/gh-hooks/headless"
	"github.com/gh-hooks/gh-hooks/internal/shellword"
	"github.com/gh-hooks/gh-hooks/layers"
	"github.com/gh-hooks/gh-hooks/runner"
)

// runRealHelp is run --real's paragraph of the help.
func runRealHelp() string {
	return "--real also fires the event through the installed Gemini CLI 0.61 (GH_HOOKS_GEMINI, else\n" +
		"gemini on PATH; it needs Node.js) run headless with a scripted model and no network, in a\n" +
		"temporary home holding your user hooks, and shows its result beside gh-hooks': which hooks ran,\n" +
		"their exit codes and output, whether the tool ran and what the model got. The real CLI runs a\n" +
		"whole turn, so the hooks of the other events run too (the notes name them). It really\n" +
		"runs the tool when no hook blocks it, so --real refuses calls that are not harmless: only the\n" +
		"read-only tools (" + strings.Join(headless.ReadOnlyTools, ", ") + ") run in the project;\n" +
		strings.Join(headless.WriteTools, " and ") + " run in a temporary copy of the project (file_path relative, inside\n" +
		"it); run_shell_command only as one " + strings.Join(headless.ShellPrograms, "/") + "\n" +
		"command with literal arguments; MCP and other tools never. To test a guard, a BeforeTool\n" +
		"run_shell_command of one " + strings.Join(headless.GuardPrograms, "/") + " command with\n" +
		"literal, relative paths (rm -rf build) is fired too, in a temporary copy of the project, but only\n" +
		"when gh-hooks' model shows a hook blocking it: the real guard must block it as well, and if it does\n" +
		"not, the command changes only the copy. Where the real CLI runs in a copy, gh-hooks' side runs\n" +
		"its hooks in a copy of its own made the same way (for AfterTool, with the call's write done\n" +
		"first), so both sides see the same files. Notification and PreCompress cannot\n" +
		"be fired on their own headless, so --real refuses them. The real CLI trusts the folder and runs\n" +
		"a whole turn with the project's .env loaded, whatever gh-hooks approved: --real needs every\n" +
		"project hook of every event approved and the .env's findings acknowledged (trust approve\n" +
		"--accept-dotenv), and the project's settings holding nothing but hooks (it would start an\n" +
		"mcpServers command), or --allow-untrusted."
}

// realJSON is run --json's "real" object.
type realJSON struct {
	*headless.Real
	// Differences list where the real CLI differed from gh-hooks.
	Differences []string `json:"differences"`
}

// realSetup is what --real checked before anything ran.
type realSetup struct {
	gem   *headless.Gemini
	call  *headless.Call
	where headless.Where
	// modelCopy: gh-hooks' side ran in a copy of its own
	// (headless.ModelCopy), as the real CLI ran in one.
	modelCopy bool
	// guarded: a call that is not harmless, fired to see a BeforeTool
	// guard block it (headless.Guarded), only when the model shows it
	// blocked.
	guarded bool
}

// checkReal refuses, before any hook runs, an event or tool call --real
// cannot fire harmlessly, a missing gemini, and what the real CLI would
// run without approval (gate.Refused): held-back hooks of the plan, the
// project hooks of the other events of its turn, and an unacknowledged
// project .env, which it loads into every hook and tool.
func checkReal(o *env, t *trustEnv, set *layers.Set, event, trigger string, in *runner.Object, gate *fingerprint.Gate) (*realSetup, error) {
	const hint = "run without --real for gh-hooks' model alone"
	if err := headless.Reachable(event, trigger); err != nil {
		return nil, fail(fmt.Errorf("run --real: %w", err), hint)
	}
	call, where, err := headless.CallOf(event, in)
	guarded := false
	if errors.Is(err, headless.ErrNotHarmless) && event == "BeforeTool" {
		// A call a guard must block runs in a copy, once the model shows
		// it blocked (runReal).
		if c, gerr := headless.GuardedCallOf(event, in); gerr == nil {
			call, where, err, guarded = c, headless.InCopy, nil, true
		}
	}
	if err != nil {
		h := hint
		if errors.Is(err, headless.ErrNotHarmless) {
			h = `give a harmless call with --input, e.g. '{"tool_input": {"command": "echo hi"}}' or a read_file; to see a BeforeTool guard block a call, give one of ` +
				strings.Join(headless.GuardPrograms, ", ") + ` with relative paths, e.g. '{"tool_input": {"command": "rm -rf build"}}'; ` + hint
		}
		return nil, fail(fmt.Errorf("run --real: %w", err), h)
	}
	if err := headless.CheckPrompt(in); err != nil {
		return nil, fail(fmt.Errorf("run --real: %w", err), "give a plain prompt; "+hint)
	}
	if len(gate.Held) > 0 {
		return nil, fail(fmt.Errorf("run --real: %d planned hook(s) are held back, and the real CLI would run them", len(gate.Held)),
			"approve them (gh-hooks trust approve) or rerun with --allow-untrusted")
	}
	if len(gate.TurnHeld) > 0 {
		var names, sel []string
		for _, h := range gate.TurnHeld {
			names = append(names, fmt.Sprintf("%s %s (%s)", h.Hook.Event, approveName(h.Hook), h.Report.Status))
			if n := shellword.Quote(approveName(h.Hook)); !slices.Contains(sel, n) {
				sel = append(sel, n)
			}
		}
		return nil, fail(fmt.Errorf("run --real: the real CLI runs a whole turn, and %d project hook(s) it would run are not approved: %s", len(gate.TurnHeld), strings.Join(names, ", ")),
			fmt.Sprintf("review them, then run `gh-hooks %strust approve %s`, or rerun with --allow-untrusted", t.flag, strings.Join(sel, " ")))
	}
	if len(gate.DotEnv) > 0 {
		var what []string
		for _, p := range gate.DotEnv {
			what = append(what, fmt.Sprintf("%s at %s:%d", dotEnvName(set, p), p.Path, p.Line))
		}
		return nil, fail(fmt.Errorf("run --real: the real CLI loads the project's .env into every hook and tool it runs (a shell tool too), and its findings are not acknowledged: %s", strings.Join(what, ", ")),
			fmt.Sprintf("review them (gh-hooks %strust audit), then run `gh-hooks %strust approve --accept-dotenv`, or rerun with --allow-untrusted", t.flag, t.flag))
	}
	if len(gate.Settings) > 0 {
		var keys []string
		for _, k := range gate.Settings {
			keys = append(keys, fmt.Sprintf("%s (%s:%d:%d)", k.Key, k.Path, k.Line, k.Column))
		}
		return nil, fail(fmt.Errorf("run --real: the project's settings hold more than hooks, which the real CLI acts on without any approval (it starts mcpServers' commands, runs tools.discoveryCommand, writes telemetry.outfile, ...): %s", strings.Join(keys, ", ")),
			"rerun with --allow-untrusted once you have read them, or run without --real for gh-hooks' model alone")
	}
	gem, err := headless.Find(o.getenv, o.Dir)
	if err != nil {
		return nil, fail(fmt.Errorf("run --real: %w", err), "install Gemini CLI 0.61 and Node.js (npm install -g @google/gemini-cli@0.61.0), or set "+headless.ProgramEnv+" to its gemini program")
	}
	return &realSetup{gem: gem, call: call, where: where, guarded: guarded}, nil
}

// dotEnvName is the variable a .env finding is about, else its code.
func dotEnvName(set *layers.Set, p config.Problem) string {
	if v := set.DotEnv.VarAt(p.Line, p.Column); v.Key != "" {
		return v.Key
	}
	return p.Code
}

// runReal fires the event through the real CLI and compares.
func runReal(o *env, s *realSetup, set *layers.Set, event, trigger, project string, in *runner.Object, rep *runner.Report, outcome runner.Outcome) (*realJSON, error) {
	if s.guarded {
		if err := headless.GuardHolds(outcome); err != nil {
			cmd, _ := s.call.Args["command"].(string)
			return nil, fail(fmt.Errorf("run --real: %q is not a harmless call, and is fired only to see a BeforeTool hook block it: %w", cmd, err),
				"run without --real to see what the hooks do with it, or give a harmless call such as '{\"tool_input\": {\"command\": \"echo hi\"}}'")
		}
	}
	var user *config.Node
	for _, l := range set.Layers {
		if l.Kind == "user" && l.Loaded && l.Doc != nil {
			user = l.Doc.Root
		}
	}
	real, err := s.gem.RunEvent(context.Background(), headless.EventOptions{Event: event, Trigger: trigger, Payload: in,
		Project: project, User: user, Env: o.environ(), Timeout: 2 * time.Minute}, s.call, s.where)
	if err != nil {
		return nil, fail(fmt.Errorf("run --real: %w", err), "")
	}
	if s.guarded {
		real.Notes = append(real.Notes, "the call is not harmless: the real CLI was given it because gh-hooks' model shows a BeforeTool hook blocking it, in a temporary copy of the project where it could only have changed the copy")
	}
	if s.modelCopy {
		what := ""
		if event == "AfterTool" {
			what = ", with the call's write done first (AfterTool hooks run after the tool)"
		}
		real.Notes = append(real.Notes, "gh-hooks' side ran its hooks in a temporary copy of its own, made the same way"+what+", so that both sides saw the same files")
	}
	compared := rep
	for _, l := range set.Layers {
		if l.Kind == "extension" && l.Loaded {
			real.Notes = append(real.Notes, "extension hooks are not installed in the real CLI's temporary home: only user and project hooks ran there")
			// So they are not compared either: gh-hooks' run without
			// them is what the real CLI can be held to.
			c := *rep
			c.Hooks = nil
			for _, h := range rep.Hooks {
				if !strings.HasPrefix(h.ID, "extension:") {
					c.Hooks = append(c.Hooks, h)
				}
			}
			compared = &c
			break
		}
	}
	return &realJSON{Real: real, Differences: nonNil(headless.Compare(compared, outcome, real))}, nil
}

// printReal shows the real CLI's result beside gh-hooks'.
func printReal(o *out, rep *runner.Report, outcome runner.Outcome, r *realJSON) {
	o.printf("\n%s\n", o.bold(fmt.Sprintf("Real Gemini CLI %s, headless (%s):", r.Version, r.Gemini)))
	rows := [][]any{}
	if r.ExitedEarly {
		rows = append(rows, []any{"hooks", fmt.Sprintf("%d ran", len(rep.Hooks)), "unknown: the CLI exited before logging them"})
	} else {
		n := max(len(rep.Hooks), len(r.Hooks))
		for i := 0; i < n; i++ {
			name, ghs, reals := "", "-", "did not run"
			if i < len(rep.Hooks) {
				h := rep.Hooks[i]
				name = label(h.Name, h.Command)
				ghs = ghResult(h)
			}
			if i < len(r.Hooks) {
				h := r.Hooks[i]
				if name == "" {
					name = h.Name
				}
				reals = realResult(h)
			}
			rows = append(rows, []any{name, ghs, reals})
		}
	}
	if outcome.ToolRuns != nil || r.ToolRan != nil {
		rows = append(rows, []any{"tool runs", yesNo(outcome.ToolRuns), yesNo(r.ToolRan)})
	}
	if outcome.ModelGets != "" || outcome.Appended != "" || r.ModelGot != "" {
		want := outcome.ModelGets
		if want == "" && outcome.Appended != "" {
			want = "… + " + outcome.Appended
		}
		rows = append(rows, []any{"model gets", orDash(clip(oneLine(want), 200)), orDash(clip(oneLine(r.ModelGot), 200))})
	}
	rows = append(rows, []any{"then", outcome.Says, fmt.Sprintf("%d model call(s)", r.ModelCalls)})
	o.table("  ", []string{"", "GH-HOOKS", "REAL"}, rows)
	for _, n := range r.Notes {
		o.para(8, "  note: %s", n)
	}
	if len(r.Differences) == 0 {
		o.printf("  %s\n", o.green("same result"))
		return
	}
	o.printf("  %s\n", o.yellow(fmt.Sprintf("%d difference(s):", len(r.Differences))))
	for _, d := range r.Differences {
		o.para(4, "  - %s", d)
	}
}

func yesNo(b *bool) string {
	switch {
	case b == nil:
		return "-"
	case *b:
		return "yes"
	}
	return "no"
}

// ghResult is a hook's result in a few words: exit code and decision.
func ghResult(h runner.Result) string {
	if h.ExitCode == nil {
		return "failed: " + h.Error
	}
	s := fmt.Sprintf("exit %d", *h.ExitCode)
	if h.Decision != "" {
		s += ", " + h.Decision
	}
	return s
}

func realResult(h headless.HookCall) string {
	if h.Error != "" {
		return "failed: " + h.Error
	}
	s := fmt.Sprintf("exit %d", h.ExitCode)
	if m, ok := h.Output.(map[string]any); ok {
		if d, ok := m["decision"].(string); ok {
			s += ", " + d
		}
	}
	return s
}
