package cli

import (
	"context"
	_ "embed"
	"errors"
	"fmt"
	"github.com/gh-hooks/gh-hooks/config"
	"os"
	"path/filepath"
	"strings"

	"github.com/urfave/cli/v3"
)

// manPage is gh-hooks(1), rendered from the command definitions by
// urfave/cli-docs in TestManPage (go test ./cli -run TestManPage -update
// rewrites it), so that the binary does not carry the markdown and roff
// renderers: their package start-up alone was 1.6 ms of every gh-hooks
// process, 13% of `gh-hooks --version` (BENCHMARKS.md).
//
//go:embed man/gh-hooks.1
var manPage string

type manOptions struct {
	*env
	Install bool
	Dir     string
	DryRun  bool
}

// manCommand prints or installs the man page.
func manCommand(e *env) *cli.Command {
	o := &manOptions{env: e}
	return &cli.Command{
		Name:      "man",
		Usage:     "print the gh-hooks(1) man page, or install it with --install",
		UsageText: "gh-hooks man [--install [--dir DIR] [--dry-run]]",
		Description: "--install writes gh-hooks.1 into DIR, by default $XDG_DATA_HOME/man/man1 (~/.local/share/man/man1),\n" +
			"which man searches when ~/.local/bin is on PATH (or the directory is on MANPATH); when man\n" +
			"will not find the page there, --install prints the MANPATH line that makes it. With --dry-run it\n" +
			"prints the unified diff of gh-hooks.1 and whether man would find it, and writes nothing.",
		Flags: []cli.Flag{
			&cli.BoolFlag{Name: "install", Usage: "write the page into DIR instead of printing it", Destination: &o.Install},
			&cli.StringFlag{Name: "dir", Usage: "where --install writes gh-hooks.1", TakesFile: true, Destination: &o.Dir},
			&cli.BoolFlag{Name: "dry-run", Usage: "with --install: print the diff, write nothing", Destination: &o.DryRun},
		},
		Action: func(_ context.Context, c *cli.Command) error {
			if err := noArgs(c); err != nil {
				return err
			}
			return runMan(o)
		},
	}
}

func runMan(o *manOptions) error {
	if !o.Install {
		if o.Dir != "" || o.DryRun {
			return usageError("--dir and --dry-run only apply to --install")
		}
		_, err := fmt.Fprint(o.Stdout, manPage)
		return err
	}
	dir := o.Dir
	if dir != "" {
		dir = o.abs(dir)
	} else {
		data := o.getenv("XDG_DATA_HOME")
		if data == "" {
			home := o.home()
			if home == "" {
				return fail(errors.New("no home directory to install the man page in: $HOME is not set"), "pass --dir DIR")
			}
			data = filepath.Join(home, ".local", "share")
		}
		dir = filepath.Join(data, "man", "man1")
	}
	path := filepath.Join(dir, "gh-hooks.1")
	done := "installed"
	if o.DryRun {
		var old []byte
		if b, err := os.ReadFile(path); err == nil {
			old = b
		}
		printDiff(o.Stdout, config.Diff(path, old, []byte(manPage)))
		done = "dry run: would install"
	} else {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return fail(err, "pass a writable --dir DIR")
		}
		if err := os.WriteFile(path, []byte(manPage), 0o644); err != nil {
			return fail(err, "pass a writable --dir DIR")
		}
	}
	root := filepath.Dir(dir)
	if manSearches(root, o.getenv("MANPATH"), o.getenv("PATH")) {
		note(o.Stderr, "%s %s; read it with: man gh-hooks\n", done, path)
		return nil
	}
	note(o.Stderr, "%s %s, but man does not look in %s: it is not on MANPATH, and no directory on PATH is %s\n",
		done, path, root, manBin(root))
	note(o.Stderr, "hint: add this line to your shell's startup file (the final colon keeps the system's pages), then: man gh-hooks\n")
	note(o.Stderr, "  export MANPATH=\"%s:$MANPATH\"\n", root)
	return nil
}

// manBin is the PATH directory that leads man to root: D/bin for
// D/share/man and D/man.
func manBin(root string) string {
	up := filepath.Dir(root)
	if filepath.Base(up) == "share" {
		up = filepath.Dir(up)
	}
	return filepath.Join(up, "bin")
}

// manSearches reports whether man finds pages under root (a directory
// holding man1/): man-db's manpath, and BSD man, search the MANPATH
// directories; when MANPATH is unset or has an empty entry (a leading or
// trailing colon) they also search, for each directory D/bin on PATH,
// D/share/man and D/man (manpath(5): "the PATH mapping"). Watched with
// man-db 2.11: ~/.local/share/man is searched when ~/.local/bin is on
// PATH, and not otherwise.
func manSearches(root, manpath, path string) bool {
	fromPath := manpath == ""
	for _, d := range strings.Split(manpath, ":") {
		if d == "" {
			fromPath = true
		} else if filepath.Clean(d) == root {
			return true
		}
	}
	if !fromPath {
		return false
	}
	for _, p := range filepath.SplitList(path) {
		if p == "" || !filepath.IsAbs(p) {
			continue
		}
		up := filepath.Dir(filepath.Clean(p))
		if filepath.Join(up, "share", "man") == root || filepath.Join(up, "man") == root {
			return true
		}
	}
	return false
}
