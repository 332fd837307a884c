package cli

import (
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/urfave/cli/v3"
)

// This file renders gh-hooks(1) from the command definitions, the same
// words --help prints: TestManPage keeps cli/man/gh-hooks.1 equal to it.
// It lives in a test so that the binary carries only the page.
//
// The layout follows git's and gh's pages: a SYNOPSIS of one line per
// command ("gh-hooks trust approve [options] (NAME... | --all | -i |
// --renew)"), then each command with its full synopsis, description,
// options and examples. A synopsis group ("[--tool NAME | --trigger T]")
// is not broken across lines unless it is too long to fit beside the
// command's name at 60 columns, and a preformatted line of a description
// (one that starts with a tab) stays as written.

// manPageOf is the roff source of gh-hooks(1).
func manPageOf(root *cli.Command) string {
	var b strings.Builder
	w := func(format string, a ...any) { fmt.Fprintf(&b, format+"\n", a...) }
	w(`.TH GH\-HOOKS 1 "" "gh\-hooks" "User Commands"`)
	w(".nh")      // no hyphenation: a word is printed whole
	w(".nr HY 0") // (groff's man macros read HY at each paragraph)
	w(".ad l")    // ragged right, as --help prints
	w(".SH NAME")
	w(`gh\-hooks \- %s`, roffText(root.Usage))
	w(".SH SYNOPSIS")
	w(".SY gh\\-hooks")
	w("[\\fIglobal\\ options\\fR] \\fIcommand\\fR [\\fIoptions\\fR] [\\fIarguments\\fR]")
	w(".YS")
	forCommands(root, "gh-hooks", func(c *cli.Command, name string) {
		for _, s := range shortSynopses(c, name) {
			manSynopsis(&b, name, s)
		}
	})
	w(".SH DESCRIPTION")
	manText(&b, root.Description)
	w(".SH GLOBAL OPTIONS")
	manFlags(&b, root)
	w(".SH COMMANDS")
	forCommands(root, "gh-hooks", func(c *cli.Command, name string) {
		w(".SS %s", roffText(name))
		w("%s", roffText(c.Usage))
		for _, s := range usageLines(c, name) {
			w(".PP")
			manSynopsis(&b, name, s)
		}
		if c.Description != "" {
			w(".PP")
			manText(&b, c.Description)
		}
		if len(c.Commands) > 0 {
			return // its commands follow, each with its options
		}
		w(".PP")
		w(`\fBOptions:\fR`)
		manFlags(&b, c)
		manExamples(&b, strings.TrimPrefix(name, "gh-hooks "))
	})
	w(".SH EXAMPLES")
	manExamples(&b, "")
	w(".SH SEE ALSO")
	w(`\fBgemini\fR(1); the documentation in docs/ of https://github.com/gh\-hooks/gh\-hooks`)
	return b.String()
}

// forCommands calls f for every command under root (named name) a user
// can run, with its full name, in help's order, a group before its
// commands.
func forCommands(root *cli.Command, name string, f func(c *cli.Command, name string)) {
	for _, c := range root.Commands {
		if c.Hidden || c.Name == "help" {
			continue
		}
		f(c, name+" "+c.Name)
		forCommands(c, name+" "+c.Name, f)
	}
}

// usageLines are the lines of c's USAGE in --help.
func usageLines(c *cli.Command, name string) []string {
	if c.UsageText != "" {
		return strings.Split(c.UsageText, "\n")
	}
	s := name
	if len(c.Commands) > 0 {
		s += " COMMAND"
	}
	if c.ArgsUsage != "" {
		s += " " + c.ArgsUsage
	}
	return []string{s}
}

// shortSynopses are c's synopses with the optional flags as one
// [options] after the command's name, as gh and git write a SYNOPSIS: the
// arguments and the flags that are required or stand for an argument
// ("(NAME... | --all)") stay.
func shortSynopses(c *cli.Command, name string) []string {
	var out []string
	for _, s := range usageLines(c, name) {
		rest := strings.TrimPrefix(s, name)
		var kept []string
		options := false
		for _, g := range usageGroups(rest) {
			if strings.HasPrefix(g, "[-") {
				options = true
				continue
			}
			kept = append(kept, g)
		}
		if !options && len(c.Commands) == 0 && len(c.VisibleFlags()) > 1 {
			options = true // a flag the usage leaves to [options]
		}
		line := name
		if options {
			line += " [options]"
		}
		if len(kept) > 0 {
			line += " " + strings.Join(kept, " ")
		}
		out = append(out, line)
	}
	return out
}

// manSynopsis writes one synopsis as .SY/.YS: the command's name in bold,
// then its groups, each one unbreakable.
func manSynopsis(b *strings.Builder, name, s string) {
	fmt.Fprintf(b, ".SY \"%s\"\n", roffText(name))
	var groups []string
	for _, g := range usageGroups(strings.TrimPrefix(s, name)) {
		if len(g) <= 30 {
			// Unbreakable; a longer group could not fit beside the
			// name on a 60-column terminal, and breaks at its spaces.
			g = strings.ReplaceAll(g, " ", "\x01")
		}
		groups = append(groups, strings.ReplaceAll(roffText(g), "\x01", `\ `))
	}
	if len(groups) > 0 {
		b.WriteString(roffLine(strings.Join(groups, " ")) + "\n")
	}
	b.WriteString(".YS\n")
}

// manText writes a description as --help lays it out: paragraphs filled,
// "  name  text" lines as a tagged list, other indented lines on lines of
// their own, preformatted lines (a leading tab) as they are.
func manText(b *strings.Builder, text string) {
	list, pre := false, false
	for _, l := range strings.Split(reflow(text), "\n") {
		p, isPre := strings.CutPrefix(l, "\t")
		if pre && !isPre {
			b.WriteString(".fi\n")
			pre = false
		}
		switch {
		case isPre:
			if !pre {
				b.WriteString(".nf\n")
				pre = true
			}
			b.WriteString(roffLine(roffText(p)) + "\n")
		case l == "":
			b.WriteString(".PP\n")
			list = false
		case indented(l):
			name, text := strings.TrimSpace(l[:textColumn(l)]), strings.TrimSpace(l[textColumn(l):])
			if text == "" || textColumn(l) == lead(l) {
				b.WriteString(".br\n" + roffLine(roffText(strings.TrimSpace(l))) + "\n")
				continue
			}
			fmt.Fprintf(b, ".TP %dn\n%s\n%s\n", max(4, len(name)+2), roffLine(`\fB`+roffText(name)+`\fR`), roffLine(roffText(text)))
			list = true
		default:
			if list {
				b.WriteString(".PP\n")
				list = false
			}
			b.WriteString(roffLine(roffText(l)) + "\n")
		}
	}
	if pre {
		b.WriteString(".fi\n")
	}
}

// manFlags writes c's flags as --help words them: name and placeholder
// in bold, then the usage and default.
func manFlags(b *strings.Builder, c *cli.Command) {
	for _, f := range c.Flags {
		if vf, ok := f.(cli.VisibleFlag); ok && !vf.IsVisible() {
			continue
		}
		name, usage, _ := strings.Cut(f.String(), "\t")
		fmt.Fprintf(b, ".TP\n%s\n%s\n", roffLine(`\fB`+roffText(name)+`\fR`), roffLine(roffText(usage)))
	}
}

// manExamples writes the EXAMPLES of the command at path, preformatted.
func manExamples(b *strings.Builder, path string) {
	ex := examplesOf(path)
	if len(ex) == 0 {
		return
	}
	if path != "" {
		b.WriteString(".PP\n\\fBExamples:\\fR\n")
	}
	b.WriteString(".PP\n.nf\n")
	for i, x := range ex {
		if i > 0 {
			b.WriteString("\n")
		}
		b.WriteString(roffLine(roffText("# "+x.about)) + "\n")
		for j, l := range strings.Split(x.line, "\n") {
			if j == 0 {
				l = "$ " + l
			}
			b.WriteString(roffLine(roffText(l)) + "\n")
		}
	}
	b.WriteString(".fi\n")
}

// roffText escapes text for roff: a backslash is \e and a hyphen the
// minus sign \- that man pages use for options (so that searching the
// page for --json finds it); a backtick is printed as written. A word
// too long for a 60-column terminal (a URL, a|b|c) may break after each
// slash or bar (\: is an invisible break point).
func roffText(s string) string {
	words := strings.Split(s, " ")
	for i, w := range words {
		if utf8.RuneCountInString(w) > 30 {
			words[i] = strings.NewReplacer("/", "/\x00", "|", "|\x00").Replace(w)
		}
	}
	s = strings.NewReplacer(`\`, `\e`, "-", `\-`, "`", `\(ga`, "'", `\(aq`).Replace(strings.Join(words, " "))
	return strings.ReplaceAll(s, "\x00", `\:`)
}

// roffLine keeps a line that starts with a dot or a quote from being read
// as a request.
func roffLine(s string) string {
	if strings.HasPrefix(s, ".") || strings.HasPrefix(s, "'") {
		return `\&` + s
	}
	return s
}

// checkManPage checks the page as a reader sees it: the SYNOPSIS has one
// line per command, each with its brackets; every command's section has
// its full synopsis as --help prints it and every flag it takes, and no
// flag names a default twice.
func checkManPage(t *testing.T, root *cli.Command, man string) {
	t.Helper()
	plain := strings.NewReplacer(`\:`, "", `\-`, "-", `\ `, " ", `\fB`, "", `\fR`, "", `\fI`, "", `\e`, `\`, `\(ga`, "`", `\(aq`, "'", `\&`, "").Replace
	sections := map[string]string{}
	var name string
	for _, l := range strings.Split(man, "\n") {
		switch {
		case strings.HasPrefix(l, ".SH "):
			name = plain(l[4:])
		case strings.HasPrefix(l, ".SS "):
			name = plain(l[4:])
		}
		sections[name] += l + "\n"
	}
	// A synopsis as a reader sees it: its name, then its groups.
	synopsis := func(section string) []string {
		var out []string
		lines := strings.Split(section, "\n")
		for i, l := range lines {
			if n, ok := strings.CutPrefix(l, ".SY "); ok {
				s := plain(strings.Trim(n, `"`))
				if i+1 < len(lines) && lines[i+1] != ".YS" {
					s += " " + plain(lines[i+1])
				}
				out = append(out, s)
			}
		}
		return out
	}
	var want []string
	forCommands(root, "gh-hooks", func(c *cli.Command, name string) {
		want = append(want, shortSynopses(c, name)...)
		sec, ok := sections[name]
		if !ok {
			t.Errorf("the man page has no section for %s", name)
			return
		}
		if got, want := synopsis(sec), usageLines(c, name); strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("%s: the man page's synopsis is\n%s\nwant --help's USAGE\n%s", name, strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
		if len(c.Commands) > 0 {
			return
		}
		for _, f := range c.VisibleFlags() {
			if n := f.Names()[0]; n != "help" && !strings.Contains(plain(sec), "\n--"+n) {
				t.Errorf("%s: the man page does not list --%s", name, n)
			}
		}
		if examplesOf(strings.TrimPrefix(name, "gh-hooks ")) != nil && !strings.Contains(sec, "Examples:") {
			t.Errorf("%s: the man page has no examples", name)
		}
	})
	got := synopsis(sections["SYNOPSIS"])
	if len(got) == 0 || strings.Join(got[1:], "\n") != strings.Join(want, "\n") {
		t.Errorf("SYNOPSIS is\n%s\nwant one line per command:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	for _, s := range got {
		if strings.HasPrefix(s, "gh-hooks trust revoke") && s != "gh-hooks trust revoke [options] (NAME... | --all)" {
			t.Errorf("SYNOPSIS of trust revoke is %q", s)
		}
	}
	for _, l := range strings.Split(man, "\n") {
		if strings.Count(l, "(default:") > 1 {
			t.Errorf("a line names two defaults: %s", plain(l))
		}
	}
}
