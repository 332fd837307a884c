package claudecompat

import (
	"strings"
	"time"

	"mvdan.cc/sh/v3/syntax"

	"github.com/gh-hooks/gh-hooks/internal/shellword"
)

// Wrapped is a Claude hook as migrate writes it for Gemini: the adapter's
// command, with the original Claude command inside.
type Wrapped struct {
	Hook
	// Binary is how the command names gh-hooks: "gh-hooks" (found on PATH
	// when the hook runs) or an absolute path.
	Binary string
	// Command is the original Claude command, exactly as Claude ran it.
	Command string
	// FailClosed makes the guard block when gh-hooks is missing (exit 2,
	// which Gemini reads as a deny: spec §5.4) instead of warning (exit
	// 1): for a hook that can block (CanBlock), whose job is lost
	// otherwise without a word.
	FailClosed bool
}

// Install is how to install gh-hooks, for messages about a missing
// adapter.
const Install = "go install github.com/gh-hooks/gh-hooks@latest"

// The guard's messages, on stderr, where Gemini takes them as the reason
// of the deny (exit 2) or the text of the warning (exit 1) (spec §5.4).
const (
	missingBlocks = "gh-hooks (the Claude hook adapter) is not installed, and this Claude hook can block, so it blocks: install it: " + Install
	missingWarns  = "gh-hooks (the Claude hook adapter) is not installed: this Claude hook did not run; install it: " + Install
)

// failClosedEvents are the Claude events whose migrated hooks fail
// closed (CanBlock): a block there stops a tool call (PreToolUse), hides
// a tool's result (PostToolUse: Gemini's AfterTool deny replaces it,
// coreToolHookTriggers.ts) or erases a prompt (UserPromptSubmit). Not
// PostToolUseFailure: its hook runs on every AfterTool, where only the
// adapter tells a failed tool, so its guard would hide the result of
// every tool that worked. Not Stop or SubagentStop: Gemini answers an
// AfterAgent block by sending the reason as the next prompt (client.ts),
// so a guard that always blocks would keep the agent asking the model
// to install gh-hooks, turn after turn; nor PreCompact (Gemini's
// PreCompress ignores decisions, spec §5.8) or the events nothing can
// block on.
func failClosedEvents(s string) bool {
	switch s {
	case "PreToolUse", "PostToolUse", "UserPromptSubmit":
		return true
	}
	return false
}

// CanBlock reports whether a hook of Claude event ev, whose command and
// scripts gave findings (Scan), can block under Claude in a way a
// missing adapter must not silently drop: the event is one a block acts
// on (failClosedEvents) and the hook answers with a block (exit 2,
// permissionDecision, decision "block", continue false), or unseen is
// true (a file it runs could not be read, or the command starts what
// cannot be followed): gh-hooks cannot tell that it does not block.
func CanBlock(ev string, findings []Finding, unseen bool) bool {
	if !failClosedEvents(ev) {
		return false
	}
	if unseen {
		return true
	}
	for _, f := range findings {
		if f.Blocks {
			return true
		}
	}
	return false
}

// Wrap writes the command Gemini runs for a Claude hook:
//
//	command -v gh-hooks >/dev/null || { echo '...' >&2; exit 1; }; exec gh-hooks claude-compat --event E [--matcher M] [--plugin-root DIR] [--on-failure block --deadline D] -- 'CMD'
//
// The guard makes a missing gh-hooks a warning (exit 1, Claude's own
// treatment of a missing program) instead of bash's exit 127, on which
// Gemini denies every tool call (spec §5.4); with FailClosed it exits 2,
// a deny whose reason names gh-hooks and how to install it. Both say so
// on stderr, which Gemini reads when stdout is empty. pluginRoot is shell text,
// written as it is (for an extension, "${extensionPath}", which Gemini
// fills in when it loads hooks.json, spec §3.5).
//
// The original command is single-quoted, and every "$" that starts a
// variable is followed by an empty quoted string ('$”NAME'), so that
// neither Gemini's load-time $VAR expansion (spec §1.5) nor its run-time
// rewriting of $GEMINI_PROJECT_DIR and $CLAUDE_PROJECT_DIR (spec §5.3)
// changes it: the adapter receives the command byte for byte and gives it
// to sh as Claude does.
func Wrap(w Wrapped) string {
	bin := shellword.Quote(w.Binary)
	var b strings.Builder
	msg, code := missingWarns, "1"
	if w.FailClosed {
		msg, code = missingBlocks, "2"
	}
	b.WriteString("command -v " + bin + " >/dev/null || { echo '" + msg + "' >&2; exit " + code + "; }; ")
	b.WriteString("exec " + bin + " claude-compat --event " + shellword.Quote(w.Event))
	if w.Matcher != "" {
		b.WriteString(" --matcher " + quote(w.Matcher))
	}
	if w.PluginRoot != "" {
		b.WriteString(" --plugin-root " + w.PluginRoot)
	}
	if w.OnFailure != "" {
		b.WriteString(" --on-failure " + shellword.Quote(w.OnFailure))
	}
	if w.Deadline > 0 {
		b.WriteString(" --deadline " + w.Deadline.String())
	}
	b.WriteString(" -- " + quote(w.Command))
	return b.String()
}

// quote single-quotes s for bash, splitting the quotes after every "$"
// that a settings loader would read as the start of a variable.
func quote(s string) string {
	var b strings.Builder
	b.WriteByte('\'')
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '\'':
			b.WriteString(`'\''`)
		case c == '$' && i+1 < len(s) && (s[i+1] == '{' || s[i+1] == '_' || isAlnum(s[i+1])):
			b.WriteString(`$''`)
		default:
			b.WriteByte(c)
		}
	}
	b.WriteByte('\'')
	return b.String()
}

func isAlnum(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// Unwrap finds the adapter in a hook command that Wrap wrote (or a person
// wrote by hand): a simple command "[exec] BINARY claude-compat [flags] --
// CMD", whatever the binary is called. It parses the command as bash would
// (mvdan.cc/sh), so quoting and the guard around it do not matter.
func Unwrap(command string) (Wrapped, bool) {
	if !strings.Contains(command, "claude-compat") {
		return Wrapped{}, false
	}
	f, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(command), "")
	if err != nil {
		return Wrapped{}, false
	}
	var found Wrapped
	ok, exit2 := false, false
	syntax.Walk(f, func(n syntax.Node) bool {
		if ok {
			return false
		}
		call, isCall := n.(*syntax.CallExpr)
		if !isCall {
			return true
		}
		if len(call.Args) == 2 && wordText(call.Args[0]) == "exit" && wordText(call.Args[1]) == "2" {
			exit2 = true // the guard's, before the adapter's command
		}
		found, ok = fromArgs(call.Args)
		return !ok
	})
	found.FailClosed = ok && exit2
	return found, ok
}

// fromArgs reads the words of one simple command.
func fromArgs(args []*syntax.Word) (Wrapped, bool) {
	words := make([]string, len(args))
	for i, a := range args {
		words[i] = wordText(a)
	}
	for len(words) > 0 && (words[0] == "exec" || words[0] == "command") {
		words = words[1:]
	}
	if len(words) < 2 || words[1] != "claude-compat" {
		return Wrapped{}, false
	}
	h, command, ok := ParseArgs(words[2:])
	if !ok {
		return Wrapped{}, false
	}
	return Wrapped{Hook: h, Binary: words[0], Command: command}, true
}

// ParseArgs reads the adapter's arguments after "claude-compat" in the
// form Wrap writes them: "--event E [--matcher M] [--plugin-root DIR]
// [--on-failure F] [--deadline D] -- CMD", each value after "=" or as the
// next word. ok is false for anything else (help, a misspelt flag, no
// --event, more than one word after --).
func ParseArgs(args []string) (h Hook, command string, ok bool) {
	rest := args
	for len(rest) > 0 {
		a := rest[0]
		if a == "--" {
			if len(rest) != 2 || h.Event == "" {
				return Hook{}, "", false
			}
			return h, rest[1], true
		}
		name, val, hasVal := strings.Cut(a, "=")
		if !hasVal {
			if len(rest) < 2 {
				return Hook{}, "", false
			}
			val, rest = rest[1], rest[1:]
		}
		switch name {
		case "--event":
			h.Event = val
		case "--matcher":
			h.Matcher = val
		case "--plugin-root":
			h.PluginRoot = val
		case "--on-failure":
			h.OnFailure = val
		case "--deadline":
			d, err := time.ParseDuration(val)
			if err != nil {
				return Hook{}, "", false
			}
			h.Deadline = d
		default:
			return Hook{}, "", false
		}
		rest = rest[1:]
	}
	return Hook{}, "", false
}

// wordText is the value of a word made of literal and quoted text, and
// the word's source text when it holds an expansion.
func wordText(w *syntax.Word) string {
	var b strings.Builder
	for _, p := range w.Parts {
		switch p := p.(type) {
		case *syntax.Lit:
			b.WriteString(shellword.Unescape(p.Value))
		case *syntax.SglQuoted:
			b.WriteString(p.Value)
		case *syntax.DblQuoted:
			for _, q := range p.Parts {
				lit, ok := q.(*syntax.Lit)
				if !ok {
					return source(w)
				}
				b.WriteString(lit.Value)
			}
		default:
			return source(w)
		}
	}
	return b.String()
}

func source(w *syntax.Word) string {
	var b strings.Builder
	syntax.NewPrinter().Print(&b, w)
	return b.String()
}
