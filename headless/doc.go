// Package headless runs the real Gemini CLI without a network or a model,
// the way ../shared/spec/gemini-headless.md describes, and reads back what
// its hooks did.
//
// Find locates an installed gemini (GH_HOOKS_GEMINI names the program,
// else the first gemini on PATH) and its version, which must be the
// release gh-hooks models (0.61.x): another version would answer for
// rules gh-hooks does not apply.
//
// Run starts `gemini -p PROMPT --fake-responses FILE --approval-mode yolo
// -m gemini-2.5-flash -o stream-json` in the project directory with a
// private HOME and GEMINI_CLI_HOME (a fresh temporary directory, removed
// afterwards) whose .gemini/settings.json turns on local telemetry and
// off everything that would reach the network. The fake model answers
// with the given turns (a tool call, then text); the CLI really calls the
// tool and really runs the hooks around it. The inherited environment is
// scrubbed of GEMINI_*, GOOGLE_*, GITHUB_SHA and SURFACE (they change
// what Gemini does: auth, redaction of the hooks' environment), the run
// is bounded in time and its output in size.
//
// The Result is parsed from the local telemetry file
// (gemini_cli.hook_call: each hook's event, name, exit code, stdout,
// stderr, stdin payload and parsed output; gemini_cli.tool_call: whether
// each tool succeeded, or its error type; gemini_cli.api_request: the
// contents of each model request, whose functionResponse parts are what
// the model got back from a tool) and the stream-json events on stdout.
//
// Nothing here decides whether a tool call is safe to run: callers (the
// e2e suite, `gh-hooks run --real`) choose harmless calls only.
package headless
