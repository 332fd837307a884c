#!/bin/sh
# read_file of a bare script name (fmt.sh) reads the one in scripts/: the
# hook rewrites the path. A hook's tool_input replaces the call's
# parameters whole, so it returns every parameter the tool needs.
name=$(sed -n 's/.*"file_path":"\([A-Za-z0-9._-]*\.sh\)".*/\1/p')
if [ -n "$name" ]; then
  printf '{"hookSpecificOutput": {"hookEventName": "BeforeTool", "tool_input": {"file_path": "scripts/%s"}}}\n' "$name"
fi
exit 0
