// Package runner executes a planned list of hooks for one synthetic event
// the way Gemini CLI 0.61.0's HookRunner and HookAggregator do
// (core/hooks/hookRunner.ts, hookAggregator.ts; spec §5), and explains the
// result: per-hook exit status, parsed output and the pitfalls that apply,
// plus the aggregated decision for the event.
//
// The flow for `gh-hooks run` is
//
//	in, err := runner.BuildInput(event, ctx, overrideJSON) // stdin payload, spec §5.1
//	rep, err := runner.Run(context.Background(), runner.Plan{Event: event, Hooks: hooks, Sequential: seq}, in, runner.Options{})
//	if rep.Blocks() { exit 3 }
//
// JSON values (the payload, hook output, aggregated output) are modelled
// with JavaScript semantics: objects keep JavaScript property order (integer
// keys first, see Object), numbers are float64, and Stringify reproduces
// JSON.stringify byte for byte, because the payload bytes a hook reads must
// equal what Gemini writes.
package runner
