// Package migrate converts Claude Code hook configurations into Gemini CLI
// hook definitions and reports the fate of every source hook.
//
// It never writes files. Convert returns, for one target (a Gemini settings
// file or an extension's hooks/hooks.json), the definitions a fresh
// migration writes, what the target holds of them (one SyncItem per
// migrated Gemini hook: added, updated, removed, unchanged, conflict,
// kept), the edits that bring the target there, and a Report that lists
// every Claude hook as migrated, migrated-with-changes, dropped or
// already-present, with the reasons. The caller applies the edits with
// config's byte-stable editor (Result.Apply).
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
//   - Every migrated hook is named claude:WHAT (names.go) and described
//     with its source and a stamp of what migrate wrote: the prefix says
//     whose hook it is, the Claude command inside gh-hooks claude-compat
//     (or the command) which Claude hook it copies, the stamp whether
//     someone edited it since. No key Gemini does not know is written.
//   - Sync, not append (sync.go): Convert compares what a fresh migration
//     writes with the target and plans byte-stable edits (Result.Edits)
//     that make migrate's hooks exactly that, leaving every other hook
//     alone; an edited migrated hook is a conflict, kept unless Force.
package migrate
