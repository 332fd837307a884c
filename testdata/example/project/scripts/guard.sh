#!/bin/sh
# Refuses shell commands that delete recursively. Exit 2 denies the call;
# Gemini gives the model what this prints on stderr.
if grep -q 'rm -[a-zA-Z]*r[a-zA-Z]*f\|rm -[a-zA-Z]*f[a-zA-Z]*r'; then
  echo "guard: rm -rf is not allowed in this project; delete the files one by one" >&2
  exit 2
fi
exit 0
