package shellcmd

import (
	"strings"
	"sync"
)

// The rows of the program table (programs.go). Each grammar is the
// program's own (its getopt string or option parser, named in the
// comment where it is not plain getopt); an option a row does not list
// makes the command not covered, so a row lists every option of the
// program that a hook is likely to use, and the ones that run code.

// u is a shorthand for an option's one Use.
func u(k Kind) []Use { return []Use{{Kind: k}} }

// shellRow is the grammar of bash and the shells that read it (bash(1),
// OPTIONS and INVOCATION; sh, dash and ksh take the same letters that
// matter here): -c makes the first operand code, -s reads code from
// stdin, --rcfile and --init-file are read at start (interactive).
func shellRow(names ...string) *Row {
	return &Row{
		Names: names, Lang: "sh", Short: "+abefhkmnptuvxBCHPilrsDEcTO:o:", Plus: true, Stdin: true,
		Long: []string{"debug", "debugger", "dump-po-strings", "dump-strings", "help", "init-file=", "rcfile=", "login",
			"noediting", "noprofile", "norc", "posix", "protected", "restricted", "verbose", "version", "pretty-print"},
		Opts: map[string][]Use{
			"-c": {{Kind: KindOperand, As: KindCode}}, "-s": {{Kind: KindOperand, As: KindStdin}},
			"--rcfile": u(KindRC), "--init-file": u(KindRC),
			"-O": u(KindShellOpt), "+O": u(KindShellOpt), "-o": u(KindShellOpt), "+o": u(KindShellOpt),
			"--posix": {{Kind: KindShellOpt}}, "-x": u(KindShellOpt), "-k": u(KindShellOpt),
		},
		Operands: []Kind{KindScript},
	}
}

// wrap is a program that runs the command after its options and lead
// operands (timeout's duration).
func wrap(names []string, short string, long []string, opts map[string][]Use, lead int) *Row {
	ops := make([]Kind, lead, lead+1)
	return &Row{Names: names, Short: "+" + short, Long: long, Opts: opts, Operands: append(ops, KindCommand)}
}

func pure(names ...string) *Row { return &Row{Names: names, Pure: true} }

// nodeLong are node's options (node --help, v22): those that load code
// are Preload, Code or NotCovered.
var nodeLong = []string{"eval=|e", "print=|p", "require=|r", "import=", "loader=", "experimental-loader=", "check|c",
	"interactive|i", "help|h", "version|v", "conditions=|C", "env-file=", "env-file-if-exists=", "input-type=",
	"inspect=?", "inspect-brk=?", "inspect-port=", "inspect-wait=?", "enable-source-maps", "no-warnings",
	"no-deprecation", "trace-warnings", "trace-deprecation", "trace-uncaught", "throw-deprecation", "pending-deprecation",
	"max-old-space-size=", "max-semi-space-size=", "stack-size=", "stack-trace-limit=", "title=", "unhandled-rejections=",
	"experimental-strip-types", "no-experimental-strip-types", "experimental-transform-types", "experimental-default-type=",
	"experimental-vm-modules", "experimental-specifier-resolution=", "experimental-json-modules", "experimental-wasm-modules",
	"experimental-import-meta-resolve", "experimental-require-module", "no-experimental-require-module",
	"experimental-detect-module", "no-experimental-detect-module", "no-experimental-fetch", "experimental-websocket",
	"preserve-symlinks", "preserve-symlinks-main", "abort-on-uncaught-exception", "disable-proto=", "frozen-intrinsics",
	"heapsnapshot-near-heap-limit=", "max-http-header-size=", "no-addons", "no-global-search-paths", "openssl-legacy-provider",
	"test", "test-only", "watch", "watch-path=", "watch-preserve-output", "run=", "tsconfig=", "expose-gc", "jitless",
	"icu-data-dir=", "openssl-config=", "experimental-loader=", "experimental-policy=", "snapshot-blob=", "build-snapshot",
	"experimental-sea-config=", "experimental-network-imports", "experimental-permission", "permission",
	"allow-fs-read=", "allow-fs-write=", "allow-child-process", "allow-worker", "allow-addons", "allow-wasi",
	"redirect-warnings=", "report-on-signal", "diagnostic-dir=", "cpu-prof", "heap-prof", "prof", "secure-heap=",
	"use-openssl-ca", "use-bundled-ca", "dns-result-order=", "no-network-family-autoselection", "trace-exit",
	"trace-sigint", "trace-sync-io", "zero-fill-buffers", "v8-options", "completion-bash", "no-force-async-hooks-checks"}

// nodeRow is node's grammar; tsx, ts-node and vite-node take node's
// options for what matters here. long is withValues(nodeLong,
// nodeWithArg), which the rows share.
func nodeRow(long []string, names ...string) *Row {
	return &Row{
		Names: names, Lang: "node", Short: "+e:p:r:C:cihv", Long: long, Stdin: true, Alias: map[string]string{"-pe": "-e"},
		// Preloads, --env-file, --run, --test and config files are read
		// by node's follower (walker.nodeOptions, node.go), which gets
		// every option.
		Opts: map[string][]Use{
			"-e": u(KindCode), "-p": u(KindCode), "-c": u(KindNoRun), "-r": u(KindPreload), "--import": u(KindPreload),
			"--loader": u(KindPreload), "--experimental-loader": u(KindPreload), "--env-file": u(KindConfig),
			"--env-file-if-exists": u(KindConfig), "--run": u(KindNotCovered), "--test": u(KindNotCovered),
			"--snapshot-blob": u(KindConfig), "--openssl-config": u(KindConfig), "--experimental-policy": u(KindConfig), "--build-snapshot": u(KindNotCovered),
			"--experimental-sea-config": u(KindConfig), "--experimental-network-imports": u(KindNotCovered),
		},
		Operands: []Kind{KindScript},
	}
}

// pythonRow is CPython's grammar (python3 --help, 3.13): -c and -m end
// the options; -W's category is imported (warnings._getcategory).
func pythonRow(names ...string) *Row {
	return &Row{
		Names: names, Lang: "python", Short: "+bBc:dEhiIm:OPqsSuvVW:xX:?", Stdin: true,
		Long: []string{"check-hash-based-pycs=", "help", "help-env", "help-xoptions", "help-all", "version"},
		Opts: map[string][]Use{
			"-c": {{Kind: KindCode, Stop: true}}, "-m": {{Kind: KindModule, Stop: true}},
			"-W": {{Kind: KindPyWarning}},
		},
		Operands: []Kind{KindScript},
	}
}

// KindPyWarning is python -W ACTION:MESSAGE:CATEGORY:MODULE:LINE, whose
// category names a class that Python imports from its module.
const KindPyWarning Kind = "python-warning"

var table = sync.OnceValue(func() []*Row {
	tar := &Row{
		// GNU tar (tar --help, 1.35); the first word may be old-style
		// letters without a dash (tar xzf a.tgz). --to-command,
		// --use-compress-program, --info-script and checkpoint exec= run
		// through /bin/sh -c (system.c, xexec).
		Names: []string{"tar", "gtar"}, HashArgs: true, Short: "AcdrtuxzjJaZvVkmOpPhlSWBiMGgnqs3T:f:C:b:F:I:K:L:N:V:X:H:g:", OldStyle: true,
		Long: []string{"catenate|A", "concatenate|A", "create|c", "diff|d", "compare|d", "delete", "append|r", "list|t",
			"update|u", "extract|x", "get|x", "gzip|z", "gunzip|z", "bzip2|j", "xz|J", "lzip", "lzma", "lzop", "zstd",
			"auto-compress|a", "compress|Z", "verbose|v", "label=|V", "keep-old-files|k", "touch|m", "to-stdout|O",
			"preserve-permissions|p", "absolute-names|P", "dereference|h", "sparse|S", "verify|W", "ignore-zeros|i",
			"multi-volume|M", "listed-incremental=|g", "incremental|G", "files-from=|T", "file=|f", "directory=|C",
			"blocking-factor=|b", "info-script=|F", "new-volume-script=|F", "use-compress-program=|I", "starting-file=|K",
			"tape-length=|L", "newer=|N", "after-date=|N", "exclude-from=|X", "format=|H", "exclude=", "strip-components=",
			"transform=", "xform=", "owner=", "group=", "mode=", "mtime=", "numeric-owner", "no-same-owner", "same-owner",
			"no-same-permissions", "overwrite", "skip-old-files", "keep-newer-files", "no-recursion", "recursion",
			"wildcards", "no-wildcards", "anchored", "ignore-case", "null", "totals=?", "checkpoint=?", "checkpoint-action=",
			"to-command=", "rsh-command=", "rmt-command=", "index-file=", "volno-file=", "exclude-vcs", "exclude-vcs-ignores",
			"exclude-caches", "exclude-backups", "one-file-system", "show-transformed-names", "warning=", "sort=",
			"remove-files", "xattrs", "no-xattrs", "acls", "no-acls", "selinux", "no-selinux", "pax-option=", "posix",
			"occurrence=?", "unlink-first|U", "recursive-unlink", "backup=?", "suffix=", "quoting-style=", "utc",
			"full-time", "help", "usage", "version", "show-defaults", "force-local", "record-size=", "no-overwrite-dir",
			"delay-directory-restore", "hard-dereference", "level=", "interactive|w", "confirmation|w", "check-device",
			"no-check-device", "verbatim-files-from", "no-verbatim-files-from", "exclude-tag=", "exclude-tag-all=",
			"exclude-tag-under=", "clamp-mtime", "atime-preserve=?", "check-links|l", "no-null", "no-unquote", "unquote"},
		Opts: map[string][]Use{
			"-I": u(KindShellCode), "--to-command": u(KindShellCode), "-F": u(KindShellCode),
			"--checkpoint-action": {{Kind: KindShellCode, When: "exec="}}, "--rsh-command": u(KindProgram), "--rmt-command": u(KindProgram),
			"-C": u(KindDir),
		},
	}
	find := &Row{
		// GNU find's primaries (find(1)): -exec, -execdir, -ok and -okdir
		// run the words up to ; or + as a command; -execdir and -okdir in
		// the found file's folder.
		Names: []string{"find", "gfind"}, OneDash: true, Until: []string{";", "+"},
		Long: []string{"name=", "iname=", "path=", "ipath=", "wholename=", "iwholename=", "regex=", "iregex=", "type=",
			"xtype=", "size=", "perm=", "user=", "group=", "uid=", "gid=", "mtime=", "atime=", "ctime=", "mmin=", "amin=",
			"cmin=", "newer=", "anewer=", "cnewer=", "newermt=", "newerct=", "newerat=", "newermm=", "samefile=", "inum=",
			"links=", "lname=", "ilname=", "maxdepth=", "mindepth=", "fstype=", "context=", "used=", "printf=", "fprint=",
			"fprint0=", "fls=", "regextype=", "files0-from=", "exec=", "execdir=", "ok=", "okdir=", "print", "print0",
			"prune", "quit", "delete", "ls", "depth", "d", "empty", "executable", "readable", "writable", "follow",
			"mount", "xdev", "noleaf", "daystart", "ignore_readdir_race", "noignore_readdir_race", "nouser", "nogroup",
			"true", "false", "not", "and", "or", "a", "o", "help", "version", "warn", "nowarn", "P", "L", "H", "O=?", "D="},
		Opts: map[string][]Use{
			"--exec": u(KindCommand), "--ok": u(KindCommand), "--execdir": u(KindCommandElsewhere), "--okdir": u(KindCommandElsewhere),
			"--fprint": u(KindWrite), "--fprint0": u(KindWrite), "--fls": u(KindWrite),
		},
	}
	xargs := &Row{
		// GNU xargs (xargs --help); the command gets the input's words
		// appended (walker.xargs).
		Names: []string{"xargs"}, Short: "+0a:d:E:e::I:i::L:l::n:oP:prs:tx", Via: "xargs",
		Long: []string{"null|0", "arg-file=|a", "delimiter=|d", "eof=?|e", "replace=?|i", "max-lines=?|l", "max-args=|n",
			"open-tty|o", "max-procs=|P", "interactive|p", "process-slot-var=", "no-run-if-empty|r", "max-chars=|s",
			"show-limits", "verbose|t", "exit|x", "help", "version"},
		Operands: []Kind{KindCommand},
	}
	sortRow := &Row{
		// GNU sort: --compress-program is run (exec, not sh -c) with
		// and without -d.
		Names: []string{"sort"}, Short: "bdfgiMhnRrVc::Cmo:s:T:uk:t:zS:",
		Long: []string{"ignore-leading-blanks|b", "dictionary-order|d", "ignore-case|f", "general-numeric-sort|g",
			"ignore-nonprinting|i", "month-sort|M", "human-numeric-sort|h", "numeric-sort|n", "random-sort|R",
			"random-source=", "reverse|r", "sort=", "version-sort|V", "batch-size=", "check=?|c", "compress-program=",
			"debug", "files0-from=", "key=|k", "merge|m", "output=|o", "stable|s", "buffer-size=|S",
			"field-separator=|t", "temporary-directory=|T", "parallel=", "unique|u", "zero-terminated|z", "help", "version"},
		Opts: map[string][]Use{"--compress-program": u(KindProgram), "-o": u(KindWrite)},
	}
	awk := &Row{
		// gawk (gawk --help, 5.3), which takes the letters of POSIX awk,
		// mawk and busybox awk: -f and -E name program files, -e and the
		// first operand are program text, -i includes a file, -l loads
		// an extension.
		Names: []string{"awk", "gawk", "mawk", "nawk"}, Lang: "awk", Short: "+F:v:f:bcCdD::e:E:gh:i:l:L::nNo::Op::MsStVW:",
		Long: []string{"field-separator=|F", "assign=|v", "file=|f", "source=|e", "exec=|E", "include=|i", "load=|l",
			"characters-as-bytes|b", "traditional|c", "copyright|C", "dump-variables=?|d", "debug=?|D", "gen-pot|g",
			"help|h", "lint=?|L", "bignum|M", "use-lc-numeric|N", "non-decimal-data|n", "pretty-print=?|o", "optimize|O",
			"profile=?|p", "no-optimize|s", "posix|P", "re-interval|r", "sandbox|S", "lint-old|t", "version|V"},
		Opts: map[string][]Use{
			"-f": u(KindScript), "-E": {{Kind: KindScript, Stop: true}}, "-e": u(KindCode), "-i": u(KindScript), "-l": u(KindNotCovered),
			"-W": u(KindNotCovered),
		},
		Operands: []Kind{KindCode},
	}
	sed := &Row{
		// GNU sed (sed --help, 4.9): -e and the first operand are a
		// script, -f a script file; the rest are input files.
		Names: []string{"sed", "gsed"}, Lang: "sed", Short: "ne:f:Ei::l:rsuzb",
		Long: []string{"quiet|n", "silent|n", "debug", "expression=|e", "file=|f", "follow-symlinks", "in-place=?|i",
			"line-length=|l", "null-data|z", "zero-terminated|z", "posix", "regexp-extended|E", "separate|s", "sandbox",
			"unbuffered|u", "binary|b", "help", "version"},
		Opts:     map[string][]Use{"-e": u(KindCode), "-f": u(KindScript)},
		Operands: []Kind{KindCode},
	}
	git := &Row{
		// git's own options (git(1)); -c and --config-env set
		// configuration, of which only inert keys are modelled (alias.*,
		// core.* and many others run commands).
		Names: []string{"git"}, Short: "+C:c:hpPv", Repo: true,
		Long: []string{"exec-path=?", "html-path", "man-path", "info-path", "paginate|p", "no-pager|P",
			"no-replace-objects", "no-lazy-fetch", "no-optional-locks", "no-advice", "bare", "git-dir=", "work-tree=",
			"namespace=", "config-env=", "literal-pathspecs", "glob-pathspecs", "noglob-pathspecs", "icase-pathspecs",
			"list-cmds=", "attr-source=", "version|v", "help|h"},
		Opts: map[string][]Use{
			"-C": u(KindDir),
			"-c": {{Kind: KindData, When: "color."}, {Kind: KindData, When: "advice."}, {Kind: KindData, When: "user.name="},
				{Kind: KindData, When: "user.email="}, {Kind: KindData, When: "core.quotepath="}, {Kind: KindData, When: "init.defaultbranch="},
				{Kind: KindData, When: "log.showsignature=false"}, {Kind: KindNotCovered}},
			"--config-env": u(KindNotCovered), "--exec-path": u(KindNotCovered),
		},
		Subs: map[string]*Row{
			"submodule": {Names: []string{"git submodule"}, Short: "+q", Long: []string{"quiet"},
				Subs: map[string]*Row{"foreach": {Names: []string{"git submodule foreach"}, Short: "+", Long: []string{"recursive"},
					Operands: []Kind{KindShellWords}}}},
			"bisect":        {Names: []string{"git bisect"}, Subs: map[string]*Row{"run": {Names: []string{"git bisect run"}, Short: "+", Operands: []Kind{KindCommand}}}},
			"filter-branch": {Names: []string{"git filter-branch"}, Why: "git filter-branch runs its filters: not followed"},
			"rebase":        gitLoose("git rebase", map[string][]Use{"-x": u(KindShellCode), "--exec": u(KindShellCode)}, "x:"),
			"difftool":      gitLoose("git difftool", map[string][]Use{"-x": u(KindShellCode), "--extcmd": u(KindShellCode)}, "x:"),
			"config":        gitLoose("git config", nil, ""),
		},
	}
	// A word that is not one of git's own commands can be an alias in
	// the repository's config (.git/config: alias.NAME = !CMD runs CMD;
	// git(1), git-config(1) alias.*): not covered. git ignores an alias
	// that names one of its commands, so those stay data.
	git.OtherSub = KindNotCovered
	for _, s := range strings.Fields(`add am annotate apply blame branch bundle cat-file check-attr check-ignore check-mailmap
		check-ref-format checkout checkout-index cherry cherry-pick clean column commit commit-graph commit-tree count-objects
		describe diff diff-files diff-index diff-tree for-each-ref format-patch fsck gc grep hash-object help init log ls-files
		ls-tree merge-base mktree name-rev notes range-diff reflog remote repack replace reset restore rev-list rev-parse revert
		rm mv shortlog show show-ref sparse-checkout stash status switch symbolic-ref tag update-index update-ref var
		verify-commit verify-tag version whatchanged worktree write-tree`) {
		git.Subs[s] = gitLoose("git "+s, nil, "")
	}
	for _, s := range []string{"clone", "fetch", "pull", "push", "ls-remote", "archive", "send-pack", "fetch-pack"} {
		git.Subs[s] = gitLoose("git "+s, map[string][]Use{"-u": u(KindNotCovered), "--upload-pack": u(KindNotCovered),
			"--receive-pack": u(KindNotCovered), "--exec": u(KindNotCovered), "--remote": u(KindNotCovered)}, "u:")
	}
	ssh := &Row{
		// OpenSSH ssh(1): -F names a configuration whose ProxyCommand and
		// LocalCommand run here; -o ProxyCommand=... too; -I loads a
		// PKCS#11 library. The remote command runs on the other host.
		Names: []string{"ssh"}, Short: "+46AaCfGgKkMNnqsTtVvXxYyB:b:c:D:E:e:F:I:i:J:L:l:m:O:o:P:p:Q:R:S:W:w:", Reopen: 1,
		Opts: map[string][]Use{
			"-F": u(KindConfig), "-I": u(KindLibrary),
			"-o": {{Kind: KindShellCode, When: "proxycommand="}, {Kind: KindShellCode, When: "proxycommand "},
				{Kind: KindShellCode, When: "localcommand="}, {Kind: KindShellCode, When: "localcommand "},
				{Kind: KindShellCode, When: "knownhostscommand="}, {Kind: KindShellCode, When: "knownhostscommand "},
				{Kind: KindNotCovered, When: "include"}, {Kind: KindNotCovered, When: "match"},
				{Kind: KindNotCovered, When: "pkcs11provider"}, {Kind: KindNotCovered, When: "securitykeyprovider"}},
		},
	}
	scp := &Row{
		Names: []string{"scp", "sftp"}, Short: "346ABCOpqRrTvc:D:F:i:J:l:o:P:S:X:",
		Opts: map[string][]Use{"-S": u(KindProgram), "-F": u(KindConfig), "-D": u(KindProgram), "-o": ssh.Opts["-o"]},
	}
	sudo := &Row{
		// sudo(8): -D/--chdir, NAME=value before the command, -s and -i
		// run it through a shell, -R a chroot.
		Names: []string{"sudo"}, Short: "+AbEeHiKklnPSsVvu:g:C:D:h::p:r:t:T:U:R:",
		Long: []string{"askpass|A", "background|b", "close-from=|C", "chdir=|D", "preserve-env=?|E", "edit|e",
			"group=|g", "set-home|H", "help", "host=", "login|i", "remove-timestamp|K", "reset-timestamp|k", "list|l",
			"non-interactive|n", "preserve-groups|P", "prompt=|p", "chroot=|R", "role=|r", "stdin|S", "shell|s",
			"type=|t", "command-timeout=|T", "other-user=|U", "user=|u", "version|V", "validate|v"},
		Opts:     map[string][]Use{"-D": u(KindDir), "-R": u(KindNotCovered), "-e": u(KindNoRun)},
		Operands: []Kind{KindAssign, KindCommand},
	}
	su := &Row{
		// util-linux su(1) and runuser(1) (su-common.c): getopt_long
		// without '+', so options after the user are su's too (su root
		// -c ./x runs ./x); words after the user are given to the
		// user's shell (not followed); runuser -u USER runs the operands
		// as a command.
		Names: []string{"su", "runuser"}, Short: "flmpPc:s:g:G:w:u:",
		Long: []string{"command=|c", "session-command=", "fast|f", "login|l", "preserve-environment|m", "pty|P",
			"shell=|s", "group=|g", "supp-group=|G", "whitelist-environment=|w", "user=|u", "help", "version"},
		Opts: map[string][]Use{"-c": u(KindShellCode), "--session-command": u(KindShellCode), "-s": u(KindProgram),
			"-u": {{Kind: KindOperand, As: KindCommand}}},
		Operands: []Kind{KindData, KindNotCovered}, Dash: true,
	}
	env := &Row{
		// GNU env (env --help, coreutils 9): -S splits its value into more
		// of the command line; -C changes directory; NAME=value words.
		Names: []string{"env"}, Short: "+0iu:vC:S:a:",
		Long: []string{"null|0", "ignore-environment|i", "unset=|u", "chdir=|C", "split-string=|S", "debug|v",
			"block-signal=?", "default-signal=?", "ignore-signal=?", "list-signal-handling", "argv0=|a", "help", "version"},
		Opts:     map[string][]Use{"-u": u(KindUnset), "-C": u(KindDir), "-S": u(KindSplit)},
		Operands: []Kind{KindAssign, KindCommand},
	}
	strace := &Row{
		// strace(1), 6.x: -o FILE takes a value; a FILE starting with | or
		// ! is a command its output is piped to; -E sets the command's
		// environment.
		Names: []string{"strace"}, Short: "+bcCdDfFhiknqrStTvVwxyzZa:A:b:e:E:I:o:O:p:P:s:S:u:U:X:",
		Long: []string{"output=|o", "env=|E", "user=|u", "attach=|p", "trace=", "trace-path=|P", "signal=", "status=",
			"summary-only|c", "summary|C", "follow-forks|f", "output-separately", "quiet=?|q", "string-limit=|s",
			"absolute-timestamps=?", "relative-timestamps=?|r", "syscall-times=?|T", "decode-fds=?", "seccomp-bpf",
			"no-abbrev|v", "verbose=", "raw=", "read=", "write=", "inject=", "fault=", "kill-on-exit", "help|h", "version|V",
			"columns=|a", "summary-columns=", "summary-sort-by=|S", "instruction-pointer|i", "stack-trace|k", "daemonize=?|D"},
		Opts:     map[string][]Use{"-o": {{Kind: KindShellCode, When: "|"}, {Kind: KindShellCode, When: "!"}, {Kind: KindWrite}}, "-E": u(KindAssign)},
		Operands: []Kind{KindCommand},
	}
	ltrace := &Row{
		Names: []string{"ltrace"}, Short: "+abcCfhiLrStTvVwxA:D:e:F:l:n:o:p:s:u:X:",
		Long:     []string{"align=|a", "config=|F", "demangle|C", "library=|l", "output=|o", "help|h", "version|V", "indent=|n"},
		Opts:     map[string][]Use{"-o": u(KindWrite)},
		Operands: []Kind{KindCommand},
	}
	parallel := &Row{
		// GNU parallel runs its command with the shell, once per input
		// (parallel(1)); without a command, each input line is one.
		Names: []string{"parallel"}, Short: "+0kmquvXa:d:I:j:n:N:P:S:",
		Long: []string{"null|0", "keep-order|k", "quote|q", "ungroup|u", "verbose|v", "xargs", "arg-file=|a",
			"delimiter=|d", "jobs=|j", "max-args=|n", "max-replace-args=|N", "max-procs=|P", "sshlogin=|S", "halt=",
			"bar", "eta", "progress", "dry-run", "tag", "line-buffer", "group", "colsep=", "timeout=", "delay=",
			"results=", "joblog=", "retries=", "will-cite", "no-notice", "linebuffer", "silent", "shuf", "env="},
		// Without a command each input line is one: read from stdin as
		// shell code (Stdin), or from -a FILE (not followed).
		Lang: "sh", Stdin: true,
		Opts:     map[string][]Use{"-S": u(KindNotCovered), "--env": u(KindNotCovered), "-a": u(KindConfig)},
		Operands: []Kind{KindShellWords},
	}
	dotenv := &Row{
		// dotenv-cli: -e FILE (default .env) is loaded into the command's
		// environment, -v NAME=value sets one.
		Names: []string{"dotenv", "dotenv-cli"}, Short: "+e:v:p:c::o", Long: []string{"debug", "quiet", "override|o"},
		Opts:     map[string][]Use{"-e": u(KindConfig), "-v": u(KindAssign), "-c": u(KindConfig)},
		Operands: []Kind{KindCommand},
		Why:      "dotenv loads .env files into the command's environment: not followed",
	}
	rsync := &Row{
		// rsync(1): -e/--rsh is the remote shell rsync starts (split into
		// words by rsync, also for a host that is this machine),
		// --rsync-path the program run at the other end; it copies, so
		// the files it names are hashed. Its other options are read as
		// flags.
		Names: []string{"rsync"}, Short: "e:", Long: []string{"rsh=|e", "rsync-path="}, HashArgs: true, loose: true,
		Opts: map[string][]Use{"-e": u(KindNotCovered), "--rsync-path": u(KindNotCovered)},
	}
	notifier := &Row{
		// terminal-notifier: -execute runs its value with the shell when
		// the notification is clicked.
		Names: []string{"terminal-notifier"}, OneDash: true, loose: true,
		Long: []string{"execute=", "message=", "title=", "subtitle=", "sound=", "group=", "remove=", "list=", "activate=",
			"sender=", "appIcon=", "contentImage=", "open=", "timeout=", "closeLabel=", "actions=", "dropdownLabel=", "reply="},
		Opts: map[string][]Use{"--execute": u(KindShellCode)},
	}
	nodeOpts := withValues(nodeLong, nodeWithArg)
	rows := []*Row{
		shellRow("bash", "sh", "dash", "ash", "ksh", "mksh", "rbash"),
		{Names: []string{"zsh"}, Lang: "sh", Short: "+0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabdefghijklmnpqrstuvwxyzcso:", Plus: true, Stdin: true,
			Long: []string{"help", "version", "emulate="}, Operands: []Kind{KindScript},
			Opts: map[string][]Use{"-c": {{Kind: KindOperand, As: KindCode}}, "-s": {{Kind: KindOperand, As: KindStdin}}, "-o": u(KindShellOpt), "+o": u(KindShellOpt)},
			Why:  "zsh reads .zshenv from ZDOTDIR or HOME and its options differ from bash's: not followed"},
		{Names: []string{"fish"}, Lang: "fish", Why: "fish code is not followed"},
		pythonRow("python", "python2", "python3", "pypy", "pypy3"),
		nodeRow(nodeOpts, "node", "nodejs"),
		nodeRow(nodeOpts, "tsx", "ts-node", "ts-node-esm", "vite-node", "esno", "babel-node"),
		{Names: []string{"bun"}, Lang: "node", Short: "+e:p:r:hc:d:l:F:", Via: "bun", Stdin: true,
			Long: withValues([]string{"eval=|e", "print=|p", "preload=|r", "help|h", "watch", "hot", "smol", "silent", "bun", "cwd=", "config=|c"}, bunWithArg),
			Opts: map[string][]Use{"-e": u(KindCode), "-p": u(KindCode), "--cwd": u(KindDir), "-c": u(KindConfig), "-r": u(KindPreload)}, Operands: []Kind{KindScript}},
		{Names: []string{"deno"}, Lang: "node", Via: "deno", OtherSub: KindNotCovered, Subs: map[string]*Row{
			"run": {Names: []string{"deno run"}, Lang: "node", Short: "+Aqrc:L:", Operands: []Kind{KindScript},
				Long: []string{"allow-all|A", "allow-read=?", "allow-write=?", "allow-net=?", "allow-env=?", "allow-run=?",
					"allow-sys=?", "allow-ffi=?", "allow-hrtime", "allow-import=?", "deny-read=?", "deny-write=?", "deny-net=?",
					"deny-env=?", "deny-run=?", "quiet|q", "reload=?|r", "config=|c", "no-config", "import-map=", "no-check=?",
					"check=?", "unstable", "watch=?", "no-prompt", "env-file=?", "lock=?", "no-lock", "cached-only",
					"location=", "seed=", "v8-flags=", "node-modules-dir=?", "log-level=|L", "ext=", "preload=", "inspect=?"},
				Opts: map[string][]Use{"-c": u(KindConfig), "--import-map": u(KindConfig), "--env-file": u(KindConfig), "--preload": u(KindPreload),
					"--allow-ffi": u(KindNotCovered)}},
			"eval": {Names: []string{"deno eval"}, Lang: "node", Short: "+q", Operands: []Kind{KindCode}},
		}},
		{Names: []string{"perl"}, Lang: "perl", Short: "+0::aCcD:E:e:F:i::I:l::M:m:nPpsStTuUvVwWxX", Stdin: true,
			Opts:     map[string][]Use{"-e": u(KindCode), "-E": u(KindCode), "-M": u(KindNotCovered), "-m": u(KindNotCovered), "-I": u(KindNotCovered), "-x": u(KindNotCovered), "-S": u(KindNotCovered)},
			Operands: []Kind{KindScript}},
		{Names: []string{"ruby"}, Lang: "ruby", Short: "+0::acdhlnpsSvwWyF:e:i::I:r:C:E:K:T::x::", Stdin: true,
			Long: []string{"version", "verbose", "help", "disable=", "enable=", "jit", "yjit", "encoding=", "external-encoding=", "internal-encoding="},
			Opts: map[string][]Use{"-e": u(KindCode), "-r": u(KindNotCovered), "-I": u(KindNotCovered), "-C": u(KindDir), "-x": u(KindNotCovered),
				"-S": u(KindNotCovered)},
			Operands: []Kind{KindScript}},
		{Names: []string{"php"}, Lang: "php", Short: "+aCHhilmnqsvwc:d:f:r:B:R:F:E:S:t:z:", Stdin: true,
			Opts: map[string][]Use{"-r": u(KindCode), "-f": u(KindScript), "-c": u(KindConfig), "-d": u(KindNotCovered), "-z": u(KindLibrary),
				"-S": u(KindNotCovered), "-B": u(KindCode), "-R": u(KindCode), "-F": u(KindScript), "-E": u(KindCode)},
			Operands: []Kind{KindScript}},
		{Names: []string{"lua", "luajit"}, Lang: "lua", Short: "+e:l:ivEW", Stdin: true,
			Opts: map[string][]Use{"-e": u(KindCode), "-l": u(KindNotCovered)}, Operands: []Kind{KindScript}},
		{Names: []string{"Rscript"}, Lang: "R", Short: "+e:", Long: []string{"vanilla", "verbose", "default-packages=", "version", "help"},
			Opts: map[string][]Use{"-e": u(KindCode)}, Operands: []Kind{KindScript}},
		{Names: []string{"pwsh", "powershell"}, Lang: "pwsh", OneDash: true,
			Long: []string{"Command=|c", "command=", "File=|f", "file=", "NoProfile", "noprofile", "NoLogo", "nologo",
				"NonInteractive", "noninteractive", "ExecutionPolicy=", "executionpolicy=", "ep=", "nop"},
			Opts:     map[string][]Use{"-c": u(KindCode), "--command": u(KindCode), "-f": u(KindScript), "--file": u(KindScript)},
			Operands: []Kind{KindScript}},
		awk, sed, find, xargs, tar, sortRow, git, ssh, scp, sudo, su, env, strace, ltrace, parallel, dotenv,
		{Names: []string{"dotenvx"}, Why: "dotenvx loads .env files into the command's environment: not followed",
			Subs: map[string]*Row{"run": {Names: []string{"dotenvx run"}, Short: "+f:", Long: []string{"env-file=|f", "overload", "quiet", "debug", "verbose", "strict", "convention="},
				Opts: map[string][]Use{"-f": u(KindConfig)}, Operands: []Kind{KindCommand}}}},
		{Names: []string{"osascript"}, Lang: "applescript", Short: "+e:l:is:", Stdin: true,
			Opts:     map[string][]Use{"-e": u(KindCode), "-l": {{Kind: KindData, When: "applescript"}, {Kind: KindNotCovered}}},
			Operands: []Kind{KindScript}},
		// util-linux script(1): getopt_long without '+', so -c after the
		// output file is an option too.
		{Names: []string{"script"}, Short: "aefqTc:E:I:O:B:o:m:t::", Long: []string{"append|a", "command=|c", "echo=|E",
			"log-in=|I", "log-out=|O", "log-io=|B", "log-timing=|T", "logging-format=|m", "return|e", "flush|f",
			"force", "quiet|q", "output-limit=|o", "timing=?|t", "help", "version"},
			Opts:     map[string][]Use{"-c": u(KindShellCode), "-O": u(KindWrite), "-B": u(KindWrite), "-T": u(KindWrite), "-I": u(KindWrite)},
			Operands: []Kind{KindWrite}},
		{Names: []string{"busybox"}, Short: "+", Operands: []Kind{KindCommand}},
		{Names: []string{"bundle"}, Subs: map[string]*Row{
			"exec": {Names: []string{"bundle exec"}, Short: "+", Long: []string{"keep-file-descriptors", "gemfile="}, Operands: []Kind{KindCommand},
				Opts: map[string][]Use{"--gemfile": u(KindConfig)}}},
			Why: "bundle evaluates the project's Gemfile (Ruby code): not followed"},
		{Names: []string{"go"}, Via: "go"},
		{Names: []string{"npm", "pnpm", "yarn"}, Via: "npm"},
		{Names: []string{"make", "gmake"}, Via: "make"},
		{Names: []string{"just", "rake", "task"}, Via: "manifest"},
		{Names: []string{"npx", "bunx", "pnpx"}, Via: "npx"},
		{Names: []string{"poetry", "pipenv", "pdm", "hatch", "rye", "pixi", "conda", "mamba", "micromamba"}, Via: "runner"},
		{Names: []string{"cross-env", "cross-env-shell"}, Via: "cross-env"},
		{Names: []string{"uv"}, Lang: "python", OtherSub: KindNotCovered, Subs: map[string]*Row{
			"run": {Names: []string{"uv run"}, Lang: "python", Short: "+qvp:m:",
				Long: []string{"with=", "with-requirements=", "python=|p", "project=", "directory=", "from=", "package=",
					"module|m", "script", "isolated", "no-project", "frozen", "locked", "no-sync", "quiet|q", "verbose|v",
					"env-file=", "no-env-file", "all-extras", "extra=", "no-dev", "group=", "only-group=", "offline", "active"},
				Opts:     map[string][]Use{"-m": {{Kind: KindOperand, As: KindModule}}, "--directory": u(KindDir), "--env-file": u(KindConfig)},
				Operands: []Kind{KindCommand}},
		}},
		{Names: []string{"uvx"}, Short: "+p:", Long: []string{"from=", "with=", "python=|p", "quiet", "isolated", "offline"},
			Operands: []Kind{KindPackage}},
		wrap([]string{"nohup"}, "", []string{"help", "version"}, nil, 0),
		wrap([]string{"time"}, "f:o:apqvV", []string{"format=|f", "output=|o", "append|a", "portability|p", "quiet|q", "verbose|v", "help", "version|V"},
			map[string][]Use{"-o": u(KindWrite)}, 0),
		wrap([]string{"command"}, "pvV", nil, map[string][]Use{"-v": u(KindNoRun), "-V": u(KindNoRun)}, 0),
		wrap([]string{"exec"}, "cla:", nil, nil, 0),
		wrap([]string{"builtin"}, "", nil, nil, 0),
		wrap([]string{"timeout"}, "s:k:v", []string{"signal=|s", "kill-after=|k", "preserve-status", "foreground", "verbose|v", "help", "version"}, nil, 1),
		wrap([]string{"nice"}, "n:0123456789", []string{"adjustment=|n", "help", "version"}, nil, 0),
		wrap([]string{"ionice"}, "c:n:p:P:u:th", []string{"class=|c", "classdata=|n", "pid=|p", "pgid=|P", "uid=|u", "ignore|t", "help|h", "version"},
			map[string][]Use{"-p": u(KindNoRun), "-P": u(KindNoRun), "-u": u(KindNoRun)}, 0),
		wrap([]string{"chrt"}, "bdefiormpaR:T:P:D:hv", []string{"batch|b", "deadline|d", "ext|e", "fifo|f", "idle|i", "other|o",
			"rr|r", "reset-on-fork|R", "max|m", "pid|p", "all-tasks|a", "sched-runtime=|T", "sched-period=|P", "sched-deadline=|D",
			"verbose|v", "help|h", "version"}, map[string][]Use{"-p": u(KindNoRun), "-m": u(KindNoRun)}, 1),
		wrap([]string{"taskset"}, "acpV", []string{"all-tasks|a", "cpu-list|c", "pid|p", "help", "version|V"}, map[string][]Use{"-p": u(KindNoRun)}, 1),
		wrap([]string{"stdbuf"}, "i:o:e:", []string{"input=|i", "output=|o", "error=|e", "help", "version"}, nil, 0),
		{Names: []string{"flock"}, Short: "+sxnuoFw:E:c:hV", Long: []string{"shared|s", "exclusive|x", "nonblock|n", "nb|n", "unlock|u",
			"close|o", "no-fork|F", "wait=|w", "timeout=|w", "conflict-exit-code=|E", "command=|c", "verbose", "help|h", "version|V"},
			Opts: map[string][]Use{"-c": u(KindShellCode)}, Operands: []Kind{KindData, KindFlockCommand}},
		{Names: []string{"watch"}, Short: "+n:d::gtbeExcpqhvwC", Long: []string{"interval=|n", "differences=?|d", "chgexit|g",
			"equexit=|q", "no-title|t", "beep|b", "errexit|e", "exec|x", "color|c", "no-color|C", "precise|p", "no-wrap|w", "help|h", "version|v"},
			Opts: map[string][]Use{"-x": {{Kind: KindOperand, As: KindCommand}}}, Operands: []Kind{KindShellWords}},
		wrap([]string{"setsid"}, "cfw", []string{"ctty|c", "fork|f", "wait|w", "help", "version"}, nil, 0),
		wrap([]string{"unbuffer"}, "p", nil, nil, 0),
		wrap([]string{"chronic"}, "ev", nil, nil, 0),
		wrap([]string{"caffeinate"}, "dimsut:w:", nil, map[string][]Use{"-w": u(KindNoRun)}, 0),
		wrap([]string{"doas"}, "nsu:C:L", nil, map[string][]Use{"-C": u(KindConfig)}, 0),
		wrap([]string{"gh-hooks"}, "", nil, nil, 0),
		// Builtins that run code given to them.
		{Names: []string{"jobs"}, Short: "+lnprsx", Opts: map[string][]Use{"-x": {{Kind: KindOperand, As: KindCommand}}}, Operands: []Kind{KindData}},
		{Names: []string{"compgen", "complete"}, Short: "abcdefgjksuvoA:G:W:F:C:X:P:S:DEI",
			Opts: map[string][]Use{"-C": u(KindShellCode), "-F": u(KindNotCovered)}},
		{Names: []string{"fc"}, Why: "fc runs commands from the history or an editor: not followed"},
		{Names: []string{"bind"}, Why: "bind -x binds shell code to keys: not followed"},
		// Programs that copy or move files: what a later command runs can
		// be what they copied.
		{Names: []string{"cp", "mv", "ln", "install", "tee", "dd"}, Pure: true, HashArgs: true},
		// Programs that unpack or decode files: what a later command runs
		// can be what they wrote, so the archive is hashed.
		{Names: []string{"unzip", "gunzip", "gzip", "zcat", "bzip2", "bunzip2", "xz", "unxz", "zstd", "unzstd", "base64",
			"xxd", "uudecode", "7z", "7za", "ar"}, Pure: true, HashArgs: true},
		rsync, notifier,
		pure("echo", "printf", "cat", "grep", "egrep", "fgrep", "jq", "ls", "head", "tail", "wc", "cut", "tr", "uniq",
			"date", "basename", "dirname", "pwd", "mkdir", "rmdir", "rm", "touch", "chmod", "chown", "test", "[", "[[",
			"true", "false", ":", "sleep", "uname", "whoami", "id", "hostname", "seq", "yes", "expr", "cmp", "comm",
			"paste", "join", "fold", "fmt", "nl", "tac", "rev", "od", "hexdump", "sha1sum", "sha256sum",
			"sha512sum", "md5sum", "md5", "shasum", "cksum", "stat", "readlink", "realpath", "mktemp", "du", "df", "ps",
			"kill", "pgrep", "pkill", "tput", "clear", "printenv", "logger", "tty", "stty", "file", "whereis", "column",
			"iconv", "curl", "wget", "afplay", "paplay",
			"aplay", "say", "notify-send", "cygpath", "pbcopy", "pbpaste", "wl-copy", "xclip",
			"xsel", "diff", "exit", "return", "break", "continue", "shift", "wait", "umask", "ulimit", "getopts", "times",
			"set", "shopt", "unalias", "dirs", "disown", "suspend", "logout", "help", "history", "caller",
			"ruff", "black", "isort", "shellcheck", "shfmt", "gofmt", "jo", "nproc", "arch",
			"lsof", "uptime", "free", "look", "strings", "numfmt", "factor", "tsort", "truncate", "split", "csplit",
			"shuf", "expand", "unexpand", "sync", "users", "who", "w", "groups", "locale", "sw_vers"),
	}
	return rows
})

// KindCommandElsewhere is find -execdir's command: it runs in the folder of
// each file found, which is not known here.
const KindCommandElsewhere Kind = "command-elsewhere"

// KindFlockCommand is flock's command after the lock file: `-c STRING` (sh
// -c STRING) or a command (flock.c).
const KindFlockCommand Kind = "flock-command"

// gitLoose is a git command whose grammar is listed only for the options
// that run code; any other option is read as a flag.
func gitLoose(name string, opts map[string][]Use, short string) *Row {
	r := &Row{Names: []string{name}, Short: short, Opts: opts, loose: true}
	for k := range opts {
		if len(k) > 2 {
			r.Long = append(r.Long, k[2:]+"=")
		}
	}
	return r
}

// withValues adds to long the options of with (as "-x" or "--name")
// that take a value and are not in it.
func withValues(long, with []string) []string {
	out := append([]string(nil), long...)
	for _, o := range with {
		if !strings.HasPrefix(o, "--") {
			continue
		}
		if s, ok := longSpec(out, o[2:]); ok && (s.name == o || strings.HasPrefix(s.name, "-") && len(s.name) == 2) {
			continue
		}
		out = append(out, o[2:]+"=")
	}
	return out
}
