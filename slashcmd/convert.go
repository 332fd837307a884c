package slashcmd

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/gh-hooks/gh-hooks/internal/lazyre"

	"github.com/gh-hooks/gh-hooks/config"
)

// Problem codes produced by ConvertClaude.
const (
	CodeUnsupportedField = "unsupported-field"
	CodeFrontMatter      = "front-matter-unparsed"
	CodePositional       = "positional-arg"
	CodeShellArgs        = "shell-args-escaped"
	CodeShellUnbalanced  = "shell-unbalanced"
	CodeFileRefArgs      = "file-ref-args"
	CodeGeminiSyntax     = "gemini-syntax"
	CodeArgsAppended     = "args-appended"
	CodeNoDescription    = "no-description"
	CodeConverted        = "converted"
)

// Conversion is one Claude Code command turned into a Gemini command file.
type Conversion struct {
	// TOML is the file content; it always passes LoadFile.
	TOML []byte
	// Prompt and Description are what Gemini will read from TOML.
	Prompt      string
	Description string
	// Report lists every rule applied and everything that could not be
	// carried over, positioned in the Markdown source.
	Report []config.Problem
}

// fieldHints explains, per Claude front matter key, what Gemini lacks.
func fieldHints(s string) string {
	switch s {
	case "allowed-tools":
		return "Gemini has no per-command tool list; !{...} commands are confirmed by Gemini's policy engine (settings tools.allowed / policies)"
	case "argument-hint":
		return "Gemini shows no argument hint; mention the expected arguments in the description"
	case "model":
		return "Gemini has no per-command model; pick the model with /model or --model"
	case "disable-model-invocation":
		return "Gemini has no equivalent; custom commands are only run by the user"
	}
	return ""
}

// body syntax, one alternation so matches come out in text order.
var bodyToken = lazyre.New("!`([^`]*)`" + // 1: Claude bash
	`|(?:^|[\s(])@([^\s{}()\[\]<>,;"'` + "`" + `]+)` + // 2: @file
	`|\$ARGUMENTS(\[\d+\])?` + // 3: index form
	`|\$([0-9])` + // 4: positional
	`|(\{\{args\}\}|!\{|@\{)`) // 5: Gemini syntax already present

// ConvertClaude converts the Claude Code command file at mdPath (used for
// positions and the header comment) into a Gemini TOML command:
//
//   - front matter description is kept (C1); every other key is reported;
//   - $ARGUMENTS becomes {{args}}; $1..$9 and $ARGUMENTS[N] are kept as text
//     and reported, Gemini has no positional arguments (R9);
//   - !`cmd` becomes !{cmd} (C2), reported when cmd uses arguments (Gemini
//     shell-escapes them) or has unbalanced braces (left unconverted);
//   - @path becomes @{path} (C3); @ followed by arguments cannot be
//     injected in Gemini (R9 note), so the @ is dropped and it is reported;
//   - {{args}}, !{ or @{ already in the text are reported, Gemini would act
//     on them;
//   - without {{args}} Gemini appends the whole invocation (R10): reported.
//
// The prompt is written as a TOML multi-line literal string when it can be
// (no ”' and no control characters), else as an escaped basic string. The
// returned error is non-nil only if the generated file failed to load back
// through LoadFile with the same prompt and description.
func ConvertClaude(mdPath string, data []byte) (*Conversion, error) {
	return convertClaude(mdPath, mdPath, data)
}

// convertClaude is ConvertClaude with the source named as shown in the
// generated file's header comment (a path relative to the project, so
// that the file does not carry the machine's directory layout).
func convertClaude(mdPath, shown string, data []byte) (*Conversion, error) {
	conv := &Conversion{}
	rep := func(line, col int, sev config.Severity, code, msg, hint string) {
		conv.Report = append(conv.Report, config.Problem{Severity: sev, Code: code, Path: mdPath,
			Line: line, Column: col, Message: msg, Hint: hint})
	}
	fields, body, bodyLine, bad := FrontMatter(data)
	for _, ln := range bad {
		rep(ln, 1, config.SevWarning, CodeFrontMatter, "front matter line not understood (only key: value and lists are read); it is not migrated", "simplify the line to key: value")
	}
	hasDesc := false
	for _, f := range fields {
		if f.Key == "description" {
			conv.Description, hasDesc = f.Value, true
			continue
		}
		hint := fieldHints(f.Key)
		if hint == "" {
			hint = "Gemini command files only have prompt and description"
		}
		rep(f.Line, 1, config.SevWarning, CodeUnsupportedField,
			fmt.Sprintf("front matter %q (%s) has no Gemini equivalent and is not migrated", f.Key, f.Value), hint)
	}
	if !hasDesc {
		rep(1, 1, config.SevInfo, CodeNoDescription,
			fmt.Sprintf("no description: Claude shows the first prompt line, Gemini shows %q", "Custom command from "+strings.TrimSuffix(filepath.Base(mdPath), ".md")+".toml"),
			"add description: to the front matter before migrating")
	}

	text := strings.ReplaceAll(string(body), "\r\n", "\n")
	lines := strings.Split(text, "\n")
	// Leading blank lines after the front matter are not part of the prompt.
	skip := 0
	for skip < len(lines)-1 && strings.TrimSpace(lines[skip]) == "" {
		skip++
	}
	lines = lines[skip:]
	var out strings.Builder
	for i, ln := range lines {
		if i > 0 {
			out.WriteByte('\n')
		}
		out.WriteString(convertLine(ln, bodyLine+skip+i, rep))
	}
	prompt := strings.TrimRight(out.String(), " \t\n") + "\n"
	conv.Prompt = prompt
	if !strings.Contains(prompt, "{{args}}") {
		rep(bodyLine, 1, config.SevInfo, CodeArgsAppended,
			"prompt has no $ARGUMENTS: when arguments are given Gemini appends the whole invocation (\"/name args\") after a blank line",
			"add $ARGUMENTS where the arguments belong")
	}

	var b strings.Builder
	fmt.Fprintf(&b, "# Migrated from %s by gh-hooks.\n", filepath.ToSlash(shown))
	if hasDesc {
		b.WriteString("description = " + basicString(conv.Description) + "\n")
	}
	b.WriteString("prompt = " + multilineString(prompt) + "\n")
	conv.TOML = []byte(b.String())

	def, probs := LoadFile(mdPath, conv.TOML)
	if def == nil || def.Prompt != conv.Prompt || def.Description != conv.Description {
		msg := "round trip changed the content"
		if len(probs) > 0 {
			msg = probs[0].Message
		}
		return nil, fmt.Errorf("%s: generated TOML does not load back: %s", mdPath, msg)
	}
	return conv, nil
}

// convertLine rewrites one body line (1-based source line ln).
func convertLine(s string, ln int, rep func(int, int, config.Severity, string, string, string)) string {
	var b strings.Builder
	last := 0
	for _, m := range bodyToken.Get().FindAllStringSubmatchIndex(s, -1) {
		start, end := m[0], m[1]
		col := start + 1
		b.WriteString(s[last:start])
		last = end
		whole := s[start:end]
		switch {
		case m[2] >= 0: // !`cmd`
			cmd := s[m[2]:m[3]]
			if !balanced(cmd) {
				rep(ln, col, config.SevWarning, CodeShellUnbalanced,
					"shell command has unbalanced braces, which Gemini's !{...} cannot hold; left as text", "rewrite the command without unbalanced { }")
				b.WriteString(whole)
				continue
			}
			inner := convertShellArgs(cmd, ln, col, rep)
			rep(ln, col, config.SevInfo, CodeConverted, fmt.Sprintf("!`%s` -> !{%s}", cmd, inner), "")
			b.WriteString("!{" + inner + "}")
		case m[4] >= 0: // @path, possibly preceded by one space or "("
			lead := s[start:m[4]]
			lead = strings.TrimSuffix(lead, "@")
			path := s[m[4]:m[5]]
			trail := ""
			for len(path) > 0 && strings.ContainsRune(".:!?", rune(path[len(path)-1])) {
				trail = string(path[len(path)-1]) + trail
				path = path[:len(path)-1]
			}
			at := m[4] // column of the path; the @ is one before
			switch {
			case strings.Contains(path, "$"):
				p := strings.ReplaceAll(path, "$ARGUMENTS", "{{args}}")
				rep(ln, at, config.SevWarning, CodeFileRefArgs,
					fmt.Sprintf("@%s names a file by the arguments: Gemini injects @{...} files before substituting {{args}}, so the path is passed as text (%s) and the model must read it", path, p),
					"name the file literally, or ask the model to read the file given in {{args}}")
				if strings.ContainsAny(path, "123456789") && !strings.Contains(path, "$ARGUMENTS") {
					rep(ln, at, config.SevWarning, CodePositional, "positional argument in a file reference has no Gemini equivalent", "use {{args}}")
				}
				b.WriteString(lead + p + trail)
			case strings.ContainsAny(path, "/.") && path != "." && path != "..":
				rep(ln, at, config.SevInfo, CodeConverted, fmt.Sprintf("@%s -> @{%s}", path, path), "")
				b.WriteString(lead + "@{" + path + "}" + trail)
			default: // @name without a path shape: a mention, not a file
				b.WriteString(whole)
			}
		case strings.HasPrefix(whole, "$ARGUMENTS"):
			if m[6] >= 0 {
				rep(ln, col, config.SevWarning, CodePositional,
					whole+" (one argument) has no Gemini equivalent; kept as text", "use {{args}} and describe the expected arguments in the prompt")
				b.WriteString(whole)
				continue
			}
			rep(ln, col, config.SevInfo, CodeConverted, "$ARGUMENTS -> {{args}}", "")
			b.WriteString("{{args}}")
		case m[8] >= 0: // $N
			if s[m[8]:m[9]] == "0" {
				b.WriteString(whole)
				continue
			}
			rep(ln, col, config.SevWarning, CodePositional,
				whole+" (positional argument) has no Gemini equivalent; kept as text", "use {{args}} and describe the expected arguments in the prompt")
			b.WriteString(whole)
		default: // Gemini syntax already in the Claude text
			rep(ln, col, config.SevWarning, CodeGeminiSyntax,
				fmt.Sprintf("%q in the text is Gemini command syntax and will be interpreted by Gemini", whole), "reword the text so it does not contain "+whole)
			b.WriteString(whole)
		}
	}
	b.WriteString(s[last:])
	return b.String()
}

// convertShellArgs maps argument placeholders inside a shell command.
func convertShellArgs(cmd string, ln, col int, rep func(int, int, config.Severity, string, string, string)) string {
	if strings.Contains(cmd, "$ARGUMENTS") {
		rep(ln, col, config.SevWarning, CodeShellArgs,
			"$ARGUMENTS inside a shell command: Gemini substitutes {{args}} there shell-escaped as one word, Claude substitutes the raw text",
			"check the command still works with the arguments quoted")
		cmd = strings.ReplaceAll(cmd, "$ARGUMENTS", "{{args}}")
	}
	if positional.Get().MatchString(cmd) {
		rep(ln, col, config.SevWarning, CodePositional,
			"positional argument inside a shell command: Claude substitutes it, Gemini passes $N to the shell unchanged",
			"use {{args}} or a literal value")
	}
	return cmd
}

var positional = lazyre.New(`\$[1-9]`)

// balanced reports whether s can sit inside !{...}: Gemini's injection
// parser counts braces and ends at the first unmatched "}" (R9).
func balanced(s string) bool {
	d := 0
	for _, c := range s {
		switch c {
		case '{':
			d++
		case '}':
			d--
			if d < 0 {
				return false
			}
		}
	}
	return d == 0
}

// basicString quotes s as a single-line TOML basic string.
func basicString(s string) string {
	return `"` + escapeBasic(s, false) + `"`
}

// multilineString writes s (which ends in a newline) as a multi-line
// literal string when TOML allows it, so nothing is escaped; otherwise as a
// multi-line basic string with escapes. The newline right after the
// opening delimiter is not part of the value in TOML.
func multilineString(s string) string {
	literalOK := !strings.Contains(s, "'''")
	for _, r := range s {
		if (r < 0x20 && r != '\t' && r != '\n') || r == 0x7f {
			literalOK = false
		}
	}
	if literalOK {
		return "'''\n" + s + "'''"
	}
	return `"""` + "\n" + escapeBasic(s, true) + `"""`
}

func escapeBasic(s string, multiline bool) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r == '\\':
			b.WriteString(`\\`)
		case r == '"':
			b.WriteString(`\"`)
		case r == '\n' && multiline:
			b.WriteByte('\n')
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\t':
			b.WriteString(`\t`)
		case r < 0x20 || r == 0x7f:
			fmt.Fprintf(&b, `\u%04X`, r)
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}
