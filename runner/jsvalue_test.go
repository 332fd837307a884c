package runner

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// Expectations below are Node 20's JSON.stringify(JSON.parse(in)) and
// object-spread results.
func TestParseStringify(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want string
	}{
		{"index keys first, duplicates keep first position",
			`{"b":1,"2":2,"a":{"10":1,"1":0,"01":5},"b":3}`,
			`{"2":2,"b":3,"a":{"1":0,"10":1,"01":5}}`},
		{"numbers as JavaScript prints them",
			`[1.0,1e21,1e-7,-0,0.1,123456789012345680000,1e400,4294967295]`,
			`[1,1e+21,1e-7,0,0.1,123456789012345680000,null,4294967295]`},
		{"only quotes, backslash and controls escaped",
			`"\u0001\u001f\u2028<>&\u007f\"\\\/é\n"`,
			"\"\\u0001\\u001f\u2028<>&\x7f\\\"\\\\/é\\n\""},
		{"surrounding JSON whitespace", " \t\r\n{}\n ", `{}`},
		{"4294967295 is not an index key", `{"a":1,"4294967295":2,"4294967294":3}`, `{"4294967294":3,"a":1,"4294967295":2}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v, err := ParseJSON(tt.in)
			if err != nil {
				t.Fatalf("ParseJSON(%q): %v", tt.in, err)
			}
			if diff := cmp.Diff(tt.want, Stringify(v)); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

func TestParseJSONRejects(t *testing.T) {
	tests := []struct {
		name string
		in   string
	}{
		{"trailing comma", `{"a":1,}`},
		{"comment", `{"a":1 /* c */}`},
		{"two values", `{} {}`},
		{"text after", "{}\nok"},
		{"single quotes", `{'a':1}`},
		{"leading zero", `01`},
		{"bare word", `hello`},
		{"empty", ``},
		{"NBSP is not JSON whitespace", "\u00a0{}"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := ParseJSON(tt.in); err == nil {
				t.Errorf("ParseJSON(%q) succeeded; JSON.parse throws", tt.in)
			}
		})
	}
}

func TestSpread(t *testing.T) {
	tests := []struct {
		name string
		in   any
		want string
	}{
		{"array gives index keys", []any{1.0, 2.0}, `{"0":1,"1":2}`},
		{"string gives characters", "ab", `{"0":"a","1":"b"}`},
		{"number gives nothing", 5.0, `{}`},
		{"null gives nothing", nil, `{}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, Stringify(spread(tt.in))); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}
