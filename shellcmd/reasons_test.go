package shellcmd

import (
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestReasonTexts lists the not-covered reasons of the constructs gh-hooks
// names in a project's code, word for word, and holds each to the form a
// reviewer reads in trust audit (issue 32 item 15): the construct by its
// whole name and why it is not followed, then where, with the line, and
// no trailing period. "`subprocess.` in ./...add_context.py" is what the
// old form became once a table cut it.
func TestReasonTexts(t *testing.T) {
	t.Parallel()
	tests := []struct {
		src  string // ./x.py
		want []string
	}{
		{"import subprocess\nsubprocess.run(cmd)\n",
			[]string{"subprocess.run with a non-literal argument at ./x.py:2: what it loads or runs is not followed"}},
		{"import subprocess as sp\nf = sp.run\n",
			[]string{"sp.run (subprocess.run) used as a value at ./x.py:2: what it loads or runs is not followed"}},
		{"import subprocess\nsubprocess.run(**opts)\n",
			[]string{"subprocess.run with *args, **kwargs or a keyword gh-hooks does not read at ./x.py:2: what it loads or runs is not followed"}},
		{"import subprocess\nsubprocess.run(['./y.sh'], cwd=d)\n",
			[]string{"subprocess.run with a cwd= gh-hooks cannot compute at ./x.py:2: what it loads or runs is not followed"}},
		{"import os\nos.execv(p, a)\n",
			[]string{"os.execv called at ./x.py:2: what it loads or runs is not followed"}},
		{"import os\nos.environ = {}\n",
			[]string{"os.environ assigned at ./x.py:2: what it loads or runs is not followed"}},
		{"import subprocess\ngetattr(subprocess, name)(['ls'])\n",
			[]string{"getattr with a computed name at ./x.py:2: what it loads or runs is not followed",
				"subprocess used as a value at ./x.py:2: what it loads or runs is not followed"}},
		{"p = make()\np.Popen(['ls'])\n",
			[]string{"a call of an object's Popen at ./x.py:2: what it loads or runs is not followed"}},
		{"from os import *\n",
			[]string{"from os import * at ./x.py:1: what it loads or runs is not followed"}},
		{"import sys\nopen(sys.argv[1], 'w')\n",
			[]string{"open to a path gh-hooks cannot compute at ./x.py:2: it may write ./x.py or another of the project files the command runs: what it runs is not followed"}},
		{"def f(p):\n    p.write_text('')\n",
			[]string{"a call of an object's write_text on a path gh-hooks cannot compute at ./x.py:2: it may write ./x.py or another of the project files the command runs: what it runs is not followed"}},
	}
	place := regexp.MustCompile(` at \./x\.py:\d+: `)
	cut := regexp.MustCompile(`(^| )\.\w`) // ".Popen", not "./x.py"
	for _, tt := range tests {
		a := Analyze(`python3 x.py`, Options{Dir: "/p", Files: fakeFS{"/p/x.py": tt.src}})
		if diff := cmp.Diff(tt.want, a.Unknown); diff != "" {
			t.Errorf("%q: reasons (-want +got):\n%s", tt.src, diff)
		}
		for _, u := range a.Unknown {
			switch {
			case strings.HasSuffix(u, "."):
				t.Errorf("%q: ends with a period", u)
			case cut.MatchString(u):
				t.Errorf("%q: a name cut to its last part", u)
			case !place.MatchString(u):
				t.Errorf("%q: does not say where, with the line", u)
			}
		}
	}
}
