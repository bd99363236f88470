// Offline after the first visit (sw.js, tools/make_sw.py), in headless Chromium: the first visit
// online, then offline the page still shows its result; a new deployment replaces the cache as a
// whole, and one served half-old (a new sw.js beside an old wasm) changes nothing; a damaged
// cached file is fetched again. The dist is copied to a temporary folder so that a deployment can
// be changed; the embed works with and without the worker.
import test from 'node:test';
import assert from 'node:assert/strict';
import { spawn, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';

const dist = process.env.CARDFIT_DIST;
const root = process.env.CARDFIT_ROOT || path.resolve(dist, '../../..');
const site = fs.mkdtempSync(path.join(os.tmpdir(), 'cardfit-sw-'));
const FILES = ['index.html', 'cardfit.js', 'cardfit.wasm', 'manifest.webmanifest', 'icon.svg', 'embed.html', 'embed.js'];
// A split build (CARDFIT_WEB_SPLIT): the UI's code too.
if (fs.existsSync(path.join(dist, 'cardfit.deferred.wasm'))) FILES.push('cardfit.deferred.wasm');
for (const f of FILES) fs.copyFileSync(path.join(dist, f), path.join(site, f));
const makeWorker = () => execFileSync('python3', [path.join(root, 'tools/make_sw.py'), site]);
makeWorker();

function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => { const { port } = s.address(); s.close(() => resolve(port)); });
  });
}

let server, browser, base, port;
async function serve() {
  server = spawn('python3', ['-m', 'http.server', String(port), '--bind', '127.0.0.1', '--directory', site], { stdio: 'ignore' });
  for (let i = 0; i < 100; i++) {
    try { if ((await fetch(`${base}/index.html`)).ok) return; } catch { /* not up yet */ }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the server did not start');
}
// Offline: the browser's offline mode and no server at all (the offline mode does not cover
// the worker's own fetches in every Chromium).
async function offline(context, on) {
  await context.setOffline(on);
  if (on) {
    const gone = new Promise((r) => server.once('exit', r));
    server.kill();
    await gone;
  } else {
    await serve();
  }
}
// Waits until the only cardfit cache is `name` (asking the worker to check for an update).
async function cacheIs(page, name) {
  for (let i = 0; i < 60; i++) {
    const keys = await page.evaluate(() => caches.keys());
    if (keys.length === 1 && keys[0] === name) return;
    await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r && r.update()).catch(() => {}));
    await new Promise((r) => setTimeout(r, 500));
  }
  assert.deepEqual(await page.evaluate(() => caches.keys()), [name]);
}
test.before(async () => {
  port = await freePort();
  base = `http://127.0.0.1:${port}`;
  await serve();
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: ['--use-gl=angle', '--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--no-sandbox',
           '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
  });
});
// A test that failed while offline left no server: the next one starts with it up again.
test.beforeEach(async () => {
  if (server && server.exitCode === null && server.signalCode === null) return;
  await serve();
});
test.after(async () => {
  await browser?.close();
  server?.kill();
  fs.rmSync(site, { recursive: true, force: true });
});

async function ready(page) {
  await page.waitForFunction(() => (window.cardfit && window.cardfit.frameCount() > 3) || window.cardfitError, null, { timeout: 60000 });
  assert.equal(await page.evaluate(() => window.cardfitError || null), null);
}
// The worker installed and in control, its cache complete: -> the cache names.
async function controlled(page) {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForFunction(() => !!navigator.serviceWorker.controller, null, { timeout: 30000 });
  return page.evaluate(() => caches.keys());
}
const version = () => /const VERSION = '([0-9a-f]+)'/.exec(fs.readFileSync(path.join(site, 'sw.js'), 'utf8'))[1];
const result = (page) => page.evaluate(() => window.cardfit.plan({ model: 'qwen2.5-7b' }).ok);

// A new deployment: the same page with a marker in index.html, cardfit.js and the wasm (a custom
// section, which the module ignores).
function deploy(tag) {
  fs.appendFileSync(path.join(site, 'index.html'), `<!-- deployment ${tag} -->\n`);
  fs.appendFileSync(path.join(site, 'cardfit.js'), `\n// deployment ${tag}\n`);
  const name = Buffer.from('cardfit-test'), payload = Buffer.from(tag);
  fs.appendFileSync(path.join(site, 'cardfit.wasm'), Buffer.concat([Buffer.from([0, name.length + payload.length + 1, name.length]), name, payload]));
  makeWorker();
}

test('offline after the first visit; a new deployment replaces the cache; a half-deployed one changes nothing; a damaged file is fetched again', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(`${base}/index.html?lang=en`);
  await ready(page);
  const v1 = version();
  assert.deepEqual(await controlled(page), [`cardfit-${v1}`]);
  assert.equal(await page.evaluate(() => window.cardfitWorkerError || null), null);

  // Offline: the page, its module and its result from the cache.
  await offline(context, true);
  await page.reload();
  await ready(page);
  assert.equal(await result(page), true);
  assert.match(await page.textContent('#mirror'), /GB/);
  await offline(context, false);

  // A new deployment: the worker is checked on the next visit and the cache replaced as a whole.
  deploy('v2');
  const v2 = version();
  assert.notEqual(v2, v1);
  await page.reload();
  await ready(page);
  await cacheIs(page, `cardfit-${v2}`);
  await offline(context, true);
  await page.reload();
  await ready(page);
  const served = await page.evaluate(async () => {
    const text = async (n) => new TextDecoder().decode(await (await fetch(n)).arrayBuffer());
    return { html: await text('index.html'), js: await text('cardfit.js'), wasm: await text('cardfit.wasm') };
  });
  assert.match(served.html, /deployment v2/);
  assert.match(served.js, /deployment v2/);
  assert.match(served.wasm, /cardfit-testv2$/);
  await offline(context, false);

  // Half deployed: a v3 worker beside the v2 wasm (a CDN part way through): never a new JS with an
  // old wasm; the v2 cache stays whole and the page works offline.
  const saved = Object.fromEntries(['index.html', 'cardfit.js', 'sw.js'].map((f) => [f, fs.readFileSync(path.join(site, f))]));
  const wasm2 = fs.readFileSync(path.join(site, 'cardfit.wasm'));
  deploy('v3');
  fs.writeFileSync(path.join(site, 'cardfit.wasm'), wasm2);
  await page.reload();
  await ready(page);
  await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r.update()).catch(() => {}));
  // Under load the v3 worker's install (which opens its cache, then deletes it on finding the
  // old wasm) may still be running: poll (bounded) from here until no worker is installing and
  // the v2 cache is the only one. (A page.waitForFunction whose function returned a promise did
  // not hold the test: it failed 20 s in, so that wait most likely returned at once.)
  let settled = null;
  for (let i = 0; i < 60; i++) {
    await page.waitForTimeout(500);
    settled = await page.evaluate(async () => {
      const r = await navigator.serviceWorker.getRegistration();
      return { installing: !!(r && r.installing), keys: await caches.keys() };
    });
    if (!settled.installing && settled.keys.length === 1) break;
  }
  assert.deepEqual(settled.keys, [`cardfit-${v2}`]);
  await offline(context, true);
  await page.reload();
  await ready(page);
  assert.match(await page.evaluate(async () => new TextDecoder().decode(await (await fetch('cardfit.js')).arrayBuffer())), /deployment v2\n$/);
  await offline(context, false);

  // A damaged cached wasm (cut short) and cached JS (changed): fetched again, never a blank page.
  // The server is back on v2 (the half deployment undone).
  for (const [f, data] of Object.entries(saved)) fs.writeFileSync(path.join(site, f), data);
  await page.evaluate(async (name) => {
    const cache = await caches.open(name);
    const wasm = await (await cache.match('cardfit.wasm')).arrayBuffer();
    await cache.put('cardfit.wasm', new Response(wasm.slice(0, 1000), { headers: { 'content-type': 'application/wasm' } }));
    await cache.put('cardfit.js', new Response('throw new Error("damaged")', { headers: { 'content-type': 'text/javascript' } }));
  }, `cardfit-${v2}`);
  await page.reload();
  await ready(page);
  assert.equal(await result(page), true);
  const repaired = await page.evaluate(async (name) => (await (await (await caches.open(name)).match('cardfit.wasm')).arrayBuffer()).byteLength, `cardfit-${v2}`);
  assert.equal(repaired, wasm2.length);
  assert.deepEqual(errors, []);
  await context.close();
});

test('damaged cache and no network: the page says why instead of going blank', async () => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${base}/index.html?lang=en`);
  await ready(page);
  const keys = await controlled(page);
  await page.evaluate(async (name) => {
    const cache = await caches.open(name);
    await cache.put('cardfit.wasm', new Response('not wasm', { headers: { 'content-type': 'application/wasm' } }));
  }, keys[0]);
  // Nor in the HTTP cache: the worker would repair the wasm from the first visit's download while
  // it is still fresh (python's server sends Last-Modified; a file some seconds old is fresh a few seconds).
  await (await context.newCDPSession(page)).send('Network.clearBrowserCache');
  await offline(context, true);
  await page.reload();
  await page.waitForFunction(() => (window.cardfit && window.cardfit.frameCount() > 3) || window.cardfitError, null, { timeout: 60000 });
  assert.match(await page.textContent('#status'), /cannot run|无法运行/);
  await offline(context, false);
  await context.close();
});

test('the embed works with the worker (offline after a visit) and without it', async () => {
  const withWorker = await browser.newContext();
  const page = await withWorker.newPage();
  await page.goto(`${base}/index.html?embed=1&lang=en`);
  await ready(page);
  await controlled(page);
  await offline(withWorker, true);
  await page.reload();
  await ready(page);
  assert.equal(await result(page), true);
  await offline(withWorker, false);
  await withWorker.close();

  const without = await browser.newContext({ serviceWorkers: 'block' });
  const p2 = await without.newPage();
  await p2.goto(`${base}/embed.html`);
  const frame = await (await p2.waitForSelector('iframe')).contentFrame();
  await frame.waitForFunction(() => window.cardfit && window.cardfit.frameCount() > 3, null, { timeout: 60000 });
  assert.equal(await frame.evaluate(() => window.cardfit.plan({}).ok), true);
  await without.close();
});

test('the manifest names the page and its icon', async () => {
  const manifest = JSON.parse(fs.readFileSync(path.join(site, 'manifest.webmanifest'), 'utf8'));
  assert.equal(manifest.start_url, './');
  assert.ok(manifest.icons.some((i) => i.src === 'icon.svg' && fs.existsSync(path.join(site, i.src))));
  assert.match(fs.readFileSync(path.join(dist, 'index.html'), 'utf8'), /<link rel="manifest" href="manifest.webmanifest">/);
  assert.doesNotMatch(fs.readFileSync(path.join(dist, 'cardfit-offline.html'), 'utf8'), /rel="manifest"/);
});
