#!/usr/bin/env bash
# print the variables Gemini sets, one a line, and the real cwd.
printf '%s\n' "$GEMINI_PROJECT_DIR" "$GEMINI_CWD" "$GEMINI_PLANS_DIR" "$GEMINI_SESSION_ID" "$CLAUDE_PROJECT_DIR" "$FOO" "$BASE" "$(pwd -P)"
