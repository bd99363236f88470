// The page's text view (#mirror, CF.render in web/library_cardfit.js) without a web build: the
// library file is evaluated in a node:vm context with a small DOM (elements, attributes, text
// nodes) and serialised as HTML the way a browser would escape it. The benchmark commands under
// the pick are the CLI's own (`cardfit plan --json`, CARDFIT_CLI): the benchmark and the engine's
// one-batch benchmark beside it (verify.also: `vllm bench latency`, `sglang.bench_one_batch`),
// each as text in <pre><code>, in order; a command with markup in it stays text.
import test from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = process.env.CARDFIT_ROOT || path.resolve(here, '../..');
const cli = process.env.CARDFIT_CLI;
// Emscripten's {{{ ... }}} macros (makeDynCall) are expanded at link time: here each becomes a
// stub, so the file parses as JavaScript; render() calls none of them.
const library = fs.readFileSync(path.join(root, 'web/library_cardfit.js'), 'utf8').replace(/\{\{\{[\s\S]*?\}\}\}/g, 'null');

// [SECTION] A DOM as small as CF.render needs
const escapeText = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttr = (s) => escapeText(s).replace(/"/g, '&quot;');

class Text {
  constructor(s) { this.data = String(s); }
  html() { return escapeText(this.data); }
  text() { return this.data; }
}

class Element {
  constructor(tag) { this.tag = tag; this.attrs = {}; this.children = []; this.className = ''; }
  setAttribute(k, v) { this.attrs[k] = String(v); }
  append(...nodes) { for (const n of nodes) this.children.push(typeof n === 'string' ? new Text(n) : n); }
  replaceChildren() { this.children = []; }
  addEventListener() {}
  focus() {}
  set textContent(s) { this.children = [new Text(s)]; }
  get textContent() { return this.text(); }
  html() {
    const attrs = Object.entries(this.attrs).map(([k, v]) => ` ${k}="${escapeAttr(v)}"`).join('');
    const cls = this.className ? ` class="${escapeAttr(this.className)}"` : '';
    return `<${this.tag}${attrs}${cls}>${this.children.map((c) => c.html()).join('')}</${this.tag}>`;
  }
  text() { return this.children.map((c) => c.text()).join(''); }
  all(tag) {
    const out = [];
    for (const c of this.children) {
      if (!(c instanceof Element)) continue;
      if (c.tag === tag) out.push(c);
      out.push(...c.all(tag));
    }
    return out;
  }
}

// CF from the library as Emscripten would link it ($CF), in a context whose globals it uses.
function loadCF() {
  const document = {
    title: '',
    documentElement: { lang: '', classList: { toggle() {}, contains() { return false; } } },
    createElement: (tag) => new Element(tag),
    createTextNode: (s) => new Text(s),
    getElementById: () => null,
  };
  const context = { document, window: {}, navigator: {}, console };
  let lib = null;
  context.LibraryManager = { library: {} };
  context.mergeInto = (_, o) => { lib = o; };
  vm.createContext(context);
  vm.runInContext(library, context, { filename: 'library_cardfit.js' });
  assert.ok(lib && lib.$CF, 'library_cardfit.js defines $CF');
  context.CF = lib.$CF;
  context.CF.mirror = new Element('section');
  context.CF.canvas = new Element('canvas');
  return context.CF;
}

// The labels render() reads; the words themselves come from the core and do not matter here.
const labels = Object.fromEntries(['title', 'close', 'notice', 'pick', 'no_pick', 'alternatives', 'launch', 'verify',
  'verify_how', 'memory', 'warnings', 'options', 'charts', 'capability', 'sources', 'link', 'text_view', 'canvas']
  .map((k) => [k, `[${k}]`]));
labels.columns = ['gpu', 'platform', 'term', 'cost', 'budget', 'fit', 'speed', 'warnings'];

// The text view's JSON (web/platform_web.cpp mirror()) around one pick.
function mirrorData(pick) {
  return {
    lang: 'en', labels, scenario: 'scenario', notices: [], files: [], pick,
    memory: { total: '1 GB', parts: [] }, warnings: [], budget_set: false, options_count: '', options: [],
    charts: [], capability: null, sources: [], citations: [], link: '',
  };
}

// platform_web.cpp's verify object from the plan JSON's (core/io/plan_json.cpp): a label, the
// command as render_sh quoted it, what to compare as sentences; `also` the same for each run.
function verifyOf(v) {
  const run = (r) => ({ label: r.tool, text: r.command, compare: r.compare.map((c) => `${c.field} vs ${c.figure}`) });
  return { ...run(v), also: v.also.map(run) };
}

function render(verify) {
  const CF = loadCF();
  CF.render(mirrorData({ line: 'pick', reason: 'reason', launch: [], verify }));
  return CF.mirror;
}

function planVerify(...args) {
  const r = spawnSync(cli, ['plan', ...args, '--json'], { cwd: root, encoding: 'utf8', timeout: 60000 });
  assert.equal(r.status, 0, r.stderr);
  const pick = JSON.parse(r.stdout).pick;
  assert.ok(pick && pick.verify, `a pick with a benchmark for ${args.join(' ')}`);
  return pick.verify;
}

// [SECTION] Tests
for (const [engine, also] of [['vllm', 'vllm-bench-latency'], ['sglang', 'sglang-bench-one-batch']]) {
  test(`text view: the ${engine} benchmark, then ${also} beside it, as the CLI prints them`, { skip: !cli && 'CARDFIT_CLI not set' }, () => {
    const v = planVerify('--model', 'qwen2.5-7b', '--engine', engine, '--concurrency', '4', '--output-tokens', '256');
    assert.deepEqual(v.also.map((r) => r.tool), [also]);
    const m = render(verifyOf(v));
    const codes = m.all('pre').map((p) => p.text());
    assert.deepEqual(codes, [v.command, ...v.also.map((r) => r.command)]);
    const html = m.html();
    for (const r of [v, ...v.also]) {
      assert.ok(html.includes(`<pre><code>${escapeText(r.command)}</code></pre>`), r.command);
      for (const c of r.compare) assert.ok(m.text().includes(`${c.field} vs ${c.figure}`), c.field);
    }
    // The labels in order: the benchmark's, then the one-batch benchmark's; "how to send it back" last.
    const text = m.text();
    assert.ok(text.indexOf(v.tool) < text.indexOf(also), 'the benchmark first');
    assert.ok(text.indexOf(also) < text.indexOf('[verify_how]'), 'how to send it back last');
  });
}

test('text view: a command with markup and quotes in it stays text, escaped', () => {
  const hostile = `vllm bench latency --model '<img src=x onerror=alert(1)>' --note "a & b"`;
  const m = render({ label: 'vllm-bench-serve', text: 'vllm bench serve', compare: [],
                     also: [{ label: 'vllm-bench-latency', text: hostile, compare: ['<b>avg_latency</b>'] }] });
  const html = m.html();
  assert.ok(html.includes(escapeText(hostile)));
  assert.ok(!html.includes('<img'), html);
  assert.ok(!html.includes('<b>'), html);
  assert.deepEqual(m.all('pre').map((p) => p.text()), ['vllm bench serve', hostile]);
});

test('text view: a benchmark without `also` (llama-bench) shows one command', () => {
  const m = render({ label: 'llama-bench', text: 'llama-bench -m model.gguf', compare: ['avg_ts'] });
  assert.deepEqual(m.all('pre').map((p) => p.text()), ['llama-bench -m model.gguf']);
});

test('text view: render() writes no HTML strings (the commands reach the page as text nodes only)', () => {
  const body = library.slice(library.indexOf('    render: function (d)'), library.indexOf('    showMirror: function'));
  assert.ok(body.length > 1000, 'render() found');
  assert.doesNotMatch(body, /innerHTML|outerHTML|insertAdjacentHTML|document\.write/);
});
