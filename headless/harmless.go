package headless

import (
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"mvdan.cc/sh/v3/syntax"

	"github.com/gh-hooks/gh-hooks/runner"
)

// Where says where a harmless call may run.
type Where int

const (
	// InProject: the call only reads, so it may run in the project.
	InProject Where = iota
	// InCopy: the call writes, so it runs in a temporary copy of the
	// project, inside which Gemini's file tools stay confined.
	InCopy
)

// ReadOnlyTools are the built-in tools that only read files inside the
// workspace (Gemini's file tools refuse paths outside it before any hook
// runs; gemini-headless.md "Safety").
var ReadOnlyTools = []string{"read_file", "glob", "grep_search", "list_directory"}

// WriteTools are the built-in tools that write one file inside the
// workspace: harmless in a temporary copy of the project.
var WriteTools = []string{"write_file", "replace"}

// ShellPrograms are the programs a run_shell_command may run: one simple
// command, literal words only, no redirection, no operator; each of
// these only prints.
var ShellPrograms = []string{"echo", "printf", "true", "false", "pwd", "ls", "date", "whoami", "uname"}

// ErrNotHarmless is wrapped by Harmless's refusals.
var ErrNotHarmless = errors.New("not a harmless tool call")

// Harmless says whether a call of tool with input may run through the
// real CLI (which executes the tool when no hook blocks it), and where.
// It refuses every other tool: MCP tools (a server can do anything),
// web tools (network), shell commands beyond one literal printing
// command, and anything it does not know.
func Harmless(tool string, input map[string]any) (Where, error) {
	switch {
	case contains(ReadOnlyTools, tool):
		return InProject, nil
	case contains(WriteTools, tool):
		// In the copy, an absolute path would name the real project (which
		// Gemini then refuses as outside the workspace) or anything else.
		p, _ := input["file_path"].(string)
		if p == "" || filepath.IsAbs(p) || p == ".." || strings.HasPrefix(filepath.ToSlash(filepath.Clean(p)), "../") {
			return 0, fmt.Errorf("%w: %s writes %q: give a file_path relative to the project, inside it", ErrNotHarmless, tool, p)
		}
		return InCopy, nil
	case tool == "run_shell_command":
		cmd, _ := input["command"].(string)
		if err := literalPrint(cmd); err != nil {
			return 0, fmt.Errorf("%w: run_shell_command %q: %v; only one of %s with literal arguments runs", ErrNotHarmless, cmd, err, strings.Join(ShellPrograms, ", "))
		}
		return InProject, nil
	case strings.HasPrefix(tool, "mcp_"):
		return 0, fmt.Errorf("%w: %s is an MCP tool: its server could do anything", ErrNotHarmless, tool)
	}
	known := append(append([]string{"run_shell_command"}, ReadOnlyTools...), WriteTools...)
	sort.Strings(known)
	return 0, fmt.Errorf("%w: %s: only %s run for real", ErrNotHarmless, tool, strings.Join(known, ", "))
}

// literalPrint accepts one simple command of ShellPrograms whose words
// are literal (no expansion, substitution, glob or redirection).
func literalPrint(cmd string) error {
	prog, _, err := literalCommand(cmd)
	if err != nil {
		return err
	}
	if !contains(ShellPrograms, prog) {
		return fmt.Errorf("%s is not a printing program", prog)
	}
	return nil
}

// literalCommand accepts one simple command whose words are literal (no
// expansion, substitution, glob or redirection) and returns its program
// and words, unquoted.
func literalCommand(cmd string) (string, []string, error) {
	if strings.TrimSpace(cmd) == "" {
		return "", nil, errors.New("no command")
	}
	if len(cmd) > 4096 {
		return "", nil, errors.New("too long")
	}
	f, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(cmd), "")
	if err != nil {
		return "", nil, fmt.Errorf("does not parse: %v", err)
	}
	if len(f.Stmts) != 1 {
		return "", nil, errors.New("more than one command")
	}
	st := f.Stmts[0]
	if st.Background || st.Coprocess || st.Negated || len(st.Redirs) > 0 {
		return "", nil, errors.New("a redirection or operator")
	}
	call, ok := st.Cmd.(*syntax.CallExpr)
	if !ok || len(call.Args) == 0 || len(call.Assigns) > 0 {
		return "", nil, errors.New("not one simple command")
	}
	for _, w := range call.Args {
		if w.Lit() != "" {
			continue
		}
		for _, p := range w.Parts {
			switch q := p.(type) {
			case *syntax.SglQuoted:
			case *syntax.DblQuoted:
				for _, qp := range q.Parts {
					if _, lit := qp.(*syntax.Lit); !lit {
						return "", nil, errors.New("an expansion inside quotes")
					}
				}
			case *syntax.Lit:
				if strings.ContainsAny(q.Value, "*?[") {
					return "", nil, errors.New("a glob")
				}
			default:
				return "", nil, errors.New("an expansion")
			}
		}
	}
	var words []string
	for _, w := range call.Args {
		if l := w.Lit(); strings.ContainsAny(l, "*?[") {
			return "", nil, errors.New("a glob")
		}
		var b strings.Builder
		for _, p := range w.Parts {
			switch q := p.(type) {
			case *syntax.Lit:
				b.WriteString(q.Value)
			case *syntax.SglQuoted:
				b.WriteString(q.Value)
			case *syntax.DblQuoted:
				for _, qp := range q.Parts {
					b.WriteString(qp.(*syntax.Lit).Value)
				}
			}
		}
		words = append(words, b.String())
	}
	return words[0], words, nil
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// GuardPrograms are the programs a guarded call may run (Guarded): each
// changes only the files its arguments name, so that, with relative
// paths, a call that runs anyway stays in the temporary copy.
var GuardPrograms = []string{"rm", "rmdir", "unlink", "mv", "cp", "chmod", "touch", "mkdir", "truncate", "shred"}

// ErrNotBlocked is wrapped by GuardHolds's refusal.
var ErrNotBlocked = errors.New("no hook blocks the call")

// Guarded says whether a BeforeTool run_shell_command call that Harmless
// refuses may still go through the real CLI, to test a guard that blocks
// it: one simple command of GuardPrograms with literal words, none of
// which names a path outside the project (absolute, ~, ..), run in a
// temporary copy of the project. It is fired only when gh-hooks' model
// of the same event shows a hook blocking it (GuardHolds), so the real
// CLI runs it only if the real guard disagrees, and then in the copy.
func Guarded(event, tool string, input map[string]any) error {
	if event != "BeforeTool" || tool != "run_shell_command" {
		return fmt.Errorf("%w: only a BeforeTool run_shell_command can be fired to see a guard block it", ErrNotHarmless)
	}
	cmd, _ := input["command"].(string)
	prog, words, err := literalCommand(cmd)
	if err == nil && strings.ContainsAny(cmd, `\${`) {
		// An escape, $'...' or a brace expansion can spell a path the
		// words below do not show (rm -rf {/etc,x}).
		err = errors.New("a backslash, $ or brace")
	}
	if err != nil {
		return fmt.Errorf("%w: run_shell_command %q: %v", ErrNotHarmless, cmd, err)
	}
	if !contains(GuardPrograms, prog) {
		return fmt.Errorf("%w: run_shell_command %q: %s is not one of %s", ErrNotHarmless, cmd, prog, strings.Join(GuardPrograms, ", "))
	}
	for _, w := range words[1:] {
		_, v, _ := strings.Cut(w, "=") // --target-directory=/etc
		for _, p := range []string{w, v} {
			if strings.HasPrefix(p, "/") || strings.HasPrefix(p, "~") || slices.Contains(strings.Split(filepath.ToSlash(p), "/"), "..") {
				return fmt.Errorf("%w: run_shell_command %q: %s names a path outside the project", ErrNotHarmless, cmd, w)
			}
		}
	}
	return nil
}

// GuardHolds refuses a guarded call (Guarded) that gh-hooks' model of
// the event lets run: the real CLI would run it too.
func GuardHolds(outcome runner.Outcome) error {
	if outcome.ToolRuns != nil && !*outcome.ToolRuns {
		return nil
	}
	return fmt.Errorf("%w: gh-hooks' model of the BeforeTool hooks lets it run, so the real CLI would run it", ErrNotBlocked)
}
