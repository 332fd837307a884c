package headless

import (
	"errors"
	"fmt"
	"path/filepath"
	"sort"
	"strings"

	"mvdan.cc/sh/v3/syntax"
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
	if strings.TrimSpace(cmd) == "" {
		return errors.New("no command")
	}
	if len(cmd) > 4096 {
		return errors.New("too long")
	}
	f, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(cmd), "")
	if err != nil {
		return fmt.Errorf("does not parse: %v", err)
	}
	if len(f.Stmts) != 1 {
		return errors.New("more than one command")
	}
	st := f.Stmts[0]
	if st.Background || st.Coprocess || st.Negated || len(st.Redirs) > 0 {
		return errors.New("a redirection or operator")
	}
	call, ok := st.Cmd.(*syntax.CallExpr)
	if !ok || len(call.Args) == 0 || len(call.Assigns) > 0 {
		return errors.New("not one simple command")
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
						return errors.New("an expansion inside quotes")
					}
				}
			case *syntax.Lit:
				if strings.ContainsAny(q.Value, "*?[") {
					return errors.New("a glob")
				}
			default:
				return errors.New("an expansion")
			}
		}
	}
	prog := call.Args[0].Lit()
	if !contains(ShellPrograms, prog) {
		return fmt.Errorf("%s is not a printing program", prog)
	}
	for _, w := range call.Args {
		if l := w.Lit(); strings.ContainsAny(l, "*?[") {
			return errors.New("a glob")
		}
	}
	return nil
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
