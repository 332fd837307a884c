package fingerprint

import (
	"os"
	"slices"
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
