package edit

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/gh-hooks/gh-hooks/config"
)

var update = flag.Bool("update", false, "rewrite testdata/*.golden")

// TestGolden pins the exact bytes of a sequence of edits on files with
// comments, tabs, CRLF line ends and no final newline. Each golden holds
// the file after every step, separated by "==== <step>" lines, so the
// inverse steps show that the original bytes come back.
func TestGolden(t *testing.T) {
	ins, _ := filepath.Glob(filepath.Join("testdata", "*.in.jsonc"))
	if len(ins) == 0 {
		t.Fatal("no testdata/*.in.jsonc")
	}
	h := Hook{Event: "BeforeTool", Matcher: "run_shell_command", Name: "audit", Command: "$GEMINI_PROJECT_DIR/audit.sh && echo <ok>",
		Timeout: 5000, Env: []EnvVar{{"MODE", "strict"}}}
	for _, in := range ins {
		name := strings.TrimSuffix(filepath.Base(in), ".in.jsonc")
		t.Run(name, func(t *testing.T) {
			orig, err := os.ReadFile(in)
			if err != nil {
				t.Fatal(err)
			}
			var out strings.Builder
			step := func(label string, data []byte) *config.Document {
				out.WriteString("==== " + label + "\n")
				out.Write(data)
				out.WriteString("\n")
				d, err := config.Parse(in, data, config.Options{})
				if err != nil {
					t.Fatalf("%s: result does not parse: %v", label, err)
				}
				return d
			}
			doc := step("original", orig)
			a, err := Add(doc, h)
			if err != nil {
				t.Fatalf("Add: %v", err)
			}
			added := step("add "+a.Pointer, a.Data)
			data, _, err := Disable(added, []string{"audit", "fmt"})
			if err != nil {
				t.Fatalf("Disable: %v", err)
			}
			disabled := step("disable audit fmt", data)
			data, _, err = Enable(disabled, []string{"audit", "fmt"})
			if err != nil {
				t.Fatalf("Enable: %v", err)
			}
			enabled := step("enable audit fmt", data)
			data, err = Remove(enabled, Find(enabled, Selector{Name: "audit"}))
			if err != nil {
				t.Fatalf("Remove: %v", err)
			}
			step("remove audit", data)
			if diff := cmp.Diff(string(orig), string(data)); diff != "" {
				t.Errorf("add, disable, enable, remove did not give back the original bytes (-want +got):\n%s", diff)
			}

			golden := filepath.Join("testdata", name+".golden")
			if *update {
				if err := os.WriteFile(golden, []byte(out.String()), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run go test -update)", err)
			}
			if diff := cmp.Diff(string(want), out.String()); diff != "" {
				t.Errorf("%s (-want +got):\n%s", golden, diff)
			}
		})
	}
}
