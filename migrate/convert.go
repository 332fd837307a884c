package migrate

import (
	"encoding/json"
	"fmt"
	"math"
	"path/filepath"
	"strings"

	"github.com/gh-hooks/gh-hooks/config"
	"github.com/gh-hooks/gh-hooks/merge"
)

// TargetKind is the kind of Gemini file the definitions are meant for.
type TargetKind string

// Target kinds.
const (
	// TargetSettings is a Gemini settings.json ("hooks" member).
	TargetSettings TargetKind = "settings"
	// TargetExtension is a Gemini extension's hooks/hooks.json, where
	// ${CLAUDE_PLUGIN_ROOT} becomes ${extensionPath}.
	TargetExtension TargetKind = "extension"
)

// Target names the Gemini file the conversion is for.
type Target struct {
	Kind TargetKind `json:"kind"`
	Path string     `json:"path,omitempty"`
}

// Options tune Convert.
type Options struct {
	// OmitDefaultTimeout leaves a hook that has no Claude timeout without
	// one, so Gemini's 60 s default applies. By default Claude's effective
	// default (600 s for command hooks) is written explicitly.
	OmitDefaultTimeout bool
	// Adapter says which migrated hooks run behind gh-hooks claude-compat,
	// which speaks Claude's protocol to them (package claudecompat). The
	// zero value is AdapterNever: the commands are migrated as they are.
	Adapter AdapterMode
	// AdapterBinary is how a wrapped command names gh-hooks: "gh-hooks"
	// (the default) or an absolute path.
	AdapterBinary string
	// ProjectDir is the project the hooks run in: the files their
	// commands start are looked for and read there (Script); "" reads
	// only a plugin's files and those of the settings file's .claude
	// directory.
	ProjectDir string
	// Home is the user's home, where ~/.claude lives; "" is $HOME.
	Home string
	// LookPath reports whether a program is on PATH where the hooks will
	// run; nil uses exec.LookPath.
	LookPath func(name string) bool
	// Force makes migrated hooks edited on the Gemini side what the
	// Claude side migrates to (or removes them when their Claude hook is
	// gone), instead of keeping them as conflicts.
	Force bool
	// Gone are Claude settings files looked for in this run that do not
	// exist (Found.Missing). A migrated hook whose description names one
	// has lost its Claude hook, as if the file had no hooks: it is
	// removed (or a conflict when edited here). A migrated hook of a file
	// neither read nor gone is kept as it is, and so is one of a missing
	// settings.local.json: that file is one person's, absent for everyone
	// else (a teammate, CI), so its absence says nothing.
	Gone []string
}

// AdapterMode is the --adapter choice of migrate.
type AdapterMode string

// Adapter modes. AdapterAuto wraps every hook whose behaviour can differ
// under Gemini: all of them, except hooks on Notification and SessionEnd,
// whose output and exit status neither Claude nor Gemini acts on, when
// nothing shows that the command reads Claude's payload or variables.
const (
	AdapterNever  AdapterMode = "never"
	AdapterAlways AdapterMode = "always"
	AdapterAuto   AdapterMode = "auto"
)

// Hook is one Gemini hook config, with fields in Gemini's schema order
// (spec §2.5). Timeout is in milliseconds; 0 means absent.
type Hook struct {
	Name        string `json:"name,omitempty"`
	Type        string `json:"type"`
	Command     string `json:"command"`
	Description string `json:"description,omitempty"`
	Timeout     int64  `json:"timeout,omitempty"`
}

// Definition is one Gemini hook definition (an element of an event array).
// An empty Matcher is written without the key (matches everything).
type Definition struct {
	Matcher string `json:"matcher,omitempty"`
	Hooks   []Hook `json:"hooks"`
}

// EventDefinitions are the definitions of one Gemini event array.
type EventDefinitions struct {
	Event       string       `json:"event"`
	Definitions []Definition `json:"definitions"`
}

// Result is the migration for one target: the definitions a fresh
// migration writes (Desired, per event in merge.Events order), what the
// target holds of them (Sync, one item per migrated Gemini hook), the
// edits that bring it there, the target's hooks that migrate did not
// write (Foreign) and the report on the Claude side.
type Result struct {
	Desired []EventDefinitions `json:"desired"`
	Sync    []SyncItem         `json:"sync"`
	Edits   []Edit             `json:"edits"`
	Foreign []ForeignHook      `json:"foreign"`
	Report  Report             `json:"report"`
}

// Convert converts the hooks of sources for target and compares them with
// the target as it is (existing; nil when the file does not exist).
//
// Every Claude handler becomes one Gemini definition of one hook (two or
// more for a trigger matcher Gemini compares exactly), named
// "claude:WHAT" (NamePrefix, nameBase), unique in the file, and described
// with where it comes from and a stamp of what migrate wrote. The target's
// hooks named claude:... are migrate's: Convert plans the edits that make
// them what a fresh migration writes (Result.Edits: updates in place,
// removals of hooks whose Claude hook is gone, insertions after the
// previous migrated hook), and leaves every other hook alone. A migrated
// hook edited since migrate wrote it (its stamp no longer matches) is a
// conflict: kept as it is, unless opts.Force. A nameless hook that runs
// what migrate writes for a Claude hook (an earlier gh-hooks wrote no
// names) is taken as that hook's copy.
//
// Identical handlers across sources are migrated once (Claude runs an
// identical handler from two settings files once). Convert never fails:
// everything it cannot convert is reported as dropped.
func Convert(target Target, sources []*Source, existing *config.Document, opts Options) *Result {
	c := &converter{target: target, opts: opts, seen: map[string]bool{}}
	c.stopCommands = stopCommands(sources)
	c.read = map[string]bool{}
	for _, s := range sources {
		c.read[c.sourceName(s)] = true
	}
	c.gone = map[string]bool{}
	for _, p := range opts.Gone {
		if !IsLocalSettings(p) {
			c.gone[c.sourceName(&Source{Path: p, Kind: KindSettings})] = true
		}
	}
	res := &Result{Report: Report{Target: target, Sources: sources}, Sync: []SyncItem{}, Edits: []Edit{}, Foreign: []ForeignHook{}}
	c.res = res
	for _, s := range sources {
		c.source(s)
	}
	c.sync(existing)
	// A Claude hook whose Gemini copies are all unchanged is already present.
	unchanged := map[int]int{}
	total := map[int]int{}
	for i, p := range c.planned {
		total[p.item]++
		if a := res.Sync[c.syncIndex(i)].Action; a == ActionUnchanged || a == ActionKept {
			unchanged[p.item]++
		}
	}
	for i := range res.Report.Items {
		it := &res.Report.Items[i]
		if total[i] > 0 && unchanged[i] == total[i] && (it.Fate == FateMigrated || it.Fate == FateChanged) {
			it.Fate = FateAlreadyPresent
		}
	}
	res.Report.count()
	return res
}

// syncIndex is the index in Result.Sync of planned definition w's item.
func (c *converter) syncIndex(w int) int {
	return c.syncOf[w]
}

type converter struct {
	// stopCommands maps the command of every Claude Stop handler in the
	// sources to its position, for merging SubagentStop handlers.
	stopCommands map[string]string
	target       Target
	opts         Options
	res          *Result
	out          map[string][]Definition
	seen         map[string]bool      // definition keys emitted
	origin       map[string]string    // definition key → path that emitted it
	planned      []*planned           // the definitions, in Claude order
	syncOf       map[int]int          // planned index → index in res.Sync
	hookKeys     []string             // the target's hooks object keys (nil: none)
	read         map[string]bool      // the sources, as descriptions name them
	gone         map[string]bool      // Options.Gone's shared files, as descriptions name them
	ownedOnly    map[string]bool      // event arrays of migrate's definitions only
	scripts      map[scriptKey]Script // readScript's results
}

func (c *converter) item(s *Source, n *config.Node, ev string) Item {
	line, col := s.Doc.PositionOf(n.Pointer())
	return Item{Path: s.Path, Pointer: n.Pointer(), Line: line, Column: col, Event: ev}
}

func (c *converter) drop(it Item, reason string) {
	it.Fate, it.Reason = FateDropped, reason
	c.res.Report.Items = append(c.res.Report.Items, it)
}

func (c *converter) source(s *Source) {
	h := s.hooks()
	if h == nil {
		s.Notes = append(s.Notes, "no hooks object")
		return
	}
	if h.Kind != config.Object {
		c.drop(c.item(s, h, ""), fmt.Sprintf("hooks is %s, want an object of events", h.Kind))
		return
	}
	for i, ev := range h.Keys {
		val := h.Vals[i]
		rule, known := eventRules()[ev]
		if val.Kind != config.Array {
			c.drop(c.item(s, val, ev), fmt.Sprintf("event value is %s, want an array of matcher groups", val.Kind))
			continue
		}
		for _, g := range val.Items {
			c.group(s, ev, rule, known, g)
		}
	}
}

// group converts one Claude matcher group.
func (c *converter) group(s *Source, ev string, rule eventRule, known bool, g *config.Node) {
	if g.Kind != config.Object {
		c.drop(c.item(s, g, ev), fmt.Sprintf("matcher group is %s, want an object", g.Kind))
		return
	}
	hs := g.Get("hooks")
	if hs == nil || hs.Kind != config.Array {
		why := "matcher group has no hooks array"
		if g.Has("command") {
			why = "flat {matcher, command} group: Claude needs the command inside a hooks array"
		}
		c.drop(c.item(s, g, ev), why)
		return
	}
	mn := g.Get("matcher")
	matcher := ""
	if mn != nil && mn.Kind == config.String {
		matcher = mn.Str
	}
	items := make([]Item, len(hs.Items))
	for i, hn := range hs.Items {
		items[i] = c.item(s, hn, ev)
		items[i].Matcher = matcher
		if t := hn.Get("type"); t.IsString() {
			items[i].Type = t.Str
		}
		if cmd := hn.Get("command"); cmd.IsString() {
			items[i].Command = cmd.Str
		}
	}
	dropAll := func(reason string) {
		for _, it := range items {
			c.drop(it, reason)
		}
	}
	if known && rule.gemini == "" && ev == "PostToolUseFailure" && c.adapting() {
		// The adapter runs the hook only after a tool that failed, which
		// is what Claude does (claudecompat.ClaudeInput).
		rule = eventRule{gemini: "AfterTool"}
	}
	switch {
	case !known:
		dropAll(fmt.Sprintf("%q is not a Claude hook event (names are case-sensitive)", ev))
		return
	case rule.gemini == "":
		dropAll(fmt.Sprintf("%s has no Gemini counterpart: %s", ev, rule.loss))
		return
	case mn != nil && mn.Kind != config.String && mn.Kind != config.Null:
		dropAll(fmt.Sprintf("matcher is %s, want a string", mn.Kind))
		return
	}
	// The group's Gemini matchers and what the translation loses.
	matchers, changes, notes, drop := groupMatchers(ev, rule, matcher)
	if drop != "" {
		dropAll(drop)
		return
	}
	// Handlers.
	var conv []Hook
	var idx []int
	for i, hn := range hs.Items {
		if cmd, ok := handlerCommand(hn); ok && ev == "SubagentStop" && !hn.Has("if") && c.stopCommands[cmd] != "" {
			// Gemini has one event for the end of the agent: one hook runs
			// the command once per turn (issue 18 item 12).
			it := items[i]
			it.Fate, it.GeminiEvent, it.GeminiMatchers = FateChanged, rule.gemini, []string{""}
			it.Changes = []string{fmt.Sprintf("merged into the AfterAgent hook migrated from the Stop hook with the same command (%s): Claude runs this command both when the main agent stops (Stop) and when a subagent stops (SubagentStop); Gemini has one event for the end of the agent, AfterAgent, which fires when the main agent finishes, so the command runs once per turn and no longer after a subagent",
				c.stopCommands[cmd])}
			c.res.Report.Items = append(c.res.Report.Items, it)
			continue
		}
		h, reason, hc, hnotes, scripts := c.handler(s, ev, matcher, hn)
		items[i].Scripts = scripts
		if reason != "" {
			c.drop(items[i], reason)
			continue
		}
		items[i].Changes = append(append([]string(nil), changes...), hc...)
		items[i].Notes = append(append([]string(nil), notes...), hnotes...)
		conv = append(conv, h)
		idx = append(idx, i)
	}
	if len(conv) == 0 {
		return
	}
	c.planGroup(s, rule.gemini, matchers, hs, items, idx, conv)
}

// planGroup reports the group's converted hooks (conv, of the handlers at
// idx of hs, whose items are items) and plans a definition for each of
// the event's Gemini matchers, but none that repeats one already planned
// (Claude runs a repeated hook once).
func (c *converter) planGroup(s *Source, event string, matchers []string, hs *config.Node, items []Item, idx []int, conv []Hook) {
	for k, i := range idx {
		it := items[i]
		it.GeminiEvent, it.GeminiMatchers = event, matchers
		var defs []Definition
		dupOf := ""
		for _, m := range matchers {
			key := defKey(event, m, false, conv[k:k+1])
			if c.seen[key] {
				dupOf = c.origin[key]
				continue
			}
			c.seen[key] = true
			if c.origin == nil {
				c.origin = map[string]string{}
			}
			c.origin[key] = s.Path
			defs = append(defs, Definition{Matcher: m, Hooks: []Hook{conv[k]}})
		}
		switch {
		case len(defs) == 0:
			it.Fate, it.Reason = FateDropped, "identical to a hook already converted from "+dupOf+" (Claude runs it once)"
		case len(it.Changes) > 0:
			it.Fate = FateChanged
		default:
			it.Fate = FateMigrated
		}
		c.res.Report.Items = append(c.res.Report.Items, it)
		n := len(c.res.Report.Items) - 1
		cn := ""
		if hn := hs.Items[i]; hn.Get("name").IsString() {
			cn = hn.Get("name").Str
		}
		desc := ""
		if d := hs.Items[i].Get("description"); d.IsString() {
			desc = d.Str
		}
		for _, d := range defs {
			c.planned = append(c.planned, &planned{event: event, def: d, item: n, base: nameBase(cn, it.Command),
				desc: desc, src: c.sourceName(s), claude: identity(d.Hooks[0].Command)})
		}
	}
}

// groupMatchers translates a Claude group's matcher for the hooks of
// event ev into Gemini's matchers (one definition each), with what the
// translation changes and notes; drop is why the group cannot be migrated
// ("" when it can).
func groupMatchers(ev string, rule eventRule, matcher string) (matchers, changes, notes []string, drop string) {
	if rule.loss != "" {
		changes = append(changes, ev+" → "+rule.gemini+": "+rule.loss)
	}
	switch ctx := merge.ContextOf(rule.gemini); {
	case claudeToolEvents(ev):
		tm := convertToolMatcher(matcher)
		if tm.empty() {
			return nil, nil, nil, fmt.Sprintf("no tool of matcher %q has a Gemini counterpart: %s", matcher, strings.Join(tm.lost, ", "))
		}
		matchers = []string{tm.matcher}
		if len(tm.lost) > 0 {
			changes = append(changes, "matcher lost "+strings.Join(tm.lost, ", "))
		}
		if len(tm.approx) > 0 {
			changes = append(changes, "approximate tool mapping: "+strings.Join(tm.approx, "; "))
		}
		notes = append(notes, tm.notes...)
	case rule.values != nil:
		tm := convertTriggerMatcher(rule, ev, matcher)
		if !tm.all && len(tm.triggers) == 0 {
			return nil, nil, nil, fmt.Sprintf("no value of matcher %q has a Gemini %s counterpart: %s", matcher, rule.gemini, strings.Join(tm.lost, ", "))
		}
		if len(tm.lost) > 0 {
			changes = append(changes, "matcher lost "+strings.Join(tm.lost, ", "))
		}
		switch {
		case ctx == merge.NoContext:
			// Notification: Gemini fires it without a context and ignores
			// the matcher (spec §4); it notifies only ToolPermission.
			matchers = []string{""}
			if !tm.all {
				changes = append(changes, "Gemini ignores Notification matchers; the hook runs for every Gemini notification (only ToolPermission exists)")
			}
		case tm.all:
			matchers = []string{""}
		default:
			// Gemini compares triggers exactly (spec §4): one definition
			// per trigger.
			matchers = tm.triggers
			if len(tm.triggers) > 1 {
				notes = append(notes, fmt.Sprintf("matcher %q split into one definition per trigger (%s): Gemini compares %s triggers exactly, so the pattern itself would never match",
					matcher, strings.Join(tm.triggers, ", "), rule.gemini))
			}
		}
	default:
		if matcher != "" && matcher != "*" && ev != "SubagentStop" {
			notes = append(notes, fmt.Sprintf("matcher %q dropped: neither Claude nor Gemini uses a matcher on this event", matcher))
		}
		matchers = []string{""}
	}
	return matchers, changes, notes, ""
}

// handler converts one Claude handler. A non-empty reason means dropped.
func (c *converter) handler(s *Source, ev, matcher string, hn *config.Node) (h Hook, reason string, changes, notes []string, scripts []Script) {
	if hn.Kind != config.Object {
		return h, fmt.Sprintf("hook entry is %s, want an object", hn.Kind), nil, nil, nil
	}
	t := hn.Get("type")
	switch {
	case t == nil:
		return h, "hook has no type (Claude requires one)", nil, nil, nil
	case !t.IsString():
		return h, fmt.Sprintf("type is %s, want a string", t.Kind), nil, nil, nil
	case t.Str != "command":
		return h, fmt.Sprintf("Gemini cannot run %q hooks, only command hooks", t.Str), nil, nil, nil
	}
	cmdNode, argsNode := hn.Get("command"), hn.Get("args")
	if !cmdNode.IsString() || strings.TrimSpace(cmdNode.Str) == "" {
		return h, "command hook without a command", nil, nil, nil
	}
	if hn.Has("if") && !claudeToolEvents(ev) {
		return h, "Claude never runs a hook with \"if\" on a non-tool event", nil, nil, nil
	}
	cmd := cmdNode.Str
	if argsNode != nil {
		if argsNode.Kind != config.Array {
			return h, fmt.Sprintf("args is %s, want an array of strings", argsNode.Kind), nil, nil, nil
		}
		var args []string
		for _, a := range argsNode.Items {
			if !a.IsString() {
				return h, fmt.Sprintf("args element is %s, want a string", a.Kind), nil, nil, nil
			}
			args = append(args, a.Str)
		}
		cmd = foldArgs(cmd, args)
		changes = append(changes, "exec form (command + args) folded into one shell command")
	}
	sc := c.scanCommand(s, ev, matcher, cmd)
	scripts = sc.scripts
	if strings.Contains(cmd, "${user_config.") {
		notes = append(notes, "${user_config.*} has no Gemini counterpart (Gemini extensions inject settings as env vars)")
	}
	if s.Kind == KindPlugin && c.target.Kind == TargetExtension && s.Dir != "" && strings.Contains(cmd, s.Dir+string(filepath.Separator)) {
		// The extension runs its own copy of the plugin's files
		// (FindPluginFiles); Gemini fills in ${extensionPath} (spec §3.5).
		cmd = strings.ReplaceAll(cmd, s.Dir+string(filepath.Separator), "${extensionPath}/")
		notes = append(notes, "the plugin's absolute path "+s.Dir+" replaced by ${extensionPath}: the extension runs its own copy")
	}
	onFailure := ""
	if of := hn.Get("onFailure"); of != nil {
		switch {
		case of.IsString() && of.Str == "block":
			onFailure = "block"
		default:
			notes = append(notes, fmt.Sprintf("onFailure %s ignored: Claude knows only \"block\"", of.Text()))
		}
	}
	// onFailure "block" wraps the hook whatever it reads: only the adapter
	// can turn a crash or a timeout into a block under Gemini.
	wrapped := c.wrap(ev, sc.reads) || onFailure != "" && c.adapting() && claudecompatServes(ev)
	changes = append(changes, scriptChanges(sc.scripts, wrapped)...)
	if wrapped {
		var ac, an []string
		cmd, ac, an = c.wrapCommand(s, ev, matcher, cmd, sc.blocks, onFailure, c.deadline(ev, hn))
		changes, notes = append(changes, ac...), append(notes, an...)
	} else {
		if onFailure != "" {
			changes = append(changes, `onFailure "block" is lost without the adapter: under Gemini a hook that exits 1, crashes or times out only warns, and the call goes through`)
		}
		ps := []placeholder{projectDir}
		switch {
		case s.Kind == KindPlugin && c.target.Kind == TargetExtension:
			ps = append(ps, extensionRoot)
		case s.Kind == KindPlugin && s.Dir != "":
			ps = append(ps, literalRoot(s.Dir))
		}
		if nc, changed := rewriteVars(cmd, ps...); changed {
			notes = append(notes, "command rewritten: Claude path variables replaced by their quoted Gemini form")
			cmd = nc
		}
		for _, v := range claudeVars(cmd) {
			changes = append(changes, "$"+v+" is not set by Gemini")
		}
		if ev == "PreToolUse" && (strings.Contains(cmd, "permissionDecision") || strings.Contains(cmd, "hookSpecificOutput")) {
			notes = append(notes, "command seems to decide through hookSpecificOutput.permissionDecision, which Gemini ignores: print {\"decision\":\"deny\",\"reason\":…} or exit 2 to block")
		}
	}
	// The name and description are given after every hook is converted
	// (assignNames, describe).
	h = Hook{Type: "command", Command: cmd}
	// Timeout: Claude seconds → Gemini milliseconds (claude-hooks.md §1.3).
	secs, explicit := claudeDefaultTimeout(ev), false
	if tn := hn.Get("timeout"); tn != nil {
		if tn.Kind == config.Number && tn.Num > 0 && !math.IsInf(tn.Num, 0) {
			secs, explicit = tn.Num, true
			if secs >= 1000 {
				notes = append(notes, fmt.Sprintf("timeout %s looks like milliseconds; converted as seconds to %s ms (%s min): check it",
					tn.Raw, config.FormatNumber(math.Round(secs*1000)), config.FormatNumber(math.Round(secs/60))))
			}
		} else {
			notes = append(notes, fmt.Sprintf("timeout %s is not a positive number of seconds; Claude's default used", tn.Text()))
		}
	}
	if ev == "SessionEnd" {
		notes = append(notes, "Claude gives SessionEnd hooks a shared 1.5 s budget (raised to the largest timeout, at most 60 s); Gemini times each hook")
	}
	switch {
	case explicit || !c.opts.OmitDefaultTimeout:
		h.Timeout = int64(math.Round(secs * 1000))
		if !explicit {
			notes = append(notes, fmt.Sprintf("no timeout: Claude's default of %s s written as %d ms (Gemini's default is 60000)", config.FormatNumber(secs), h.Timeout))
		}
	default:
		notes = append(notes, "no timeout: Gemini's 60 s default applies instead of Claude's "+config.FormatNumber(secs)+" s")
	}
	// Fields Gemini has no counterpart for.
	for _, k := range hn.Keys {
		switch k {
		case "type", "command", "args", "timeout", "name", "description", "onFailure":
			continue
		case "async", "asyncRewake", "once":
			// false is Claude's default and what Gemini does anyway (wait
			// for the hook, run it every time): nothing is lost.
			if v := hn.Get(k); v.Kind == config.Bool && !v.Truthy() {
				continue
			}
			if k == "once" {
				notes = append(notes, fmt.Sprintf("%q ignored: %s", k, ignoredField(k)))
				continue
			}
			changes = append(changes, fmt.Sprintf("%q ignored: %s", k, ignoredField(k)))
		case "if", "rewakeMessage", "rewakeSummary":
			changes = append(changes, fmt.Sprintf("%q ignored: %s", k, ignoredField(k)))
		case "shell":
			if v := hn.Get(k); v.IsString() && v.Str == "bash" {
				notes = append(notes, `"shell":"bash" dropped: Gemini uses bash on Unix`)
			} else {
				changes = append(changes, fmt.Sprintf("%q ignored: %s", k, ignoredField(k)))
			}
		default:
			if why := ignoredField(k); why != "" {
				notes = append(notes, fmt.Sprintf("%q ignored: %s", k, why))
			} else {
				notes = append(notes, fmt.Sprintf("unknown field %q ignored", k))
			}
		}
	}
	return h, "", changes, notes, scripts
}

// canonHook is the comparable form of a hook config.
type canonHook struct {
	Name, Type, Command, Description string
	Timeout                          float64
	HasTimeout                       bool
}

// defKey is a definition's identity for idempotence: event, matcher
// (trimmed; "", "*" and absent are the same, spec §4), sequential and the
// hooks' name, type, command, description and timeout.
func defKey(event, matcher string, sequential bool, hooks []Hook) string {
	m := strings.TrimSpace(matcher)
	if m == "*" {
		m = ""
	}
	ch := make([]canonHook, len(hooks))
	for i, h := range hooks {
		ch[i] = canonHook{Name: h.Name, Type: h.Type, Command: h.Command, Description: h.Description,
			Timeout: float64(h.Timeout), HasTimeout: h.Timeout != 0}
	}
	b, _ := json.Marshal(struct {
		E, M string
		S    bool
		H    []canonHook
	}{event, m, sequential, ch})
	return string(b)
}

// geminiTriggers lists the triggers Gemini fires for a trigger event.
func geminiTriggers(event string) []string { return merge.Triggers[event] }

// sourceName is how a migrated hook's description names its Claude file:
// relative to the project, ~/ under the home directory, relative to a
// plugin's directory.
func (c *converter) sourceName(s *Source) string {
	if s.Kind == KindPlugin && s.Dir != "" {
		if rel, ok := under(s.Dir, s.Path); ok {
			return "plugin " + filepath.Base(s.Dir) + ": " + filepath.ToSlash(rel)
		}
	}
	if c.opts.ProjectDir != "" {
		if rel, ok := under(c.opts.ProjectDir, s.Path); ok {
			return filepath.ToSlash(rel)
		}
	}
	if c.opts.Home != "" {
		if rel, ok := under(c.opts.Home, s.Path); ok {
			return "~/" + filepath.ToSlash(rel)
		}
	}
	return s.Path
}

// IsLocalSettings reports whether path is a Claude settings.local.json:
// one person's settings ("project, personal", claude-hooks.md §1.4), absent
// wherever that person is not (a teammate's clone, CI).
func IsLocalSettings(path string) bool {
	return filepath.Base(path) == "settings.local.json"
}
