package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"
	"text/tabwriter"

	"github.com/mattn/go-isatty"
	"github.com/urfave/cli/v2"
)

// out is how a command prints: aligned tables and colour on a terminal,
// tab-separated rows and no colour when piped (gh's convention), no colour
// with NO_COLOR or --no-color.
type out struct {
	w     io.Writer
	tty   bool
	color bool
	home  string
}

func newOut(c *cli.Context) *out {
	w := c.App.Writer
	o := &out{w: w}
	if f, ok := w.(*os.File); ok {
		o.tty = isatty.IsTerminal(f.Fd()) || isatty.IsCygwinTerminal(f.Fd())
	}
	if os.Getenv("GH_HOOKS_FORCE_TTY") == "1" {
		o.tty = true // lets tests see the terminal layout
	}
	noColor := os.Getenv("NO_COLOR") != "" // no-color.org: set and not empty
	o.color = o.tty && !noColor && !c.Bool("no-color") && os.Getenv("TERM") != "dumb"
	return o
}

func (o *out) printf(format string, a ...any) { fmt.Fprintf(o.w, format, a...) }

// paint wraps s in an SGR colour code when colour is on.
func (o *out) paint(code, s string) string {
	if !o.color || s == "" {
		return s
	}
	return "\x1b[" + code + "m" + s + "\x1b[0m"
}

func (o *out) bold(s string) string   { return o.paint("1", s) }
func (o *out) red(s string) string    { return o.paint("31", s) }
func (o *out) green(s string) string  { return o.paint("32", s) }
func (o *out) yellow(s string) string { return o.paint("33", s) }
func (o *out) dim(s string) string    { return o.paint("2", s) }

// short abbreviates the home directory as ~ in human output.
func (o *out) short(p string) string {
	if o.home != "" && p != "" && (p == o.home || strings.HasPrefix(p, o.home+string(os.PathSeparator))) {
		return "~" + p[len(o.home):]
	}
	return p
}

// table prints rows: aligned columns with a two-space gutter on a
// terminal, tab-separated otherwise. indent prefixes every row.
func (o *out) table(indent string, header []string, rows [][]string) {
	if !o.tty {
		for _, r := range rows {
			fmt.Fprintln(o.w, indent+strings.Join(r, "\t"))
		}
		return
	}
	tw := tabwriter.NewWriter(o.w, 0, 0, 2, ' ', 0)
	if header != nil {
		fmt.Fprintln(tw, indent+strings.Join(header, "\t"))
	}
	for _, r := range rows {
		fmt.Fprintln(tw, indent+strings.Join(r, "\t"))
	}
	tw.Flush()
}

// writeJSON prints v as indented JSON with a final newline, without
// escaping <, > and & (commands and matchers are full of them).
func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}
