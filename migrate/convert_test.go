package migrate

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/dlclark/regexp2"
	"github.com/gh-hooks/gh-hooks/config"
	"github.com/gh-hooks/gh-hooks/merge"
	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

var update = flag.Bool("update", false, "rewrite testdata/*.golden")

// loadCase loads a testdata input. Names starting with "plugin-" are a
// plugin's hooks/hooks.json converted for an extension; names starting with
// "plugin-settings-" the same converted for a settings file.
func loadCase(t *testing.T, path string) (Target, []*Source) {
	t.Helper()
	s, err := LoadSettings(path)
	if err != nil {
		t.Fatal(err)
	}
	base := filepath.Base(path)
	target := Target{Kind: TargetSettings}
	if strings.HasPrefix(base, "plugin-") {
		s.Kind, s.Dir = KindPlugin, "/opt/my plugin"
		if !strings.HasPrefix(base, "plugin-settings-") {
			target.Kind = TargetExtension
		}
	}
	return target, []*Source{s}
}

// render builds the Gemini hooks document a writer would produce from res:
// {"hooks": {event: [definitions...]}} on top of existing.
func render(t *testing.T, existing map[string][]Definition, res *Result) []byte {
	t.Helper()
	all := map[string][]Definition{}
	for k, v := range existing {
		all[k] = append(all[k], v...)
	}
	for _, e := range res.Desired {
		all[e.Event] = append(all[e.Event], e.Definitions...)
	}
	b, err := json.MarshalIndent(map[string]any{"hooks": all}, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestGolden(t *testing.T) {
	files, _ := filepath.Glob("testdata/*.json")
	if len(files) == 0 {
		t.Fatal("no testdata")
	}
	for _, in := range files {
		if strings.HasSuffix(in, ".existing.json") {
			continue
		}
		name := strings.TrimSuffix(filepath.Base(in), ".json")
		t.Run(name, func(t *testing.T) {
			target, srcs := loadCase(t, in)
			var existing *config.Document
			if d, err := config.ReadFile(strings.TrimSuffix(in, ".json")+".existing.json", config.Options{}); err == nil {
				existing = d
			}
			res := Convert(target, srcs, existing, Options{})
			var buf bytes.Buffer
			enc := json.NewEncoder(&buf)
			enc.SetIndent("", "  ")
			enc.SetEscapeHTML(false)
			if err := enc.Encode(res.Desired); err != nil {
				t.Fatal(err)
			}
			buf.WriteString("\n")
			writeTable(&buf, &res.Report)
			if existing != nil {
				// The sync with the existing file: an action a hook, and
				// the file after the edits.
				buf.WriteString("\nSYNC\n")
				for _, it := range res.Sync {
					fmt.Fprintf(&buf, "%s\t%s\t%s [%s]\t%s\t%s\n", it.Action, it.Name, it.Event, it.Matcher, strings.Join(it.Changes, "; "), it.Reason)
				}
				ed := existing.Edit()
				if err := res.Apply(ed); err != nil {
					t.Fatal(err)
				}
				after, err := ed.Bytes()
				if err != nil {
					t.Fatal(err)
				}
				buf.WriteString("\n")
				buf.Write(after)
			}
			golden := strings.TrimSuffix(in, ".json") + ".golden"
			if *update {
				if err := os.WriteFile(golden, buf.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run go test -update)", err)
			}
			if diff := cmp.Diff(string(want), buf.String()); diff != "" {
				t.Errorf("golden mismatch (-want +got):\n%s", diff)
			}
			checkInvariants(t, srcs, res)
		})
	}
}

// TestIdempotent converts every testdata case, writes the result into a
// target document with the planned edits, converts again and expects no
// edit, every Gemini hook unchanged and every migrated hook reported as
// already present.
func TestIdempotent(t *testing.T) {
	files, _ := filepath.Glob("testdata/*.json")
	for _, in := range files {
		if strings.HasSuffix(in, ".existing.json") {
			continue
		}
		t.Run(filepath.Base(in), func(t *testing.T) {
			target, srcs := loadCase(t, in)
			first := Convert(target, srcs, nil, Options{})
			ed := (*config.Document)(nil).Edit()
			if err := first.Apply(ed); err != nil {
				t.Fatal(err)
			}
			data, err := ed.Bytes()
			if err != nil {
				t.Fatal(err)
			}
			doc, err := config.Parse("target.json", data, config.Options{})
			if err != nil {
				t.Fatal(err)
			}
			second := Convert(target, srcs, doc, Options{})
			if len(second.Edits) != 0 || !second.InSync() {
				t.Errorf("second run edits %+v; sync %+v", second.Edits, second.Sync)
			}
			want := first.Report.Counts.Migrated + first.Report.Counts.Changed
			if got := second.Report.Counts.AlreadyPresent; got != want {
				t.Errorf("already-present = %d, want %d", got, want)
			}
		})
	}
}

// ignoreDescription leaves out the descriptions, whose stamps the sync
// tests check.
var ignoreDescription = cmpopts.IgnoreFields(Hook{}, "Description")

func TestProjectCombinesSharedAndLocal(t *testing.T) {
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, ".claude"), 0o755)
	shared := `{"hooks":{"PreToolUse":[{"matcher":"Bash","hooks":[{"type":"command","command":"shared.sh"}]},
	  {"matcher":"Write","hooks":[{"type":"command","command":"both.sh","timeout":5}]}]}}`
	local := `{"hooks":{"PreToolUse":[{"matcher":"Write","hooks":[{"type":"command","command":"both.sh","timeout":5}]}],
	  "Stop":[{"hooks":[{"type":"command","command":"local.sh"}]}]}}`
	os.WriteFile(filepath.Join(dir, ".claude", "settings.json"), []byte(shared), 0o644)
	os.WriteFile(filepath.Join(dir, ".claude", "settings.local.json"), []byte(local), 0o644)
	srcs, _, err := LoadProject(dir)
	if err != nil {
		t.Fatal(err)
	}
	res := Convert(Target{Kind: TargetSettings}, srcs, nil, Options{})
	want := []EventDefinitions{
		{Event: "BeforeTool", Definitions: []Definition{
			{Matcher: "^run_shell_command$", Hooks: []Hook{{Name: "claude:shared.sh", Type: "command", Command: "shared.sh", Timeout: 600000}}},
			{Matcher: "^write_file$", Hooks: []Hook{{Name: "claude:both.sh", Type: "command", Command: "both.sh", Timeout: 5000}}},
		}},
		{Event: "AfterAgent", Definitions: []Definition{{Hooks: []Hook{{Name: "claude:local.sh", Type: "command", Command: "local.sh", Timeout: 600000}}}}},
	}
	if diff := cmp.Diff(want, res.Desired, ignoreDescription); diff != "" {
		t.Errorf("append (-want +got):\n%s", diff)
	}
	var fates []string
	for _, it := range res.Report.Items {
		fates = append(fates, filepath.Base(it.Path)+" "+it.Command+" "+string(it.Fate))
	}
	wantFates := []string{"settings.json shared.sh migrated", "settings.json both.sh migrated",
		"settings.local.json both.sh dropped", "settings.local.json local.sh migrated"}
	if diff := cmp.Diff(wantFates, fates); diff != "" {
		t.Errorf("fates (-want +got):\n%s", diff)
	}
}

func TestLoadErrors(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "settings.json")
	os.WriteFile(bad, []byte("{\n  \"hooks\": {,}\n}"), 0o644)
	commented := filepath.Join(dir, "c.json")
	os.WriteFile(commented, []byte("{\n  // hi\n  \"hooks\": {}\n}"), 0o644)
	_, err := LoadSettings(bad)
	if err == nil || !strings.Contains(err.Error(), bad+":2:") {
		t.Errorf("LoadSettings(bad) = %v, want path:2:col", err)
	}
	s, err := LoadSettings(commented)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{commented + ":2:3: file has comments, which Claude Code's JSON parser may not accept; they were skipped"}
	if diff := cmp.Diff(want, s.Notes); diff != "" {
		t.Errorf("notes (-want +got):\n%s", diff)
	}
	srcs, err := LoadUser(t.TempDir())
	if err != nil || len(srcs) != 0 {
		t.Errorf("LoadUser(empty home) = %v, %v; want none, nil", srcs, err)
	}
}

func TestLoadPlugin(t *testing.T) {
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, ".claude-plugin"), 0o755)
	os.MkdirAll(filepath.Join(dir, "hooks"), 0o755)
	os.WriteFile(filepath.Join(dir, ".claude-plugin", "plugin.json"), []byte(`{"name":"p","hooks":{"Stop":[{"hooks":[{"type":"command","command":"${CLAUDE_PLUGIN_ROOT}/stop.sh"}]}]}}`), 0o644)
	os.WriteFile(filepath.Join(dir, "hooks", "hooks.json"), []byte(`{"hooks":{"PreToolUse":[{"matcher":"Edit","hooks":[{"type":"command","command":"node \"${CLAUDE_PLUGIN_ROOT}/x.js\"","timeout":5}]}]}}`), 0o644)
	srcs, _, err := LoadPlugin(dir)
	if err != nil {
		t.Fatal(err)
	}
	res := Convert(Target{Kind: TargetExtension}, srcs, nil, Options{})
	want := []EventDefinitions{
		{Event: "BeforeTool", Definitions: []Definition{{Matcher: "^replace$", Hooks: []Hook{{Name: "claude:x.js", Type: "command", Command: `node "${extensionPath}/x.js"`, Timeout: 5000}}}}},
		{Event: "AfterAgent", Definitions: []Definition{{Hooks: []Hook{{Name: "claude:stop.sh", Type: "command", Command: `"${extensionPath}"/stop.sh`, Timeout: 600000}}}}},
	}
	if diff := cmp.Diff(want, res.Desired, ignoreDescription); diff != "" {
		t.Errorf("append (-want +got):\n%s", diff)
	}
	// A manifest whose hooks member is a path list.
	os.WriteFile(filepath.Join(dir, "extra.json"), []byte(`{"hooks":{}}`), 0o644)
	os.WriteFile(filepath.Join(dir, ".claude-plugin", "plugin.json"), []byte(`{"hooks":["./extra.json", 3]}`), 0o644)
	if _, _, err := LoadPlugin(dir); err == nil || !strings.Contains(err.Error(), "plugin.json:1:") {
		t.Errorf("LoadPlugin(bad manifest) = %v, want positioned error", err)
	}
}

// checkInvariants holds for every conversion: every handler appears in the
// report, emitted events are Gemini events, matchers compile as ECMAScript
// and a matcher that lost names did not become match-all.
func checkInvariants(t *testing.T, srcs []*Source, res *Result) {
	t.Helper()
	reported := map[string]bool{}
	for _, it := range res.Report.Items {
		reported[it.Path+"#"+it.Pointer] = true
	}
	for _, s := range srcs {
		h := s.hooks()
		if h == nil || h.Kind != config.Object {
			continue
		}
		for i, ev := range h.Keys {
			val := h.Vals[i]
			if val.Kind != config.Array {
				if !reported[s.Path+"#"+val.Pointer()] {
					t.Errorf("%s: event %s not in report", s.Path, val.Pointer())
				}
				continue
			}
			_ = ev
			for _, g := range val.Items {
				hs := g.Get("hooks")
				if hs == nil || hs.Kind != config.Array {
					if !reported[s.Path+"#"+g.Pointer()] {
						t.Errorf("%s: group %s not in report", s.Path, g.Pointer())
					}
					continue
				}
				for _, hn := range hs.Items {
					if !reported[s.Path+"#"+hn.Pointer()] {
						t.Errorf("%s: hook %s not in report", s.Path, hn.Pointer())
					}
				}
			}
		}
	}
	for _, e := range res.Desired {
		if !merge.IsEvent(e.Event) {
			t.Errorf("emitted invalid event %q", e.Event)
		}
		for _, d := range e.Definitions {
			if _, err := regexp2.Compile(d.Matcher, regexp2.ECMAScript); err != nil {
				t.Errorf("%s matcher %q does not compile: %v", e.Event, d.Matcher, err)
			}
			if merge.ContextOf(e.Event) == merge.TriggerContext && d.Matcher != "" && !contains(merge.Triggers[e.Event], d.Matcher) {
				t.Errorf("%s matcher %q is not an exact trigger", e.Event, d.Matcher)
			}
		}
	}
	for _, it := range res.Report.Items {
		if it.Fate == FateDropped || it.GeminiEvent == "" || merge.ContextOf(it.GeminiEvent) != merge.ToolContext {
			continue
		}
		lost := false
		for _, c := range it.Changes {
			lost = lost || strings.HasPrefix(c, "matcher lost")
		}
		for _, m := range it.GeminiMatchers {
			if lost && (strings.TrimSpace(m) == "" || m == "*") {
				t.Errorf("%s:%d: matcher %q lost names but became match-all", it.Path, it.Line, it.Matcher)
			}
		}
	}
}

func contains(ss []string, s string) bool {
	i := sort.SearchStrings(sortedCopy(ss), s)
	c := sortedCopy(ss)
	return i < len(c) && c[i] == s
}

func TestCorpus(t *testing.T) {
	dir := filepath.Join("..", "..", "shared", "corpus", "claude")
	files, _ := filepath.Glob(filepath.Join(dir, "*.json"))
	if len(files) == 0 {
		t.Skipf("corpus %s absent", dir)
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			s, err := LoadSettings(f)
			if err != nil {
				t.Fatalf("load: %v", err)
			}
			if strings.Contains(f, "hooks-hooks.json") || strings.HasSuffix(f, "plugin.json") {
				s.Kind, s.Dir = KindPlugin, filepath.Dir(f)
			}
			for _, target := range []TargetKind{TargetSettings, TargetExtension} {
				res := Convert(Target{Kind: target}, []*Source{s}, nil, Options{})
				checkInvariants(t, []*Source{s}, res)
			}
		})
	}
}

// writeTable renders the report as the rows of a tab-separated table, the
// golden files' text form of it.
func writeTable(w io.Writer, r *Report) {
	fmt.Fprintln(w, "SOURCE\tEVENT\tFATE\tWHY")
	for _, it := range r.Items {
		fmt.Fprintf(w, "%s:%d:%d\t%s\t%s\t%s\n", it.Path, it.Line, it.Column, it.EventLabel(), it.Fate, it.Why())
	}
}
