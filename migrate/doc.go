// Package migrate converts Claude Code hook configurations into Gemini CLI
// hook definitions and reports the fate of every source hook.
//
// It never writes files. Convert returns, for one target (a Gemini settings
// file or an extension's hooks/hooks.json), the definitions to append to
// each Gemini event array, plus a Report that lists every Claude hook as
// migrated, migrated-with-changes, dropped or already-present, with the
// reasons. The caller appends the definitions through config's byte-stable
// editor.
//
// The tables follow spec/claude-hooks.md §3.1, §5 and
// spec/peers-and-user-asks.md Appendix A; where they disagree the safer
// reading is taken and documented next to the table entry.
//
// Decisions:
//   - Matchers are translated by meaning, not by text: an exact or "|"/","
//     list is mapped name by name, a regular expression is evaluated against
//     Claude's whole tool vocabulary and the matching names are mapped. The
//     result is always anchored, ^(a|b)$, because Gemini tests matchers as
//     unanchored JavaScript regexes (spec §4). MCP alternatives are rewritten
//     textually (mcp__s__t → mcp_s_t). A matcher whose names all lack a
//     Gemini counterpart drops its group: it never becomes match-all.
//   - No Gemini name is generated. Gemini deduplicates by name:command
//     (spec §3.7), so a nameless migrated hook still deduplicates against an
//     identical hand-written one, and hooksConfig.disabled matches a nameless
//     hook by its exact command (spec §3.6). A generated name would be either
//     positional (unstable across edits of the source) or a hash (useless to
//     type). A "name" that the Claude file already carries is kept.
//   - Idempotence: a definition that is already present in the target's
//     hooks (same event, matcher, sequential and hooks) is not emitted again.
package migrate
