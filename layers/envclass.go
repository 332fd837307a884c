package layers

import (
	"crypto/sha256"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/gh-hooks/gh-hooks/config"
	"github.com/gh-hooks/gh-hooks/internal/lazyre"
)

// The kinds of variable a .env can set that matter to hooks.
const (
	// EnvWhere is a variable that changes where Gemini looks: the files
	// and extensions it loads, or its trust decision.
	EnvWhere = "where"
	// EnvRuns is a variable that changes what a hook runs: the shell or
	// an interpreter reads it and can load other code first.
	EnvRuns = "runs"
)

// envClass is one variable (or prefix, ending in "*") that changes where
// Gemini looks or what a hook runs, with why. Gemini passes its whole
// environment to every hook (spec §5.2), so a variable loaded from a .env
// reaches every hook: the user's and the extensions' as well as the
// project's.
type envClass struct {
	name, kind, why string
}

var envClasses = []envClass{
	// Read by Gemini after loadEnvironment (watched with the real 0.61.0:
	// a project .gemini/.env GEMINI_CLI_HOME=fakehome made Gemini load
	// and run fakehome/.gemini/extensions/* hooks; user settings were
	// already read from the real home and stayed).
	{"GEMINI_CLI_HOME", EnvWhere, "Gemini loads extensions (and their hooks), extension settings and its trusted-hooks store from this home"},
	// Read by the settings loader, which runs before loadEnvironment: at
	// start-up they change nothing, but Gemini re-reads settings when its
	// 10-second settings cache expires.
	{"GEMINI_CLI_SYSTEM_SETTINGS_PATH", EnvWhere, "Gemini reads system settings from this path whenever it reloads settings after start-up"},
	{"GEMINI_CLI_SYSTEM_DEFAULTS_PATH", EnvWhere, "Gemini reads system defaults from this path whenever it reloads settings after start-up"},
	// Config.isTrustedFolder() decides again on each call (0.59+): an
	// env answer wins over the start-up one (watched: a trusted folder's
	// .gemini/.env GEMINI_RESTRICTED_MODE=true made headless Gemini exit
	// 55, and no settings hook registers).
	{"GEMINI_RESTRICTED_MODE", EnvWhere, "Gemini decides folder trust again with it after loading the .env: the folder becomes untrusted and no settings hook runs, the user's guards included"},
	{"GEMINI_CLI_TRUST_WORKSPACE", EnvWhere, "Gemini decides folder trust again with it after loading the .env"},
	// Not GEMINI_CLI_TRUSTED_FOLDERS_PATH: loadTrustedFolders caches the
	// file read before the .env (watched: pointing it at a DO_NOT_TRUST
	// rule changed nothing).
	// gemini.tsx main(): `if (!process.env.SANDBOX ...)` decides whether
	// to start the sandbox settings ask for, after loadSettings has
	// loaded the .env.
	{"SANDBOX", EnvWhere, "Gemini believes it already runs inside a sandbox and does not start the one tools.sandbox or --sandbox asks for"},
	// environmentSanitization.ts: either switches on redaction of the
	// environment every hook gets (spec §5.2).
	{"GITHUB_SHA", EnvWhere, "Gemini redacts the environment it gives hooks when it is set"},
	{"SURFACE", EnvWhere, "Gemini redacts the environment it gives hooks when it is Github"},

	// bash -c runs every command hook (spec §5.2).
	{"BASH_ENV", EnvRuns, "bash sources this file before every command hook (bash -c reads $BASH_ENV)"},
	{"ENV", EnvRuns, "an interactive sh (or bash in POSIX mode) sources this file at start"},
	{"BASH_FUNC_*", EnvRuns, "bash imports exported functions from BASH_FUNC_name%% variables, which replace commands the hook calls (dotenv cannot write the %% key, a process environment can)"},
	{"SHELLOPTS", EnvRuns, "bash turns on these options at start (xtrace with PS4 runs code)"},
	{"BASHOPTS", EnvRuns, "bash turns on these shopt options at start"},
	{"PS4", EnvRuns, "bash expands it, command substitutions included, for every traced command"},
	{"CDPATH", EnvRuns, "cd in a hook resolves relative directories along it"},
	{"GLOBIGNORE", EnvRuns, "changes what every glob in a hook matches"},
	// Program lookup and the dynamic loader.
	{"PATH", EnvRuns, "bash looks up every program a hook runs along it (Gemini finds bash itself there)"},
	{"LD_PRELOAD", EnvRuns, "the dynamic loader loads these libraries into every program a hook runs"},
	{"LD_LIBRARY_PATH", EnvRuns, "the dynamic loader looks for libraries here first"},
	{"LD_AUDIT", EnvRuns, "the dynamic loader loads these audit libraries into every program"},
	{"DYLD_*", EnvRuns, "macOS's dynamic loader loads or finds libraries from these"},
	// Interpreters that load code named by the environment.
	{"NODE_OPTIONS", EnvRuns, "node takes options from it, --require and --import included, which load a file first"},
	{"NODE_PATH", EnvRuns, "node's require looks up modules here"},
	{"PYTHONPATH", EnvRuns, "python imports modules from here first"},
	{"PYTHONSTARTUP", EnvRuns, "python runs this file at start in interactive mode"},
	{"PYTHONHOME", EnvRuns, "python loads its standard library from here"},
	{"PYTHONINSPECT", EnvRuns, "python enters interactive mode after the script"},
	// Watched with the real Gemini 0.61.0 (issue 30): a project .env
	// PYTHONUSERBASE=. made a user's own python hook run a project .pth.
	{"PYTHONUSERBASE", EnvRuns, "python loads the user site-packages from here, whose .pth files run code at start"},
	{"PERL5LIB", EnvRuns, "perl loads modules from here first"},
	{"PERL5OPT", EnvRuns, "perl takes options from it, -M (load a module) included"},
	{"RUBYOPT", EnvRuns, "ruby takes options from it, -r (require a file) included"},
	{"RUBYLIB", EnvRuns, "ruby loads libraries from here first"},
	{"JAVA_TOOL_OPTIONS", EnvRuns, "the JVM takes options from it, -javaagent included"},
	{"_JAVA_OPTIONS", EnvRuns, "the JVM takes options from it, -javaagent included"},
	// Tools hooks commonly run.
	{"GIT_*", EnvRuns, "git runs programs and reads config named by GIT_ variables (GIT_SSH_COMMAND, GIT_EXTERNAL_DIFF, GIT_CONFIG_*, GIT_DIR, GIT_EXEC_PATH, ...)"},
	{"NPM_CONFIG_*", EnvRuns, "npm takes its config from these (script-shell, node-options, prefix, ...)"},
	{"npm_config_*", EnvRuns, "npm takes its config from these (script-shell, node-options, prefix, ...)"},
	{"PAGER", EnvRuns, "tools run this program to page their output"},
	{"EDITOR", EnvRuns, "tools run this program to edit"},
	{"GIT_PAGER", EnvRuns, "git runs this program to page"},
	{"PROMPT_COMMAND", EnvRuns, "bash runs it before each prompt of an interactive shell"},
}

// inertEnv are the variables known not to change what a hook runs or
// where Gemini looks (a name ending in "*" is a prefix), with the reason.
// Classification is default-deny (issue 30 §6): every other variable a
// project .env or a hook's env sets is reported, since any program a hook
// runs may read it. Kept short on purpose: a name belongs here only when
// the programs that read it only choose how text looks or which account
// is used, never which code runs or which files are loaded.
var inertEnv = []struct{ name, why string }{
	// The four variables Gemini loads from a .env even in an untrusted
	// folder (authEnvWhitelist): credentials, not code.
	{"GEMINI_API_KEY", "an API key Gemini authenticates with"},
	{"GOOGLE_API_KEY", "an API key Gemini authenticates with"},
	{"GOOGLE_CLOUD_PROJECT", "the Google Cloud project Gemini bills"},
	{"GOOGLE_CLOUD_LOCATION", "the Google Cloud region Gemini calls"},
	// Locale and time: how programs format text and dates (locale(7);
	// LOCPATH, which names where locale data is loaded from, is not here).
	{"LANG", "the locale"},
	{"LANGUAGE", "the order of message translations"},
	// The locale categories by name (locale(7)), not every LC_ name: a
	// program may read any variable, LC_HOOK_CMD included.
	{"LC_ALL", "a locale category"},
	{"LC_CTYPE", "a locale category"},
	{"LC_NUMERIC", "a locale category"},
	{"LC_TIME", "a locale category"},
	{"LC_COLLATE", "a locale category"},
	{"LC_MONETARY", "a locale category"},
	{"LC_MESSAGES", "a locale category"},
	{"LC_PAPER", "a locale category"},
	{"LC_NAME", "a locale category"},
	{"LC_ADDRESS", "a locale category"},
	{"LC_TELEPHONE", "a locale category"},
	{"LC_MEASUREMENT", "a locale category"},
	{"LC_IDENTIFICATION", "a locale category"},
	{"TZ", "the time zone"},
	// The terminal and colour: how output looks.
	{"TERM", "the terminal type"},
	{"COLORTERM", "the terminal's colour support"},
	{"COLUMNS", "the terminal's width"},
	{"LINES", "the terminal's height"},
	{"NO_COLOR", "turns colour off (no-color.org)"},
	{"FORCE_COLOR", "turns colour on"},
	{"CLICOLOR", "turns colour on"},
	{"CLICOLOR_FORCE", "turns colour on"},
}

// Inert reports whether the variable is known not to change what a hook
// runs (inertEnv), and why.
func Inert(name string) (bool, string) {
	for _, c := range inertEnv {
		if p, ok := strings.CutSuffix(c.name, "*"); ok && strings.HasPrefix(name, p) || c.name == name {
			return true, c.why
		}
	}
	return false, ""
}

// UnknownEnv is why a variable that is neither inert nor in envClasses
// is reported (EnvEffect).
const UnknownEnv = "gh-hooks does not know which programs read it, and any program a hook runs may change what it does with it (only the variables known to be inert, such as LANG or TERM, are left out)"

// ClassifyEnv says whether a variable is known to change where Gemini
// looks (EnvWhere) or what a hook runs (EnvRuns), and why; "" when it is
// not one of those known (envClasses). EnvEffect is the default-deny
// classification built on it.
func ClassifyEnv(name string) (kind, why string) {
	for _, c := range envClasses {
		if p, ok := strings.CutSuffix(c.name, "*"); ok && strings.HasPrefix(name, p) || c.name == name {
			return c.kind, c.why
		}
	}
	return "", ""
}

// EnvEffect is the one default-deny classification of a variable that a
// project .env, a hook's env or the inherited environment sets (issue 30
// §6): what it may change (EnvWhere or EnvRuns) and why, or "" only when
// it is known to be inert (Inert). A variable gh-hooks does not know is
// EnvRuns.
func EnvEffect(name string) (kind, why string) {
	if kind, why = ClassifyEnv(name); kind != "" {
		return kind, why
	}
	if ok, _ := Inert(name); ok {
		return "", ""
	}
	return EnvRuns, UnknownEnv
}

// onceTrusted starts the findings of an untrusted folder's would-be .env.
const onceTrusted = "once the folder is trusted, "

// The codes of .env findings (validate/codes.go describes them).
const (
	CodeDotEnvWhere     = "dotenv-where"
	CodeDotEnvRuns      = "dotenv-runs"
	CodeDotEnvExpansion = "dotenv-expansion"
	CodeDotEnvUnread    = "dotenv-unread"
	CodeDotEnvInexact   = "dotenv-inexact"
)

// dotEnvProblemsOf are the findings about the .env file d: each variable
// that changes where Gemini looks or what a hook runs, at its position.
// In a file of the project they are warnings (a repository changes what
// runs for the user); in the user's own file (above the project, or in
// the home) they are information. when is put before each message
// ("once the folder is trusted, ").
func (s *Set) dotEnvProblemsOf(d *DotEnv, when string) []config.Problem {
	if d == nil || d.Path == "" {
		return nil
	}
	sev, whose := dotEnvWhose(d)
	var ps []config.Problem
	if d.Unread != "" {
		ps = append(ps, s.keyed(config.Problem{Severity: sev, Code: CodeDotEnvUnread, Path: d.Path, Line: 1, Column: 1,
			Message: when + "Gemini loads this .env into the environment of every hook, but gh-hooks cannot read it: " + d.Unread,
			Hint:    "replace it with a regular file inside the project, or delete it"}, "", "", ""))
		return ps
	}
	if d.Inexact {
		ps = append(ps, s.keyed(config.Problem{Severity: sev, Code: CodeDotEnvInexact, Path: d.Path, Line: 1, Column: 1,
			Message: when + "this .env holds a Unicode line or paragraph separator (U+2028, U+2029), where Gemini's parser splits lines and gh-hooks' may not: what gh-hooks reports of it can differ from what Gemini loads",
			Hint:    "replace the separators with plain newlines"}, "", d.Stamp(), ""))
	}
	for _, v := range d.Vars {
		kind, why := ClassifyEnv(v.Key)
		if kind == "" || !v.Loaded && !v.Shadowed {
			continue
		}
		ps = append(ps, s.dotEnvVarProblem(d, v, sev, whose, when, kind, why))
	}
	return ps
}

// dotEnvWhose is the severity of d's findings and how they name it: a
// warning in a file of the project (a repository changes what runs for
// the user), information in the user's own file.
func dotEnvWhose(d *DotEnv) (config.Severity, string) {
	if d.Inside {
		return config.SevWarning, "the project's .env"
	}
	return config.SevInfo, "a .env outside the repository"
}

// unknownEnvProblems are the default-deny findings about d (issue 30 §6):
// each variable gh-hooks does not know and that is not inert, unless
// another finding already names it (the hook command or extension that
// reads it: more precise). They come after the others.
func (s *Set) unknownEnvProblems(d *DotEnv, when string, already []config.Problem) []config.Problem {
	if d == nil || d.Path == "" || d.Unread != "" {
		return nil
	}
	named := map[string]bool{}
	for _, p := range already {
		if name, _, ok := s.DotEnvVar(p); ok && p.Path == d.Path {
			named[name] = true
		}
	}
	sev, whose := dotEnvWhose(d)
	var ps []config.Problem
	for _, v := range d.Vars {
		if known, _ := ClassifyEnv(v.Key); known != "" || named[v.Key] || !v.Loaded && !v.Shadowed {
			continue
		}
		kind, why := EnvEffect(v.Key)
		if kind == "" {
			continue
		}
		ps = append(ps, s.dotEnvVarProblem(d, v, sev, whose, when, kind, why))
	}
	return ps
}

// dotEnvVarProblem is the finding that d sets v, which may change what
// kind says, because of why.
func (s *Set) dotEnvVarProblem(d *DotEnv, v DotEnvVar, sev config.Severity, whose, when, kind, why string) config.Problem {
	code := CodeDotEnvRuns
	if kind == EnvWhere {
		code = CodeDotEnvWhere
	}
	p := config.Problem{Severity: sev, Code: code, Path: d.Path, Line: v.Line, Column: v.Column}
	if v.Shadowed {
		p.Severity = config.SevInfo
		p.Message = fmt.Sprintf("%s sets %s, which Gemini would load into its environment (%s), but your environment sets it already, so Gemini keeps yours", whose, v.Key, why)
		p.Hint = fmt.Sprintf("remove %s from %s: started from an environment without it, Gemini would load it", v.Key, d.Path)
	} else {
		set := v.Key + "=" + v.Value
		if !d.Inside {
			set = v.Key // the user's own file: its value stays out of every output
		}
		p.Message = fmt.Sprintf("%s%s sets %s, which Gemini loads into its environment before any hook runs: %s", when, whose, set, why)
		p.Hint = fmt.Sprintf("remove %s from %s, or set %s in the environment that starts gemini (Gemini keeps a variable already set, even empty: export %s=)", v.Key, d.Path, v.Key, v.Key)
	}
	return s.keyed(p, v.Key, v.Value, "")
}

// DotEnvFindings lists the problems of the .env file that make hooks run
// something a repository chose: warnings about a project .env. trust
// audit does not pass while there is one.
//
// In an untrusted folder they are the findings about the .env Gemini
// would load once the folder is trusted: trust audit is how the hooks are
// reviewed before trusting it.
func (s *Set) DotEnvFindings() []config.Problem {
	var out []config.Problem
	ps := s.Problems
	if s.dotEnvIfTrusted != nil {
		ps = s.ifTrusted
	}
	for _, p := range ps {
		if strings.HasPrefix(p.Code, "dotenv-") && p.Severity == config.SevWarning {
			out = append(out, p)
		}
	}
	return out
}

// LayerOf is the extension or settings layer whose file is path (nil when
// none).
func (s *Set) LayerOf(path string) *Layer {
	for _, l := range s.Layers {
		if l.Path == path {
			return l
		}
	}
	return nil
}

// shellRef finds $NAME and ${NAME...} in a command: what bash expands
// from the environment when the command runs. Gemini expands $VAR in
// settings files at load, before it loads the .env (spec §1.5), and
// leaves unknown names for the shell; extension hooks get only ${name}
// hydration. So a name the .env sets reaches the command through bash.
var shellRef = lazyre.New(`\$\{?([A-Za-z_][A-Za-z0-9_]*)`)

// CommandReads lists the .env variables Gemini loads that command reads
// through the shell, in the order the command names them.
func (d *DotEnv) CommandReads(command string) []DotEnvVar {
	if d == nil || !d.Inside {
		return nil
	}
	loaded := map[string]DotEnvVar{}
	for _, v := range d.EnvLoaded() {
		loaded[v.Key] = v
	}
	if len(loaded) == 0 {
		return nil
	}
	var out []DotEnvVar
	seen := map[string]bool{}
	for _, m := range shellRef.Get().FindAllStringSubmatch(command, -1) {
		if v, ok := loaded[m[1]]; ok && !seen[m[1]] {
			seen[m[1]] = true
			out = append(out, v)
		}
	}
	return out
}

// commandReadsProblems reports each variable of d that a hook command
// reads through the shell (and that is not reported as changing what
// every hook runs already): of a loaded layer, and when d is what an
// untrusted folder would load (when is onceTrusted), of the project
// layer trusting it would load too.
func (s *Set) commandReadsProblems(d *DotEnv, when string) []config.Problem {
	if d == nil || !d.Inside {
		return nil
	}
	var ps []config.Problem
	seen := map[string]bool{}
	for _, l := range s.Layers {
		if !l.Loaded && (when == "" || l.Kind != Project) || l.Root == nil {
			continue
		}
		eachCommand(l.Root.Get("hooks"), func(cmd string) {
			for _, v := range d.CommandReads(cmd) {
				if kind, _ := ClassifyEnv(v.Key); kind != "" || seen[l.Path+"\x00"+v.Key] {
					continue
				}
				seen[l.Path+"\x00"+v.Key] = true
				ps = append(ps, s.keyed(config.Problem{Severity: config.SevWarning, Code: CodeDotEnvExpansion, Path: d.Path, Line: v.Line, Column: v.Column,
					Message: fmt.Sprintf("%sthe project's .env sets %s=%s, which a hook command of %s reads through the shell ($%s): the repository chooses what that hook runs", when, v.Key, v.Value, l.Path, v.Key),
					Hint:    fmt.Sprintf("remove %s from %s, or set %s in the environment that starts gemini (Gemini keeps a variable already set)", v.Key, d.Path, v.Key)},
					v.Key, v.Value, l.ID()))
			}
		})
	}
	return ps
}

// eachCommand calls fn with every "command" string of the hooks object
// of a layer: event → definitions → hooks → command.
func eachCommand(hooks *config.Node, fn func(string)) {
	if hooks == nil || hooks.Kind != config.Object {
		return
	}
	for _, ev := range hooks.Vals {
		defs := []*config.Node{ev}
		if ev.Kind == config.Array {
			defs = ev.Items
		}
		for _, def := range defs {
			hs := def.Get("hooks")
			if hs == nil || hs.Kind != config.Array {
				continue
			}
			for _, h := range hs.Items {
				if c := h.Get("command"); c.IsString() {
					fn(c.Str)
				}
			}
		}
	}
}

// DotEnvKey is how an acknowledgement names a finding of DotEnvFindings,
// the same wherever the project lives and whoever audits, before and
// after the folder is trusted: its code, the variable, a SHA-256 of its
// value (a committed baseline never holds a .env's secret), the layer
// whose hooks read it (expansions) and the .env's path relative to the
// repository's top (repoTop), e.g. "dotenv-runs BASH_ENV sha256:… - .gemini/.env". Not the
// message, so a rewording keeps acknowledgements. A problem that is not a
// finding of this Set has its code and message as its key.
func (s *Set) DotEnvKey(p config.Problem) string {
	if k, ok := s.dotEnvKeys[p]; ok {
		return k
	}
	return p.Code + " " + strings.TrimPrefix(p.Message, onceTrusted)
}

// keyed records p's DotEnvKey and returns p. name and value are the
// variable's (for an inexact file, value is the file's stamp), layer the
// ID of the layer whose hooks read it ("" when every hook).
func (s *Set) keyed(p config.Problem, name, value, layer string) config.Problem {
	if s.keyTop == "" {
		s.keyTop = s.repoTop() // the same from a subdirectory
	}
	rel := p.Path
	if r, err := filepath.Rel(s.keyTop, p.Path); err == nil && filepath.IsLocal(r) {
		rel = filepath.ToSlash(r)
	}
	k := []string{p.Code, orDash(name), "-", orDash(layer), rel}
	if value != "" || name != "" {
		k[2] = fmt.Sprintf("sha256:%x", sha256.Sum256([]byte(value)))
	}
	if s.dotEnvKeys == nil {
		s.dotEnvKeys = map[config.Problem]string{}
	}
	s.dotEnvKeys[p] = strings.Join(k, " ")
	if name != "" {
		if s.dotEnvVars == nil {
			s.dotEnvVars = map[config.Problem][2]string{}
		}
		s.dotEnvVars[p] = [2]string{name, value}
	}
	return p
}

// DotEnvVar is the variable and value a finding of DotEnvFindings is
// about; ok is false for a finding about the file itself (unread,
// inexact).
func (s *Set) DotEnvVar(p config.Problem) (name, value string, ok bool) {
	v, ok := s.dotEnvVars[p]
	return v[0], v[1], ok
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}
