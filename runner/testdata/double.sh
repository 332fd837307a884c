#!/usr/bin/env bash
# a JSON string holding JSON: decoded twice, blocks.
echo '"{\"decision\":\"deny\"}"'
