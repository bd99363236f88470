#!/usr/bin/env python3
"""Writes the strict Content-Security-Policy the page runs under (docs/web.md) to OUT: no
eval, no inline script or style but the page's own, allowed by their SHA-256 hashes, no
request to any other origin; the service worker (sw.js) and the manifest from the page's own
origin. 'wasm-unsafe-eval' lets the page compile its WebAssembly (it is
not JavaScript eval). Usage: page_csp.py INDEX_HTML OUT"""
import base64
import hashlib
import re
import sys

page_path, out = sys.argv[1:]
with open(page_path, encoding="utf-8") as f:
    page = f.read()


def hashes(tag):
    found = re.findall(rf"<{tag}>(.*?)</{tag}>", page, re.S)
    return " ".join("'sha256-" + base64.b64encode(hashlib.sha256(s.encode("utf-8")).digest()).decode() + "'"
                    for s in found)


policy = ("default-src 'none'; "
          f"script-src 'self' 'wasm-unsafe-eval' {hashes('script')}; "
          f"style-src {hashes('style')}; "
          "connect-src 'self'; img-src 'self' data:; manifest-src 'self'; worker-src 'self'; "
          "base-uri 'none'; form-action 'none'")
with open(out, "w", encoding="utf-8") as f:
    f.write(policy + "\n")
