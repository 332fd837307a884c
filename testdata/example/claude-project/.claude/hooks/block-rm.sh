#!/bin/bash
# Blocks rm -rf in Bash tool calls (Claude Code's PreToolUse protocol).
cmd=$(jq -r '.tool_input.command // ""')
if [[ "$cmd" == *"rm -rf"* ]]; then
  echo "rm -rf is not allowed here" >&2
  exit 2
fi
exit 0
