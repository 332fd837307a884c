package shellcmd

import (
	"slices"
	"strings"
	"testing"
)

// TestAnalyzeState: the shell's state where code runs (issue 30 §3):
// states joined where branches meet, functions and traps walked where
// they run, a file sourced in two states followed in both, variable text
// that bash evaluates as code, IFS splitting, attributes and options.
func TestAnalyzeState(t *testing.T) {
	fs := fakeFS{"/p/x.sh": "", "/p/sub/x.sh": "", "/p/env.sh": "./x.sh\n", "/p/a.sh": "", "/p/b.sh": "", "/p/c.sh": "",
		"/p/lib.sh": "cd sub\n", "/p/n": "3\n"}
	tests := []struct {
		cmd     string
		files   []string
		unknown []string
	}{
		// Joins.
		{`test -d sub && cd sub; ./x.sh`, []string{"program /p/x.sh", "program /p/sub/x.sh"}, nil},
		{`[ -d sub ] || cd sub; ./x.sh`, []string{"program /p/x.sh", "program /p/sub/x.sh"}, nil},
		{`if [ -d sub ]; then cd sub; fi; ./x.sh`, []string{"program /p/sub/x.sh", "program /p/x.sh"}, nil},
		{`if false; then cd sub; elif true; then :; else cd sub; fi; ./x.sh`, []string{"program /p/sub/x.sh", "program /p/x.sh"}, nil},
		{`case "$1" in a) cd sub;; esac; ./x.sh`, []string{"program /p/x.sh", "program /p/sub/x.sh"}, nil},
		{`while true; do ./x.sh; cd ..; done`, []string{"program /p/x.sh", "program /x.sh"}, nil},
		{`while true; do ./x.sh; cd sub; done`, []string{"program /p/x.sh", "program /p/sub/x.sh", "program /p/sub/sub/x.sh", "program /p/sub/sub/sub/x.sh"}, []string{"a relative path after cd to a computed directory"}},
		{`while read -r f; do ./x.sh; done < n`, []string{"program /p/x.sh"}, nil},
		{`for i in 1 2; do ./x.sh; cd sub; done`, []string{"program /p/x.sh", "program /p/sub/x.sh", "program /p/sub/sub/x.sh", "program /p/sub/sub/sub/x.sh"}, []string{"a relative path after cd to a computed directory"}},
		{`for f in a b; do ./$f.sh; done`, nil, []string{"a program named by $f"}},
		{`{ cd sub; }; ./x.sh`, []string{"program /p/sub/x.sh"}, nil},
		{`(cd sub); ./x.sh`, []string{"program /p/x.sh"}, nil},
		{`. ./lib.sh; ./x.sh`, []string{"source /p/lib.sh", "program /p/sub/x.sh"}, nil},
		// Functions and traps where they run.
		{`f() { ./x.sh; }; cd sub; f`, []string{"program /p/sub/x.sh"}, nil},
		{`f() { cd sub; }; f; ./x.sh`, []string{"program /p/sub/x.sh"}, nil},
		{`f() { ./x.sh; }`, nil, nil},
		{`f() { "$1"; }; f ./a.sh`, []string{"program /p/a.sh"}, nil},
		{`trap ./x.sh EXIT; cd sub`, []string{"program /p/x.sh", "program /p/sub/x.sh"}, nil},
		{`trap cleanup EXIT; cleanup() { ./a.sh; }; cd sub`, []string{"program /p/a.sh", "program /p/sub/a.sh"}, nil},
		{`trap "$X" EXIT`, nil, []string{"a trap with $X"}},
		{`command_not_found_handle() { ./a.sh; }; nosuch`, nil, []string{"command_not_found_handle", "nosuch: a program gh-hooks has no row for"}},
		{`shopt -s expand_aliases; alias go=./a.sh; cd sub; go`, []string{"program /p/sub/a.sh"}, nil},
		{`f() { ./a.sh; }; export -f f; bash -c f`, []string{"program /p/a.sh"}, nil},
		{`mapfile -C ./a.sh -c 1 lines < n`, []string{"program /p/a.sh"}, nil},
		{`read 'a[$(./a.sh)]' < n`, []string{"program /p/a.sh", "manifest /p/n"}, []string{"arithmetic on a command's output"}},
		{`printf -v "$X" %s 1`, nil, []string{"printf -v of a name from $X"}},
		{`[ -v 'a[$(./a.sh)]' ]`, []string{"program /p/a.sh"}, []string{"arithmetic on a command's output"}},
		{`unset 'a[$(./a.sh)]'`, []string{"program /p/a.sh"}, []string{"arithmetic on a command's output"}},
		// A file sourced in two states.
		{`. /p/env.sh; cd sub; . /p/env.sh`, []string{"source /p/env.sh", "program /p/x.sh", "program /p/sub/x.sh"}, nil},
		// Variable text evaluated as code.
		{`x=$X; echo $((x + 1))`, nil, []string{"arithmetic on $x"}},
		{`n=5; echo $((n + 1))`, nil, nil},
		{`i=0; i=$((i + 1)); (( i > 2 )) && echo "$i"`, nil, nil},
		{`for ((i = 0; i < 3; i++)); do echo $i; done`, nil, nil},
		{`read n; (( n > 1 ))`, nil, []string{"arithmetic on $n"}},
		{`read n < n; (( n > 1 ))`, []string{"manifest /p/n"}, nil},
		{`x='a[$(./x.sh)]'; echo $((x))`, []string{"program /p/x.sh"}, []string{"arithmetic on $a", "arithmetic on a command's output"}},
		{`[[ $X -eq 1 ]]`, nil, []string{"arithmetic on $X"}},
		{`[[ -v $X ]]`, nil, []string{"[[ -v ]] of a name from $X"}},
		{`let "y = $X"`, nil, []string{"arithmetic on $X"}},
		{`echo ${a[$X]}`, nil, []string{"arithmetic on $X"}},
		{`declare -A m; echo ${m[$X]}`, nil, nil},
		{`echo ${s:$X}`, nil, []string{"arithmetic on $X"}},
		{`declare -i n; n=$X`, nil, []string{"arithmetic on $X"}},
		{`echo ${X@P}`, nil, []string{"${X@P} expands the text of $X as a prompt"}},
		{`P='$(./x.sh)'; echo ${P@P}`, []string{"program /p/x.sh"}, nil},
		{`echo ${!X}`, nil, []string{"${!X} reads the variable that $X names"}},
		{`start=$(date +%s); echo $(( $(date +%s) - start ))`, nil, nil},
		{`echo $(( $(cat n) + 1 ))`, nil, []string{"arithmetic on a command's output"}},
		// IFS splitting.
		{`X="./a.sh ./b.sh"; $X`, []string{"program /p/a.sh"}, nil},
		{`E=; $E ./a.sh`, []string{"program /p/a.sh"}, nil},
		{`IFS=:; X=./a.sh:./b.sh; $X`, nil, []string{"word splitting with IFS set to \":\""}},
		{`X='./*.sh'; $X`, nil, []string{"a glob in the value of $X"}},
		{`X="./a.sh"; "$X"`, []string{"program /p/a.sh"}, nil},
		// Attributes and options.
		{`declare -u c=./x.sh; $c`, nil, []string{"a program named by $c"}},
		{`set -euo pipefail; ./x.sh`, []string{"program /p/x.sh"}, nil},
		{`set -x; ./x.sh`, []string{"program /p/x.sh"}, []string{"xtrace (set -x) with PS4 from the environment"}},
		{`PS4='+ '; set -x; ./x.sh`, []string{"program /p/x.sh"}, nil},
		{`shopt -s cdable_vars; cd sub`, nil, []string{"shopt -s cdable_vars"}},
		{`shopt -s lastpipe`, nil, []string{"shopt -s lastpipe"}},
		{`shopt -s nosuchopt`, nil, []string{"shopt -s nosuchopt (an option gh-hooks does not know)"}},
		{`set -k`, nil, []string{"set -k"}},
		{`set -o posix; PATH=./bin :; lint`, []string{"program /p/bin/lint"}, []string{"lint: a program gh-hooks has no row for"}},
		{`PATH=./bin :; lint`, nil, []string{"lint: a program gh-hooks has no row for"}},
		{`sh -c 'PATH=./bin :; lint'`, []string{"program /p/bin/lint"}, []string{"lint: a program gh-hooks has no row for"}},
	}
	for _, tt := range tests {
		t.Run(tt.cmd, func(t *testing.T) {
			a := Analyze(tt.cmd, Options{Dir: "/p", Vars: map[string]string{"HOME": "/home/u"}, Files: fs})
			checkAnalysis(t, reached(a), a, tt.files, tt.unknown)
		})
	}
}

// TestAnalyzeStepBound: nested loops and functions that call functions
// walk bodies many times over; past a bound the hook is not covered.
func TestAnalyzeStepBound(t *testing.T) {
	cmd := strings.Repeat("while a; do cd x; ", 30) + "./y" + strings.Repeat("; done", 30)
	a := Analyze(cmd, Options{Dir: "/p"})
	if !slices.ContainsFunc(a.Unknown, func(u string) bool { return strings.Contains(u, "statements to walk") }) {
		t.Errorf("unknown = %q, want the bound named", a.Unknown)
	}
}
