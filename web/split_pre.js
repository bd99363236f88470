// --pre-js of a split cardfit.js (CARDFIT_SPLIT_WASM, tools/split_wasm.py): the page's UI code
// (Dear ImGui, GL, the canvas panels) is in cardfit.deferred.wasm, fetched and compiled once the
// primary module (core, catalog, the first answer) has started, at low priority.
// NOTE: Emscripten 3.1.6's own loader (src/preamble.js splitModuleProxyHandler -> instantiateSync)
// reads the file synchronously, which a browser's main thread cannot (no readBinary there, and
// Chrome refuses a synchronous compile over 4 KB); here it takes the module compiled ahead, once.
// Module.cardfitUiCode: a promise of that module; start_canvas waits for it (library_cardfit.js).
var cardfitDeferred = null;     // WebAssembly.Module of cardfit.deferred.wasm, once compiled
var cardfitDeferredOn = false;  // instantiated (its functions are in the table)
Module['loadSplitModule'] = function (file, imports) {
  if (cardfitDeferredOn) return;
  if (!cardfitDeferred && typeof window === 'object' && !Module['cardfitDeferredBinary']) {
    throw new Error('cardfit: the UI code (cardfit.deferred.wasm) was needed before it was compiled');
  }
  // Node (tests, the npm package): compiled here, synchronously, from the file next to the primary.
  var m = cardfitDeferred || new WebAssembly.Module(Module['cardfitDeferredBinary'] || getBinary(file));
  new WebAssembly.Instance(m, imports);
  cardfitDeferredOn = true;
};
// The glue's loader says each time a placeholder runs (err(), ASSERTIONS or not): kept out of the console.
var cardfitPrintErr = Module['printErr'];
Module['printErr'] = function (t) {
  if (!/^(placeholder function called: |instantiated deferred module, continuing)/.test(t)) (cardfitPrintErr || console.warn)(t);
};
// In a browser, unless the caller gave the whole module's bytes (cardfit-offline.html: nothing deferred).
if (typeof window === 'object' && !(Module['wasmBinary'] && !Module['cardfitDeferredBinary'])) {
  Module['preRun'] = [].concat(Module['preRun'] || [], [function () {
    var url = wasmBinaryFile.slice(0, -5) + '.deferred.wasm';
    var bytes = Module['cardfitDeferredBinary'];  // cardfit-offline.html: inline
    var compile = function () {
      return fetch(url, {credentials: 'same-origin', priority: 'low'}).then(function (r) {
        if (!r['ok']) throw new Error(url + ': HTTP ' + r['status']);
        return r['arrayBuffer']();
      }).then(function (b) { return WebAssembly.compile(b); });
    };
    Module['cardfitUiCode'] = (bytes ? WebAssembly.compile(bytes)
      : typeof WebAssembly.compileStreaming === 'function'
        ? WebAssembly.compileStreaming(fetch(url, {credentials: 'same-origin', priority: 'low'})).catch(compile)
        : compile()).then(function (m) {
      cardfitDeferred = m;
      try { performance.mark('cardfit:ui-code'); } catch (e) {}
    });
  }]);
}
