//go:build unix

package cli

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"github.com/gh-hooks/gh-hooks/internal/testenv"
	"github.com/google/go-cmp/cmp"
)

// The hostile-repository catalogue (issue 17): what a cloned repository
// can plant in its tree to make gh-hooks write outside it, hang, or leave
// litter. Each case plants something in the project, runs a command as a
// user would, and asserts the safe behaviour (exit code, message) and
// that nothing outside the project changed: the fake home (user settings,
// ~/.profile) and a directory beside the project are snapshotted before
// and after.

type hostileCase struct {
	name string
	// plant builds the hostile tree; h has the paths.
	plant func(t *testing.T, h *hostileEnv)
	// args are the command (--project PROJECT is prepended).
	args []string
	code int
	// stderr and stdout are regexps (HOME, PROJECT, OUTSIDE replaced by
	// the quoted paths); "" checks nothing.
	stderr, stdout string
	// outsideChanges lists the paths (HOME/..., OUTSIDE/...) that may
	// change: only with --allow-outside-project.
	outsideChanges []string
	// after checks the project afterwards.
	after func(t *testing.T, h *hostileEnv)
}

type hostileEnv struct {
	home, project, outside string
}

func (h *hostileEnv) gemini(p ...string) string {
	return filepath.Join(append([]string{h.project, ".gemini"}, p...)...)
}

const (
	userSettings  = `{"hooks": {"BeforeTool": [{"hooks": [{"name": "user-hook", "type": "command", "command": "echo user"}]}]}}` + "\n"
	claudeHooks   = `{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "echo claude"}]}]}}` + "\n"
	projectHookJS = `{"hooks": {"BeforeTool": [{"hooks": [{"name": "proj", "type": "command", "command": "echo proj"}]}]}}` + "\n"
)

func addArgs(extra ...string) []string {
	return append([]string{"add", "--event", "BeforeTool", "--name", "planted", "--command", "echo hi"}, extra...)
}

func hostileCases() []hostileCase {
	refused := func(link, target string) string {
		return `(?s)^gh-hooks: .*cannot write: ` + link + ` is a symbolic link to ` + target + `, outside the project PROJECT\nhint: a repository can plant such a link .*rm '?` + link + `.*--allow-outside-project`
	}
	linkSettingsTo := func(target string) func(t *testing.T, h *hostileEnv) {
		return func(t *testing.T, h *hostileEnv) {
			symlink(t, strings.NewReplacer("HOME", h.home, "OUTSIDE", h.outside).Replace(target), h.gemini("settings.json"))
		}
	}
	return []hostileCase{
		{name: "add through settings.json linked to the user settings", plant: linkSettingsTo("HOME/.gemini/settings.json"),
			args: addArgs(), code: 1, stderr: refused("PROJECT/.gemini/settings.json", "HOME/.gemini/settings.json")},
		{name: "add --dry-run through the link is refused too", plant: linkSettingsTo("HOME/.gemini/settings.json"),
			args: addArgs("--dry-run"), code: 1, stderr: refused("PROJECT/.gemini/settings.json", "HOME/.gemini/settings.json")},
		{name: "disable through settings.json linked to the user settings", plant: linkSettingsTo("HOME/.gemini/settings.json"),
			args: []string{"disable", "--scope", "project", "user-hook"}, code: 1, stderr: refused("PROJECT/.gemini/settings.json", "HOME/.gemini/settings.json")},
		{name: "remove through settings.json linked to the user settings", plant: linkSettingsTo("HOME/.gemini/settings.json"),
			args: []string{"remove", "--scope", "project", "user-hook"}, code: 1, stderr: refused("PROJECT/.gemini/settings.json", "HOME/.gemini/settings.json")},
		{name: "add through settings.json linked to ~/.profile", plant: linkSettingsTo("HOME/.profile"),
			args: addArgs(), code: 1, stderr: refused("PROJECT/.gemini/settings.json", "HOME/.profile")},
		{name: "relative link climbing out", plant: linkSettingsTo("../../home/.gemini/settings.json"),
			args: addArgs(), code: 1, stderr: refused("PROJECT/.gemini/settings.json", `\.\./\.\./home/\.gemini/settings\.json`)},
		{name: "dangling link creates no directory outside", plant: linkSettingsTo("HOME/new/dir/settings.json"),
			args: addArgs(), code: 1, stderr: refused("PROJECT/.gemini/settings.json", "HOME/new/dir/settings.json")},
		{name: "link through a second link", plant: func(t *testing.T, h *hostileEnv) {
			symlink(t, "hop.json", h.gemini("settings.json"))
			symlink(t, filepath.Join(h.home, ".gemini", "settings.json"), h.gemini("hop.json"))
		}, args: addArgs(), code: 1, stderr: refused("PROJECT/.gemini/hop.json", "HOME/.gemini/settings.json")},
		{name: ".gemini linked to ~/.gemini", plant: func(t *testing.T, h *hostileEnv) {
			os.RemoveAll(h.gemini())
			symlink(t, filepath.Join(h.home, ".gemini"), h.gemini())
		}, args: addArgs(), code: 1, stderr: refused("PROJECT/.gemini", "HOME/.gemini")},
		{name: "trust baseline --write through a planted baseline link", plant: func(t *testing.T, h *hostileEnv) {
			write(t, h.gemini("settings.json"), projectHookJS, 0o644)
			symlink(t, filepath.Join(h.home, ".gemini", "settings.json"), h.gemini("gh-hooks-trust.json"))
		}, args: []string{"trust", "baseline", "--write"}, code: 1, stderr: refused("PROJECT/.gemini/gh-hooks-trust.json", "HOME/.gemini/settings.json")},
		{name: "trust baseline --write through a dangling link to ~/.bash_profile", plant: func(t *testing.T, h *hostileEnv) {
			write(t, h.gemini("settings.json"), projectHookJS, 0o644)
			symlink(t, filepath.Join(h.home, ".bash_profile"), h.gemini("gh-hooks-trust.json"))
		}, args: []string{"trust", "baseline", "--write"}, code: 1, stderr: refused("PROJECT/.gemini/gh-hooks-trust.json", "HOME/.bash_profile")},
		{name: "migrate through settings.json linked to the user settings", plant: func(t *testing.T, h *hostileEnv) {
			write(t, filepath.Join(h.project, ".claude", "settings.json"), claudeHooks, 0o644)
			symlink(t, filepath.Join(h.home, ".gemini", "settings.json"), h.gemini("settings.json"))
		}, args: []string{"migrate"}, code: 1, stderr: refused("PROJECT/.gemini/settings.json", "HOME/.gemini/settings.json")},
		{name: "migrate commands through a .gemini/commands link", plant: func(t *testing.T, h *hostileEnv) {
			write(t, filepath.Join(h.project, ".claude", "commands", "review.md"), "Review the code.\n", 0o644)
			mkdir(t, filepath.Join(h.home, ".gemini", "commands"))
			symlink(t, filepath.Join(h.home, ".gemini", "commands"), h.gemini("commands"))
		}, args: []string{"migrate"}, code: 1, stderr: refused("PROJECT/.gemini/commands", "HOME/.gemini/commands")},
		{name: "migrate --force through a command file linked to ~/.bashrc", plant: func(t *testing.T, h *hostileEnv) {
			write(t, filepath.Join(h.project, ".claude", "commands", "review.md"), "Review the code.\n", 0o644)
			write(t, filepath.Join(h.home, ".bashrc"), "alias ll='ls -l'\n", 0o644)
			mkdir(t, h.gemini("commands"))
			symlink(t, filepath.Join(h.home, ".bashrc"), h.gemini("commands", "review.toml"))
		}, args: []string{"migrate", "--force"}, code: 1, stderr: refused("PROJECT/.gemini/commands/review.toml", "HOME/.bashrc")},
		{name: "a temp-file name planted as a link or a directory is left alone", plant: func(t *testing.T, h *hostileEnv) {
			write(t, h.gemini("settings.json"), "{}\n", 0o644)
			symlink(t, filepath.Join(h.home, ".profile"), h.gemini(".settings.json.tmp-99"))
			write(t, h.gemini(".settings.json.tmp-100", "inside"), "x", 0o644)
		}, args: addArgs(), code: 0, after: func(t *testing.T, h *hostileEnv) {
			if _, err := os.Lstat(h.gemini(".settings.json.tmp-99")); err != nil {
				t.Errorf("planted link removed: %v", err)
			}
			if _, err := os.Stat(h.gemini(".settings.json.tmp-100", "inside")); err != nil {
				t.Errorf("planted directory removed: %v", err)
			}
		}},
		{name: "--allow-outside-project writes through the link, naming the real file", plant: linkSettingsTo("OUTSIDE/shared.json"),
			args: append([]string{"--allow-outside-project"}, addArgs()...), code: 0,
			stdout: `^added project/BeforeTool/0/0 to OUTSIDE/shared\.json\n$`, outsideChanges: []string{"OUTSIDE/shared.json"}},
		{name: "a link inside the project is followed and named", plant: func(t *testing.T, h *hostileEnv) {
			write(t, filepath.Join(h.project, "conf", "gemini.json"), "{}\n", 0o644)
			symlink(t, "../conf/gemini.json", h.gemini("settings.json"))
		}, args: addArgs(), code: 0, stdout: `^added project/BeforeTool/0/0 to PROJECT/conf/gemini\.json\n$`,
			after: func(t *testing.T, h *hostileEnv) {
				if fi, err := os.Lstat(h.gemini("settings.json")); err != nil || fi.Mode()&os.ModeSymlink == 0 {
					t.Errorf("the link was replaced: %v", err)
				}
			}},
		{name: "settings.json is a FIFO: refused without blocking", plant: func(t *testing.T, h *hostileEnv) {
			if err := testenv.Mkfifo(h.gemini("settings.json"), 0o644); err != nil {
				t.Skipf("no FIFOs: %v", err)
			}
		}, args: addArgs(), code: 1, stderr: `PROJECT/\.gemini/settings\.json:1:1: cannot read file: not a regular file but a named pipe`},
		{name: "settings.json is a FIFO: trust audit does not block", plant: func(t *testing.T, h *hostileEnv) {
			if err := testenv.Mkfifo(h.gemini("settings.json"), 0o644); err != nil {
				t.Skipf("no FIFOs: %v", err)
			}
		}, args: []string{"trust", "audit"}, code: 1, stderr: `not a regular file but a named pipe`},
		{name: "a Claude command planted as a FIFO: migrate does not block", plant: func(t *testing.T, h *hostileEnv) {
			mkdir(t, filepath.Join(h.project, ".claude", "commands"))
			if err := testenv.Mkfifo(filepath.Join(h.project, ".claude", "commands", "review.md"), 0o644); err != nil {
				t.Skipf("no FIFOs: %v", err)
			}
		}, args: []string{"migrate"}, code: 1, stderr: `PROJECT/\.claude/commands/review\.md: read claude command: .*not a regular file but a named pipe \(FIFO\)`},
		{name: "a migrated command's target planted as a FIFO is kept unread", plant: func(t *testing.T, h *hostileEnv) {
			write(t, filepath.Join(h.project, ".claude", "commands", "review.md"), "Review the code.\n", 0o644)
			mkdir(t, h.gemini("commands"))
			if err := testenv.Mkfifo(h.gemini("commands", "review.toml"), 0o644); err != nil {
				t.Skipf("no FIFOs: %v", err)
			}
		}, args: []string{"migrate", "--force"}, code: 0, stdout: `(?s)review\.toml.*not a regular file but a named pipe \(FIFO\); not overwritten`,
			after: func(t *testing.T, h *hostileEnv) {
				if fi, err := os.Lstat(h.gemini("commands", "review.toml")); err != nil || fi.Mode()&os.ModeNamedPipe == 0 {
					t.Errorf("the FIFO was replaced: %v", err)
				}
			}},
		{name: "a 65 MiB settings file is refused unread", plant: func(t *testing.T, h *hostileEnv) {
			write(t, h.gemini("settings.json"), "{}", 0o644)
			if err := os.Truncate(h.gemini("settings.json"), 65<<20); err != nil {
				t.Fatal(err)
			}
		}, args: []string{"effective"}, code: 1, stderr: `PROJECT/\.gemini/settings\.json:1:1: Gemini CLI will not start`,
			stdout: `PROJECT/\.gemini/settings\.json:1:1: error: .*68157440 bytes, more than the 64 MiB gh-hooks reads`},
		{name: "100,000 nested arrays fail fast", plant: func(t *testing.T, h *hostileEnv) {
			write(t, h.gemini("settings.json"), `{"x": `+strings.Repeat("[", 100000), 0o644)
		}, args: addArgs(), code: 1, stderr: `PROJECT/\.gemini/settings\.json:1:1006: nesting deeper than 1000 levels`},
		{name: "a killed writer's temp file is cleaned, no lock file is left", plant: func(t *testing.T, h *hostileEnv) {
			write(t, h.gemini("settings.json"), "{}\n", 0o644)
			write(t, h.gemini(".settings.json.tmp-1234567"), strings.Repeat("x", 1<<20), 0o600)
			write(t, h.gemini(".settings.json.tmp-notours"), "keep", 0o600)
		}, args: addArgs(), code: 0, after: func(t *testing.T, h *hostileEnv) {
			ents, _ := os.ReadDir(h.gemini())
			var names []string
			for _, e := range ents {
				names = append(names, e.Name())
			}
			if d := cmp.Diff([]string{".settings.json.tmp-notours", "settings.json"}, names); d != "" {
				t.Errorf(".gemini (-want +got):\n%s", d)
			}
		}},
		{name: "a process holding the lock: give up after GH_HOOKS_LOCK_TIMEOUT, naming it", plant: func(t *testing.T, h *hostileEnv) {
			t.Setenv("GH_HOOKS_LOCK_TIMEOUT", "200ms")
			d, err := os.Open(h.gemini())
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { d.Close() })
			if err := syscall.Flock(int(d.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
				t.Skipf("no flock: %v", err)
			}
		}, args: addArgs(), code: 1,
			stderr: `(?s)^gh-hooks: PROJECT/\.gemini/settings\.json: cannot lock: timed out after 200ms waiting for pid ` + strconv.Itoa(os.Getpid()) + ` \(.*\), which holds the lock on PROJECT/\.gemini\nhint: if process [0-9]+ is stopped \(kill -CONT [0-9]+\) or hung \(kill [0-9]+\), let it finish or end it, then run again; GH_HOOKS_LOCK_TIMEOUT=30s waits longer\n$`},
		{name: "a read-only settings file is not replaced", plant: func(t *testing.T, h *hostileEnv) {
			write(t, h.gemini("settings.json"), "{}\n", 0o444)
		}, args: addArgs(), code: 1, stderr: `(?s)PROJECT/\.gemini/settings\.json: cannot write: file is read-only \(mode 0444\)\nhint: chmod u\+w`},
		{name: "a planted hook is not run by editing commands", plant: func(t *testing.T, h *hostileEnv) {
			write(t, h.gemini("settings.json"), `{"hooks": {"SessionStart": [{"hooks": [{"type": "command", "command": "touch `+filepath.Join(h.outside, "pwned")+`"}]}]}}`, 0o644)
		}, args: []string{"validate"}, code: 0},
	}
}

func TestHostileRepository(t *testing.T) {
	for _, tt := range hostileCases() {
		t.Run(tt.name, func(t *testing.T) {
			home, project := hermetic(t)
			t.Setenv("GEMINI_CLI_TRUST_WORKSPACE", "true")
			h := &hostileEnv{home: home, project: project, outside: filepath.Join(filepath.Dir(home), "outside")}
			write(t, filepath.Join(home, ".gemini", "settings.json"), userSettings, 0o644)
			write(t, filepath.Join(home, ".profile"), "export PATH=$HOME/bin:$PATH\n", 0o644)
			write(t, filepath.Join(h.outside, "shared.json"), "{}\n", 0o644)
			tt.plant(t, h)
			before := map[string]map[string]string{"HOME": testenv.Tree(t, home), "OUTSIDE": testenv.Tree(t, h.outside)}
			code, stdout, stderr := runGuarded(t, nil, append([]string{"--project", project}, tt.args...))
			if code != tt.code {
				t.Errorf("exit %d, want %d\nstdout: %s\nstderr: %s", code, tt.code, stdout, stderr)
			}
			re := func(s string) *regexp.Regexp {
				s = strings.NewReplacer("PROJECT", regexp.QuoteMeta(project), "HOME", regexp.QuoteMeta(home), "OUTSIDE", regexp.QuoteMeta(h.outside)).Replace(s)
				return regexp.MustCompile(s)
			}
			if tt.stderr != "" && !re(tt.stderr).MatchString(stderr) {
				t.Errorf("stderr %q does not match %q", stderr, tt.stderr)
			}
			if tt.stdout != "" && !re(tt.stdout).MatchString(stdout) {
				t.Errorf("stdout %q does not match %q", stdout, tt.stdout)
			}
			for name, dir := range map[string]string{"HOME": home, "OUTSIDE": h.outside} {
				after := testenv.Tree(t, dir)
				for _, c := range tt.outsideChanges {
					if rel, ok := strings.CutPrefix(c, name); ok {
						if cmp.Equal(before[name][rel], after[rel]) {
							t.Errorf("%s did not change", c)
						}
						delete(after, rel)
						delete(before[name], rel)
					}
				}
				if d := cmp.Diff(before[name], after); d != "" {
					t.Errorf("%s changed (-before +after):\n%s", name, d)
				}
			}
			if tt.after != nil {
				tt.after(t, h)
			}
		})
	}
}
