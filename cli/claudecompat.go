package cli

import (
	"context"

	"github.com/urfave/cli/v3"

	"github.com/gh-hooks/gh-hooks/claudecompat"
)

type claudeCompatOptions struct {
	*env
	Hook    claudecompat.Hook
	Command string
}

func claudeCompatCommand(e *env) *cli.Command {
	o := &claudeCompatOptions{env: e}
	return &cli.Command{
		Name:      "claude-compat",
		Usage:     "run a Claude Code hook under Gemini CLI, speaking Claude's protocol to it (migrate writes it around Claude hooks)",
		ArgsUsage: "-- COMMAND",
		UsageText: "gh-hooks claude-compat --event CLAUDE_EVENT [--matcher M] [--plugin-root DIR] [--on-failure block] [--deadline D] -- COMMAND",
		Description: "Gemini runs this as the hook. It reads Gemini's payload on stdin, runs COMMAND with sh -c and\n" +
			"the payload Claude Code would send (Claude's event and tool names, tool_input fields,\n" +
			"tool_response, CLAUDE_PROJECT_DIR, CLAUDE_PLUGIN_ROOT), and answers Gemini with what Claude\n" +
			"would have made of the result: exit 2 and permissionDecision \"deny\" block, any other failing\n" +
			"exit is a warning (never a denial), plain stdout is context where Claude makes it context, and\n" +
			"updatedInput becomes Gemini's tool_input. An answer that cannot be read whole (cut at 1 MiB,\n" +
			"invalid JSON) but says deny or block blocks, and so, with --on-failure block, does a hook\n" +
			"that cannot start, crashes, times out or exits with another code than 0 or 2, on the events\n" +
			"where a hook can block. It exits 0, or 1 for a warning; never 2, on which\n" +
			"Gemini would deny. Every mapping: https://github.com/gh-hooks/gh-hooks/blob/main/docs/claude-compat.md",
		Flags: []cli.Flag{
			&choice{Name: "event", Required: true, Usage: "the Claude event the hook was written for (PreToolUse, Stop, ...)", Destination: &o.Hook.Event, Config: fixed(claudecompat.ClaudeEvents()...)},
			&cli.StringFlag{Name: "matcher", Usage: "the hook's Claude tool matcher, when it picks one of several Claude names of a Gemini tool", Destination: &o.Hook.Matcher},
			&cli.StringFlag{Name: "plugin-root", Usage: "the Claude plugin's `DIR`, for CLAUDE_PLUGIN_ROOT", TakesFile: true, Destination: &o.Hook.PluginRoot},
			&cli.StringFlag{Name: "on-failure", Usage: "the Claude hook's onFailure: block makes a hook that cannot start, crashes, exits with another code than 0 or 2, passes --deadline or whose answer cannot be read whole block (on events where a hook can block); lost (a guard migrate marked) blocks only when its answer is lost", Destination: &o.Hook.OnFailure},
			&cli.DurationFlag{Name: "deadline", Usage: "stop the hook after this `DURATION` (before Gemini's timeout, after which Gemini only warns)", Destination: &o.Hook.Deadline},
		},
		Action: func(ctx context.Context, c *cli.Command) error {
			if c.Args().Len() != 1 {
				return usageError("claude-compat takes the hook's command as one argument after --")
			}
			o.Command = c.Args().First()
			return runClaudeCompat(ctx, o)
		},
	}
}

func runClaudeCompat(ctx context.Context, o *claudeCompatOptions) error {
	if _, ok := claudecompat.GeminiEvent(o.Hook.Event); !ok {
		return usageHint("events: PreToolUse, PostToolUse, PostToolUseFailure, UserPromptSubmit, Stop, SubagentStop, SessionStart, SessionEnd, PreCompact, Notification",
			"--event %q: not a Claude event the adapter serves", o.Hook.Event)
	}
	if o.Hook.OnFailure != "" && o.Hook.OnFailure != "block" && o.Hook.OnFailure != claudecompat.OnFailureLost {
		return usageHint("block (Claude's onFailure) or lost (a guard: block when its answer is lost)", "--on-failure %q: want block or lost", o.Hook.OnFailure)
	}
	// Gemini stops a hook that times out with SIGTERM to the adapter alone
	// (spec §5.5); the kernel then stops the hook's shell too
	// (claudecompat's ownGroup). The adapter does not catch the signal:
	// os/signal's set-up cost 1.9 ms, 13% of every adapter run
	// (BenchmarkAdapterProcess).
	if code := claudecompat.Run(ctx, o.Hook, o.Command, claudecompat.Process{Stdin: o.Stdin, Stdout: o.Stdout, Stderr: o.Stderr, Env: o.environ(), Dir: o.Dir}); code != 0 {
		return &exitError{code: code}
	}
	return nil
}

// claudeCompatArgs parses the usual form of a claude-compat command line,
// "gh-hooks claude-compat --event E [--matcher M] [--plugin-root DIR] --
// CMD", as migrate writes it (claudecompat.ParseArgs); ok is false for
// anything else (help, a misspelt flag), which Run leaves to urfave/cli. The adapter runs on
// every tool call of a migrated hook, and urfave/cli's set-up of the
// whole command tree was 14% of its run (BenchmarkAdapterProcess).
func claudeCompatArgs(args []string) (h claudecompat.Hook, command string, ok bool) {
	if len(args) < 2 || args[1] != "claude-compat" {
		return h, "", false
	}
	return claudecompat.ParseArgs(args[2:])
}
