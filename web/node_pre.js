// --pre-js of cardfit.js (and of the WebAssembly test binary): under Node, read the .wasm that
// sits next to this script from the file system. Node 20+ has a global fetch() that cannot load
// a file path ("Failed to parse URL"), and Emscripten 3.1.6 would use it. Browsers are not
// affected (no `process`), and bytes or a locateFile() given by the caller win.
if (typeof process === 'object' && typeof process.versions === 'object' &&
    typeof process.versions.node === 'string' && !Module['wasmBinary'] && typeof __filename === 'string') {
  try {
    var cardfitNodeFs = require('fs');
    var cardfitNodePath = require('path');
    var cardfitWasmName = cardfitNodePath.basename(__filename).replace(/\.js$/, '.wasm');
    var cardfitWasmFile = Module['locateFile'] ? Module['locateFile'](cardfitWasmName, __dirname + '/')
                                               : cardfitNodePath.join(__dirname, cardfitWasmName);
    Module['wasmBinary'] = cardfitNodeFs.readFileSync(cardfitWasmFile);
  } catch (e) {
    // Emscripten's own loader then reports what is missing.
  }
}
