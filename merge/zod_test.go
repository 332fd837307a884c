package merge

import (
	"testing"

	"github.com/gh-hooks/gh-hooks/config"
)

func parseRoot(t *testing.T, src string) *config.Node {
	t.Helper()
	d, err := config.Parse("settings.json", []byte(src), config.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return d.Root
}

// TestZodValidPointer checks that the first failure is named by the
// pointer of the failing value, also after $VAR expansion has copied the
// nodes on the way to an expanded string.
func TestZodValidPointer(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{`{"hooks": {"BeforeTool": [{"hooks": [{"type": "command", "command": "x", "timeout": "5000"}]}]}}`, ""},
		{`{"hooks": []}`, "/hooks"},
		{`{"hooks": {"BeforeTool": {"hooks": []}}}`, "/hooks/BeforeTool"},
		{`{"hooks": {"Custom~x/y": 5}}`, "/hooks/Custom~0x~1y"},
		{`{"hooks": {"BeforeTool": [{"hooks": []}, 7]}}`, "/hooks/BeforeTool/1"},
		{`{"hooks": {"BeforeTool": [{"matcher": 1}]}}`, "/hooks/BeforeTool/0/matcher"},
		{`{"hooks": {"BeforeTool": [{"hooks": {}}]}}`, "/hooks/BeforeTool/0/hooks"},
		{`{"hooks": {"AfterTool": [{"hooks": [{"command": "$HOME/x"}, "x"]}]}}`, "/hooks/AfterTool/0/hooks/1"},
		{`{"hooks": {"AfterTool": [{"hooks": [{"command": "$HOME/x", "name": 5}]}]}}`, "/hooks/AfterTool/0/hooks/0/name"},
		{`{"hooks": {"AfterTool": [{"hooks": [{"command": "$HOME/x", "timeout": "soon"}]}]}}`, "/hooks/AfterTool/0/hooks/0/timeout"},
		{`{"hooksConfig": 1}`, "/hooksConfig"},
		{`{"hooksConfig": {"enabled": "yes"}}`, "/hooksConfig/enabled"},
		{`{"hooksConfig": {"disabled": "x"}}`, "/hooksConfig/disabled"},
		{`{"hooksConfig": {"disabled": ["a", 2]}}`, "/hooksConfig/disabled/1"},
		{`{"security": {"folderTrust": {"enabled": 1}}}`, "/security/folderTrust/enabled"},
		{`{"security": {"folderTrust": []}}`, "/security/folderTrust"},
	} {
		root := config.ExpandTree(parseRoot(t, tc.src), func(string) (string, bool) { return "/home/u", true })
		if got := zodValid(root); got != tc.want {
			t.Errorf("zodValid(%s) = %q, want %q", tc.src, got, tc.want)
		}
	}
}

// TestCoerce checks Zod's coercions and that coerce copies only the nodes
// on the way to a coerced value: a file with nothing to coerce is
// returned as it is, and untouched definitions are shared.
func TestCoerce(t *testing.T) {
	plain := parseRoot(t, `{"hooks": {"BeforeTool": [{"hooks": [{"command": "x", "timeout": 5000}]}]}, "hooksConfig": {"enabled": true}}`)
	if got := coerce(plain); got != plain {
		t.Errorf("coerce copied a file with nothing to coerce")
	}

	root := parseRoot(t, `{"hooks": {"BeforeTool": [{"hooks": [{"command": "x", "timeout": "5000"}]}, {"hooks": [{"command": "y"}]}], "Custom": [{"timeout": "1"}]}, "hooksConfig": {"enabled": "FALSE", "notifications": "true", "disabled": ["a"]}}`)
	got := coerce(root)
	if got == root {
		t.Fatal("coerce returned the file unchanged")
	}
	if n := got.Lookup("/hooks/BeforeTool/0/hooks/0/timeout"); n.Kind != config.Number || n.Num != 5000 {
		t.Errorf("timeout = %s %s, want the number 5000", n.Kind, n.Text())
	}
	if n := root.Lookup("/hooks/BeforeTool/0/hooks/0/timeout"); n.Kind != config.String {
		t.Errorf("coerce changed the original: timeout is %s", n.Kind)
	}
	if n := got.Lookup("/hooksConfig/enabled"); n.Kind != config.Bool || n.Bool {
		t.Errorf("enabled = %s %s, want false", n.Kind, n.Text())
	}
	if n := got.Lookup("/hooksConfig/notifications"); n.Kind != config.Bool || !n.Bool {
		t.Errorf("notifications = %s %s, want true", n.Kind, n.Text())
	}
	if n := got.Lookup("/hooks/Custom/0/timeout"); n.Kind != config.String {
		t.Errorf("an unknown event's timeout was coerced to %s", n.Kind)
	}
	for _, p := range []string{"/hooks/BeforeTool/1", "/hooks/Custom", "/hooksConfig/disabled"} {
		if got.Lookup(p) != root.Lookup(p) {
			t.Errorf("%s was copied, not shared", p)
		}
	}
}
