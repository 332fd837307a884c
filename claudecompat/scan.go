package claudecompat

import (
	"bytes"
	"fmt"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/gh-hooks/gh-hooks/internal/lazyre"
)

// Finding is one place where a hook script depends on Claude Code's
// protocol, and whether the adapter gives the script what it expects
// there.
type Finding struct {
	// Kind is what the script depends on (the Kind* constants).
	Kind string `json:"kind"`
	// Line is the 1-based line of the first occurrence.
	Line int `json:"line"`
	// Text is that line, trimmed and cut at 120 characters (untrusted:
	// escape it for display).
	Text string `json:"text"`
	// Covered is true when, behind the adapter, the script gets what
	// Claude would give it there.
	Covered bool `json:"covered"`
	// Note says what the adapter does, or what is lost.
	Note string `json:"note"`
	// Blocks is true for an answer that blocks under Claude where the
	// event allows it (exit 2, permissionDecision, decision "block",
	// continue false): see CanBlock.
	Blocks bool `json:"blocks,omitempty"`
	// Key is what was recognized: the Claude tool or event name, the
	// output field, the exit code, the variable (UnderGemini).
	Key string `json:"-"`
}

// Kinds of Finding.
const (
	KindStdin      = "stdin"      // reads the JSON payload on stdin
	KindToolName   = "tool-name"  // compares tool_name with a Claude tool name
	KindToolInput  = "tool-input" // reads a tool_input field Gemini names otherwise
	KindEventName  = "event-name" // compares hook_event_name with a Claude event
	KindPayload    = "payload"    // reads another Claude payload field
	KindOutput     = "output"     // answers in Claude's JSON output protocol
	KindExit       = "exit"       // exits 2 or more, which Claude and Gemini read differently
	KindTranscript = "transcript" // reads Claude's transcript
	KindVariable   = "variable"   // reads a CLAUDE_* environment variable
	KindProgram    = "program"    // runs a program that is not on PATH
)

// Languages Scan knows.
const (
	LangShell  = "shell"
	LangPython = "python"
	LangNode   = "node"
)

// Language guesses the language of the script at name from its #! line
// and its extension; a file with neither is run by sh, so it is shell.
func Language(name string, data []byte) string {
	if first, _, _ := bytes.Cut(data, []byte("\n")); bytes.HasPrefix(first, []byte("#!")) {
		l := string(first)
		switch {
		case strings.Contains(l, "python"):
			return LangPython
		case strings.Contains(l, "node"), strings.Contains(l, "bun"), strings.Contains(l, "deno"), strings.Contains(l, "tsx"), strings.Contains(l, "ts-node"):
			return LangNode
		case strings.Contains(l, "sh"):
			return LangShell
		}
	}
	switch strings.ToLower(filepath.Ext(name)) {
	case ".py":
		return LangPython
	case ".js", ".mjs", ".cjs", ".ts", ".mts", ".cts":
		return LangNode
	case ".sh", ".bash", ".zsh", "":
		return LangShell
	}
	return ""
}

// MaxScanLines bounds the lines Scan reads of one script.
const MaxScanLines = 20000

// Scan reads a hook script (or a hook command, as shell) for what it
// expects of Claude Code and says, for the hook h runs for, whether the
// adapter covers it. What "covered" means comes from the adapter's own
// tables: the tool names of ToolName (claudeTool, alternates), the fields
// of toClaudeInput (fieldRenames, fieldComputed), the events of
// geminiEvent, the outputs GeminiOutput reads (contextEvents) and the
// variables runHook sets (Variable). lang is a Language; "" reads the
// script as shell. Scan is a line-by-line reading, not a parse: it
// reports the first line of each thing it recognizes, skipping comment
// lines, and can miss what a script builds at run time.
func Scan(script []byte, lang string, h Hook) []Finding {
	s := scanner{h: h, seen: map[string]bool{}}
	text := string(script)
	mentionsInput := strings.Contains(text, "tool_input")
	lines := strings.Split(text, "\n")
	if len(lines) > MaxScanLines {
		lines = lines[:MaxScanLines]
	}
	inBlock := false
	for i, raw := range lines {
		s.line, s.text = i+1, shorten(raw)
		l := strings.TrimSpace(raw)
		if lang == LangNode {
			if inBlock {
				if _, after, ok := strings.Cut(l, "*/"); ok {
					inBlock, l = false, after
				} else {
					continue
				}
			}
			if strings.HasPrefix(l, "/*") && !strings.Contains(l, "*/") {
				inBlock = true
				continue
			}
			if strings.HasPrefix(l, "//") || strings.HasPrefix(l, "#!") {
				continue
			}
		} else if strings.HasPrefix(l, "#") {
			continue
		}
		s.scanLine(l, lang, mentionsInput)
	}
	sort.SliceStable(s.out, func(i, j int) bool { return s.out[i].Line < s.out[j].Line })
	return s.out
}

type scanner struct {
	h    Hook
	line int
	text string
	seen map[string]bool
	out  []Finding
}

// add records a finding once per key.
func (s *scanner) add(kind, key string, covered bool, note string) {
	if s.seen[kind+"\x00"+key] {
		return
	}
	s.seen[kind+"\x00"+key] = true
	s.out = append(s.out, Finding{Kind: kind, Line: s.line, Text: s.text, Covered: covered, Note: note, Key: key})
}

// blocking marks the last finding added, if it was added for this line,
// as an answer that blocks (Finding.Blocks).
func (s *scanner) blocking(kind string) {
	if n := len(s.out); n > 0 && s.out[n-1].Kind == kind && s.out[n-1].Line == s.line {
		s.out[n-1].Blocks = true
	}
}

func shorten(line string) string {
	line = strings.TrimSpace(line)
	if utf8.RuneCountInString(line) <= 120 {
		return line
	}
	r := []rune(line)
	return string(r[:119]) + "…"
}

// stdinShell, stdinPython and stdinNode are the ways a script reads its
// stdin, per language (stdinRead picks one). The expressions of this file
// are compiled on first use (lazyre): compiled at start they cost every
// gh-hooks process, every adapter run among them, some 2,400 allocations:
// 6% to 7% of a whole adapter run around `cat >/dev/null` (medians of 400
// interleaved runs, lazy against eager).
var (
	stdinShell  = lazyre.New(`(^|[\s;&|(]|\$\()(jq|cat|read|python3?|node)\b[^|;&]*$|\$\(\s*cat\s*\)|/dev/stdin|(^|[\s;&|(])(jq|read)\s`)
	stdinPython = lazyre.New(`\bsys\.stdin\b|\binput\(\)|\bfileinput\b|/dev/stdin`)
	stdinNode   = lazyre.New(`process\.stdin|readFileSync\(\s*(0|['"]/dev/stdin['"])|Bun\.stdin|Deno\.stdin|/dev/stdin`)
)

// stdinRead is lang's expression of the three, or nil.
func stdinRead(lang string) *lazyre.Regexp {
	switch lang {
	case LangShell:
		return stdinShell
	case LangPython:
		return stdinPython
	case LangNode:
		return stdinNode
	}
	return nil
}

// quotedNames matches a quoted string that is a name or an alternation of
// names ("Bash", 'Edit|Write', "^(Edit|MultiEdit)$"); casePattern a
// shell case pattern line (Edit|Write) or "Bash")).
var (
	quotedTool = lazyre.NewFunc(func() string {
		p := alternation(claudeToolNames())
		return `["'/]\^?\(?((?:` + p + `)(?:\|(?:` + p + `))*)\)?\$?["'/]`
	})
	caseTool = lazyre.NewFunc(func() string {
		p := alternation(claudeToolNames())
		return `^\(?"?((?:` + p + `)(?:"?\s*\|\s*"?(?:` + p + `))*)"?\)`
	})
	quotedMCP   = lazyre.New(`["']\^?(mcp__[A-Za-z0-9_-]+)`)
	quotedEvent = lazyre.NewFunc(func() string {
		p := alternation(claudeEventNames)
		return `["'](` + p + `)["']|^\(?(` + p + `)\)`
	})
	exitCode        = lazyre.New(`\b(?:exit|sys\.exit|process\.exit|os\.Exit|Deno\.exit)\s*\(?\s*([0-9]+)\b`)
	claudeVariable  = lazyre.New(`\bCLAUDE(?:_[A-Z0-9_]*[A-Z0-9]|CODE)\b`)
	continueFalse   = lazyre.New(`\bcontinue["']?\s*[:=]\s*(?:false|False)\b`)
	transcriptJSONL = lazyre.New(`\btranscript_path\b|\.jsonl\b`)
)

func alternation(names []string) string {
	sorted := slices.Clone(names)
	sort.Slice(sorted, func(i, j int) bool { return len(sorted[i]) > len(sorted[j]) })
	for i, n := range sorted {
		sorted[i] = regexp.QuoteMeta(n)
	}
	return strings.Join(sorted, "|")
}

// claudeToolNames are the Claude tool names the adapter shows Gemini tools
// as (claudeTools), sorted.
func claudeToolNames() []string {
	var out []string
	for _, t := range claudeTools {
		out = append(out, t.claude...)
	}
	sort.Strings(out)
	return slices.Compact(out)
}

// claudeEventNames are Claude Code's hook events (claude-hooks.md §1.1).
var claudeEventNames = []string{"PreToolUse", "PostToolUse", "PostToolUseFailure", "PermissionRequest",
	"PermissionDenied", "UserPromptSubmit", "Notification", "Stop", "StopFailure", "SubagentStart",
	"SubagentStop", "SessionStart", "SessionEnd", "PreCompact", "PostCompact", "Setup", "TeammateIdle",
	"TaskCreated", "TaskCompleted", "ConfigChange", "WorktreeCreate", "WorktreeRemove",
	"InstructionsLoaded", "Elicitation", "ElicitationResult", "CwdChanged", "FileChanged"}

// fieldAccess matches the ways a script reads a field of an object:
// .get("f"), ["f"], tool_input.f (jq, JavaScript, Python attribute).
func fieldAccess(field string) *regexp.Regexp {
	q := regexp.QuoteMeta(field)
	return regexp.MustCompile(`\.get\(\s*["']` + q + `["']|\[\s*["']` + q + `["']\s*\]|tool_input\??\.` + q + `\b`)
}

// renamedField is a Claude tool_input field whose Gemini counterpart has
// another name or is computed, with what the adapter does.
type renamedField struct {
	name string
	re   *regexp.Regexp
	note string
}

// renamedFields is built, on the first Scan, from fieldRenames and fieldComputed, so a field
// is covered exactly when toClaudeInput produces it.
var renamedFields = sync.OnceValue(func() []renamedField {
	tools := map[string][]string{} // Claude field → "Tool ← gemini"
	for _, tool := range claudeToolNames() {
		for _, r := range fieldRenames(tool) {
			if r[0] != r[1] {
				tools[r[1]] = append(tools[r[1]], fmt.Sprintf("%s.%s from Gemini's %s", tool, r[1], r[0]))
			}
		}
	}
	for _, tool := range claudeToolNames() {
		for _, c := range fieldComputed(tool) {
			for _, f := range strings.Split(c.Claude, ",") {
				f = strings.TrimSpace(f)
				if f == "prompt" || strings.ContainsAny(f, "[.") {
					continue // the same name in both, or nested (edits[0].x, .status)
				}
				tools[f] = append(tools[f], fmt.Sprintf("%s.%s computed (%s)", tool, f, c.How))
			}
		}
	}
	var out []renamedField
	for _, f := range sortedNames(tools) {
		out = append(out, renamedField{name: f, re: fieldAccess(f),
			note: "the adapter gives " + strings.Join(tools[f], "; ")})
	}
	return out
})

func sortedNames[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

func (s *scanner) scanLine(l, lang string, mentionsInput bool) {
	ev := s.h.Event
	if re := stdinRead(lang); re != nil && re.Get().MatchString(l) || lang == "" && stdinShell.Get().MatchString(l) {
		s.add(KindStdin, "", true, "reads the hook's JSON payload: the adapter gives it Claude's payload for "+orAny(ev))
	}
	// Tool names.
	var names []string
	for _, m := range quotedTool.Get().FindAllStringSubmatch(l, -1) {
		names = append(names, m[1])
	}
	if lang == LangShell || lang == "" {
		if m := caseTool.Get().FindStringSubmatch(l); m != nil {
			names = append(names, m[1])
		}
	}
	for _, alt := range names {
		for _, n := range strings.Split(alt, "|") {
			n = strings.Trim(n, `" `)
			if g := geminiTool(n); g != "" {
				s.add(KindToolName, n, true, fmt.Sprintf("compares the tool name with Claude's %q: the adapter gives Gemini's %s as %q", n, g, ToolName(g, s.h.Matcher, "", "")))
			}
		}
	}
	for _, m := range quotedMCP.Get().FindAllStringSubmatch(l, -1) {
		s.add(KindToolName, m[1], true, "an MCP tool in Claude's mcp__server__tool form: the adapter gives Gemini's mcp_server_tool in this form")
	}
	// tool_input fields.
	if mentionsInput {
		for _, f := range renamedFields() {
			if f.re.MatchString(l) {
				s.add(KindToolInput, f.name, true, "reads tool_input."+f.name+": "+f.note)
			}
		}
	}
	// Event names: a quoted name or a case pattern.
	for _, m := range quotedEvent.Get().FindAllStringSubmatch(l, -1) {
		n := m[1] + m[2]
		g := geminiEvent(n)
		ok := g != ""
		switch {
		case ok && (n == ev || ev == ""):
			s.add(KindEventName, n, true, fmt.Sprintf("names Claude's event %s: the adapter sends hook_event_name %q on Gemini's %s and reads the answer as %s's", n, n, g, n))
		case ok:
			s.add(KindEventName, n, true, fmt.Sprintf("names Claude's event %s: the adapter sends hook_event_name %q for this %s hook, as Claude does, so a branch for %s runs only where the hook is also registered on it", n, ev, ev, n))
		default:
			s.add(KindEventName, n, true, fmt.Sprintf("names Claude's event %s, which Gemini does not have: that branch never runs, as in Claude for a hook not registered on it", n))
		}
	}
	s.scanOutput(l)
	s.scanPayload(l)
	for _, m := range exitCode.Get().FindAllStringSubmatch(l, -1) {
		switch code := m[1]; {
		case code == "2":
			note := "exits 2: the adapter answers Gemini as Claude reads it on " + orAny(ev)
			switch {
			case blockingExit2(ev) != "":
				note += fmt.Sprintf(" (Gemini decision %q with stderr as the reason)", blockingExit2(ev))
			case ev == "PostToolUse" || ev == "PostToolUseFailure":
				note += " (stderr goes to the model beside the tool's result, not in place of it)"
			case ev != "":
				note += " (stderr shown to the user; nothing is blocked)"
			}
			s.add(KindExit, code, true, note)
			if blockingExit2(ev) != "" || ev == "PostToolUse" || ev == "PostToolUseFailure" || ev == "" {
				s.blocking(KindExit)
			}
		case len(code) > 1 || code > "2":
			s.add(KindExit, code, true, "exits "+code+": a non-blocking error in Claude; the adapter makes it a warning (Gemini alone would block on it)")
		}
	}
	for _, v := range claudeVariable.Get().FindAllString(l, -1) {
		if Variable(v, s.h.PluginRoot != "") {
			s.add(KindVariable, v, true, "reads $"+v+": the adapter sets it")
		} else {
			s.add(KindVariable, v, false, "reads $"+v+": "+unsetVariable(v))
		}
	}
}

func orAny(ev string) string {
	if ev == "" {
		return "the event"
	}
	return ev
}

// scanOutput finds Claude's JSON output fields (claude-hooks.md §1.7) and
// says whether GeminiOutput reads them for the hook's event.
func (s *scanner) scanOutput(l string) {
	ev := s.h.Event
	has := func(w string) bool { return strings.Contains(l, w) }
	if has("permissionDecision") && !has("permissionDecisionReason") || has("permissionDecision\"") || has("permissionDecision'") || has("permissionDecision:") {
		switch ev {
		case "PreToolUse", "":
			s.add(KindOutput, "permissionDecision", true, "answers with hookSpecificOutput.permissionDecision, which Gemini ignores: the adapter turns deny/ask/allow and the reason into Gemini's decision")
			s.blocking(KindOutput)
		default:
			s.add(KindOutput, "permissionDecision", true, "answers with permissionDecision, which Claude reads only on PreToolUse: ignored on "+ev+" by both")
		}
	}
	if has(`"defer"`) || has(`'defer'`) {
		s.add(KindOutput, "defer", false, `permissionDecision "defer" has no Gemini counterpart: the tool runs as if the hook said nothing`)
	}
	if has("additionalContext") {
		switch {
		case ev == "Stop" || ev == "SubagentStop":
			s.add(KindOutput, "additionalContext", true, "answers with additionalContext, which keeps the turn going on "+ev+": the adapter makes it Gemini's AfterAgent block, with the context as the next prompt")
		case contextEvents(ev) || ev == "":
			s.add(KindOutput, "additionalContext", true, "answers with additionalContext: the adapter gives it to the model on "+orAny(ev))
		case ev == "PreToolUse":
			s.add(KindOutput, "additionalContext", false, "PreToolUse additionalContext is lost: Gemini gives BeforeTool hooks no way to add context for the model")
		default:
			s.add(KindOutput, "additionalContext", true, "answers with additionalContext, which Claude ignores on "+ev+" too")
		}
	}
	if (has(`"approve"`) || has(`'approve'`)) && has("decision") {
		if ev == "PreToolUse" || ev == "" {
			s.add(KindOutput, "approve", true, `answers decision "approve" (Claude's deprecated PreToolUse form): the adapter makes it Gemini's "allow"`)
		} else {
			s.add(KindOutput, "approve", true, `answers decision "approve", which Claude ignores on `+ev+` too`)
		}
	}
	if (has(`"block"`) || has(`'block'`)) && has("decision") {
		switch ev {
		case "PreToolUse", "":
			s.add(KindOutput, "block", true, `answers decision "block" (on PreToolUse Claude's deprecated form of a deny): the adapter makes it Gemini's "deny"`)
		case "PostToolUse", "PostToolUseFailure":
			s.add(KindOutput, "block", true, `answers decision "block": Claude shows the reason to the model beside the tool's result; the adapter gives it as additionalContext (Gemini's own AfterTool block would hide the result)`)
		case "UserPromptSubmit", "Stop", "SubagentStop", "PreCompact":
			s.add(KindOutput, "block", true, `answers decision "block": the adapter gives Gemini the same block on `+geminiEvent(ev))
		default:
			s.add(KindOutput, "block", true, `answers decision "block", which Claude ignores on `+ev+` too`)
		}
		if ev == "" || blockingExit2(ev) != "" || ev == "PostToolUse" || ev == "PostToolUseFailure" {
			s.blocking(KindOutput)
		}
	}
	if continueFalse.Get().MatchString(l) {
		s.add(KindOutput, "continue", true, "answers continue false, which stops the agent in Claude and in Gemini: the adapter passes it on with stopReason")
		s.blocking(KindOutput)
	}
	if has("updatedInput") {
		if ev == "PreToolUse" || ev == "" {
			s.add(KindOutput, "updatedInput", true, "answers with updatedInput: the adapter gives it to Gemini as tool_input with Gemini's field names")
		} else {
			s.add(KindOutput, "updatedInput", false, "answers with updatedInput, which only PreToolUse and PermissionRequest hooks can give: ignored on "+ev)
		}
	}
	for _, f := range []string{"updatedToolOutput", "updatedMCPToolOutput"} {
		if has(f) {
			s.add(KindOutput, f, false, f+" is lost: Gemini gives AfterTool hooks no way to replace a tool's result the way Claude does")
		}
	}
}

// scanPayload finds Claude payload fields whose Gemini counterpart is
// rebuilt, computed or missing (ClaudeInput).
func (s *scanner) scanPayload(l string) {
	has := func(w string) bool { return strings.Contains(l, w) }
	switch {
	case transcriptJSONL.Get().MatchString(l):
		s.add(KindTranscript, "", false, "reads Claude's transcript (JSONL, one message per line): under Gemini transcript_path names Gemini's own session file, in another format, so what the script looks for there is not found")
	}
	if has("last_assistant_message") {
		s.add(KindPayload, "last_assistant_message", true, "reads last_assistant_message: the adapter fills it from Gemini's prompt_response")
	}
	if has("tool_response") {
		s.add(KindPayload, "tool_response", true, "reads tool_response: the adapter rebuilds it in Claude's shape for the tool (stdout/stderr for Bash, file paths, content) from Gemini's llmContent")
	}
	if has("permission_mode") {
		s.add(KindPayload, "permission_mode", false, `reads permission_mode: Gemini does not say its approval mode, so the adapter always sends "default" (plan, acceptEdits and bypassPermissions are never seen)`)
	}
	if has("tool_use_id") {
		s.add(KindPayload, "tool_use_id", true, "reads tool_use_id: the adapter makes one from the session, tool and input (the same for the Pre and Post hooks of one call)")
	}
	for _, f := range []string{"agent_id", "agent_type"} {
		if has(f) {
			s.add(KindPayload, f, false, "reads "+f+": Gemini sends no subagent fields, so it is always absent")
		}
	}
}

// unsetVariable says what a script misses when a CLAUDE_ variable the
// adapter does not set is read.
func unsetVariable(v string) string {
	switch v {
	case "CLAUDE_ENV_FILE":
		return "Claude's file for exporting variables to later Bash commands; Gemini has none, so it is unset and what the script writes there is lost"
	case "CLAUDE_PLUGIN_ROOT":
		return "set only for hooks migrated from a plugin"
	case "CLAUDE_PLUGIN_DATA":
		return "Claude's per-plugin data directory; Gemini has none, so it is unset"
	}
	return "neither Gemini nor the adapter sets it"
}
