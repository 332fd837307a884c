#!/bin/sh
# Sends an answer without a "Summary:" line back to the model (AfterAgent
# deny: Gemini calls the model again with the reason as the prompt), once:
# on the retry Gemini sets stop_hook_active, and the answer stands.
input=$(cat)
case $input in
*'"stop_hook_active":true'* | *'Summary:'*) exit 0 ;;
esac
echo '{"decision": "deny", "reason": "End your answer with a line that starts with Summary:"}'
