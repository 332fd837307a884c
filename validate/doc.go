// Package validate lints the hooks that package merge found. Check returns
// merge's structural problems (shapes Gemini discards or misreads) plus
// lint-level advice about configurations that Gemini CLI 0.61.0 accepts
// but that do not do what their author meant: lifecycle matchers written
// as regexes, /pattern/ matchers, Claude tool names, unanchored matchers,
// timeouts in seconds, double-quoted $GEMINI_PROJECT_DIR, missing
// scripts, duplicates that dedup drops, disabled entries that disable
// nothing, and Claude-only fields.
//
// Every problem has a stable code, a severity, the file's path and a
// 1-based line:column that points at the offending value, a message that
// says what Gemini actually does and a hint with the fix. Severities:
// error when a hook will always fail, block or crash; warning when
// Gemini silently does something else than the file suggests; info for
// legal but surprising configurations.
//
// Files validates named files only, loading those that are not part of
// the project's layers as standalone layers. The package never writes
// files.
package validate
