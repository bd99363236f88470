// `cardfit catalog` and `cardfit import-config` from the outside: exit codes, JSON shapes,
// overlay validation (good, bad, unreadable), and the docs' vendor overlay example.
// Run by CTest: CARDFIT_CLI = the binary, CARDFIT_ROOT = the repository root.
import test from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { root, fixture, run, json } from './cli_helpers.mjs';

test('catalog --json prints the merged catalog in the loader format', () => {
  const r = run('catalog', '--json');
  assert.equal(r.status, 0, r.stderr);
  const c = json(r);
  assert.equal(c.schema, 'cardfit.catalog/1');
  for (const section of ['gpus', 'models', 'weight_precisions', 'kv_precisions', 'engines', 'platforms', 'offers', 'tiers']) {
    assert.ok(Array.isArray(c[section]) && c[section].length > 0, section);
  }
  const a100 = c.gpus.find((g) => g.id === 'a100-40g');
  assert.equal(a100.memory_bandwidth_gb_per_s, 1555); // NVIDIA A100 datasheet, 40GB SXM
  assert.ok(c.models.length >= 39);
  for (const entry of [...c.gpus, ...c.models, ...c.offers]) {
    assert.ok(entry.source && entry.as_of, `${entry.id} has source and as_of`);
  }
});

test('catalog lists everything as text, Chinese names included', () => {
  const r = run('catalog');
  assert.equal(r.status, 0, r.stderr);
  for (const text of ['rtx-4090', 'qwen3-30b-a3b', 'q4_k_m', '智星云', 'yiwan-a100-40g-card', 'lt-1000', 'vllm']) {
    assert.ok(r.stdout.includes(text), text);
  }
});

test('catalog --validate accepts a good overlay', () => {
  const r = run('catalog', '--validate', fixture('catalog-good-overlay.json'));
  assert.equal(r.status, 0, r.stdout + r.stderr);
  assert.match(r.stdout, /^OK: 3 entries/);
  const j = run('catalog', '--validate', fixture('catalog-good-overlay.json'), '--json');
  assert.equal(j.status, 0);
  assert.deepEqual(json(j), { schema: 'cardfit.validate/1', ok: true, entries: 3 });
});

test('catalog --validate accepts the documented vendor overlay example', () => {
  const r = run('catalog', '--validate', 'docs/examples/vendor-overlay.json');
  assert.equal(r.status, 0, r.stdout + r.stderr);
  assert.match(r.stdout, /^OK: \d+ entries/);
});

test('catalog --validate lists every problem of a bad overlay and exits 1', () => {
  const r = run('catalog', '--validate', fixture('catalog-bad-overlay.json'));
  assert.equal(r.status, 1);
  assert.equal(r.stdout, '');  // problems go to standard error
  assert.match(r.stderr, /gpus\[0\]\.memry_mib: unknown field 'memry_mib' \(did you mean 'memory_mib'\?\)/);
  assert.match(r.stderr, /gpus\[1\]\.memory_mib: must be a positive integer.*got -5/);
  assert.match(r.stderr, /offers\[0\]\.gpu: unknown GPU 't5'/);

  const j = run('catalog', '--validate', fixture('catalog-bad-overlay.json'), '--json');
  assert.equal(j.status, 1);
  const out = json(j);
  assert.equal(out.ok, false);
  assert.equal(out.errors.length, 3);
  for (const e of out.errors) {
    assert.equal(typeof e.field, 'string');
    assert.equal(typeof e.message, 'string');
  }
  assert.ok(out.errors.some((e) => e.field.endsWith('catalog-bad-overlay.json: gpus[1].memory_mib')));
});

test('unreadable and malformed files are clear errors, not crashes', () => {
  for (const args of [
    ['catalog', '--validate', 'no/such/file.json'],
    ['catalog', '--validate', fixture('catalog-not-json.txt')],
    ['catalog', '--validate', path.join(root, 'tests')],
    ['catalog', '--catalog', 'no/such/file.json'],
    ['import-config', 'no/such/config.json'],
  ]) {
    const r = run(...args);
    assert.equal(r.status, 1, args.join(' '));
    assert.match(r.stdout + r.stderr, /error: /, args.join(' '));
    const j = run(...args, '--json');
    assert.equal(j.status, 1);
    assert.equal(json(j).ok, false);
  }
});

test('catalog --catalog applies overlays before listing', () => {
  const r = run('catalog', '--json', '--catalog', fixture('catalog-good-overlay.json'),
    '--catalog', 'docs/examples/vendor-overlay.json');
  assert.equal(r.status, 0, r.stdout + r.stderr);
  const c = json(r);
  assert.ok(c.offers.some((o) => o.id === 'fixture-rtx-4090-card'));
  assert.ok(c.platforms.some((p) => p.id === 'acme-gpu'));
  assert.ok(!c.offers.some((o) => o.id === 'market-zhixingyun-speed-h100-sxm-card'));
  const t4 = c.offers.find((o) => o.id === 'yiwan-t4-card');
  assert.equal(t4.prices[0].low, 850);
  // A replaced entry cites the last overlay's own source (issue 32); untouched fields are kept.
  assert.equal(t4.source, 'acme-price-list-2026-11 (competitor prices)');
  assert.equal(t4.gpu, 't4');
  assert.ok(c.sources.some((s) => s.id === 'acme-price-list-2026-11')); // overlays add sources
});

test('import-config prints a catalog model entry that validates as an overlay', () => {
  const r = run('import-config', fixture('catalog-qwen2.5-7b-config.json'), '--id', 'my-qwen', '--json');
  assert.equal(r.status, 0, r.stdout + r.stderr);
  const doc = json(r);
  assert.equal(doc.schema, 'cardfit.catalog/1');
  const m = doc.models[0];
  // Values of Qwen/Qwen2.5-7B-Instruct's config.json.
  assert.equal(m.id, 'my-qwen');
  assert.equal(m.num_layers, 28);
  assert.equal(m.hidden_size, 3584);
  assert.equal(m.num_kv_heads, 4);
  assert.equal(m.head_dim, 128);
  assert.equal(m.qkv_bias, true);
  assert.match(m.as_of, /^\d{4}-\d{2}-\d{2}$/);
  // The model cites the config.json it came from, written next to it and dated the same day.
  assert.equal(m.source, 'config-my-qwen');
  assert.equal(doc.sources[0].id, 'config-my-qwen');
  assert.equal(doc.sources[0].date, m.as_of);

  const dir = mkdtempSync(path.join(tmpdir(), 'cardfit-'));
  try {
    const file = path.join(dir, 'model.json');
    writeFileSync(file, r.stdout);
    const v = run('catalog', '--validate', file);
    assert.equal(v.status, 0, v.stdout);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }

  const text = run('import-config', fixture('catalog-qwen2.5-7b-config.json'));
  assert.equal(text.status, 0);
  assert.match(text.stdout, /layers 28, hidden 3584/);
});

test('import-config names missing keys; --params assumes a shape', () => {
  const r = run('import-config', fixture('catalog-bad-config.json'), '--json');
  assert.equal(r.status, 1);
  const out = json(r);
  assert.equal(out.ok, false);
  assert.ok(out.errors.some((e) => e.field === 'config.json: num_hidden_layers'));

  const p = run('import-config', '--params', '7B', '--json');
  assert.equal(p.status, 0, p.stdout);
  const m = json(p).models[0];
  assert.equal(m.assumed_architecture, true);
  assert.equal(m.num_layers, 30);  // deepseek-llm-7b (7.0 B): the nearest dense full-attention model in models.json

  const bad = run('import-config', '--params', 'seven', '--json');
  assert.equal(bad.status, 1);
});
