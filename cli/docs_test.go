package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	docs "github.com/urfave/cli-docs/v3"
	"github.com/urfave/cli/v3"

	"github.com/gh-hooks/gh-hooks/fingerprint"
)

// docsRoot is the command tree as the documents describe it.
func docsRoot() *cli.Command {
	root := newRoot(&env{Process: Process{Stdout: &bytes.Buffer{}, Stderr: &bytes.Buffer{}}}, nil)
	plainFlags(root)
	return root
}

// plainFlags gives the documentation a choice flag as the string flag it
// is: urfave/cli-docs writes a *cli.StringFlag's default unquoted, and
// knows nothing of the values a choice declares for completion.
func plainFlags(c *cli.Command) {
	for i, f := range c.Flags {
		if ch, ok := f.(*choice); ok {
			c.Flags[i] = &cli.StringFlag{Name: ch.Name, Aliases: ch.Aliases, Usage: ch.Usage, Value: ch.Value, DefaultText: ch.DefaultText,
				Required: ch.Required, Hidden: ch.Hidden, TakesFile: ch.TakesFile, Category: ch.Category, Local: ch.Local}
		}
	}
	for _, sub := range c.Commands {
		plainFlags(sub)
	}
}

// checkGenerated fails when path is not want; with -update it writes it.
func checkGenerated(t *testing.T, path, want string) {
	t.Helper()
	if *update {
		if err := os.WriteFile(path, []byte(want), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (generate it with: go test ./cli -run %s -update)", err, t.Name())
	}
	if diff := cmp.Diff(string(got), want); diff != "" {
		t.Errorf("%s is stale; regenerate with: go test ./cli -run %s -update\n(-file +generated):\n%s", path, t.Name(), diff)
	}
}

// TestReference keeps docs/REFERENCE.md equal to the markdown reference
// urfave/cli-docs renders from the command definitions.
func TestReference(t *testing.T) {
	md, err := docs.ToMarkdown(docsRoot())
	if err != nil {
		t.Fatal(err)
	}
	for _, hidden := range []string{"__complete"} {
		if strings.Contains(md, hidden) {
			t.Errorf("reference documents hidden command %q", hidden)
		}
	}
	checkGenerated(t, filepath.Join("..", "docs", "REFERENCE.md"), md)
}

// TestManPage keeps the embedded man page (cli/man/gh-hooks.1) equal to
// the one manPageOf renders from the commands, checks its synopses and
// options, and checks that `gh-hooks man` prints it and `man --install`
// installs it.
func TestManPage(t *testing.T) {
	root := newRoot(&env{Process: Process{Stdout: &bytes.Buffer{}, Stderr: &bytes.Buffer{}}}, nil)
	man := manPageOf(root)
	checkGenerated(t, filepath.Join("man", "gh-hooks.1"), man)
	checkManPage(t, root, man)

	hermetic(t)
	code, out, _ := runMain(t, "man")
	if code != 0 || out != manPage {
		t.Errorf("gh-hooks man: exit %d, printed %d bytes, want the %d of the page", code, len(out), len(manPage))
	}
	dir := filepath.Join(t.TempDir(), "man1")
	code, _, stderr := runMain(t, "man", "--install", "--dir", dir)
	if got, err := os.ReadFile(filepath.Join(dir, "gh-hooks.1")); code != 0 || err != nil || string(got) != manPage {
		t.Errorf("man --install: exit %d, %v; stderr %q", code, err, stderr)
	}
	if !strings.Contains(stderr, "installed "+filepath.Join(dir, "gh-hooks.1")) {
		t.Errorf("man --install does not say where it installed: %q", stderr)
	}
}

// TestCIDocListsAuditCodes: docs/ci.md's list of trust audit's codes, the
// ones --ignore takes, is fingerprint.AuditCodes, every one and no other
// (issue 32 item 18: it listed four of twelve).
func TestCIDocListsAuditCodes(t *testing.T) {
	t.Parallel()
	b, err := os.ReadFile(filepath.Join("..", "docs", "ci.md"))
	if err != nil {
		t.Fatal(err)
	}
	doc := string(b)
	start := strings.Index(doc, "`trust audit` has ")
	end := strings.Index(doc, "A trust audit's hook statuses")
	if start < 0 || end < start {
		t.Fatal("docs/ci.md: no list of trust audit's codes (\"`trust audit` has ...\" up to \"A trust audit's hook statuses\")")
	}
	var got []string
	for _, m := range regexp.MustCompile("`([a-z]+(?:-[a-z]+)+)`").FindAllStringSubmatch(doc[start:end], -1) {
		if !slices.Contains(got, m[1]) {
			got = append(got, m[1])
		}
	}
	slices.Sort(got)
	want := slices.Sorted(slices.Values(fingerprint.AuditCodes()))
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("docs/ci.md's trust audit codes (-code +doc):\n%s", diff)
	}
}
