package shellcmd

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

func loadsOf(f *jsFacts) []string {
	var out []string
	for _, l := range f.Loads {
		out = append(out, l.Kind+" "+l.Spec)
	}
	return out
}

// TestScanJS: every loading form of Node with a literal specifier is a
// load; every other way to reach the loader or run code is opaque, also
// under an alias.
func TestScanJS(t *testing.T) {
	tests := []struct {
		name   string
		src    string
		loads  []string
		opaque []string
	}{
		{"forms", "#!/usr/bin/env node\nconst a = require('./a')\nimport b from \"./b.mjs\"\nimport './side'\nexport * from './c'\nexport {x} from './d'\nawait import('./e')\nrequire.resolve(`./f`)\n",
			[]string{"require ./a", "import ./b.mjs", "import ./side", "export ./c", "export ./d", "import() ./e", "require.resolve ./f"}, nil},
		{"any whitespace and comments", "const a = require /* x */ (\n  './a'\n);\nif (x) { for (;;) { require('./b') } }", []string{"require ./a", "require ./b"}, nil},
		{"a local require is not Node's", "function f(require) { require(name) }\n", nil, nil},
		{"module.require", "module.require('./x')", nil, []string{"module.require"}},
		{"module aliased", "const m = module; m.require('./x')", nil, []string{"module used as a value"}},
		{"module.exports is fine", "module.exports = {}; if (require.main === module) {}", nil, nil},
		{"require.main.require", "require.main.require('./x')", nil, []string{"require.main"}},
		{"require.cache", "require.cache[k].require('./x')", nil, []string{"require.cache"}},
		{"require.main compared or named", "if (require.main === module) { console.log(require.main.filename) }", nil, nil},
		{"concatenated", "require('./a' + b)", nil, []string{"require of a computed name"}},
		{"concatenated literals", "require('./a' + '.js')", nil, []string{"require of a computed name"}},
		{"template with ${}", "import(`./x/${n}.js`)", nil, []string{"import() of a computed name"}},
		{"escaped", `require('./\x65vil')`, nil, []string{"require of an escaped string"}},
		{"escaped import", `import x from './\u0065vil'`, nil, []string{"import of an escaped string"}},
		{"require aliased", "const r = require; r('./x')", nil, []string{"require used as a value"}},
		{"require destructured", "const {resolve} = require", nil, []string{"require used as a value"}},
		{"require in an object", "f({require})", nil, []string{"require used as a value"}},
		{"typeof require", "if (typeof require !== 'undefined') {}", nil, nil},
		{"createRequire", "import {createRequire} from 'node:module'\nconst req = createRequire(import.meta.url)\nreq('./x')\nreq.resolve('./y')\n",
			[]string{"import node:module", "require ./x", "require.resolve ./y"}, nil},
		{"createRequire called at once", "const {createRequire} = require('module'); createRequire(__filename)('./x')", []string{"require module", "require ./x"}, nil},
		{"createRequire of another path", "import {createRequire} from 'module'\ncreateRequire('/elsewhere/x.js')('./y')", []string{"import module"}, []string{"createRequire of another file than this one"}},
		{"createRequire aliased", "import {createRequire as cr} from 'module'\nconst r = cr(import.meta.url); const q = r; q('./z')", []string{"import module"}, []string{"require used as a value"}},
		{"Module._load", "const Module = require('module'); Module._load('./x')", []string{"require module"}, []string{"module._load"}},
		{"Module._resolveFilename", "import {_resolveFilename} from 'module'", []string{"import module"}, []string{"module._resolveFilename"}},
		{"module whole", "import M from 'node:module'", []string{"import node:module"}, []string{"the module builtin imported whole"}},
		{"process.binding", "process.binding('fs')", nil, []string{"process.binding"}},
		{"process.mainModule", "process.mainModule.require('./x')", nil, []string{"process.mainModule"}},
		{"process aliased", "const p = process; p.dlopen(m, './x.node')", nil, []string{"process used as a value"}},
		{"process destructured", "const {dlopen} = process", nil, []string{"process.dlopen"}},
		{"process env is fine", "const {env, argv} = process; process.exit(process.env.X ? 1 : 0)", nil, nil},
		// A child process starts with process.env: writing it (BASH_ENV,
		// NODE_OPTIONS) or loading a file into it changes what runs.
		{"process.env read", "const {A, B} = process.env; const d = process.env.GEMINI_PROJECT_DIR || '.'; f({...process.env, X: 1}); if ('X' in process.env) {}", nil, nil},
		{"process.env written", "process.env.BASH_ENV = './evil.sh'", nil, []string{"process.env written"}},
		{"process.env index written", "process.env['NODE_OPTIONS'] += ' -r ./x'", nil, []string{"process.env written"}},
		{"process.env deleted", "delete process.env.PATH", nil, []string{"process.env written"}},
		{"process.env assigned", "Object.assign(process.env, {BASH_ENV: 'x'})", nil, []string{"process.env written"}},
		{"process.env aliased", "const e = process.env; e.BASH_ENV = 'x'", nil, []string{"process.env written"}},
		{"process env destructured and written", "const {env} = process; env.BASH_ENV = 'x'", nil, []string{"process.env written"}},
		{"process env destructured and read", "const {env} = process; console.log(env.HOME)", nil, nil},
		{"process.loadEnvFile", "process.loadEnvFile('cfg.env')", nil, []string{"process.loadEnvFile"}},
		{"node:test and node:sqlite", "const {run} = require('node:test'); import {DatabaseSync} from 'node:sqlite'", []string{"require node:test", "import node:sqlite"}, []string{"test", "sqlite"}},
		{"getBuiltinModule", "process.getBuiltinModule('child_process')", nil, []string{"process.getBuiltinModule"}},
		{"vm", "const vm = require('vm'); vm.runInThisContext(code)", []string{"require vm"}, []string{"vm (what it runs is not followed)"}},
		{"vm under an alias", "import * as v from 'node:vm'", []string{"import node:vm"}, []string{"vm (what it runs is not followed)"}},
		{"eval", "eval('require(\"./x\")')", nil, []string{"eval"}},
		{"indirect eval", "(0, eval)(s); globalThis['eval'](s)", nil, []string{"eval", "globalThis.eval"}},
		{"new Function", "new Function('return 1')()", nil, []string{"the Function constructor"}},
		{"constructor", "''.constructor.constructor('return process')().mainModule.require('./x')", nil, []string{".constructor (it reaches the Function constructor)"}},
		{"constructor name is fine", "if (x.constructor.name === 'A' || y.constructor === Object) {}", nil, nil},
		{"constructor by index", "f['constructor']('x')", nil, []string{"a ['constructor']"}},
		{"child_process computed", "const {exec: run} = require('child_process'); run(cmd)", []string{"require child_process"}, []string{"child_process.exec of a computed command"}},
		{"child_process aliased", "const cp = require('child_process'); const c = cp; c.execSync('./x')", []string{"require child_process"}, []string{"child_process used as a value"}},
		{"child_process passed", "import {spawn} from 'child_process'\nf(spawn)", []string{"import child_process"}, []string{"child_process used as a value"}},
		{"child_process env", "require('child_process').execSync('./x', {env: {...process.env, NODE_OPTIONS: '-r ./p'}})", nil, []string{"child_process.execSync with the option env"}},
		{"child_process whole", "f(require('child_process'))", []string{"require child_process"}, []string{"child_process used as a value"}},
		{"top-level arguments", "arguments[1]('./x')", nil, []string{"arguments at the top level"}},
		{"arguments in a function", "function f() { return arguments[0] }", nil, nil},
		{"with", "with (o) { require('./x') }", []string{"require ./x"}, []string{"a with statement"}},
		{"Bun.spawn", "Bun.spawn(['./x'])", nil, []string{"Bun.spawn"}},
		{"import.meta.require", "import.meta.require('./x')", nil, []string{"import.meta.require"}},
		{"worker", "new Worker('./w.js')", nil, []string{"Worker"}},
		{"import attributes", "import pkg from './package.json' with { type: 'json' };\nexport {default as d} from \"./d.json\" assert {type: \"json\"}\nimport('./e.json', {with: {type: 'json'}})\n",
			[]string{"import ./package.json", "export ./d.json", "import() ./e.json"}, nil},
		{"import attributes inside a template", "const t = `\nimport x from './a' with {type: 'json'}\n`; require(`\nimport y from './b' with {t: 'x'}\n`)",
			[]string{"require \nimport y from './b'              \n"}, []string{"import attributes inside a multi-line string"}},
		{"modern syntax", "class A { #p = 1; static { } m() { return this.#p ?? a?.b?.() } }\nconst {x, ...rest} = o; label: for await (const y of z) {}\n", nil, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			f, err := scanJS([]byte(tt.src))
			if err != nil {
				t.Fatalf("scanJS: %v", err)
			}
			if diff := cmp.Diff(tt.loads, loadsOf(f), cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("loads (-want +got):\n%s", diff)
			}
			if len(f.Opaque) != len(tt.opaque) {
				t.Fatalf("opaque = %q, want %q", f.Opaque, tt.opaque)
			}
			for i, o := range tt.opaque {
				if !strings.Contains(f.Opaque[i], o) {
					t.Errorf("opaque[%d] = %q, want %q", i, f.Opaque[i], o)
				}
			}
		})
	}
}

func TestScanJSError(t *testing.T) {
	_, err := scanJS([]byte("const a = 1\nconst b = ;\n"))
	pe, ok := err.(*jsParseError)
	if !ok || pe.Line != 2 {
		t.Fatalf("err = %v, want a parse error at line 2", err)
	}
}

// TestScanJSRuns: child_process with literal arguments is a process to
// follow, under any alias.
func TestScanJSRuns(t *testing.T) {
	t.Parallel()
	tests := []struct {
		src  string
		runs []string
	}{
		{"const {execSync} = require('node:child_process'); execSync('./hooks/a.sh --x', {encoding: 'utf8'})", []string{"sh ./hooks/a.sh --x"}},
		{"import * as cp from 'child_process'\ncp.spawnSync('git', ['status'], {stdio: 'inherit'})", []string{"argv git status"}},
		{"import {execFile as ef} from 'child_process'\nef('./tool', ['a'], (err) => {})", []string{"argv ./tool a"}},
		{"const cp = require('child_process'); cp.fork('./worker.js', ['x'])", []string{"argv node ./worker.js x"}},
		{"require('child_process').spawn('./a.sh', [], {shell: true, cwd: 'sub'})", []string{"sh ./a.sh (in sub)"}},
		{"const {spawnSync} = require('child_process'); spawnSync(process.execPath, ['./x.js'])", []string{"argv node ./x.js"}},
	}
	for _, tt := range tests {
		t.Run(tt.src, func(t *testing.T) {
			t.Parallel()
			f, err := scanJS([]byte(tt.src))
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, r := range f.Runs {
				s := "argv " + strings.Join(r.Argv, " ")
				if r.Shell != "" {
					s = "sh " + r.Shell
				}
				if r.Dir != "" {
					s += " (in " + r.Dir + ")"
				}
				got = append(got, s)
			}
			if diff := cmp.Diff(tt.runs, got); diff != "" || len(f.Opaque) > 0 {
				t.Errorf("runs (-want +got):\n%s\nopaque %q", diff, f.Opaque)
			}
		})
	}
}

// BenchmarkScanJS: a 200 KiB CommonJS file of requires, functions,
// classes and child_process calls.
func BenchmarkScanJS(b *testing.B) {
	unit := "{\nconst a = require('./lib/a'), {execSync} = require('child_process')\n" +
		"class Store { #items = new Map(); get(k) { return this.#items.get(k) ?? null } }\n" +
		"async function main(argv) {\n  for (const x of argv) { if (x?.startsWith('--')) console.log(`flag ${x}`) }\n" +
		"  const out = execSync('git status --porcelain', {encoding: 'utf8'})\n  return out.split('\\n').filter(Boolean).map(l => l.slice(3))\n}\n" +
		"module.exports = {main, Store}\n}\n"
	src := []byte(strings.Repeat(unit, 200<<10/len(unit)))
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		if _, err := scanJS(src); err != nil {
			b.Fatal(err)
		}
	}
}
