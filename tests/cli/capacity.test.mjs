// `cardfit capacity`: what one GPU x cards can do. The JSON contract of docs/cli.md, its
// agreement with `cardfit estimate` at the precision it names, the table formats and the errors.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cli, run, json, root } from './cli_helpers.mjs';

test('capacity --json: largest model first, each at a precision estimate calls comfortable', { skip: !cli }, () => {
  const r = run('capacity', '--gpu', '4090', '--cards', '2', '--json');
  assert.equal(r.status, 0, r.stderr);
  const body = json(r);
  assert.equal(body.schema, 'cardfit.capacity/1');
  assert.equal(body.ok, true);
  assert.equal(body.gpu, 'rtx-4090');
  assert.equal(body.cards, 2);
  assert.ok(body.models.length > 0);
  assert.deepEqual(body.largest, body.models[0]);
  for (let i = 1; i < body.models.length; ++i) assert.ok(body.models[i - 1].params >= body.models[i].params);
  assert.ok(!body.precisions.includes('fp32'));
  const top = body.largest;
  const e = json(run('estimate', '--gpu', '4090', '--cards', '2', '--model', top.model, '--precision', top.precision, '--json'));
  assert.equal(e.gpus[0].fit, 'comfortable');
  assert.equal(e.gpus[0].max_context, top.max_context);
  assert.equal(e.gpus[0].max_concurrency, top.max_concurrency);
  assert.ok(body.summary.includes(String(body.cards)));
});

test('capacity: text, csv and markdown; errors name the field', { skip: !cli }, () => {
  const text = run('capacity', '--gpu', 'a100-80g', '--lang', 'zh');
  assert.equal(text.status, 0, text.stderr);
  assert.match(text.stdout, /A100/);
  const md = run('capacity', '--gpu', 'a100-80g', '--format', 'markdown');
  assert.match(md.stdout.split('\n')[1], /^\| --- \|/);
  const csv = run('capacity', '--gpu', 'a100-80g', '--format', 'csv');
  assert.ok(csv.stdout.split('\r\n').length > 3);
  const none = run('capacity', '--json');
  assert.equal(none.status, 1);
  assert.equal(json(none).errors[0].field, 'gpu');
  const bad = run('capacity', '--gpu', 'a100-80g', '--context', '0', '--json');
  assert.equal(bad.status, 1);
  assert.equal(json(bad).errors[0].field, 'context');
});

// --this-machine: nvidia-smi is replaced by CARDFIT_NVIDIA_SMI (a script that prints what the real
// one would, or a command that does not exist: "no GPU detected").

// The CPU's name is fixed too (CARDFIT_CPU_NAME), so the machine the tests run on does not matter.
function withSmi(smi, ...args) {
  return withMachine(smi, 'Intel(R) Xeon(R) Platinum 8480+', ...args);
}
function withMachine(smi, cpu, ...args) {
  const env = { ...process.env, CARDFIT_NVIDIA_SMI: smi, CARDFIT_CPU_NAME: cpu };
  const r = spawnSync(cli, args, { cwd: root, encoding: 'utf8', timeout: 120000, env });
  assert.equal(r.error, undefined, String(r.error));
  assert.equal(r.signal, null, r.stderr);
  return r;
}
function fakeSmi(line) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cardfit-smi-'));
  const file = path.join(dir, 'nvidia-smi');
  fs.writeFileSync(file, `#!/bin/sh\nprintf '%s\\n' '${line}'\n`, { mode: 0o755 });
  return file;
}
const missing = '/nonexistent/cardfit-test/nvidia-smi';

test('capacity --this-machine: no GPU detectable is a clear error naming --gpu, exit 1', { skip: !cli || process.platform === 'win32' }, () => {
  const r = withSmi(missing, 'capacity', '--this-machine', '--json');
  assert.equal(r.status, 1);
  const err = json(r).errors[0];
  assert.equal(err.field, 'gpu');
  assert.match(err.message, /no GPU detected/);
  assert.match(err.message, /--gpu/);
  const zh = withSmi(missing, 'capacity', '--this-machine', '--lang', 'zh');
  assert.equal(zh.status, 1);
  assert.match(zh.stderr, /未检测到 GPU/);
});

test('capacity --this-machine: a detected laptop GPU, --gpu overrides, --ram bounds the offload', { skip: !cli || process.platform === 'win32' }, () => {
  const smi = fakeSmi('NVIDIA GeForce RTX 4060 Laptop GPU, 8188');
  const r = withSmi(smi, 'capacity', '--this-machine', '--ram', '32');
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, /This machine: NVIDIA GeForce RTX 4060 Laptop GPU \(from nvidia-smi\)/);
  assert.match(r.stdout, /System memory: 32\.0 GiB/);
  assert.match(r.stdout, /llama\.cpp/);
  const j = json(withSmi(smi, 'capacity', '--this-machine', '--ram', '32', '--json'));
  assert.equal(j.gpu, 'rtx-4060-laptop');
  // --gpu wins over what was detected, and over a missing nvidia-smi.
  const o = withSmi(missing, 'capacity', '--this-machine', '--gpu', '4090', '--ram', '64');
  assert.equal(o.status, 0, o.stderr);
  assert.match(o.stdout, /GPU given with --gpu/);
  assert.equal(json(withSmi(smi, 'capacity', '--this-machine', '--gpu', '4090', '--json')).gpu, 'rtx-4090');
  // More system memory never lists fewer offloaded models.
  const rows = (out) => out.split('\n').filter((l) => /layers on the GPU/.test(l)).length;
  const small = withSmi(smi, 'capacity', '--this-machine', '--ram', '8');
  const big = withSmi(smi, 'capacity', '--this-machine', '--ram', '256');
  assert.ok(rows(big.stdout) >= rows(small.stdout));
  assert.ok(rows(big.stdout) > 0, big.stdout);
  // Bad --ram names the field.
  const bad = withSmi(smi, 'capacity', '--this-machine', '--ram', 'lots', '--json');
  assert.equal(bad.status, 1);
  assert.equal(json(bad).errors[0].field, 'ram');
});

test('capacity --this-machine: software renderer-like and unknown names are not guessed', { skip: !cli || process.platform === 'win32' }, () => {
  const unknown = withSmi(fakeSmi('NVIDIA GeForce GTX 1050, 4096'), 'capacity', '--this-machine', '--json');
  assert.equal(unknown.status, 1);
  assert.match(json(unknown).errors[0].message, /not recognised/);
  const amb = withSmi(fakeSmi('NVIDIA H100 80GB HBM3, 81559'), 'capacity', '--this-machine', '--json');
  assert.equal(amb.status, 1);
  assert.match(json(amb).errors[0].message, /h100-sxm, h100-pcie/);
});

test('capacity --this-machine: a Mac or Strix Halo from the CPU name, unified memory counted once', { skip: !cli || process.platform === 'win32' }, () => {
  const mac = withMachine(missing, 'Apple M4 Max', 'capacity', '--this-machine', '--ram', '64');
  assert.equal(mac.status, 0, mac.stderr);
  assert.match(mac.stdout, /This machine: Apple M4 Max \(from CPU\) is Apple M4 Max \(16-core CPU, 40-core GPU\) 64GB/);
  assert.match(mac.stdout, /Unified memory: the GPU may use 48\.0 GiB of it; 16\.0 GiB stays/);
  // The offload never puts more in "system memory" than the 16 GiB beside the GPU's share.
  for (const m of mac.stdout.matchAll(/, ([0-9.]+) GiB in system memory/g)) assert.ok(Number(m[1]) <= 16, m[0]);
  assert.equal(json(withMachine(missing, 'Apple M4 Max', 'capacity', '--this-machine', '--ram', '128', '--json')).gpu, 'apple-m4-max-128g');
  // 256 GB: no such M4 Max in the catalog, so both are offered, none picked.
  const odd = withMachine(missing, 'Apple M4 Max', 'capacity', '--this-machine', '--ram', '256', '--json');
  assert.equal(odd.status, 1);
  assert.match(json(odd).errors[0].message, /apple-m4-max-128g, apple-m4-max-64g/);
  const halo = withMachine(missing, 'AMD RYZEN AI MAX+ 395 w/ Radeon 8060S', 'capacity', '--this-machine', '--ram', '128', '--lang', 'zh');
  assert.equal(halo.status, 0, halo.stderr);
  assert.match(halo.stdout, /统一内存/);
  // A CPU's name never stands for a separate card.
  const amd = withMachine(missing, 'AMD Ryzen 9 7950X 16-Core Processor', 'capacity', '--this-machine', '--json');
  assert.equal(amd.status, 1);
  assert.match(json(amd).errors[0].message, /no GPU detected/);
});

// The M4 Pro is in the catalog (48 GB, 20-core GPU): a 48 GB M4 Pro is that entry, a 24 GB one is offered it.
test('capacity --this-machine: an M4 Pro with 48 GB is the catalog\'s M4 Pro', { skip: !cli || process.platform === 'win32' }, () => {
  const pro = withMachine(missing, 'Apple M4 Pro', 'capacity', '--this-machine', '--ram', '48', '--json');
  assert.equal(pro.status, 0, pro.stderr);
  assert.equal(json(pro).gpu, 'apple-m4-pro-48g');
  const small = withMachine(missing, 'Apple M4 Pro', 'capacity', '--this-machine', '--ram', '24', '--json');
  assert.equal(small.status, 1);
  assert.match(json(small).errors[0].message, /apple-m4-pro-48g/);
});

// Issue 30's laptops and chips the catalog does not list yet: an error asking for --gpu, never the
// nearest listed sibling (RTX 5090 Laptop, a 5080 or 5070 desktop card, an M4 Max); an M5 or M5 Max
// with 48 GB, a size the catalog lacks, is offered its entries, not given them.
test('capacity --this-machine: RTX 50 laptops and Apple chips the catalog lacks are not guessed', { skip: !cli || process.platform === 'win32' }, () => {
  for (const line of ['NVIDIA GeForce RTX 5070 Ti Laptop GPU, 12227']) {
    const r = withSmi(fakeSmi(line), 'capacity', '--this-machine', '--json');
    assert.equal(r.status, 1, line);
    const err = json(r).errors[0];
    assert.equal(err.field, 'gpu');
    assert.match(err.message, /not recognised/);
    assert.match(err.message, /--gpu/);
  }
  for (const cpu of ['Apple M4', 'Apple M5 Pro', 'Apple M5', 'Apple M5 Max', 'Apple M4 Ultra', 'Apple M3']) {
    const r = withMachine(missing, cpu, 'capacity', '--this-machine', '--ram', '48', '--json');
    assert.equal(r.status, 1, cpu);
    assert.equal(json(r).errors[0].field, 'gpu');
    assert.match(json(r).errors[0].message, /--gpu/);
  }
});

// Issue 30's desk hardware the catalog lists since: the desktop RTX 5070, RTX 5070 Ti and RTX 5060 Ti 16 GB from
// nvidia-smi, the Apple M5 (16/24/32 GB) and M5 Max (128 GB) from the CPU's name and the RAM. A size
// the catalog lacks (an 8 GB RTX 5060 Ti, the 48 GB M5 and M5 Max above) is offered, not picked.
test('capacity --this-machine: RTX 5070, RTX 5070 Ti, RTX 5060 Ti 16 GB, Apple M5 and M5 Max are found', { skip: !cli || process.platform === 'win32' }, () => {
  const cards = [['NVIDIA GeForce RTX 5070, 12288', 'rtx-5070'], ['NVIDIA GeForce RTX 5060 Ti, 16384', 'rtx-5060-ti-16g'],
    ['NVIDIA GeForce RTX 5070 Ti, 16303', 'rtx-5070-ti']];
  for (const [line, id] of cards) {
    const r = withSmi(fakeSmi(line), 'capacity', '--this-machine', '--json');
    assert.equal(r.status, 0, r.stderr);
    assert.equal(json(r).gpu, id);
  }
  const small = withSmi(fakeSmi('NVIDIA GeForce RTX 5060 Ti, 8192'), 'capacity', '--this-machine', '--json');
  assert.equal(small.status, 1);
  assert.match(json(small).errors[0].message, /rtx-5060-ti-16g/);
  for (const [cpu, ram, id] of [['Apple M5', '24', 'apple-m5-24g'], ['Apple M5 Max', '128', 'apple-m5-max-128g']]) {
    const r = withMachine(missing, cpu, 'capacity', '--this-machine', '--ram', ram, '--json');
    assert.equal(r.status, 0, r.stderr);
    assert.equal(json(r).gpu, id);
  }
});

// The RTX 5080/5070/5060 Laptop GPUs from nvidia-smi (its name and memory in MiB) and the Apple M3 Pro
// (18/36 GB) and M3 Max (128 GB) from the CPU's name and the RAM; a 64 GB M3 Max is offered the 128 GB
// entry, not given it.
test('capacity --this-machine: RTX 50 Laptop GPUs, Apple M3 Pro and M3 Max are found', { skip: !cli || process.platform === 'win32' }, () => {
  const cards = [['NVIDIA GeForce RTX 5080 Laptop GPU, 16303', 'rtx-5080-laptop'], ['NVIDIA GeForce RTX 5070 Laptop GPU, 8151', 'rtx-5070-laptop'],
    ['NVIDIA GeForce RTX 5060 Laptop GPU, 8151', 'rtx-5060-laptop']];
  for (const [line, id] of cards) {
    const r = withSmi(fakeSmi(line), 'capacity', '--this-machine', '--json');
    assert.equal(r.status, 0, r.stderr);
    assert.equal(json(r).gpu, id);
  }
  for (const [cpu, ram, id] of [['Apple M3 Pro', '18', 'apple-m3-pro-18g'], ['Apple M3 Pro', '36', 'apple-m3-pro-36g'], ['Apple M3 Max', '128', 'apple-m3-max-128g']]) {
    const r = withMachine(missing, cpu, 'capacity', '--this-machine', '--ram', ram, '--json');
    assert.equal(r.status, 0, r.stderr);
    assert.equal(json(r).gpu, id);
  }
  const max64 = withMachine(missing, 'Apple M3 Max', 'capacity', '--this-machine', '--ram', '64', '--json');
  assert.equal(max64.status, 1);
  assert.match(json(max64).errors[0].message, /apple-m3-max-128g/);
});
