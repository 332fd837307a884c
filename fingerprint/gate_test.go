package fingerprint

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gh-hooks/gh-hooks/layers"
	"github.com/gh-hooks/gh-hooks/merge"
)

// gateSet loads a project whose settings file is settings (and whose
// .gemini/.env is dotenv when not empty), trusted or not, and returns the
// gate's options for the hooks planned for event.
func gateSet(t *testing.T, settings, dotenv string, trusted bool, event string) GateOptions {
	t.Helper()
	home, p := newProject(t)
	write := func(rel, s string) {
		full := filepath.Join(p.Dir, rel)
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(".gemini/settings.json", settings)
	if dotenv != "" {
		write(".gemini/.env", dotenv)
	}
	root := filepath.Dir(home)
	env := map[string]string{"HOME": home, "GEMINI_CLI_HOME": home, "PATH": "/usr/bin:/bin",
		"GEMINI_CLI_SYSTEM_SETTINGS_PATH": filepath.Join(root, "system.json"), "GEMINI_CLI_SYSTEM_DEFAULTS_PATH": filepath.Join(root, "defaults.json")}
	if trusted {
		env["GEMINI_CLI_TRUST_WORKSPACE"] = "true"
	}
	set, err := layers.Load(layers.Options{ProjectDir: p.Dir, Env: layers.MapEnv(env)})
	if err != nil {
		t.Fatal(err)
	}
	r := merge.Merge(set)
	o := GateOptions{Options: Options{Home: home, Project: p}, Set: set, Turn: true}
	for _, h := range r.Hooks {
		if h.Layer == layers.Project {
			o.Hooks = append(o.Hooks, *h)
		}
	}
	if plan := r.Plan(event, "", ""); plan.Runs {
		o.Planned = plan.Run
	}
	return o
}

func heldIDs(hs []Held) []string {
	var out []string
	for _, h := range hs {
		out = append(out, h.Hook.ID+" "+string(h.Kind))
	}
	return out
}

// TestRunGateEveryEventOfTheTurn: the real CLI runs a whole turn, so an
// unapproved project hook of any event holds run --real, whichever event
// is fired and whether gh-hooks finds the folder trusted or not (the real
// CLI trusts it). The class: each of Gemini's events in turn.
func TestRunGateEveryEventOfTheTurn(t *testing.T) {
	t.Parallel()
	for _, ev := range merge.Events {
		for _, trusted := range []bool{true, false} {
			t.Run(fmt.Sprintf("%s/trusted=%v", ev, trusted), func(t *testing.T) {
				t.Parallel()
				fired := "BeforeAgent"
				if ev == fired {
					fired = "AfterAgent"
				}
				settings := fmt.Sprintf(`{"hooks": {%q: [{"hooks": [{"name": "approved", "type": "command", "command": "echo ok"}]}],
					%q: [{"hooks": [{"name": "other", "type": "command", "command": "touch ran"}]}]}}`, fired, ev)
				o := gateSet(t, settings, "", trusted, fired)
				// Approve the fired event's hook only.
				if _, err := Approve(o.Options, Selection{Names: []string{"approved"}}, false); err != nil {
					t.Fatal(err)
				}
				g, err := RunGate(o)
				if err != nil {
					t.Fatal(err)
				}
				want := fmt.Sprintf("[project/%s/0/0 unapproved]", ev)
				if got := fmt.Sprint(heldIDs(g.TurnHeld)); got != want || len(g.Held) != 0 || !g.Refused() {
					t.Errorf("TurnHeld = %s, Held = %v, Refused %v; want %s, none, true", got, heldIDs(g.Held), g.Refused(), want)
				}
				// Without Turn (gh-hooks' own run) the other event does not matter.
				o.Turn = false
				if g, _ := RunGate(o); g.Refused() {
					t.Errorf("without Turn: held %v %v", heldIDs(g.Held), heldIDs(g.TurnHeld))
				}
				// --allow-untrusted runs everything.
				o.Turn, o.AllowUntrusted = true, true
				if g, _ := RunGate(o); g.Refused() {
					t.Errorf("AllowUntrusted: refused")
				}
			})
		}
	}
}

// TestRunGateDotEnvWithoutHooks: a project with no hooks whose .env sets
// a variable that changes what runs (BASH_ENV, run by the real CLI's
// shell tool) holds the real CLI until acknowledged, trusted or not.
func TestRunGateDotEnvWithoutHooks(t *testing.T) {
	t.Parallel()
	for _, trusted := range []bool{true, false} {
		o := gateSet(t, `{}`, "BASH_ENV=./evil.sh\n", trusted, "BeforeAgent")
		g, err := RunGate(o)
		if err != nil {
			t.Fatal(err)
		}
		if len(g.DotEnv) != 1 || !strings.Contains(g.DotEnv[0].Message, "BASH_ENV") || !g.Refused() {
			t.Fatalf("trusted=%v: DotEnv = %v; want the BASH_ENV finding", trusted, g.DotEnv)
		}
		var keys []string
		for _, p := range g.DotEnv {
			keys = append(keys, DotEnvAckKey(o.Project, o.Set, p))
		}
		if _, err := AcceptDotEnv(o.Home, o.Project, keys, false); err != nil {
			t.Fatal(err)
		}
		if g, _ := RunGate(o); g.Refused() {
			t.Errorf("trusted=%v: acknowledged, still refused: %v", trusted, g.DotEnv)
		}
	}
}

// TestRunGateSettingsBeyondHooks: every top-level key of the project's
// settings but the hooks and how they run holds the real CLI (it starts
// mcpServers' commands, runs tools.discoveryCommand, writes
// telemetry.outfile...): deny by default, so a key gh-hooks does not know
// holds it too.
func TestRunGateSettingsBeyondHooks(t *testing.T) {
	t.Parallel()
	o := gateSet(t, `{"$schema": "x", "hooks": {}, "hooksConfig": {"enabled": true},
		"mcpServers": {"x": {"command": "sh"}}, "tools": {"discoveryCommand": "sh"}, "telemetry": {"outfile": "/tmp/x"}, "someFutureKey": 1}`, "", true, "BeforeAgent")
	g, err := RunGate(o)
	if err != nil {
		t.Fatal(err)
	}
	var keys []string
	for _, s := range g.Settings {
		keys = append(keys, s.Key)
	}
	if got := strings.Join(keys, " "); got != "mcpServers tools telemetry someFutureKey" || !g.Refused() {
		t.Errorf("Settings = %q; want mcpServers tools telemetry someFutureKey", got)
	}
	if g.Settings[0].Line != 2 {
		t.Errorf("mcpServers at line %d; want 2", g.Settings[0].Line)
	}
	o.AllowUntrusted = true
	if g, _ := RunGate(o); g.Refused() {
		t.Errorf("AllowUntrusted: refused")
	}
}
