// The page's weight: gzip -9 and brotli (q11, the .br files dist ships: tools/precompress.mjs) of
// every file index.html fetches (its preloads and script, the manifest, the icon, the service
// worker), against web/budget.json: ceilings the build must not grow past, and issue 13's goal
// (250 KB). The .gz and .br files unpack to their files. The offline page (one file, file://)
// must stay within 1.4x of the page's gzip.
import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const dist = process.env.CARDFIT_DIST;
const root = process.env.CARDFIT_ROOT || path.resolve(dist, '../../..');
const budget = JSON.parse(fs.readFileSync(path.join(root, 'web/budget.json'), 'utf8'));
const gzip = (file) => zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;
const brotli = (file) => fs.readFileSync(path.join(dist, file + '.br')).length;

// index.html and what it names: preloads and script sources.
function pageFiles() {
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const names = new Set(['index.html']);
  for (const m of html.matchAll(/<link rel="preload" href="([^"]+)"/g)) names.add(m[1]);
  for (const m of html.matchAll(/script\.src = '([^']+)'/g)) names.add(m[1]);
  for (const m of html.matchAll(/<link rel="(?:manifest|icon)" href="([^"]+)"/g)) names.add(m[1]);
  for (const m of html.matchAll(/serviceWorker\.register\('([^']+)'/g)) names.add(m[1]);
  // A split build (CARDFIT_WEB_SPLIT): the UI's code, fetched by cardfit.js (web/split_pre.js).
  if (fs.existsSync(path.join(dist, 'cardfit.deferred.wasm'))) names.add('cardfit.deferred.wasm');
  return [...names];
}
const files = pageFiles();
const total = files.reduce((t, f) => t + gzip(f), 0);
const totalBrotli = files.reduce((t, f) => t + brotli(f), 0);
const report = files.map((f) => `${f} ${gzip(f)} gzip ${brotli(f)} br`).join(', ');

test('the page fetches its module, its manifest, icon and service worker, and nothing else', () => {
  const split = fs.existsSync(path.join(dist, 'cardfit.deferred.wasm')) ? ['cardfit.deferred.wasm'] : [];
  assert.deepEqual(files.sort(), [...split, 'cardfit.js', 'cardfit.wasm', 'icon.svg', 'index.html', 'manifest.webmanifest', 'sw.js']);
});

test('dist ships a .gz and a .br of each text file and the wasm, unpacking to the file', () => {
  for (const f of [...files, 'embed.html', 'embed.js', 'cardfit-offline.html']) {
    const data = fs.readFileSync(path.join(dist, f));
    assert.ok(zlib.gunzipSync(fs.readFileSync(path.join(dist, f + '.gz'))).equals(data), f + '.gz');
    assert.ok(zlib.brotliDecompressSync(fs.readFileSync(path.join(dist, f + '.br'))).equals(data), f + '.br');
  }
});

test(`the page stays under its brotli ceiling (${budget.ceiling_brotli_bytes} bytes)`, () => {
  assert.ok(totalBrotli <= budget.ceiling_brotli_bytes, `brotli total ${totalBrotli} > ${budget.ceiling_brotli_bytes}: ${report}`);
});

test(`the page stays under its ceiling (${budget.ceiling_gzip_bytes} bytes gzip)`, () => {
  assert.ok(total <= budget.ceiling_gzip_bytes, `gzip total ${total} > ${budget.ceiling_gzip_bytes}: ${report}`);
});

// Issue 13's budget. Reported as TODO (it does not fail the run) until the page meets it;
// then drop `todo` and it guards the budget.
test(`the page transfers at most ${budget.goal_gzip_bytes} bytes gzip`, { todo: total > budget.goal_gzip_bytes ? `at ${total}` : false }, () => {
  assert.ok(total <= budget.goal_gzip_bytes, `gzip total ${total}: ${report}`);
});

test('the offline page is within 1.4x of the page, gzip', () => {
  const offline = gzip('cardfit-offline.html');
  assert.ok(offline <= 1.4 * total, `cardfit-offline.html ${offline} vs the page's ${total}`);
});

// Issue 29 item 5: the link preview. One static set of tags (a static page cannot vary them by
// ?lang=, crawlers run no script; docs/web.md "Link previews"): Chinese first, English beside it,
// og:locale zh_CN with en_US as the alternate, and an image of at least 300 px shipped with the
// page that the page itself never fetches (not preloaded, not in the service worker's list).
test('the link preview: title, description, og tags, and an og:image shipped beside the page', () => {
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const meta = (attr, name) => {
    const m = html.match(new RegExp(`<meta ${attr}="${name.replace(/[.:]/g, '\\$&')}" content="([^"]*)">`));
    return m ? m[1] : null;
  };
  assert.match(html, /<title>[^<]*显卡[^<]*GPU[^<]*<\/title>/);
  for (const [attr, name] of [['name', 'description'], ['property', 'og:title'], ['property', 'og:description'],
                              ['property', 'og:image'], ['itemprop', 'name'], ['itemprop', 'image']]) {
    assert.ok(meta(attr, name), `${attr}=${name}`);
  }
  assert.match(meta('name', 'description'), /[\u4e00-\u9fff]/, 'a Chinese description');
  assert.match(meta('name', 'description'), /[A-Za-z]{4,} [A-Za-z]{4,}/, 'and an English one');
  assert.equal(meta('property', 'og:locale'), 'zh_CN');
  assert.equal(meta('property', 'og:locale:alternate'), 'en_US');
  const image = meta('property', 'og:image');
  const png = fs.readFileSync(path.join(dist, image));
  assert.equal(png.subarray(1, 4).toString(), 'PNG');
  const [w, h] = [png.readUInt32BE(16), png.readUInt32BE(20)];
  assert.ok(w >= 300 && h >= 300, `${image} is ${w}x${h}: WeChat and QQ want 300 px or more`);
  assert.equal(String(w), meta('property', 'og:image:width'));
  assert.equal(String(h), meta('property', 'og:image:height'));
  assert.ok(png.length <= 150000, `${image}: ${png.length} bytes`);
  assert.ok(!files.includes(image), 'the page does not fetch its preview image');
  assert.ok(!fs.readFileSync(path.join(dist, 'sw.js'), 'utf8').includes(image), 'nor does its service worker');
});
