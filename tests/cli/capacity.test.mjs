// `cardfit capacity`: what one GPU x cards can do. The JSON contract of docs/cli.md, its
// agreement with `cardfit estimate` at the precision it names, the table formats and the errors.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cli, run, json } from './cli_helpers.mjs';

test('capacity --json: largest model first, each at a precision estimate calls comfortable', { skip: !cli }, () => {
  const r = run('capacity', '--gpu', '4090', '--cards', '2', '--json');
  assert.equal(r.status, 0, r.stderr);
  const body = json(r);
  assert.equal(body.schema, 'cardfit.capacity/1');
  assert.equal(body.ok, true);
  assert.equal(body.gpu, 'rtx-4090');
  assert.equal(body.cards, 2);
  assert.ok(body.models.length > 0);
  assert.deepEqual(body.largest, body.models[0]);
  for (let i = 1; i < body.models.length; ++i) assert.ok(body.models[i - 1].params >= body.models[i].params);
  assert.ok(!body.precisions.includes('fp32'));
  const top = body.largest;
  const e = json(run('estimate', '--gpu', '4090', '--cards', '2', '--model', top.model, '--precision', top.precision, '--json'));
  assert.equal(e.gpus[0].fit, 'comfortable');
  assert.equal(e.gpus[0].max_context, top.max_context);
  assert.equal(e.gpus[0].max_concurrency, top.max_concurrency);
  assert.ok(body.summary.includes(String(body.cards)));
});

test('capacity: text, csv and markdown; errors name the field', { skip: !cli }, () => {
  const text = run('capacity', '--gpu', 'a100-80g', '--lang', 'zh');
  assert.equal(text.status, 0, text.stderr);
  assert.match(text.stdout, /A100/);
  const md = run('capacity', '--gpu', 'a100-80g', '--format', 'markdown');
  assert.match(md.stdout.split('\n')[1], /^\| --- \|/);
  const csv = run('capacity', '--gpu', 'a100-80g', '--format', 'csv');
  assert.ok(csv.stdout.split('\r\n').length > 3);
  const none = run('capacity', '--json');
  assert.equal(none.status, 1);
  assert.equal(json(none).errors[0].field, 'gpu');
  const bad = run('capacity', '--gpu', 'a100-80g', '--context', '0', '--json');
  assert.equal(bad.status, 1);
  assert.equal(json(bad).errors[0].field, 'context');
});
