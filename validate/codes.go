package validate

import "sort"

// Rule describes one problem code that Check and Files can report,
// whichever package found the problem (config's parser, layers, merge or
// this package's lint checks). Rules are what `validate --ignore` accepts
// and what the rules of a SARIF report describe.
type Rule struct {
	// Code is the problem's stable code, as in config.Problem.Code.
	Code string
	// Summary says in one sentence what the code reports and why it
	// matters under Gemini CLI 0.61.0; the fix for one problem is in its
	// own hint.
	Summary string
}

// rules is every code, sorted. TestRulesCoverEveryCode reads the sources of
// config, layers, merge and validate and fails when a code is missing here.
var rules = []Rule{
	{"adapter-not-found", "A migrated Claude hook runs behind gh-hooks claude-compat, but that gh-hooks is not found: a hook that can block fails closed (its guard exits 2, a deny that names gh-hooks and how to install it), any other warns and does not run; without migrate's guard, bash's exit 127 is a deny on blocking events."},
	{"aftermodel-deny-no-veto", "An AfterModel hook can deny: Gemini 0.61 still shows the answer (with a warning) and runs a tool call in it, so the deny is no guard."},
	{"aftermodel-replace-per-chunk", "An AfterModel hook replaces the answer (llm_response): Gemini fires AfterModel once per streamed chunk, so the replacement is shown once per chunk."},
	{"aftertool-context-on-failure", "An AfterTool hook adds additionalContext about the tool's error: after a failed tool the model gets the error alone, so the context is dropped."},
	{"ask-headless", "A BeforeTool hook can answer ask: headless, Gemini 0.61 exits without running the tool (interactive, it asks the user)."},
	{"bom", "The file starts with a UTF-8 byte-order mark, which Gemini CLI's JSON parser rejects."},
	{"claude-field", "A hook has a field that only Claude Code knows; Gemini ignores it."},
	{"claude-hook-type", "A hook has a Claude Code type (prompt, agent, http, mcp_tool) that Gemini discards."},
	{"claude-protocol", "A hook (not behind gh-hooks claude-compat) whose command or script speaks Claude Code's protocol (Claude tool or event names, permissionDecision, updatedInput, CLAUDE_* variables): under Gemini it does not do what it was written for."},
	{"comment", "A file that Gemini parses as plain JSON contains a comment, so Gemini ignores the file."},
	{"decision-ignored", "A hook can block (decision block/deny, continue:false, exit 2) on an event where Gemini ignores it, such as SessionStart."},
	{"definition-invalid", "A hook definition is not an object, so Gemini discards it."},
	{"definition-no-hooks", "A hook definition has no usable hooks list, so it registers nothing."},
	{"disabled-by-command", "A hooksConfig.disabled entry names a hook's command, but Gemini matches named hooks by name, so it disables nothing."},
	{"disabled-by-project", "The project's hooksConfig.disabled switches off a hook of the user, the system or an extension: Gemini merges the lists of every layer, so a repository can turn off the user's own guard hook."},
	{"disabled-string", "hooksConfig.disabled is a string instead of a list, which Gemini mishandles."},
	{"disabled-unknown", "A hooksConfig.disabled entry matches no hook, so it disables nothing."},
	{"dotenv-expansion", "A variable of the project's .env replaces a ${name} (extensionPath, workspacePath, ...) in an installed extension's hooks, or is read by a hook command through the shell: the repository changes what that hook runs."},
	{"dotenv-inexact", "The .env Gemini loads holds U+2028 or U+2029, where Gemini's parser ends a line and gh-hooks' may not: what gh-hooks says of it can differ."},
	{"dotenv-runs", "The .env Gemini loads sets a variable that changes what every hook runs (BASH_ENV, PATH, NODE_OPTIONS, PYTHONPATH, PYTHONUSERBASE, LD_PRELOAD, GIT_*, ...), or one gh-hooks does not know to be inert (default-deny): from a project, repository code can run before any hook."},
	{"dotenv-unread", "Gemini loads a .env into every hook's environment that gh-hooks cannot read (a link out of the project, a FIFO, too large)."},
	{"dotenv-where", "The .env Gemini loads sets a variable that changes where Gemini looks (GEMINI_CLI_HOME, trust, system settings paths, ...): from a project, the repository can move the extensions Gemini runs or its trust."},
	{"duplicate-hook", "Two hooks of one event have the same name and command: Gemini runs only the first."},
	{"empty-command", "A command hook has no command, so Gemini discards it."},
	{"empty-file", "The file is empty, which Gemini CLI's JSON parser rejects."},
	{"enabled-null", "hooksConfig.enabled is null: settings hooks run, but no extension hook does."},
	{"enabled-overrides", "hooksConfig.enabled in a higher layer turns back on hooks that a lower layer turned off."},
	{"enabled-string", "hooksConfig.enabled is a string, which Gemini reads by JavaScript truthiness."},
	{"env-not-object", "A hook's env is not an object, so the hook gets no variables from it."},
	{"env-not-string", "A value in a hook's env is not a string; Node converts it to one."},
	{"env-path-refused", "A hook on Gemini's file tools guards .env, which those tools refuse before any hook runs."},
	{"event-not-array", "An event's value is not an array of definitions, so Gemini wraps or discards it."},
	{"extension-disabled", "An extension folder is installed but disabled for this folder, so Gemini loads none of its hooks or commands."},
	{"extension-hooks-invalid", "An extension's hooks/hooks.json has no hooks object, so Gemini ignores it."},
	{"extension-hooks-unparsable", "An extension's hooks/hooks.json does not parse, so Gemini loads none of its hooks."},
	{"extension-manifest-invalid", "An extension's gemini-extension.json lacks a name or version or is not valid, so Gemini skips the extension."},
	{"extension-manifest-missing", "A folder with extension hooks has no gemini-extension.json, so Gemini does not load it as an extension."},
	{"extension-name-duplicate", "Two extensions have the same name, which makes Gemini CLI fail at start-up."},
	{"extension-not-installed", "An extension folder that is neither installed nor linked under <home>/.gemini/extensions: Gemini does not load it."},
	{"extension-skipped", "Gemini skips an extension (and its hooks) at load time."},
	{"folder-untrusted", "The folder is not trusted, so Gemini runs no settings hook at all, only extension hooks."},
	{"gemini-hooks-switch-off", "This Gemini release runs hooks only when tools.enableHooks is true, and no layer sets it."},
	{"gemini-hooks-unsupported", "This Gemini release runs no hooks at all (hooks arrived in 0.19)."},
	{"gemini-version-not-modelled", "The installed Gemini CLI is outside the releases gh-hooks models (0.47 to 0.61): what it reports may differ."},
	{"guard-fails-open", "A hook that can block (a guard) lets the call through when it cannot start, crashes, exits 1 or times out: Gemini reads each as a warning; a migrated Claude guard keeps onFailure \"block\" only through the adapter."},
	{"hook-invalid", "A hook entry is not an object, so Gemini discards it."},
	{"hooks-not-object", "\"hooks\" is not an object: it replaces the hooks of every lower layer."},
	{"hooksconfig-not-object", "\"hooksConfig\" is not an object: it drops the enabled and disabled settings of lower layers."},
	{"hooksconfig-null", "\"hooksConfig\": null makes Gemini CLI crash at start-up."},
	{"inherited-env", "A variable of the user's own environment (the shell that starts gemini; a direnv .envrc) is not known to be inert and points into the project: every hook Gemini starts there inherits it, and no approval holds it (doctor, trust audit; information)."},
	{"invalid-configuration", "Gemini's settings validation fails for the file, so it applies no type coercion to it."},
	{"legacy-enable-hooks", "tools.enableHooks was removed; Gemini 0.61 ignores it."},
	{"legacy-hooks-key", "A hooks.* setting moved to hooksConfig; Gemini 0.61 ignores it."},
	{"matcher-claude-tool", "A tool matcher names a Claude Code tool that Gemini does not have."},
	{"matcher-ignored", "A matcher on an event without tool or trigger: Gemini ignores it and runs the hook every time."},
	{"matcher-invalid-regex", "A tool matcher is not a valid JavaScript regex, so Gemini compares it literally."},
	{"matcher-not-string", "A matcher is not a string; for tool and trigger events Gemini's planner throws and runs no hook of the event."},
	{"matcher-slashes", "A tool matcher is written /like this/; Gemini treats the slashes as part of the regex."},
	{"matcher-unanchored", "A tool matcher is an unanchored regex that also selects other tools."},
	{"missing-type", "A hook has no type, so Gemini discards it."},
	{"name-shared", "Several hooks share a name, so one hooksConfig.disabled entry disables all of them."},
	{"not-object", "The file's root is not a JSON object."},
	{"parse-error", "The file is not valid JSON (JSONC for settings files), so Gemini CLI refuses to start."},
	{"plugin-no-command", "A plugin hook has no command: every run fails."},
	{"plugin-type", "A hook has type \"plugin\", which Gemini runs like a command hook with quirks."},
	{"program-not-found", "A hook's program is on no PATH folder: the hook exits 127, which Gemini reads as a deny on blocking events."},
	{"project-enables-folder-trust", "The project file turns folder trust back on, so Gemini registers no settings hook."},
	{"project-hooks-trust", "Project hooks come with the repository; Gemini trusts them by name and command alone."},
	{"read-error", "The file cannot be read."},
	{"runtime-hook", "A settings file declares a \"runtime\" hook, which always fails when run."},
	{"runtime-var-prefix", "$GEMINI_PROJECT_DIR (or $CLAUDE_PROJECT_DIR) is the prefix of a longer name, and Gemini replaces it anyway."},
	{"runtime-var-quoted", "$GEMINI_PROJECT_DIR is inside quotes, where the quoting Gemini adds breaks paths with spaces."},
	{"script-missing", "The script a hook runs does not exist: every run fails with exit 127, which Gemini reads as a deny on the events whose exit codes block (an error there) and shows as a warning on the others."},
	{"script-not-executable", "The script a hook runs is not executable: every run fails with exit 126."},
	{"sequential-not-boolean", "sequential is not the literal true, so the hooks run in parallel."},
	{"system-file-skipped", "Gemini CLI 0.61 skips a system settings file that root does not own or that others can write."},
	{"test-file", "A hook test file (gh-hooks test) cannot be read: a link out of the project, not a regular file, over 1 MiB, nested too deeply or with YAML aliases."},
	{"test-invalid", "A hook test case is incomplete or contradicts itself: no name or event, a duplicate name, a tool or trigger its event does not have."},
	{"test-never-holds", "A hook test expects what can never happen on its event (toolRuns on SessionStart, a decision where Gemini ignores decisions), so it can never pass."},
	{"test-syntax", "A hook test file is not valid YAML or JSON."},
	{"test-unknown-event", "A hook test case names an event Gemini does not have."},
	{"test-unknown-key", "A hook test file has a key the format does not define (a typo gh-hooks test would otherwise ignore)."},
	{"test-wrong-type", "A value in a hook test file has the wrong type (a string where true or false belongs, a list where a mapping does)."},
	{"timeout-negative", "A negative timeout: the hook times out almost immediately."},
	{"timeout-not-number", "A timeout that is not a number: the hook times out almost immediately."},
	{"timeout-seconds", "A timeout that looks like seconds; Gemini reads milliseconds."},
	{"timeout-string", "A timeout written as a string of digits; Gemini coerces it."},
	{"timeout-too-large", "A timeout above Node's maximum delay: the hook times out almost immediately."},
	{"timeout-zero", "A timeout of 0: the hook times out immediately."},
	{"too-deep", "A settings file nests arrays or objects deeper than 1000 levels: gh-hooks refuses it (Gemini CLI fails at about 2000 with a stack overflow)."},
	{"tool-input-partial", "A BeforeTool hook prints a tool_input that lacks a parameter the tool requires: Gemini gives the tool that object alone, so the tool does not run."},
	{"trailing-comma", "A trailing comma, which Gemini CLI's JSON parser rejects."},
	{"trigger-matcher-regex", "A trigger matcher written as a regex; Gemini compares triggers exactly, so it never matches."},
	{"trusted-folders-invalid", "trustedFolders.json is invalid, so Gemini CLI refuses to start."},
	{"unknown-event", "An event key Gemini does not know: every hook under it is skipped."},
	{"unknown-trigger", "A trigger matcher names a trigger Gemini never fires."},
	{"unknown-type", "A hook type Gemini does not know, so it discards the hook."},
}

// Rules returns every code Check and Files can report, sorted by code.
func Rules() []Rule {
	return append([]Rule(nil), rules...)
}

// LookupRule returns the rule of code.
func LookupRule(code string) (Rule, bool) {
	i := sort.Search(len(rules), func(i int) bool { return rules[i].Code >= code })
	if i < len(rules) && rules[i].Code == code {
		return rules[i], true
	}
	return Rule{}, false
}
