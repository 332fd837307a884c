package merge

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/gh-hooks/gh-hooks/config"
	"github.com/gh-hooks/gh-hooks/internal/suggest"
	"github.com/gh-hooks/gh-hooks/layers"
)

// Result is Gemini's view of the hooks of one project.
type Result struct {
	Set *layers.Set
	// HooksEnabled is the merged hooksConfig.enabled under JavaScript
	// truthiness; when false Gemini creates no hook system at all.
	HooksEnabled bool
	// EnabledBy is the layer whose value decided HooksEnabled ("" for the
	// default).
	EnabledBy *layers.Layer
	// Crash is non-empty when Gemini crashes at start-up (hooksConfig: null).
	Crash string
	// CrashPath is the settings file whose "hooksConfig": null makes
	// Gemini crash ("" for none, and for a crash of two extensions of one
	// name).
	CrashPath string
	// extensionHooksOff: hooks are on only through Config's `?? true`
	// (hooksConfig.enabled is null or undefined), and extensions, which
	// test settings.hooksConfig.enabled itself, load no hooks.
	extensionHooksOff bool
	// Disabled is the merged hooksConfig.disabled (union, Gemini's order).
	Disabled []string
	// DisabledSubstring is true when the merged list is a plain string, for
	// which Gemini's includes() is a substring test.
	DisabledSubstring bool
	disabledFrom      map[string]*layers.Layer
	// disabledOther are the entries of the list that are not strings
	// (numbers, booleans, ...): invalid, but Gemini's includes() still
	// compares them, by SameValueZero, with a name that is not a string.
	disabledOther []*config.Node
	otherIndex    map[string]*config.Node // disabledOther by scalarKey, built on first use
	// byDisableName indexes Hooks for Disables, built on first use.
	byDisableName     map[string][]*Hook
	byDisableNameOnce sync.Once
	// Hooks are all hooks found, grouped by event (Events order, then
	// unknown keys in order of appearance), in registration order.
	Hooks []*Hook
	// Problems are the problems found while merging, most severe first,
	// including the layers' loading problems.
	Problems []config.Problem

	// effective roots per layer (expanded and, when valid, coerced).
	eff map[*layers.Layer]*config.Node
	// deadEvents are events whose plan throws because of a non-string
	// matcher (when a context is given).
	deadEvents map[string]*Hook
}

// settingsLayer reports whether l is one of the four settings files.
func settingsLayer(l *layers.Layer) bool { return l.Kind != layers.Extension }

// Merge computes the effective hooks of a loaded layer set.
func Merge(set *layers.Set) *Result {
	r := &Result{Set: set, eff: map[*layers.Layer]*config.Node{}, disabledFrom: map[string]*layers.Layer{}, deadEvents: map[string]*Hook{}}
	r.Problems = append(r.Problems, set.Problems...)

	target := defaultsVal()
	for _, l := range set.Layers {
		root := l.Root
		if root == nil && l.Doc != nil && settingsLayer(l) {
			// Not merged (untrusted project, skipped system file), but its
			// hooks are still listed, so read them the same way.
			root = config.ExpandTree(l.Doc.Root, set.Lookup)
		}
		if root == nil {
			continue
		}
		if settingsLayer(l) {
			if bad := zodValid(root); bad != "" {
				if l.Loaded {
					r.Problems = append(r.Problems, l.Doc.At(bad, config.SevWarning, "invalid-configuration",
						"Gemini's settings validation fails here, so it prints \"Invalid configuration\" at start-up and applies no type coercion to this whole file (\"5000\" stays a string, \"false\" stays truthy)",
						zodHint(bad)))
				}
			} else {
				root = coerce(root)
			}
		}
		r.eff[l] = root
		if settingsLayer(l) && l.Loaded {
			mergeInto(target, hookKeysOnly(root), l, make([]string, 0, 8))
		}
	}
	r.readHooksConfig(target)
	r.checkExtensions()
	r.collect(target)
	r.markDead()
	r.untrustedProblem()
	r.addProblems()
	config.SortProblems(r.Problems)
	return r
}

// defaultsVal is the schema defaults: all eleven events with [], and
// hooksConfig {enabled: true, disabled: [], notifications: true} (spec §3.1).
func defaultsVal() *val {
	hooks := &val{kind: config.Object}
	for _, e := range Events {
		hooks.set(e, &val{kind: config.Array})
	}
	t := &config.Node{Kind: config.Bool, Bool: true}
	hc := &val{kind: config.Object}
	hc.set("enabled", &val{kind: config.Bool, node: t})
	hc.set("disabled", &val{kind: config.Array})
	hc.set("notifications", &val{kind: config.Bool, node: t})
	root := &val{kind: config.Object}
	root.set("hooks", hooks)
	root.set("hooksConfig", hc)
	return root
}

func hookKeysOnly(root *config.Node) *config.Node {
	c := &config.Node{Kind: config.Object}
	c.PlaceAs(root)
	for i, k := range root.Keys {
		if k == "hooks" || k == "hooksConfig" {
			c.Keys = append(c.Keys, k)
			c.Vals = append(c.Vals, root.Vals[i])
		}
	}
	return c
}

func (r *Result) readHooksConfig(target *val) {
	hc := target.get("hooksConfig")
	switch {
	case hc.kind == config.Null:
		// cli/config/config.ts:1111 reads settings.hooksConfig.enabled and
		// throws (spec §3.2).
		r.Crash = fmt.Sprintf(`Gemini CLI crashes at start-up ("TypeError: Cannot read properties of null (reading 'enabled')") because "hooksConfig" is null in %s`, hc.layer.Path)
		r.CrashPath = hc.layer.Path
		return
	case hc.kind != config.Object:
		// A string or array hooksConfig has no .enabled: it is undefined,
		// and Config reads `params.enableHooks ?? true` (core config.ts
		// constructor), so the hook system exists and settings hooks
		// run. Extensions load their hooks only when
		// settings.hooksConfig.enabled itself is truthy (the extension
		// manager's `if (this.settings.hooksConfig.enabled)`, read from
		// the 0.61 bundle; spec §3.5), so theirs do not. The oracle
		// confirms that settings hooks run.
		r.HooksEnabled, r.extensionHooksOff = true, true
		r.EnabledBy = hc.layer
		r.Disabled = []string{} // hooksConfig?.disabled || []
		return
	}
	switch e := hc.get("enabled"); {
	case e == nil || e.kind == config.Null:
		// Undefined (a non-object hooksConfig in a lower layer replaced
		// the schema default) or null: `?? true` turns hooks on, and
		// extension hooks stay unloaded, as above.
		r.HooksEnabled, r.extensionHooksOff = true, true
		if e != nil {
			r.EnabledBy = e.layer
		} else {
			r.EnabledBy = hc.layer
		}
	default:
		r.HooksEnabled = e.node.Truthy()
		r.EnabledBy = e.layer
	}
	d := hc.get("disabled")
	if d == nil {
		return
	}
	switch d.kind {
	case config.Array:
		for _, it := range d.items {
			if it.node.Kind == config.String {
				if _, dup := r.disabledFrom[it.node.Str]; !dup {
					r.disabledFrom[it.node.Str] = it.layer
				}
				r.Disabled = append(r.Disabled, it.node.Str)
			} else {
				r.disabledOther = append(r.disabledOther, it.node)
			}
		}
	case config.String:
		r.Disabled = []string{d.node.Str}
		r.DisabledSubstring = true
		r.disabledFrom[d.node.Str] = d.layer
	}
	if r.Disabled == nil {
		r.Disabled = []string{}
	}
}

// disabledBy returns the disabled entry that disables h, and whether one
// does: Gemini's disabledHooks.includes(getHookName(...)) (exact,
// case-sensitive: hookRegistry.ts:257,270, spec §3.6). includes() compares
// by SameValueZero, so a name that is not a string (a number, a boolean)
// matches only an entry of the same type and value; a plain-string list
// is String.prototype.includes, a substring test of the name as text.
func (r *Result) disabledBy(h *Hook) (string, bool) {
	name := h.DisableName
	if r.DisabledSubstring {
		if len(r.Disabled) == 1 && strings.Contains(r.Disabled[0], name) {
			return r.Disabled[0], true
		}
		return "", false
	}
	// Lookups in maps of the entries: scanning the list per hook made
	// 20,000 hooks and a list of 400,000 names take effective over 30 s.
	if v := h.disableValue; v != nil {
		if r.otherIndex == nil {
			r.otherIndex = map[string]*config.Node{}
			for _, d := range r.disabledOther {
				if k, ok := scalarKey(d); ok && r.otherIndex[k] == nil {
					r.otherIndex[k] = d
				}
			}
		}
		if k, ok := scalarKey(v); ok && r.otherIndex[k] != nil {
			return r.otherIndex[k].Text(), true
		}
		return "", false
	}
	if _, ok := r.disabledFrom[name]; ok {
		return name, true
	}
	return "", false
}

// scalarKey is a key equal for two scalars exactly when sameValueZero holds
// (objects and arrays have none: they equal nothing).
func scalarKey(n *config.Node) (string, bool) {
	switch n.Kind {
	case config.Number:
		if n.Num == 0 {
			return "n0", true // -0 and 0
		}
		return "n" + strconv.FormatFloat(n.Num, 'g', -1, 64), true // every NaN is "NaN"
	case config.Bool:
		return "b" + strconv.FormatBool(n.Bool), true
	case config.String:
		return "s" + n.Str, true
	case config.Null:
		return "null", true
	}
	return "", false
}

// sameValueZero is JavaScript's SameValueZero for the scalars a settings
// file holds; objects and arrays are never equal to another value.
func sameValueZero(a, b *config.Node) bool {
	if a.Kind != b.Kind {
		return false
	}
	switch a.Kind {
	case config.Number:
		return a.Num == b.Num || a.Num != a.Num && b.Num != b.Num
	case config.Bool:
		return a.Bool == b.Bool
	case config.String:
		return a.Str == b.Str
	case config.Null:
		return true
	}
	return false
}

func (r *Result) collect(target *val) {
	hooksVal := target.get("hooks")
	// merged holds the definitions that reached the merged hooks object:
	// the merge keeps the very nodes of each layer's effective tree, which
	// collect walks again.
	var merged map[*config.Node]bool
	var wipedBy *val
	if hooksVal == nil || hooksVal.kind != config.Object {
		wipedBy = hooksVal
	} else {
		n := 0
		for _, v := range hooksVal.vals {
			n += len(v.items)
		}
		merged = make(map[*config.Node]bool, n) // sized once: no growth
		for _, v := range hooksVal.vals {
			for _, it := range v.items {
				merged[it.node] = true
			}
		}
	}

	// Walk every file in layer order; within an event this is Gemini's
	// registration order (concatenation in merge order, extensions last).
	byEvent := map[string][]*Hook{}
	var unknownOrder []string
	for _, l := range r.Set.Layers {
		root := r.eff[l]
		if root == nil {
			continue
		}
		hooks := root.Get("hooks")
		if hooks == nil || hooks.Kind != config.Object {
			continue
		}
		for i, key := range hooks.Keys {
			if key == "enabled" || key == "disabled" || key == "notifications" {
				continue // HOOKS_CONFIG_FIELDS: skipped silently (types.ts:60)
			}
			ev := hooks.Vals[i]
			var defs []*config.Node
			wrapped := false
			switch {
			case ev.Kind == config.Array:
				defs = ev.Items
			case ev.Kind == config.Object && settingsLayer(l) && IsEvent(key):
				defs, wrapped = []*config.Node{ev}, true
			}
			for di, def := range defs {
				hs := def.Get("hooks")
				if def.Kind != config.Object || hs == nil || hs.Kind != config.Array {
					continue
				}
				for hi, hk := range hs.Items {
					h := r.newHook(l, key, di, wrapped, def, hi, hk)
					r.judge(h, l, key, def, hk, merged, wipedBy)
					if !IsEvent(key) && byEvent[key] == nil {
						unknownOrder = append(unknownOrder, key)
					}
					byEvent[key] = append(byEvent[key], h)
				}
			}
		}
	}
	for _, e := range append(append([]string(nil), Events...), unknownOrder...) {
		r.Hooks = append(r.Hooks, byEvent[e]...)
	}
}

func (r *Result) newHook(l *layers.Layer, event string, di int, wrapped bool, def *config.Node, hi int, hk *config.Node) *Hook {
	esc, hs := config.EscapePointer(event), strconv.Itoa(hi)
	var defPart, ptr string
	if wrapped {
		defPart, ptr, di = "*", "/hooks/"+esc+"/hooks/"+hs, -1
	} else {
		defPart = strconv.Itoa(di)
		ptr = "/hooks/" + esc + "/" + defPart + "/hooks/" + hs
	}
	h := &Hook{
		ID:        l.ID() + "/" + event + "/" + defPart + "/" + hs,
		Event:     event,
		Layer:     l.Kind,
		Extension: l.Extension,
		Path:      l.Path,
		Pointer:   ptr,
		DefIndex:  di,
		HookIndex: hi,
		Node:      hk,
		Timeout:   DefaultTimeout,
	}
	if l.Doc != nil {
		h.Line, _ = l.Doc.Position(hk.Offset)
		h.RawDef = l.Doc.Root.Get("hooks").Get(event) // the definition, raw
		if !wrapped {
			h.RawDef = h.RawDef.Index(di)
		}
		h.Raw = h.RawDef.Get("hooks").Index(hi)
	}
	if m := def.Get("matcher"); m != nil {
		h.MatcherNode = m
		if m.Kind == config.String {
			h.Matcher = m.Str
		}
	}
	if s := def.Get("sequential"); s != nil && s.Kind == config.Bool && s.Bool {
		h.Sequential = true // only a literal true counts (hookPlanner.ts:54-56)
	}
	if hk.Kind != config.Object {
		return h
	}
	str := func(k string) string {
		if n := hk.Get(k); n != nil && n.Kind != config.Null {
			return n.Text()
		}
		return ""
	}
	h.Type, h.Name, h.Description = str("type"), str("name"), str("description")
	h.ExpandedCommand = str("command")
	h.Command = h.ExpandedCommand
	if raw := h.Raw.Get("command"); raw != nil && raw.Kind != config.Null {
		h.Command = raw.Text()
	}
	if t := hk.Get("timeout"); t != nil && t.Kind != config.Null {
		// timeout ?? 60000 (hookRunner.ts:313): null and absent take the
		// default, 0 and negatives are used as given (spec §5.5).
		h.TimeoutNode = t
		switch t.Kind {
		case config.Number:
			h.Timeout = Millis(t.Num)
		case config.String:
			f, ok := jsNumber(t.Str)
			if !ok {
				f = 1 // Node clamps a non-numeric delay to 1 ms
			}
			h.Timeout = Millis(f)
		default:
			h.Timeout = 1
		}
	}
	if env := hk.Get("env"); env != nil && env.Kind == config.Object {
		h.Env = map[string]string{}
		for i, k := range env.Keys {
			h.Env[k] = env.Vals[i].Text()
			h.EnvKeys = append(h.EnvKeys, k)
		}
	}
	if l.Kind == layers.Extension && h.Type == "command" && len(l.ExtEnv) > 0 {
		// Extension settings are merged into every command hook's env and win
		// (extension-manager.ts:893-917, spec §3.5).
		if h.Env == nil {
			h.Env = map[string]string{}
		}
		for _, kv := range l.ExtEnv {
			if _, ok := h.Env[kv[0]]; !ok {
				h.EnvKeys = append(h.EnvKeys, kv[0])
			}
			h.Env[kv[0]] = kv[1]
		}
	}
	// getHookKey (types.ts:121-125) and getHookName (hookRegistry.ts:127-134).
	cmdPart := ""
	if h.Type == "command" {
		cmdPart = h.ExpandedCommand
		if hk.Get("command") == nil {
			cmdPart = "undefined"
		}
	}
	h.Key = h.Name + ":" + cmdPart
	// getHookName: name || command || 'unknown-command' for command hooks,
	// name || 'unknown-hook' for others, by JavaScript truthiness (a name
	// of 0 or false falls through) and with the value's own type, which
	// hooksConfig.disabled is compared with (disabledBy).
	name, cmd := hk.Get("name"), hk.Get("command")
	switch {
	case name.Truthy():
		h.DisableName = name.JSString()
		if name.Kind != config.String {
			h.disableValue = name
		}
	case h.Type == "command" && cmd.Truthy():
		h.DisableName = cmd.JSString()
		if cmd.Kind != config.String {
			h.disableValue = cmd
		}
	case h.Type == "command":
		h.DisableName = "unknown-command"
	default:
		h.DisableName = "unknown-hook"
	}
	return h
}

// invalidReason models validateHookConfig (hookRegistry.ts:296-326).
func invalidReason(hk *config.Node) string {
	if hk.Kind != config.Object {
		return fmt.Sprintf("Gemini discards this entry: a hook must be an object, this is %s", hk.Kind)
	}
	t := hk.Get("type")
	if !t.Truthy() {
		return `Gemini discards this hook: it has no "type" (use "command")`
	}
	if t.Kind != config.String || (t.Str != "command" && t.Str != "plugin" && t.Str != "runtime") {
		return fmt.Sprintf(`Gemini discards this hook: type %q is not "command", "plugin" or "runtime"`, t.Text())
	}
	if t.Str == "command" && !hk.Get("command").Truthy() {
		return "Gemini discards this hook: a command hook needs a non-empty \"command\""
	}
	if t.Str == "runtime" && !hk.Get("name").Truthy() {
		return "Gemini discards this hook: a runtime hook needs a \"name\""
	}
	return ""
}

func (r *Result) judge(h *Hook, l *layers.Layer, event string, def, hk *config.Node, merged map[*config.Node]bool, wipedBy *val) {
	set := r.Set
	bad := invalidReason(hk)
	inMerge := merged[def]
	// Enabled is reported for every hook, registered or not: it says
	// whether hooksConfig.disabled names it.
	disabledAs, disabled := r.disabledBy(h)
	h.Enabled = !disabled
	switch {
	case settingsLayer(l) && !l.Loaded:
		h.Reason = l.Reason
	case l.Kind == layers.Extension && !l.Loaded:
		h.Reason = l.Reason
	case r.Crash != "":
		h.Reason = r.Crash
	case !r.HooksEnabled:
		h.Reason = r.disabledWhy()
	case l.Kind == layers.Extension && r.extensionHooksOff:
		h.Reason = r.extensionHooksOffWhy()
	case settingsLayer(l) && !set.Trust.Trusted:
		h.Reason = "folder is not trusted: Gemini runs no settings hooks here, not even user hooks; " + TrustHint(set)
		h.Untrusted = true
	case settingsLayer(l) && !inMerge:
		h.Reason = r.lostWhy(l, event, wipedBy)
	case !IsEvent(event):
		h.Reason = fmt.Sprintf("Gemini does not know the event %q and skips it%s", event, suggestSuffix(event))
	case l.Kind == layers.Extension && l.Root.Get("hooks").Get(event).Kind != config.Array:
		h.Reason = "Gemini skips this event: its value is not an array"
	case bad != "":
		h.Reason = bad
	default:
		h.Registered = true
		if disabled {
			from := ""
			if dl := r.disabledFrom[disabledAs]; dl != nil {
				from = " (" + dl.Path + ")"
			}
			h.Reason = fmt.Sprintf("disabled: %q is listed in hooksConfig.disabled%s", disabledAs, from)
		}
	}
	if h.Registered && h.Enabled {
		h.Active = true
		if h.MatcherNode != nil && h.MatcherNode.Truthy() && h.MatcherNode.Kind != config.String && ContextOf(event) != NoContext {
			if r.deadEvents[event] == nil {
				r.deadEvents[event] = h
			}
		}
	}
}

// markDead makes every active hook of an event with a non-string matcher
// inactive: the planner throws on `matcher.trim` and runs none (spec §4).
func (r *Result) markDead() {
	for _, h := range r.Hooks {
		if culprit := r.deadEvents[h.Event]; culprit != nil && h.Active {
			h.Active = false
			h.Reason = fmt.Sprintf("the matcher at %s:%d is %s, not a string: Gemini's planner throws and runs no %s hook", culprit.Path, culprit.Line, culprit.MatcherNode.Kind, h.Event)
		}
	}
}

func (r *Result) disabledWhy() string {
	if r.EnabledBy == nil {
		return "hooks are disabled"
	}
	hc := r.eff[r.EnabledBy].Get("hooksConfig")
	if hc == nil || hc.Kind != config.Object {
		return "hooks are disabled"
	}
	return fmt.Sprintf("hooks are disabled: hooksConfig.enabled is %s in %s; Gemini creates no hook system (extension hooks do not run either)", hc.Get("enabled").Text(), r.EnabledBy.Path)
}

// extensionHooksOffWhy explains extension hooks that are not loaded
// although settings hooks run.
func (r *Result) extensionHooksOffWhy() string {
	where := ""
	if r.EnabledBy != nil {
		where = " (" + r.EnabledBy.Path + ")"
	}
	return "extension hooks are not loaded: hooksConfig.enabled is null or missing" + where + `; Gemini turns the hook system on anyway (it defaults enableHooks with ?? true), but loads an extension's hooks only when hooksConfig.enabled is truthy; set "hooksConfig": {"enabled": true}`
}

func (r *Result) lostWhy(l *layers.Layer, event string, wipedBy *val) string {
	if wipedBy != nil && wipedBy.layer != nil {
		return fmt.Sprintf(`dropped by the merge: "hooks" is %s in %s, which replaces the hooks of every lower layer`, wipedBy.kind, wipedBy.layer.Path)
	}
	if !IsEvent(event) {
		for _, later := range r.Set.Layers {
			if later == l || !later.Loaded || !settingsLayer(later) {
				continue
			}
			if root := r.eff[later]; root != nil && root.Get("hooks").Get(event) != nil && layerIndex(r.Set, later) > layerIndex(r.Set, l) {
				return fmt.Sprintf("replaced by %q in %s: Gemini replaces unknown event keys instead of concatenating them", event, later.Path)
			}
		}
	}
	return "dropped by Gemini's merge of the settings layers"
}

func layerIndex(s *layers.Set, l *layers.Layer) int {
	for i, x := range s.Layers {
		if x == l {
			return i
		}
	}
	return -1
}

// TrustHint is the step that makes Gemini trust the folder of s: the
// trustedFolders.json rule to add (its path) or the variable to change.
func TrustHint(s *layers.Set) string {
	if s.Trust.DotEnv != "" {
		// No trustedFolders.json rule helps: the env answer wins.
		return fmt.Sprintf("remove %s from %s, or set it in the environment that starts gemini (Gemini keeps a variable already set, even empty)", s.Trust.DotEnv, s.DotEnv.Path)
	}
	return fmt.Sprintf(`trust it in Gemini's folder-trust dialog or add "%s": "TRUST_FOLDER" to %s`, s.Paths.ProjectDir, s.Paths.TrustedFolders)
}

// claudeEvents maps Claude Code event names to Gemini's (spec §7), "" for
// a name that is not one.
func claudeEvents(name string) string {
	switch name {
	case "PreToolUse":
		return "BeforeTool"
	case "PostToolUse":
		return "AfterTool"
	case "UserPromptSubmit":
		return "BeforeAgent"
	case "Stop", "SubagentStop":
		return "AfterAgent"
	case "PreCompact":
		return "PreCompress"
	case "SessionStart", "SessionEnd", "Notification":
		return name
	}
	return ""
}

// Suggest returns the Gemini event a user probably meant by name: the
// Gemini name of a Claude event, a case-insensitive match, or the nearest
// event by edit distance (BeforTool for BeforeTool).
func Suggest(name string) string {
	if g := claudeEvents(name); g != "" {
		return g
	}
	for _, e := range Events {
		if strings.EqualFold(strings.ReplaceAll(name, "_", ""), e) {
			return e
		}
	}
	lower := make([]string, len(Events))
	for i, e := range Events {
		lower[i] = strings.ToLower(e)
	}
	if best := suggest.Closest(strings.ToLower(name), lower); len(best) > 0 {
		return Events[slices.Index(lower, best[0])]
	}
	return ""
}

func suggestSuffix(event string) string {
	if s := Suggest(event); s != "" {
		return fmt.Sprintf(" (did you mean %s?)", s)
	}
	return ""
}

// EventOrder returns the events of r.Hooks in output order.
func (r *Result) EventOrder() []string {
	var out []string
	seen := map[string]bool{}
	for _, h := range r.Hooks {
		if !seen[h.Event] {
			seen[h.Event] = true
			out = append(out, h.Event)
		}
	}
	return out
}

// untrustedProblem tells the user, once, that an untrusted folder runs no
// settings hook at all (spec §1.7, §12 item 1).
func (r *Result) untrustedProblem() {
	if r.Set.Trust.Trusted {
		return
	}
	n := 0
	var first *Hook
	for _, h := range r.Hooks {
		if settingsLayer(layerOf(r.Set, h)) {
			if n == 0 {
				first = h
			}
			n++
		}
	}
	if n == 0 {
		return
	}
	// The project file when there is one (its trust is the question);
	// else the first settings hook that will not run: never a file that
	// does not exist.
	path, pointer, line, col := first.Path, first.Pointer, first.Line, 1
	if l := layerOf(r.Set, first); l != nil && l.Doc != nil {
		if ln, c := l.Doc.PositionOf(first.Pointer); ln > 0 {
			line, col = ln, c
		}
	}
	if pl := r.Set.Settings(layers.Project); pl != nil && pl.Exists && pl.Path != "" {
		path, pointer, line, col = pl.Path, "", 1, 1
	}
	r.Problems = append(r.Problems, config.Problem{Severity: config.SevWarning, Code: "folder-untrusted", Path: path, Pointer: pointer, Line: line, Column: col,
		Message: fmt.Sprintf("folder is not trusted (%s): Gemini runs none of the %d settings hooks, not even user and system hooks; only extension hooks run", r.Set.Trust.Why, n),
		Hint:    TrustHint(r.Set)})
}

func layerOf(s *layers.Set, h *Hook) *layers.Layer {
	for _, l := range s.Layers {
		if l.Kind == h.Layer && l.Extension == h.Extension {
			return l
		}
	}
	return nil
}
