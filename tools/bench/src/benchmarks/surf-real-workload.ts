import { posix } from 'node:path';
import { createRng, type Rng } from '../rng.js';
import type { SyntheticFile } from '../synthetic-repo.js';
import { type Symbol, stampAll } from './surf-workload.js';

/**
 * Shape of the real-shaped `surf` workload at scale 1, after what real repositories showed: files
 * of tens of KB with a few of 500 KB–1 MB, 20–40 claims per file, hubs with hundreds of claims,
 * classes nested in classes (and functions in functions), decorators, async code.
 */
export const REAL_WORKLOAD = {
  /** Ordinary source files (half TypeScript, half Python), 20–120 KB each. */
  files: 80,
  /** Large files: sizes in bytes, alternating TypeScript and Python. */
  largeFiles: [1_000_000, 600_000, 800_000, 520_000],
  claimsPerFile: [20, 40] as const,
  /** Claims per hub of the check workspace. */
  claimsPerHub: 300,
  /** Claims of the one hub of the verify workspace. */
  verifyClaims: 2_000,
} as const;

export interface RealWorkload {
  readonly files: SyntheticFile[];
  readonly sources: string[];
  readonly sourceBytes: number;
  readonly claims: number;
  readonly hubs: number;
}

type Lang = 'ts' | 'py';

const NOUNS = ['session', 'token', 'ledger', 'route', 'shard', 'quota', 'frame', 'policy', 'cursor', 'bucket', 'schema', 'replica', 'lease', 'span'];
const VERBS = ['load', 'merge', 'apply', 'resolve', 'flush', 'encode', 'decode', 'index', 'prune', 'emit', 'check', 'split', 'bind', 'render'];

/**
 * A seeded workspace of TypeScript and Python in real code shapes, with stamped hubs.
 * `layout: 'hubs'` spreads every file's claims over hubs of {@link REAL_WORKLOAD.claimsPerHub}
 * claims (the check workspace); `layout: 'one-hub'` puts {@link REAL_WORKLOAD.verifyClaims}
 * claims into a single hub (the verify workspace), with the other claims left out.
 */
export async function realWorkload(seed: number, scale: number, layout: 'hubs' | 'one-hub'): Promise<RealWorkload> {
  const rng = createRng(seed);
  const files: SyntheticFile[] = [];
  const sources: string[] = [];
  const perFile: Symbol[][] = [];
  let sourceBytes = 0;
  const add = (lang: Lang, path: string, bytes: number): void => {
    const { text, paths } = lang === 'ts' ? tsModule(rng, bytes) : pyModule(rng, bytes);
    const content = Buffer.from(text, 'utf8');
    files.push({ path, content });
    sources.push(path);
    sourceBytes += content.length;
    perFile.push(paths.map((p) => ({ file: path, path: p })));
  };
  const count = Math.max(2, Math.round(REAL_WORKLOAD.files * scale));
  for (let i = 0; i < count; i++) {
    const lang: Lang = i % 2 === 0 ? 'ts' : 'py';
    const dir = lang === 'ts' ? `packages/core/src/${NOUNS[i % NOUNS.length]}` : `python/engine/${NOUNS[i % NOUNS.length]}`;
    add(lang, `${dir}/${VERBS[i % VERBS.length]}_${i}.${lang}`, rng.int(20_000, 120_000));
  }
  REAL_WORKLOAD.largeFiles.forEach((bytes, i) => {
    const lang: Lang = i % 2 === 0 ? 'ts' : 'py';
    add(lang, lang === 'ts' ? `packages/core/src/generated/schema_${i}.ts` : `python/engine/tests/test_args_${i}.py`, Math.round(bytes * Math.min(1, scale)));
  });

  // 20–40 claims per file, each on a distinct symbol, in the file's own order.
  const claims: Array<{ text: string; sites: Symbol[] }> = [];
  const [low, high] = REAL_WORKLOAD.claimsPerFile;
  for (const symbols of perFile) {
    const wanted = Math.min(symbols.length, rng.int(low, high));
    const picked = new Set<number>();
    while (picked.size < wanted) picked.add(rng.int(0, symbols.length - 1));
    for (const k of [...picked].sort((a, b) => a - b)) {
      const site = symbols[k]!;
      claims.push({ text: `${site.path.join('.')} ${rng.pick(VERBS)}s the ${rng.pick(NOUNS)} before the ${rng.pick(NOUNS)} is shared`, sites: [site] });
    }
  }
  const chosen = layout === 'one-hub' ? spread(claims, REAL_WORKLOAD.verifyClaims) : claims;
  // Stamped with the recipe `surf verify` writes by default, which is what a workspace holds.
  const stamps = await stampAll(files, chosen, 'v3');
  const perHub = layout === 'one-hub' ? chosen.length : REAL_WORKLOAD.claimsPerHub;
  const hubs = addHubs(files, chosen, stamps, perHub);
  return { files, sources, sourceBytes, claims: chosen.length, hubs };
}

/**
 * Appends hubs of `perHub` stamped claims each (chained by `refs`, with prose in proportion)
 * and a `surf.toml` to `files`; returns the number of hubs.
 */
export function addHubs(
  files: SyntheticFile[],
  claims: ReadonlyArray<{ text: string; sites: readonly Symbol[] }>,
  stamps: readonly string[],
  perHub: number,
): number {
  const plans: HubPlan[] = [];
  for (let start = 0, n = 0; start < claims.length; start += perHub, n++) {
    plans.push({
      path: `hubs/part-${n}.md`,
      title: `Engine part ${n}`,
      summary: `how part ${n} of the engine keeps its promises`,
      tags: ['engine', `part-${n}`],
      heading: `Part ${n}`,
      claims: claims.slice(start, start + perHub).map((claim, k) => ({ ...claim, stamp: stamps[start + k]! })),
    });
  }
  return addPlannedHubs(files, plans, 'hubs/*.md');
}

/** One hub to write: where it goes, the words of its frontmatter and heading, its stamped claims. */
export interface HubPlan {
  /** Workspace path; every hub of one call sits in the same directory, since `refs` name the previous hub as `./name`. */
  readonly path: string;
  readonly title: string;
  readonly summary: string;
  readonly tags: readonly string[];
  readonly heading: string;
  readonly claims: ReadonlyArray<{ text: string; sites: readonly Symbol[]; stamp: string }>;
}

/**
 * Appends the planned hubs (each `refs` the one before it, with prose in proportion to its claims)
 * and a `surf.toml` whose one `hubs` glob is `glob` to `files`; returns the number of hubs.
 */
export function addPlannedHubs(files: SyntheticFile[], plans: readonly HubPlan[], glob: string): number {
  plans.forEach((plan, n) => {
    let text = `---\ntype: concept\ntitle: ${plan.title}\nsummary: ${plan.summary}\ntags: [${plan.tags.join(', ')}]\nanchors:\n`;
    for (const claim of plan.claims) {
      text += `  - claim: ${claim.text}\n    at: ${claim.sites.map((s) => `${s.file} > ${s.path.join(' > ')}`).join('')}\n    hash: ${claim.stamp}\n`;
    }
    const previous = plans[n - 1];
    text += previous === undefined ? 'refs: []\n' : `refs:\n  - ./${posix.basename(previous.path)}\n`;
    text += `---\n\n# ${plan.heading}\n\n${'How the pieces of this part fit together, and what each promise means for callers. '.repeat(plan.claims.length / 2)}\n`;
    files.push({ path: plan.path, content: Buffer.from(text, 'utf8') });
  });
  files.push({ path: 'surf.toml', content: Buffer.from(`hubs = [${JSON.stringify(glob)}]\n`) });
  return plans.length;
}

/** `n` claims taken evenly from the whole list (so every file keeps a share of its claims). */
function spread<T>(items: readonly T[], n: number): T[] {
  if (items.length <= n) return [...items];
  return Array.from({ length: n }, (_, i) => items[Math.floor((i * items.length) / n)]!);
}

/** A TypeScript module of about `bytes` bytes and the anchor paths of its symbols. */
function tsModule(rng: Rng, bytes: number): { text: string; paths: string[][] } {
  const parts = [
    "import { createHash } from 'node:crypto';\nimport type { Context, Options } from '../types.js';\nimport { assert, retry } from '../util.js';\n",
  ];
  const paths: string[][] = [];
  let size = parts[0]!.length;
  for (let n = 0; size < bytes; n++) {
    const noun = rng.pick(NOUNS);
    const Noun = noun[0]!.toUpperCase() + noun.slice(1);
    let unit: string;
    switch (rng.int(0, 5)) {
      case 0:
      case 1: {
        const name = `${rng.pick(VERBS)}${Noun}${n}`;
        paths.push([name]);
        unit = `/** ${name} keeps the ${noun} consistent. */\nexport function ${name}(input: ${Noun}Input, options: Options = {}): ${Noun}Result {\n${tsBody(rng, 2, rng.int(4, 12))}\n}\n`;
        break;
      }
      case 2: {
        const cls = `${Noun}Store${n}`;
        paths.push([cls]);
        const methods = Array.from({ length: rng.int(3, 8) }, (_, m) => `${rng.pick(VERBS)}${m}`);
        for (const m of methods) paths.push([cls, m]);
        unit =
          `export class ${cls}<T extends { id: string }> implements Iterable<T> {\n  private readonly items = new Map<string, T>();\n  static readonly limit = ${rng.int(8, 512)};\n\n  constructor(private readonly context: Context) {}\n\n` +
          methods.map((m) => `  ${rng.next() < 0.3 ? 'async ' : ''}${m}(item: T, retries = 3): ${Noun}Result {\n${tsBody(rng, 4, rng.int(3, 9))}\n  }\n`).join('\n') +
          `\n  *[Symbol.iterator](): Iterator<T> {\n    yield* this.items.values();\n  }\n}\n`;
        break;
      }
      case 3: {
        // A class expression held by a const: `Outer > method` is nested through the declarator.
        const outer = `${Noun}Adapter${n}`;
        const methods = Array.from({ length: rng.int(2, 5) }, (_, m) => `${rng.pick(VERBS)}${m}`);
        for (const m of methods) paths.push([outer, m]);
        unit = `export const ${outer} = class extends Base${Noun} {\n${methods.map((m) => `  ${m}(input: ${Noun}Input): ${Noun}Result {\n${tsBody(rng, 4, rng.int(2, 6))}\n  }\n`).join('\n')}};\n`;
        break;
      }
      case 4: {
        // A function with helpers inside: `outer > inner`.
        const outer = `build${Noun}${n}`;
        const inners = Array.from({ length: rng.int(1, 3) }, (_, m) => `${rng.pick(VERBS)}Step${m}`);
        paths.push([outer]);
        for (const inner of inners) paths.push([outer, inner]);
        unit = `export function ${outer}(context: Context): (input: ${Noun}Input) => ${Noun}Result {\n${inners.map((inner) => `  function ${inner}(value: number): number {\n${tsBody(rng, 4, rng.int(2, 5))}\n  }\n`).join('')}  return (input) => ${inners[0]}(input.size) as unknown as ${Noun}Result;\n}\n`;
        break;
      }
      default: {
        const name = `${noun}Handler${n}`;
        paths.push([name]);
        unit = `export const ${name} = async (ctx: Context, input: ${Noun}Input): Promise<${Noun}Result> => {\n${tsBody(rng, 2, rng.int(3, 8))}\n};\n\nexport interface ${Noun}Shape${n} {\n  readonly id: string;\n  readonly ${noun}?: number;\n}\n`;
        paths.push([`${Noun}Shape${n}`]);
      }
    }
    parts.push(unit);
    size += unit.length + 1;
  }
  return { text: parts.join('\n'), paths };
}

function tsBody(rng: Rng, indent: number, statements: number): string {
  const pad = ' '.repeat(indent);
  const lines: string[] = [`${pad}let total = 0;`];
  for (let s = 0; s < statements; s++) {
    const k = rng.int(1, 999);
    const noun = rng.pick(NOUNS);
    switch (rng.int(0, 5)) {
      case 0:
        lines.push(`${pad}for (const [key, value] of Object.entries(input ?? {})) {`, `${pad}  if (key.startsWith('${noun}')) total += Number(value) * ${k};`, `${pad}}`);
        break;
      case 1:
        lines.push(`${pad}// keep the ${noun} bounded: callers rely on it`, `${pad}const ${noun}${s} = Math.min(total, ${k}) ?? ${k % 7};`);
        break;
      case 2:
        lines.push(`${pad}switch (typeof input) {`, `${pad}  case 'object':`, `${pad}    total += ${k};`, `${pad}    break;`, `${pad}  default:`, `${pad}    total -= ${k % 13};`, `${pad}}`);
        break;
      case 3:
        lines.push(`${pad}try {`, `${pad}  total += retry(() => ${k}, { attempts: ${k % 5} });`, `${pad}} catch (error) {`, `${pad}  throw new Error(\`${noun} failed after \${total}: \${String(error)}\`);`, `${pad}}`);
        break;
      case 4:
        lines.push(`${pad}const ${noun}Hash${s} = createHash('sha256').update(String(total)).digest('hex').slice(0, ${k % 40});`, `${pad}assert(${noun}Hash${s}.length >= 0, "${noun} hash");`);
        break;
      default:
        lines.push(`${pad}total = [${k}, ${k + 1}, ${k + 2}].map((x) => x * total).reduce((a, b) => a + b, 0);`);
    }
  }
  lines.push(`${pad}return { total } as never;`);
  return lines.join('\n');
}

/** A Python module of about `bytes` bytes and the anchor paths of its symbols. */
function pyModule(rng: Rng, bytes: number): { text: string; paths: string[][] } {
  const parts = ['"""Engine module."""\nfrom __future__ import annotations\n\nimport functools\nfrom typing import Any, Iterable\n\nfrom .base import Base, retry\n'];
  const paths: string[][] = [];
  let size = parts[0]!.length;
  for (let n = 0; size < bytes; n++) {
    const noun = rng.pick(NOUNS);
    const Noun = noun[0]!.toUpperCase() + noun.slice(1);
    let unit: string;
    switch (rng.int(0, 4)) {
      case 0:
      case 1: {
        const name = `${rng.pick(VERBS)}_${noun}_${n}`;
        paths.push([name]);
        unit = `${rng.next() < 0.3 ? '@functools.lru_cache(maxsize=128)\n' : ''}def ${name}(items: Iterable[Any], limit: int = ${rng.int(2, 64)}) -> int:\n    """Keep the ${noun} consistent."""\n${pyBody(rng, 4, rng.int(4, 12))}\n`;
        break;
      }
      case 2:
      case 3: {
        // A class with a nested class: `Outer > Inner > method`.
        const cls = `${Noun}Manager${n}`;
        const inner = `${Noun}State`;
        const methods = Array.from({ length: rng.int(3, 7) }, (_, m) => `${rng.pick(VERBS)}_${m}`);
        const innerMethods = Array.from({ length: rng.int(1, 3) }, (_, m) => `${rng.pick(VERBS)}_state_${m}`);
        paths.push([cls]);
        for (const m of methods) paths.push([cls, m]);
        for (const m of innerMethods) paths.push([cls, inner, m]);
        const method = (m: string, depth: number): string => {
          const pad = ' '.repeat(depth);
          const deco = rng.next() < 0.2 ? `${pad}@retry(times=${rng.int(1, 5)})\n` : '';
          return `${deco}${pad}${rng.next() < 0.2 ? 'async ' : ''}def ${m}(self, items: Iterable[Any], limit: int = 8) -> int:\n${pyBody(rng, depth + 4, rng.int(3, 9))}\n`;
        };
        unit =
          `class ${cls}(Base):\n    """Manages ${noun}s."""\n\n    limit: int = ${rng.int(1, 100)}\n\n    class ${inner}:\n        __slots__ = ("value",)\n\n` +
          innerMethods.map((m) => method(m, 8)).join('\n') +
          '\n' +
          methods.map((m) => method(m, 4)).join('\n');
        break;
      }
      default: {
        const name = `${noun.toUpperCase()}_TABLE_${n}`;
        paths.push([name]);
        unit = `${name} = {\n${Array.from({ length: rng.int(3, 10) }, (_, k) => `    "${rng.pick(NOUNS)}_${k}": (${rng.int(0, 999)}, f"{__name__}.${noun}"),`).join('\n')}\n}\n`;
      }
    }
    parts.push(unit);
    size += unit.length + 1;
  }
  return { text: parts.join('\n'), paths };
}

function pyBody(rng: Rng, indent: number, statements: number): string {
  const pad = ' '.repeat(indent);
  const lines: string[] = [`${pad}total = 0`];
  for (let s = 0; s < statements; s++) {
    const k = rng.int(1, 999);
    const noun = rng.pick(NOUNS);
    switch (rng.int(0, 5)) {
      case 0:
        lines.push(`${pad}for index, item in enumerate(items):`, `${pad}    if index > limit:`, `${pad}        break`, `${pad}    total += hash(item) % ${k}`);
        break;
      case 1:
        lines.push(`${pad}# keep the ${noun} bounded: callers rely on it`, `${pad}${noun}_{s} = min(total, ${k}) or ${k % 7}`.replace('{s}', String(s)));
        break;
      case 2:
        lines.push(`${pad}try:`, `${pad}    total += int("${k}")`, `${pad}except ValueError as error:`, `${pad}    raise RuntimeError(f"${noun} failed after {total}: {error!r}") from error`);
        break;
      case 3:
        lines.push(`${pad}values = [x * ${k} for x in range(limit) if x % ${(k % 5) + 2} == 0]`, `${pad}total += sum(values)`);
        break;
      case 4:
        lines.push(`${pad}with open(__file__, "rb") as handle:`, `${pad}    total += len(handle.read(${k}))`);
        break;
      default:
        lines.push(`${pad}total = {"${noun}": total, "k": ${k}}.get("${noun}", 0) + ${k % 11}`);
    }
  }
  lines.push(`${pad}return total`);
  return lines.join('\n');
}
