// The Embind API under node: every call returns a plain {ok, value, errors} object, with the
// same JSON as `cardfit estimate --json` / `cardfit plan --json`.
import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { loadCardfit } from './load_module.mjs';

const m = await loadCardfit();

test('version and frame counter exist', () => {
  assert.match(m.version(), /^\d+\.\d+\.\d+$/);
  assert.equal(m.frameCount(), 0);  // no UI under node
});

test('under node no glyph is drawn (web/glyphs_pre.js draws early only in a browser with a document)', () => {
  assert.equal(typeof document, 'undefined');
  assert.equal(m.glyphStats, undefined);
  assert.ok(m._glyphEm() > 0);  // what tools/prebake_page.mjs writes into the page
});

test('catalog() returns the bundled catalog as plain data', () => {
  const r = m.catalog();
  assert.equal(r.ok, true, JSON.stringify(r.errors));
  assert.deepEqual(r.errors, []);
  const ids = r.value.gpus.map((g) => g.id);
  assert.ok(ids.includes('rtx-4090'));
  assert.ok(ids.includes('h100-sxm'));
  // Every model of assets/catalog/models.json, none more.
  const bundled = JSON.parse(fs.readFileSync(path.join(process.env.CARDFIT_ROOT, 'assets/catalog/models.json'), 'utf8'));
  assert.deepEqual(r.value.models.map((x) => x.id).sort(), bundled.models.map((x) => x.id).sort());
  // The sources table, cited by id from every entry.
  assert.ok(r.value.sources.length >= 200);
  assert.ok(r.value.sources.some((s) => s.id === 'guide-yiwan-budget-2026'));
});

test('estimate(): weights of a parameter count in a precision (the first slice)', () => {
  // 7e9 parameters in BF16 = 14 GB of weights (the 一万网络 budget guide §3.1: "7B FP16 ~14 GB").
  const r = m.estimate({ params: '7B', precision: 'bf16', gpu: 'rtx-4090' });
  assert.equal(r.ok, true, JSON.stringify(r.errors));
  assert.ok(Math.abs(r.value.memory_bytes.weights / 1e9 - 14) < 0.3, String(r.value.memory_bytes.weights));
  // INT4 (AWQ, 4.25 bits with group scales) keeps embeddings and the output layer in 16-bit.
  const int4 = m.estimate({ params: 7e9, precision: 'int4' });
  assert.ok(int4.value.memory_bytes.weights < r.value.memory_bytes.weights / 2.5);
});

test('estimate(): the CLI JSON contract, from an object or a query string', () => {
  const a = m.estimate({ model: 'llama-3-8b', context: '8k', concurrency: 4, gpu: 'a100-80g' });
  const b = m.estimate('model=llama-3-8b&context=8192&concurrency=4&gpu=a100-80g');
  assert.equal(a.ok, true, JSON.stringify(a.errors));
  assert.deepEqual(a.value.memory_bytes, b.value.memory_bytes);
  assert.equal(a.value.kv_cache_bytes_per_token, 131072);  // 2 x 32 layers x 8 kv heads x 128 x 2 bytes
  for (const key of ['params', 'memory_bytes', 'gpus', 'explain']) assert.ok(key in a.value, key);
  const g = a.value.gpus[0];
  assert.equal(g.gpu, 'a100-80g');
  for (const key of ['cards', 'fit', 'per_card_bytes', 'decode_tokens_per_s', 'ttft_ms', 'max_context']) {
    assert.ok(key in g, key);
  }
});

test('json: true answers with the JSON text itself, the same answer unparsed', () => {
  for (const [call, input] of [['estimate', { model: 'qwen2.5-7b', explain: true }], ['plan', { 'budget-tier': '1000-2000' }],
                               ['capacity', { gpu: 'rtx-4090' }]]) {
    const text = m[call]({ ...input, json: true });
    assert.equal(text.ok, true, JSON.stringify(text.errors));
    assert.equal(typeof text.value, 'string', call);
    assert.ok(!text.value.includes('\n'), `${call}: compact, as \`cardfit ${call} --json\` prints it`);
    assert.deepEqual(JSON.parse(text.value), m[call](input).value, call);
  }
  assert.equal(typeof m.estimate({ json: false }).value, 'object');
  // Errors stay objects in the caller's language.
  const bad = m.estimate({ model: 'no-such-model', json: true, lang: 'zh' });
  assert.equal(bad.ok, false);
  assert.equal(bad.value, null);
  assert.equal(bad.errors[0].field, 'model');
  assert.match(bad.errors[0].message, /[\u4e00-\u9fff]/);
});

test('estimate(): the formulas are written only when asked for (explain: true)', () => {
  const plain = m.estimate({ model: 'qwen2.5-7b' });
  const explained = m.estimate({ model: 'qwen2.5-7b', explain: true });
  assert.equal(plain.ok, true, JSON.stringify(plain.errors));
  assert.deepEqual(plain.value.explain, []);
  assert.ok(explained.value.explain.length > 0);
  assert.ok(explained.value.explain.every((x) => x.formula && x.substituted), 'an explanation without its formula');
  assert.deepEqual(plain.value.memory_bytes, explained.value.memory_bytes);
});

test('openFiles() needs the page: under node it says so and changes nothing', async () => {
  const m = await loadCardfit();
  const before = m.catalog().value.offers.length;
  const r = m.openFiles([{ name: 'vendor.json', text: '{"schema": "cardfit.catalog/1", "offers": []}' }]);
  assert.equal(r.ok, false);
  assert.match(r.errors[0].message, /openFiles needs the page/);
  assert.equal(m.catalog().value.offers.length, before);
});

test('setOverlay(): a vendor overlay changes the answers; a bad one is refused, listed, and changes nothing', async () => {
  const v = await loadCardfit();  // its own instance: the overlay stays in it
  const name = (mod) => mod.catalog().value.gpus.find((g) => g.id === 'rtx-4090').name;
  const bundled = name(v);
  const bad = v.setOverlay({ schema: 'cardfit.catalog/1', gpus: [{ id: 'rtx-4090', replaces: true, source: 'cardfit', memory_mib: -1 }] }, 'vendor.json');
  assert.equal(bad.ok, false);
  assert.equal(bad.errors[0].field, 'overlay');
  assert.match(bad.errors[0].message, /vendor\.json/);
  assert.ok(bad.errors.some((e) => /memory_mib/.test(e.field + e.message)), JSON.stringify(bad.errors));
  assert.equal(name(v), bundled);
  assert.equal(v.setOverlay('{not json', 'x.json').ok, false);
  assert.equal(name(v), bundled);
  const good = v.setOverlay({ schema: 'cardfit.catalog/1', gpus: [{ id: 'rtx-4090', replaces: true, source: 'cardfit', name: 'RTX 4090 (vendor)' }] });
  assert.equal(good.ok, true, JSON.stringify(good.errors));
  assert.equal(name(v), 'RTX 4090 (vendor)');
  assert.equal(v.estimate({ model: 'qwen2.5-7b', gpu: 'rtx-4090' }).value.gpus[0].name, 'RTX 4090 (vendor)');
  assert.equal(name(m), bundled, 'another instance is not affected');
});

test('plan(): a pick with a monthly cost', () => {
  const r = m.plan({ model: 'qwen2.5-7b', precision: 'bf16', 'budget-tier': '1000-2000' });
  assert.equal(r.ok, true, JSON.stringify(r.errors));
  assert.ok(r.value.pick, 'no pick');
  assert.equal(r.value.pick.within_budget, true);
  assert.ok(r.value.pick.monthly_cost.high <= 2000);
});

test('bad input: errors name the field; nothing throws', () => {
  for (const [input, field] of [
    [{ context: '8q' }, 'context'],
    [{ model: 'no-such-model' }, 'model'],
    [{ concurrency: -3 }, 'concurrency'],
    [{ nonsense: 1 }, 'nonsense'],
    [{ context: { a: 1 } }, 'context'],
    [42, 'input'],
  ]) {
    const r = m.estimate(input);
    assert.equal(r.ok, false, JSON.stringify(input));
    assert.equal(r.value, null);
    assert.ok(r.errors.some((e) => e.field === field), `${JSON.stringify(input)} -> ${JSON.stringify(r.errors)}`);
  }
  assert.equal(m.plan({ 'budget-tier': 'no-such-tier' }).ok, false);
});

test('stateQuery(): the canonical link', () => {
  const r = m.stateQuery({ model: 'qwen2.5-14b', precision: 'int4', context: '8k' });
  assert.equal(r.value, 'v=2&m=qwen2.5-14b&p=int4&c=8k');  // links version 2 (core/io/url_state.hpp)
});

test('_linkKeys(): each input\'s version-2 key, the one the link writer uses (index.html\'s HTML view reads them)', () => {
  const keys = m._linkKeys();
  for (const [long, value] of [['model', 'qwen2.5-14b'], ['precision', 'int4'], ['context', '8k'], ['budget-tier', '3000-6000'],
    ['concurrency', '4'], ['engine', 'llama.cpp']]) {
    assert.equal(typeof keys[long], 'string', long);
    const link = new URLSearchParams(m.stateQuery({ [long]: value }).value);
    assert.ok(link.has(keys[long]), `${long}: ${keys[long]} in ${link}`);
  }
  assert.equal(keys.lang, 'lang');  // read by the page's script before the core starts
});

// [SECTION] Hostile input: never a throw, never a dead module (web/api.js reads defensively)

test('hostile inputs are answered {ok: false, errors} and never throw', () => {
  const revoked = Proxy.revocable({}, {});
  revoked.revoke();
  const cyclic = { model: 'qwen2.5-7b' };
  cyclic.self = cyclic;
  const cases = [
    [{ get model() { throw new Error('getter'); } }, 'model'],
    [new Proxy({}, { ownKeys() { throw new Error('trap'); } }), 'input'],
    [new Proxy({ model: 'x' }, { get() { throw new Error('get trap'); } }), 'model'],
    [revoked.proxy, 'input'],
    [cyclic, 'self'],
    [{ context: [{ toString() { throw new Error('toString'); } }] }, 'context'],
    [{ context: new Proxy([1], { get() { throw new Error('array trap'); } }) }, 'context'],
    [{ platform: { length: 1e9 } }, 'platform'],
    [{ model: Symbol('s') }, 'model'],
    [{ model: 10n }, 'model'],
    [{ context: '\ud800' }, 'context'],
    [[1, 2, 3], 'input'],
    [() => 1, 'input'],
    [null, 'input'],
    [Symbol('top'), 'input'],
    [Object.fromEntries(Array.from({ length: 5000 }, (_, i) => ['k' + i, '1'])), 'input'],
  ];
  for (const [input, field] of cases) {
    for (const f of ['estimate', 'plan', 'stateQuery']) {
      let r;
      assert.doesNotThrow(() => { r = m[f](input); }, `${f} threw`);
      assert.equal(r.ok, false, `${f}: ${JSON.stringify(r)}`);
      assert.ok(r.errors.some((e) => e.field === field), `${f} -> ${JSON.stringify(r.errors)}`);
      assert.equal(typeof r.errors[0].message, 'string');
    }
  }
});

test('10 MB strings and thousands of hostile calls leave the module working', () => {
  const huge = 'model=' + 'x'.repeat(10 * 1024 * 1024);
  for (let i = 0; i < 5; i++) assert.equal(m.plan(huge).ok, false);
  assert.equal(m.estimate({ model: 'y'.repeat(10 * 1024 * 1024) }).ok, false);
  const manyPairs = Array.from({ length: 200000 }, (_, i) => `k${i}=1`).join('&');
  const r = m.plan(manyPairs);
  assert.equal(r.ok, false);
  assert.ok(r.errors.length <= 32, 'errors are capped');
  const throwing = { get context() { throw new Error('x'); } };
  for (let i = 0; i < 5000; i++) {
    assert.equal(m.estimate(throwing).ok, false);
    assert.equal(m.plan(i % 2 ? throwing : 42).ok, false);
  }
  const good = m.plan({ model: 'qwen2.5-7b', precision: 'bf16' });
  assert.equal(good.ok, true, JSON.stringify(good.errors));
  assert.ok(good.value.pick);
});

// Issue 32: a request over the 1 MiB limit (a 400 MB string, 50 keys of 10 MB) is refused
// before anything is copied into the module, which stays alive; files over 16 MiB likewise.
test('oversized requests and files are refused by the limit, named, and the module stays alive', () => {
  assert.equal(m.maxRequestBytes, 1024 * 1024);
  assert.equal(m.maxFileBytes, 16 * 1024 * 1024);
  const big = 'x'.repeat(m.maxRequestBytes + 1);
  for (const input of [big, { model: big }, { gpu: ['a', big] }, Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`k${i}`, 'v'.repeat(30000)]))]) {
    const r = m.estimate(input);
    assert.equal(r.ok, false);
    assert.equal(r.errors[0].field, 'input');
    assert.match(r.errors[0].message, /over 1 MB, the limit for a request/);
  }
  assert.match(m.plan({ lang: 'zh', model: big }).errors[0].message, /1 MB 的请求上限/);
  const o = m.setOverlay('{"schema": "cardfit.catalog/1", "comment": "' + 'x'.repeat(m.maxFileBytes) + '"}', 'huge.json');
  assert.equal(o.ok, false);
  assert.match(o.errors.map((e) => e.message).join(' '), /huge\.json is over 16 MB/);
  assert.equal(m.estimate({}).ok, true);
});

test('errors follow the caller\'s lang, even when the rest of the input is unreadable', () => {
  const r = m.plan({ lang: 'zh', get model() { throw new Error('x'); } });
  assert.equal(r.ok, false);
  assert.match(r.errors[0].message, /[\u4e00-\u9fff]/);
});

test('a config.json model travels as its shapes: the link gives the same numbers', () => {
  const link = m.stateQuery({ arch: 'qwen2,l28,h3584,i18944,a28,k4,d128,v152064,c32768,b1' });
  assert.equal(link.ok, true);
  const a = m.plan(link.value);
  const b = m.plan({ model: 'qwen2.5-7b' });
  assert.equal(a.value.memory_bytes, b.value.memory_bytes);
  assert.equal(a.value.pick.offer, b.value.pick.offer);
});

test('capacity(): what a GPU x cards can do agrees with estimate() at the precision it names', () => {
  const r = m.capacity({ gpu: 'rtx-4090', cards: 2 });
  assert.equal(r.ok, true, JSON.stringify(r.errors));
  const k = r.value;
  assert.equal(k.schema, 'cardfit.capacity/1');
  assert.equal(k.gpu, 'rtx-4090');
  assert.equal(k.cards, 2);
  assert.ok(k.models.length > 0);
  assert.deepEqual(k.largest, k.models[0]);
  assert.ok(k.summary.includes(k.largest.name), k.summary);
  const e = m.estimate({ gpu: 'rtx-4090', cards: 2, model: k.largest.model, precision: k.largest.precision });
  assert.equal(e.ok, true, JSON.stringify(e.errors));
  const g = e.value.gpus[0];
  assert.equal(g.per_card_bytes, k.largest.per_card_bytes);
  assert.equal(g.max_context, k.largest.max_context);
  assert.equal(g.max_concurrency, k.largest.max_concurrency);
  assert.equal(g.decode_tokens_per_s, k.largest.decode_tokens_per_s);
  // The same from a query string.
  assert.deepEqual(m.capacity('gpu=rtx-4090&cards=2').value, k);
});

test('capacity(): a bad or missing gpu is an error naming gpu, never a throw', () => {
  for (const input of [{ gpu: 'no-such-gpu' }, {}, { gpu: {} }]) {
    const r = m.capacity(input);
    assert.equal(r.ok, false, JSON.stringify(input));
    assert.equal(r.value, null);
    assert.ok(r.errors.some((e) => e.field === 'gpu'), JSON.stringify(r.errors));
  }
});
