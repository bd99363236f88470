// cardfit.js as a package: plain `node` (no flags, no wasm bytes passed) loads it from any
// folder; package.json names the files and the version CMake's project(VERSION) says; and
// cardfit.d.ts declares exactly the keys the module returns and accepts.
import test from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadCardfit } from './load_module.mjs';

const dist = process.env.CARDFIT_DIST;
const root = process.env.CARDFIT_ROOT;
const version = process.env.CARDFIT_VERSION;

test('plain node requires cardfit.js from another folder and computes', () => {
  const script = `require(${JSON.stringify(path.join(dist, 'cardfit.js'))})()
    .then((m) => { const r = m.estimate({ model: 'Qwen2.5-7B', gpu: '4090' });
                   console.log(JSON.stringify({ v: m.version(), ok: r.ok, gpu: r.value.gpus[0].gpu })); })
    .catch((e) => { console.error(String(e)); process.exit(1); });`;
  const r = spawnSync(process.execPath, ['-e', script], { cwd: os.tmpdir(), encoding: 'utf8', timeout: 60000 });
  assert.equal(r.status, 0, r.stderr);
  assert.deepEqual(JSON.parse(r.stdout.trim().split('\n').pop()), { v: version, ok: true, gpu: 'rtx-4090' });
});

test('package.json: the module, its types and the project version', () => {
  const pkg = JSON.parse(fs.readFileSync(path.join(dist, 'package.json'), 'utf8'));
  assert.equal(pkg.name, 'cardfit');
  assert.equal(pkg.version, version);
  assert.equal(pkg.main, 'cardfit.js');
  assert.equal(pkg.types, 'cardfit.d.ts');
  for (const f of pkg.files) assert.ok(fs.existsSync(path.join(dist, f)), f);
});

// The member names of one interface of cardfit.d.ts (an overloaded method once); given the
// object the module returned, an optional member (`name?:`) it does not hold is left out.
function members(dts, name, returned) {
  const m = dts.match(new RegExp(`interface ${name} \\{([\\s\\S]*?)\\n  \\}`));
  assert.ok(m, `interface ${name} in cardfit.d.ts`);
  const all = [...m[1].matchAll(/^\s{4}'?([A-Za-z_][\w-]*)'?(\??)(?:\(|:)/gm)];
  const held = all.filter((x) => !(returned && x[2] === '?' && !(x[1] in returned)));
  return [...new Set(held.map((x) => x[1]))].sort();
}

test('cardfit.d.ts declares what the module returns and accepts', async () => {
  const dts = fs.readFileSync(path.join(dist, 'cardfit.d.ts'), 'utf8');
  const m = await loadCardfit();
  const e = m.estimate({ gpu: 'rtx-4090', explain: true }).value;
  assert.deepEqual(members(dts, 'Estimate', e), Object.keys(e).sort());
  assert.deepEqual(members(dts, 'GpuEstimate', e.gpus[0]), Object.keys(e.gpus[0]).sort());
  assert.deepEqual(members(dts, 'MemoryBytes', e.memory_bytes), Object.keys(e.memory_bytes).sort());
  assert.deepEqual(members(dts, 'Explanation', e.explain[0]), Object.keys(e.explain[0]).sort());
  // A scenario with a pick, compared with API prices (api_compare is written only when asked for).
  const p = m.plan({ model: 'qwen2.5-7b', 'budget-tier': '1000-2000', 'compare-api': true }).value;
  assert.deepEqual(members(dts, 'Plan', p), Object.keys(p).sort());
  assert.deepEqual(members(dts, 'PlanOption', p.pick), Object.keys(p.pick).sort());
  const k = m.capacity({ gpu: 'rtx-4090' }).value;
  assert.deepEqual(members(dts, 'Capacity', k), Object.keys(k).sort());
  assert.deepEqual(members(dts, 'ModelCapability', k.largest), Object.keys(k.largest).sort());
  assert.deepEqual(members(dts, 'CardfitModule'), Object.keys(m).filter((k) => typeof m[k] === 'function' &&
    ['version', 'catalog', 'estimate', 'plan', 'capacity', 'stateQuery', 'setOverlay', 'openFiles', 'frameCount', 'uiState', 'heapBytes'].includes(k)).sort());
  // Inputs: every key of the input table (core/estimate/inputs.cpp) but the CLI's --config, and v.
  const table = fs.readFileSync(path.join(root, 'core/estimate/inputs.cpp'), 'utf8');
  const keys = [...table.matchAll(/\{Input::\w+,\s+"([a-z-]+)",.*(true|false)\},/g)]
    .filter((x) => x[2] === 'false').map((x) => x[1]);
  assert.ok(keys.length > 30);
  assert.deepEqual(members(dts, 'Input'), [...keys, 'v'].sort());
});
