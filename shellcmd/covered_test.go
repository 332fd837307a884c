package shellcmd

import "testing"

// TestStillCovered: over-approximation must not turn ordinary hooks into
// "not covered" (issue 30 §8): plain scripts with the usual tools, cd
// into a folder, bash/python3/node scripts, npm run.
func TestStillCovered(t *testing.T) {
	guard := `#!/usr/bin/env bash
set -euo pipefail
input=$(cat)
tool=$(echo "$input" | jq -r '.tool_name // empty')
file=$(printf '%s' "$input" | jq -r '.tool_input.file_path // ""')
log_dir="${GEMINI_PROJECT_DIR:-.}/.gemini/logs"
mkdir -p "$log_dir"
echo "$(date -u +%FT%TZ) $tool $file" >> "$log_dir/tools.log"
deny() { printf '{"decision":"deny","reason":"%s"}\n' "$1"; exit 0; }
case "$tool" in
  run_shell_command)
    cmd=$(echo "$input" | jq -r '.tool_input.command')
    if [[ "$cmd" == *"rm -rf"* ]]; then deny "no rm -rf"; fi
    if echo "$cmd" | grep -qE 'git push (-f|--force)'; then deny "no force push"; fi
    ;;
  write_file|replace)
    if [[ -n "$file" && "$file" == *.env ]]; then deny "no .env"; fi
    ext="${file##*.}"
    [ "$ext" = "go" ] && command -v gofmt >/dev/null && gofmt -l "$file" >/dev/null || true
    ;;
esac
count=$(wc -l < "$log_dir/tools.log")
if (( count > 1000 )); then tail -n 500 "$log_dir/tools.log" > "$log_dir/tools.tmp" && mv "$log_dir/tools.tmp" "$log_dir/tools.log"; fi
for f in a b c; do echo "$f" | sed -n 's/a/b/p' | sort | uniq | head -1 >/dev/null; done
base=$(basename "$file"); dir=$(dirname "$file")
[ -d "$dir" ] && ls "$dir" | wc -l >/dev/null
echo '{"decision":"allow"}'
`
	fs := fakeFS{
		"/p/.gemini/hooks/guard.sh": guard,
		"/p/hooks/x.sh":             guard,
		"/p/x.py":                   "import json, sys\nimport helper\nprint(json.dumps({'decision': 'allow'}))\n",
		"/p/helper.py":              "X = 1\n",
		"/p/x.js":                   "const fs = require('fs');\nconst h = require('./h');\nconsole.log(JSON.stringify({decision: 'allow'}));\n",
		"/p/h.js":                   "module.exports = 1;\n",
		"/p/package.json":           `{"scripts": {"lint": "node x.js", "check": "bash hooks/x.sh"}}`,
	}
	for _, cmd := range []string{
		`./hooks/x.sh`,
		`cd hooks && ./x.sh`,
		`bash .gemini/hooks/guard.sh`,
		`"$GEMINI_PROJECT_DIR"/.gemini/hooks/guard.sh`,
		`python3 x.py`,
		`node x.js`,
		`npm run lint`,
		`npm run check`,
		`timeout 10 bash .gemini/hooks/guard.sh`,
		`echo '{"decision":"allow"}'`,
		`jq -n '{decision: "allow"}'`,
		`cat | ./hooks/x.sh 2>/dev/null || true`,
		`command -v notify-send >/dev/null && notify-send "Gemini" "done"`,
		`osascript -e 'display notification "done" with title "Gemini"'`,
		`afplay /System/Library/Sounds/Glass.aiff &`,
		`git diff --stat | head -20`,
		`[ -f package.json ] && npm run lint || true`,
	} {
		t.Run(cmd, func(t *testing.T) {
			a := Analyze(cmd, Options{Dir: "/p", Vars: map[string]string{"HOME": "/home/u", "GEMINI_PROJECT_DIR": "/p"}, Files: fs})
			if len(a.Unknown) > 0 {
				t.Errorf("not covered: %q", a.Unknown)
			}
		})
	}
}
