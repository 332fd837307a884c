#!/usr/bin/env bash
# debug text before the JSON: all of it is plain text.
echo debug
echo '{"decision":"deny"}'
