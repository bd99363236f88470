// Words live in the message table (assets/i18n/*.json), not in code: no Han character in any
// core, UI or native C++ source. The table itself is checked when it is compiled
// (tools/gen_messages.py: both languages, the same placeholders, no duplicate ids).
import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { sources } from './sources.mjs';

const root = process.env.CARDFIT_ROOT;
const han = /[\u3400-\u9fff\uf900-\ufaff]/;

for (const dir of ['core', 'ui', 'native']) {
  test(`no Han characters in ${dir}/ sources`, () => {
    const offenders = [];
    for (const file of sources(path.join(root, dir))) {
      fs.readFileSync(file, 'utf8').split('\n').forEach((line, i) => {
        if (han.test(line)) offenders.push(`${path.relative(root, file)}:${i + 1}: ${line.trim()}`);
      });
    }
    assert.deepEqual(offenders, []);
  });
}

test('every message has English and Chinese text', () => {
  const dir = path.join(root, 'assets/i18n');
  let count = 0;
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.json'))) {
    const table = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
    for (const [id, entry] of Object.entries(table)) {
      if (id === 'schema' || id === 'comment') continue;
      assert.ok(entry.en && entry.zh, `${file}: ${id} needs en and zh`);
      count += 1;
    }
  }
  assert.ok(count > 300, `only ${count} messages`);
});
