import { type Divergence, comparePosixPaths } from '@driftgate/surf';

/**
 * Reading order of a triage session: changed claims by magnitude (large, medium, small, then
 * changed without a magnitude), then unresolvable, unverified and referenced_stale. Within a rank
 * by hub path, then by display `at:`; equal keys keep check's order (the sort is stable).
 */
export function orderDivergences(divergences: readonly Divergence[]): Divergence[] {
  return [...divergences].sort(
    (a, b) => rankOf(a) - rankOf(b) || comparePosixPaths(a.hub, b.hub) || compareText(a.at, b.at),
  );
}

/** 0 (read first) … 6 (read last); see {@link orderDivergences}. */
export function rankOf(d: Pick<Divergence, 'kind' | 'magnitude'>): number {
  switch (d.kind) {
    case 'changed':
      return d.magnitude === 'large' ? 0 : d.magnitude === 'medium' ? 1 : d.magnitude === 'small' ? 2 : 3;
    case 'unresolvable':
      return 4;
    case 'unverified':
      return 5;
    case 'referenced_stale':
      return 6;
  }
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
