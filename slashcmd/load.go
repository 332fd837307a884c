package slashcmd

import (
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/gh-hooks/gh-hooks/internal/js"
	"github.com/gh-hooks/gh-hooks/internal/lazyre"

	"github.com/gh-hooks/gh-hooks/config"
	"github.com/pelletier/go-toml/v2"
	"github.com/pelletier/go-toml/v2/unstable"
)

// Def is the validated content of a command file: what Gemini's zod schema
// keeps (prompt required string, description optional string; R5).
type Def struct {
	// Prompt is the prompt text, exactly as in the file.
	Prompt string
	// Description is the description field, "" when absent.
	Description string
	// HasDescription reports whether the file set description at all.
	HasDescription bool
}

// Problem codes produced by LoadFile.
const (
	CodeTOMLSyntax      = "toml-syntax"
	CodePromptMissing   = "prompt-missing"
	CodePromptType      = "prompt-type"
	CodeDescriptionType = "description-type"
	CodeUnknownKey      = "unknown-key"
	CodeReadError       = "read-error"
)

// LoadFile parses and validates one command file the way Gemini's
// FileCommandLoader.parseAndAdaptFile does (R4, R5). It returns a nil Def
// when Gemini would skip the file; every reason is an error Problem with the
// 1-based line and column of the offending key or syntax error. Keys other
// than prompt and description load fine in Gemini (zod strips them) and are
// reported as info so that Claude-only fields left in a file are visible.
func LoadFile(path string, data []byte) (*Def, []config.Problem) {
	// Gemini reads the file with fs.readFile(path, "utf-8"): bytes that are
	// not UTF-8 become U+FFFD, one per maximal invalid subpart, before the
	// TOML parser sees them, so such a file loads (go-toml would reject it).
	// Found by comparing random command trees with Gemini's real loader.
	if !utf8.Valid(data) {
		data = []byte(js.DecodeUTF8(string(data)))
	}
	var raw map[string]any
	if err := toml.Unmarshal(data, &raw); err != nil {
		p := config.Problem{Severity: config.SevError, Code: CodeTOMLSyntax, Path: path, Line: 1, Column: 1,
			Message: "invalid TOML: " + tomlMessage(path, err),
			Hint:    "fix the syntax; Gemini skips this file with \"Failed to parse TOML file\""}
		var de *toml.DecodeError
		if errors.As(err, &de) {
			p.Line, p.Column = de.Position()
		}
		return nil, []config.Problem{p}
	}
	pos := keyPositions(data)
	at := func(key string, sev config.Severity, code, msg, hint string) config.Problem {
		lc, ok := pos[key]
		if !ok {
			lc = [2]int{1, 1}
		}
		return config.Problem{Severity: sev, Code: code, Path: path, Pointer: "/" + config.EscapePointer(key),
			Line: lc[0], Column: lc[1], Message: msg, Hint: hint}
	}
	var probs []config.Problem
	def := &Def{}
	ok := true
	switch v := raw["prompt"].(type) {
	case string:
		def.Prompt = v
	case nil:
		ok = false
		probs = append(probs, at("prompt", config.SevError, CodePromptMissing,
			"the 'prompt' field is required", `add a top-level line: prompt = """..."""`))
	default:
		ok = false
		probs = append(probs, at("prompt", config.SevError, CodePromptType,
			fmt.Sprintf("the 'prompt' field must be a string, got %s", tomlType(v)), "write prompt as a string"))
	}
	if d, present := raw["description"]; present {
		s, isStr := d.(string)
		if !isStr {
			ok = false
			probs = append(probs, at("description", config.SevError, CodeDescriptionType,
				fmt.Sprintf("the 'description' field must be a string, got %s", tomlType(d)), "write description as a string or remove it"))
		}
		def.Description, def.HasDescription = s, isStr
	}
	for _, k := range sortedKeys(raw) {
		if k != "prompt" && k != "description" {
			probs = append(probs, at(k, config.SevInfo, CodeUnknownKey,
				fmt.Sprintf("key %q is ignored by Gemini (only prompt and description are read)", k), "remove it"))
		}
	}
	if !ok {
		return nil, probs
	}
	return def, probs
}

// keyPositions maps each top-level key (first part of a dotted key, or the
// first part of a table header) to the line and column where it first
// appears. It is only called on documents that already decoded.
func keyPositions(data []byte) map[string][2]int {
	out := map[string][2]int{}
	var p unstable.Parser
	p.Reset(data)
	for p.NextExpression() {
		e := p.Expression()
		var it unstable.Iterator
		switch e.Kind {
		case unstable.KeyValue, unstable.Table, unstable.ArrayTable:
			it = e.Key()
		default:
			continue
		}
		if !it.Next() {
			continue
		}
		k := it.Node()
		name := string(k.Data)
		if _, seen := out[name]; seen {
			continue
		}
		s := p.Shape(k.Raw)
		out[name] = [2]int{s.Start.Line, s.Start.Column}
	}
	return out
}

func tomlType(v any) string {
	switch v.(type) {
	case string:
		return "string"
	case int64:
		return "integer"
	case float64:
		return "float"
	case bool:
		return "boolean"
	case []any:
		return "array"
	case map[string]any:
		return "table"
	}
	return "date/time"
}

var nameUnsafe = lazyre.New(`[^a-zA-Z0-9_\-.]`)

// CommandName is the slash name (without "/") Gemini derives from a path
// relative to a commands directory, given with "/" separators and ending in
// ".toml" (R6): each segment has characters outside [A-Za-z0-9_.-] replaced
// by "_", segments over 50 characters are cut to 47 plus "...", and segments
// are joined with ":". Changed reports whether sanitising or truncating
// altered any segment, i.e. the name differs from what the file name says.
func CommandName(rel string) (name string, changed bool) {
	rel = strings.TrimSuffix(rel, ".toml")
	segs := strings.Split(rel, "/")
	for i, s := range segs {
		t := sanitizeSegment(s)
		if len(t) > 50 { // t is ASCII after sanitising
			t = t[:47] + "..."
		}
		if t != s {
			changed = true
		}
		segs[i] = t
	}
	return strings.Join(segs, ":"), changed
}

// sanitizeSegment replaces every character outside [A-Za-z0-9_.-] by "_".
// JS applies the regexp per UTF-16 unit, so a rune outside the BMP becomes
// "__".
func sanitizeSegment(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r < 0x80 && !nameUnsafe.Get().MatchString(string(r)):
			b.WriteRune(r)
		case r >= 0x10000:
			b.WriteString("__")
		default:
			b.WriteByte('_')
		}
	}
	return b.String()
}

var (
	ansiSeq   = lazyre.New("\x1b\\[[0-9;?]*[ -/]*[@-~]|\x1b\\][^\x07\x1b]*(\x07|\x1b\\\\)")
	unsafeRun = lazyre.New("[\x00-\x08\x0B\x0C\x0E-\x1F\u0080-\u009F\u200E\u200F\u202A-\u202E\u2066-\u2069\u200B\uFEFF\x1b]")
	spaceRun  = lazyre.New(`\s+`)
)

// displayDescription is Gemini's sanitizeForDisplay(desc, 100) (R7): ANSI
// sequences and unsafe control characters removed, whitespace runs collapsed
// to one space, cut to 97 characters plus "..." when over 100. Lengths count
// runes where JS counts UTF-16 units; they differ only outside the BMP.
func displayDescription(desc string) string {
	s := ansiSeq.Get().ReplaceAllString(desc, "")
	s = unsafeRun.Get().ReplaceAllString(s, "")
	s = spaceRun.Get().ReplaceAllString(s, " ")
	if r := []rune(s); len(r) > 100 {
		s = string(r[:97]) + "..."
	}
	return s
}

// tomlMessage is go-toml's message, which can quote the file ("key
// ghp_x is already defined", "expected value but got U+0067 'g'"); for a
// file reached through a symbolic link only the kind of error is told
// (config.Linked).
func tomlMessage(path string, err error) string {
	if config.Linked(path) {
		return "syntax error (the text is not shown: the file is reached through a symbolic link)"
	}
	return strings.TrimPrefix(err.Error(), "toml: ")
}
