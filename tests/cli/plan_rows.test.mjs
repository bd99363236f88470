// One plan, one row model (core/io/plan_rows.hpp): `cardfit plan` as the readable table, as CSV,
// Markdown, HTML and as JSON must agree row by row, for inference, a training job, MIG-style slices
// and spot prices. The table, the CSV, the Markdown and the HTML print the same words; the JSON
// holds the figures they show.
// Run by CTest: CARDFIT_CLI = the binary, CARDFIT_ROOT = the repository root.
import test from 'node:test';
import assert from 'node:assert/strict';
import { run, json } from './cli_helpers.mjs';

function parseCsv(text) {
  const rows = [];
  let row = [], cell = '', quoted = false;
  for (let i = 0; i < text.length; ++i) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') { cell += '"'; ++i; }
      else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') { row.push(cell); cell = ''; }
    else if (c === '\r') continue;
    else if (c === '\n') { row.push(cell); rows.push(row); row = []; cell = ''; }
    else cell += c;
  }
  if (cell !== '' || row.length) { row.push(cell); rows.push(row); }
  // A cell a spreadsheet would read as a formula is written with an apostrophe first (OWASP's
  // CSV injection rule, core/io/table_export.hpp): the words are what follows it.
  return rows.map((r) => r.map((c) => (/^'[=+\-@\t\r]/.test(c) ? c.slice(1) : c)));
}

// A Markdown table: | a | b | lines, the second the separator, "\x" the punctuation character x.
function parseMarkdown(text) {
  const lines = text.trimEnd().split('\n');
  assert.match(lines[1], /^\|( --- \|)+$/, 'the separator line');
  return lines.filter((_, i) => i !== 1).map((line) => {
    const cells = [];
    let cell = '';
    for (let i = 1; i < line.length; ++i) {
      if (line[i] === '\\') cell += line[++i];
      else if (line[i] === '|') { cells.push(cell.slice(1, -1)); cell = ''; }
      else cell += line[i];
    }
    return cells;
  });
}

// The HTML table (core/io/table_export.hpp): inline styles only, every cell's text escaped.
function parseHtml(text) {
  assert.doesNotMatch(text, /\sclass=|\sid=|<style|<script/i, 'inline styles only');
  const entities = { '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&amp;': '&' };
  return [...text.matchAll(/<tr>(.*?)<\/tr>/g)].map((tr) =>
    [...tr[1].matchAll(/<t([hd]) style="[^"]*">(.*?)<\/t\1>/g)].map((c) =>
      c[2].replace(/&(lt|gt|quot|#39|amp);/g, (e) => entities[e])));
}

// The readable table (--wide: no column dropped or cut), cut at the columns' starts, which the
// header line gives: each header stands at its column's first character.
function parseTable(stdout, header, count) {
  const lines = stdout.split('\n');
  const at = lines.findIndex((line) => {
    let from = 0;
    for (const h of header.slice(1)) {
      const i = line.indexOf(h, from);
      if (i < 0) return false;
      from = i + h.length;
    }
    return true;
  });
  assert.ok(at >= 0, `no table header in\n${stdout}`);
  const starts = [0];
  let from = 0;
  for (const h of header.slice(1)) {
    const i = lines[at].indexOf(h, from);
    starts.push(i);
    from = i + h.length;
  }
  return lines.slice(at + 1, at + 1 + count).map((line) =>
    starts.map((s, c) => line.slice(s, c + 1 < starts.length ? starts[c + 1] : undefined).trim()));
}

// "1,750" -> 1750; "900-1,200" -> [900, 1200]; markers after the amount ("?", "*") dropped.
function amounts(words) {
  const parts = words.replace(/[?*]+$/, '').split('-').map((s) => Number(s.replace(/,/g, '')));
  return parts.length === 1 ? [parts[0], parts[0]] : parts;
}

function close(shown, exact, where) {
  // Amounts are shown with 3 significant figures at least (format_amount), rates with 3.
  assert.ok(Math.abs(shown - exact) <= Math.max(0.01, Math.abs(exact) * 0.006), `${where}: ${shown} vs ${exact}`);
}

function agree(args, expect) {
  const r = (...more) => {
    const out = run('plan', ...args, '--top', '40', ...more);
    assert.equal(out.status, 0, out.stdout + out.stderr);
    return out.stdout;
  };
  const j = json({ stdout: r('--json') });
  const csv = parseCsv(r('--format', 'csv'));
  const header = csv[0];
  const rows = csv.slice(1);
  const table = parseTable(r('--wide'), header, rows.length);
  assert.deepEqual(parseMarkdown(r('--format', 'markdown')), csv, 'the Markdown and the CSV print the same cells');
  assert.deepEqual(parseHtml(r('--format', 'html')), csv, 'the HTML and the CSV print the same cells');
  assert.equal(rows.length, j.options.length, 'one CSV row per option');
  assert.ok(rows.length > 0);
  const col = (name) => header.indexOf(name);
  let sawSlice = false, sawSpot = false, sawJob = false;
  rows.forEach((row, i) => {
    const o = j.options[i];
    const where = `${args.join(' ')} row ${i} (${o.offer})`;
    assert.deepEqual(table[i], row, `${where}: the table and the CSV print the same cells`);
    assert.equal(row[col('offer')], o.offer, where);
    assert.equal(row[0], j.pick && j.pick.offer === o.offer && j.pick.cards === o.cards && j.pick.term === o.term &&
      j.pick.spot === o.spot ? '*' : (o.pickable ? '' : 'ref'), `${where}: mark`);
    const cards = row[col('cards')];
    if (o.unit === 'slice') {
      sawSlice = true;
      assert.equal(cards, `1/${Math.round(1 / o.slice_fraction)}`, `${where}: a slice's share`);
    } else if (o.replicas > 1) {
      assert.ok(cards.startsWith(`${o.replicas}x${o.cards / o.replicas}`), `${where}: replicas`);
    } else {
      assert.ok(cards.startsWith(String(o.cards)), `${where}: cards`);
    }
    const term = row[col('term')];
    assert.equal(term.includes('spot'), o.spot, `${where}: spot named exactly when spot priced`);
    if (o.spot) sawSpot = true;
    const [low, high] = amounts(row[col(`${j.currency}/month`)]);
    close(low, o.monthly_cost.low, `${where}: monthly low`);
    close(high, o.monthly_cost.high, `${where}: monthly high`);
    assert.equal(row[col('fit')], o.fit, `${where}: fit`);
    if (j.ranked_by === 'job_cost') {
      sawJob = true;
      close(Number(row[col('job h')].replace(/,/g, '')), o.job_hours, `${where}: job hours`);
      const [jl, jh] = amounts(row[col(`job ${j.currency}`)]);
      close(jl, o.job_cost.low, `${where}: job cost`);
      close(jh, o.job_cost.high, `${where}: job cost`);
    } else if (o.decode_tokens_per_s > 0) {
      close(Number(row[col('tok/s')].replace(/,/g, '')), o.decode_tokens_per_s, `${where}: tok/s`);
    }
    assert.ok(row[col('as of')].startsWith(o.as_of), `${where}: as of`);
  });
  assert.equal(sawSlice, !!expect.slice, 'a slice row');
  assert.equal(sawSpot, !!expect.spot, 'a spot row');
  assert.equal(sawJob, !!expect.job, 'training job rows');
}

test('plan rows: inference with a budget, table = CSV = Markdown = HTML = JSON', () => {
  agree(['--model', 'qwen2.5-7b', '--precision', 'fp16', '--budget-tier', '1000-2000', '--platform', 'yiwan',
    '--term', 'monthly'], {});
});

test('plan rows: a training job (hours and cost of the job), table = CSV = Markdown = HTML = JSON', () => {
  agree(['--model', 'llama-2-7b', '--task', 'lora', '--checkpointing', 'full', '--tokens', '200M',
    '--gpu', 'rtx-4090', '--platform', 'zhixingyun', '--term', 'hourly'], { job: true });
});

test('plan rows: slices of a card (1/20 of an A100), table = CSV = Markdown = HTML = JSON', () => {
  agree(['--model', 'qwen2.5-0.5b', '--precision', 'int4', '--context', '512', '--engine', 'llama.cpp',
    '--gpu', 'a100-40g', '--platform', 'yiwan', '--term', 'monthly'], { slice: true });
});

test('plan rows: spot prices, table = CSV = Markdown = HTML = JSON', () => {
  agree(['--model', 'qwen2.5-7b', '--precision', 'fp16', '--platform', 'gongjiyun', '--allow-spot',
    '--term', 'hourly'], { spot: true });
});

// Issue 31 item 1: a measured configuration beside the estimate. The scenario is the bundled row
// llamacpp-4090-llama2-7b-f16-tg128 (ggml-org/llama.cpp PR 4766's llama-bench tg128, llama 7B F16 on
// an RTX 4090; assets/catalog/measurements.json): its figure, source and date are read from the
// JSON, the difference computed here from each option's own estimate.
test('plan rows: measured beside the speed, table = CSV = Markdown = HTML = JSON; no column where nothing matches', () => {
  const args = ['--model', 'llama-2-7b', '--precision', 'fp16', '--engine', 'llama.cpp', '--gpu', 'rtx-4090',
    '--context', '128', '--prompt', '1'];
  agree(args, {});
  const j = json(run('plan', ...args, '--top', '40', '--json'));
  const csv = parseCsv(run('plan', ...args, '--top', '40', '--format', 'csv').stdout);
  const header = csv[0];
  const col = header.indexOf('measured');
  const src = header.indexOf('measured source');
  assert.equal(col, header.indexOf('tok/s') + 1, 'the measured figure right of the estimated speed');
  assert.ok(src > col);
  let shown = 0;
  csv.slice(1).forEach((row, i) => {
    const o = j.options[i];
    const where = `row ${i} (${o.offer})`;
    if (!o.measured) {
      assert.equal(row[col], '', `${where}: nothing where nothing matches`);
      assert.equal(row[src], '', where);
      return;
    }
    const m = o.measured.find((x) => x.id === 'llamacpp-4090-llama2-7b-f16-tg128');
    assert.ok(m, `${where}: ${JSON.stringify(o.measured)}`);
    const delta = (o.decode_tokens_per_s - m.value) / m.value;
    const pct = `${delta >= 0 ? '+' : '-'}${(Math.abs(delta) * 100).toFixed(0)}%`;
    assert.ok(row[col].includes(`decode ${m.value.toPrecision(3)} ${m.unit} (${pct})`), `${where}: ${row[col]}`);
    assert.ok(row[src].includes(m.source_id) && row[src].includes(m.as_of), `${where}: ${row[src]}`);
    shown += 1;
  });
  assert.ok(shown > 0, 'some option matches the measurement');
  const text = run('plan', ...args).stdout;  // the readable table, as printed
  assert.match(text, /measured/);
  assert.ok(text.includes(csv[1][col]), text);
  const zh = parseCsv(run('plan', ...args, '--lang', 'zh', '--format', 'csv').stdout);
  assert.ok(zh[0].includes('实测') && zh[0].includes('实测来源'), zh[0].join(','));

  const far = ['--model', 'llama-2-7b', '--precision', 'fp16', '--engine', 'llama.cpp', '--gpu', 'rtx-4090',
    '--context', '8192'];  // 64x the measured context: outside the factor of 2
  const none = parseCsv(run('plan', ...far, '--format', 'csv').stdout);
  assert.ok(none.length > 1);
  assert.equal(none[0].includes('measured'), false, none[0].join(','));
  assert.doesNotMatch(run('plan', ...far).stdout, /measured/);
});
