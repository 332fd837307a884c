package shellcmd

import (
	"strings"
)

// awk and sed programs run commands only through a few constructs:
// awk's system(), `print | "cmd"`, `"cmd" | getline` and gawk's |&,
// @include and @load; sed's e command, the e flag of s, and w/W, which
// write files. A program without them runs nothing (and is covered); one
// with them is not covered, naming the construct. The checks err on the
// side of "not covered": an awk | inside a regular expression counts.

// awkRuns returns what of an awk program can run commands or load code,
// or "".
func awkRuns(prog string) string {
	var b strings.Builder
	// Drop string literals: "a|b" is text.
	for i := 0; i < len(prog); i++ {
		c := prog[i]
		if c == '"' {
			for i++; i < len(prog) && prog[i] != '"'; i++ {
				if prog[i] == '\\' {
					i++
				}
			}
			b.WriteString(`""`)
			continue
		}
		if c == '#' {
			for i < len(prog) && prog[i] != '\n' {
				i++
			}
			continue
		}
		b.WriteByte(c)
	}
	code := b.String()
	switch {
	case strings.Contains(code, "system"):
		return "system()"
	case strings.Contains(code, "|"):
		return "a pipe (| or |&)"
	case strings.Contains(code, "@"):
		return "@include or @load"
	}
	return ""
}

// sedRuns parses a sed script (GNU sed's grammar) and returns what of it
// runs a command or writes a file (e, s///e, w, W, s///w), or what it
// cannot read; "" when it does neither.
func sedRuns(script string) string {
	s := script
	i := 0
	skip := func(set string) {
		for i < len(s) && strings.IndexByte(set, s[i]) >= 0 {
			i++
		}
	}
	// delimited reads up to the unescaped delimiter d (a regular
	// expression or replacement); false when it is missing.
	delimited := func(d byte) bool {
		for i < len(s) {
			c := s[i]
			switch {
			case c == '\\':
				i += 2
				continue
			case c == d:
				i++
				return true
			case c == '\n' && d != '\n':
				return false
			}
			i++
		}
		return false
	}
	toEOL := func() {
		for i < len(s) && s[i] != '\n' {
			i++
		}
	}
	address := func() bool {
		switch {
		case i < len(s) && s[i] >= '0' && s[i] <= '9':
			for i < len(s) && (s[i] >= '0' && s[i] <= '9' || s[i] == '~') {
				i++
			}
		case i < len(s) && s[i] == '$':
			i++
		case i < len(s) && s[i] == '/':
			i++
			if !delimited('/') {
				return false
			}
			skip("IM")
		case i+1 < len(s) && s[i] == '\\':
			d := s[i+1]
			i += 2
			if !delimited(d) {
				return false
			}
			skip("IM")
		}
		return true
	}
	for {
		skip(" \t\n;")
		if i >= len(s) {
			return ""
		}
		if s[i] == '#' {
			toEOL()
			continue
		}
		if s[i] == '}' {
			i++
			continue
		}
		if !address() {
			return "a sed script gh-hooks cannot read"
		}
		skip(" \t")
		if i < len(s) && s[i] == ',' {
			i++
			skip(" \t")
			if i < len(s) && (s[i] == '+' || s[i] == '~') {
				i++
			}
			if !address() {
				return "a sed script gh-hooks cannot read"
			}
		}
		skip(" \t!")
		if i >= len(s) {
			return "a sed script gh-hooks cannot read"
		}
		c := s[i]
		i++
		switch c {
		case '{', '=', 'd', 'D', 'g', 'G', 'h', 'H', 'n', 'N', 'p', 'P', 'x', 'z', 'F':
		case 'l', 'q', 'Q', 'L':
			skip(" \t0123456789")
		case ':', 'b', 't', 'T', 'v':
			for i < len(s) && s[i] != '\n' && s[i] != ';' {
				i++
			}
		case 'a', 'i', 'c':
			// Text to the end of the line, continued by a backslash.
			for i < len(s) {
				if s[i] == '\\' && i+1 < len(s) {
					i += 2
					continue
				}
				if s[i] == '\n' {
					break
				}
				i++
			}
		case 'r', 'R':
			toEOL()
		case 'w', 'W':
			return "sed's " + string(c) + " command (it writes a file)"
		case 'e':
			return "sed's e command (it runs a command)"
		case 's', 'y':
			if i >= len(s) || s[i] == '\n' || s[i] == '\\' {
				return "a sed script gh-hooks cannot read"
			}
			d := s[i]
			i++
			if !delimited(d) || !delimited(d) {
				return "a sed script gh-hooks cannot read"
			}
			if c == 'y' {
				break
			}
			for i < len(s) && strings.IndexByte("gpiImM0123456789", s[i]) >= 0 {
				i++
			}
			if i < len(s) && s[i] == 'e' {
				return "the e flag of sed's s command (it runs the result)"
			}
			if i < len(s) && s[i] == 'w' {
				return "the w flag of sed's s command (it writes a file)"
			}
		default:
			return "sed's " + string(c) + " command (one gh-hooks does not know)"
		}
		skip(" \t")
		if i < len(s) && !strings.ContainsRune(";\n}#", rune(s[i])) {
			return "a sed script gh-hooks cannot read"
		}
	}
}

// plainAppleScript reports whether AppleScript code only shows or says
// something (display notification, display dialog, say, beep, delay):
// any other statement can run a command (do shell script, tell
// application, run script).
func plainAppleScript(code string) bool {
	for _, line := range strings.Split(code, "\n") {
		l := strings.ToLower(strings.TrimSpace(line))
		if l == "" {
			continue
		}
		ok := false
		for _, p := range []string{"display notification ", "display dialog ", "display alert ", "say ", "beep", "delay "} {
			ok = ok || strings.HasPrefix(l, p)
		}
		if !ok || strings.Contains(l, "shell") || strings.Contains(l, "script") || strings.Contains(l, "tell") || strings.Contains(l, "run ") {
			return false
		}
	}
	return true
}
