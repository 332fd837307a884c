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
// Of each stream a hook prints, the first Options.MaxOutput bytes are kept
// for the report; a longer stream is parsed while it is read (stream.go),
// as Gemini's JSON.parse of the whole would, in bounded memory, and past
// V8's string limit (GeminiMaxString) the hook is stopped: Gemini CLI
// exits there (Report.Crash). OutcomeOf says what Gemini then does, as
// watched on 0.61.0 (docs/gemini-behaviour.md).
//
// JSON values (the payload, hook output, aggregated output) are modelled
// with JavaScript semantics: objects keep JavaScript property order (integer
// keys first, see Object), numbers are float64, and Stringify reproduces
// JSON.stringify byte for byte, because the payload bytes a hook reads must
// equal what Gemini writes.
package runner
