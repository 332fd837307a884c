// Package claudecompat lets a Claude Code hook run under Gemini CLI and
// still do its job: the Claude-protocol adapter behind
// `gh-hooks claude-compat`, which migrate puts around every hook it
// migrates from Claude.
//
// Gemini and Claude agree on little beyond "a command reads JSON on stdin"
// (claude-hooks.md §1.6–§1.7, §4; spec §5): the tool names (Bash and
// run_shell_command), the tool arguments (Read's offset and limit, Gemini's
// start_line and end_line), the event names, and above all the answer. A
// Claude guard blocks with exit 2 or with
// hookSpecificOutput.permissionDecision "deny", which Gemini ignores;
// Gemini denies on every exit of 2 or more, a missing program's 127
// included, where Claude treats every exit but 2 as a non-blocking error.
//
// The adapter stands between the two. In: ClaudeInput turns Gemini's
// payload into Claude's for the same moment. The hook runs as Claude runs
// it (sh -c, CLAUDE_PROJECT_DIR, ${CLAUDE_PLUGIN_ROOT}). Out: GeminiOutput
// reads the hook's exit code and output by Claude's rules and says the
// same in Gemini's protocol, and never exits 2 or more itself, so only a
// decision the hook made blocks. docs/claude-compat.md lists every mapping
// point in both directions and what cannot be mapped.
//
// Wrap writes the command migrate puts in the Gemini settings; Unwrap
// finds the original command in it again, for display, validation and
// fingerprints. Scan reads a hook script for what it expects of Claude
// (tool and event names, renamed tool_input fields, Claude's output
// fields, transcript, CLAUDE_* variables) and says, from the same tables,
// whether the adapter covers it; migrate reports it. The mapping tables (geminiEvent, claudeTool, alternates,
// fieldRenames, fieldComputed) are what docs/claude-compat.md is rendered
// from (TestDocs).
package claudecompat
