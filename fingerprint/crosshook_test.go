package fingerprint

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/gh-hooks/gh-hooks/merge"
	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// TestCrossHookWrites: a project file one hook writes and another runs
// is not covered in the one that runs it, naming the writer (each hook
// is fingerprinted alone, but they run again and again, in any order);
// after a hook writes to a path gh-hooks cannot compute, every other
// hook that runs a project file is not covered. A hook that writes a log
// no hook runs leaves the others covered.
func TestCrossHookWrites(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for name, body := range map[string]string{
		"gen.sh":   "echo hi\n",
		"tmpl.txt": "echo swapped\n",
		"w.py":     "import sys\nopen(sys.argv[1], 'w').write(open('tmpl.txt').read())\n",
		"run.sh":   "sh gen.sh\n",
		"c.py":     "import shutil\nshutil.copytree('tmpl', 'sub')\n",
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	p := Project{Dir: dir, Real: dir}
	hook := func(pos, cmd string) merge.Hook {
		return merge.Hook{ID: "project/BeforeTool/0/" + pos, Event: "BeforeTool", Type: "command", Command: cmd, Timeout: 60000, Layer: "project"}
	}
	tests := []struct {
		name  string
		hooks []merge.Hook
		want  [][]string
	}{
		{"a redirection, a script that runs it", []merge.Hook{hook("0", "cat tmpl.txt > gen.sh"), hook("1", "sh run.sh")},
			[][]string{nil, {"./gen.sh is written by the hook project/BeforeTool/0/0 (a redirection) and run by this one: what it runs is not followed"}}},
		{"a tree copied, a file run in it", []merge.Hook{hook("0", "python3 c.py"), hook("1", "sh sub/run.sh")},
			[][]string{nil, {"files in ./sub/ are written by the hook project/BeforeTool/0/0 (shutil.copytree at ./c.py:2), and this one runs ./sub/run.sh there: what it runs is not followed"}}},
		{"a log no hook runs", []merge.Hook{hook("0", "echo x >> hook.log"), hook("1", "sh run.sh")}, [][]string{nil, nil}},
		{"a write to a path not known", []merge.Hook{hook("0", "python3 w.py gen.sh"), hook("1", "sh run.sh"), hook("2", "echo hi")},
			[][]string{
				{"open to a path gh-hooks cannot compute at ./w.py:2: it may write ./w.py or another of the project files the command runs: what it runs is not followed"},
				{"open to a path gh-hooks cannot compute at ./w.py:2 in the hook project/BeforeTool/0/0: it may write ./run.sh or another of the project files this hook runs: what it runs is not followed"},
				nil}},
	}
	for _, tt := range tests {
		var got [][]string
		for _, h := range Compute(p, tt.hooks) {
			got = append(got, h.NotCovered)
		}
		if diff := cmp.Diff(tt.want, got, cmpopts.EquateEmpty()); diff != "" {
			t.Errorf("%s: not covered (-want +got):\n%s", tt.name, diff)
		}
	}
}
