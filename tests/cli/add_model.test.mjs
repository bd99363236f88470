// `cardfit catalog add-model` from the outside: a late-2026 config.json in, every derived
// figure printed for review, the entry written in the catalog's format (temp file + rename),
// and the configs it cannot account for refused with the field named.
// Run by CTest: CARDFIT_CLI = the binary, CARDFIT_ROOT = the repository root.
import test from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync, readFileSync, readdirSync, existsSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { root, run, json } from './cli_helpers.mjs';

// The config.json files, each stored once (tests/fixtures/hf-configs-2026.json).
const configs = JSON.parse(readFileSync(path.join(root, 'tests', 'fixtures', 'hf-configs-2026.json'), 'utf8'));

function withConfig(key, edit, body) {
  const dir = mkdtempSync(path.join(tmpdir(), 'cardfit-add-'));
  try {
    const config = structuredClone(configs[key]);
    if (edit) edit(config);
    const file = path.join(dir, 'config.json');
    writeFileSync(file, JSON.stringify(config));
    body(file, dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test('add-model prints the figures of Step-3.7-Flash and writes the entry', () => {
  withConfig('stepfun-ai--Step-3.7-Flash_config.json', null, (file, dir) => {
    const out = path.join(dir, 'step.json');
    // A new id: overlaying the bundled step-3.7-flash would need "replaces": true.
    const r = run('catalog', 'add-model', '--config', file, '--id', 'my-step', '--out', out);
    assert.equal(r.status, 0, r.stderr);
    // 45 layers x 8 KV heads x (128 + 128) x 2 B = 184,320 B per token at 16-bit, half at FP8;
    // 12 full and 33 sliding layers (layer_types).
    assert.match(r.stdout, /KV cache per token: 184,320 B at 16-bit, 92,160 B at FP8 \(12 full-attention layers, 33 sliding-window layers, 0 layers with indexer keys\)/);
    // vLLM: group size min(12, 33) = 12; 1 full group, ceil(33 / 12) = 3 sliding, 36 - 33 = 3 padding slots.
    assert.match(r.stdout, /12 layers per group; full 1, sliding-window 3, chunked 0, linear-state 0 groups; 3 padding layer slots/);
    assert.match(r.stdout, /weights as released: bf16/);
    assert.match(r.stdout, /wrote /);
    const doc = JSON.parse(readFileSync(out, 'utf8'));
    assert.equal(doc.schema, 'cardfit.catalog/1');
    const m = doc.models[0];
    assert.equal(m.id, 'my-step');
    assert.deepEqual(m.sliding_window, { window: 512, layers: 33 });
    assert.equal(m.moe.num_experts, 288);
    assert.equal(m.source, 'config-my-step');
    assert.equal(doc.sources[0].id, 'config-my-step');
    assert.deepEqual(readdirSync(dir).sort(), ['config.json', 'step.json']);  // no temporary file left
    const v = run('catalog', '--validate', out);  // the written file is a valid overlay
    assert.equal(v.status, 0, v.stdout + v.stderr);
  });
});

test('add-model gives the linear-attention state with its float32 recurrent part', () => {
  withConfig('Qwen--Qwen3.5-397B-A17B_config.json', null, (file) => {
    const r = run('catalog', 'add-model', '--config', file, '--id', 'q');
    assert.equal(r.status, 0, r.stderr);
    // 45 layers x (3 x (2 x 16 x 128 + 64 x 128) x 2 B + 64 x 128 x 128 x 4 B) = 192,061,440 B
    // = 0.19 GB (0.18 GiB).
    assert.match(r.stdout, /fixed state per sequence: 0\.19 GB \(0\.18 GiB\) \(45 linear-attention layers x \(36,864 conv values at 16-bit \+ 1,048,576 recurrent values at 32-bit\)\)/);
    assert.match(r.stdout, /15 layers per group; full 1, sliding-window 0, chunked 0, linear-state 3 groups; 0 padding layer slots/);
    assert.match(r.stdout, /"recurrent_bits": 32/);
  });
});

test('add-model reads DeepSeek-V4: compressed attention as vLLM pages it, weights as released', () => {
  withConfig('deepseek-ai--DeepSeek-V4-Flash_config.json', null, (file) => {
    const r = run('catalog', 'add-model', '--config', file, '--id', 'v4');
    assert.equal(r.status, 0, r.stderr);
    // 21 ratio-4 layers x 180 B + 20 ratio-128 layers x 6.75 B (vLLM fp8_ds_mla pages, whatever the
    // KV choice) = 3,915 B per token; 41 layers cache compressed latents.
    assert.match(r.stdout, /KV cache per token: 3,915 B at 16-bit, 3,915 B at FP8 \(41 full-attention layers/);
    assert.match(r.stdout, /weights as released: mxfp4-fp8/);
    assert.match(r.stdout, /21 layers compress 4 tokens to one latent and run the indexer, 20 compress 128 to one, 2 keep only the 128-token window/);
    assert.match(r.stdout, /"ratio4_layers": 21/);
  });
});

test('add-model --json prints the catalog document alone; --source cites a catalog source', () => {
  withConfig('zai-org--GLM-5.2_config.json', null, (file) => {
    const r = run('catalog', 'add-model', '--config', file, '--id', 'glm-x', '--source', 'glm-5-report', '--json');
    assert.equal(r.status, 0, r.stderr);
    const doc = json(r);
    assert.equal(doc.models[0].source, 'glm-5-report');
    assert.equal(doc.sources, undefined);
    assert.equal(doc.models[0].indexer.layers, 21);  // 21 "full" of 78 indexer_types
    const bad = run('catalog', 'add-model', '--config', file, '--source', 'no-such-source');
    assert.equal(bad.status, 1);
    assert.match(bad.stderr, /no-such-source/);
  });
});

test('add-model refuses what it cannot account for, naming the field, and writes nothing', () => {
  withConfig('moonshotai--Kimi-K3_config.json', (c) => { c.text_config.linear_attn_config.use_full_rank_gate = false; }, (file, dir) => {
    const out = path.join(dir, 'k3.json');
    const r = run('catalog', 'add-model', '--config', file, '--out', out);
    assert.equal(r.status, 1);
    assert.match(r.stderr, /use_full_rank_gate: attention type 'use_full_rank_gate false' is not modelled/);
    assert.equal(existsSync(out), false);
  });
  withConfig('deepseek-ai--DeepSeek-V4-Flash_config.json', (c) => { c.compress_ratios[3] = 16; }, (file) => {
    const r = run('catalog', 'add-model', '--config', file);
    assert.equal(r.status, 1);
    assert.match(r.stderr, /compress_ratios: attention type 'compress ratio 16' is not modelled/);
  });
  withConfig('stepfun-ai--Step-3.7-Flash_config.json', (c) => { c.layer_types[1] = 'compressed_attention'; }, (file) => {
    const r = run('catalog', 'add-model', '--config', file);
    assert.equal(r.status, 1);
    assert.match(r.stderr, /layer_types: attention type 'compressed_attention' is not modelled/);
  });
});
