package cli

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/urfave/cli/v3"
	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/syntax"

	"github.com/gh-hooks/gh-hooks/internal/table"
)

// helpCommands is every command whose help a user can ask for, by path
// ("" for gh-hooks itself, "trust audit"), in help's order.
func helpCommands() (paths []string, byPath map[string]*cli.Command) {
	byPath = map[string]*cli.Command{}
	var walk func(c *cli.Command, path string)
	walk = func(c *cli.Command, path string) {
		paths = append(paths, path)
		byPath[path] = c
		for _, sub := range c.Commands {
			if sub.Hidden || sub.Name == "help" {
				continue
			}
			walk(sub, strings.TrimSpace(path+" "+sub.Name))
		}
	}
	walk(docsRoot(), "")
	return paths, byPath
}

// helpAt is the help of the command at path on a terminal width columns
// wide.
func helpAt(t *testing.T, path string, width int) string {
	t.Helper()
	var stdout, stderr bytes.Buffer
	args := append([]string{"gh-hooks"}, strings.Fields(path)...)
	code := Run(append(args, "--help"), Process{Stdin: strings.NewReader(""), Stdout: &stdout, Stderr: &stderr,
		Terminal: true, Width: width, Env: []string{"NO_COLOR=1"}})
	if code != 0 || stderr.Len() > 0 {
		t.Fatalf("%s --help: exit %d, stderr %q", path, code, stderr.String())
	}
	return stdout.String()
}

// TestHelpWidth checks every command's help at 60 and 80 columns: no
// line is wider, except one that holds a single word too long for any
// line (after its indentation or the gap of a flag's column); the
// preformatted lines of the descriptions and the examples are printed
// whole, never wrapped, and so must fit 60 columns here and in the man
// page.
func TestHelpWidth(t *testing.T) {
	paths, byPath := helpCommands()
	for _, path := range paths {
		// The preformatted lines, as written and as help prints them.
		var text, pre []string
		for _, l := range strings.Split(byPath[path].Description, "\n") {
			if p, ok := strings.CutPrefix(l, "\t"); ok {
				text, pre = append(text, p), append(pre, "     "+p)
			}
		}
		for _, x := range examplesOf(path) {
			text, pre = append(text, "# "+x.about), append(pre, "   # "+x.about)
			for i, l := range strings.Split(x.line, "\n") {
				if i == 0 {
					l = "$ " + l
				}
				text, pre = append(text, l), append(pre, "   "+l)
			}
		}
		for _, l := range text {
			// The man page indents them by 7 columns where help has
			// 3 or 5: 53 columns of text fit 60 in both.
			if n := table.Width(l); n > 53 {
				t.Errorf("gh-hooks %s --help: a preformatted line is %d columns wide, over 53:\n%s", path, n, l)
			}
		}
		for _, width := range []int{60, 80} {
			help := helpAt(t, path, width)
			lines := strings.Split(help, "\n")
			for _, l := range lines {
				if table.Width(l) <= width {
					continue
				}
				rest := strings.TrimSpace(l)
				if i := strings.LastIndex(l, "  "); i >= 0 {
					rest = strings.TrimSpace(l[i:])
				}
				if strings.Contains(rest, " ") {
					t.Errorf("gh-hooks %s --help at %d columns: a line is %d wide with words after its long one:\n%s", path, width, table.Width(l), l)
				}
			}
			for _, p := range pre {
				if !strings.Contains("\n"+help, "\n"+p+"\n") {
					t.Errorf("gh-hooks %s --help at %d columns does not print this line whole:\n%s\nhelp:\n%s", path, width, p, help)
				}
			}
		}
	}
}

// TestHelpUsage checks that each command's USAGE names every flag it
// takes (the global flags aside).
func TestHelpUsage(t *testing.T) {
	paths, byPath := helpCommands()
	for _, path := range paths[1:] {
		c := byPath[path]
		if len(c.Commands) > 0 {
			continue // a group: its USAGE names its commands
		}
		usage := c.UsageText
		if usage == "" {
			usage = helpUsage(c)
		}
		for _, f := range c.VisibleFlags() {
			names := f.Names()
			if names[0] == "help" {
				continue
			}
			if !slices.ContainsFunc(names, func(n string) bool { return usageNames(usage, n) }) {
				t.Errorf("gh-hooks %s: USAGE %q does not name --%s", path, usage, names[0])
			}
		}
	}
}

// usageNames reports whether usage names the flag --name (or its short
// alias) as a word of its own.
func usageNames(usage, name string) bool {
	for _, w := range strings.FieldsFunc(usage, func(r rune) bool { return strings.ContainsRune(" []()|=.", r) }) {
		if w == "--"+name || len(name) == 1 && w == "-"+name {
			return true
		}
	}
	return false
}

// helpUsage is the USAGE line urfave/cli prints for c when it has no
// UsageText.
func helpUsage(c *cli.Command) string {
	return fmt.Sprintf("%s [options] %s", c.FullName(), c.ArgsUsage)
}

// TestExamples runs every example of every command's help, each in a
// copy of the README's example (testdata/example: its home as the home,
// its project as ~/src/app, trusted, with the Claude project's .claude
// in it) as the command line shows it, and checks that it exits as the
// example says, prints something, and that every flag and command in it
// exists. Only the gh-hooks commands of a line run; a pipe from echo or
// printf becomes their standard input.
func TestExamples(t *testing.T) {
	paths, _ := helpCommands()
	known := map[string]bool{}
	for _, p := range paths {
		known[p] = true
		if n := len(examplesOf(p)); n < 2 || n > 3 {
			t.Errorf("gh-hooks %s --help has %d examples, want 2 or 3", p, n)
		}
	}
	seen := map[string]bool{}
	for _, c := range examples {
		if !known[c.name] {
			t.Errorf("examples of %q, which is not a command", c.name)
		}
		if seen[c.name] {
			t.Errorf("examples of %q twice", c.name)
		}
		seen[c.name] = true
	}
	for _, p := range paths {
		for i, x := range examplesOf(p) {
			t.Run(fmt.Sprintf("%s/%d", strings.ReplaceAll(p, " ", "_"), i), func(t *testing.T) {
				t.Parallel()
				app, env := readmeProject(t)
				exec := func(args []string, stdin string) (int, string) {
					var out bytes.Buffer
					code := Run(args, Process{Stdin: strings.NewReader(stdin), Stdout: &out, Stderr: &out, Dir: app, Env: env})
					return code, out.String()
				}
				for _, b := range x.before {
					if code, out := exec(strings.Fields(b), ""); code != 0 {
						t.Fatalf("%s (to set the scene): exit %d\n%s", b, code, out)
					}
				}
				calls := exampleCalls(t, x.line)
				if len(calls) != 1 {
					t.Fatalf("%q runs gh-hooks %d times, want once", x.line, len(calls))
				}
				typed := strings.Join(calls[0].args[1:], " ") + " "
				if p != "" && !strings.HasPrefix(typed, p+" ") && !(p == "version" && typed == "--version ") {
					t.Errorf("%q is not an example of gh-hooks %s", x.line, p)
				}
				code, out := exec(calls[0].args, calls[0].stdin)
				if code != x.exit {
					t.Errorf("$ %s\nexits %d, the example says %d:\n%s", x.line, code, x.exit, out)
				}
				if strings.TrimSpace(out) == "" {
					t.Errorf("$ %s\nprints nothing", x.line)
				}
				for _, bad := range []string{"unknown flag", "unknown command", "command not found", "No help topic"} {
					if strings.Contains(out, bad) {
						t.Errorf("$ %s\nsays %q:\n%s", x.line, bad, out)
					}
				}
			})
		}
	}
}

// readmeProject copies the README's example (testdata/example) into a
// temporary directory: its home as the home (~), its project as
// ~/src/app, trusted, with the Claude project's .claude in it; it returns
// the project and the environment to run gh-hooks in.
func readmeProject(t *testing.T) (app string, env []string) {
	t.Helper()
	example := filepath.Join("..", "testdata", "example")
	home := filepath.Join(t.TempDir(), "home", "me")
	app = filepath.Join(home, "src", "app")
	for dst, src := range map[string]string{home: "home", app: "project", filepath.Join(app, ".claude"): filepath.Join("claude-project", ".claude")} {
		if err := os.CopyFS(dst, os.DirFS(filepath.Join(example, src))); err != nil {
			t.Fatal(err)
		}
	}
	return app, []string{
		"HOME=" + home, "GEMINI_CLI_HOME=" + home, "PATH=" + os.Getenv("PATH"),
		"GEMINI_CLI_SYSTEM_SETTINGS_PATH=" + filepath.Join(home, "no-system", "settings.json"),
		"GEMINI_CLI_SYSTEM_DEFAULTS_PATH=" + filepath.Join(home, "no-system", "system-defaults.json"),
		"GH_HOOKS_GEMINI_VERSION=0.61.0", "GEMINI_CLI_TRUST_WORKSPACE=true", "NO_COLOR=1",
	}
}

// exampleCall is one gh-hooks command of an example's line: its
// arguments and what a pipe from echo or printf gives it.
type exampleCall struct {
	args  []string
	stdin string
}

// exampleCalls parses line as bash does and returns its gh-hooks
// commands.
func exampleCalls(t *testing.T, line string) []exampleCall {
	t.Helper()
	f, err := syntax.NewParser().Parse(strings.NewReader(line), "")
	if err != nil {
		t.Fatalf("%q: %v", line, err)
	}
	words := func(c *syntax.CallExpr) []string {
		var out []string
		for _, w := range c.Args {
			if slices.ContainsFunc(w.Parts, func(p syntax.WordPart) bool {
				_, lit := p.(*syntax.Lit)
				_, sq := p.(*syntax.SglQuoted)
				_, dq := p.(*syntax.DblQuoted)
				return !lit && !sq && !dq
			}) {
				out = append(out, "<"+line[w.Pos().Offset():w.End().Offset()]+">") // not run
				continue
			}
			s, err := expand.Literal(&expand.Config{}, w) // nil shares one config: a race
			if err != nil {
				t.Fatalf("%q: %v", line, err)
			}
			out = append(out, s)
		}
		return out
	}
	stdin := map[*syntax.CallExpr]string{}
	var calls []exampleCall
	syntax.Walk(f, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.BinaryCmd:
			x, ok1 := n.X.Cmd.(*syntax.CallExpr)
			y, ok2 := n.Y.Cmd.(*syntax.CallExpr)
			if n.Op == syntax.Pipe && ok1 && ok2 {
				w := words(x)
				switch w[0] {
				case "echo":
					stdin[y] = strings.Join(w[1:], " ") + "\n"
				case "printf":
					if len(w) != 2 || strings.Contains(w[1], "%") {
						t.Fatalf("%q: the test reads only printf 'TEXT'", line)
					}
					stdin[y] = strings.NewReplacer(`\n`, "\n", `\a`, "\a", `\\`, `\`).Replace(w[1])
				}
			}
		case *syntax.CallExpr:
			if w := words(n); len(w) > 0 && w[0] == "gh-hooks" {
				calls = append(calls, exampleCall{args: w, stdin: stdin[n]})
			}
		}
		return true
	})
	return calls
}
