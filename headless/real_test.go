package headless

import (
	"strings"
	"testing"

	"github.com/gh-hooks/gh-hooks/config"
	"github.com/gh-hooks/gh-hooks/runner"
)

func TestReachable(t *testing.T) {
	for _, c := range []struct{ event, trigger, err string }{
		{"BeforeTool", "", ""},
		{"SessionStart", "", ""},
		{"SessionStart", "startup", ""},
		{"SessionStart", "resume", "not resume"},
		{"SessionEnd", "exit", ""},
		{"SessionEnd", "logout", "not logout"},
		{"Notification", "", "confirm a tool call"},
		{"PreCompress", "auto", "never as an event of its own"},
	} {
		err := Reachable(c.event, c.trigger)
		if (c.err == "") != (err == nil) || err != nil && !strings.Contains(err.Error(), c.err) {
			t.Errorf("%s %s: %v, want %q", c.event, c.trigger, err, c.err)
		}
	}
}

func TestCallOf(t *testing.T) {
	in, err := runner.BuildInput("BeforeTool", runner.Context{Cwd: "/p", Tool: "write_file"}, []byte(`{"tool_input":{"file_path":"a.txt","content":"x"}}`))
	if err != nil {
		t.Fatal(err)
	}
	call, where, err := CallOf("BeforeTool", in)
	if err != nil || call.Name != "write_file" || call.Args["file_path"] != "a.txt" || where != InCopy {
		t.Errorf("call %+v where %v err %v", call, where, err)
	}
	in, _ = runner.BuildInput("BeforeAgent", runner.Context{Cwd: "/p"}, nil)
	if call, _, err := CallOf("BeforeAgent", in); call != nil || err != nil {
		t.Errorf("BeforeAgent: %+v %v", call, err)
	}
}

func TestCompare(t *testing.T) {
	zero, two := 0, 2
	no := false
	deny, _ := runner.ParseJSON(`{"decision":"deny","reason":"nope"}`)
	rep := &runner.Report{Event: "BeforeTool", Hooks: []runner.Result{{Name: "g", ExitCode: &zero, Output: deny}}}
	out := runner.Outcome{ToolRuns: &no, ModelGets: "Tool execution blocked: nope"}
	same := &Real{Hooks: []HookCall{{Name: "g", Output: map[string]any{"decision": "deny", "reason": "nope"}}}, ToolRan: &no, ModelGot: "Tool execution blocked: nope"}
	if d := Compare(rep, out, same); len(d) != 0 {
		t.Errorf("same: %q", d)
	}
	yes := true
	other := &Real{Hooks: []HookCall{{Name: "g", ExitCode: two}}, ToolRan: &yes, ModelGot: "hi"}
	d := strings.Join(Compare(rep, out, other), "\n")
	for _, want := range []string{"g: exit 0 under gh-hooks, 2 under the real CLI", "the tool runs: false; it ran under the real CLI: true", `the model gets "Tool execution blocked: nope" per gh-hooks, "hi" from the real CLI`} {
		if !strings.Contains(d, want) {
			t.Errorf("differences %q lack %q", d, want)
		}
	}
	if d := Compare(rep, out, &Real{ExitedEarly: true}); len(d) != 0 {
		t.Errorf("exited early, tool not run on both sides: %q", d)
	}
}

func TestDistinctNames(t *testing.T) {
	h := func(n string) HookCall { return HookCall{Name: n} }
	if n := distinctNames([]HookCall{h("a"), h("b"), h("a"), h("b")}); n != 2 {
		t.Errorf("got %d", n)
	}
}

func TestNodeValue(t *testing.T) {
	doc, err := config.Parse("s.json", []byte(`{"hooks": {"BeforeTool": [{"matcher": "*", "sequential": true, "hooks": [{"timeout": 5, "x": null}]}]}} // c`), config.Options{})
	if err != nil {
		t.Fatal(err)
	}
	got := mustJSON(nodeValue(doc.Root))
	if want := `{"hooks":{"BeforeTool":[{"hooks":[{"timeout":5,"x":null}],"matcher":"*","sequential":true}]}}`; got != want {
		t.Errorf("got %s", got)
	}
}
