package edit

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/gh-hooks/gh-hooks/internal/shellword"

	"github.com/gh-hooks/gh-hooks/config"
	"github.com/gh-hooks/gh-hooks/merge"
)

// maxTimer is Node's largest setTimeout delay; a larger timeout is clamped
// to 1 ms (spec §5.5).
const maxTimer = 2147483647

// EnvVar is one entry of a hook's env object.
type EnvVar struct{ Key, Value string }

// Hook is a hook to add: one new definition holding one command hook.
// Empty strings, a zero Timeout and a nil Env mean "leave the key out".
type Hook struct {
	Event      string
	Matcher    string
	Sequential bool
	Name       string
	Command    string
	// Description is shown by Gemini's /hooks panel only.
	Description string
	// Timeout is in milliseconds (spec §2.3); 0 means Gemini's default.
	Timeout int
	// Env is added to the hook's environment, in this order.
	Env []EnvVar
}

// Warning is something suspicious about a hook that Gemini accepts.
type Warning struct{ Msg, Hint string }

// Validate checks h against what Gemini CLI 0.61 accepts and how it reads
// it. It returns an *Error wrapping ErrInvalid for a hook that Gemini would
// reject or never run as meant, and warnings for a hook that works but
// probably not as intended.
func (h Hook) Validate() ([]Warning, error) {
	var warns []Warning
	if strings.TrimSpace(h.Event) == "" {
		// --event= given empty: say so, not `unknown event ""`.
		return nil, invalid("give the event to hook, e.g. --event BeforeTool; events: "+strings.Join(merge.Events, ", "), "the event is empty")
	}
	if !merge.IsEvent(h.Event) {
		hint := "events: " + strings.Join(merge.Events, ", ")
		if s := merge.Suggest(h.Event); s != "" {
			hint = fmt.Sprintf("Gemini calls it %s: use --event %s", s, s)
		}
		// Gemini skips unknown event keys with a warning (spec §2.1).
		return nil, invalid(hint, "unknown event %q: Gemini CLI skips it and runs none of its hooks", h.Event)
	}
	if strings.TrimSpace(h.Command) == "" {
		// "" is discarded by the registry (spec §2.3); blank runs nothing.
		return nil, invalid(`give the shell command to run, e.g. --command "$GEMINI_PROJECT_DIR/hooks/check.sh"`, "the command is empty")
	}
	switch {
	case h.Timeout < 0:
		return nil, invalid("write the limit in milliseconds, e.g. --timeout 30000", "--timeout %d: Node clamps a negative delay to 1 ms, so the hook would time out at once", h.Timeout)
	case h.Timeout > maxTimer:
		return nil, invalid("write at most 2147483647, or leave --timeout out for the 60000 ms default", "--timeout %d is more than Node's maximum delay: Gemini's timer fires after 1 ms", h.Timeout)
	case h.Timeout >= 1 && h.Timeout <= 300:
		// Same threshold as validate's timeout-seconds (spec §5.5, peers §9).
		warns = append(warns, Warning{
			Msg:  fmt.Sprintf("--timeout %d is in milliseconds and looks like seconds: Gemini kills the hook after %d ms", h.Timeout, h.Timeout),
			Hint: fmt.Sprintf("for %d seconds pass --timeout %d", h.Timeout, h.Timeout*1000),
		})
	}
	w, err := h.validateMatcher()
	if err != nil {
		return nil, err
	}
	warns = append(warns, w...)
	seen := map[string]bool{}
	for _, kv := range h.Env {
		if kv.Key == "" {
			return nil, invalid("write --env NAME=value", "--env %q has no variable name", "="+kv.Value)
		}
		if seen[kv.Key] {
			return nil, invalid("pass each variable once", "--env %s is given twice", kv.Key)
		}
		seen[kv.Key] = true
	}
	return warns, nil
}

// validateMatcher follows HookPlanner.matchesContext (spec §4): tool events
// use an unanchored JavaScript regex, trigger events an exact string, the
// others ignore the matcher. A matcher that never matches (an invalid
// regex, "startup|resume", a trigger Gemini never fires) is not refused
// here: validate calls those warnings, and add refuses only what validate
// calls an error, so the caller prints validate's warning for the new hook
// and adds it, as for a Claude tool name ("Bash").
func (h Hook) validateMatcher() ([]Warning, error) {
	m := strings.TrimSpace(h.Matcher)
	if m == "" || m == "*" {
		return nil, nil
	}
	switch merge.ContextOf(h.Event) {
	case merge.ToolContext, merge.TriggerContext:
		return nil, nil
	}
	return []Warning{{
		Msg:  fmt.Sprintf("%s ignores matchers: Gemini fires it without a tool or trigger, so the hook runs every time", h.Event),
		Hint: "leave --matcher out",
	}}, nil
}

// Definition renders h as the definition Add appends, keys in the order
// Gemini's schema lists them (spec §2.2, §2.3).
func (h Hook) Definition() config.Ordered {
	hk := config.Ordered{}
	if h.Name != "" {
		hk = append(hk, config.Member{Key: "name", Value: h.Name})
	}
	hk = append(hk, config.Member{Key: "type", Value: "command"}, config.Member{Key: "command", Value: h.Command})
	if h.Description != "" {
		hk = append(hk, config.Member{Key: "description", Value: h.Description})
	}
	if h.Timeout != 0 {
		hk = append(hk, config.Member{Key: "timeout", Value: h.Timeout})
	}
	if len(h.Env) > 0 {
		env := config.Ordered{}
		for _, kv := range h.Env {
			env = append(env, config.Member{Key: kv.Key, Value: kv.Value})
		}
		hk = append(hk, config.Member{Key: "env", Value: env})
	}
	def := config.Ordered{}
	if h.Matcher != "" {
		def = append(def, config.Member{Key: "matcher", Value: h.Matcher})
	}
	if h.Sequential {
		def = append(def, config.Member{Key: "sequential", Value: true})
	}
	return append(def, config.Member{Key: "hooks", Value: []any{hk}})
}

// Added is the result of Add.
type Added struct {
	// Data is the new file content.
	Data []byte
	// DefIndex is the index of the new definition in /hooks/<Event>;
	// Pointer is the new hook's pointer (/hooks/<Event>/<DefIndex>/hooks/0).
	DefIndex int
	Pointer  string
}

// Add appends h as a new definition at the end of /hooks/<Event> in doc
// (nil: a new file), creating "hooks" and the event key when missing. It
// validates h first (warnings are the caller's to show, see Validate) and
// refuses, with ErrDuplicate, a hook whose name and command, as written,
// equal those of a hook already under that event in this file: Gemini keys
// hooks by name:command and would run only one (spec §3.7). It refuses,
// with ErrShape, a file whose "hooks" is not an object or whose event value
// is not an array.
func Add(doc *config.Document, h Hook) (Added, error) {
	if _, err := h.Validate(); err != nil {
		return Added{}, err
	}
	evPtr := "/hooks/" + config.EscapePointer(h.Event)
	n := 0
	if doc != nil {
		hooks := doc.Root.Get("hooks")
		if hooks != nil && hooks.Kind != config.Object {
			return Added{}, shapeErr(doc, hooks, `"hooks"`, `make it an object of events, e.g. {"BeforeTool": [...]}`)
		}
		if ev := hooks.Get(h.Event); ev != nil {
			if ev.Kind != config.Array {
				hint := "make it a list of definitions: [ ... ]"
				if ev.Kind == config.Object {
					hint = "wrap the definition in a list: [ {...} ]"
				}
				return Added{}, shapeErr(doc, ev, fmt.Sprintf("hooks.%s", h.Event), hint)
			}
			if dup := findDuplicate(ev, h); dup != nil {
				return Added{}, &Error{Kind: ErrDuplicate,
					Msg:  fmt.Sprintf("%s: %s already has a hook with name:command %q (%s); Gemini would run it once", at(doc, dup), h.Event, h.Name+":"+h.Command, dup.Pointer()),
					Hint: fmt.Sprintf("give the new hook another --name, or remove the old one first: gh-hooks remove %s", removeArg(h))}
			}
			n = len(ev.Items)
		}
	}
	e := doc.Edit()
	if err := e.Append(evPtr, h.Definition()); err != nil {
		return Added{}, err
	}
	data, err := e.Bytes()
	if err != nil {
		return Added{}, err
	}
	return Added{Data: data, DefIndex: n, Pointer: evPtr + "/" + strconv.Itoa(n) + "/hooks/0"}, nil
}

func removeArg(h Hook) string {
	if h.Name != "" {
		return shellword.Quote(h.Name) + " --event " + h.Event
	}
	return "--command " + shellword.Quote(h.Command) + " --event " + h.Event
}

// findDuplicate returns the hook of an event array whose raw name and
// command equal h's ("" and a missing name are the same, spec §2.3).
func findDuplicate(ev *config.Node, h Hook) *config.Node {
	for _, def := range ev.Items {
		for _, hk := range items(def.Get("hooks")) {
			if rawString(hk.Get("name")) == h.Name && hk.Get("command").IsString() && hk.Get("command").Str == h.Command {
				return hk
			}
		}
	}
	return nil
}

func rawString(n *config.Node) string {
	if n.IsString() {
		return n.Str
	}
	return ""
}

// items returns the elements of an array node (nil for anything else).
func items(n *config.Node) []*config.Node {
	if n == nil || n.Kind != config.Array {
		return nil
	}
	return n.Items
}
