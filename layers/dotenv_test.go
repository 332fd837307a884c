//go:build unix

package layers

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gh-hooks/gh-hooks/internal/testenv"
	"github.com/google/go-cmp/cmp"
)

func TestReadDotenv(t *testing.T) {
	dir := t.TempDir()
	env := filepath.Join(dir, ".env")
	content := "# comment\nexport A=1\nB = \"two words\"\nC=x # trailing\nnot a pair\nD='q'\n"
	if err := os.WriteFile(env, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"A": "1", "B": "two words", "C": "x", "D": "q"}
	s := &Set{Paths: Paths{ProjectDir: dir}}
	if diff := cmp.Diff(want, s.readExtensionEnv(env)); diff != "" {
		t.Errorf("readExtensionEnv (-want +got):\n%s", diff)
	}
	if got := s.readExtensionEnv(filepath.Join(dir, "missing")); len(got) != 0 {
		t.Errorf("missing file: %v, want nothing", got)
	}
	// A linked extension can live in a cloned repository: a FIFO planted
	// as its .env is not read (a plain open would wait for a writer
	// forever).
	fifo := filepath.Join(dir, "fifo.env")
	if err := testenv.Mkfifo(fifo, 0o644); err != nil {
		t.Skipf("no FIFOs here: %v", err)
	}
	if got, why := s.readDotenvVars(fifo); len(got) != 0 || !strings.Contains(why, "FIFO") {
		t.Errorf("FIFO: %v, %q; want nothing, and why", got, why)
	}
}

// TestDotEnvKeyIndependentOfWhere: the key of a .env finding is the same
// for two checkouts at different paths, trusted or not (the message then
// differs), and differs when the value does; it holds no path of the
// machine and not the value.
func TestDotEnvKeyIndependentOfWhere(t *testing.T) {
	keys := func(trust, value string) []string {
		t.Helper()
		dir := tree(t, map[string]string{"proj/.gemini/.env": "BASH_ENV=" + value + "\n", "proj/.git/HEAD": ""})
		proj := filepath.Join(dir, "proj")
		set, err := Load(Options{ProjectDir: proj, Env: MapEnv(baseEnv(dir, "GEMINI_CLI_TRUST_WORKSPACE", trust))})
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, p := range set.DotEnvFindings() {
			k := set.DotEnvKey(p)
			if strings.Contains(k, dir) || strings.Contains(k, value) {
				t.Errorf("key %q holds the directory %s or the value %s", k, dir, value)
			}
			out = append(out, k)
		}
		if len(out) == 0 {
			t.Fatalf("no .env finding in %s (trust %s)", dir, trust)
		}
		return out
	}
	a := keys("true", "boot.sh")
	if diff := cmp.Diff(a, keys("true", "boot.sh")); diff != "" {
		t.Errorf("keys differ between two checkouts (-a +b):\n%s", diff)
	}
	if diff := cmp.Diff(a, keys("false", "boot.sh")); diff != "" {
		t.Errorf("keys differ before and after trusting (-trusted +untrusted):\n%s", diff)
	}
	if b := keys("true", "other.sh"); cmp.Equal(a, b) {
		t.Errorf("a changed value keeps the key %q", b)
	}
}
