// The browser side of the page (linked with --js-library): input (pointer, touch, wheel, keys,
// IME text through a hidden text box, paste), the canvas size, the URL and history, the
// clipboard, settings, and the DOM mirror of the result (web/platform_web.cpp builds its JSON).
// Plain DOM code, no framework. Every browser call that can fail (private mode, denied
// permissions) is caught: a lost preference is not worth breaking the page.
mergeInto(LibraryManager.library, {
  // A JavaScript string as a malloc'd UTF-8 C string (web_js.hpp take_js_string frees it).
  $cfString__deps: ['malloc'],
  $cfString: function (s) {
    const n = lengthBytesUTF8(s) + 1;
    const p = _malloc(n);
    if (p) stringToUTF8(s, p, n);
    return p;
  },
  $CF: {
    queue: [],           // input events for web_main.cpp: {t, a, b, m, x, y, dx, dy, text}
    text: '',            // text of the last event taken
    canvas: null,
    ta: null,            // the hidden text box: focus for the on-screen keyboard and the IME
    mirror: null,        // the DOM mirror (<section>)
    spacer: null,        // as tall as the page in the one-column layout (the document scrolls)
    mac: false,
    composing: false,
    wantText: false,
    popup: false,
    pageHeight: 0,       // CSS px; 0 = the canvas fills the window and ImGui scrolls
    fields: [],          // text boxes drawn last frame, CSS px [x, y, w, h]
    focusGrace: 0,       // until then, keep the text box focused (a tap is on its way to ImGui)
    touch: null,         // the finger being tracked: {id, x0, y0, x, y, t0, mode, timer}
    stateTimer: 0,
    cursor: '',
    dpr: 1,
    // Event types, modifier bits and keys (KEYS by KeyboardEvent.key, LETTERS of the shortcuts):
    // all from web/web_input.hpp's table, which cardfit_js_init receives (no number is written
    // here). NOTE: assigned inside a function with quoted keys: Emscripten re-prints a library
    // object's own literals without their quotes, and the closure compiler would rename them.
    MOVE: 0, BUTTON: 0, WHEEL: 0, KEY: 0, TEXT: 0, PASTE: 0, BLUR: 0, LEAVE: 0, FRAME: 0, POPSTATE: 0,
    POINTER: 0, CLIP: 0, CTRL: 0, SHIFT: 0, ALT: 0, SUPER: 0,
    KEYS: null,
    LETTERS: null,
    inputTable: function (json) {
      const T = JSON.parse(json), E = T['events'], M = T['mods'];
      CF.MOVE = E['MOVE']; CF.BUTTON = E['BUTTON']; CF.WHEEL = E['WHEEL']; CF.KEY = E['KEY']; CF.TEXT = E['TEXT'];
      CF.PASTE = E['PASTE']; CF.BLUR = E['BLUR']; CF.LEAVE = E['LEAVE']; CF.FRAME = E['FRAME'];
      CF.POPSTATE = E['POPSTATE']; CF.POINTER = E['POINTER']; CF.CLIP = E['CLIP'];
      CF.CTRL = M['CTRL']; CF.SHIFT = M['SHIFT']; CF.ALT = M['ALT']; CF.SUPER = M['SUPER'];
      CF.KEYS = T['keys'];
      CF.LETTERS = T['letters'];
      const all = [CF.MOVE, CF.BUTTON, CF.WHEEL, CF.KEY, CF.TEXT, CF.PASTE, CF.BLUR, CF.LEAVE, CF.FRAME, CF.POPSTATE,
                   CF.POINTER, CF.CLIP, CF.CTRL, CF.SHIFT, CF.ALT, CF.SUPER, CF.KEYS['Backspace'], CF.LETTERS['v']];
      if (all.some((v) => typeof v !== 'number')) throw new Error('cardfit: the input table lacks a name library_cardfit.js uses');
    },
    CURSORS: ['default', 'text', 'move', 'ns-resize', 'ew-resize', 'nesw-resize', 'nwse-resize', 'pointer',
              'not-allowed'],

    push: function (e) { CF.queue.push(e); },
    mods: function (e) {
      return (e.ctrlKey ? CF.CTRL : 0) | (e.shiftKey ? CF.SHIFT : 0) | (e.altKey ? CF.ALT : 0) | (e.metaKey ? CF.SUPER : 0);
    },
    pos: function (e) {
      const r = CF.canvas.getBoundingClientRect();
      return [e.clientX - r.left, e.clientY - r.top];
    },
    // The key that shortcuts use: Cmd on a Mac, Ctrl elsewhere.
    shortcutMod: function () { return CF.mac ? CF.SUPER : CF.CTRL; },
    // A file the browser downloads: STEM-YYYYMMDD-HHMMSS.EXT (the browser's local time).
    saveBlob: function (stem, ext, blob) {
      const d = new Date(), p = (n) => String(n).padStart(2, '0');
      const a = document.createElement('a');
      a.href = URL.createObjectURL(blob);
      a.download = stem + '-' + d.getFullYear() + p(d.getMonth() + 1) + p(d.getDate()) + '-' +
                   p(d.getHours()) + p(d.getMinutes()) + p(d.getSeconds()) + '.' + ext;
      document.body.appendChild(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(a.href), 60000);
    },
    inField: function (x, y) {
      for (const f of CF.fields) if (x >= f[0] && x <= f[0] + f[2] && y >= f[1] && y <= f[1] + f[3]) return true;
      return false;
    },
    // A tap: the pointer moves there, then presses, then releases, each in its own frame.
    click: function (x, y) {
      CF.push({t: CF.MOVE, x: x, y: y});
      CF.push({t: CF.FRAME});
      CF.push({t: CF.BUTTON, a: 0, b: 1, x: x, y: y});
      CF.push({t: CF.FRAME});
      CF.push({t: CF.BUTTON, a: 0, b: 0, x: x, y: y});
    },
    focusText: function () {
      try { CF.ta.focus({'preventScroll': CF.pageHeight === 0}); } catch (e) {}
    },
    flushText: function () {
      const v = CF.ta.value;
      CF.ta.value = '';
      if (v) CF.push({t: CF.TEXT, text: v});
    },
    paste: function (text) {
      if (!text) return;
      if (CF.wantText) {
        // Into the active text box: ImGui pastes its clipboard on Ctrl+V (Cmd+V).
        const m = CF.shortcutMod();
        CF.push({t: CF.CLIP, text: text});
        CF.push({t: CF.KEY, a: CF.LETTERS['v'], b: 1, m: m});
        CF.push({t: CF.FRAME});
        CF.push({t: CF.KEY, a: CF.LETTERS['v'], b: 0, m: 0});
      } else {
        CF.push({t: CF.PASTE, text: text});  // anywhere else: a config.json is imported
      }
    },

    // [SECTION] Pointer and touch
    onPointerDown: function (e) {
      const p = CF.pos(e), x = p[0], y = p[1];
      const touch = e.pointerType === 'touch' || e.pointerType === 'pen';
      CF.push({t: CF.POINTER, a: touch ? 1 : 0});
      if (!touch) {
        if (document.activeElement !== CF.ta) { try { CF.canvas.focus({'preventScroll': true}); } catch (err) {} }
        try { CF.canvas.setPointerCapture(e.pointerId); } catch (err) {}
        CF.push({t: CF.MOVE, x: x, y: y});
        CF.push({t: CF.BUTTON, a: e.button === 2 ? 1 : e.button === 1 ? 2 : 0, b: 1, m: CF.mods(e), x: x, y: y});
        e.preventDefault();
        return;
      }
      if (CF.touch) return;  // one finger at a time; a second one (pinch) is the browser's
      const t = {id: e.pointerId, x0: x, y0: y, x: x, y: y, mode: 'pending', timer: 0};
      // Held still: the finger becomes a mouse button (drag a slider, select text).
      t.timer = setTimeout(function () {
        if (CF.touch === t && t.mode === 'pending') {
          t.mode = 'drag';
          CF.push({t: CF.MOVE, x: t.x0, y: t.y0});
          CF.push({t: CF.FRAME});
          CF.push({t: CF.BUTTON, a: 0, b: 1, x: t.x0, y: t.y0});
        }
      }, 450);
      CF.touch = t;
    },
    onPointerMove: function (e) {
      const p = CF.pos(e), x = p[0], y = p[1];
      if (e.pointerType === 'mouse') {
        CF.push({t: CF.MOVE, x: x, y: y});
        return;
      }
      const t = CF.touch;
      if (!t || t.id !== e.pointerId) return;
      const dx = x - t.x, dy = y - t.y;
      t.x = x; t.y = y;
      if (t.mode === 'pending' && Math.hypot(x - t.x0, y - t.y0) > 8) {
        clearTimeout(t.timer);
        const horizontal = Math.abs(x - t.x0) > Math.abs(y - t.y0);
        if (CF.pageHeight > 0 && !CF.popup) {
          // The page scrolls vertically by itself (touch-action: pan-y); sideways is a drag.
          t.mode = horizontal ? 'drag' : 'pan';
          if (horizontal) {
            CF.push({t: CF.MOVE, x: t.x0, y: t.y0});
            CF.push({t: CF.FRAME});
            CF.push({t: CF.BUTTON, a: 0, b: 1, x: t.x0, y: t.y0});
          }
        } else {
          t.mode = 'scroll';  // the ImGui pane under the finger follows it
          CF.push({t: CF.MOVE, x: t.x0, y: t.y0});
        }
      }
      if (t.mode === 'drag') CF.push({t: CF.MOVE, x: x, y: y});
      if (t.mode === 'scroll') CF.push({t: CF.WHEEL, x: t.x0, y: t.y0, dx: -dx, dy: -dy});
      if (t.mode !== 'pan') e.preventDefault();
    },
    onPointerUp: function (e) {
      const p = CF.pos(e), x = p[0], y = p[1];
      if (e.pointerType === 'mouse') {
        CF.push({t: CF.MOVE, x: x, y: y});
        CF.push({t: CF.BUTTON, a: e.button === 2 ? 1 : e.button === 1 ? 2 : 0, b: 0, m: CF.mods(e), x: x, y: y});
        return;
      }
      const t = CF.touch;
      if (!t || t.id !== e.pointerId) return;
      clearTimeout(t.timer);
      CF.touch = null;
      if (t.mode === 'pending') {
        // A tap on a text box: focus the hidden text box now, inside the user's gesture, so the
        // phone opens its keyboard (iOS allows it nowhere else); ImGui activates the box next.
        if (CF.inField(x, y)) {
          CF.focusGrace = performance.now() + 1000;
          CF.focusText();
        }
        CF.click(x, y);
        e.preventDefault();  // no emulated mouse events after the tap
      } else if (t.mode === 'drag') {
        CF.push({t: CF.BUTTON, a: 0, b: 0, x: x, y: y});
      } else {
        CF.push({t: CF.LEAVE});  // after scrolling nothing stays hovered
      }
    },
    onPointerCancel: function (e) {
      const t = CF.touch;
      if (!t || t.id !== e.pointerId) return;
      clearTimeout(t.timer);
      CF.touch = null;
      if (t.mode === 'drag') CF.push({t: CF.BUTTON, a: 0, b: 0, x: t.x, y: t.y});
      CF.push({t: CF.LEAVE});
    },
    onWheel: function (e) {
      if (e.ctrlKey) return;  // the browser's zoom
      // The one-column layout is the page: the document scrolls, natively, unless a list is open.
      if (CF.pageHeight > 0 && !CF.popup) return;
      e.preventDefault();
      const p = CF.pos(e), x = p[0], y = p[1];
      const unit = e.deltaMode === 1 ? 40 : e.deltaMode === 2 ? CF.canvas.clientHeight : 1;
      CF.push({t: CF.WHEEL, x: x, y: y, dx: e.deltaX * unit, dy: e.deltaY * unit});
    },

    // [SECTION] Keys and text
    onKeyDown: function (e) {
      if (e.isComposing || e.keyCode === 229) return;  // the IME has it
      const mod = e.ctrlKey || e.metaKey;
      let key = CF.KEYS[e.key];
      if (key === undefined && mod && !e.altKey) key = CF.LETTERS[(e.key || '').toLowerCase()];
      if (key === undefined) return;  // characters arrive as text (input events)
      if (mod && key === CF.LETTERS['v']) return;  // the browser fires a paste event with the text
      if (e.key === 'Tab' && !CF.wantText) return;  // Tab moves the focus on through the page
      e.preventDefault();
      CF.push({t: CF.KEY, a: key, b: 1, m: CF.mods(e)});
    },
    onKeyUp: function (e) {
      let key = CF.KEYS[e.key];
      if (key === undefined) key = CF.LETTERS[(e.key || '').toLowerCase()];
      if (key === undefined) return;
      CF.push({t: CF.KEY, a: key, b: 0, m: CF.mods(e)});
    },
    onBeforeInput: function (e) {
      // Phone keyboards delete through input events, with no key code.
      if (e.inputType === 'deleteContentBackward' && CF.ta.value === '') {
        e.preventDefault();
        CF.push({t: CF.KEY, a: CF.KEYS['Backspace'], b: 1, m: 0});
        CF.push({t: CF.FRAME});
        CF.push({t: CF.KEY, a: CF.KEYS['Backspace'], b: 0, m: 0});
      }
    },
    onPaste: function (e) {
      if (e.target && e.target.closest && e.target.closest('#mirror')) return;
      let text = '';
      try { text = e.clipboardData.getData('text/plain'); } catch (err) {}
      e.preventDefault();
      CF.paste(text);
    },

    // [SECTION] The DOM mirror
    el: function (tag, attrs, children) {
      const n = document.createElement(tag);
      for (const k in attrs || {}) n.setAttribute(k, attrs[k]);
      for (const c of children || []) n.append(c);
      return n;
    },
    // While the canvas starts (web_main.cpp), the loading skeleton's result pane shows the
    // first result as text: index.html's cardfitPreview draws it (one renderer for the module's
    // answer and the default page's, written in at build time).
    preview: function (d) {
      if (window['cardfitPreview']) window['cardfitPreview'](d);
    },
    render: function (d) {
      const el = CF.el;
      const L = d['labels'];
      const lang = d['lang'] === 'zh' ? 'zh-CN' : 'en';
      document.documentElement.lang = lang;
      const m = CF.mirror;
      m.lang = lang;
      m['replaceChildren']();  // quoted: newer than the closure compiler's externs
      const close = el('button', {'type': 'button', 'class': 'mirror-close'}, [L['close']]);
      close.addEventListener('click', function () { CF.showMirror(false); });
      m.append(close, el('h1', {}, [L['title']]), el('p', {'class': 'scenario'}, [d['scenario']]));
      if (d['notices']['length']) m.append(el('p', {}, [L['notice']]), el('ul', {}, d['notices']['map']((t) => el('li', {}, [t]))));
      if (d['files']['length']) m.append(el('ul', {'class': 'files'}, d['files']['map']((t) => el('li', {}, [t]))));
      const status = el('div', {'id': 'mirror-status', 'role': 'status'});
      if (d['pick']) {
        status.append(el('h2', {}, [L['pick'] + ' ' + d['pick']['line']]), el('p', {'class': 'reason'}, [d['pick']['reason']]));
        if (d['pick']['launch']['length']) status.append(el('h3', {}, [L['launch']]));
        for (const c of d['pick']['launch']) {
          status.append(el('p', {'class': 'launch'}, [c['label'] + (c['file'] ? ' (' + c['file'] + ')' : '')]),
                        el('pre', {}, [el('code', {}, [c['text']])]));
        }
        const v = d['pick']['verify'];
        if (v) {
          // The benchmark, then the engine's one-batch benchmark beside it (vllm bench latency,
          // sglang.bench_one_batch), each with what to compare; the commands are text nodes, never HTML.
          status.append(el('h3', {}, [L['verify']]));
          for (const r of [v].concat(v['also'] || [])) {
            status.append(el('p', {'class': 'launch'}, [r['label']]), el('pre', {}, [el('code', {}, [r['text']])]),
                          el('ul', {}, r['compare']['map']((t) => el('li', {}, [t]))));
          }
          status.append(el('p', {}, [L['verify_how']]));
        }
      } else {
        status.append(el('h2', {}, [L['no_pick']]), el('p', {'class': 'reason'}, [d['no_pick_reason']]));
        if (d['alternatives']['length']) {
          status.append(el('p', {}, [L['alternatives']]), el('ul', {}, d['alternatives']['map']((t) => el('li', {}, [t]))));
        }
      }
      m.append(status);
      m.append(el('h2', {}, [L['memory'] + ' ' + d['memory']['total']]));
      m.append(el('table', {'class': 'memory'}, [el('tbody', {}, d['memory']['parts']['map'](
        (p) => el('tr', {}, [el('th', {'scope': 'row'}, [p[0]]), el('td', {}, [p[1]])])))]));
      if (d['warnings']['length']) {
        m.append(el('h3', {}, [L['warnings']]), el('ul', {}, d['warnings']['map']((t) => el('li', {}, [t]))));
      }
      m.append(el('h2', {}, [L['options']]));
      const cols = L['columns']['filter']((c, i) => d['budget_set'] || i !== 4);
      const head = el('tr', {}, cols.map((c) => el('th', {'scope': 'col'}, [c])));
      const rows = d['options']['map'](function (o) {
        const cells = [o['gpu'], o['platform'], o['term'], o['cost']].concat(d['budget_set'] ? [o['budget']] : [], [o['fit'], o['speed']]);
        const tds = cells.map((c, i) => (i === 0 ? el('th', {'scope': 'row'}, [(o['pick'] ? '✓ ' : '') + c]) : el('td', {}, [c])));
        // Measured beside estimated: under the speed, each with its source, date and difference.
        if (o['measured']['length']) {
          tds[tds.length - 1].append(el('ul', {'class': 'measured'}, o['measured']['map']((t) => el('li', {}, [t]))));
        }
        tds.push(el('td', {}, [o['warnings']['length'] ? el('ul', {}, o['warnings']['map']((w) => el('li', {}, [w]))) : '']));
        const tr = el('tr', {'data-offer': o['offer'], 'title': o['reason']}, tds);
        if (o['pick']) tr.className = 'pick';
        return tr;
      });
      m.append(el('table', {'class': 'options'}, [el('caption', {}, [d['options_count']]), el('thead', {}, [head]),
                                                 el('tbody', {}, rows)]));
      // A table of text: {head, rows}, the first cell of a row its header; `first`: a caption.
      const table = (cls, t, first) => el('table', {'class': cls}, first.concat([
        el('thead', {}, [el('tr', {}, t['head']['map']((h) => el('th', {'scope': 'col'}, [h])))]),
        el('tbody', {}, t['rows']['map']((r) => el('tr', {}, r['map']((v, i) => el(i ? 'td' : 'th', i ? {} : {'scope': 'row'}, [v])))))]));
      if (d['charts']['length']) m.append(el('h2', {}, [L['charts']]));
      for (const c of d['charts']) m.append(el('h3', {}, [c['title']]), table('chart', c, [el('caption', {}, [c['caption']])]));
      const cap = d['capability'];
      if (cap) {
        m.append(el('h2', {'id': 'mirror-capability'}, [L['capability']]), el('p', {}, [cap['summary']]));
        if (cap['rows']['length']) m.append(table('capability', cap, []));
      }
      // Only a web address becomes a link (the catalog's check allows no other; an overlay's
      // javascript: or data: address stays text, as the canvas and the desktop app never open it).
      const link = function (url) {
        return /^https?:\/\//i.test(url) ? el('a', {'href': url, 'target': '_blank', 'rel': 'noopener noreferrer'}, [url])
                                        : document.createTextNode(url);
      };
      m.append(el('h2', {}, [L['sources']]));
      const items = d['sources']['map'](function (s) {
        const li = el('li', {}, [s['kind'] + ' · ' + s['name'] + (s['as_of'] ? ' (' + s['as_of'] + ')' : '') + ': ' + s['text'] +
                                 (s['notes'] ? ' — ' + s['notes'] : '') + ' ']);
        for (const u of s['urls']) li.append(link(u), ' ');
        return li;
      }).concat(d['citations']['map'](function (c) {
        const li = el('li', {}, [c['text'] + ' ']);
        if (c['url']) li.append(link(c['url']));
        return li;
      }));
      m.append(el('ul', {'class': 'sources'}, items));
      if (d['link']) m.append(el('p', {}, [el('a', {'href': d['link']}, [L['link']])]));
      const toggle = document.getElementById('text-view-toggle');
      if (toggle) toggle.textContent = L['text_view'];
      CF.canvas.setAttribute('aria-label', L['canvas']);
      document.title = L['title'];
    },
    showMirror: function (on) {
      document.documentElement.classList.toggle('text-view', on);
      if (on) { try { CF.mirror.focus(); } catch (e) {} }
    },
  },

  cardfit_js_in_browser: function () {
    return typeof document !== 'undefined' ? 1 : 0;
  },

  cardfit_js_init__deps: ['$CF'],
  cardfit_js_init: function (inputTable) {
    CF.inputTable(UTF8ToString(inputTable));
    CF.mac = /Mac|iPhone|iPad/.test(navigator.platform || '');
    CF.canvas = Module['canvas'] || document.getElementById('canvas');
    const c = CF.canvas;
    c.addEventListener('pointerdown', CF.onPointerDown);
    c.addEventListener('pointermove', CF.onPointerMove);
    c.addEventListener('pointerup', CF.onPointerUp);
    c.addEventListener('pointercancel', CF.onPointerCancel);
    c.addEventListener('pointerleave', function (e) { if (e.pointerType === 'mouse') CF.push({t: CF.LEAVE}); });
    c.addEventListener('wheel', CF.onWheel, {'passive': false});
    c.addEventListener('contextmenu', function (e) { e.preventDefault(); });
    c.addEventListener('keydown', CF.onKeyDown);
    c.addEventListener('keyup', CF.onKeyUp);
    const ta = document.createElement('textarea');
    ta.id = 'cardfit-input';
    // NOTE: no destructuring here: Emscripten 3.1.6's JS optimizer mangles it.
    const attrs = [['autocapitalize', 'off'], ['autocomplete', 'off'], ['autocorrect', 'off'], ['spellcheck', 'false'],
                   ['tabindex', '-1'], ['aria-hidden', 'true']];
    for (const a of attrs) ta.setAttribute(a[0], a[1]);
    ta.addEventListener('keydown', CF.onKeyDown);
    ta.addEventListener('keyup', CF.onKeyUp);
    ta.addEventListener('beforeinput', CF.onBeforeInput);
    ta.addEventListener('compositionstart', function () { CF.composing = true; });
    ta.addEventListener('compositionend', function () { CF.composing = false; CF.flushText(); });
    ta.addEventListener('input', function (e) { if (!CF.composing && !e.isComposing) CF.flushText(); });
    ta.addEventListener('blur', function () { CF.push({t: CF.BLUR}); });
    document.body.appendChild(ta);
    CF.ta = ta;
    document.addEventListener('paste', CF.onPaste);
    window.addEventListener('blur', function () { CF.push({t: CF.BLUR}); });
    window.addEventListener('popstate', function () { CF.push({t: CF.POPSTATE, text: location.search}); });
    CF.spacer = document.getElementById('page') || document.body.appendChild(document.createElement('div'));
    CF.mirror = document.getElementById('mirror');
    const toggle = document.getElementById('text-view-toggle');
    if (toggle) toggle.addEventListener('click', function () {
      CF.showMirror(!document.documentElement.classList.contains('text-view'));
    });
    return CF.mac ? 1 : 0;
  },

  // A start-up stage as performance.mark('cardfit:' + stage) (bench/web/bench_web.mjs reads them).
  cardfit_js_mark: function (stage) {
    try { performance.mark('cardfit:' + UTF8ToString(stage)); } catch (e) {}
  },

  // start_canvas once the UI's code is compiled (web/split_pre.js: Module.cardfitUiCode, a
  // promise in a split build); then as a new task, as emscripten_async_call(fn, arg, 0) did.
  cardfit_js_when_ui_code: function (fn, arg) {
    const go = () => setTimeout(() => {{{ makeDynCall('vi', 'fn') }}}(arg), 0);
    const ready = Module['cardfitUiCode'];
    if (ready && typeof ready.then === 'function') ready.then(go, go); else go();
  },

  cardfit_js_notify: function (what, detail) {
    // Tells the HTML shell about the first frame ("first-frame"), a fatal error ("fatal"), or the
    // canvas's WebGL context lost and restored ("context-lost", "context-restored").
    const w = UTF8ToString(what), d = UTF8ToString(detail);
    if (w === 'first-frame' && Module['onFirstFrame']) Module['onFirstFrame']();
    if (w === 'fatal' && Module['onFatal']) Module['onFatal'](d);
    if (w === 'context-lost' && Module['onContextLost']) Module['onContextLost']();
    if (w === 'context-restored' && Module['onContextRestored']) Module['onContextRestored']();
  },

  cardfit_js_fit_canvas__deps: ['$CF'],
  cardfit_js_fit_canvas: function (w, h, dprOut, scrollOut) {
    const c = CF.canvas;
    const dpr = window.devicePixelRatio || 1;
    const r = c.getBoundingClientRect();
    // The backing store is the CSS size x devicePixelRatio, whatever the window (maximised,
    // full screen, zoomed): never a fixed size stretched by CSS.
    const bw = Math.max(1, Math.round(r.width * dpr)), bh = Math.max(1, Math.round(r.height * dpr));
    if (c.width !== bw) c.width = bw;
    if (c.height !== bh) c.height = bh;
    CF.dpr = dpr;
    HEAP32[w >> 2] = bw;
    HEAP32[h >> 2] = bh;
    HEAPF32[dprOut >> 2] = dpr;
    HEAPF32[scrollOut >> 2] = CF.pageHeight > 0 ? Math.max(0, window.scrollY || 0) : 0;
  },

  cardfit_js_next_event__deps: ['$CF'],
  cardfit_js_next_event: function (ints, floats) {
    const e = CF.queue.shift();
    if (!e) return 0;
    HEAP32[(ints >> 2) + 0] = e.t;
    HEAP32[(ints >> 2) + 1] = e.a || 0;
    HEAP32[(ints >> 2) + 2] = e.b || 0;
    HEAP32[(ints >> 2) + 3] = e.m || 0;
    HEAPF32[(floats >> 2) + 0] = e.x || 0;
    HEAPF32[(floats >> 2) + 1] = e.y || 0;
    HEAPF32[(floats >> 2) + 2] = e.dx || 0;
    HEAPF32[(floats >> 2) + 3] = e.dy || 0;
    CF.text = e.text || '';
    return e.t;
  },

  cardfit_js_event_text__deps: ['$CF', '$cfString'],
  cardfit_js_event_text: function () { return cfString(CF.text); },

  cardfit_js_after_frame__deps: ['$CF'],
  cardfit_js_after_frame: function (wantText, imeX, imeY, pageHeight, popup, cursor, scrollTo) {
    const dpr = CF.dpr;
    CF.popup = !!popup;
    const page = pageHeight / dpr;
    if (page !== CF.pageHeight) {
      CF.pageHeight = page;
      CF.spacer.style.height = page > 0 ? page + 'px' : '0';
      document.documentElement.classList.toggle('page-scroll', page > 0);
      // In an iframe: the page's height for the embedding page (web/embed.js applies it).
      if (page > 0 && window.parent !== window) {
        try { window.parent.postMessage({'type': 'cardfit:height', 'height': Math.ceil(page)}, '*'); } catch (e) {}
      }
    }
    // Touch: the page pans vertically by itself, except while a list is open over it.
    const action = page > 0 && !CF.popup ? 'pan-y pinch-zoom' : 'none';
    if (CF.canvas.style.touchAction !== action) CF.canvas.style.touchAction = action;
    const name = CF.CURSORS[cursor] || 'default';
    if (name !== CF.cursor) { CF.cursor = name; CF.canvas.style.cursor = name; }
    // The hidden text box sits at ImGui's text cursor (the IME's candidates appear there).
    const ta = CF.ta;
    const left = imeX / dpr, top = imeY / dpr + (page > 0 ? window.scrollY : 0);
    ta.style.left = Math.max(0, left) + 'px';
    ta.style.top = Math.max(0, top) + 'px';
    const was = CF.wantText;
    CF.wantText = !!wantText;
    if (CF.wantText && document.activeElement !== ta && !CF.touch) {
      CF.focusText();
    } else if (!CF.wantText && document.activeElement === ta && performance.now() > CF.focusGrace) {
      // Done typing: the phone's keyboard closes.
      try { ta.blur(); CF.canvas.focus({'preventScroll': true}); } catch (e) {}
    }
    if (was !== CF.wantText) CF.focusGrace = 0;
    if (scrollTo >= 0 && page > 0) {
      try { window.scrollTo({'top': scrollTo / dpr, 'behavior': 'smooth'}); } catch (e) {}
    }
  },

  cardfit_js_set_text_fields__deps: ['$CF'],
  cardfit_js_set_text_fields: function (ptr, n) {
    const dpr = CF.dpr, f = [];
    for (let i = 0; i < n; i++) {
      const b = (ptr >> 2) + i * 4;
      f.push([HEAPF32[b] / dpr, HEAPF32[b + 1] / dpr, HEAPF32[b + 2] / dpr, HEAPF32[b + 3] / dpr]);
    }
    CF.fields = f;
  },

  cardfit_js_copy__deps: ['$CF'],
  cardfit_js_copy: function (text) {
    const t = UTF8ToString(text);
    const fallback = function () {
      // Older browsers, or a denied permission: a selected text box and the copy command.
      try {
        const a = document.createElement('textarea');
        a.value = t;
        a.setAttribute('readonly', '');
        a.style.position = 'fixed';
        a.style.opacity = '0';
        document.body.appendChild(a);
        a.select();
        document.execCommand('copy');
        a.remove();
        if (CF.wantText) CF.focusText();
      } catch (e) {}
    };
    try {
      navigator.clipboard.writeText(t).catch(fallback);
    } catch (e) {
      fallback();
    }
  },

  // The HTML table as text/html beside its plain text: ClipboardItem where the browser has it,
  // else the copy command with a copy event that sets both (no permission asked for either).
  cardfit_js_copy_html__deps: ['$CF'],
  cardfit_js_copy_html: function (html, text) {
    const h = UTF8ToString(html), t = UTF8ToString(text);
    const fallback = function () {
      const put = function (e) {
        e.clipboardData.setData('text/html', h);
        e.clipboardData.setData('text/plain', t);
        e.preventDefault();
      };
      document.addEventListener('copy', put);
      try { document.execCommand('copy'); } catch (e) {}
      document.removeEventListener('copy', put);
      if (CF.wantText) CF.focusText();
    };
    try {
      const blob = function (s, type) { return new Blob([s], {type: type}); };
      // Quoted names: the closure compiler's externs may not know ClipboardItem.
      const Item = window['ClipboardItem'];
      navigator.clipboard['write']([new Item({'text/html': blob(h, 'text/html'), 'text/plain': blob(t, 'text/plain')})])
        .catch(fallback);
    } catch (e) {
      fallback();
    }
  },

  cardfit_js_download__deps: ['$CF'],
  cardfit_js_download: function (stem, ext, mime, text) {
    try {
      // NOTE: UTF8ToString (TextDecoder) drops a leading byte-order mark: put back as given.
      const bom = HEAPU8[text] === 0xef && HEAPU8[text + 1] === 0xbb && HEAPU8[text + 2] === 0xbf ? '\ufeff' : '';
      CF.saveBlob(UTF8ToString(stem), UTF8ToString(ext),
                  new Blob([bom + UTF8ToString(text)], {'type': UTF8ToString(mime) + ';charset=utf-8'}));
    } catch (e) {}
  },

  cardfit_js_can_copy_image: function () {
    // Quoted names: the closure compiler's externs may not know ClipboardItem.
    try { return typeof window['ClipboardItem'] === 'function' && !!(navigator.clipboard && navigator.clipboard['write']) ? 1 : 0; } catch (e) { return 0; }
  },
  cardfit_js_card__deps: ['$CF'],
  cardfit_js_card: function (svg, width, height, copy) {
    const text = UTF8ToString(svg);
    const save = function (blob) { CF.saveBlob('cardfit-card', 'png', blob); };
    try {
      const url = URL.createObjectURL(new Blob([text], {'type': 'image/svg+xml'}));
      const img = new Image();
      img.onload = function () {
        try {
          const c = document.createElement('canvas');
          c.width = width;
          c.height = height;
          c.getContext('2d').drawImage(img, 0, 0, width, height);
          URL.revokeObjectURL(url);
          c.toBlob(function (blob) {
            if (!blob) return;
            if (!copy) return save(blob);
            try {
              const Item = window['ClipboardItem'];
              navigator.clipboard['write']([new Item({'image/png': blob})]).catch(function () { save(blob); });
            } catch (e) { save(blob); }
          }, 'image/png');
        } catch (e) { console.warn('cardfit: card', e); }
      };
      img.onerror = function () { console.warn('cardfit: the card did not draw'); URL.revokeObjectURL(url); };
      img.src = url;
    } catch (e) { console.warn('cardfit: card', e); }
  },

  cardfit_js_request_paste__deps: ['$CF'],
  cardfit_js_request_paste: function () {
    try {
      navigator.clipboard.readText().then(function (t) { CF.push({t: CF.PASTE, text: t}); }).catch(function () {});
    } catch (e) {}
  },

  // A source's address in a new tab; only https links (catalog data) are opened.
  cardfit_js_open_url: function (url) {
    const u = UTF8ToString(url);
    if (!u.startsWith('https://')) return;
    try { window.open(u, '_blank', 'noopener'); } catch (e) {}
  },

  cardfit_js_query_param__deps: ['$cfString'],
  cardfit_js_query_param: function (name) {
    let v = '';
    try { v = new URLSearchParams(location.search).get(UTF8ToString(name)) || ''; } catch (e) {}
    return cfString(v);
  },

  // A JSON data block's text (never run: type="application/json"), e.g. the vendor kit's defaults.
  cardfit_js_page_data__deps: ['$cfString'],
  cardfit_js_page_data: function (id) {
    let v = '';
    try {
      const el = document.getElementById(UTF8ToString(id));
      if (el && el.type === 'application/json') v = el.textContent || '';
    } catch (e) {}
    return cfString(v);
  },

  cardfit_js_location_query__deps: ['$cfString'],
  cardfit_js_location_query: function () {
    let v = '';
    try { v = location.search || ''; } catch (e) {}
    return cfString(v);  // the whole query: no length limit but the browser's
  },

  cardfit_js_share_link__deps: ['$cfString'],
  cardfit_js_share_link: function (query) {
    let v = '';
    try { v = location.origin + location.pathname + '?' + UTF8ToString(query); } catch (e) {}
    return cfString(v);
  },

  // A choice is a new history entry (the back button returns to the scenario before it); typing
  // replaces the entry, 300 ms after the last key. embed and lang belong to the page's address.
  cardfit_js_set_state__deps: ['$CF'],
  cardfit_js_set_state: function (query, push) {
    const q = UTF8ToString(query);
    const write = function (how) {
      try {
        const old = new URLSearchParams(location.search);
        let keep = '';
        for (const k of ['embed', 'lang']) if (old.has(k)) keep += '&' + k + '=' + encodeURIComponent(old.get(k));
        const url = location.pathname + '?' + q + keep + location.hash;
        if (url === location.pathname + location.search + location.hash) return;
        if (how === 'push') history.pushState(null, '', url); else history.replaceState(null, '', url);
      } catch (e) {}
    };
    clearTimeout(CF.stateTimer);
    if (push) {
      write('push');
    } else {
      CF.stateTimer = setTimeout(function () { write('replace'); }, 300);
    }
  },

  // The reader's choice of language outlives the link's: a lang= in the address follows it.
  cardfit_js_set_lang: function (lang) {
    const l = UTF8ToString(lang);
    try {
      document.documentElement.lang = l === 'zh' ? 'zh-CN' : 'en';
      const p = new URLSearchParams(location.search);
      if (p.has('lang')) {
        p.set('lang', l);
        history.replaceState(history.state, '', location.pathname + '?' + p.toString() + location.hash);
      }
    } catch (e) {}
  },

  cardfit_js_load_setting__deps: ['$cfString'],
  cardfit_js_load_setting: function (key) {
    let v = '';
    try { v = window.localStorage.getItem('cardfit.' + UTF8ToString(key)) || ''; } catch (e) {}
    return cfString(v);
  },
  cardfit_js_save_setting: function (key, value) {
    try { window.localStorage.setItem('cardfit.' + UTF8ToString(key), UTF8ToString(value)); } catch (e) {}
  },

  cardfit_js_mirror__deps: ['$CF'],
  cardfit_js_mirror: function (json) {
    if (!CF.mirror) return;
    try { CF.render(JSON.parse(UTF8ToString(json))); } catch (e) { console.warn('cardfit: text view', e); }
  },

  cardfit_js_preview__deps: ['$CF'],
  cardfit_js_preview: function (json) {
    try { CF.preview(JSON.parse(UTF8ToString(json))); } catch (e) { console.warn('cardfit: preview', e); }
  },

  cardfit_js_toggle_text_view__deps: ['$CF'],
  cardfit_js_toggle_text_view: function () {
    CF.showMirror(!document.documentElement.classList.contains('text-view'));
  },

  // The browser's local date as YYYY-MM-DD (the planner judges how old prices are).
  cardfit_js_today: function (buf, size) {
    let v = '';
    try {
      const d = new Date();
      v = d.getFullYear() + '-' + String(d.getMonth() + 1).padStart(2, '0') + '-' + String(d.getDate()).padStart(2, '0');
    } catch (e) {}
    stringToUTF8(v, buf, size);
  },
  // "Detect my GPU" (on a click only): a throwaway WebGL context's renderer and vendor, unmasked
  // (WEBGL_debug_renderer_info: 0x9246 / 0x9245) where the browser allows, else as WebGL gives them.
  cardfit_js_gpu_strings__deps: ['$cfString'],
  cardfit_js_gpu_strings: function () {
    let v = '';
    try {
      const c = document.createElement('canvas');
      const gl = c.getContext('webgl2') || c.getContext('webgl');
      if (gl) {
        const ext = gl.getExtension('WEBGL_debug_renderer_info');
        const r = gl.getParameter(ext ? 0x9246 : 0x1F01);
        const d = gl.getParameter(ext ? 0x9245 : 0x1F00);
        v = String(r || '') + '\n' + String(d || '');
        const lose = gl.getExtension('WEBGL_lose_context');
        if (lose) lose.loseContext();
      }
    } catch (e) {}
    return cfString(v);
  },
  // A vendor kit's logo (docs/embed.md, web_js.hpp) by the browser's own decoder: a PNG by
  // createImageBitmap, an SVG (which it does not take from a Blob) as an <img>, which runs no
  // script; drawn into a canvas at most 128 px a side, read back (getImageData: straight alpha, as
  // ImGui blends) and uploaded as a texture of the page's GL context. Then _logoDecoded says how.
  cardfit_js_logo__deps: ['$GL'],
  cardfit_js_logo: function (bytes, size, svg) {
    const data = HEAPU8.slice(bytes, bytes + size);
    const done = function (id, w, h, why) { try { Module['_logoDecoded'](id, w, h, why); } catch (e) {} };
    (svg ? new Promise(function (ok, no) {
      const img = new Image();
      img.onload = function () { ok(img); };
      img.onerror = function () { no(new Error('not an SVG the browser draws')); };
      img.src = 'data:image/svg+xml;charset=utf-8,' + encodeURIComponent(new TextDecoder().decode(data));
    }) : createImageBitmap(new Blob([data], {'type': 'image/png'}))).then(function (img) {
      const w0 = img.width || 128, h0 = img.height || 128, s = Math.min(1, 128 / Math.max(w0, h0));
      const w = Math.max(1, Math.round(w0 * s)), h = Math.max(1, Math.round(h0 * s));
      const c = document.createElement('canvas');
      c.width = w;
      c.height = h;
      const g = c.getContext('2d');
      g.drawImage(img, 0, 0, w, h);
      const px = new Uint8Array(g.getImageData(0, 0, w, h).data.buffer);
      const gl = GLctx, t = gl.createTexture(), id = GL.getNewId(GL.textures), was = gl.getParameter(gl.TEXTURE_BINDING_2D);
      t.name = id;
      GL.textures[id] = t;
      gl.bindTexture(gl.TEXTURE_2D, t);
      gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.LINEAR);
      gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, gl.LINEAR);
      gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_S, gl.CLAMP_TO_EDGE);
      gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_T, gl.CLAMP_TO_EDGE);
      gl.pixelStorei(gl.UNPACK_ROW_LENGTH, 0);
      gl.texImage2D(gl.TEXTURE_2D, 0, gl.RGBA, w, h, 0, gl.RGBA, gl.UNSIGNED_BYTE, px);
      gl.bindTexture(gl.TEXTURE_2D, was);
      done(id, w, h, '');
    }).catch(function (e) { done(0, 0, 0, String((e && e.message) || e)); });
  },
  // The glyphs no embedded font holds (the Chinese text), drawn with the browser's own fonts
  // (web/glyphs_pre.js: the list, the cells, the drawing): their characters (UTF-8, malloc'd) and
  // their cell at `em` px into geometry[0..2] (width, height, baseline from the top).
  cardfit_js_system_glyphs__deps: ['$cfString'],
  cardfit_js_system_glyphs: function (em, geometry) {
    const c = cardfitGlyphCells(em);
    HEAP32[geometry >> 2] = c.w;
    HEAP32[(geometry >> 2) + 1] = c.h;
    HEAP32[(geometry >> 2) + 2] = c.baseline;
    return cfString(cardfitGlyphList().join(''));
  },
  // Those glyphs at `em` px, cell after cell, as 8-bit coverage into `alpha` and advances (px);
  // taken from the early drawing when it was made at exactly this em (what it has not drawn yet
  // is drawn now), else drawn now. Module.glyphStats says how many came from each (for tests:
  // with window.cardfitKeepGlyphs, also the drawing).
  cardfit_js_draw_glyphs: function (em, alpha, advances) {
    try {
      const early = cardfitEarlyGlyphs;
      cardfitEarlyGlyphs = null;  // taken (or of another em): a later rescale draws afresh
      const job = early && !early.failed && early.em === em ? early : cardfitGlyphJob(em);
      const before = job.done;
      cardfitFinishGlyphs(job);
      HEAPU8.set(job.alpha, alpha);
      HEAPF32.set(job.advances, advances >> 2);
      const stats = Module['glyphStats'] = {'early': before, 'now': job.list.length - before, 'em': em};
      if (window['cardfitKeepGlyphs']) {
        stats['alpha'] = job.alpha;
        stats['advances'] = job.advances;
      }
      return 1;
    } catch (e) {
      return 0;
    }
  },
});
