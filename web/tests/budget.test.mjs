// The page's weight: gzip -9 of every file index.html fetches (its preloads and scripts), against
// web/budget.json: a ceiling the build must not grow past, and issue 13's goal (250 KB). The
// offline page (one file, file://) must stay within 1.4x of the page's gzip.
import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const dist = process.env.CARDFIT_DIST;
const root = process.env.CARDFIT_ROOT || path.resolve(dist, '../../..');
const budget = JSON.parse(fs.readFileSync(path.join(root, 'web/budget.json'), 'utf8'));
const gzip = (file) => zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;

// index.html and what it names: preloads and script sources.
function pageFiles() {
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const names = new Set(['index.html']);
  for (const m of html.matchAll(/<link rel="preload" href="([^"]+)"/g)) names.add(m[1]);
  for (const m of html.matchAll(/script\.src = '([^']+)'/g)) names.add(m[1]);
  return [...names];
}
const files = pageFiles();
const total = files.reduce((t, f) => t + gzip(f), 0);
const report = files.map((f) => `${f} ${gzip(f)}`).join(', ');

test('the page fetches its module and nothing else', () => {
  assert.deepEqual(files.sort(), ['cardfit.js', 'cardfit.wasm', 'index.html']);
});

test(`the page stays under its ceiling (${budget.ceiling_gzip_bytes} bytes gzip)`, () => {
  assert.ok(total <= budget.ceiling_gzip_bytes, `gzip total ${total} > ${budget.ceiling_gzip_bytes}: ${report}`);
});

// Issue 13's budget. Reported as TODO (it does not fail the run) until the page meets it;
// then drop `todo` and it guards the budget.
test(`the page transfers at most ${budget.goal_gzip_bytes} bytes gzip`, { todo: total > budget.goal_gzip_bytes ? `at ${total}` : false }, () => {
  assert.ok(total <= budget.goal_gzip_bytes, `gzip total ${total}: ${report}`);
});

test('the offline page is within 1.4x of the page, gzip', () => {
  const offline = gzip('cardfit-offline.html');
  assert.ok(offline <= 1.4 * total, `cardfit-offline.html ${offline} vs the page's ${total}`);
});
