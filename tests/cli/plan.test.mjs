// `cardfit plan` from the outside: the JSON contract of docs/cli.md ("plan"), the readable
// report, catalog overlays, and errors as {"ok": false, "errors": [{"field", "message"}]} + exit 1.
// Run by CTest: CARDFIT_CLI = the binary, CARDFIT_ROOT = the repository root.
import test from 'node:test';
import assert from 'node:assert/strict';
import { cli, root, fixture, run, json } from './cli_helpers.mjs';

function plan(...args) {
  const r = run('plan', ...args, '--json');
  assert.equal(r.status, 0, r.stdout + r.stderr);
  const j = json(r);
  assert.equal(j.ok, true);
  return j;
}

function checkMoney(m, where) {
  assert.equal(typeof m, 'object', where);
  assert.equal(typeof m.low, 'number', `${where}.low`);
  assert.equal(typeof m.high, 'number', `${where}.high`);
  assert.ok(m.low <= m.high, `${where}: low <= high`);
  assert.ok(['CNY', 'USD'].includes(m.currency), `${where}.currency`);
}

function checkOption(o, where) {
  for (const key of ['gpu', 'platform', 'offer', 'term', 'fit', 'reason']) {
    assert.equal(typeof o[key], 'string', `${where}.${key}`);
  }
  assert.ok(Number.isInteger(o.cards) && o.cards >= 1, `${where}.cards`);
  assert.ok(['hourly', 'weekly', 'monthly', 'yearly'].includes(o.term), `${where}.term`);
  assert.ok(['comfortable', 'tight'].includes(o.fit), `${where}.fit`);
  checkMoney(o.monthly_cost, `${where}.monthly_cost`);
  assert.equal(typeof o.within_budget, 'boolean', `${where}.within_budget`);
  assert.equal(typeof o.decode_tokens_per_s, 'number', `${where}.decode_tokens_per_s`);
  assert.ok(o.job_hours === null || typeof o.job_hours === 'number', `${where}.job_hours`);
  if (o.job_cost !== null) checkMoney(o.job_cost, `${where}.job_cost`);
  if (o.cost_per_million_tokens !== null) checkMoney(o.cost_per_million_tokens, `${where}.cost_per_million_tokens`);
  assert.ok(Array.isArray(o.warnings) && o.warnings.every((w) => typeof w === 'string'), `${where}.warnings`);
  assert.ok(o.reason.length > 0, `${where}.reason`);
}

test('plan --json: the contract keys, the 一万网络 budget guide §8.2 "7B FP16 -> RTX 3090 at 1,750"', () => {
  const j = plan('--model', 'qwen2.5-7b', '--precision', 'fp16', '--budget-tier', '1000-2000',
    '--platform', 'yiwan', '--term', 'monthly');
  assert.ok(Array.isArray(j.options) && j.options.length > 0);
  assert.ok(Array.isArray(j.alternatives));
  j.options.forEach((o, i) => checkOption(o, `options[${i}]`));
  checkOption(j.pick, 'pick');
  assert.equal(j.pick.gpu, 'rtx-3090');
  assert.equal(j.pick.cards, 1);
  assert.equal(j.pick.platform, 'yiwan');
  assert.equal(j.pick.offer, 'yiwan-rtx-3090-card');
  assert.equal(j.pick.term, 'monthly');
  assert.deepEqual(j.pick.monthly_cost, { low: 1750, high: 1750, currency: 'CNY' });
  assert.equal(j.pick.within_budget, true);
  assert.equal(j.pick.fit, 'comfortable');
  assert.equal(j.pick.job_cost, null);
  assert.equal(j.pick.job_hours, null);
  assert.match(j.pick.reason, /RTX 3090/);
  assert.match(j.pick.reason, /1,750 CNY\/month/);
  assert.equal(j.budget.tier, '1000-2000');
  // Sorted by monthly cost; the pick is listed.
  for (let i = 1; i < j.options.length; i++) {
    assert.ok(j.options[i - 1].monthly_cost.high <= j.options[i].monthly_cost.high);
  }
  assert.ok(j.options.some((o) => o.offer === j.pick.offer && o.cards === j.pick.cards));
});

test('plan: only a tight fit within the tier -> it is the pick, warned, with alternatives (the 一万网络 budget guide 70B INT8 at 3,000-6,000)', () => {
  const j = plan('--model', 'llama-2-70b', '--precision', 'int8', '--budget-tier', '3000-6000',
    '--platform', 'yiwan', '--term', 'monthly');
  // The article's 2x A100 40G (5,600 CNY/month) is its pick and the planner's, as a tight fit.
  assert.equal(j.pick.offer, 'yiwan-a100-40g-card');
  assert.equal(j.pick.cards, 2);
  assert.equal(j.pick.fit, 'tight');
  assert.equal(j.pick.monthly_cost.low, 5600);
  assert.ok(j.pick.warning_codes.includes('tight_fit'), j.pick.warning_codes.join());
  assert.ok(j.alternatives.length > 0);
  for (const a of j.alternatives) {
    assert.equal(typeof a.change, 'string');
    checkOption(a.pick, 'alternatives[].pick');
  }
  assert.equal(j.alternatives[0].change, 'weights in INT4 instead of INT8');
});

test('plan: a training job has job_hours and job_cost (the 智星云 A100-vs-4090 guide §3.2 arithmetic)', () => {
  const j = plan('--model', 'llama-2-7b', '--task', 'lora', '--checkpointing', 'full', '--tokens', '200M',
    '--gpu', 'rtx-4090', '--cards', '4', '--platform', 'zhixingyun', '--term', 'hourly');
  assert.equal(j.ranked_by, 'job_cost');
  assert.equal(j.pick.cards, 4);
  assert.equal(typeof j.pick.job_hours, 'number');
  checkMoney(j.pick.job_cost, 'pick.job_cost');
  // 4 cards x 1.5 CNY/h x hours (per-second billing), never 4 x 1.5 x the one-card hours.
  assert.ok(Math.abs(j.pick.job_cost.low - 4 * 1.5 * j.pick.job_hours) < 1e-6);
  assert.equal(j.pick.cost_per_million_tokens, null);
});

test('plan: USD, hours per day, student discount', () => {
  const usd = plan('--model', 'qwen2.5-7b', '--precision', 'fp16', '--platform', 'yiwan', '--term', 'monthly',
    '--currency', 'USD', '--usd-cny', '7');
  assert.deepEqual(usd.pick.monthly_cost, { low: 250, high: 250, currency: 'USD' });
  const student = plan('--model', 'qwen2.5-7b', '--platform', 'zhixingyun', '--term', 'hourly',
    '--hours-per-day', '8', '--student');
  const o = student.options.find((x) => x.offer === 'zhixingyun-rtx-4090-card-s001');
  assert.ok(o);
  assert.ok(Math.abs(o.monthly_cost.low - 1.5 * 8 * 30 * 0.65) < 1e-9); // 234
});

test('plan --lang zh gives the reason in Chinese', () => {
  const j = plan('--model', 'qwen2.5-7b', '--precision', 'fp16', '--budget-tier', '1000-2000',
    '--platform', 'yiwan', '--term', 'monthly', '--lang', 'zh');
  assert.match(j.pick.reason, /一万网络：1,750 元\/月/);
});

test('plan --top limits the list; --catalog overlays change the prices', () => {
  const j = plan('--top', '2');
  assert.ok(j.options.length <= 3); // the pick is always listed
  assert.ok(j.options_total >= j.options.length);
  const cheaper = plan('--model', 'qwen2.5-7b', '--precision', 'fp16', '--platform', 'xingyu', '--term', 'monthly',
    '--catalog', fixture('catalog-good-overlay.json'));
  assert.equal(cheaper.pick.offer, 'fixture-rtx-4090-card');
  assert.equal(cheaper.pick.monthly_cost.low, 980);
});

test('plan without --json prints a readable table', () => {
  const r = run('plan', '--model', 'qwen2.5-7b', '--precision', 'fp16', '--budget-tier', '1000-2000',
    '--platform', 'yiwan', '--term', 'monthly');
  assert.equal(r.status, 0, r.stderr);
  for (const text of ['Pick', 'rtx-3090', 'yiwan-rtx-3090-card', '1,750', 'comfortable', 'CNY/month']) {
    assert.ok(r.stdout.includes(text), text);
  }
});

test('plan errors: {"ok": false, "errors": [{field, message}]} and exit 1', () => {
  const cases = [
    [['--budget-tier', 'nope'], 'budget_tier'],
    [['--budget', 'abc'], 'budget'],
    [['--budget', '3000', '--budget-tier', '1000-2000'], 'budget'],
    [['--currency', 'EUR'], 'currency'],
    [['--usd-cny', '-3'], 'usd_cny'],
    [['--hours-per-day', '30'], 'hours_per_day'],
    [['--term', 'daily'], 'term'],
    [['--platform', 'nowhere'], 'platforms[0]'],
    [['--min-tokens-per-s', 'fast'], 'min_tokens_per_s'],
    [['--top', '0'], 'top'],
    [['--model', 'no-such-model'], 'model'],
    [['--context', '8q'], 'context'],
  ];
  for (const [args, field] of cases) {
    const r = run('plan', ...args, '--json');
    assert.equal(r.status, 1, `${args.join(' ')}: exit 1\n${r.stdout}`);
    const j = json(r);
    assert.equal(j.ok, false);
    assert.ok(Array.isArray(j.errors) && j.errors.length > 0);
    for (const e of j.errors) {
      assert.equal(typeof e.field, 'string');
      assert.equal(typeof e.message, 'string');
    }
    assert.ok(j.errors.some((e) => e.field === field), `${args.join(' ')}: field ${field} in ${JSON.stringify(j.errors)}`);
  }
  const text = run('plan', '--term', 'daily');
  assert.equal(text.status, 1);
  assert.equal(text.stdout, '');
  assert.match(text.stderr, /^error: term: /);
});

test('plan rejects unknown flags and flags without a value as usage errors (exit 2)', () => {
  for (const args of [['--frobnicate'], ['--budget']]) {
    const r = run('plan', ...args, '--json');
    assert.equal(r.status, 2, args.join(' '));
    assert.equal(json(r).ok, false);
  }
});

// Issue 29 item 3: share links version 2. `plan --link` reads the page's and the card's links of
// both versions; a v=1 link means what it meant when it was shared (no model: Qwen2.5-7B), a
// v=2 link without a model today's default; an unknown version is an error naming "v".
test('plan --link: version 1 and version 2 links of one scenario plan the same pick', () => {
  const page = 'https://cardfit.example/app/';
  const v1 = `${page}?v=1&model=qwen2.5-14b&precision=int4&context=8k&budget-tier=2000-3000&platform=autodl,aliyun,tencent-cloud&student=1&lang=en`;
  const v2 = `${page}?v=2&m=qwen2.5-14b&p=int4&c=8k&b=2000-3000&pl=autodl~aliyun~tencent&s=1&lang=en`;
  const flags = ['--model', 'qwen2.5-14b', '--precision', 'int4', '--context', '8k', '--budget-tier', '2000-3000',
                 '--platform', 'autodl,aliyun,tencent-cloud', '--student', '--lang', 'en'];
  const a = plan('--link', v1, '--today', '2026-12-01');
  const b = plan('--link', v2, '--today', '2026-12-01');
  const c = plan(...flags, '--today', '2026-12-01');
  assert.ok(a.pick, 'a pick');
  assert.deepEqual(b.pick, a.pick);
  assert.deepEqual(c.pick, a.pick);
  assert.deepEqual(b.options, a.options);
});

test('plan --link: a link without a model means its version\'s default; an unknown version is refused', () => {
  const modelOf = (j) => JSON.stringify(j).match(/"model":"([^"]+)"/)[1];
  assert.equal(modelOf(plan('--link', 'https://x.example/?v=1&context=8k')), 'qwen2.5-7b');
  assert.equal(modelOf(plan('--link', 'https://x.example/?v=2&c=8k')), 'qwen3.5-27b');
  assert.equal(modelOf(plan('--link', 'https://x.example/?v=1&context=8k', '--model', 'qwen3-32b')), 'qwen3-32b');
  const r = run('plan', '--link', 'https://x.example/?v=7&m=qwen3-32b', '--json');
  assert.equal(r.status, 1);
  const j = json(r);
  assert.equal(j.ok, false);
  assert.ok(j.errors.some((e) => e.field === 'v' && /'7'/.test(e.message)), JSON.stringify(j.errors));
});
