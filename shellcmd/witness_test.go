package shellcmd

import (
	"bufio"
	"context"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"
)

// The differential harness of issue 30 §7, shared by the program table
// (table_diff_test.go), Python (python_diff_test.go), Node and npm
// (node_diff_test.go) and make, git, go and the interpreter selection
// files (tools_diff_test.go). Each case is a hook command run by the
// real bash, and the programs it names, in a temporary project. Two
// witnesses say which project files the run reached:
//
//   - canaries: every file whose language can write appends its own
//     path to a log outside the project when it runs or is loaded;
//   - strace, where it is installed and ptrace is allowed: every project
//     file opened for reading (openat, open) or executed (execve,
//     execveat) by any process of the run, the files the run created
//     itself left out. This sees what canaries cannot: configuration
//     read as data that decides what runs (a Makefile, .npmrc,
//     .git/config, package.json, pyvenv.cfg, .python-version).
//
// A case fails when the run reached a project file that the analysis
// neither lists nor marks not covered (an Unknown). Not every open is
// code: a case names the files its command reads as plain data (the
// input of sed or awk, a lock file) in witnessCase.data, and the object
// store and state of a git repository (witnessGitData) are git's data.
// Only those are left out; everything else a witness sees counts.

// witnessCase is one hook command of the differential test.
type witnessCase struct {
	name string // the subtest's name; the command when empty
	cmd  string
	// tool are the programs the case needs besides bash (separated by
	// spaces); when one is not installed the case is not run, and the
	// test says why.
	tool string
	// files are the project's files, each given a canary for its kind
	// (witnessCanary) unless its text holds @LOG@; @LOG@ and @SELF@ stand
	// for the log's and the file's absolute paths.
	files map[string]string
	// data are path.Match patterns of project files the command reads as
	// plain data, not as code or configuration (sed's input, flock's lock
	// file): strace's opens of them do not count.
	data []string
	// setup prepares the project after its files are written (git init).
	setup func(dir string, env []string) error
	// env is added to the environment the command runs in (a name set
	// twice takes the last value); @HOME@ and @PATH@ stand for the home
	// folder and the PATH of every case.
	env []string
	// mustRun: the command must run a project file, else the case tests
	// nothing; mustSucceed: it must exit 0.
	mustRun, mustSucceed bool
	// timeout is how long the command may run (5 s when zero).
	timeout time.Duration
	// canariesOnly: strace is not run on this case (a sample of the
	// generated commands, to keep the suite under 60 s; the canaries
	// still witness it).
	canariesOnly bool
}

// witnessForm is a case as the language tables write it.
type witnessForm struct {
	name  string
	files map[string]string
	cmd   string
}

func (c witnessCase) title() string {
	if c.name != "" {
		return c.name
	}
	return c.cmd
}

// witnessCanary is the text of a project file that logs its own path to
// log when it is run or loaded, by the file's kind: Python, CommonJS, an
// ES module (.mjs, .esm.js) or a shell script. Other files are returned
// as they are (strace still sees them).
func witnessCanary(name, body, log, self string) string {
	if strings.Contains(body, "@LOG@") {
		return strings.NewReplacer("@LOG@", log, "@SELF@", self).Replace(body)
	}
	afterShebang := func(line string) string {
		if strings.HasPrefix(body, "#!") {
			first, rest, _ := strings.Cut(body, "\n")
			return first + "\n" + line + rest
		}
		return line + body
	}
	py := "open(" + strconv.Quote(log) + ", 'a').write(" + strconv.Quote(self+"\n") + ")\n"
	switch {
	case strings.HasSuffix(name, ".py"):
		return afterShebang(py)
	case strings.HasSuffix(name, ".mjs") || strings.HasSuffix(name, ".esm.js"):
		return "import {appendFileSync as __canary} from 'node:fs'; __canary(" + strconv.Quote(log) + ", " + strconv.Quote(self+"\n") + ");\n" + body
	case strings.HasSuffix(name, ".js") || strings.HasSuffix(name, ".cjs"):
		return "require('fs').appendFileSync(" + strconv.Quote(log) + ", " + strconv.Quote(self+"\n") + ");\n" + body
	case strings.HasPrefix(body, "#!") && strings.Contains(strings.SplitN(body, "\n", 2)[0], "python"):
		return afterShebang(py)
	case strings.HasPrefix(body, "#!/bin/sh") || strings.HasPrefix(body, "#!/bin/bash") || strings.HasSuffix(name, ".sh"):
		if !strings.HasPrefix(body, "#!") {
			body = "#!/bin/sh\n" + body
		}
		return afterShebang("echo " + strconvQuote(self) + " >> " + strconvQuote(log) + "\n")
	}
	return body
}

// witnessGitData are the files of a git repository (its .git folder or
// a bare one) that git reads as its data: objects, refs, the index and
// logs. What git runs comes from its config, its hooks and the files
// they include, which count.
var witnessGitData = []string{"HEAD", "ORIG_HEAD", "FETCH_HEAD", "index", "packed-refs", "description", "COMMIT_EDITMSG", "shallow", "info/exclude", "info/refs", "objects", "refs", "logs"}

// isGitData says whether rel (a project path) is data of a git
// repository in the project: below a folder holding HEAD and objects/.
func isGitData(dir, rel string) bool {
	parts := strings.Split(rel, "/")
	for i := len(parts) - 1; i >= 0; i-- {
		repo := filepath.Join(dir, filepath.Join(parts[:i]...))
		if _, err := os.Stat(filepath.Join(repo, "objects")); err != nil {
			continue
		}
		if _, err := os.Stat(filepath.Join(repo, "HEAD")); err != nil {
			continue
		}
		inside := strings.Join(parts[i:], "/")
		for _, d := range witnessGitData {
			if inside == d || strings.HasPrefix(inside, d+"/") {
				return true
			}
		}
		return false
	}
	return false
}

// osFS is a Reader over the real file system (for tests against a real
// interpreter).
type osFS struct{}

func (osFS) ReadFile(p string) ([]byte, string, bool) {
	fi, err := os.Stat(p)
	if err != nil || !fi.Mode().IsRegular() {
		return nil, "", false
	}
	b, err := os.ReadFile(p)
	real, _ := filepath.EvalSymlinks(p)
	return b, real, err == nil
}

func (osFS) ReadDir(p string) ([]string, bool) {
	es, err := os.ReadDir(p)
	if err != nil {
		return nil, false
	}
	out := make([]string, len(es))
	for i, e := range es {
		out[i] = e.Name()
	}
	return out, true
}

func strconvQuote(s string) string {
	return "'" + strings.ReplaceAll(strings.ReplaceAll(s, `\`, `\\`), "'", `\'`) + "'"
}

// witnessSem bounds the commands run at once over all the differential
// tests: each mostly waits for the processes it starts.
var witnessSem = make(chan struct{}, 2*runtime.GOMAXPROCS(0))

// witnessEnv is what every case runs with: the interpreters' folders on
// PATH (python3 through a version manager's shim is the interpreter it
// picks), and a home, caches and temp folder outside the project.
var witnessEnv = sync.OnceValues(func() (path, strace string) {
	path = "/usr/bin:/bin"
	if out, err := exec.Command("go", "env", "GOCACHE").Output(); err == nil {
		if c := strings.TrimSpace(string(out)); filepath.IsAbs(c) {
			witnessGoCache = c
		}
	}
	py := os.Getenv("GH_HOOKS_PYTHON")
	if py == "" {
		py, _ = exec.LookPath("python3")
	}
	if py != "" {
		if out, err := exec.Command(py, "-c", "import sys; print(sys.executable)").Output(); err == nil && strings.TrimSpace(string(out)) != "" {
			path = filepath.Dir(strings.TrimSpace(string(out))) + ":" + path
		}
	}
	for _, tool := range []string{"go", "node", "npm"} {
		if p, err := exec.LookPath(tool); err == nil {
			path = filepath.Dir(p) + ":" + path
		}
	}
	strace = witnessStrace()
	return path, strace
})

// witnessGoCache is go's build cache (go env GOCACHE, content-addressed
// and safe to share, as go test itself uses it), so that go run does not
// build the standard library again in each case (35 s at load 28, 0.4 s
// warm); "" when there is none, and each test takes its own.
var witnessGoCache string

// witnessStrace is the strace to run the cases under, or "" after
// logging why there is none (not installed, or ptrace refused, as in a
// container without CAP_SYS_PTRACE).
var witnessStraceWhy string

func witnessStrace() string {
	if os.Getenv("GH_HOOKS_NO_STRACE") != "" {
		witnessStraceWhy = "GH_HOOKS_NO_STRACE is set"
		return ""
	}
	p, err := exec.LookPath("strace")
	if err != nil {
		witnessStraceWhy = "strace is not installed (apt-get install strace): canaries are the only witness"
		return ""
	}
	if out, err := exec.Command(p, "-f", "-qq", "-o", "/dev/null", "true").CombinedOutput(); err != nil {
		witnessStraceWhy = "strace cannot trace here (" + strings.TrimSpace(string(out)) + "): canaries are the only witness"
		return ""
	}
	return p
}

// witnessCounts are one test's figures.
type witnessCounts struct {
	cases, ran, covered, notCovered, missed, skipped, opened atomic.Int64
}

// witnessRun runs cases with the real programs and fails on each silent
// miss; title names the set in the log.
func witnessRun(t *testing.T, title string, cases []witnessCase) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("bash is not installed: the " + title + " are not run")
	}
	path, strace := witnessEnv()
	if strace == "" {
		t.Log(witnessStraceWhy)
	}
	var n witnessCounts
	skipped := map[string]bool{}
	start := time.Now()
	t.Cleanup(func() {
		witness := "canaries"
		if strace != "" {
			witness += " and strace"
		}
		t.Logf("%d %s run by %s (%s): %d ran a project file; %d covered, %d not covered, %d missed; strace saw %d project files opened or run; %d not run (%s)",
			n.cases.Load(), title, bash, witness, n.ran.Load(), n.covered.Load(), n.notCovered.Load(), n.missed.Load(), n.opened.Load(), n.skipped.Load(), time.Since(start).Round(time.Millisecond))
	})
	gocache := witnessGoCache
	if gocache == "" {
		gocache = t.TempDir()
	}
	var wg sync.WaitGroup
	var mu sync.Mutex
	var fails []string
	for _, tc := range cases {
		missing := ""
		for _, tool := range strings.Fields(tc.tool) {
			if _, err := exec.LookPath(tool); err != nil {
				missing = tool
			}
		}
		if missing != "" {
			n.skipped.Add(1)
			if !skipped[missing] {
				skipped[missing] = true
				t.Logf("%s is not installed: its cases are not run", missing)
			}
			continue
		}
		n.cases.Add(1)
		wg.Add(1)
		witnessSem <- struct{}{}
		go func() {
			defer func() { <-witnessSem; wg.Done() }()
			if msg := witnessOne(t, tc, bash, path, strace, gocache, &n); msg != "" {
				mu.Lock()
				fails = append(fails, msg)
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	sort.Strings(fails)
	for _, f := range fails {
		t.Error(f)
	}
}

// witnessWrite writes a case's files while holding syscall.ForkLock for
// reading, as os.Pipe and friends do: a process another case forks while
// a file is open for writing would keep the descriptor until it execs,
// and the run that then executes the file fails with "text file busy"
// (golang/go#22315; make and git's clean filter failed so under load).
func witnessWrite(dir string, files map[string]string, log string) error {
	syscall.ForkLock.RLock()
	defer syscall.ForkLock.RUnlock()
	for name, body := range files {
		p := filepath.Join(dir, name)
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(witnessCanary(name, body, log, p)), 0o755); err != nil {
			return err
		}
	}
	return nil
}

// witnessOne runs one case and returns what is wrong with it ("" when
// nothing is).
func witnessOne(t *testing.T, tc witnessCase, bash, path, strace, gocache string, n *witnessCounts) string {
	root, _ := filepath.EvalSymlinks(t.TempDir())
	dir, home := filepath.Join(root, "p"), filepath.Join(root, "h")
	os.MkdirAll(dir, 0o755)
	os.MkdirAll(home, 0o755)
	log := filepath.Join(home, "canary.log")
	if err := witnessWrite(dir, tc.files, log); err != nil {
		return tc.title() + ": " + err.Error()
	}
	env := []string{"PATH=" + path, "HOME=" + home, "TMPDIR=" + home, "GOCACHE=" + gocache, "GOFLAGS=-mod=mod", "GOTOOLCHAIN=local",
		"GIT_CONFIG_NOSYSTEM=1", "GIT_PAGER=", "PAGER=cat", "PYTHONDONTWRITEBYTECODE=1", "PYTHONNOUSERSITE=1",
		"npm_config_update_notifier=false", "npm_config_cache=" + filepath.Join(home, ".npm")}
	for _, e := range tc.env {
		env = append(env, strings.NewReplacer("@HOME@", home, "@PATH@", path).Replace(e))
	}
	if tc.setup != nil {
		if err := tc.setup(dir, env); err != nil {
			return tc.title() + ": setup: " + err.Error()
		}
	}
	// The project as committed: a file the run creates is not the
	// repository's.
	before := map[string]bool{}
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && d.Type().IsRegular() {
			before[p] = true
		}
		return nil
	})
	// The analysis reads the project as committed, before the run.
	a := Analyze(tc.cmd, Options{Dir: dir, Vars: map[string]string{"HOME": home}, Files: osFS{}})
	// strace can fail only a case the analysis calls covered: a case
	// that is not covered runs without it (a third of the CPU time).
	if len(a.Unknown) > 0 || tc.canariesOnly {
		strace = ""
	}
	timeout := tc.timeout
	if timeout == 0 {
		timeout = 5 * time.Second
	}
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	args := []string{bash, "-c", tc.cmd}
	trace := filepath.Join(root, "strace.log")
	if strace != "" {
		args = append([]string{strace, "-f", "-qq", "-y", "-e", "trace=openat,open,execve,execveat", "-o", trace}, args...)
	}
	cmd := exec.CommandContext(ctx, args[0], args[1:]...)
	cmd.Dir, cmd.Env = dir, env
	// The whole process group is killed at the timeout: what the hook
	// left behind too.
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	cmd.WaitDelay = time.Second
	t0 := time.Now()
	out, runErr := cmd.CombinedOutput()
	if d := time.Since(t0); d > 3*time.Second {
		t.Logf("slow (%s): %s", d.Round(time.Millisecond), tc.title())
	}
	clip := func(b []byte) string {
		if len(b) > 300 {
			b = b[:300]
		}
		return string(b)
	}

	// What ran, by each witness.
	canary := map[string]bool{}
	data, _ := os.ReadFile(log)
	for _, l := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		if l != "" {
			canary[filepath.Clean(l)] = true
		}
	}
	opened := map[string]bool{}
	if strace != "" {
		for p := range straceOpened(trace, dir) {
			rel := strings.TrimPrefix(p, dir+"/")
			if !before[p] || isGitData(dir, rel) || witnessIsData(tc.data, rel) {
				continue
			}
			opened[p] = true
		}
		n.opened.Add(int64(len(opened)))
	}

	if len(a.Unknown) == 0 {
		n.covered.Add(1)
	} else {
		n.notCovered.Add(1)
	}
	if len(canary) > 0 || len(opened) > 0 {
		n.ran.Add(1)
	}
	if os.Getenv("GH_HOOKS_WITNESS_LOG") != "" {
		var seen []string
		for p := range canary {
			seen = append(seen, strings.TrimPrefix(p, dir+"/")+" (ran)")
		}
		for p := range opened {
			seen = append(seen, strings.TrimPrefix(p, dir+"/"))
		}
		sort.Strings(seen)
		t.Logf("%s: reached %q; not covered: %q", tc.title(), seen, a.Unknown)
	}
	if tc.mustSucceed && runErr != nil {
		return tc.title() + ": " + runErr.Error() + "\n" + clip(out)
	}
	if tc.mustRun && len(canary) == 0 {
		return tc.title() + ": ran no project file (the case tests nothing)\n" + clip(out)
	}
	if len(a.Unknown) > 0 {
		return ""
	}
	hashed := map[string]bool{}
	for _, f := range a.Files {
		hashed[filepath.Clean(f.Path)] = true
		if r, err := filepath.EvalSymlinks(f.Path); err == nil {
			hashed[r] = true
		}
	}
	var miss []string
	for p := range canary {
		if !hashed[p] {
			miss = append(miss, strings.TrimPrefix(p, dir+"/")+" (ran)")
		}
	}
	for p := range opened {
		if !hashed[p] && !canary[p] {
			miss = append(miss, strings.TrimPrefix(p, dir+"/")+" (opened, strace)")
		}
	}
	if len(miss) == 0 {
		return ""
	}
	n.missed.Add(1)
	sort.Strings(miss)
	return tc.title() + ": reached " + strings.Join(miss, ", ") + ", which the analysis neither hashes nor marks not covered\n" + clip(out)
}

// witnessIsData says whether rel matches one of the case's data
// patterns.
func witnessIsData(patterns []string, rel string) bool {
	for _, p := range patterns {
		if ok, _ := path.Match(p, rel); ok {
			return true
		}
	}
	return false
}

// straceOpened reads an strace -f -y log and returns the files below dir
// that a process opened for reading or executed. -y prints the path an
// opened descriptor names (the kernel's, links resolved) and the folder
// AT_FDCWD stands for; an execve of a relative path is resolved against
// the working folder its process shows next (the loader's first open),
// else the last one it showed.
func straceOpened(trace, dir string) map[string]bool {
	f, err := os.Open(trace)
	if err != nil {
		return nil
	}
	defer f.Close()
	out := map[string]bool{}
	pending := map[string]string{} // pid: an unfinished call's first half
	cwd := map[string]string{}     // pid: the working folder last shown
	waiting := map[string][]string{}
	add := func(p string) {
		if strings.HasPrefix(p, dir+"/") {
			if fi, err := os.Stat(p); err == nil && fi.Mode().IsRegular() {
				out[p] = true
			}
		}
	}
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		line := sc.Text()
		pid, call, ok := strings.Cut(line, " ")
		if !ok {
			continue
		}
		call = strings.TrimLeft(call, " ")
		if head, ok := strings.CutSuffix(call, " <unfinished ...>"); ok {
			pending[pid] = head
			continue
		}
		if strings.HasPrefix(call, "<... ") {
			_, rest, _ := strings.Cut(call, " resumed>")
			call = pending[pid] + rest
			delete(pending, pid)
		}
		if i := strings.Index(call, "AT_FDCWD<"); i >= 0 {
			c, _, _ := strings.Cut(call[i+len("AT_FDCWD<"):], ">")
			cwd[pid] = c
			for _, p := range waiting[pid] {
				add(filepath.Join(c, p))
			}
			delete(waiting, pid)
		}
		name, args, ok := strings.Cut(call, "(")
		if !ok {
			continue
		}
		eq := strings.LastIndex(args, ") = ")
		if eq < 0 {
			continue
		}
		ret := args[eq+len(") = "):]
		switch name {
		case "openat", "open":
			// The flags are the argument after the path.
			if strings.Contains(args[:eq], "O_WRONLY") || strings.Contains(args[:eq], "O_DIRECTORY") {
				continue
			}
			if _, p, ok := strings.Cut(ret, "<"); ok {
				p, _, _ = strings.Cut(p, ">")
				add(p)
			}
		case "execve", "execveat":
			if !strings.HasPrefix(ret, "0") {
				continue
			}
			q := strings.Index(args, `"`)
			if q < 0 {
				continue
			}
			p, err := strconv.QuotedPrefix(args[q:])
			if err != nil {
				continue
			}
			p, _ = strconv.Unquote(p)
			if filepath.IsAbs(p) {
				add(filepath.Clean(p))
			} else {
				waiting[pid] = append(waiting[pid], p)
			}
		}
	}
	for pid, ps := range waiting {
		if c := cwd[pid]; c != "" {
			for _, p := range ps {
				add(filepath.Join(c, p))
			}
		}
	}
	return out
}

// TestStraceOpened reads a log as strace -f -y writes it: a call split
// by another process's, a relative execve resolved where its process
// runs, writes, folders, failures and files outside the project left
// out.
func TestStraceOpened(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "p")
	for _, f := range []string{"a.sh", "sub/b", "w.log", "mk", "x.py", "t"} {
		os.MkdirAll(filepath.Dir(filepath.Join(dir, f)), 0o755)
		os.WriteFile(filepath.Join(dir, f), nil, 0o755)
	}
	log := strings.NewReplacer("@D", dir, "@R", root).Replace(`10 execve("/usr/bin/bash", ["bash", "-c", "x"], 0x1 /* 3 vars */) = 0
10 openat(AT_FDCWD<@D>, "/etc/ld.so.cache", O_RDONLY|O_CLOEXEC) = 3</etc/ld.so.cache>
11 openat(AT_FDCWD<@D>, "a.sh", O_RDONLY <unfinished ...>
12 execve("./b", ["./b"], 0x1 /* 3 vars */) = 0
11 <... openat resumed>) = 3<@D/a.sh>
12 openat(AT_FDCWD<@D/sub>, "/etc/ld.so.cache", O_RDONLY|O_CLOEXEC) = 3</etc/ld.so.cache>
13 openat(AT_FDCWD<@D>, "w.log", O_WRONLY|O_CREAT|O_APPEND, 0666) = 3<@D/w.log>
13 openat(AT_FDCWD<@D>, "sub", O_RDONLY|O_NONBLOCK|O_CLOEXEC|O_DIRECTORY) = 3<@D/sub>
13 openat(AT_FDCWD<@D>, "gone.py", O_RDONLY) = -1 ENOENT (No such file or directory)
13 openat(AT_FDCWD<@D>, "mk", O_RDWR) = 4<@D/mk>
14 openat(AT_FDCWD<@R>, "p/x.py", O_RDONLY|O_CLOEXEC) = 3<@D/x.py>
14 execve("./t", ["./t"], 0x1 /* 3 vars */) = -1 ENOENT (No such file or directory)
15 openat(AT_FDCWD<@R>, "h/c.log", O_RDONLY) = 3<@R/h/c.log>
`)
	trace := filepath.Join(root, "trace")
	os.WriteFile(trace, []byte(log), 0o644)
	var got []string
	for p := range straceOpened(trace, dir) {
		got = append(got, strings.TrimPrefix(p, dir+"/"))
	}
	sort.Strings(got)
	if want := []string{"a.sh", "mk", "sub/b", "x.py"}; strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("straceOpened = %q, want %q", got, want)
	}
}

// TestWitnessSeesData checks the harness itself: a project file read by
// a program the analysis calls covered, not declared as data, is a miss
// strace reports; declared as data, it is not.
func TestWitnessSeesData(t *testing.T) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("bash is not installed")
	}
	path, strace := witnessEnv()
	if strace == "" {
		t.Skip(witnessStraceWhy)
	}
	t.Parallel()
	tc := witnessCase{cmd: "cat cfg.txt >/dev/null", files: map[string]string{"cfg.txt": "x\n"}}
	var n witnessCounts
	got := witnessOne(t, tc, bash, path, strace, t.TempDir(), &n)
	if !strings.Contains(got, "cfg.txt (opened, strace)") {
		t.Errorf("witnessOne(%q) = %q, want a miss of cfg.txt seen by strace", tc.cmd, got)
	}
	tc.data = []string{"cfg.txt"}
	if got := witnessOne(t, tc, bash, path, strace, t.TempDir(), &n); got != "" {
		t.Errorf("witnessOne(%q) with cfg.txt as data = %q, want no miss", tc.cmd, got)
	}
}
