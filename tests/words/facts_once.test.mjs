// Facts once (docs/architecture.md, "One place for each fact"): the headroom, the input bounds
// and the efficiency bounds are written in one place each. A literal for them anywhere else in
// the C++ sources fails here. (Required catalog numbers having no value in the structs is
// checked by tests/test_catalog_fields.cpp.)
import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { sources } from './sources.mjs';

const root = process.env.CARDFIT_ROOT;

const files = ['core', 'ui', 'native', 'web'].flatMap((d) => sources(path.join(root, d)));

// [what, pattern, the one file allowed to hold it (or none)]
const facts = [
  ['the headroom (defaults.headroom in engines.json)', /\bheadroom\s*=\s*0*\.\d*[1-9]/, null],
  ['the parameter-count bounds (input table row "params")', /\b1e7\b.*\b1e13\b/, 'core/estimate/inputs.cpp'],
  ['a parameter count checked against a literal bound', /\bparams\s*[<>]=?\s*\d+(\.\d+)?e\d/, null],
  ['the USD-CNY bounds (kUsdCny)', /\b0\.01,\s*1000\b/, 'core/catalog/catalog_fields.hpp'],
  ['the token bound (kMaxTokens)', /100'000'000|\b1e8\b|\b100000000\b/,
    ['core/catalog/catalog_fields.hpp', 'core/catalog/catalog_snapshot.cpp', 'core/base/numbers.cpp',
      'core/base/numbers.hpp']],
  ['an efficiency clamped to other bounds than the loader\'s (fields::within)',
    /clamp\([^;]*(efficiency|utilization|train_scaling)/, null],
];

for (const [what, pattern, allowed] of facts) {
  test(`one place: ${what}`, () => {
    const ok = allowed === null ? [] : [].concat(allowed);
    const offenders = [];
    for (const file of files) {
      const rel = path.relative(root, file);
      if (ok.includes(rel)) continue;
      fs.readFileSync(file, 'utf8').split('\n').forEach((line, i) => {
        const code = line.replace(/\/\/.*$/, '');
        if (pattern.test(code)) offenders.push(`${rel}:${i + 1}: ${line.trim()}`);
      });
    }
    assert.deepEqual(offenders, []);
  });
}
