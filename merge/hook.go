package merge

import (
	"math"

	"github.com/gh-hooks/gh-hooks/config"
)

// Events are Gemini's eleven hook events in schema order (spec §2.1), which
// is also the order in which gh-hooks prints them.
var Events = []string{
	"BeforeTool", "AfterTool", "BeforeAgent", "AfterAgent", "Notification",
	"SessionStart", "SessionEnd", "PreCompress", "BeforeModel", "AfterModel",
	"BeforeToolSelection",
}

// IsEvent reports whether name is one of Gemini's eleven events
// (case-sensitive, as hookRegistry.ts:331-335 compares).
func IsEvent(name string) bool {
	for _, e := range Events {
		if e == name {
			return true
		}
	}
	return false
}

// ContextKind says what an event's matcher is matched against (spec §4).
type ContextKind int

// Matcher contexts.
const (
	NoContext      ContextKind = iota // matcher ignored
	ToolContext                       // JavaScript regex on the tool name
	TriggerContext                    // exact trigger string
)

// ContextOf returns the matcher context of an event.
func ContextOf(event string) ContextKind {
	switch event {
	case "BeforeTool", "AfterTool":
		return ToolContext
	case "SessionStart", "SessionEnd", "PreCompress":
		return TriggerContext
	}
	return NoContext
}

// Triggers lists the triggers Gemini fires for each trigger event (spec §2.1).
var Triggers = map[string][]string{
	"SessionStart": {"startup", "resume", "clear"},
	"SessionEnd":   {"exit", "clear", "logout", "prompt_input_exit", "other"},
	"PreCompress":  {"manual", "auto"},
}

// DefaultTimeout is Gemini's hook timeout when none is given, in ms
// (hookRunner.ts:36, spec §2.3).
const DefaultTimeout = 60000

// Hook is one hook entry found in a settings layer or an extension, with
// its provenance and Gemini's verdict on it.
type Hook struct {
	// ID is layer/eventKey/definitionIndex/hookIndex; the definition index
	// is "*" for a bare-object event value that Gemini wraps into an array.
	ID        string `json:"id"`
	Event     string `json:"event"`
	Layer     string `json:"layer"`
	Extension string `json:"extension"`
	Path      string `json:"path"`
	Pointer   string `json:"pointer"`
	Line      int    `json:"line"`
	// Matcher is the matcher after $VAR expansion; "" when absent.
	// MatcherNode is the raw node (nil when absent), needed because a
	// non-string matcher changes planning.
	Matcher     string       `json:"matcher"`
	MatcherNode *config.Node `json:"-"`
	// Sequential is true only when the definition says literally true.
	Sequential bool   `json:"sequential"`
	Type       string `json:"type"`
	Name       string `json:"name"`
	// Command is the command as written; ExpandedCommand after Gemini's
	// load-time $VAR expansion (extension hooks: after ${var} hydration).
	Command         string `json:"command"`
	ExpandedCommand string `json:"expandedCommand"`
	Description     string `json:"description,omitempty"`
	// Timeout is in milliseconds with Gemini's default filled in.
	// TimeoutNode is the raw value (nil when absent).
	Timeout     Millis       `json:"timeout"`
	TimeoutNode *config.Node `json:"-"`
	// Env is the hook's env object after expansion (nil when absent).
	Env map[string]string `json:"env,omitempty"`
	// EnvKeys keeps Env's keys in file order.
	EnvKeys []string `json:"-"`
	// Key is Gemini's getHookKey: name + ":" + (command for type command).
	Key string `json:"key"`
	// DisableName is the name hooksConfig.disabled is matched against
	// (getHookName: name || command || 'unknown-command' for command hooks,
	// name || 'unknown-hook' for others).
	DisableName string `json:"disableName"`
	Enabled     bool   `json:"enabled"`
	Active      bool   `json:"active"`
	Reason      string `json:"reason"`
	// Untrusted is true when the hook does not run only because the
	// folder is not trusted (Reason says so): Gemini runs no settings hook
	// there, not even the user's (spec §1.7).
	Untrusted bool `json:"-"`

	// DefIndex and HookIndex locate the hook; DefIndex is -1 for a wrapped
	// bare object.
	DefIndex  int `json:"-"`
	HookIndex int `json:"-"`
	// Node is the hook object itself (expanded strings, original positions).
	Node *config.Node `json:"-"`
	// Raw and RawDef are the hook object and its definition as written in
	// the file, before $VAR expansion; nil when the layer has no document
	// or the value is not there as written.
	Raw    *config.Node `json:"-"`
	RawDef *config.Node `json:"-"`
	// disableValue is the name Gemini matches hooksConfig.disabled
	// against when it is not a string (DisableName is its text).
	disableValue *config.Node
	// Registered is true when Gemini's registry keeps the entry (a valid
	// shape under a known event); Active additionally needs trust, enabled
	// hooks and the hook not disabled.
	Registered bool `json:"-"`
}

// DisableKey identifies the value hooksConfig.disabled is compared with:
// DisableName, or, when Gemini's getHookName returns a name that is not a
// string (a number, a boolean), that text marked with its type, because
// includes() tells 5 from "5".
func (h *Hook) DisableKey() string {
	if h.disableValue == nil {
		return h.DisableName
	}
	return "\x00" + h.disableValue.Kind.String() + "\x00" + h.DisableName
}

// Millis is a duration in milliseconds as Gemini reads it from a settings
// file. It can be ±Infinity (1e400, "Infinity"), which JSON cannot carry:
// such a value is written as 1, the delay Node's setTimeout uses for it
// (it clamps delays above 2147483647 and NaN to 1 ms).
type Millis float64

// MarshalJSON writes m as a JSON number, JavaScript style.
func (m Millis) MarshalJSON() ([]byte, error) { return []byte(m.JSON()), nil }

// JSON is the text MarshalJSON writes.
func (m Millis) JSON() string {
	f := float64(m)
	if math.IsInf(f, 0) || math.IsNaN(f) {
		f = 1
	}
	return config.FormatNumber(f)
}
