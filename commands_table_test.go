package main

import (
	"io"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestCommandTable: each entry's name is the name of the command it
// builds, and the whole tree holds each command once.
func TestCommandTable(t *testing.T) {
	seen := map[string]bool{}
	for _, c := range commandTable {
		if got := c.build().Name; got != c.name {
			t.Errorf("commandTable entry %q builds the command %q", c.name, got)
		}
		if seen[c.name] {
			t.Errorf("commandTable lists %q twice", c.name)
		}
		seen[c.name] = true
	}
	if got, want := len(commands()), len(commandTable)+len(docsCommands()); got != want {
		t.Errorf("commands() = %d commands, want %d", got, want)
	}
}

func TestCommandsFor(t *testing.T) {
	all := len(commands())
	tests := []struct {
		args string
		want string // the one command built, or "" for all of them
	}{
		{"gh-hooks effective --json", "effective"},
		{"gh-hooks --project /p effective", "effective"},
		{"gh-hooks --project=/p --no-color validate x.json", "validate"},
		{"gh-hooks -project /p -no-color=true trust audit", "trust"},
		{"gh-hooks --project run", ""}, // "run" is the project directory: no command
		{"gh-hooks add --event BeforeTool --command x", "add"},
		{"gh-hooks migrate in.json", "migrate"},
		{"gh-hooks commands --json", "commands"},
		// The ones that walk the whole tree.
		{"gh-hooks completion bash", ""},
		{"gh-hooks __complete effective --", ""},
		{"gh-hooks reference", ""},
		// Help, version, "--", unknown flags, typos and completion requests.
		{"gh-hooks", ""},
		{"gh-hooks --help effective", ""},
		{"gh-hooks -h", ""},
		{"gh-hooks --version", ""},
		{"gh-hooks -- effective", ""},
		{"gh-hooks --frobnicate effective", ""},
		{"gh-hooks effectiv", ""},
		{"gh-hooks effective --generate-bash-completion", ""},
		{"gh-hooks help effective", ""},
	}
	for _, tt := range tests {
		args := strings.Fields(tt.args)
		app := newApp(args, nil, io.Discard, io.Discard)
		var got []string
		for _, c := range app.Commands {
			got = append(got, c.Name)
		}
		if tt.want == "" {
			if len(got) != all {
				t.Errorf("%q: built %v, want all %d commands", tt.args, got, all)
			}
			if app.Version == "" {
				t.Errorf("%q: the whole tree has no version, so help and --version would lack it", tt.args)
			}
			continue
		}
		if app.Version != "" {
			t.Errorf("%q: a run of one command read the version (%q), which it never prints", tt.args, app.Version)
		}
		if diff := cmp.Diff([]string{tt.want}, got); diff != "" {
			t.Errorf("%q: commands built (-want +got):\n%s", tt.args, diff)
		}
	}
}
