#!/usr/bin/env bash
# exit 3, stderr text: deny (docs say warning).
echo three >&2
exit 3
