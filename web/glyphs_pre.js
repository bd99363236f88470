// --pre-js of cardfit.js: the glyphs no embedded font holds (the Chinese text), drawn with the
// browser's own fonts, one cell each, as 8-bit coverage for the font atlas (ui/fonts.cpp
// add_system_glyphs asks through library_cardfit.js cardfit_js_draw_glyphs). Their list is
// cardfitSystemGlyphs (generated/system_glyphs.js, tools/system_glyphs.py): the page carries it
// here only. The cell geometry is computed here only (cardfitGlyphCells).
//
// Drawn early: while cardfit.wasm downloads the page's CPU is idle, so the glyphs are drawn then,
// in small idle-time slices (the first paint and the first result are never held up by more than
// one slice), at the em the module will ask for: the module's own em at devicePixelRatio 1
// (ui/fonts.cpp system_glyph_em), written into index.html by tools/prebake_page.mjs as
// cardfit-first's "glyphEm". The module uses them only when asked for exactly that em (else, and
// for whatever is not drawn yet, it draws as before): correctness never depends on the early draw.
// Only in a browser with a document (never under node); window.cardfitEarlyGlyphs = false turns
// it off, and window.cardfitKeepGlyphs = true keeps the last drawing in Module.glyphStats
// (web/tests/page.test.mjs compares the two).

// The cell of each glyph at `em` px: 1 px either side, room below the baseline for descenders.
function cardfitGlyphCells(em) {
  return {w: Math.ceil(em * 1.1) + 2, h: Math.ceil(em * 1.25) + 2, baseline: Math.ceil(em) + 1};
}

// Glyphs `from`..`to` (exclusive) of `list` at `em`, into `job` (alpha: cell after cell, advances).
function cardfitDrawGlyphSlice(job, from, to) {
  const c = job.cells, n = to - from;
  if (!job.g) {
    const canvas = document.createElement('canvas');
    canvas.width = Math.min(job.list.length, 32) * c.w;
    canvas.height = c.h;
    job.g = canvas.getContext('2d', {'willReadFrequently': true});
    if (!job.g) throw new Error('no 2d context');
    job.g.font = job.em + 'px "PingFang SC","Hiragino Sans GB","Microsoft YaHei","Noto Sans CJK SC",' +
                 '"Source Han Sans SC","WenQuanYi Micro Hei","Droid Sans Fallback",sans-serif';
    job.g.fillStyle = '#fff';
    job.g.textBaseline = 'alphabetic';
  }
  const g = job.g, cell = c.w * c.h;
  g.clearRect(0, 0, n * c.w, c.h);
  for (let i = 0; i < n; i++) {
    g.fillText(job.list[from + i], i * c.w + 1, c.baseline);
    job.advances[from + i] = g.measureText(job.list[from + i]).width;
  }
  const px = g.getImageData(0, 0, n * c.w, c.h).data, rowBytes = n * c.w * 4;
  for (let i = 0; i < n; i++) {
    let out = (from + i) * cell;
    for (let y = 0; y < c.h; y++) {
      for (let p = y * rowBytes + i * c.w * 4 + 3, x = 0; x < c.w; x++, p += 4) job.alpha[out++] = px[p];
    }
  }
  job.done = to;
}

// The characters of cardfitSystemGlyphs, ascending: each code point's distance from the one
// before in base 26, upper-case letters the leading digits, a lower-case letter the last.
function cardfitGlyphList() {
  const s = cardfitSystemGlyphs, list = [];
  for (let i = 0, d = 0, c = 0; i < s.length; i++) {
    const k = s.charCodeAt(i);
    if (k < 97) {
      d = d * 26 + k - 65;
    } else {
      c += d * 26 + k - 97;
      d = 0;
      list.push(String.fromCharCode(c));
    }
  }
  return list;
}

// A drawing of the whole list at `em`, slice by slice; `done` glyphs drawn so far.
function cardfitGlyphJob(em) {
  const list = cardfitGlyphList(), cells = cardfitGlyphCells(em);
  return {em: em, list: list, cells: cells, done: 0, g: null, failed: false,
          alpha: new Uint8Array(list.length * cells.w * cells.h), advances: new Float32Array(list.length)};
}

// The next slice of `job`: 32 glyphs (a few ms; ~10-20 ms at a phone's 4x slower CPU).
function cardfitDrawNextSlice(job) {
  cardfitDrawGlyphSlice(job, job.done, Math.min(job.list.length, job.done + 32));
}

// Draws what is left of `job` now, slice by slice as the early draw does.
function cardfitFinishGlyphs(job) {
  while (job.done < job.list.length) cardfitDrawNextSlice(job);
}

var cardfitEarlyGlyphs = null;  // the early drawing, until the module takes it
if (typeof window === 'object' && typeof document === 'object' && window['cardfitEarlyGlyphs'] !== false) {
  try {
    const first = JSON.parse((document.getElementById('cardfit-first') || {}).textContent || 'null');
    const perDpr = first && first['glyphEm'];
    if (perDpr > 0) {
      // The module's em: its float devicePixelRatio x its float em at 1 (float products, as in C++).
      const job = cardfitEarlyGlyphs = cardfitGlyphJob(Math.fround(Math.fround(window.devicePixelRatio || 1) * perDpr));
      const idle = window.requestIdleCallback ? (f) => window.requestIdleCallback(f, {timeout: 500})
                                              : (f) => setTimeout(f, 0);
      const step = () => {
        if (cardfitEarlyGlyphs !== job || job.failed) return;
        try {
          cardfitDrawNextSlice(job);  // one slice per task
        } catch (e) {
          job.failed = true;
          return;
        }
        if (job.done < job.list.length) idle(step);
      };
      idle(step);
    }
  } catch (e) {
    cardfitEarlyGlyphs = null;  // drawn when the module asks, as without it
  }
}
