// Types of cardfit.js, the WebAssembly module of cardfit (docs/cli.md, "JavaScript"). The values
// are the JSON contracts of `cardfit estimate --json`, `cardfit plan --json` and
// `cardfit catalog --json`; web/tests/types.test.mjs checks this file against them.

declare function createCardfit(options?: createCardfit.CardfitOptions): Promise<createCardfit.CardfitModule>;

// cardfit.js is a CommonJS module whose export is the factory (module.exports = createCardfit):
// `const createCardfit = require('cardfit')`, or `import createCardfit from 'cardfit'` with
// esModuleInterop. The types are createCardfit.Estimate, createCardfit.Plan, ...
declare namespace createCardfit {
  /** Options for createCardfit(); all optional. Under Node the .wasm next to cardfit.js is read. */
  export interface CardfitOptions {
    /** The .wasm bytes, when they come from elsewhere. */
    wasmBinary?: ArrayBuffer | Uint8Array;
    /** Where a file the module needs lives ("cardfit.wasm"), given the folder of cardfit.js. */
    locateFile?(path: string, scriptDirectory: string): string;
    /** The page's canvas (the UI is drawn only in a browser with a document). */
    canvas?: object;  // an HTMLCanvasElement
    print?(text: string): void;
    printErr?(text: string): void;
    onFirstFrame?(): void;
    onFatal?(detail: string): void;
    /** The canvas's WebGL context was lost (the page shows its HTML view) / restored. */
    onContextLost?(): void;
    onContextRestored?(): void;
    /** A vendor's catalog overlay, applied before the first frame (see setOverlay). */
    overlay?: string | object;
  }

  /** An input value: text as on the command line ("8k", "20%"), a number, a flag, or a list. */
  export type InputValue = string | number | boolean | ReadonlyArray<string>;

  /**
   * The inputs: the command line's flags without "--" (docs/cli.md). Unknown keys are errors.
   * Ids may be typed in any case or as an alias ("4090", "H100", "BF16").
   */
  export interface Input {
    model?: InputValue;
    params?: InputValue;
    precision?: InputValue;
    'kv-precision'?: InputValue;
    task?: 'inference' | 'lora' | 'qlora' | 'full' | 'pretrain' | string;
    context?: InputValue;
    prompt?: InputValue;
    concurrency?: InputValue;
    batch?: InputValue;
    'lora-rank'?: InputValue;
    'lora-targets'?: InputValue;
    tp?: InputValue;
    optimizer?: 'adamw' | 'adamw-8bit' | 'sgd' | string;
    zero?: InputValue;
    checkpointing?: 'none' | 'selective' | 'full' | string;
    tokens?: InputValue;
    engine?: InputValue;
    gpu?: InputValue;
    cards?: InputValue;
    headroom?: InputValue;
    mfu?: InputValue;
    'budget-tier'?: InputValue;
    budget?: InputValue;
    currency?: 'CNY' | 'USD' | string;
    'usd-cny'?: InputValue;
    'hours-per-day'?: InputValue;
    term?: 'hourly' | 'weekly' | 'monthly' | 'yearly' | 'cheapest' | string;
    platform?: InputValue;
    /** List these platforms' offers first, the others after them; the pick is unchanged. */
    'platform-first'?: InputValue;
    student?: InputValue;
    'allow-spot'?: InputValue;
    /** Inference: each option against the model's public API prices (plan's api_compare). */
    'compare-api'?: InputValue;
    /** With compare-api: input tokens per output token (default 3). */
    'api-input-ratio'?: InputValue;
    /** With compare-api: share of input tokens billed at the cache-hit price, 0..1 (default 0). */
    'api-cache-hit'?: InputValue;
    /** With compare-api, consumer cards: months a bought card is amortised over, 1..240 (default 24). */
    'buy-months'?: InputValue;
    /** With compare-api, consumer cards: electricity per kWh in the plan currency (default: the catalog's). */
    'kwh-price'?: InputValue;
    'min-tokens-per-s'?: InputValue;
    'max-tpot-ms'?: InputValue;
    'requests-per-s'?: InputValue;
    'output-tokens'?: InputValue;
    offload?: InputValue;
    'host-bandwidth'?: InputValue;
    /** llama.cpp --n-cpu-moe N: the routed experts of the first N layers stay in host memory. */
    'n-cpu-moe'?: InputValue;
    /** vLLM --gpu-memory-utilization (SGLang --mem-fraction-static), in (0, 1]. */
    'gpu-memory-utilization'?: InputValue;
    /** vLLM/SGLang tokens per forward pass, at least 1. */
    'max-num-batched-tokens'?: InputValue;
    /** vLLM/SGLang sequences per step, at least 1. */
    'max-num-seqs'?: InputValue;
    /** Expert parallelism: routed experts split over N cards; 0 = none. */
    ep?: InputValue;
    /** Training: optimizer states in host memory (ZeRO-Offload). */
    'optimizer-offload'?: InputValue;
    'max-ttft-ms'?: InputValue;
    top?: InputValue;
    lang?: 'zh' | 'en' | string;
    /** A custom model by its shapes, as links carry an imported config.json ("family,l32,h4096,..."). */
    arch?: InputValue;
    /** Today's date, YYYY-MM-DD: prices older than the catalog's stale_price_months are flagged. */
    today?: InputValue;
    /** A link's version ("1"), as in index.html?v=1&... */
    v?: InputValue;
  }

  /** One problem with the input: the field it concerns, a stable code, the message in `lang`. */
  export interface CardfitError {
    field: string;
    code: string;
    message: string;
  }

  /** Every call returns this; nothing throws and nothing needs .delete(). */
  export type CardfitResult<T> =
    | { ok: true; value: T; errors: [] }
    | { ok: false; value: null; errors: CardfitError[] };

  export interface MemoryBytes {
    weights: number;
    kv_cache: number;
    activations: number;
    gradients: number;
    optimizer: number;
    adapters: number;
    overhead: number;
    total: number;
  }

  export type Fit = 'comfortable' | 'tight' | 'no';

  /** A command or file to start the option: `text` is pasted as is; `file` names the file it belongs in. */
  export interface LaunchCommand {
    kind: string;
    file: string | null;
    text: string;
    /** A command line's words as the shell passes them (a variable as "$NAME"); null for a file. */
    argv: string[] | null;
  }

  /** One figure to compare: `field` of the benchmark's JSON (in the result row `select` names) against cardfit's `figure`. */
  export interface VerifyCompare {
    field: string;
    select: string | null;
    figure: string;
    predicted: number;
    unit: 'tok/s' | 'ms' | 's' | string;
  }

  /** A further benchmark with the same settings that loads the model itself (docs/verify.md). */
  export interface VerifyRun {
    tool: 'vllm-bench-latency' | 'sglang-bench-one-batch' | string;
    command: string;
    argv: string[];
    compare: VerifyCompare[];
  }

  /** The benchmark that checks the figures on the rented machine (docs/verify.md). */
  export interface VerifyCommand {
    tool: 'llama-bench' | 'vllm-bench-serve' | 'sglang-bench-serving' | 'mlx-benchmark' | string;
    launch: string;
    command: string;
    argv: string[];
    compare: VerifyCompare[];
    also: VerifyRun[];
  }

  /** A measurement beside an estimate's GPU row (docs/measurements.md). */
export interface MeasuredFigure {
  value: number;
  unit: string;
  figure: string;
  source_id: string;
  as_of: string;
  /** cardfit's figure it is compared with; delta = (estimate - value) / value. */
  estimate: number;
  delta: number;
  id: string;
  twin: string | null;
  yours: true | null;
  /** "serving": a serving benchmark (its scenario names output-tokens), compared with the mixed TPOT or
   *  output rate at its concurrency, prompt, context and output tokens; "estimate": the figure the row shows. */
  compared_with: 'estimate' | 'serving';
}

export interface GpuEstimate {
    gpu: string;
    name: string;
    cards: number;
    fit: Fit;
    per_card_bytes: number;
    card_memory_bytes: number;
    usable_bytes: number;
    /** what the engine keeps back by design (outside its memory fraction, or its reserve); counts toward the headroom */
    held_back_bytes: number;
    /** The engine's KV cache pool per card (bytes), where the engine reserves one; else null. */
    kv_pool_bytes: number | null;
    spare_fraction: number;
    min_cards_tight: number;
    max_cards_tried: number;
    tensor_parallel: number;
    pipeline_parallel: number;
    data_parallel: number;
    /** MoE: routed experts split over this many cards (--ep); 1 = none. */
    expert_parallel: number;
    zero_stage: number;
    /** The same parallel layout, short names. */
    layout: { tp: number; pp: number; ep: number; dp: number; zero: number };
    /** Share of each step lost to the pipeline bubble. */
    pipeline_bubble: number;
    per_card_memory_bytes: MemoryBytes;
    compute: string;
    dense_tflops: number;
    decode_tokens_per_s: number;
    aggregate_tokens_per_s: number;
    decode_compute_bound: boolean;
    prefill_tokens_per_s: number;
    ttft_ms: number;
    max_context: number;
    max_concurrency: number;
    train_hours: number | null;
    gpu_hours: number | null;
    train_tokens_per_s: number;
    mfu: number;
    /** Layer-split engines with --offload: what stays on the GPU and what the host holds; null otherwise. */
    offload: {gpu_layers: number; total_layers: number; cpu_bytes: number; experts_on_cpu: number;
              n_cpu_moe: number; host_bytes: number; host_bandwidth_gb_per_s: number} | null;
    /** With output-tokens: one replica's serving figures (batch, capacity, limit); null otherwise. */
    serving: Record<string, number | string | null> | null;
    /** With output-tokens: decode at the scenario's concurrency with each prompt's prefill mixed in
     *  (docs/model.md "Decode with prefill mixed in"); null otherwise. */
    mixed: {concurrency: number; prefill_ms: number; step_ms: number; tpot_ms: number; tokens_per_s: number} | null;
    /** Measurements of this configuration (docs/measurements.md); absent when none match. */
    measured?: MeasuredFigure[];
    /** Commands that start this layout with cardfit's numbers. */
    launch: LaunchCommand[];
    /** The benchmark beside the launch command; null without one. */
    verify: VerifyCommand | null;
    warnings: string[];
    warning_codes: string[];
  }

  export interface Explanation {
    key: string;
    quantity: string;
    formula: string;
    substituted: string;
    source: string;
    sources: string[];
  }

  /** `cardfit estimate --json`. */
  export interface Estimate {
    schema: 'cardfit.estimate/1';
    ok: true;
    model: string;
    precision: string;
    kv_precision: string;
    task: string;
    params: { total: number; active: number; matmul_active: number; embedding: number; lm_head: number; adapters: number };
    kv_cache_bytes_per_token: number;
    kv_cache_bytes_per_sequence: number;
    /** Fixed per-sequence state of linear-attention layers (Qwen3-Next), bytes; 0 for others. */
    state_bytes_per_sequence: number;
    weight_bytes_per_token: number;
    train_flops: number;
    memory_bytes: MemoryBytes;
    gpus: GpuEstimate[];
    warnings: string[];
    warning_codes: string[];
    explained_gpu: string;
    explain: Explanation[];
  }

  export interface Money {
    low: number;
    high: number;
    currency: 'CNY' | 'USD';
  }

  export interface PlanOption {
    gpu: string;
    gpu_name: string;
    cards: number;
    units: number;
    cards_rented: number;
    tensor_parallel: number;
    pipeline_parallel: number;
    slice_fraction: number;
    platform: string;
    platform_name: string;
    offer: string;
    /** The offer's product on its platform ("Community Cloud"), "" when it names none. */
    product: string;
    unit: 'card' | 'slice' | 'machine';
    term: 'hourly' | 'weekly' | 'monthly' | 'yearly';
    spot: boolean;
    commitment: boolean;
    price_on_inquiry: boolean;
    price_derived: boolean;
    student_discount: boolean;
    pickable: boolean;
    /** When the price was seen, YYYY-MM (YYYY when the source prints no month). */
    as_of: string;
    /** The source prints no month. */
    month_unknown: boolean;
    /** Older than the catalog's stale_price_months before today. */
    price_stale: boolean;
    /** The price's citations: source ids of the catalog's sources (docs/catalog.md). */
    source: string;
    /** The overlay file that added or changed the offer, its platform or GPU; null = bundled. */
    overlay: string | null;
    isolation: 'dedicated' | 'shared' | 'unknown';
    monthly_cost: Money;
    extra_fees: Money;
    cost_per_hour: Money;
    tflops: number;
    tflops_convention: string;
    cost_per_tflops_hour: Money;
    cost_per_million_tokens: Money | null;
    within_budget: boolean;
    below_budget: boolean;
    budget_cost: Money;
    tier: string | null;
    fit: 'comfortable' | 'tight';
    need_bytes: number;
    usable_bytes: number;
    /** what the engine keeps back by design (outside its memory fraction, or its reserve); counts toward the headroom */
    held_back_bytes: number;
    spare_fraction: number;
    margin_fraction: number;
    decode_tokens_per_s: number;
    aggregate_tokens_per_s: number;
    ttft_ms: number;
    meets_targets: boolean;
    /** Sizing from traffic (requests-per-s): replicas of the card count, their capacity, batch and limit. */
    replicas: number;
    capacity_requests_per_s: number | null;
    batch: number | null;
    limited_by: 'memory' | 'ttft' | 'tpot' | null;
    job_hours: number | null;
    job_cost: Money | null;
    warnings: string[];
    warning_codes: string[];
    reason: string;
    reason_en: string;
    reason_zh: string;
    launch: LaunchCommand[];
    /** compare-api only: against each of Plan.api_compare.prices, in order. */
    api_compare?: ApiBreakEven[];
    api_compare_text?: string[];
    /** compare-api only: buying these consumer cards instead; null = not whole consumer cards, or no street price. */
    buy?: BuyBreakEven | null;
    /** compare-api only: whole consumer cards with no dated street price in the catalog. */
    buy_unpriced?: boolean;
    buy_text?: string[];
    verify: VerifyCommand | null;
  }

  /** compare-api: buying the option's consumer cards against renting them (docs/planner.md "Buy or rent"). */
  export interface BuyBreakEven {
    gpu: string;
    cards: number;
    purchase: Money;
    condition: 'new' | 'used';
    as_of: string;
    source: string;
    months: number;
    kwh_price: number;
    power_w: number;
    hours_per_day: number;
    electricity_monthly: number;
    amortised_monthly: Money;
    buy_monthly: Money;
    rent_monthly: Money;
    /** Months until the purchase is paid back by the rent saved; null = never (rent <= electricity). */
    break_even_months: { low: number; high: number } | null;
    buy_cheaper: boolean;
  }

  /** compare-api: a rented option against one API price (docs/cli.md "Rent or pay per token"). */
  export interface ApiBreakEven {
    price_id: string;
    rent_per_mtok: Money;
    api_per_mtok: number;
    capacity_tokens_per_day: number;
    break_even_tokens_per_day: { low: number; high: number };
    rent_can_win: boolean;
  }

  /** compare-api: the model's public API prices at the stated mix; priced false = it has none. */
  export interface ApiCompare {
    input_per_output: number;
    cache_hit_share: number;
    priced: boolean;
    /** Buying consumer cards: the months and the kWh price (plan currency) used. */
    buy_months: number;
    kwh_price: number;
    prices: {
      id: string; provider: string; currency: 'CNY' | 'USD';
      input_per_mtok: number; cache_hit_per_mtok: number; output_per_mtok: number;
      as_of: string; source: string; per_mtok: number; per_mtok_currency: 'CNY' | 'USD';
    }[];
    text: string[];
    /** The pick's buy-or-rent sentence (empty when the pick is not whole consumer cards). */
    buy_text: string[];
  }

  export interface Alternative {
    kind: 'precision' | 'kv_precision' | 'context' | 'concurrency' | 'task' | 'budget' | string;
    change: string;
    change_en: string;
    change_zh: string;
    pick: PlanOption;
  }

  /** `cardfit plan --json`. */
  export interface Plan {
    schema: 'cardfit.plan/1';
    ok: true;
    model: string;
    model_name: string;
    precision: string;
    /** The engine the plan runs: the one the request named, else the one the weights call for (vLLM, or GGUF's llama.cpp, MLX's mlx). */
    engine: string;
    memory_bytes: number;
    currency: 'CNY' | 'USD';
    usd_cny: number;
    hours_per_day: number;
    term: string;
    ranked_by: 'monthly_cost' | 'job_cost';
    budget: { tier: string; low: number; high: number | null; currency: 'CNY' | 'USD'; label: string } | null;
    pick: PlanOption | null;
    options: PlanOption[];
    options_total: number;
    alternatives: Alternative[];
    /** With a budget: the best option within it ("more speed for your budget"), when it differs from the pick. */
    budget_best: PlanOption | null;
    /** Why nothing was picked (in `lang`); null when there is a pick. */
    no_pick_reason: string | null;
    quote_only: { gpu: string; cards: number; platform: string; offer: string }[];
    /** compare-api only (inference). */
    api_compare?: ApiCompare;
    warnings: string[];
  }

  /** A model a GPU x cards fits, at its best precision (`cardfit capacity --json`). */
  export interface ModelCapability {
    model: string;
    name: string;
    params: number;
    precision: string;
    per_card_bytes: number;
    spare_fraction: number;
    max_context: number;
    max_concurrency: number;
    decode_tokens_per_s: number;
  }

  /** `cardfit capacity --json`: what one GPU x cards can do, largest model first. */
  export interface Capacity {
    schema: 'cardfit.capacity/1';
    ok: true;
    gpu: string;
    cards: number;
    headroom: number;
    /** One sentence in `lang`. */
    summary: string;
    precisions: string[];
    largest: ModelCapability | null;
    models: ModelCapability[];
  }

  /** An entry of a catalog section: its id and aliases, and the fields of docs/catalog.md. */
  export interface CatalogEntry {
    id: string;
    aliases?: string[];
    source?: string;
    as_of?: string;
    [field: string]: unknown;
  }

  /** `cardfit catalog --json`: the catalog in the loader's own format (docs/catalog.md). */
  export interface Catalog {
    schema: 'cardfit.catalog/1';
    gpus: CatalogEntry[];
    models: CatalogEntry[];
    weight_precisions: CatalogEntry[];
    kv_precisions: CatalogEntry[];
    engines: CatalogEntry[];
    platforms: CatalogEntry[];
    offers: CatalogEntry[];
    tiers: CatalogEntry[];
    sources: CatalogEntry[];
    defaults: Record<string, unknown>;
    default_usd_cny: number;
    usd_cny_source: string;
    custom?: { id: string; name_zh: string; name_en: string };
  }

  export interface CardfitModule {
    /** The release, e.g. "0.1.0" (CMake project(VERSION)). */
    version(): string;
    /** The bundled catalog (with a vendor's overlay, if one is set). The page's copy leaves out
     *  the maintainers' notes (`notes` of GPUs, models, platforms, offers, sources...): they are
     *  in the catalog's JSON files and `cardfit catalog` (docs/web.md). */
    catalog(): CardfitResult<Catalog>;
    /** Memory, fit, speed and training time on every GPU (or `gpu`). `explain` stays empty
     *  unless the input object has `explain: true` (the formulas with their numbers).
     *  `json: true` (here, in plan and in capacity): `value` is the answer as JSON text, the
     *  line `cardfit estimate --json` prints, not parsed (faster when it is passed on as text). */
    estimate(input: Input & { explain?: boolean; json: true }): CardfitResult<string>;
    estimate(input?: (Input & { explain?: boolean; json?: false }) | string): CardfitResult<Estimate>;
    /** The "just enough" pick, every option and the alternatives. */
    plan(input: Input & { json: true }): CardfitResult<string>;
    plan(input?: (Input & { json?: false }) | string): CardfitResult<Plan>;
    /** What `gpu` x `cards` (0 = one) can do: every catalog model with the best precision that
     *  fits with the headroom, largest first. An error on "gpu" when none (or an unknown one) is named. */
    capacity(input: Input & { json: true }): CardfitResult<string>;
    capacity(input?: (Input & { json?: false }) | string): CardfitResult<Capacity>;
    /** A vendor's catalog overlay (docs/catalog.md, "Overlays"; JSON text or an object) on the
     *  bundled catalog, for the API and the page. Not applied, with the reasons, when it does
     *  not validate: the bundled catalog stays. `name` names it in messages. */
    setOverlay(overlay: string | object, name?: string): CardfitResult<true>;
    /** Files dropped on the page or picked with its file button (the page calls it; a host page
     *  may too): each a model config.json (becomes the custom model) or a catalog overlay (laid
     *  over the catalog in use, for the page and the API), told apart by content. `text` null:
     *  the file could not be read. A file that fails changes nothing; the page shows what loaded
     *  and why any did not. `value` lists every file (also when `ok` is false). Only the first
     *  `maxFilesAtOnce` are opened; a file over `maxFileBytes` (its `size`, or its text's length)
     *  is named in the errors and never copied into the module. */
    openFiles(files: { name: string; text: string | null; size?: number }[]): {
      ok: boolean;
      value: { name: string; kind: 'config' | 'overlay' | 'unknown'; ok: boolean }[] | null;
      errors: CardfitError[];
    };
    /** Limits on what comes in (the same everywhere: CLI, desktop, page): a file's bytes (16 MiB),
     *  the files opened at once, and a request's length (1 MiB); larger inputs get an error. */
    readonly maxFileBytes: number;
    readonly maxFilesAtOnce: number;
    readonly maxRequestBytes: number;
    /** The canonical link query for an input ("v=1&model=..."). */
    stateQuery(input?: Input | string): CardfitResult<string>;
    /** The module's memory in bytes (it only grows: the peak so far). */
    heapBytes(): number;
    /** Frames the page's UI has drawn (0 without a document). For tests. */
    frameCount(): number;
    /** The UI's scenario as a link query ("" without a document). For tests. */
    uiState(): string;
  }
}

export = createCardfit;
