// `make vendor-kit` (tools/vendor_kit.py, docs/embed.md) on a fake built page (no WebAssembly
// needed: index.html from web/, placeholder cardfit.js/.wasm, the build's own csp/sw/offline
// tools): every vendor string escaped (a name holding </script> stays data), og:image and og:url
// absolute, the overlay and logo same-origin, the offline file with the overlay and logo inside, the
// folder written by temp-and-rename (no temp left, a folder that is not a kit never replaced),
// and vendor.json checked alike by the kit and by `cardfit card --vendor` (the kit runs the core's
// check, `cardfit vendor --check`).
// Run by CTest (cli_vendor_kit): CARDFIT_CLI = the binary, CARDFIT_ROOT = the repository root.
import test from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { run, root } from '../cli/cli_helpers.mjs';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'cardfit-kit-'));
test.after(() => fs.rmSync(tmp, { recursive: true, force: true }));
const py = (...args) => spawnSync('python3', args, { encoding: 'utf8' });
const tool = path.join(root, 'tools', 'vendor_kit.py');

// The fake dist: what the page's build writes, with placeholder module files.
const dist = path.join(tmp, 'dist');
fs.mkdirSync(dist);
fs.copyFileSync(path.join(root, 'web', 'index.html'), path.join(dist, 'index.html'));
for (const f of ['icon.svg', 'manifest.webmanifest', 'og-image.png']) fs.copyFileSync(path.join(root, 'web', f), path.join(dist, f));
fs.writeFileSync(path.join(dist, 'cardfit.js'), '/* module */');
fs.writeFileSync(path.join(dist, 'cardfit.wasm'), Buffer.from([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0]));
for (const argv of [['page_csp.py', path.join(dist, 'index.html'), path.join(dist, 'csp.txt')], ['make_sw.py', dist],
                    ['make_offline.py', dist, path.join(dist, 'cardfit-offline.html')]]) {
  const r = py(path.join(root, 'tools', argv[0]), ...argv.slice(1));
  assert.equal(r.status, 0, r.stderr);
}
assert.equal(spawnSync('gzip', ['-k9', path.join(dist, 'index.html')]).status, 0);  // as tools/precompress.mjs leaves it

const kit = path.join(tmp, 'kit');
fs.mkdirSync(kit);
const nasty = '云</script><script>alert(1)</script>"Q"&\u2028';
fs.writeFileSync(path.join(kit, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"/>');
const overlay = { schema: 'cardfit.catalog/1', platforms: [] };
fs.writeFileSync(path.join(kit, 'prices.json'), JSON.stringify(overlay));
function vendorFile(name, fields) {
  const file = path.join(kit, name);
  fs.writeFileSync(file, JSON.stringify(fields));
  return file;
}
const good = { name: nasty.replace('\u2028', ''), page_url: 'https://gpu.example.com/cardfit/', accent: '#c0392b',
               logo: 'logo.svg', overlay: 'prices.json', platform: 'autodl' };

function dataBlock(page, id) {
  const m = new RegExp(`<script type="application/json" id="${id}">([^]*?)</script>`).exec(page);
  assert.ok(m, `a ${id} block`);
  return m[1];
}

test('vendor-kit: defaults as escaped data, absolute og addresses, same-origin files, offline form', () => {
  const out = path.join(tmp, 'out');
  const r = py(tool, vendorFile('v.json', good), dist, out);
  assert.equal(r.status, 0, r.stderr);
  const page = fs.readFileSync(path.join(out, 'index.html'), 'utf8');
  const block = dataBlock(page, 'cardfit-vendor');
  assert.ok(!/[<>&]/.test(block), `no < > & in the block: ${block}`);
  const v = JSON.parse(block);
  assert.equal(v.name, good.name, 'the name, exactly, once parsed');
  assert.equal(v.overlay, 'vendor-overlay.json');
  assert.equal(v.logo, 'vendor-logo.svg');
  assert.equal(v.page_url, good.page_url);
  // The page's scripts: still exactly the page's own (the CSP's hashes unchanged).
  assert.equal((page.match(/<script>/g) || []).length, (fs.readFileSync(path.join(dist, 'index.html'), 'utf8').match(/<script>/g) || []).length);
  assert.equal(fs.readFileSync(path.join(out, 'csp.txt'), 'utf8'), fs.readFileSync(path.join(dist, 'csp.txt'), 'utf8'));
  assert.ok(!page.includes('alert(1)</script>'), 'the name never closes a script');
  assert.match(page, /<title>云&lt;\/script&gt;&lt;script&gt;alert\(1\)&lt;\/script&gt;&quot;Q&quot;&amp; · cardfit/);
  assert.match(page, /<meta property="og:image" content="https:\/\/gpu\.example\.com\/cardfit\/og-image\.png">/);
  assert.match(page, /<meta itemprop="image" content="https:\/\/gpu\.example\.com\/cardfit\/og-image\.png">/);
  assert.match(page, /<meta property="og:url" content="https:\/\/gpu\.example\.com\/cardfit\/">/);
  assert.match(page, /<meta name="theme-color" content="#c0392b">/);
  assert.deepEqual(JSON.parse(fs.readFileSync(path.join(out, 'vendor-overlay.json'), 'utf8')), overlay);
  assert.ok(fs.readFileSync(path.join(out, 'vendor-logo.svg'), 'utf8').startsWith('<svg'));
  // The service worker caches this index.html (its digest), the .gz is this index.html.
  const digest = crypto.createHash('sha256').update(fs.readFileSync(path.join(out, 'index.html'))).digest('hex');
  assert.ok(fs.readFileSync(path.join(out, 'sw.js'), 'utf8').includes(digest), 'sw.js names the new index.html');
  assert.equal(spawnSync('gzip', ['-dc', path.join(out, 'index.html.gz')]).stdout.toString('utf8'), page);
  // The offline file: the vendor block and the overlay's text inside, as data.
  const offline = fs.readFileSync(path.join(out, 'cardfit-offline.html'), 'utf8');
  assert.equal(JSON.parse(dataBlock(offline, 'cardfit-vendor')).name, good.name);
  assert.deepEqual(JSON.parse(JSON.parse(dataBlock(offline, 'cardfit-vendor-overlay'))), overlay);
  // ... and the logo's bytes, base64 (the page decodes them: index.html logoFromKit).
  assert.deepEqual(Buffer.from(JSON.parse(dataBlock(offline, 'cardfit-vendor-logo')), 'base64'), fs.readFileSync(path.join(out, 'vendor-logo.svg')));
  // Temp-and-rename: nothing left beside OUT.
  assert.deepEqual(fs.readdirSync(tmp).filter((n) => n.includes('.tmp-') || n.includes('.old-')), []);
  // A second run replaces the kit as a whole; a folder that is not a kit is never replaced.
  fs.writeFileSync(path.join(out, 'stale.txt'), 'old');
  const again = py(tool, vendorFile('v.json', { ...good, accent: '#112233' }), dist, out);
  assert.equal(again.status, 0, again.stderr);
  assert.ok(!fs.existsSync(path.join(out, 'stale.txt')));
  assert.equal(JSON.parse(dataBlock(fs.readFileSync(path.join(out, 'index.html'), 'utf8'), 'cardfit-vendor')).accent, '#112233');
  const mine = path.join(tmp, 'mine');
  fs.mkdirSync(mine);
  fs.writeFileSync(path.join(mine, 'keep.txt'), 'keep');
  const refused = py(tool, vendorFile('v.json', good), dist, mine);
  assert.equal(refused.status, 1);
  assert.match(refused.stderr, /not a vendor kit/);
  assert.equal(fs.readFileSync(path.join(mine, 'keep.txt'), 'utf8'), 'keep');
  assert.deepEqual(fs.readdirSync(tmp).filter((n) => n.includes('.tmp-') || n.includes('.old-')), []);
});

test('vendor-kit: a script in an SVG logo, or a logo too large, is refused', () => {
  fs.writeFileSync(path.join(kit, 'bad.svg'), '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>');
  const r = py(tool, vendorFile('bad-logo.json', { ...good, logo: 'bad.svg' }), dist, path.join(tmp, 'bad-logo'));
  assert.equal(r.status, 1);
  assert.match(r.stderr, /logo: an SVG without scripts/);
  assert.ok(!fs.existsSync(path.join(tmp, 'bad-logo')));
  fs.writeFileSync(path.join(kit, 'big.png'), Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(300000)]));
  const big = py(tool, vendorFile('big-logo.json', { ...good, logo: 'big.png' }), dist, path.join(tmp, 'big-logo'));
  assert.equal(big.status, 1);
  assert.match(big.stderr, /logo: \d+ bytes: at most/);
  assert.deepEqual(fs.readdirSync(tmp).filter((n) => n.includes('.tmp-')), []);
});

// The same bad files, refused by the kit and by `cardfit card --vendor`, each naming the field, in
// English and Chinese: the kit prints the core's own messages (it asks `cardfit vendor --check`;
// there is no second copy of the rules in Python), so each line the card command printed after
// its "error:" prefix is in the kit's output word for word.
for (const [field, fields] of [
  ['accent', { ...good, accent: 'red' }],
  ['name', { ...good, name: 'x'.repeat(41) }],
  ['page_url', { ...good, page_url: 'http://gpu.example.com/' }],
  ['page_url', { ...good, page_url: 'https://gpu.example.com/"><script>' }],
  ['logo', { ...good, logo: '../logo.png' }],
  ['platform', { ...good, platform: 'Auto DL' }],
]) {
  test(`vendor.json: a bad ${field} is named by the tool and by cardfit card --vendor`, () => {
    const file = vendorFile(`bad-${field}.json`, fields);
    const t = py(tool, file, dist, path.join(tmp, `never-${field}`));
    assert.equal(t.status, 1);
    assert.ok(t.stderr.includes(`${field}: `) && t.stderr.includes(`${field}：`), t.stderr);
    assert.ok(!fs.existsSync(path.join(tmp, `never-${field}`)));
    for (const lang of ['en', 'zh']) {
      const c = run('card', '--model', 'qwen2.5-7b', '--vendor', file, '--lang', lang, '--out', path.join(tmp, `never-${field}.png`));
      assert.equal(c.status, 1);
      const mark = lang === 'en' ? `${field}: ` : `${field}：`;
      const line = c.stderr.split('\n').find((l) => l.includes(mark));
      assert.ok(line, c.stderr);
      assert.ok(t.stderr.includes(line.slice(line.indexOf(mark))), `the core's words in the kit's output:\n${line}\n${t.stderr}`);
      assert.ok(!fs.existsSync(path.join(tmp, `never-${field}.png`)));
    }
  });
}

test('cardfit vendor --check: the fields as the core read them, or the core\'s errors (en, zh); the overlay as --catalog reads it', () => {
  const ok = run('vendor', '--check', vendorFile('v.json', good), '--json');
  assert.equal(ok.status, 0, ok.stderr);
  assert.deepEqual(JSON.parse(ok.stdout), { schema: 'cardfit.vendor/1', ok: true, vendor: good });
  const text = run('vendor', '--check', vendorFile('v.json', good));
  assert.equal(text.status, 0, text.stderr);
  assert.match(text.stdout, /a valid vendor\.json/);
  const bad = run('vendor', '--check', vendorFile('two-bad.json', { ...good, accent: 'red', colour: '#fff' }), '--json', '--lang', 'zh');
  assert.equal(bad.status, 1);
  const errors = JSON.parse(bad.stdout).errors.map((e) => e.field).sort();
  assert.deepEqual(errors, ['accent', 'colour']);
  // An overlay that is JSON but not one the catalog takes: refused by the core's loader, by name.
  fs.writeFileSync(path.join(kit, 'not-overlay.json'), JSON.stringify({ schema: 'cardfit.catalog/1', gpuz: [] }));
  const file = vendorFile('bad-overlay.json', { ...good, overlay: 'not-overlay.json' });
  const o = run('vendor', '--check', file);
  assert.equal(o.status, 1);
  assert.match(o.stderr, /gpuz/);
  const k = py(tool, file, dist, path.join(tmp, 'never-overlay'));
  assert.equal(k.status, 1);
  assert.match(k.stderr, /gpuz/);
  assert.ok(!fs.existsSync(path.join(tmp, 'never-overlay')));
  const missing = run('vendor', '--check', vendorFile('no-logo.json', { ...good, logo: 'absent.png' }), '--lang', 'zh');
  assert.equal(missing.status, 1);
  assert.match(missing.stderr, /logo：无法读取 absent\.png/);
});

test('a name with characters cardfit\'s fonts lack: vendor --check, the kit and card name each, never silent', () => {
  // 云算力ⅩⅩ: 云算力 are in the fonts (the message table has them), ROMAN NUMERAL TEN U+2169 is not
  // (tools/font_chars.py); a rare Han character (U+9F98) neither.
  const file = vendorFile('glyphs.json', { ...good, name: '云算力ⅩⅩ 龘' });
  const j = run('vendor', '--check', file, '--json');
  assert.equal(j.status, 0, j.stderr);
  const answer = JSON.parse(j.stdout);
  assert.equal(answer.ok, true);
  assert.equal(answer.warnings.length, 1, j.stdout);
  assert.equal(answer.warnings[0].field, 'name');
  assert.match(answer.warnings[0].message, /Ⅹ \(U\+2169\), 龘 \(U\+9F98\)/);
  assert.ok(!answer.warnings[0].message.includes('U+4E91'), '云 is drawn');
  const zh = run('vendor', '--check', file, '--lang', 'zh');
  assert.equal(zh.status, 0, zh.stderr);
  assert.match(zh.stderr, /警告：name：cardfit 的字体中没有 Ⅹ \(U\+2169\), 龘 \(U\+9F98\) 的字形/);
  const k = py(tool, file, dist, path.join(tmp, 'glyph-kit'));
  assert.equal(k.status, 0, k.stderr);
  assert.match(k.stderr, /warning: name: cardfit's fonts have no glyph for Ⅹ \(U\+2169\)/);
  assert.match(k.stderr, /warning: name：cardfit 的字体中没有 Ⅹ/);
  const png = path.join(tmp, 'glyph-card.png');
  const c = run('card', '--vendor', vendorFile('glyphs-png.json', { ...good, name: '云算力ⅩⅩ 龘', logo: undefined, overlay: undefined }),
                '--model', 'qwen2.5-7b', '--out', png);
  assert.equal(c.status, 0, c.stderr);
  assert.match(c.stderr, /no glyph for Ⅹ \(U\+2169\), 龘 \(U\+9F98\)/);
  // Every character drawn: no warning.
  const plain = run('card', '--vendor', vendorFile('plain-png.json', { ...good, name: '示例云 GPU', logo: undefined, overlay: undefined }),
                    '--model', 'qwen2.5-7b', '--out', path.join(tmp, 'plain-card.png'));
  assert.equal(plain.status, 0, plain.stderr);
  assert.ok(!/glyph/.test(plain.stderr), plain.stderr);
  const ok = run('vendor', '--check', vendorFile('plain.json', { ...good, name: '示例云 GPU' }), '--json');
  assert.equal(JSON.parse(ok.stdout).warnings, undefined);
});

test('make vendor-kit: the documented command writes the kit; without VENDOR it says how', () => {
  const out = path.join(tmp, 'made');
  const r = spawnSync('make', ['-s', '-C', root, 'vendor-kit', `VENDOR=${vendorFile('v.json', good)}`, `DIST=${dist}`, `OUT=${out}`],
                      { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, /vendor-kit: .* for https:\/\/gpu\.example\.com\/cardfit\/ \(with cardfit-offline\.html\)/);
  assert.ok(fs.existsSync(path.join(out, 'index.html')) && fs.existsSync(path.join(out, '.cardfit-vendor-kit')));
  const usage = spawnSync('make', ['-s', '-C', root, 'vendor-kit', `DIST=${dist}`], { encoding: 'utf8' });
  assert.notEqual(usage.status, 0);
  assert.match(usage.stdout, /make vendor-kit VENDOR=path\/vendor\.json/);
});
