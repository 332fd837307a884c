package validate

import (
	"fmt"
	"strings"

	"github.com/gh-hooks/gh-hooks/config"
	"github.com/gh-hooks/gh-hooks/gemini"
)

// Problem codes about the installed Gemini CLI.
const (
	// CodeVersionNotModelled: the release is outside 0.47–0.61
	// (gemini-versions.md §3).
	CodeVersionNotModelled = "gemini-version-not-modelled"
	// CodeHooksUnsupported: the release runs no hooks at all (before 0.19).
	CodeHooksUnsupported = "gemini-hooks-unsupported"
	// CodeHooksSwitch: the release runs hooks only with another setting on
	// (0.19 to 0.27, gemini-versions.md §3 "enable switch").
	CodeHooksSwitch = "gemini-hooks-switch-off"
)

// gemini reports what the detected Gemini CLI's release changes: outside
// the modelled range a warning (older) or an info (newer), and for old
// releases the hooks that cannot run at all or need a switch.
func (c *checker) gemini() {
	in := c.r.Set.Gemini
	if in == nil || !in.Found {
		return
	}
	at := config.Problem{Path: in.PackageJSON}
	if at.Path != "" {
		at.Line, at.Column = 1, 1
	}
	if !in.Modelled {
		p := at
		p.Severity, p.Code, p.Message = config.SevWarning, CodeVersionNotModelled, in.Warning
		p.Hint = fmt.Sprintf("upgrade Gemini CLI to %s (npm install -g @google/gemini-cli@%s), or set %s to the release you mean", gemini.NewestRelease, gemini.NewestRelease, gemini.OverrideEnv)
		if in.Newer() {
			p.Severity = config.SevInfo
			p.Hint = "check the gh-hooks release notes for a version that models Gemini CLI " + in.Version
		}
		c.out = append(c.out, p)
	}
	if len(c.r.Hooks) == 0 {
		return
	}
	hooks := gemini.HooksIn(in.Detected)
	first := c.r.Hooks[0]
	switch {
	case !hooks.Run:
		c.add(first.Path, "/hooks", config.SevError, CodeHooksUnsupported,
			fmt.Sprintf("Gemini CLI %s runs no hooks at all (hooks fire from 0.19): none of the %d hook(s) configured will run", in.Version, len(c.r.Hooks)),
			"upgrade Gemini CLI: npm install -g @google/gemini-cli@"+gemini.NewestRelease)
	case len(hooks.Switch) > 0:
		on := false
		for i, s := range hooks.Switch {
			v := c.r.Set.SettingTrue(strings.Split(s, ".")...)
			if i == 0 || hooks.AnyOf {
				on = on || v
			} else {
				on = on && v
			}
		}
		if on {
			return
		}
		want := strings.Join(hooks.Switch, " or ")
		c.add(first.Path, "/hooks", config.SevError, CodeHooksSwitch,
			fmt.Sprintf("Gemini CLI %s runs hooks only when %s is true, and no settings layer sets it: none of the %d hook(s) configured will run", in.Version, want, len(c.r.Hooks)),
			fmt.Sprintf(`add "tools": {"enableHooks": true} to %s, or upgrade Gemini CLI to 0.28 or later (npm install -g @google/gemini-cli@%s)`, c.r.Set.Paths.User, gemini.NewestRelease))
	}
}
