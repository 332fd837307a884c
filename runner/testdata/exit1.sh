#!/usr/bin/env bash
# exit 1, text on stderr: allow with a Warning: prefix, failed.
echo oops >&2
exit 1
