#!/bin/sh
# Rewrites a bare `date` to `date -u`, so that logs the agent writes use UTC.
# A hook's tool_input replaces the call's parameters whole.
if grep -q '"command":"date"'; then
  echo '{"hookSpecificOutput": {"hookEventName": "BeforeTool", "tool_input": {"command": "date -u"}}}'
fi
exit 0
