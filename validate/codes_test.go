package validate

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// codeLiteral finds the problem codes written in the sources: the code
// argument after a severity, a Code field or variable, the code of
// config's parse errors, and the code variable of merge's hook checks.
var codeLiteral = regexp.MustCompile(`Sev(?:Error|Warning|Info), "([a-z0-9-]+)"|Code[A-Za-z]*(?::|\s*=)\s*"([a-z0-9-]+)"|fail\([^,()]+(?:\([^()]*\))?, "([a-z0-9-]+)"|\bcode\s*:?=\s*"([a-z0-9-]+)"`)

// TestRulesCoverEveryCode fails when a package that feeds Check or Files
// reports a code that rules does not describe: --ignore would refuse it
// and the SARIF rule would have no description.
func TestRulesCoverEveryCode(t *testing.T) {
	found := map[string]string{}
	for _, dir := range []string{"../config", "../layers", "../merge", "../hooktest", "."} {
		files, err := filepath.Glob(filepath.Join(dir, "*.go"))
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range files {
			if strings.HasSuffix(f, "_test.go") {
				continue
			}
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			for _, m := range codeLiteral.FindAllStringSubmatch(string(data), -1) {
				for _, c := range m[1:] {
					if c != "" {
						found[c] = f
					}
				}
			}
		}
	}
	if len(found) < 40 {
		t.Fatalf("found only %d codes in the sources: the pattern no longer matches how problems are made", len(found))
	}
	for code, file := range found {
		if _, ok := LookupRule(code); !ok {
			t.Errorf("%s reports code %q, which validate.rules does not describe", file, code)
		}
	}
	for _, r := range rules {
		if _, ok := found[r.Code]; !ok {
			t.Errorf("rule %q is reported by no source file: remove it", r.Code)
		}
	}
}

func TestRulesSortedAndDescribed(t *testing.T) {
	codes := make([]string, len(rules))
	for i, r := range rules {
		codes[i] = r.Code
		if r.Summary == "" || !strings.HasSuffix(r.Summary, ".") {
			t.Errorf("rule %q: summary %q is not one sentence", r.Code, r.Summary)
		}
	}
	sorted := slices.Clone(codes)
	sort.Strings(sorted)
	if diff := cmp.Diff(sorted, slices.Compact(slices.Clone(sorted))); diff != "" {
		t.Errorf("duplicate codes (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(sorted, codes); diff != "" {
		t.Errorf("rules are not sorted by code; LookupRule needs them sorted (-want +got):\n%s", diff)
	}
	if _, ok := LookupRule("no-such-code"); ok {
		t.Error("LookupRule found a code that does not exist")
	}
	if r, ok := LookupRule("script-missing"); !ok || r.Code != "script-missing" {
		t.Errorf("LookupRule(script-missing) = %v, %v", r, ok)
	}
}
