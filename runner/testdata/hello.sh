#!/usr/bin/env bash
# exit 0, plain text: allow + systemMessage.
echo hello
