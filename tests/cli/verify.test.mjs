// Issue 31, item 2: beside each launch command, the benchmark that checks cardfit's figures on the
// rented machine (core/plan/verify.hpp, docs/verify.md), in the estimate and plan JSON (`verify`)
// and the estimate's text. The compared figures are the JSON's own, read from the same row.
import test from 'node:test';
import assert from 'node:assert/strict';
import { run, json } from './cli_helpers.mjs';

const after = (argv, flag) => argv[argv.indexOf(flag) + 1];

test('estimate --json: vllm bench serve beside vllm serve, its figures the row\'s', () => {
  const r = run('estimate', '--gpu', 'a100-80g', '--engine', 'vllm', '--concurrency', '4', '--prompt', '2048', '--output-tokens', '256', '--json');
  assert.equal(r.status, 0, r.stderr);
  const g = json(r).gpus[0];
  const v = g.verify;
  assert.equal(v.tool, 'vllm-bench-serve');
  assert.equal(v.launch, 'vllm');
  assert.deepEqual(v.argv.slice(0, 3), ['vllm', 'bench', 'serve']);
  assert.equal(v.command, v.argv.join(' '));  // plain words: the text is the words
  assert.equal(after(v.argv, '--model'), g.launch[0].argv[2]);  // the model the server serves
  assert.equal(after(v.argv, '--max-concurrency'), '4');
  assert.equal(after(v.argv, '--random-input-len'), '2048');
  assert.equal(after(v.argv, '--random-output-len'), '256');
  const by = Object.fromEntries(v.compare.map((c) => [c.field, c]));
  assert.deepEqual(Object.keys(by), ['mean_ttft_ms', 'mean_tpot_ms', 'output_throughput']);
  assert.equal(by.mean_ttft_ms.predicted, g.ttft_ms);
  assert.equal(by.mean_ttft_ms.unit, 'ms');
  assert.ok(Math.abs(by.mean_tpot_ms.predicted - 1000 / g.decode_tokens_per_s) < 1e-9 * by.mean_tpot_ms.predicted);
  assert.equal(by.output_throughput.predicted, g.aggregate_tokens_per_s);
  assert.ok(v.compare.every((c) => c.select === null));
  // Beside it, vllm bench latency: the server's engine flags, one batch of the scenario's shape.
  assert.equal(v.also.length, 1);
  const l = v.also[0];
  assert.equal(l.tool, 'vllm-bench-latency');
  assert.deepEqual(l.argv.slice(0, 3), ['vllm', 'bench', 'latency']);
  assert.equal(l.command, l.argv.join(' '));
  assert.equal(after(l.argv, '--model'), g.launch[0].argv[2]);
  assert.equal(after(l.argv, '--tensor-parallel-size'), after(g.launch[0].argv, '--tensor-parallel-size'));
  assert.equal(after(l.argv, '--batch-size'), '4');
  assert.equal(after(l.argv, '--input-len'), '2048');
  assert.equal(after(l.argv, '--output-len'), '256');
  assert.deepEqual(l.compare.map((c) => [c.field, c.figure, c.unit]), [['avg_latency', 'batch_latency_s', 's']]);
  const seconds = (4 * 2048) / g.prefill_tokens_per_s + 256 / g.decode_tokens_per_s;
  assert.ok(Math.abs(l.compare[0].predicted - seconds) < 1e-9 * seconds);
});

test('estimate --json: llama-bench with the server\'s -ngl, prefill and decode rows named', () => {
  const r = run('estimate', '--gpu', 'rtx-4090', '--engine', 'llama.cpp', '--precision', 'q4_k_m', '--context', '8k', '--prompt', '512', '--json');
  assert.equal(r.status, 0, r.stderr);
  const g = json(r).gpus[0];
  const v = g.verify;
  assert.equal(v.tool, 'llama-bench');
  assert.equal(after(v.argv, '-ngl'), after(g.launch[0].argv, '-ngl'));
  assert.equal(after(v.argv, '-p'), '512');
  assert.equal(after(v.argv, '-d'), `0,${8192 - 128}`);
  assert.equal(after(v.argv, '-o'), 'json');
  assert.deepEqual(v.compare.map((c) => [c.field, c.select, c.figure]), [
    ['avg_ts', 'n_prompt=512 n_gen=0 n_depth=0', 'prefill_tokens_per_s'],
    ['avg_ts', `n_prompt=0 n_gen=128 n_depth=${8192 - 128}`, 'decode_tokens_per_s'],
  ]);
  assert.equal(v.compare[0].predicted, g.prefill_tokens_per_s);
  assert.equal(v.compare[1].predicted, g.decode_tokens_per_s);
});

test('estimate --json: SGLang\'s bench_serving; null where there is no launch command or no benchmark', () => {
  const s = json(run('estimate', '--gpu', 'a100-80g', '--engine', 'sglang', '--json')).gpus[0];
  assert.equal(s.verify.tool, 'sglang-bench-serving');
  assert.equal(after(s.verify.argv, '--random-range-ratio'), '1');
  assert.deepEqual(s.verify.also.map((r) => r.tool), ['sglang-bench-one-batch']);
  assert.equal(after(s.verify.also[0].argv, '--model-path'), after(s.launch[0].argv, '--model-path'));
  assert.equal(s.verify.also[0].compare[0].field, 'median_decode_throughput');
  assert.equal(s.verify.also[0].compare[0].predicted, s.aggregate_tokens_per_s);
  const none = json(run('estimate', '--model', 'llama-3.1-405b', '--gpu', 'rtx-4090', '--cards', '1', '--json')).gpus[0];
  assert.deepEqual(none.launch, []);
  assert.equal(none.verify, null);
  const lora = json(run('estimate', '--task', 'lora', '--gpu', 'a100-80g', '--json')).gpus[0];
  assert.ok(lora.launch.length > 0);
  assert.equal(lora.verify, null);
  const trt = json(run('estimate', '--engine', 'tensorrt-llm', '--gpu', 'a100-80g', '--json')).gpus[0];
  assert.equal(trt.launch.length, 1);
  assert.equal(trt.verify, null);
});

test('plan --json: every option carries verify, present exactly beside a vLLM command', () => {
  const r = run('plan', '--precision', 'int4', '--json');
  assert.equal(r.status, 0, r.stderr);
  const p = json(r);
  assert.ok(p.pick.verify, 'the pick has a benchmark');
  for (const o of p.options) {
    assert.ok('verify' in o);
    const vllm = o.launch.some((c) => c.kind === 'vllm');
    assert.equal(o.verify !== null, vllm, `${o.gpu} ${o.platform}`);
    if (!o.verify) continue;
    // One replica's figures on what is rented (a slice's share): the option's own.
    const by = Object.fromEntries(o.verify.compare.map((c) => [c.field, c.predicted]));
    const near = (a, b) => Math.abs(a - b) <= 1e-9 * Math.max(Math.abs(a), Math.abs(b));
    assert.ok(near(by.output_throughput, o.aggregate_tokens_per_s / o.replicas), `${o.gpu} ${o.platform}`);
    assert.ok(near(by.mean_ttft_ms, o.ttft_ms));
    assert.ok(near(by.mean_tpot_ms, 1000 / o.decode_tokens_per_s));
  }
});

test('estimate text: the benchmark and what to compare follow the launch command, in both languages', () => {
  const en = run('estimate', '--gpu', 'a100-80g');
  assert.equal(en.status, 0, en.stderr);
  assert.match(en.stdout, /Check it on the machine\n  # vLLM benchmark \(run it while the server runs\)\n  vllm bench serve --model /);
  assert.match(en.stdout, /mean_ttft_ms in its output vs cardfit's ttft_ms: [\d.,]+ ms/);
  assert.match(en.stdout, /docs\/verify\.md/);
  assert.match(en.stdout, /\n  # vLLM one-batch latency \(stop the server first: it loads the model itself\)\n  vllm bench latency --model /);
  assert.match(en.stdout, /avg_latency in its output vs cardfit's batch_latency_s: [\d.,]+ s/);
  const zh = run('estimate', '--gpu', 'a100-80g', '--lang', 'zh');
  assert.match(zh.stdout, /在租到的机器上验证/);
  assert.match(zh.stdout, /vLLM 单批次延迟测试/);
  const lora = run('estimate', '--gpu', 'a100-80g', '--task', 'lora');
  assert.doesNotMatch(lora.stdout, /Check it on the machine/);
});

test('estimate --json: MLX on a Mac, mlx_lm.convert then mlx_lm.server, mlx_lm.benchmark on the same directory', () => {
  const r = run('estimate', '--model', 'qwen2.5-7b', '--gpu', 'apple-m4-max-64g', '--engine', 'mlx', '--precision', 'mlx-4bit',
    '--context', '2176', '--prompt', '2048', '--json');
  assert.equal(r.status, 0, r.stderr);
  const g = json(r).gpus[0];
  assert.deepEqual(g.launch.map((c) => c.kind), ['mlx-convert', 'mlx-server']);
  assert.deepEqual(g.launch[0].argv.slice(0, 2), ['mlx_lm.convert', '--hf-path']);
  assert.equal(after(g.launch[0].argv, '--q-bits'), '4');
  const dir = after(g.launch[0].argv, '--mlx-path');
  assert.equal(after(g.launch[1].argv, '--model'), dir);
  const v = g.verify;
  assert.equal(v.tool, 'mlx-benchmark');
  assert.equal(v.launch, 'mlx-server');
  assert.deepEqual(v.argv, ['mlx_lm.benchmark', '--model', dir, '-p', '2048', '-g', '128']);
  assert.deepEqual(v.compare.map((c) => [c.field, c.select, c.figure, c.predicted]), [
    ['prompt_tps', null, 'prefill_tokens_per_s', g.prefill_tokens_per_s],
    ['generation_tps', null, 'decode_tokens_per_s', g.decode_tokens_per_s],
  ]);
  assert.deepEqual(v.also, []);
  const en = run('estimate', '--model', 'qwen2.5-7b', '--gpu', 'apple-m4-max-64g', '--engine', 'mlx', '--precision', 'bf16');
  assert.match(en.stdout, /# MLX server command \(mlx_lm\.server, port 8080\)\n  mlx_lm\.server --model \S+\n/);
  assert.match(en.stdout, /# mlx_lm\.benchmark \(stop the server first/);
  assert.match(en.stdout, /generation_tps in its output vs cardfit's decode_tokens_per_s: [\d.,]+ tok\/s/);
});

test('estimate --json: MLX above one sequence runs mlx_lm.benchmark -b B against the aggregate, and warns, in both languages', () => {
  const base = ['estimate', '--model', 'qwen2.5-7b', '--gpu', 'apple-m4-max-64g', '--engine', 'mlx', '--precision', 'mlx-4bit'];
  const r = run(...base, '--concurrency', '8', '--json');
  assert.equal(r.status, 0, r.stderr);
  const g = json(r).gpus[0];
  assert.equal(after(g.verify.argv, '-b'), '8');
  assert.deepEqual(g.verify.compare.map((c) => [c.field, c.figure, c.predicted]), [
    ['generation_tps', 'aggregate_tokens_per_s', g.aggregate_tokens_per_s],
  ]);
  assert.ok(g.warnings.some((w) => /calibrated on one sequence/.test(w) && /mlx_lm\.benchmark -b 8/.test(w)), g.warnings.join('\n'));
  assert.ok(!g.launch[1].argv.includes('--decode-concurrency'));  // the server batches 8 by itself
  const zh = run(...base, '--concurrency', '8', '--lang', 'zh');
  assert.match(zh.stdout, /只按单条序列校准/);
  const over = json(run(...base, '--concurrency', '40', '--json')).gpus[0];
  assert.equal(after(over.launch[1].argv, '--decode-concurrency'), '40');
  assert.deepEqual(over.verify.compare, []);
});
