package main

import (
	"io"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/urfave/cli/v2"
)

// TestFlagNamesCached checks every flag of the app, of its commands and
// urfave's help and version flags: each is wrapped (a flag type added
// later and not wrapped would cost a regexp per lookup again), and its
// names are the ones urfave/cli computes for it.
func TestFlagNamesCached(t *testing.T) {
	app := newApp(nil, nil, io.Discard, io.Discard)
	check := func(where string, fs []cli.Flag) {
		t.Helper()
		for _, f := range fs {
			var name string
			var aliases []string
			switch f := f.(type) {
			case *boolFlag:
				name, aliases = f.Name, f.Aliases
			case *stringFlag:
				name, aliases = f.Name, f.Aliases
			case *intFlag:
				name, aliases = f.Name, f.Aliases
			case *genericFlag:
				name, aliases = f.Name, f.Aliases
			default:
				t.Errorf("%s: flag %v is a %T, which cachedNames does not wrap", where, f.Names(), f)
				continue
			}
			want := cli.FlagNames(name, aliases)
			if diff := cmp.Diff(want, f.Names()); diff != "" {
				t.Errorf("%s: flag %s: Names() (-urfave +cached):\n%s", where, name, diff)
			}
			if diff := cmp.Diff(want, f.Names()); diff != "" {
				t.Errorf("%s: flag %s: second Names() (-urfave +cached):\n%s", where, name, diff)
			}
		}
	}
	check("app", app.Flags)
	check("urfave", []cli.Flag{cli.HelpFlag, cli.VersionFlag})
	var walk func(path string, cmds []*cli.Command)
	walk = func(path string, cmds []*cli.Command) {
		for _, c := range cmds {
			check(path+c.Name, c.Flags)
			walk(path+c.Name+" ", c.Subcommands)
		}
	}
	walk("", app.Commands)
	if n := len(app.Commands); n < 10 {
		t.Fatalf("the app has %d commands; the walk saw too few to mean anything", n)
	}
}

// TestCachedNamesKeepsOtherFlags: a flag type cachedNames does not know is
// left alone, and wrapping twice does not nest.
func TestCachedNamesKeepsOtherFlags(t *testing.T) {
	other := &cli.Float64Flag{Name: "ratio", Aliases: []string{"r"}}
	if got := cachedNames(other); got != cli.Flag(other) {
		t.Errorf("cachedNames(%T) = %T, want the flag itself", other, got)
	}
	once := cachedNames(&cli.BoolFlag{Name: "json"})
	if twice := cachedNames(once); twice != once {
		t.Errorf("cachedNames of a wrapped flag = %T, want it unchanged", twice)
	}
	if !isBoolFlag(once) || !isBoolFlag(&cli.BoolFlag{Name: "x"}) || isBoolFlag(cachedNames(&cli.StringFlag{Name: "s"})) {
		t.Error("isBoolFlag does not see through the wrapper")
	}
}
