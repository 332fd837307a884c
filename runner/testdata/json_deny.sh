#!/usr/bin/env bash
# exit 0, JSON deny on stdout: blocks.
echo '{"decision":"deny","reason":"nope"}'
