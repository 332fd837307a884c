package edit

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gh-hooks/gh-hooks/config"
)

// bigSettings returns a settings file of about size bytes: comments,
// unrelated keys and many hook definitions, indented like a real file.
func bigSettings(size int) []byte {
	var b strings.Builder
	b.WriteString("{\n  // generated for benchmarks\n  \"general\": {\"vimMode\": true},\n  \"hooks\": {\n    \"BeforeTool\": [\n")
	for i := 0; b.Len() < size; i++ {
		if i > 0 {
			b.WriteString(",\n")
		}
		fmt.Fprintf(&b, "      {\n        \"matcher\": \"write_file|replace\", // def %d\n        \"hooks\": [{\"name\": \"h%d\", \"type\": \"command\", \"command\": \"./hooks/check-%d.sh --strict\", \"timeout\": 30000}]\n      }", i, i, i)
	}
	b.WriteString("\n    ]\n  }\n}\n")
	return []byte(b.String())
}

// BenchmarkAdd measures a whole add of one hook through Add and
// config.Update (lock, read, parse, edit, re-parse, atomic write) on
// settings files of 1 MiB and 10 MiB. Issue 3 asks for the 10 MiB case to
// cost at most 12 times the 1 MiB case:
//
//	go test ./edit -run '^$' -bench Add -benchtime 20x -count 3
func BenchmarkAdd(b *testing.B) {
	for _, c := range []struct {
		mib    int
		dryRun bool
	}{{1, false}, {10, false}, {1, true}, {10, true}} {
		mib, name := c.mib, fmt.Sprintf("%dMiB", c.mib)
		if c.dryRun {
			// Everything but the lock and the write: the CPU part.
			name += "-dry-run"
		}
		b.Run(name, func(b *testing.B) {
			path := filepath.Join(b.TempDir(), "settings.json")
			data := bigSettings(mib << 20)
			if err := os.WriteFile(path, data, 0o644); err != nil {
				b.Fatal(err)
			}
			b.SetBytes(int64(len(data)))
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				h := Hook{Event: "AfterTool", Name: fmt.Sprintf("bench-%d", i), Command: "./bench.sh"}
				if _, err := config.Update(path, func(doc *config.Document) ([]byte, error) {
					a, err := Add(doc, h)
					return a.Data, err
				}, config.WriteOptions{DryRun: c.dryRun}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
