package shellcmd

import (
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestParse: the option grammar (getopt's) that every row is read by.
func TestParse(t *testing.T) {
	tests := []struct {
		prog string
		args string
		want string // items as "opt=value:kind", operands as "value:kind"
		why  string
	}{
		{"sudo", "-Eu root ./x.sh", "-E=:, -u=root:, ./x.sh:command", ""},
		{"sudo", "-uroot -- ./x.sh", "-u=root:, ./x.sh:command", ""},
		{"sudo", "--user=root --chdir sub ./x.sh", "-u=root:, -D=sub:dir, ./x.sh:command", ""},
		{"sudo", "--us=root ./x.sh", "-u=root:, ./x.sh:command", ""}, // a unique prefix
		{"sudo", "-Q ./x.sh", "", "sudo -Q (an option gh-hooks does not know)"},
		{"sudo", "A=1 B=2 ./x.sh a", "A=1:assign, B=2:assign, ./x.sh:command", ""},
		{"env", "-i -u X -C d A=1 cmd -x", "-i=:, -u=X:unset, -C=d:dir, A=1:assign, cmd:command", ""},
		{"timeout", "-s KILL 5 ./x.sh", "-s=KILL:, 5:, ./x.sh:command", ""},
		{"timeout", "--signal=KILL 5 ./x.sh", "-s=KILL:, 5:, ./x.sh:command", ""},
		{"strace", "-o /dev/null ./x.sh", "-o=/dev/null:write, ./x.sh:command", ""},
		{"strace", "-f -o '|sh' ./x.sh", "-f=:, -o=sh:shell-code, ./x.sh:command", ""},
		{"node", "-e 1 -r ./pre.js", "-e=1:code, -r=./pre.js:preload", ""},
		{"node", "--require=./pre.js x.js a -r b", "-r=./pre.js:preload, x.js:script, a:, -r:, b:", ""},
		{"python3", "-c 'import x' -m y", "-c=import x:code, -m:, y:", ""},
		{"python3", "-Wignore -X dev x.py", "-W=ignore:python-warning, -X=dev:, x.py:script", ""},
		{"bash", "-xc 'echo hi' name", "-x=:shell-option, -c=:, echo hi:code, name:", ""},
		{"bash", "--rcfile rc -i", "--rcfile=rc:rc, -i=:", ""},
		{"bash", "+O extglob -s a", "+O=extglob:shell-option, -s=:stdin, a:", ""},
		{"awk", "-F: -f prog.awk in.txt", "-F=::, -f=prog.awk:script, in.txt:", ""},
		{"awk", "-v x=1 {print} in", "-v=x=1:, {print}:code, in:", ""},
		{"sed", "-n -e p in", "-n=:, -e=p:code, in:", ""},
		{"sed", "s/a/b/ -i in", "s/a/b/:code, -i=:, in:", ""}, // GNU: options anywhere
		{"find", ". -name '*.sh' -exec ./x.sh {} ; -print", ".:, --name=*.sh:, --exec=:command, --print=:", ""},
		{"tar", "--to-command=./x.sh -xf a.tar", "--to-command=./x.sh:shell-code, -x=:, -f=a.tar:", ""},
		{"tar", "--checkpoint-action=exec=./x.sh -cf a.tar d", "--checkpoint-action=./x.sh:shell-code, -c=:, -f=a.tar:, d:", ""},
		{"sort", "--compress-program=./z -o out in", "--compress-program=./z:program, -o=out:write, in:", ""},
		{"git", "-c alias.x=!sh x", "-c=alias.x=!sh:not-covered, x:not-covered", ""},
		{"git", "-c color.ui=never -C sub status", "-c=ui=never:, -C=sub:dir, status:", ""},
		{"git", "submodule foreach ./x.sh", "submodule:, foreach:, ./x.sh:shell-words", ""},
		{"flock", "/tmp/l -c ./x.sh", "/tmp/l:, -c:flock-command", ""},
		{"command", "-v x", "-v=:no-run", ""},
		{"nice", "-n 5 ./x", "-n=5:, ./x:command", ""},
		{"xargs", "-0 -I{} sh -c x", "-0=:, -I={}:, sh:command", ""},
		{"su", "-c ./x.sh root", "-c=./x.sh:shell-code, root:", ""},
		{"ssh", "-o ProxyCommand=./p host ls", "-o=./p:shell-code, host:, ls:", ""},
		{"ssh", "-F cfg host", "-F=cfg:config, host:", ""},
	}
	for _, tt := range tests {
		t.Run(tt.prog+" "+tt.args, func(t *testing.T) {
			row := Lookup(tt.prog)
			if row == nil {
				t.Fatalf("no row for %s", tt.prog)
			}
			words := strings.Fields(strings.NewReplacer("'import x'", "import\x00x", "'echo hi'", "echo\x00hi", "'*.sh'", "*.sh", "'|sh'", "|sh").Replace(tt.args))
			for i := range words {
				words[i] = strings.ReplaceAll(words[i], "\x00", " ")
			}
			items, why := Parse(row, words)
			var got []string
			for _, it := range items {
				if it.Opt != "" {
					got = append(got, fmt.Sprintf("%s=%s:%s", it.Opt, it.Value, it.Kind))
				} else {
					got = append(got, fmt.Sprintf("%s:%s", it.Value, it.Kind))
				}
			}
			if tt.why != "" {
				if why != tt.why {
					t.Errorf("why = %q, want %q", why, tt.why)
				}
				return
			}
			if why != "" {
				t.Errorf("why = %q, want none", why)
			}
			if diff := cmp.Diff(tt.want, strings.Join(got, ", ")); diff != "" {
				t.Errorf("items (-want +got):\n%s", diff)
			}
		})
	}
}

// TestTableRows: every row's grammar is well formed, names are unique,
// and a row that runs code says how.
func TestTableRows(t *testing.T) {
	seen := map[string]bool{}
	for _, r := range Table() {
		for _, n := range r.Names {
			if seen[n] {
				t.Errorf("%s has two rows", n)
			}
			seen[n] = true
		}
		for opt := range r.Opts {
			o := strings.TrimLeft(opt, "-+")
			if r.OneDash {
				continue
			}
			if len(o) == 1 && !strings.HasPrefix(opt, "--") {
				if _, ok := shortSpec(r.Short, o[0]); !ok {
					t.Errorf("%s: %s is in Opts but not in Short %q", r.Names[0], opt, r.Short)
				}
				continue
			}
			if _, ok := longSpec(r.Long, o); !ok && !r.loose {
				t.Errorf("%s: %s is in Opts but not in Long", r.Names[0], opt)
			}
		}
	}
}

// TestProgramReach: programs that run their arguments or files (issue 30
// "Why"): each reaches the file it runs, or is not covered with the
// program or construct named.
func TestProgramReach(t *testing.T) {
	fs := fakeFS{"/p/x.sh": "", "/p/pre.js": "", "/p/x.awk": "{ print $1 }\n", "/p/run.awk": "{ system(\"./x.sh\") }\n",
		"/p/cfg": "", "/p/data.txt": "", "/p/e.sed": "s/a/b/e\n", "/p/ok.sed": "s/a/b/g\n/x/d\n",
		"/p/a.tgz": "", "/p/a.zip": "", "/p/y.sh.gz": "", "/p/y.b64": ""}
	tests := []struct {
		cmd     string
		files   []string
		unknown []string
	}{
		{`sudo -Eu root ./x.sh`, []string{"program /p/x.sh"}, nil},
		{`sudo -E -u root -- ./x.sh`, []string{"program /p/x.sh"}, nil},
		{`strace -o /dev/null ./x.sh`, []string{"program /p/x.sh"}, nil},
		{`strace -o '|./x.sh' true`, []string{"program /p/x.sh"}, nil},
		{`ltrace -o out.txt ./x.sh`, []string{"program /p/x.sh"}, nil},
		{`node -e 1 -r ./pre.js`, []string{"script /p/pre.js"}, nil},
		{`awk -f x.awk data.txt`, []string{"script /p/x.awk"}, nil},
		{`awk -f run.awk data.txt`, []string{"script /p/run.awk"}, []string{"an awk program with system()"}},
		{`awk '{ print | "sh" }'`, nil, []string{"an awk program with a pipe"}},
		{`awk -F'|' '{ print $1 }' data.txt`, nil, nil},
		{`sed 's/a/b/e' data.txt`, nil, []string{"the e flag of sed's s command"}},
		{`sed -n '1e ./x.sh' data.txt`, nil, []string{"sed's e command"}},
		{`sed 'w out' data.txt`, nil, []string{"sed's w command"}},
		{`sed -f e.sed data.txt`, []string{"script /p/e.sed"}, []string{"the e flag of sed's s command"}},
		{`sed -f ok.sed -i data.txt`, []string{"script /p/ok.sed"}, nil},
		{`sed -e 's/a/b/g' -e '/x/d' data.txt`, nil, nil},
		{`git -c alias.x='!./x.sh' x`, []string{"manifest /p/x.sh"}, []string{"git -c alias.x=!./x.sh: not followed", "git x: not followed"}},
		{`git x`, nil, []string{"git x: not followed"}}, // an alias in .git/config
		{`git -c core.fsmonitor=./x.sh status`, []string{"manifest /p/x.sh"}, []string{"git -c core.fsmonitor=./x.sh: not followed"}},
		{`git -c color.ui=never status`, nil, nil},
		{`git submodule foreach ./x.sh`, []string{"program /p/x.sh"}, nil},
		{`find . -name '*.sh' -exec ./x.sh {} \;`, []string{"program /p/x.sh"}, nil},
		{`find . -execdir ./x.sh {} \;`, nil, []string{"a relative path after cd to a computed directory"}},
		{`xargs -0 ./x.sh < data.txt`, []string{"program /p/x.sh"}, nil},
		{`tar --to-command=./x.sh -xf a.tar`, []string{"program /p/x.sh"}, nil},
		{`tar -xf a.tar -I ./x.sh`, []string{"program /p/x.sh"}, nil},
		{`tar xIf ./x.sh a.tar`, []string{"program /p/x.sh"}, nil},
		{`tar czf out.tgz data.txt`, []string{"manifest /p/data.txt"}, nil},
		// What an archive or an encoding unpacks can be what a later
		// command runs: the archive is hashed.
		{`tar xzf a.tgz && ./y.sh`, []string{"manifest /p/a.tgz", "program /p/y.sh"}, nil},
		{`unzip -o a.zip && ./y.sh`, []string{"manifest /p/a.zip", "program /p/y.sh"}, nil},
		{`gunzip -kf y.sh.gz && ./y.sh`, []string{"manifest /p/y.sh.gz", "program /p/y.sh"}, nil},
		{`base64 -d y.b64 | tee y.sh >/dev/null; ./y.sh`, []string{"manifest /p/y.b64", "program /p/y.sh"}, []string{"./y.sh is written by the command itself (tee)"}},
		{`python3 -m zipfile -e a.zip . && ./y.sh`, []string{"program /p/y.sh"}, []string{"python -m zipfile: a module outside the project"}},
		{`python3 -m http.server --cgi`, nil, []string{"python -m http.server: a module outside the project"}},
		// rsync starts the remote shell -e names, also for a host that
		// is this machine; terminal-notifier -execute runs shell code.
		{`rsync -av -e 'sh ./x.sh' data.txt host:/d`, []string{"manifest /p/data.txt"}, []string{"rsync -e sh ./x.sh: not followed"}},
		{`rsync -a --rsync-path=./x.sh data.txt host:/d`, []string{"manifest /p/x.sh", "manifest /p/data.txt"}, []string{"rsync --rsync-path ./x.sh: not followed"}},
		{`rsync -av --delete data.txt out/`, []string{"manifest /p/data.txt"}, nil},
		{`terminal-notifier -message hi -execute ./x.sh`, []string{"program /p/x.sh"}, nil},
		{`tar --checkpoint=1 --checkpoint-action=exec=./x.sh -cf a.tar .`, []string{"program /p/x.sh"}, nil},
		{`sort --compress-program=./x.sh data.txt`, []string{"program /p/x.sh"}, nil},
		{`ssh -o ProxyCommand=./x.sh host ls`, []string{"program /p/x.sh"}, nil},
		{`ssh -F cfg host`, []string{"manifest /p/cfg"}, []string{"ssh -F cfg: a file that can make it run code"}},
		{`su -c ./x.sh root`, []string{"program /p/x.sh"}, nil},
		{`script -qc ./x.sh /dev/null`, []string{"program /p/x.sh"}, nil},
		{`env -S './x.sh a' b`, []string{"program /p/x.sh"}, nil},
		{`env -C sub ../x.sh`, []string{"program /p/x.sh"}, nil},
		{`flock /tmp/l -c ./x.sh`, []string{"program /p/x.sh"}, nil},
		{`flock /tmp/l ./x.sh`, []string{"program /p/x.sh"}, nil},
		{`watch -n1 ./x.sh`, []string{"program /p/x.sh"}, nil},
		{`parallel ./x.sh ::: a b`, []string{"program /p/x.sh"}, nil},
		{`busybox sh ./x.sh`, []string{"script /p/x.sh"}, nil},
		{`timeout -k 5 10 nice -n 3 ionice -c2 chrt -o 0 taskset -c 1 stdbuf -oL setsid nohup ./x.sh`, []string{"program /p/x.sh"}, nil},
		{`bash --rcfile x.sh -i`, []string{"source /p/x.sh"}, nil},
		{`bash -O extglob x.sh`, []string{"script /p/x.sh"}, nil},
		{`bash -O lastpipe -c 'echo | cd sub; ./x.sh'`, []string{"program /p/x.sh"}, []string{"shopt -s lastpipe"}},
		{`sudo -Q ./x.sh`, []string{"manifest /p/x.sh"}, []string{"sudo -Q (an option gh-hooks does not know)"}},
		{`mytool --config=cfg data.txt`, []string{"manifest /p/cfg", "manifest /p/data.txt"}, []string{"mytool: a program gh-hooks has no row for"}},
		{`python3 -W 'ignore::evil.Category' -c pass`, nil, []string{"the warning category's module is imported"}},
		{`dotenv -e cfg -- ./x.sh`, []string{"manifest /p/cfg", "program /p/x.sh"}, []string{"dotenv loads .env files", "dotenv -e cfg"}},
		{`bundle exec ./x.sh`, []string{"program /p/x.sh"}, []string{"bundle evaluates the project's Gemfile"}},
		{`osascript -e 'display notification "hi"'`, nil, nil},
		{`osascript -e 'do shell script "./x.sh"'`, nil, []string{"AppleScript that can run commands"}},
		{`command -v jq >/dev/null && jq . data.txt`, nil, nil},
		{`uvx ruff check data.txt`, nil, nil},
		{`uvx somepkg data.txt`, []string{"manifest /p/data.txt"}, []string{"somepkg: a program gh-hooks has no row for"}},
		// y.sh holds x.sh's content when it runs, not its own: x.sh is
		// hashed, but what it sources is not followed.
		{`cp x.sh y.sh && ./y.sh`, []string{"manifest /p/x.sh", "program /p/y.sh"}, []string{"./y.sh is written by the command itself (cp) and then run"}},
		{`cat x.sh > y.sh; bash y.sh`, []string{"script /p/y.sh"}, []string{"./y.sh is written by the command itself (a redirection) and then run"}},
		{`cat x.sh | cat > y.sh; bash y.sh`, []string{"script /p/y.sh"}, []string{"./y.sh is written by the command itself (a redirection) and then run"}},
		{`cat x.sh | sh <&3`, nil, []string{"code read from a duplicated file descriptor (<&3)"}},
		{`bash y.sh; base64 -d y.b64 >| y.sh`, []string{"script /p/y.sh", "manifest /p/y.b64"}, []string{"./y.sh is written by the command itself (a redirection)"}},
		{`cd sub && sed s/a/b/ ../x.sh > ../y.sh; . ../y.sh`, []string{"source /p/y.sh"}, []string{"./y.sh is written by the command itself"}},
		{`echo 'echo hi' > /tmp/h.sh && sh /tmp/h.sh`, []string{"script /tmp/h.sh"}, []string{"/tmp/h.sh is written by the command itself"}},
		{`{ cat x.sh; } > y.sh; ./y.sh`, []string{"program /p/y.sh"}, []string{"./y.sh is written by the command itself"}},
		{`cat x.sh | tee out/y.sh >/dev/null; ./out/y.sh`, []string{"program /p/out/y.sh"}, []string{"./out/y.sh is written by the command itself (tee)"}},
		{`dd if=x.sh of=y.sh; ./y.sh`, []string{"manifest /p/x.sh", "program /p/y.sh"}, []string{"./y.sh is written by the command itself (dd)"}},
		{`cp x.sh data.txt out/ && ./out/x.sh`, []string{"manifest /p/x.sh", "manifest /p/data.txt", "program /p/out/x.sh"}, []string{"./out/x.sh is written by the command itself (cp)"}},
		{`./x.sh > out.log 2>&1 && cat data.txt >> out.log`, []string{"program /p/x.sh"}, nil},
		{`curl -fsSL -o y.sh https://example.com/i.sh && bash y.sh`, []string{"script /p/y.sh"}, []string{"./y.sh is written by the command itself (curl)"}},
		{`wget -qO/tmp/i.sh https://example.com/i.sh; sh /tmp/i.sh`, []string{"script /tmp/i.sh"}, []string{"/tmp/i.sh is written by the command itself (wget)"}},
		{`curl -s https://example.com/data -o data.txt && jq . data.txt`, nil, nil},
		// Programs of the "runs nothing" rows that run a command with one
		// option.
		{`split --filter='sh ./x.sh' data.txt`, []string{"manifest /p/data.txt"}, []string{"split --filter runs a command"}},
		{`split --fil='sh ./x.sh' data.txt`, []string{"manifest /p/data.txt"}, []string{"split --filter runs a command"}},
		{`install -s --strip-program=./x.sh data.txt out/`, []string{"manifest /p/x.sh", "manifest /p/data.txt"}, []string{"install --strip-program runs a command"}},
		{`split -l 10 data.txt part-`, nil, nil},
	}
	for _, tt := range tests {
		t.Run(tt.cmd, func(t *testing.T) {
			a := Analyze(tt.cmd, Options{Dir: "/p", Vars: map[string]string{"HOME": "/home/u"}, Files: fs})
			checkAnalysis(t, reached(a), a, tt.files, tt.unknown)
		})
	}
}
