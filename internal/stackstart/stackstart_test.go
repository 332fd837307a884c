package stackstart_test

import (
	"os"
	"os/exec"
	"strings"
	"testing"

	// The packages whose start-up grows the stack in gh-hooks: the test
	// binary initialises them as gh-hooks does.
	_ "github.com/dlclark/regexp2"
	_ "github.com/gh-hooks/gh-hooks/internal/stackstart"
	_ "github.com/urfave/cli/v2"
)

// TestInitRunsFirst runs this test binary again with GODEBUG=inittrace=1
// and checks, in the order of the package initialisations it prints, that
// stackstart's comes before those of the packages that need a bigger
// stack, and before any but the runtime's and a CPU-feature package's.
// Importing anything would move it later.
func TestInitRunsFirst(t *testing.T) {
	if os.Getenv("STACKSTART_CHILD") == "1" {
		return
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestInitRunsFirst$")
	cmd.Env = append(os.Environ(), "GODEBUG=inittrace=1", "STACKSTART_CHILD=1")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	var order []string
	for _, line := range strings.Split(string(out), "\n") {
		if f := strings.Fields(line); len(f) > 1 && f[0] == "init" {
			order = append(order, f[1])
		}
	}
	pos := map[string]int{}
	for i, p := range order {
		if _, ok := pos[p]; !ok {
			pos[p] = i
		}
	}
	me, ok := pos["github.com/gh-hooks/gh-hooks/internal/stackstart"]
	if !ok {
		t.Fatalf("no init of stackstart in the trace:\n%s", out)
	}
	for _, p := range []string{"github.com/urfave/cli/v2", "github.com/dlclark/regexp2/syntax", "unicode", "os"} {
		if i, ok := pos[p]; !ok || i < me {
			t.Errorf("%s initialises before stackstart (or not at all): order %q", p, order)
		}
	}
	for _, p := range order[:me] {
		if p != "runtime" && !strings.HasPrefix(p, "internal/") && !strings.HasPrefix(p, "crypto/internal/fips140deps/") {
			t.Errorf("%s initialises before stackstart: order %q", p, order)
		}
	}
}
