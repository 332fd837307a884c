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

// hostileShapes are inputs whose cost used to grow with the square of
// their size (issue 17): every Node held its JSON pointer, so a deep file
// cost the sum of its depths, and a long key above many values cost the
// key's length once per value.
func hostileShapes() []struct {
	name string
	data []byte
} {
	nested := func(n int) []byte {
		return []byte(`{"x": ` + strings.Repeat("[", n) + strings.Repeat("]", n) + `}`)
	}
	longKey := func(key, values int) []byte {
		return []byte(`{"` + strings.Repeat("k", key) + `": [` + strings.TrimSuffix(strings.Repeat("1,", values), ",") + `]}`)
	}
	return []struct {
		name string
		data []byte
	}{
		{"nested-999", nested(999)}, // 1000 levels with the root: accepted
		{"nested-10000", nested(10000)},
		{"nested-100000", nested(100000)},
		{"longkey-64KiB-x-10000", longKey(64<<10, 10000)},
		{"longkey-64KiB-x-100000", longKey(64<<10, 100000)},
	}
}

// BenchmarkParseHostile parses each hostile shape (both parse paths: the
// deep ones go to the full parser). A deep file now fails at once at its
// 1001st level; a long key costs its length once.
func BenchmarkParseHostile(b *testing.B) {
	for _, s := range hostileShapes() {
		b.Run(s.name, func(b *testing.B) {
			b.SetBytes(int64(len(s.data)))
			b.ReportAllocs()
			for b.Loop() {
				d, err := Parse("hostile.json", s.data, Options{})
				if err == nil {
					_ = d.Root.Pointer()
				}
			}
		})
	}
}

// BenchmarkPositionLongLine asks the position of 20,000 offsets spread
// over a 1 MiB file on one line (a minified settings file with a hook
// every 50 bytes): each used to count the line from its start.
func BenchmarkPositionLongLine(b *testing.B) {
	data := []byte(strings.Repeat(`{"a":"é"},`, (1<<20)/11))
	for b.Loop() {
		d := &Document{Data: data}
		for off := 0; off < len(data); off += len(data) / 20000 {
			d.Position(off)
		}
	}
}
