// Package e2e holds the end-to-end suite that runs each case through the
// real Gemini CLI 0.61.0 headless (package headless) and through
// `gh-hooks run`, and compares what the hooks saw and what Gemini did.
//
// The suite is opt-in, behind the build tag e2e, because it needs Node
// and an installed Gemini CLI (GH_HOOKS_GEMINI or gemini on PATH):
//
//	GH_HOOKS_GEMINI=/path/to/node_modules/.bin/gemini go test -tags e2e ./e2e/ -count=1
//
// Without them it skips with the reason. Cases are files, one per case,
// in testdata/cases (docs/e2e.md describes the format); the
// migrated-Claude cases come from ../shared/claude-compat when it exists.
// docs/e2e.md lists the cases by event and the figures.
package e2e
