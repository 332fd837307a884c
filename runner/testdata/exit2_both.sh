#!/usr/bin/env bash
# exit 2, text on both streams: deny, reason = stdout.
echo 'stdout reason'
echo 'stderr text' >&2
exit 2
