import { combineSiteHashes, formatStamp, hashSite, parseFile, type ParsedFile, type Recipe } from '@driftgate/surf';
import { createRng, type Rng } from '../rng.js';
import type { SyntheticFile } from '../synthetic-repo.js';

/** Shape of the `surf` workload at scale 1 (the issue's numbers). */
export const SURF_WORKLOAD = {
  files: 300,
  claims: 1_000,
  totalBytes: 6_000_000,
  hubs: 50,
  /** Share of claims with two sites in different files. */
  multiSiteShare: 0.1,
} as const;

export type Lang = 'ts' | 'py' | 'go' | 'rs';
const LANGS: readonly Lang[] = ['ts', 'py', 'go', 'rs'];

export interface Symbol {
  readonly file: string;
  /** Anchor segments, e.g. `['Store', 'load']` or `['f12_rate']`. */
  readonly path: readonly string[];
}

export interface SurfWorkload {
  readonly files: SyntheticFile[];
  /** Workspace-relative paths of the source files (what the floor parses). */
  readonly sources: string[];
  readonly sourceBytes: number;
  readonly claims: number;
}

const WORDS = ['rate', 'token', 'batch', 'queue', 'limit', 'score', 'shard', 'cache', 'merge', 'route', 'quota', 'frame', 'delta', 'epoch'];

/**
 * A seeded polyglot workspace: source files of plausible code (functions, classes/impls/methods,
 * comments, loops, conditionals, strings) in TypeScript, Python, Go and Rust, and hubs whose
 * claims anchor into them, stamped with the current recipe so `surf check` passes.
 */
export async function surfWorkload(seed: number, scale: number): Promise<SurfWorkload> {
  const rng = createRng(seed);
  const fileCount = Math.max(4, Math.round(SURF_WORKLOAD.files * scale));
  const perFile = (SURF_WORKLOAD.totalBytes * scale) / fileCount;
  const files: SyntheticFile[] = [];
  const sources: string[] = [];
  const symbols: Symbol[] = [];
  let sourceBytes = 0;
  for (let i = 0; i < fileCount; i++) {
    const lang = LANGS[i % LANGS.length]!;
    const path = `src/${lang}/pkg${i % 12}/mod${i}.${lang}`;
    const { text, paths } = sourceFile(rng, lang, perFile);
    const content = Buffer.from(text, 'utf8');
    files.push({ path, content });
    sources.push(path);
    sourceBytes += content.length;
    for (const p of paths) symbols.push({ file: path, path: p });
  }

  const claimCount = Math.max(1, Math.round(SURF_WORKLOAD.claims * scale));
  const claims: Array<{ text: string; sites: Symbol[] }> = [];
  const used = new Set<string>();
  const pickSymbol = (): Symbol => {
    for (;;) {
      const symbol = rng.pick(symbols);
      const key = `${symbol.file}>${symbol.path.join('>')}`;
      if (!used.has(key)) {
        used.add(key);
        return symbol;
      }
    }
  };
  for (let c = 0; c < claimCount; c++) {
    const sites = [pickSymbol()];
    if (rng.next() < SURF_WORKLOAD.multiSiteShare) sites.push(pickSymbol());
    claims.push({ text: `${rng.pick(WORDS)} handling keeps its ${rng.pick(WORDS)} within the ${rng.pick(WORDS)} budget (claim ${c})`, sites });
  }

  const stamps = await stampAll(files, claims);
  const hubCount = Math.max(1, Math.round(SURF_WORKLOAD.hubs * scale));
  const perHub = Math.ceil(claims.length / hubCount);
  for (let h = 0; h < hubCount; h++) {
    const slice = claims.slice(h * perHub, (h + 1) * perHub);
    if (slice.length === 0) break;
    let text = `---\nsummary: synthetic hub ${h}\nanchors:\n`;
    slice.forEach((claim, k) => {
      const sites = claim.sites.map((s) => `${s.file} > ${s.path.join(' > ')}`);
      text += `  - claim: ${claim.text}\n`;
      text += sites.length === 1 ? `    at: ${sites[0]}\n` : `    at:\n${sites.map((s) => `      - ${s}\n`).join('')}`;
      text += `    hash: ${stamps[h * perHub + k]}\n`;
    });
    text += `---\n\n# Hub ${h}\n\n${'Prose about how the pieces fit together. '.repeat(40)}\n`;
    files.push({ path: `hubs/hub${h}.md`, content: Buffer.from(text, 'utf8') });
  }
  files.push({ path: 'surf.toml', content: Buffer.from('hubs = ["hubs/*.md"]\n') });
  return { files, sources, sourceBytes, claims: claims.length };
}

/** The stamp of every claim under `recipe` (v2 by default), computed with the library (each file parsed once). */
export async function stampAll(
  files: readonly SyntheticFile[],
  claims: ReadonlyArray<{ sites: readonly Symbol[] }>,
  recipe: Recipe = 'v2',
): Promise<string[]> {
  const byFile = new Map<string, Array<{ claim: number; site: number; at: string }>>();
  claims.forEach((claim, c) =>
    claim.sites.forEach((s, k) => {
      const list = byFile.get(s.file) ?? [];
      list.push({ claim: c, site: k, at: `${s.file} > ${s.path.join(' > ')}` });
      byFile.set(s.file, list);
    }),
  );
  const digests = claims.map((c) => new Array<string>(c.sites.length));
  for (const file of files) {
    const wanted = byFile.get(file.path);
    if (!wanted) continue;
    const parsed: ParsedFile = await parseFile(file.path, file.content);
    try {
      for (const w of wanted) digests[w.claim]![w.site] = hashSite(parsed, w.at, { recipe }).digest;
    } finally {
      parsed.delete();
    }
  }
  return digests.map((d) => formatStamp(recipe, combineSiteHashes(d)));
}

/** One source file of about `bytes` bytes and the anchor paths of its symbols. */
export function sourceFile(rng: Rng, lang: Lang, bytes: number): { text: string; paths: string[][] } {
  const parts: string[] = [header(lang)];
  const paths: string[][] = [];
  let size = parts[0]!.length;
  for (let n = 0; size < bytes; n++) {
    const name = `${rng.pick(WORDS)}${n}`;
    const unit = rng.next() < 0.25 ? container(rng, lang, n, paths) : fn(rng, lang, name, paths, undefined);
    parts.push(unit);
    size += unit.length;
  }
  return { text: parts.join('\n'), paths };
}

function header(lang: Lang): string {
  switch (lang) {
    case 'ts':
      return "import { helper } from './helper.js';\n";
    case 'py':
      return 'from helper import helper\n';
    case 'go':
      return 'package pkg\n\nimport "strings"\n';
    case 'rs':
      return 'use crate::helper::helper;\n';
  }
}

/** A class (TS, Python), a Go struct with methods, or a Rust struct + impl, with 2–5 methods. */
function container(rng: Rng, lang: Lang, n: number, paths: string[][]): string {
  const type = `Store${n}`;
  const methods = Array.from({ length: rng.int(2, 5) }, (_, m) => `${rng.pick(WORDS)}M${m}`);
  switch (lang) {
    case 'ts':
      return `export class ${type} {\n  private readonly items: number[] = [];\n\n${methods.map((m) => fn(rng, lang, m, paths, type)).join('\n')}}\n`;
    case 'py':
      return `class ${type}:\n    """Holds items."""\n\n    limit: int = 10\n\n${methods.map((m) => fn(rng, lang, m, paths, type)).join('\n')}`;
    case 'go':
      return `type ${type} struct {\n\titems []int\n}\n\n${methods.map((m) => fn(rng, lang, m, paths, type)).join('\n')}`;
    case 'rs':
      return `pub struct ${type} {\n    items: Vec<i64>,\n}\n\nimpl ${type} {\n${methods.map((m) => fn(rng, lang, m, paths, type)).join('\n')}}\n`;
  }
}

/** A function or method of 4–14 statements. */
function fn(rng: Rng, lang: Lang, name: string, paths: string[][], owner: string | undefined): string {
  // Go symbols are exported (capitalized), as public Go API is.
  const goName = name[0]!.toUpperCase() + name.slice(1);
  const anchorName = lang === 'go' ? goName : name;
  paths.push(owner === undefined ? [anchorName] : [owner, anchorName]);
  const body = Array.from({ length: rng.int(4, 14) }, () => statement(rng, lang));
  switch (lang) {
    case 'ts': {
      const indent = owner === undefined ? '  ' : '    ';
      const head = owner === undefined ? `export function ${name}` : `  ${name}`;
      const close = owner === undefined ? '}' : '  }';
      return `${owner === undefined ? '' : '  '}// ${name} keeps the totals bounded.\n${head}(count: number, label: string): number {\n${indent}let total = 0;\n${body.map((s) => indentLines(s, indent)).join('\n')}\n${indent}return total;\n${close}\n`;
    }
    case 'py': {
      const indent = owner === undefined ? '    ' : '        ';
      const head = owner === undefined ? `def ${name}(count, label):` : `    def ${name}(self, count, label):`;
      return `${head}\n${indent}# ${name} keeps the totals bounded.\n${indent}total = 0\n${body.map((s) => indentLines(s, indent)).join('\n')}\n${indent}return total\n`;
    }
    case 'go': {
      const receiver = owner === undefined ? '' : `(s *${owner}) `;
      return `// ${goName} keeps the totals bounded.\nfunc ${receiver}${goName}(count int, label string) int {\n\ttotal := 0\n${body.map((s) => indentLines(s, '\t')).join('\n')}\n\treturn total\n}\n`;
    }
    case 'rs': {
      const indent = owner === undefined ? '    ' : '        ';
      const head = owner === undefined ? `pub fn ${name}` : `    pub fn ${name}`;
      const self = owner === undefined ? '' : '&self, ';
      const close = owner === undefined ? '}' : '    }';
      return `${owner === undefined ? '' : '    '}/// ${name} keeps the totals bounded.\n${head}(${self}count: i64, label: &str) -> i64 {\n${indent}let mut total = 0;\n${body.map((s) => indentLines(s, indent)).join('\n')}\n${indent}total\n${close}\n`;
    }
  }
}

function indentLines(text: string, indent: string): string {
  return text
    .split('\n')
    .map((line) => indent + line)
    .join('\n');
}

/** One statement (possibly a small block) in the language's syntax. */
function statement(rng: Rng, lang: Lang): string {
  const k = rng.int(1, 97);
  const w = rng.pick(WORDS);
  switch (rng.int(0, 4)) {
    case 0:
      return {
        ts: `for (let i = 0; i < count; i++) {\n  if (label.length > i) {\n    total += i * ${k};\n  } else {\n    total -= helper(i, "${w}");\n  }\n}`,
        py: `for i in range(count):\n    if len(label) > i:\n        total += i * ${k}\n    else:\n        total -= helper(i, "${w}")`,
        go: `for i := 0; i < count; i++ {\n\tif len(label) > i {\n\t\ttotal += i * ${k}\n\t} else {\n\t\ttotal -= helper(i, "${w}")\n\t}\n}`,
        rs: `for i in 0..count {\n    if (label.len() as i64) > i {\n        total += i * ${k};\n    } else {\n        total -= helper(i, "${w}");\n    }\n}`,
      }[lang];
    case 1:
      return {
        ts: `const ${w}Value = Math.max(total, ${k}) % (count + 1); // clamp`,
        py: `${w}_value = max(total, ${k}) % (count + 1)  # clamp`,
        go: `${w}Value := max(total, ${k}) % (count + 1) // clamp\n_ = ${w}Value`,
        rs: `let ${w}_value = total.max(${k}) % (count + 1); // clamp\nlet _ = ${w}_value;`,
      }[lang];
    case 2:
      return {
        ts: `if (label === "${w}") {\n  total = total * 2 + ${k};\n}`,
        py: `if label == "${w}":\n    total = total * 2 + ${k}`,
        go: `if strings.HasPrefix(label, "${w}") {\n\ttotal = total*2 + ${k}\n}`,
        rs: `if label == "${w}" {\n    total = total * 2 + ${k};\n}`,
      }[lang];
    case 3:
      return {
        ts: `while (total > ${k * 100}) {\n  total = Math.floor(total / 2);\n}`,
        py: `while total > ${k * 100}:\n    total = total // 2`,
        go: `for total > ${k * 100} {\n\ttotal = total / 2\n}`,
        rs: `while total > ${k * 100} {\n    total /= 2;\n}`,
      }[lang];
    default:
      return {
        ts: `total += helper(count - ${k}, label.slice(0, ${k % 7}));`,
        py: `total += helper(count - ${k}, label[:${k % 7}])`,
        go: `total += helper(count-${k}, label[:${k % 7}])`,
        rs: `total += helper(count - ${k}, &label[..${k % 7}]);`,
      }[lang];
  }
}
