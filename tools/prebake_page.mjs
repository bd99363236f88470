// Writes the default page's first result into index.html: the module's own answer for the page
// without a link (web/platform_web.cpp cardfit_web_preview_json, the start-up the page runs),
// in Chinese and in English, as JSON in <script type="application/json" id="cardfit-first">,
// which index.html shows at the first paint before the module has loaded (docs/web.md); and the
// em the page's Chinese glyphs are drawn at, for cardfit.js to draw them early (web/glyphs_pre.js).
// Usage: node tools/prebake_page.mjs DIST IN_HTML   (writes DIST/index.html, temp + rename)
import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';

const [dist, input] = process.argv.slice(2);
if (!dist || !input) {
  console.error('usage: node tools/prebake_page.mjs DIST IN_HTML');
  process.exit(2);
}
// The page is at an address (its header offers "Copy link" there: ui/app.cpp header_buttons);
// any will do, the link itself is not part of what is written in.
globalThis.location ??= new URL('https://cardfit.invalid/index.html');
const require = createRequire(import.meta.url);
const createCardfit = require(path.resolve(dist, 'cardfit.js'));
const m = await createCardfit({ wasmBinary: fs.readFileSync(path.join(dist, 'cardfit.wasm')), print() {}, printErr() {} });

const first = {};
for (const lang of ['zh', 'en']) {
  const text = m._preview('', lang);
  if (!text) {
    console.error(`prebake_page.mjs: the default page has no result in ${lang} (the default scenario has errors)`);
    process.exit(1);
  }
  first[lang] = JSON.parse(text);
}
// The em of the browser-drawn glyphs at devicePixelRatio 1 (ui/fonts.cpp system_glyph_em):
// web/glyphs_pre.js draws them at that em x devicePixelRatio while the wasm downloads.
first.glyphEm = m._glyphEm();
// Data, not markup: "<" never reaches the HTML parser, so no "</script>" can end the block.
const json = JSON.stringify(first).replace(/</g, '\\u003c');
const marker = '<script type="application/json" id="cardfit-first"></script>';
const page = fs.readFileSync(input, 'utf8');
if (page.split(marker).length !== 2) {
  console.error(`prebake_page.mjs: ${input} must hold exactly one ${marker}`);
  process.exit(1);
}
const out = path.join(dist, 'index.html');
const tmp = `${out}.tmp-${process.pid}`;
fs.writeFileSync(tmp, page.replace(marker, () => marker.replace('></script>', `>${json}</script>`)));
fs.renameSync(tmp, out);
