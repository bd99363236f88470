// `cardfit estimate`: the JSON contract of docs/cli.md (other tools depend on it), errors as
// {"ok": false, ...} with a non-zero exit, number suffixes, --explain and --lang.
// Run by CTest with CARDFIT_CLI=<path to the cardfit binary>.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const CLI = process.env.CARDFIT_CLI;

function run(args) {
  const r = spawnSync(CLI, args, { encoding: 'utf8' });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

function json(args) {
  const r = run([...args, '--json']);
  let body;
  assert.doesNotThrow(() => { body = JSON.parse(r.out); }, `not JSON: ${r.out}\n${r.err}`);
  return { code: r.code, body };
}

const isInt = (v) => Number.isInteger(v);
const isNum = (v) => typeof v === 'number' && Number.isFinite(v);

test('estimate --json has the contract keys and types', { skip: !CLI }, () => {
  const { code, body } = json(['estimate', '--model', 'qwen2.5-7b', '--precision', 'bf16', '--task', 'inference']);
  assert.equal(code, 0);
  assert.equal(body.ok, true);
  assert.ok(isInt(body.params.total) && isInt(body.params.active));
  assert.equal(body.params.total, 7615616512);
  assert.equal(body.kv_cache_bytes_per_token, 57344);  // 2 x 28 layers x 4 KV heads x 128 x 2 B
  for (const k of ['weights', 'kv_cache', 'activations', 'gradients', 'optimizer', 'adapters', 'overhead', 'total']) {
    assert.ok(isInt(body.memory_bytes[k]), `memory_bytes.${k}`);
  }
  const m = body.memory_bytes;
  assert.equal(m.total, m.weights + m.kv_cache + m.activations + m.gradients + m.optimizer + m.adapters + m.overhead);
  assert.ok(body.gpus.length >= 20);
  for (const g of body.gpus) {
    assert.equal(typeof g.gpu, 'string');
    assert.ok(isInt(g.cards) && g.cards >= 0);
    assert.ok(['comfortable', 'tight', 'no'].includes(g.fit));
    for (const k of ['per_card_bytes', 'card_memory_bytes', 'max_context', 'max_concurrency']) assert.ok(isInt(g[k]), `${g.gpu}.${k}`);
    for (const k of ['decode_tokens_per_s', 'aggregate_tokens_per_s', 'prefill_tokens_per_s', 'ttft_ms']) assert.ok(isNum(g[k]), `${g.gpu}.${k}`);
    assert.equal(g.train_hours, null);
    assert.equal(g.gpu_hours, null);
    assert.ok(Array.isArray(g.warnings) && g.warnings.every((w) => typeof w === 'string'));
  }
  assert.ok(body.explain.length > 5);
  for (const x of body.explain) {
    for (const k of ['quantity', 'formula', 'substituted', 'source']) assert.equal(typeof x[k], 'string', k);
  }
});

test('training: train_hours and gpu_hours are numbers with --tokens', { skip: !CLI }, () => {
  const { code, body } = json(['estimate', '--model', 'llama-2-7b', '--task', 'lora', '--tokens', '1e9', '--gpu', 'a100-80g']);
  assert.equal(code, 0);
  assert.equal(body.gpus.length, 1);
  const g = body.gpus[0];
  assert.ok(isNum(g.train_hours) && g.train_hours > 0);
  assert.ok(Math.abs(g.gpu_hours - g.train_hours * g.cards) < 1e-6 * g.gpu_hours);
  assert.ok(body.memory_bytes.adapters > 0);
  assert.equal(body.memory_bytes.kv_cache, 0);
});

test('bad input: {"ok": false, "errors": [...]} and a non-zero exit', { skip: !CLI }, () => {
  const cases = [
    [['estimate', '--model', 'no-such-model'], 'model'],
    [['estimate', '--context', '8q'], 'context'],
    [['estimate', '--context', '0'], 'context'],
    [['estimate', '--context', '200M'], 'context'],
    [['estimate', '--task', 'dance'], 'task'],
    [['estimate', '--task', 'qlora', '--precision', 'fp8'], 'precision'],
    [['estimate', '--task', 'lora', '--lora-rank', '0'], 'lora_rank'],
    [['estimate', '--gpu', 'rtx-9090'], 'gpu'],
    [['estimate', '--zero', '7'], 'zero_stage'],
    [['estimate', '--headroom', 'lots'], 'headroom'],
    [['estimate', '--context'], 'context'],            // flag without a value
    [['estimate', '--no-such-flag', '1'], '--no-such-flag'],
    [['estimate', '--model', 'qwen2.5-7b', '--params', '7B'], 'model'],
    [['estimate', '--config', '/no/such/config.json'], 'config'],
  ];
  for (const [args, field] of cases) {
    const { code, body } = json(args);
    assert.notEqual(code, 0, args.join(' '));
    assert.equal(body.ok, false, args.join(' '));
    assert.ok(body.errors.some((e) => e.field === field && typeof e.message === 'string'), `${args.join(' ')}: ${JSON.stringify(body.errors)}`);
  }
  const { body } = json(['estimate', '--context', '8q']);
  assert.equal(body.errors[0].message, "context: '8q' is not a number; use e.g. 8192, 8k or 8e3");
  // Without --json: plain text on standard error, nothing on standard output, exit 1.
  const plain = run(['estimate', '--model', 'no-such-model']);
  assert.equal(plain.code, 1);
  assert.equal(plain.out, '');
  assert.match(plain.err, /^error: model: unknown model/m);
});

test('number suffixes: 8k = 8192 tokens, 7B = 7e9 parameters, 20% = 0.2', { skip: !CLI }, () => {
  const a = json(['estimate', '--model', 'llama-3-8b', '--context', '8k', '--gpu', 'h100-sxm']).body;
  const b = json(['estimate', '--model', 'llama-3-8b', '--context', '8192', '--gpu', 'h100-sxm']).body;
  assert.equal(a.memory_bytes.kv_cache, 8192 * 131072);
  assert.deepEqual(a.memory_bytes, b.memory_bytes);
  const p = json(['estimate', '--params', '7B', '--gpu', 'h100-sxm']).body;
  const q = json(['estimate', '--params', '7e9', '--gpu', 'h100-sxm']).body;
  assert.equal(p.params.total, q.params.total);
  assert.ok(Math.abs(p.params.total - 7e9) / 7e9 < 0.02);
  const h1 = json(['estimate', '--headroom', '20%', '--gpu', 'a10']).body;
  const h2 = json(['estimate', '--headroom', '0.2', '--gpu', 'a10']).body;
  assert.deepEqual(h1.gpus, h2.gpus);
  const t = json(['estimate', '--model', 'qwen2.5-0.5b', '--task', 'full', '--tokens', '1.5M', '--gpu', 'rtx-4090']).body;
  assert.ok(t.train_flops > 0);
});

test('--config imports a Hugging Face config.json', { skip: !CLI }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'cardfit-'));
  const path = join(dir, 'config.json');
  writeFileSync(path, JSON.stringify({
    model_type: 'llama', hidden_size: 4096, intermediate_size: 14336, num_hidden_layers: 32,
    num_attention_heads: 32, num_key_value_heads: 8, vocab_size: 128256, max_position_embeddings: 8192,
    tie_word_embeddings: false, head_dim: 128,
  }));
  const { code, body } = json(['estimate', '--config', path, '--gpu', 'rtx-4090']);
  assert.equal(code, 0, JSON.stringify(body));
  assert.equal(body.params.total, 8030261248);  // Llama-3-8B's shapes
  assert.equal(body.kv_cache_bytes_per_token, 131072);
});

test('readable table and --explain in both languages', { skip: !CLI }, () => {
  const en = run(['estimate', '--model', 'llama-3-8b', '--gpu', 'rtx-4090', '--explain']);
  assert.equal(en.code, 0, en.err);
  assert.match(en.out, /rtx-4090/);
  assert.match(en.out, /Formulas and sources/);
  assert.match(en.out, /2 × 32 × 8 × 128 × 2 B = 131,072 B/);
  assert.match(en.out, /PagedAttention \(UC Berkeley \(W\. Kwon et al\.\), 2023-09\)/);
  const zh = run(['estimate', '--model', 'llama-3-8b', '--gpu', 'rtx-4090', '--explain', '--lang', 'zh']);
  assert.equal(zh.code, 0);
  assert.match(zh.out, /公式/);
  assert.match(zh.out, /每 token KV 缓存/);
  const j = json(['estimate', '--model', 'llama-3-8b', '--gpu', 'rtx-4090', '--lang', 'zh']).body;
  assert.ok(j.explain.some((x) => /[\u4e00-\u9fff]/.test(x.quantity)));
  const plain = run(['estimate', '--model', 'llama-3-8b', '--gpu', 'rtx-4090']);
  assert.doesNotMatch(plain.out, /Formulas and sources/);
});

test('a model that fits nowhere says so instead of a silly number', { skip: !CLI }, () => {
  const { code, body } = json(['estimate', '--model', 'llama-3.1-405b', '--precision', 'fp32', '--gpu', 't4']);
  assert.equal(code, 0);
  const g = body.gpus[0];
  assert.equal(g.fit, 'no');
  assert.equal(g.cards, 0);
  assert.ok(g.warnings.some((w) => /Does not fit on any count up to 64 cards/.test(w)));
});
