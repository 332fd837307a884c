package runner

import (
	"encoding/json"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// quoteCases were produced by shell-quote 1.8.3 under Node 20:
// node -e 'const q=require("shell-quote/quote.js"); console.log(JSON.stringify(xs.map(s=>[s,q([s])])))'
const quoteCases = `[["/p/h5 dir","'/p/h5 dir'"],["/a/b","/a/b"],["it's","\"it's\""],["a\"b","'a\"b'"],["a b'c","\"a b'c\""],["x$y","x\\$y"],["C:\\x","'C:\\x'"],["a#b","a\\#b"],["~x","~x"],["a\tb","'a\tb'"],["","''"],["a:b","a\\:b"],["C::","C:\\:"],["c:\\dir x","'c:\\dir x'"],["back\\slash","'back\\slash'"],["a!b c'd$e` + "`" + `f\\g\"h","\"a\\!b c'd\\$e\\` + "`" + `f\\\\g\\\"h\""],["nb\u00a0sp","'nb\u00a0sp'"],["bom\ufeffx","'bom\ufeffx'"],["nel\u0085x","nel\u0085x"],["(x)","\\(x\\)"],["-_.+=%/","-_.+\\=%/"],["uuid-1234-abcd","uuid-1234-abcd"],["é","é"],["a\nb","'a\nb'"]]`

func TestShellQuote(t *testing.T) {
	var cases [][2]string
	if err := json.Unmarshal([]byte(quoteCases), &cases); err != nil {
		t.Fatal(err)
	}
	for _, c := range cases {
		t.Run(c[0], func(t *testing.T) {
			if diff := cmp.Diff(c[1], ShellQuote(c[0])); diff != "" {
				t.Errorf("ShellQuote(%q) (-want +got):\n%s", c[0], diff)
			}
		})
	}
}

func TestExpandCommand(t *testing.T) {
	tests := []struct {
		name    string
		command string
		cwd     string
		plans   string
		session string
		want    string
	}{
		{"space in cwd is single-quoted", `cat "$GEMINI_PROJECT_DIR/x"`, "/p/h5 dir", "", "s", `cat "'/p/h5 dir'/x"`},
		{"prefix match", `$GEMINI_PROJECT_DIRX`, "/p/h5 dir", "", "s", `'/p/h5 dir'X`},
		{"braces left for the shell", `${GEMINI_PROJECT_DIR}/x ${GEMINI_CWD}`, "/p d", "", "s", `${GEMINI_PROJECT_DIR}/x ${GEMINI_CWD}`},
		{"every variable, every occurrence", `$GEMINI_CWD $GEMINI_PLANS_DIR $GEMINI_SESSION_ID $CLAUDE_PROJECT_DIR $GEMINI_CWD`,
			"/a", "/h/plans dir", "id:1", `/a '/h/plans dir' id\:1 /a /a`},
		{"empty session id becomes nothing, not ''", `x$GEMINI_SESSION_ID.y`, "/a", "", "", `x.y`},
		{"plain path is not quoted", `$GEMINI_PROJECT_DIR/hook.sh`, "/home/u/proj", "", "s", `/home/u/proj/hook.sh`},
		{"replacement order: cwd text is expanded again", `$GEMINI_PROJECT_DIR`, "/x$GEMINI_SESSION_ID", "", "S", `/x\S`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, ExpandCommand(tt.command, tt.cwd, tt.plans, tt.session)); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

// TestShellVars: the variables a command is read with are Gemini's own,
// the inherited HOME, then the hook's env; an unknown value is left out.
func TestShellVars(t *testing.T) {
	tests := []struct {
		name                 string
		home, plans, session string
		env                  map[string]string
		want                 map[string]string
	}{
		{name: "all known", home: "/home/u", plans: "/p", session: "s1", want: map[string]string{
			"GEMINI_PROJECT_DIR": "/proj", "GEMINI_CWD": "/proj", "CLAUDE_PROJECT_DIR": "/proj",
			"GEMINI_PLANS_DIR": "/p", "GEMINI_SESSION_ID": "s1", "HOME": "/home/u"}},
		{name: "plans, session and home unknown", want: map[string]string{
			"GEMINI_PROJECT_DIR": "/proj", "GEMINI_CWD": "/proj", "CLAUDE_PROJECT_DIR": "/proj"}},
		{name: "the hook's env wins", home: "/home/u", env: map[string]string{"HOME": "/elsewhere", "GEMINI_CWD": "/x", "A": "b"},
			want: map[string]string{"GEMINI_PROJECT_DIR": "/proj", "GEMINI_CWD": "/x", "CLAUDE_PROJECT_DIR": "/proj", "HOME": "/elsewhere", "A": "b"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := ShellVars("/proj", tt.home, tt.plans, tt.session, tt.env)
			if d := cmp.Diff(tt.want, got); d != "" {
				t.Errorf("ShellVars (-want +got):\n%s", d)
			}
		})
	}
}
