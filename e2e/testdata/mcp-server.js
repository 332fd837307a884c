// A tiny stdio MCP server for the e2e suite: one harmless tool, "echo",
// that returns its "text" argument. JSON-RPC 2.0, one message a line.
const readline = require('readline');
const rl = readline.createInterface({ input: process.stdin });
const send = (m) => process.stdout.write(JSON.stringify(m) + '\n');
rl.on('line', (line) => {
  let msg;
  try { msg = JSON.parse(line); } catch { return; }
  if (msg.id === undefined) return; // a notification
  const reply = (result) => send({ jsonrpc: '2.0', id: msg.id, result });
  switch (msg.method) {
    case 'initialize':
      return reply({ protocolVersion: msg.params.protocolVersion, capabilities: { tools: {} }, serverInfo: { name: 'e2e', version: '1.0.0' } });
    case 'tools/list':
      return reply({ tools: [{ name: 'echo', description: 'Echo the text back', inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] } }] });
    case 'tools/call':
      return reply({ content: [{ type: 'text', text: 'echo: ' + String((msg.params.arguments || {}).text) }] });
    case 'ping':
      return reply({});
    default:
      return send({ jsonrpc: '2.0', id: msg.id, error: { code: -32601, message: 'no method ' + msg.method } });
  }
});
