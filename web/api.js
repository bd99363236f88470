// The JavaScript face of the Embind API (linked with --post-js): estimate, plan, capacity and stateQuery
// never throw and never die, whatever they are given. The caller's input is read here, inside
// try/catch, into plain strings (a query, or the key that could not be used and why); the
// module's raw functions (web/bindings.cpp) only ever see strings.
(function () {
  const MAX_KEYS = 1000;     // an object with more keys is not a scenario
  const MAX_ITEMS = 10000;   // nor is a longer array

  // A value as link text, or null when it is not a string, number, boolean or array of them.
  function text(v) {
    const t = typeof v;
    if (t === 'string') return v;
    if (t === 'number' || t === 'boolean') return String(v);
    return null;
  }

  function typeName(v) {
    if (v === null) return 'null';
    try { if (Array.isArray(v)) return 'array'; } catch (e) { return 'unreadable object'; }
    return typeof v;
  }

  // limits.hpp (Embind constants): nothing longer is copied into the module. A string's length
  // counts UTF-16 units, at most its UTF-8 bytes; the module checks the bytes again.
  const tooBig = {badKey: 'input:too_big'};

  // -> {query} or {badKey, badType}, and {lang} when the input names one that reads.
  function read(input) {
    const t = typeof input;  // typeof never throws, not even on a revoked Proxy
    if (t === 'undefined') return {query: ''};
    if (t === 'string') return input.length > Module['maxRequestBytes'] ? tooBig : {query: input};
    if (t !== 'object' || input === null) return {badKey: 'input', badType: input === null ? 'null' : t};
    let keys;
    try {
      if (Array.isArray(input)) return {badKey: 'input', badType: 'array'};
      keys = Object.keys(input);
    } catch (e) {
      return {badKey: 'input', badType: 'unreadable object'};
    }
    // The language of the errors first, so that even an unreadable input is answered in it.
    let lang = '';
    try { if (typeof input['lang'] === 'string') lang = input['lang']; } catch (e) {}
    if (keys.length > MAX_KEYS) return {badKey: 'input', badType: 'object with ' + keys.length + ' keys', lang: lang};
    const parts = [];
    let explain = false, json = false, length = 0;
    for (const key of keys) {
      let v;
      const bad = function (type) { return {badKey: key, badType: type, lang: lang}; };
      try { v = input[key]; } catch (e) { return bad('unreadable value'); }
      // Not scenario inputs but options of the answer: the formulas with their numbers
      // (estimate's `explain`) are written only when asked for; `json`: the answer as JSON text.
      if (key === 'explain' || key === 'json') {
        const on = v === true || v === 'true' || v === 1 || v === '1';
        if (key === 'explain') explain = on; else json = on;
        continue;
      }
      let s = text(v);
      if (s === null) {
        let isArray = false;
        try { isArray = Array.isArray(v); } catch (e) { return bad('unreadable value'); }
        if (!isArray) return bad(typeName(v));
        try {
          const n = v.length;
          if (!(n >= 0 && n <= MAX_ITEMS)) return bad('array of ' + n + ' items');
          const items = [];
          for (let i = 0; i < n; i++) {
            const item = text(v[i]);
            if (item === null) return bad('array holding ' + typeName(v[i]));
            length += item.length + 1;
            if (length > Module['maxRequestBytes']) return {badKey: tooBig.badKey, lang: lang};
            items.push(item);
          }
          s = items.join(',');
        } catch (e) {
          return bad('unreadable array');
        }
      }
      length += key.length + s.length + 2;
      if (length > Module['maxRequestBytes']) return {badKey: tooBig.badKey, lang: lang};
      try {
        parts.push(encodeURIComponent(key) + '=' + encodeURIComponent(s));
      } catch (e) {
        return bad('text that is not valid Unicode');
      }
    }
    return {query: parts.join('&'), lang: lang, explain: explain, json: json};
  }

  function call(raw, input) {
    let r;
    try { r = read(input); } catch (e) { r = {badKey: 'input', badType: 'unreadable object'}; }
    try {
      return Module[raw](r.query || '', r.badKey || '', r.badType || '', r.lang || '', !!r.explain, !!r.json);
    } catch (e) {
      // Never expected (the raw functions take strings and do not throw); still an answer.
      // Quoted keys: the caller's names, kept by the closure compiler.
      return {'ok': false, 'value': null, 'errors': [{'field': 'input', 'code': 'err.js.internal', 'message': String(e)}]};
    }
  }

  // A vendor's catalog overlay (docs/catalog.md; JSON text or an object) on the bundled
  // catalog, for the API and the page; {ok: false, errors} and the bundled catalog kept when it
  // does not validate. `source` names it in messages.
  Module['setOverlay'] = function (overlay, source) {
    const name = typeof source === 'string' && source ? source.slice(0, 300) : 'overlay.json';
    let text = null;
    try { text = typeof overlay === 'string' ? overlay : JSON.stringify(overlay); } catch (e) {}
    if (typeof text !== 'string') return Module['_rawSetOverlay']('', name, 'unreadable', 'not JSON', '');
    if (text.length > Module['maxFileBytes']) return Module['_rawSetOverlay']('', name, 'too_big', '', '');
    return Module['_rawSetOverlay'](text, name, '', '', '');
  };
  // The page's ?overlay=URL could not be fetched (`problem`: 'origin', 'unreadable' or 'too_big').
  Module['_overlayProblem'] = function (url, problem, detail) {
    return Module['_rawSetOverlay']('', String(url).slice(0, 300), problem, String(detail || ''), '');
  };
  // Files dropped on the page or picked with its file button: [{name, text, size}] (text null
  // when the browser could not read it or did not, being over the limit: size), each a model
  // config.json or a catalog overlay (by content). More than maxFilesAtOnce: the first ones are
  // opened and the rest named in a message; a file over maxFileBytes is named, never copied.
  // -> {ok, value: [{name, kind, ok}], errors}; what loaded and what did not is shown on the page.
  Module['openFiles'] = function (files) {
    try {
      const list = Array.from(files || []);
      list.forEach(function (f, i) {
        const text = f['text'];
        const big = f['size'] > Module['maxFileBytes'] || (typeof text === 'string' && text.length > Module['maxFileBytes']);
        const copy = i < Module['maxFilesAtOnce'] && !big && typeof text === 'string';
        Module['_rawAddFile'](String(f['name'] || 'file').slice(0, 300), copy ? text : '', copy, big);
      });
    } catch (e) {}
    return Module['_rawOpenFiles']();
  };
  // createCardfit({overlay}): applied before the page's first frame.
  const ready = Module['onRuntimeInitialized'];
  Module['onRuntimeInitialized'] = function () {
    if (Module['overlay'] !== undefined && Module['overlay'] !== null) {
      Module['setOverlay'](Module['overlay'], 'createCardfit({overlay})');
    }
    if (ready) ready();
  };

  // The module's memory now (bytes): it only grows, so after a call it is the peak so far
  // (docs/web.md: INITIAL_MEMORY and MAXIMUM_MEMORY in web/CMakeLists.txt).
  Module['heapBytes'] = function () { return HEAP8.length; };

  Module['estimate'] = function (input) { return call('_rawEstimate', input); };
  Module['plan'] = function (input) { return call('_rawPlan', input); };
  Module['capacity'] = function (input) { return call('_rawCapacity', input); };
  Module['stateQuery'] = function (input) { return call('_rawStateQuery', input); };
})();
