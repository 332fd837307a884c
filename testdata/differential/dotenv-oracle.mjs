// Loads each .env of a list with Gemini CLI 0.61.0's real loadEnvironment (cli/config/settings.ts,
// in the bundle chunk that exports it) as a trusted workspace's .gemini/.env, and prints, per
// file, the variables it added to process.env. Usage: node dotenv-oracle.mjs ORACLE_DIR LIST.json
// (LIST: an array of file paths, each a project directory holding .gemini/.env).
import fs from 'node:fs';
import path from 'node:path';
const [oracle, list] = process.argv.slice(2);
const bundle = path.join(oracle, 'node_modules/@google/gemini-cli/bundle');
const chunk = fs.readdirSync(bundle).find((f) => f.startsWith('chunk-') &&
  /^export \{[^}]*\bloadEnvironment\b/m.test(fs.readFileSync(path.join(bundle, f), 'utf8')));
const m = await import(path.join(bundle, chunk));
const out = [];
for (const dir of JSON.parse(fs.readFileSync(list, 'utf8'))) {
  const before = new Set(Object.keys(process.env));
  m.loadEnvironment({}, dir, () => ({ isTrusted: true }));
  const got = {};
  for (const k of Object.keys(process.env)) {
    if (!before.has(k)) { got[k] = process.env[k]; delete process.env[k]; }
  }
  out.push(got);
}
fs.writeSync(1, JSON.stringify(out));
