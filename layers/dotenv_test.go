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
