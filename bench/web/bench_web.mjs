// `make bench-web`: cold loads of the built page in headless Chromium (SwiftShader WebGL2,
// docs/web.md), each in a fresh browser context from a loopback static server, and prints
// medians: bytes of every file fetched (raw and gzip -9), time to the first frame, and the
// page's own stages (performance.mark "cardfit:*", set by web/index.html and web/web_main.cpp).
// With PEER_DIR (a built copy of RahulSChand/gpu_poor's docs/ folder, served under
// /gpu_poor/ as it expects) the peer is loaded in the same run, alternating with cardfit, and
// the ratios are printed.
// --phone: the phone profile of the page-speed goal (issue 28): 390x844 at DPR 3 with touch,
// DevTools' "Slow 4G" (150 ms round trip, 1.6 Mbps down, 750 kbps up) and a 4x slower CPU, set
// through the DevTools protocol on each page, for cardfit and the peer alike.
// Usage: node bench/web/bench_web.mjs [--runs N] [--dist DIR] [--peer DIR] [--json FILE] [--phone]
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
function opt(name, fallback) {
  const i = args.indexOf(name);
  return i >= 0 && i + 1 < args.length ? args[i + 1] : fallback;
}
const runs = Number(opt('--runs', process.env.RUNS || 7));
const dist = path.resolve(opt('--dist', process.env.CARDFIT_DIST || path.join(here, '../../build/web/dist')));
const peerDir = opt('--peer', process.env.PEER_DIR || '');
const jsonOut = opt('--json', '');
const page = opt('--page', 'index.html');
const phone = args.includes('--phone');

const TYPES = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.wasm': 'application/wasm',
  '.json': 'application/json', '.css': 'text/css', '.png': 'image/png', '.ico': 'image/x-icon',
  '.jpg': 'image/jpeg', '.svg': 'image/svg+xml', '.map': 'application/json', '.txt': 'text/plain',
};

// A static server for one or more roots ({prefix: dir}); no caching, so every load is cold.
function serve(roots) {
  const server = http.createServer((req, res) => {
    const url = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    for (const [prefix, dir] of Object.entries(roots)) {
      if (!url.startsWith(prefix)) continue;
      let file = path.join(dir, url.slice(prefix.length));
      if (!file.startsWith(dir)) break;
      if (fs.existsSync(file) && fs.statSync(file).isDirectory()) file = path.join(file, 'index.html');
      if (!fs.existsSync(file)) break;
      res.writeHead(200, { 'Content-Type': TYPES[path.extname(file)] || 'application/octet-stream',
                           'Cache-Control': 'no-store' });
      fs.createReadStream(file).pipe(res);
      return;
    }
    res.writeHead(404);
    res.end();
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

const median = (xs) => {
  const s = xs.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  if (!s.length) return NaN;
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

// Bytes of a fetched file, from disk (what the server sent), raw and gzip -9.
const sizes = new Map();
function sizeOf(file) {
  if (!sizes.has(file)) {
    const b = fs.readFileSync(file);
    sizes.set(file, { raw: b.length, gzip: zlib.gzipSync(b, { level: 9 }).length });
  }
  return sizes.get(file);
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  args: ['--use-gl=angle', '--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--no-sandbox',
         '--disable-background-networking', '--disable-component-update', '--disable-sync',
         '--no-first-run', '--disable-quic'],
});
const roots = { '/gpu_poor/': peerDir ? path.resolve(peerDir) : '/nonexistent', '/': dist };
const server = await serve(roots);
const base = `http://127.0.0.1:${server.address().port}`;

// One cold load: files fetched (local path of each), the page's marks (ms since navigation).
async function load(url, rootFor, doneWhen) {
  const context = await browser.newContext(phone
    ? { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true }
    : { viewport: { width: 1280, height: 800 } });
  const p = await context.newPage();
  if (phone) {
    const cdp = await context.newCDPSession(p);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions',
                   { offline: false, latency: 150, downloadThroughput: 1.6e6 / 8, uploadThroughput: 750e3 / 8 });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  }
  const files = [];
  const external = [];
  // The peer page asks an analytics host: blocked (not counted; a loopback run has no network).
  await p.route('**/*', (route) => {
    const u = new URL(route.request().url());
    if (u.origin !== base) { external.push(u.href); return route.abort(); }
    return route.continue();
  });
  p.on('requestfinished', (r) => {
    const u = new URL(r.url());
    if (u.protocol === 'data:' || u.origin !== base) return;
    const f = rootFor(decodeURIComponent(u.pathname));
    if (f && fs.existsSync(f)) files.push(f);
  });
  // The peer has no marks: a form field in the document marks its first usable paint.
  await p.addInitScript(() => {
    let form = false;
    new MutationObserver((_, obs) => {
      if (!form && document.querySelector('input, select')) {
        form = true;
        performance.mark('peer:form');
      }
      // A page without marks (older builds): its loading screen goes away at the first frame.
      const status = document.getElementById('status');
      if (status && status.classList.contains('hidden') && !performance.getEntriesByName('page:status-hidden').length) {
        performance.mark('page:status-hidden');
      }
    }).observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['class'] });
  });
  await p.goto(url);
  await p.waitForFunction(doneWhen, null, { timeout: 120000 });
  await p.waitForLoadState('networkidle').catch(() => {});
  const marks = await p.evaluate(() => {
    const m = {};
    for (const e of performance.getEntriesByType('mark')) m[e.name] = e.startTime;
    for (const e of performance.getEntriesByType('paint')) m[e.name] = e.startTime;
    return m;
  });
  await context.close();
  return { files: [...new Set(files)], marks, external };
}

function distFile(p) { return path.join(dist, p === '/' ? 'index.html' : p); }
function peerFile(p) {
  if (!p.startsWith('/gpu_poor/')) return null;
  const rest = p.slice('/gpu_poor/'.length);
  return path.join(path.resolve(peerDir), rest === '' ? 'index.html' : rest);
}

const STAGES = [
  ['script', 'cardfit:script', 'cardfit.js loaded and run'],
  ['wasm', 'cardfit:wasm', 'wasm fetched, compiled, instantiated'],
  ['catalog', 'cardfit:catalog', 'catalog (snapshot) and link read'],
  ['estimate', 'cardfit:estimate', 'first estimate and plan'],
  ['result', 'cardfit:result', 'first result in the page as text'],
  ['frame1', 'cardfit:result-frame', 'animation frame that paints it'],
  ['webgl', 'cardfit:webgl', 'WebGL2 context made'],
  ['imgui', 'cardfit:imgui', 'ImGui GL3 renderer set up'],
  ['glyphs', 'cardfit:glyphs', 'font atlas, browser-drawn glyphs'],
  ['fonts', 'cardfit:fonts', 'font atlas uploaded'],
  ['frame', 'cardfit:first-frame', 'first frame drawn'],
];

const ours = [];
const peer = [];
for (let i = 0; i < runs; i++) {
  ours.push(await load(`${base}/${page}`, distFile,
                       () => (window.cardfit && window.cardfit.frameCount() > 1) || window.cardfitError));
  if (peerDir) peer.push(await load(`${base}/gpu_poor/`, peerFile, () => performance.getEntriesByName('peer:form').length > 0));
}
await browser.close();
server.close();

function bytes(loads) {
  const files = loads[0].files;
  const rows = files.map((f) => ({ file: path.basename(f), ...sizeOf(f) }));
  const total = rows.reduce((t, r) => ({ raw: t.raw + r.raw, gzip: t.gzip + r.gzip }), { raw: 0, gzip: 0 });
  return { rows, total };
}
const kb = (n) => (n / 1024).toFixed(1).padStart(7) + ' KB';
const ms = (n) => (Number.isFinite(n) ? n.toFixed(0) : '-').padStart(6) + ' ms';

const result = { runs, cardfit: {}, peer: null };
const ob = bytes(ours);
result.cardfit.bytes = ob;
console.log(`cardfit: ${path.relative(process.cwd(), dist) || dist}/${page}, ${runs} cold loads (medians)${phone ? ', phone profile (390x844 DPR 3, Slow 4G, 4x CPU)' : ''}`);
for (const r of ob.rows) console.log(`  ${r.file.padEnd(28)} ${kb(r.raw)} raw ${kb(r.gzip)} gzip -9`);
console.log(`  ${'total'.padEnd(28)} ${kb(ob.total.raw)} raw ${kb(ob.total.gzip)} gzip -9`);
let prev = 0;
result.cardfit.stages = {};
for (const [key, mark, what] of STAGES) {
  const at = median(ours.map((l) => l.marks[mark]));
  const step = median(ours.map((l, i) => {
    const before = STAGES.findIndex((s) => s[0] === key) - 1;
    return l.marks[mark] - (before >= 0 ? l.marks[STAGES[before][1]] : 0);
  }));
  result.cardfit.stages[key] = { at, step };
  console.log(`  ${what.padEnd(38)} at ${ms(at)}   (+${ms(step).trim()})`);
  prev = at;
}
const ourFirst = median(ours.map((l) => l.marks['cardfit:first-frame'] ?? l.marks['page:status-hidden']));
const ourFcp = median(ours.map((l) => l.marks['first-contentful-paint']));
const ourResult = median(ours.map((l) => l.marks['cardfit:result']));
// On screen: in the first paint when it was in the document before it, else in the frame after.
const onScreen = (m, inDoc, frame) => (m[inDoc] <= m['first-contentful-paint'] ? m['first-contentful-paint'] : m[frame]);
const ourResultShown = median(ours.map((l) => onScreen(l.marks, 'cardfit:result', 'cardfit:result-frame')));
result.cardfit.firstFrame = ourFirst;
result.cardfit.firstResult = ourResult;
result.cardfit.fcp = ourFcp;
result.cardfit.firstResultShown = ourResultShown;
console.log(`  first contentful paint                at ${ms(ourFcp)}`);
console.log(`  first result on screen                at ${ms(ourResultShown)}`);
if (peerDir) {
  const pb = bytes(peer);
  const pForm = median(peer.map((l) => l.marks['peer:form']));
  const pFcp = median(peer.map((l) => l.marks['first-contentful-paint']));
  result.peer = { bytes: pb, form: pForm, fcp: pFcp, external: [...new Set(peer.flatMap((l) => l.external))] };
  console.log(`gpu_poor: ${peerDir}, ${runs} cold loads (medians; external requests blocked: ${result.peer.external.length})`);
  for (const r of pb.rows) console.log(`  ${r.file.padEnd(28)} ${kb(r.raw)} raw ${kb(r.gzip)} gzip -9`);
  console.log(`  ${'total'.padEnd(28)} ${kb(pb.total.raw)} raw ${kb(pb.total.gzip)} gzip -9`);
  console.log(`  first contentful paint                at ${ms(pFcp)}`);
  console.log(`  form shown                            at ${ms(pForm)}`);
  const pFormShown = median(peer.map((l) => onScreen(l.marks, 'peer:form', 'peer:none')));
  result.peer.formShown = pFormShown;
  console.log(`  form on screen                        at ${ms(pFormShown)}`);
  const ratio = (a, b) => (a / b).toFixed(2);
  // Both marks are the moment the document holds it (the peer's form field, cardfit's result as
  // text); the first frame is the canvas drawn.
  result.ratios = { gzip: ob.total.gzip / pb.total.gzip, raw: ob.total.raw / pb.total.raw, firstResult: ourResult / pForm,
                    firstResultShown: ourResultShown / pFormShown, firstFrame: ourFirst / pForm, firstPaint: ourFcp / pFcp };
  console.log(`ratios cardfit / gpu_poor: gzip ${ratio(ob.total.gzip, pb.total.gzip)}, raw ${ratio(ob.total.raw, pb.total.raw)}, ` +
              `first result (text) / form ${ratio(ourResult, pForm)}, on screen ${ratio(ourResultShown, pFormShown)}, ` +
              `first frame / form ${ratio(ourFirst, pForm)}, ` +
              `first paint ${ratio(ourFcp, pFcp)}`);
}
if (jsonOut) fs.writeFileSync(jsonOut, JSON.stringify(result, null, 2));
