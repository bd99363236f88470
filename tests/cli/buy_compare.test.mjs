// Issue 31, deliver 4: buy a consumer card or rent it (`plan --compare-api`, core/plan/buy_compare.hpp,
// docs/cli.md "Buy or rent"). The expected figures are the formulas applied to the plan's own JSON
// and the bundled card's street price and power (`cardfit catalog --json`), not copied output.
import test from 'node:test';
import assert from 'node:assert/strict';
import { run, json } from './cli_helpers.mjs';

const base = ['plan', '--model', 'qwen2.5-7b', '--gpu', 'rtx-4090', '--compare-api', '--usd-cny', '7'];

test('plan --compare-api --json: buying the pick\'s RTX 4090s against renting them', () => {
  const r = run(...base, '--buy-months', '12', '--kwh-price', '0.8', '--json');
  assert.equal(r.status, 0, r.stderr);
  const p = json(r);
  assert.equal(p.api_compare.buy_months, 12);
  assert.equal(p.api_compare.kwh_price, 0.8);
  const o = p.pick;
  assert.ok(o.buy, 'the pick has a buy comparison');
  const b = o.buy;
  assert.equal(b.gpu, 'rtx-4090');
  assert.equal(b.months, 12);
  // electricity = cards x W / 1000 x h/day x 30 x price per kWh
  const kwh = b.power_w / 1000 * p.hours_per_day * 30;
  assert.ok(Math.abs(b.electricity_monthly - kwh * 0.8) < 1e-9);
  assert.ok(Math.abs(b.amortised_monthly.low - b.purchase.low / 12) < 1e-9);
  assert.ok(Math.abs(b.buy_monthly.low - (b.purchase.low / 12 + b.electricity_monthly)) < 1e-9);
  assert.equal(b.rent_monthly.low, o.monthly_cost.low);
  const saved = o.monthly_cost.low - b.electricity_monthly;
  if (saved > 0) assert.ok(Math.abs(b.break_even_months.low - b.purchase.low / saved) < 1e-9);
  else assert.equal(b.break_even_months, null);
  assert.equal(b.buy_cheaper, b.buy_monthly.low < o.monthly_cost.low);
  assert.equal(o.buy_text.length, 1);
  assert.match(p.api_compare.buy_text[0], /over 12 months/);
});

test('plan --compare-api: the buy line in the text report, in both languages', () => {
  const en = run(...base);
  assert.equal(en.status, 0, en.stderr);
  assert.match(en.stdout, /Buy or rent/);
  assert.match(en.stdout, /over 24 months: .* per kWh\) = .* against renting at /);
  const zh = run(...base, '--lang', 'zh');
  assert.equal(zh.status, 0, zh.stderr);
  assert.match(zh.stdout, /买卡还是租卡/);
  assert.match(zh.stdout, /按 24 个月分摊/);
});

test('plan --compare-api: bad buying terms are refused with the flag named', () => {
  const months = run(...base, '--buy-months', '0');
  assert.equal(months.status, 1);
  assert.match(months.stderr, /buy_months/);
  const kwh = run(...base, '--kwh-price', '-1', '--lang', 'zh');
  assert.equal(kwh.status, 1);
  assert.match(kwh.stderr, /kwh_price/);
  assert.match(kwh.stderr, /错误/);
});
