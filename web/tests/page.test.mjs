// Loads the built page in headless Chromium (SwiftShader WebGL2), waits for the first
// rendered frame, checks the canvas is not blank, and saves a screenshot under build/.
import test from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';

const dist = process.env.CARDFIT_DIST;
const shots = process.env.CARDFIT_SCREENSHOT_DIR || dist;

function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => { const { port } = s.address(); s.close(() => resolve(port)); });
  });
}

async function waitForServer(url, ms) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    try { if ((await fetch(url)).ok) return; } catch { /* not up yet */ }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server at ${url} did not start`);
}

let server, browser, base;
test.before(async () => {
  const port = await freePort();
  server = spawn('python3', ['-m', 'http.server', String(port), '--bind', '127.0.0.1', '--directory', dist],
                 { stdio: 'ignore' });
  base = `http://127.0.0.1:${port}`;
  await waitForServer(`${base}/index.html`, 10000);
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: ['--use-gl=angle', '--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--no-sandbox',
           '--disable-background-networking', '--disable-component-update', '--disable-sync',
           '--no-first-run', '--disable-quic'],
  });
});
test.after(async () => {
  await browser?.close();
  server?.kill();
});

async function openPage(query, viewport = { width: 1280, height: 800 }, deviceScaleFactor = 1) {
  const context = await browser.newContext({ viewport, deviceScaleFactor });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (msg) => { if (msg.type() === 'error') errors.push(msg.text()); });
  await page.goto(`${base}/index.html${query}`);
  await page.waitForFunction(() => window.cardfit && window.cardfit.frameCount() > 3 || window.cardfitError,
                             null, { timeout: 60000 });
  const fatal = await page.evaluate(() => window.cardfitError || null);
  assert.equal(fatal, null, `page reported: ${fatal}`);
  return { page, context, errors };
}

// NOTE: a WebGL canvas is cleared once composited, so it is copied inside a
// requestAnimationFrame callback, right after the app's own callback has drawn the frame.
async function canvasStats(page) {
  return page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => {
    const c = document.getElementById('canvas');
    const copy = document.createElement('canvas');
    copy.width = c.width; copy.height = c.height;
    const ctx = copy.getContext('2d');
    ctx.drawImage(c, 0, 0);
    const d = ctx.getImageData(0, 0, copy.width, copy.height).data;
    const colours = new Set();
    for (let i = 0; i < d.length; i += 4 * 97) colours.add((d[i] << 16) | (d[i + 1] << 8) | d[i + 2]);
    resolve({ width: c.width, height: c.height, colours: colours.size });
  })));
}

test('page renders the UI (first frame, non-blank canvas, screenshot)', async () => {
  const { page, context, errors } = await openPage('?lang=zh');
  const hidden = await page.evaluate(() => document.getElementById('status').classList.contains('hidden'));
  assert.equal(hidden, true, 'loading indicator still visible');
  const stats = await canvasStats(page);
  assert.equal(stats.width, 1280);
  assert.ok(stats.colours > 20, `canvas looks blank (${stats.colours} colours)`);
  fs.mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: path.join(shots, 'web-screenshot.png') });
  assert.deepEqual(errors, []);
  await context.close();
});

test('high-DPI: the canvas backing store follows devicePixelRatio; resize follows the window', async () => {
  const { page, context } = await openPage('', { width: 900, height: 600 }, 2);
  let stats = await canvasStats(page);
  assert.equal(stats.width, 1800);
  assert.equal(stats.height, 1200);
  await page.setViewportSize({ width: 700, height: 500 });
  await page.waitForFunction(() => document.getElementById('canvas').width === 1400, null, { timeout: 10000 });
  stats = await canvasStats(page);
  assert.equal(stats.height, 1000);
  await context.close();
});

test('a shared link opens its scenario; a click changes the task and the URL follows', async () => {
  const { page, context, errors } = await openPage('?v=1&model=llama-3.1-70b&precision=fp16&context=8k&lang=zh');
  assert.match(await page.evaluate(() => window.cardfit.uiState()), /model=llama-3\.1-70b&precision=fp16&context=8192/);
  // The "LoRA" radio button of the task row (at 1280x800 in Chinese; ImGui reads input once
  // per frame, so wait for frames between the move, the press and the release).
  const frames = (n) => page.evaluate((k) => new Promise((resolve) => {
    const start = window.cardfit.frameCount();
    const tick = () => (window.cardfit.frameCount() >= start + k ? resolve() : requestAnimationFrame(tick));
    tick();
  }), n);
  await page.mouse.move(90, 266);
  await frames(3);
  await page.mouse.down();
  await frames(3);
  await page.mouse.up();
  await frames(3);
  await page.waitForFunction(() => /task=lora/.test(location.search), null, { timeout: 10000 });
  assert.match(await page.evaluate(() => location.search), /model=llama-3\.1-70b/);
  assert.match(await page.evaluate(() => window.cardfit.uiState()), /task=lora/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a broken link shows the defaults and keeps running', async () => {
  const { page, context, errors } = await openPage('?v=1&model=NOT%20AN%20ID&context=huge&v2=x');
  const before = await page.evaluate(() => window.cardfit.frameCount());
  await page.waitForFunction((n) => window.cardfit.frameCount() > n + 5, before);
  assert.equal(await page.evaluate(() => window.cardfit.uiState()), 'v=1');
  assert.deepEqual(errors, []);
  await context.close();
});

test('no WebGL2: a clear message instead of a blank page', async () => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.addInitScript(() => {
    const orig = HTMLCanvasElement.prototype.getContext;
    HTMLCanvasElement.prototype.getContext = function (type, ...rest) {
      return type === 'webgl2' ? null : orig.call(this, type, ...rest);
    };
  });
  await page.goto(`${base}/index.html`);
  const text = await page.textContent('#status');
  assert.match(text, /WebGL2/);
  await context.close();
});
