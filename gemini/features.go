package gemini

// Features are the behaviours of one Gemini CLI release that change what
// gh-hooks computes. The zero value is not meaningful: use For or Latest.
type Features struct {
	// Rules is the release whose rules apply (the detected major.minor,
	// clamped to the modelled range).
	Rules Version
	// TrustWorkspaceFalse: GEMINI_CLI_TRUST_WORKSPACE=false forces the
	// folder to be untrusted (before, only "true" was read).
	TrustWorkspaceFalse bool
	// RestrictedMode: GEMINI_RESTRICTED_MODE=true forces the folder to be
	// untrusted, before any other answer (before, it was ignored).
	RestrictedMode bool
	// SecureSystemFiles: the system settings and system defaults files are
	// skipped unless they and their folders are root-owned and not
	// group- or other-writable (before, they always loaded).
	SecureSystemFiles bool
	// UntrustedUserCommands: in an untrusted folder FileCommandLoader
	// still loads the user's own commands (before, no file command at all).
	UntrustedUserCommands bool
	// SandboxRuntimeDir: under the macOS Seatbelt sandbox
	// (SANDBOX=sandbox-exec) trustedFolders.json is read from
	// <home>/.cache/.gemini (before, always <home>/.gemini).
	SandboxRuntimeDir bool
}

// Feature is one row of the table: a behaviour, the first release that
// has it, and where upstream it lives.
type Feature struct {
	Name   string
	First  Version
	Source string
	set    func(*Features)
}

// Table lists every difference between 0.47.0 and 0.61.0 that changes what
// gh-hooks computes (spec gemini-versions.md §2, rows 1 to 5), checked
// against the npm packages @google/gemini-cli 0.56.0–0.61.0 and
// @google/gemini-cli-core 0.58.0–0.61.0. Rows 1b, 3b and 5b (IDE trust,
// Windows path forms, a start-up crash) are not modelled.
var Table = []Feature{
	{"GEMINI_CLI_TRUST_WORKSPACE=false forces the folder untrusted", Version{0, 57},
		"packages/core/src/utils/trust.ts checkPathTrust",
		func(f *Features) { f.TrustWorkspaceFalse = true }},
	{"GEMINI_RESTRICTED_MODE=true forces the folder untrusted, first", Version{0, 59},
		"packages/core/src/utils/trust.ts checkPathTrust; packages/core/src/config/config.ts isTrustedFolder",
		func(f *Features) { f.RestrictedMode = true }},
	{"insecure system settings and system defaults files are skipped", Version{0, 60},
		"packages/cli/src/config/settings.ts loadSettings/loadSystemFile; packages/core/src/utils/security.ts isFileAndDirectorySecureSync",
		func(f *Features) { f.SecureSystemFiles = true }},
	{"an untrusted folder loads user commands (not project or extension ones)", Version{0, 61},
		"packages/cli/src/services/FileCommandLoader.ts loadCommands/getCommandDirectories",
		func(f *Features) { f.UntrustedUserCommands = true }},
	{"trustedFolders.json lives in <home>/.cache/.gemini under SANDBOX=sandbox-exec", Version{0, 61},
		"packages/core/src/config/storage.ts getTrustedFoldersPath/getGlobalRuntimeDir",
		func(f *Features) { f.SandboxRuntimeDir = true }},
}

// For returns the features of release v. Releases older than Oldest get
// Oldest's rules, newer than Newest get Newest's (spec §1.1 rule 6).
func For(v Version) Features {
	switch {
	case v.Less(Oldest):
		v = Oldest
	case Newest.Less(v):
		v = Newest
	}
	f := Features{Rules: v}
	for _, row := range Table {
		if !v.Less(row.First) {
			row.set(&f)
		}
	}
	return f
}

// Latest is the behaviour of the newest modelled release, 0.61.
func Latest() Features { return For(Newest) }

// Hooks says whether a release runs hooks at all and which setting
// switches them on (spec gemini-versions.md §3, "hooks at all" and
// "enable switch"). Switch is "" when hooksConfig.enabled alone decides
// (0.28 on), the default.
type Hooks struct {
	Run bool
	// Switch names the settings, as "a.b", that must be true; with
	// AnyOf, one of them is enough.
	Switch []string
	AnyOf  bool
}

// HooksIn returns how release v enables hooks.
func HooksIn(v Version) Hooks {
	switch {
	case v.Less(Version{0, 19}):
		return Hooks{}
	case v.Less(Version{0, 24}):
		return Hooks{Run: true, Switch: []string{"tools.enableHooks"}}
	case v.Less(Version{0, 26}):
		return Hooks{Run: true, Switch: []string{"tools.enableHooks", "hooks.enabled"}, AnyOf: true}
	case v.Less(Version{0, 28}):
		// tools.enableHooks && hooksConfig.enabled: hooksConfig.enabled
		// defaults to true and is reported by merge like in 0.61.
		return Hooks{Run: true, Switch: []string{"tools.enableHooks"}}
	}
	return Hooks{Run: true}
}
