// Issue 31, item 4: rent or pay per token (`plan --compare-api`, core/plan/api_compare.hpp,
// docs/cli.md). Prices come from a fixture overlay (tests/cli/fixtures/api-price.json, a
// made-up row), so a bundled price update does not break these tests; the expected figures are
// the formulas of docs/model.md §8 applied to the plan's own JSON.
import test from 'node:test';
import assert from 'node:assert/strict';
import { run, json, fixture } from './cli_helpers.mjs';

const priced = ['plan', '--model', 'qwen2.5-7b', '--compare-api', '--catalog', fixture('api-price.json'), '--usd-cny', '7'];

test('plan --compare-api --json: the API price at the mix and each option\'s break-even', () => {
  const r = run(...priced, '--api-input-ratio', '1', '--api-cache-hit', '50%', '--json');
  assert.equal(r.status, 0, r.stderr);
  const p = json(r);
  const cmp = p.api_compare;
  assert.equal(cmp.priced, true);
  assert.equal(cmp.input_per_output, 1);
  assert.equal(cmp.cache_hit_share, 0.5);
  assert.equal(cmp.prices.length, 1);
  // (1 x (0.5 x 0.1 + 0.5 x 0.5) + 2.0) / 2 = 1.15 USD per 1M = 8.05 CNY at 7.
  assert.ok(Math.abs(cmp.prices[0].per_mtok - 8.05) < 1e-9, String(cmp.prices[0].per_mtok));
  assert.equal(cmp.prices[0].per_mtok_currency, 'CNY');
  assert.ok(p.options.length > 0);
  for (const o of p.options) {
    assert.equal(o.api_compare.length, 1);
    const b = o.api_compare[0];
    const capacity = o.aggregate_tokens_per_s * 3600 * p.hours_per_day * 2;
    assert.ok(Math.abs(b.capacity_tokens_per_day / capacity - 1) < 1e-9);
    assert.ok(Math.abs(b.break_even_tokens_per_day.low / (o.monthly_cost.low / 30 / 8.05 * 1e6) - 1) < 1e-9);
    assert.equal(b.rent_can_win, b.break_even_tokens_per_day.low <= b.capacity_tokens_per_day);
    assert.equal(o.api_compare_text.length, 1);
  }
  assert.equal(cmp.text.length, 1);
  assert.match(cmp.text[0], /^Fixture API \(2026-01\): 8\.05 CNY per million tokens at 1 input tokens per output token, 50% cache hits; renting this costs /);
});

test('plan --compare-api: the text report, in both languages', () => {
  const en = run(...priced);
  assert.equal(en.status, 0, en.stderr);
  assert.match(en.stdout, /Rent or pay per token/);
  assert.match(en.stdout, /Fixture API \(2026-01\)/);
  const zh = run(...priced, '--lang', 'zh');
  assert.equal(zh.status, 0, zh.stderr);
  assert.match(zh.stdout, /租卡还是按 token 付费/);
});

test('plan --compare-api: a model with no API price says so, and compares with no other model', () => {
  const r = run('plan', '--model', 'llama-2-7b', '--compare-api', '--catalog', fixture('api-price.json'), '--json');
  assert.equal(r.status, 0, r.stderr);
  const p = json(r);
  assert.equal(p.api_compare.priced, false);
  assert.deepEqual(p.api_compare.prices, []);
  for (const o of p.options) assert.deepEqual(o.api_compare, []);
  assert.match(p.api_compare.text[0], /has no public API price in the catalog/);
  const zh = run('plan', '--model', 'llama-2-7b', '--compare-api', '--catalog', fixture('api-price.json'), '--lang', 'zh');
  assert.match(zh.stdout, /没有 .* 的公开 API 价格/);
});

test('plan without --compare-api: no api_compare key', () => {
  const r = run('plan', '--model', 'qwen2.5-7b', '--catalog', fixture('api-price.json'), '--json');
  assert.equal(r.status, 0, r.stderr);
  const p = json(r);
  assert.equal(p.api_compare, undefined);
  assert.equal(p.pick.api_compare, undefined);
});

test('plan --compare-api: a bad mix is refused with the flag named, in both languages', () => {
  for (const lang of ['en', 'zh']) {
    const r = run(...priced, '--api-input-ratio=-1', '--lang', lang, '--json');
    assert.equal(r.status, 1, r.stdout + r.stderr);
    const e = json(r).errors[0];
    assert.equal(e.field, 'api_input_ratio');
    if (lang === 'zh') assert.match(e.message, /[\u4e00-\u9fff]/);
  }
  const hit = run(...priced, '--api-cache-hit', '1.5', '--json');
  assert.equal(hit.status, 1, hit.stdout + hit.stderr);
  assert.equal(json(hit).errors[0].field, 'api_cache_hit');
});
