package fingerprint

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/gh-hooks/gh-hooks/config"
	"github.com/gh-hooks/gh-hooks/merge"
)

// A hook added under the name of an approval it shares nothing with is
// new, naming that stale approval (issue 18 item 10); an edit that keeps a
// script or a program stays changed.
func TestStaleApproval(t *testing.T) {
	tests := []struct {
		name     string
		old, cur string
		want     string // status, and the stale approval's command
	}{
		{"script kept", "./fmt.sh", "./fmt.sh --fix", "changed"},
		{"program kept", "echo a", "echo b", "changed"},
		{"nothing in common", "./old.sh", "npx eslint .", "new stale ./old.sh"},
		{"other script", "./old.sh", "bash new.sh", "new stale ./old.sh"},
		{"same command", "./old.sh", "./old.sh", "approved"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			home, p := newProject(t)
			for _, f := range []string{"fmt.sh", "old.sh", "new.sh"} {
				writeFile(t, filepath.Join(p.Dir, f), "echo "+f+"\n")
			}
			mustApprove(t, Options{Home: home, Project: p, Hooks: []merge.Hook{hk("BeforeTool", 0, 0, "lint", tt.old)}})
			r := mustAudit(t, Options{Home: home, Project: p, Hooks: []merge.Hook{hk("BeforeTool", 0, 0, "lint", tt.cur)}})
			h := r.Hooks[0]
			got := string(h.Status)
			if h.StaleApproval != nil {
				got += " stale " + h.StaleApproval.Command
			}
			if got != tt.want {
				t.Errorf("status = %q, want %q", got, tt.want)
			}
			if len(r.Removed) != 0 {
				t.Errorf("removed = %+v, want none (the stale approval is named on the hook)", r.Removed)
			}
		})
	}
}

// Explain names every field that changed and diffs each script against the
// copy kept at approval.
func TestExplain(t *testing.T) {
	home, p := newProject(t)
	writeFile(t, filepath.Join(p.Dir, "x.sh"), "# a\n# b\n")
	writeFile(t, filepath.Join(p.Dir, "gone.sh"), "# g\n")
	h := hk("BeforeTool", 0, 0, "x", "./x.sh && ./gone.sh")
	h.Env = map[string]string{"A": "1", "B": "2"}
	mustApprove(t, Options{Home: home, Project: p, Hooks: []merge.Hook{h}})

	writeFile(t, filepath.Join(p.Dir, "x.sh"), "# a\n# c\n")
	writeFile(t, filepath.Join(p.Dir, "new.sh"), "# n\n")
	os.Remove(filepath.Join(p.Dir, "gone.sh"))
	h2 := hk("BeforeTool", 0, 0, "x", "./x.sh && ./gone.sh && ./new.sh")
	h2.Matcher = "write_file"
	h2.Env = map[string]string{"A": "1", "B": "3", "C": "4"}
	r := mustAudit(t, Options{Home: home, Project: p, Hooks: []merge.Hook{h2}})
	got := Explain(home, r.Hooks[0])
	want := &Explanation{
		Fields: []FieldChange{
			{"command", "./x.sh && ./gone.sh", "./x.sh && ./gone.sh && ./new.sh"},
			{"matcher", "", "write_file"},
			{"env", "B=2", "B=3"},
			{"env", "", "C=4"},
		},
		Scripts: []ScriptChange{
			{Path: "./gone.sh", Old: "sha256:" + sum("# g\n"), New: "missing", Note: "it is missing now"},
			{Path: "./new.sh", New: "sha256:" + sum("# n\n"), Diff: config.Diff("new.sh", nil, []byte("# n\n"))},
			{Path: "./x.sh", Old: "sha256:" + sum("# a\n# b\n"), New: "sha256:" + sum("# a\n# c\n"), Diff: config.Diff("x.sh", []byte("# a\n# b\n"), []byte("# a\n# c\n"))},
		},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Explain (-want +got):\n%s", diff)
	}
	if !strings.Contains(got.Scripts[2].Diff, "-# b\n+# c\n") {
		t.Errorf("diff = %q", got.Scripts[2].Diff)
	}
	if Explain(home, HookReport{Status: New}) != nil {
		t.Error("Explain of a new hook without a stale approval is not nil")
	}
}

// The cache keeps copies up to KeepMax each and CacheMax in all, evicting
// the oldest; a copy that does not match its name is not used.
func TestScriptCache(t *testing.T) {
	home := t.TempDir()
	dir := CacheDir(home)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	// Fill the cache with old copies just under the bound.
	var old []string
	chunk := make([]byte, KeepMax)
	for i := 0; i < CacheMax/KeepMax; i++ {
		chunk[0] = byte(i)
		name := sum(string(chunk))
		old = append(old, name)
		if err := os.WriteFile(filepath.Join(dir, name), chunk, 0o600); err != nil {
			t.Fatal(err)
		}
		ts := time.Unix(int64(1000+i), 0)
		os.Chtimes(filepath.Join(dir, name), ts, ts)
	}
	s := Script{State: ScriptOK, SHA256: sum("new\n"), data: []byte("new\n")}
	big := Script{State: ScriptOK, SHA256: sum("big"), data: nil} // larger than KeepMax: no data
	if err := keepScripts(home, []Script{s, big}); err != nil {
		t.Fatal(err)
	}
	if got := approvedContent(home, "sha256:"+s.SHA256); string(got) != "new\n" {
		t.Errorf("kept copy = %q", got)
	}
	if _, err := os.Stat(filepath.Join(dir, old[0])); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the oldest copy was not evicted: %v", err)
	}
	if _, err := os.Stat(filepath.Join(dir, old[1])); err != nil {
		t.Errorf("a newer copy was evicted: %v", err)
	}
	if _, err := os.Stat(filepath.Join(dir, big.SHA256)); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a script without data was kept")
	}
	// A tampered copy is not shown as the approved content.
	os.WriteFile(filepath.Join(dir, s.SHA256), []byte("evil\n"), 0o600)
	if got := approvedContent(home, "sha256:"+s.SHA256); got != nil {
		t.Errorf("tampered copy used: %q", got)
	}
}

// A read-only store refuses the approval before anything is written.
func TestApproveReadOnly(t *testing.T) {
	home, p := newProject(t)
	g := GeminiStorePath(home)
	writeFile(t, g, "{}")
	os.Chmod(g, 0o444)
	_, err := Approve(Options{Home: home, Project: p, Hooks: []merge.Hook{hk("BeforeTool", 0, 0, "x", "echo")}}, Selection{All: true}, false)
	if !errors.Is(err, config.ErrReadOnly) || !strings.Contains(err.Error(), "trusted_hooks.json: cannot write: file is read-only") {
		t.Fatalf("Approve with a read-only Gemini store: %v", err)
	}
	if _, err := os.Stat(filepath.Dir(StorePath(home))); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("gh-hooks' store directory was created: %v", err)
	}
}

// Suspicious names the fields with hidden characters.
func TestSuspicious(t *testing.T) {
	h := hk("Before\u202eTool", 0, 0, "n\u200b", "echo\r")
	h.Matcher = "x\x1b"
	h.Env = map[string]string{"K\u2066": "v", "OK": "fine"}
	want := []string{"event", "name", "command", "matcher", `env K\u2066`}
	if diff := cmp.Diff(want, suspicionTexts(Suspicious(h))); diff != "" {
		t.Errorf("Suspicious (-want +got):\n%s", diff)
	}
	if got := Suspicious(hk("BeforeTool", 0, 0, "é", "echo 日本 Привет  aligned   x")); len(got) != 0 {
		t.Errorf("plain text flagged: %q", got)
	}
	// Issue 24 §3: look-alike letters and long blank runs.
	h = hk("BeforeTool", 0, 0, "fm\u0442", "npm test"+strings.Repeat(" ", 400)+"; curl -d @x ./s\u0441ripts/x.sh")
	h.Env = map[string]string{"P": "a" + strings.Repeat(" ", 40) + "b"}
	want = []string{"name: look-alike letters in fm\u0442", "command: look-alike letters in s\u0441ripts",
		"command: a run of 400 blanks", "env: a run of 40 blanks"}
	if diff := cmp.Diff(want, suspicionTexts(Suspicious(h))); diff != "" {
		t.Errorf("Suspicious (-want +got):\n%s", diff)
	}
}

func suspicionTexts(ss []Suspicion) []string {
	out := []string{}
	for _, s := range ss {
		out = append(out, s.String())
	}
	return out
}
