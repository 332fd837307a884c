package fingerprint

import (
	"testing"

	"github.com/gh-hooks/gh-hooks/merge"
	"github.com/google/go-cmp/cmp"
)

// TestDotEnvStamp: a project without a .env keeps the fingerprint it
// always had (approvals made before stay valid); with one, the stamp is
// part of the fingerprint and a changed stamp is the change ".env".
func TestDotEnvStamp(t *testing.T) {
	h := merge.Hook{ID: "project/BeforeTool/0/0", Event: "BeforeTool", Type: "command", Command: "echo hi", Timeout: 60000, Layer: "project"}
	dir := t.TempDir()
	p := Project{Dir: dir, Real: dir}
	plain := Compute(p, []merge.Hook{h})[0].Record
	// The canonical form without a stamp is the one of before the stamp
	// existed: ten fields, the last the scripts.
	if canon := dotEnvCanon(make([]any, 10), ""); plain.DotEnv != "" || len(canon) != 10 {
		t.Fatalf("no .env: stamp %q, canonical form of %d fields; want none and 10", plain.DotEnv, len(canon))
	}
	p.DotEnv = "sha256:1"
	one := Compute(p, []merge.Hook{h})[0].Record
	p.DotEnv = "sha256:2"
	two := Compute(p, []merge.Hook{h})[0].Record
	if one.Fingerprint == plain.Fingerprint || one.Fingerprint == two.Fingerprint {
		t.Errorf("the stamp does not change the fingerprint: %s %s %s", plain.Fingerprint, one.Fingerprint, two.Fingerprint)
	}
	if diff := cmp.Diff([]string{".env"}, Diff(one, two)); diff != "" {
		t.Errorf("Diff (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{".env"}, Diff(plain, one)); diff != "" {
		t.Errorf("Diff from no .env (-want +got):\n%s", diff)
	}
}
