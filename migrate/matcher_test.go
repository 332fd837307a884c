package migrate

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestConvertToolMatcher(t *testing.T) {
	tests := []struct {
		name, in, want string
		all            bool
		lost           int
	}{
		{"match-all star", "*", "", true, 0},
		{"match-all empty", "", "", true, 0},
		{"match-all regex", ".*", "", true, 0},
		{"single", "Bash", "^run_shell_command$", false, 0},
		{"alternation dedup", "Edit|MultiEdit|Write", "^(replace|write_file)$", false, 0},
		{"comma list", "Write, Edit ,MultiEdit", "^(write_file|replace)$", false, 0},
		{"full map", "Read|Glob|Grep|LS|WebFetch|WebSearch|TodoWrite|Task", "^(read_file|glob|grep_search|list_directory|web_fetch|google_web_search|write_todos|invoke_agent)$", false, 0},
		{"lost name kept others", "Write|Edit|NotebookEdit", "^(write_file|replace)$", false, 1},
		{"all lost", "NotebookEdit", "", false, 1},
		{"unknown", "exec_command", "", false, 1},
		{"anchored regex", "^(Edit|Write)$", "^(write_file|replace)$", false, 0},
		{"unanchored regex widens like Claude", "Edit.*", "^replace$", false, 1},
		{"notebook wildcard", "Notebook.*", "", false, 2},
		{"mcp exact", "mcp__github__create_issue", "^mcp_github_create_issue$", false, 0},
		{"mcp regex", "mcp__github__.*", "^(?:mcp_github_.*)", false, 0},
		{"mcp any", "mcp__.*", "^(?:mcp_.*)", false, 0},
		// Claude regexes are unanchored: Bash also matches BashOutput.
		{"mixed", "Bash|mcp__memory__.*", "^(run_shell_command|read_background_output)$|^(?:mcp_memory_.*)", false, 0},
		{"mcp plugin scoped", "mcp__plugin_x_y__(edit|read)", "", false, 1},
		{"bare mcp server", "mcp__memory", "", false, 1},
		{"expression matcher", `tool == "Bash"`, "", false, 1},
		{"invalid regex", "Bash(", "", false, 1},
		{"group with alternation", "(Read|Write)", "^(read_file|write_file|write_todos|read_mcp_resource)$", false, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := convertToolMatcher(tt.in)
			if diff := cmp.Diff([]any{tt.want, tt.all, tt.lost}, []any{got.matcher, got.all, len(got.lost)}); diff != "" {
				t.Errorf("convertToolMatcher(%q) (-want +got):\n%s\nlost: %v", tt.in, diff, got.lost)
			}
			if tt.lost > 0 && got.all {
				t.Errorf("lost names but match-all")
			}
		})
	}
}

func TestConvertTriggerMatcher(t *testing.T) {
	tests := []struct {
		name, event, in string
		want            []string
		all             bool
		lost            int
	}{
		{"split", "SessionStart", "startup|resume", []string{"startup", "resume"}, false, 0},
		{"compact lost", "SessionStart", "startup|compact", []string{"startup"}, false, 1},
		{"only compact", "SessionStart", "compact", nil, false, 1},
		{"covers all", "SessionStart", "startup|resume|clear|compact", nil, true, 1},
		{"regex all", "SessionStart", ".*", nil, true, 0},
		{"regex some", "SessionStart", "^(startup|clear)$", []string{"startup", "clear"}, false, 0},
		{"precompact", "PreCompact", "manual|auto", nil, true, 0},
		{"precompact one", "PreCompact", "auto", []string{"auto"}, false, 0},
		{"session end resume", "SessionEnd", "resume|logout", []string{"logout"}, false, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := convertTriggerMatcher(eventRules()[tt.event], tt.event, tt.in)
			if diff := cmp.Diff([]any{tt.want, tt.all, tt.lost}, []any{got.triggers, got.all, len(got.lost)}); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

func TestRewriteVars(t *testing.T) {
	tests := []struct{ in, want string }{
		{`$CLAUDE_PROJECT_DIR/x.sh`, `"${GEMINI_PROJECT_DIR}"/x.sh`},
		{`${CLAUDE_PROJECT_DIR}/x.sh`, `"${GEMINI_PROJECT_DIR}"/x.sh`},
		{`"$CLAUDE_PROJECT_DIR"/x.sh`, `"${GEMINI_PROJECT_DIR}"/x.sh`},
		{`bash "$CLAUDE_PROJECT_DIR/x.sh" 2>&1`, `bash "${GEMINI_PROJECT_DIR}/x.sh" 2>&1`},
		{`sh -c 'cd $CLAUDE_PROJECT_DIR && ls'`, `sh -c 'cd ${GEMINI_PROJECT_DIR} && ls'`},
		{`"${AGENTS:-${CLAUDE_PROJECT_DIR:-$(pwd)}}"/a`, `"${AGENTS:-${GEMINI_PROJECT_DIR:-$(pwd)}}"/a`},
		{`echo \$CLAUDE_PROJECT_DIR $CLAUDE_PROJECT_DIRX`, `echo \$CLAUDE_PROJECT_DIR $CLAUDE_PROJECT_DIRX`},
		{`echo $HOME $1`, `echo $HOME $1`},
	}
	for _, tt := range tests {
		got, _ := rewriteVars(tt.in, projectDir)
		if got != tt.want {
			t.Errorf("rewriteVars(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
	got, _ := rewriteVars(foldArgs("${CLAUDE_PLUGIN_ROOT}/bin/run", []string{"--dir", "${CLAUDE_PROJECT_DIR}/a b", "it's"}), projectDir, extensionRoot)
	if want := `"${extensionPath}"/bin/run --dir "${GEMINI_PROJECT_DIR}"'/a b' 'it'\''s'`; got != want {
		t.Errorf("folded exec form = %q, want %q", got, want)
	}
}
