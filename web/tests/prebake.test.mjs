// The default page's first result written into index.html at build time (tools/prebake_page.mjs)
// is the module's own answer for the page without a link, in both languages: the same figures
// and words, nothing edited by hand, and inert as data (docs/web.md).
import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { loadCardfit } from './load_module.mjs';

globalThis.location ??= new URL('https://cardfit.invalid/index.html');  // as tools/prebake_page.mjs
const dist = process.env.CARDFIT_DIST;
const page = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const block = /<script type="application\/json" id="cardfit-first">([^<]*)<\/script>/.exec(page);
const m = await loadCardfit();

test('index.html holds the default page\'s first result, as the module answers it now', () => {
  assert.ok(block, 'index.html has no written-in first result');
  const first = JSON.parse(block[1]);
  assert.deepEqual(Object.keys(first).sort(), ['en', 'glyphEm', 'zh']);
  // The em of the browser-drawn glyphs at devicePixelRatio 1, for web/glyphs_pre.js's early
  // drawing: the module's own (ui/fonts.cpp system_glyph_em), a float.
  assert.equal(first.glyphEm, m._glyphEm());
  assert.equal(Math.fround(first.glyphEm), first.glyphEm);
  assert.ok(first.glyphEm > 10 && first.glyphEm < 20, String(first.glyphEm));
  for (const lang of ['zh', 'en']) {
    const now = JSON.parse(m._preview('', lang));
    assert.deepEqual(first[lang], now, `${lang}: written in at build time, answered differently now`);
    assert.equal(now.lang, lang);
    // The default page's answer is a pick with a monthly cost and the memory it needs.
    assert.ok(now.pick && /\d/.test(now.pick.line), `${lang}: no pick in ${JSON.stringify(now)}`);
    assert.match(now.memory.total, /^\d+(\.\d+)? GB/);
  }
  // The header the module shows at that address: the link, result and text-view buttons.
  assert.deepEqual(first.zh.head.buttons, ['English', '复制链接', '复制结果', '文字版']);
});

test('a link is answered for its own scenario (what the page shows instead of the written-in one)', () => {
  const r = JSON.parse(m._preview('model=deepseek-r1&precision=fp8&budget-tier=ge-80000', 'en'));
  assert.match(r.scenario, /^DeepSeek-R1 · FP8 · /);
  assert.notDeepEqual(r.pick, JSON.parse(m._preview('', 'en')).pick);
});

test('the written-in block is inert: no "<" reaches the HTML parser', () => {
  assert.ok(!block[1].includes('<'));
  assert.equal(page.split('id="cardfit-first"').length, 2);
});
