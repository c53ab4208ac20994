import type { CheckResult, Divergence } from '@driftgate/surf';

/** Where {@link changedClaim} puts a claim: its hub and the symbol it anchors in each file. */
export interface SyntheticClaimPlace {
  readonly hub: string;
  readonly symbol: string;
}

/**
 * A changed claim `claim <name>` anchored at one symbol of each of `files` (lines 1–2), shaped
 * as `surf check` reports one: every site located, and a single-site claim also at its span. For
 * report tests that need many findings or exact sites, where building them from a real
 * repository would only cost time. By default the hub is `hubs/<name>.md` and the symbol `name`.
 */
export function changedClaim(name: string, files: readonly string[], place: SyntheticClaimPlace = { hub: `hubs/${name}.md`, symbol: name }): Divergence {
  const sites = files.map((file) => `${file} > ${place.symbol}`);
  const span = (file: string) => ({ file, startLine: 1, startColumn: 0, endLine: 2, endColumn: 1 });
  return {
    hub: place.hub,
    claim: `claim ${name}`,
    at: sites.join('  +  '),
    kind: 'changed',
    oldHash: '2:000000000000',
    newHash: '2:111111111111',
    prose: `claim ${name}`,
    hubLine: 4,
    sites,
    siteLocations: files.map(span),
    ...(files.length === 1 ? { location: span(files[0]!) } : {}),
  };
}

/** Claim `n` of hub `hubs/h<n>.md`, at `f` in `src/f<n>-<i>.ts` for each of its `sites`. */
export function changedDivergence(n: number, sites: number): Divergence {
  return changedClaim(String(n), Array.from({ length: sites }, (_, i) => `src/f${n}-${i}.ts`), { hub: `hubs/h${n}.md`, symbol: 'f' });
}

/** A `surf check` result holding exactly `divergences`, over one hub. */
export function checkResultOf(divergences: Divergence[]): CheckResult {
  return {
    divergences,
    checked: divergences.flatMap((d) => (d.kind === 'referenced_stale' || d.hubLine === undefined ? [] : [{ hub: d.hub, at: d.at, hubLine: d.hubLine }])),
    historyBase: 'HEAD',
    passed: divergences.length === 0,
    stats: { hubs: 1, malformedHubs: 0, claims: divergences.length, clean: 0, v1Clean: 0, files: 1, unmatchedGlobs: [], globsGiven: false, scopedByBase: false, baseUnavailable: false },
  };
}
