// Package slashcmd models Gemini CLI 0.61.0 custom slash commands: the TOML
// files under ~/.gemini/commands, <project>/.gemini/commands and
// <extension>/commands, and migration of Claude Code Markdown commands into
// them.
//
// Discover lists every command Gemini would load, with the slash name it
// ends up with after Gemini's conflict resolution and the problems that make
// a file unloadable. LoadFile validates one file exactly as Gemini's
// FileCommandLoader does. ConvertClaude turns one Claude Code command into a
// TOML file plus a report, and PlanMigration maps a whole .claude/commands
// tree onto .gemini/commands without writing anything.
//
// Upstream references are to the 0.61.0 npm bundle
// (@google/gemini-cli/bundle/chunk-HPLZM7PQ.js: FileCommandLoader,
// SlashCommandResolver, CommandService, prompt-processors/*); the rules are
// written out with citations in notes/commands-rules.md (R1..R12, C1..C4).
// This package never writes files.
package slashcmd
