#!/usr/bin/env python3
"""Writes the page's service worker (DIST/sw.js): offline after the first visit (docs/web.md).
It caches the files the page needs (index.html, cardfit.js, cardfit.wasm, which holds the
catalog, the manifest and the icon) in one cache named after the build's content digest, and
checks every file against its SHA-256 from this build:
- install fetches each file (from the HTTP cache first, then from the server); a file that is not
  this build's (an old wasm beside a new JS while a deployment propagates) fails the install, and
  the previous version's cache stays whole;
- activate deletes every other cardfit cache: a new deployment replaces the old one as a whole;
- a cached file that does not match its digest (corrupted, partial) is fetched again; offline, the
  request fails and the page says why (index.html), never a blank page.
Usage: make_sw.py DIST_DIR"""
import hashlib
import json
import os
import sys

dist = sys.argv[1]
# What the page fetches (index.html's preloads, its script, the manifest and the icon).
FILES = ["index.html", "cardfit.js", "cardfit.wasm", "manifest.webmanifest", "icon.svg"]
# A split build (CARDFIT_WEB_SPLIT): the UI's code too, fetched by web/split_pre.js.
if os.path.exists(os.path.join(dist, "cardfit.deferred.wasm")):
    FILES.insert(3, "cardfit.deferred.wasm")

digests = {}
for name in FILES:
    with open(os.path.join(dist, name), "rb") as f:
        digests[name] = hashlib.sha256(f.read()).hexdigest()
version = hashlib.sha256("".join(f"{n} {d}\n" for n, d in digests.items()).encode()).hexdigest()[:16]

worker = """// cardfit's service worker, written by tools/make_sw.py at build time: do not edit.
'use strict';
const VERSION = '%(version)s';
const CACHE = 'cardfit-' + VERSION;
const FILES = %(files)s;  // name -> SHA-256 of this build's file

const hex = (buf) => Array.from(new Uint8Array(buf), (b) => b.toString(16).padStart(2, '0')).join('');
async function matches(name, response) {
  if (!response || !response.ok) return false;
  const body = await response.clone().arrayBuffer();
  return hex(await crypto.subtle.digest('SHA-256', body)) === FILES[name];
}
// This build's file from the network: the HTTP cache first (the first visit's own downloads),
// then the server itself; anything else (an old or partial file) is refused.
async function fetchChecked(name) {
  for (const mode of ['default', 'reload']) {
    let r = null;
    try { r = await fetch(name, {cache: mode}); } catch (e) { if (mode === 'reload') throw e; }
    if (await matches(name, r)) return r;
  }
  throw new Error('cardfit: ' + name + ' is not this version\\'s (' + VERSION + ')');
}

self.addEventListener('install', (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    // All or nothing: the files are put only once every one of them is checked.
    const responses = await Promise.all(Object.keys(FILES).map(async (name) => [name, await fetchChecked(name)]));
    await Promise.all(responses.map(([name, r]) => cache.put(name, r)));
    await self.skipWaiting();
  })().catch(async (e) => { await caches.delete(CACHE); throw e; }));
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) if (key.startsWith('cardfit-') && key !== CACHE) await caches.delete(key);
    await self.clients.claim();
  })());
});

// The cached files by name (a navigation to the page, with any query, is index.html).
function nameOf(request) {
  const url = new URL(request.url);
  const scope = new URL(self.registration.scope);
  if (url.origin !== scope.origin || !url.pathname.startsWith(scope.pathname)) return null;
  const name = url.pathname.slice(scope.pathname.length) || 'index.html';
  return Object.prototype.hasOwnProperty.call(FILES, name) ? name : null;
}

self.addEventListener('fetch', (event) => {
  if (event.request.method !== 'GET') return;
  const name = nameOf(event.request);
  if (!name) return;  // not the page's own files: the network, as without a worker
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const cached = await cache.match(name);
    if (await matches(name, cached)) return cached;
    // Missing or damaged: fetched again and repaired; offline, the page says why. A server
    // that has moved to another version: this worker is out of date (the browser updates it).
    let fresh;
    try { fresh = await fetchChecked(name); } catch (e) { self.registration.update().catch(() => {}); throw e; }
    await cache.put(name, fresh.clone());
    return fresh;
  })());
});
"""
with open(os.path.join(dist, "sw.js"), "w", encoding="utf-8") as f:
    f.write(worker % {"version": version, "files": json.dumps(digests, indent=2).replace("\n", "\n  ").replace("\n  }", "\n}")})
