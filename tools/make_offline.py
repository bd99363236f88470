#!/usr/bin/env python3
"""Writes cardfit-offline.html: the page with its module inside, for file:// (saved to a laptop,
sent by chat), making no request at all. cardfit.js is inlined; cardfit.wasm is inlined
gzip-compressed as base64 and unpacked by the browser (DecompressionStream), so the file is
about the size of the page's own gzip transfer, and gzips to about that again.
A split build (CARDFIT_WEB_SPLIT) passes its unsplit module as WHOLE_WASM: one file, nothing deferred.
Usage: make_offline.py DIST_DIR OUT_FILE [WHOLE_WASM]"""
import base64
import gzip
import os
import re
import sys

dist, out = sys.argv[1:3]
whole = sys.argv[3] if len(sys.argv) > 3 else None


def read(name, mode="r"):
    with open(os.path.join(dist, name), mode, **({} if "b" in mode else {"encoding": "utf-8"})) as f:
        return f.read()


page = read("index.html")
js = read("cardfit.js")
if whole:
    with open(whole, "rb") as f:
        wasm = f.read()
else:
    wasm = read("cardfit.wasm", "rb")
marker = "<!-- cardfit:module (tools/make_offline.py puts the module here in cardfit-offline.html) -->"
if marker not in page:
    sys.exit("make_offline.py: index.html has no module marker")
page = re.sub(r'\s*<!--[^>]*-->\s*(?=<link rel="preload")', "\n", page)
page = re.sub(r'<link rel="preload"[^>]*>\n?', "", page)  # nothing to fetch
# No service worker (index.html registers none from file:// nor in this page), no manifest, no icon file.
page = re.sub(r'\s*<!--[^>]*-->\s*(?=<link rel="manifest")', "\n", page)
page = re.sub(r'<link rel="manifest"[^>]*>\n?', "", page)
page = re.sub(r'<link rel="icon"[^>]*>', '<link rel="icon" href="data:,">', page)
# mtime=0: the same input gives the same file.
packed = base64.b64encode(gzip.compress(wasm, compresslevel=9, mtime=0)).decode("ascii")
unpack = (
    "<script>\nwindow.cardfitOffline = (function () {\n"
    "  // The module's bytes, gzip-compressed (tools/make_offline.py).\n"
    f"  const text = atob('{packed}');\n"
    "  const bytes = new Uint8Array(text.length);\n"
    "  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);\n"
    "  if (typeof DecompressionStream !== 'function') return Promise.reject(new Error('DecompressionStream is not supported'));\n"
    "  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'));\n"
    "  return new Response(stream).arrayBuffer().then((b) => new Uint8Array(b));\n"
    "})();\n</script>\n"
)
module = "<script>\n" + js.replace("</script", "<\\/script") + "\n</script>\n"
page = page.replace(marker, unpack + module)
with open(out, "w", encoding="utf-8") as f:
    f.write(page)
