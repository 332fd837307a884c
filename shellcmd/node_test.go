package shellcmd

import "testing"

// TestAnalyzeNode: what Node loads, through a real parser and Node's
// resolver (issue 30 §4).
func TestAnalyzeNode(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		fs      fakeFS
		cmd     string
		files   []string // reached, not probes
		unknown []string
	}{
		{"node -e with -r after it", fakeFS{"/p/pre.js": "require('./more')", "/p/more.js": ""}, `node -e 1 -r ./pre.js`,
			[]string{"script /p/pre.js", "script /p/more.js"}, nil},
		{"node -r before -e", fakeFS{"/p/pre.js": ""}, `node -r ./pre.js -e "require('./x')"`,
			[]string{"script /p/pre.js", "script /p/x"}, nil},
		{"node --import=", fakeFS{"/p/pre.mjs": "import './y.mjs'", "/p/y.mjs": ""}, `node --import=./pre.mjs -p 1`,
			[]string{"script /p/pre.mjs", "script /p/y.mjs"}, nil},
		{"module.require", fakeFS{"/p/x.js": "module.require('./y')", "/p/y.js": ""}, `node x.js`,
			[]string{"script /p/x.js"}, []string{"module.require in ./x.js"}},
		{"a concatenated specifier", fakeFS{"/p/x.js": "require('./y' + '.js')", "/p/y.js": ""}, `node x.js`,
			[]string{"script /p/x.js"}, []string{"require of a computed name in ./x.js"}},
		{"a file the parser refuses", fakeFS{"/p/x.js": "const a = 1\nrequire('./y'\n"}, `node x.js`,
			[]string{"script /p/x.js"}, []string{"./x.js:3: JavaScript gh-hooks does not parse"}},
		{"typescript it cannot parse", fakeFS{"/p/x.ts": "import type {A} from './a'\nlet x: A\n"}, `npx tsx x.ts`,
			[]string{"script /p/x.ts"}, []string{"./x.ts:1: TypeScript gh-hooks does not parse"}},
		{"the nearest package.json and its type", fakeFS{"/p/package.json": `{"type": "module"}`, "/p/src/x.js": "import './y.js'", "/p/src/y.js": ""}, `node src/x.js`,
			[]string{"script /p/src/x.js", "manifest /p/package.json", "script /p/src/y.js"}, nil},
		{"self-reference through exports", fakeFS{"/p/package.json": `{"name": "@me/tool", "exports": {".": "./main.js", "./lib/*": {"import": "./src/*.mjs", "require": "./src/*.cjs"}}}`,
			"/p/x.mjs": "import '@me/tool'\nimport '@me/tool/lib/u'\n", "/p/main.js": "", "/p/src/u.mjs": "", "/p/src/u.cjs": ""}, `node x.mjs`,
			[]string{"script /p/x.mjs", "manifest /p/package.json", "script /p/main.js", "script /p/src/u.mjs", "script /p/src/u.cjs"}, nil},
		{"#imports", fakeFS{"/p/package.json": `{"imports": {"#dep": {"node": "./dep-node.js", "default": "./dep.js"}, "#int/*": "./internal/*.js"}}`,
			"/p/x.cjs": "require('#dep'); require('#int/a')", "/p/dep.js": "", "/p/dep-node.js": "", "/p/internal/a.js": ""}, `node x.cjs`,
			[]string{"script /p/x.cjs", "manifest /p/package.json", "script /p/dep.js", "script /p/dep-node.js", "script /p/internal/a.js"}, nil},
		{"a folder's main", fakeFS{"/p/x.cjs": "require('./lib')", "/p/lib/package.json": `{"main": "start.js"}`, "/p/lib/start.js": ""}, `node x.cjs`,
			[]string{"script /p/x.cjs", "manifest /p/lib/package.json", "script /p/lib/start.js"}, nil},
		{"a native addon", fakeFS{"/p/x.cjs": "require('./build/a.node')", "/p/build/a.node": "\x7fELF"}, `node x.cjs`,
			[]string{"script /p/x.cjs", "script /p/build/a.node"}, []string{"the native addon ./build/a.node (compiled code) is not followed"}},
		{"createRequire", fakeFS{"/p/x.mjs": "import {createRequire} from 'node:module'\nconst require = createRequire(import.meta.url)\nrequire('./y.cjs')\n", "/p/y.cjs": ""}, `node x.mjs`,
			[]string{"script /p/x.mjs", "script /p/y.cjs"}, nil},
		{"child_process with a literal command", fakeFS{"/p/hooks/x.js": "const {execSync: run} = require('node:child_process'); run('./a.sh && git status')", "/p/a.sh": "./b.sh\n", "/p/b.sh": ""},
			`node hooks/x.js`, []string{"script /p/hooks/x.js", "program /p/a.sh", "program /p/b.sh"}, nil},
		{"child_process fork", fakeFS{"/p/x.js": "require('child_process').fork('./w.js')", "/p/w.js": "require('./dep')", "/p/dep.js": ""}, `node x.js`,
			[]string{"script /p/x.js", "script /p/w.js", "script /p/dep.js"}, nil},
		{"child_process with a computed command", fakeFS{"/p/x.js": "const cp = require('child_process'); cp.execSync(cmd)"}, `node x.js`,
			[]string{"script /p/x.js"}, []string{"child_process.execSync of a computed command in ./x.js"}},
		{"--env-file NODE_OPTIONS", fakeFS{"/p/.env.node": "NODE_OPTIONS=\"--require ./pre.js\"\nFOO=1\n", "/p/pre.js": "", "/p/x.cjs": ""}, `node --env-file=.env.node x.cjs`,
			[]string{"source /p/.env.node", "script /p/pre.js", "script /p/x.cjs"}, nil},
		{"--env-file NODE_PATH", fakeFS{"/p/.env.node": "NODE_PATH=./lib\n", "/p/x.cjs": ""}, `node --env-file .env.node x.cjs`,
			[]string{"source /p/.env.node", "script /p/x.cjs"}, []string{"NODE_PATH in ./.env.node (node --env-file): not followed"}},
		{"Plug'n'Play", fakeFS{"/p/x.js": "require('chalk')", "/p/.pnp.cjs": ""}, `node x.js`,
			[]string{"script /p/x.js"}, []string{"the package chalk (Yarn Plug'n'Play, ./.pnp.cjs) is not followed"}},
		{"tsconfig baseUrl", fakeFS{"/p/x.ts": "import 'lib/a'", "/p/tsconfig.json": `{"compilerOptions": {"baseUrl": "."}}`}, `npx tsx x.ts`,
			[]string{"script /p/x.ts", "manifest /p/tsconfig.json"}, []string{"the import lib/a may be a path alias of ./tsconfig.json"}},
		{"process.chdir", fakeFS{"/p/x.js": "process.chdir('sub'); require('child_process').execSync('./a.sh')"}, `node x.js`,
			[]string{"script /p/x.js", "program /p/a.sh"}, []string{"process.chdir in ./x.js"}},
		{"ESM specifiers are URLs", fakeFS{"/p/x.mjs": "import './y.mjs#frag'\nimport('./%7a.mjs?q=1')\nrequire('./w.cjs#not-a-url')\n", "/p/y.mjs": "", "/p/z.mjs": "", "/p/w.cjs#not-a-url": ""}, `node x.mjs`,
			[]string{"script /p/x.mjs", "script /p/y.mjs", "script /p/z.mjs", "script /p/w.cjs#not-a-url"}, nil},
		{"a data: URL module", fakeFS{"/p/x.mjs": "import 'data:text/javascript,import(\"file:///p/y.mjs\")'\n"}, `node x.mjs`,
			[]string{"script /p/x.mjs"}, []string{"the module URL data:text/javascript"}},
		{"every candidate that exists", fakeFS{"/p/x.cjs": "require('./y'); require('./lib')", "/p/y.mjs": "", "/p/y.node": "", "/p/lib/package.json": `{"main": "gone.js"}`, "/p/lib/index.js": ""}, `node x.cjs`,
			[]string{"script /p/x.cjs", "script /p/y.mjs", "script /p/y.node", "manifest /p/lib/package.json", "script /p/lib/gone.js", "script /p/lib/index.js"},
			[]string{"the native addon ./y.node (compiled code) is not followed"}},
		{"--test", fakeFS{}, `node --test`, nil, []string{"node --test runs the test files it finds"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			a := Analyze(tt.cmd, Options{Dir: "/p", Vars: map[string]string{"HOME": "/home/u"}, Files: tt.fs})
			checkAnalysis(t, reached(a), a, tt.files, tt.unknown)
		})
	}
}
