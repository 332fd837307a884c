package cli

import (
	"bytes"
	"encoding/json"
	"sort"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestEffectiveJSONContract checks that `effective --json` carries every
// field CONTRACT.md fixes, with the documented JSON types, on the example
// tree (hooks of every layer kind, an unknown event, a plan).
func TestEffectiveJSONContract(t *testing.T) {
	project := useExample(t)
	var stdout, stderr bytes.Buffer
	code := run([]string{"gh-hooks", "--project", project,
		"effective", "--json", "--event", "BeforeTool", "--tool", "write_file"}, nil, &stdout, &stderr)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	var got map[string]any
	if err := json.Unmarshal(stdout.Bytes(), &got); err != nil {
		t.Fatalf("not one JSON object: %v", err)
	}
	// kind names the JSON type of each required field.
	want := map[string]string{
		"project": "string", "home": "string", "hooksEnabled": "bool", "folderTrust": "object",
		"disabled": "array", "layers": "array", "hooks": "array", "problems": "array", "plan": "object",
	}
	checkFields(t, "", got, want)
	checkFields(t, "folderTrust.", got["folderTrust"].(map[string]any), map[string]string{"enabled": "bool", "trusted": "bool"})
	layers := got["layers"].([]any)
	var kinds []string
	for _, l := range layers {
		m := l.(map[string]any)
		checkFields(t, "layers[].", m, map[string]string{"layer": "string", "path": "string", "exists": "bool", "loaded": "bool", "reason": "string"})
		kinds = append(kinds, m["layer"].(string))
	}
	if d := cmp.Diff([]string{"system-defaults", "user", "project", "system", "extension"}, kinds); d != "" {
		t.Errorf("layers in merge order (-want +got):\n%s", d)
	}
	hookFields := map[string]string{
		"id": "string", "event": "string", "layer": "string", "extension": "string", "path": "string",
		"pointer": "string", "line": "number", "matcher": "string", "sequential": "bool", "type": "string",
		"name": "string", "command": "string", "expandedCommand": "string", "timeout": "number", "key": "string",
		"enabled": "bool", "active": "bool", "reason": "string",
	}
	var events []string
	for _, h := range got["hooks"].([]any) {
		m := h.(map[string]any)
		checkFields(t, "hooks[].", m, hookFields)
		if n := len(events); n == 0 || events[n-1] != m["event"] {
			events = append(events, m["event"].(string))
		}
	}
	// Events in CONTRACT's order, unknown keys last.
	if d := cmp.Diff([]string{"BeforeTool", "AfterTool", "AfterAgent", "SessionStart", "PreToolUse"}, events); d != "" {
		t.Errorf("hook events in order (-want +got):\n%s", d)
	}
	for _, p := range got["problems"].([]any) {
		checkFields(t, "problems[].", p.(map[string]any), map[string]string{
			"severity": "string", "code": "string", "path": "string", "pointer": "string",
			"line": "number", "column": "number", "message": "string", "hint": "string"})
	}
	plan := got["plan"].(map[string]any)
	checkFields(t, "plan.", plan, map[string]string{"event": "string", "tool": "string", "trigger": "string",
		"runs": "bool", "execution": "string", "hooks": "array", "deduplicated": "array"})
	if d := cmp.Diff([]any{"user/BeforeTool/0/0", "project/BeforeTool/0/0", "project/BeforeTool/0/1"}, plan["hooks"]); d != "" {
		t.Errorf("plan hooks (-want +got):\n%s", d)
	}
}

func checkFields(t *testing.T, prefix string, m map[string]any, want map[string]string) {
	t.Helper()
	keys := make([]string, 0, len(want))
	for k := range want {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		v, ok := m[k]
		if !ok {
			t.Errorf("%s%s is missing", prefix, k)
			continue
		}
		var kind string
		switch v.(type) {
		case string:
			kind = "string"
		case bool:
			kind = "bool"
		case float64:
			kind = "number"
		case []any:
			kind = "array"
		case map[string]any:
			kind = "object"
		default:
			kind = "null"
		}
		if kind != want[k] {
			t.Errorf("%s%s is %s, want %s", prefix, k, kind, want[k])
		}
	}
}

// TestValidateAndTrustJSONContract checks the fields CONTRACT.md fixes for
// `validate --json` and `trust audit --json`, and their exit codes.
func TestValidateAndTrustJSONContract(t *testing.T) {
	project := useExample(t)

	var stdout, stderr bytes.Buffer
	if code := run([]string{"gh-hooks", "--project", project, "validate", "--json"}, nil, &stdout, &stderr); code != 0 {
		t.Fatalf("validate: exit %d (the example has warnings only): %s", code, stderr.String())
	}
	var v map[string]any
	if err := json.Unmarshal(stdout.Bytes(), &v); err != nil {
		t.Fatalf("validate: not one JSON object: %v", err)
	}
	checkFields(t, "", v, map[string]string{"problems": "array"})
	if len(v["problems"].([]any)) == 0 {
		t.Fatal("validate found no problem in the example, which has several")
	}
	for _, p := range v["problems"].([]any) {
		checkFields(t, "problems[].", p.(map[string]any), map[string]string{
			"severity": "string", "code": "string", "path": "string", "pointer": "string",
			"line": "number", "column": "number", "message": "string", "hint": "string"})
	}

	stdout.Reset()
	stderr.Reset()
	// Nothing is approved in the example: exit 3, and nothing is written.
	if code := run([]string{"gh-hooks", "--project", project, "trust", "audit", "--json"}, nil, &stdout, &stderr); code != 3 {
		t.Fatalf("trust audit: exit %d, want 3: %s", code, stderr.String())
	}
	var a map[string]any
	if err := json.Unmarshal(stdout.Bytes(), &a); err != nil {
		t.Fatalf("trust audit: not one JSON object: %v", err)
	}
	checkFields(t, "", a, map[string]string{"project": "string", "store": "string", "geminiStore": "string", "hooks": "array", "unapproved": "number"})
	if n := a["unapproved"].(float64); n != 7 {
		t.Errorf("unapproved = %v, want the 7 project hooks", n)
	}
	for _, h := range a["hooks"].([]any) {
		m := h.(map[string]any)
		checkFields(t, "hooks[].", m, map[string]string{"id": "string", "event": "string", "name": "string",
			"command": "string", "key": "string", "status": "string", "changes": "array", "gemini": "string"})
		if m["status"] != "new" || m["gemini"] != "untrusted" {
			t.Errorf("hook %v: status %v, gemini %v; want new, untrusted", m["id"], m["status"], m["gemini"])
		}
	}
}
