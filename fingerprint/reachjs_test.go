package fingerprint

import "testing"

// The JavaScript and npm forms of issue 30's "Why", on disk: swapping a
// file the real node or npm would load changes the fingerprint, and a
// form that cannot be followed is not covered, named.
func TestReachJavaScript(t *testing.T) {
	t.Parallel()
	runReachCases(t, []reachCase{
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
	})
}
