package validate

import (
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/gh-hooks/gh-hooks/merge"
)

// TestEffects: what Gemini does with a hook's output, seen in its command
// or script. Each behaviour was watched on the real Gemini CLI 0.61.0 run
// headless (runner's tests say how): a tool_input rewrite is given to the
// tool alone; SessionStart ignores decision and continue; a headless ask
// exits without running the tool; .env paths are refused before hooks.
func TestEffects(t *testing.T) {
	tests := []struct {
		name, event, matcher, command, script string
		want                                  []string // "code: part of the message"
	}{
		{"partial rewrite in the command", "BeforeTool", "write_file",
			`echo '{"hookSpecificOutput":{"tool_input":{"content":"x"}}}'`, "",
			[]string{"tool-input-partial: sets tool_input {content}, and Gemini 0.61 gives write_file that object alone (not merged with the call): it lacks file_path, so"}},
		{"whole rewrite", "BeforeTool", "write_file",
			`echo '{"hookSpecificOutput":{"tool_input":{"file_path":"a","content":"x"}}}'`, "", nil},
		{"partial rewrite in a Python script", "BeforeTool", "run_shell_command",
			"python3 ./guard.py", "import json\nprint(json.dumps({'hookSpecificOutput': {'tool_input': {'description': d}}}))\n",
			[]string{"tool-input-partial: sets tool_input {description}, and Gemini 0.61 gives run_shell_command that object alone (not merged with the call): it lacks command"}},
		{"spread keeps the call", "BeforeTool", "run_shell_command",
			"python3 ./guard.py", "print(json.dumps({'hookSpecificOutput': {'tool_input': {**data['tool_input'], 'command': c}}}))\n", nil},
		{"reading tool_input is no rewrite", "BeforeTool", "write_file",
			`jq -r '.tool_input.content' | grep -q secret && echo '{"decision":"deny"}'`, "", nil},
		{"SessionStart block", "SessionStart", "",
			`echo '{"decision":"block","reason":"no"}'`, "",
			[]string{`decision-ignored: the hook's output can carry decision "block", which Gemini ignores on SessionStart: nothing is blocked (Gemini uses only systemMessage`}},
		{"SessionStart exit 2 and continue false", "SessionStart", "",
			"./start.sh", "#!/bin/sh\nif [ -f lock ]; then echo '{\"continue\": false}'; exit 2; fi\n",
			[]string{"decision-ignored: the hook's output can carry continue:false, exit 2 (read as a deny), which Gemini ignores on SessionStart"}},
		{"BeforeAgent block is fine", "BeforeAgent", "", `echo '{"decision":"block"}'`, "", nil},
		{"ask", "BeforeTool", "", `echo '{"decision":"ask"}'`, "",
			[]string{"ask-headless: the hook can answer \"ask\": interactive Gemini asks the user"}},
		{".env guard on read_file", "BeforeTool", "read_file|write_file",
			`grep -q '"\.env"' && echo '{"decision":"deny"}'`, "",
			[]string{"env-path-refused: the hook mentions .env, but Gemini's write_file, read_file refuse a path with a .env segment before any hook runs"}},
		{".env guard on the shell only", "BeforeTool", "run_shell_command", `grep -q '.env' && exit 2`, "", nil},
		{".env.local is not .env", "BeforeTool", "read_file", `grep -q '.env.local' && exit 2`, "", nil},
		// Issue 35: what Gemini does not do (watched, e2e am-deny-call,
		// am-chunks-replace, at-failed-context).
		{"AfterModel deny is no veto", "AfterModel", "", `grep -q rm && echo '{"decision":"deny","reason":"no rm"}'`, "",
			[]string{`aftermodel-deny-no-veto: the hook's output can carry decision "deny", but an AfterModel deny discards nothing in Gemini 0.61: the chunk is still shown`}},
		{"AfterModel exit 2", "AfterModel", "", "./guard.sh", "#!/bin/sh\ngrep -q secret && exit 2\nexit 0\n",
			[]string{"aftermodel-deny-no-veto: the hook's output can carry exit 2 (read as a deny), but"}},
		{"AfterModel stop is fine", "AfterModel", "", `echo '{"continue":false}'`, "", nil},
		{"AfterModel replacement per chunk", "AfterModel", "",
			`echo '{"hookSpecificOutput":{"llm_response":{"candidates":[{"content":{"parts":["hidden"]}}]}}}'`, "",
			[]string{"aftermodel-replace-per-chunk: the hook replaces the model's answer (llm_response), but Gemini fires AfterModel once per streamed chunk"}},
		{"AfterModel replacement of the last chunk", "AfterModel", "", "python3 ./last.py",
			"import json,sys\nd=json.load(sys.stdin)\nif d['llm_response']['candidates'][0].get('finishReason'):\n    print(json.dumps({'hookSpecificOutput': {'llm_response': {'candidates': [{'content': {'parts': ['x']}}]}}}))\n", nil},
		{"AfterModel reading llm_response only", "AfterModel", "", `jq -r .llm_response.text >> log.txt`, "", nil},
		{"AfterTool context about the error", "AfterTool", "read_file", "./why.sh",
			"#!/bin/sh\nerr=$(jq -r '.tool_response.error.message // empty')\n[ -n \"$err\" ] && echo '{\"hookSpecificOutput\":{\"additionalContext\":\"check the path\"}}'\n",
			[]string{"aftertool-context-on-failure: the hook reads the tool's error and adds additionalContext, but when the tool failed"}},
		{"AfterTool context in Python", "AfterTool", "*", "python3 ./ctx.py",
			"import json,sys\nd=json.load(sys.stdin)\nif d['tool_response'].get('error'):\n    print(json.dumps({'hookSpecificOutput': {'additionalContext': 'retry'}}))\n",
			[]string{"aftertool-context-on-failure: the hook reads the tool's error"}},
		{"AfterTool context without the error", "AfterTool", "*", `echo '{"hookSpecificOutput":{"additionalContext":"logged"}}'`, "", nil},
		{"AfterTool block on the error is the fix", "AfterTool", "*", `jq -e .tool_response.error >/dev/null && echo '{"decision":"block","reason":"failed: check the path"}'`, "", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			def := `{"hooks": [{"type": "command", "command": ` + strconv.Quote(tt.command) + `}]`
			if tt.matcher != "" {
				def = `{"matcher": ` + strconv.Quote(tt.matcher) + `, "hooks": [{"type": "command", "command": ` + strconv.Quote(tt.command) + `}]`
			}
			files := map[string]string{"home/.gemini/settings.json": `{"hooks": {"` + tt.event + `": [` + def + `}]}}`}
			if tt.script != "" {
				name := strings.TrimPrefix(strings.Fields(tt.command)[len(strings.Fields(tt.command))-1], "./")
				files["proj/"+name] = tt.script
				if strings.HasSuffix(name, ".sh") {
					files["proj/"+name] = tt.script
				}
			}
			root := tree(t, files)
			var got []string
			for _, p := range Check(merge.Merge(load(t, root))) {
				switch p.Code {
				case CodeToolInputPartial, CodeDecisionIgnored, CodeAskHeadless, CodeEnvPathRefused, CodeAfterModelDenyNoVeto, CodeAfterModelReplacePerChunk, CodeAfterToolContextOnFailure:
					got = append(got, p.Code+": "+p.Message)
				}
			}
			if len(got) != len(tt.want) {
				t.Fatalf("got %q, want %d problems like %q", got, len(tt.want), tt.want)
			}
			for i := range got {
				if !strings.Contains(got[i], strings.SplitN(tt.want[i], ": ", 2)[1]) || !strings.HasPrefix(got[i], strings.SplitN(tt.want[i], ": ", 2)[0]) {
					t.Errorf("problem %d:\n got %s\nwant %s", i, got[i], tt.want[i])
				}
			}
		})
	}
}

func TestLiteralKeys(t *testing.T) {
	for in, want := range map[string][]string{
		`"content":"A"}}}'`:                                     {"content"},
		`\"content\":\"A\",\"file_path\":x}}"`:                  {"content", "file_path"},
		` "file_path": fp, 'content': new[0:3], "x": {"y": 1}}`: {"file_path", "content", "x"},
		`**data["tool_input"], "content": x}`:                   nil,
		`...input.tool_input, content: x}`:                      nil,
		`"content": "a\"}b"}`:                                   {"content"},
		`"content": "never closed`:                              nil,
	} {
		got, _ := literalKeys(in)
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("%s: (-want +got)\n%s", in, diff)
		}
	}
}
