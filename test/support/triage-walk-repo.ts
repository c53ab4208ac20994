import { loadWorkspace, runVerify } from '@driftgate/surf';
import { type TempRepo, createTempRepo } from './temp-repo.js';

// A repository with divergences of every kind the triage walk meets, in TypeScript, Python and Go:
// a one-token change, rewritten bodies, a top-level rename (followable), a method rename and a
// deleted function (not followable), a moved file (followable: git sees the move) and escape bytes
// in a string.

const ESC = '\u001b';

const SHOP = `export function tax(x: number): number {
  return x * 0.2;
}

export function total(items: number[]): number {
  let sum = 0;
  for (const item of items) sum += item;
  return sum;
}

export function formatPrice(cents: number): string {
  return (cents / 100).toFixed(2);
}

export class Cart {
  add(item: number): number {
    return item + 1;
  }
}

export function banner(): string {
  return 'plain';
}
`;

const SHOP_NOW = SHOP.replace('x * 0.2', 'x * 0.25')
  .replace('  let sum = 0;\n  for (const item of items) sum += item;\n  return sum;', '  const kept = items.filter((x) => x > 0).map((x) => x * 2);\n  return kept.reduce((a, b) => a + b, 0) / Math.max(1, kept.length);')
  .replace('export function formatPrice(', 'export function renderPrice(')
  .replace('  add(item: number)', '  push(item: number)')
  .replace("return 'plain';", `return '${ESC}[2J${ESC}]0;owned${ESC}\\\\plain';`);

const UTIL = `def parse(text):
    return text.strip()


def legacy(value):
    return value * 3
`;

const UTIL_NOW = `def parse(text):
    parts = [p for p in text.split(",") if p]
    return {k: v for k, v in (p.split("=") for p in parts)}
`;

const CALC = `package calc

func Add(a int, b int) int {
\treturn a + b
}
`;

const MOVED = `package calc

func Scale(a int) int {
\treturn a * 10
}
`;

const hub = (summary: string, claims: ReadonlyArray<readonly [string, string]>) =>
  ['---', `summary: ${summary}`, 'anchors:', ...claims.flatMap(([claim, at]) => [`  - claim: ${claim}`, `    at: ${at}`]), '---', `# ${summary}`, ''].join('\n');

/** Claims of the walk repository, by the name the tests use. */
export const WALK_CLAIMS = {
  tax: ['tax is a fifth of the price', 'src/shop.ts > tax'],
  total: ['total sums the items', 'src/shop.ts > total'],
  formatPrice: ['prices show two decimals', 'src/shop.ts > formatPrice'],
  add: ['adding to the cart counts up', 'src/shop.ts > Cart > add'],
  banner: ['the banner is plain text', 'src/shop.ts > banner'],
  parse: ['parse trims its input', 'py/util.py > parse'],
  legacy: ['legacy triples', 'py/util.py > legacy'],
  add_go: ['Add adds', 'go/calc.go > Add'],
  scale: ['Scale multiplies by ten', 'go/scale.go > Scale'],
} as const satisfies Record<string, readonly [string, string]>;

/**
 * Nine claims in three hubs, stamped and committed, then the working tree changed (the moved Go
 * file staged with `git mv`, so git's rename detection sees it, as `surf verify --follow` needs).
 */
export async function triageWalkRepo(): Promise<TempRepo> {
  const c = WALK_CLAIMS;
  const repo = createTempRepo({
    'surf.toml': '',
    'src/shop.ts': SHOP,
    'py/util.py': UTIL,
    'go/calc.go': CALC,
    'go/scale.go': MOVED,
    'hubs/shop.md': hub('Shop', [c.tax, c.total, c.formatPrice, c.add, c.banner]),
    'hubs/util.md': hub('Util', [c.parse, c.legacy]),
    'hubs/calc.md': hub('Calc', [c.add_go, c.scale]),
  });
  try {
    const clock = { now: () => new Date('2026-01-02T03:04:05Z'), nowNs: () => 1_767_323_045_000_000_000n };
    await runVerify(await loadWorkspace(repo.dir), { clock });
    repo.commit('stamp');
    repo.write({ 'src/shop.ts': SHOP_NOW, 'py/util.py': UTIL_NOW, 'go/calc.go': CALC.replace('a + b', 'a - b') });
    repo.git('mv', 'go/scale.go', 'go/scaling.go');
    return repo;
  } catch (error) {
    repo.dispose();
    throw error;
  }
}
