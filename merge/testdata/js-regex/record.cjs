// Records how Gemini CLI 0.61.0's HookPlanner.matchesToolName answers for
// each matcher of inputs.json against each tool name: `new RegExp(m)` and
// test(), or m === tool when the pattern does not compile. expected.json
// holds, per matcher, one character per tool: 1 match, 0 no match, and
// whether the pattern compiled. TestMatchToolAgainstNode replays it; CI
// never runs this script.
//
//	node record.cjs    (with the Node version Gemini runs on; this was 20)
const fs = require('fs'), path = require('path');
const { tools, matchers } = JSON.parse(fs.readFileSync(path.join(__dirname, 'inputs.json'), 'utf8'));
const out = { node: process.version, results: {} };
for (const m of matchers) {
  let re = null;
  try { re = new RegExp(m); } catch { /* literal comparison */ }
  out.results[m] = {
    compiles: re !== null,
    match: tools.map((t) => ((re ? re.test(t) : m === t) ? '1' : '0')).join(''),
  };
}
fs.writeFileSync(path.join(__dirname, 'expected.json'), JSON.stringify(out, null, 1) + '\n');
