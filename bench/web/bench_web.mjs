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
// --link QUERY: also loads index.html?QUERY (a shared link that carries a scenario), interleaved.
// --encoding gzip|br: the server sends what a static host sends (GitHub Pages: gzip): cardfit's
// precompressed .gz/.br files, the peer's files compressed alike (gzip -9, brotli q11); default:
// the bytes as they are on disk.
// Usage: node bench/web/bench_web.mjs [--runs N] [--dist DIR] [--peer DIR] [--json FILE] [--phone]
//                                     [--link QUERY] [--encoding identity|gzip|br]
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
const linkQuery = opt('--link', '');
const encoding = opt('--encoding', 'identity');
if (!['identity', 'gzip', 'br'].includes(encoding)) throw new Error(`--encoding ${encoding}: identity, gzip or br`);

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
      const headers = { 'Content-Type': TYPES[path.extname(file)] || 'application/octet-stream', 'Cache-Control': 'no-store' };
      if (encoding !== 'identity' && (req.headers['accept-encoding'] || '').includes(encoding)) {
        headers['Content-Encoding'] = encoding;
        res.writeHead(200, headers);
        res.end(encoded(file));
        return;
      }
      res.writeHead(200, headers);
      fs.createReadStream(file).pipe(res);
      return;
    }
    res.writeHead(404);
    res.end();
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

// A file as the server sends it with --encoding: its precompressed twin when there is one (cardfit's
// dist), else compressed here once at the highest level.
const encodedFiles = new Map();
function encoded(file) {
  if (!encodedFiles.has(file)) {
    const twin = `${file}.${encoding === 'gzip' ? 'gz' : 'br'}`;
    const b = fs.readFileSync(file);
    encodedFiles.set(file, fs.existsSync(twin) ? fs.readFileSync(twin)
      : encoding === 'gzip' ? zlib.gzipSync(b, { level: 9 })
        : zlib.brotliCompressSync(b, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
  }
  return encodedFiles.get(file);
}

const median = (xs) => {
  const s = xs.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  if (!s.length) return NaN;
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

// Bytes of a fetched file, from disk: raw, gzip -9 and brotli q11.
const sizes = new Map();
function sizeOf(file) {
  if (!sizes.has(file)) {
    const b = fs.readFileSync(file);
    sizes.set(file, { raw: b.length, gzip: zlib.gzipSync(b, { level: 9 }).length,
                      br: zlib.brotliCompressSync(b, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length });
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
    // The network's own floor: when the last byte of the wasm arrived (Resource Timing).
    for (const e of performance.getEntriesByType('resource')) {
      if (/\/cardfit\.wasm(\?|$)/.test(e.name)) m['net:wasm-end'] = e.responseEnd;
    }
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
const linked = [];
const peer = [];
const ready = () => (window.cardfit && window.cardfit.frameCount() > 1) || window.cardfitError;
for (let i = 0; i < runs; i++) {
  ours.push(await load(`${base}/${page}`, distFile, ready));
  if (linkQuery) linked.push(await load(`${base}/${page}?${linkQuery}`, distFile, ready));
  if (peerDir) peer.push(await load(`${base}/gpu_poor/`, peerFile, () => performance.getEntriesByName('peer:form').length > 0));
}
await browser.close();
server.close();

function bytes(loads) {
  const files = loads[0].files;
  const rows = files.map((f) => ({ file: path.basename(f), ...sizeOf(f) }));
  const total = rows.reduce((t, r) => ({ raw: t.raw + r.raw, gzip: t.gzip + r.gzip, br: t.br + r.br }), { raw: 0, gzip: 0, br: 0 });
  return { rows, total };
}
const kb = (n) => (n / 1024).toFixed(1).padStart(7) + ' KB';
const ms = (n) => (Number.isFinite(n) ? n.toFixed(0) : '-').padStart(6) + ' ms';
const byteRow = (name, r) => console.log(`  ${name.padEnd(28)} ${kb(r.raw)} raw ${kb(r.gzip)} gzip -9 ${kb(r.br)} brotli`);
// On screen: in the first paint when it was in the document before it, else in the frame after.
const onScreen = (m, inDoc, frame) => (m[inDoc] <= m['first-contentful-paint'] ? m['first-contentful-paint'] : m[frame]);
// The first result as text: written in at build time (the default page, cardfit:prebaked) or
// answered by the module (cardfit:result), whichever came first.
const firstResult = (m) => Math.min(m['cardfit:prebaked'] ?? Infinity, m['cardfit:result'] ?? Infinity);
const firstResultShown = (m) => Math.min(onScreen(m, 'cardfit:prebaked', 'cardfit:none') ?? Infinity,
                                         onScreen(m, 'cardfit:result', 'cardfit:result-frame') ?? Infinity);

// One series of cardfit loads: its stages and first result, printed.
function report(title, loads) {
  const out = { stages: {} };
  console.log(title);
  for (const [key, mark, what] of STAGES) {
    const at = median(loads.map((l) => l.marks[mark]));
    const step = median(loads.map((l) => {
      const before = STAGES.findIndex((x) => x[0] === key) - 1;
      return l.marks[mark] - (before >= 0 ? l.marks[STAGES[before][1]] : 0);
    }));
    out.stages[key] = { at, step };
    console.log(`  ${what.padEnd(38)} at ${ms(at)}   (+${ms(step).trim()})`);
  }
  out.prebaked = median(loads.map((l) => l.marks['cardfit:prebaked']));
  out.firstFrame = median(loads.map((l) => l.marks['cardfit:first-frame'] ?? l.marks['page:status-hidden']));
  out.firstResult = median(loads.map((l) => firstResult(l.marks)));
  out.fcp = median(loads.map((l) => l.marks['first-contentful-paint']));
  out.firstResultShown = median(loads.map((l) => firstResultShown(l.marks)));
  out.wasmArrived = median(loads.map((l) => l.marks['net:wasm-end']));
  console.log(`  result written in at build time        at ${ms(out.prebaked)}`);
  console.log(`  first contentful paint                at ${ms(out.fcp)}`);
  console.log(`  first result in the page (text)       at ${ms(out.firstResult)}`);
  console.log(`  first result on screen                at ${ms(out.firstResultShown)}`);
  console.log(`  cardfit.wasm's last byte arrived      at ${ms(out.wasmArrived)}`);
  return out;
}

const result = { runs, encoding, cardfit: {}, link: null, peer: null };
const ob = bytes(ours);
console.log(`cardfit: ${path.relative(process.cwd(), dist) || dist}/${page}, ${runs} cold loads (medians)` +
            `${phone ? ', phone profile (390x844 DPR 3, Slow 4G, 4x CPU)' : ''}, sent as ${encoding}`);
for (const r of ob.rows) byteRow(r.file, r);
byteRow('total', ob.total);
result.cardfit = { bytes: ob, ...report('default page:', ours) };
if (linkQuery) result.link = { query: linkQuery, ...report(`shared link ?${linkQuery}:`, linked) };
if (peerDir) {
  const pb = bytes(peer);
  const pForm = median(peer.map((l) => l.marks['peer:form']));
  const pFcp = median(peer.map((l) => l.marks['first-contentful-paint']));
  result.peer = { bytes: pb, form: pForm, fcp: pFcp, external: [...new Set(peer.flatMap((l) => l.external))] };
  console.log(`gpu_poor: ${peerDir}, ${runs} cold loads (medians; external requests blocked: ${result.peer.external.length})`);
  for (const r of pb.rows) byteRow(r.file, r);
  byteRow('total', pb.total);
  console.log(`  first contentful paint                at ${ms(pFcp)}`);
  console.log(`  form shown                            at ${ms(pForm)}`);
  const pFormShown = median(peer.map((l) => onScreen(l.marks, 'peer:form', 'peer:none')));
  result.peer.formShown = pFormShown;
  console.log(`  form on screen                        at ${ms(pFormShown)}`);
  const ratio = (a, b) => (a / b).toFixed(2);
  // Both marks are the moment the document holds it (the peer's form field, cardfit's result as
  // text); the first frame is the canvas drawn.
  const ratios = (o) => ({ firstResult: o.firstResult / pForm, firstResultShown: o.firstResultShown / pFormShown,
                           firstFrame: o.firstFrame / pForm, firstPaint: o.fcp / pFcp,
                           wasmArrived: o.wasmArrived / pForm });
  result.ratios = { gzip: ob.total.gzip / pb.total.gzip, br: ob.total.br / pb.total.br, raw: ob.total.raw / pb.total.raw,
                    ...ratios(result.cardfit) };
  console.log(`ratios cardfit / gpu_poor: gzip ${ratio(ob.total.gzip, pb.total.gzip)}, brotli ${ratio(ob.total.br, pb.total.br)}, ` +
              `raw ${ratio(ob.total.raw, pb.total.raw)}`);
  const line = (name, o) => console.log(`  ${name}: first result (text) / form ${ratio(o.firstResult, pForm)}, ` +
    `on screen ${ratio(o.firstResultShown, pFormShown)}, first frame / form ${ratio(o.firstFrame, pForm)}, ` +
    `first paint ${ratio(o.fcp, pFcp)}, the wasm's last byte / form ${ratio(o.wasmArrived, pForm)}`);
  line('default page', result.cardfit);
  if (result.link) {
    result.linkRatios = ratios(result.link);
    line('shared link ', result.link);
  }
}
if (jsonOut) fs.writeFileSync(jsonOut, JSON.stringify(result, null, 2));
