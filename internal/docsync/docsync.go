// Package docsync keeps the generated parts of a hand-written document
// equal to what the code says. A generated part sits between two marker
// lines:
//
//	<!-- generated: NAME (go test ./PKG -run TEST -update) -->
//	...
//	<!-- end generated: NAME -->
//
// and a test renders NAME from the code's tables and calls Check, which
// fails when the document disagrees and, with update, rewrites the parts.
package docsync

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// Replace returns doc with the body of every named part set to its new
// text, and the names of parts that have no markers.
func Replace(doc string, parts map[string]string) (string, []string) {
	var missing []string
	for name, body := range parts {
		begin := "<!-- generated: " + name + " "
		end := "<!-- end generated: " + name + " -->"
		i := strings.Index(doc, begin)
		if i < 0 {
			missing = append(missing, name)
			continue
		}
		nl := strings.Index(doc[i:], "\n")
		j := strings.Index(doc[i:], end)
		if nl < 0 || j < 0 || j < nl {
			missing = append(missing, name)
			continue
		}
		start, stop := i+nl+1, i+j
		doc = doc[:start] + strings.TrimRight(body, "\n") + "\n" + doc[stop:]
	}
	return doc, missing
}

// Check fails t when the parts of the document at path differ from parts;
// with update it writes the document with the new parts first.
func Check(t *testing.T, path string, parts map[string]string, update bool, regenerate string) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	want, missing := Replace(string(data), parts)
	if len(missing) > 0 {
		t.Fatalf("%s has no markers for the generated parts %q", path, missing)
	}
	if update && want != string(data) {
		if err := os.WriteFile(path, []byte(want), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if diff := cmp.Diff(string(data), want); diff != "" {
		t.Errorf("%s disagrees with the code; regenerate with: %s\n(-file +code):\n%s", path, regenerate, diff)
	}
}

// Table renders a markdown table; cells have "|" escaped and newlines
// replaced by spaces.
func Table(header []string, rows [][]string) string {
	var b strings.Builder
	line := func(cells []string) {
		b.WriteString("|")
		for _, c := range cells {
			c = strings.ReplaceAll(strings.ReplaceAll(c, "|", `\|`), "\n", " ")
			fmt.Fprintf(&b, " %s |", c)
		}
		b.WriteString("\n")
	}
	line(header)
	sep := make([]string, len(header))
	for i := range sep {
		sep[i] = "---"
	}
	line(sep)
	for _, r := range rows {
		line(r)
	}
	return b.String()
}

// Code is s in backquotes, or "" for "".
func Code(s string) string {
	if s == "" {
		return ""
	}
	return "`" + s + "`"
}
