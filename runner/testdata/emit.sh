#!/usr/bin/env bash
# emit.sh TEXT [CODE]: print TEXT on stdout and exit CODE.
printf '%s' "$1"
exit "${2:-0}"
