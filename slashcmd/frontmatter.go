package slashcmd

import (
	"bytes"
	"strings"
)

// Field is one front matter entry of a Claude Code command.
type Field struct {
	Key string
	// Value is the scalar value, unquoted; for a list, the items joined by ", ".
	Value string
	// List holds the items of a block ("- x") or flow ("[x, y]") list.
	List []string
	// Line is the 1-based line of the key.
	Line int
}

// FrontMatter splits a Claude Code command file into its YAML front matter
// fields and the body. Front matter is present only when the file starts
// with a "---" line and a later "---" line closes it; otherwise the whole
// file is the body. bodyLine is the 1-based line where the body starts.
//
// This is a line parser for the subset Claude commands use, not YAML:
// "key: value" with optional single or double quotes, flow lists
// "[a, b]", block lists of "- item" lines, and "#" comment lines. Anything
// else (block scalars "|" and ">", nested maps, multi-line quoted strings,
// anchors) is returned in bad as 1-based line numbers so the caller can
// report it; such lines are not interpreted.
func FrontMatter(data []byte) (fields []Field, body []byte, bodyLine int, bad []int) {
	data = bytes.TrimPrefix(data, []byte("\ufeff"))
	lines := strings.SplitAfter(string(data), "\n")
	if len(lines) == 0 || strings.TrimRight(lines[0], "\r\n") != "---" {
		return nil, data, 1, nil
	}
	end := -1
	for i := 1; i < len(lines); i++ {
		if strings.TrimRight(lines[i], " \t\r\n") == "---" {
			end = i
			break
		}
	}
	if end < 0 {
		return nil, data, 1, nil
	}
	for i := 1; i < end; i++ {
		ln := strings.TrimRight(lines[i], "\r\n")
		t := strings.TrimSpace(ln)
		switch {
		case t == "" || strings.HasPrefix(t, "#"):
			continue
		case strings.HasPrefix(t, "- ") || t == "-":
			if len(fields) > 0 && fields[len(fields)-1].Value == "" {
				f := &fields[len(fields)-1]
				f.List = append(f.List, unquote(strings.TrimSpace(strings.TrimPrefix(t, "-"))))
				continue
			}
			bad = append(bad, i+1)
			continue
		}
		k, v, ok := strings.Cut(ln, ":")
		if !ok || ln != strings.TrimLeft(ln, " \t") || strings.ContainsAny(k, " \t\"'") {
			bad = append(bad, i+1)
			continue
		}
		v = strings.TrimSpace(v)
		f := Field{Key: k, Line: i + 1}
		switch {
		case v == "|" || v == ">" || strings.HasPrefix(v, "|") || strings.HasPrefix(v, ">") || strings.HasPrefix(v, "&") || strings.HasPrefix(v, "*") || strings.HasPrefix(v, "{"):
			bad = append(bad, i+1)
			continue
		case strings.HasPrefix(v, "[") && closesAtEnd(v):
			f.List = []string{}
			for _, it := range splitFlow(v[1 : len(v)-1]) {
				f.List = append(f.List, unquote(it))
			}
		default:
			f.Value = unquote(stripComment(v))
		}
		fields = append(fields, f)
	}
	for i := range fields {
		if fields[i].List != nil {
			fields[i].Value = strings.Join(fields[i].List, ", ")
		}
	}
	rest := strings.Join(lines[end+1:], "")
	return fields, []byte(rest), end + 2, bad
}

// splitFlow splits a flow list body on commas outside quotes and brackets,
// so "Bash(git add:*), Read" and "'a, b', c" split as written.
func splitFlow(s string) []string {
	var out []string
	depth, start := 0, 0
	var q byte
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case q != 0:
			if c == q {
				q = 0
			}
		case c == '\'' || c == '"':
			q = c
		case c == '(' || c == '[':
			depth++
		case c == ')' || c == ']':
			depth--
		case c == ',' && depth == 0:
			out = append(out, strings.TrimSpace(s[start:i]))
			start = i + 1
		}
	}
	if t := strings.TrimSpace(s[start:]); t != "" || len(out) > 0 {
		out = append(out, t)
	}
	return out
}

// stripComment drops a " #" comment from an unquoted scalar.
func stripComment(v string) string {
	if strings.HasPrefix(v, "'") || strings.HasPrefix(v, "\"") {
		return v
	}
	if i := strings.Index(v, " #"); i >= 0 {
		return strings.TrimSpace(v[:i])
	}
	return v
}

// unquote removes one level of YAML single or double quotes; in double
// quotes \" \\ \n and \t are unescaped, in single quotes ” is a quote.
func unquote(v string) string {
	if len(v) >= 2 && v[0] == '\'' && v[len(v)-1] == '\'' {
		return strings.ReplaceAll(v[1:len(v)-1], "''", "'")
	}
	if len(v) >= 2 && v[0] == '"' && v[len(v)-1] == '"' {
		r := strings.NewReplacer(`\"`, `"`, `\\`, `\`, `\n`, "\n", `\t`, "\t")
		return r.Replace(v[1 : len(v)-1])
	}
	return v
}

// closesAtEnd reports whether the "[" opening v is closed by its last byte,
// so "[a, b]" is a flow list but Claude's "[pr-number] [priority]"
// argument hints stay plain text.
func closesAtEnd(v string) bool {
	d := 0
	for i := 0; i < len(v); i++ {
		switch v[i] {
		case '[':
			d++
		case ']':
			d--
			if d == 0 {
				return i == len(v)-1
			}
		}
	}
	return false
}
