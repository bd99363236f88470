// A scripted MCP client (docs/agents.md): it starts `cardfit mcp` (CARDFIT_CLI) on pipes, sends
// one newline-delimited JSON-RPC message at a time and waits for each reply (with a deadline,
// so a server that hangs fails the test), as an agent's client does over the stdio transport.
// Results are compared with the CLI's own --json output for the same arguments.
import test from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';

const cli = process.env.CARDFIT_CLI;
const root = process.env.CARDFIT_ROOT;
const REPLY_MS = 20000;

class Client {
  constructor(args = [], env = {}) {
    this.proc = spawn(cli, ['mcp', ...args], { cwd: root, env: { ...process.env, LANG: 'C', ...env } });
    this.buffer = '';
    this.lines = [];
    this.waiting = null;
    this.stderr = '';
    this.proc.stdout.setEncoding('utf8');
    this.proc.stdout.on('data', (chunk) => {
      this.buffer += chunk;
      let i;
      while ((i = this.buffer.indexOf('\n')) >= 0) {
        this.lines.push(this.buffer.slice(0, i));
        this.buffer = this.buffer.slice(i + 1);
      }
      this.wake();
    });
    this.proc.stderr.on('data', (chunk) => { this.stderr += chunk; });
    this.exit = new Promise((resolve) => this.proc.on('close', (code, signal) => resolve({ code, signal })));
  }
  wake() {
    if (this.waiting && this.lines.length) {
      const w = this.waiting;
      this.waiting = null;
      clearTimeout(w.timer);
      w.resolve(this.lines.shift());
    }
  }
  next() {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no reply within ${REPLY_MS} ms; stderr: ${this.stderr}`)), REPLY_MS);
      this.waiting = { resolve, timer };
      this.wake();
    });
  }
  async send(raw) {
    this.proc.stdin.write(raw + '\n');
    const line = await this.next();
    try {
      return JSON.parse(line);
    } catch (e) {
      assert.fail(`reply is not one line of JSON: ${e.message}\n${line.slice(0, 300)}`);
    }
  }
  request(id, method, params) {
    return this.send(JSON.stringify({ jsonrpc: '2.0', id, method, ...(params === undefined ? {} : { params }) }));
  }
  notify(method) { this.proc.stdin.write(JSON.stringify({ jsonrpc: '2.0', method }) + '\n'); }
  async call(id, name, args) {
    const r = await this.request(id, 'tools/call', { name, arguments: args });
    assert.equal(r.id, id);
    assert.ok(r.result, JSON.stringify(r));
    assert.equal(r.result.content[0].type, 'text');
    assert.deepEqual(JSON.parse(r.result.content[0].text), r.result.structuredContent);
    return r.result;
  }
  async close() {
    this.proc.stdin.end();
    const timer = setTimeout(() => this.proc.kill('SIGKILL'), REPLY_MS);
    const status = await this.exit;
    clearTimeout(timer);
    return status;
  }
}

function cliJson(...args) {
  const r = spawnSync(cli, args, { cwd: root, encoding: 'utf8', timeout: 30000 });
  return JSON.parse(r.stdout);
}

function errorsOf(result) {
  assert.equal(result.isError, true, JSON.stringify(result).slice(0, 300));
  assert.equal(result.structuredContent.ok, false);
  return result.structuredContent.errors;
}

test('a session: initialize, tools/list, calls good and bad, bad frames, EOF', async () => {
  const c = new Client();
  try {
    const init = await c.request(1, 'initialize', {
      protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'scripted', version: '1' } });
    assert.equal(init.id, 1);
    assert.equal(init.result.protocolVersion, '2025-06-18');
    assert.equal(init.result.serverInfo.name, 'cardfit');
    assert.ok(init.result.capabilities.tools);
    c.notify('notifications/initialized');  // no reply: the next line is the ping's

    const ping = await c.request(2, 'ping');
    assert.deepEqual(ping, { jsonrpc: '2.0', id: 2, result: {} });

    const list = await c.request(3, 'tools/list');
    const tools = Object.fromEntries(list.result.tools.map((t) => [t.name, t]));
    assert.deepEqual(Object.keys(tools).sort(), ['capacity', 'catalog_search', 'estimate', 'plan']);
    for (const t of Object.values(tools)) {
      assert.equal(t.inputSchema.type, 'object');
      assert.ok(t.description.length > 20);
      for (const [key, p] of Object.entries(t.inputSchema.properties)) assert.ok(p.type && p.description, key);
    }
    assert.deepEqual(tools.capacity.inputSchema.required, ['gpu']);
    assert.deepEqual(tools.catalog_search.inputSchema.required, ['query']);
    assert.equal(tools.estimate.inputSchema.properties.context.type, 'integer');
    assert.equal(tools.plan.inputSchema.properties.budget.exclusiveMinimum, 0);
    assert.ok(!('budget' in tools.estimate.inputSchema.properties));
    assert.ok(!('config' in tools.estimate.inputSchema.properties));  // a file path: the CLI's only

    // Good calls: the CLI's JSON, byte for byte the same document.
    const est = await c.call(4, 'estimate', { model: 'qwen2.5-7b', gpu: 'rtx-4090', context: '8k' });
    assert.equal(est.isError, false);
    assert.deepEqual(est.structuredContent,
      cliJson('estimate', '--model', 'qwen2.5-7b', '--gpu', 'rtx-4090', '--context', '8k', '--json'));
    const plan = await c.call(5, 'plan', { model: 'qwen2.5-7b', platform: ['autodl'], today: '2026-12-01' });
    assert.equal(plan.isError, false);
    assert.deepEqual(plan.structuredContent,
      cliJson('plan', '--model', 'qwen2.5-7b', '--platform', 'autodl', '--today', '2026-12-01', '--json'));
    const cap = await c.call(6, 'capacity', { gpu: 'rtx-4090', cards: 2 });
    assert.deepEqual(cap.structuredContent, cliJson('capacity', '--gpu', 'rtx-4090', '--cards', '2', '--json'));
    const found = await c.call(7, 'catalog_search', { query: 'qwen2.5 7b', kind: 'model' });
    assert.ok(found.structuredContent.models.some((m) => m.id === 'qwen2.5-7b'));

    // Bad calls: a tool error naming the field.
    const wrongType = errorsOf(await c.call(8, 'estimate', { model: 'qwen2.5-7b', concurrency: [4] }));
    assert.equal(wrongType[0].field, 'concurrency');
    assert.equal(wrongType[0].code, 'mcp.err.type');
    const unknownModel = errorsOf(await c.call(9, 'estimate', { model: 'qwen2.5-7bb' }));
    assert.equal(unknownModel[0].field, 'model');
    assert.match(unknownModel[0].message, /did you mean 'qwen2\.5-7b'/);
    const absurd = errorsOf(await c.call(10, 'plan', { model: 'qwen2.5-7b', 'hours-per-day': 25 }));
    assert.equal(absurd[0].field, 'hours_per_day');
    assert.equal(absurd[0].code, 'err.input.above');
    const capBad = errorsOf(await c.call(11, 'capacity', { gpu: 'rtx-4090', cards: 1e9 }));
    assert.equal(capBad[0].field, 'cards');
    const searchBad = errorsOf(await c.call(12, 'catalog_search', { query: 'h2000' }));
    assert.equal(searchBad[0].field, 'query');
    const zh = errorsOf(await c.call(13, 'estimate', { context: 0, lang: 'zh' }));
    assert.match(zh[0].message, /^context[\s\S]*[\u4e00-\u9fff]/);

    // Frames that are not requests: answered, and the server keeps serving.
    const broken = await c.send('{"jsonrpc":"2.0","id":14,"method":');
    assert.equal(broken.error.code, -32700);
    assert.equal(broken.id, null);
    const batch = await c.send('[{"jsonrpc":"2.0","id":15,"method":"ping"}]');
    assert.equal(batch.error.code, -32600);
    const unknown = await c.request(16, 'prompts/get', {});
    assert.equal(unknown.error.code, -32601);
    assert.equal(unknown.id, 16);
    const noTool = await c.request(17, 'tools/call', { name: 'rent' });
    assert.equal(noTool.error.code, -32602);
    const still = await c.request(18, 'ping');
    assert.equal(still.id, 18);
  } finally {
    const status = await c.close();
    assert.deepEqual(status, { code: 0, signal: null }, c.stderr);
  }
});

test('the client locale chooses the language when a call gives none; --lang overrides it', async () => {
  for (const [args, env, han] of [[[], { LANG: 'zh_CN.UTF-8' }, true], [['--lang', 'en'], { LANG: 'zh_CN.UTF-8' }, false]]) {
    const c = new Client(args, env);
    try {
      await c.request(1, 'initialize', { protocolVersion: '2099-01-01', capabilities: {} });
      const errors = errorsOf(await c.call(2, 'estimate', { context: -1 }));
      assert.equal(/[\u4e00-\u9fff]/.test(errors[0].message), han, errors[0].message);
    } finally {
      assert.equal((await c.close()).code, 0);
    }
  }
});

test('end of input at once: exit 0, nothing written', () => {
  const r = spawnSync(cli, ['mcp'], { cwd: root, input: '', encoding: 'utf8', timeout: 30000 });
  assert.equal(r.status, 0);
  assert.equal(r.stdout, '');
});
