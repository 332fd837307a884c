package fingerprint

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/gh-hooks/gh-hooks/merge"
)

// ageApprovals rewrites the store as an older gh-hooks wrote it: every
// record of scheme 1, with another fingerprint (the canonical form of an
// older scheme gives other hashes for the same files).
func ageApprovals(t *testing.T, home string, drop string) {
	t.Helper()
	path := StorePath(home)
	s, err := readStore(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, sp := range s.Projects {
		for i := range sp.Hooks {
			r := &sp.Hooks[i]
			r.Scheme = 0
			r.Fingerprint = "sha256:" + sum(r.Command)[7:]
			delete(r.Scripts, drop) // a file the older follower did not reach
		}
	}
	if err := os.WriteFile(path, encode(s), 0o600); err != nil {
		t.Fatal(err)
	}
}

// Issue 30 §9: an approval of an older scheme whose approved files are
// unchanged is "scheme changed, content the same", renewed in one step;
// a changed file is a change as usual.
func TestSchemeChanged(t *testing.T) {
	t.Parallel()
	home, p := newProject(t)
	writeFile(t, filepath.Join(p.Dir, "x.sh"), "#!/bin/sh\n. ./lib.sh\necho x\n")
	writeFile(t, filepath.Join(p.Dir, "lib.sh"), "echo lib\n")
	writeFile(t, filepath.Join(p.Dir, "y.sh"), "echo y\n")
	o := Options{Home: home, Project: p, Hooks: []merge.Hook{hk("BeforeTool", 0, 0, "x", "./x.sh"), hk("BeforeTool", 0, 1, "y", "./y.sh")}}
	mustApprove(t, o)
	ageApprovals(t, home, "./lib.sh")

	r := mustAudit(t, o)
	// y's approval records all that its fingerprint records now: the
	// same record, approved.
	if diff := cmp.Diff([]string{"project/BeforeTool/0/0 scheme-changed [gemini trusted]", "project/BeforeTool/0/1 approved [gemini trusted]"}, statuses(r)); diff != "" {
		t.Fatalf("statuses (-want +got):\n%s", diff)
	}
	want := &SchemeChange{From: 1, To: Scheme, Same: []string{"./x.sh"}, Added: []string{"./lib.sh"}, Dropped: []string{}}
	if diff := cmp.Diff(want, r.Hooks[0].SchemeChange); diff != "" {
		t.Errorf("scheme change (-want +got):\n%s", diff)
	}
	if r.Unapproved != 0 || r.SchemeChanged != 1 {
		t.Errorf("unapproved %d, scheme changed %d; want 0 and 1", r.Unapproved, r.SchemeChanged)
	}
	b, _ := json.Marshal(r.Hooks[0])
	if !json.Valid(b) || !strings.Contains(string(b), `"status":"scheme-changed"`) {
		t.Errorf("JSON: %s", b)
	}

	// Content changed since the approval: a change, named by the file.
	writeFile(t, filepath.Join(p.Dir, "y.sh"), "echo swapped\n")
	r = mustAudit(t, o)
	if got := statuses(r)[1]; got != "project/BeforeTool/0/1 changed: script ./y.sh [gemini trusted]" {
		t.Errorf("y after the swap: %s", got)
	}
	if r.Unapproved != 1 || r.SchemeChanged != 1 {
		t.Errorf("unapproved %d, scheme changed %d; want 1 and 1", r.Unapproved, r.SchemeChanged)
	}

	// Renew records only the hook whose content is the same.
	res, err := Approve(o, Selection{Renew: true}, false)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]Renewal{{ID: "project/BeforeTool/0/0", SchemeChange: *want}}, res.Renewed); diff != "" {
		t.Errorf("renewed (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"project/BeforeTool/0/0"}, res.IDs); diff != "" {
		t.Errorf("approved (-want +got):\n%s", diff)
	}
	r = mustAudit(t, o)
	if diff := cmp.Diff([]string{"project/BeforeTool/0/0 approved [gemini trusted]", "project/BeforeTool/0/1 changed: script ./y.sh [gemini trusted]"}, statuses(r)); diff != "" {
		t.Errorf("after renewing (-want +got):\n%s", diff)
	}
	// Renewed under the current scheme: a later change of lib.sh, which
	// the old approval never recorded, is now a change.
	writeFile(t, filepath.Join(p.Dir, "lib.sh"), "echo swapped\n")
	if got := statuses(mustAudit(t, o))[0]; got != "project/BeforeTool/0/0 changed: script ./lib.sh [gemini trusted]" {
		t.Errorf("after swapping lib.sh: %s", got)
	}
}

// An approval of the scheme before this one (2) of a go run hook whose
// files are the same: scheme changed, content the same, and the files the
// new follower reaches (the embedded file) are named as added; renewing
// records it.
func TestSchemeChangedFromPrevious(t *testing.T) {
	t.Parallel()
	home, p := newProject(t)
	writeFile(t, filepath.Join(p.Dir, "go.mod"), "module example.com/m\n\ngo 1.22\n")
	writeFile(t, filepath.Join(p.Dir, "main.go"), "package main\n\nimport _ \"embed\"\n\n//go:embed rules.txt\nvar rules string\n\nfunc main() { println(rules) }\n")
	writeFile(t, filepath.Join(p.Dir, "rules.txt"), "deny\n")
	o := Options{Home: home, Project: p, Hooks: []merge.Hook{hk("BeforeTool", 0, 0, "g", "go run .")}}
	mustApprove(t, o)
	path := StorePath(home)
	s, err := readStore(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, sp := range s.Projects {
		for i := range sp.Hooks {
			r := &sp.Hooks[i]
			r.Scheme = Scheme - 1
			r.Fingerprint = "sha256:" + sum(r.Command)[7:]
			delete(r.Scripts, "./rules.txt") // scheme 2 did not follow //go:embed
		}
	}
	if err := os.WriteFile(path, encode(s), 0o600); err != nil {
		t.Fatal(err)
	}
	r := mustAudit(t, o)
	if diff := cmp.Diff([]string{"project/BeforeTool/0/0 scheme-changed [gemini trusted]"}, statuses(r)); diff != "" {
		t.Fatalf("statuses (-want +got):\n%s", diff)
	}
	if sc := r.Hooks[0].SchemeChange; sc == nil || sc.From != 2 || sc.To != 3 || !slices.Contains(sc.Added, "./rules.txt") || !slices.Contains(sc.Same, "./main.go") {
		t.Fatalf("scheme change: %+v", sc)
	}
	if _, err := Approve(o, Selection{Renew: true}, false); err != nil {
		t.Fatal(err)
	}
	if got := statuses(mustAudit(t, o)); !slices.Equal(got, []string{"project/BeforeTool/0/0 approved [gemini trusted]"}) {
		t.Errorf("after renewing: %v", got)
	}
}
