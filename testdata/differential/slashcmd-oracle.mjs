// slashcmd-oracle.mjs: the custom slash commands Gemini CLI 0.61.0 keeps, from its real
// FileCommandLoader and CommandService (the CLI bundle's own classes, found the way the CLI
// imports them), for testdata/differential/slashcmd_vs_oracle.py. Development aid, see README.md.
//
// usage: node slashcmd-oracle.mjs ORACLE_DIR HOME PROJECT TRUSTED(0|1) FOLDER_TRUST(0|1)
// prints: [{name, description, kind}] sorted by name (built-ins left out; none are loaded).
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const [oracleDir, home, project, trusted, folderTrust] = process.argv.slice(2);
process.env.HOME = home;
process.env.GEMINI_CLI_HOME = home;
const bundle = path.join(oracleDir, 'node_modules', '@google', 'gemini-cli', 'bundle');
// bundle/gemini.js imports the entry chunk holding main(); that chunk imports FileCommandLoader
// and CommandService from the chunk the CLI uses.
const launcher = fs.readFileSync(path.join(bundle, 'gemini.js'), 'utf8');
const entry = launcher.match(/const \{ main \} = await import\("\.\/([^"]+\.js)"\)/)[1];
const entryText = fs.readFileSync(path.join(bundle, entry), 'utf8');
let chunk = null;
for (const m of entryText.matchAll(/import \{([^}]*)\} from "\.\/([^"]+\.js)"/g)) {
  const names = m[1].split(',').map((s) => s.trim());
  if (names.includes('FileCommandLoader') && names.includes('CommandService')) chunk = m[2];
}
if (!chunk) throw new Error(`${entry} imports no chunk with FileCommandLoader and CommandService`);
const quiet = () => {};
const log = console.log;
console.log = console.error = console.warn = console.debug = console.info = quiet;
const { FileCommandLoader, CommandService } = await import(pathToFileURL(path.join(bundle, chunk)).href);
const config = {
  getFolderTrust: () => folderTrust === '1',
  isTrustedFolder: () => trusted === '1',
  getProjectRoot: () => project,
  getExtensions: () => [],
};
const svc = await CommandService.create([new FileCommandLoader(config)], new AbortController().signal);
const out = svc.getCommands().map((c) => ({ name: c.name, description: c.description, kind: c.kind }));
out.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
log(JSON.stringify(out));
process.exit(0);
