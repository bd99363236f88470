#!/usr/bin/env node
// Writes NAME.gz (gzip -9) and NAME.br (brotli, quality 11) beside each text asset and the wasm
// in dist, for servers that send a precompressed file when the browser accepts it (docs/web.md:
// nginx gzip_static / brotli_static, Caddy's precompressed, a CDN). Each is checked to unpack to
// its file. Usage: node tools/precompress.mjs DIST_DIR
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const dist = process.argv[2];
const FILES = ['index.html', 'cardfit.js', 'cardfit.wasm', 'embed.html', 'embed.js', 'sw.js', 'manifest.webmanifest',
               'icon.svg', 'cardfit-offline.html', 'cardfit.d.ts', 'csp.txt'];
// A split build (CARDFIT_WEB_SPLIT) has the UI's code in cardfit.deferred.wasm.
if (fs.existsSync(path.join(dist, 'cardfit.deferred.wasm'))) FILES.push('cardfit.deferred.wasm');
for (const name of FILES) {
  const file = path.join(dist, name);
  const data = fs.readFileSync(file);
  const gz = zlib.gzipSync(data, { level: 9 });
  const br = zlib.brotliCompressSync(data, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
      [zlib.constants.BROTLI_PARAM_MODE]: name.endsWith('.wasm') ? zlib.constants.BROTLI_MODE_GENERIC : zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  });
  if (!zlib.gunzipSync(gz).equals(data) || !zlib.brotliDecompressSync(br).equals(data)) throw new Error(`precompress: ${name} does not unpack`);
  fs.writeFileSync(file + '.gz', gz);
  fs.writeFileSync(file + '.br', br);
}
