import { type ParsedFile, hashSite, langForPath, loadLanguages, parseSourceSync } from '@driftgate/surf';
import type { Benchmark, BenchOptions } from '../benchmark.js';
import { median } from '../measure.js';
import { lintMisses } from './surf-lint-misses.js';

/** The claim counts measured: one claim per position of one block of that many members. */
const SIZES = [100, 400, 1_600] as const;
/** Cost per claim at the largest size may be at most this many times that at the smallest. */
const TARGET_RATIO = 1.5;
/** An initializer every this many enum members: each member counts from the last one. */
const ENUM_INITIALIZER_EVERY = 16;

/** One generated file with `n` claimable positions in one block, and the anchors of all of them. */
interface GrowthCase {
  readonly name: string;
  readonly file: string;
  source(n: number): string;
  anchors(n: number): string[];
}

const range = (n: number): number[] => Array.from({ length: n }, (_, k) => k);

/**
 * The recipe-3 "look back" rules, one case each: a claim's extent depends on the siblings before
 * it, so a claim late in a long block is where a per-claim walk back shows.
 */
const CASES: readonly GrowthCase[] = [
  {
    // As syscall's zerrors files: explicit values, nothing implied.
    name: 'Go const block, explicit values',
    file: 'consts.go',
    source: (n) => `package p\n\nconst (\n${range(n).map((k) => `\tE_${k} = 0x${(k * 7 + 3).toString(16)}\n`).join('')})\n`,
    anchors: (n) => range(n).map((k) => `consts.go > E_${k}`),
  },
  {
    // Every implied spec repeats `iota`, so its span is every spec before it: hashing that span
    // grows with the position by design; finding it must not.
    name: 'Go const block, iota (span: specs before)',
    file: 'kinds.go',
    source: (n) => `package p\n\ntype Kind int\n\nconst (\n${range(n).map((k) => (k === 0 ? '\tK_0 Kind = iota\n' : `\tK_${k}\n`)).join('')})\n`,
    anchors: (n) => range(n).map((k) => `kinds.go > K_${k}`),
  },
  {
    name: 'Rust items with doc comments and attributes',
    file: 'lanes.rs',
    source: (n) =>
      range(n)
        .map((k) => `/// Lane ${k}.\n#[inline]\n#[must_use]\npub fn lane_${k}(a: u64) -> u64 {\n    a.rotate_left(${k % 61})\n}\n\n`)
        .join(''),
    anchors: (n) => range(n).map((k) => `lanes.rs > lane_${k}`),
  },
  {
    name: 'Python decorated defs',
    file: 'routes.py',
    source: (n) => `import functools\n\n${range(n).map((k) => `@functools.cache\n@route("/r/${k}")\ndef handler_${k}(x):\n    return x + ${k}\n\n`).join('')}`,
    anchors: (n) => range(n).map((k) => `routes.py > handler_${k}`),
  },
  {
    // Two signatures and the implementation; `@3` names the implementation.
    name: 'TS overload groups',
    file: 'convert.ts',
    source: (n) =>
      range(n)
        .map((k) => `export function to${k}(a: string): string;\nexport function to${k}(a: number): number;\nexport function to${k}(a: unknown): unknown {\n  return a;\n}\n\n`)
        .join(''),
    anchors: (n) => range(n).map((k) => `convert.ts > to${k} @3`),
  },
  {
    name: 'TS enum members',
    file: 'codes.ts',
    source: (n) => `export enum Code {\n${range(n).map((k) => (k % ENUM_INITIALIZER_EVERY === 0 ? `  C${k} = ${k * 4},\n` : `  C${k},\n`)).join('')}}\n`,
    anchors: (n) => range(n).map((k) => `codes.ts > Code > C${k}`),
  },
  {
    name: 'Rust enum variants',
    file: 'codes.rs',
    source: (n) =>
      `#[repr(u32)]\npub enum Code {\n${range(n).map((k) => (k % ENUM_INITIALIZER_EVERY === 0 ? `    #[doc(alias = "c${k}")]\n    C${k} = ${k * 4},\n` : `    C${k},\n`)).join('')}}\n`,
    anchors: (n) => range(n).map((k) => `codes.rs > Code > C${k}`),
  },
];

/** CPU microseconds of one call, user + system. */
function cpuMicros(run: () => void): number {
  const before = process.cpuUsage();
  run();
  const used = process.cpuUsage(before);
  return used.user + used.system;
}

/** Each anchor hashed as `surf check` hashes a site (resolve, recipe-3 extent, canonical tokens, digest). */
function hashAll(parsed: ParsedFile, anchors: readonly string[]): void {
  for (const anchor of anchors) hashSite(parsed, anchor, { recipe: 'v3' });
}

/**
 * Median CPU per claim (µs) of hashing every anchor of a fresh parse. Smaller sizes are repeated
 * more, so every size is sampled over about as many claims (a 100-claim pass is short enough for
 * one collection to skew it).
 */
function costPerClaim(c: GrowthCase, n: number, runs: number): number {
  const text = c.source(n);
  const anchors = c.anchors(n);
  const lang = langForPath(c.file)!;
  const samples: number[] = [];
  const passes = runs * Math.max(1, Math.round(SIZES.at(-1)! / n));
  for (let r = 0; r < passes; r++) {
    // A fresh parse each run: what is built per file is part of the cost.
    const parsed = parseSourceSync(text, lang, c.file);
    try {
      samples.push(cpuMicros(() => hashAll(parsed, anchors)) / n);
    } finally {
      parsed.delete();
    }
  }
  return median(samples);
}

export const surfGrowthBenchmark: Benchmark = {
  name: 'surf-growth',
  description: `CPU per claim with claims at ${SIZES.join(' / ')} positions in one block, per recipe-3 look-back rule (target: ${SIZES.at(-1)} vs ${SIZES[0]} within ${TARGET_RATIO}x); \`surf lint\` of anchors that do not resolve vs anchors that do`,
  async run(options: BenchOptions): Promise<void> {
    await loadLanguages();
    process.stdout.write(`\n## CPU per claim by block size, median of ${options.runs} runs (parse not counted)\n`);
    let allMet = true;
    for (const c of CASES) {
      // One untimed pass at the smallest size, so the first size is not the one paying for JIT.
      costPerClaim(c, SIZES[0], 1);
      const costs = SIZES.map((n) => costPerClaim(c, n, Math.max(1, options.runs)));
      const ratio = costs.at(-1)! / costs[0]!;
      const met = ratio <= TARGET_RATIO;
      allMet &&= met;
      const cells = SIZES.map((n, i) => `${n}: ${costs[i]!.toFixed(1)} µs`).join(', ');
      process.stdout.write(`${c.name.padEnd(46)} ${cells}; ${SIZES.at(-1)} vs ${SIZES[0]}: ${ratio.toFixed(2)}x ${met ? 'met' : 'NOT met'}\n`);
    }
    process.stdout.write(`  target (issue 38): every case within ${TARGET_RATIO}x ${allMet ? 'met' : 'NOT met'}\n`);
    await lintMisses(options);
  },
};
