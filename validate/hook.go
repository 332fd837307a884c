package validate

import (
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/gh-hooks/gh-hooks/config"
	"github.com/gh-hooks/gh-hooks/layers"
	"github.com/gh-hooks/gh-hooks/merge"
)

// maxTimer is the largest delay Node's setTimeout honours; larger values
// are clamped to 1 ms (spec §5.5).
const maxTimer = 1<<31 - 1

// sequential: only a literal true makes a plan sequential
// (hookPlanner.ts:54-56, spec §2.2).
func (c *checker) sequential(h *merge.Hook) {
	n := h.RawDef.Get("sequential")
	if n == nil || n.Kind == config.Bool {
		return
	}
	ptr := defPointer(h) + "/sequential"
	c.add(h.Path, ptr, config.SevWarning, "sequential-not-boolean",
		fmt.Sprintf("sequential is %s (%s): Gemini only honours the literal true, so these hooks run in parallel", n.Kind, n.Text()),
		"write true or false, without quotes")
}

// claudeShape reports fields that only Claude Code knows.
func (c *checker) claudeShape(h *merge.Hook) {
	var keys []string
	for _, k := range h.Node.Keys {
		if claudeFields(k) == "" {
			continue
		}
		// "async": false (and asyncRewake, once) asks Claude for what
		// Gemini does anyway: wait for the hook, run it every time.
		if v := h.Node.Get(k); v != nil && v.Kind == config.Bool && !v.Truthy() && defaultFalse(k) {
			continue
		}
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		what := claudeFields(k)
		c.addKey(h.Path, h.Pointer+"/"+config.EscapePointer(k), config.SevWarning, "claude-field",
			fmt.Sprintf("%q is a Claude Code hook field: %s", k, what),
			fmt.Sprintf("remove %q; gh-hooks migrate converts Claude hooks and reports what is lost", k))
	}
}

// hookType adds what merge's unknown-type cannot say about Claude types,
// and reports plugin hooks (spec §2.3).
func (c *checker) hookType(h *merge.Hook) {
	t := h.Node.Get("type")
	if !t.IsString() {
		return
	}
	add := func(sev config.Severity, code, msg, hint string) {
		c.add(h.Path, h.Pointer+"/type", sev, code, msg, hint) // built only for a problem
	}
	if what := claudeTypes(t.Str); what != "" {
		add(config.SevInfo, "claude-hook-type",
			fmt.Sprintf("type %q is %s: Gemini only runs command hooks and discards this one", t.Str, what),
			"rewrite it as a command hook that runs a script")
		return
	}
	if t.Str != "plugin" {
		return
	}
	if !h.Node.Get("command").Truthy() {
		add(config.SevError, "plugin-no-command",
			`this "plugin" hook has no "command": Gemini registers it but every run fails with "Command hook missing command"`,
			`add a "command", and use "type": "command"`)
		return
	}
	msg := `type "plugin" is undocumented: Gemini runs it exactly like "command"`
	if h.Name == "" {
		msg += `, but can only disable it as "unknown-hook" and treats all nameless plugin hooks as duplicates of each other`
	}
	add(config.SevInfo, "plugin-type", msg, `use "type": "command"`)
}

// timeout: milliseconds, `timeout ?? 60000`, Node's setTimeout clamps bad
// delays to 1 ms (hookRunner.ts:313, spec §5.5).
func (c *checker) timeout(h *merge.Hook) {
	if h.TimeoutNode == nil {
		return
	}
	add := func(sev config.Severity, code, msg, hint string) {
		c.add(h.Path, h.Pointer+"/timeout", sev, code, msg, hint) // built only for a problem
	}
	raw := h.Raw.Get("timeout")
	if raw == nil {
		raw = h.TimeoutNode
	}
	ms := float64(h.Timeout)
	switch raw.Kind {
	case config.Null, config.Number:
	case config.String:
		if !numeric(raw.Str) {
			add(config.SevError, "timeout-not-number",
				fmt.Sprintf("timeout is the string %q, not a number: Node's setTimeout clamps it to 1 ms, so the hook times out almost immediately", raw.Str),
				"write the timeout in milliseconds as a number, e.g. 30000")
			return
		}
		msg := fmt.Sprintf("timeout is the string %q: Gemini converts it to a number only while the whole file passes settings validation", raw.Str)
		if c.isExtension(h) {
			msg = fmt.Sprintf("timeout is the string %q: extension hooks are not validated, so Node's setTimeout converts it", raw.Str)
		}
		add(config.SevWarning, "timeout-string", msg, fmt.Sprintf("write a number without quotes: %s", config.FormatNumber(ms)))
	default:
		add(config.SevError, "timeout-not-number",
			fmt.Sprintf("timeout is %s, not a number: Node's setTimeout clamps it to 1 ms, so the hook times out almost immediately", raw.Kind),
			"write the timeout in milliseconds as a number, e.g. 30000")
		return
	}
	if raw.Kind == config.Null {
		return
	}
	switch {
	case math.IsNaN(ms):
	case ms == 0:
		add(config.SevError, "timeout-zero",
			"timeout is 0: Gemini uses it as given (timeout ?? 60000), so the hook times out immediately and never produces output",
			"remove the timeout for Gemini's default of 60000 ms, or write the limit in milliseconds")
	case ms < 0:
		add(config.SevError, "timeout-negative",
			fmt.Sprintf("timeout is %s: Node's setTimeout clamps a negative delay to 1 ms, so the hook times out almost immediately", config.FormatNumber(ms)),
			"write the limit in milliseconds, e.g. 30000")
	case ms > maxTimer:
		add(config.SevError, "timeout-too-large",
			fmt.Sprintf("timeout is %s ms, more than Node's maximum delay (2147483647): setTimeout clamps it to 1 ms, so the hook times out almost immediately", config.FormatNumber(ms)),
			"write at most 2147483647, or remove the timeout for the 60000 ms default")
	case ms >= 1 && ms <= 300:
		n := config.FormatNumber(ms)
		add(config.SevWarning, "timeout-seconds",
			fmt.Sprintf("timeout is %s ms, which looks like seconds: Gemini kills the hook after %s milliseconds", n, n),
			fmt.Sprintf("timeout is in milliseconds: %s means %s ms; write %s", n, n, config.FormatNumber(ms*1000)))
	}
}

func (c *checker) isExtension(h *merge.Hook) bool { return h.Layer == layers.Extension }

// env: values are passed to spawn, which stringifies them (spec §5.2).
func (c *checker) env(h *merge.Hook) {
	env := h.Raw.Get("env")
	if env == nil || env.Kind == config.Null {
		return
	}
	ptr := h.Pointer + "/env"
	if env.Kind != config.Object {
		c.add(h.Path, ptr, config.SevWarning, "env-not-object",
			fmt.Sprintf("env is %s, not an object: Gemini spreads it into the environment, so the hook gets no variables from it (or index-named ones)", env.Kind),
			`write an object of strings: {"NAME": "value"}`)
		return
	}
	for i, k := range env.Keys {
		v := env.Vals[i]
		if v.Kind == config.String {
			continue
		}
		c.add(h.Path, ptr+"/"+config.EscapePointer(k), config.SevWarning, "env-not-string",
			fmt.Sprintf("env %s is %s: Node turns it into the string %q", k, v.Kind, v.JSString()),
			fmt.Sprintf("write the value as a string: %q", v.JSString()))
	}
}

// numeric reports whether JavaScript's Number(s) is a finite or infinite
// number for a non-blank string (what Zod's coercion and setTimeout need).
func numeric(s string) bool {
	t := strings.TrimSpace(s)
	switch {
	case t == "":
		return false
	case t == "Infinity" || t == "+Infinity" || t == "-Infinity":
		return true
	case len(t) > 2 && t[0] == '0' && strings.ContainsRune("xXoObB", rune(t[1])):
		_, err := strconv.ParseInt(t, 0, 64)
		return err == nil
	}
	if strings.ContainsAny(t, "_xXpP") || strings.EqualFold(t, "nan") || strings.Contains(strings.ToLower(t), "inf") {
		return false // Go accepts these, JavaScript does not
	}
	_, err := strconv.ParseFloat(t, 64)
	return err == nil
}
