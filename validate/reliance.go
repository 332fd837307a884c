package validate

import (
	"fmt"
	"strings"

	"github.com/gh-hooks/gh-hooks/config"
	"github.com/gh-hooks/gh-hooks/internal/lazyre"
	"github.com/gh-hooks/gh-hooks/merge"
)

// Problem codes about hooks that rely on what Gemini CLI 0.61.0 does not
// do (issue 35; each behaviour was watched on the real CLI run headless,
// docs/gemini-behaviour.md). They are found as the effect checks are: in
// the hook's event and a scan of its command and the scripts it starts
// (hookText) for what it can print.
const (
	// CodeAfterModelDenyNoVeto: an AfterModel hook can deny (a block or
	// deny decision, or exit 2); Gemini still shows the answer with a
	// warning, and a tool call in it still runs.
	CodeAfterModelDenyNoVeto = "aftermodel-deny-no-veto"
	// CodeAfterModelReplacePerChunk: an AfterModel hook prints an
	// llm_response replacement without looking at which chunk it has;
	// Gemini fires AfterModel per streamed chunk and shows the
	// replacement once per chunk.
	CodeAfterModelReplacePerChunk = "aftermodel-replace-per-chunk"
	// CodeAfterToolContextOnFailure: an AfterTool hook reads the tool's
	// error and adds context; after a failed tool the model gets the error
	// alone, so the context is dropped.
	CodeAfterToolContextOnFailure = "aftertool-context-on-failure"
)

var (
	reLLMResponse  = lazyre.New(`["']?llm_response["']?\s*:`)
	reFinishReason = lazyre.New(`finishReason|finish_reason`)
	reContext      = lazyre.New(`["']?additionalContext["']?\s*:`)
	// reToolError: the hook reads tool_response.error (jq, Python,
	// JavaScript, grep for the key).
	reToolError = lazyre.New(`tool_response\W{1,6}error\b|tool_response\W{1,3}get\(\s*["']error|grep\b[^|;&\n]*\\?"error\\?"`)
)

// reliance reports an AfterModel or AfterTool hook whose output relies on
// what Gemini does not do with it.
func (c *checker) reliance(h *merge.Hook) {
	if h.ExpandedCommand == "" || h.Event != "AfterModel" && h.Event != "AfterTool" {
		return
	}
	text, _ := c.hookText(h)
	// Every finding needs one of these words: most hooks have none, and
	// skip the expressions.
	if !strings.Contains(text, "decision") && !strings.Contains(text, "exit") && !strings.Contains(text, "llm_response") && !strings.Contains(text, "additionalContext") {
		return
	}
	ptr := commandPointer(h)
	switch h.Event {
	case "AfterModel":
		var what []string
		if m := blockIn(text); m != "" {
			what = append(what, fmt.Sprintf("decision %q", m))
		}
		if exit2In(text) {
			what = append(what, "exit 2 (read as a deny)")
		}
		if len(what) > 0 {
			c.add(h.Path, ptr, config.SevWarning, CodeAfterModelDenyNoVeto,
				fmt.Sprintf("the hook's output can carry %s, but an AfterModel deny discards nothing in Gemini 0.61: the chunk is still shown (with \"Agent execution blocked: <reason>\"), the rest of the answer is dropped, and a tool call in it still runs, followed by another model call", strings.Join(what, ", ")),
				"to stop a tool call, deny it in a BeforeTool hook; to keep the model from being called, block in BeforeModel; to end the turn, print {\"continue\": false}")
		}
		if reLLMResponse.Get().MatchString(text) && strings.Contains(text, hookSpecific) && !reFinishReason.Get().MatchString(text) {
			c.add(h.Path, ptr, config.SevWarning, CodeAfterModelReplacePerChunk,
				"the hook replaces the model's answer (llm_response), but Gemini fires AfterModel once per streamed chunk: each chunk is replaced, so an answer streamed in 3 chunks shows the replacement 3 times, and the conversation keeps the model's own answer",
				"replace only the last chunk (the one whose llm_response.candidates[0].finishReason is set) and print nothing for the others, or act on the whole answer in an AfterAgent hook")
		}
	case "AfterTool":
		if reContext.Get().MatchString(text) && reToolError.Get().MatchString(text) {
			c.add(h.Path, ptr, config.SevWarning, CodeAfterToolContextOnFailure,
				"the hook reads the tool's error and adds additionalContext, but when the tool failed Gemini sends the model the error's message alone: the context is dropped (it is appended to the result's llmContent, which a failed call does not send)",
				"to tell the model something about a failure, print {\"decision\": \"block\", \"reason\": \"<the error and your advice>\"}: the model then gets the reason in place of the error")
		}
	}
}
