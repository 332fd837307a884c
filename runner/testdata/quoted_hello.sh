#!/usr/bin/env bash
# a JSON string that is not JSON inside: text with the quotes.
echo '"hello"'
