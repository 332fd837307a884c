package cli

import (
	"fmt"
	"strings"

	"github.com/gh-hooks/gh-hooks/config"
	"github.com/gh-hooks/gh-hooks/merge"
	"github.com/gh-hooks/gh-hooks/runner"
)

// printRun prints what run did for a person: the plan, each hook's result,
// the decision Gemini takes from them and what is held.
func printRun(o *out, plan *merge.Plan, rep *runner.Report, held []heldJSON, ran bool, hint string) {
	ctx := planContext(plan)
	if !plan.Runs {
		o.para(2, "Nothing runs for %s%s: %s", plan.Event, ctx, plan.Why)
		return
	}
	o.printf("%s%s: %d hook(s), %s\n", o.bold(plan.Event), ctx, len(plan.Run), plan.Execution)
	for _, id := range plan.Deduplicated {
		o.para(4, "  %s", o.dim("skipped "+id+": duplicate name:command of an earlier hook (Gemini keeps the first)"))
	}
	if o.tty {
		for i, res := range rep.Hooks {
			printResult(o, i+1, res)
		}
	} else if len(rep.Hooks) > 0 {
		// Piped: one row of fields per hook, like every table (runPipedHelp).
		var rows [][]any
		for _, res := range rep.Hooks {
			rows = append(rows, resultRow(res))
		}
		o.printf("\n")
		o.table("", nil, rows)
	}
	if len(held) > 0 {
		what := "project hook(s) not approved"
		for _, h := range held {
			if h.Status == "dotenv" {
				what = "hook(s) not approved or changed by the project's .env"
			}
		}
		o.printf("\n")
		o.para(2, "%s", o.yellow(fmt.Sprintf("Held back: %d %s (Gemini runs them; gh-hooks does not without approval)", len(held), what)))
		var rows [][]any
		for _, h := range held {
			why := h.Status
			if len(h.Changes) > 0 {
				why += ": " + strings.Join(h.Changes, ", ")
			}
			if o.tty {
				o.printf("  %s  %s  (%s)\n", h.ID, label(h.Name, h.Command), why)
			}
			rows = append(rows, []any{h.ID, label(h.Name, h.Command), why})
		}
		if !o.tty {
			o.table("  ", nil, rows)
		}
		if ran && plan.Execution == "sequential" {
			o.para(4, "  note: the plan is sequential, so Gemini would also chain their output into later hooks")
		}
		if ran {
			// When nothing ran, the error on stderr carries this hint.
			o.para(8, "  hint: %s", hint)
		}
	}
	for _, w := range rep.Warnings {
		o.printf("\n")
		o.para(2, "%s %s", o.yellow("Gemini warns:"), w)
	}
	outcome := runner.OutcomeOf(rep)
	if rep.ToolCall == nil && ran && outcome.Says != "" {
		o.printf("\n")
		o.para(2, "%s %s", o.bold("Gemini then:"), outcome.Says)
		for _, n := range outcome.Notes {
			o.para(4, "  %s %s", o.yellow("note:"), n)
		}
	}
	if rep.ToolCall != nil && ran {
		printToolCall(o, plan.Event, rep.ToolCall, outcome)
		if rep.ToolCall.Outcome == runner.ToolRefused {
			o.para(4, "  %s Gemini never runs these hooks for this call; the results above are what they would do if it did", o.yellow("note:"))
		}
	}
	if !ran {
		return
	}
	o.printf("\n")
	for _, l := range strings.Split(string(decisionLine(o, rep.Aggregate)), "\n") {
		o.printf("%s\n", o.wrapData(styled(l), 2)) // the hooks' words and output: no ~
	}
	switch {
	case outcome.SystemMessage != "" && outcome.Suppressed:
		o.para(2, "%s suppressOutput hides the systemMessage: Gemini does not show it", o.bold("Shown:"))
	case outcome.SystemMessage != "":
		o.para(2, "%s %s", o.bold("Shown:"), clip(oneLine(outcome.SystemMessage), 500))
	}
	if rep.Crash != "" {
		// Blocks counts it: Gemini CLI itself exits.
		o.para(2, "%s %s", o.bold("Result:"), o.red("Gemini CLI exits with status 1 ("+rep.Crash+"): a hook printed more than it can hold in one string"))
	}
	if rep.ToolCall != nil && rep.ToolCall.Outcome == runner.ToolInvalid {
		// Blocks counts it: the hooks allow, their rewrite stops the call.
		o.para(2, "%s %s", o.bold("Result:"), o.red("the tool does not run (the rewritten parameters fail validation)"))
	}
}

// printToolCall says what Gemini does with the tool call: whether the
// tool runs, with which parameters, and what the model gets.
func printToolCall(o *out, event string, tc *runner.ToolCall, outcome runner.Outcome) {
	var head string
	switch tc.Outcome {
	case runner.ToolRuns:
		if event == "AfterTool" {
			head = "the call ran before these hooks"
		} else {
			head = "runs"
		}
	case runner.ToolBlocked:
		head = "does not run (blocked)"
	case runner.ToolStopped:
		head = "does not run: the agent stops"
	case runner.ToolInvalid:
		head = "does not run: the rewritten parameters fail validation"
	case runner.ToolAsk:
		head = "waits for the user's confirmation"
	case runner.ToolRefused:
		head = "refused by Gemini before any hook runs"
	}
	o.printf("\n")
	o.para(2, "%s %s %s", o.bold("Tool call:"), tc.Tool, head)
	if tc.Rewritten {
		o.printf("  params (the hooks' tool_input, alone): %s\n", clip(runner.Stringify(tc.Input), 500))
	}
	switch {
	case tc.Outcome == runner.ToolStopped:
		// Watched (e2e bt-continue-false): the call ends with this error,
		// but the agent stops first and the model is not called again.
		o.para(4, "  the agent stops: the model is not called again (the call ends with %q)", clip(tc.Error, 500))
	case tc.Error != "":
		// Data, whole and exact (no ~ for the home), to compare or copy.
		o.paraData(4, "  the model gets: %s", clip(tc.Error, 500))
	case event == "AfterTool" && outcome.Stops:
		o.para(4, "  the agent stops: the tool's result is dropped and the model is not called again")
	case event == "AfterTool" && outcome.Tail != nil:
		t := outcome.Tail
		o.printf("  Gemini then runs: %s %s (in place of this result)\n", t.Tool, clip(runner.Stringify(t.Input), 500))
		if t.Outcome == runner.ToolInvalid {
			o.paraData(4, "  the model gets: %s (the tail call fails validation)", clip(t.Error, 500))
		} else {
			o.para(4, "  the model gets: %s's result, as the answer to the original call; BeforeTool and AfterTool hooks fire again for it", t.Tool)
		}
		for _, n := range t.Notes {
			o.para(4, "  %s %s", o.yellow("note:"), n)
		}
	case event == "AfterTool" && outcome.ToolFailed:
		o.paraData(4, "  the model gets: %s (the tool failed: its error alone)", clip(outcome.ModelGets, 500))
		if outcome.DroppedContext != "" {
			o.para(4, "  %s the hook's additionalContext is dropped: Gemini appends it to the result's llmContent, which a failed call does not send", o.yellow("note:"))
		}
	case event == "AfterTool" && outcome.ModelGets != "":
		// Watched (e2e at-block): tool-executor sends the error's message,
		// the hook's reason alone, not "Tool result blocked: R".
		o.para(4, "  the model gets: %s (the hook's reason alone, in place of the tool's result)", clip(outcome.ModelGets, 500))
	case event == "AfterTool" && outcome.Appended != "":
		o.para(4, "  the model gets: the tool's result, then %s", clip(strings.TrimLeft(outcome.Appended, "\n"), 500))
	}
	for _, n := range tc.Notes {
		o.para(4, "  %s %s", o.yellow("note:"), n)
	}
}

func printResult(o *out, n int, r runner.Result) {
	o.printf("\n")
	o.para(3, "%d. %s  %s", n, r.ID, label(r.Name, r.Command))
	timeout := config.FormatNumber(float64(r.TimeoutMS))
	switch {
	case r.ExitCode != nil:
		sig := ""
		if r.Signal != "" {
			sig = " (killed by " + r.Signal + ")"
		}
		status := styled(fmt.Sprintf("exit %d", *r.ExitCode))
		if *r.ExitCode != 0 || r.Signal != "" {
			status = o.red(string(status))
		}
		o.printf("   %s%s in %d ms (timeout %s ms)\n", status, sig, r.DurationMS, timeout)
	default:
		o.printf("   %s after %d ms (timeout %s ms)\n", o.red("failed"), r.DurationMS, timeout)
	}
	if r.Expanded != "" && r.Expanded != r.Command {
		o.para(7, "   ran: bash -c %s", clip(r.Expanded, 200))
	}
	if r.Error != "" {
		o.para(7, "   error: %s", r.Error)
	}
	printStream(o, "stdout", r.Stdout)
	printStream(o, "stderr", r.Stderr)
	if r.Error == "" {
		o.paraData(11, "   parsed: %s", parsedLine(r))
	}
	for _, w := range r.Warnings {
		o.para(7, "   %s %s", o.yellow("warning:"), w)
	}
}

// resultRow is a hook's result as the fields of a piped row: ID, HOOK,
// RESULT, DURATION, TIMEOUT, STDOUT, STDERR, PARSED, WARNINGS (see
// runPipedHelp). The cells say what printResult's lines say; a stream is
// kept whole up to 1000 characters, its newlines escaped by the table.
func resultRow(r runner.Result) []any {
	result := "failed"
	if r.ExitCode != nil {
		result = fmt.Sprintf("exit %d", *r.ExitCode)
		if r.Signal != "" {
			result += " (killed by " + r.Signal + ")"
		}
	}
	parsed := parsedLine(r)
	if r.Error != "" {
		parsed = "error: " + r.Error
	}
	stream := func(s string) string {
		return orDash(clip(strings.TrimRight(s, " \t\r\n"), 1000))
	}
	warnings := "-"
	if len(r.Warnings) > 0 {
		warnings = strings.Join(r.Warnings, "; ")
	}
	return []any{r.ID, label(r.Name, r.Command), result, fmt.Sprintf("%d ms", r.DurationMS), ms(float64(r.TimeoutMS)),
		stream(r.Stdout), stream(r.Stderr), parsed, warnings}
}

// printStream prints a hook's stream, trimmed, at most five lines of at
// most 300 characters each.
func printStream(o *out, name, s string) {
	s = strings.TrimRight(s, " \t\r\n")
	if strings.TrimSpace(s) == "" {
		return
	}
	lines := strings.Split(s, "\n")
	const max = 5
	for i, l := range lines {
		if i == max {
			o.printf("   %s  … %d more line(s)\n", strings.Repeat(" ", len(name)), len(lines)-max)
			break
		}
		prefix := name + ":"
		if i > 0 {
			prefix = strings.Repeat(" ", len(prefix))
		}
		o.paraData(4+len(prefix), "   %s %s", prefix, clip(strings.TrimRight(l, "\r"), 300))
	}
}

// parsedLine says what Gemini made of a hook's output.
func parsedLine(r runner.Result) string {
	switch r.Format {
	case runner.FormatJSON:
		return "json " + clip(runner.Stringify(r.Output), 1000)
	case runner.FormatText:
		obj, _ := r.Output.(*runner.Object)
		field := "systemMessage"
		if r.Decision == "deny" {
			field = "reason"
		}
		v, _ := obj.Get(field)
		s, _ := v.(string)
		return fmt.Sprintf("text -> %s: %s", r.Decision, clip(oneLine(s), 200))
	case runner.FormatUnknown:
		return "unknown (the output was cut where it could still be JSON)"
	}
	return "no output"
}

// decisionLine is the aggregated decision, its output and the hooks'
// errors, one per line.
func decisionLine(o *out, a runner.Aggregate) styled {
	var line styled
	if a.Blocks {
		d := a.Decision
		if d != "deny" && d != "block" {
			d = "stop (continue: false)"
		}
		line = sprintf("%s %s: %s", o.bold("Decision:"), o.red(d+" (blocks)"), clip(a.Reason, 500))
	} else {
		d := a.Decision
		switch {
		case a.Output == nil:
			d = "none (no hook produced output; Gemini goes on)"
		case d == "":
			d = "none"
		case len(a.Ignored) > 0 && (d == "block" || d == "deny"):
			d += " (ignored on this event: nothing is blocked)"
		}
		line = sprintf("%s %s", o.bold("Decision:"), o.green(d))
	}
	if a.Output != nil {
		line += sprintf("\nOutput (%s): %s", a.Strategy, clip(runner.Stringify(a.Output), 500))
	}
	for _, s := range a.Ignored {
		line += sprintf("\n%s %s", o.yellow("ignored:"), s)
	}
	for _, e := range a.Errors {
		line += sprintf("\n%s %s", o.red("hook error:"), e)
	}
	return line
}

// clip shortens s to at most n runes, marking the cut.
func clip(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n]) + fmt.Sprintf("… (%d more characters)", len(r)-n)
}

func oneLine(s string) string {
	return strings.ReplaceAll(strings.TrimSpace(s), "\n", `\n`)
}

// idList is ids joined by ", ", or "none".
func idList(ids []string) string {
	if len(ids) == 0 {
		return "none"
	}
	return strings.Join(ids, ", ")
}
