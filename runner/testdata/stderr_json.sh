#!/usr/bin/env bash
# exit 0, JSON on stderr and empty stdout: parsed, blocks.
echo '{"decision":"deny","reason":"from stderr"}' >&2
