package cli

import (
	"strings"
)

// example is one invocation shown under EXAMPLES in a command's help and
// man page, as gh shows them: a comment line, then the command line.
// TestExamples runs every one in a copy of the README's example project
// (testdata/example, with the Claude project's .claude beside .gemini):
// a renamed flag or a changed exit status fails it.
type example struct {
	// about is the comment line, without "# ".
	about string
	// line is the shell command line after "$ "; a line ending in "\" or
	// "|" continues on the next one. It must fit 60 columns.
	line string
	// exit is the status the line exits with in the example project.
	exit int
	// before are gh-hooks command lines the test runs first, in the same
	// copy, to set the scene (an approval to revoke); never shown.
	before []string
}

// examples are each command's EXAMPLES, by full name without "gh-hooks"
// ("" is gh-hooks itself). Every command has two or three.
var examples = []commandExamples{
	{"", []example{
		{about: "Which hooks run, from where, and why others do not", line: "gh-hooks effective"},
		{about: "A cloned project's hooks to review (exit 3)", line: "gh-hooks trust audit", exit: 3},
		{about: "Why a hook does not run, with the fix", line: "gh-hooks doctor", exit: 3},
	}},
	{"effective", []example{
		{about: "Every hook of every layer, whether it runs, and why", line: "gh-hooks effective"},
		{about: "The hooks Gemini runs before a write_file call", line: "gh-hooks effective --event BeforeTool \\\n    --tool write_file"},
		{about: "Everything as one JSON object, for scripts", line: "gh-hooks effective --json"},
	}},
	{"show", []example{
		{about: "One hook in full: file, what it runs, approval", line: "gh-hooks show guard"},
		{about: "By the id effective prints, as JSON", line: "gh-hooks show project/BeforeTool/1/0 --json"},
	}},
	{"validate", []example{
		{about: "Check every layer; exit 3 when there is an error", line: "gh-hooks validate"},
		{about: "A CI gate that fails on warnings too", line: "gh-hooks validate --max-warnings 0", exit: 3},
		{about: "Annotations on the lines of a pull request", line: "gh-hooks validate --format github"},
	}},
	{"commands", []example{
		{about: "The slash commands Gemini loads, and their names", line: "gh-hooks commands"},
		{about: "The same as JSON", line: "gh-hooks commands --json"},
	}},
	{"migrate", []example{
		{about: "What migrating .claude/settings.json would write", line: "gh-hooks migrate --dry-run"},
		{about: "Migrate; run it again after each Claude change", line: "gh-hooks migrate"},
		{about: "In CI: exit 3 while the Gemini side is out of step", line: "gh-hooks migrate --check", exit: 3},
	}},
	{"trust", []example{
		{about: "Which project hooks are new or changed (exit 3)", line: "gh-hooks trust audit", exit: 3},
		{about: "Approve one after reading it", line: "gh-hooks trust approve guard"},
		{about: "Write the baseline a team commits for CI", line: "gh-hooks trust baseline --write"},
	}},
	{"trust audit", []example{
		{about: "Exit 3 while a project hook is new or changed", line: "gh-hooks trust audit", exit: 3},
		{about: "What changed in each hook since its approval", line: "gh-hooks trust audit --diff", exit: 3,
			before: []string{"gh-hooks trust approve fmt", "gh-hooks add --event SessionEnd --name fmt --command ./scripts/fmt.sh"}},
		{about: "In CI, against the team's committed baseline", line: "gh-hooks trust audit \\\n    --baseline .gemini/gh-hooks-trust.json",
			before: []string{"gh-hooks trust baseline --write"}},
	}},
	{"trust approve", []example{
		{about: "Review each new or changed hook: y, n, a or q", line: "printf 'y\\nn\\nq\\n' | gh-hooks trust approve -i"},
		{about: "Approve one hook, by name or id", line: "gh-hooks trust approve guard"},
		{about: "Approve all, accepting what their fingerprints miss", line: "gh-hooks trust approve --all --accept-not-covered"},
	}},
	{"trust revoke", []example{
		{about: "Withdraw the approval of one hook", line: "gh-hooks trust revoke guard", before: []string{"gh-hooks trust approve --all"}},
		{about: "Show what withdrawing every approval would change", line: "gh-hooks trust revoke --all --dry-run", before: []string{"gh-hooks trust approve --all"}},
	}},
	{"trust list", []example{
		{about: "The projects you approved hooks in", line: "gh-hooks trust list", before: []string{"gh-hooks trust approve --all"}},
		{about: "The same as JSON", line: "gh-hooks trust list --json", before: []string{"gh-hooks trust approve --all"}},
	}},
	{"trust prune", []example{
		{about: "Which approvals of deleted projects would go", line: "gh-hooks trust prune --dry-run"},
		{about: "Drop them", line: "gh-hooks trust prune"},
	}},
	{"trust baseline", []example{
		{about: "Print the fingerprints of the project's hooks", line: "gh-hooks trust baseline"},
		{about: "Write .gemini/gh-hooks-trust.json for the team", line: "gh-hooks trust baseline --write"},
	}},
	{"run", []example{
		{about: "Does the guard deny rm -rf? (exit 3: it does)", line: "gh-hooks run --event BeforeTool --allow-untrusted \\\n    --input '{\"tool_input\": {\"command\": \"rm -rf /\"}}'", exit: 3},
		{about: "The AfterAgent hooks, approved ones only", line: "gh-hooks run --event AfterAgent", exit: 3, before: []string{"gh-hooks trust approve --all"}},
		{about: "Keep what came of a run as a test case", line: "gh-hooks run --event AfterAgent --allow-untrusted \\\n    --save-test .gemini/hooks.test.yaml", exit: 3},
	}},
	{"test", []example{
		{about: "Run the project's hook tests", line: "gh-hooks test", before: []string{"gh-hooks trust approve --all"}},
		{about: "The guard's cases only, as JUnit XML for CI", line: "gh-hooks test --run guard --format junit", before: []string{"gh-hooks trust approve --all"}},
		{about: "Before approving: run the hooks anyway", line: "gh-hooks test --allow-untrusted"},
	}},
	{"doctor", []example{
		{about: "Why hooks do not run, with the fix for each problem", line: "gh-hooks doctor", exit: 3},
		{about: "The same as JSON", line: "gh-hooks doctor --json", exit: 3},
	}},
	{"add", []example{
		{about: "A guard before each shell command (a dry run)", line: "gh-hooks add --event BeforeTool --name guard2 \\\n    --matcher run_shell_command \\\n    --command ./scripts/guard.sh --dry-run"},
		{about: "A hook of your own, in ~/.gemini/settings.json", line: "gh-hooks add --scope user --event AfterAgent \\\n    --name bell --command 'printf \"\\a\"'"},
	}},
	{"remove", []example{
		{about: "Show what removing the hook named fmt changes", line: "gh-hooks remove fmt --dry-run"},
		{about: "Remove the hooks that run exactly this command", line: "gh-hooks remove --command 'npm run lint'"},
	}},
	{"enable", []example{
		{about: "Let Gemini run the hook named guard again", line: "gh-hooks enable guard", before: []string{"gh-hooks disable guard"}},
		{about: "Empty every hooksConfig.disabled list (a dry run)", line: "gh-hooks enable --all --dry-run"},
	}},
	{"disable", []example{
		{about: "Make Gemini skip every hook named guard", line: "gh-hooks disable guard"},
		{about: "Skip a hook in every project: your user settings", line: "gh-hooks disable lint --scope user"},
		{about: "Skip every hook Gemini would run (a dry run)", line: "gh-hooks disable --all --dry-run"},
	}},
	{"claude-compat", []example{
		{about: "What Gemini gets from a Claude guard", line: "echo '{\"tool_name\": \"run_shell_command\",\n    \"tool_input\": {\"command\": \"rm -rf /\"}}' |\n  gh-hooks claude-compat --event PreToolUse \\\n    -- .claude/hooks/block-rm.sh"},
		{about: "A Claude PostToolUse hook after a write_file call", line: "echo '{\"tool_name\": \"write_file\"}' |\n  gh-hooks claude-compat --event PostToolUse \\\n    -- .claude/hooks/log-edit.sh"},
	}},
	{"completion", []example{
		{about: "Load completion in the current bash", line: "source <(gh-hooks completion bash)"},
		{about: "In zsh", line: "source <(gh-hooks completion zsh)"},
		{about: "In fish", line: "gh-hooks completion fish | source"},
	}},
	{"version", []example{
		{about: "Which gh-hooks this is", line: "gh-hooks version"},
		{about: "The same", line: "gh-hooks --version"},
	}},
	{"man", []example{
		{about: "Read the man page now", line: "gh-hooks man | man -l -"},
		{about: "Install it for man gh-hooks", line: "gh-hooks man --install"},
	}},
}

// commandExamples are the examples of the command name.
type commandExamples struct {
	name     string
	examples []example
}

// examplesOf returns the examples of the command named name.
func examplesOf(name string) []example {
	for _, c := range examples {
		if c.name == name {
			return c.examples
		}
	}
	return nil
}

// examplesHelp is the EXAMPLES section of the command named name, ""
// when it has none. Its lines are never wrapped: each fits 60 columns.
func examplesHelp(name string) string {
	ex := examplesOf(name)
	if len(ex) == 0 {
		return ""
	}
	var b strings.Builder
	b.WriteString("\nEXAMPLES:\n")
	for i, x := range ex {
		if i > 0 {
			b.WriteString("\n")
		}
		b.WriteString("   # " + x.about + "\n")
		for j, l := range strings.Split(x.line, "\n") {
			if j == 0 {
				b.WriteString("   $ " + l + "\n")
			} else {
				b.WriteString("   " + l + "\n")
			}
		}
	}
	return b.String()
}
