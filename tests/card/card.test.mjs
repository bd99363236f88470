// `cardfit card` from the outside (docs/cli.md "card"): the PNG's QR code, read back with
// Debian's zbarimg (zbar-tools; tools/setup.sh test installs it), is the scenario's link, and
// `cardfit plan --link` of that link picks what the card shows. Also: no silent overwrite, the
// SVG form, and the length of a heavy scenario's link.
// Run by CTest (cli_card): CARDFIT_CLI = the binary, CARDFIT_ROOT = the repository root.
import test from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { run, json } from '../cli/cli_helpers.mjs';

const scenario = ['--model', 'deepseek-r1', '--precision', 'fp8', '--context', '32k', '--budget-tier', 'ge-80000'];
const page = 'https://example.org/cardfit/';
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'cardfit-card-'));
test.after(() => fs.rmSync(tmp, { recursive: true, force: true }));

function zbar(file) {
  const r = spawnSync('zbarimg', ['--quiet', '--raw', '-Sbinary', file], { encoding: 'utf8' });
  assert.equal(r.error, undefined, 'zbarimg is missing: install zbar-tools (tools/setup.sh test)');
  assert.equal(r.status, 0, `zbarimg found no QR code in ${file}: ${r.stderr}`);
  return r.stdout.replace(/\n$/, '');
}

function pickOf(args) {
  const r = run('plan', ...args, '--json');
  assert.equal(r.status, 0, r.stdout + r.stderr);
  const p = json(r).pick;
  assert.ok(p, 'a pick');
  return { gpu: p.gpu, cards: p.cards, offer: p.offer, term: p.term, monthly: p.monthly_cost };
}

for (const lang of ['en', 'zh']) {
  test(`card (${lang}): its QR code is the scenario's link, and the link plans the same pick`, () => {
    const out = path.join(tmp, `card-${lang}.png`);
    const r = run('card', ...scenario, '--lang', lang, '--page-url', page, '--out', out);
    assert.equal(r.status, 0, r.stdout + r.stderr);
    const png = fs.readFileSync(out);
    assert.equal(png.subarray(0, 8).toString('hex'), '89504e470d0a1a0a', 'a PNG');
    assert.equal(png.readUInt32BE(16), 1080, '1080 px wide');
    assert.ok(png.length <= 1000000, `${png.length} bytes: at most 1 MB`);
    const link = zbar(out);
    assert.ok(link.startsWith(`${page}?v=2&`), link);
    assert.ok(link.includes('&m=deepseek-r1&'), link);
    assert.ok(r.stderr.includes(link), 'the command names the link it encoded');
    // The same pick through the link as through the flags.
    assert.deepEqual(pickOf(['--link', link]), pickOf([...scenario, '--lang', lang]));
  });
}

test('card --format jpg: a JPEG whose QR code reads back too', () => {
  const out = path.join(tmp, 'card.jpg');
  const r = run('card', ...scenario, '--page-url', page, '--out', out);
  assert.equal(r.status, 0, r.stderr);
  const jpg = fs.readFileSync(out);
  assert.equal(jpg.subarray(0, 3).toString('hex'), 'ffd8ff', 'a JPEG (from the .jpg extension)');
  assert.ok(jpg.length <= 1000000, `${jpg.length} bytes`);
  assert.ok(zbar(out).startsWith(`${page}?v=2&`));
});

test('card: an existing file is not overwritten without --force; temp files do not stay', () => {
  const out = path.join(tmp, 'exists.png');
  fs.writeFileSync(out, 'keep me');
  const r = run('card', ...scenario, '--out', out);
  assert.equal(r.status, 1);
  assert.match(r.stderr, /exists/);
  assert.equal(fs.readFileSync(out, 'utf8'), 'keep me');
  const f = run('card', ...scenario, '--out', out, '--force');
  assert.equal(f.status, 0, f.stderr);
  assert.notEqual(fs.readFileSync(out, 'utf8'), 'keep me');
  assert.deepEqual(fs.readdirSync(tmp).filter((n) => n.includes('.tmp-')), []);
});

test('card --format svg: text escaped, QR code drawn; a bad scenario still gets its card', () => {
  const out = path.join(tmp, 'card.svg');
  const r = run('card', ...scenario, '--out', out, '--format', 'svg', '--link', `${page}?v=1&model=deepseek-r1`);
  assert.equal(r.status, 0, r.stderr);
  const svg = fs.readFileSync(out, 'utf8');
  assert.ok(svg.startsWith('<?xml'));
  assert.match(svg, /<path fill="#1a1a1a"/);
  assert.ok(svg.includes('?v=2&amp;'), 'the printed link escaped (written as version 2)');
  const bad = path.join(tmp, 'bad.svg');
  const b = run('card', '--model', 'no-such-model', '--out', bad);
  assert.equal(b.status, 1);
  assert.match(fs.readFileSync(bad, 'utf8'), /no-such-model/);
  const piped = run('card', '--model', 'no-such-model', '--out', '-', '--format', 'svg');
  assert.equal(piped.status, 1);
  assert.equal(piped.stdout, '', 'a failure prints nothing on standard output');
});

test('plan --link: a link without a scenario is an error naming the link', () => {
  const r = run('plan', '--link', 'https://example.org/');
  assert.equal(r.status, 1);
  assert.match(r.stderr, /link/);
});

// Measured 2026-12 before links version 2: 188 characters with a 28-character page address (the
// query alone was 159). Version 2 (short keys, '~' lists, 128k, the catalog's shortest names):
// tests/test_url_state_v2.cpp bounds every generated heavy scenario at 150; this one goes
// through the CLI, the PNG and zbarimg, and the v=1 form of the same link plans the same pick.
test('share link of a heavy scenario: at most 150 characters, read back from the QR code (issue 29)', () => {
  const page28 = 'https://cardfit.example/app/';
  assert.equal(page28.length, 28);
  const heavy = ['--model', 'deepseek-r1-distill-qwen-32b', '--precision', 'fp8', '--context', '128k',
                 '--budget-tier', '12000-30000', '--platform', 'autodl,aliyun,tencent-cloud', '--allow-spot',
                 '--student', '--lang', 'zh'];
  const out = path.join(tmp, 'heavy.png');
  const r = run('card', ...heavy, '--page-url', page28, '--out', out);
  assert.equal(r.status, 0, r.stderr);
  const link = zbar(out);
  assert.ok(link.length <= 150, `the link is ${link.length} characters, ${link.length - 150} over 150: ${link}`);
  // Only RFC 3986 unreserved characters in keys and values (chat apps' link detectors stop at ',').
  assert.match(link.slice(page28.length), /^\?[A-Za-z0-9._~=&-]+$/);
  const v1 = `${page28}?v=1&model=deepseek-r1-distill-qwen-32b&precision=fp8&context=131072&budget-tier=12000-30000` +
             '&platform=autodl,aliyun,tencent-cloud&student=1&allow-spot=1&lang=zh';
  assert.deepEqual(pickOf(['--link', link]), pickOf(['--link', v1]));
});

// A vendor kit's card (docs/embed.md): the QR code opens the vendor's page_url, the vendor's
// platform is listed first in the link, and its name is drawn as text (escaped in the SVG).
test('card --vendor: the QR code is the vendor page_url link; the name drawn as text', () => {
  const vendor = path.join(tmp, 'vendor.json');
  fs.writeFileSync(vendor, JSON.stringify({ name: '示例云 <b>"GPU"</b>', page_url: 'https://gpu.example.com/cardfit/',
                                            accent: '#c0392b', platform: 'autodl' }));
  const out = path.join(tmp, 'vendor.png');
  const r = run('card', ...scenario, '--vendor', vendor, '--out', out);
  assert.equal(r.status, 0, r.stdout + r.stderr);
  const link = zbar(out);
  assert.ok(link.startsWith('https://gpu.example.com/cardfit/?v=2&'), link);
  assert.ok(link.includes('&pf=autodl'), link);
  assert.deepEqual(pickOf(['--link', link]), pickOf([...scenario, '--platform-first', 'autodl']));
  const svgOut = path.join(tmp, 'vendor.svg');
  assert.equal(run('card', ...scenario, '--vendor', vendor, '--out', svgOut).status, 0);
  const svg = fs.readFileSync(svgOut, 'utf8');
  assert.ok(svg.includes('示例云 &lt;b&gt;&quot;GPU&quot;&lt;/b&gt;'), 'the name escaped');
  assert.ok(!svg.includes('<b>'));
  assert.match(svg, /<rect[^>]*fill="#c0392b"/, 'the header band in the vendor colour');
  // --page-url still wins over the vendor's page.
  const own = path.join(tmp, 'vendor-own.png');
  assert.equal(run('card', ...scenario, '--vendor', vendor, '--page-url', page, '--out', own).status, 0);
  assert.ok(zbar(own).startsWith(`${page}?v=2&`));
});
