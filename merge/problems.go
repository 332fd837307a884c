package merge

import (
	"fmt"
	"path/filepath"

	"github.com/gh-hooks/gh-hooks/config"
	"github.com/gh-hooks/gh-hooks/internal/shellword"
	"github.com/gh-hooks/gh-hooks/layers"
)

// addProblems reports the shapes that make Gemini drop, ignore or
// misread hooks (spec §2, §3, §12). Lint-level advice (timeouts that look
// like seconds, regex pitfalls, missing scripts) lives in package validate.
func (r *Result) addProblems() {
	for _, l := range r.Set.Layers {
		root := r.eff[l]
		if root == nil || l.Doc == nil {
			continue
		}
		add := func(ptr string, sev config.Severity, code, msg, hint string) {
			r.Problems = append(r.Problems, l.Doc.At(ptr, sev, code, msg, hint))
		}
		if settingsLayer(l) {
			r.settingsProblems(l, root, add)
		}
		hooks := root.Get("hooks")
		if hooks == nil || hooks.Kind != config.Object {
			continue
		}
		for i, key := range hooks.Keys {
			ev := hooks.Vals[i]
			ptr := "/hooks/" + config.EscapePointer(key)
			switch {
			case key == "enabled" || key == "disabled" || key == "notifications":
				if settingsLayer(l) {
					add(ptr, config.SevWarning, "legacy-hooks-key",
						fmt.Sprintf("hooks.%s is a legacy key that Gemini 0.61 ignores", key),
						fmt.Sprintf("move it to hooksConfig.%s", key))
				}
				continue
			case !IsEvent(key):
				add(ptr, config.SevWarning, "unknown-event",
					fmt.Sprintf("Gemini does not know the hook event %q: it warns \"Invalid hook event name\" and skips every hook under it%s", key, suggestSuffix(key)),
					eventHint(l.Path, key))
				continue
			}
			var defs []*config.Node
			switch ev.Kind {
			case config.Array:
				defs = ev.Items
			case config.Object:
				if settingsLayer(l) {
					msg := fmt.Sprintf("%s is an object, not an array: Gemini's merge wraps it so it still runs, but the file fails validation and loses type coercion", key)
					if l.Kind == layers.Project {
						// getUntrustedHooks and trustHooks skip event values
						// that are not arrays (trustedHooks.ts, spec §6).
						msg += "; and Gemini's project-hook trust check skips it, so it never warns about these hooks"
					}
					add(ptr, config.SevWarning, "event-not-array", msg, "wrap the definition in [ ]")
					defs = []*config.Node{ev}
				} else {
					add(ptr, config.SevWarning, "event-not-array",
						fmt.Sprintf("%s is not an array: Gemini skips every hook under it", key), "wrap the definition in [ ]")
				}
			default:
				add(ptr, config.SevWarning, "event-not-array",
					fmt.Sprintf("%s is %s, not an array of definitions: Gemini discards it", key, ev.Kind),
					`use [{"matcher": "...", "hooks": [{"type": "command", "command": "..."}]}]`)
			}
			for _, def := range defs {
				r.definitionProblems(key, def, add)
			}
		}
	}
}

type addFunc func(ptr string, sev config.Severity, code, msg, hint string)

// eventHint is the fix for an unknown event key in the file at path. A
// file in a .claude directory is Claude Code's (validate FILE checks any
// file): its keys are Claude's events, and migrate converts them all.
func eventHint(path, key string) string {
	if filepath.Base(filepath.Dir(path)) == ".claude" {
		return "this is a Claude Code settings file: gh-hooks migrate " + shellword.Quote(path) + " writes its hooks as Gemini hooks"
	}
	if s := Suggest(key); s != "" {
		return fmt.Sprintf("rename the key to %q", s)
	}
	return "use one of: BeforeTool, AfterTool, BeforeAgent, AfterAgent, Notification, SessionStart, SessionEnd, PreCompress, BeforeModel, AfterModel, BeforeToolSelection"
}

func (r *Result) settingsProblems(l *layers.Layer, root *config.Node, add addFunc) {
	if h := root.Get("hooks"); h != nil && h.Kind != config.Object {
		add("/hooks", config.SevError, "hooks-not-object",
			fmt.Sprintf(`"hooks" is %s: Gemini's merge replaces the hooks of every lower layer with it, so no settings hook from %s or below runs`, h.Kind, l.Kind),
			`remove the key, or make it an object such as {"BeforeTool": []}`)
	}
	if tools := root.Get("tools"); tools != nil && tools.Get("enableHooks") != nil {
		add("/tools/enableHooks", config.SevWarning, "legacy-enable-hooks",
			"tools.enableHooks was removed and Gemini 0.61 ignores it", "use hooksConfig.enabled")
	}
	hc := root.Get("hooksConfig")
	if hc == nil {
		return
	}
	if hc.Kind == config.Null {
		add("/hooksConfig", config.SevError, "hooksconfig-null",
			`"hooksConfig": null makes Gemini CLI crash at start-up (TypeError: Cannot read properties of null (reading 'enabled'))`,
			`remove the key or make it an object such as {"enabled": true}`)
		return
	}
	if hc.Kind != config.Object {
		add("/hooksConfig", config.SevError, "hooksconfig-not-object",
			fmt.Sprintf(`"hooksConfig" is %s: it replaces the merged object, so hooksConfig.enabled and disabled become undefined: Gemini still turns hooks on (it defaults enableHooks with ?? true), but drops the disabled lists of every lower layer and loads no extension hooks`, hc.Kind),
			`make it an object such as {"enabled": true}`)
		return
	}
	raw := l.Doc.Root.Lookup("/hooksConfig/enabled")
	if raw != nil && raw.Kind == config.Null {
		add("/hooksConfig/enabled", config.SevWarning, "enabled-null",
			"hooksConfig.enabled is null: Gemini turns hooks on anyway (it defaults enableHooks with ?? true), but loads an extension's hooks only when hooksConfig.enabled is truthy, so no extension hook runs",
			"write true to run every hook, or false to turn hooks off")
	}
	if raw != nil && raw.Kind == config.String {
		valid := zodValid(l.Root) == "" || l.Root == nil
		msg := fmt.Sprintf("hooksConfig.enabled is the string %q: Gemini converts it only while the whole file passes validation", raw.Str)
		if !valid {
			msg = fmt.Sprintf("hooksConfig.enabled is the string %q and this file fails validation, so Gemini keeps the string, which is truthy: hooks stay ON", raw.Str)
		}
		add("/hooksConfig/enabled", config.SevWarning, "enabled-string", msg, "write a boolean: true or false, without quotes")
	}
	if d := hc.Get("disabled"); d != nil && d.Kind == config.String {
		add("/hooksConfig/disabled", config.SevWarning, "disabled-string",
			"hooksConfig.disabled is a string: Gemini's merge wraps it into a list, and /hooks enable and disable mishandle it", fmt.Sprintf(`write a list: ["%s"]`, d.Str))
	}
}

func (r *Result) definitionProblems(event string, def *config.Node, add addFunc) {
	// Pointers are built only for a problem: most definitions have none,
	// and building two for each was 1.3% of an `effective --json`.
	if def.Kind != config.Object {
		add(def.Pointer(), config.SevWarning, "definition-invalid",
			fmt.Sprintf("a definition of %s must be an object, this is %s: Gemini discards it", event, def.Kind),
			`use {"matcher": "...", "hooks": [{"type": "command", "command": "..."}]}`)
		return
	}
	hs := def.Get("hooks")
	if hs == nil || hs.Kind != config.Array {
		msg := fmt.Sprintf(`this %s definition has no "hooks" array: Gemini discards it`, event)
		hint := `put the hooks in a list: {"matcher": "...", "hooks": [{"type": "command", "command": "..."}]}`
		if def.Has("command") || def.Has("type") {
			msg = fmt.Sprintf(`this %s entry has "command" at the definition level: Gemini needs it inside a "hooks" list and discards it`, event)
			hint = `wrap it: {"hooks": [{"type": "command", "command": "..."}]}`
		}
		add(def.Pointer(), config.SevWarning, "definition-no-hooks", msg, hint)
		return
	}
	if m := def.Get("matcher"); m != nil && m.Kind != config.String && m.Truthy() {
		if ContextOf(event) != NoContext {
			add(m.Pointer(), config.SevError, "matcher-not-string",
				fmt.Sprintf("the matcher is %s, not a string: Gemini's planner throws and runs NO %s hook at all, from any layer", m.Kind, event),
				`write the matcher as a string, for example "run_shell_command"`)
		} else {
			add(m.Pointer(), config.SevWarning, "matcher-not-string",
				fmt.Sprintf("the matcher is %s, not a string (Gemini ignores matchers for %s, but the file fails validation)", m.Kind, event),
				"remove the matcher")
		}
	}
	for _, hk := range hs.Items {
		if why := invalidReason(hk); why != "" {
			code := "hook-invalid"
			hint := `use {"type": "command", "command": "..."}`
			if hk.Kind == config.Object {
				switch t := hk.Get("type"); {
				case !t.Truthy():
					code = "missing-type"
					hint = `add "type": "command"`
				case t.Kind != config.String || (t.Str != "command" && t.Str != "plugin" && t.Str != "runtime"):
					code = "unknown-type"
					hint = `use "type": "command"`
				case t.Str == "command":
					code = "empty-command"
					hint = `give the hook a "command" to run`
				}
			}
			add(hk.Pointer(), config.SevWarning, code, why, hint)
			continue
		}
		if t := hk.Get("type"); t.Str == "runtime" {
			add(hk.Pointer()+"/type", config.SevWarning, "runtime-hook",
				`type "runtime" from a settings file is registered but always fails when run ("hookConfig.action is not a function")`,
				`use "type": "command"`)
		}
	}
}
