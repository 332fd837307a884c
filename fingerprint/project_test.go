package fingerprint

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/gh-hooks/gh-hooks/merge"
)

// TestProjectHooksOrder: a valid project file is walked in schema order
// (Gemini's events, then other keys); one that fails validation in file
// order (spec §6, §2.5).
func TestProjectHooksOrder(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name     string
		settings string
		want     []string
	}{
		{"valid: schema order", `{"hooks": {
			"AfterTool": [{"hooks": [{"type": "command", "command": "a"}]}],
			"BeforeTool": [{"hooks": [{"type": "command", "command": "b"}]}]}}`, []string{"BeforeTool", "AfterTool"}},
		{"invalid: file order", `{"hooks": {
			"AfterTool": [{"hooks": [{"type": "command", "command": "a"}]}],
			"BeforeTool": [{"hooks": [{"type": "command", "command": "b", "timeout": "x"}]}]}}`, []string{"AfterTool", "BeforeTool"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			o := gateSet(t, tt.settings, "", true, "BeforeTool")
			var got []string
			for _, h := range ProjectHooks(merge.Merge(o.Set)) {
				got = append(got, h.Event)
			}
			if d := cmp.Diff(tt.want, got); d != "" {
				t.Errorf("events (-want +got):\n%s", d)
			}
		})
	}
}
