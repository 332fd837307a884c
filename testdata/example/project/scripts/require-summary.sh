#!/bin/sh
# Sends an answer without a "Summary:" line back to the model (AfterAgent
# deny: Gemini calls the model again with the reason as the prompt).
if grep -q 'Summary:'; then
  exit 0
fi
echo '{"decision": "deny", "reason": "End your answer with a line that starts with Summary:"}'
