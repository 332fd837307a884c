// run-oracle.mjs: reads {event, input, hooks:[HookConfig], sequential} as JSON on stdin, runs the
// hooks with Gemini CLI 0.61.0's real HookRunner (core dist) and aggregates with its real
// HookAggregator; prints {results:[...], aggregate:{success, finalOutput}} as JSON.
// The Config is a stub with what HookRunner reads: isTrustedFolder, sanitizationConfig, storage.
import { HookRunner } from '@google/gemini-cli-core/dist/src/hooks/hookRunner.js';
import { HookAggregator } from '@google/gemini-cli-core/dist/src/hooks/hookAggregator.js';

const chunks = [];
for await (const c of process.stdin) chunks.push(c);
const req = JSON.parse(Buffer.concat(chunks).toString('utf8'));
const config = {
  isTrustedFolder: () => true,
  sanitizationConfig: { enableEnvironmentVariableRedaction: false, allowedEnvironmentVariables: [], blockedEnvironmentVariables: [] },
  storage: { getPlansDir: () => req.plansDir || '/tmp/plans' },
};
const runner = new HookRunner(config);
const hooks = req.hooks.map((h) => ({ ...h, source: 'user' }));
// executeHooks (hookEventHandler.ts) catches anything the runner or the aggregator throws and
// reports {success:false, allOutputs:[], errors:[error]}.
let results = null, agg;
try {
  results = req.sequential
    ? await runner.executeHooksSequential(hooks, req.event, req.input)
    : await runner.executeHooksParallel(hooks, req.event, req.input);
  agg = new HookAggregator().aggregateResults(results, req.event);
} catch (e) {
  agg = { success: false, finalOutput: undefined, errors: [e] };
}
const plain = (v) => (v === undefined ? null : JSON.parse(JSON.stringify(v)));
process.stdout.write(JSON.stringify({
  results: results && results.map((r) => ({
    success: r.success, exitCode: r.exitCode ?? null, output: plain(r.output),
    stdout: r.stdout ?? null, stderr: r.stderr ?? null, error: r.error ? String(r.error.message) : null,
  })),
  aggregate: { success: agg.success, finalOutput: plain(agg.finalOutput), errors: agg.errors.map((e) => String(e.message)) },
}) + '\n');
