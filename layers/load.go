package layers

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/gh-hooks/gh-hooks/config"
	"github.com/gh-hooks/gh-hooks/gemini"
)

// The layer kinds, in Gemini's merge order.
const (
	SystemDefaults = "system-defaults"
	User           = "user"
	Project        = "project"
	System         = "system"
	Extension      = "extension"
)

// Layer is one file that can contribute hooks.
type Layer struct {
	// Kind is system-defaults, user, project, system or extension.
	Kind string `json:"layer"`
	// Extension is the extension's name when Kind is extension.
	Extension string `json:"extension,omitempty"`
	Path      string `json:"path"`
	Exists    bool   `json:"exists"`
	// Loaded is true when Gemini takes the file into its merge (settings)
	// or registers its hooks (extensions).
	Loaded bool `json:"loaded"`
	// Reason says why a layer that exists is not loaded ("" when loaded).
	Reason string `json:"reason"`
	// Doc is the parsed file (nil when missing or unparseable); Err the
	// parse error that Gemini treats as fatal.
	Doc *config.Document   `json:"-"`
	Err *config.ParseError `json:"-"`
	// Root is the value Gemini works with: settings files after $VAR
	// expansion (spec §1.5), extension hooks.json after ${var} hydration
	// (spec §3.5). It keeps the file's positions.
	Root *config.Node `json:"-"`
	// Dir is the extension's directory (its ${extensionPath}).
	Dir string `json:"-"`
	// Expanded are the variables of the project's .env that replaced a
	// ${name} in this extension's hooks (extension layers only): a
	// repository changing what a user's extension runs.
	Expanded []EnvVar `json:"-"`
	// ExtEnv is the env injected into an extension's command hooks from its
	// declared settings (spec §3.5), in declaration order.
	ExtEnv [][2]string `json:"-"`
	// ifTrusted are, in an untrusted folder, the findings about the
	// project's .env replacing a ${name} in this extension's hooks once
	// the folder is trusted (DotEnvFindings).
	ifTrusted []config.Problem
}

// ID is the layer part of a hook id: the kind, or "extension:<name>".
func (l *Layer) ID() string {
	if l.Kind == Extension {
		return "extension:" + l.Extension
	}
	return l.Kind
}

// Set is everything Load found.
type Set struct {
	Paths Paths
	// Layers holds the four settings layers in merge order, then the
	// extensions in Gemini's order.
	Layers []*Layer
	Trust  Trust
	// Problems are loading problems: parse errors, skipped system files,
	// a broken trustedFolders.json.
	Problems []config.Problem
	// Fatals are the problems that make Gemini CLI refuse to start (exit
	// 52): a settings file or trustedFolders.json it cannot read. They are
	// in Problems too.
	Fatals []config.Problem
	// Lookup is the environment used for $VAR expansion.
	Lookup config.Lookup
	// Gemini is the Gemini CLI whose behaviour Load applied (never nil
	// after Load); its Features decide every versioned rule.
	Gemini *gemini.Install
	// DotEnv is the .env file Gemini loads into its environment (never
	// nil after Load; Path "" when there is none).
	DotEnv *DotEnv
	// Env is Gemini's environment once it has loaded the .env: the
	// process environment, plus the .env's variables it does not set.
	// Hooks run with it; Paths still come from the process environment,
	// except ExtensionsDir, which a .env GEMINI_CLI_HOME moves.
	Env Env
	// GeminiHome is Gemini's home after the .env (homedir():
	// GEMINI_CLI_HOME as the .env may set it, relative to the project),
	// where it loads extensions from. gh-hooks' own state stays under
	// Paths.Home, from the process environment: a repository's .env
	// cannot move it.
	GeminiHome string
	// dotEnvIfTrusted is, in an untrusted folder, the .env Gemini would
	// load once the folder is trusted (nil when trusted).
	dotEnvIfTrusted *DotEnv
	// ifTrusted are, in an untrusted folder, DotEnvFindings: what the
	// .env Gemini would load once the folder is trusted changes.
	ifTrusted []config.Problem
	// dotEnvKeys is DotEnvKey's answer for each .env finding.
	dotEnvKeys map[config.Problem]string
	// dotEnvVars is DotEnvVar's answer for each .env finding.
	dotEnvVars map[config.Problem][2]string
	// keyTop is what DotEnvKey's paths are relative to (repoTop).
	keyTop string
	// extRel is the extensions directory as Gemini spells it when a .env
	// sets a relative GEMINI_CLI_HOME: ${extensionPath} is then relative
	// too (watched with the real 0.61.0).
	extRel string
	// Built are the installed extensions Gemini's extension manager
	// builds, enabled or not, in its order, with or without hooks (the
	// extension layers in Layers are those with a hooks file).
	Built []BuiltExtension
}

// BuiltExtension is one installed extension as Gemini builds it while
// loading (spec §3.5).
type BuiltExtension struct {
	Name     string
	Dir      string           // where it lives (a link's source)
	Manifest *config.Document // its gemini-extension.json
	Enabled  bool
	// Layer is its hooks layer; nil when it has no hooks/hooks.json.
	Layer *Layer
	// Hooks is the hydrated "hooks" object of its hooks.json, read for
	// disabled extensions too, as Gemini reads it; nil when the file is
	// missing, unparsable or has no object "hooks". HooksDoc is the file.
	Hooks    *config.Node
	HooksDoc *config.Document
	// HasEnv reports whether any of its settings has a value (from its
	// .env files), which Gemini adds to the env of its command hooks.
	HasEnv bool
	// SettingsError is the TypeError Gemini's extension manager throws on
	// the manifest's "settings" while experimental.extensionConfig is on
	// (getScopedEnvContents iterates it and reads each item's .sensitive),
	// which makes it skip the whole extension: a value that is not
	// iterable, or a null item. "" when none, or when the setting is off.
	SettingsError string
	// HooksSettingsError is the TypeError the same "settings" throws in
	// the loop that adds settings to the env of the hooks, which runs
	// when hooks load, whatever experimental.extensionConfig says.
	HooksSettingsError string
}

// Settings returns the settings layer of a kind (never nil after Load).
// UserHome is $HOME as Gemini's hooks see it: they inherit Gemini's
// environment, Env (spec §5.2), so ~ and $HOME in a command lead there.
// It is not Paths.Home, which GEMINI_CLI_HOME moves. "" when HOME is
// unset.
func (s *Set) UserHome() string { return s.Env.get("HOME") }

func (s *Set) Settings(kind string) *Layer {
	for _, l := range s.Layers {
		if l.Kind == kind {
			return l
		}
	}
	return nil
}

// Options configures Load.
type Options struct {
	// ProjectDir is the workspace directory (Gemini's cwd); "" means the
	// working directory. Messages name it as given.
	ProjectDir string
	// WorkDir is the working directory, which a relative ProjectDir is
	// relative to; "" is the process's.
	WorkDir string
	// Env is the environment; nil means the process environment.
	Env Env
	// Gemini is the Gemini CLI to model (gemini.Detect); nil means none
	// was detected, and the newest modelled release's rules apply.
	Gemini *gemini.Install
}

// Load reads every layer as the Gemini CLI in opts.Gemini does (0.61.0
// when nil). It only returns an
// error when the project directory cannot be determined; problems with
// individual files are recorded in Set.Problems and on the Layer.
func Load(opts Options) (*Set, error) {
	env := opts.Env
	if env == nil {
		env = OSEnv
	}
	dir := opts.ProjectDir
	if dir == "" {
		dir = opts.WorkDir
	}
	if dir == "" {
		wd, err := os.Getwd()
		if err != nil {
			return nil, fmt.Errorf("cannot determine the project directory: %w", err)
		}
		dir = wd
	}
	shown := dir
	if opts.WorkDir != "" && !filepath.IsAbs(dir) {
		dir = filepath.Join(opts.WorkDir, dir)
	}
	if st, err := os.Stat(dir); err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err // the path is in the message already
		}
		return nil, fmt.Errorf("project directory %s: %w", shown, err)
	} else if !st.IsDir() {
		return nil, fmt.Errorf("project directory %s is not a directory", shown)
	}
	// Gemini's cwd is process.cwd(), the physical directory: a project
	// reached through a symbolic link is seen (and keyed) by its real path.
	if real, err := filepath.EvalSymlinks(dir); err == nil {
		dir = real
	}
	in := opts.Gemini
	if in == nil {
		in = gemini.NotInstalled("no Gemini CLI detected")
	}
	f := in.Features
	s := &Set{Paths: resolvePaths(dir, env, f), Lookup: config.Lookup(env), Gemini: in}
	// Before 0.60 system files load whoever owns them (gemini.Table).
	insecureOK := env.get(InsecureSystemEnv) == "1" || !f.SecureSystemFiles

	defaults := s.readSettings(SystemDefaults, s.Paths.SystemDefaults, true, insecureOK)
	user := s.readSettings(User, s.Paths.User, false, false)
	var project *Layer
	if s.Paths.ProjectIsHome {
		project = &Layer{Kind: Project, Path: "", Reason: "the project directory is the home directory: Gemini loads " +
			s.Paths.User + " once, as the user layer, and has no project layer"}
	} else {
		project = s.readSettings(Project, s.Paths.Project, false, false)
	}
	system := s.readSettings(System, s.Paths.System, true, insecureOK)
	s.Layers = []*Layer{defaults, user, project, system}

	// Folder trust is decided from defaults, user and system only: a
	// workspace cannot trust itself (spec §1.6).
	s.Trust = s.folderTrust(env, defaults, user, system)
	if project.Loaded && !s.Trust.Trusted {
		project.Loaded = false
		project.Reason = "folder is not trusted: Gemini leaves the project file out of the merge"
	}
	if project.Loaded {
		s.recheckTrust(env, defaults, user, project, system)
	}
	// Gemini loads a .env into its own environment once the settings are
	// read and trust is decided, before it builds extensions and hooks.
	s.DotEnv = s.loadDotEnv(env, s.Layers, s.Trust.Trusted)
	if !s.Trust.Trusted {
		// What trusting the folder would load: the hooks to review
		// before trusting it run with it.
		s.dotEnvIfTrusted = s.loadDotEnv(env, s.Layers, true)
	}
	s.Env = s.DotEnv.Overlay(env)
	s.afterDotEnv(env)
	s.Layers = append(s.Layers, s.loadExtensions(s.Env)...)
	s.Problems = append(s.Problems, s.dotEnvProblemsOf(s.DotEnv, "")...)
	s.Problems = append(s.Problems, s.commandReadsProblems(s.DotEnv, "")...)
	s.Problems = append(s.Problems, s.unknownEnvProblems(s.DotEnv, "", s.Problems)...)
	if s.dotEnvIfTrusted != nil {
		s.ifTrusted = s.dotEnvProblemsOf(s.dotEnvIfTrusted, onceTrusted)
		s.ifTrusted = append(s.ifTrusted, s.commandReadsProblems(s.dotEnvIfTrusted, onceTrusted)...)
		for _, l := range s.Layers {
			if l.Loaded {
				s.ifTrusted = append(s.ifTrusted, l.ifTrusted...)
			}
		}
		s.ifTrusted = append(s.ifTrusted, s.unknownEnvProblems(s.dotEnvIfTrusted, onceTrusted, append(s.ifTrusted, s.Problems...))...)
	}
	if IsExtensionDir(s.Paths.ProjectDir) {
		// The project is an extension's own directory: its hooks are not
		// the workspace's, and Gemini runs them only when it is installed.
		if p := s.NotLoaded(s.Paths.ProjectDir); p != nil {
			p.Message = "this project directory is an extension, and " + p.Message
			s.Problems = append(s.Problems, *p)
		}
	}
	config.SortProblems(s.Problems)
	return s, nil
}

// folderTrust merges security.folderTrust.enabled from the given layers
// and decides the folder's trust; a broken trustedFolders.json is recorded
// as fatal.
func (s *Set) folderTrust(env Env, layers ...*Layer) Trust {
	t, p := decideTrust(env, s.gemini().Features, folderTrustEnabled(layers...), s.Paths.ProjectDir, s.Paths.TrustedFolders)
	if p != nil {
		s.fatal(*p)
	}
	return t
}

// folderTrustEnabled is `settings.security?.folderTrust?.enabled ?? true`
// on the merge of the given layers, lowest first (mergedSetting: a
// security or folderTrust that is not an object, null or a string,
// replaces what the layers below said, leaving enabled undefined and
// folder trust on; confirmed with the oracle).
func folderTrustEnabled(layers ...*Layer) bool {
	n := mergedSetting(layers, "security", "folderTrust", "enabled")
	if n == nil || n.Kind == config.Null {
		return true // undefined or null: `?? true` keeps the default
	}
	return coercedBool(n)
}

// coercedBool is a boolean setting's value as Gemini uses it: "true" and
// "false" as Zod's boolean coercion turns them (spec §2.5), anything else
// by JavaScript truthiness.
func coercedBool(n *config.Node) bool {
	switch {
	case n.Kind == config.String && strings.EqualFold(n.Str, "false"):
		return false
	case n.Kind == config.String && strings.EqualFold(n.Str, "true"):
		return true
	}
	return n.Truthy()
}

// mergedSetting is the value at path in the merge of the loaded settings
// layers, lowest first, as customDeepMerge makes it (spec §3.1, §3.2): the
// last layer that defines it wins, and a value on the way that is not an
// object replaces what the layers below had, so that nothing under it is
// defined. nil means undefined.
func mergedSetting(layers []*Layer, path ...string) *config.Node {
	var out *config.Node
	for _, l := range layers {
		if l.Kind == Extension || !l.Loaded || l.Root == nil {
			continue
		}
		n := l.Root
		for i, k := range path {
			n = n.Get(k)
			if n == nil {
				break
			}
			if i < len(path)-1 && n.Kind != config.Object {
				out, n = nil, nil // replaces the object the path runs through
				break
			}
		}
		if n != nil {
			out = n
		}
	}
	return out
}

// recheckTrust models the second trust decision. The hook registry asks
// Config.isTrustedFolder(), which decides again from the merged settings,
// and those now include the project file: a project that sets
// security.folderTrust.enabled to true (or replaces security or
// folderTrust with null) turns folder trust back on for a user who
// switched it off, and with no trustedFolders.json rule for the
// folder no settings hook registers, although Gemini did merge the
// project's settings (loadCliConfig folderTrust/trustedFolder and
// Config.isTrustedFolder in 0.61; found by comparing random setups with
// the oracle, not in spec §1.6, which covers only the first decision).
func (s *Set) recheckTrust(env Env, defaults, user, project, system *Layer) {
	if folderTrustEnabled(defaults, user, project, system) == folderTrustEnabled(defaults, user, system) {
		return // the same setting gives the same decision
	}
	first := s.Trust
	again := s.folderTrust(env, defaults, user, project, system)
	if again.Trusted {
		// The registry's decision is the one that counts for hooks, and
		// its reason may differ (a trustedFolders.json rule rather than
		// folder trust switched off).
		s.Trust = again
		return
	}
	// The deepest of security.folderTrust.enabled, security.folderTrust
	// and security that the project sets: the value that decided.
	at := "/security/folderTrust/enabled"
	for project.Root.Lookup(at) == nil {
		at = at[:strings.LastIndexByte(at, '/')]
	}
	key := strings.ReplaceAll(at[1:], "/", ".")
	again.Why = fmt.Sprintf("the project file sets %s, and Gemini's hook registry decides trust again with it after merging the file (first decision: %s): %s", key, first.Why, again.Why)
	s.Trust = again
	if p := project.Doc.At(at, config.SevWarning, "project-enables-folder-trust",
		"this project file turns folder trust back on after Gemini has merged it: the hook registry then finds the folder untrusted and registers no settings hook at all, not even user and system hooks",
		fmt.Sprintf("remove %s from %s, or trust the folder: add %q: \"TRUST_FOLDER\" to %s", key, project.Path, s.Paths.ProjectDir, s.Paths.TrustedFolders)); !s.Fatal() {
		s.Problems = append(s.Problems, p)
	}
}

func (s *Set) readSettings(kind, path string, system, insecureOK bool) *Layer {
	l := &Layer{Kind: kind, Path: path}
	st, err := os.Stat(path)
	if errors.Is(err, fs.ErrNotExist) {
		l.Reason = "file does not exist"
		return l
	}
	l.Exists = true
	if system && err == nil && !st.IsDir() && !insecureOK {
		// 0.60 and later skip insecure system files with a warning
		// (spec §1.1; gemini-versions.md §2 row 3).
		if why := checkSecure(path); why != "" {
			l.Reason = "Gemini " + s.gemini().Rules + " skips this system file: " + why
			doc, _ := config.ReadFile(path, config.Options{})
			p := config.Problem{Severity: config.SevWarning, Code: "system-file-skipped", Path: path, Line: 1, Column: 1,
				Message: fmt.Sprintf("Gemini CLI %s skips this %s file (Security Warning): %s", s.gemini().Rules, kind, why),
				Hint:    "make the file and every parent directory owned by root and not writable by group or others (sudo chown root:root; sudo chmod go-w)"}
			if doc != nil {
				l.Doc = doc
			}
			s.Problems = append(s.Problems, p)
			return l
		}
	}
	doc, err := config.ReadFile(path, config.Options{})
	if err != nil {
		var pe *config.ParseError
		if errors.As(err, &pe) {
			l.Err = pe
			l.Reason = "Gemini CLI cannot parse this file and refuses to start: " + pe.Msg
			for _, p := range append([]config.Problem{config.FromParseError(pe)}, config.MoreProblems(pe)...) {
				p.Message = "Gemini CLI refuses to start (exit 52): " + p.Message
				s.fatal(p)
			}
			return l
		}
		l.Reason = err.Error()
		return l
	}
	l.Doc = doc
	l.Root = config.ExpandTree(doc.Root, s.Lookup)
	l.Loaded = true
	return l
}

// ReadSettingsFile reads a settings file at path as a layer of the given
// kind, the way Load reads the user and project files: JSONC, fatal parse
// errors, $VAR expansion (spec §1.4, §1.5). Its problems go to s.Problems.
// It is how a single settings file is checked.
func (s *Set) ReadSettingsFile(kind, path string) *Layer {
	return s.readSettings(kind, path, false, false)
}

// gemini is s.Gemini, or the newest modelled release for a Set built by
// hand.
func (s *Set) gemini() *gemini.Install {
	if s.Gemini == nil {
		return gemini.NotInstalled("no Gemini CLI detected")
	}
	return s.Gemini
}

// Fatal reports whether Gemini CLI would refuse to start (exit 52).
func (s *Set) Fatal() bool { return len(s.Fatals) > 0 }

func (s *Set) fatal(p config.Problem) {
	s.Problems = append(s.Problems, p)
	s.Fatals = append(s.Fatals, p)
}

// Setting is the value at path in the merge of the loaded settings layers
// as Gemini merges them (nil when undefined), for settings that only a
// release other than 0.61 reads (gemini.HooksIn).
func (s *Set) Setting(path ...string) *config.Node {
	return mergedSetting(s.Layers, path...)
}

// SettingTrue is Setting read as a boolean setting (Zod's coercion of
// "true"/"false", else JavaScript truthiness); false when undefined.
func (s *Set) SettingTrue(path ...string) bool {
	n := s.Setting(path...)
	return n != nil && coercedBool(n)
}
