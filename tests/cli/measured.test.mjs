// Issue 31, item 1: the public measurement of the same configuration beside the estimate
// (core/estimate/measured.hpp, docs/measurements.md), in the estimate and plan JSON (`measured`)
// and the text; absent where nothing matches; a user's own file (--measurements) shown as theirs,
// a bad one refused with the field named. The row used: llama.cpp PR 4766's llama-bench tg128,
// llama 7B F16 on an RTX 4090 (assets/catalog/measurements.json).
import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { run, json, root } from './cli_helpers.mjs';

const row = 'llamacpp-4090-llama2-7b-f16-tg128';
const scenario = ['--model', 'llama-2-7b', '--precision', 'fp16', '--engine', 'llama.cpp', '--gpu', 'rtx-4090',
  '--cards', '1', '--context', '128', '--prompt', '1'];
const bundled = JSON.parse(fs.readFileSync(path.join(root, 'assets', 'catalog', 'measurements.json'), 'utf8'));
const measured = bundled.measurements.find((m) => m.id === row).measured;

function temp(name, value) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cardfit-measured-'));
  const file = path.join(dir, name);
  fs.writeFileSync(file, JSON.stringify(value));
  return file;
}

test('estimate --json: the matching row beside the GPU row, with its source, date and difference', () => {
  const r = run('estimate', ...scenario, '--json');
  assert.equal(r.status, 0, r.stderr);
  const g = json(r).gpus[0];
  const m = g.measured.find((x) => x.id === row);
  assert.ok(m, JSON.stringify(g.measured));
  assert.equal(m.figure, 'decode_tokens_per_s');
  assert.equal(m.unit, 'tok/s');
  assert.equal(m.value, measured);
  assert.equal(m.source_id, 'https://github.com/ggml-org/llama.cpp/pull/4766');
  assert.equal(m.as_of, '2024-01-10');
  assert.equal(m.estimate, g.decode_tokens_per_s);
  assert.ok(Math.abs(m.delta - (g.decode_tokens_per_s - measured) / measured) < 1e-9);
  assert.equal(m.twin, null);
  const text = run('estimate', ...scenario);
  assert.match(text.stdout, /measured decode 61\.0 tok\/s/);
});

test('estimate --json: no key where nothing matches (another context, another GPU)', () => {
  for (const args of [[...scenario.slice(0, -4), '--context', '8192'], ['--model', 'llama-2-7b', '--gpu', 'l40s']]) {
    const r = run('estimate', ...args, '--json');
    assert.equal(r.status, 0, r.stderr);
    for (const g of json(r).gpus) assert.equal('measured' in g, false, JSON.stringify(g.measured));
    assert.doesNotMatch(run('estimate', ...args).stdout, /Measured beside estimated/);
  }
});

test('plan --json: each whole-card option carries the measurement of its configuration', () => {
  const r = run('plan', ...scenario.filter((a, i) => a !== '--cards' && scenario[i - 1] !== '--cards'), '--json');
  assert.equal(r.status, 0, r.stderr);
  const options = json(r).options.filter((o) => o.gpu === 'rtx-4090' && o.cards === 1 && o.slice_fraction === 1);
  assert.ok(options.length > 0);
  for (const o of options) assert.ok(o.measured.some((m) => m.id === row));
});

test('--measurements: your own rows are shown as yours; a bad file is refused with the field named', () => {
  const mine = {
    schema: 'cardfit.measurements/1',
    measurements: [{
      id: 'my-run', metric: 'decode_tokens_per_s', measured,  // the public row's figure: only the marking is tested
      scenario: 'model=llama-2-7b&precision=fp16&engine=llama.cpp&gpu=rtx-4090&cards=1&context=128&prompt=1',
      source: 'https://github.com/ggml-org/llama.cpp/pull/4766', date: '2024-01-10',
    }],
  };
  const good = run('estimate', ...scenario, '--measurements', temp('mine.json', mine), '--json');
  assert.equal(good.status, 0, good.stderr);
  const list = json(good).gpus[0].measured;
  assert.equal(list.find((m) => m.id === 'my-run').yours, true);
  assert.equal(list.find((m) => m.id === row).yours, null);  // the bundled row stays the bundled one

  const example = run('estimate', ...scenario, '--measurements', path.join(root, 'docs', 'examples', 'my-measurements.json'));
  assert.equal(example.status, 0, example.stderr);
  assert.match(example.stdout, /, yours/);

  for (const [key, value, field] of [['measured', -1, 'measurements[0].measured'], ['measured', 1e9, 'measurements[0].measured'],
    ['scenario', 'model=llama-2-7b&gpu=rtx-9999&cards=1', 'measurements[0].scenario'], ['metric', 'fast', 'measurements[0].metric']]) {
    const bad = structuredClone(mine);
    bad.measurements[0][key] = value;
    const r = run('estimate', ...scenario, '--measurements', temp('bad.json', bad), '--json');
    assert.notEqual(r.status, 0);
    assert.ok((r.stdout + r.stderr).includes(field), r.stdout + r.stderr);
  }
});

// A serving benchmark (its scenario names output-tokens) is compared with the serving figure at its own
// lengths, prefill mixed in (compared_with "serving"); the estimate JSON carries that figure as `mixed`
// when the scenario names --output-tokens. Row: TensorRT-LLM, Llama 3.1 70B FP8 on 2x H100, 5 concurrent.
test('estimate --json: a serving row compares with the mixed figure, named; mixed is null without --output-tokens', () => {
  const id = 'trtllm-2xh100-llama3.3-70b-fp8-c5-itl-5k';
  const serving = bundled.measurements.find((m) => m.id === id);
  const flags = serving.scenario.split('&').flatMap((pair) => { const [k, v] = pair.split('='); return [`--${k}`, v]; });
  const withOutput = json(run('estimate', ...flags, '--json')).gpus[0];
  const mw = withOutput.measured.find((x) => x.id === id);
  assert.ok(withOutput.mixed, JSON.stringify(withOutput));
  for (const k of ['concurrency', 'prefill_ms', 'step_ms', 'tpot_ms', 'tokens_per_s']) assert.equal(typeof withOutput.mixed[k], 'number', k);
  assert.equal(mw.compared_with, 'serving');
  assert.ok(Math.abs(mw.estimate / withOutput.mixed.tpot_ms - 1) < 1e-9);
  const cut = flags.indexOf('--output-tokens');
  const plain = json(run('estimate', ...flags.slice(0, cut), ...flags.slice(cut + 2), '--json')).gpus[0];
  assert.equal(plain.mixed, null);
  const mp = plain.measured.find((x) => x.id === id);
  assert.equal(mp.compared_with, 'serving');
  assert.ok(Math.abs(mp.delta - mw.delta) < 1e-9);  // the row's lengths, not the estimate's
  assert.notEqual(mp.estimate, 1000 / plain.decode_tokens_per_s);
  assert.match(run('estimate', ...flags.slice(0, cut), ...flags.slice(cut + 2)).stdout, /with prefill mixed in/);
  const decodeRow = json(run('estimate', ...scenario, '--json')).gpus[0].measured.find((x) => x.id === row);
  assert.equal(decodeRow.compared_with, 'estimate');
});

// The plan's short `measured` cell says when the comparison is with the serving estimate (a serving
// benchmark's figure is not compared with the tok/s beside it): the table, CSV, Markdown and HTML,
// in both languages; a llama-bench row's cell does not. Row: the TensorRT-LLM one above.
test('plan: a serving row\'s measured cell names the serving estimate, in every format and both languages', () => {
  const id = 'trtllm-2xh100-llama3.3-70b-fp8-c5-itl-5k';
  const serving = bundled.measurements.find((m) => m.id === id);
  const flags = serving.scenario.split('&').flatMap((pair) => { const [k, v] = pair.split('='); return [`--${k}`, v]; });
  const words = JSON.parse(fs.readFileSync(path.join(root, 'assets', 'i18n', 'estimate.json'), 'utf8'))['est.measured.serving_short'];
  for (const lang of ['en', 'zh']) {
    const note = words[lang];
    assert.ok(note && note.length > 3, lang);
    for (const format of ['table', 'csv', 'markdown', 'html']) {
      const r = run('plan', ...flags, '--lang', lang, '--format', format, '--top', '200');
      assert.equal(r.status, 0, r.stderr);
      assert.ok(r.stdout.includes(note), `${lang} ${format}:\n${r.stdout.slice(0, 2000)}`);
    }
    const decode = run('plan', ...scenario, '--lang', lang, '--format', 'csv', '--top', '200');
    assert.equal(decode.status, 0, decode.stderr);
    assert.ok(decode.stdout.includes(bundled.measurements.find((m) => m.id === row).date), 'the llama-bench row is shown');
    assert.ok(!decode.stdout.includes(note), `${lang}: no serving note beside a llama-bench row`);
  }
});
