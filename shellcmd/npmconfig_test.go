package shellcmd

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// TestParseNpmrc: an .npmrc as npm's ini decoder reads it.
func TestParseNpmrc(t *testing.T) {
	t.Parallel()
	got := parseNpmrc("; comment\n# comment\nregistry = https://r.example/ ; trailing\nscript-shell=\"\\u002e/sh\"\nnode-options='--require ./p.js'\r\nx = a\\;b#c\nflag\n[section]\nscript-shell=./evil\n")
	var kv []string
	for _, e := range got {
		kv = append(kv, e.key+"="+e.value)
	}
	want := []string{"registry=https://r.example/", "script-shell=./sh", "node-options=--require ./p.js", "x=a;b", "flag=true"}
	if diff := cmp.Diff(want, kv, cmpopts.EquateEmpty()); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

// TestAnalyzePackageManagers: the configuration npm, pnpm, yarn, bun and
// deno load before a script runs (issue 30 §4).
func TestAnalyzePackageManagers(t *testing.T) {
	t.Parallel()
	pkg := `{"scripts": {"lint": "node x.js", "postinstall": "./post.sh", "prestop": "./stop.sh", "start": "./start.sh"}}`
	tests := []struct {
		name    string
		fs      fakeFS
		cmd     string
		files   []string // reached, not probes
		unknown []string
	}{
		{"npm run x with the usual files", fakeFS{"/p/package.json": pkg, "/p/x.js": "const u = require('./lib/u')", "/p/lib/u.js": "module.exports = 1",
			"/p/.npmrc": "registry=https://registry.npmjs.org/\nsave-exact=true\n", "/p/package-lock.json": "{}"},
			`npm run lint`, []string{"manifest /p/package.json", "manifest /p/.npmrc", "program /p/node_modules/.bin/node", "script /p/x.js", "script /p/lib/u.js"}, nil},
		{".npmrc naming another config file whose script-shell runs", fakeFS{"/p/package.json": pkg, "/p/.npmrc": "userconfig=./cfg/user.npmrc\n",
			"/p/cfg/user.npmrc": "globalconfig=./global.npmrc\n", "/p/global.npmrc": "script-shell=./evil.sh\n", "/p/evil.sh": "", "/p/x.js": ""},
			`npm run lint`, []string{"manifest /p/package.json", "manifest /p/.npmrc", "manifest /p/cfg/user.npmrc", "manifest /p/global.npmrc", "program /p/evil.sh", "program /p/node_modules/.bin/node", "script /p/x.js"}, nil},
		{"userconfig outside the project", fakeFS{"/p/package.json": pkg, "/p/.npmrc": "userconfig=/tmp/u.npmrc\n", "/p/x.js": ""},
			`npm run lint`, []string{"manifest /p/package.json", "manifest /p/.npmrc", "program /p/node_modules/.bin/node", "script /p/x.js"},
			[]string{"userconfig in ./.npmrc:1 names /tmp/u.npmrc, outside the project"}},
		{"an escaped script-shell", fakeFS{"/p/package.json": pkg, "/p/.npmrc": "script-shell=\"\\u002e/sh\"\n", "/p/sh": "", "/p/x.js": ""},
			`npm run lint`, []string{"manifest /p/package.json", "manifest /p/.npmrc", "program /p/sh", "program /p/node_modules/.bin/node", "script /p/x.js"}, nil},
		{"env-expanded values", fakeFS{"/p/package.json": pkg, "/p/.npmrc": "script-shell=${TOOLS}/sh\nnode-options=--require ${HOME}/x.js\n", "/p/x.js": ""},
			`npm run lint`, []string{"manifest /p/package.json", "manifest /p/.npmrc", "script /home/u/x.js", "program /p/node_modules/.bin/node", "script /p/x.js"},
			[]string{"script-shell in ./.npmrc:1 set from ${TOOLS}: not followed"}},
		{"node-options", fakeFS{"/p/package.json": pkg, "/p/.npmrc": "node-options=--require ./pre.js\n", "/p/pre.js": "", "/p/x.js": ""},
			`npm run lint`, []string{"manifest /p/package.json", "manifest /p/.npmrc", "script /p/pre.js", "program /p/node_modules/.bin/node", "script /p/x.js"}, nil},
		{"prefix", fakeFS{"/p/package.json": pkg, "/p/.npmrc": "prefix=./g\n", "/p/x.js": ""},
			`npm run lint`, []string{"manifest /p/package.json", "manifest /p/.npmrc", "program /p/node_modules/.bin/node", "script /p/x.js"}, []string{"prefix in ./.npmrc:1 (./g): the code npm loads from it is not followed"}},
		{"a section is not npm's config", fakeFS{"/p/package.json": pkg, "/p/.npmrc": "[x]\nscript-shell=./evil.sh\n", "/p/x.js": ""},
			`npm run lint`, []string{"manifest /p/package.json", "manifest /p/.npmrc", "program /p/node_modules/.bin/node", "script /p/x.js"}, nil},
		{"npm install runs lifecycle scripts", fakeFS{"/p/package.json": pkg, "/p/post.sh": ""},
			`npm ci`, []string{"manifest /p/package.json", "program /p/post.sh"}, []string{"npm install runs the install scripts of the packages it installs"}},
		{"from a subfolder, the package up the tree", fakeFS{"/p/package.json": pkg, "/p/x.js": "", "/p/sub/y.js": ""},
			`cd sub && npm run lint`, []string{"manifest /p/package.json", "program /p/node_modules/.bin/node", "script /p/x.js"}, nil},
		{"npx of the package's own bin", fakeFS{"/p/package.json": `{"name": "@s/r", "bin": "cli.js"}`, "/p/cli.js": ""},
			`npx r`, []string{"manifest /p/package.json", "program /p/cli.js"}, []string{"the bin r (cli.js) of ./package.json, which npm exec installs and runs: not followed"}},
		{"npm init runs the init-module", fakeFS{"/p/.npmrc": "init-module=./init.js\n", "/p/init.js": ""},
			`npm init -y`, []string{"manifest /p/.npmrc"}, []string{"init-module in ./.npmrc:1 (./init.js): the code npm loads from it is not followed"}},
		{"npm init with an initializer", fakeFS{}, `npm init vite`, nil, []string{"npm init with an initializer runs the package create-vite: not followed"}},
		{"arguments after the script's name", fakeFS{"/p/package.json": `{"scripts": {"t": "sh", "pret": "true"}}`, "/p/w.sh": ""},
			`npm run t -- w.sh`, []string{"manifest /p/package.json", "program /p/node_modules/.bin/sh", "script /p/w.sh"}, nil},
		{"an argument not known", fakeFS{"/p/package.json": `{"scripts": {"t": "sh"}}`},
			`npm run t -- "$F"`, nil, []string{"npm t with an argument named by $F, which npm appends to the script"}},
		{"npm restart without a restart script", fakeFS{"/p/package.json": pkg, "/p/stop.sh": "", "/p/start.sh": ""},
			`npm restart`, []string{"manifest /p/package.json", "program /p/stop.sh", "program /p/start.sh"}, nil},
		{"npx uses script-shell", fakeFS{"/p/.npmrc": "script-shell=./sh\n", "/p/sh": ""},
			`npx prettier .`, []string{"manifest /p/.npmrc", "program /p/sh"}, nil},
		{"yarn berry", fakeFS{"/p/package.json": pkg, "/p/.yarnrc.yml": "yarnPath: .yarn/releases/yarn.cjs\nplugins:\n  - path: .yarn/plugins/p.cjs\n    spec: x\n",
			"/p/.yarn/releases/yarn.cjs": "", "/p/.yarn/plugins/p.cjs": "", "/p/.pnp.cjs": "", "/p/x.js": ""},
			`yarn lint`, []string{"manifest /p/package.json", "manifest /p/.yarnrc.yml", "script /p/.yarn/plugins/p.cjs", "script /p/.yarn/releases/yarn.cjs", "script /p/.pnp.cjs", "program /p/node_modules/.bin/node", "script /p/x.js"}, nil},
		{"yarn 1", fakeFS{"/p/package.json": pkg, "/p/.yarnrc": "yarn-path \"./y.js\"\n", "/p/y.js": "", "/p/x.js": ""},
			`yarn run lint`, []string{"manifest /p/package.json", "manifest /p/.yarnrc", "script /p/y.js", "program /p/node_modules/.bin/node", "script /p/x.js"}, nil},
		{"pnpm", fakeFS{"/p/package.json": pkg, "/p/.pnpmfile.cjs": "module.exports = {hooks: {}}", "/p/pnpm-workspace.yaml": "scriptShell: ./sh\n", "/p/sh": "", "/p/x.js": ""},
			`pnpm lint`, []string{"manifest /p/package.json", "script /p/.pnpmfile.cjs", "manifest /p/pnpm-workspace.yaml", "program /p/sh", "program /p/node_modules/.bin/node", "script /p/x.js"}, nil},
		{"bunfig preload", fakeFS{"/p/bunfig.toml": "preload = [\"./pre.ts\"]\n[test]\npreload = \"./t.ts\"\n", "/p/pre.ts": "", "/p/t.ts": "", "/p/x.ts": ""},
			`bun x.ts`, []string{"manifest /p/bunfig.toml", "script /p/pre.ts", "script /p/t.ts", "script /p/x.ts"}, nil},
		// bun loads .env.local and .env.NODE_ENV into process.env, which
		// what the script starts gets (BASH_ENV, NODE_OPTIONS).
		{"bun .env files", fakeFS{"/p/.env": "A=1\n", "/p/.env.local": "BASH_ENV=x.sh\n", "/p/sub/.env": "A=1\n", "/p/x.ts": "", "/p/sub/x.ts": ""},
			`bun x.ts; cd sub && bun run x.ts`, []string{"script /p/x.ts", "script /p/sub/x.ts"},
			[]string{"bun loads ./.env.local into the environment", "bun loads ./sub/.env into the environment"}},
		{"deno task", fakeFS{"/p/deno.json": `{"tasks": {"lint": {"command": "./lint.sh", "dependencies": ["pre"]}, "pre": "./pre.sh"}, "imports": {"x": "./x.ts"}}`, "/p/lint.sh": "", "/p/pre.sh": ""},
			`deno task lint`, []string{"manifest /p/deno.json", "program /p/pre.sh", "program /p/lint.sh"}, []string{"the import map (imports) of ./deno.json is not followed"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			a := Analyze(tt.cmd, Options{Dir: "/p", Vars: map[string]string{"HOME": "/home/u"}, Files: tt.fs})
			checkAnalysis(t, reached(a), a, tt.files, tt.unknown)
		})
	}
}
