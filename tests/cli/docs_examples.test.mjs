// The docs' worked examples are what the CLI prints: every `$ cardfit ...` line in a fenced block
// of docs/*.md is run, and the lines under it (up to the next `$ ` line or the block's end) must
// appear in its output, in order. "..." or "…" stands for text left out; whitespace is not compared
// (the docs wrap long lines), every other character is. A stale example fails here, naming the
// file, the line and the first fragment the output no longer has.
import test from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cli, root } from './cli_helpers.mjs';

// Splits a command line as a POSIX shell would for the plain words and quotes the docs use.
function words(line) {
  const out = [];
  const re = /'([^']*)'|"([^"]*)"|(\S+)/g;
  for (const m of line.matchAll(re)) out.push(m[1] ?? m[2] ?? m[3]);
  return out;
}

export function examples(docsDir) {
  const found = [];
  for (const name of fs.readdirSync(docsDir).filter((n) => n.endsWith('.md')).sort()) {
    const lines = fs.readFileSync(path.join(docsDir, name), 'utf8').split('\n');
    let inBlock = false;
    let current = null;
    const close = () => {
      if (current && current.expected.some((l) => l.trim() !== '')) found.push(current);
      current = null;
    };
    lines.forEach((line, i) => {
      if (line.startsWith('```')) {
        close();
        inBlock = !inBlock;
        return;
      }
      if (!inBlock) return;
      if (line.startsWith('$ ')) {
        close();
        const command = line.slice(2).replace(/\s+#.*$/, '');
        if (command.startsWith('cardfit ')) {
          current = { file: name, line: i + 1, command, expected: [] };
        }
        return;
      }
      if (current) current.expected.push(line);
    });
    close();
  }
  return found;
}

// The fragments between elisions, whitespace removed; a fragment's edge commas belong to the
// elided JSON around it.
export function fragments(expected) {
  return expected
    .join('\n')
    .replace(/\s+/g, '')
    .split(/\.\.\.|…/)
    .map((f) => f.replace(/^,+|,+$/g, ''))
    .filter((f) => f !== '');
}

const docs = examples(path.join(root, 'docs'));

test('the docs hold worked examples to check', () => {
  assert.ok(docs.length >= 5, `found ${docs.length} examples in docs/*.md`);
});

for (const ex of docs) {
  test(`docs/${ex.file}:${ex.line}: ${ex.command.slice(0, 80)}`, () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cardfit-docs-'));
    try {
      const args = words(ex.command).slice(1);
      const r = spawnSync(cli, args, { cwd: dir, encoding: 'utf8', timeout: 60000 });
      assert.equal(r.error, undefined, `could not run ${cli}: ${r.error}`);
      assert.equal(r.signal, null, `died with ${r.signal}\n${r.stderr}`);
      const got = (r.stdout + r.stderr).replace(/\s+/g, '');
      let at = 0;
      for (const f of fragments(ex.expected)) {
        const k = got.indexOf(f, at);
        if (k < 0) {
          // The longest start of the fragment the output still has, to show where they part.
          let n = 0;
          while (n < f.length && got.indexOf(f.slice(0, n + 1), at) >= 0) n += 1;
          const from = got.indexOf(f.slice(0, n), at);
          assert.fail(
            `docs/${ex.file}:${ex.line} is stale (whitespace removed): \`${ex.command}\`\n` +
              `  the docs: ...${f.slice(Math.max(0, n - 60), n + 80)}...\n` +
              `  printed:  ...${got.slice(Math.max(0, from + n - 60), from + n + 80)}...`,
          );
        }
        at = k + f.length;
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
}
