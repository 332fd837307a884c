package shellcmd

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/tailscale/hujson"

	"github.com/gh-hooks/gh-hooks/internal/testenv"
)

// TestCorpusCoverage measures how many of the real hook commands of the
// shared corpus are covered (issue 30 §8), and fails when one is not
// covered for another reason than a program without a row or a value
// that cannot be known before it runs: the rule must not turn ordinary
// hooks into "not covered". The figure is in BENCHMARKS.md.
func TestCorpusCoverage(t *testing.T) {
	root := testenv.SharedDir(t, "corpus")
	var cmds []string
	for _, d := range []string{"gemini", "claude"} {
		files, _ := filepath.Glob(filepath.Join(root, d, "*.json"))
		for _, f := range files {
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			if b, err = hujson.Standardize(b); err != nil {
				continue // the corpus keeps some files that do not parse
			}
			var v any
			if json.Unmarshal(b, &v) == nil {
				cmds = append(cmds, commands(v)...)
			}
		}
	}
	// ${extensionPath} and the plugin root are outside the project.
	repl := strings.NewReplacer("${extensionPath}", "/ext", "${CLAUDE_PLUGIN_ROOT}", "/ext")
	allowed := regexp.MustCompile(`: a program gh-hooks has no row for|named by \$|PATH set to|with \$`)
	covered := 0
	for _, c := range cmds {
		a := Analyze(repl.Replace(c), Options{Dir: "/p", Vars: map[string]string{"HOME": "/home/u", "GEMINI_PROJECT_DIR": "/p",
			"CLAUDE_PROJECT_DIR": "/p", "CLAUDE_PLUGIN_ROOT": "/ext"}})
		if len(a.Unknown) == 0 {
			covered++
		}
		for _, u := range a.Unknown {
			if !allowed.MatchString(u) {
				t.Errorf("%q: not covered: %s", c, u)
			}
		}
	}
	t.Logf("%d of %d corpus hook commands covered", covered, len(cmds))
}

// commands are the command strings of the hooks in a settings value.
func commands(v any) []string {
	var out []string
	switch x := v.(type) {
	case map[string]any:
		if c, ok := x["command"].(string); ok {
			if t, _ := x["type"].(string); t == "" || t == "command" {
				out = append(out, c)
			}
		}
		for _, y := range x {
			out = append(out, commands(y)...)
		}
	case []any:
		for _, y := range x {
			out = append(out, commands(y)...)
		}
	}
	return out
}
