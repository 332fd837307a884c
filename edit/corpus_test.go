package edit

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/gh-hooks/gh-hooks/config"
)

// TestCorpusRoundTrip runs add-then-remove and disable-then-enable on every
// real public config of the shared corpus that parses, and checks that the
// original bytes come back.
func TestCorpusRoundTrip(t *testing.T) {
	root := filepath.Join("..", "..", "shared", "corpus")
	if _, err := os.Stat(root); err != nil {
		t.Skipf("corpus %s is absent (%v): it lives outside the repository", root, err)
	}
	var files []string
	for _, dir := range []string{"gemini", "claude"} {
		fs, _ := filepath.Glob(filepath.Join(root, dir, "*.json"))
		files = append(files, fs...)
	}
	if len(files) == 0 {
		t.Skipf("no corpus files under %s", root)
	}
	h := Hook{Event: "BeforeTool", Matcher: "run_shell_command", Name: "gh-hooks-roundtrip", Command: "./check.sh && echo <ok>", Timeout: 5000}
	tested := 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		doc, err := config.Parse(f, data, config.Options{})
		if err != nil {
			continue // Gemini cannot load it either; Update refuses it
		}
		t.Run(filepath.Base(filepath.Dir(f))+"/"+filepath.Base(f), func(t *testing.T) {
			hooks := doc.Root.Get("hooks")
			switch {
			case hooks != nil && hooks.Kind != config.Object:
				// Add refuses it; check that it does.
				if _, err := Add(doc, h); err == nil {
					t.Errorf("Add into a %s \"hooks\" succeeded", hooks.Kind)
				}
			case hooks != nil && len(hooks.Keys) == 0:
				t.Logf("skip add/remove: an empty \"hooks\" object is removed with the last hook (documented)")
			default:
				ev := h
				// An empty or non-array event value would not round-trip
				// (documented): use an event the file does not have.
				for _, e := range []string{"BeforeTool", "AfterTool", "BeforeModel", "AfterModel", "BeforeToolSelection"} {
					if n := hooks.Get(e); n == nil || n.Kind == config.Array && len(n.Items) > 0 {
						ev.Event = e
						break
					}
				}
				a, err := Add(doc, ev)
				if err != nil {
					t.Fatalf("Add: %v", err)
				}
				added, err := config.Parse(f, a.Data, config.Options{})
				if err != nil {
					t.Fatalf("added file does not parse: %v", err)
				}
				ms := Find(added, Selector{Name: ev.Name})
				if len(ms) != 1 || ms[0].Pointer != a.Pointer {
					t.Fatalf("Find after Add = %+v, want the one hook at %s", ms, a.Pointer)
				}
				back, err := Remove(added, ms)
				if err != nil {
					t.Fatalf("Remove: %v", err)
				}
				if !bytes.Equal(back, data) {
					t.Errorf("add then remove changed the file:\n%s", config.Diff(f, data, back))
				}
			}

			if d, err := disabledNode(doc); err != nil || d != nil && len(d.Items) == 0 {
				t.Logf("skip disable/enable: %v (an empty list is removed with its last entry)", err)
				return
			}
			dis, added, err := Disable(doc, []string{"gh-hooks-roundtrip", "./x.sh"})
			if err != nil || len(added) != 2 {
				t.Fatalf("Disable = %v, %v", added, err)
			}
			ddoc, err := config.Parse(f, dis, config.Options{})
			if err != nil {
				t.Fatalf("disabled file does not parse: %v", err)
			}
			back, removed, err := Enable(ddoc, []string{"gh-hooks-roundtrip", "./x.sh"})
			if err != nil || len(removed) != 2 {
				t.Fatalf("Enable = %v, %v", removed, err)
			}
			if !bytes.Equal(back, data) {
				t.Errorf("disable then enable changed the file:\n%s", config.Diff(f, data, back))
			}
		})
		tested++
	}
	t.Logf("%d of %d corpus files parse and were round-tripped", tested, len(files))
}
