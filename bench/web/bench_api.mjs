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
  ['estimate({explain: true})', () => cardfit.estimate({explain: true}), 'BM_EstimateDefaultAllGpus', null],
  ['plan({})', () => cardfit.plan({}), 'BM_PlanDefault', 'BM_ApiPlanJson'],
];
for (const [name, fn] of CASES) {
  const r = fn();
  if (!r.ok) throw new Error(`${name}: ${JSON.stringify(r.errors)}`);
}

let native = {};
if (fs.existsSync(nativeBin)) {
  const out = execFileSync(nativeBin, ['--benchmark_format=json', '--benchmark_repetitions=5',
                                       '--benchmark_report_aggregates_only=true',
                                       `--benchmark_filter=^(${CASES.flatMap((c) => [c[2], c[3]]).filter(Boolean).join('|')})$`],
                           { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  for (const b of JSON.parse(out).benchmarks) {
    if (b.aggregate_name === 'median') native[b.run_name] = b.real_time * (b.time_unit === 'ms' ? 1000 : b.time_unit === 'ns' ? 0.001 : 1);
  }
} else {
  console.log(`(no native benchmark at ${nativeBin}: build it with \`make bench\` for the ratios)`);
}

const us = (v) => (v ? v.toFixed(1) + ' µs' : '-').padStart(11);
const ratio = (a, b) => (b ? (a / b).toFixed(1) + 'x' : '-').padStart(7);
console.log('call                         JS (node)  native core  ratio  native call  ratio');
for (const [name, fn, core, whole] of CASES) {
  const js = perCall(fn);
  console.log(`${name.padEnd(27)}${us(js)}  ${us(native[core])}${ratio(js, native[core])}  ${us(native[whole])}${ratio(js, native[whole])}`);
}
console.log('native core: the estimate or plan alone; native call: the same call whole (input read, core, JSON text written).');
