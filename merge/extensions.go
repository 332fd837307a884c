package merge

import (
	"fmt"

	"github.com/gh-hooks/gh-hooks/config"
	"github.com/gh-hooks/gh-hooks/layers"
)

// checkExtensions models the two ways Gemini's extension manager goes
// wrong while building the installed extensions (0.61 bundle,
// ExtensionManager.loadExtensions and _buildExtension; spec §3.5):
//
//   - building an extension throws a TypeError, which _buildExtension
//     catches ("Warning: Skipping extension in DIR: ..."): the whole
//     extension is left out, none of its hooks registers. It throws on a
//     manifest "settings" that is not a list (layers.settingsError: while
//     reading the settings' values, and again in the loop that adds them
//     to the hooks' env, which runs when hooks load), and, when a setting
//     has a value, in that loop's walk over the hooks, which assumes each
//     event holds a list of definitions that each hold a "hooks" list;
//   - two built extensions (enabled or not) with the same name make
//     loadExtensions throw "Extension with name X already was loaded.",
//     and Gemini CLI does not start.
func (r *Result) checkExtensions() {
	// Extension hooks load only when settings.hooksConfig.enabled is
	// truthy; a null hooksConfig crashes Gemini first.
	hooksLoaded := r.HooksEnabled && !r.extensionHooksOff && r.Crash == ""
	seen := map[string]*layers.BuiltExtension{}
	for i := range r.Set.Built {
		x := &r.Set.Built[i]
		why, at, doc := x.SettingsError, "/settings", x.Manifest
		if why == "" && hooksLoaded && x.Hooks != nil {
			why = x.HooksSettingsError
			if why == "" && x.HasEnv {
				if msg, n := hookEnvError(x.Hooks); msg != "" {
					why, at, doc = msg, n.Pointer(), x.HooksDoc
				}
			}
		}
		if why != "" {
			r.skipExtension(x, why, at, doc)
			continue
		}
		if first := seen[x.Name]; first != nil && r.Crash == "" {
			msg := fmt.Sprintf("Extension with name %s already was loaded.", x.Name)
			r.Crash = fmt.Sprintf("Gemini CLI fails at start-up (%q) because the extensions in %s and %s are both named %q", msg, first.Dir, x.Dir, x.Name)
			if x.Manifest != nil {
				r.Problems = append(r.Problems, x.Manifest.At("/name", config.SevError, "extension-name-duplicate",
					fmt.Sprintf("Gemini CLI fails at start-up (%q): the extension in %s has the same name", msg, first.Dir),
					"rename one of the two in its gemini-extension.json, or remove one (gemini extensions uninstall NAME)"))
			}
		}
		seen[x.Name] = x
	}
}

func (r *Result) skipExtension(x *layers.BuiltExtension, why, at string, doc *config.Document) {
	skipped := fmt.Sprintf("Gemini skips this whole extension at start-up (\"Warning: Skipping extension in %s: %s\")", x.Dir, why)
	if x.Layer != nil && x.Enabled {
		x.Layer.Loaded = false
		x.Layer.Reason = skipped
	}
	if !x.Enabled || doc == nil {
		return // a disabled extension's hooks do not run anyway
	}
	msg, hint := skipped+`: its manifest's "settings" is not a list of objects, so reading the settings throws; none of its hooks load`,
		`write "settings" as a list of objects: [{"name": "...", "envVar": "...", "description": "..."}]`
	if at != "/settings" {
		msg = skipped + `: with a setting of the extension set, Gemini adds it to the env of every command hook, looping over each event's list of definitions and each definition's "hooks" list, and this value is not such a list; none of its hooks load`
		hint = `write each event as a list of definitions that each have a "hooks" list: {"BeforeTool": [{"hooks": [{"type": "command", "command": "..."}]}]}`
	}
	r.Problems = append(r.Problems, doc.At(at, config.SevWarning, "extension-skipped", msg, hint))
}

// hookEnvError is the TypeError of the loop in _buildExtension that adds
// extension settings to command hooks:
//
//	for (const eventName of Object.keys(hooks)) {
//	  const eventHooks = hooks[eventName];
//	  if (eventHooks) for (const definition of eventHooks)
//	    for (const hook of definition.hooks)
//	      if (hook.type === "command") hook.env = {...hook.env, ...hookEnv};
//	}
//
// It returns V8's message and the node it fails on, or "" when the loop
// runs through. Strings are iterable (by character), falsy events are
// skipped, and a character has no .hooks.
func hookEnvError(hooks *config.Node) (string, *config.Node) {
	for _, ev := range hooks.Vals {
		if !ev.Truthy() {
			continue
		}
		switch ev.Kind {
		case config.String:
			return "definition.hooks is not iterable", ev
		case config.Array:
		default:
			return "eventHooks is not iterable", ev
		}
		for _, def := range ev.Items {
			if def.Kind == config.Null {
				return "Cannot read properties of null (reading 'hooks')", def
			}
			hs := def.Get("hooks")
			if hs == nil || hs.Kind != config.Array && hs.Kind != config.String {
				if hs != nil {
					return "definition.hooks is not iterable", hs
				}
				return "definition.hooks is not iterable", def
			}
			for _, h := range hs.Items {
				if h.Kind == config.Null {
					return "Cannot read properties of null (reading 'type')", h
				}
			}
		}
	}
	return "", nil
}
