package merge

import "testing"

// enabledCases are the hooksConfig.enabled values that are not booleans
// and that spec §3.3 does not cover: Config reads `params.enableHooks ??
// true`, so null and undefined (a hooksConfig that is not an object) turn
// hooks ON for settings hooks (found by comparing gh-hooks with the oracle
// on random two-layer trees; each case's settings-hook result was checked
// with the oracle's effective.mjs), while the extension manager loads an
// extension's hooks only when settings.hooksConfig.enabled is truthy
// (read from the 0.61 bundle; the oracle does not load extensions).
func enabledCases() []specCase {
	ext := map[string]string{
		"home/.gemini/extensions/chime/gemini-extension.json": `{"name": "chime", "version": "1.0.0"}`,
		"home/.gemini/extensions/chime/hooks/hooks.json":      `{"hooks": {"AfterAgent": [{"hooks": [{"type": "command", "command": "chime"}]}]}}`,
	}
	with := func(files map[string]string) map[string]string {
		for k, v := range ext {
			files[k] = v
		}
		return files
	}
	return []specCase{
		{
			name:  "enabled null: settings hooks run, extension hooks are not loaded",
			files: with(map[string]string{"U": bt("u"), "W": `{"hooksConfig": {"enabled": null}}`}),
			want: specWant{
				hooks: []hookRow{{"user/BeforeTool/0/0", "u", true}, {"extension:chime/AfterAgent/0/0", "chime", false}},
				reasons: map[string]string{
					"extension:chime/AfterAgent/0/0": "extension hooks are not loaded: hooksConfig.enabled is null or missing",
				},
				plans:     []planWant{{event: "BeforeTool", tool: "t", run: []string{"user/BeforeTool/0/0"}, exec: "parallel"}, {event: "AfterAgent"}},
				problems:  []string{"enabled-null", "invalid-configuration"},
				problemAt: []string{"enabled-null project/.gemini/settings.json:1:18"},
			},
		},
		{
			name:  "hooksConfig a string: settings hooks run, extension hooks are not loaded",
			files: with(map[string]string{"U": bt("u"), "W": `{"hooksConfig": "x"}`}),
			want: specWant{
				hooks:    []hookRow{{"user/BeforeTool/0/0", "u", true}, {"extension:chime/AfterAgent/0/0", "chime", false}},
				plans:    []planWant{{event: "BeforeTool", tool: "t", run: []string{"user/BeforeTool/0/0"}, exec: "parallel"}},
				disabled: []string{},
				problems: []string{"hooksconfig-not-object", "invalid-configuration"},
			},
		},
		{
			name:  "hooksConfig an array in the user file, an object without enabled in the project: enabled is undefined",
			files: map[string]string{"U": `{"hooksConfig": ["x"], "hooks": {"BeforeAgent": [{"hooks": [{"type": "command", "command": "u"}]}]}}`, "W": `{"hooksConfig": {"disabled": []}}`},
			want: specWant{
				hooks:    []hookRow{{"user/BeforeAgent/0/0", "u", true}},
				plans:    []planWant{{event: "BeforeAgent", run: []string{"user/BeforeAgent/0/0"}, exec: "parallel"}},
				problems: []string{"hooksconfig-not-object", "invalid-configuration"},
			},
		},
		{
			name:  "a string hooksConfig drops the lower layers' disabled lists",
			files: map[string]string{"U": `{"hooksConfig": {"disabled": ["u"]}, "hooks": {"BeforeAgent": [{"hooks": [{"type": "command", "command": "u"}]}]}}`, "W": `{"hooksConfig": "x"}`},
			want: specWant{
				hooks:    []hookRow{{"user/BeforeAgent/0/0", "u", true}},
				disabled: []string{},
				problems: []string{"hooksconfig-not-object", "invalid-configuration"},
			},
		},
		{
			name:  "enabled 0 turns hooks off",
			files: map[string]string{"U": bt("u"), "W": `{"hooksConfig": {"enabled": 0}}`},
			want: specWant{
				hooksOff: true,
				hooks:    []hookRow{{"user/BeforeTool/0/0", "u", false}},
				reasons:  map[string]string{"user/BeforeTool/0/0": "hooksConfig.enabled is 0"},
				problems: []string{"invalid-configuration"},
			},
		},
		{
			name:  "enabled true: extension hooks run",
			files: with(map[string]string{"W": `{"hooksConfig": {"enabled": true}}`}),
			want: specWant{
				hooks: []hookRow{{"extension:chime/AfterAgent/0/0", "chime", true}},
				plans: []planWant{{event: "AfterAgent", run: []string{"extension:chime/AfterAgent/0/0"}, exec: "parallel"}},
			},
		},
	}
}

func TestEnabledNotBoolean(t *testing.T) {
	for _, tc := range enabledCases() {
		t.Run(tc.name, func(t *testing.T) {
			tmp, r := loadSpecCase(t, tc)
			checkSpecCase(t, tmp, tc.want, r)
		})
	}
}
