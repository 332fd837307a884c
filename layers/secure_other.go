//go:build !unix

package layers

// InsecureSystemEnv names the environment variable that switches off the
// ownership rule for system files (see secure.go).
const InsecureSystemEnv = "GH_HOOKS_TRUST_SYSTEM_FILES_FOR_TESTING"

// checkSecure is a no-op off Unix: gh-hooks does not model Gemini's Windows
// ACL check.
func checkSecure(path string) string { return "" }

// CheckSecure always passes off Unix.
func CheckSecure(path string) string { return "" }
