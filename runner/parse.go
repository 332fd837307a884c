package runner

import (
	"fmt"
	"strings"

	"github.com/gh-hooks/gh-hooks/internal/capped"
)

// Output formats of a hook result.
const (
	FormatJSON = "json" // stdout (or stderr) parsed as a JSON object or array
	FormatText = "text" // converted with the exit-code rule
	FormatNone = "none" // no output: blank, or JSON that is not an object
	// FormatUnknown: the output was longer than gh-hooks keeps and what
	// was kept could begin a JSON value, so what Gemini makes of the
	// whole is not known.
	FormatUnknown = "unknown"
)

// jsTrim is String#trim.
func jsTrim(s string) string { return strings.Trim(s, jsSpace) }

// ParseOutput turns a finished hook's streams and exit code into Gemini's
// output value (hookRunner.ts:434-490,537-560; spec §5.4):
//
//   - the text is stdout.trim(), or stderr.trim() only when stdout is blank
//   - JSON.parse it; a string result is parsed again; an object or array
//     is the output (format json); a number, boolean or null is no output
//   - text that does not parse becomes {decision:"allow", systemMessage}
//     for exit 0, {decision:"allow", systemMessage:"Warning: "+text} for
//     exit 1 and {decision:"deny", reason} for any other code (format text)
//
// The returned output is nil, *Object or []any. exitCode is the code
// Gemini reports (0 for a signal).
func ParseOutput(stdout, stderr string, exitCode int) (output any, format string) {
	text := jsTrim(stdout)
	if text == "" {
		text = jsTrim(stderr)
	}
	if text == "" {
		return nil, FormatNone
	}
	v, err := ParseJSON(text)
	if err == nil {
		if s, ok := v.(string); ok {
			v, err = ParseJSON(s)
		}
	}
	if err != nil {
		return plainText(text, exitCode), FormatText
	}
	switch v.(type) {
	case *Object, []any:
		return v, FormatJSON
	}
	return nil, FormatNone
}

// plainText is convertPlainTextToHookOutput.
func plainText(text string, exitCode int) *Object {
	o := NewObject()
	switch exitCode {
	case 0:
		o.Set("decision", "allow")
		o.Set("systemMessage", text)
	case 1:
		o.Set("decision", "allow")
		o.Set("systemMessage", "Warning: "+text)
	default:
		o.Set("decision", "deny")
		o.Set("reason", text)
	}
	return o
}

// explain returns warnings for a finished (not timed-out) hook: the ways
// Gemini's reading of the output may surprise its author (spec §5.4, §12).
func explain(stdout, stderr string, exitCode int, signaled bool, output any, format string) []string {
	var w []string
	out, errText := jsTrim(stdout), jsTrim(stderr)
	text := out
	if text == "" {
		text = errText
	}
	blocking := isBlocking(prop(output, "decision"))
	switch {
	case signaled:
		w = append(w, "killed by a signal: Gemini reports exit code 0 and counts the hook as failed; any output is still parsed")
	case exitCode == 1:
		w = append(w, "exit 1 is a non-blocking warning: the hook counts as failed but does not block")
	case exitCode >= 2 && format == FormatJSON && !blocking:
		w = append(w, fmt.Sprintf("exit %d with JSON output: JSON wins, so this does not block (add \"decision\": \"deny\" to block)", exitCode))
	case exitCode >= 2 && format == FormatNone && text == "":
		w = append(w, fmt.Sprintf("exit %d with no output: does not block; Gemini only warns that the hook failed (print a reason to block)", exitCode))
	case exitCode >= 2 && format == FormatNone:
		w = append(w, fmt.Sprintf("exit %d with JSON that is not an object: no output, does not block", exitCode))
	case exitCode >= 3 && format == FormatText:
		w = append(w, fmt.Sprintf("exit %d blocks like exit 2 (the docs call codes other than 0 and 2 warnings)", exitCode))
	}
	if out == "" && errText != "" && !signaled {
		if format == FormatJSON {
			w = append(w, "JSON on stderr is parsed because stdout is empty")
		} else {
			w = append(w, "stdout is empty, so stderr is used as the output text")
		}
	}
	if out != "" && errText != "" && format == FormatText && exitCode >= 2 {
		w = append(w, "stdout is the block reason; stderr is ignored because stdout is not empty")
	}
	switch format {
	case FormatText:
		i, trailing := embeddedJSON(text)
		_, perr := ParseJSON(text)
		switch {
		case i > 0:
			w = append(w, "text before the JSON: Gemini treats all of it as plain text (print only the JSON object)")
		case i == 0 && trailing:
			w = append(w, "text after the JSON: Gemini treats all of it as plain text (print only the JSON object)")
		case strings.HasPrefix(text, `"`) && perr == nil:
			w = append(w, "output is a JSON string whose content is not JSON: treated as plain text, quotes included")
		case strings.HasPrefix(text, "{") || strings.HasPrefix(text, "["):
			w = append(w, fmt.Sprintf("output starts with %q but is not valid JSON (%v): Gemini treats all of it as plain text", text[:1], perr))
		}
		w = append(w, plainTextMeaning(exitCode))
	case FormatNone:
		if text != "" {
			v, _ := ParseJSON(text)
			if s, ok := v.(string); ok {
				v, _ = ParseJSON(s)
			}
			w = append(w, fmt.Sprintf("output is JSON %s, not an object: Gemini ignores it", kindOf(v)))
		}
	case FormatJSON:
		if _, ok := output.([]any); ok {
			w = append(w, "output is a JSON array: accepted as output but has no effect")
		}
		if v, _ := ParseJSON(text); v != nil {
			if _, ok := v.(string); ok {
				w = append(w, "output is a JSON string holding JSON: Gemini decodes it twice")
			}
		}
		if d := prop(output, "decision"); d != nil {
			if s, ok := d.(string); !ok || !knownDecision(s) {
				w = append(w, fmt.Sprintf("decision %s is not one of allow, deny, block, ask, approve: treated as allow", Stringify(d)))
			}
		}
	}
	return w
}

// plainTextMeaning says what Gemini does with output that is not JSON
// (convertPlainTextToHookOutput; spec §5.4).
func plainTextMeaning(exitCode int) string {
	switch exitCode {
	case 0:
		return "plain text, not JSON: Gemini allows and shows the text to the user as a systemMessage"
	case 1:
		return `plain text, not JSON: Gemini allows and shows "Warning: " and the text to the user as a systemMessage`
	}
	return fmt.Sprintf("plain text, not JSON: exit %d, so Gemini denies with the text as the reason", exitCode)
}

// embeddedJSON finds the first '{' or '[' from which a JSON object or
// array parses up to the end of a line, returning its byte offset (-1 when
// none) and whether text follows the value.
func embeddedJSON(text string) (int, bool) {
	for i := 0; i < len(text); i++ {
		if text[i] != '{' || (i > 0 && text[i-1] != '\n') {
			continue
		}
		rest := text[i:]
		for end := len(rest); end > 0; end = strings.LastIndexByte(rest[:end], '\n') {
			if v, err := ParseJSON(rest[:end]); err == nil {
				if _, ok := v.(*Object); ok {
					return i, end < len(rest)
				}
			}
			if strings.LastIndexByte(rest[:end], '\n') < 0 {
				break
			}
		}
	}
	return -1, false
}

func knownDecision(s string) bool {
	switch s {
	case "allow", "deny", "block", "ask", "approve":
		return true
	}
	return false
}

// isBlocking is DefaultHookOutput.isBlockingDecision on a decision value.
func isBlocking(d any) bool { return d == "block" || d == "deny" }

// parseLong is ParseOutput for streams that may be longer than was kept:
// stdout and stderr are the kept texts, outRes and errRes the streaming
// parse of a stream that was longer (nil when kept whole), which decides
// as Gemini's JSON.parse of the whole stream does. used is the streaming
// parse the output came from, if any.
func parseLong(stdout, stderr string, outRes, errRes *streamParse, exitCode int) (output any, format string, used *streamParse) {
	text, res := stdout, outRes
	if outRes == nil && jsTrim(stdout) == "" || outRes != nil && outRes.blank {
		text, res = stderr, errRes
	}
	if res == nil {
		o, f := ParseOutput(stdout, stderr, exitCode)
		return o, f, nil
	}
	switch {
	case res.unknown != "":
		return nil, FormatUnknown, res
	case res.blank:
		return nil, FormatNone, res
	case res.err != nil:
		return plainText(jsTrim(text), exitCode), FormatText, res
	}
	switch res.value.(type) {
	case *Object, []any:
		return res.value, FormatJSON, res
	}
	return nil, FormatNone, res
}

// cutWarnings says which streams were cut and what that means for the
// parse (res is the streaming parse the output came from, if any).
func cutWarnings(out, errb *capped.Buffer, max int, format string, res *streamParse) []string {
	var w []string
	for _, s := range []struct {
		name string
		b    *capped.Buffer
	}{{"stdout", out}, {"stderr", errb}} {
		if s.b.Cut() {
			w = append(w, fmt.Sprintf("%s was cut: %d bytes printed, gh-hooks shows the first %d and parsed all of it as Gemini does (Gemini keeps all of it in memory)", s.name, s.b.Len(), max))
		}
	}
	switch {
	case format == FormatUnknown && res != nil:
		w = append(w, res.unknown+": what Gemini decides from it is not known")
	case format == FormatText && (out.Cut() || errb.Cut()):
		w = append(w, "the output is not JSON, so Gemini takes all of it as plain text; the decision shown is Gemini's, its message is cut")
	case format == FormatJSON && res != nil && len(res.clipped) > 0:
		w = append(w, fmt.Sprintf("gh-hooks reached its bound on the parsed output and kept only part of it (%s): the decision and the output's top-level fields are Gemini's, the values named are shorter than Gemini's", strings.Join(res.clipped, "; ")))
	}
	return w
}
