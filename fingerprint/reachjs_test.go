package fingerprint

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gh-hooks/gh-hooks/merge"
)

// The JavaScript and npm forms of issue 30's "Why", on disk: swapping a
// file the real node or npm would load changes the fingerprint, and a
// form that cannot be followed is not covered, named.
func TestReachJavaScript(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name       string
		files      map[string]string
		cmd        string
		swap       string // a file the hook reaches: writing it must change the fingerprint
		notCovered string // "" for a covered hook
	}{
		{"node -e 1 -r ./pre.js", map[string]string{"pre.js": "require('./lib/a')\n", "lib/a.js": "module.exports = 1\n"},
			`node -e 1 -r ./pre.js`, "lib/a.js", ""},
		{"node -e 1 -r ./pre.js, the preload itself", map[string]string{"pre.js": "\n"}, `node -e 1 -r ./pre.js`, "pre.js", ""},
		{".npmrc naming another config file whose script-shell runs", map[string]string{
			"package.json": `{"scripts": {"lint": "echo ok"}}`, ".npmrc": "userconfig=./cfg/npmrc\n", "cfg/npmrc": "script-shell=./cfg/sh\n", "cfg/sh": "#!/bin/sh\necho shell\n"},
			`npm run lint`, "cfg/sh", ""},
		{"module.require", map[string]string{"hook.js": "module.require('./impl')\n", "impl.js": "\n"},
			`node hook.js`, "hook.js", "module.require in ./hook.js"},
		{"a concatenated specifier", map[string]string{"hook.js": "require('./im' + 'pl')\n", "impl.js": "\n"},
			`node hook.js`, "hook.js", "require of a computed name in ./hook.js"},
		{"still covered: a Node script requiring local files", map[string]string{"hooks/x.js": "const u = require('./util')\nimport('../lib/b.mjs')\n",
			"hooks/util.js": "module.exports = require('./deep.json')\n", "hooks/deep.json": "{}", "lib/b.mjs": "export const b = 1\n"},
			`node hooks/x.js`, "lib/b.mjs", ""},
		{"still covered: npm run with the usual files", map[string]string{"package.json": `{"name": "app", "scripts": {"prelint": "node tools/pre.js", "lint": "node tools/lint.js"}}`,
			".npmrc": "registry=https://registry.npmjs.org/\nsave-exact=true\n", "package-lock.json": "{}", "tools/pre.js": "\n", "tools/lint.js": "require('./rules')\n", "tools/rules.js": "\n"},
			`npm run lint`, "tools/rules.js", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			_, p := newProject(t)
			for f, c := range tt.files {
				writeFile(t, filepath.Join(p.Dir, f), c)
			}
			h := hk("BeforeTool", 0, 0, "js", tt.cmd)
			before := Compute(p, []merge.Hook{h})[0]
			if got := strings.Join(before.NotCovered, "; "); tt.notCovered == "" && got != "" || !strings.Contains(got, tt.notCovered) {
				t.Fatalf("not covered = %q, want %q", got, tt.notCovered)
			}
			if err := os.WriteFile(filepath.Join(p.Dir, tt.swap), []byte("process.exit(1) // swapped\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			after := Compute(p, []merge.Hook{h})[0]
			if after.Record.Fingerprint == before.Record.Fingerprint {
				t.Errorf("swapping %s left the fingerprint unchanged (scripts %v)", tt.swap, before.Record.Scripts)
			}
		})
	}
}
