package merge

import (
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestDisabledComparesLikeIncludes: Gemini disables a hook when
// hooksConfig.disabled.includes(getHookName(hook)), where getHookName is
// name || command || 'unknown-command' by JavaScript truthiness and
// includes() compares by SameValueZero: a name that is the number 5 is
// disabled by the entry 5, not by "5", and a name of 0 falls through to the
// command; a string is wrapped into a list (spec §3.3). Found by comparing random invalid settings with
// the oracle's check-settings.mjs; every case here was checked with it.
func TestDisabledComparesLikeIncludes(t *testing.T) {
	hooks := `"hooks": {"BeforeAgent": [{"hooks": [
	  {"type": "command", "command": "echo a", "name": 5},
	  {"type": "command", "command": "echo b", "name": "5"},
	  {"type": "command", "command": "echo c", "name": 0},
	  {"type": "command", "command": "echo d", "name": true},
	  {"type": "command", "command": "echo e", "name": false}
	]}]}`
	cases := []struct {
		name     string
		disabled string
		active   []bool // a, b, c, d, e
	}{
		{"numbers and booleans match by type and value", `[5, "echo c", true]`, []bool{false, true, false, false, true}},
		{"a string entry does not match a number or a boolean", `["5", "true", "0", "false"]`, []bool{true, false, true, true, true}},
		{"a falsy name falls through to the command", `["echo e"]`, []bool{true, true, true, true, false}},
		{"a string is wrapped into a list of one string", `"5"`, []bool{true, false, true, true, true}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			files := map[string]string{"W": `{` + hooks + `, "hooksConfig": {"disabled": ` + tc.disabled + `}}`}
			_, r := loadSpecCase(t, specCase{name: tc.name, files: files})
			if len(r.Hooks) != len(tc.active) {
				t.Fatalf("%d hooks, want %d", len(r.Hooks), len(tc.active))
			}
			for i, h := range r.Hooks {
				if h.Active != tc.active[i] {
					t.Errorf("%s (%s, disable name %q): active = %v, want %v (%s)", h.ID, h.ExpandedCommand, h.DisableName, h.Active, tc.active[i], h.Reason)
				}
			}
		})
	}
}

// TestDisabledManyEntries: each hook's name is looked up among the
// disabled entries (2,000 hooks, 4,000 entries of strings and numbers),
// with SameValueZero's types kept apart (5 is not "5"; -0 is 0).
func TestDisabledManyEntries(t *testing.T) {
	var hooks, disabled []string
	for i := range 2000 {
		name := strconv.Quote("h" + strconv.Itoa(i))
		if i%4 == 1 {
			name = strconv.Itoa(i) // a number
		}
		hooks = append(hooks, `{"type": "command", "command": "echo", "name": `+name+`}`)
	}
	for i := range 4000 {
		switch {
		case i%2 == 0:
			disabled = append(disabled, strconv.Quote("h"+strconv.Itoa(i))) // disables even h names
		case i%4 == 1:
			disabled = append(disabled, strconv.Quote(strconv.Itoa(i))) // the string, not the number
		default:
			disabled = append(disabled, strconv.Itoa(i)+".0") // the number i (i%4 == 3: no hook has it)
		}
	}
	disabled = append(disabled, "-0", "5")
	files := map[string]string{"W": `{"hooks": {"BeforeAgent": [{"hooks": [` + strings.Join(hooks, ",") +
		`]}]}, "hooksConfig": {"disabled": [` + strings.Join(disabled, ",") + `]}}`}
	_, r := loadSpecCase(t, specCase{name: "many", files: files})
	for i, h := range r.Hooks {
		off := i%4 != 1 && i%2 == 0 || i == 5
		if h.Active == off {
			t.Fatalf("%s (name %s): active = %v (%s)", h.ID, h.DisableName, h.Active, h.Reason)
		}
	}
}

// TestDisables: the hooks a string entry matches are those named by that
// string exactly, with their type: the number 5 is not "5".
func TestDisables(t *testing.T) {
	files := map[string]string{"W": `{"hooks": {"BeforeAgent": [{"hooks": [
	  {"type": "command", "command": "echo a", "name": 5},
	  {"type": "command", "command": "echo b", "name": "5"},
	  {"type": "command", "command": "echo c"},
	  {"type": "command", "command": "echo d", "name": "Lint"}
	]}], "AfterAgent": [{"hooks": [{"type": "command", "command": "echo e", "name": "5"}]}]}}`}
	_, r := loadSpecCase(t, specCase{name: "disables", files: files})
	tests := []struct {
		entry string
		want  []string // commands
	}{
		{"5", []string{"echo b", "echo e"}},
		{"echo c", []string{"echo c"}},
		{"echo d", nil}, // named: the name counts, not the command
		{"lint", nil},   // case-sensitive
		{"", nil},
	}
	for _, tt := range tests {
		var got []string
		for _, h := range r.Disables(tt.entry) {
			got = append(got, h.Command)
		}
		if d := cmp.Diff(tt.want, got); d != "" {
			t.Errorf("Disables(%q) (-want +got):\n%s", tt.entry, d)
		}
	}
}

// TestPlanUntrusted: a plan emptied by an untrusted folder says so as a
// fact (Plan.Untrusted, Hook.Untrusted), not only in its words.
func TestPlanUntrusted(t *testing.T) {
	hooks := `{"hooks": {"BeforeAgent": [{"hooks": [{"type": "command", "command": "echo"}]}]}}`
	for _, trust := range []string{"false", "true"} {
		_, r := loadSpecCase(t, specCase{name: "untrusted " + trust, files: map[string]string{"U": hooks}, env: map[string]string{"GEMINI_CLI_TRUST_WORKSPACE": trust}})
		p := r.Plan("BeforeAgent", "", "")
		if want := trust == "false"; p.Untrusted != want || r.Hooks[0].Untrusted != want || p.Runs == want {
			t.Errorf("trust %s: plan untrusted %v, hook untrusted %v, runs %v (%s)", trust, p.Untrusted, r.Hooks[0].Untrusted, p.Runs, p.Why)
		}
	}
}

// TestMiss: why a name would disable nothing, and the hook it was meant
// for.
func TestMiss(t *testing.T) {
	files := map[string]string{"W": `{"hooks": {"BeforeAgent": [{"hooks": [
	  {"type": "command", "command": "echo a", "name": 5},
	  {"type": "command", "command": "./lint.sh", "name": "lint"},
	  {"type": "command", "command": "echo c"}
	]}]}}`}
	_, r := loadSpecCase(t, specCase{name: "miss", files: files})
	tests := []struct {
		name     string
		miss     bool
		kind     MissKind
		hookName string
	}{
		{"lint", false, "", ""},
		{"echo c", false, "", ""},
		{"5", true, MissTyped, "5"},
		{"./lint.sh", true, MissCommand, "lint"},
		{r.Hooks[1].ID, true, MissID, "lint"},
		{"lnit", true, MissUnknown, ""},
	}
	for _, tt := range tests {
		m, miss := r.Miss(tt.name)
		got := ""
		if m.Hook != nil {
			got = m.Hook.Name
		}
		if miss != tt.miss || m.Kind != tt.kind || got != tt.hookName {
			t.Errorf("Miss(%q) = %v %q hook %q, want %v %q hook %q", tt.name, miss, m.Kind, got, tt.miss, tt.kind, tt.hookName)
		}
	}
}
