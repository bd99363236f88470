// Loads build/web/dist/cardfit.js in node (no browser, no UI): the Embind API only.
// Node 20 cannot fetch the wasm from a path, so the bytes are passed in (TOOLCHAIN.md).
import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';

export async function loadCardfit() {
  const dist = process.env.CARDFIT_DIST;
  if (!dist) throw new Error('CARDFIT_DIST is not set (run through ctest)');
  const require = createRequire(import.meta.url);
  const createCardfit = require(path.join(dist, 'cardfit.js'));
  return createCardfit({ wasmBinary: fs.readFileSync(path.join(dist, 'cardfit.wasm')), print() {}, printErr() {} });
}
