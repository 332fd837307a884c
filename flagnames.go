package main

import "github.com/urfave/cli/v2"

// urfave/cli v2 asks a flag for its names through Names(), which runs
// cli.FlagNames: a regular expression over the name and each alias, on
// every call. It calls it O(flags²) times per run: after parsing, for each
// flag that was not given, Context.IsSet scans every flag of the command
// and of the app (runFlagActions → IsSet → lookupFlag). For `gh-hooks
// effective --json` that was 74 runs of the expression, 6% of the
// instructions of the whole process (issue 2; BENCHMARKS.md).
//
// The types below embed urfave's own flags, so every other method and
// interface (Apply, help text, IsSet, TakesValue, ...) is urfave's, and
// keep the answer of the first Names() call. cacheFlagNames puts them in
// place of the flags of an app, of its commands and of urfave's help and
// version flags.

type boolFlag struct {
	*cli.BoolFlag
	names []string
}

func (f *boolFlag) Names() []string {
	if f.names == nil {
		f.names = f.BoolFlag.Names()
	}
	return f.names
}

type stringFlag struct {
	*cli.StringFlag
	names []string
}

func (f *stringFlag) Names() []string {
	if f.names == nil {
		f.names = f.StringFlag.Names()
	}
	return f.names
}

type intFlag struct {
	*cli.IntFlag
	names []string
}

func (f *intFlag) Names() []string {
	if f.names == nil {
		f.names = f.IntFlag.Names()
	}
	return f.names
}

type genericFlag struct {
	*cli.GenericFlag
	names []string
}

func (f *genericFlag) Names() []string {
	if f.names == nil {
		f.names = f.GenericFlag.Names()
	}
	return f.names
}

// cachedNames returns f wrapped so that its names are computed once; a
// flag of another type, or one already wrapped, is returned as it is.
func cachedNames(f cli.Flag) cli.Flag {
	switch f := f.(type) {
	case *cli.BoolFlag:
		return &boolFlag{BoolFlag: f}
	case *cli.StringFlag:
		return &stringFlag{StringFlag: f}
	case *cli.IntFlag:
		return &intFlag{IntFlag: f}
	case *cli.GenericFlag:
		return &genericFlag{GenericFlag: f}
	}
	return f
}

// isBoolFlag reports whether f takes no value, wrapped or not.
func isBoolFlag(f cli.Flag) bool {
	switch f.(type) {
	case *cli.BoolFlag, *boolFlag:
		return true
	}
	return false
}

// cacheFlagNames wraps the flags of app and of every command under it.
func cacheFlagNames(app *cli.App) {
	wrapAll(app.Flags)
	var walk func([]*cli.Command)
	walk = func(cmds []*cli.Command) {
		for _, c := range cmds {
			wrapAll(c.Flags)
			walk(c.Subcommands)
		}
	}
	walk(app.Commands)
}

func wrapAll(fs []cli.Flag) {
	for i, f := range fs {
		fs[i] = cachedNames(f)
	}
}

// urfave/cli adds its help and version flags to every app and command it
// sets up; they are package variables meant to be replaced. Every app
// shares them, so their names are computed here, once: a lazy first
// computation could race between apps run at once (as the tests do).
func init() {
	cli.HelpFlag = cachedNames(cli.HelpFlag)
	cli.VersionFlag = cachedNames(cli.VersionFlag)
	cli.HelpFlag.Names()
	cli.VersionFlag.Names()
}
