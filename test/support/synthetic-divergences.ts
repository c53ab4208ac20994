import type { Divergence } from '@driftgate/surf';

/**
 * A changed claim `n` with `sites` code sites (`src/f<n>-<i>.ts`, lines 1–2), shaped as
 * `surf check` reports one: every site located, and a single-site claim also at its span. For
 * tests of the limits of a report, where thousands of findings from a real repository would only
 * cost time.
 */
export function changedDivergence(n: number, sites: number): Divergence {
  const at = Array.from({ length: sites }, (_, i) => `src/f${n}-${i}.ts > f`);
  return {
    hub: `hubs/h${n}.md`,
    claim: `claim ${n}`,
    at: at.join('  +  '),
    kind: 'changed',
    oldHash: '2:000000000000',
    newHash: '2:111111111111',
    prose: `claim ${n}`,
    hubLine: 4,
    sites: at,
    siteLocations: at.map((_, i) => ({ file: `src/f${n}-${i}.ts`, startLine: 1, startColumn: 0, endLine: 2, endColumn: 1 })),
    ...(sites === 1 ? { location: { file: `src/f${n}-0.ts`, startLine: 1, startColumn: 0, endLine: 2, endColumn: 1 } } : {}),
  };
}
