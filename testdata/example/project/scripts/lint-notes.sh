#!/bin/sh
# After the agent reads a file, reminds it of the lint rule.
cat >/dev/null
echo '{"hookSpecificOutput": {"hookEventName": "AfterTool", "additionalContext": "lint: run npm run lint before you edit this file"}}'
