package layers

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"runtime"
	"strings"

	"github.com/gh-hooks/gh-hooks/config"
	"github.com/gh-hooks/gh-hooks/gemini"
)

// Trust is Gemini's folder-trust decision for the project directory
// (checkPathTrust, core/utils/trust.ts; spec §1.6).
type Trust struct {
	// Enabled is security.folderTrust.enabled as merged from the system
	// defaults, user and system files (the workspace cannot change it).
	Enabled bool `json:"enabled"`
	Trusted bool `json:"trusted"`
	// Source says what decided: env, setting, file, default.
	Source string `json:"source"`
	// Why is a sentence for humans.
	Why string `json:"why"`
	// Var is the environment variable that decided when Source is env:
	// GEMINI_RESTRICTED_MODE or GEMINI_CLI_TRUST_WORKSPACE.
	Var string `json:"-"`
	// Rule is the trustedFolders.json rule that decided, if any.
	Rule string `json:"rule,omitempty"`
	// DotEnv is the variable of the .env Gemini loads that made it decide
	// again, untrusted ("" when none).
	DotEnv string `json:"dotenv,omitempty"`
}

// The trust levels of trustedFolders.json.
const (
	trustFolder = "TRUST_FOLDER"
	trustParent = "TRUST_PARENT"
	doNotTrust  = "DO_NOT_TRUST"
)

// decideTrust follows checkPathTrust (core/utils/trust.ts): env first,
// then the setting, then trustedFolders.json (longest matching rule, by
// the length of the rule once normalised), and no rule means untrusted
// (callers use `?? false`). Which env variables count, and in which order,
// depends on the release (f; gemini-versions.md §2 rows 1 and 2): 0.59 on
// checks GEMINI_RESTRICTED_MODE=true and GEMINI_CLI_TRUST_WORKSPACE=false
// first, then =true; 0.57 and 0.58 check =true, then =false; before 0.57
// only =true counts.
func decideTrust(env Env, f gemini.Features, enabled bool, projectDir, foldersPath string) (Trust, *config.Problem) {
	t := Trust{Enabled: enabled}
	ws := env.get("GEMINI_CLI_TRUST_WORKSPACE")
	restricted := env.get("GEMINI_RESTRICTED_MODE") == "true"
	switch {
	case f.RestrictedMode && restricted:
		t.Source, t.Var, t.Why = "env", "GEMINI_RESTRICTED_MODE", "GEMINI_RESTRICTED_MODE=true forces the folder to be untrusted"
		return t, nil
	case f.RestrictedMode && f.TrustWorkspaceFalse && ws == "false":
		t.Source, t.Var, t.Why = "env", "GEMINI_CLI_TRUST_WORKSPACE", "GEMINI_CLI_TRUST_WORKSPACE=false forces the folder to be untrusted"
		return t, nil
	case ws == "true":
		t.Trusted, t.Source, t.Var, t.Why = true, "env", "GEMINI_CLI_TRUST_WORKSPACE", "GEMINI_CLI_TRUST_WORKSPACE=true trusts the folder"
		if restricted {
			t.Why += " (Gemini CLI " + f.Rules.String() + " ignores GEMINI_RESTRICTED_MODE, which counts from 0.59)"
		}
		return t, nil
	case f.TrustWorkspaceFalse && ws == "false":
		t.Source, t.Var, t.Why = "env", "GEMINI_CLI_TRUST_WORKSPACE", "GEMINI_CLI_TRUST_WORKSPACE=false forces the folder to be untrusted"
		return t, nil
	}
	ignored := ""
	switch {
	case ws == "false":
		ignored = "GEMINI_CLI_TRUST_WORKSPACE=false, which counts from 0.57"
	case restricted && !f.RestrictedMode:
		ignored = "GEMINI_RESTRICTED_MODE=true, which counts from 0.59"
	}
	t, p := trustFromSettings(t, enabled, projectDir, foldersPath)
	if ignored != "" {
		t.Why += " (Gemini CLI " + f.Rules.String() + " ignores " + ignored + ")"
	}
	return t, p
}

// trustFromSettings is the part of checkPathTrust after the env variables:
// security.folderTrust.enabled, then trustedFolders.json.
func trustFromSettings(t Trust, enabled bool, projectDir, foldersPath string) (Trust, *config.Problem) {
	if !enabled {
		t.Trusted, t.Source, t.Why = true, "setting", "security.folderTrust.enabled is off, so every folder is trusted"
		return t, nil
	}
	doc, err := config.ReadFile(foldersPath, config.Options{AllowNonObject: true})
	if errors.Is(err, fs.ErrNotExist) {
		t.Source, t.Why = "default", "folder trust is on (Gemini's default) and no trustedFolders.json rule covers this folder"
		return t, nil
	}
	if err != nil {
		var pe *config.ParseError
		if errors.As(err, &pe) {
			p := config.FromParseError(pe)
			p.Message = "trusted folders file cannot be read; Gemini CLI refuses to start: " + p.Message
			t.Source, t.Why = "file", "trustedFolders.json is broken: Gemini CLI stops with a fatal error"
			return t, &p
		}
		return t, nil
	}
	if doc.Root.Kind != config.Object {
		p := doc.At("", config.SevError, "trusted-folders-invalid",
			"Trusted folders file is not a valid JSON object: Gemini CLI refuses to start", `make it an object such as {"/path/to/project": "TRUST_FOLDER"}`)
		t.Source, t.Why = "file", "trustedFolders.json is not an object: Gemini CLI stops with a fatal error"
		return t, &p
	}
	// Gemini normalises every rule when it loads the file (normalizePath:
	// path.resolve against its cwd, the project directory; lower case on
	// macOS and Windows), so "x/", "x/./y", "a/../x" and a relative or
	// empty rule name the folder their resolved form names. Rules that
	// normalise alike collapse into one, the later value winning in the
	// place of the first, and the longest match is measured on the
	// normalised path, not on the rule as written (trustedFolders.ts
	// loadTrustedFolders and isPathTrusted, spec §1.6).
	type normRule struct{ path, level, raw string }
	var rules []normRule
	seen := map[string]int{}
	for i, raw := range doc.Root.Keys {
		v := doc.Root.Vals[i]
		if !v.IsString() || (v.Str != trustFolder && v.Str != trustParent && v.Str != doNotTrust) {
			p := doc.At("/"+config.EscapePointer(raw), config.SevError, "trusted-folders-invalid",
				fmt.Sprintf("Invalid trust level %q for path %q: Gemini CLI refuses to start", v.Text(), raw),
				"use TRUST_FOLDER, TRUST_PARENT or DO_NOT_TRUST")
			t.Source, t.Why = "file", "trustedFolders.json has an invalid rule: Gemini CLI stops with a fatal error"
			return t, &p
		}
		norm := foldCase(resolveFrom(projectDir, raw))
		if j, ok := seen[norm]; ok {
			rules[j].level, rules[j].raw = v.Str, raw
			continue
		}
		seen[norm] = len(rules)
		rules = append(rules, normRule{norm, v.Str, raw})
	}
	loc := foldCase(realpath(projectDir))
	best, bestLevel := -1, ""
	for _, r := range rules {
		eff := r.path
		if r.level == trustParent {
			eff = filepath.Dir(r.path)
		}
		if isSubpath(foldCase(realpath(eff)), loc) && len(r.path) > best {
			best, bestLevel, t.Rule = len(r.path), r.level, r.raw
		}
	}
	t.Source = "file"
	switch bestLevel {
	case doNotTrust:
		t.Why = fmt.Sprintf("trustedFolders.json rule %q marks it DO_NOT_TRUST", t.Rule)
	case trustFolder, trustParent:
		t.Trusted = true
		t.Why = fmt.Sprintf("trustedFolders.json rule %q (%s) trusts it", t.Rule, bestLevel)
	default:
		t.Source = "default"
		t.Why = "folder trust is on (Gemini's default) and no trustedFolders.json rule covers this folder"
	}
	return t, nil
}

// resolveFrom is Node's path.resolve(p) in a process whose cwd is dir:
// absolute paths are cleaned, relative ones (and "") joined to dir.
func resolveFrom(dir, p string) string {
	if filepath.IsAbs(p) {
		return filepath.Clean(p)
	}
	return filepath.Join(dir, p)
}

// foldCase lower-cases a path where Gemini compares trust paths without
// case (normalizePath and isSubpath: macOS and Windows).
func foldCase(p string) string {
	if runtime.GOOS == "darwin" || runtime.GOOS == "windows" {
		return strings.ToLower(p)
	}
	return p
}

func isSubpath(parent, child string) bool {
	rel, err := filepath.Rel(parent, child)
	if err != nil {
		return false
	}
	return rel == "." || (rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) && !filepath.IsAbs(rel))
}
