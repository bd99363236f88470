// Every strings.json key the UI uses exists in both languages, and every key is used:
// a missing key would show its raw name on screen (ui/strings.cpp falls back to it).
import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';

const root = process.env.CARDFIT_ROOT;
const strings = JSON.parse(fs.readFileSync(path.join(root, 'assets/i18n/strings.json'), 'utf8'));
const sources = fs.readdirSync(path.join(root, 'ui')).filter((f) => f.endsWith('.cpp'))
  .map((f) => fs.readFileSync(path.join(root, 'ui', f), 'utf8')).join('\n');
const keyPattern = /"((?:app|in|task|opt|zero|ckpt|budget|term|cur|sum|mem|fit|col|gpus|explain|src|tab)\.[a-z0-9_.]+)"/g;
const used = new Set([...sources.matchAll(keyPattern)].map((m) => m[1]).filter((k) => !k.endsWith('.hpp')));
// Keys built at run time: "term." + term_name(...)
for (const t of ['hourly', 'weekly', 'monthly', 'yearly']) used.add(`term.${t}`);

test('every key used by ui/ has zh and en text', () => {
  for (const key of used) {
    assert.ok(strings[key], `strings.json lacks "${key}"`);
    assert.ok(strings[key].zh && strings[key].en, `"${key}" needs both zh and en`);
  }
});

test('every key in strings.json is used', () => {
  const unused = Object.keys(strings).filter((k) => k !== 'schema' && !used.has(k));
  assert.deepEqual(unused, []);
});
