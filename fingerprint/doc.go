// Package fingerprint fingerprints project hooks by content and keeps
// gh-hooks' approvals of them, next to Gemini CLI's own warn-once store.
//
// # Fingerprint
//
// Compute turns each project hook (merge.Hook, runtime hooks skipped as
// Gemini skips them, spec §6) into a Record: event, matcher, sequential,
// type, name, command as written, timeout, env, and the content hash
// (sha256) of each project file the command can start, hashed together in
// a fixed canonical form. The files are found by shellcmd.Analyze, which
// reads the command as bash does (mvdan.cc/sh): cd, wrappers (timeout,
// nice, xargs, env, exec, ...), if, { }, functions, substitutions,
// redirections (bash < f), pipes into a shell (cat f | sh), sh -c '...',
// BASH_ENV=, PATH=./bin:$PATH (in the command or the hook's env, whose
// PATH is also where bash itself is looked up), interpreters (bash, node,
// python3, ...),
// task files (package.json for npm run, Makefile for make) and the
// command inside the Claude adapter (gh-hooks claude-compat -- CMD).
// They are resolved as Gemini's runner resolves them: cwd is the project,
// $GEMINI_PROJECT_DIR, $GEMINI_CWD and $CLAUDE_PROJECT_DIR are spliced in
// textually, shell-quoted, before the shell runs (so "$GEMINI_PROJECT_DIR/x"
// gets literal quotes for a directory with spaces, as in Gemini, spec
// §5.3), and ${…} forms see the project directory unless the hook's env
// overrides them (spec §5.2). What the analysis cannot know (eval of a
// variable, a program named by a variable, code piped into a shell from
// curl, ...) is kept as Hook.NotCovered: such a hook needs attention even
// when approved, until an approval made with Selection.AcceptNotCovered
// acknowledges those reasons (Record.AcceptedNotCovered); the reasons are
// part of the fingerprint, so the acknowledgement ends when they change. It
// also binds to the content the reasons leave out (Record.AcceptedContent,
// ack.go: a node_modules package's tree, the folder of a file whose code is
// not followed, a file too large to hash), and ends when that changes; an
// acknowledgement of a .env finding binds to what the value reaches
// (DotEnvAckKey). An approval of an older Scheme whose files are unchanged
// is SchemeChanged, not Changed, and Selection.Renew renews it (scheme.go).
//
// The analysis reads the project's files through a shellcmd.Reader over
// the project's os.Root (reader), so it follows what a script sources or
// runs, Python imports, Node requires, package.json scripts, Makefile
// includes and go run packages, never out of the project; a path with ..
// is resolved physically (after links), as the kernel does. The command
// and env are analysed as written, not as Gemini expanded them with the
// auditing user's environment: $PATH stays the inherited PATH and other
// variables are unknown, so two teammates get the same fingerprint.
//
// Files are read only through an os.Root on the project, so a symbolic
// link out of the project is never followed (its target is recorded
// instead); only regular files are read, opened and checked with
// internal/regfile (without blocking on a FIFO), at most MaxScript bytes.
// A file that is missing, unreadable, not regular, too large or outside
// the project is named with that state rather than guessed. The content of approved scripts up to KeepMax is kept under
// CacheDir, by hash, so that Explain can diff a changed script.
//
// # Stores
//
// gh-hooks' store is <home>/.gemini/gh-hooks/trust.json (StorePath), mode
// 0600, keyed by the project's real path (filepath.EvalSymlinks), so one
// project reached through a symlink has one approval. Every
// read-modify-write holds a flock on the store's directory (config.LockDir,
// no lock file) and replaces the file atomically (temporary file, fsync,
// rename). A file that does not parse
// is an error with path:line:col and is never overwritten.
//
// Gemini's store is <home>/.gemini/trusted_hooks.json (spec §6): project
// root → list of getHookKey strings (name:env-expanded command). Its key
// is path.resolve(cwd), not the real path; Project.Dir models that. Note
// that Node's process.cwd() is getcwd(2), which on Linux and macOS has
// symlinks already resolved: a Gemini started by cd-ing through a symlink
// stores the real path. Callers should pass the directory as Gemini's
// process would see it (for the current directory: the physical working
// directory, not $PWD). Approve appends keys exactly as Gemini's
// trustHooks does, byte for byte (JSON.stringify(obj, null, 2), no final
// newline, set-union in append order, other projects kept). A corrupt
// Gemini store (Gemini would treat it as {} and overwrite it) or a project
// entry that is not a list is reported by Audit and makes Approve refuse.
// Revoke and Prune leave Gemini's store alone: its keys only silence a
// warning, Gemini runs project hooks whether or not they are listed, and
// Gemini never removes keys itself.
//
// # Matching approvals to hooks
//
// Neither Gemini's key (changes with the command) nor the hook's ID (its
// indices shift when a hook is added above) is a stable identity, so an
// approval is matched by: same fingerprint; else same event and name;
// else same event and command; else position between already-matched
// neighbours within the event (a diff-like alignment); else same name or
// command in another event. See match for the rules. A matched hook whose
// record differs is "changed" with the list from Diff ("command",
// "matcher", "script ./x.sh", "script ./x.sh missing", …); an unmatched
// hook is "new", and so is a hook matched only by name to an approval with
// which it shares no command word and no file (a stale approval, named in
// HookReport.StaleApproval). Gemini's own check only re-warns when name or command
// changes, so it misses matcher, timeout, env and script changes.
//
// # Baseline
//
// MarshalBaseline writes the records a team can commit as
// <project>/.gemini/gh-hooks-trust.json (sorted, stable, no machine paths);
// CheckBaseline gives the same statuses against it.
//
// # Making Gemini skip unapproved hooks
//
// Gemini has no approval step: it runs project hooks in a trusted folder
// and only warns once. To make it skip unapproved ones, gh-hooks can list
// their names in the user layer's hooksConfig.disabled, which Gemini
// unions across layers (spec §3.3) and matches by exact name (spec §3.6).
// PlanDisable computes those names; the side effect is that the entry
// disables every hook of that name in every project and layer, which it
// reports where it can see it (Shared).
package fingerprint
