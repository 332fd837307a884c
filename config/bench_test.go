package config

import (
	"fmt"
	"strings"
	"testing"
)

// settingsOfSize generates a settings file of about size bytes: one event
// array holding many hook groups, with comments, as a large real file has.
func settingsOfSize(size int) []byte {
	var b strings.Builder
	b.WriteString("{\n  // generated\n  \"hooks\": {\n    \"AfterTool\": [\n")
	for i := 0; b.Len() < size; i++ {
		if i > 0 {
			b.WriteString(",\n")
		}
		fmt.Fprintf(&b, "      {\n        \"matcher\": \"tool_%d\", // group %d\n        \"hooks\": [\n          {\"type\": \"command\", \"command\": \"echo %d\", \"timeout\": 5000}\n        ]\n      }", i, i, i)
	}
	b.WriteString("\n    ]\n  }\n}\n")
	return []byte(b.String())
}

// BenchmarkAppend measures Append of a hook group plus Bytes (which
// re-parses to verify) on 1 MiB and 10 MiB files; the cost must grow
// linearly (issue 3 allows 10 MiB at most 12x the 1 MiB time).
func BenchmarkAppend(b *testing.B) {
	for _, size := range []int{1 << 20, 10 << 20} {
		d, err := Parse("big.json", settingsOfSize(size), Options{})
		if err != nil {
			b.Fatal(err)
		}
		b.Run(fmt.Sprintf("%dMiB", size>>20), func(b *testing.B) {
			b.SetBytes(int64(len(d.Data)))
			for b.Loop() {
				e := d.Edit()
				if err := e.Append("/hooks/AfterTool", hookDef); err != nil {
					b.Fatal(err)
				}
				if _, err := e.Bytes(); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
