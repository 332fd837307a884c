package merge

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestMatchToolAgainstNode replays testdata/js-regex: 400 matchers (real
// ones, every token of the JavaScript and .NET regex syntaxes that differ,
// and random mixes of them) against 17 tool names, with what Node 20's
// `new RegExp(m).test(tool)` answered, or the literal comparison Gemini
// falls back to when the pattern does not compile (recorded by
// record.cjs). MatchTool must answer the same for every pair, and
// JSRegexp must compile exactly the patterns Node compiles.
func TestMatchToolAgainstNode(t *testing.T) {
	var in struct {
		Tools    []string `json:"tools"`
		Matchers []string `json:"matchers"`
	}
	var want struct {
		Results map[string]struct {
			Compiles bool   `json:"compiles"`
			Match    string `json:"match"`
		} `json:"results"`
	}
	for file, v := range map[string]any{"inputs.json": &in, "expected.json": &want} {
		data, err := os.ReadFile(filepath.Join("testdata", "js-regex", file))
		if err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(data, v); err != nil {
			t.Fatalf("%s: %v", file, err)
		}
	}
	if len(in.Matchers) < 400 || len(want.Results) != len(in.Matchers) {
		t.Fatalf("%d matchers, %d results: re-record with record.cjs", len(in.Matchers), len(want.Results))
	}
	for _, m := range in.Matchers {
		w, ok := want.Results[m]
		if !ok || len(w.Match) != len(in.Tools) {
			t.Fatalf("%q: no recorded result: re-record with record.cjs", m)
		}
		if _, err := JSRegexp(m); (err == nil) != w.Compiles {
			t.Errorf("%q: JavaScript compiles it = %v, gh-hooks: %v", m, w.Compiles, err)
		}
		for i, tool := range in.Tools {
			if got := MatchTool(m, tool); got != (w.Match[i] == '1') {
				t.Errorf("%q against %q: Node says %v, gh-hooks %v", m, tool, !got, got)
			}
		}
	}
}

// FuzzJSRegexp checks that any matcher compiles or fails cleanly, and
// that matching it against tool names never panics:
//
//	go test -run '^$' -fuzz '^FuzzJSRegexp$' -fuzztime 5m ./merge/
func FuzzJSRegexp(f *testing.F) {
	for _, s := range []string{"read_file", `\Aa\z`, `[[:alpha:]]`, `(?<=a)*`, `\1(a)`, `[\c1]\c`, `\400\8\07`, `(?<n>a)\k<n>`, `[^]|[]`, `\b\B$^`, `\x6\u12`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, m string) {
		re, err := JSRegexp(m)
		if err != nil {
			if re != nil {
				t.Fatalf("%q: both a regexp and an error", m)
			}
			return
		}
		for _, tool := range []string{"read_file", "mcp__a__b", "", "é"} {
			MatchTool(m, tool)
		}
	})
}

// TestMatchBudget: once a process has spent regexpBudget matching, a
// catastrophic matcher gets lateTimeout (no match, as a timeout always
// was) while real matchers still match. Hundreds of hostile matchers each
// took MatchTimeout (2 s) against one tool name.
func TestMatchBudget(t *testing.T) {
	old := spent.Load()
	t.Cleanup(func() { spent.Store(old) })
	spent.Store(int64(regexpBudget))
	const tool = "run_shell_command"
	for i := range 100 {
		m := `((\w+\w?)+)+[^\w]` + strings.Repeat("x", i%3) // distinct matchers, each catastrophic
		if i%2 == 1 {
			m = `(.*.*)*\n` + strconv.Itoa(i)
		}
		if MatchTool(m, tool) {
			t.Fatalf("%q matches %s", m, tool)
		}
	}
	for _, c := range []struct {
		m    string
		want bool
	}{{"run_shell_command", true}, {"^run_.*$", true}, {"write_file|replace", false}, {`(\w+)_\1`, false}, {`(s)hell_command`, true}} {
		if got := MatchTool(c.m, tool); got != c.want {
			t.Errorf("after the budget, MatchTool(%q, %s) = %v, want %v", c.m, tool, got, c.want)
		}
	}
}
