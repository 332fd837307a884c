#!/usr/bin/env bash
# ignore SIGTERM (inherited by sleep): only SIGKILL ends it.
trap '' TERM
echo partial
sleep 5
echo finished
