#!/usr/bin/env bash
# exit 2, stderr only: deny, reason = stderr.
echo 'blocked by policy' >&2
exit 2
