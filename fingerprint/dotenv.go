package fingerprint

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
