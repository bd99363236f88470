#!/usr/bin/env node
// Splits the page's wasm in two (CARDFIT_WEB_SPLIT, docs/web.md "A split module"): a primary
// cardfit.wasm with what the page runs up to its first result as text (core, catalog, the link,
// the answer), and cardfit.deferred.wasm with the rest (Dear ImGui, GL, the canvas panels, the
// card), which web/split_pre.js fetches and compiles while the first result is read.
// How: Emscripten's -sSPLIT_MODULE link leaves cardfit.wasm instrumented (binaryen's
// `wasm-split --instrument`) and cardfit.wasm.orig; this loads the instrumented page in headless
// Chromium for a few links, writes wasm-split's profile at the 'cardfit:result-frame' mark (the
// first result painted, before start_canvas), merges the profiles and splits the .orig by them.
// A function the profile did not see lands in the deferred module; called before that is
// compiled, the page stops with an error, hence several links (web/tests/page.test.mjs runs more).
// The unsplit module is kept as WHOLE_WASM (outside dist): cardfit-offline.html inlines it.
// Usage: node tools/split_wasm.mjs DIST_DIR PAGE_HTML WHOLE_WASM   (env CHROMIUM, WASM_SPLIT)
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';

const [dist, pageHtml, whole] = process.argv.slice(2).map((p) => path.resolve(p));
const wasmSplit = process.env.WASM_SPLIT || 'wasm-split';
// The early paths: a shared link (issue 28's), the default page, English, the embed, another
// model, and version-1 links with their long keys (a context and a budget tier read and checked).
const LINKS = ['v=2&m=deepseek-r1&p=fp8&b=ge-80000', '', 'lang=en', 'embed=1', 'v=2&m=qwen2.5-7b&lang=en',
               'lang=en&model=qwen2.5-14b&context=8k&budget-tier=2000-3000', 'model=deepseek-r1&precision=fp8&budget-tier=ge-80000'];
const FEATURES = ['--enable-bulk-memory', '--enable-nontrapping-float-to-int', '--enable-sign-ext', '--enable-mutable-globals'];

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'cardfit-split-'));
fs.copyFileSync(pageHtml, path.join(work, 'index.html'));
for (const f of ['cardfit.js', 'cardfit.wasm']) fs.copyFileSync(path.join(dist, f), path.join(work, f));
const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.wasm': 'application/wasm' };
const server = http.createServer((req, res) => {
  const file = path.join(work, new URL(req.url, 'http://x').pathname);
  if (!file.startsWith(work) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) {
    res.writeHead(404);
    return res.end();
  }
  res.writeHead(200, { 'Content-Type': TYPES[path.extname(file)] || 'application/octet-stream' });
  fs.createReadStream(file).pipe(res);
});
await new Promise((r) => server.listen(0, '127.0.0.1', r));
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  args: ['--use-gl=angle', '--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--no-sandbox'],
});
const profiles = [];
try {
  for (const [i, link] of LINKS.entries()) {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    // The instance, caught as the page instantiates it; at the mark, wasm-split's profile is
    // written into the top 4 MB of the 32 MB initial memory (unused this early) and read out.
    await page.addInitScript(() => {
      const keep = (r) => { window.cardfitSplitInstance = r.instance || r; return r; };
      for (const name of ['instantiateStreaming', 'instantiate']) {
        const f = WebAssembly[name];
        WebAssembly[name] = function () { return f.apply(this, arguments).then(keep); };
      }
      const mark = performance.mark.bind(performance);
      performance.mark = function (name) {
        if (name === 'cardfit:result-frame' && window.cardfitSplitInstance && !window.cardfitSplitProfile) {
          const ex = window.cardfitSplitInstance.exports;
          const mem = Object.values(ex).find((v) => v instanceof WebAssembly.Memory);
          const at = mem.buffer.byteLength - (4 << 20);
          const n = ex.__write_profile(at, 4 << 20);
          window.cardfitSplitProfile = Array.from(new Uint8Array(mem.buffer, at, n));
        }
        return mark.apply(null, arguments);
      };
    });
    await page.goto(`http://127.0.0.1:${server.address().port}/index.html${link ? '?' + link : ''}`);
    await page.waitForFunction(() => window.cardfitSplitProfile, null, { timeout: 120000 });
    const file = path.join(work, `profile-${i}.data`);
    fs.writeFileSync(file, Buffer.from(await page.evaluate(() => window.cardfitSplitProfile)));
    profiles.push(file);
    await context.close();
  }
} finally {
  await browser.close();
  server.close();
}
const merged = path.join(work, 'profile.data');
execFileSync(wasmSplit, ['--merge-profiles', ...profiles, '-o', merged]);
execFileSync(wasmSplit, ['--split', ...FEATURES, `--profile=${merged}`, '--export-prefix=%',
                         path.join(dist, 'cardfit.wasm.orig'), '-o1', path.join(dist, 'cardfit.wasm'),
                         '-o2', path.join(dist, 'cardfit.deferred.wasm')]);
fs.renameSync(path.join(dist, 'cardfit.wasm.orig'), whole);
fs.rmSync(work, { recursive: true });
for (const f of ['cardfit.wasm', 'cardfit.deferred.wasm']) console.log(`split_wasm: ${f} ${fs.statSync(path.join(dist, f)).size} bytes`);
