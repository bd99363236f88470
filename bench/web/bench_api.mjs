// `make bench-api`: the JavaScript API's time per call under node (build/web/dist/cardfit.js)
// next to the native core's (Google Benchmark, build/native/bench/cardfit_bench) for the same
// scenarios, and their ratio. Medians of batches; the first calls (warm-up) are not timed.
// Usage: node bench/web/bench_api.mjs [--dist DIR] [--native BIN]
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
function opt(name, fallback) {
  const i = args.indexOf(name);
  return i >= 0 && i + 1 < args.length ? args[i + 1] : fallback;
}
const dist = path.resolve(opt('--dist', path.join(here, '../../build/web/dist')));
const nativeBin = path.resolve(opt('--native', path.join(here, '../../build/native/bench/cardfit_bench')));

const require = createRequire(import.meta.url);
const createCardfit = require(path.join(dist, 'cardfit.js'));
const cardfit = await createCardfit({ wasmBinary: fs.readFileSync(path.join(dist, 'cardfit.wasm')),
                                      print() {}, printErr() {} });

function perCall(fn, budgetMs = 400) {
  for (let i = 0; i < 20; i++) fn();  // warm-up
  const batches = [];
  const end = performance.now() + budgetMs;
  let n = 1;
  while (performance.now() < end || batches.length < 5) {
    const t0 = performance.now();
    for (let i = 0; i < n; i++) fn();
    const dt = performance.now() - t0;
    if (dt < 5) { n *= 2; continue; }
    batches.push((dt * 1000) / n);
  }
  batches.sort((a, b) => a - b);
  return batches[Math.floor(batches.length / 2)];
}

// [name, JS call, the native benchmark of the same core work, the native benchmark of the whole
// call (input read, core, answer written as JSON text: bench/bench_api.cpp) or null]
const CASES = [
  ['estimate({})', () => cardfit.estimate({}), 'BM_EstimateNoExplainAllGpus', 'BM_ApiEstimateJson'],
  ['estimate({json: true})', () => cardfit.estimate({json: true}), 'BM_EstimateNoExplainAllGpus', 'BM_ApiEstimateJson'],
  ['estimate({explain: true})', () => cardfit.estimate({explain: true}), 'BM_EstimateDefaultAllGpus', null],
  ['plan({})', () => cardfit.plan({}), 'BM_PlanDefault', 'BM_ApiPlanJson'],
  ['plan({json: true})', () => cardfit.plan({json: true}), 'BM_PlanDefault', 'BM_ApiPlanJson'],
];
for (const [name, fn] of CASES) {
  const r = fn();
  if (!r.ok) throw new Error(`${name}: ${JSON.stringify(r.errors)}`);
}

// Rounds: the native benchmark, then the JavaScript calls, again and again; the figures are
// medians over the rounds and each ratio the median of the rounds' own ratios (a shared machine
// slows one process for a while: a ratio of two times taken minutes apart would carry that).
const rounds = Number(opt('--rounds', 3));
const median = (xs) => { const v = xs.filter((x) => x > 0).sort((a, b) => a - b); return v.length ? v[Math.floor(v.length / 2)] : 0; };
function nativeTimes() {
  if (!fs.existsSync(nativeBin)) return {};
  const out = execFileSync(nativeBin, ['--benchmark_format=json', '--benchmark_repetitions=3',
                                       '--benchmark_report_aggregates_only=true',
                                       `--benchmark_filter=^(${CASES.flatMap((c) => [c[2], c[3]]).filter(Boolean).join('|')})$`],
                           { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  const t = {};
  for (const b of JSON.parse(out).benchmarks) {
    if (b.aggregate_name === 'median') t[b.run_name] = b.real_time * (b.time_unit === 'ms' ? 1000 : b.time_unit === 'ns' ? 0.001 : 1);
  }
  return t;
}
if (!fs.existsSync(nativeBin)) console.log(`(no native benchmark at ${nativeBin}: build it with \`make bench\` for the ratios)`);
const rows = CASES.map(() => ({ js: [], core: [], whole: [], rCore: [], rWhole: [] }));
for (let r = 0; r < rounds; r++) {
  const native = nativeTimes();
  CASES.forEach(([, fn, core, whole], i) => {
    const js = perCall(fn);
    const row = rows[i];
    row.js.push(js);
    row.core.push(native[core] || 0);
    row.whole.push(whole ? native[whole] || 0 : 0);
    row.rCore.push(native[core] ? js / native[core] : 0);
    row.rWhole.push(whole && native[whole] ? js / native[whole] : 0);
  });
}

const us = (v) => (v ? v.toFixed(1) + ' µs' : '-').padStart(11);
const ratio = (v) => (v ? v.toFixed(1) + 'x' : '-').padStart(7);
console.log(`call                         JS (node)  native core  ratio  native call  ratio   (medians of ${rounds} rounds)`);
CASES.forEach(([name], i) => {
  const row = rows[i];
  console.log(`${name.padEnd(27)}${us(median(row.js))}  ${us(median(row.core))}${ratio(median(row.rCore))}  ${us(median(row.whole))}${ratio(median(row.rWhole))}`);
});
console.log('native core: the estimate or plan alone; native call: the same call whole (input read, core, JSON text written).');
console.log('json: true: the answer as the JSON text the native call writes, not parsed into objects.');
// What the objects cost on their own: JSON.parse of the same answers' text.
for (const [name, fn] of [['estimate({})', () => cardfit.estimate({json: true})], ['plan({})', () => cardfit.plan({json: true})]]) {
  const text = fn().value;
  console.log(`JSON.parse of ${name}'s answer (${Buffer.byteLength(text).toLocaleString('en')} bytes): ${perCall(() => JSON.parse(text)).toFixed(1)} µs`);
}
