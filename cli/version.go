package cli

import (
	"context"
	"fmt"
	"runtime/debug"

	"github.com/urfave/cli/v3"
)

// Version is set at build time with -ldflags "-X github.com/gh-hooks/gh-hooks/cli.Version=v1.2.3";
// see appVersion for what is printed without it.
var Version = ""

// appVersion is what --version and `gh-hooks version` print: Version when
// set; else the module version that `go install module@version` records;
// else, for a build from a checkout, the VCS revision and commit time that
// the go command stamps into the binary ("devel 1a2b3c4d5e6f 2026-11-25T10:00:00Z",
// "-dirty" when the tree had changes); "devel" when there is none of that.
func appVersion() string {
	if Version != "" {
		return Version
	}
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "devel"
	}
	if v := bi.Main.Version; v != "" && v != "(devel)" {
		return v
	}
	var rev, at, dirty string
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.time":
			at = s.Value
		case "vcs.modified":
			if s.Value == "true" {
				dirty = "-dirty"
			}
		}
	}
	if rev == "" {
		return "devel"
	}
	if len(rev) > 12 {
		rev = rev[:12]
	}
	v := "devel " + rev + dirty
	if at != "" {
		v += " " + at
	}
	return v
}

// versionCommand is `gh-hooks version`, the same as --version.
func versionCommand(e *env) *cli.Command {
	return &cli.Command{
		Name:  "version",
		Usage: "print gh-hooks' version (the same as --version)",
		Action: func(_ context.Context, c *cli.Command) error {
			if err := noArgs(c); err != nil {
				return err
			}
			fmt.Fprintf(e.Stdout, "gh-hooks version %s\n", appVersion())
			return nil
		},
	}
}
