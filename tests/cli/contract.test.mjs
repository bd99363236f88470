// The command line's contract (docs/cli.md "Exit status and output"): exit 0 / 1 / 2, results on
// standard output, errors on standard error or as JSON with --json (CLI11's own included), a
// schema in every JSON output, compact unless --pretty, forgiving ids, "did you mean", tables
// that fit the terminal, catalog --lang, and shell completion scripts that work.
import test from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { cli, root, run, json } from './cli_helpers.mjs';

const version = readFileSync(path.join(root, 'CMakeLists.txt'), 'utf8').match(/project\(cardfit VERSION ([\d.]+)/)[1];

function runWith(env, ...args) {
  const r = spawnSync(cli, args, { cwd: root, encoding: 'utf8', timeout: 60000, env: { ...process.env, ...env } });
  assert.equal(r.signal, null, `cardfit ${args.join(' ')} died with ${r.signal}`);
  return r;
}

// Display columns of a line: CJK characters take two.
function columns(line) {
  let n = 0;
  for (const ch of line) {
    const cp = ch.codePointAt(0);
    n += (cp >= 0x1100 && cp <= 0x115f) || (cp >= 0x2e80 && cp <= 0xa4cf) || (cp >= 0xac00 && cp <= 0xd7a3) ||
         (cp >= 0xf900 && cp <= 0xfaff) || (cp >= 0xfe30 && cp <= 0xfe4f) || (cp >= 0xff00 && cp <= 0xff60) ||
         (cp >= 0xffe0 && cp <= 0xffe6) || cp >= 0x20000 ? 2 : 1;
  }
  return n;
}

const cases = [
  // [args, exit status, what standard error (text mode) says]
  [['estimate', '--model', 'no-such-model'], 1, /^error: model: unknown model 'no-such-model'/],
  [['plan', '--usd-cny', '1e-310'], 1, /^error: usd_cny: must be between 0.01 and 1,000, got 1e-310/],
  [['estimate', '--task', 'full', '--tokens', '1e15', '--mfu', '1e-300', '--gpu', 'h100-sxm'], 1, /^error: mfu: /],
  [['plan', '--platform', ''], 2, /^error: platforms: --platform needs a value/],
  [['estimate', '--frobnicate'], 2, /^error: --frobnicate: unknown option/],
  [['estimate', '--modle', 'x'], 2, /did you mean --model\?/],
  [['estimate', '--context', '1', '--context', '2'], 2, /^error: context: given 2 times; give --context once/],
  [['plan', '--student', '--student'], 2, /given 2 times; give --student once/],
  [['estimate', '--context'], 2, /^error: context: --context needs a value/],
  [[], 2, /^error: give a command: estimate, plan, card, capacity, catalog, import-config, completion/],
  [['estmate'], 2, /^error: estmate: unknown command \(did you mean estimate\?\)/],
  [['estimate', 'plan'], 2, /^error: plan: unexpected argument/],
  [['catalog', '--validate'], 2, /--validate needs a value/],
  [['catalog', '--lang', 'fr'], 1, /^error: lang: must be one of/],
  [['import-config'], 2, /give a config.json file or --params/],
  [['completion', 'tcsh'], 2, /give bash, zsh or fish, got 'tcsh'/],
];

test('exit status: 0 success, 1 invalid input, 2 usage; errors on stderr in text mode', () => {
  const ok = run('estimate', '--gpu', 'rtx-4090');
  assert.equal(ok.status, 0, ok.stderr);
  assert.equal(ok.stderr, '');
  assert.match(ok.stdout, /rtx-4090/);
  for (const [args, status, message] of cases) {
    const r = run(...args);
    assert.equal(r.status, status, `${args.join(' ')}: ${r.stderr}`);
    assert.equal(r.stdout, '', `${args.join(' ')}: nothing on stdout`);
    assert.match(r.stderr, message, args.join(' '));
  }
});

test('--json: every error, CLI11\'s included, is {"ok": false, "errors"} on stdout with the same status', () => {
  const schemas = { estimate: 'cardfit.estimate/1', plan: 'cardfit.plan/1', catalog: 'cardfit.catalog/1',
                    'import-config': 'cardfit.catalog/1' };
  for (const [args, status] of cases) {
    if (args[0] === 'completion') continue;  // a script, not JSON
    const r = run(...args, '--json');
    assert.equal(r.status, status, args.join(' '));
    assert.equal(r.stderr, '', `${args.join(' ')}: nothing on stderr with --json`);
    assert.equal(r.stdout.trim().split('\n').length, 1, 'compact: one line');
    const doc = json(r);
    assert.equal(doc.ok, false);
    assert.ok(doc.errors.length > 0 && doc.errors.every((e) => typeof e.field === 'string' && e.code && e.message));
    if (schemas[args[0]] && args[1] !== '--validate') assert.equal(doc.schema, schemas[args[0]], args.join(' '));
  }
});

test('every JSON output names its contract; compact unless --pretty', () => {
  for (const [args, schema] of [
    [['estimate', '--gpu', 'a10'], 'cardfit.estimate/1'],
    [['plan', '--budget-tier', '1000-2000'], 'cardfit.plan/1'],
    [['catalog'], 'cardfit.catalog/1'],
    [['catalog', '--validate', 'docs/examples/vendor-overlay.json'], 'cardfit.validate/1'],
    [['import-config', '--params', '7B'], 'cardfit.catalog/1'],
  ]) {
    const compact = run(...args, '--json');
    assert.equal(compact.status, 0, compact.stderr);
    assert.equal(compact.stdout.trim().split('\n').length, 1, `${args.join(' ')}: one line`);
    assert.ok(compact.stdout.startsWith(`{"schema":"${schema}"`), compact.stdout.slice(0, 60));
    const pretty = run(...args, '--json', '--pretty');
    assert.ok(pretty.stdout.startsWith(`{\n  "schema": "${schema}"`), pretty.stdout.slice(0, 60));
    assert.deepEqual(JSON.parse(pretty.stdout), JSON.parse(compact.stdout));
  }
});

test('ids in any case and common aliases; the output names the catalog id', () => {
  const e = json(run('estimate', '--model', 'Qwen2.5-7B', '--precision', 'BF16', '--gpu', '4090', '--json'));
  assert.equal(e.model, 'qwen2.5-7b');
  assert.equal(e.precision, 'bf16');
  assert.equal(e.gpus[0].gpu, 'rtx-4090');
  assert.equal(json(run('estimate', '--gpu', 'H100', '--json')).gpus[0].gpu, 'h100-sxm');
  assert.equal(json(run('estimate', '--precision', 'Q4_K_M', '--json')).precision, 'q4_k_m');
  const p = json(run('plan', '--gpu', 'a100-80g', '--platform', 'YIWAN', '--engine', 'TRTLLM', '--json'));
  assert.ok(p.options.every((o) => o.platform === 'yiwan' && o.gpu === 'a100-80g'));
  const near = run('estimate', '--model', 'lama-3-8b');
  assert.match(near.stderr, /did you mean 'llama-3-8b'\?/);
  assert.match(run('estimate', '--gpu', 'A100').stderr, /did you mean 'a100-40g'\?/);
});

test('tables fit the terminal ($COLUMNS); --wide shows every column; not a terminal: no limit', () => {
  for (const args of [['estimate'], ['estimate', '--task', 'full', '--tokens', '1B'], ['plan'], ['catalog'],
                      ['catalog', '--lang', 'zh'], ['plan', '--lang', 'zh']]) {
    const r = runWith({ COLUMNS: '80' }, ...args);
    assert.equal(r.status, 0, r.stderr);
    const tableLines = r.stdout.split('\n').filter((l) => /\S {2,}\S/.test(l));
    assert.ok(tableLines.every((l) => columns(l) <= 80), `${args.join(' ')}:\n${tableLines.filter((l) => columns(l) > 80).join('\n')}`);
    assert.match(r.stdout, /--wide/, `${args.join(' ')} says what it hid`);
  }
  const all = runWith({ COLUMNS: '80' }, 'catalog', '--wide');
  assert.ok(all.stdout.split('\n').some((l) => columns(l) > 80));
  assert.doesNotMatch(all.stdout, /--wide/);
  const piped = runWith({ COLUMNS: '' }, 'estimate');
  assert.ok(piped.stdout.split('\n').some((l) => columns(l) > 100), 'no width limit when stdout is not a terminal');
});

test('catalog --lang zh lists in Chinese', () => {
  const r = run('catalog', '--lang', 'zh', '--wide');
  assert.equal(r.status, 0, r.stderr);
  const models = json(run('catalog', '--json')).models.length;
  for (const text of [`模型（${models} 个）`, '显存 MiB', '智星云', '汇率：1 美元']) assert.ok(r.stdout.includes(text), text);
});

test('--version is the CMake project version', () => {
  const r = run('--version');
  assert.equal(r.status, 0);
  assert.equal(r.stdout.trim(), `cardfit ${version}`);
});

test('shell completion: bash completes commands, flags and catalog ids; zsh and fish scripts', () => {
  const bash = run('completion', 'bash');
  assert.equal(bash.status, 0, bash.stderr);
  const dir = mkdtempSync(path.join(tmpdir(), 'cardfit-completion-'));
  try {
    const script = path.join(dir, 'cardfit.bash');
    writeFileSync(script, bash.stdout);
    assert.equal(spawnSync('bash', ['-n', script]).status, 0, 'bash -n');
    const complete = (...words) => {
      const r = spawnSync('bash', ['-c', `source ${script}; COMP_WORDS=(${words.map((w) => `'${w}'`).join(' ')}); ` +
                                          `COMP_CWORD=${words.length - 1}; _cardfit; printf '%s\\n' "\${COMPREPLY[@]}"`],
                          { encoding: 'utf8' });
      assert.equal(r.status, 0, r.stderr);
      return r.stdout.trim().split('\n');
    };
    assert.deepEqual(complete('cardfit', 'est'), ['estimate']);
    assert.ok(complete('cardfit', 'estimate', '--mod').includes('--model'));
    assert.ok(complete('cardfit', 'estimate', '--model', 'qwen2.5-7').includes('qwen2.5-7b'));
    assert.ok(complete('cardfit', 'plan', '--precision', 'q4').includes('q4_k_m'));
    assert.deepEqual(complete('cardfit', 'plan', '--term', 'mo'), ['monthly']);
    assert.ok(complete('cardfit', 'plan', '--bud').includes('--budget-tier'));
    assert.deepEqual(complete('cardfit', 'completion', 'z'), ['zsh']);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const zsh = run('completion', 'zsh');
  assert.match(zsh.stdout, /^#compdef cardfit/);
  assert.match(zsh.stdout, /'--model\[[^\]]*\]:model:\([^)]*qwen2\.5-7b/);
  const fish = run('completion', 'fish');
  assert.match(fish.stdout, /complete -c cardfit -n '__fish_seen_subcommand_from plan' -l budget-tier -x -a '[^']*1000-2000/);
  for (const [shell, text] of [['zsh', zsh.stdout], ['fish', fish.stdout]]) {
    const which = spawnSync('sh', ['-c', `command -v ${shell}`]);
    if (which.status !== 0) continue;  // the shell is not installed here: its syntax is checked where it is
    assert.equal(spawnSync(shell, ['-n'], { input: text }).status, 0, `${shell} -n`);
  }
});

test('a vendor price list of 20,000 offers validates, every entry counted', () => {
  // Correctness only: its speed (~0.4 s in release; 30 s when every entry searched for its nearest
  // id) is bench/bench_overlay.cpp's, not a timed test on a shared machine. The sanitizer build
  // (-O0, ASan: ~25 s for 20,000) checks a tenth of it.
  const sanitized = process.env.CARDFIT_SANITIZED === '1';
  const count = sanitized ? 2000 : 20000;
  const c = json(run('catalog', '--json'));
  const offers = [];
  for (let i = 0; i < count; ++i) {
    offers.push({ id: `vendor-${i}`, platform: c.platforms[i % c.platforms.length].id, gpu: c.gpus[i % c.gpus.length].id,
                  unit: 'card', cards: 1, slice_fraction: 1, currency: 'CNY',
                  prices: [{ term: 'monthly', low: 900, high: 1000 }],
                  package_multipliers: { weekly: 0, monthly: 0, yearly: 0.8 }, isolation: 'dedicated',
                  interconnect: 'none', stock: 'available', source: 'vendor-price-list', as_of: '2026-11' });
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'cardfit-big-'));
  try {
    const file = path.join(dir, 'vendor.json');
    const sources = [{ id: 'vendor-price-list', title: 'Vendor price list', publisher: 'Vendor', date: '2026-11',
                       kind: 'price-page' }];
    writeFileSync(file, JSON.stringify({ schema: 'cardfit.catalog/1', offers, sources }));
    const r = run('catalog', '--validate', file, '--json');
    assert.equal(r.status, 0, r.stdout.slice(0, 500));
    assert.equal(json(r).entries, count + sources.length);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
