package fingerprint

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/gh-hooks/gh-hooks/config"
	"github.com/gh-hooks/gh-hooks/layers"
	"github.com/gh-hooks/gh-hooks/shellcmd"
)

// A project's .env is part of what every project hook runs: Gemini CLI
// loads it into its own environment before it runs any hook
// (loadEnvironment, cli/config/settings.ts), and every hook inherits that
// environment (spec §5.2). So the variables it loads are part of each
// project hook's fingerprint: a changed .env value is a changed hook.
// Project.DotEnv carries them as one stamp (layers.DotEnv.Stamp: the
// variables Gemini would load, whoever audits, hashed), so that a
// baseline stays machine-independent.

// dotEnvChange is what Diff lists when the .env stamp differs.
const dotEnvChange = ".env"

// withDotEnv adds the .env stamp to a record and refreshes its
// fingerprint.
func withDotEnv(r *Record, stamp string) {
	if stamp == "" {
		return
	}
	r.DotEnv = stamp
	r.Fingerprint = r.sum()
}

// dotEnvCanon appends the stamp to the canonical form only when there is
// one, so that the fingerprint of a hook in a project without a .env is
// the one it always had (approvals made before stay valid).
func dotEnvCanon(canon []any, stamp string) []any {
	if stamp == "" {
		return canon
	}
	return append(canon, "dotenv", stamp)
}

// AcceptDotEnv records in gh-hooks' store (under home, the home of the
// process environment) that the user acknowledges the findings about the
// project's .env named by keys (layers.DotEnvKey), replacing those recorded
// before; a finding whose text changes (another value) needs a new
// acknowledgement. It returns the change to the store (nil when none);
// with dryRun nothing is written.
func AcceptDotEnv(home string, p Project, keys []string, dryRun bool) (*FileChange, error) {
	if !dryRun {
		change, err := AcceptDotEnv(home, p, keys, true)
		if err != nil || change == nil {
			return change, err
		}
		if err := checkFiles([]FileChange{*change}); err != nil {
			return nil, err
		}
	}
	var change *FileChange
	err := locked(home, dryRun, func() error {
		path := StorePath(home)
		before, _ := os.ReadFile(path)
		s, err := readStore(path)
		if err != nil {
			return err
		}
		sp := s.Projects[p.Real]
		if sp == nil {
			sp = &storeProject{Dir: p.Dir, Hooks: []Record{}}
			s.Projects[p.Real] = sp
		}
		sp.DotEnv = slices.Sorted(slices.Values(keys))
		after := encode(s)
		if bytesEqual(before, after) {
			return nil
		}
		change = &FileChange{Path: path, Before: before, After: after}
		if dryRun {
			return nil
		}
		return apply([]FileChange{*change})
	})
	return change, err
}

// AcceptedDotEnv is what AcceptDotEnv recorded for the project.
func AcceptedDotEnv(home string, p Project) ([]string, error) {
	s, err := readStore(StorePath(home))
	if err != nil {
		return nil, err
	}
	if sp := s.Projects[p.Real]; sp != nil {
		return sp.DotEnv, nil
	}
	return nil, nil
}

// DotEnvAckKey is how an acknowledgement of the .env finding f (trust
// approve --accept-dotenv, a baseline's) names it: layers' key (its code,
// the variable, a hash of the value, the layer, the .env's path) and, when
// the value names project files or loads code, "reach:" + a digest of
// what it reaches (issue 30 §5). So an acknowledgement of
// BASH_ENV=.gemini/boot.sh no longer holds once boot.sh is swapped.
func DotEnvAckKey(p Project, set *layers.Set, f config.Problem) string {
	k := set.DotEnvKey(f)
	name, value, ok := set.DotEnvVar(f)
	if !ok {
		return k
	}
	if r := dotEnvReach(p, name, value); r != "" {
		k += " reach:" + r
	}
	return k
}

// dotEnvReach is the digest of what the variable name=value reaches in
// the project, "" when nothing: it is read as the environment bash starts
// with, through the follower every hook's env goes through (shellcmd's
// setVar: BASH_ENV and ENV are sourced, NODE_OPTIONS's --require and
// --import, PYTHONSTARTUP, LD_PRELOAD's libraries, commands in
// GIT_SSH_COMMAND and the like, followed in turn), every file it reaches
// hashed; what the follower cannot know is part of the digest as its
// reason. A value (or a part of a :-separated list) that names a project
// file or folder is hashed too, a folder as a tree (PYTHONPATH,
// PYTHONUSERBASE, NODE_PATH, an extension's ${extensionPath}), within the
// bounds of ack.go.
func dotEnvReach(p Project, name, value string) string {
	root, err := os.OpenRoot(p.Dir)
	if err != nil {
		return ""
	}
	defer root.Close()
	scripts, unknown, left, _ := findReach("true", p, map[string]string{name: value}, root, nil, map[string]Script{}, shellcmd.NewMemo())
	var lines []string
	for _, s := range scripts {
		if s.inside && !(s.Probe && s.State == ScriptMissing) {
			lines = append(lines, "file "+s.Path+" "+s.stamp())
		}
	}
	for _, u := range unknown {
		lines = append(lines, "unknown "+u)
	}
	for _, l := range append(left, valuePaths(p, root, value)...) {
		lines = append(lines, l.key()+" "+digestLeft(root, l))
	}
	if len(lines) == 0 {
		return ""
	}
	slices.Sort(lines)
	lines = slices.Compact(lines)
	h := sha256.Sum256([]byte(strings.Join(lines, "\n")))
	return "sha256:" + hex.EncodeToString(h[:])
}

// valuePaths are the project files and folders a variable's value names:
// the value, or each part of a :-separated list, as a path relative to
// the project (where hooks start) or absolute inside it.
func valuePaths(p Project, root *os.Root, value string) []LeftOut {
	var out []LeftOut
	for _, c := range append([]string{value}, strings.Split(value, ":")...) {
		if c == "" || strings.HasPrefix(c, "-") || strings.Contains(c, "$") || strings.Contains(c, "://") || strings.ContainsRune(c, 0) {
			continue
		}
		abs := c
		if !filepath.IsAbs(c) {
			abs = filepath.Join(p.Dir, c)
		}
		if !within2(p.Dir, p.Real, abs) {
			continue
		}
		rel := mustRel(p.Dir, p.Real, filepath.Clean(abs))
		fi, err := root.Lstat(rel)
		if err != nil {
			continue
		}
		l := LeftOut{Kind: leftFile, Path: "./" + filepath.ToSlash(rel)}
		if rel == "." {
			l.Path = "./"
		}
		if fi.IsDir() {
			l.Kind = leftTree
		}
		out = addLeft(out, l)
	}
	return out
}

// dotEnvCopy is the .env's pairs as the approved-scripts cache keeps them:
// the JSON array the stamp hashes, named by that hash, so that Explain
// can name the variables that changed (values are never shown). nil when
// the project has no .env pairs.
func dotEnvCopy(p Project) *Script {
	sum, ok := strings.CutPrefix(p.DotEnv, "sha256:")
	if !ok || p.DotEnvPairs == nil {
		return nil
	}
	b, err := json.Marshal(p.DotEnvPairs)
	if err != nil {
		return nil
	}
	return &Script{State: ScriptOK, SHA256: sum, data: b}
}

// DotEnvChange is a variable of the project's .env that differs from the
// approval: Change is "added", "removed" or "changed". Values are left
// out: a .env holds secrets.
type DotEnvChange struct {
	Name   string `json:"name"`
	Change string `json:"change"`
}

// dotEnvChanges compares the pairs kept at approval (the cache copy of
// stamp was) with now. ok is false when the approved pairs were not kept.
func dotEnvChanges(home, was string, now []string) (changes []DotEnvChange, ok bool) {
	var old []string
	if was != "" {
		data := approvedContent(home, was)
		if data == nil || json.Unmarshal(data, &old) != nil {
			return nil, false
		}
	}
	split := func(pairs []string) map[string]string {
		m := map[string]string{}
		for _, p := range pairs {
			k, v, _ := strings.Cut(p, "=")
			m[k] = v
		}
		return m
	}
	o, n := split(old), split(now)
	for _, k := range unionKeys(o, n) {
		ov, inOld := o[k]
		nv, inNew := n[k]
		switch {
		case !inOld:
			changes = append(changes, DotEnvChange{Name: k, Change: "added"})
		case !inNew:
			changes = append(changes, DotEnvChange{Name: k, Change: "removed"})
		case ov != nv:
			changes = append(changes, DotEnvChange{Name: k, Change: "changed"})
		}
	}
	return changes, true
}
