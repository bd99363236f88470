// Shared by the CLI tests: run the `cardfit` binary (CARDFIT_CLI) from the repository root
// (CARDFIT_ROOT), fail on a crash, parse JSON output with a readable failure.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';

export const cli = process.env.CARDFIT_CLI;
export const root = process.env.CARDFIT_ROOT;
export const fixture = (name) => path.join(root, 'tests', 'cli', 'fixtures', name);

export function run(...args) {
  // maxBuffer: `catalog --json --pretty` is about 1.0 MB and grows with every calibration row; node's default
  // (1 MiB) would fail the run with ENOBUFS, not the test's own check.
  const r = spawnSync(cli, args, { cwd: root, encoding: 'utf8', timeout: 30000, maxBuffer: 64 * 1024 * 1024 });
  assert.equal(r.error, undefined, `could not run ${cli}: ${r.error}`);
  assert.equal(r.signal, null, `cardfit ${args.join(' ')} died with ${r.signal}\n${r.stderr}`);
  return r;
}

export function json(r) {
  try {
    return JSON.parse(r.stdout);
  } catch (e) {
    assert.fail(`stdout is not JSON: ${e.message}\n${r.stdout.slice(0, 500)}\n${r.stderr}`);
  }
}
