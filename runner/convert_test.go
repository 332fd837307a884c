package runner

import (
	"testing"

	"github.com/gh-hooks/gh-hooks/config"
	"github.com/gh-hooks/gh-hooks/merge"
	"github.com/google/go-cmp/cmp"
)

func TestFromMerge(t *testing.T) {
	tests := []struct {
		name      string
		timeout   float64
		node      *config.Node
		wantLabel string
	}{
		{"absent timeout: default, JS rendering", 60000, nil, "60000"},
		{"number", 1.5, &config.Node{Kind: config.Number, Num: 1.5, Raw: "1.5"}, "1.5"},
		{"numeric string", 5000, &config.Node{Kind: config.String, Str: "5000"}, "5000"},
		{"non-numeric string", 1, &config.Node{Kind: config.String, Str: "abc"}, "abc"},
		{"boolean", 1, &config.Node{Kind: config.Bool, Bool: true}, "true"},
		{"object", 1, &config.Node{Kind: config.Object}, "[object Object]"},
		{"array", 1, &config.Node{Kind: config.Array, Items: []*config.Node{{Kind: config.Number, Num: 1}, {Kind: config.Null}, {Kind: config.String, Str: "x"}}}, "1,,x"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			mh := merge.Hook{ID: "user/BeforeTool/0/0", Name: "n", Type: "command", Command: "$HOME/x", ExpandedCommand: "/h/x",
				Timeout: merge.Millis(tt.timeout), TimeoutNode: tt.node, Env: map[string]string{"A": "1"}, EnvKeys: []string{"A"}}
			h := FromMerge(mh)
			want := Hook{ID: "user/BeforeTool/0/0", Name: "n", Type: "command", Command: "/h/x", Timeout: merge.Millis(tt.timeout),
				Env: map[string]string{"A": "1"}, EnvKeys: []string{"A"}}
			if tt.node != nil {
				want.TimeoutLabel = tt.wantLabel
			}
			if diff := cmp.Diff(want, h); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.wantLabel, timeoutLabel(h)); diff != "" {
				t.Errorf("label (-want +got):\n%s", diff)
			}
		})
	}
}
