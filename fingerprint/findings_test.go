package fingerprint

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/gh-hooks/gh-hooks/merge"
)

// TestFindings: each thing an audit reports becomes one finding with its
// code and severity, at the hook's place; a baseline drops the trust-check
// skip and the disabled entries; Filter drops what --ignore names.
func TestFindings(t *testing.T) {
	t.Parallel()
	rep := &Report{
		Hooks: []HookReport{
			{ID: "project/BeforeTool/0/0", Status: New, Wrapped: true,
				Scripts: []Script{{Word: "./gone.sh", Path: "gone.sh", State: ScriptMissing}, {Word: "jq", Role: "program", State: ScriptMissing}}},
			{ID: "project/AfterTool/0/0", Status: Changed, NotCovered: []string{"eval"}, Suspicious: []Suspicion{{Field: "command", Hidden: true}}},
			{ID: "project/AfterTool/0/1", Status: Approved, NotCovered: []string{"eval"}, AcceptedNotCovered: true},
		},
		Disables: []DisableReport{{Entry: "guard"}, {Entry: "known", Acknowledged: true}},
	}
	hooks := []merge.Hook{{ID: "project/AfterTool/0/0", Path: "/p/.gemini/settings.json", Pointer: "/hooks/AfterTool/0/hooks/0", Line: 7}}
	disables := []merge.ProjectDisable{{Entry: "guard", Path: "/p/.gemini/settings.json", Line: 2, Column: 3}, {Entry: "known"}}
	type got struct {
		Code, Sev, Hook, Path string
		Line                  int
	}
	list := func(fs []Finding) []got {
		var out []got
		for _, f := range fs {
			g := got{Code: f.Code, Sev: string(f.Severity), Path: f.Path, Line: f.Line}
			if f.Hook != nil {
				g.Hook = f.Hook.ID
			}
			out = append(out, g)
		}
		return out
	}
	want := []got{
		{CodeHookNew, "error", "project/BeforeTool/0/0", "/p", 1},
		{CodeScriptUnverified, "warning", "project/BeforeTool/0/0", "/p", 1},
		{CodeTrustSkipped, "warning", "project/BeforeTool/0/0", "/p", 1},
		{CodeHookChanged, "error", "project/AfterTool/0/0", "/p/.gemini/settings.json", 7},
		{CodeHookNotCovered, "error", "project/AfterTool/0/0", "/p/.gemini/settings.json", 7},
		{CodeHookSuspicious, "error", "project/AfterTool/0/0", "/p/.gemini/settings.json", 7},
		{CodeDisabledProject, "error", "", "/p/.gemini/settings.json", 2},
	}
	if d := cmp.Diff(want, list(Findings(rep, hooks, nil, "/p", disables, false))); d != "" {
		t.Errorf("Findings (-want +got):\n%s", d)
	}
	if d := cmp.Diff(append(want[:2:2], want[3:6]...), list(Findings(rep, hooks, nil, "/p", disables, true))); d != "" {
		t.Errorf("Findings against a baseline (-want +got):\n%s", d)
	}
	filtered := rep.Filter(map[string]bool{CodeHookNew: true, CodeHookSuspicious: true, CodeDisabledProject: true}, false)
	want = []got{
		{CodeHookChanged, "error", "project/AfterTool/0/0", "/p/.gemini/settings.json", 7},
		{CodeHookNotCovered, "error", "project/AfterTool/0/0", "/p/.gemini/settings.json", 7},
	}
	if d := cmp.Diff(want, list(Findings(filtered, hooks, nil, "/p", disables, false))); d != "" {
		t.Errorf("Findings of the filtered report (-want +got):\n%s", d)
	}
	if len(rep.Hooks) != 3 || len(rep.Hooks[1].Suspicious) != 1 {
		t.Errorf("Filter changed the report it filtered")
	}
}
