package shellcmd

import (
	"path/filepath"
	"strconv"
	"strings"

	"github.com/gh-hooks/gh-hooks/internal/lazyre"
)

// git, whatever its subcommand, reads the repository it discovers from
// its folder (setup.c, setup_git_directory_gently_1): in each folder up
// from there, a .git folder or a gitfile ("gitdir: X"), then the folder
// itself as a bare repository (HEAD, objects/, refs/: a committed docs/
// of that shape is one). That repository's config can run commands
// (core.fsmonitor on every status, core.pager, alias.x=!..., filters)
// and its hooks run on commit, merge, checkout and more. So the config
// and every include it names are hashed and read: a key gitreach does
// not know to be inert makes the hook not covered, naming the key and
// the file; the hooks (.git/hooks or core.hooksPath) are followed as
// programs. GIT_DIR and the GIT_CONFIG_* variables are read by setVar.

// gitRepo follows the repository a git command reads. items are git's
// own options as parsed (-C was applied to st already).
func (w *walker) gitRepo(items []Item, st *state, depth int) {
	if w.files == nil || st.dir == "" {
		return
	}
	gitDir, work := "", ""
	for _, it := range items {
		switch it.Opt {
		case "--git-dir":
			gitDir = it.Value
		case "--work-tree":
			work = it.Value
		case "--bare":
			gitDir = "."
		}
	}
	if v, ok := st.vars["GIT_DIR"]; ok && gitDir == "" {
		gitDir = v
	}
	if gitDir != "" {
		if !filepath.IsAbs(gitDir) {
			gitDir = filepath.Join(st.dir, gitDir)
		}
		switch {
		case work == "":
			work = st.dir
		case !filepath.IsAbs(work):
			// --work-tree=w is from the folder git starts in, as
			// --git-dir is (git runs its commands at the work tree's top).
			work = filepath.Join(st.dir, work)
		}
		w.gitDir(filepath.Clean(gitDir), filepath.Clean(work), st, depth)
		return
	}
	for d := filepath.Clean(st.dir); w.within(d); d = filepath.Dir(d) {
		dot := filepath.Join(d, ".git")
		if data, _, ok := w.files.ReadFile(dot); ok {
			// A gitfile: "gitdir: PATH", relative to its folder.
			w.file(w.rel(dot), val{s: dot, known: true}, RoleManifest, st)
			line, _, _ := strings.Cut(string(data), "\n")
			p, ok := strings.CutPrefix(strings.TrimRight(line, "\r"), "gitdir: ")
			if !ok {
				w.unknown("git: " + w.rel(dot) + " is not a gitfile gh-hooks can read")
				return
			}
			if !filepath.IsAbs(p) {
				p = filepath.Join(d, p)
			}
			w.gitDir(filepath.Clean(p), d, st, depth)
			return
		}
		if w.isGitDir(dot) {
			w.gitDir(dot, d, st, depth)
			return
		}
		if w.isGitDir(d) {
			// A bare repository: git works in it, with no work tree.
			w.gitDir(d, "", st, depth)
			return
		}
		if d == filepath.Dir(d) {
			break
		}
	}
}

// within reports whether d is the project folder or inside it.
func (w *walker) within(d string) bool {
	return w.top != "" && (d == w.top || strings.HasPrefix(d, strings.TrimSuffix(w.top, "/")+"/"))
}

// isGitDir is git's is_git_directory, over-approximated: a HEAD file is
// enough (git also wants objects/ and refs/, but a folder that has only
// HEAD and config is read as one here rather than missed).
func (w *walker) isGitDir(d string) bool {
	_, _, ok := w.files.ReadFile(filepath.Join(d, "HEAD"))
	return ok
}

// gitDir follows a git directory: its config (and includes) and hooks.
// work is the work tree ("" for a bare repository).
func (w *walker) gitDir(dir, work string, st *state, depth int) {
	if !w.within(dir) {
		return // a repository outside the project is not the project's
	}
	if _, _, ok := w.files.ReadFile(filepath.Join(dir, "commondir")); ok {
		w.file(w.rel(filepath.Join(dir, "commondir")), val{s: filepath.Join(dir, "commondir"), known: true}, RoleManifest, st)
		w.unknown("git: a linked worktree (" + w.rel(filepath.Join(dir, "commondir")) + "): its common repository is not followed")
	}
	if key := "git " + dir + "\x00" + st.key(); w.followed[key] {
		return // a remote that names a repository already followed
	} else {
		put(&w.followed, key, true)
	}
	cfg := gitConfig{}
	w.gitConfigFile(filepath.Join(dir, "config"), st, &cfg, 0)
	w.gitCommands(&cfg, dir, work, st, depth)
	hooks := filepath.Join(dir, "hooks")
	if cfg.hooksPath != "" {
		hooks = cfg.hooksPath
		if strings.HasPrefix(hooks, "~") {
			w.unknown("git core.hooksPath in the home folder (" + hooks + "): not followed")
			return
		}
		if !filepath.IsAbs(hooks) {
			// Relative to where hooks run: the work tree's top, or the
			// git directory of a bare repository (githooks(5)).
			hooks = filepath.Join(or(work, dir), hooks)
		}
	}
	names, ok := w.files.ReadDir(hooks)
	if !ok {
		return
	}
	hst := st.copy()
	hst.dir = or(work, dir)
	for _, n := range names {
		if strings.HasSuffix(n, ".sample") {
			continue // git runs a hook only by its exact name
		}
		p := filepath.Join(hooks, n)
		if _, _, ok := w.files.ReadFile(p); !ok {
			continue
		}
		w.followProgram(w.file(w.rel(p), val{s: p, known: true}, RoleProgram, hst), hst, depth+1)
	}
}

// gitConfig is what gitreach takes from a repository's config.
type gitConfig struct {
	hooksPath string
	// cmds are the commands the config names (gitCommandKeys), remotes
	// the local repositories it fetches from or pushes to.
	cmds    []gitCommand
	remotes []string
}

// gitCommand is a config value git runs: key, value and the file.
type gitCommand struct{ key, value, file string }

// gitCommandKeys are the keys whose value git runs as a shell command
// line (run-command.c, use_shell), with what git appends to it: filters
// (convert.c: %f is the file's path), diff's textconv and external
// command, merge drivers (%O %A %B %L %P %S %X %Y), the editors, the
// pager, core.sshCommand and core.fsmonitor (a hook's path unless a
// boolean); core.askPass and gpg.program are programs git runs with
// arguments (prompt.c, gpg-interface.c). credential.helper is handled
// apart ("!cmd", a path, or git credential-NAME).
func gitCommandKeys(key string) string {
	switch key {
	case "filter.*.clean", "filter.*.smudge", "filter.*.process", "merge.*.driver", "core.pager", "pager.*":
		return ""
	case "diff.*.textconv":
		return ` "$GIT_DIFF_FILE"`
	case "diff.*.command":
		return ` "$GIT_DIFF_PATH" "$GIT_DIFF_FILE"`
	case "core.editor", "sequence.editor":
		return ` "$GIT_EDIT_FILE"`
	case "core.sshcommand":
		return " host git-upload-pack"
	case "core.fsmonitor":
		return " 2 0"
	case "core.askpass":
		return " Password:"
	case "gpg.program":
		return " --status-fd=2 -bsau key"
	case "gpg.*.program":
		return " -Y sign"
	}
	return ""
}

// gitPlaceholder stands for what git puts in for %f, %O ...: a path git
// chooses, unknown here (a command that runs it is not covered).
var gitPlaceholder = lazyre.New(`%[fOABLPSXY]`)

// gitCommands follows the commands a repository's config names, in the
// folder git runs them from (the work tree's top, or the git directory
// of a bare repository), and the local repositories of its remotes.
func (w *walker) gitCommands(cfg *gitConfig, dir, work string, st *state, depth int) {
	cst := st.copy()
	cst.dir = or(work, dir)
	// Which files a filter or driver gets is in the attributes files:
	// the work tree's .gitattributes from the current folder up, and
	// info/attributes (gitattributes(5)).
	w.probe(w.rel(filepath.Join(dir, "info", "attributes")), filepath.Join(dir, "info", "attributes"), RoleManifest)
	if work != "" && st.dir != "" {
		for d := st.dir; w.within(d) && strings.HasPrefix(d+"/", strings.TrimSuffix(work, "/")+"/"); d = filepath.Dir(d) {
			w.probe(w.rel(filepath.Join(d, ".gitattributes")), filepath.Join(d, ".gitattributes"), RoleManifest)
			if d == work {
				break
			}
		}
	}
	for _, c := range cfg.cmds {
		line := gitPlaceholder.Get().ReplaceAllString(c.value, `"$$GIT_PATH"`)
		what := "git config " + c.key + " in " + c.file
		switch {
		case c.key == "credential.helper" || c.key == "credential.*.helper":
			switch {
			case c.value == "":
				continue // resets the list
			case strings.HasPrefix(c.value, "!"):
				line = c.value[1:]
			case filepath.IsAbs(c.value):
			default:
				line = "git credential-" + c.value // credential.c
			}
			line += " get"
		case strings.HasSuffix(c.key, "askpass") || strings.HasSuffix(c.key, "program"):
			// Run as a program, not a shell line: a value with a
			// space is one path.
			if strings.ContainsAny(c.value, " \t'\"\\$`;&|<>(){}*?[]~#") {
				w.unknown(what + ": a program path gh-hooks does not split")
				continue
			}
			line = c.value + gitCommandKeys(c.key)
		default:
			line += gitCommandKeys(c.key)
		}
		run := cst.copy()
		if strings.HasPrefix(c.key, "filter.") {
			run.in = gitFileIn // the file's content on standard input
		}
		if err := w.script(line, run, depth+1); err != "" {
			w.unknown(what + ": a command line bash refuses")
		}
	}
	for _, r := range cfg.remotes {
		w.gitRemote(r, cst, depth)
	}
}

// gitRemote follows a remote that is a local repository (a path, or a
// file:// URL; urls.c is_url and transport.c): fetching runs
// git-upload-pack there and pushing its receive hooks, with its config.
func (w *walker) gitRemote(url string, st *state, depth int) {
	p := url
	switch {
	case strings.HasPrefix(url, "file://"):
		p = strings.TrimPrefix(url, "file://")
	case strings.Contains(url, "://"):
		return
	case strings.Contains(url, ":") && !strings.Contains(url[:strings.Index(url, ":")], "/"):
		return // host:path, over ssh
	}
	if strings.HasPrefix(p, "~") {
		return
	}
	if !filepath.IsAbs(p) {
		p = filepath.Join(st.dir, p)
	}
	p = filepath.Clean(p)
	if !w.within(p) {
		return
	}
	switch dot := filepath.Join(p, ".git"); {
	case w.isGitDir(dot):
		w.gitDir(dot, p, st, depth)
	case w.isGitDir(p):
		w.gitDir(p, "", st, depth)
	case w.exists(dot):
		w.unknown("git: a remote with a gitfile (" + w.rel(dot) + "): not followed")
	}
}

// gitInert are the config keys (section.key, or section.*.key with a
// subsection) that run nothing and name no file git loads; any other key
// in a project's repository config makes the hook not covered.
func gitInert(s string) bool {
	switch s {
	case "core.repositoryformatversion", "core.filemode", "core.bare", "core.logallrefupdates",
		"core.ignorecase", "core.precomposeunicode", "core.symlinks", "core.autocrlf",
		"core.eol", "core.safecrlf", "core.quotepath", "core.abbrev", "core.checkstat",
		"core.trustctime", "core.untrackedcache", "core.sparsecheckout", "core.sparsecheckoutcone",
		"core.commitgraph", "core.multipackindex", "core.preloadindex", "core.compression",
		"remote.*.fetch", "remote.*.push", "remote.*.tagopt",
		"remote.*.prune", "remote.*.mirror", "remote.*.promisor", "remote.*.partialclonefilter",
		"branch.*.remote", "branch.*.merge", "branch.*.rebase", "branch.*.pushremote",
		"branch.*.description", "user.name", "user.email", "user.signingkey",
		"init.defaultbranch", "pull.rebase", "pull.ff", "push.default", "push.autosetupremote",
		"fetch.prune", "fetch.prunetags", "merge.ff", "merge.conflictstyle",
		"rebase.autosquash", "rebase.autostash", "extensions.objectformat", "extensions.refstorage",
		"extensions.partialclone", "extensions.preciousobjects", "gc.auto", "gc.autodetach",
		"submodule.*.url", "submodule.*.active", "submodule.active", "index.version",
		"lfs.repositoryformatversion", "status.showuntrackedfiles", "advice.*", "color.*",
		// The attributes of a driver whose command is followed: a name, a
		// boolean, a regular expression, another driver's name.
		"filter.*.required", "merge.*.name", "merge.*.recursive", "diff.*.binary",
		"diff.*.xfuncname", "diff.*.funcname", "diff.*.wordregex", "diff.*.cachetextconv",
		"diff.*.algorithm", "commit.gpgsign", "tag.gpgsign", "gpg.format":
		return true
	}
	return false
}

// gitConfigFile hashes and reads one config file of a project repository.
func (w *walker) gitConfigFile(p string, st *state, cfg *gitConfig, level int) {
	if level > 10 {
		w.unknown("git config includes more than 10 deep") // config.c MAX_INCLUDE_DEPTH
		return
	}
	data, real, ok := w.files.ReadFile(p)
	if !ok {
		return
	}
	name := w.rel(real)
	w.file(name, val{s: p, known: true}, RoleManifest, st)
	entries, line := parseGitConfig(string(data))
	if line > 0 {
		w.unknown("git config " + name + ":" + strconv.Itoa(line) + ": a line gh-hooks cannot read")
		return
	}
	for _, e := range entries {
		key := e.section + "." + e.key
		if e.sub != "" {
			key = e.section + ".*." + e.key
		}
		switch {
		case key == "include.path" || e.section == "includeif" && e.key == "path":
			// Followed whatever includeIf's condition: it may hold.
			inc := e.value
			switch {
			case strings.HasPrefix(inc, "~"):
				w.unknown("git config " + name + " includes " + inc + " (the home folder): not followed")
				continue
			case !filepath.IsAbs(inc):
				inc = filepath.Join(filepath.Dir(p), inc)
			}
			if !w.within(filepath.Clean(inc)) {
				w.unknown("git config " + name + " includes " + inc + ", outside the project: not followed")
				continue
			}
			w.gitConfigFile(filepath.Clean(inc), st, cfg, level+1)
		case key == "core.hookspath":
			cfg.hooksPath = e.value
		case key == "core.fsmonitor" && (gitFalse(e.value) || gitTrue(e.value)):
			// false, or true: git's own daemon.
		case gitCommandKeys(key) != "" || key == "filter.*.clean" || key == "filter.*.smudge" || key == "filter.*.process" ||
			key == "merge.*.driver" || key == "core.pager" || key == "credential.helper" || key == "credential.*.helper" ||
			e.section == "pager" && e.sub == "":
			if e.section == "pager" {
				key = "pager.*"
				if gitFalse(e.value) || gitTrue(e.value) {
					continue
				}
			}
			cfg.cmds = append(cfg.cmds, gitCommand{key: key, value: e.value, file: name})
		case key == "remote.*.url" || key == "remote.*.pushurl":
			cfg.remotes = append(cfg.remotes, e.value)
		case key == "uploadpack.packobjectshook":
			// Used only from protected configuration (the user's and
			// the system's), never from a repository's (git-config(1)).
		case gitInert(key), gitInert(e.section + ".*"):
		default:
			w.unknown("git config " + key + " in " + name + ": a key that can run a command or load a file: not followed")
		}
	}
}

// gitTrue is git's true boolean.
func gitTrue(v string) bool {
	switch strings.ToLower(v) {
	case "true", "yes", "on", "1":
		return true
	}
	return false
}

// gitFalse is git's false boolean.
func gitFalse(v string) bool {
	switch strings.ToLower(v) {
	case "false", "no", "off", "0", "":
		return true
	}
	return false
}

// gitEntry is one variable of a git config file: section and key in
// lower case, the subsection as written.
type gitEntry struct {
	section, sub, key, value string
}

// parseGitConfig reads a git config file as config.c does (git-config(1),
// "Syntax"): [section], [section "sub"], the old [section.sub], a
// variable with or without "= value" (on the header's line too), # and ;
// comments, quotes, the escapes \n \t \b \" \\ and a backslash at the
// end of a line. It returns the 1-based line of the first thing it cannot
// read (0 when all is read): then nothing of the file is trusted.
func parseGitConfig(s string) ([]gitEntry, int) {
	var out []gitEntry
	section, sub := "", ""
	line, i := 1, 0
	if strings.HasPrefix(s, "\uFEFF") {
		i = 3
	}
	isKeyChar := func(c byte) bool {
		return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-'
	}
	for i < len(s) {
		c := s[i]
		switch {
		case c == '\n':
			line++
			i++
		case c == ' ' || c == '\t' || c == '\r':
			i++
		case c == '#' || c == ';':
			for i < len(s) && s[i] != '\n' {
				i++
			}
		case c == '[':
			i++
			start := i
			for i < len(s) && (isKeyChar(s[i]) || s[i] == '.') {
				i++
			}
			if i >= len(s) {
				return nil, line
			}
			section, sub = strings.ToLower(s[start:i]), ""
			if section == "" {
				return nil, line
			}
			if s[i] == ' ' || s[i] == '\t' {
				for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
					i++
				}
				if i >= len(s) || s[i] != '"' {
					return nil, line
				}
				i++
				var b strings.Builder
				for i < len(s) && s[i] != '"' {
					if s[i] == '\n' {
						return nil, line
					}
					if s[i] == '\\' && i+1 < len(s) && s[i+1] != '\n' {
						i++
					}
					b.WriteByte(s[i])
					i++
				}
				if i+1 >= len(s) || s[i+1] != ']' {
					return nil, line
				}
				sub = b.String()
				i += 2
				continue
			}
			if s[i] != ']' {
				return nil, line
			}
			i++
			if sec, rest, ok := strings.Cut(section, "."); ok {
				section, sub = sec, rest // [section.sub], lower-cased
			}
		case c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z':
			if section == "" {
				return nil, line
			}
			start := i
			for i < len(s) && isKeyChar(s[i]) {
				i++
			}
			key := strings.ToLower(s[start:i])
			for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
				i++
			}
			value := "true"
			if i < len(s) && s[i] == '=' {
				i++
				var ok bool
				if value, i, line, ok = gitConfigValue(s, i, line); !ok {
					return nil, line
				}
			} else if i < len(s) && s[i] != '\n' && s[i] != '\r' && s[i] != '#' && s[i] != ';' {
				return nil, line
			}
			out = append(out, gitEntry{section: section, sub: sub, key: key, value: value})
		default:
			return nil, line
		}
	}
	return out, 0
}

// gitConfigValue reads a variable's value from s[i:], after its "=", up
// to the end of its line (or of its last continued line). It returns the
// value, where reading stopped and the line there, or false (with that
// line) when the value cannot be read.
func gitConfigValue(s string, i, line int) (string, int, int, bool) {
	var b strings.Builder
	quoted := false
	trail := 0 // spaces written outside quotes, trimmed at the end
value:
	for i < len(s) {
		c := s[i]
		switch {
		case c == '\n':
			if quoted {
				return "", i, line, false
			}
			break value
		case c == '\\':
			if i+1 >= len(s) {
				return "", i, line, false
			}
			i++
			switch s[i] {
			case '\n':
				line++
			case 'n':
				b.WriteByte('\n')
			case 't':
				b.WriteByte('\t')
			case 'b':
				b.WriteByte('\b')
			case '"', '\\':
				b.WriteByte(s[i])
			case '\r':
				if i+1 < len(s) && s[i+1] == '\n' {
					i++
					line++
					break
				}
				return "", i, line, false
			default:
				return "", i, line, false
			}
			trail = 0
		case c == '"':
			quoted = !quoted
			trail = 0
		case (c == '#' || c == ';') && !quoted:
			for i < len(s) && s[i] != '\n' {
				i++
			}
			break value
		case (c == ' ' || c == '\t') && !quoted:
			if b.Len() > 0 {
				b.WriteByte(c)
				trail++
			}
		case c == '\r' && i+1 < len(s) && s[i+1] == '\n' && !quoted:
		default:
			b.WriteByte(c)
			trail = 0
		}
		i++
	}
	if quoted {
		return "", i, line, false
	}
	v := b.String()
	return v[:len(v)-trail], i, line, true
}
