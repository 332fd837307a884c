package runner

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestMergeOutputs covers shapes that are awkward to produce from a script;
// expectations are Node 20's results for hookAggregator.ts.
func TestMergeOutputs(t *testing.T) {
	tests := []struct {
		name    string
		event   string
		outputs []string
		want    string
		wantErr string
	}{
		{"simple spreads an array into index keys", "SessionEnd", []string{`[1,2]`, `{"a":1}`}, `{"0":1,"1":2,"a":1}`, ""},
		{"field replacement spreads a string hookSpecificOutput", "BeforeModel", []string{`{"hookSpecificOutput":"ab"}`, `[5]`},
			`{"0":5,"hookSpecificOutput":{"0":"a","1":"b"}}`, ""},
		{"or-decision: array output has no effect", "BeforeTool", []string{`[1]`}, `{"continue":true,"suppressOutput":false,"decision":"allow"}`, ""},
		{"or-decision: string hookSpecificOutput throws", "BeforeTool", []string{`{"hookSpecificOutput":"x"}`}, "",
			"Cannot use 'in' operator to search for 'additionalContext' in x"},
		{"or-decision: non-string stopReason joined by String()", "AfterTool", []string{`{"continue":false,"stopReason":5}`, `{"continue":false,"stopReason":"b"}`},
			`{"continue":false,"suppressOutput":false,"stopReason":"5\nb"}`, ""},
		{"or-decision: block and deny, last wins", "BeforeTool", []string{`{"decision":"deny"}`, `{"decision":"block"}`},
			`{"continue":true,"suppressOutput":false,"decision":"block"}`, ""},
		{"tool union: string names iterate characters", "BeforeToolSelection", []string{`{"hookSpecificOutput":{"toolConfig":{"allowedFunctionNames":"ba"}}}`},
			`{"hookSpecificOutput":{"hookEventName":"BeforeToolSelection","toolConfig":{"mode":"AUTO","allowedFunctionNames":["a","b"]}}}`, ""},
		{"tool union: numeric names throw", "BeforeToolSelection", []string{`{"hookSpecificOutput":{"toolConfig":{"allowedFunctionNames":5}}}`}, "",
			"toolConfig.allowedFunctionNames is not iterable"},
		{"tool union: dedupe and sort by UTF-16", "BeforeToolSelection", []string{
			`{"hookSpecificOutput":{"toolConfig":{"mode":"ANY","allowedFunctionNames":["b","B","b","10","9"]}}}`},
			`{"hookSpecificOutput":{"hookEventName":"BeforeToolSelection","toolConfig":{"mode":"ANY","allowedFunctionNames":["10","9","B","b"]}}}`, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var outs []any
			for _, o := range tt.outputs {
				outs = append(outs, obj(t, o))
			}
			got, err := MergeOutputs(outs, tt.event)
			gotS := ""
			if got != nil {
				gotS = Stringify(got)
			}
			if diff := cmp.Diff([]string{tt.want, tt.wantErr}, []string{gotS, errString(err)}); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

// TestAggregateFinalOutput: only DefaultHookOutput's seven fields survive,
// exit-code failures are not errors, and Blocks follows the final output.
func TestAggregateFinalOutput(t *testing.T) {
	code := 2
	results := []Result{
		{Output: obj(t, `{"decision":"deny","custom":1,"reason":"r"}`), ExitCode: &code, duration: 3},
		{Error: "Hook timed out after 5ms", duration: 5},
	}
	a := aggregate(results, "BeforeTool")
	got := []any{Stringify(a.Output), a.Success, a.Blocks, a.Reason, a.Errors, a.TotalDurationMS}
	want := []any{`{"continue":true,"suppressOutput":false,"decision":"deny","reason":"r"}`, false, true, "r", []string{"Hook timed out after 5ms"}, 8.0}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}
