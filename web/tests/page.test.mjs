// The built page in headless Chromium (SwiftShader WebGL2), used as people use it: a desktop
// window (1280x800, maximised sizes), a phone (390x844, DPR 3, touch), an embed; paste, wheel,
// taps and typing, the text view (DOM mirror) against the API's answer, links with bad keys,
// and hostile API input. Screenshots go to CARDFIT_SCREENSHOT_DIR (build/web/).
// Widgets are found by label through cardfit.items(), not by guessed pixels; ImGui reads input
// once per frame, so every action waits for frames (cardfit.frameCount()).
import test from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';

const dist = process.env.CARDFIT_DIST;
const shots = process.env.CARDFIT_SCREENSHOT_DIR || dist;
const root = process.env.CARDFIT_ROOT || path.resolve(dist, '../../..');
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, hasTouch: true, isMobile: true };

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

// [SECTION] Helpers

async function open(query, options = {}, file = 'index.html') {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, ...options });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (msg) => { if (msg.type() === 'error' || msg.type() === 'warning') errors.push(msg.text()); });
  await page.goto(`${base}/${file}${query}`);
  if (file === 'index.html') await ready(page);
  return { page, context, errors, frames: (n) => frames(page, n) };
}

async function ready(page) {
  await page.waitForFunction(() => (window.cardfit && window.cardfit.frameCount() > 3) || window.cardfitError,
                             null, { timeout: 60000 });
  assert.equal(await page.evaluate(() => window.cardfitError || null), null);
  await page.evaluate(() => window.cardfit.items());  // start recording the widgets
  await frames(page, 4);
}

function frames(page, n) {
  return page.evaluate((k) => new Promise((resolve) => {
    const start = window.cardfit.frameCount();
    const tick = () => (window.cardfit.frameCount() >= start + k ? resolve() : requestAnimationFrame(tick));
    tick();
  }), n);
}

const items = (page) => page.evaluate(() => window.cardfit.items());

// The widget labelled `label` (a string or a RegExp), scrolled into the window when the page scrolls.
async function find(page, label) {
  const match = (i) => (typeof label === 'string' ? i.label === label : label.test(i.label));
  await frames(page, 2);
  let it = (await items(page)).find(match);
  const vh = await page.evaluate(() => window.innerHeight);
  // ImGui skips widgets scrolled out of the window: not drawn, not listed. Look down the page.
  for (let y = 0; !it; y += vh / 2) {
    const moved = await page.evaluate((top) => { window.scrollTo(0, top); return window.scrollY >= top - 1; }, y);
    await frames(page, 4);
    it = (await items(page)).find(match);
    if (!moved) break;  // the bottom of the page
  }
  if (it && (it.y < 0 || it.y + it.h > vh)) {
    const scrolls = await page.evaluate((dy) => { const y = window.scrollY; window.scrollBy(0, dy); return window.scrollY !== y; },
                                        it.y - vh / 3);
    if (scrolls) {
      await frames(page, 4);
      it = (await items(page)).find(match);
    }
  }
  assert.ok(it, `no widget labelled ${label}`);
  return it;
}

async function click(page, label) {
  const it = await find(page, label);
  await page.mouse.move(it.x + Math.min(it.w / 2, 30), it.y + it.h / 2);
  await frames(page, 2);
  await page.mouse.down();
  await frames(page, 2);
  await page.mouse.up();
  await frames(page, 4);
  return it;
}

async function tap(page, label) {
  const it = await find(page, label);
  await page.touchscreen.tap(it.x + Math.min(it.w / 2, 30), it.y + it.h / 2);
  await frames(page, 8);
  return it;
}

const state = (page) => page.evaluate(() => window.cardfit.uiState());
const mirrorText = (page) => page.evaluate(() => document.getElementById('mirror').innerText);

// NOTE: a WebGL canvas is cleared once composited, so it is copied inside a
// requestAnimationFrame callback, right after the app's own callback has drawn the frame.
async function canvasStats(page) {
  await page.evaluate(() => window.cardfit.items());  // wake the idle page: it draws again
  return page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => {
    const c = document.getElementById('canvas');
    const copy = document.createElement('canvas');
    copy.width = c.width; copy.height = c.height;
    const ctx = copy.getContext('2d');
    ctx.drawImage(c, 0, 0);
    const d = ctx.getImageData(0, 0, copy.width, copy.height).data;
    const colours = new Set();
    for (let i = 0; i < d.length; i += 4 * 97) colours.add((d[i] << 16) | (d[i + 1] << 8) | d[i + 2]);
    // Pixels in the hue of the embed test's accent (#e4002b, blended or not): strong red, little
    // green or blue.
    let accent = 0;
    for (let i = 0; i < d.length; i += 4) if (d[i] > 150 && d[i] - d[i + 1] > 90 && d[i] - d[i + 2] > 70) accent++;
    const right = new Set();  // colours in the rightmost tenth
    for (let y = 0; y < copy.height; y += 3) {
      for (let x = Math.floor(copy.width * 0.9); x < copy.width; x += 3) {
        const i = (y * copy.width + x) * 4;
        right.add((d[i] << 16) | (d[i + 1] << 8) | d[i + 2]);
      }
    }
    resolve({ width: c.width, height: c.height, cssWidth: c.clientWidth, cssHeight: c.clientHeight, colours: colours.size,
              rightColours: right.size, accent });
  })));
}

async function shot(page, name, clip) {
  fs.mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: path.join(shots, name), clip });
}

// [SECTION] Desktop

test('desktop: renders, text view in the DOM, no console errors (screenshot)', async () => {
  const { page, context, errors } = await open('?lang=zh');
  assert.equal(await page.evaluate(() => document.getElementById('status').classList.contains('hidden')), true);
  const stats = await canvasStats(page);
  assert.equal(stats.width, 1280);
  assert.ok(stats.colours > 20, `canvas looks blank (${stats.colours} colours)`);
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'zh-CN');
  assert.match(await page.evaluate(() => document.body.innerText), /刚好够用/);
  await shot(page, 'web-screenshot.png');
  await shot(page, 'web-desktop-zh.png');
  assert.deepEqual(errors, []);
  await context.close();
});

test('desktop in English: every column on screen, text wraps, a table in the DOM (screenshot)', async () => {
  const { page, context, errors } = await open('?lang=en&model=qwen2.5-14b&context=8k&budget-tier=2000-3000');
  const all = await items(page);
  // Every widget lies inside the window: nothing is drawn off the right edge.
  for (const i of all) assert.ok(i.x + i.w <= 1280 + 1, `${i.label} ends at ${i.x + i.w}`);
  assert.equal(await page.evaluate(() => document.querySelectorAll('#mirror table.options tbody tr').length) > 0, true);
  await shot(page, 'web-desktop-en.png');
  assert.deepEqual(errors, []);
  await context.close();
});

test('maximised and full-screen windows: the backing store is CSS size x DPR, no fullscreen errors', async () => {
  for (const [w, h, dpr] of [[1600, 1000, 1], [1920, 900, 1], [1920, 1080, 1], [1280, 800, 1.5]]) {
    const { page, context, errors } = await open('?lang=en', { viewport: { width: w, height: h }, deviceScaleFactor: dpr });
    const s = await canvasStats(page);
    assert.equal(s.width, Math.round(w * dpr), `${w}x${h}@${dpr}`);
    assert.equal(s.height, Math.round(h * dpr));
    assert.equal(s.cssWidth, w);
    // The UI is drawn over the whole width, not in a corner of a stretched canvas.
    assert.ok(s.rightColours > 5, `${w}x${h}: nothing drawn at the right edge (${s.rightColours} colours)`);
    await page.setViewportSize({ width: Math.round(w * 0.8), height: Math.round(h * 0.8) });
    await page.waitForFunction((cw) => document.getElementById('canvas').width === cw, Math.round(w * 0.8 * dpr));
    assert.deepEqual(errors.filter((e) => /fullscreen|Permissions/i.test(e)), []);
    assert.deepEqual(errors, []);
    if (w === 1920 && h === 1080) await shot(page, 'web-desktop-1920.png');
    await context.close();
  }
});

test('paste: Ctrl+V into the config.json box, and a config.json pasted anywhere', async () => {
  const config = fs.readFileSync(path.join(root, 'tests/cli/fixtures/catalog-qwen2.5-7b-config.json'), 'utf8');
  const { page, context, errors } = await open('?lang=en');
  await click(page, 'Custom model');
  await click(page, 'config.json');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'cardfit-input');
  await page.evaluate((t) => navigator.clipboard.writeText(t), config);
  await page.keyboard.press('Control+V');
  await frames(page, 6);
  await click(page, 'Import config.json');
  await page.waitForFunction(() => /(^|&)a=qwen2~l28~h3584/.test(window.cardfit.uiState()));
  // The imported model's numbers equal the catalog entry written from the same config.json.
  const viaLink = await page.evaluate(() => window.cardfit.plan(window.cardfit.uiState()));
  const catalog = await page.evaluate(() => window.cardfit.plan({ model: 'qwen2.5-7b' }));
  assert.equal(viaLink.value.memory_bytes, catalog.value.memory_bytes);
  // Copy out: "Copy link" puts the shareable link on the clipboard.
  await click(page, 'Copy link');
  await page.waitForFunction(() => navigator.clipboard.readText().then((t) => /[?&]a=qwen2~/.test(t)));
  await context.close();

  // Pasted with no text box active: imported at once.
  const second = await open('?lang=en');
  await second.page.evaluate((t) => {
    const e = new ClipboardEvent('paste', { clipboardData: new DataTransfer(), bubbles: true, cancelable: true });
    e.clipboardData.setData('text/plain', t);
    document.getElementById('canvas').dispatchEvent(e);
  }, config);
  await second.page.waitForFunction(() => /(^|&)a=qwen2~/.test(window.cardfit.uiState()));
  assert.deepEqual([...errors, ...second.errors], []);
  await second.context.close();
});

test('wheel: the direction and step of the browser (100 px per notch, pixel deltas)', async () => {
  const { page, context } = await open('?lang=en');
  await click(page, 'Model');
  const before = (await items(page)).filter((i) => /\(\d/.test(i.label));
  await page.mouse.move(before[2].x + 20, before[2].y + 5);
  await page.mouse.wheel(0, 100);
  await frames(page, 6);
  const after = await items(page);
  const moved = before.map((b) => { const a = after.find((x) => x.label === b.label); return a ? b.y - a.y : null; })
    .filter((d) => d !== null);
  assert.ok(moved.length > 0);
  for (const d of moved) assert.ok(Math.abs(d - 100) <= 1, `a 100 px notch moved the list ${d} px`);
  // Lines (deltaMode 1) scroll down too, not up.
  await page.evaluate(() => document.getElementById('canvas').dispatchEvent(
    new WheelEvent('wheel', { deltaY: 1, deltaMode: 1, clientX: 300, clientY: 300, bubbles: true, cancelable: true })));
  await frames(page, 6);
  const lines = await items(page);
  const again = before.map((b) => { const a = lines.find((x) => x.label === b.label); return a ? b.y - a.y : null; })
    .filter((d) => d !== null);
  assert.ok(again.every((d) => d > 100), `a line down moved ${again}`);
  await context.close();
});

test('stale results: QLoRA picks NF4; an invalid mix shows the last result greyed with a one-click fix', async () => {
  const { page, context, errors } = await open('?lang=en&model=qwen2.5-7b&precision=int4');
  await click(page, 'QLoRA');
  await page.waitForFunction(() => /(^|&)t=qlora/.test(window.cardfit.uiState()));
  assert.match(await state(page), /(^|&)p=nf4/);
  // INT4 chosen under QLoRA: the last result stays, greyed, and the banner offers the fix.
  await click(page, 'Weight precision');
  await click(page, /^INT4 /);
  await find(page, 'Use NF4');
  assert.match(await state(page), /(^|&)p=nf4/, 'the last good scenario stays in force');
  await click(page, 'Use NF4');
  await page.waitForFunction(() => /(^|&)p=nf4/.test(window.cardfit.uiState()));
  // A link asking for the same is read without the key it cannot use, and says so.
  await page.goto(`${base}/index.html?lang=en&task=qlora&precision=int4`);
  await ready(page);
  assert.match(await state(page), /(^|&)t=qlora/);
  assert.match(await mirrorText(page), /precision/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('text view: the DOM mirror matches the API, follows the language, and is found by the browser', async () => {
  const query = '?lang=en&model=qwen2.5-14b&context=24k&budget-tier=2000-3000&platform=yiwan&term=monthly';
  const { page, context } = await open(query);
  const api = await page.evaluate(() => window.cardfit.plan(window.cardfit.uiState() + '&lang=en'));
  assert.equal(api.ok, true);
  const dom = await page.evaluate(() => ({
    rows: [...document.querySelectorAll('#mirror table.options tbody tr')].map((r) => r.dataset.offer),
    reasons: [...document.querySelectorAll('#mirror table.options tbody tr')].map((r) => r.title),
    status: document.getElementById('mirror-status').innerText,
    links: [...document.querySelectorAll('#mirror a[href^="http"]')].length,
  }));
  assert.deepEqual(dom.rows, api.value.options.map((o) => o.offer));
  assert.deepEqual(dom.reasons, api.value.options.map((o) => o.reason));
  // At 24k only a tight fit exists within the budget: it is the pick, with the headroom warning (issue 25).
  assert.ok(api.value.pick, 'a tight fit within budget is the pick');
  assert.equal(api.value.pick.fit, 'tight');
  assert.ok(dom.status.includes(api.value.pick.reason), dom.status);
  assert.ok(dom.links > 0, 'sources have real links');
  assert.equal(await page.evaluate((t) => window.find(t), api.value.pick.reason.slice(0, 40)), true);
  // Switched to Chinese: the mirror and <html lang> follow.
  const zh = await page.evaluate(() => window.cardfit.plan(window.cardfit.uiState() + '&lang=zh').value.pick.reason);
  await click(page, '中文');
  await page.waitForFunction(() => document.documentElement.lang === 'zh-CN');
  await page.waitForFunction((t) => document.getElementById('mirror').innerText.includes(t), zh);
  // The text view opens over the canvas from its toggle.
  await click(page, '文字版');
  assert.equal(await page.evaluate(() => document.documentElement.classList.contains('text-view')), true);
  assert.ok(await page.evaluate(() => document.getElementById('mirror').getBoundingClientRect().height > 500));
  await context.close();
});

// [SECTION] Phone

async function phoneChecks(page, lang) {
  const s = await canvasStats(page);
  assert.equal(s.width, 390 * 3);
  assert.equal(s.height, 844 * 3);
  // One column, results first: the pick's options come before the inputs, all at full width.
  const all = await items(page);
  for (const i of all) assert.ok(i.x >= 0 && i.x + i.w <= 391, `${i.label} at ${i.x}..${i.x + i.w}`);
  const options = all.find((i) => i.label === (lang === 'zh' ? '租用方案' : 'Rental options'));
  const model = all.find((i) => i.label === (lang === 'zh' ? '模型' : 'Model') && i.w > 100);
  assert.ok(options && model && options.y < model.y, 'results come before the inputs');
  // The page itself scrolls (natively), and the text is at least 14 CSS px.
  assert.ok(await page.evaluate(() => document.documentElement.scrollHeight > window.innerHeight * 1.5));
  const header = all.find((i) => i.label === (lang === 'zh' ? '模型' : 'Model') && i.w > 300);
  assert.ok(header.h >= 14, `row height ${header.h}`);
}

test('phone: one column with the results first, native scrolling, zh and en (screenshots)', async () => {
  for (const lang of ['zh', 'en']) {
    const { page, context, errors } = await open(`?lang=${lang}`, PHONE);
    await phoneChecks(page, lang);
    await shot(page, `web-phone-${lang}.png`);
    await page.evaluate(() => window.scrollTo(0, 900));
    await frames(page, 6);
    await shot(page, `web-phone-${lang}-scrolled.png`);
    // The file button is under the last line of the page, not over the text.
    const end = await page.evaluate(() => ({
      page: document.getElementById('page').getBoundingClientRect().bottom + window.scrollY,
      button: document.getElementById('open-file').getBoundingClientRect().top + window.scrollY,
    }));
    assert.ok(end.button >= end.page, `button at ${end.button}, page ends at ${end.page}`);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await frames(page, 6);
    await shot(page, `web-phone-${lang}-end.png`);
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test('phone: a tap works the first time, a text box opens the keyboard and closes it when done', async () => {
  const { page, context, errors } = await open('?lang=en', PHONE);
  await tap(page, 'Task');
  await tap(page, 'LoRA');  // one tap
  await page.waitForFunction(() => /(^|&)t=lora(&|$)/.test(window.cardfit.uiState()));
  await tap(page, 'Inference');
  await tap(page, 'Context length');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'cardfit-input', 'keyboard not opened');
  await page.keyboard.press('End');  // the tap put the caret where the finger was
  await frames(page, 2);
  for (let i = 0; i < 4; i++) { await page.keyboard.press('Backspace'); await frames(page, 2); }
  await page.keyboard.type('8k');
  await frames(page, 4);
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => /(^|&)c=8k(&|$)/.test(window.cardfit.uiState()));
  await frames(page, 6);
  assert.notEqual(await page.evaluate(() => document.activeElement.id), 'cardfit-input', 'keyboard left open');
  // IME: composed text arrives once, when the composition ends.
  await tap(page, 'Context length');
  await page.evaluate(() => {
    const ta = document.getElementById('cardfit-input');
    ta.dispatchEvent(new CompositionEvent('compositionstart'));
    ta.value = '1'; ta.dispatchEvent(new InputEvent('input', { isComposing: true }));
    ta.value = '16k'; ta.dispatchEvent(new CompositionEvent('compositionend', { data: '16k' }));
  });
  await frames(page, 6);
  assert.equal(await page.evaluate(() => document.getElementById('cardfit-input').value), '');
  // A long list follows the finger: dragged up 150 px, it scrolls 150 px.
  await page.keyboard.press('Enter');
  await tap(page, 'Model');
  const listed = (await items(page)).filter((i) => /\(\d/.test(i.label));
  const probe = listed[listed.length - 2];  // near the bottom: still in the list after the drag
  const cdp = await context.newCDPSession(page);
  const touch = (type, y) => cdp.send('Input.dispatchTouchEvent',
    { type, touchPoints: type === 'touchEnd' ? [] : [{ x: probe.x + 20, y }] });
  await touch('touchStart', probe.y + 5);
  for (let dy = 10; dy <= 150; dy += 10) { await touch('touchMove', probe.y + 5 - dy); await frames(page, 1); }
  await touch('touchEnd');
  await frames(page, 6);
  const moved = (await items(page)).find((i) => i.label === probe.label);
  assert.ok(moved && Math.abs(probe.y - moved.y - 150) <= 12, `dragged 150 px, the list moved ${moved && probe.y - moved.y}`);
  await page.touchscreen.tap(5, 5);  // a tap outside closes the list
  await frames(page, 6);
  // The model list is searchable on a phone too.
  await tap(page, 'Model');
  await tap(page, 'filter');
  await page.keyboard.type('deepseek-v3.2');
  await frames(page, 6);
  const found = (await items(page)).filter((i) => /DeepSeek/.test(i.label));
  assert.ok(found.length >= 1 && found.length <= 3, JSON.stringify(found.map((f) => f.label)));
  await tap(page, found[0].label);
  await page.waitForFunction(() => /(^|&)m=deepseek/.test(window.cardfit.uiState()));
  // ... in Chinese as well: "千问" finds the Qwen models (typed through the IME, as text).
  await tap(page, 'Model');
  await tap(page, 'filter');
  await page.keyboard.insertText('千问');
  await frames(page, 6);
  const qwen = (await items(page)).filter((i) => /\(\d/.test(i.label));
  assert.ok(qwen.length > 3 && qwen.every((i) => /Qwen/.test(i.label)), JSON.stringify(qwen.map((q) => q.label)));
  await page.keyboard.press('Escape');
  assert.deepEqual(errors, []);
  await context.close();
});

test('embeds on a phone: ?embed=1 and embed.html show the one-column layout', async () => {
  const { page, context, errors } = await open('?embed=1&lang=zh', PHONE);
  await phoneChecks(page, 'zh');
  await shot(page, 'web-phone-embed.png');
  await context.close();
  const e = await open('', PHONE, 'embed.html');
  const frame = e.page.frameLocator('iframe');
  await frame.locator('#mirror h2').first().waitFor({ state: 'attached', timeout: 60000 });
  const width = await e.page.evaluate(() => document.querySelector('iframe').getBoundingClientRect().width);
  assert.ok(width < 390);
  await shot(e.page, 'web-phone-embed-html.png');
  assert.deepEqual([...errors, ...e.errors], []);
  await e.context.close();
});

// [SECTION] Links

test('links: a bad key drops only itself with a notice; long links are read whole', async () => {
  const cases = [
    // Version 1 links (issue 29: still read as before), the state written back as version 2
    // (short keys; a model by its shortest catalog name).
    ['?v=1&task=lora&lora-targets=foo&context=2k', /(^|&)t=lora(&|$)/, /(^|&)c=2k(&|$)/, 'lora_targets'],
    ['?v=1&prompt=abc&model=llama-3-8b&context=2k', /(^|&)m=llama3-8b(&|$)/, /(^|&)c=2k(&|$)/, 'prompt'],
    ['?v=1&params=13B&model=no-such-model&context=8k', /(^|&)n=13b(&|$)/, /(^|&)c=8k(&|$)/, 'model'],
    ['?v=2&t=lora&lt=foo&c=2k', /(^|&)t=lora(&|$)/, /(^|&)c=2k(&|$)/, 'lora_targets'],
  ];
  for (const [query, keep1, keep2, named] of cases) {
    const { page, context, errors } = await open(query + '&lang=en');
    const s = await state(page);
    assert.match(s, keep1, `${query} -> ${s}`);
    assert.match(s, keep2, `${query} -> ${s}`);
    assert.match(await mirrorText(page), new RegExp(named), 'the notice names the key');
    assert.deepEqual(errors, []);
    await context.close();
  }
  // A key after the first 2,047 bytes still counts.
  const long = `?v=1&${'x'.repeat(3000)}=1&model=llama-3.1-8b&lang=en`;
  const { page, context } = await open(long);
  assert.match(await state(page), /(^|&)m=llama3\.1-8b(&|$)/);
  await context.close();
});

test('links: the reader\'s language outlives the link\'s; the back button returns to the last choice', async () => {
  const { page, context, errors } = await open('?v=1&model=llama-3.1-70b&precision=fp16&context=8k&lang=en');
  assert.match(await state(page), /(^|&)m=llama3\.1-70b&p=fp16&c=8k(&|$)/);
  await click(page, '中文');
  await page.waitForFunction(() => /lang=zh/.test(location.search));
  await page.reload();
  await ready(page);
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'zh-CN');
  // A choice is a history entry; typing is not.
  await click(page, 'LoRA');
  await page.waitForFunction(() => /[?&]t=lora(&|$)/.test(location.search));
  await page.goBack();
  await page.waitForFunction(() => !/(^|&)t=lora/.test(window.cardfit.uiState()));
  assert.match(await state(page), /(^|&)m=llama3\.1-70b/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a broken version shows the defaults and keeps running', async () => {
  const { page, context, errors } = await open('?v=9&model=NOT%20AN%20ID');
  assert.equal(await state(page), 'v=2');
  assert.deepEqual(errors, []);
  await context.close();
});

// [SECTION] Hostile input and no WebGL

test('hostile API input in the page: thousands of calls, then a good one, and the page still draws', async () => {
  const { page, context, errors } = await open('?lang=en');
  const result = await page.evaluate(() => {
    const m = window.cardfit;
    const throwing = { get model() { throw new Error('getter'); } };
    const proxy = new Proxy({}, { ownKeys() { throw new Error('trap'); } });
    const cyclic = { a: 1 }; cyclic.self = cyclic;
    const badString = { toString() { throw new Error('toString'); } };
    const inputs = [throwing, proxy, cyclic, { context: [badString] }, { model: Symbol('x') }, null, 42,
                    'x'.repeat(1 << 16), { context: '\ud800' }, [1, 2, 3], () => 1];
    let thrown = 0, okFalse = 0;
    for (let i = 0; i < 3000; i++) {
      for (const f of ['estimate', 'plan', 'stateQuery']) {
        try { const r = m[f](inputs[i % inputs.length]); if (r.ok === false && r.errors.length) okFalse++; } catch (e) { thrown++; }
      }
    }
    return { thrown, okFalse, good: m.plan({ model: 'qwen2.5-7b' }).ok };
  });
  assert.equal(result.thrown, 0);
  assert.equal(result.good, true);
  assert.ok(result.okFalse > 8000);
  const before = await page.evaluate(() => window.cardfit.frameCount());
  await page.mouse.move(600, 400);
  await page.waitForFunction((n) => window.cardfit.frameCount() > n + 5, before);
  assert.ok((await canvasStats(page)).colours > 20);
  assert.deepEqual(errors, []);
  await context.close();
});

test('no WebGL2: a clear message instead of a blank page, and the first result stays as text', async () => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.addInitScript(() => {
    const orig = HTMLCanvasElement.prototype.getContext;
    HTMLCanvasElement.prototype.getContext = function (type, ...rest) {
      return type === 'webgl2' ? null : orig.call(this, type, ...rest);
    };
  });
  await page.goto(`${base}/index.html`);
  // The module makes the one WebGL2 context: its failure is the message.
  await page.waitForFunction(() => window.cardfitError, null, { timeout: 60000 });
  const text = await page.textContent('#status');
  assert.match(text, /WebGL2/);
  // The core ran before the canvas: its pick, why and memory stay readable under the message.
  assert.match(await page.textContent('#status .sk-result .sk-pick'), /^刚好够用/);
  assert.match(await page.textContent('#status .sk-result'), /GB/);
  await page.screenshot({ path: path.join(shots, 'web-no-webgl2.png') });
  // The HTML view: the main inputs in a form, the result as the text view, both from the core.
  await page.waitForSelector('#basic:not([hidden]) form select[name=model]');
  assert.match(await page.textContent('#basic'), /WebGL2/);
  assert.match(await page.textContent('#basic #mirror'), /GB/);
  await page.selectOption('#basic select[name=model]', 'deepseek-r1');
  await page.waitForFunction(() => /[?&]m=deepseek-r1(&|$)/.test(location.search));
  assert.match(await page.textContent('#basic #mirror'), /DeepSeek-R1/);
  await page.fill('#basic input[name=context]', '32k');
  await page.press('#basic input[name=context]', 'Enter');
  await page.waitForFunction(() => /[?&]c=32/i.test(location.search));
  await page.fill('#basic input[name=context]', 'lots');
  await page.press('#basic input[name=context]', 'Enter');
  assert.notEqual(await page.textContent('#basic .basic-errors'), '');
  await page.fill('#basic input[name=context]', '8k');
  await page.press('#basic input[name=context]', 'Enter');
  await page.waitForFunction(() => /[?&]c=8/i.test(location.search));
  const tiers = await page.$$eval('#basic select[name=budget-tier] option', (o) => o.map((x) => x.value));
  assert.ok(tiers.length > 1);
  await page.selectOption('#basic select[name=budget-tier]', tiers[1]);
  await page.waitForFunction((t) => location.search.includes(t), tiers[1]);
  await page.screenshot({ path: path.join(shots, 'web-no-webgl2-form.png') });
  await context.close();
});

test('no WebGL2 in the browser (--disable-webgl2): the HTML view with the result and the form', async () => {
  const b = await chromium.launch({ executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
                                    args: ['--disable-webgl2', '--no-sandbox', '--disable-background-networking', '--no-first-run'] });
  const page = await b.newPage();
  await page.goto(`${base}/index.html?lang=en`);
  await page.waitForSelector('#basic:not([hidden]) form select[name=precision]', { timeout: 60000 });
  assert.match(await page.textContent('#basic #mirror'), /GB/);
  const precisions = await page.$$eval('#basic select[name=precision] option', (o) => o.map((x) => x.value));
  await page.selectOption('#basic select[name=precision]', precisions.find((v) => /int4|q4/i.test(v)) || precisions[1]);
  await page.waitForFunction(() => /[?&]p=/.test(location.search));
  await b.close();
});

test('a lost WebGL context: the HTML view meanwhile, the canvas back when it is restored', async () => {
  const { page, context, errors } = await open('?lang=en');
  await page.evaluate(() => { window.lose = document.getElementById('canvas').getContext('webgl2').getExtension('WEBGL_lose_context'); window.lose.loseContext(); });
  await page.waitForSelector('#basic:not([hidden]) form select[name=model]');
  assert.equal(await page.evaluate(() => window.cardfitBasicView), 'lost');
  await page.selectOption('#basic select[name=model]', 'deepseek-r1');
  await page.waitForFunction(() => /[?&]m=deepseek-r1(&|$)/.test(location.search));
  await page.evaluate(() => window.lose.restoreContext());
  await page.waitForFunction(() => document.getElementById('basic').hidden && window.cardfitBasicView === null);
  await page.evaluate(() => window.cardfit.items());
  await frames(page, 6);
  assert.ok((await canvasStats(page)).colours > 20, 'the canvas did not come back: ' + errors.join(' | '));
  assert.match(await state(page), /(^|&)m=deepseek-r1(&|$)/);
  assert.deepEqual(errors.filter((e) => !/WebGL|GL_/.test(e)), []);
  await context.close();
});

test('memory: a plan for DeepSeek-R1 over every platform stays in the initial 32 MB (maximum 256 MB, docs/web.md)', async () => {
  const { page, context } = await open('?model=deepseek-r1&lang=en');
  const heap = await page.evaluate(() => {
    const m = window.cardfit, platforms = m.catalog().value.platforms.map((p) => p.id);
    const before = m.heapBytes();
    m.plan({ model: 'deepseek-r1', platform: platforms, top: 1000, term: 'cheapest' });
    m.plan({ model: 'deepseek-r1', platform: platforms, top: 1000, context: '128k', concurrency: 64, json: true });
    m.estimate({ model: 'deepseek-r1', context: '128k', explain: true });
    return { before, after: m.heapBytes() };
  });
  assert.ok(heap.after <= 32 * 1024 * 1024, `the memory grew to ${heap.after}`);
  await context.close();
});

// [SECTION] Start-up, offline, embedding

test('first paint: the skeleton of the layout, sized as the app draws it', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.route('**/cardfit.wasm', () => {});  // never answered: the page stays at its first paint
  await page.goto(`${base}/index.html`, { waitUntil: 'domcontentloaded' });
  const box = (sel) => page.evaluate((q) => { const r = document.querySelector(q).getBoundingClientRect(); return [r.width, r.height]; }, sel);
  const [inW] = await box('.sk-in');
  const [outW] = await box('.sk-out');
  assert.ok(inW >= 300 && inW <= 440 && outW > 700, `desktop skeleton ${inW} + ${outW}`);
  // Flat colours only: CSS gradients held the first paint back by ~90 ms on a software GPU.
  const gradients = await page.evaluate(() => [...document.querySelectorAll('#status, #status *')].flatMap((e) =>
    ['', '::before', '::after'].map((p) => getComputedStyle(e, p || null).backgroundImage)).filter((b) => b !== 'none'));
  assert.deepEqual(gradients, []);
  await page.screenshot({ path: path.join(shots, 'web-skeleton-1280.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  const [phoneIn] = await box('.sk-in');
  const [phoneOut] = await box('.sk-out');
  assert.ok(phoneIn > 350 && phoneOut > 350, `phone skeleton ${phoneIn} / ${phoneOut}: one column`);
  assert.ok(phoneIn <= 390 && phoneOut <= 390, `phone skeleton ${phoneIn} / ${phoneOut}: wider than the screen`);
  await context.close();
});

test('first result: the pick as text in the skeleton before the canvas starts, then the canvas', async () => {
  // A vendor's accent colours the pick from the first paint, as the canvas will.
  for (const [viewport, scale, query, pick, colour] of [
    [{ width: 390, height: 844 }, 3, '?model=qwen2.5-14b&budget-tier=2000-3000&accent=%23e4572e', /^刚好够用/, 'rgb(228, 87, 46)'],
    [{ width: 1280, height: 800 }, 1, '?lang=en&model=llama-3.1-70b', /^Just enough: /, 'rgb(59, 111, 216)']]) {
    const context = await browser.newContext({ viewport, deviceScaleFactor: scale, hasTouch: scale > 1, isMobile: scale > 1 });
    const page = await context.newPage();
    // The module waits for an animation frame (the paint) before it makes its WebGL2 context:
    // holding the animation frames after the result keeps the page at that moment.
    await page.addInitScript(() => {
      const raf = window.requestAnimationFrame.bind(window);
      window.heldFrames = [];
      window.requestAnimationFrame = (cb) => {
        if (window.holdFrames !== false && performance.getEntriesByName('cardfit:result').length) return window.heldFrames.push(cb);
        return raf(cb);
      };
    });
    await page.goto(`${base}/index.html${query}`);
    await page.waitForFunction(() => performance.getEntriesByName('cardfit:result').length, null, { timeout: 60000 });
    const shown = await page.evaluate(() => ({
      pick: document.querySelector('.sk-out .sk-pick').textContent,
      colour: getComputedStyle(document.querySelector('.sk-out .sk-pick')).backgroundColor,
      head: document.querySelector('.sk-head').innerText.replace(/\s+/g, ' '),
      headHeight: document.querySelector('.sk-head').getBoundingClientRect().height,
      text: document.querySelector('.sk-out').innerText,
      width: document.querySelector('.sk-out').getBoundingClientRect().width,
      hidden: document.getElementById('status').classList.contains('hidden'),
      webgl: performance.getEntriesByName('cardfit:webgl').length,
    }));
    assert.match(shown.pick, pick);
    assert.equal(shown.colour, colour);
    // The header's own texts, wrapping as the canvas's: on a phone two rows of buttons and the
    // tagline (the canvas's is ~116 CSS px), so the result does not move down when it comes.
    assert.match(shown.head, viewport.width < 760 ? /^cardfit · 显卡够不够用 v\S+ English 复制链接 复制结果 文字版 选模型/
                                                  : /^cardfit · GPU fit & cost v\S+ 中文 Copy link Copy result Text view Pick a model/);
    assert.ok(viewport.width < 760 ? shown.headHeight > 90 : shown.headHeight < 75, `header ${shown.headHeight} px tall`);
    assert.equal(shown.hidden, false);
    assert.equal(shown.webgl, 0, 'the canvas started before the result was painted');
    assert.ok(shown.width <= viewport.width, `result ${shown.width} px wide on a ${viewport.width} px screen`);
    await page.screenshot({ path: path.join(shots, `web-first-result-${viewport.width}.png`) });
    // Then the canvas: the skeleton goes, and the text view holds the same pick.
    await page.evaluate(() => { window.holdFrames = false; for (const cb of window.heldFrames) requestAnimationFrame(cb); });
    await ready(page);
    const after = await page.evaluate(() => ({
      hidden: document.getElementById('status').classList.contains('hidden'),
      mirror: document.querySelector('#mirror-status h2').textContent,
    }));
    assert.equal(after.hidden, true);
    assert.equal(after.mirror, shown.pick);
    await context.close();
  }
});

test('default page: the result written in at build time is on screen at the first paint, before the module', async () => {
  const first = JSON.parse(/<script type="application\/json" id="cardfit-first">([^<]*)<\/script>/
    .exec(fs.readFileSync(path.join(dist, 'index.html'), 'utf8'))[1]);
  for (const [query, saved, want] of [['', null, first.zh], ['', 'en', first.en], ['?model=deepseek-r1&precision=fp8', null, null]]) {
    const context = await browser.newContext(PHONE);
    const page = await context.newPage();
    if (saved) await page.addInitScript((l) => localStorage.setItem('cardfit.lang', l), saved);
    await page.route('**/cardfit.js', () => {});  // the module never arrives
    await page.goto(`${base}/index.html${query}`, { waitUntil: 'domcontentloaded' });
    const shown = await page.evaluate(() => ({
      pick: (document.querySelector('.sk-out .sk-pick') || {}).textContent || null,
      text: (document.querySelector('.sk-out') || {}).innerText || '',
      prebaked: performance.getEntriesByName('cardfit:prebaked').length,
    }));
    if (want) {
      assert.equal(shown.pick, want.labels.pick + ' ' + want.pick.line);
      assert.ok(shown.text.includes(want.memory.total), shown.text);
      assert.equal(shown.prebaked, 1);
    } else {  // a link's scenario waits for the module: never another scenario's figures
      assert.equal(shown.pick, null);
      assert.equal(shown.prebaked, 0);
    }
    await context.close();
  }
  // With the module, the page's own first answer is the same text.
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  await page.goto(`${base}/index.html`);
  await page.waitForFunction(() => performance.getEntriesByName('cardfit:result').length, null, { timeout: 60000 });
  assert.equal(await page.evaluate(() => document.querySelector('.sk-out .sk-pick').textContent),
               first.zh.labels.pick + ' ' + first.zh.pick.line);
  await context.close();
});

test('start-up stages are marked in order (bench/web/bench_web.mjs reads them)', async () => {
  const { page, context } = await open('?lang=en');
  const marks = await page.evaluate(() => performance.getEntriesByType('mark').map((m) => m.name));
  const stages = ['script', 'wasm', 'catalog', 'estimate', 'result', 'result-frame', 'webgl', 'imgui', 'glyphs', 'fonts', 'first-frame'].map((s) => 'cardfit:' + s);
  assert.deepEqual(marks.filter((m) => m.startsWith('cardfit:')), stages);
  await context.close();
});

// web/glyphs_pre.js draws the Chinese glyphs while cardfit.wasm downloads; the module takes that
// drawing when it asks for the same em (Module.glyphStats: how many came from it).
test('glyphs drawn while the wasm downloads are used, the same as drawn at start; a zoom redraws them', async () => {
  const first = JSON.parse(/<script type="application\/json" id="cardfit-first">([^<]*)<\/script>/
    .exec(fs.readFileSync(path.join(dist, 'index.html'), 'utf8'))[1]);
  // A load with the wasm held back 2 s (a slow network), the early drawing on or off: the glyphs'
  // drawing read back (its coverage summed, its advances).
  async function load(options, early) {
    const context = await browser.newContext(options);
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.addInitScript((on) => {
      window.cardfitKeepGlyphs = true;
      if (!on) window.cardfitEarlyGlyphs = false;
    }, early);
    await page.route('**/cardfit.wasm', async (route) => { await new Promise((r) => setTimeout(r, 2000)); await route.continue(); });
    await page.goto(`${base}/index.html?lang=zh`);
    await ready(page);
    await frames(page, 8);
    const drawn = await page.evaluate(() => {
      const s = window.cardfit.glyphStats;
      let sum = 0;  // all the coverage
      for (let i = 0; i < s.alpha.length; i++) sum += s.alpha[i];
      return { early: s.early, now: s.now, em: s.em, count: s.advances.length, sum, advances: Array.from(s.advances) };
    });
    return { page, context, errors, drawn };
  }
  const early = await load(PHONE, true);
  const late = await load(PHONE, false);
  const em = Math.fround(Math.fround(3) * first.glyphEm);
  assert.ok(early.drawn.count > 500, `only ${early.drawn.count} glyphs`);
  assert.deepEqual([early.drawn.early, early.drawn.now, early.drawn.em], [early.drawn.count, 0, em], 'the early drawing unused');
  assert.deepEqual([late.drawn.early, late.drawn.now, late.drawn.em], [0, late.drawn.count, em]);
  // The same glyphs: the same advances, and the same ink within 1% (Chromium does not rasterise
  // text bit for bit the same from one page to the next: a fresh browser's first page, and one
  // load in a CI run after the warm-up, drew the same glyphs a few coverage levels apart).
  assert.deepEqual(early.drawn.advances, late.drawn.advances, 'the early drawing has other advances');
  assert.ok(Math.abs(early.drawn.sum - late.drawn.sum) <= 0.01 * late.drawn.sum,
            `the early drawing's ink ${early.drawn.sum} against ${late.drawn.sum} drawn at start`);
  assert.match(await early.page.evaluate(() => document.getElementById('mirror').innerText), /[\u4e00-\u9fff]/);
  assert.deepEqual(early.errors, []);
  await early.context.close();
  await late.context.close();

  // A zoom (devicePixelRatio 3 -> 2) after the load: drawn again at the new em, as a page that
  // starts at 2 draws them early.
  const zoomed = await load({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 }, true);
  assert.equal(zoomed.drawn.early, zoomed.drawn.count);
  const cdp = await zoomed.context.newCDPSession(zoomed.page);
  await cdp.send('Emulation.setDeviceMetricsOverride', { width: 1280, height: 800, deviceScaleFactor: 2, mobile: false });
  const em2 = Math.fround(Math.fround(2) * first.glyphEm);
  await zoomed.page.waitForFunction((e) => window.cardfit.glyphStats.em === e, em2, { timeout: 30000 });
  await frames(zoomed.page, 8);
  const after = await zoomed.page.evaluate(() => {
    const s = window.cardfit.glyphStats;
    let sum = 0;
    for (let i = 0; i < s.alpha.length; i++) sum += s.alpha[i];
    return { early: s.early, now: s.now, sum, advances: Array.from(s.advances), canvasWidth: document.getElementById('canvas').width };
  });
  assert.deepEqual([after.early, after.now, after.canvasWidth], [0, zoomed.drawn.count, 2560]);
  // As a page that starts at 2 draws them (early): the same advances and, within 2%, the same ink
  // (a DPR emulated after the start can change Chromium's text hinting, so not byte for byte);
  // about 4x the ink at 1x.
  const at2 = await load({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 2 }, true);
  assert.equal(at2.drawn.early, at2.drawn.count);
  assert.deepEqual(after.advances, at2.drawn.advances);
  assert.ok(Math.abs(after.sum / at2.drawn.sum - 1) < 0.02, `ink ${after.sum} after the zoom, ${at2.drawn.sum} at 2`);
  assert.ok(after.sum / zoomed.drawn.sum > 3 && after.sum / zoomed.drawn.sum < 5, `ink ${after.sum} at 2, ${zoomed.drawn.sum} at 1`);
  assert.deepEqual(zoomed.errors, []);
  await zoomed.context.close();
  await at2.context.close();
});

test('offline: cardfit-offline.html works from file:// with no request at all', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const file = 'file://' + path.join(dist, 'cardfit-offline.html');
  const requests = [];
  page.on('request', (r) => { if (r.url().split('?')[0] !== file && !r.url().startsWith('data:')) requests.push(r.url()); });
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(file + '?lang=en');
  await ready(page);
  assert.ok((await canvasStats(page)).colours > 20, 'the offline page is blank');
  const r = await page.evaluate(() => window.cardfit.estimate({ model: 'qwen2.5-7b' }));
  assert.equal(r.ok, true);
  assert.deepEqual(requests, []);
  assert.deepEqual(errors, []);
  await context.close();
});

test('strict CSP (dist/csp.txt): the page runs, nothing is refused', async () => {
  const csp = fs.readFileSync(path.join(dist, 'csp.txt'), 'utf8').trim();
  assert.doesNotMatch(csp, /'unsafe-eval'|'unsafe-inline'/);
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const refused = [];
  page.on('console', (m) => { if (/Content Security Policy|Refused to/.test(m.text())) refused.push(m.text()); });
  await page.route(`${base}/index.html*`, async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, headers: { ...response.headers(), 'content-security-policy': csp } });
  });
  await page.goto(`${base}/index.html?lang=en`);
  await ready(page);
  assert.ok((await canvasStats(page)).colours > 20);
  assert.equal((await page.evaluate(() => window.cardfit.plan({}))).ok, true);
  assert.deepEqual(refused, []);
  await context.close();
});

test('embed: the iframe grows to the page on a phone (embed.js); accent and platform from the link', async () => {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  await page.goto(`${base}/embed.html`);
  await page.waitForFunction(() => {
    const f = document.querySelector('iframe');
    return f && parseFloat(f.style.height) > 1000;
  }, null, { timeout: 60000 });
  const inner = await page.evaluate(() => {
    const f = document.querySelector('iframe');
    return { frame: parseFloat(f.style.height), page: f.contentDocument.documentElement.scrollHeight };
  });
  assert.ok(Math.abs(inner.frame - inner.page) < 40, JSON.stringify(inner));
  await context.close();
  // A vendor's colour and platform: the UI runs with them; in an embed platform= lists the
  // vendor's offers first and the rest of the market after them (the platform-first input);
  // the vendor's red replaces the UI's blue (buttons, tabs, checks) and is not there without it.
  const { page: p2, context: c2, errors } = await open('?embed=1&accent=%23e4002b&platform=autodl&lang=en&top=40');
  assert.match(await state(p2), /(^|&)pf=autodl(&|$)/);
  const offers = await p2.evaluate(() => [...document.querySelectorAll('#mirror table.options tbody tr')].map((r) => r.dataset.offer));
  assert.ok(offers.length > 1 && offers[0].startsWith('autodl-'), offers.join(' '));
  assert.ok(offers.some((o) => !o.startsWith('autodl-')), `the other platforms are listed too: ${offers.join(' ')}`);
  const accented = (await canvasStats(p2)).accent;
  // The page's own options are not flagged as unknown keys of the link (no notice in the text view).
  assert.doesNotMatch(await p2.evaluate(() => document.getElementById('mirror').innerText), /accent|embed/);
  assert.deepEqual(errors, []);
  await c2.close();
  const { page: p3, context: c3 } = await open('?embed=1&platform=autodl&lang=en');
  const plain = (await canvasStats(p3)).accent;
  await c3.close();
  assert.ok(accented > 2000 && plain * 20 < accented, `accent pixels ${accented}, without the accent ${plain}`);
  const { page: p4, context: c4 } = await open('?embed=1&accent=red&lang=en');  // not #RRGGBB: ignored
  assert.ok((await canvasStats(p4)).accent * 20 < accented);
  await c4.close();
});

test('overlay from the link: same origin only, validated, problems listed, bundled catalog kept', async () => {
  const name = (page) => page.evaluate(() => window.cardfit.catalog().value.gpus.find((g) => g.id === 'rtx-4090').name);
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.route(`${base}/vendor-bad.json`, (r) => r.fulfill({ contentType: 'application/json',
    body: JSON.stringify({ schema: 'cardfit.catalog/1', gpus: [{ id: 'rtx-4090', replaces: true, source: 'cardfit', memory_mib: -1 }] }) }));
  await page.route(`${base}/vendor.json`, (r) => r.fulfill({ contentType: 'application/json',
    body: JSON.stringify({ schema: 'cardfit.catalog/1', gpus: [{ id: 'rtx-4090', replaces: true, source: 'cardfit', name: 'RTX 4090 (vendor)' }] }) }));
  const load = async (query) => {
    await page.goto(`${base}/index.html?lang=en&${query}`);
    await ready(page);
    await page.waitForFunction(() => window.cardfitOverlay, null, { timeout: 30000 });
    await frames(page, 4);
    return page.evaluate(() => window.cardfitOverlay);
  };
  const bundled = 'NVIDIA GeForce RTX 4090 24GB';
  for (const [query, why] of [['overlay=https://example.com/vendor.json', /only an overlay from this page's own site/],
                              ['overlay=/missing.json', /could not be read \(HTTP 404\)/],
                              ['overlay=/vendor-bad.json', /memory_mib/]]) {
    const r = await load(query);
    assert.equal(r.ok, false, query);
    assert.match(r.errors[0].message, /was not applied; the bundled catalog is in use/);
    assert.match(r.errors.map((e) => `${e.field}: ${e.message}`).join(' '), why);
    assert.equal(await name(page), bundled, query);
    assert.match(await mirrorText(page), /was not applied/, 'the page lists why');
  }
  const ok = await load('overlay=/vendor.json');
  assert.equal(ok.ok, true, JSON.stringify(ok.errors));
  assert.equal(await name(page), 'RTX 4090 (vendor)');
  // Issue 32: the overlay in use is listed like a dropped file.
  assert.match(await mirrorText(page), /Loaded overlay \/vendor\.json: 0 offers, 1 GPUs/);
  await context.close();
});

test('vendor kit page: its name in the skeleton as text before the module; a block that does not check is a notice naming each field', async () => {
  // The page as `make vendor-kit` writes it (tools/vendor_kit.py: the block after cardfit-first,
  // '<', '>' and '&' escaped), served under another name.
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const withBlock = (v) => html.replace(/<script type="application\/json" id="cardfit-first">[^]*?<\/script>\n?/, (m) => m +
    `<script type="application/json" id="cardfit-vendor">${JSON.stringify(v).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026')}</script>\n`);
  const name = '<b>示例云</b> & Co';
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.route('**/kit-good.html*', (r) => r.fulfill({ contentType: 'text/html; charset=utf-8',
    body: withBlock({ name, page_url: 'https://gpu.example.com/cardfit/', accent: '#c0392b' }) }));
  await page.route('**/kit-bad.html*', (r) => r.fulfill({ contentType: 'text/html; charset=utf-8',
    body: withBlock({ name, page_url: 'http://gpu.example.com/', accent: 'red' }) }));
  let release;
  const held = new Promise((resolve) => { release = resolve; });
  await page.route('**/cardfit.wasm*', async (r) => { await held; await r.continue(); });
  await page.goto(`${base}/kit-good.html?lang=en`, { waitUntil: 'domcontentloaded' });
  const early = await page.evaluate(() => ({
    vendor: document.querySelector('.sk-head .sk-vendor')?.textContent ?? null,
    markup: document.querySelectorAll('.sk-head b b').length,
    module: performance.getEntriesByName('cardfit:wasm').length,
  }));
  assert.equal(early.module, 0, 'before the module');
  assert.equal(early.vendor, name, 'the name, as text');
  assert.equal(early.markup, 0, 'never HTML from data');
  release();
  await page.waitForFunction(() => performance.getEntriesByName('cardfit:result').length, null, { timeout: 60000 });
  // The module's header texts (header_texts) carry the name the core checked.
  assert.equal(await page.evaluate(() => document.querySelector('.sk-head .sk-vendor')?.textContent ?? null), name);
  await ready(page);
  assert.doesNotMatch(await mirrorText(page), /cardfit-vendor/);

  await page.goto(`${base}/kit-bad.html?lang=en`);
  await ready(page);
  await frames(page, 2);
  const text = await mirrorText(page);
  assert.match(text, /this page's vendor settings \(cardfit-vendor\) were not used/);
  assert.match(text, /accent: 'red' is not a colour #RRGGBB/);
  assert.match(text, /page_url: must be an https:\/\/ address/);
  // The rest of the page works: the result is there, and the name the core refused is not shown.
  assert.match(await page.evaluate(() => document.querySelector('#mirror-status h2').textContent), /^Just enough: /);
  assert.equal(await page.evaluate(() => document.querySelectorAll('.sk-head.filled .sk-vendor').length), 0);
  assert.deepEqual(errors, []);
  await context.close();
});

// A PNG of w x h pixels of one RGBA colour (node's zlib), as a vendor's logo file.
function solidPng(w, h, rgba) {
  const chunk = (type, data) => {
    const head = Buffer.alloc(4), crc = Buffer.alloc(4), body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    head.writeUInt32BE(data.length);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([head, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8;  // bits per channel
  ihdr[9] = 6;  // RGBA
  const raw = Buffer.alloc((w * 4 + 1) * h);  // each row: filter 0, then its pixels
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) raw.set(rgba, y * (w * 4 + 1) + 1 + x * 4);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr),
                       chunk('IDAT', zlib.deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

// Magenta pixels (the test logo's colour; no colour of the UI is) of the canvas: how many, and
// the leftmost and lowest (canvas px).
async function magenta(page) {
  await page.evaluate(() => window.cardfit.items());  // wake the idle page: it draws again
  return page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => {
    const c = document.getElementById('canvas');
    const copy = document.createElement('canvas');
    copy.width = c.width; copy.height = c.height;
    const ctx = copy.getContext('2d');
    ctx.drawImage(c, 0, 0);
    const d = ctx.getImageData(0, 0, copy.width, copy.height).data;
    let n = 0, left = copy.width, bottom = 0;
    for (let i = 0; i < d.length; i += 4) {
      if (d[i] > 200 && d[i + 1] < 80 && d[i + 2] > 200) {
        n++;
        left = Math.min(left, (i / 4) % copy.width);
        bottom = Math.max(bottom, Math.floor(i / 4 / copy.width));
      }
    }
    resolve({ n, left, bottom, width: copy.width, height: copy.height });
  })));
}

test('vendor kit page: its logo at the left of the header and on the card (also inline, as the offline file has it); a logo that does not draw leaves the name and a notice (screenshots)', async () => {
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const block = (id, v) => `<script type="application/json" id="${id}">${JSON.stringify(v).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026')}</script>\n`;
  const kitPage = (v, inline) => html.replace(/<script type="application\/json" id="cardfit-first">[^]*?<\/script>\n?/, (m) => m +
    block('cardfit-vendor', v) + (inline ? block('cardfit-vendor-logo', inline.toString('base64')) : ''));
  const logo = solidPng(96, 48, [255, 0, 255, 255]);
  const vendor = { name: '示例云 GPU', page_url: 'https://gpu.example.com/cardfit/', accent: '#c0392b' };
  const kit = async (context) => {
    await context.route('**/kit-logo.html*', (r) => r.fulfill({ contentType: 'text/html; charset=utf-8', body: kitPage({ ...vendor, logo: 'vendor-logo.png' }) }));
    await context.route('**/vendor-logo.png', (r) => r.fulfill({ contentType: 'image/png', body: logo }));
    await context.route('**/kit-inline.html*', (r) => r.fulfill({ contentType: 'text/html; charset=utf-8',
      body: kitPage({ ...vendor, logo: 'not-served.png' }, logo) }));  // a fetch would fail: only the inline bytes draw
    await context.route('**/kit-bad-logo.html*', (r) => r.fulfill({ contentType: 'text/html; charset=utf-8', body: kitPage({ ...vendor, logo: 'bad-logo.png' }) }));
    await context.route('**/bad-logo.png', (r) => r.fulfill({ contentType: 'image/png', body: 'not a PNG at all' }));
    await context.route('**/kit-no-logo-file.html*', (r) => r.fulfill({ contentType: 'text/html; charset=utf-8', body: kitPage({ ...vendor, logo: 'absent.png' }) }));
  };
  const drawn = async (page) => {
    await page.waitForFunction(() => true);
    for (let i = 0; i < 40; i++) {
      const m = await magenta(page);
      if (m.n > 0) return m;
      await new Promise((r) => setTimeout(r, 250));
    }
    return magenta(page);
  };
  for (const [size, options] of [['1280', { viewport: { width: 1280, height: 800 } }], ['390', PHONE]]) {
    const context = await browser.newContext(options);
    await kit(context);
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    page.on('console', (msg) => { if (msg.type() === 'error' || msg.type() === 'warning') errors.push(msg.text()); });
    await page.goto(`${base}/kit-logo.html?lang=zh`);
    await ready(page);
    const m = await drawn(page);
    // The header: the logo's pixels at its left, within its first line (a button's height).
    assert.ok(m.n > 200, `logo pixels ${JSON.stringify(m)}`);
    assert.ok(m.left < m.width * 0.05, `at the left: ${JSON.stringify(m)}`);
    assert.ok(m.bottom < 70 * (size === '390' ? 3 : 1), `in the header: ${JSON.stringify(m)}`);
    await page.screenshot({ path: path.join(shots, `web-vendor-logo-${size}.png`) });
    assert.deepEqual(errors, []);
    await context.close();
  }
  // The card carries the same bytes as the SVG card's data: <image>, and the PNG the browser
  // makes of it shows them.
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await kit(context);
  const page = await context.newPage();
  await page.goto(`${base}/kit-logo.html?lang=en`);
  await ready(page);
  await drawn(page);
  await page.evaluate(() => {
    const made = URL.createObjectURL;
    window.cardfitBlobs = [];
    URL.createObjectURL = (b) => { window.cardfitBlobs.push(b); return made.call(URL, b); };
  });
  const [download] = await Promise.all([page.waitForEvent('download'), click(page, 'Save card (PNG)')]);
  const svg = await page.evaluate(() => window.cardfitBlobs.find((b) => b.type === 'image/svg+xml').text());
  assert.ok(svg.includes(`href="data:image/png;base64,${logo.toString('base64')}"`), 'the logo, as a data: image of the SVG card');
  const card = fs.readFileSync(await download.path()).toString('base64');
  const onCard = await page.evaluate((b64) => new Promise((resolve) => {
    const img = new Image();
    img.onload = () => {
      const c = document.createElement('canvas');
      c.width = img.width; c.height = img.height;
      const g = c.getContext('2d');
      g.drawImage(img, 0, 0);
      const d = g.getImageData(0, 0, c.width, Math.min(c.height, 300)).data;
      let n = 0;
      for (let i = 0; i < d.length; i += 4) if (d[i] > 200 && d[i + 1] < 80 && d[i + 2] > 200) n++;
      resolve(n);
    };
    img.src = 'data:image/png;base64,' + b64;
  }), card);
  assert.ok(onCard > 1000, `the logo's pixels in the card's header band: ${onCard}`);
  // The offline file's form: the bytes inline (the file named is never fetched).
  await page.goto(`${base}/kit-inline.html?lang=en`);
  await ready(page);
  assert.ok((await drawn(page)).n > 200, 'the inline logo drawn');
  // A file that is not an image, and one that is not there: the header keeps the name, the
  // page says why, the result is there.
  for (const [kitFile, why] of [['kit-bad-logo.html', /logo: bad-logo\.png could not be read \(.+\)/],
                                ['kit-no-logo-file.html', /logo: absent\.png could not be read \(HTTP 404\)/]]) {
    await page.goto(`${base}/${kitFile}?lang=en`);
    await ready(page);
    await page.waitForFunction((re) => new RegExp(re).test(document.getElementById('mirror').innerText), why.source, { timeout: 20000 });
    assert.equal((await magenta(page)).n, 0);
    assert.match(await page.evaluate(() => document.querySelector('#mirror-status h2').textContent), /^Just enough: /);
  }
  await page.screenshot({ path: path.join(shots, 'web-vendor-logo-missing-1280.png') });
  await context.close();
});

// [SECTION] Charts

// A chart with its title and notes above and its legend below.
async function chartShot(page, label, name, above, below) {
  const it = await find(page, label);
  const top = Math.max(0, it.y - above);
  await shot(page, name, { x: it.x - 8, y: top, width: it.w + 16, height: Math.round(it.y + it.h + below - top) });
}

const TALL = { viewport: { width: 1280, height: 2000 } };  // a desktop window that shows all three charts

test('charts: memory vs context, cost vs speed and the cards, on the canvas and as tables in the text view (screenshots)', async () => {
  const { page, context, errors } = await open('?lang=en&model=llama-3.1-8b&context=32k', TALL);
  await click(page, 'Charts');
  const stats = await canvasStats(page);
  assert.ok(stats.colours > 20, `canvas looks blank (${stats.colours} colours)`);
  for (const label of ['chart-context', 'chart-cost', 'chart-cards']) await find(page, label);
  // Hovering shows the figures: here, about where the V100's line crosses its usable memory.
  const ctx = await find(page, 'chart-context');
  await page.mouse.move(ctx.x + ctx.w * 0.93, ctx.y + (ctx.h - 21) * 0.3);
  await frames(page, 4);
  await chartShot(page, 'chart-context', 'chart-memory-context.png', 64, 120);
  await chartShot(page, 'chart-cost', 'chart-cost-speed.png', 64, 40);
  const tables = await page.evaluate(() => [...document.querySelectorAll('#mirror table.chart')].map(
    (t) => ({ caption: t.caption.innerText, head: [...t.tHead.rows[0].cells].map((c) => c.innerText),
              rows: [...t.tBodies[0].rows].map((r) => [...r.cells].map((c) => c.innerText)) })));
  assert.equal(tables.length, 3, 'a table per chart');
  const [mem, cost, cards] = tables;
  // Context -> GB per GPU, 1k to the model's 128k, then the usable line and the longest context.
  assert.equal(mem.head[0], 'Context');
  assert.equal(mem.rows[0][0], '1k');
  assert.ok(mem.rows.some((r) => r[0] === '128k'));
  assert.deepEqual(mem.rows.slice(-2).map((r) => r[0]), ['Usable per card', 'Max context']);
  assert.ok(mem.rows[0].slice(1).every((v) => / GB$/.test(v)), mem.rows[0].join(' | '));
  // The best-value options with cost and tokens/s; the pick is marked.
  assert.ok(cost.rows.length >= 1);
  assert.ok(cost.rows.some((r) => r[0].startsWith('✓ ')), 'the pick is listed');
  assert.ok(cost.rows.every((r) => /CNY\/month/.test(r[3]) && Number(r[4].replace(/,/g, '')) > 0));
  assert.ok(cards.head.includes('Weights') && cards.head.includes('Total'));
  await context.close();

  // A multi-card layout: one bar per card, stages apart.
  const multi = await open('?lang=en&model=qwen2.5-72b&context=32k&gpu=rtx-4090', TALL);
  await click(multi.page, 'Charts');
  await chartShot(multi.page, 'chart-cards', 'chart-per-card.png', 130, 150);
  const bars = await multi.page.evaluate(() => document.querySelectorAll('#mirror table.chart')[2].tBodies[0].rows.length);
  assert.ok(bars > 1, `${bars} cards listed`);
  assert.deepEqual([...errors, ...multi.errors], []);
  await multi.context.close();

  // A phone: the charts open under the options, as wide as the screen.
  const phone = await open('?lang=zh&model=llama-3.1-8b&context=32k', { ...PHONE, deviceScaleFactor: 2 });
  await tap(phone.page, '图表');
  const chart = await find(phone.page, 'chart-context');
  assert.ok(chart.x >= 0 && chart.x + chart.w <= 391 && chart.w > 300, `chart at ${chart.x}..${chart.x + chart.w}`);
  await phone.page.evaluate((dy) => window.scrollBy(0, dy), chart.y - 110);  // the chart's title at the top
  await frames(phone.page, 6);
  await shot(phone.page, 'chart-phone.png');
  assert.deepEqual(phone.errors, []);
  await phone.context.close();
});

test('charts: renting against the API (a model with API prices, compare on): its chart and its table in the text view', async () => {
  const { page, context } = await open('?lang=en&v=2&m=deepseek-v4-flash&api=1', TALL);
  await click(page, 'Charts');
  await find(page, 'chart-api');
  const tables = await page.evaluate(() => [...document.querySelectorAll('#mirror table.chart')].map(
    (t) => ({ caption: t.caption.innerText, rows: t.tBodies[0].rows.length })));
  assert.equal(tables.length, 4, tables.map((t) => t.caption).join(' | '));
  assert.ok(tables.every((t) => t.rows > 0), JSON.stringify(tables));
  await chartShot(page, 'chart-api', 'chart-api.png', 64, 80);
  await context.close();
});

test('charts: buying the pick\'s consumer cards against renting them, month by month, and its table in the text view', async () => {
  const { page, context, errors } = await open('?lang=en&v=2&m=qwen2.5-7b&g=rtx-4090&api=1&bmo=12&kwh=0.8', TALL);
  await click(page, 'Charts');
  await find(page, 'chart-buy');
  const tables = await page.evaluate(() => [...document.querySelectorAll('#mirror table.chart')].map(
    (t) => ({ head: [...t.tHead.rows[0].cells].map((c) => c.innerText),
              rows: [...t.tBodies[0].rows].map((r) => [...r.cells].map((c) => c.innerText)) })));
  const buy = tables.find((t) => t.head[0] === 'Month');
  assert.ok(buy, tables.map((t) => t.head.join(',')).join(' | '));
  assert.deepEqual(buy.head, ['Month', 'Buying, total', 'Renting, total']);
  assert.equal(buy.rows[0][0], '0');
  assert.ok(buy.rows.some((r) => r[0] === '12'), 'the amortisation period is a row');
  assert.ok(buy.rows.some((r) => /^(Break-even after|Renting costs no more)/.test(r[0])), 'the break-even is said');
  await chartShot(page, 'chart-buy', 'chart-buy.png', 64, 120);
  assert.deepEqual(errors, []);
  await context.close();
});

// [SECTION] Files in (no dialog of the app's own) and files out

// The page's file button (the browser's <input type=file>) and a drop anywhere on the page.
async function pick(page, name, text) {
  await page.evaluate(() => { window.cardfitFiles = null; });
  await page.setInputFiles('#file-input', { name, mimeType: 'application/json', buffer: Buffer.from(text) });
  await page.waitForFunction(() => window.cardfitFiles, null, { timeout: 30000 });
  await frames(page, 6);
  return page.evaluate(() => window.cardfitFiles);
}

async function drop(page, name, text) {
  await page.evaluate(() => { window.cardfitFiles = null; });
  const accepted = await page.evaluate(([n, t]) => {
    const dt = new DataTransfer();
    dt.items.add(new File([t], n, { type: 'application/json' }));
    const canvas = document.getElementById('canvas');
    canvas.dispatchEvent(new DragEvent('dragover', { dataTransfer: dt, bubbles: true, cancelable: true }));
    const e = new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true });
    canvas.dispatchEvent(e);
    return e.defaultPrevented;  // the browser does not open the file in place of the page
  }, [name, text]);
  assert.ok(accepted);
  await page.waitForFunction(() => window.cardfitFiles, null, { timeout: 30000 });
  await frames(page, 6);
  return page.evaluate(() => window.cardfitFiles);
}

test('files in: the file button loads a config.json and an overlay; a broken or unknown file changes nothing', async () => {
  const fixture = (f) => fs.readFileSync(path.join(root, 'tests/cli/fixtures', f), 'utf8');
  const offers = (page) => page.evaluate(() => window.cardfit.catalog().value.offers.map((o) => o.id));
  const { page, context, errors } = await open('?lang=en');
  assert.ok(await page.isVisible('#open-file'), 'the file button is on the page');
  // Two columns: in the header row, not over the results.
  const button = await page.evaluate(() => document.getElementById('open-file').getBoundingClientRect().top);
  assert.ok(button < 40, `file button at y ${button}`);
  assert.ok(!(await offers(page)).includes('fixture-rtx-4090-card'));

  let r = await pick(page, 'config.json', fixture('catalog-qwen2.5-7b-config.json'));
  assert.deepEqual(r.value, [{ name: 'config.json', kind: 'config', ok: true }], JSON.stringify(r.errors));
  await page.waitForFunction(() => /(^|&)a=qwen2~l28~h3584/.test(window.cardfit.uiState()));
  await frames(page, 4);
  assert.match(await mirrorText(page), /Loaded model config config\.json: qwen2, 28 layers/);

  r = await pick(page, 'vendor.json', fixture('catalog-good-overlay.json'));
  assert.equal(r.ok, true, JSON.stringify(r.errors));
  assert.equal(r.value[0].kind, 'overlay');
  assert.ok((await offers(page)).includes('fixture-rtx-4090-card'), 'the API answers from the overlay too');
  assert.match(await mirrorText(page), /Loaded overlay vendor\.json: 2 offers, 0 GPUs, 0 models, 0 platforms/);
  const good = { state: await state(page), offers: await offers(page) };

  r = await pick(page, 'broken.json', fixture('catalog-bad-overlay.json'));
  assert.equal(r.ok, false);
  assert.deepEqual(r.value, [{ name: 'broken.json', kind: 'overlay', ok: false }]);
  assert.equal(r.errors[0].message, 'broken.json was not loaded; nothing was changed');
  assert.match(r.errors.map((e) => e.message).join(' '), /memory_mib/);
  assert.match(await mirrorText(page), /broken\.json was not loaded/);
  assert.deepEqual({ state: await state(page), offers: await offers(page) }, good, 'the last good state stays');

  // A drop anywhere on the page: an unknown file is named, nothing changes.
  r = await drop(page, 'notes.json', '{"title": "my notes"}');
  assert.equal(r.ok, false);
  assert.match(r.errors[0].message, /^notes\.json is neither a model config\.json/);
  assert.match(await mirrorText(page), /notes\.json is neither/);
  assert.deepEqual({ state: await state(page), offers: await offers(page) }, good);
  await shot(page, 'page-files-error.png');
  assert.deepEqual(errors, []);
  await context.close();
});

test('files in: a drop in Chinese; the button is hidden in an embed', async () => {
  const overlay = fs.readFileSync(path.join(root, 'tests/cli/fixtures/catalog-good-overlay.json'), 'utf8');
  const { page, context, errors } = await open('?lang=zh');
  const r = await drop(page, 'vendor.json', overlay);
  assert.equal(r.ok, true, JSON.stringify(r.errors));
  assert.match(await mirrorText(page), /已载入目录补充文件 vendor\.json：2 个报价/);
  const bad = await drop(page, 'x.json', '[1, 2]');
  assert.match(bad.errors[0].message, /x\.json 既不是模型 config\.json/);
  assert.deepEqual(errors, []);
  await context.close();
  const embed = await open('?embed=1&lang=en');
  assert.equal(await embed.page.isVisible('#open-file'), false);
  await embed.context.close();
});

// RFC 4180: quoted cells with "" for a quote, commas and line breaks inside quotes.
function parseCsv(text) {
  const rows = [[]];
  let cell = '', quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') { cell += '"'; i++; } else if (c === '"') quoted = false; else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') { rows.at(-1).push(cell); cell = ''; }
    else if (c === '\n') { rows.at(-1).push(cell); cell = ''; rows.push([]); }
    else if (c !== '\r') cell += c;
  }
  if (cell || rows.at(-1).length) rows.at(-1).push(cell); else rows.pop();
  return rows;
}

test('card: "Save card" downloads the 1080 px PNG; its QR code opens this scenario with the same pick', async () => {
  const { page, context, errors } = await open('?lang=en&model=qwen2.5-7b&budget-tier=1000-2000');
  const [download] = await Promise.all([page.waitForEvent('download'), click(page, 'Save card (PNG)')]);
  assert.match(download.suggestedFilename(), /^cardfit-card-\d{8}-\d{6}\.png$/);
  const file = await download.path();
  const png = fs.readFileSync(file);
  assert.deepEqual([...png.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'a PNG');
  assert.equal(png.readUInt32BE(16), 1080, 'the card is 1080 px wide');
  assert.ok(png.length < 1024 * 1024, `${png.length} bytes: under WeChat's 1 MB`);
  // The QR code, read back as a phone would (zbar-tools), is this page's link to the scenario.
  const zbar = spawnSync('zbarimg', ['--raw', '-q', file], { encoding: 'utf8' });
  if (zbar.error) return context.close();  // no zbarimg here: the PNG checks above stand
  const link = zbar.stdout.trim();
  const origin = await page.evaluate(() => location.origin + location.pathname);
  assert.ok(link.startsWith(origin + '?'), link);
  assert.doesNotMatch(link, /lang=zh/);  // English is a link's default language
  const query = link.slice(link.indexOf('?') + 1);
  const again = await page.evaluate((q) => window.cardfit.plan(q), query);
  const here = await page.evaluate(() => window.cardfit.plan(window.cardfit.uiState() + '&lang=en'));
  assert.equal(again.value.pick.offer, here.value.pick.offer, 'the link plans the same pick');
  assert.deepEqual(errors, []);
  await context.close();
});

test('download: the options table as a CSV and a Markdown file, read back', async () => {
  const { page, context, errors } = await open('?lang=en&model=qwen2.5-7b');
  const options = (await page.evaluate(() => window.cardfit.plan(window.cardfit.uiState()))).value.options;
  assert.ok(options.length > 1);
  const save = async (label) => {
    const [download] = await Promise.all([page.waitForEvent('download'), click(page, label)]);
    const bytes = fs.readFileSync(await download.path());
    return { name: download.suggestedFilename(), text: bytes.toString('utf8'), head: [...bytes.subarray(0, 3)] };
  };
  const csv = await save('Download CSV');
  assert.match(csv.name, /^cardfit-options-\d{8}-\d{6}\.csv$/);
  assert.deepEqual(csv.head, [0xef, 0xbb, 0xbf], 'a byte-order mark: spreadsheets read UTF-8');
  const rows = parseCsv(csv.text.replace(/^\ufeff/, ''));
  assert.equal(rows.length, options.length + 1, 'a header and one row per option');
  assert.ok(rows.every((r) => r.length === rows[0].length));
  const offer = rows[0].indexOf('offer');
  assert.ok(offer >= 0, rows[0].join(','));
  assert.deepEqual(rows.slice(1).map((r) => r[offer]), options.map((o) => o.offer), 'the options, in order');
  const md = await save('Download Markdown');
  assert.match(md.name, /^cardfit-options-\d{8}-\d{6}\.md$/);
  const lines = md.text.trim().split('\n');
  assert.equal(lines.length, options.length + 2, 'a header, its rule and one line per option');
  assert.match(lines[1], /^\|( ?-+ ?\|)+$/);
  assert.equal(lines[0].split(' | ').length, rows[0].length);
  assert.deepEqual(errors, []);
  await context.close();
});

test('capability: the section for the pick\'s GPU x cards, listed in the text view; the pick\'s launch commands too', async () => {
  const { page, context, errors } = await open('?lang=en&model=qwen2.5-7b&context=8k', TALL);
  const plan = await page.evaluate(() => window.cardfit.plan(window.cardfit.uiState() + '&lang=en'));
  assert.equal(plan.ok, true);
  const pick = plan.value.pick;
  assert.ok(pick && pick.launch.length > 0, 'a pick with launch commands');
  // The pick's commands under it, each as code with its engine's name.
  const launch = await page.evaluate(() => [...document.querySelectorAll('#mirror-status pre code')].map((c) => c.textContent));
  // Then the benchmark that checks the figures on the rented machine (core/plan/verify), and the
  // engine's one-batch benchmark beside it (verify.also: vllm bench latency, sglang.bench_one_batch).
  assert.ok(pick.verify, 'a benchmark beside the launch command');
  assert.deepEqual(launch, [...pick.launch.map((c) => c.text), pick.verify.command, ...pick.verify.also.map((r) => r.command)]);
  assert.ok((await mirrorText(page)).includes('How to start it'), 'the commands are titled');
  // Not computed until the section is opened.
  assert.equal(await page.evaluate(() => document.getElementById('mirror-capability')), null);
  await click(page, 'What this card can do');
  await page.waitForFunction(() => document.getElementById('mirror-capability'), null, { timeout: 30000 });
  const api = await page.evaluate((p) => window.cardfit.capacity(window.cardfit.uiState() + `&lang=en&gpu=${p.gpu}&cards=${p.cards}`),
                                  pick);
  assert.equal(api.ok, true, JSON.stringify(api.errors));
  const dom = await page.evaluate(() => {
    const h = document.getElementById('mirror-capability');
    const t = document.querySelector('#mirror table.capability');
    return { summary: h.nextElementSibling.textContent, rows: [...t.tBodies[0].rows].map((r) => r.cells[0].textContent) };
  });
  assert.equal(dom.summary, api.value.summary);
  assert.deepEqual(dom.rows, api.value.models.map((m) => m.name));
  // "Detect my GPU": the browser's WebGL renderer, read on the click only. Here it is SwiftShader,
  // a software renderer: the answer replaces the button and no GPU is picked.
  const state = await page.evaluate(() => window.cardfit.uiState());
  await click(page, /^Detect my GPU/);
  await frames(page, 4);
  assert.ok(!(await items(page)).some((i) => /^Detect my GPU/.test(i.label)), 'the button gives way to the answer');
  assert.equal(await page.evaluate(() => window.cardfit.uiState()), state, 'a software renderer picks no GPU');
  await shot(page, 'capability-desktop.png');
  await context.close();
  assert.deepEqual(errors, []);

  // A phone, in Chinese: the section opens in the one column, as wide as the screen, with a
  // chosen GPU and card count.
  const phone = await open('?lang=zh&model=qwen2.5-7b&gpu=rtx-4090&cards=2', { ...PHONE, deviceScaleFactor: 2 });
  const header = await tap(phone.page, '这张卡能做什么');
  assert.ok(header.x >= 0 && header.x + header.w <= 391, `header at ${header.x}..${header.x + header.w}`);
  await phone.page.waitForFunction(() => document.getElementById('mirror-capability'), null, { timeout: 30000 });
  const zh = await phone.page.evaluate(() => window.cardfit.capacity({ gpu: 'rtx-4090', cards: 2, model: 'qwen2.5-7b', lang: 'zh' }));
  const summary = await phone.page.evaluate(() => document.getElementById('mirror-capability').nextElementSibling.textContent);
  assert.equal(summary, zh.value.summary);
  await frames(phone.page, 4);
  await shot(phone.page, 'capability-phone.png');
  assert.deepEqual(phone.errors, []);
  await phone.context.close();
});
