import type { Facet } from '../config/config-types.js';

/** Issue prefixes that mean verification could not be trusted at all: exit 2. */
export const SAFETY_PREFIXES: readonly string[] = [
  'Config root',
  'LOCKFILE',
  'Custom provider loading failed',
  'Config invalid',
  'Config unavailable',
  'Verification error',
  'Unknown verification facet',
  'Unknown verification component',
  'CURRENT DIGEST ERROR',
  'LOCKED DIGEST ERROR',
  'UNAVAILABLE FACET',
  'DIAGNOSTICS TRUNCATED',
];

const FACET_ISSUE = /^(?:MISMATCH|SLICE MISMATCH|UNAVAILABLE FACET) .+\.(exact|behavior|boundary|compat):/s;

/** The facet a drift issue is about (`MISMATCH a.boundary: …` → boundary), or null. */
export function issueFacet(issue: string): Facet | null {
  return (FACET_ISSUE.exec(issue)?.[1] as Facet | undefined) ?? null;
}

/** True for an issue of the exit-2 class. */
export function isSafetyIssue(issue: string): boolean {
  return SAFETY_PREFIXES.some((prefix) => issue.startsWith(prefix));
}

/** Graded exit code of verify's issues: 0 none, 2 safety, else 5 compat, 4 boundary, 3 behavior, 1 anything else. */
export function driftExitCode(issues: readonly string[]): 0 | 1 | 2 | 3 | 4 | 5 {
  if (issues.length === 0) return 0;
  if (issues.some(isSafetyIssue)) return 2;
  const facets = new Set(issues.map(issueFacet));
  if (facets.has('compat')) return 5;
  if (facets.has('boundary')) return 4;
  if (facets.has('behavior')) return 3;
  return 1;
}

const SEVERITY: Record<Facet, number> = { exact: 1, behavior: 3, boundary: 4, compat: 5 };

/**
 * `--fail-fast` report: the first safety issue if there is one, else the first issue of the
 * highest severity (compat 5, boundary 4, behavior 3, anything else 1). Everything was still
 * evaluated, so the exit code is the same as without it.
 */
export function failFastIssues(issues: readonly string[]): string[] {
  if (issues.length === 0) return [];
  const safety = issues.find(isSafetyIssue);
  if (safety !== undefined) return [safety];
  let best = issues[0];
  let bestSeverity = 0;
  for (const issue of issues) {
    const facet = issueFacet(issue);
    const severity = facet === null ? 1 : SEVERITY[facet];
    if (severity > bestSeverity) {
      best = issue;
      bestSeverity = severity;
    }
  }
  return [best];
}

/** Sentinel that replaces the tail of an over-long diagnostics list. */
export const DIAGNOSTICS_TRUNCATED =
  "DIAGNOSTICS TRUNCATED: additional diagnostics were omitted after the bounded count or UTF-8 byte budget was reached; truncation never changes the operation's pass/fail result.";
/** Most diagnostics reported, the sentinel included. */
export const MAX_DIAGNOSTIC_ITEMS = 256;
/** Most UTF-8 bytes of all reported diagnostics. */
export const MAX_DIAGNOSTIC_BYTES = 256 * 1024;
/** Longest single diagnostic, in characters and in UTF-8 bytes. */
export const MAX_DIAGNOSTIC_ITEM_CHARS = 4 * 1024;
export const MAX_DIAGNOSTIC_ITEM_BYTES = 8 * 1024;

function boundItem(text: string): string {
  let out = text.length > MAX_DIAGNOSTIC_ITEM_CHARS ? `${text.slice(0, MAX_DIAGNOSTIC_ITEM_CHARS - 3)}...` : text;
  if (Buffer.byteLength(out, 'utf8') > MAX_DIAGNOSTIC_ITEM_BYTES) {
    const suffix = '...[diagnostic truncated]';
    const bytes = Buffer.from(out, 'utf8').subarray(0, MAX_DIAGNOSTIC_ITEM_BYTES - suffix.length);
    out = bytes.toString('utf8').replace(/\uFFFD+$/, '') + suffix;
  }
  return out;
}

/**
 * Bounds a diagnostics list for reporting: each item to 4 KiB characters / 8 KiB bytes, the list
 * to 256 items and 256 KiB, the cut marked by {@link DIAGNOSTICS_TRUNCATED}. Exit codes are
 * computed before bounding, so truncation never changes the result.
 */
export function boundDiagnostics(items: readonly string[]): string[] {
  const bounded = items.map(boundItem);
  const sizes = bounded.map((item) => Buffer.byteLength(item, 'utf8'));
  if (bounded.length <= MAX_DIAGNOSTIC_ITEMS && sizes.reduce((sum, size) => sum + size, 0) <= MAX_DIAGNOSTIC_BYTES) return bounded;
  const sentinelBytes = Buffer.byteLength(DIAGNOSTICS_TRUNCATED, 'utf8');
  const out: string[] = [];
  let bytes = 0;
  for (const [index, item] of bounded.entries()) {
    if (out.length >= MAX_DIAGNOSTIC_ITEMS - 1 || bytes + sizes[index] + sentinelBytes > MAX_DIAGNOSTIC_BYTES) break;
    out.push(item);
    bytes += sizes[index];
  }
  out.push(DIAGNOSTICS_TRUNCATED);
  return out;
}

/** The short form of a digest in drift messages: 12 hex characters and `...`, or `none`. */
export function shortDigest(digest: string | null | undefined): string {
  return digest === null || digest === undefined ? 'none' : `${digest.slice(0, 12)}...`;
}
