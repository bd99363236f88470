// JavaScript side of web/platform_web.cpp and web/web_main.cpp (linked with --js-library).
// Every function swallows browser errors (private mode, denied storage): a lost
// preference is not worth breaking the page.
mergeInto(LibraryManager.library, {
  cardfit_js_in_browser: function () {
    return typeof document !== 'undefined' ? 1 : 0;
  },
  cardfit_js_query_param: function (name, buf, size) {
    let v = '';
    try { v = new URLSearchParams(location.search).get(UTF8ToString(name)) || ''; } catch (e) {}
    stringToUTF8(v, buf, size);
  },
  cardfit_js_location_query: function (buf, size) {
    let v = '';
    try { v = location.search || ''; } catch (e) {}
    stringToUTF8(v, buf, size);
  },
  // Debounced: typing in a box changes the state every frame; the URL follows 300 ms later.
  // embed and lang are kept as they are: they belong to the page that embeds us.
  cardfit_js_replace_state__deps: ['$cardfitStateTimer'],
  $cardfitStateTimer: { id: 0 },
  cardfit_js_replace_state: function (query) {
    const q = UTF8ToString(query);
    clearTimeout(cardfitStateTimer.id);
    cardfitStateTimer.id = setTimeout(function () {
      try {
        const old = new URLSearchParams(location.search);
        let keep = '';
        for (const k of ['embed', 'lang']) if (old.has(k)) keep += '&' + k + '=' + encodeURIComponent(old.get(k));
        history.replaceState(null, '', location.pathname + '?' + q + keep + location.hash);
      } catch (e) {}
    }, 300);
  },
  cardfit_js_load_setting: function (key, buf, size) {
    let v = '';
    try { v = localStorage.getItem('cardfit.' + UTF8ToString(key)) || ''; } catch (e) {}
    stringToUTF8(v, buf, size);
  },
  cardfit_js_save_setting: function (key, value) {
    try { localStorage.setItem('cardfit.' + UTF8ToString(key), UTF8ToString(value)); } catch (e) {}
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
  // A source's address in a new tab; only https links (catalog data) are opened.
  cardfit_js_open_url: function (url) {
    try {
      const u = UTF8ToString(url);
      if (u.startsWith('https://')) window.open(u, '_blank', 'noopener');
    } catch (e) {}
  },
  cardfit_js_notify: function (what, detail) {
    // Tells the HTML shell about the first frame ("first-frame") or a fatal error ("fatal").
    const w = UTF8ToString(what), d = UTF8ToString(detail);
    if (w === 'first-frame' && Module.onFirstFrame) Module.onFirstFrame();
    if (w === 'fatal' && Module.onFatal) Module.onFatal(d);
  },
});
