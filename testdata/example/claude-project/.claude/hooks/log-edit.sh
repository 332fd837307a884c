#!/bin/bash
# Logs every edited file to stderr.
file=$(jq -r '.tool_input.file_path // ""')
echo "edited: $file" >&2
