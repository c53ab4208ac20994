import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadLanguages, parseSourceSync, requireLang } from '@driftgate/surf';
import { discoverCorpora } from '../mutation/corpus.js';
import { campaignSeed } from '../mutation/mutation-benchmark.js';
import { type CoverageResult, formatCoverageReport, runCoverageCampaign } from './coverage-campaign.js';
import { publicItems } from './public-items.js';

const workspaceRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const seed = campaignSeed();

describe('coverage campaign on real code (small sample)', () => {
  let results: CoverageResult[] = [];

  beforeAll(async () => {
    for (const corpus of discoverCorpora(workspaceRoot)) results.push(await runCoverageCampaign(corpus, { seed, filesPerLanguage: 15 }));
  }, 120_000);

  it('changes the meaning of no anchor the reference resolves uniquely (compatibility differential)', () => {
    for (const r of results) expect(r.moved, `${r.corpus}: anchors that changed meaning`).toEqual([]);
    const python = results.find((r) => r.corpus === 'python');
    expect(python?.referenceUnique ?? 0, 'the Python standard library is always installed').toBeGreaterThan(50);
  });

  it('resolves at least 99 % of the public items that are not ambiguous by design, in every language', () => {
    const report = formatCoverageReport(results, seed);
    for (const r of results.filter((x) => x.installed && x.items > 0)) {
      expect(r.after.unique / (r.items - r.after.byDesign), `${r.corpus}\n${report}`).toBeGreaterThanOrEqual(0.99);
    }
  });

  it('suggest offers at least 99 % of what resolves, in every language', () => {
    const report = formatCoverageReport(results, seed);
    for (const r of results.filter((x) => x.installed && x.items > 0)) {
      expect(r.offered / (r.after.unique + r.after.byDesign), `${r.corpus}\n${report}`).toBeGreaterThanOrEqual(0.99);
    }
  });

  it('shows a corpus that is absent as not installed', async () => {
    const absent = await runCoverageCampaign({ name: 'rust', installed: false, source: 'Rust standard library', files: [] }, { seed, filesPerLanguage: 5 });
    expect(formatCoverageReport([absent], seed)).toMatch(/^rust\s+not installed/m);
  });
});

describe('the public-item enumerator', () => {
  beforeAll(async () => {
    await loadLanguages();
  });

  const paths = (file: string, text: string): string[] => {
    const parsed = parseSourceSync(text, requireLang(file), file);
    try {
      return publicItems(parsed).map((i) => i.path.join(' > '));
    } finally {
      parsed.delete();
    }
  };

  it('names Rust items through impls and traits, and skips what is private', () => {
    const rust = `pub struct P<'a>(&'a str);
impl<'a> P<'a> { pub fn parse(&self) {} fn private(&self) {} }
pub trait Shape { fn area(&self) -> f64; }
impl Shape for P<'_> { fn area(&self) -> f64 { 1.0 } }
fn hidden() {}
`;
    expect(paths('a.rs', rust)).toEqual(['P', 'P > parse', 'Shape', 'Shape > area', 'P > area']);
  });

  it('names exported TypeScript members and CommonJS exports', () => {
    expect(paths('a.ts', 'export class A { x = 1; private y = 2; m() {} }\nclass B { z = 1; }\n')).toEqual(['A', 'A > x', 'A > m']);
    expect(paths('a.js', 'exports.f = 1;\n;(function () { function g() {} }());\n')).toEqual(['f', 'g']);
  });

  it('names Python targets and Go members, leaving private and local ones out', () => {
    expect(paths('a.py', 'A, _b = 1, 2\nclass C:\n    x, y = 1, 2\n    def _p(self): pass\n')).toEqual(['A', 'C', 'C > x', 'C > y']);
    expect(paths('a.go', 'package a\ntype I interface { M() }\ntype s struct { X int }\nfunc F() { type L struct { Y int } }\n')).toEqual(['I', 'I > M', 'F']);
  });
});
