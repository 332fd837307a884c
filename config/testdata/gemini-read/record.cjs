// Records what Gemini CLI 0.61.0's settings reader makes of each input of
// inputs.json (spec §1.4: readFileSync as UTF-8, strip-json-comments 3.1.1,
// JSON.parse, and an object root or a fatal error), into expected.json,
// values as JSON.stringify(v, null, 2) writes them.
// TestGeminiRead replays it; CI never runs this script. Usage, with the
// oracle installed (npm ci) in ORACLE:
//
//	node record.cjs ORACLE
const fs = require('fs'), path = require('path');
const strip = require(path.join(process.argv[2], 'node_modules', 'strip-json-comments'));
const inputs = JSON.parse(fs.readFileSync(path.join(__dirname, 'inputs.json'), 'utf8'));
const out = {};
for (const [name, b64] of Object.entries(inputs)) {
  const text = Buffer.from(b64, 'base64').toString('utf8');
  try {
    const v = JSON.parse(strip(text));
    out[name] = (typeof v !== 'object' || v === null || Array.isArray(v))
      ? { ok: false, error: 'not an object' }
      : { ok: true, value: JSON.stringify(v, null, 2) };
  } catch (e) {
    out[name] = { ok: false, error: e.message };
  }
}
fs.writeFileSync(path.join(__dirname, 'expected.json'), JSON.stringify(out, null, 1) + '\n');
