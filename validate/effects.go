package validate

import (
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"

	"github.com/gh-hooks/gh-hooks/config"
	"github.com/gh-hooks/gh-hooks/fingerprint"
	"github.com/gh-hooks/gh-hooks/internal/lazyre"
	"github.com/gh-hooks/gh-hooks/layers"
	"github.com/gh-hooks/gh-hooks/merge"
	"github.com/gh-hooks/gh-hooks/runner"
	"github.com/gh-hooks/gh-hooks/shellcmd"
)

// Problem codes about what Gemini does with a hook's output, found in the
// hook's command and the scripts it runs (issue 25; each behaviour was
// watched on the real Gemini CLI 0.61.0 run headless).
const (
	// CodeToolInputPartial: a BeforeTool hook prints a tool_input that
	// lacks a parameter the tool requires; Gemini gives the tool that
	// object alone, so the call fails validation and the tool does not run.
	CodeToolInputPartial = "tool-input-partial"
	// CodeDecisionIgnored: a hook blocks (decision block/deny,
	// continue:false, exit 2) on an event where Gemini ignores it.
	CodeDecisionIgnored = "decision-ignored"
	// CodeAskHeadless: a BeforeTool hook asks; headless Gemini exits
	// without running the tool.
	CodeAskHeadless = "ask-headless"
	// CodeEnvPathRefused: a hook on the file tools guards .env, which
	// Gemini's file tools refuse before any hook runs.
	CodeEnvPathRefused = "env-path-refused"
)

var (
	reToolInput   = lazyre.New(`["']tool_input["']\s*:\s*\{`)
	reBlock       = lazyre.New(`["']decision["']\s*:\s*["'](block|deny)["']`)
	reStop        = lazyre.New(`["']continue["']\s*:\s*(false|False)\b`)
	reExit2       = lazyre.New(`(^|[;&|\s(])exit\s+2\b`)
	reAsk         = lazyre.New(`["'](decision|permissionDecision)["']\s*:\s*["']ask["']`)
	reEnvFile     = lazyre.New(`(^|[^A-Za-z0-9_.])\.env($|[^A-Za-z0-9_.]|\\)`)
	hookSpecific  = "hookSpecificOutput"
	maxEffectText = 1 << 20
)

// blockIn returns what a decision "block" or "deny" in text says, or "".
// It and exit2In look for a word every match holds before they run the
// expression: most hooks have neither, and an expression run on each hook
// was a tenth of an `effective` (BENCHMARKS.md).
func blockIn(text string) string {
	if !strings.Contains(text, "decision") {
		return ""
	}
	if m := reBlock.Get().FindStringSubmatch(text); m != nil {
		return m[1]
	}
	return ""
}

// exit2In reports whether text holds an exit 2 (reExit2), looking first for
// "exit", blanks and 2.
func exit2In(text string) bool {
	for i := 0; ; {
		j := strings.Index(text[i:], "exit")
		if j < 0 {
			return false
		}
		i += j + len("exit")
		rest := strings.TrimLeft(text[i:], "\t\n\v\f\r ")
		if len(rest) < len(text[i:]) && strings.HasPrefix(rest, "2") {
			return reExit2.Get().MatchString(text)
		}
	}
}

// hookText is the hook's command followed by the scripts it starts that
// can be read without leaving the project (or, for a user or system hook,
// the folder of its settings file): the text the effect checks scan.
// seen is false when the command starts a file that was not read.
func (c *checker) hookText(h *merge.Hook) (text string, seen bool) {
	var b strings.Builder
	b.WriteString(h.ExpandedCommand)
	files, seen := c.hookFiles(h)
	for _, f := range files {
		if b.Len() > maxEffectText {
			break
		}
		b.WriteString("\n")
		b.Write(f.data)
	}
	return b.String(), seen
}

// hookFile is a file a hook's command starts, as read.
type hookFile struct {
	path string
	data []byte
}

// hookFiles returns the files h's command starts that read (readUnder or
// the checker's cached copy of it) can read without leaving the project
// (or, for a user or system hook, the folder of its settings file), in
// order, up to maxEffectText bytes in all; seen is false when it starts a
// file that was not read. The
// effect checks (hookText) and claude-protocol (ClaudeProtocol) read
// hooks through it.
func hookFiles(set *layers.Set, h *merge.Hook, a *shellcmd.Analysis, read func(roots []string, path string) []byte) (files []hookFile, seen bool) {
	seen = true
	if runtime.GOOS == "windows" {
		return nil, seen
	}
	dir := set.Paths.ProjectDir
	roots := []string{dir}
	if h.Layer != layers.Project {
		roots = append(roots, filepath.Dir(h.Path))
	}
	total := 0
	for _, f := range a.Files {
		if total > maxEffectText {
			return files, false // a command that starts many large files is read up to the bound
		}
		if f.Path == "" {
			seen = false
			continue
		}
		data := read(roots, f.Path)
		if data == nil {
			seen = false
			continue
		}
		total += len(data)
		files = append(files, hookFile{f.Path, data})
	}
	return files, seen
}

// hookFiles is hookFiles of c.analysis(h), once for each command
// and folder its files are read under: the effect checks and
// claude-protocol both read every hook's files, and analysing each command
// twice more was a fifth of an `effective --json` of 40 hooks (pprof of the
// in-process run).
func (c *checker) hookFiles(h *merge.Hook) ([]hookFile, bool) {
	key := startedKey{command: h.ExpandedCommand, env: envKey(h.Env)}
	if h.Layer != layers.Project {
		key.settings = h.Path
	}
	if r, ok := c.started[key]; ok {
		return r.files, r.seen
	}
	files, seen := hookFiles(c.r.Set, h, c.analysis(h), c.readUnder)
	c.started[key] = startedFiles{files, seen}
	return files, seen
}

// analyze reads h's command as bash would, with the variables Gemini gives
// it that gh-hooks knows: the project's, the home, and the hook's own env.
func analyze(set *layers.Set, h *merge.Hook) *shellcmd.Analysis {
	return analyzeWith(set, h, hookVars(set, h.Env))
}

// hookVars are the variables a hook with env sees: the project's, the
// home, and env.
func hookVars(set *layers.Set, env map[string]string) map[string]string {
	return runner.ShellVars(set.Paths.ProjectDir, set.UserHome(), "", "", env)
}

// analyzeWith is analyze with the hook's variables given: shellcmd.Analyze
// only reads them.
func analyzeWith(set *layers.Set, h *merge.Hook, vars map[string]string) *shellcmd.Analysis {
	return shellcmd.Analyze(h.ExpandedCommand, shellcmd.Options{Dir: set.Paths.ProjectDir, Vars: vars})
}

// analysis is analyze(c.r.Set, h), once for each command and env: the
// programs check and the files a hook starts read the same analysis (two
// analyses of each command were an eighth of an `effective --json` of 40
// hooks, pprof of the in-process run).
func (c *checker) analysis(h *merge.Hook) *shellcmd.Analysis {
	key := analysisKey{h.ExpandedCommand, envKey(h.Env)}
	if a, ok := c.analyses[key]; ok {
		return a
	}
	vars := c.vars
	if len(h.Env) > 0 {
		vars = hookVars(c.r.Set, h.Env)
	}
	a := analyzeWith(c.r.Set, h, vars)
	c.analyses[key] = a
	return a
}

type analysisKey struct{ command, env string }

// envKey is a hook's env as a map key: its pairs in order, "" for none.
func envKey(env map[string]string) string {
	if len(env) == 0 {
		return ""
	}
	var b strings.Builder
	for _, k := range slices.Sorted(maps.Keys(env)) {
		b.WriteString(k)
		b.WriteByte(0)
		b.WriteString(env[k])
		b.WriteByte(0)
	}
	return b.String()
}

// startedKey is a command, its env and, for a hook outside the project
// layer, its settings file, in whose folder it may read files too (the
// file, not the folder: filepath.Dir of each hook was 1% of an
// `effective --json` of 40 hooks).
type startedKey struct{ settings, command, env string }

// startedFiles is what hookFiles found for one command.
type startedFiles struct {
	files []hookFile
	seen  bool
}

// readUnder reads path through the first root it is inside, never
// following a link out of it; nil when it cannot.
func (c *checker) readUnder(roots []string, path string) []byte {
	key := strings.Join(roots, "\x00") + "\x00" + path
	if data, ok := c.scripts[key]; ok {
		return data
	}
	data := readUnder(roots, path)
	c.scripts[key] = data
	return data
}

// readUnder reads path for checker.readUnder.
func readUnder(roots []string, path string) []byte {
	clean := filepath.Clean(path)
	for _, root := range roots {
		if filepath.IsAbs(root) && filepath.IsAbs(clean) && !strings.HasPrefix(clean, filepath.Clean(root)) {
			continue // outside root: Rel would start with ".." (a third of its cost)
		}
		rel, err := filepath.Rel(root, path)
		if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
			continue
		}
		r, err := os.OpenRoot(root)
		if err != nil {
			return nil
		}
		data, state, _ := fingerprint.ReadScript(r, rel)
		r.Close()
		if state != fingerprint.ScriptOK {
			return nil
		}
		return data
	}
	return nil
}

// effects reports what Gemini does with h's output where the command or
// its scripts show it.
func (c *checker) effects(h *merge.Hook) {
	tool := h.Event == "BeforeTool" || h.Event == "AfterTool"
	if h.ExpandedCommand == "" || runner.Stops(h.Event) && !tool {
		return
	}
	var tools []string
	if tool {
		tools = c.hookTools(h)
		if h.Event == "AfterTool" && !slices.ContainsFunc(tools, func(t string) bool { return slices.Contains(runner.PathTools(), t) }) {
			return // only the .env check applies to AfterTool
		}
	}
	text, _ := c.hookText(h)
	ptr := commandPointer(h)
	if !runner.Stops(h.Event) {
		var what []string
		if m := blockIn(text); m != "" {
			what = append(what, fmt.Sprintf("decision %q", m))
		}
		if strings.Contains(text, "continue") && reStop.Get().MatchString(text) {
			what = append(what, "continue:false")
		}
		if exit2In(text) {
			what = append(what, "exit 2 (read as a deny)")
		}
		if len(what) > 0 {
			hint := "tell the user with a systemMessage instead"
			if h.Event == "SessionStart" {
				hint = "to stop prompts, block in a BeforeAgent hook; on SessionStart, tell the user with a systemMessage"
			}
			c.add(h.Path, ptr, config.SevWarning, CodeDecisionIgnored,
				fmt.Sprintf("the hook's output can carry %s, which Gemini ignores on %s: nothing is blocked (%s)", strings.Join(what, ", "), h.Event, runner.EventUses(h.Event)),
				hint)
		}
	}
	if !tool {
		return
	}
	if h.Event == "BeforeTool" {
		c.partialToolInput(h, text, tools)
		if strings.Contains(text, "ask") && reAsk.Get().MatchString(text) {
			c.add(h.Path, ptr, config.SevInfo, CodeAskHeadless,
				"the hook can answer \"ask\": interactive Gemini asks the user (showing only the systemMessage), but headless (gemini -p, CI) Gemini 0.61 waits for a confirmation no one can give: it exits with status 0 (or hangs while an MCP server is connected) without running the tool, and no later hook fires; this looks like a Gemini bug",
				"where the hook can run headless, answer deny with a reason instead of ask")
		}
	}
	var fileTools []string
	for _, t := range tools {
		if slices.Contains(runner.PathTools(), t) {
			fileTools = append(fileTools, t)
		}
	}
	if len(fileTools) > 0 && strings.Contains(text, ".env") && reEnvFile.Get().MatchString(text) {
		c.add(h.Path, ptr, config.SevInfo, CodeEnvPathRefused,
			fmt.Sprintf("the hook mentions .env, but Gemini's %s %s a path with a .env segment before any hook runs (\"Path not in workspace\"): this hook never fires for those calls, and the model gets Gemini's message, not the hook's; it still fires for .env.local or .envrc, and for run_shell_command", strings.Join(fileTools, ", "), plural(len(fileTools), "refuses", "refuse")),
			"nothing to do for .env itself: Gemini refuses it; to guard shell reads of .env, match run_shell_command too")
	}
}

// hookTools are the built-in tools h's matcher selects.
func (c *checker) hookTools(h *merge.Hook) []string {
	m := strings.TrimSpace(h.Matcher)
	if m == "" || m == "*" {
		return geminiTools
	}
	if jsRegexpErr(m) != nil {
		return nil
	}
	return c.matchedTools(m)
}

// partialToolInput reports a literal tool_input in the hook's output that
// lacks a parameter a selected tool requires.
func (c *checker) partialToolInput(h *merge.Hook, text string, tools []string) {
	if !strings.Contains(text, hookSpecific) {
		return
	}
	for _, loc := range reToolInput.Get().FindAllStringIndex(text, 8) {
		keys, ok := literalKeys(text[loc[1]:])
		if !ok {
			continue
		}
		for _, t := range tools {
			req, known := runner.RequiredParams(t)
			if !known {
				continue
			}
			var missing []string
			for _, r := range req {
				if !slices.Contains(keys, r) {
					missing = append(missing, r)
				}
			}
			if len(missing) == 0 {
				continue
			}
			c.add(h.Path, commandPointer(h), config.SevWarning, CodeToolInputPartial,
				fmt.Sprintf("the hook's output sets tool_input {%s}, and Gemini 0.61 gives %s that object alone (not merged with the call): it lacks %s, so the tool does not run and the model gets \"Tool parameter modification by hook failed validation: params must have required property '%s'\"",
					strings.Join(keys, ", "), t, strings.Join(missing, ", "), missing[0]),
				"print the whole tool_input: the payload's tool_input with the changed fields, e.g. jq '{hookSpecificOutput: {hookEventName: \"BeforeTool\", tool_input: (.tool_input + {content: \"...\"})}}'")
			return
		}
	}
}

// literalKeys reads the keys at the top level of the object literal that
// s continues (after its "{"), in JSON, Python or JavaScript, plain or
// with shell-escaped quotes (\"key\":); ok is false when the literal is
// not closed or spreads something in (...x, **x).
func literalKeys(s string) (keys []string, ok bool) {
	if len(s) > 4096 {
		s = s[:4096]
	}
	depth := 0
	for i := 0; i < len(s); i++ {
		switch ch := s[i]; ch {
		case '"', '\'':
			esc := i > 0 && s[i-1] == '\\'
			end := closeQuote(s, i+1, ch, esc)
			if end < 0 {
				return nil, false
			}
			if depth == 0 {
				if rest := strings.TrimLeft(s[end+1:], " \t"); strings.HasPrefix(rest, ":") {
					keys = append(keys, s[i+1:closeStart(s, end, esc)])
				}
			}
			i = end
		case '{', '[', '(':
			depth++
		case '}', ']', ')':
			if depth == 0 {
				return keys, true
			}
			depth--
		case '.', '*':
			if depth == 0 && (strings.HasPrefix(s[i:], "...") || strings.HasPrefix(s[i:], "**")) {
				return nil, false
			}
		}
	}
	return nil, false
}

// closeQuote returns the index of the quote that closes a string opened
// before from (a quote escaped for the shell, \", when esc), or -1.
func closeQuote(s string, from int, q byte, esc bool) int {
	for j := from; j < len(s); j++ {
		if s[j] != q {
			continue
		}
		if esc && s[j-1] == '\\' {
			return j
		}
		if !esc && (j == from || s[j-1] != '\\') {
			return j
		}
	}
	return -1
}

// closeStart is where the closing quote at end begins (its backslash).
func closeStart(s string, end int, esc bool) int {
	if esc {
		return end - 1
	}
	return end
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
