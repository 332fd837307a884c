package shellcmd

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// ranAfter is the reason for ./out.sh written by how and then run.
func ranAfter(how string) []string {
	return []string{"./out.sh is written by the command itself (" + how + ") and then run: what it runs is not followed"}
}

// TestPythonWrites: each write API of Python's standard library, under
// an alias or two, records the file it writes; a file written and run by
// the hook is not covered, and so is every project file it runs after a
// write to a path gh-hooks cannot compute. Each x.py writes (line 2) and
// then runs out.sh (line 3).
func TestPythonWrites(t *testing.T) {
	t.Parallel()
	somewhere := func(what string) []string {
		return []string{what + " at ./x.py:2: it may write ./x.py or another of the project files the command runs: what it runs is not followed"}
	}
	tests := []struct {
		name, imports, write string
		want                 []string
	}{
		{"open w", "", "open('out.sh', 'w').write(t)", ranAfter("open at ./x.py:2")},
		{"open a keyword", "", "with open(file='out.sh', mode='a') as f: f.write(t)", ranAfter("open at ./x.py:2")},
		{"open x", "", "open('out.sh', 'xb').write(t)", ranAfter("open at ./x.py:2")},
		{"open r+", "", "open('out.sh', 'r+').write(t)", ranAfter("open at ./x.py:2")},
		{"open with a mode not literal", "", "open('out.sh', m).write(t)", ranAfter("open at ./x.py:2")},
		{"open to read", "", "t = open('out.sh').read() + open('out.sh', 'rb').read()", nil},
		{"io.open", "import io", "io.open('out.sh', 'w')", ranAfter("io.open at ./x.py:2")},
		{"codecs.open aliased", "from codecs import open as copen", "copen('out.sh', 'w', 'utf-8')", ranAfter("copen (codecs.open) at ./x.py:2")},
		{"os.open with flags", "import os", "os.open('out.sh', os.O_WRONLY | os.O_CREAT)", ranAfter("os.open at ./x.py:2")},
		{"os.open reading", "import os", "os.open('out.sh', os.O_RDONLY | os.O_CLOEXEC)", nil},
		{"os.open flags not literal", "import os", "os.open('out.sh', flags)", ranAfter("os.open at ./x.py:2")},
		{"Path.write_text", "from pathlib import Path", "Path('out.sh').write_text(t)", ranAfter("a call of an object's write_text at ./x.py:2")},
		{"Path.write_bytes joined", "import pathlib", "(pathlib.Path(__file__).parent / 'out.sh').write_bytes(t)", ranAfter("a call of an object's write_bytes at ./x.py:2")},
		{"Path.open w", "from pathlib import Path as P", "P('out.sh').open('w').write(t)", ranAfter("a call of an object's open at ./x.py:2")},
		{"Path.open to read", "from pathlib import Path", "Path('out.sh').open().read()", nil},
		{"Path.touch", "from pathlib import Path", "Path('out.sh').touch()", ranAfter("a call of an object's touch at ./x.py:2")},
		{"Path.rename", "from pathlib import Path", "Path('tmpl.txt').rename('out.sh')", ranAfter("a call of an object's rename at ./x.py:2")},
		{"Path.replace", "from pathlib import Path", "Path('tmpl.txt').replace(target='out.sh')", ranAfter("a call of an object's replace at ./x.py:2")},
		{"Path.symlink_to", "from pathlib import Path", "Path('out.sh').symlink_to('tmpl.txt')", ranAfter("a call of an object's symlink_to at ./x.py:2")},
		{"Path.hardlink_to", "from pathlib import Path", "Path('out.sh').hardlink_to('tmpl.txt')", ranAfter("a call of an object's hardlink_to at ./x.py:2")},
		{"str.replace and dict.copy write nothing", "", "s = 'a'.replace('a', 'b'); d = {}.copy(); n = s.rename(columns=m)", nil},
		{"shutil.copy", "import shutil", "shutil.copy('tmpl.txt', 'out.sh')", ranAfter("shutil.copy at ./x.py:2")},
		{"shutil.copyfile aliased", "import shutil as sh", "sh.copyfile(src='tmpl.txt', dst='out.sh')", ranAfter("sh.copyfile (shutil.copyfile) at ./x.py:2")},
		{"shutil.move", "from shutil import move", "move('tmpl.txt', 'out.sh')", ranAfter("move (shutil.move) at ./x.py:2")},
		{"os.rename", "import os", "os.rename('tmpl.txt', 'out.sh')", ranAfter("os.rename at ./x.py:2")},
		{"os.replace aliased", "from os import replace as mv", "mv('tmpl.txt', 'out.sh')", ranAfter("mv (os.replace) at ./x.py:2")},
		{"os.symlink", "import os", "os.symlink('tmpl.txt', 'out.sh')", ranAfter("os.symlink at ./x.py:2")},
		{"os.link", "import os", "os.link('tmpl.txt', 'out.sh')", ranAfter("os.link at ./x.py:2")},
		{"urlretrieve", "from urllib.request import urlretrieve", "urlretrieve(u, 'out.sh')", ranAfter("urlretrieve (urllib.request.urlretrieve) at ./x.py:2")},
		{"fileinput in place", "import fileinput", "for l in fileinput.input('out.sh', inplace=True): print(l)", ranAfter("fileinput.input at ./x.py:2")},
		{"a path from a known variable", "import os", "open(os.path.join(os.environ['GEMINI_PROJECT_DIR'], 'out.sh'), 'w')", ranAfter("open at ./x.py:2")},
		// Paths not known: every project file the command runs.
		{"open of a variable", "", "open(p, 'w').write(t)", somewhere("open to a path gh-hooks cannot compute")},
		{"open of an unknown variable", "import os", "open(os.environ['OUT'], 'w')", somewhere("open to a path gh-hooks cannot compute")},
		{"open as a value", "import functools", "w = functools.partial(open, mode='w')", somewhere("open used as a value")},
		{"Path.rename as a value", "from pathlib import Path", "mv = Path('tmpl.txt').rename; mv('out.sh')", somewhere("an object's rename used as a value")},
		{"Path.copy as a value", "from pathlib import Path", "list(map(Path('tmpl.txt').copy, ['out.sh']))", somewhere("an object's copy used as a value")},
		{"a method on an object", "", "self.out.write_text(t)", somewhere("a call of an object's write_text on a path gh-hooks cannot compute")},
		{"shutil.copy to a variable", "import shutil", "shutil.copy('tmpl.txt', dst)", somewhere("shutil.copy to a path gh-hooks cannot compute")},
		{"tarfile extractall", "import tarfile", "tarfile.open('a.tgz').extractall()", somewhere("a call of an object's extractall, which writes the files an archive names")},
		{"zipfile extract", "import zipfile", "zipfile.ZipFile('a.zip').extract('x')", somewhere("a call of an object's extract, which writes the files an archive names")},
		{"unpack_archive", "import shutil", "shutil.unpack_archive('a.zip', 'd')", somewhere("shutil.unpack_archive, which writes the files an archive names")},
		{"tempfile in a folder not known", "import tempfile", "tempfile.mkstemp(dir=d)", somewhere("tempfile.mkstemp in a folder gh-hooks cannot compute")},
		// A path kept in a module constant (bound once in the file) is
		// computed; one bound again anywhere is not known.
		{"a module constant", "from pathlib import Path\nOUT = Path(__file__).parent / 'out.sh'\ndef w():\n    OUT.write_text(t)\nw()", "",
			[]string{"./out.sh is written by the command itself (a call of an object's write_text at ./x.py:4) and then run: what it runs is not followed"}},
		{"a constant of a constant", "import os\nD = os.path.dirname(__file__)\nOUT = os.path.join(D, 'out.sh')", "open(OUT, 'w')",
			ranAfter("open at ./x.py:4")},
		{"a name bound twice", "OUT = 'log.txt'\ndef w(OUT):\n    open(OUT, 'w')", "w('out.sh')",
			[]string{"open to a path gh-hooks cannot compute at ./x.py:3: it may write ./x.py or another of the project files the command runs: what it runs is not followed"}},
		{"a name bound again by for", "OUT = 'log.txt'\nfor OUT in ['out.sh']: pass", "open(OUT, 'w')",
			[]string{"open to a path gh-hooks cannot compute at ./x.py:3: it may write ./x.py or another of the project files the command runs: what it runs is not followed"}},
		{"with_name and with_suffix", "from pathlib import Path", "Path(__file__).with_name('out.txt').with_suffix('.sh').write_text(t)",
			ranAfter("a call of an object's write_text at ./x.py:2")},
		{"a log in a constant", "import os\nLOG = os.path.join(os.path.dirname(__file__), 'hook.log')", "open(LOG, 'a').write(t)", nil},
		// Outside the project: nothing the hook runs.
		{"a log in the home folder", "import os", "open(os.path.expanduser('~/.gemini/hook.log'), 'a').write(t)", nil},
		{"a log by Path.home", "from pathlib import Path", "(Path.home() / 'hook.log').open('a').write(t)", nil},
		{"a temporary file", "import tempfile", "f = tempfile.NamedTemporaryFile('w', delete=False)", nil},
		// A temporary file run by its name: a run of a name not known.
		{"a temporary file run", "import tempfile", "f = tempfile.NamedTemporaryFile('w', suffix='.sh', delete=False); subprocess.run(['sh', f.name])",
			[]string{"subprocess.run with a non-literal argument at ./x.py:2: what it loads or runs is not followed"}},
		{"a temporary file in the project", "import tempfile", "fd, p = tempfile.mkstemp(dir='.')",
			[]string{"files in ./ are written by the command itself (tempfile.mkstemp at ./x.py:2), and it runs ./x.py there: what it runs is not followed"}},
		{"a tree copied, a file run in it", "import shutil", "shutil.copytree('tmpl', 'sub'); subprocess.run(['sh', 'sub/run.sh'])",
			[]string{"files in ./sub/ are written by the command itself (shutil.copytree at ./x.py:2), and it runs ./sub/run.sh there: what it runs is not followed"}},
	}
	for _, tt := range tests {
		src := tt.imports + "\n" + tt.write + "\nsubprocess.run(['sh', 'out.sh'])\nimport subprocess\n"
		a := Analyze(`python3 x.py`, Options{Dir: "/p", Vars: map[string]string{"HOME": "/h", "GEMINI_PROJECT_DIR": "/p"},
			Files: fakeFS{"/p/x.py": src, "/p/out.sh": "echo hi\n", "/p/tmpl.txt": "echo swapped\n"}})
		if diff := cmp.Diff(tt.want, a.Unknown, cmpEmpty); diff != "" {
			t.Errorf("%s: %q: reasons (-want +got):\n%s", tt.name, tt.write, diff)
		}
	}
}

// cmpEmpty counts nil and an empty slice alike.
var cmpEmpty = cmp.Transformer("empty", func(s []string) []string {
	if len(s) == 0 {
		return nil
	}
	return s
})

// TestNodeWrites: fs's write functions, from fs, fs/promises and
// fs.promises, under the names a require, an import or a destructuring
// binds. Each x.js writes (line 2) and then runs out.sh (line 3).
func TestNodeWrites(t *testing.T) {
	t.Parallel()
	somewhere := func(what string) []string {
		return []string{what + " at ./x.js:2: it may write ./x.js or another of the project files the command runs: what it runs is not followed"}
	}
	tests := []struct {
		name, imports, write string
		want                 []string
	}{
		{"writeFileSync", "const fs = require('fs');", "fs.writeFileSync('out.sh', fs.readFileSync('tmpl.txt'));", ranAfter("fs.writeFileSync at ./x.js:2")},
		{"writeFile of node:fs/promises", "const fsp = require('node:fs/promises');", "await fsp.writeFile('out.sh', t);", ranAfter("fs.writeFile at ./x.js:2")},
		{"fs.promises.appendFile", "const fs = require('fs');", "fs.promises.appendFile('out.sh', t);", ranAfter("fs.appendFile at ./x.js:2")},
		{"appendFileSync destructured and renamed", "const {appendFileSync: add} = require('fs');", "add('out.sh', t);", ranAfter("fs.appendFileSync at ./x.js:2")},
		{"copyFileSync imported", "import {copyFileSync} from 'node:fs';", "copyFileSync('tmpl.txt', 'out.sh');", ranAfter("fs.copyFileSync at ./x.js:2")},
		{"cpSync of a default import", "import fs from 'fs';", "fs.cpSync('tmpl.txt', 'out.sh');", ranAfter("fs.cpSync at ./x.js:2")},
		{"renameSync of a namespace import", "import * as fs from 'fs';", "fs.renameSync('tmpl.txt', 'out.sh');", ranAfter("fs.renameSync at ./x.js:2")},
		{"symlinkSync", "const fs = require('fs');", "fs.symlinkSync('tmpl.txt', 'out.sh');", ranAfter("fs.symlinkSync at ./x.js:2")},
		{"linkSync of require('fs')", "", "require('fs').linkSync('tmpl.txt', 'out.sh');", ranAfter("fs.linkSync at ./x.js:2")},
		{"createWriteStream", "const fs = require('fs');", "fs.createWriteStream('out.sh').end(t);", ranAfter("fs.createWriteStream at ./x.js:2")},
		{"openSync w", "const fs = require('fs');", "fs.openSync('out.sh', 'w');", ranAfter("fs.openSync at ./x.js:2")},
		{"open with a flag not literal", "const {promises: p} = require('fs');", "p.open('out.sh', fs.constants.O_WRONLY);", ranAfter("fs.open at ./x.js:2")},
		{"openSync to read", "const fs = require('fs');", "fs.openSync('out.sh'); fs.openSync('out.sh', 'r');", nil},
		{"path.join with __dirname", "const fs = require('fs'), path = require('path');", "fs.writeFileSync(path.join(__dirname, 'sub', '..', 'out.sh'), t);", ranAfter("fs.writeFileSync at ./x.js:2")},
		{"a template with process.cwd()", "import {writeFileSync as w} from 'fs';", "w(`${process.cwd()}/out.sh`, t);", ranAfter("fs.writeFileSync at ./x.js:2")},
		{"an alias of fs", "const fs = require('fs'); const f2 = fs;", "f2.writeFileSync('out.sh', t);", ranAfter("fs.writeFileSync at ./x.js:2")},
		// Paths not known: every project file the command runs.
		{"a path in a variable", "const fs = require('fs');", "fs.writeFileSync(p, t);", somewhere("fs.writeFileSync to a path gh-hooks cannot compute")},
		{"an environment variable", "const fs = require('fs');", "fs.appendFileSync(process.env.OUT, t);", somewhere("fs.appendFileSync to a path gh-hooks cannot compute")},
		{"fs passed as a value", "const fs = require('fs');", "save(fs, 'x');", somewhere("fs used as a value")},
		{"a write function as a value", "const fs = require('fs');", "promisify(fs.writeFile);", somewhere("fs.writeFile used as a value")},
		{"spread arguments", "const fs = require('fs');", "fs.writeFileSync(...args);", somewhere("fs.writeFileSync with spread arguments")},
		{"import() of fs", "", "import('node:fs').then(m => m.writeFileSync('out.sh', t));", somewhere("fs loaded by import()")},
		{"destructured with a rest", "", "const {readFileSync, ...rest} = require('fs');", somewhere("fs destructured with a rest element or a computed key")},
		// A path in a const (never bound again) is computed where used.
		{"a const path", "const fs = require('fs'), path = require('path');\nconst OUT = path.join(__dirname, 'out.sh');", "fs.writeFileSync(OUT, t);", ranAfter("fs.writeFileSync at ./x.js:3")},
		{"a let path", "const fs = require('fs');\nlet out = 'log.txt'; out = 'out.sh';", "fs.writeFileSync(out, t);",
			[]string{"fs.writeFileSync to a path gh-hooks cannot compute at ./x.js:3: it may write ./x.js or another of the project files the command runs: what it runs is not followed"}},
		{"a log in the home folder", "import fs from 'fs'; import os from 'node:os'; import {join} from 'path';\nconst LOG = join(os.homedir(), '.gemini', 'hook.log');", "fs.appendFileSync(LOG, t);", nil},
		{"a log in the home folder by require", "const fs = require('fs');", "fs.appendFileSync(require('os').homedir() + '/hook.log', t);", nil},
		// Outside the project, or only read: nothing the hook runs.
		{"a log outside", "const fs = require('fs');", "fs.appendFileSync('/tmp/hook.log', t); fs.readFileSync('out.sh');", nil},
	}
	for _, tt := range tests {
		src := tt.imports + "\n" + tt.write + "\nrequire('child_process').execFileSync('sh', ['out.sh']);\n"
		if strings.HasPrefix(tt.imports, "import") {
			src = tt.imports + "\n" + tt.write + "\nimport('child_process');\n"
			src = strings.Replace(src, "\nimport('child_process');\n", "\nimport {execFileSync} from 'child_process'; execFileSync('sh', ['out.sh']);\n", 1)
		}
		a := Analyze(`node x.js`, Options{Dir: "/p", Vars: map[string]string{"HOME": "/h"},
			Files: fakeFS{"/p/x.js": src, "/p/out.sh": "echo hi\n", "/p/tmpl.txt": "echo swapped\n"}})
		if diff := cmp.Diff(tt.want, a.Unknown, cmpEmpty); diff != "" {
			t.Errorf("%s: %q: reasons (-want +got):\n%s", tt.name, tt.write, diff)
		}
	}
}

// TestWrittenThenRun: the two forms of issue 30 found after the shell's
// (a hook's script writes a project file from one gh-hooks never hashed,
// then runs it), a write by one command that a later command of the
// same hook runs, and hooks that only write a log and run git, which
// stay covered as their shell forms do.
func TestWrittenThenRun(t *testing.T) {
	t.Parallel()
	fs := fakeFS{
		"/p/.gemini/hooks/gen.py": "import subprocess\nwith open(\"out.sh\", \"w\") as f: f.write(open(\"tmpl.txt\").read())\nsubprocess.run([\"sh\", \"out.sh\"])\n",
		"/p/.gemini/hooks/gen.js": "const fs = require('fs'), cp = require('child_process');\nfs.writeFileSync('out2.sh', fs.readFileSync('tmpl.txt'));\ncp.execFileSync('sh', ['out2.sh']);\n",
		"/p/.gemini/hooks/w.py":   "open('out.sh', 'w').write(open('tmpl.txt').read())\n",
		"/p/.gemini/hooks/log.py": "import subprocess, os\nwith open(os.path.join(os.path.dirname(__file__), 'hook.log'), 'a') as f: f.write('x')\nsubprocess.run(['git', 'status'])\n",
		"/p/.gemini/hooks/log.js": "const fs = require('fs'), path = require('path');\nfs.appendFileSync(path.join(__dirname, 'hook.log'), 'x');\nrequire('child_process').execSync('git status');\n",
		"/p/out.sh":               "echo hi\n",
		"/p/tmpl.txt":             "echo swapped\n",
	}
	tests := []struct {
		cmd  string
		want []string
	}{
		{"python3 .gemini/hooks/gen.py", ranAfter("open at ./.gemini/hooks/gen.py:2")},
		{"node .gemini/hooks/gen.js", []string{"./out2.sh is written by the command itself (fs.writeFileSync at ./.gemini/hooks/gen.js:2) and then run: what it runs is not followed"}},
		{"python3 .gemini/hooks/w.py && sh out.sh", ranAfter("open at ./.gemini/hooks/w.py:1")},
		{"python3 .gemini/hooks/log.py", nil},
		{"node .gemini/hooks/log.js", nil},
		{`echo x >> .gemini/hooks/hook.log; git status`, nil},
		// The shell's writes to a file not known, as Python's.
		{`cat tmpl.txt > "$OUT"; sh out.sh`, []string{"a redirection to a file named by $OUT: it may write ./out.sh, which the command runs: what it runs is not followed"}},
		{`cp tmpl.txt "$(cat dest.txt)"; ./out.sh`, []string{"cp to a file named by the content of dest.txt: it may write ./out.sh, which the command runs: what it runs is not followed"}},
		{`echo x >> "$LOG"; git status`, nil},
	}
	for _, tt := range tests {
		a := Analyze(tt.cmd, Options{Dir: "/p", Vars: map[string]string{"HOME": "/h"}, Files: fs})
		if diff := cmp.Diff(tt.want, a.Unknown, cmpEmpty); diff != "" {
			t.Errorf("%s: reasons (-want +got):\n%s", tt.cmd, diff)
		}
	}
}
