#!/usr/bin/env bash
# exit 0, a JSON object cut short: Gemini reads it as plain text.
echo '{"decision": "deny", "reason": "nope"'
