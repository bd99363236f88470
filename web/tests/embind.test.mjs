// The Embind API under node: every call returns a plain {ok, value, errors} object.
import test from 'node:test';
import assert from 'node:assert/strict';
import { loadCardfit } from './load_module.mjs';

const m = await loadCardfit();

test('version and frame counter exist', () => {
  assert.match(m.version(), /^\d+\.\d+\.\d+$/);
  assert.equal(m.frameCount(), 0);  // no UI under node
});

test('catalog() returns the bundled catalog as plain data', () => {
  const r = m.catalog();
  assert.equal(r.ok, true, JSON.stringify(r.errors));
  assert.deepEqual(r.errors, []);
  const ids = r.value.gpus.map((g) => g.id);
  assert.ok(ids.includes('rtx-4090'));
  assert.ok(ids.includes('h100-sxm'));
  assert.ok(r.value.models.length >= 39);
});
